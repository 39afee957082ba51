"""Sanctioned sources of a DOI's files: Crossref's registered links, OpenAlex's OA locations.

A record with a DOI has files its publisher registered with Crossref (``message.link``:
each with its ``content-type`` and ``intended-application``) and open-access copies
OpenAlex knows (``best_oa_location`` and ``locations[].pdf_url``, which carry Unpaywall's).
`source_candidates` asks each source once per DOI, through the job's `PoliteSession`, in
the source's polite pool (``mailto``), and turns what it says into candidates with their
own evidence. They are tried before the landing page's links; every file still meets the
identity check: a source's word is evidence, never a verdict.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any, Final
from urllib.parse import quote

import attrs

from politeharvest.exceptions import HarvestError
from politeharvest.net._session import PoliteSession

from ._candidate import Candidate

__all__ = ["SOURCES", "FileSources", "source_candidates"]

logger = logging.getLogger(__name__)

#: The sources `FileSources` knows, in the order they are asked.
SOURCES: Final = ("crossref", "openalex")

#: Crossref link applications whose file is the work's text (not a licence or a landing page).
_APPLICATIONS = ("text-mining", "unspecified", "similarity-checking")


@attrs.frozen
class FileSources:
    """Which sanctioned sources to ask for a DOI's files, and how to reach them.

    Attributes:
        names: ``"crossref"`` and/or ``"openalex"``, asked in this order.
        mailto: your e-mail address: both services route requests that carry it to their
            polite pool (required).
        crossref_url: Crossref's API root (a mirror, or a local fake in tests).
        openalex_url: OpenAlex's API root.
    """

    names: tuple[str, ...]
    mailto: str
    crossref_url: str = "https://api.crossref.org"
    openalex_url: str = "https://api.openalex.org"

    def __attrs_post_init__(self) -> None:
        unknown = [n for n in self.names if n not in SOURCES]
        if unknown:
            raise ValueError(
                f"unknown full-text source(s) {', '.join(unknown)}: use {' or '.join(SOURCES)}"
            )
        if "@" not in self.mailto:
            raise ValueError(
                f"full-text sources need your e-mail address for their polite pool, not "
                f"{self.mailto!r}: pass mailto='you@example.org'"
            )


def _json(session: PoliteSession, url: str, mailto: str) -> tuple[Any, int]:
    """The JSON an API answers for `url` (None: not found, an error, not JSON), and requests."""
    try:
        response = session.get(url, params={"mailto": mailto})
    except HarvestError as exc:
        logger.info("full-text source %s not read: %s", url, exc)
        return None, 0
    if response.status_code != 200:
        return None, 1
    try:
        return response.json(), 1
    except ValueError:
        return None, 1


def crossref_candidates(data: Any) -> list[Candidate]:
    """The PDF links a publisher registered with Crossref for a work (``message.link``)."""
    message = data.get("message") if isinstance(data, Mapping) else None
    links = message.get("link") if isinstance(message, Mapping) else None
    found: list[Candidate] = []
    for link in links if isinstance(links, list) else []:
        if not isinstance(link, Mapping) or not isinstance(link.get("URL"), str):
            continue
        kind = str(link.get("content-type") or "unspecified").lower()
        application = str(link.get("intended-application") or "unspecified").lower()
        url = str(link["URL"])
        pdf = kind == "application/pdf" or (
            kind == "unspecified" and url.lower().split("?")[0].endswith(".pdf")
        )
        if not pdf or application not in _APPLICATIONS:
            continue
        version = str(link.get("content-version") or "").lower()
        score = 93.0 if application == "text-mining" and kind == "application/pdf" else 91.0
        found.append(
            Candidate(
                url,
                "crossref:link",
                f"registered with Crossref for the DOI ({kind}, {application}"
                + (f", {version}" if version else "")
                + ")",
                score,
                strong=True,
            )
        )
    return found


def openalex_candidates(data: Any) -> list[Candidate]:
    """The PDF addresses of a work's open-access locations in OpenAlex, the best first."""
    if not isinstance(data, Mapping):
        return []
    found: list[Candidate] = []
    best = data.get("best_oa_location")
    places: list[tuple[str, Any]] = [("best_oa_location", best)]
    locations = data.get("locations")
    places += [("locations", place) for place in (locations if isinstance(locations, list) else [])]
    for where, place in places:
        if not isinstance(place, Mapping) or not isinstance(place.get("pdf_url"), str):
            continue
        version = str(place.get("version") or "")
        source = place.get("source")
        host = source.get("display_name") if isinstance(source, Mapping) else None
        found.append(
            Candidate(
                str(place["pdf_url"]),
                "openalex:" + where,
                f"OpenAlex {where.replace('_', ' ')} of the DOI"
                + (f" ({version}" + (f", {host}" if host else "") + ")" if version else ""),
                92.0 if where == "best_oa_location" else 90.0,
                strong=True,
            )
        )
    return found


def source_candidates(
    session: PoliteSession, sources: FileSources, doi: str
) -> tuple[list[Candidate], int]:
    """The candidates the sanctioned sources give for `doi`, best first, each URL once.

    Returns:
        the candidates, and the requests made (one per source, none a file request); a
        source that cannot be read gives none.
    """
    found: list[Candidate] = []
    requests = 0
    for name in sources.names:
        if name == "crossref":
            url = f"{sources.crossref_url.rstrip('/')}/works/{quote(doi, safe='/')}"
            data, made = _json(session, url, sources.mailto)
            found += crossref_candidates(data)
        else:
            url = f"{sources.openalex_url.rstrip('/')}/works/doi:{quote(doi, safe='/')}"
            data, made = _json(session, url, sources.mailto)
            found += openalex_candidates(data)
        requests += made
    seen: set[str] = set()
    unique = []
    for candidate in found:
        if candidate.url not in seen:
            seen.add(candidate.url)
            unique.append(candidate)
    return unique, requests
