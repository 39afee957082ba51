"""Rights signals beyond robots.txt: text-and-data-mining reservations and robots tags (core).

A repository or publisher may reserve text and data mining in machine-readable form
(TDMRep, the W3C community group's protocol, which article 4 of the EU's copyright directive
makes binding for mining): an HTTP header ``tdm-reservation: 1`` with ``tdm-policy: URL``, the
same as ``<meta name="tdm-reservation">``/``<meta name="tdm-policy">`` in a page, or rules in the
origin's ``/.well-known/tdmrep.json``. It may also forbid what a harvester does with robots
directives: ``X-Robots-Tag`` headers and ``<meta name="robots">`` (or a meta named for the
harvester's own product token) saying ``noai``, ``none`` or, for stored copies, ``noarchive``.

`file_reservation` weighs them for one file: the file's own response headers, its landing
page's headers and meta tags, and the origin's tdmrep.json. The answer says which signal
decided and where it was found, so a row can carry the evidence as a robots.txt refusal does.
A TDM reservation gives way to a licence the user states (`tdm_licence`); robots directives
do not.
"""

from __future__ import annotations

import fnmatch
import json
from collections.abc import Mapping, Sequence
from typing import Any
from urllib.parse import urlsplit

import attrs

from ._urls import well_known_url

__all__ = [
    "Reservation",
    "TdmRule",
    "file_reservation",
    "parse_tdmrep",
    "robots_directives",
    "tdm_from_fields",
    "tdmrep_url",
]

#: Robots directives that forbid storing a copy of a file for mining.
FORBIDDING = frozenset({"noai", "none", "noarchive"})


@attrs.frozen
class Reservation:
    """A reason not to download a file, with its evidence.

    Attributes:
        signal: ``"tdm-reservation"`` or ``"robots-tag"``.
        evidence: where it was found and what it said (``tdm-reservation: 1 in the file's
            headers``, ``X-Robots-Tag: noai``...).
        policy: the TDM policy URL the rights holder gives, if any (licences on offer).
    """

    signal: str
    evidence: str
    policy: str | None = None


@attrs.frozen
class TdmRule:
    """One rule of a ``/.well-known/tdmrep.json``: a path pattern and its reservation."""

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
    applying: set[str] = set()
    token = product.lower()
    for value in values:
        scope: str | None = None
        for part in value.split(","):
            item = part.strip().lower()
            if not item:
                continue
            if ":" in item:
                head, rest = (piece.strip() for piece in item.split(":", 1))
                if (
                    head
                    and " " not in head
                    and head
                    not in (
                        "unavailable_after",
                        "max-snippet",
                        "max-image-preview",
                        "max-video-preview",
                    )
                ):
                    scope, item = head, rest
            if not item:
                continue
            if scope is None or scope in ("*", token):
                applying.add(item.split(":", 1)[0].strip())
    return applying


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

    The file's own headers speak first, then the page's headers and meta tags, then the
    first matching tdmrep.json rule (an explicit ``tdm-reservation: 0`` nearer the file
    overrides a reservation further away).
    """
    if honour_robots_tags:
        for where, fields in (("the file's", file_headers), ("the landing page's", page_headers)):
            values = [v for k, v in (fields or {}).items() if k.lower() == "x-robots-tag"]
            found = robots_directives(values, product) & FORBIDDING
            if found:
                said = ", ".join(sorted(found))
                return Reservation("robots-tag", f"X-Robots-Tag: {said} in {where} headers")
        meta = page_meta or {}
        values = [meta[name] for name in ("robots", product.lower()) if name in meta]
        found = robots_directives(values, product) & FORBIDDING
        if found:
            said = ", ".join(sorted(found))
            return Reservation("robots-tag", f"<meta name=robots> {said} on the landing page")
    if not honour_tdm or tdm_licence:
        return None
    path = urlsplit(url).path or "/"
    sources: list[tuple[str, Mapping[str, str] | None]] = [
        ("the file's headers", file_headers),
        ("the landing page's headers", page_headers),
        ("the landing page's meta tags", page_meta),
    ]
    for where, fields in sources:
        reserved, policy = tdm_from_fields(fields or {})
        if reserved is not None:
            if reserved:
                return Reservation("tdm-reservation", f"tdm-reservation: 1 in {where}", policy)
            return None
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
