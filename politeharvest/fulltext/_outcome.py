"""Request error or HTTP status -> file outcome: one table for the fetcher and the resolver (core).

A file request that does not give a file ends in a status and a retriable flag.
`PdfFetcher.fetch`, the resolver's probes without a fetcher and the resolver's
landing-page read all ask `error_outcome` (for an exception) or `status_outcome`
(for an HTTP status of 400 or more), so the same failure has the same answer on
every path:

| request error or HTTP status | file status | retriable |
|---|---|---|
| `BudgetExhausted` (the job's budget ends first) | ``retry-later`` | yes |
| other `Deferred` (a long wait, a busy host, 429/503 after every retry) | ``retry-later`` | yes |
| `HostStopped` (403 or a bot challenge) | ``blocked`` | no |
| `Disallowed` (robots.txt, the deny list) | ``disallowed`` | no |
| `RightsReserved` (TDMRep, ``X-Robots-Tag: noai``) | ``reserved`` | no |
| `PolicyRefusal` by your own `settings` (private address, default User-Agent) | ``refused`` | no* |
| other `PolicyRefusal` (a redirect loop, to a sign-in page) | ``failed`` | no |
| `BodyCutByBudget` (the job's budget ends while the body arrives) | ``retry-later`` (now) | yes |
| other `TransportError` (connection, TLS handshake, timeout, a cut body) | ``retry-later`` | yes |
| other `FetchError` (`HostUnreachable`, `CertificateRejected`) | ``failed`` | no |
| `ResponseTooLarge` | ``too-large`` | no |
| other `HarvestError` | ``failed`` | no |
| HTTP 403, 408, 425, 426, 429, 500, 502, 503, 504 | ``retry-later`` | yes |
| other HTTP statuses of 400 or more | ``failed`` | no |

(*) A ``refused`` file is not a verdict on the URL: the policy's own settings (named by
`PolicyRefusal.settings`, and in the reason) refused it (the URL, or a redirect's target,
was not requested), so it is tried again once one of them changed (`OWN_SETTINGS`; the
batch's `read_resume`).

The answers follow docs/exceptions.md (a `TransportError` is "usually passing: try
again later", a `HostUnreachable` "a mistake to fix", a `CertificateRejected` "never
retried") and docs/fulltext.md (a network error, a truncated download or a job
budget that ran out give ``retry-later``). A `Resolution` has no ``disallowed`` or
``too-large`` status: for a landing page they read ``failed`` (`resolution_status`); an
address that is itself a reserved file reads ``reserved``, its file named but not read.
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Callable
from typing import Final, Literal

import attrs

from politeharvest.exceptions import (
    AddressRefused,
    BodyCutByBudget,
    BudgetExhausted,
    ContactRequired,
    Deferred,
    Disallowed,
    FetchError,
    HarvestError,
    HostStopped,
    PolicyRefusal,
    RedirectRefused,
    ResponseTooLarge,
    RightsReserved,
    TransportError,
)

__all__ = [
    "BLOCKED",
    "DISALLOWED",
    "DOWNLOADED",
    "ERROR_OUTCOMES",
    "FAILED",
    "NOT_PDF",
    "OWN_SETTINGS",
    "REFUSED",
    "RESERVED",
    "RETRY_LATER",
    "RETRY_LATER_STATUSES",
    "TOO_LARGE",
    "UNCHANGED",
    "UNCONFIRMED",
    "VERIFIED",
    "WRONG_FILE",
    "ErrorRow",
    "FileStatus",
    "Outcome",
    "error_outcome",
    "resolution_status",
    "status_outcome",
]

FileStatus = Literal[
    "downloaded",
    "unchanged",
    "verified",
    "not-pdf",
    "too-large",
    "retry-later",
    "failed",
    "blocked",
    "disallowed",
    "reserved",
    "wrong-file",
    "unconfirmed",
    "refused",
]

DOWNLOADED: Final = "downloaded"
UNCHANGED: Final = "unchanged"
VERIFIED: Final = "verified"
NOT_PDF: Final = "not-pdf"
TOO_LARGE: Final = "too-large"
RETRY_LATER: Final = "retry-later"
FAILED: Final = "failed"
BLOCKED: Final = "blocked"
DISALLOWED: Final = "disallowed"
RESERVED: Final = "reserved"
WRONG_FILE: Final = "wrong-file"
UNCONFIRMED: Final = "unconfirmed"
#: Refused by the caller's own settings before anything was sent (`PolicyRefusal.settings`):
#: not a verdict on the URL, so not final; the reason says which setting to change.
REFUSED: Final = "refused"

#: Every policy setting a refusal can name (`PolicyRefusal.settings`): a ``refused`` result
#: holds on while these are as they were, and no longer once one of them changed.
OWN_SETTINGS: tuple[str, ...] = tuple(
    dict.fromkeys(
        [
            *AddressRefused.settings,
            *ContactRequired.settings,
            *(n for names in RedirectRefused.settings_by_code.values() for n in names),
        ]
    )
)

#: A file's outcome "retry-later" (PublicationsRetriever's could-retry set): not the
#: policy's `retry_statuses` (429/503, retried at once after a wait), but statuses that make
#: a later harvest worth trying the file again.
RETRY_LATER_STATUSES = frozenset({403, 408, 425, 426, 429, 500, 502, 503, 504})


@attrs.frozen(kw_only=True)
class Outcome:
    """What a failed request means for a file.

    Attributes:
        status: the file status.
        retriable: worth trying again later (only ``retry-later`` is).
        reason: what happened, in a sentence.
        not_before: the earliest moment to try again, when the error says (a `Deferred`).
    """

    status: FileStatus
    retriable: bool
    reason: str
    not_before: _dt.datetime | None = None


def _own_reason(exc: HarvestError) -> str:
    """The exception's own sentence (`Deferred.reason`, `HostStopped.reason`)."""
    return str(getattr(exc, "reason", exc))


def _budget(exc: HarvestError) -> str:
    return "job budget exhausted; left for the next attempt"


def _network(exc: HarvestError) -> str:
    return f"network error: {exc}"


@attrs.frozen
class ErrorRow:
    """One row of `ERROR_OUTCOMES`: an exception class and what it means for a file.

    Attributes:
        error: the exception class (its subclasses match too, unless a row before says).
        status: the file status.
        retriable: worth trying again later.
        reason: the sentence a result carries, from the exception.
    """

    error: type[HarvestError]
    status: FileStatus
    retriable: bool
    reason: Callable[[HarvestError], str] = str


#: Request error -> file outcome. The first row whose class matches decides, so a
#: subclass comes before its parent.
ERROR_OUTCOMES: tuple[ErrorRow, ...] = (
    ErrorRow(BudgetExhausted, RETRY_LATER, True, _budget),
    ErrorRow(Deferred, RETRY_LATER, True, _own_reason),
    ErrorRow(HostStopped, BLOCKED, False, _own_reason),
    ErrorRow(Disallowed, DISALLOWED, False),
    ErrorRow(RightsReserved, RESERVED, False),
    ErrorRow(PolicyRefusal, FAILED, False),
    ErrorRow(TransportError, RETRY_LATER, True, _network),
    ErrorRow(FetchError, FAILED, False),
    ErrorRow(ResponseTooLarge, TOO_LARGE, False),
    ErrorRow(HarvestError, FAILED, False),
)


def error_outcome(exc: HarvestError, *, reading_body: bool = False) -> Outcome:
    """What a request error means for a file (the first matching row of `ERROR_OUTCOMES`).

    Args:
        exc: the error the request raised.
        reading_body: the error came while the body was being read (a cut download
            reads "download interrupted", not "network error").
    """
    if isinstance(exc, PolicyRefusal) and exc.settings:  # the caller's own configuration
        return Outcome(status=REFUSED, retriable=False, reason=str(exc))
    row = next(r for r in ERROR_OUTCOMES if isinstance(exc, r.error))
    reason = row.reason(exc)
    if reading_body and isinstance(exc, TransportError):
        reason = f"download interrupted: {exc}"
    until = exc.until if isinstance(exc, Deferred) else None
    if isinstance(exc, BodyCutByBudget):  # not the network: the next job asks again at once
        until = exc.deadline
    return Outcome(status=row.status, retriable=row.retriable, reason=reason, not_before=until)


def status_outcome(status: int) -> Outcome | None:
    """What an HTTP status means for a file: None below 400 (the response is read)."""
    if status < 400:
        return None
    later = status in RETRY_LATER_STATUSES
    return Outcome(
        status=RETRY_LATER if later else FAILED, retriable=later, reason=f"HTTP {status}"
    )


def resolution_status(
    status: FileStatus,
) -> Literal["blocked", "retry-later", "failed", "reserved", "refused"]:
    """The `Resolution` status of a landing page whose request ended in `status`."""
    if status == BLOCKED:
        return BLOCKED
    if status == REFUSED:  # the caller's own settings: not final
        return REFUSED
    if status == RETRY_LATER:
        return RETRY_LATER
    if status == RESERVED:  # the address is a file its rights holder reserves: named, not read
        return RESERVED
    return FAILED
