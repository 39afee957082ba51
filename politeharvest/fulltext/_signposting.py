"""FAIR Signposting: Link headers (RFC 8288), ``<link rel="item">`` and linksets (RFC 9264) (core).

The items they give a landing page are the work's own files: strong candidates;
the linksets a page points to are listed for the resolver to read (a request).
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping

from bs4 import BeautifulSoup

from ._addresses import absolute
from ._candidate import Candidate

__all__ = [
    "linkset_candidates",
    "parse_link_header",
    "parse_linkset",
    "signposting_candidates",
]


def parse_link_header(value: str) -> list[tuple[str, dict[str, str]]]:
    """The links of an HTTP ``Link`` header (RFC 8288): ``(target, {param: value})`` pairs.

    Commas inside ``<...>`` and quoted values are kept; parameter names are lower case;
    a malformed link is skipped, never an exception.
    """
    links: list[tuple[str, dict[str, str]]] = []
    for match in re.finditer(
        r"<([^<>]*)>((?:\s*;\s*[^;,=\s]+\s*(?:=\s*(?:\"[^\"]*\"|[^;,\s]*))?)*)", value
    ):
        params: dict[str, str] = {}
        for param in re.finditer(
            r";\s*([^;,=\s]+)\s*(?:=\s*(\"[^\"]*\"|[^;,\s]*))?", match.group(2)
        ):
            params.setdefault(param.group(1).lower(), (param.group(2) or "").strip('"'))
        links.append((match.group(1).strip(), params))
    return links


def parse_linkset(data: str | bytes, base: str) -> list[tuple[str, dict[str, str]]]:
    """The links a linkset gives its anchor ``base`` (RFC 9264, JSON or Link-header format)."""
    text = data.decode("utf-8", "replace") if isinstance(data, bytes) else data
    if not text.lstrip().startswith("{"):
        return [
            (target, params)
            for target, params in parse_link_header(text)
            if absolute(params.get("anchor", base), base).rstrip("/") == base.rstrip("/")
        ]
    try:
        sets = json.loads(text).get("linkset") or []
    except (ValueError, AttributeError):
        return []
    links: list[tuple[str, dict[str, str]]] = []
    for entry in sets if isinstance(sets, list) else []:
        if not isinstance(entry, dict):
            continue
        anchor = absolute(str(entry.get("anchor") or base), base)
        if anchor.rstrip("/") != base.rstrip("/"):
            continue
        for rel, targets in entry.items():
            for target in targets if isinstance(targets, list) else []:
                if isinstance(target, dict) and target.get("href"):
                    links.append(
                        (str(target["href"]), {"rel": rel, "type": str(target.get("type") or "")})
                    )
    return links


def _is_file_item(params: Mapping[str, str], target: str) -> bool:
    kind = params.get("type", "").lower()
    return "item" in params.get("rel", "").lower().split() and (
        "pdf" in kind or (not kind and ".pdf" in target.lower())
    )


def signposting_candidates(
    soup: BeautifulSoup, base: str, headers: Mapping[str, str]
) -> tuple[list[Candidate], list[str]]:
    """FAIR Signposting items (the files of the page's work) and linkset addresses to read."""
    found: list[Candidate] = []
    linksets: list[str] = []
    header = next((str(v) for k, v in headers.items() if str(k).lower() == "link"), "")
    sources: list[tuple[str, dict[str, str], str]] = [
        (t, p, "HTTP Link header") for t, p in parse_link_header(header)
    ]
    for link in soup.find_all("link", href=True):
        rel = " ".join(link.get("rel") or []).lower()
        params = {"rel": rel, "type": str(link.get("type") or "")}
        sources.append((str(link["href"]), params, f"<link rel={rel}>"))
    for target, params, where in sources:
        url = absolute(target, base)
        if not url:
            continue
        if _is_file_item(params, target):
            kind = params.get("type") or "a .pdf address"
            found.append(
                Candidate(
                    url,
                    "signposting",
                    f"FAIR Signposting item ({where}, {kind})",
                    98.0,
                    strong=True,
                )
            )
        elif "linkset" in params.get("rel", "").lower().split():
            linksets.append(url)
    return found, linksets


def linkset_candidates(data: str | bytes, url: str, landing: str) -> list[Candidate]:
    """The file items a linkset read from `url` gives the landing page `landing`."""
    return [
        Candidate(
            absolute(t, landing),
            "signposting",
            f"FAIR Signposting item (linkset {url})",
            98.0,
            strong=True,
        )
        for t, p in parse_linkset(data, landing)
        if _is_file_item(p, t)
    ]
