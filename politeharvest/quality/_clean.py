"""``politeharvest clean``: a harvest normalised, deduplicated and enriched, and nothing lost.

Each output row is the harvested row with every field it had (its ``fulltext``, ``deleted``,
``metadata_prefix``, ``sets``, ``endpoint``, and any field of the user's own), cleaned where
cleaning changes something: ``metadata`` cleaned (the harvested metadata kept as it came in
``original``), and beside it ``normalized`` and ``fixes``. Records found to describe one work
share a ``cluster_id``; with deduplication the work's row carries every member as it was
harvested (``members``), so a wrong merge can be undone from the output alone.

The input is read in passes (`Cleaner.read` gives its rows each time), so memory holds one
line number per record, the deduplication index and the rows of merged members, not the
records: the first pass finds each record's newest version (an incremental harvest appends
updates and deletions to the same file) and the files retried later (``retry`` rows), the
second normalises and indexes those, the last yields one row per record (or per work).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable, Iterator, Mapping
from pathlib import Path
from typing import Any

import attrs

from politeharvest._rows import is_file_update

from ._dedup_index import SQLiteDedupIndex
from ._dedupe import Cluster, Deduplicator
from ._enrich import Service, enrich
from ._normalize import NormalizedRecord, normalize
from ._work import work_of

__all__ = ["CleanSummary", "Cleaner", "clean_row", "cluster_id"]

Row = Mapping[str, Any]
Key = tuple[str, str]


@attrs.define
class CleanSummary:
    """What a clean run did.

    Attributes:
        read: records read (rows that are records, versions and repeats included).
        updates: rows of files retried later (``retry``), joined to their records.
        written: rows written.
        fixed: records whose metadata cleaning changed.
        merged: records merged into another's row (``--dedupe``).
        clusters: clusters of two or more records found.
        same_record: rows that repeat a record (another set, a newer version).
        enriched: records given a value by the service.
        not_found: records the service did not know.
        deferred: records the service asked to wait for beyond the policy.
    """

    read: int = 0
    updates: int = 0
    written: int = 0
    fixed: int = 0
    merged: int = 0
    clusters: int = 0
    same_record: int = 0
    enriched: int = 0
    not_found: int = 0
    deferred: int = 0


def _key(row: Row) -> Key:
    return str(row.get("endpoint") or ""), str(row.get("identifier", ""))


def cluster_id(cluster: Cluster) -> str:
    """A cluster's id: the same members give the same id, in every run and output."""
    members = sorted(
        f"{e}\n{i}" for e, i in zip(cluster.member_endpoints, cluster.identifiers, strict=True)
    )
    return hashlib.sha256("\n\n".join(members).encode("utf-8")).hexdigest()[:16]


def clean_row(rec: NormalizedRecord) -> dict[str, Any]:
    """One output row: the harvested row (`rec.raw`), every field kept, and the cleaning.

    ``metadata`` is the cleaned metadata, ``original`` the harvested one (a row cleaned
    before keeps the ``original`` it has), ``normalized`` what was read from it and
    ``fixes`` what was changed.
    """
    raw = rec.raw
    return {
        **raw,
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
        "original": raw["original"] if "original" in raw else (raw.get("metadata") or {}),
    }


@attrs.define
class Cleaner:
    """Clean the rows of a harvest (`read`): `scan` once, then `rows` (and `cluster_lines`).

    Args:
        read: gives the input's rows (as ``harvest`` writes them), afresh on each call.
        dedupe: merge records that describe the same work: one row per work, its
            ``members`` the rows of every member as harvested.
        clusters: find the clusters without merging: one row per record, each with the id
            of its cluster (``cluster``). `dedupe` finds them too.
        index: keep the deduplication index in this SQLite file, so that later runs (other
            repositories, other harvest files) are deduplicated against this one.
        service: a `CrossrefClient` or `OpenAlexClient`: fill missing abstracts, DOIs and
            ORCIDs (never overwriting), with the source of each added value.
        on_record: called with a phase name (``"read"``, ``"write"``) per record (progress).
    """

    read: Callable[[], Iterable[Row]]
    dedupe: bool = False
    clusters: bool = False
    index: Path | None = None
    service: Service | None = None
    on_record: Callable[[str], None] | None = None
    summary: CleanSummary = attrs.field(factory=CleanSummary)
    found: list[Cluster] = attrs.field(factory=list)
    _sets: dict[Key, list[str]] = attrs.field(factory=dict, init=False)
    _chosen: set[int] = attrs.field(factory=set, init=False)
    _updates: dict[str, tuple[int, Any]] = attrs.field(factory=dict, init=False)
    _member_of: dict[Key, Cluster] = attrs.field(factory=dict, init=False)
    _members: dict[Key, list[dict[str, Any]]] = attrs.field(factory=dict, init=False)
    _stands: set[int] = attrs.field(factory=set, init=False)

    def scan(self) -> CleanSummary:
        """Read the input: each record's newest version, its sets, its files; the clusters."""
        summary = self.summary
        # The same record in several sets or files is one row, its sets merged; when a later
        # harvest appended a newer version (or its deletion), the newest version is the record.
        # A record harvested in two formats (oai_dc and marc21 into one file) is two rows.
        sets = self._sets
        newest: dict[tuple[str, str, str], tuple[str, int]] = {}
        for number, row in enumerate(self.read()):
            if is_file_update(row):
                summary.updates += 1
                self._updates[str(row["identifier"])] = (number, row["fulltext"])
                continue
            summary.read += 1
            key = _key(row)
            version = (*key, str(row.get("metadata_prefix") or ""))
            stamp = str(row.get("datestamp") or "")
            sets[key] = list(dict.fromkeys([*sets.get(key, ()), *(row.get("sets") or [])]))
            if version in newest:
                summary.same_record += 1
                if stamp < newest[version][0]:
                    continue
            newest[version] = (stamp, number)
        self._chosen = {number for _, number in newest.values()}
        if self.dedupe or self.clusters:
            self._find_clusters()
        return summary

    def _find_clusters(self) -> None:
        dedup = Deduplicator(SQLiteDedupIndex(self.index) if self.index else None)
        try:
            for number, row in enumerate(self.read()):
                # a tombstone is no work; nor is a row of another format (its XML alone)
                if number in self._chosen and not row.get("deleted") and row.get("metadata"):
                    dedup.add(work_of(normalize(row)))
                    if self.on_record:
                        self.on_record("read")
            self.found = dedup.clusters()
        finally:
            dedup.index.close()
        for cluster in self.found:
            for member in zip(cluster.member_endpoints, cluster.identifiers, strict=True):
                self._member_of[member] = cluster
        self.summary.clusters = len(self.found)
        if self.dedupe and self.found:
            # the rows of the members, as harvested: the work's row carries them all
            stands: dict[Key, tuple[bool, int]] = {}
            for number, row in enumerate(self.read()):
                if number in self._chosen and not is_file_update(row):
                    key = _key(row)
                    if key in self._member_of:
                        self._members.setdefault(key, []).append(self._harvested(number, row))
                        # the work's row: its first member's first row with metadata
                        rank = (not row.get("metadata"), number)
                        stands[key] = min(stands.get(key, rank), rank)
            self._stands = {number for _, number in stands.values()}

    def _first(self, cluster: Cluster) -> Key:
        """The member whose row stands for the work: the first of this input's."""
        members = zip(cluster.member_endpoints, cluster.identifiers, strict=True)
        return next(m for m in members if m in self._sets)

    def _harvested(self, number: int, row: Row) -> dict[str, Any]:
        """The record as harvested: its sets joined, a file retried later in its ``fulltext``."""
        key = _key(row)
        out = {**row, "sets": self._sets[key]}
        update = self._updates.get(key[1])
        if update is not None and update[0] > number:
            out["fulltext"] = update[1]
        return out

    def cluster_lines(self) -> Iterator[dict[str, Any]]:
        """One line per cluster: ``cluster_id``, identifiers (``cluster``), endpoints, reason."""
        for c in self.found:
            yield {
                "cluster_id": cluster_id(c),
                "cluster": list(c.identifiers),
                "endpoints": list(c.member_endpoints),
                "reason": c.reason,
            }

    def rows(self) -> Iterator[dict[str, Any]]:
        """The output rows, in the input's order (`scan` first)."""
        summary = self.summary
        records = {identifier for _, identifier in self._sets}
        done: set[Key] = set()  # the records merged into another's row, counted
        for number, row in enumerate(self.read()):
            if is_file_update(row):
                if str(row["identifier"]) not in records:  # its record is in another file
                    summary.written += 1
                    yield dict(row)
                continue
            if number not in self._chosen:
                continue
            key = _key(row)
            cluster = self._member_of.get(key)
            if cluster is not None and self.dedupe:
                if self._first(cluster) != key:
                    if key not in done:
                        summary.merged += 1
                        done.add(key)
                    continue
                if number not in self._stands:
                    continue  # another format of the record: among the work's members
            harvested = self._harvested(number, row)
            rec = normalize(harvested)
            out_row = clean_row(rec)
            if rec.fixes:
                summary.fixed += 1
            if cluster is not None:
                out_row["cluster_id"] = cluster_id(cluster)
                out_row["cluster_reason"] = cluster.reason
                if self.dedupe:
                    self._merge(out_row, cluster)
            if self.service is not None and not row.get("deleted"):
                self._enrich(out_row, rec)
            summary.written += 1
            if self.on_record:
                self.on_record("write")
            yield out_row

    def _merge(self, out_row: dict[str, Any], cluster: Cluster) -> None:
        """A work's row: every member as harvested, so that the merge can be undone.

        Each member's row (each of its rows, when it was harvested in several formats); a
        member indexed by an earlier run (``index``) is named by identifier and endpoint, its
        row being in that run's input.
        """
        members: list[dict[str, Any]] = []
        sources: list[dict[str, Any]] = []
        for endpoint, identifier in zip(cluster.member_endpoints, cluster.identifiers, strict=True):
            key = (endpoint, identifier)
            members.extend(
                self._members.get(key) or [{"identifier": identifier, "endpoint": endpoint}]
            )
            sources.append(
                {
                    "identifier": identifier,
                    "endpoint": endpoint,
                    **({"sets": self._sets[key]} if key in self._sets else {}),
                }
            )
        out_row["members"] = members
        out_row["sources"] = sources
        out_row["merge_reason"] = cluster.reason

    def _enrich(self, out_row: dict[str, Any], rec: NormalizedRecord) -> None:
        assert self.service is not None
        summary = self.summary
        result = enrich(rec, self.service)
        out_row["enrichment"] = {"status": result.status, "note": result.note}
        if result.added:
            out_row["enriched"] = dict(result.added)
            summary.enriched += 1
        elif result.status == "deferred":
            summary.deferred += 1
        elif result.status == "not found":
            summary.not_found += 1
