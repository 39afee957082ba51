"""A file probed without a fetcher to store it: read in memory, checked, never kept (shell).

`LandingPageResolver` without a `PdfFetcher` still probes a candidate: ``%PDF-`` in its first
KiB, and (with the record's hints) its text against the record, within `_IN_MEMORY_CHECK`
bytes. A probe that gives no file answers with the same outcome table as the fetcher
(`_outcome.py`).
"""

from __future__ import annotations

from collections.abc import Iterator

from politeharvest.exceptions import Deferred, FetchError, HarvestError, PolicyRefusal
from politeharvest.net._session import PoliteSession

from ._identity import Identity, RecordHints
from ._outcome import NOT_PDF, VERIFIED, Outcome, error_outcome, status_outcome
from ._pdf import FileResult, Requirement, identity_of, looks_like_pdf, read_head, refusal_status

__all__ = ["_check_in_memory", "_looks_like_file_url", "_not_had", "_peek"]


#: Without a fetcher, a file's text is checked in memory up to this size.
_IN_MEMORY_CHECK = 16 * 2**20


def _check_in_memory(
    url: str,
    key: str,
    final: str,
    head: bytes,
    chunks: Iterator[bytes],
    hints: RecordHints,
    *,
    require: Requirement = "not-mismatch",
    reason: str = "the address answers with a PDF directly (%PDF- in its first bytes)",
) -> FileResult:
    """A PDF without a fetcher to store it: check its text in memory (bounded), keep nothing.

    Without hints only ``%PDF-`` is checked and the rest of the body is never read; with
    hints, at most `_IN_MEMORY_CHECK` bytes are read, and a larger file is unverifiable.
    """
    identity: Identity | None = None
    if not hints.empty:
        data = bytearray(head)
        for chunk in chunks:
            data += chunk
            if len(data) > _IN_MEMORY_CHECK:
                identity = Identity(
                    "unverifiable", "too large to check its text without storing it"
                )
                break
        else:
            identity = identity_of(hints, bytes(data))
    refusal = refusal_status(identity, require)
    if refusal is not None and identity is not None:
        return FileResult(
            url=url,
            key=key,
            status=refusal,
            reason=identity.evidence,
            final_url=final,
            kind="pdf",
            identity=identity,
        )
    return FileResult(
        url=url,
        key=key,
        status=VERIFIED,
        reason=reason,
        final_url=final,
        kind="pdf",
        identity=identity,
    )


def _looks_like_file_url(url: str) -> bool:
    lowered = url.lower().split("?", 1)[0]
    return lowered.endswith(".pdf") or "/download/" in lowered or "/bitstream/" in lowered


def _peek(
    session: PoliteSession, url: str, key: str, hints: RecordHints, require: Requirement
) -> FileResult:
    """A probe without storing: ``%PDF-`` in the first KiB, and the text against the record.

    With hints, the body is read into memory, at most `_IN_MEMORY_CHECK` bytes.
    """
    try:
        response = session.get(url, kind="file", stream=True)
    except (Deferred, PolicyRefusal, FetchError) as exc:  # what each means: _outcome.py
        return _not_had(url, key, error_outcome(exc))
    with response:
        outcome = status_outcome(response.status_code)
        if outcome is not None:
            return _not_had(url, key, outcome)
        chunks = session.iter_body(response, limit=session.policy.max_file_bytes)
        try:
            head = read_head(chunks)
            final = str(response.url)
            if not looks_like_pdf(head):
                why = f"not a PDF (first bytes {head[:16]!r})"
                return FileResult(
                    url=url,
                    key=key,
                    status=NOT_PDF,
                    reason=why,
                    final_url=final,
                    head=head[:1024],
                )
            return _check_in_memory(
                url,
                key,
                final,
                head,
                chunks,
                hints,
                require=require,
                reason="starts with %PDF- (peeked)",
            )
        except HarvestError as exc:  # a body over the size cap, a cut download
            return _not_had(url, key, error_outcome(exc, reading_body=True))
        finally:
            chunks.close()


def _not_had(url: str, key: str, outcome: Outcome) -> FileResult:
    """A probe that gave no file: its outcome as a result (nothing is recorded)."""
    return FileResult(
        url=url,
        key=key,
        status=outcome.status,
        retriable=outcome.retriable,
        reason=outcome.reason,
        not_before=outcome.not_before,
    )
