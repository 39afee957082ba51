"""`Politeness`: every number of the politeness policy, in one frozen value."""

from __future__ import annotations

import json
import math
import re
import sys
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any, Literal

import attrs

from politeharvest._reprs import value_repr

__all__ = ["DEFAULT_USER_AGENT", "Politeness", "RedirectScope"]

RedirectScope = Literal["host", "site", "any"]

#: The default identity. It names the project and a contact URL; harvesters
#: should set their own contact (a URL or ``mailto:``) with `Politeness.user_agent`.
DEFAULT_USER_AGENT = "politeharvest/0.1 (+https://pypi.org/project/politeharvest/)"

_CONTACT = re.compile(r"(https?://\S+|mailto:\S+@\S+|\b[\w.+-]+@[\w-]+\.[\w.-]+\b)")
_EMAIL = re.compile(r"^[^@\s]+@[^@\s]+\.[^@\s]+$")


def _has_contact(instance: object, attribute: attrs.Attribute[str], value: str) -> None:
    if not _CONTACT.search(value):
        raise ValueError(
            f"{attribute.name} {value!r} carries no contact: add a URL or a mailto: address, "
            "e.g. 'mybot/1.0 (+mailto:me@example.org)', so operators can reach you"
        )
    if "\n" in value or "\r" in value:
        raise ValueError(f"{attribute.name} must be a single line")


def _is_email(instance: object, attribute: attrs.Attribute[str | None], value: str | None) -> None:
    if value is not None and not _EMAIL.match(value):
        raise ValueError(f"{attribute.name} {value!r} is not an e-mail address")


def _finite_nonnegative(instance: object, attribute: attrs.Attribute[float], value: float) -> None:
    if not (isinstance(value, (int, float)) and math.isfinite(value) and value >= 0):
        raise ValueError(f"{attribute.name} must be a finite number >= 0, got {value!r}")


def _at_least_one(instance: object, attribute: attrs.Attribute[float], value: float) -> None:
    if not (math.isfinite(value) and value >= 1):
        raise ValueError(f"{attribute.name} must be >= 1, got {value!r}")


def _positive_int(instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    if not (isinstance(value, int) and value > 0):
        raise ValueError(f"{attribute.name} must be a positive integer, got {value!r}")


#: What a harvest's files may be declared to be for (`Politeness.purpose`).
PURPOSES = ("train-ai", "ai-use", "search", "tdm")
Purpose = Literal["train-ai", "ai-use", "search", "tdm"]


def _purpose_ok(
    instance: object, attribute: attrs.Attribute[str | None], value: str | None
) -> None:
    if value is not None and value not in PURPOSES:
        raise ValueError(
            f"purpose {value!r} is not one of {', '.join(PURPOSES)} (the IETF AI-preferences "
            "vocabulary's categories, and tdm for text and data mining)"
        )


def _is_https_origin(
    instance: object, attribute: attrs.Attribute[str | None], value: str | None
) -> None:
    """An https origin (``https://host[:port]``, no path), as Web Bot Auth's directory asks."""
    if value is None:
        return
    scheme, sep, rest = value.partition("://")
    host = rest.removesuffix("/")
    if scheme != "https" or not sep or not host or any(c in host for c in "/?#@ "):
        raise ValueError(
            f"{attribute.name} {value!r} must be an https origin such as https://bot.example.org "
            "(the key directory is served at its /.well-known/http-message-signatures-directory)"
        )


def _int_tuple(value: Iterable[int]) -> tuple[int, ...]:
    return tuple(int(v) for v in value)


def _float_tuple(value: Iterable[float]) -> tuple[float, ...]:
    return tuple(float(v) for v in value)


def _str_tuple(value: Iterable[str]) -> tuple[str, ...]:
    if isinstance(value, str):
        return (value,)
    return tuple(str(v) for v in value)


def _lower_tuple(value: Iterable[str]) -> tuple[str, ...]:
    return tuple(v.lower() for v in _str_tuple(value))


def _backoff_ok(
    instance: object, attribute: attrs.Attribute[tuple[float, ...]], value: Any
) -> None:
    if any(not math.isfinite(v) or v < 0 for v in value):
        raise ValueError(f"{attribute.name} must hold finite waits >= 0, got {value!r}")


def _scope_ok(instance: object, attribute: attrs.Attribute[str], value: str) -> None:
    if value not in ("host", "site", "any"):
        raise ValueError(f"{attribute.name} must be 'host', 'site' or 'any', got {value!r}")


@attrs.frozen(kw_only=True, repr=False)
class Politeness:
    """The politeness policy: frozen, keyword-only, validated, evolvable.

    Every number that decides how hard politeharvest may press on a server
    lives here. Make variants with `attrs.evolve(policy, request_interval=3.0)`;
    load one from a TOML or JSON file with `Politeness.from_file`.

    Attributes:
        user_agent: sent with every request; must carry a contact URL or e-mail.
        from_address: sent as the ``From`` header when set (OAI-PMH guidelines).
        request_interval: seconds from the end of one response to the start of the
            next request on the same host (end-to-start).
        file_interval: the same gap, before each full-text file request.
        jitter: up to this many extra seconds, drawn at random, added to a gap
            (jitter only ever lengthens a gap).
        retry_statuses: statuses answered by waiting and resending the same request.
        backoff: waits before the 1st, 2nd, ... retry when no Retry-After is given;
            its length is the number of retries.
        max_wait: the longest single wait ever slept; a longer one defers the
            request (`WaitRequired`) and holds the host until then.
        slowdown_factor: the intervals are multiplied by this after each 429/503 ...
        max_slowdown: ... up to this multiplier, for the rest of the job.
        job_budget: seconds a job may run; a wait that would end later is never begun.
        stuck_after: a run older than this is closed as failed.
        max_redirects: redirect hops followed per request.
        https_only: refuse redirects to anything but https.
        redirect_scope: ``"host"`` (same host), ``"site"`` (same registrable domain,
            public-suffix aware) or ``"any"``.
        allowed_hosts: hosts (or ``*.domain`` patterns) redirects may always reach,
            e.g. the CDN a repository serves files from.
        allow_private_addresses: allow redirects to private, loopback and
            link-local addresses (tests and intranets only).
        sensitive_headers: extra request headers never sent to another origin
            (Authorization, Cookie and Proxy-Authorization always are).
        deny_patterns: robots.txt-style path patterns never requested, whatever
            robots.txt says (sign-in and search pages, say).
        robots_unauthorized_allows: a 401/403 robots.txt means "allow all" (RFC 9309,
            Google) when True, "disallow all" (CPython) when False.
        robots_cache_s: how long a fetched robots.txt is trusted (24 h).
        robots_error_s: after robots.txt could not be read, when to try again.
        robots_max_bytes: robots.txt bytes parsed (RFC 9309 asks for at least 500 KiB).
        robots_max_redirects: redirects followed for robots.txt, across hosts.
        robots_timeout_s: the timeout of a robots.txt fetch.
        connect_timeout_s: TCP/TLS connect timeout.
        read_timeout_s: the longest silence while reading a response.
        page_time_s: the longest a page's whole response may take, however steadily it
            trickles (robots.txt: `robots_timeout_s`).
        file_time_s: the same for a full-text file.
        min_rate_bytes: a response body arriving at fewer bytes per second than this,
            on average over `min_rate_s`, is ended and counts as a failed transfer (curl's
            ``--speed-limit``); 0 turns the check off.
        min_rate_s: the span over which the rate is measured (curl's ``--speed-time``).
        max_response_bytes: cap on a (decompressed) page body.
        max_file_bytes: cap on a (decompressed) file body.
        max_landing_bytes: a landing page larger than this is not analysed (its answer
            says "too large to analyse").
        max_landing_tags: the same for a page with more tags than this (about: the
            count of ``<``), so a page of nested tags cannot cost a long parse.
        stop_on_forbidden: a 403 answer to a page request stops the host for the job (OAI-PMH
            guidelines); a 403 on a file is that file's outcome (a restricted file) unless
            it is a bot challenge.
        rate_limit_headers: slow down as a server's own rate-limit headers ask
            (``RateLimit``, ``RateLimit-Remaining``/``-Reset``, ``X-RateLimit-*``, a
            ``Retry-After`` on a 200), so that it never has to answer 429.
        tdm_reservations: honour text-and-data-mining reservations (TDMRep): a file whose
            response says ``tdm-reservation: 1`` is not downloaded (its body is never read).
        tdmrep_json: also read each origin's ``/.well-known/tdmrep.json`` before its first
            file (one request per origin a day, kept, paced and refused as robots.txt is;
            never for pages) and refuse the files its rules reserve before requesting them.
        tdm_licence: a licence you hold for mining (its name or URL); TDM reservations then
            give way (robots directives do not).
        robots_tags: honour ``X-Robots-Tag`` on files that forbids stored copies for mining
            (``noai``, ``none``, ``noarchive``, for everyone or for this user agent).
        purpose: what the harvest's files are for, in the IETF AI-preferences vocabulary:
            ``"train-ai"``, ``"ai-use"``, ``"search"``, or ``"tdm"`` (text and data mining,
            which TDMRep governs); None (the default) declares nothing. A file whose usage
            preferences say ``n`` for the purpose is not requested when robots.txt or an RSL
            licence says so in advance, and not stored when its response says so.
        usage_preferences: read and record every file's usage preferences (the
            ``Content-Usage`` header, robots.txt ``Content-Usage`` and ``Content-Signal``
            lines, RSL licences), whatever the purpose.
        latency_slowdown: stretch a host's gaps while it answers well above its own usual
            response time (by the ratio, at most `max_slowdown`), as after a 503, until it
            recovers; never shorter than the policy's intervals.
        sign_key: a PEM file holding an Ed25519 private key: every request is then signed
            (HTTP Message Signatures, RFC 9421, as Web Bot Auth drafts them), so operators can
            verify and allowlist the harvester without IP lists (``pip install
            'politeharvest[sign]'``; docs/operators.md).
        signature_agent: with `sign_key`, the https origin that publishes the key directory
            (``/.well-known/http-message-signatures-directory``, written by
            ``politeharvest bot-page``), sent as the ``Signature-Agent`` header.
    """

    __repr__ = value_repr

    user_agent: str = attrs.field(default=DEFAULT_USER_AGENT, validator=_has_contact)
    from_address: str | None = attrs.field(default=None, validator=_is_email)
    request_interval: float = attrs.field(default=1.0, validator=_finite_nonnegative)
    file_interval: float = attrs.field(default=6.0, validator=_finite_nonnegative)
    jitter: float = attrs.field(default=0.0, validator=_finite_nonnegative)
    retry_statuses: tuple[int, ...] = attrs.field(default=(429, 503), converter=_int_tuple)
    backoff: tuple[float, ...] = attrs.field(
        default=(30.0, 60.0, 120.0), converter=_float_tuple, validator=_backoff_ok
    )
    max_wait: float = attrs.field(default=300.0, validator=_finite_nonnegative)
    slowdown_factor: float = attrs.field(default=2.0, validator=_at_least_one)
    max_slowdown: float = attrs.field(default=8.0, validator=_at_least_one)
    job_budget: float = attrs.field(default=1200.0, validator=_finite_nonnegative)
    stuck_after: float = attrs.field(default=43200.0, validator=_finite_nonnegative)
    max_redirects: int = attrs.field(default=3, validator=attrs.validators.ge(0))
    https_only: bool = True
    redirect_scope: RedirectScope = attrs.field(default="site", validator=_scope_ok)
    allowed_hosts: tuple[str, ...] = attrs.field(default=(), converter=_lower_tuple)
    allow_private_addresses: bool = False
    sensitive_headers: tuple[str, ...] = attrs.field(default=(), converter=_lower_tuple)
    deny_patterns: tuple[str, ...] = attrs.field(default=(), converter=_str_tuple)
    robots_unauthorized_allows: bool = True
    robots_cache_s: float = attrs.field(default=86400.0, validator=_finite_nonnegative)
    robots_error_s: float = attrs.field(default=600.0, validator=_finite_nonnegative)
    robots_max_bytes: int = attrs.field(default=512_000, validator=_positive_int)
    robots_max_redirects: int = attrs.field(default=5, validator=attrs.validators.ge(0))
    robots_timeout_s: float = attrs.field(default=20.0, validator=_finite_nonnegative)
    connect_timeout_s: float = attrs.field(default=10.0, validator=_finite_nonnegative)
    read_timeout_s: float = attrs.field(default=60.0, validator=_finite_nonnegative)
    page_time_s: float = attrs.field(default=120.0, validator=_finite_nonnegative)
    file_time_s: float = attrs.field(default=900.0, validator=_finite_nonnegative)
    min_rate_bytes: float = attrs.field(default=1024.0, validator=_finite_nonnegative)
    min_rate_s: float = attrs.field(default=30.0, validator=_finite_nonnegative)
    max_response_bytes: int = attrs.field(default=64 * 2**20, validator=_positive_int)
    max_file_bytes: int = attrs.field(default=512 * 2**20, validator=_positive_int)
    max_landing_bytes: int = attrs.field(default=4 * 2**20, validator=_positive_int)
    max_landing_tags: int = attrs.field(default=60_000, validator=_positive_int)
    stop_on_forbidden: bool = True
    rate_limit_headers: bool = True
    tdm_reservations: bool = True
    tdmrep_json: bool = True
    tdm_licence: str | None = None
    robots_tags: bool = True
    purpose: Purpose | None = attrs.field(default=None, validator=_purpose_ok)
    usage_preferences: bool = True
    latency_slowdown: bool = True
    sign_key: str | None = attrs.field(default=None, converter=attrs.converters.optional(str))
    signature_agent: str | None = attrs.field(default=None, validator=_is_https_origin)

    def __attrs_post_init__(self) -> None:
        if self.sign_key is not None and self.signature_agent is None:
            raise ValueError(
                "sign_key needs signature_agent: the https origin that publishes the key "
                "directory (politeharvest bot-page writes it), e.g. https://bot.example.org"
            )

    def interval_for(self, kind: str) -> float:
        """Return the base gap (seconds, before any slow-down) before a request of `kind`.

        Args:
            kind: ``"file"`` for full-text files; anything else is a page.
        """
        return self.file_interval if kind == "file" else self.request_interval

    def retry_wait(self, attempt: int) -> float | None:
        """Return the scheduled wait before retry number `attempt` (0-based), or None if spent."""
        if 0 <= attempt < len(self.backoff):
            return self.backoff[attempt]
        return None

    # -- mapping / file round trip -------------------------------------------------

    def to_mapping(self) -> dict[str, Any]:
        """Return the policy as plain data (lists for tuples), ready for JSON or TOML."""
        out: dict[str, Any] = {}
        for field in attrs.fields(Politeness):
            value = getattr(self, field.name)
            if isinstance(value, tuple):
                value = list(value)
            if value is not None:
                out[field.name] = value
        return out

    @classmethod
    def from_mapping(cls, data: Mapping[str, Any], *, base: Politeness | None = None) -> Politeness:
        """Build a policy from plain data (a parsed TOML or JSON object).

        Args:
            data: field names to values; missing fields keep `base`'s values.
            base: the policy to start from (the defaults when None).

        Raises:
            ValueError: on an unknown field name or an invalid value.
        """
        known = {f.name for f in attrs.fields(Politeness)}
        unknown = sorted(set(data) - known)
        if unknown:
            raise ValueError(
                f"unknown politeness setting(s) {', '.join(unknown)}; "
                f"known settings are: {', '.join(sorted(known))}"
            )
        return attrs.evolve(base or cls(), **dict(data))

    @classmethod
    def from_file(cls, path: str | Path, *, base: Politeness | None = None) -> Politeness:
        """Load a policy from a ``.toml`` or ``.json`` file.

        A TOML file may hold the settings at its top level or under a
        ``[politeness]`` table.

        Raises:
            ValueError: the file cannot be parsed or holds an unknown or invalid setting.
            OSError: the file cannot be read.
        """
        path = Path(path)
        text = path.read_text(encoding="utf-8")
        try:
            if path.suffix.lower() == ".json":
                data = json.loads(text)
            else:
                if sys.version_info >= (3, 11):
                    import tomllib
                else:  # pragma: no cover - exercised on 3.10 only
                    import tomli as tomllib
                data = tomllib.loads(text)
        except ValueError as exc:
            raise ValueError(f"{path}: cannot parse the policy file: {exc}") from exc
        if not isinstance(data, dict):
            raise ValueError(f"{path}: a policy file holds a table of settings")
        data = data.get("politeness", data)
        try:
            return cls.from_mapping(data, base=base)
        except (TypeError, ValueError) as exc:
            raise ValueError(f"{path}: {exc}") from exc
