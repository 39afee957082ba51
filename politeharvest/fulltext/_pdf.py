"""`PdfFetcher`: full-text files, verified, stored atomically, never fetched twice unchanged.

`looks_like_pdf` is the core check: ``%PDF-`` within the first KiB, whatever the
Content-Type says (servers label HTML as PDF, openalex-official #9). The fetcher
is shell: it streams through `PoliteSession` at the file interval, caps the size
while streaming, hashes, fsyncs and renames, and records outcomes in the
`StateStore` (ETag and Last-Modified for conditional requests next time; a
retry-later mark with reason and not-before when the file cannot be had now).

Whether a file is a record's own is a fact about the pair (record, file), never about a
URL: every file reaches a record through `PdfFetcher._attach`, which judges those bytes
against that record before they are placed under its name, whether they just arrived
(200), are a copy already on disk that the server says is unchanged (304: the stored
bytes are read again and judged for *this* record), or are the same bytes another record
holds. Verdicts are kept per (record, sha256) in the ``fulltext-identity`` values
(`VERDICTS`), never per URL; what is kept per URL is only what HTTP says about it
(validators, and where a copy of its last bytes is).
"""

from __future__ import annotations

import datetime as _dt
import hashlib
import json
import os
import re
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any, Literal

import attrs
import requests

from politeharvest._files import fsync_dir, temp_beside
from politeharvest._version import __version__
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
from ._marks import PageMarks
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
    "VERDICTS",
    "FileResult",
    "PdfFetcher",
    "Requirement",
    "identity_of",
    "looks_like_pdf",
    "refusal_status",
    "safe_filename",
]

#: What a file must show to be kept: not another record's (``"not-mismatch"``), its title
#: block the record's title with nothing against it (``"titled"``: matched, or unverifiable
#: only for a short title; a page's first candidate with evidence of its own), or
#: positively this record's (``"matched"``: for weak candidates and second probes).
Requirement = Literal["not-mismatch", "titled", "matched"]

#: The state's values namespace of identity verdicts: one per (sha256, record), never per URL.
VERDICTS = "fulltext-identity"

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
            (a weak candidate whose text could not be matched to the record: not stored),
            ``"refused"`` (by the caller's own settings, not requested: `PolicyRefusal.settings`).
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
        preferences: the file's usage preferences, when its rights holder stated any
            (``train-ai``, ``ai-use``, ``search``: ``"y"``, ``"n"`` or None, and the
            ``evidence``; docs/politeness.md, `purpose`).
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
    preferences: Mapping[str, object] | None = None

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
        marks: the page's marks over `state` (a harvest holds its retry-later marks for the
            page's commit: `PageMarks`); None writes every outcome to `state` at once.
        file_types: what counts as a file: ``"pdf"``, and optionally ``"zip"``, ``"gzip"``,
            ``"csv"`` for datasets.
        max_bytes: the size cap (default: the policy's `max_file_bytes`).
    """

    session: PoliteSession
    directory: Path = attrs.field(converter=Path)
    state: StateStore | None = None
    file_types: tuple[str, ...] = ("pdf",)
    max_bytes: int | None = None
    marks: PageMarks | None = None

    def _outcome(self, url: str) -> UrlOutcome | None:
        """The URL's outcome: as this page set it (`marks`), else as the state keeps it."""
        if self.marks is not None:
            return self.marks.outcome(url)
        return self.state.url_outcome(url) if self.state is not None else None

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
        (``"unconfirmed"``). This holds for a 304 too: the copy on disk is judged against
        *this* record (another record may have stored it), and a copy that is gone or
        no longer the bytes recorded is fetched again, unconditionally.

        Never raises for the server's or the network's failures: they come back as a
        `FileResult` with a status, a reason and a retriable flag (and, where it
        applies, a retry-later mark in the state store).
        """
        owner = _Owner(key, hints, require)
        if reserved is not None:
            refused = self.session.refuse_reserved(url, reserved)
            return self._record(FileResult(url, key, RESERVED, False, str(refused)))
        prior = self._outcome(url)
        return self._fetch(url, owner, _StoredCopy.of(prior))

    def _fetch(self, url: str, owner: _Owner, copy: _StoredCopy | None) -> FileResult:
        """One request for `url`, conditional when a copy of its bytes is on disk.

        A 304 whose copy is gone or changed since it was recorded is followed by one
        unconditional request: a 304 never stands for bytes that are not there.
        """
        headers = copy.validators() if copy is not None else {}
        try:
            response = self.session.get(url, kind="file", stream=True, headers=headers)
        except (Deferred, PolicyRefusal, FetchError) as exc:  # what each means: _outcome.py
            return self._failed(url, owner, error_outcome(exc))
        with response:
            final = str(response.url)
            content_type = response.headers.get("Content-Type", "")
            kept = None
            if response.status_code == 304 and copy is not None:
                kept = self._unchanged(url, owner, copy, final, content_type)
            else:
                outcome = status_outcome(response.status_code)
                if outcome is not None:
                    return self._failed(
                        url, owner, outcome, final_url=final, content_type=content_type
                    )
                stored = self._store(response, url, final, content_type, owner)
                prefs = getattr(response, "usage_preferences", None)
                if prefs is not None and prefs.known:  # what the rights holder said of its use
                    stored = attrs.evolve(stored, preferences=prefs.to_dict())
                return stored
        return kept if kept is not None else self._fetch(url, owner, None)

    def _unchanged(
        self, url: str, owner: _Owner, copy: _StoredCopy, final: str, content_type: str
    ) -> FileResult | None:
        """A 304: the copy on disk, judged against this record like any new file.

        The copy may be another record's file (the same URL, linked from two landing
        pages): it is read again, its bytes checked against the sha256 recorded for it,
        and attached through `_attach` (copied under this record's name when it matches).
        None when the copy is gone or changed (the caller fetches unconditionally).
        """
        target = self._target(owner.key, copy.kind)
        arrival = _Arrival(
            url=url,
            final_url=final,
            source=copy.path,
            temporary=False,
            sha256=copy.sha256,
            size=copy.size,
            kind=copy.kind,
            content_type=content_type,
            etag=copy.etag,
            last_modified=copy.last_modified,
            status=UNCHANGED,
            reason="not modified since the last download (304)",
        )
        if _same_file(copy.path, target):
            if _digest_of(copy.path) != (copy.sha256, copy.size):
                return None
            return self._attach(arrival, owner)
        try:
            source = open(copy.path, "rb")  # noqa: SIM115 - closed below, before the judgement
        except OSError:
            return None
        self.directory.mkdir(parents=True, exist_ok=True)
        handle, temp_name = temp_beside(self.directory, prefix=".part-")
        try:
            with source:
                digest, size = _write_temp(handle, b"", iter(lambda: source.read(2**20), b""))
            if (digest, size) != (copy.sha256, copy.size):
                return None
            reason = (
                "not modified since the last download (304); the stored copy, "
                "judged for this record"
            )
            return self._attach(
                attrs.evolve(arrival, source=Path(temp_name), temporary=True, reason=reason),
                owner,
            )
        finally:
            if os.path.exists(temp_name):
                os.unlink(temp_name)

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
        owner = _Owner(key, hints, require)
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
                head, rest, url, final_url, content_type, kind, owner, etag, last_modified
            )
        except (ResponseTooLarge, TransportError) as exc:
            return self._failed(
                url, owner, error_outcome(exc, reading_body=True), final_url=final_url
            )

    # -- internals -------------------------------------------------------------------------

    def _store(
        self,
        response: requests.Response,
        url: str,
        final: str,
        content_type: str,
        owner: _Owner,
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
                    key=owner.key,
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
                final,
                content_type,
                kind,
                owner,
                response.headers.get("ETag"),
                response.headers.get("Last-Modified"),
            )
        except (ResponseTooLarge, TransportError) as exc:
            outcome = error_outcome(exc, reading_body=True)
            return self._failed(url, owner, outcome, final_url=final, content_type=content_type)

    def _keep(
        self,
        head: bytes,
        rest: Iterable[bytes],
        url: str,
        final: str,
        content_type: str,
        kind: str,
        owner: _Owner,
        etag: str | None,
        last_modified: str | None,
    ) -> FileResult:
        """Write the body to a temporary file, then attach it (`_attach`) or drop it."""
        self.directory.mkdir(parents=True, exist_ok=True)
        handle, temp_name = temp_beside(self.directory, prefix=".part-")
        try:
            digest, size = _write_temp(handle, head, rest)
            arrival = _Arrival(
                url=url,
                final_url=final,
                source=Path(temp_name),
                temporary=True,
                sha256=digest,
                size=size,
                kind=kind,
                content_type=content_type,
                etag=etag,
                last_modified=last_modified,
                status=DOWNLOADED,
                reason=f"{size} bytes",
            )
            return self._attach(arrival, owner)
        finally:
            if os.path.exists(temp_name):
                os.unlink(temp_name)

    def _attach(self, arrival: _Arrival, owner: _Owner) -> FileResult:
        """The one place a file becomes a record's: judged against *this* record, then placed.

        Every file a record is given passes here: a new download, a stored copy a 304
        confirms, the same bytes another record holds. A PDF is judged against the record
        it is about to be attached to (`_judge`: the verdict of this (record, sha256) pair);
        a refused file is not placed, and the URL's own facts (its validators and the copy
        of its bytes) stay as they were. A kept file is moved (a temporary file) or is
        already under the record's name. A copy under the record's own name that is now
        judged another document's (the record's DOI was corrected since) is removed: no
        record keeps another article's file on disk.
        """
        identity = None
        if arrival.kind == "pdf":
            identity = self._judge(owner, arrival.sha256, arrival.source)
            refusal = refusal_status(identity, owner.require)
            if refusal == WRONG_FILE and not arrival.temporary:
                arrival.source.unlink(missing_ok=True)
                fsync_dir(self.directory)
            if refusal is not None:
                rejected = FileResult(
                    url=arrival.url,
                    key=owner.key,
                    status=refusal,
                    reason=_refusal_reason(identity),
                    final_url=arrival.final_url,
                    content_type=arrival.content_type,
                    identity=identity,
                )
                return self._record(rejected, owner=owner)
        path = self._target(owner.key, arrival.kind)
        if arrival.temporary:
            os.replace(arrival.source, path)
            fsync_dir(self.directory)
        stored = FileResult(
            url=arrival.url,
            key=owner.key,
            status=arrival.status,
            reason=arrival.reason,
            final_url=arrival.final_url,
            path=path,
            sha256=arrival.sha256,
            size=arrival.size,
            kind=arrival.kind,
            content_type=arrival.content_type,
            identity=identity,
        )
        return self._record(stored, etag=arrival.etag, last_modified=arrival.last_modified)

    def _target(self, key: str, kind: str) -> Path:
        """Where the record's file is stored: named after the record, never after the URL."""
        return self.directory / safe_filename(key, ".pdf" if kind == "pdf" else f".{kind}")

    def _judge(self, owner: _Owner, sha256: str, source: Path) -> Identity:
        """The identity verdict of the pair (record, file): kept per (sha256, record).

        A verdict is reused only for the same bytes, the same record and the same hints
        (and the same library version, whose judgement may differ); anything else reads
        the file again.
        """
        name = f"{sha256} {owner.key}"
        fingerprint = _fingerprint(owner.hints)
        if self.state is not None:
            kept = self.state.get_value(VERDICTS, name)
            data = json.loads(kept) if kept else None
            if isinstance(data, dict) and data.get("hints") == fingerprint:
                identity = _identity_from(data)
                if identity is not None:
                    return identity
        identity = identity_of(owner.hints, str(source))
        if self.state is not None:
            row = {"hints": fingerprint, "identity": identity.to_dict()}
            self.state.set_value(VERDICTS, name, json.dumps(row, sort_keys=True))
        return identity

    def _wall(self, seconds_from_now: float) -> _dt.datetime:
        moment = self.session.clock.now() + seconds_from_now
        return _dt.datetime.fromtimestamp(moment, tz=_dt.timezone.utc)

    def _failed(
        self,
        url: str,
        owner: _Owner,
        outcome: Outcome,
        *,
        final_url: str | None = None,
        content_type: str = "",
    ) -> FileResult:
        """Record a request that gave no file; a retriable one is marked retry-later.

        Without a moment from the error, a retry-later file is tried again in an hour.
        The mark names the record it is for, with its hints and what its file must show,
        in one write: a retry judges the file against that record as the first try would.
        """
        if outcome.retriable:
            later = FileResult(
                url=url,
                key=owner.key,
                status=outcome.status,
                retriable=True,
                reason=outcome.reason,
                final_url=final_url,
                not_before=outcome.not_before or self._wall(3600),
            )
            return self._record(later, owner=owner)
        failed = FileResult(
            url=url,
            key=owner.key,
            status=outcome.status,
            reason=outcome.reason,
            final_url=final_url,
            content_type=content_type,
        )
        return self._record(failed, owner=owner)

    def _record(
        self,
        result: FileResult,
        *,
        etag: str | None = None,
        last_modified: str | None = None,
        owner: _Owner | None = None,
    ) -> FileResult:
        """Keep the URL's outcome: what HTTP said of it, never a verdict on a record.

        A file refused for one record leaves the URL's stored copy and validators as they
        were (another record may own that file); a retry-later mark carries its record.
        """
        if self.state is None:
            return result
        stored = result.status in (DOWNLOADED, UNCHANGED)
        refused = result.status in (WRONG_FILE, UNCONFIRMED)
        if refused and _StoredCopy.of(self._outcome(result.url)) is not None:
            return result
        extra: dict[str, Any] = {
            "key": result.key,
            "final_url": result.final_url,
            "path": str(result.path) if result.path else None,
            "sha256": result.sha256,
            "size": result.size,
            "kind": result.kind,
        }
        if result.retriable and owner is not None:
            extra["hints"] = None if owner.hints is None else attrs.asdict(owner.hints)
            extra["require"] = owner.require
        not_before = result.not_before.timestamp() if result.not_before else None
        outcome = UrlOutcome(
            url=result.url,
            status=DOWNLOADED if stored else result.status,
            reason=result.reason,
            not_before=not_before,
            etag=etag if stored else None,
            last_modified=last_modified if stored else None,
            extra=extra,
        )
        if self.marks is not None:
            self.marks.set(outcome)  # a retry-later mark waits for its page's commit
        else:
            self.state.set_url_outcome(outcome)
        return result


@attrs.frozen
class _Owner:
    """The record a file is fetched for: its key, what it says of itself, what a file must show."""

    key: str
    hints: RecordHints | None
    require: Requirement


@attrs.frozen
class _Arrival:
    """Bytes on their way to a record: where they are now and what HTTP said of them.

    Attributes:
        source: where the bytes are (a temporary file of this fetch, or the record's own file).
        temporary: `source` is a temporary file: moved into place, or removed when refused.
        status: ``downloaded`` (new bytes) or ``unchanged`` (a 304 confirmed a stored copy).
    """

    url: str
    final_url: str
    source: Path
    temporary: bool
    sha256: str
    size: int
    kind: str
    content_type: str
    etag: str | None
    last_modified: str | None
    status: FileStatus
    reason: str


@attrs.frozen
class _StoredCopy:
    """A copy of a URL's last bytes on disk, with the validators that came with them.

    Any record's file may be it: the copy only makes a conditional request possible;
    whose file it becomes is judged again (`PdfFetcher._attach`).
    """

    path: Path
    sha256: str
    size: int
    kind: str
    etag: str | None
    last_modified: str | None

    @classmethod
    def of(cls, outcome: UrlOutcome | None) -> _StoredCopy | None:
        """The copy a URL's outcome names, when it was stored and is still there, or None."""
        if outcome is None or outcome.status != DOWNLOADED:
            return None
        extra = outcome.extra
        if not (extra.get("path") and extra.get("sha256")):
            return None
        if not (outcome.etag or outcome.last_modified):
            return None
        path = Path(str(extra["path"]))
        size = int(extra.get("size") or 0)
        try:
            if not path.is_file() or path.stat().st_size != size:
                return None
        except OSError:
            return None
        return cls(
            path=path,
            sha256=str(extra["sha256"]),
            size=size,
            kind=str(extra.get("kind") or "pdf"),
            etag=outcome.etag,
            last_modified=outcome.last_modified,
        )

    def validators(self) -> dict[str, str]:
        """The conditional request's headers (RFC 9110 13.1): a 304 costs no body."""
        headers = {}
        if self.etag:
            headers["If-None-Match"] = self.etag
        if self.last_modified:
            headers["If-Modified-Since"] = self.last_modified
        return headers


def _same_file(one: Path, other: Path) -> bool:
    try:
        return one.resolve() == other.resolve()
    except OSError:
        return False


def _digest_of(path: Path) -> tuple[str, int] | None:
    """A file's SHA-256 and size, or None when it cannot be read."""
    digest = hashlib.sha256()
    size = 0
    try:
        with open(path, "rb") as source:
            for chunk in iter(lambda: source.read(2**20), b""):
                digest.update(chunk)
                size += len(chunk)
    except OSError:
        return None
    return digest.hexdigest(), size


def _fingerprint(hints: RecordHints | None) -> str:
    """What a kept verdict was judged against: the record's hints and the library's version."""
    data = None if hints is None else attrs.asdict(hints)
    text = json.dumps([__version__, data], sort_keys=True, default=str)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


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
    if require == "titled" and not (identity.verdict == "matched" or identity.titled):
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


def _identity_from(row: Mapping[str, Any]) -> Identity | None:
    """The `Identity` a kept verdict row holds (`VERDICTS`), or None when it holds none."""
    stored = row.get("identity")
    if isinstance(stored, Mapping) and stored.get("verdict") in (
        "matched",
        "mismatch",
        "unverifiable",
    ):
        return Identity(
            stored["verdict"],
            str(stored.get("evidence", "")),
            stored.get("kind"),
            stored.get("version"),
            titled=stored.get("titled") == "yes",
        )
    return None
