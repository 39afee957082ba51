"""Deduplication must not merge different works: pairs that look alike but are two items.

Each test is one mechanism that kept two works apart which an earlier rule merged: a comment
and its reply that both name the article's DOI in a relation, and a short heading-like
title ("Annual Report") by one corporate author in two years.
"""

# Scripts and typographic quotes on purpose.
from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("rapidfuzz")

from politeharvest.quality import Deduplicator, compare, work_of

JOURNAL = "https://letters.example.org/oai"
REPO = "https://repository.example.edu/oai/request"
AGGREGATOR = "https://aggregator.example.org/oai"


def rec(endpoint: str, ident: str, **metadata: Any) -> dict[str, Any]:
    return {"identifier": f"oai:{endpoint.split('/')[2]}:{ident}", "endpoint": endpoint,
            "metadata": metadata}  # fmt: skip


ARTICLE_DOI = "https://doi.org/10.99999/lett.2021.0101"


def test_a_comment_and_its_reply_naming_one_article_are_two_items() -> None:
    comment = rec(
        JOURNAL,
        "1",
        title=[
            "Comment on “Ag₃PO₄/TiO₂ heterojunctions for the photodegradation of methyl orange in wastewater”"
        ],
        creator=["Ahn, Mira", "Berg, Olav"],
        date=["2022-03-02"],
        type=["info:eu-repo/semantics/article", "Comment"],
        identifier=["https://doi.org/10.99999/lett.2022.0202"],
        source=["Letters in Materials; Vol. 12 No. 2 (2022); 11-14"],
        relation=[ARTICLE_DOI],
    )
    reply = rec(
        JOURNAL,
        "2",
        title=[
            "Reply to “Comment on ‘Ag<sub>3</sub>PO<sub>4</sub>/TiO<sub>2</sub> "
            "heterojunctions for the photodegradation of methyl orange in wastewater’”"
        ],
        creator=["Costa, Rui", "Dube, Thandi"],
        date=["2022-09-10"],
        type=["info:eu-repo/semantics/article", "Comment"],
        identifier=["https://doi.org/10.99999/lett.2022.0303"],
        source=["Letters in Materials; Vol. 12 No. 5 (2022); 40-42"],
        relation=[ARTICLE_DOI],
    )
    assert compare(work_of(comment), work_of(reply)) is None
    # one item twice (the same citation) still merges by the DOI both name
    copy = {**comment, "endpoint": AGGREGATOR, "identifier": "oai:aggregator:9"}
    assert compare(work_of(comment), work_of(copy))


@pytest.mark.parametrize(
    ("title", "dates"),
    [
        (["Annual Report"], ("2019-01-08", "2020")),
        (["বার্ষিক প্রতিবেদন", "Annual Report"], ("2020-10-22", "2021")),
        (["Metinė ataskaita"], ("2020-03-26", "2021")),
    ],
)
def test_reports_of_one_institution_in_two_years_are_two_items(
    title: list[str], dates: tuple[str, str]
) -> None:
    earlier = rec(
        REPO,
        "10",
        title=title,
        creator=["Padma University"],
        date=[dates[0]],
        type=["info:eu-repo/semantics/report"],
    )
    later = rec(
        AGGREGATOR,
        "11",
        title=title[:1],
        creator=["Padma University"],
        date=[dates[1]],
        type=["info:eu-repo/semantics/report"],
    )
    assert compare(work_of(earlier), work_of(later)) is None
    # the same report in the same year (a catalogue copy) still merges
    same = {**later, "metadata": {**later["metadata"], "date": [dates[0][:4]]}}
    assert compare(work_of(earlier), work_of(same))


def test_a_short_title_in_two_years_with_all_its_authors_is_still_one_work() -> None:
    preprint = rec(
        "https://preprints.example.org/oai",
        "1304.05045",
        title=["Green Supply Chain Management"],
        creator=["Şen, Sevgi", "Wilson, James", "Gürbüz, Ayşe Gül"],
        date=["2013-06-14"],
    )
    article = rec(
        JOURNAL,
        "3215",
        title=["Green supply chain management"],
        creator=["Şen, S.", "Wilson, J.", "Gürbüz, A. G."],
        date=["2014-12"],
        source=["Letters in Materials; Vol. 4 No. 2 (2014); 1-20"],
    )
    assert compare(work_of(preprint), work_of(article))


def test_one_word_corporate_names_are_compared_whole_not_by_their_last_part() -> None:
    """``eLABa-like`` and ``Lirias-like`` are two bodies, not two people named ``Like``."""

    def report(endpoint: str, ident: str, creator: str) -> dict[str, Any]:
        return rec(
            endpoint,
            ident,
            title=["Metinė ataskaita", "Annual Report"],
            creator=[creator],
            date=["2020"],
            type=["info:eu-repo/semantics/report"],
        )

    lithuanian = work_of(report(REPO, "1205", "eLABa-like"))
    flemish = work_of(report(AGGREGATOR, "1479", "Lirias-like"))
    assert compare(lithuanian, flemish) is None
    assert compare(lithuanian, work_of(report(AGGREGATOR, "1480", "eLABa-like")))


def test_a_copy_whose_doi_has_two_digits_swapped_joins_its_own_work() -> None:
    """An aggregator typed ``…0297`` as ``…0279``: the DOI of another article of the issue."""
    intended = rec(
        JOURNAL,
        "1228",
        title=["Evaluating rural solar electrification in Biscay"],
        creator=["Goikoetxea, Iñaki", "Arrizabalaga, Ane"],
        date=["2014-01-13"],
        identifier=["https://doi.org/10.99999/eu.2014.0297"],
    )
    shown = rec(
        JOURNAL,
        "1231",
        title=["Changing patterns of groundwater quality in Biscay"],
        creator=["Goikoetxea, Iñaki", "Txurruka, Amaia"],
        date=["2014-01-13"],
        identifier=["https://doi.org/10.99999/EU.2014.0279"],
    )
    copy = rec(
        AGGREGATOR,
        "ART1201",
        title=["Evaluating rural solar electrification in Biscay"],
        creator=["Goikoetxea, I.", "Arrizabalaga, A."],
        date=["2014"],
        identifier=["https://doi.org/10.99999/eu.2014.0279"],
    )
    for order in ([intended, shown, copy], [copy, shown, intended], [shown, copy, intended]):
        dedup = Deduplicator()
        dedup.extend(order)
        found = {frozenset(c.identifiers) for c in dedup.clusters()}
        assert found == {frozenset({intended["identifier"], copy["identifier"]})}
        (cluster,) = dedup.clusters()
        assert "a slip for 10.99999/eu.2014.0297" in cluster.reason
    # without the intended record nothing shows the slip: the DOI merges as before
    dedup = Deduplicator()
    dedup.extend([shown, copy])
    assert len(dedup.clusters()) == 1


def test_an_isbd_statement_of_responsibility_is_no_parallel_title() -> None:
    catalogue = rec(
        AGGREGATOR,
        "1080",
        title=["Gæði grunnvatns á Suðurlandi : áhrifaþættir / Sigurður Þórsson ; Aðalheiður Sveinsdóttir"],
        creator=["Thorsson, S.", "Adalheidur Sveinsdottir"],
        date=["c2017"],
    )  # fmt: skip
    article = rec(
        JOURNAL,
        "1110",
        title=[
            "Gæði grunnvatns á Suðurlandi: áhrifaþættir",
            "Factors associated with groundwater quality in South Iceland",
        ],
        creator=["Þórsson, Sigurður", "Sveinsdóttir, Aðalheiður"],
        date=["2017-04-26"],
    )
    work = work_of(catalogue)
    assert not {"sigurdur", "sveinsdottir"} & work.words
    assert compare(work, work_of(article))
    # a parallel title that is no list of the creators stays a title
    bilingual = rec(AGGREGATOR, "7", title=["Gæði grunnvatns / Groundwater quality"],
                    creator=["Thorsson, S."])  # fmt: skip
    assert "groundwater" in work_of(bilingual).words
