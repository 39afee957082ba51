"""Enrichment from Crossref and OpenAlex: fill what a harvested record lacks, never overwrite.

Both services are asked through a `PoliteSession` (robots.txt, pacing, 429/503 waited out with
Retry-After) in their polite pools (a ``mailto``). A record with a DOI is looked up by its DOI;
one without is searched by title, and a hit is accepted only if `compare` says it is the same
work (title, authors, year). What can be added: the abstract, the DOI, and author identifiers
(ORCID). Every added value says where it came from.
"""

from __future__ import annotations

import html
import re
from collections.abc import Mapping
from typing import Any, Protocol
from urllib.parse import quote

import attrs

from politeharvest.exceptions import Deferred, FetchError, HarvestError, HostUnreachable

from ._compare import compare
from ._normalize import strip_markup
from ._work import Work, work_of

__all__ = ["CrossrefClient", "Enrichment", "Found", "OpenAlexClient", "enrich"]


@attrs.frozen
class Found:
    """What a service knows about one work, in one shape for both services."""

    source: str
    url: str
    doi: str | None
    titles: tuple[str, ...]
    creators: tuple[str, ...]
    year: int | None
    abstract: str | None
    orcids: tuple[tuple[str, str], ...]  # (name as the service writes it, ORCID iD)

    def as_row(self) -> dict[str, Any]:
        metadata: dict[str, list[str]] = {
            "title": list(self.titles),
            "creator": list(self.creators),
            "date": [str(self.year)] if self.year else [],
            "identifier": [self.doi] if self.doi else [],
        }
        return {"identifier": self.url, "endpoint": self.source, "metadata": metadata}


class Service(Protocol):
    name: str

    def by_doi(self, doi: str) -> Found | None: ...
    def by_title(self, title: str) -> list[Found]: ...


def _orcid(value: Any) -> str | None:
    match = re.search(r"(\d{4}-\d{4}-\d{4}-\d{3}[\dX])", str(value or ""))
    return match.group(1) if match else None


def _year(parts: Any) -> int | None:
    try:
        return int(parts["date-parts"][0][0])
    except (KeyError, IndexError, TypeError, ValueError):
        return None


def _get_json(session: Any, name: str, url: str, params: Mapping[str, str], mailto: str) -> Any:
    """GET through the polite session; None for 404; FetchError for any other failure."""
    response = session.get(url, params={**params, "mailto": mailto})
    if response.status_code == 404:
        return None
    if response.status_code != 200:
        raise FetchError(
            response.url,
            f"{name} answered HTTP {response.status_code}; the record is left as harvested",
        )
    try:
        return response.json()
    except ValueError:
        raise FetchError(response.url, f"{name} answered with something that is not JSON") from None


@attrs.define
class CrossrefClient:
    """Crossref's REST API (api.crossref.org/works) in its polite pool.

    Attributes:
        session: a `PoliteSession`, best with ``presets.CROSSREF``.
        mailto: your address; Crossref routes requests carrying it to the polite pool.
        base_url: the API root (a local fake in tests).
    """

    session: Any
    mailto: str
    base_url: str = "https://api.crossref.org"
    name: str = "crossref"

    def _get(self, path: str, params: Mapping[str, str]) -> Any:
        data = _get_json(self.session, self.name, f"{self.base_url}{path}", params, self.mailto)
        return data.get("message") if isinstance(data, dict) else None

    def _found(self, item: Mapping[str, Any]) -> Found:
        authors = item.get("author") or []
        names = tuple(
            " ".join(p for p in (a.get("given"), a.get("family")) if p) or a.get("name", "")
            for a in authors
        )
        orcids = tuple(
            (name, orcid)
            for name, a in zip(names, authors, strict=False)
            if (orcid := _orcid(a.get("ORCID")))
        )
        abstract = item.get("abstract")
        doi = str(item["DOI"]).lower() if item.get("DOI") else None
        return Found(
            source=self.name,
            url=f"https://doi.org/{doi}" if doi else self.base_url,
            doi=doi,
            titles=tuple(item.get("title") or ()),
            creators=names,
            year=_year(item.get("issued") or item.get("published")),
            abstract=" ".join(html.unescape(strip_markup(abstract)).split()) if abstract else None,
            orcids=orcids,
        )

    def by_doi(self, doi: str) -> Found | None:
        message = self._get(f"/works/{quote(doi, safe='/')}", {})
        return self._found(message) if message else None

    def by_title(self, title: str) -> list[Found]:
        message = self._get("/works", {"query.bibliographic": title, "rows": "3"})
        return [self._found(item) for item in (message or {}).get("items", [])]


@attrs.define
class OpenAlexClient:
    """OpenAlex's API (api.openalex.org/works) in its polite pool.

    Attributes:
        session: a `PoliteSession`, best with ``presets.OPENALEX``.
        mailto: your address (the polite pool).
        base_url: the API root (a local fake in tests).
    """

    session: Any
    mailto: str
    base_url: str = "https://api.openalex.org"
    name: str = "openalex"

    def _get(self, path: str, params: Mapping[str, str]) -> Any:
        return _get_json(self.session, self.name, f"{self.base_url}{path}", params, self.mailto)

    def _found(self, item: Mapping[str, Any]) -> Found:
        authorships = item.get("authorships") or []
        names = tuple((a.get("author") or {}).get("display_name", "") for a in authorships)
        orcids = tuple(
            (name, orcid)
            for name, a in zip(names, authorships, strict=False)
            if (orcid := _orcid((a.get("author") or {}).get("orcid")))
        )
        index = item.get("abstract_inverted_index") or {}
        words: dict[int, str] = {}
        for word, positions in index.items():
            for position in positions:
                words[int(position)] = word
        doi = item.get("doi")
        doi = re.sub(r"^https?://(dx\.)?doi\.org/", "", doi).lower() if doi else None
        return Found(
            source=self.name,
            url=str(item.get("id") or self.base_url),
            doi=doi,
            titles=tuple(t for t in (item.get("title") or item.get("display_name"),) if t),
            creators=names,
            year=item.get("publication_year"),
            abstract=" ".join(words[i] for i in sorted(words)) or None,
            orcids=orcids,
        )

    def by_doi(self, doi: str) -> Found | None:
        data = self._get(f"/works/doi:{quote(doi, safe='/')}", {})
        return self._found(data) if data else None

    def by_title(self, title: str) -> list[Found]:
        cleaned = " ".join(re.sub(r"[,:|!]", " ", title).split())
        data = self._get("/works", {"filter": f"title.search:{cleaned}", "per-page": "3"})
        return [self._found(item) for item in (data or {}).get("results", [])]


@attrs.frozen
class Enrichment:
    """What enrichment added to one record.

    Attributes:
        added: field name to ``{"value": ..., "source": ..., "url": ...}``; ``orcid`` holds a
            list of ``{"name", "orcid"}``. Never a field the record already had.
        status: ``"enriched"``, ``"nothing to add"``, ``"not found"`` or ``"deferred"``
            (the service asked us to wait longer than allowed; try again later).
        note: why, for anything but ``"enriched"``.
    """

    added: Mapping[str, Any]
    status: str
    note: str = ""


def _has(metadata: Mapping[str, Any], name: str) -> bool:
    return any(str(v).strip() for v in metadata.get(name) or ())


def enrich(record: Any, service: Service) -> Enrichment:
    """Look ``record`` up in ``service`` and return what it can add (nothing is overwritten)."""
    from ._normalize import NormalizedRecord, normalize

    rec = record if isinstance(record, NormalizedRecord) else normalize(record)
    mine: Work = work_of(rec)
    try:
        if rec.dois:
            found = service.by_doi(rec.dois[0])
            candidates = [found] if found else []
        elif rec.titles:
            candidates = service.by_title(rec.titles[0])
        else:
            return Enrichment({}, "not found", "the record has neither a DOI nor a title")
    except Deferred as exc:
        return Enrichment({}, "deferred", str(exc))
    except HostUnreachable:
        raise  # the service's URL is wrong (a name that does not resolve, a typo'd port)
    except (HarvestError, ValueError) as exc:
        return Enrichment({}, "not found", f"{service.name}: {exc}")
    match: Found | None = None
    for found in candidates:
        if rec.dois and found.doi == rec.dois[0]:
            match = found
            break
        if compare(mine, work_of(found.as_row())):
            match = found
            break
    if match is None:
        return Enrichment({}, "not found", f"{service.name} has no record of this work")
    added: dict[str, Any] = {}
    origin = {"source": service.name, "url": match.url}
    if match.abstract and not _has(rec.metadata, "description"):
        added["abstract"] = {"value": match.abstract, **origin}
    if match.doi and not rec.dois:
        added["doi"] = {"value": match.doi, **origin}
    known = any(_orcid(v) for values in rec.metadata.values() for v in values)
    if match.orcids and not known:
        added["orcid"] = {
            "value": [{"name": name, "orcid": orcid} for name, orcid in match.orcids],
            **origin,
        }
    if not added:
        return Enrichment({}, "nothing to add", f"{service.name} knows nothing the record lacks")
    return Enrichment(added, "enriched")
