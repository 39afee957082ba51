"""`PdfFetcher`: full-text files, verified, stored atomically, never fetched twice unchanged.

`looks_like_pdf` is the core check: ``%PDF-`` within the first KiB, whatever the
Content-Type says (servers label HTML as PDF, openalex-official #9). The fetcher
is shell: it streams through `PoliteSession` at the file interval, caps the size
while streaming, hashes, fsyncs and renames, and records outcomes in the
`StateStore` (ETag and Last-Modified for conditional requests next time; a
retry-later mark with reason and not-before when the file cannot be had now).
"""

from __future__ import annotations

import datetime as _dt
import hashlib
import os
import re
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any, Literal

import attrs
import requests

from politeharvest._files import fsync_dir, temp_beside
from politeharvest.exceptions import (
    Deferred,
    FetchError,
    PolicyRefusal,
    ResponseTooLarge,
    TransportError,
)
from politeharvest.net._rights import Reservation
from politeharvest.net._session import PoliteSession
from politeharvest.store._state import StateStore, UrlOutcome

from ._identity import Identity, RecordHints, identify
from ._outcome import (
    DOWNLOADED,
    NOT_PDF,
    RESERVED,
    UNCHANGED,
    UNCONFIRMED,
    VERIFIED,
    WRONG_FILE,
    FileStatus,
    Outcome,
    error_outcome,
    status_outcome,
)

__all__ = [
    "FileResult",
    "PdfFetcher",
    "Requirement",
    "identity_of",
    "looks_like_pdf",
    "refusal_status",
    "safe_filename",
]

#: What a file must show to be kept: not another record's (``"not-mismatch"``), or
#: positively this record's (``"matched"``: for weak candidates and second probes).
Requirement = Literal["not-mismatch", "matched"]

_DATASET_MAGIC = {
    "zip": (b"PK\x03\x04",),
    "gzip": (b"\x1f\x8b",),
}


def read_head(chunks: Iterable[bytes], size: int = 1024) -> bytes:
    """The first `size` bytes (or a little more) of a streamed body; the rest stays unread."""
    head = b""
    for chunk in chunks:
        head += chunk
        if len(head) >= size:
            break
    return head


def looks_like_pdf(head: bytes) -> bool:
    """True when ``%PDF-`` appears within the first KiB (some files carry a short preamble)."""
    return b"%PDF-" in head[:1024]


def _file_kind(head: bytes, content_type: str, file_types: tuple[str, ...]) -> str | None:
    if looks_like_pdf(head):
        return "pdf" if "pdf" in file_types else None
    for kind, magics in _DATASET_MAGIC.items():
        if kind in file_types and any(head.startswith(m) for m in magics):
            return kind
    if "csv" in file_types and "csv" in content_type:
        return "csv"
    return None


def safe_filename(key: str, suffix: str = ".pdf") -> str:
    """A file name from any identifier: no path traversal, no odd characters, unique.

    ``oai:repo.org:article/123`` gives ``oai_repo.org_article_123-<8 hex>.pdf``.
    """
    stem = re.sub(r"[^A-Za-z0-9._-]+|\.{2,}", "_", key).strip("._-")[:120] or "file"
    digest = hashlib.sha256(key.encode("utf-8")).hexdigest()[:8]
    return f"{stem}-{digest}{suffix}"


@attrs.frozen
class FileResult:
    """What happened to one full-text file.

    Attributes:
        url: the URL asked for.
        key: the caller's identifier (a record identifier).
        status: ``"downloaded"``, ``"unchanged"`` (a 304: nothing transferred), ``"verified"``
            (a probe saw ``%PDF-`` and stored nothing), ``"not-pdf"``,
            ``"too-large"``, ``"retry-later"``, ``"failed"``, ``"blocked"``, ``"disallowed"``,
            ``"reserved"`` (its rights holder reserves mining: not requested or not read),
            ``"wrong-file"`` (its text names another document: not stored), ``"unconfirmed"``
            (a weak candidate whose text could not be matched to the record: not stored).
        retriable: worth trying again later.
        reason: what happened, in a sentence.
        final_url: the address that answered, after redirects.
        path: where the file is stored.
        sha256: the file's digest.
        size: its size in bytes.
        kind: ``"pdf"`` (or a dataset type asked for).
        content_type: what the server said it was.
        not_before: for retry-later, the earliest moment to try again.
        head: the first bytes received (to tell an HTML page from a file).
        identity: whether the file is the record's own (`Identity`), for PDFs.
    """

    url: str
    key: str
    status: FileStatus
    retriable: bool = False
    reason: str = ""
    final_url: str | None = None
    path: Path | None = None
    sha256: str | None = None
    size: int = 0
    kind: str | None = None
    content_type: str = ""
    not_before: _dt.datetime | None = None
    head: bytes = attrs.field(default=b"", repr=False)
    identity: Identity | None = None

    @property
    def ok(self) -> bool:
        """True when the file is a file: stored (downloaded, unchanged) or verified by a probe."""
        return self.status in (DOWNLOADED, UNCHANGED, VERIFIED)


@attrs.define
class PdfFetcher:
    """Downloads full-text files politely and stores them atomically.

    Attributes:
        session: the PoliteSession (files are requested with ``kind="file"``).
        directory: where files are stored (created if missing).
        state: where outcomes, ETags and retry-later marks are kept (None: nowhere).
        file_types: what counts as a file: ``"pdf"``, and optionally ``"zip"``, ``"gzip"``,
            ``"csv"`` for datasets.
        max_bytes: the size cap (default: the policy's `max_file_bytes`).
    """

    session: PoliteSession
    directory: Path = attrs.field(converter=Path)
    state: StateStore | None = None
    file_types: tuple[str, ...] = ("pdf",)
    max_bytes: int | None = None

    def fetch(
        self,
        url: str,
        key: str,
        *,
        hints: RecordHints | None = None,
        require: Requirement = "not-mismatch",
        reserved: Reservation | None = None,
    ) -> FileResult:
        """Fetch `url` as the file of `key`: conditional when known, verified, atomic.

        `reserved`: a rights signal found before the request (the landing page's): the file
        is then not requested (``"reserved"``, with its evidence).

        A PDF's first pages are compared with `hints` (the record) before it is stored:
        a file whose text names another document is never stored (``"wrong-file"``),
        and with ``require="matched"`` neither is one that cannot be matched
        (``"unconfirmed"``).

        Never raises for the server's or the network's failures: they come back as a
        `FileResult` with a status, a reason and a retriable flag (and, where it
        applies, a retry-later mark in the state store).
        """
        if reserved is not None:
            refused = self.session.refuse_reserved(url, reserved)
            return self._record(FileResult(url, key, RESERVED, False, str(refused)))
        prior = self.state.url_outcome(url) if self.state is not None else None
        known = prior if prior is not None and prior.status == DOWNLOADED else None
        known_path = Path(str(known.extra["path"])) if known and known.extra.get("path") else None
        headers: dict[str, str] = {}
        if known is not None and known_path is not None and known_path.exists():
            # A conditional request: an unchanged file costs a 304 and no body (RFC 9110 13.1).
            if known.etag:
                headers["If-None-Match"] = known.etag
            if known.last_modified:
                headers["If-Modified-Since"] = known.last_modified
        try:
            response = self.session.get(url, kind="file", stream=True, headers=headers)
        except (Deferred, PolicyRefusal, FetchError) as exc:  # what each means: _outcome.py
            return self._failed(url, key, error_outcome(exc))
        with response:
            final = str(response.url)
            content_type = response.headers.get("Content-Type", "")
            if response.status_code == 304 and known is not None and known_path is not None:
                stored_identity = _identity_from(known.extra)
                refusal = refusal_status(stored_identity, require)
                if refusal is not None:
                    return FileResult(
                        url=url,
                        key=key,
                        status=refusal,
                        reason=_refusal_reason(stored_identity),
                        final_url=final,
                        identity=stored_identity,
                    )
                unchanged = FileResult(
                    url=url,
                    key=key,
                    status=UNCHANGED,
                    reason="not modified since the last download (304)",
                    final_url=final,
                    path=known_path,
                    sha256=str(known.extra.get("sha256")),
                    size=int(known.extra.get("size") or 0),
                    kind=str(known.extra.get("kind") or "pdf"),
                    content_type=content_type,
                    identity=stored_identity,
                )
                return self._record(unchanged, etag=known.etag, last_modified=known.last_modified)
            outcome = status_outcome(response.status_code)
            if outcome is not None:
                return self._failed(url, key, outcome, final_url=final, content_type=content_type)
            return self._store(response, url, key, final, content_type, hints, require)

    def save(
        self,
        url: str,
        key: str,
        data: bytes,
        *,
        final_url: str,
        content_type: str = "",
        etag: str | None = None,
        last_modified: str | None = None,
        hints: RecordHints | None = None,
        require: Requirement = "not-mismatch",
    ) -> FileResult:
        """Store a file already in memory (see `save_stream` for one still arriving)."""
        return self.save_stream(
            url,
            key,
            data,
            (),
            final_url=final_url,
            content_type=content_type,
            etag=etag,
            last_modified=last_modified,
            hints=hints,
            require=require,
        )

    def save_stream(
        self,
        url: str,
        key: str,
        head: bytes,
        rest: Iterable[bytes],
        *,
        final_url: str,
        content_type: str = "",
        etag: str | None = None,
        last_modified: str | None = None,
        hints: RecordHints | None = None,
        require: Requirement = "not-mismatch",
    ) -> FileResult:
        """Store a file whose body is being streamed (a landing URL that answered with it).

        The body goes to a temporary file as it arrives: never held in memory.
        """
        kind = _file_kind(head[:1024], content_type.lower(), self.file_types)
        if kind is None:
            not_a_file = FileResult(
                url=url,
                key=key,
                status=NOT_PDF,
                reason="not a file",
                final_url=final_url,
                head=head[:4096],
            )
            return self._record(not_a_file)
        try:
            return self._keep(
                head,
                rest,
                url,
                key,
                final_url,
                content_type,
                kind,
                hints,
                require,
                etag,
                last_modified,
            )
        except (ResponseTooLarge, TransportError) as exc:
            return self._failed(
                url, key, error_outcome(exc, reading_body=True), final_url=final_url
            )

    # -- internals -------------------------------------------------------------------------

    def _store(
        self,
        response: requests.Response,
        url: str,
        key: str,
        final: str,
        content_type: str,
        hints: RecordHints | None,
        require: Requirement,
    ) -> FileResult:
        """Stream the body: check its first KiB, then write, hash, fsync and rename."""
        cap = self.max_bytes if self.max_bytes is not None else self.session.policy.max_file_bytes
        chunks = self.session.iter_body(response, limit=cap)
        try:
            head = read_head(chunks)
            kind = _file_kind(head, content_type.lower(), self.file_types)
            if kind is None:
                chunks.close()  # ends the request's turn on the host; nothing more is read
                what = content_type or "an unlabelled body"
                reason = (
                    f"the server sent {what} that is not a {'/'.join(self.file_types)} file "
                    f"(first bytes {head[:16]!r})"
                )
                not_a_file = FileResult(
                    url=url,
                    key=key,
                    status=NOT_PDF,
                    reason=reason,
                    final_url=final,
                    content_type=content_type,
                    head=head[:4096],
                )
                return self._record(not_a_file)
            return self._keep(
                head,
                chunks,
                url,
                key,
                final,
                content_type,
                kind,
                hints,
                require,
                response.headers.get("ETag"),
                response.headers.get("Last-Modified"),
            )
        except (ResponseTooLarge, TransportError) as exc:
            outcome = error_outcome(exc, reading_body=True)
            return self._failed(url, key, outcome, final_url=final, content_type=content_type)

    def _keep(
        self,
        head: bytes,
        rest: Iterable[bytes],
        url: str,
        key: str,
        final: str,
        content_type: str,
        kind: str,
        hints: RecordHints | None,
        require: Requirement,
        etag: str | None,
        last_modified: str | None,
    ) -> FileResult:
        """Write to a temporary file, check the file is the record's, then store or drop it."""
        self.directory.mkdir(parents=True, exist_ok=True)
        handle, temp_name = temp_beside(self.directory, prefix=".part-")
        try:
            digest, size = _write_temp(handle, head, rest)
            identity = None
            if kind == "pdf":
                identity = identity_of(hints, temp_name)
                refusal = refusal_status(identity, require)
                if refusal is not None:
                    rejected = FileResult(
                        url=url,
                        key=key,
                        status=refusal,
                        reason=_refusal_reason(identity),
                        final_url=final,
                        content_type=content_type,
                        identity=identity,
                    )
                    return self._record(rejected)
            path = self.directory / safe_filename(key, ".pdf" if kind == "pdf" else f".{kind}")
            os.replace(temp_name, path)
            fsync_dir(self.directory)
        finally:
            if os.path.exists(temp_name):
                os.unlink(temp_name)
        stored = FileResult(
            url=url,
            key=key,
            status=DOWNLOADED,
            reason=f"{size} bytes",
            final_url=final,
            path=path,
            sha256=digest,
            size=size,
            kind=kind,
            content_type=content_type,
            identity=identity,
        )
        return self._record(stored, etag=etag, last_modified=last_modified)

    def _wall(self, seconds_from_now: float) -> _dt.datetime:
        moment = self.session.clock.now() + seconds_from_now
        return _dt.datetime.fromtimestamp(moment, tz=_dt.timezone.utc)

    def _failed(
        self,
        url: str,
        key: str,
        outcome: Outcome,
        *,
        final_url: str | None = None,
        content_type: str = "",
    ) -> FileResult:
        """Record a request that gave no file; a retriable one is marked retry-later.

        Without a moment from the error, a retry-later file is tried again in an hour.
        """
        if outcome.retriable:
            later = FileResult(
                url=url,
                key=key,
                status=outcome.status,
                retriable=True,
                reason=outcome.reason,
                final_url=final_url,
                not_before=outcome.not_before or self._wall(3600),
            )
            return self._record(later)
        failed = FileResult(
            url=url,
            key=key,
            status=outcome.status,
            reason=outcome.reason,
            final_url=final_url,
            content_type=content_type,
        )
        return self._record(failed)

    def _record(
        self, result: FileResult, *, etag: str | None = None, last_modified: str | None = None
    ) -> FileResult:
        if self.state is not None:
            extra = {
                "key": result.key,
                "final_url": result.final_url,
                "path": str(result.path) if result.path else None,
                "sha256": result.sha256,
                "size": result.size,
                "kind": result.kind,
                "identity": result.identity.to_dict() if result.identity else None,
            }
            stored = result.status in (DOWNLOADED, UNCHANGED)
            status = DOWNLOADED if stored else result.status
            not_before = result.not_before.timestamp() if result.not_before else None
            outcome = UrlOutcome(
                url=result.url,
                status=status,
                reason=result.reason,
                not_before=not_before,
                etag=etag,
                last_modified=last_modified,
                extra=extra,
            )
            self.state.set_url_outcome(outcome)
        return result


def _chain(head: bytes, rest: Iterable[bytes]) -> Iterable[bytes]:
    yield head
    yield from rest


def _write_temp(handle: int, head: bytes, rest: Iterable[bytes]) -> tuple[str, int]:
    """Stream into an open temporary file and fsync it; return its SHA-256 and size.

    A crash leaves at most a ``.part-`` file, never a half file under the real name.
    """
    digest = hashlib.sha256()
    size = 0
    with os.fdopen(handle, "wb") as out:
        for chunk in _chain(head, rest):
            out.write(chunk)
            digest.update(chunk)
            size += len(chunk)
        out.flush()
        os.fsync(out.fileno())
    return digest.hexdigest(), size


#: PDFs larger than this are not read for their text (a reader may hold all of a broken one).
MAX_TEXT_CHECK_BYTES = 32 * 2**20


def identity_of(hints: RecordHints | None, source: bytes | str) -> Identity:
    """The identity verdict for a PDF (bytes or a path) against the record's hints."""
    return identify(hints, source, max_bytes=MAX_TEXT_CHECK_BYTES)


def refusal_status(identity: Identity | None, require: Requirement) -> FileStatus | None:
    """Why a file with this identity is not kept (``wrong-file``, ``unconfirmed``), or None."""
    if identity is None:
        return None
    if identity.verdict == "mismatch":
        return WRONG_FILE
    if require == "matched" and identity.verdict != "matched":
        return UNCONFIRMED
    return None


def _refusal_reason(identity: Identity | None) -> str:
    if identity is None:
        return ""
    if identity.verdict == "mismatch":
        return f"not the record's file, not stored: {identity.evidence}"
    return (
        "weak evidence and the file could not be matched to the record, not stored: "
        f"{identity.evidence}"
    )


def _identity_from(extra: Mapping[str, Any]) -> Identity | None:
    stored = extra.get("identity")
    if isinstance(stored, Mapping) and stored.get("verdict") in (
        "matched",
        "mismatch",
        "unverifiable",
    ):
        return Identity(stored["verdict"], str(stored.get("evidence", "")))
    return None
