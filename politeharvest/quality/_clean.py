"""``politeharvest clean``: normalise, deduplicate and enrich a harvest file.

The input is read in passes, so memory holds one line number per record and the
deduplication index, not the records: the first finds each record's newest version (an
incremental harvest appends updates and deletions to the same file), the second normalises
and indexes those, the last writes one row per work. The output is
written to a temporary file beside it and renamed when complete, so it is never half written.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, TextIO

import attrs

from politeharvest._files import atomic_write

from ._dedup_index import SQLiteDedupIndex
from ._dedupe import Cluster, Deduplicator
from ._enrich import Service, enrich
from ._normalize import NormalizedRecord, normalize
from ._work import work_of

__all__ = ["CleanSummary", "clean_file", "clean_row"]


@attrs.define
class CleanSummary:
    """What a clean run did."""

    read: int = 0
    written: int = 0
    fixed: int = 0
    merged: int = 0
    clusters: int = 0
    same_record: int = 0
    enriched: int = 0
    not_found: int = 0
    deferred: int = 0
    bad_lines: list[int] = attrs.field(factory=list)


def _rows(path: Path, bad: list[int] | None = None) -> Iterator[dict[str, Any]]:
    with path.open(encoding="utf-8") as handle:
        for number, line in enumerate(handle, 1):
            if not line.strip():
                continue
            try:
                row = json.loads(line)
            except ValueError:
                row = None
            if not isinstance(row, dict) or "identifier" not in row:
                if bad is not None:
                    bad.append(number)
                continue
            yield row


def _key(row: dict[str, Any]) -> tuple[str, str]:
    return str(row.get("endpoint", "")), str(row.get("identifier", ""))


def clean_row(rec: NormalizedRecord) -> dict[str, Any]:
    """One output row: the cleaned record, what was read from it, and the original."""
    raw = rec.raw
    return {
        "identifier": rec.identifier,
        "endpoint": raw.get("endpoint"),
        "datestamp": raw.get("datestamp"),
        "sets": list(raw.get("sets") or []),
        "metadata": {k: list(v) for k, v in rec.metadata.items()},
        "normalized": {
            "titles": list(rec.titles),
            "creators": [attrs.asdict(n) for n in rec.creators],
            "dates": [{"iso": d.iso, "precision": d.precision} for d in rec.dates],
            "issued": (
                {"iso": rec.issued.iso, "precision": rec.issued.precision} if rec.issued else None
            ),
            "version": rec.version or None,
            "dois": list(rec.dois),
            "issns": list(rec.issns),
            "isbns": list(rec.isbns),
            "languages": list(rec.languages),
        },
        "fixes": list(rec.fixes),
        "original": raw.get("metadata") or {},
    }


def clean_file(
    source: Path,
    out: TextIO | Path,
    *,
    dedupe: bool = False,
    clusters: Path | None = None,
    index: Path | None = None,
    service: Service | None = None,
    on_record: Callable[[str], None] | None = None,
) -> CleanSummary:
    """Clean ``source`` (rows as ``harvest`` writes them) into ``out``.

    Args:
        source: the input file.
        out: where the cleaned rows go (a path, written atomically, or an open text stream).
        dedupe: merge records that describe the same work: one row per work, its ``sources``
            listing every member's identifier, endpoint and sets, ``merge_reason`` saying why.
        clusters: also write one line per cluster of two or more records
            (``{"cluster": [identifier, ...], "reason": "..."}``).
        index: keep the deduplication index in this SQLite file, so that later runs (other
            repositories, other harvest files) are deduplicated against this one.
        service: a `CrossrefClient` or `OpenAlexClient`: fill missing abstracts, DOIs and
            ORCIDs (never overwriting), with the source of each added value.
        on_record: called with a phase name (``"read"``, ``"write"``) per record (progress).
    """
    summary = CleanSummary()
    # The same record in several sets or files is one row, its sets merged; when a later
    # harvest appended a newer version (or its deletion), the newest version is the record.
    sets: dict[tuple[str, str], list[str]] = {}
    newest: dict[tuple[str, str], tuple[str, int]] = {}
    for number, row in enumerate(_rows(source, summary.bad_lines)):
        summary.read += 1
        key = _key(row)
        stamp = str(row.get("datestamp") or "")
        if key in sets:
            summary.same_record += 1
            sets[key] = list(dict.fromkeys([*sets[key], *(row.get("sets") or [])]))
            if stamp < newest[key][0]:
                continue
        else:
            sets[key] = list(row.get("sets") or [])
        newest[key] = (stamp, number)
    chosen = {number for _, number in newest.values()}
    dedup = Deduplicator(SQLiteDedupIndex(index) if index else None) if dedupe else None
    try:
        if dedup is not None:
            for number, row in enumerate(_rows(source)):
                if number in chosen and not row.get("deleted"):
                    dedup.add(work_of(normalize(row)))
                    if on_record:
                        on_record("read")
        found: list[Cluster] = dedup.clusters() if dedup is not None else []
    finally:
        if dedup is not None:
            dedup.index.close()
    member_of: dict[tuple[str, str], Cluster] = {}
    for cluster in found:
        for member in zip(cluster.member_endpoints, cluster.identifiers, strict=True):
            member_of[member] = cluster
    if clusters is not None:
        atomic_write(
            clusters,
            (
                json.dumps({"cluster": list(c.identifiers), "reason": c.reason}, ensure_ascii=False)
                + "\n"
                for c in found
            ),
        )
    summary.clusters = len(found)

    def rows_out() -> Iterator[str]:
        for number, row in enumerate(_rows(source)):
            if number not in chosen:
                continue
            key = _key(row)
            cluster = member_of.get(key)
            if cluster is not None:
                members = zip(cluster.member_endpoints, cluster.identifiers, strict=True)
                if next(m for m in members if m in sets) != key:
                    summary.merged += 1
                    continue
            rec = normalize({**row, "sets": sets[key]})
            out_row = clean_row(rec)
            if rec.fixes:
                summary.fixed += 1
            if cluster is not None:
                out_row["sources"] = [
                    {
                        "identifier": i,
                        "endpoint": e,
                        **({"sets": sets[(e, i)]} if (e, i) in sets else {}),
                    }
                    for i, e in zip(cluster.identifiers, cluster.member_endpoints, strict=True)
                ]
                out_row["merge_reason"] = cluster.reason
            if service is not None and not row.get("deleted"):
                result = enrich(rec, service)
                out_row["enrichment"] = {"status": result.status, "note": result.note}
                if result.added:
                    out_row["enriched"] = dict(result.added)
                    summary.enriched += 1
                elif result.status == "deferred":
                    summary.deferred += 1
                elif result.status == "not found":
                    summary.not_found += 1
            summary.written += 1
            if on_record:
                on_record("write")
            yield json.dumps(out_row, ensure_ascii=False, sort_keys=True) + "\n"

    if isinstance(out, Path):
        atomic_write(out, rows_out())
    else:
        for line in rows_out():
            out.write(line)
    return summary
