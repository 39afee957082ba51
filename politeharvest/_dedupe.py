"""Deduplication of harvested records: DOI first, then title similarity with guards.

Streaming: records come one at a time (`Deduplicator.add`); each is compared only with the
records that share one of its rarest title words or a DOI (blocking through an inverted index),
so the cost grows about linearly with the number of records. The index is a `DedupIndex`: in
memory by default, or a SQLite file so that several harvests deduplicate together.

The decision for a pair is pure (`compare`): it returns why two records describe the same work,
or nothing. Guards, in order:

* different DOIs, or different years, never merge (a conference paper and its journal version
  of another year are two works);
* generic headings ("Editorial", "Introduction", "Book reviews", "Editörden", "Vorwort"...),
  titles of fewer than two content words, and short titles that one repository uses twice in
  one year (columns such as "Trade Press News") are merged only by DOI;
* titles whose numbers differ (part 1 and part 2, volume I and II) never merge, nor titles in
  which each side has a content word the other lacks (one template, two subjects);
* when both records name authors, at least one author must agree: family name alike (order,
  initials and a one-letter typo in a long name do not matter) and first initials compatible;
* a repository's own records are distinct works unless they share a DOI;
* title evidence: 95 % alike with one corroboration (an author or the year), 85 % alike with
  a shared author, or one title contained in the other (25+ characters, 4+ words) with a
  shared author. Bracketed remarks ("(panel session)") are compared both ways.
"""

from __future__ import annotations

import functools
import json
import re
import sqlite3
from collections import Counter, defaultdict
from collections.abc import Iterable, Iterator, Mapping
from collections.abc import Set as AbstractSet
from pathlib import Path
from typing import Any, Protocol

import attrs

from ._identity import fold

__all__ = [
    "Cluster",
    "DedupIndex",
    "Deduplicator",
    "MemoryDedupIndex",
    "Merge",
    "SQLiteDedupIndex",
    "Work",
    "compare",
    "work_of",
]

_STOP = frozenset(
    [
        "a",
        "an",
        "the",
        "of",
        "and",
        "in",
        "on",
        "for",
        "to",
        "with",
        "by",
        "from",
        "at",
        "as",
        "is",
        "are",
        "using",
        "based",
        "via",
        "its",
        "their",
        "into",
        "der",
        "die",
        "das",
        "und",
        "von",
        "zur",
        "zum",
        "im",
        "ein",
        "eine",
        "le",
        "la",
        "les",
        "des",
        "du",
        "de",
        "et",
        "en",
        "un",
        "une",
        "pour",
        "sur",
        "ve",
        "ile",
        "bir",
        "icin",
    ]
)
# Headings that appear in every issue of a journal: never merged on their title alone.
_GENERIC = re.compile(
    r"^(?:guest )?(?:editor s |editors |editorial |the editor s )?"
    r"(?:notes?|message|introduction|preface|foreword|editorial|comments?|board|"
    r"book reviews?|book review column|reviews?|errat(?:um|a)|corrigend(?:um|a)|addend(?:um|a)|"
    r"index|contents|table of contents|in memoriam|obituary|letters?|"
    r"letter from the editor|from the editor|chair s message|news|announcements?|"
    r"call for papers|reminiscences on influential papers|acknowledg(?:e)?ments?|reviewers|"
    r"giris|onsoz|editorden|sunus|kitap incelemesi|vorwort|einleitung|editorial|rezensionen?|"
    r"buchbesprechungen?|avant propos|preface|introduction|comptes rendus|editorial|"
    r"presentation|liminaire|resume|abstracts?)$"
)
_NUMBERS = re.compile(r"\b(?:vol(?:ume)?|issue|no|nr|sayi|cilt|heft|part|\d+)\b")
_SUBTITLE = re.compile(r"\s*[:.?!]\s+|\s+[-\u2013\u2014]\s+|\s*[(\[]")
_BRACKETS = re.compile(r"\([^()]*\)|\[[^\[\]]*\]")
_ROMAN = re.compile(r"^(?:i{1,3}|iv|v|vi{1,3}|ix|x)$")
_YEAR = re.compile(r"\b(1[5-9]\d\d|20\d\d)\b")
REPEATED = 2
"""A title that one repository uses this many times is a heading, merged only by DOI."""


@functools.cache
def _fuzz() -> Any:
    try:
        from rapidfuzz import fuzz
    except ImportError as exc:  # pragma: no cover - the extra is installed with the tests
        raise ImportError(
            "politeharvest.quality deduplicates with rapidfuzz: "
            "pip install 'politeharvest[quality]'"
        ) from exc
    return fuzz


@attrs.frozen
class Work:
    """What deduplication reads from a record (see `work_of`).

    Attributes:
        identifier: the record's identifier; endpoint: its repository.
        titles: titles folded (lower case, no diacritics or punctuation).
        words: content words of all titles.
        surnames: the creators' family names, folded (last word of each).
        year: the first year among the dates, if any.
        dois: DOIs, lower case.
        generic: a heading such as "Editorial" (never merged on its title).
        head_words: content words of the main title (before a subtitle), for blocking.
        initials: per family name, the first initials of the given names written with it.
    """

    identifier: str
    endpoint: str
    titles: tuple[str, ...]
    words: frozenset[str]
    surnames: frozenset[str]
    year: int | None
    dois: frozenset[str]
    generic: bool
    head_words: frozenset[str] = frozenset()
    initials: Mapping[str, frozenset[str]] = attrs.field(factory=dict)

    @property
    def title_key(self) -> str:
        return self.titles[0] if self.titles else ""

    def to_json(self) -> dict[str, Any]:
        return {
            "identifier": self.identifier,
            "endpoint": self.endpoint,
            "titles": list(self.titles),
            "surnames": sorted(self.surnames),
            "year": self.year,
            "dois": sorted(self.dois),
            "head_words": sorted(self.head_words),
            "initials": {k: sorted(v) for k, v in self.initials.items()},
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Work:
        titles = tuple(data["titles"])
        return cls(
            identifier=data["identifier"],
            endpoint=data["endpoint"],
            titles=titles,
            words=_words(titles),
            surnames=frozenset(data["surnames"]),
            year=data["year"],
            dois=frozenset(data["dois"]),
            generic=_is_generic(titles),
            head_words=frozenset(data.get("head_words", ())),
            initials={k: frozenset(v) for k, v in data.get("initials", {}).items()},
        )


def _column_like(work: Work) -> bool:
    """Whether a repeated title is a column rather than one work deposited twice.

    Short titles that a repository repeats within one year are columns ("Trade Press News",
    "Career forum").
    """
    return work.year is not None and len(work.words) <= 3


def _words(titles: Iterable[str]) -> frozenset[str]:
    return frozenset(w for t in titles for w in t.split() if w not in _STOP)


def _is_generic(titles: tuple[str, ...]) -> bool:
    if not titles:
        return True
    for title in titles:
        bare = " ".join(_NUMBERS.sub(" ", title).split())
        if len([w for w in title.split() if w not in _STOP]) >= 2 and not _GENERIC.match(bare):
            return False
    return True


def work_of(record: Any) -> Work:
    """The `Work` of a `NormalizedRecord` (or of a raw row, normalised first)."""
    from .quality import NormalizedRecord, normalize

    rec = record if isinstance(record, NormalizedRecord) else normalize(record)
    variants = [v for x in rec.titles for v in (x, _BRACKETS.sub(" ", x))]
    titles = tuple(dict.fromkeys(t for t in (fold(x) for x in variants) if t))
    heads = [fold(_SUBTITLE.split(x, maxsplit=1)[0]) for x in rec.titles[:1]]
    surnames = set()
    initials: dict[str, set[str]] = defaultdict(set)
    for name in rec.creators:
        parts = fold(name.family).split()
        if parts and len(parts[-1]) > 1:
            surnames.add(parts[-1])
            initials[parts[-1]].update(_initial_letters(name.given, name.initials))
    year: int | None = None
    for date in rec.dates:
        year = int(date.iso[:4])
        break
    else:
        match = _YEAR.search(" ".join(rec.metadata.get("date", ())))
        year = int(match.group(1)) if match else None
    return Work(
        identifier=rec.identifier,
        endpoint=str(rec.raw.get("endpoint", "")),
        titles=titles,
        words=_words(titles),
        surnames=frozenset(surnames),
        year=year,
        dois=frozenset(rec.dois),
        generic=_is_generic(titles),
        head_words=_words(heads),
        initials={k: frozenset(v) for k, v in initials.items()},
    )


def _initial_letters(given: str, initials: str) -> set[str]:
    """The initials of the given names; a run of capitals (``TBJ``) is read letter by letter."""
    if re.fullmatch(r"[A-Z]{2,6}", given.strip()):
        return set(given.strip().lower())
    return {w[0] for w in fold(initials or given).split()}


def _same_name(a: str, b: str, fuzz: Any) -> bool:
    if a == b:
        return True
    if len(a) >= 4 and len(b) >= 4 and (a.startswith(b) or b.startswith(a)):
        return True
    return len(a) >= 5 and len(b) >= 5 and fuzz.ratio(a, b) >= 80


def _same_person(a: Work, x: str, b: Work, y: str, fuzz: Any) -> bool:
    if not _same_name(x, y, fuzz):
        return False
    first_a, first_b = a.initials.get(x), b.initials.get(y)
    return not first_a or not first_b or bool(first_a & first_b)  # not Tomás and François Dupont


def _shared_names(a: Work, b: Work, fuzz: Any) -> int:
    """How many of ``a``'s authors appear in ``b`` (family name alike, first initials agree)."""
    exact = sum(1 for x in a.surnames & b.surnames if _same_person(a, x, b, x, fuzz))
    if exact:
        return exact
    return sum(1 for x in a.surnames if any(_same_person(a, x, b, y, fuzz) for y in b.surnames))


def _numbers(work: Work) -> frozenset[str]:
    return frozenset(w for w in work.words if w.isdigit() or _ROMAN.match(w))


def _unmatched(a: Work, b: Work, fuzz: Any) -> bool:
    """Whether ``a`` has a content word with no counterpart in ``b`` (same, close or joined)."""
    joined = " ".join(b.titles).replace(" ", "")
    for word in a.words - b.words:
        if len(word) < 4 or word in joined:
            continue
        if not any(fuzz.ratio(word, other) >= 80 for other in b.words):
            return True
    return False


def _title_score(a: Work, b: Work, fuzz: Any) -> tuple[float, bool]:
    """Best ratio over the two records' titles, and whether one title contains the other."""
    best, contained = 0.0, False
    for ta in a.titles:
        for tb in b.titles:
            ratio = float(fuzz.ratio(ta, tb))
            best = max(best, ratio)
            short, long_ = (ta, tb) if len(ta) <= len(tb) else (tb, ta)
            if (
                ratio < 85
                and len(short) >= 25
                and len(short.split()) >= 4
                and fuzz.partial_ratio(short, long_) >= 95
            ):
                contained = True
    return best, contained


def compare(a: Work, b: Work, *, headings: AbstractSet[str] = frozenset()) -> str | None:
    """Why ``a`` and ``b`` describe the same work, or None.

    ``headings`` are title keys known to repeat within one repository (treated as generic).
    """
    if a.identifier == b.identifier and a.endpoint == b.endpoint:
        return "same record"
    if a.dois and b.dois:
        common = a.dois & b.dois
        return f"same DOI {min(common)}" if common else None
    if a.year is not None and b.year is not None and a.year != b.year:
        return None
    if a.generic or b.generic or a.title_key in headings or b.title_key in headings:
        return None
    short = min(len(a.words), len(b.words))
    if len(a.words & b.words) < 0.5 * short:
        return None
    if _numbers(a) != _numbers(b) and _numbers(a) and _numbers(b):
        return None  # part 1 and part 2, volume I and II
    fuzz = _fuzz()
    if _unmatched(a, b, fuzz) and _unmatched(b, a, fuzz):
        return None  # each title has a word the other lacks: another subject
    ratio, contained = _title_score(a, b, fuzz)
    if ratio < 85 and not contained:
        return None
    both = bool(a.surnames and b.surnames)
    shared = _shared_names(a, b, fuzz) if both else 0
    if both and not shared:
        return None
    same_year = a.year is not None and a.year == b.year
    year = f", same year {a.year}" if same_year else ""
    authors = f", {shared} shared author{'s' if shared > 1 else ''}" if shared else ""
    if a.endpoint == b.endpoint:
        return None  # a repository's own records are distinct works unless a DOI says otherwise
    if ratio >= 95 and (shared or same_year):
        return f"title {ratio:.0f}% alike{authors}{year}"
    if ratio >= 85 and shared:
        return f"title {ratio:.0f}% alike{authors}{year}"
    if contained and shared:
        return f"one title contains the other{authors}{year}"
    return None


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


class DedupIndex(Protocol):
    """Where the deduplicator keeps what it has seen (in memory, or a SQLite file)."""

    def add(self, work: Work) -> int: ...
    def work(self, rid: int) -> Work: ...
    def count(self) -> int: ...
    def frequency(self, word: str) -> int: ...
    def postings(self, word: str, limit: int) -> list[int] | None: ...
    def by_doi(self, doi: str) -> list[int]: ...
    def by_identifier(self, endpoint: str, identifier: str) -> int | None: ...
    def title_count(self, endpoint: str, title: str, year: int | None) -> int: ...
    def headings(self) -> AbstractSet[str]: ...
    def add_edge(self, a: int, b: int, reason: str) -> None: ...
    def edges(self) -> Iterator[tuple[int, int, str]]: ...
    def close(self) -> None: ...


class MemoryDedupIndex:
    """The index in memory (the default)."""

    def __init__(self) -> None:
        self._works: list[Work] = []
        self._df: Counter[str] = Counter()
        self._postings: dict[str, list[int]] = defaultdict(list)
        self._dois: dict[str, list[int]] = defaultdict(list)
        self._ids: dict[tuple[str, str], int] = {}
        self._titles: Counter[tuple[str, str, int | None]] = Counter()
        self._headings: set[str] = set()
        self._edges: list[tuple[int, int, str]] = []

    def add(self, work: Work) -> int:
        rid = len(self._works)
        self._works.append(work)
        for word in work.words:
            self._df[word] += 1
            self._postings[word].append(rid)
        for doi in work.dois:
            self._dois[doi].append(rid)
        self._ids.setdefault((work.endpoint, work.identifier), rid)
        key = (work.endpoint, work.title_key, work.year)
        self._titles[key] += 1
        if _column_like(work) and self._titles[key] >= REPEATED:
            self._headings.add(work.title_key)
        return rid

    def work(self, rid: int) -> Work:
        return self._works[rid]

    def count(self) -> int:
        return len(self._works)

    def frequency(self, word: str) -> int:
        return self._df.get(word, 0)

    def postings(self, word: str, limit: int) -> list[int] | None:
        found = self._postings.get(word, [])
        return None if len(found) > limit else found

    def by_doi(self, doi: str) -> list[int]:
        return self._dois.get(doi, [])

    def by_identifier(self, endpoint: str, identifier: str) -> int | None:
        return self._ids.get((endpoint, identifier))

    def title_count(self, endpoint: str, title: str, year: int | None) -> int:
        return self._titles.get((endpoint, title, year), 0)

    def headings(self) -> AbstractSet[str]:
        """The title keys found to be headings so far (a live view: not to be changed)."""
        return self._headings

    def add_edge(self, a: int, b: int, reason: str) -> None:
        self._edges.append((a, b, reason))

    def edges(self) -> Iterator[tuple[int, int, str]]:
        return iter(self._edges)

    def close(self) -> None:
        pass


class SQLiteDedupIndex:
    """The index in a SQLite file.

    Several runs (two repositories, many sets, one harvest file after another) then deduplicate
    together. Safe to reopen; one writer at a time.
    """

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self._db = sqlite3.connect(str(self.path))
        self._db.executescript(
            """
            PRAGMA journal_mode=WAL;
            CREATE TABLE IF NOT EXISTS dedup_works (rid INTEGER PRIMARY KEY, endpoint TEXT,
                identifier TEXT, title TEXT, year INTEGER, data TEXT);
            CREATE UNIQUE INDEX IF NOT EXISTS dedup_works_id ON dedup_works(endpoint, identifier);
            CREATE INDEX IF NOT EXISTS dedup_works_title ON dedup_works(endpoint, title, year);
            CREATE TABLE IF NOT EXISTS dedup_words (word TEXT, rid INTEGER);
            CREATE INDEX IF NOT EXISTS dedup_words_word ON dedup_words(word);
            CREATE TABLE IF NOT EXISTS dedup_dois (doi TEXT, rid INTEGER);
            CREATE INDEX IF NOT EXISTS dedup_dois_doi ON dedup_dois(doi);
            CREATE TABLE IF NOT EXISTS dedup_headings (title TEXT PRIMARY KEY);
            CREATE TABLE IF NOT EXISTS dedup_edges (a INTEGER, b INTEGER, reason TEXT);
            """
        )
        self._cache: dict[int, Work] = {}
        # one writer at a time: the headings are read once and kept up to date here
        self._headings = {r[0] for r in self._db.execute("SELECT title FROM dedup_headings")}

    def add(self, work: Work) -> int:
        cur = self._db.execute(
            "INSERT INTO dedup_works (endpoint, identifier, title, year, data)"
            " VALUES (?, ?, ?, ?, ?)",
            (
                work.endpoint,
                work.identifier,
                work.title_key,
                work.year,
                json.dumps(work.to_json()),
            ),
        )
        rid = int(cur.lastrowid or 0)
        self._db.executemany(
            "INSERT INTO dedup_words VALUES (?, ?)", [(w, rid) for w in work.words]
        )
        self._db.executemany("INSERT INTO dedup_dois VALUES (?, ?)", [(d, rid) for d in work.dois])
        if (
            _column_like(work)
            and self.title_count(work.endpoint, work.title_key, work.year) >= REPEATED
        ):
            self._db.execute("INSERT OR IGNORE INTO dedup_headings VALUES (?)", (work.title_key,))
            self._headings.add(work.title_key)
        self._cache[rid] = work
        return rid

    def work(self, rid: int) -> Work:
        if rid not in self._cache:
            (data,) = self._db.execute(
                "SELECT data FROM dedup_works WHERE rid = ?", (rid,)
            ).fetchone()
            self._cache[rid] = Work.from_json(json.loads(data))
        return self._cache[rid]

    def count(self) -> int:
        return int(self._db.execute("SELECT count(*) FROM dedup_works").fetchone()[0])

    def frequency(self, word: str) -> int:
        row = self._db.execute("SELECT count(*) FROM dedup_words WHERE word = ?", (word,))
        return int(row.fetchone()[0])

    def postings(self, word: str, limit: int) -> list[int] | None:
        rows = self._db.execute(
            "SELECT rid FROM dedup_words WHERE word = ? LIMIT ?", (word, limit + 1)
        ).fetchall()
        return None if len(rows) > limit else [r[0] for r in rows]

    def by_doi(self, doi: str) -> list[int]:
        return [r[0] for r in self._db.execute("SELECT rid FROM dedup_dois WHERE doi = ?", (doi,))]

    def by_identifier(self, endpoint: str, identifier: str) -> int | None:
        row = self._db.execute(
            "SELECT rid FROM dedup_works WHERE endpoint = ? AND identifier = ?",
            (endpoint, identifier),
        ).fetchone()
        return None if row is None else int(row[0])

    def title_count(self, endpoint: str, title: str, year: int | None) -> int:
        row = self._db.execute(
            "SELECT count(*) FROM dedup_works WHERE endpoint = ? AND title = ? AND year IS ?",
            (endpoint, title, year),
        )
        return int(row.fetchone()[0])

    def headings(self) -> AbstractSet[str]:
        """The title keys found to be headings so far (a live view: not to be changed)."""
        return self._headings

    def add_edge(self, a: int, b: int, reason: str) -> None:
        self._db.execute("INSERT INTO dedup_edges VALUES (?, ?, ?)", (a, b, reason))

    def edges(self) -> Iterator[tuple[int, int, str]]:
        return iter(self._db.execute("SELECT a, b, reason FROM dedup_edges").fetchall())

    def commit(self) -> None:
        self._db.commit()

    def close(self) -> None:
        self._db.commit()
        self._db.close()


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
        chosen = list(dict.fromkeys([*rarest(work.words, count), *rarest(work.head_words, 3)]))
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
        for a, b, reason in index.edges():
            if (
                headings
                and not reason.startswith(("same DOI", "same record"))
                and (index.work(a).title_key in headings or index.work(b).title_key in headings)
            ):
                continue
            kept.append((a, b, reason))
            ra, rb = find(a), find(b)
            if ra != rb:
                parent[max(ra, rb)] = min(ra, rb)
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
