"""Clusters that never join two works, whatever chain of merges leads there (issue 35).

A cluster is a union of merges; a copy alike to two works may link them though each pair
was compared and the pair of works never merged. These properties generate such chains,
in several scripts and with type labels no vocabulary reads, in any order of the records:

- a thesis, its catalogue copy typed only by a label in another language, and the later
  article by the student and the advisor with the same title;
- a report and the policy brief summarising it in one repository (the brief's title is the
  report's and more), each with a copy elsewhere;
- two photographs of one scene with consecutive inventory numbers, each in a museum and in
  an aggregator.
"""

# Scripts on purpose: titles, names and type labels of many writing systems.
from __future__ import annotations

from typing import Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

pytest.importorskip("rapidfuzz")

from politeharvest.quality import Deduplicator
from politeharvest.quality._work import kind_of, shelf_mark

REPOSITORY = "https://repository.example.edu/oai/request"
CATALOGUE = "https://catalogue.example.org/oai"
JOURNAL = "https://journal.example.org/index.php/j/oai"
AGGREGATOR = "https://aggregator.example.org/oai"

_WORDS = st.sampled_from(
    [
        "groundwater", "quality", "cooperative", "raspberry", "growers", "employment",
        "displaced", "loneliness", "certification", "forest", "vetiver", "cultivation",
        "zadružno", "organizovanje", "malinara", "məcburi", "köçkünlərin", "üksildus",
        "sertifikācija", "задружно", "организовање", "малинара", "ποιότητα", "υδάτων",
        "கூட்டுறவு", "விவசாயிகள்", "reconstruction", "scolaire", "chenille", "légionnaire",
    ]
)  # fmt: skip
_NAMES = st.sampled_from(
    [
        "Stojanović, Milica", "Đorđević, Nikola", "Məmmədov, Rəşad", "Kask, Liisa",
        "Ivanovs, Sergejs", "Pierre-Louis, Rodolphe", "Owusu-Ansah, Kwame", "Juma, Hamisi Ali",
        "Girma, Selamawit", "Thapa, Ram Bahadur", "Ó Súilleabháin, Colm", "Puw, Ffion",
    ]
)  # fmt: skip
# Type labels as catalogues write them, in any language: letters no vocabulary reads.
_LABEL = st.text(
    alphabet=st.sampled_from("abcdeijklmnoprstuvzšđčćəüöäõāīēкдисерттацијаதீஸ"),
    min_size=4,
    max_size=14,
).filter(lambda label: kind_of([label]) == "" and label.strip() == label)


def rec(endpoint: str, ident: str, **metadata: Any) -> dict[str, Any]:
    return {"identifier": f"oai:{endpoint.split('/')[2]}:{ident}", "endpoint": endpoint,
            "metadata": {k: v for k, v in metadata.items() if v}}  # fmt: skip


def clusters_of(records: list[dict[str, Any]]) -> list[set[str]]:
    dedup = Deduplicator()
    dedup.extend(records)
    return [set(c.identifiers) for c in dedup.clusters()]


def together(clusters: list[set[str]], *records: dict[str, Any]) -> bool:
    ids = {r["identifier"] for r in records}
    return any(ids <= c for c in clusters)


@settings(max_examples=80, deadline=None)
@given(
    words=st.lists(_WORDS, min_size=4, max_size=8, unique=True),
    names=st.lists(_NAMES, min_size=2, max_size=2, unique=True),
    year=st.integers(1995, 2022),
    later=st.integers(1, 2),
    label=_LABEL,
    order=st.permutations(range(3)),
)
def test_a_thesis_and_the_later_article_never_join_through_a_copy_typed_otherwise(
    words: list[str], names: list[str], year: int, later: int, label: str, order: list[int]
) -> None:
    student, advisor = names
    title = " ".join(words).capitalize()
    thesis = rec(REPOSITORY, "t/1", title=[title], creator=[student],
                 contributor=[f"{advisor} (mentor)"], date=[str(year)],
                 type=["info:eu-repo/semantics/doctoralThesis", label])  # fmt: skip
    copy = rec(CATALOGUE, "c/1", title=[title.upper()], creator=[student],
               contributor=[advisor], date=[str(year)], type=[label])  # fmt: skip
    article = rec(JOURNAL, "a/1", title=[title], creator=[student, advisor],
                  date=[f"{year + later}-05-12"], type=["info:eu-repo/semantics/article"],
                  source=[f"Journal of Studies; Vol. 3 No. 2 ({year + later})"])  # fmt: skip
    records = [thesis, copy, article]
    clusters = clusters_of([records[i] for i in order])
    assert not together(clusters, thesis, article), clusters
    assert not together(clusters, copy, article), clusters
    assert together(clusters, thesis, copy), clusters


@settings(max_examples=80, deadline=None)
@given(
    words=st.lists(_WORDS, min_size=4, max_size=8, unique=True),
    suffix=st.lists(_WORDS, min_size=1, max_size=2, unique=True),
    label=_LABEL,
    year=st.integers(1995, 2024),
    order=st.permutations(range(3)),
)
def test_a_report_and_its_brief_in_one_repository_never_join_through_a_copy(
    words: list[str], suffix: list[str], label: str, year: int, order: list[int]
) -> None:
    assume(not set(suffix) & set(words))
    body = "Institute of Agricultural Research"
    title = " ".join(words).capitalize()
    report = rec(REPOSITORY, "r/1", title=[title], creator=[body], date=[str(year)],
                 type=["info:eu-repo/semantics/report", "Report"])  # fmt: skip
    brief = rec(REPOSITORY, "r/2", title=[f"{title} — {' '.join(suffix)}"], creator=[body],
                date=[str(year)], type=["info:eu-repo/semantics/report", label])  # fmt: skip
    copy = rec(AGGREGATOR, "x/1", title=[title], creator=[body], date=[f"{year}-07-16"],
               type=["info:eu-repo/semantics/report", "Report"])  # fmt: skip
    records = [report, brief, copy]
    clusters = clusters_of([records[i] for i in order])
    assert not together(clusters, report, brief), clusters
    assert together(clusters, report, copy), clusters


@settings(max_examples=40, deadline=None)
@given(
    words=st.lists(_WORDS, min_size=2, max_size=4, unique=True),
    series=st.sampled_from(["VVM 3851/", "ERM Fk 694:", "NF.2441-", "MS ", "Inv. nr. "]),
    first=st.integers(1, 9999),
    step=st.integers(1, 20),
    order=st.permutations(range(4)),
)
def test_two_photographs_of_one_scene_with_neighbouring_inventory_numbers_never_join(
    words: list[str], series: str, first: int, step: int, order: list[int]
) -> None:
    numbers = [first, first + step]
    title = " ".join(words).capitalize()
    common = {"title": [title], "creator": ["Unknown photographer"], "date": ["1933"]}
    museum = [rec(REPOSITORY, f"m/{n}", identifier=[f"{series}{n}"], type=["photograph"],
                  **common) for n in numbers]  # fmt: skip
    aggregated = [rec(AGGREGATOR, f"e/{n}", identifier=[f"{series}{n}"], type=["IMAGE"],
                      **common) for n in numbers]  # fmt: skip
    records = [*museum, *aggregated]
    clusters = clusters_of([records[i] for i in order])
    assert not together(clusters, museum[0], museum[1]), clusters
    assert not together(clusters, aggregated[0], aggregated[1]), clusters
    for one, other in zip(museum, aggregated, strict=True):
        if together(clusters, one, other):
            continue
        # a cluster of each: never one of two objects
        assert all(len(c) == 2 for c in clusters), clusters


def test_copies_with_accession_numbers_drawn_far_apart_still_merge() -> None:
    title = "Groundwater quality trends in smallholder maize systems"
    common = {"title": [title], "creator": ["Juma, Hamisi Ali"], "date": ["2019"],
              "type": ["info:eu-repo/semantics/article"]}  # fmt: skip
    one = rec(JOURNAL, "a/7", identifier=["WOS:000412345678"], **common)
    other = rec(AGGREGATOR, "x/7", identifier=["WOS:000987654321"], **common)
    assert together(clusters_of([one, other]), one, other)


def test_one_repository_listing_a_thesis_twice_with_labels_in_two_languages_is_one_cluster() -> (
    None
):
    title = "Çanakkale'nin Vakıf Ekonomisi (1780-1800)"
    first = rec(REPOSITORY, "h/3920", title=[title], creator=["Karabulut, Mehmet"],
                date=["2012"], type=["info:eu-repo/semantics/doctoralThesis", "Tez"])  # fmt: skip
    second = rec(REPOSITORY, "h/3957", title=[title], creator=["Karabulut, M."],
                 date=["2015-05-14T12:16:17Z", "2012"],
                 type=["info:eu-repo/semantics/doctoralThesis", "Thesis"])  # fmt: skip
    aggregated = rec(AGGREGATOR, "rec/1", title=[title], creator=["Karabulut, Mehmet"],
                     date=["2012"], type=["info:eu-repo/semantics/doctoralThesis", "Tez"])  # fmt: skip
    assert together(clusters_of([first, second, aggregated]), first, second, aggregated)


@pytest.mark.parametrize(
    ("identifier", "mark"),
    [
        ("VVM 3851/257", ("vvm 3851/", 257)),
        ("urn:nbn:se:umu:diva-9547", ("urn:nbn:se:umu:diva-", 9547)),
        ("https://nmkk.example.lv/object/4053", None),
        ("10.65301/ZMSDN1801315J", None),
        ("https://doi.org/10.1234/abc.12", None),
        ("2012", None),
        ("VVM 3851/257a", None),
    ],
)
def test_shelf_marks_are_identifiers_of_a_series_and_a_number(
    identifier: str, mark: tuple[str, int] | None
) -> None:
    assert shelf_mark(identifier) == mark


@pytest.mark.parametrize(
    ("cyrillic", "latin", "family", "name"),
    [
        ("Задружно организовање малинара у Војводини: анализа чинилаца",
         "Zadružno organizovanje malinara u Vojvodini: analiza činilaca",
         "Стојановић, Милица", "Stojanovic, Milica"),
        ("Жичане мреже: анализа ценовника и чинилаца",
         "Žičane mreže: analiza cenovnika i činilaca", "Ђорђевић, Никола", "Dordevic, Nikola"),
    ],
)  # fmt: skip
def test_a_thesis_with_its_title_in_cyrillic_and_its_copy_in_latin_letters_are_one(
    cyrillic: str, latin: str, family: str, name: str
) -> None:
    english = "An analysis of factors in cooperative organisation"
    thesis = rec(REPOSITORY, "t/2061", title=[cyrillic, english], creator=[family],
                 date=["2011-04-07"], type=["info:eu-repo/semantics/doctoralThesis"])  # fmt: skip
    copy = rec(CATALOGUE, "c/1586", title=[english.upper(), latin.upper()], creator=[name],
               date=["2011"], type=["Doktorska disertacija"])  # fmt: skip
    assert together(clusters_of([thesis, copy]), thesis, copy)
