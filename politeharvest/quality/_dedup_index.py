"""Where the deduplicator keeps what it has seen (shell for SQLite): the blocking index.

A `DedupIndex` holds every work added, an inverted index of title words (how many works
have each word, and which), the works of each DOI and of each record, the merges found, and
the headings: short titles that one repository uses `REPEATED` times in one year (columns
such as "Trade Press News"), merged only by DOI or by what shows one item.
`MemoryDedupIndex` keeps it in memory; `SQLiteDedupIndex` in a file, so that several
harvests deduplicate together.
"""

from __future__ import annotations

import json
import sqlite3
from collections import Counter, defaultdict
from collections.abc import Iterator
from collections.abc import Set as AbstractSet
from pathlib import Path
from typing import Protocol

from ._work import Work

__all__ = ["REPEATED", "DedupIndex", "MemoryDedupIndex", "SQLiteDedupIndex"]

REPEATED = 2
"""A title that one repository uses this many times is a heading, merged only by DOI."""


def _column_like(work: Work) -> bool:
    """Whether a repeated title is a column rather than one work deposited twice.

    Short titles that a repository repeats within one year are columns ("Trade Press News",
    "Career forum").
    """
    return work.year is not None and len(work.words) <= 3


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
        for word in work.keys:
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
        self._db.executemany("INSERT INTO dedup_words VALUES (?, ?)", [(w, rid) for w in work.keys])
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
