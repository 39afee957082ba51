"""Rights signals beyond robots.txt: text-and-data-mining reservations and robots tags (core).

A repository or publisher may reserve text and data mining in machine-readable form
(TDMRep, the W3C community group's protocol, which article 4 of the EU's copyright directive
makes binding for mining): an HTTP header ``tdm-reservation: 1`` with ``tdm-policy: URL``, the
same as ``<meta name="tdm-reservation">``/``<meta name="tdm-policy">`` in a page, or rules in the
origin's ``/.well-known/tdmrep.json``. It may also forbid what a harvester does with robots
directives: ``X-Robots-Tag`` headers and ``<meta name="robots">`` (or a meta named for the
harvester's own product token) saying ``noai``, ``none`` or, for stored copies, ``noarchive``.

`file_reservation` weighs them for one file: the file's own response headers, its landing
page's headers and meta tags, and the origin's tdmrep.json. `landing_reservation` weighs a
landing page alone, for the files found through it: there a ``noarchive`` said to every robot
is a search engines' cache directive and does not count (`MINING`). The answer says which
signal decided and where it was found, so a row can carry the evidence as a robots.txt
refusal does. A TDM reservation gives way to a licence the user states (`tdm_licence`);
robots directives do not. `tdmrep_rules_from` and `tdmrep_lifetime` read the origin's file
as robots.txt is read: only a whole, well-formed 200 has rules, and a failure is asked again
soon.
"""

from __future__ import annotations

import fnmatch
import json
from collections.abc import Mapping, Sequence
from html.parser import HTMLParser
from typing import Any
from urllib.parse import urlsplit

import attrs

from politeharvest._policy import Politeness
from politeharvest._reprs import value_repr

from ._robots import product_token
from ._urls import well_known_url

__all__ = [
    "Reservation",
    "TdmRule",
    "file_reservation",
    "file_signals",
    "landing_reservation",
    "meta_tags",
    "page_reservation",
    "parse_tdmrep",
    "robots_directives",
    "tdm_from_fields",
    "tdmrep_lifetime",
    "tdmrep_rules_from",
    "tdmrep_url",
]

#: Robots directives that forbid storing a copy of a file for mining.
FORBIDDING = frozenset({"noai", "noml", "none", "noarchive"})

#: Robots directives on a landing page that forbid mining the files found through it.
#: ``noarchive`` is not one of them: said to every robot, it asks search engines not to
#: show a cached copy of the page (PMC, IOP and ScienceDirect pages carry it); said to
#: this harvester by name (``<meta name="mybot">``, ``mybot: noarchive``), it counts.
MINING = frozenset({"noai", "noimageai", "noml", "none"})

#: A ``/.well-known/tdmrep.json`` larger than this has no rules for us (it is not read on).
TDMREP_MAX_BYTES = 256 * 1024


@attrs.frozen(repr=False)
class Reservation:
    """A reason not to download a file, with its evidence.

    Attributes:
        signal: ``"tdm-reservation"`` or ``"robots-tag"``.
        evidence: where it was found and what it said (``tdm-reservation: 1 in the file's
            headers``, ``X-Robots-Tag: noai``...).
        policy: the TDM policy URL the rights holder gives, if any (licences on offer).
    """

    __repr__ = value_repr

    signal: str
    evidence: str
    policy: str | None = None


@attrs.frozen(repr=False)
class TdmRule:
    """One rule of a ``/.well-known/tdmrep.json``: a path pattern and its reservation."""

    __repr__ = value_repr

    location: str
    reserved: bool
    policy: str | None = None

    def matches(self, path: str) -> bool:
        """Whether the rule's location pattern (``*`` wildcards, origin-relative) covers `path`."""
        pattern = self.location if self.location.startswith("/") else f"/{self.location}"
        return fnmatch.fnmatchcase(path, pattern) or (
            pattern.endswith("/") and path.startswith(pattern)
        )


def tdmrep_url(url: str) -> str:
    """The ``/.well-known/tdmrep.json`` address of `url`'s origin."""
    return well_known_url(url, "/.well-known/tdmrep.json")


def parse_tdmrep(text: str | bytes | None) -> tuple[TdmRule, ...]:
    """The rules of a tdmrep.json (an unreadable or foreign file gives none)."""
    if not text:
        return ()
    try:
        data = json.loads(text)
    except (ValueError, UnicodeDecodeError):
        return ()
    if not isinstance(data, list):
        return ()
    rules = []
    for item in data:
        if not isinstance(item, dict) or not isinstance(item.get("location"), str):
            continue
        reserved = _reserved(item.get("tdm-reservation"))
        if reserved is None:
            continue
        policy = item.get("tdm-policy")
        rules.append(
            TdmRule(item["location"], reserved, policy if isinstance(policy, str) else None)
        )
    return tuple(rules)


def _reserved(value: Any) -> bool | None:
    text = str(value).strip() if value is not None else ""
    if text == "1":
        return True
    if text == "0":
        return False
    return None


def tdm_from_fields(fields: Mapping[str, str]) -> tuple[bool | None, str | None]:
    """``(reserved, policy)`` from HTTP headers or meta tags (names case-insensitive)."""
    lowered = {k.lower(): v for k, v in fields.items()}
    policy = lowered.get("tdm-policy")
    return _reserved(lowered.get("tdm-reservation")), policy.strip() if policy else None


def robots_directives(values: Sequence[str], product: str) -> set[str]:
    """The robots directives that apply to the harvester `product` (its UA product token).

    `values` are ``X-Robots-Tag`` header values or robots meta contents. A value may scope
    what follows to a user agent (``otherbot: noindex, nofollow``); unscoped directives apply
    to everyone, scoped ones only to the named agent (``*`` means everyone).
    """
    general, named = _directives(values, product)
    return general | named


#: Directive names that take a value after a colon (``max-snippet:-1``): not agent scopes.
_VALUED = ("unavailable_after", "max-snippet", "max-image-preview", "max-video-preview")


def _directives(values: Sequence[str], product: str) -> tuple[set[str], set[str]]:
    """The directives said to every robot, and those said to `product` by name."""
    general: set[str] = set()
    named: set[str] = set()
    token = product.lower()
    for value in values:
        scope: str | None = None
        for part in value.split(","):
            item = part.strip().lower()
            if not item:
                continue
            if ":" in item:
                head, rest = (piece.strip() for piece in item.split(":", 1))
                if head and " " not in head and head not in _VALUED:
                    scope, item = head, rest
            if not item:
                continue
            directive = item.split(":", 1)[0].strip()
            if scope is None or scope == "*":
                general.add(directive)
            elif scope == token:
                named.add(directive)
    return general, named


def file_reservation(
    *,
    url: str,
    product: str,
    file_headers: Mapping[str, str] | None = None,
    page_headers: Mapping[str, str] | None = None,
    page_meta: Mapping[str, str] | None = None,
    tdmrep: Sequence[TdmRule] = (),
    tdm_licence: str | None = None,
    honour_tdm: bool = True,
    honour_robots_tags: bool = True,
    page_url: str | None = None,
) -> Reservation | None:
    """Whether a file at `url` may not be downloaded for mining, and why.

    Args:
        url: the file's URL.
        product: the harvester's product token (``mybot`` of ``mybot/1.0 (...)``).
        file_headers: the file's own response headers, when they are known.
        page_headers: the landing page's response headers.
        page_meta: the landing page's ``<meta name=... content=...>`` pairs (lower-case names).
        tdmrep: the rules of the origin's ``/.well-known/tdmrep.json``.
        tdm_licence: a licence the user holds for mining; a TDM reservation then gives way.
        honour_tdm: TDMRep signals count (the policy switch).
        honour_robots_tags: robots directives count (the policy switch).
        page_url: the landing page's address, named in the evidence.

    The file's own headers speak first, then the page's headers and meta tags (as
    `landing_reservation` weighs them), then the first matching tdmrep.json rule (an
    explicit ``tdm-reservation: 0`` nearer the file overrides a reservation further away).
    """
    if honour_robots_tags:
        values = [v for k, v in (file_headers or {}).items() if k.lower() == "x-robots-tag"]
        found = robots_directives(values, product) & FORBIDDING
        if found:
            said = ", ".join(sorted(found))
            return Reservation("robots-tag", f"X-Robots-Tag: {said} in the file's headers")
    weigh_tdm = honour_tdm and not tdm_licence
    reserved, policy = tdm_from_fields(file_headers or {}) if weigh_tdm else (None, None)
    if reserved:
        return Reservation("tdm-reservation", "tdm-reservation: 1 in the file's headers", policy)
    on_page = landing_reservation(
        page_url=page_url,
        product=product,
        headers=page_headers,
        meta=tuple((page_meta or {}).items()),
        tdm_licence=tdm_licence,
        honour_tdm=weigh_tdm and reserved is None,  # the file's own "0" is nearer
        honour_robots_tags=honour_robots_tags,
    )
    if on_page is not None or not weigh_tdm or reserved is not None:
        return on_page
    if any(tdm_from_fields(f or {})[0] is not None for f in (page_headers, page_meta)):
        return None  # the page's own "0" is nearer than the origin's rules
    path = urlsplit(url).path or "/"
    for rule in tdmrep:
        if rule.matches(path):
            if rule.reserved:
                return Reservation(
                    "tdm-reservation",
                    f"/.well-known/tdmrep.json reserves {rule.location}",
                    rule.policy,
                )
            return None
    return None


def landing_reservation(
    *,
    page_url: str | None,
    product: str,
    headers: Mapping[str, str] | None = None,
    meta: Sequence[tuple[str, str]] = (),
    tdm_licence: str | None = None,
    honour_tdm: bool = True,
    honour_robots_tags: bool = True,
) -> Reservation | None:
    """Whether a landing page reserves the files found through it, and why.

    Args:
        page_url: the landing page's address (named in the evidence).
        product: the harvester's product token (``mybot`` of ``mybot/1.0 (...)``).
        headers: the page's response headers (``X-Robots-Tag``, ``tdm-reservation``).
        meta: the page's ``<meta name content>`` pairs (`meta_tags`), in page order.
        tdm_licence: a licence the user holds for mining; a TDM reservation then gives way.
        honour_tdm: TDMRep signals count (the policy switch).
        honour_robots_tags: robots directives count (the policy switch).

    Robots directives count only where they forbid mining (`MINING`: ``noai``,
    ``noimageai``, ``none``) when said to every robot (``<meta name="robots">``, an
    unscoped ``X-Robots-Tag``), and with ``noarchive`` too when said to this harvester by
    name (``<meta name="mybot">``, ``mybot: noarchive``). A stated licence does not lift
    them. Then TDMRep: the page's ``tdm-reservation`` header, then its meta tag.
    """
    where = f" ({page_url})" if page_url else ""
    if honour_robots_tags:
        found = _page_directives(
            [v for k, v in (headers or {}).items() if k.lower() == "x-robots-tag"], product
        )
        if found:
            return Reservation(
                "robots-tag", f"X-Robots-Tag: {found} in the landing page's headers{where}"
            )
        for name, content in meta:
            if name.lower() not in ("robots", product.lower()):
                continue
            found = _page_directives([content], product, named=name.lower() != "robots")
            if found:
                return Reservation(
                    "robots-tag", f"<meta name={name.lower()}> {found} on the landing page{where}"
                )
    if not honour_tdm or tdm_licence:
        return None
    reserved, policy = tdm_from_fields(headers or {})
    if reserved is not None:
        if reserved:
            return Reservation(
                "tdm-reservation",
                f"tdm-reservation: 1 in the landing page's headers{where}",
                policy,
            )
        return None
    fields = {name.lower(): content for name, content in reversed(meta)}  # the first counts
    reserved, policy = tdm_from_fields(fields)
    if reserved:
        tag = f'<meta name="tdm-reservation" content="{fields["tdm-reservation"].strip()}">'
        return Reservation(
            "tdm-reservation", f"{tag} in the landing page's meta tags{where}", policy
        )
    return None


def file_signals(
    policy: Politeness,
    url: str,
    headers: Mapping[str, str] | None,
    tdmrep: Sequence[TdmRule] = (),
) -> Reservation | None:
    """`file_reservation` for a file's own headers and its origin's rules, under `policy`."""
    return file_reservation(
        url=url,
        product=product_token(policy.user_agent),
        file_headers=headers,
        tdmrep=tdmrep,
        tdm_licence=policy.tdm_licence,
        honour_tdm=policy.tdm_reservations,
        honour_robots_tags=policy.robots_tags,
    )


def page_reservation(
    policy: Politeness, page_url: str, headers: Mapping[str, str], html: str | bytes
) -> Reservation | None:
    """`landing_reservation` for a landing page as read, under `policy`'s switches.

    The page is parsed (its head, `meta_tags`) only when a switch makes its tags count.
    """
    honour_tdm = policy.tdm_reservations and not policy.tdm_licence
    if not (honour_tdm or policy.robots_tags):
        return None
    product = product_token(policy.user_agent)
    return landing_reservation(
        page_url=page_url,
        product=product,
        headers=headers,
        meta=meta_tags(html, product),
        tdm_licence=policy.tdm_licence,
        honour_tdm=policy.tdm_reservations,
        honour_robots_tags=policy.robots_tags,
    )


def _page_directives(values: Sequence[str], product: str, *, named: bool = False) -> str:
    """The page's directives that forbid mining, joined for the evidence ("" for none)."""
    general, to_us = _directives(values, product)
    if named:  # the whole value is said to this harvester by name
        to_us |= general
        general = set()
    found = (general & MINING) | (to_us & (MINING | FORBIDDING))
    return ", ".join(sorted(found))


class _MetaParser(HTMLParser):
    """Collects ``<meta name content>`` pairs until the page's body begins."""

    def __init__(self, names: frozenset[str]) -> None:
        super().__init__(convert_charrefs=True)
        self.names = names
        self.found: list[tuple[str, str]] = []
        self.done = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if self.done:
            return
        if tag == "body":
            self.done = True
        elif tag == "meta":
            fields = {k.lower(): v for k, v in attrs if v is not None}
            name = fields.get("name", "").strip().lower()
            if name in self.names and "content" in fields:
                self.found.append((name, fields["content"].strip()))

    def handle_endtag(self, tag: str) -> None:
        if tag == "head":
            self.done = True


def meta_tags(
    html: str | bytes, product: str, *, chunk: int = 65536
) -> tuple[tuple[str, str], ...]:
    """The rights-related ``<meta name content>`` pairs of a page's head, in page order.

    Only ``robots``, `product` (the harvester's own token), ``tdm-reservation`` and
    ``tdm-policy`` are kept; reading stops where the body begins (stdlib `html.parser`,
    so no parser library is loaded for it).
    """
    text = html.decode("utf-8", "replace") if isinstance(html, bytes) else html
    parser = _MetaParser(frozenset({"robots", product.lower(), "tdm-reservation", "tdm-policy"}))
    for start in range(0, len(text), chunk):
        parser.feed(text[start : start + chunk])
        if parser.done:
            break
    return tuple(parser.found)


def tdmrep_rules_from(status: int | None, body: bytes | None) -> tuple[TdmRule, ...]:
    """The rules a ``/.well-known/tdmrep.json`` answer gives.

    Only a 200 whose whole body (at most `TDMREP_MAX_BYTES`) is a JSON list of rules gives
    any: a 404, a redirect refused, an HTML page, a body over the cap or malformed JSON
    give none (no rules: nothing is reserved by the origin).
    """
    if status != 200 or body is None or len(body) > TDMREP_MAX_BYTES:
        return ()
    return parse_tdmrep(body)


def tdmrep_lifetime(status: int | None, *, cache_s: float, error_s: float) -> float:
    """How long a tdmrep.json answer stands, as robots.txt's would (RFC 9309 2.3.1, 2.4).

    An answer (2xx, 3xx, 4xx but 429) stands `cache_s`; a failure (no answer, 429, 5xx)
    only `error_s`, so its rules are asked for again soon.
    """
    if status is None or status == 429 or status >= 500:
        return error_s
    return cache_s
