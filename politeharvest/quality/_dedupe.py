"""Deduplication of harvested records (core, streaming): DOI first, then title similarity.

Streaming: records come one at a time (`Deduplicator.add`); each is compared only with the
records that share one of its rarest title words or a DOI (blocking through an inverted index),
so the cost grows about linearly with the number of records. The index is a `DedupIndex`
(`._dedup_index`): in memory by default, or a SQLite file so that several harvests deduplicate
together. What is read of a record is its `Work` (`._work`); the decision for a pair is pure
(`compare`, `._compare`, which lists its rules). The merges found make clusters
(`Deduplicator.clusters`): a union of every pair merged, less title merges of titles that
turned out to be one repository's repeated headings.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable
from typing import Any

import attrs

from ._compare import _years_apart, compare, mistyped_doi, swapped_dois
from ._dedup_index import DedupIndex, MemoryDedupIndex
from ._work import Work, work_of

__all__ = ["Cluster", "Deduplicator", "Merge"]


def _precedence(a: Work, b: Work) -> tuple[bool, bool]:
    """How late a merge joins parts: records of two years last, then of two titles."""
    two_years = _years_apart(a, b)  # of one year when a year in another calendar meets
    return two_years, not set(a.titles) & set(b.titles)


def _two_items(x: Work, y: Work) -> bool:
    """Whether one repository's two records have other type labels and no title in common."""
    return x.types != y.types and bool(x.titles and y.titles) and not set(x.titles) & set(y.titles)


#: How far apart two numbers of one series are neighbours: items inventoried together.
_NEIGHBOURS = 20


def _neighbours(mine: set[int], theirs: set[int]) -> bool:
    """Whether two sets of numbers of one series share none and have two near each other.

    Two items inventoried together (``VVM 3851/257`` and ``…/258``) are two objects that
    may share a description; numbers far apart are as often another database's accession
    numbers drawn for each copy, which say nothing.
    """
    if not mine.isdisjoint(theirs):
        return False
    return any(abs(x - y) <= _NEIGHBOURS for x in mine for y in theirs)


class _Parts:
    """What the parts of a clustering hold, to refuse a merge that would join two works.

    A merge joins two parts (sets of records already merged); it is refused when the parts
    hold records that are two works by their own evidence, though no record of one was
    compared with any of the other:

    - records whose types name two kinds of item (`kind_of`): a thesis and the later article
      of the same title, joined through a copy whose type is a label in another language;
    - two records of one repository with other type labels and no title in common: a
      repository that lists a work twice gives it its title twice (the labels may differ,
      "Tez" and "Thesis"), so its "Report" and its "Policy brief" with the report's title
      and more are two items (a report and the brief summarising it, each with a copy
      elsewhere);
    - two records that mark items of one series with two neighbouring numbers
      (`shelf_mark`, `_neighbours`): two photographs of one scene, inventoried one after
      the other.

    A merge of two records that were compared and found one work despite that (a thesis and
    an article that give one DOI as their own) is kept.
    """

    def __init__(self) -> None:
        self._kinds: dict[int, set[str]] = {}
        self._labels: dict[int, dict[str, list[Work]]] = {}
        self._marks: dict[int, dict[str, set[int]]] = {}

    def _add(self, root: int, work: Work) -> None:
        if root in self._kinds:
            return
        self._kinds[root] = {work.kind} - {""}
        self._labels[root] = {work.endpoint: [work]} if work.types else {}
        marks: dict[str, set[int]] = defaultdict(set)
        for series, number in work.shelf_marks:
            marks[series].add(number)
        self._marks[root] = dict(marks)

    def joins(self, ra: int, rb: int, a: Work, b: Work) -> bool:
        """Whether the merge ``a ~ b`` may join the parts of roots ``ra`` and ``rb``."""
        self._add(ra, a)
        self._add(rb, b)
        kinds_a, kinds_b = self._kinds[ra], self._kinds[rb]
        compared = bool(a.kind and b.kind and a.kind != b.kind)  # `compare` weighed the kinds
        if kinds_a - kinds_b and kinds_b - kinds_a and not compared:
            return False
        labels_a, labels_b = self._labels[ra], self._labels[rb]
        pair = (a.identifier, b.identifier)
        for endpoint in labels_a.keys() & labels_b.keys():
            for x in labels_a[endpoint]:
                for y in labels_b[endpoint]:
                    if _two_items(x, y) and (x.identifier, y.identifier) != pair:
                        return False
        marks_a, marks_b = self._marks[ra], self._marks[rb]
        shared = marks_a.keys() & marks_b.keys()
        return not any(_neighbours(marks_a[series], marks_b[series]) for series in shared)

    def unite(self, root: int, other: int) -> None:
        """Record that the part of ``other`` joined the part of ``root``."""
        self._kinds[root] |= self._kinds.pop(other)
        for endpoint, labels in self._labels.pop(other).items():
            self._labels[root].setdefault(endpoint, []).extend(labels)
        for series, numbers in self._marks.pop(other).items():
            self._marks[root].setdefault(series, set()).update(numbers)


@attrs.frozen
class Merge:
    """Two records found to describe the same work, and why."""

    a: str
    b: str
    reason: str


@attrs.frozen
class Cluster:
    """Records describing one work.

    Attributes:
        identifiers: every member's identifier, in the order they were added.
        member_endpoints: each member's repository, in the same order.
        reasons: why each merge was made (``"a ~ b: reason"``).
    """

    identifiers: tuple[str, ...]
    member_endpoints: tuple[str, ...]
    reasons: tuple[str, ...]

    @property
    def endpoints(self) -> tuple[str, ...]:
        """The repositories the members came from, each once."""
        return tuple(dict.fromkeys(self.member_endpoints))

    @property
    def reason(self) -> str:
        return "; ".join(self.reasons)


class Deduplicator:
    """Clusters records that describe the same work, saying why for every merge.

    Feed records with `add` (rows as ``harvest`` writes them, or `NormalizedRecord` values),
    then read `clusters`. Pass ``index=SQLiteDedupIndex(path)`` to deduplicate across runs.

    Args:
        index: where records are indexed (in memory by default).
        keys: how many of a record's rarest title words are looked up (blocking).
        posting_limit: words found in more records than this are too common to block on.
        min_hits: how many of those words a record must share to be compared.
    """

    def __init__(
        self,
        index: DedupIndex | None = None,
        *,
        keys: int = 5,
        posting_limit: int = 2000,
        min_hits: int = 2,
    ) -> None:
        self.index: DedupIndex = index if index is not None else MemoryDedupIndex()
        self.keys = keys
        self.posting_limit = posting_limit
        self.min_hits = min_hits
        self.compared = 0

    def add(self, record: Any) -> list[Merge]:
        """Index one record and return the merges it makes with records seen before.

        A record already seen (same repository and identifier, for example from another set)
        is not indexed twice; merging its rows is the caller's business (``clean`` does it).
        """
        work = record if isinstance(record, Work) else work_of(record)
        index = self.index
        if index.by_identifier(work.endpoint, work.identifier) is not None:
            return []  # the same record again (another set, another harvest file)
        hits: Counter[int] = Counter()
        for doi in work.dois:
            hits.update(dict.fromkeys(index.by_doi(doi), self.keys))

        def rarest(words: frozenset[str], count: int) -> list[str]:
            return sorted(words, key=lambda w: (index.frequency(w), -len(w), w))[:count]

        count = max(self.keys, (len(work.words) + 1) // 2)  # long, noisy titles: more keys
        picked = [*rarest(work.words, count), *rarest(work.head_words, 3)]
        if work.lossy:  # the words as an intact copy's plain form has them too
            picked += rarest(work.plain_view().words, count)
        chosen = list(dict.fromkeys(picked))
        for word in chosen:
            found = index.postings(word, self.posting_limit)
            if found:
                hits.update(found)
        need = min(self.min_hits, len(chosen))
        candidates = [rid for rid, n in hits.items() if n >= need]
        headings = index.headings()
        rid = index.add(work)
        merges: list[Merge] = []
        for other in sorted(candidates):
            seen = index.work(other)
            self.compared += 1
            reason = compare(seen, work, headings=headings)
            if reason:
                index.add_edge(other, rid, reason)
                merges.append(Merge(seen.identifier, work.identifier, reason))
        return merges

    def extend(self, records: Iterable[Any]) -> None:
        for record in records:
            self.add(record)

    def _slip(self, a: int, b: int) -> tuple[int, int, str] | None:
        """The merge to make instead of ``a ~ b`` when their DOI is one record's slip.

        A copy whose DOI has two neighbouring characters swapped shows another work's DOI
        (``…0279`` for ``…0297``); when a record giving the intended DOI as its own has
        the copy's title and authors, and the record of the shown DOI does not
        (`mistyped_doi`), the copy belongs to the former.
        """
        index = self.index
        works = index.work(a), index.work(b)
        for doi in sorted(works[0].dois & works[1].dois):
            for copy, other in ((0, 1), (1, 0)):
                for slipped in swapped_dois(doi):
                    for owner in index.by_doi(slipped):
                        if owner in (a, b):
                            continue
                        why = mistyped_doi(works[copy], works[other], index.work(owner), doi)
                        if why:
                            return (min(owner, (a, b)[copy]), max(owner, (a, b)[copy]), why)
        return None

    def clusters(self) -> list[Cluster]:
        """The clusters of two or more records.

        Title merges of titles that turned out to be repeated headings within one repository
        are dropped here.
        """
        index = self.index
        headings = index.headings()
        parent: dict[int, int] = {}

        def find(x: int) -> int:
            root = x
            while parent.get(root, root) != root:
                root = parent[root]
            while parent.get(x, x) != root:
                parent[x], x = root, parent[x]
            return root

        reasons: dict[int, list[tuple[int, int, str]]] = defaultdict(list)
        kept: list[tuple[int, int, str]] = []
        edges: list[tuple[int, int, str]] = []
        for a, b, reason in index.edges():
            if (
                headings
                and not reason.startswith(("same DOI", "same record", "same heading"))
                and (index.work(a).title_key in headings or index.work(b).title_key in headings)
            ):
                continue
            if reason.startswith("same DOI") and (slip := self._slip(a, b)):
                a, b, reason = slip  # the DOI was typed wrong: the copy is another record's
            edges.append((a, b, reason))
        # Merges of records of one year first, and of one title before titles alike: a copy
        # dated as a thesis joins the thesis before the later article of its title, a copy of
        # a report joins the report before the brief with the report's title and more (see
        # `_Parts.joins`, which then refuses the other merge).
        edges.sort(key=lambda e: _precedence(index.work(e[0]), index.work(e[1])))
        parts = _Parts()
        for a, b, reason in edges:
            ra, rb = find(a), find(b)
            if ra == rb:
                kept.append((a, b, reason))
                continue
            wa, wb = index.work(a), index.work(b)
            if not parts.joins(ra, rb, wa, wb):
                continue  # the two parts hold two works: this merge is a chain's weak link
            kept.append((a, b, reason))
            root, other = min(ra, rb), max(ra, rb)
            parent[other] = root
            parts.unite(root, other)
        members: dict[int, list[int]] = defaultdict(list)
        for rid in sorted({x for a, b, _ in kept for x in (a, b)}):
            members[find(rid)].append(rid)
        for a, b, reason in kept:
            reasons[find(a)].append((a, b, reason))
        out = []
        for root, rids in sorted(members.items()):
            works = [index.work(r) for r in rids]
            if len(rids) < 2:
                continue
            out.append(
                Cluster(
                    identifiers=tuple(w.identifier for w in works),
                    member_endpoints=tuple(w.endpoint for w in works),
                    reasons=tuple(
                        f"{index.work(a).identifier} ~ {index.work(b).identifier}: {why}"
                        for a, b, why in reasons[root]
                    ),
                )
            )
        return out
