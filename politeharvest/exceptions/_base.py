"""The root and the errors of a request: refusals, deferrals, the wire, the content."""

from __future__ import annotations

import datetime as _dt
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, ClassVar

__all__ = [
    "AddressRefused",
    "BadResponse",
    "BudgetExhausted",
    "CertificateRejected",
    "ContactRequired",
    "ContentError",
    "Deferred",
    "Disallowed",
    "FetchError",
    "HarvestError",
    "HostBusy",
    "HostStopped",
    "HostUnreachable",
    "LeaseLost",
    "PolicyRefusal",
    "RedirectRefused",
    "ResponseTooLarge",
    "RetriesExhausted",
    "RetryLater",
    "RightsReserved",
    "RobotsUnavailable",
    "StoreUnavailable",
    "TransportError",
    "WaitRequired",
]


def _iso(moment: _dt.datetime) -> str:
    return moment.astimezone(_dt.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def _rebuild(
    cls: type[HarvestError], args: tuple[object, ...], kwargs: dict[str, object]
) -> HarvestError:
    return cls(*args, **kwargs)


class HarvestError(Exception):
    """Root of every error politeharvest raises.

    Every one pickles whole, with the arguments it was made with (a job queue's worker
    process hands it to its parent as itself, not as its nearest picklable base).
    """

    _made_with: tuple[tuple[object, ...], dict[str, object]]

    def __new__(cls, *args: object, **kwargs: object) -> HarvestError:
        error = super().__new__(cls, *args, **kwargs)
        error._made_with = (args, kwargs)
        return error

    def __reduce__(self) -> str | tuple[Any, ...]:
        made_with = self.__dict__.get("_made_with")
        if made_with is None:
            return super().__reduce__()
        state = {k: v for k, v in self.__dict__.items() if k != "_made_with"}
        return (_rebuild, (type(self), *made_with), state or None)


class PolicyRefusal(HarvestError):
    """The politeness policy declined a request; nothing was sent for this URL.

    Attributes:
        url: the URL that was not requested.
        reason: a sentence saying why.
        settings: the policy's settings (`Politeness` field names) that made the refusal,
            when it is the caller's own configuration (a private address without
            ``allow_private_addresses``, the default User-Agent): with one of them changed
            the request may be sent, so the refusal is not final. Empty when another party
            decided (robots.txt, a host that refused us, a rights holder).
    """

    settings: tuple[str, ...] = ()

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

    settings = ("allow_private_addresses",)

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


class ContactRequired(PolicyRefusal):
    """A request to another's host with the library's default User-Agent, which has no contact.

    Refused before any byte is sent (robots.txt included): a repository's operator must be
    able to reach whoever harvests it. Your own machine (loopback) and names reserved for
    tests (``*.test``, ``*.example``, ``example.org``...) need no contact.

    Attributes:
        host: the host that was not contacted.
    """

    settings = ("user_agent",)

    def __init__(self, url: str, host: str) -> None:
        self.host = host
        super().__init__(
            url,
            f"{host} is not your own machine and the User-Agent is the default one, without "
            "your contact; not requested. Give your contact, so that its operator can reach "
            'you: Politeness(user_agent="mybot/1.0 (mailto:you@example.org)") for '
            "PoliteSession(policy) or HarvestPlan(..., policy=...), or "
            'politeharvest.harvest(url, contact="you@example.org")',
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
        settings: the policy's settings that decided it (``allow_private_addresses`` for
            ``"private-address"``, ``max_redirects``, ``https_only``, ``redirect_scope`` and
            ``allowed_hosts``); empty for a loop, a sign-in wall or an unusable Location.
    """

    #: A refusal's code -> the policy settings that decide it (other codes: none).
    settings_by_code: ClassVar[Mapping[str, tuple[str, ...]]] = MappingProxyType(
        {
            "private-address": ("allow_private_addresses",),
            "too-many-hops": ("max_redirects",),
            "insecure-scheme": ("https_only",),
            "off-site": ("redirect_scope", "allowed_hosts"),
        }
    )

    def __init__(
        self, url: str, location: str, reason: str, *, code: str, chain: tuple[str, ...] = ()
    ) -> None:
        self.location = location
        self.code = code
        self.chain = chain
        self.settings = self.settings_by_code.get(code, ())
        own = (
            f" (your policy's {' and '.join(self.settings)} decided this)" if self.settings else ""
        )
        super().__init__(url, f"redirect to {location} refused: {reason}{own}")


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


class BodyCutByBudget(TransportError):
    """The job's budget ran out while a response's body was arriving; reading stopped there.

    Not a failure of the network: the next job may ask again at once (a cut file is
    ``retry-later`` due at ``deadline``, not an hour later as after a network failure).

    Attributes:
        deadline: when the job's budget ran out (UTC).
    """

    def __init__(self, url: str, message: str, *, deadline: _dt.datetime) -> None:
        self.deadline = deadline
        super().__init__(url, message)


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


class RightsReserved(PolicyRefusal):
    """A file's rights holder reserves text and data mining, or forbids stored copies.

    Raised before a file's body is read: a TDMRep ``tdm-reservation: 1`` (the file's header,
    a rule of the origin's ``/.well-known/tdmrep.json``, or its landing page's header or
    ``<meta name="tdm-reservation">``), or robots directives that forbid mining (the file's
    ``X-Robots-Tag``; its landing page's ``<meta name="robots">``). Nothing is stored.

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
