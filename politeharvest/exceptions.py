"""Every error politeharvest raises, under one root.

```
HarvestError                         root; catch-all for callers
├── PolicyRefusal(url, reason)       we declined; nothing was sent for this URL
│   ├── Disallowed                   robots.txt or the policy's deny list (rule, line)
│   ├── RedirectRefused              a redirect hop the RedirectPolicy refused (code, chain)
│   ├── AddressRefused               the host is (or resolves to) a private address
│   ├── RightsReserved               a file's rights holder reserves mining (TDMRep, X-Robots-Tag)
│   └── HostStopped                  the host answered 403 or a bot challenge: stopped for the job
├── Deferred(url, until, reason)     not now; try again at `until` (a queue reschedules)
│   ├── WaitRequired                 a wait longer than the caller allowed inline
│   ├── BudgetExhausted              a wait would end after the job's deadline
│   ├── HostBusy                     another harvest job holds the host's lease
│   └── RetryLater                   the server kept refusing, or robots.txt is unreachable
│       ├── RetriesExhausted         429/503 after every scheduled retry (statuses)
│       └── RobotsUnavailable        robots.txt answered 429/5xx or could not be fetched
├── FetchError(url)                  the wire failed
│   ├── TransportError               wraps requests/urllib3 errors (__cause__)
│   ├── HostUnreachable              the name does not resolve, or a new host refuses connections
│   └── CertificateRejected          the host's TLS certificate failed verification (host, why)
├── ContentError(url)                bytes arrived, not what we wanted
│   └── BadResponse                  unparseable after recovery, size cap exceeded
│       ├── ResponseTooLarge         a body passed the size cap while streaming
│       ├── ListingLoop              a listing repeats itself (same token, endless empty pages)
│       └── RepositoryMisbehaves     a page answered outside its request (window, set, size)
├── SinkError                        records could not be written where they should go
│   ├── SinkChanged                  a file an unfinished harvest wrote is gone or changed
│   ├── AuditError                   the audit file cannot be written or read (path)
│   ├── ArchiveError                 the WARC folder or file cannot be written (path)
│   ├── OutputLocked                 another process is writing the same output file
│   ├── OutputUnknown                the output holds records the state did not write
│   ├── OutputMismatch               a CSV header or Parquet folder the harvest cannot add to
│   └── ParquetUnavailable           a .parquet output and no pyarrow installed
├── StorageError(path, problem, remedy)  a file or folder cannot be read or written
│   └── StateCorrupt                 the state file is empty, cut short or not a state
└── OaiError(code, message)          the repository sent <error code=...>
    ├── BadArgument, BadVerb, BadResumptionToken, CannotDisseminateFormat,
    ├── IdDoesNotExist, NoMetadataFormats, NoSetHierarchy
    └── NoRecordsMatch               an empty result: listings end empty, never raise it
```

Every exception carries the data a caller needs to act (the URL, the time to
come back, the rule that matched) and its message says what happened, to which
URL, and what to do about it.
"""

from __future__ import annotations

import datetime as _dt

__all__ = [
    "AddressRefused",
    "ArchiveError",
    "AuditError",
    "BadArgument",
    "BadResponse",
    "BadResumptionToken",
    "BadVerb",
    "BudgetExhausted",
    "CannotDisseminateFormat",
    "CertificateRejected",
    "ContentError",
    "Deferred",
    "Disallowed",
    "FetchError",
    "HarvestError",
    "HostBusy",
    "HostStopped",
    "HostUnreachable",
    "IdDoesNotExist",
    "LeaseLost",
    "ListingLoop",
    "NoMetadataFormats",
    "NoRecordsMatch",
    "NoSetHierarchy",
    "OaiError",
    "OutputLocked",
    "OutputMismatch",
    "OutputUnknown",
    "ParquetUnavailable",
    "PolicyRefusal",
    "RedirectRefused",
    "RepositoryMisbehaves",
    "ResponseTooLarge",
    "RetriesExhausted",
    "RetryLater",
    "RightsReserved",
    "RobotsUnavailable",
    "SinkChanged",
    "SinkError",
    "StateCorrupt",
    "StorageError",
    "StoreUnavailable",
    "TransportError",
    "WaitRequired",
]


def _iso(moment: _dt.datetime) -> str:
    return moment.astimezone(_dt.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


class HarvestError(Exception):
    """Root of every error politeharvest raises."""


class PolicyRefusal(HarvestError):
    """The politeness policy declined a request; nothing was sent for this URL.

    Attributes:
        url: the URL that was not requested.
        reason: a sentence saying why.
    """

    def __init__(self, url: str, reason: str) -> None:
        self.url = url
        self.reason = reason
        super().__init__(f"{url}: {reason}")


class AddressRefused(PolicyRefusal):
    """The URL's host is, or resolves to, a private, loopback, link-local or reserved address.

    Refused before any byte is sent, when `Politeness.allow_private_addresses` is False
    (the default): for endpoints, record and landing URLs, file candidates, robots.txt
    and redirect hops alike.

    Attributes:
        host: the host name.
        address: the private address it is or resolved to.
    """

    def __init__(self, url: str, host: str, address: str) -> None:
        self.host = host
        self.address = address
        where = host if host == address else f"{host} resolves to {address}"
        super().__init__(
            url,
            f"{where}, a private address; not contacted. For a repository on your own "
            "network set allow_private_addresses=True in the policy "
            "(--allow-private-addresses)",
        )


class Disallowed(PolicyRefusal):
    """robots.txt (or the policy's deny list) forbids the URL.

    Attributes:
        rule: the matching rule as written, e.g. ``"Disallow: /oai"``.
        line: its 1-based line number in robots.txt, or None for a deny pattern.
        robots_url: the robots.txt that was applied, or None for a deny pattern.
    """

    def __init__(
        self,
        url: str,
        reason: str,
        *,
        rule: str | None = None,
        line: int | None = None,
        robots_url: str | None = None,
    ) -> None:
        self.rule = rule
        self.line = line
        self.robots_url = robots_url
        where = ""
        if rule is not None:
            where = f" (rule {rule!r}"
            where += f" at line {line} of {robots_url})" if line is not None else ")"
        super().__init__(
            url,
            f"{reason}{where}; not requested. Ask the site's operator for access "
            "or leave this URL out.",
        )


class RedirectRefused(PolicyRefusal):
    """A redirect the RedirectPolicy refused; the target was not requested.

    Attributes:
        location: the refused target, resolved against the redirecting URL.
        code: a short machine-readable code (``"too-many-hops"``, ``"insecure-scheme"``,
            ``"off-site"``, ``"loop"``, ``"private-address"``, ``"auth-wall"``).
        chain: the URLs requested so far, first to last.
    """

    def __init__(
        self, url: str, location: str, reason: str, *, code: str, chain: tuple[str, ...] = ()
    ) -> None:
        self.location = location
        self.code = code
        self.chain = chain
        super().__init__(url, f"redirect to {location} refused: {reason}")


class HostStopped(PolicyRefusal):
    """The host refused us (403 or a bot challenge): no more requests to it in this job.

    Attributes:
        host: the stopped host.
        status: the HTTP status that stopped it, if any.
    """

    def __init__(self, url: str, host: str, reason: str, *, status: int | None = None) -> None:
        self.host = host
        self.status = status
        super().__init__(
            url,
            f"host {host} stopped for this job: {reason}. politeharvest never tries to "
            "bypass such a refusal; contact the operator before harvesting it again.",
        )


class Deferred(HarvestError):
    """Not now: the request may be tried again at ``until``.

    Attributes:
        url: the URL (or an OAI cursor's URL) to try again.
        until: the earliest moment to try again (UTC, timezone-aware).
        reason: a sentence saying why.
    """

    def __init__(self, url: str, until: _dt.datetime, reason: str) -> None:
        self.url = url
        self.until = until
        self.reason = reason
        super().__init__(f"{url}: {reason}; try again at {_iso(until)} or later")


class WaitRequired(Deferred):
    """The next polite moment is further away than the caller allowed to wait inline.

    A job queue should reschedule the job for ``until`` instead of holding a worker.
    """


class BudgetExhausted(Deferred):
    """The wait would end after the job's deadline, so it was never begun.

    Attributes:
        deadline: when the job's budget runs out (UTC).
    """

    def __init__(
        self, url: str, until: _dt.datetime, reason: str, *, deadline: _dt.datetime
    ) -> None:
        self.deadline = deadline
        super().__init__(url, until, f"{reason} (job budget ends at {_iso(deadline)})")


class RetryLater(Deferred):
    """The server could not give us the resource now; record it and come back later."""


class RetriesExhausted(RetryLater):
    """429/503 answered every scheduled retry.

    Attributes:
        statuses: the statuses received, in order.
    """

    def __init__(
        self, url: str, until: _dt.datetime, statuses: tuple[int, ...], reason: str = ""
    ) -> None:
        self.statuses = statuses
        super().__init__(
            url,
            until,
            reason or f"server kept answering {', '.join(map(str, statuses))} after every retry",
        )


class RobotsUnavailable(RetryLater):
    """robots.txt could not be read (429, 5xx, timeout, network error): nothing is fetched.

    RFC 9309 section 2.3.1.4 asks a crawler to assume complete disallow until it can be read.
    """


class FetchError(HarvestError):
    """The wire failed.

    Attributes:
        url: the URL being fetched.
    """

    def __init__(self, url: str, message: str) -> None:
        self.url = url
        super().__init__(f"{url}: {message}")


class TransportError(FetchError):
    """A network-level failure (connection, TLS, timeout); ``__cause__`` holds the original."""


class HostUnreachable(FetchError):
    """The host cannot be reached at all: not a pause to wait out, a mistake to fix.

    Raised when the name does not resolve, or when a host that has never answered
    (in the harvest's state) refuses connections: a job queue retrying a typo would
    retry it forever. Timeouts and refusals from a host that answered before stay
    deferrals.

    Attributes:
        host: the host.
        why: ``"the name does not resolve"`` or ``"it refuses connections and has never
            answered"``.
    """

    def __init__(self, url: str, host: str, why: str) -> None:
        self.host = host
        self.why = why
        super().__init__(url, f"cannot reach {host}: {why}; check the URL")


class ContentError(HarvestError):
    """Bytes arrived, but not what was wanted.

    Attributes:
        url: the URL that answered.
    """

    def __init__(self, url: str, message: str) -> None:
        self.url = url
        super().__init__(f"{url}: {message}")


class BadResponse(ContentError):
    """A response that could not be used even after recovery.

    Attributes:
        raw: the bytes received (possibly truncated), kept for diagnosis.
    """

    def __init__(self, url: str, message: str, *, raw: bytes = b"") -> None:
        self.raw = raw
        super().__init__(url, message)


class ResponseTooLarge(BadResponse):
    """The (decompressed) body passed the size cap; reading stopped at cap + 1 byte.

    Attributes:
        limit: the cap in bytes.
    """

    def __init__(self, url: str, limit: int) -> None:
        self.limit = limit
        super().__init__(
            url,
            f"response body exceeds the size cap of {limit} bytes; reading stopped. "
            "Raise Politeness.max_response_bytes (or max_file_bytes) if this is expected.",
        )


class SinkError(HarvestError):
    """Records could not be written to the sink (an unwritable path, a full disk)."""


class SinkChanged(SinkError):
    """A file that an unfinished harvest wrote is gone or was changed by someone else.

    Raised by `HarvestPlan.start` before any request: continuing would lose the
    pages that went into that file (or write after bytes the plan does not own).

    Attributes:
        path: the file.
        problem: what happened to it (``"is gone"``, ``"was changed ..."``).
        window: the listing's window, as command-line options.
        pages: the pages of the listing written so far.
        records: the records of the listing delivered so far.
    """

    def __init__(self, path: str, problem: str, *, window: str, pages: int, records: int) -> None:
        self.path = path
        self.problem = problem
        self.window = window
        self.pages = pages
        self.records = records
        plural = "" if pages == 1 else "s"
        what = (
            f"where an unfinished harvest ({window}) wrote {pages} page{plural} ({records} records)"
        )
        if not pages:
            what = "the output of an interrupted harvest"
        super().__init__(
            f"{path}, {what}, {problem}. Nothing was requested or written. To continue "
            f"that harvest, put the file back and run with --out {path}; to harvest again "
            "from the start, run with --full and a new --out file, so no record is there "
            "twice (in Python: HarvestPlan(..., incremental=False))"
        )


class HostBusy(Deferred):
    """Another harvest job holds the host's lease: one harvest job per host at a time.

    Attributes:
        host: the host.
        holder: the run that holds it.
    """

    def __init__(self, url: str, until: _dt.datetime, *, host: str, holder: str) -> None:
        self.host = host
        self.holder = holder
        super().__init__(
            url, until, f"another harvest job ({holder}) is harvesting {host}; one job per host"
        )


class StoreUnavailable(RetryLater):
    """The shared store (Redis) cannot be reached: nothing was sent, nothing is lost.

    Attributes:
        store: the store's address (without its password).
    """

    def __init__(self, store: str, until: _dt.datetime, detail: str) -> None:
        self.store = store
        super().__init__(
            store,
            until,
            f"the shared store at {store} cannot be reached ({detail}); no request goes out "
            "unpaced, so the harvest waits: run it again when the store is back",
        )


class LeaseLost(Deferred):
    """Another job took this host's lease over (ours lapsed): the page is not committed.

    Attributes:
        host: the host.
    """

    def __init__(self, url: str, until: _dt.datetime, *, host: str) -> None:
        self.host = host
        super().__init__(
            url,
            until,
            f"this job's lease on {host} lapsed and another job holds it now; the page was "
            "not committed (that job delivers it)",
        )


class OaiError(HarvestError):
    """The OAI-PMH repository answered with an ``<error code="...">``.

    Attributes:
        code: the OAI-PMH error code, e.g. ``"badArgument"``.
        message: the repository's own text.
        url: the request URL.
    """

    code = "unknown"

    def __init__(self, message: str = "", *, url: str = "", code: str | None = None) -> None:
        if code is not None:
            self.code = code
        self.message = message
        self.url = url
        super().__init__(f"{url}: OAI-PMH error {self.code}: {message or '(no message)'}")


class BadArgument(OaiError):
    """The request had an illegal or missing argument (a bug, or an odd repository)."""

    code = "badArgument"


class BadVerb(OaiError):
    """The verb was illegal or missing: is the URL the repository's OAI-PMH base URL?"""

    code = "badVerb"


class BadResumptionToken(OaiError):
    """The resumption token expired or is invalid; listings restart from the last datestamp."""

    code = "badResumptionToken"


class CannotDisseminateFormat(OaiError):
    """The repository does not offer that metadata format (see ListMetadataFormats)."""

    code = "cannotDisseminateFormat"


class IdDoesNotExist(OaiError):
    """No item has that identifier."""

    code = "idDoesNotExist"


class NoMetadataFormats(OaiError):
    """No metadata formats are available for the item."""

    code = "noMetadataFormats"


class NoRecordsMatch(OaiError):
    """The arguments select no records: an empty result, which listings treat as the end."""

    code = "noRecordsMatch"


class NoSetHierarchy(OaiError):
    """The repository has no sets."""

    code = "noSetHierarchy"


class RepositoryMisbehaves(BadResponse):
    """A listing's page answered something other than its request; nothing of it was delivered.

    Raised by `OaiPager.fetch` (and so by `HarvestPlan`) when a page breaks what was
    asked: a datestamp outside ``from``/``until``, a record outside the ``set``, a
    ``completeListSize`` that changes within the listing, a ``cursor`` that goes back,
    or a record again with an older datestamp. The page is not delivered and the
    listing is not recorded as covered. With ``lenient=True`` (the CLI's ``--lenient``)
    the pager keeps the records inside the request instead, and the listing is not
    recorded as covered.

    Attributes:
        page: the listing's page (1-based).
        kind: the first violation's kind (``"window"``, ``"set"``, ``"size"``,
            ``"cursor"``, ``"repeat"``).
        asked: what the request asked.
        came: what came.
        violations: every violation of the page, as `describe` clauses.
    """

    def __init__(
        self,
        url: str,
        *,
        page: int,
        kind: str,
        asked: str,
        came: str,
        violations: tuple[str, ...] = (),
    ) -> None:
        self.page = page
        self.kind = kind
        self.asked = asked
        self.came = came
        self.violations = violations or (f"page {page} asked {asked} and got {came}",)
        more = f" (and {len(self.violations) - 1} more)" if len(self.violations) > 1 else ""
        super().__init__(
            url.split("?", 1)[0],  # the base URL: the token would fill the line
            f"the repository misbehaves: page {page} of the listing asked {asked} and got "
            f"{came}{more}. Nothing of that page was delivered and the listing is not "
            "recorded as covered; report it to the repository, harvest without that "
            "argument, or run with --lenient to keep only the records asked for "
            "(in Python: lenient=True)",
        )
        self.url = url


class ListingLoop(BadResponse):
    """A listing repeats itself: a resumption token seen before, or endless empty pages."""


# -- the machine: files, folders, locks and certificates ------------------------------------


class CertificateRejected(FetchError):
    """The host's TLS certificate failed verification: a setting to fix, not a pause.

    Attributes:
        host: the host.
        why: what the verification said (``"self-signed certificate"``, ``"Hostname
            mismatch ..."``).
    """

    def __init__(self, url: str, host: str, why: str) -> None:
        self.host = host
        self.why = why
        if "mismatch" in why.lower() or "doesn't match" in why.lower():
            remedy = (
                f"the certificate is for another name: use the host name it was issued for "
                f"in the URL, or ask the operator of {host} to fix it"
            )
        else:
            remedy = (
                "if you trust it, give its CA certificate with --ca-bundle FILE "
                "(in Python: the REQUESTS_CA_BUNDLE environment variable)"
            )
        super().__init__(url, f"the TLS certificate of {host} was not accepted ({why}); {remedy}")


class StorageError(HarvestError):
    """A file or folder the harvest needs cannot be read or written.

    Attributes:
        path: the file or folder.
        problem: what is wrong (``"the disk is full"``, ``"is a folder"``).
        remedy: what to do.
    """

    def __init__(self, path: str, problem: str, remedy: str) -> None:
        self.path = path
        self.problem = problem
        self.remedy = remedy
        super().__init__(f"{path}: {problem}; {remedy}")


class StateCorrupt(StorageError):
    """The state file is not a state (empty, cut short, overwritten, not SQLite).

    Never recreated silently while records it delivered may exist: a new state would
    deliver them all again.
    """


class OutputLocked(SinkError):
    """Another process is writing the same output file (it holds the file's lock).

    Attributes:
        path: the file.
    """

    def __init__(self, path: str) -> None:
        self.path = path
        super().__init__(
            f"{path}: another harvest is writing this file now; run again when it has "
            "finished, or write to another --out"
        )


class OutputUnknown(SinkError):
    """An output that already holds records the state did not write.

    Appending would deliver records again: a state that was reset, recreated or is
    another harvest's.

    Attributes:
        path: the output.
        state: the state that does not know it.
        records: how many of the repository's records the output holds.
    """

    def __init__(self, path: str, state: str, records: int) -> None:
        self.path = path
        self.state = state
        self.records = records
        super().__init__(
            f"{path} already holds {records} records of this repository that the state {state} "
            "did not write "
            "(a new, reset or other harvest's state): appending would deliver them again. "
            "Nothing was requested or written. Give the --state that wrote it, or write to "
            "a new --out"
        )


class OutputMismatch(SinkError):
    """An existing output that this harvest cannot add to: it would not read as one table.

    A CSV file whose header is not the one the harvest writes, or a folder given as a
    Parquet dataset that holds files the harvest did not write. Nothing was changed.

    Attributes:
        path: the output.
        problem: what is wrong with it.
    """

    def __init__(self, path: str, problem: str) -> None:
        self.path = path
        self.problem = problem
        super().__init__(
            f"{path} {problem}; it was not changed. Write to a new --out, or add --overwrite "
            "to replace it"
        )


class ParquetUnavailable(SinkError):
    """A Parquet output was asked for and pyarrow is not installed."""

    def __init__(self, path: str) -> None:
        self.path = path
        super().__init__(
            f"--out {path}: writing Parquet needs pyarrow: pip install 'politeharvest[parquet]' "
            "(or write .csv or .jsonl)"
        )


class AuditError(SinkError):
    """The audit file (``--audit``, `AuditLog`) cannot be written or read.

    Attributes:
        path: the file.
    """

    def __init__(self, path: object, what: str) -> None:
        self.path = str(path)
        super().__init__(f"audit file {path}: {what}; give another --audit file")


class ArchiveError(SinkError):
    """The WARC archive (``--warc``) cannot be written.

    Attributes:
        path: the folder or file.
    """

    def __init__(self, path: object, what: str) -> None:
        self.path = str(path)
        super().__init__(f"WARC archive {path}: {what}; give another --warc folder")


class RightsReserved(PolicyRefusal):
    """A file's rights holder reserves text and data mining, or forbids stored copies.

    Raised before a file's body is read: a TDMRep ``tdm-reservation: 1`` (the file's header,
    or a rule of the origin's ``/.well-known/tdmrep.json``), or an ``X-Robots-Tag`` saying
    ``noai``, ``none`` or ``noarchive``. Nothing of the file is stored.

    Attributes:
        signal: ``"tdm-reservation"`` or ``"robots-tag"``.
        evidence: where it was found and what it said.
        policy: the rights holder's TDM policy URL (the licences on offer), if given.
    """

    def __init__(self, url: str, signal: str, evidence: str, policy: str | None = None) -> None:
        self.signal = signal
        self.evidence = evidence
        self.policy = policy
        if signal == "tdm-reservation":
            remedy = (
                f"its TDM policy {policy} says how to obtain a licence"
                if policy
                else "ask the rights holder for a licence"
            ) + " (then set tdm_licence in the policy)"
        else:
            remedy = "the rights holder forbids stored copies for mining; respect it"
        super().__init__(url, f"{evidence}: not downloaded; {remedy}")
