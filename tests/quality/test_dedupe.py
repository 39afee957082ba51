"""Deduplication: the pair decision as a table, its guards, the streaming index, the corpus."""

from __future__ import annotations

import itertools
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

pytest.importorskip("rapidfuzz")

from politeharvest.quality import (
    Deduplicator,
    SQLiteDedupIndex,
    compare,
    work_of,
)
from politeharvest.testing import dedupe_corpus


def row(
    ident: str,
    title: str,
    creators: list[str] | None = None,
    date: str | None = None,
    endpoint: str = "https://a.example.org/oai",
    identifiers: list[str] | None = None,
) -> dict[str, Any]:
    metadata: dict[str, list[str]] = {"title": [title], "creator": creators or []}
    if date:
        metadata["date"] = [date]
    if identifiers:
        metadata["identifier"] = identifiers
    return {"identifier": ident, "endpoint": endpoint, "metadata": metadata}


A, B = "https://a.example.org/oai", "https://b.example.org/oai"

# (name, record a, record b, same work?)
CASES = [
    (
        "same DOI in different forms",
        row("a", "A study", identifiers=["https://doi.org/10.1000/XYZ.1"]),
        row("b", "Something else", endpoint=B, identifiers=["doi:10.1000/xyz.1"]),
        True,
    ),
    (
        "different DOIs never merge",
        row("a", "Deep learning for crop yield", ["Smith, John"], "2020", A, ["10.1000/a1"]),
        row("b", "Deep learning for crop yield", ["Smith, John"], "2020", B, ["10.1000/b2"]),
        False,
    ),
    (
        "case, punctuation, entities and German letters",
        row("a", "Über die Größe von Netzwerken", ["Müller, Jürgen"], "2019"),
        row("b", "UBER DIE GRÖSSE VON NETZWERKEN.", ["J. M&#252;ller"], "2019", B),
        True,
    ),
    (
        "Turkish mojibake and reordered authors with initials",
        row("a", "Türkiye'de öğretmen yetiştirme", ["Yılmaz, Ayşe", "Kaya, Mehmet"], "2018"),
        row(
            "b",
            "TÃ¼rkiye'de Ã¶Ä\x9fretmen yetiÅ\x9ftirme",
            ["M. Kaya", "A. YÄ±lmaz"],
            "2018",
            B,
        ),
        True,
    ),
    (
        "French title with a subtitle added",
        row("a", "Les réseaux de neurones profonds en médecine", ["Lefèvre, Élodie"], "2021"),
        row(
            "b",
            "Les réseaux de neurones profonds en médecine : une revue systématique",
            ["Lefevre, E."],
            "2021",
            B,
        ),
        True,
    ),
    (
        "a typo and a missing year",
        row("a", "Distributed query optimisation in sensor networks", ["Chen, Li"], "2004"),
        row("b", "Distributed query optimsation in sensor networks", ["L. Chen"], None, B),
        True,
    ),
    (
        "hyphenation",
        row("a", "Real-time scheduling of mixed-criticality systems", ["Baruah, S."], "2012"),
        row("b", "Real time scheduling of mixed criticality systems", ["S Baruah"], "2012", B),
        True,
    ),
    (
        "heading in every issue",
        row("a", "Editor's Notes", ["Ross, Kenneth"], "2002"),
        row("b", "Editor's notes", ["K. Ross"], "2002", B),
        False,
    ),
    (
        "Turkish heading",
        row("a", "Editörden", ["Demir, Ali"], "2020"),
        row("b", "EDİTÖRDEN", ["Demir, Ali"], "2020", B),
        False,
    ),
    (
        "conference paper and its journal version of another year",
        row("a", "Adaptive indexing for column stores", ["Idreos, Stratos"], "2007"),
        row("b", "Adaptive indexing for column stores", ["Idreos, Stratos"], "2009", B),
        False,
    ),
    (
        "part 1 and part 2",
        row("a", "Soil erosion in Anatolia: Part 1", ["Koç, Emre"], "2015"),
        row("b", "Soil erosion in Anatolia: Part 2", ["Koç, Emre"], "2015", B),
        False,
    ),
    (
        "one template, two subjects",
        row("a", "The economic impact of tourism in Antalya province", ["Arslan, F."], "2016"),
        row("b", "The economic impact of tourism in Nevsehir province", ["Arslan, F."], "2016", B),
        False,
    ),
    (
        "same title, other people",
        row("a", "Machine learning for medical image segmentation", ["Wang, Wei"], "2020"),
        row("b", "Machine learning for medical image segmentation", ["Garcia, Ana"], "2020", B),
        False,
    ),
    (
        "same family name, other first initial",
        row("a", "Machine learning for medical image segmentation", ["Dupont, Tomás"], "2020"),
        row("b", "Machine learning for medical image segmentation", ["François Dupont"], "2020", B),
        False,
    ),
    (
        "two records of one repository",
        row("a", "Neural machine translation for low resource languages", ["Sato, K."], "2019"),
        row("b", "Neural machine translation for low resource languages", ["Sato, K."], "2019"),
        False,
    ),
    (
        "a title inside a citation-like string, with a shared author",
        row("a", "Selectivity estimation in spatial databases", ["Acharya, S."], "1999"),
        row(
            "b",
            "and S. Ramaswamy. Selectivity estimation in spatial databases",
            ["S Acharya"],
            None,
            B,
        ),
        True,
    ),
]


@pytest.mark.parametrize(("name", "a", "b", "same"), CASES, ids=[c[0] for c in CASES])
def test_compare_table(name: str, a: dict[str, Any], b: dict[str, Any], same: bool) -> None:
    reason = compare(work_of(a), work_of(b))
    assert bool(reason) is same, (name, reason)
    assert bool(compare(work_of(b), work_of(a))) is same  # the decision is symmetric


def test_reasons_say_why() -> None:
    a = row("a", "Adaptive indexing for column stores", ["Idreos, Stratos"], "2007")
    b = row("b", "Adaptive Indexing for Column-Stores", ["S. Idreos"], "2007", B)
    assert compare(work_of(a), work_of(b)) == "title 100% alike, 1 shared author, same year 2007"


words = st.text(alphabet="abcdefghijklmnoprstuvyzçğıöşü", min_size=3, max_size=9)


@settings(max_examples=200, deadline=None)
@given(
    st.lists(words, min_size=1, max_size=8),
    st.lists(words, min_size=1, max_size=8),
    st.lists(words, max_size=3),
    st.lists(words, max_size=3),
    st.sampled_from([None, "2001", "2002"]),
    st.sampled_from([None, "2001", "2002"]),
)
def test_compare_is_symmetric_and_never_merges_a_repository_with_itself(
    ta: list[str],
    tb: list[str],
    pa: list[str],
    pb: list[str],
    ya: str | None,
    yb: str | None,
) -> None:
    a = row("a", " ".join(ta), [p.capitalize() for p in pa], ya)
    b = row("b", " ".join(tb), [p.capitalize() for p in pb], yb, B)
    assert bool(compare(work_of(a), work_of(b))) == bool(compare(work_of(b), work_of(a)))
    same_repo = {**b, "endpoint": A}
    assert compare(work_of(a), work_of(same_repo)) is None
    if ya and yb and ya != yb:
        assert compare(work_of(a), work_of(b)) is None


def _pairs(clusters: Any) -> set[tuple[str, str]]:
    return {p for c in clusters for p in itertools.combinations(sorted(c.identifiers), 2)}


def test_generated_corpus_precision_and_recall() -> None:
    corpus = dedupe_corpus(2000, duplicates=300, traps=200, seed=3)
    dedup = Deduplicator()
    dedup.extend(corpus.rows)
    predicted = _pairs(dedup.clusters())
    truth = {tuple(sorted(p)) for p in corpus.pairs}
    tp = len(predicted & truth)
    assert tp / len(predicted) >= 0.99
    assert tp / len(truth) >= 0.95
    assert not predicted & {tuple(sorted(p)) for p in corpus.traps}
    # blocking keeps the comparisons near linear: a few per record, not n^2
    assert dedup.compared < 5 * len(corpus.rows)


def test_sqlite_index_deduplicates_across_runs(tmp_path: Path) -> None:
    corpus = dedupe_corpus(1200, duplicates=150, traps=80, seed=5)
    memory = Deduplicator()
    memory.extend(corpus.rows)
    expected = _pairs(memory.clusters())
    path = tmp_path / "dedupe.sqlite"
    half = len(corpus.rows) // 2
    first = Deduplicator(SQLiteDedupIndex(path))
    first.extend(corpus.rows[:half])
    first.index.close()
    second = Deduplicator(SQLiteDedupIndex(path))  # another run, another file
    second.extend(corpus.rows[half:])
    assert _pairs(second.clusters()) == expected
    second.index.close()


def test_same_record_twice_is_indexed_once() -> None:
    dedup = Deduplicator()
    r = row("x", "Crop rotation in the Konya plain", ["Kaya, A."], "2010")
    assert dedup.add(r) == []
    assert dedup.add({**r, "sets": ["other"]}) == []
    assert dedup.index.count() == 1


def test_repeated_short_title_in_one_repository_is_a_column() -> None:
    dedup = Deduplicator()
    dedup.add(row("a1", "Trade Press News", ["Alonso, Rafael"], "1995"))
    dedup.add(row("a2", "Trade Press News", ["Alonso, Rafael"], "1995"))
    dedup.add(row("b1", "Trade press news", ["R. Alonso"], "1995", B))
    assert dedup.clusters() == []
