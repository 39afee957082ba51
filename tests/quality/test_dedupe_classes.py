"""The deduplication decision for each class of real-repository copies (issue 25), as tables.

Each case is a pair of rows as ``harvest`` writes them from DergiPark (OJS), a DSpace, an
aggregator that re-exports them, an EPrints and a preprint server; the decision must be the
same both ways, and every merge must say why (the words expected in its reason).
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

pytest.importorskip("rapidfuzz")

from politeharvest.quality import compare, normalize, publication_date, work_of

OJS = "https://dergipark.org.tr/api/public/oai/"
DSPACE = "https://acikerisim.example.edu.tr/oai/request"
AGG = "https://aggregator.example.gov.tr/oai"
EPRINTS = "https://eprints.example.de/cgi/oai2"
PREPRINTS = "https://preprints.example.org/oai"


def rec(
    endpoint: str,
    title: str | list[str],
    creators: list[str] | None = None,
    date: str | list[str] | None = None,
    **more: list[str],
) -> dict[str, Any]:
    metadata: dict[str, list[str]] = {
        "title": [title] if isinstance(title, str) else title,
        "creator": creators or [],
        **more,
    }
    if date:
        metadata["date"] = [date] if isinstance(date, str) else date
    ident = f"oai:{endpoint.split('/')[2]}:{abs(hash((title, str(creators), str(date)))) % 10**8}"
    return {"identifier": ident, "endpoint": endpoint, "metadata": metadata}


TITLE = "Türkiye'de öğretmen yetiştirme politikalarının tarihsel gelişimi ve bugünkü sorunları"
AUTHORS = ["Yılmaz, Ayşe", "Kaya, Mehmet"]
LONG = (
    "Organik tarım uygulamalarının toprak mikrobiyal biyokütlesi ve enzim aktiviteleri "
    "üzerine etkileri: Konya kapalı havzasında üç yıllık bir tarla denemesi"
)

# (class, name, record a, record b, words the reason must hold, or None: must stay apart)
CASES: list[tuple[str, str, dict[str, Any], dict[str, Any], tuple[str, ...] | None]] = [
    # -- versions a year apart ------------------------------------------------------------
    (
        "versions",
        "preprint, then the published article two years later",
        rec(
            PREPRINTS,
            "Graph neural networks for traffic forecasting in sparse sensor networks",
            ["Demir, Ali", "Öztürk, Zeynep"],
            "2019-03-02",
            type=["info:eu-repo/semantics/preprint"],
        ),
        rec(
            OJS,
            "Graph Neural Networks for Traffic Forecasting in Sparse Sensor Networks",
            ["Ali Demir", "Zeynep Öztürk"],
            "2021",
            type=["info:eu-repo/semantics/article"],
        ),
        ("preprint 2019", "published 2021"),
    ),
    (
        "versions",
        "a preprint with its own DOI and the article with another",
        rec(
            PREPRINTS,
            "Graph neural networks for traffic forecasting in sparse sensor networks",
            ["Demir, Ali"],
            "2019",
            type=["Preprint"],
            identifier=["https://doi.org/10.48550/example.1903.0001"],
        ),
        rec(
            OJS,
            "Graph neural networks for traffic forecasting in sparse sensor networks",
            ["Demir, A."],
            "2020",
            identifier=["https://doi.org/10.1234/tjee.2020.77"],
        ),
        ("preprint 2019",),
    ),
    (
        "versions",
        "online first in December, then the issue year",
        rec(OJS, TITLE, AUTHORS, "2019-12-18"),
        rec(EPRINTS, TITLE, ["A. Yılmaz", "M. Kaya"], "2020"),
        ("online first 2019-12", "issue 2020"),
    ),
    (
        "versions",
        "one journal in consecutive years (online first, then the issue)",
        rec(OJS, TITLE, AUTHORS, "2019", source=["Eğitim ve Bilim; Cilt 44 Sayı 198"]),
        rec(AGG, TITLE, AUTHORS, "2020", source=["Eğitim ve Bilim, Cilt 45, Sayı 201"]),
        ("same venue",),
    ),
    (
        "versions",
        "a preprint five years before: too far to be its version",
        rec(PREPRINTS, TITLE, AUTHORS, "2014", type=["Preprint"]),
        rec(OJS, TITLE, AUTHORS, "2019"),
        None,
    ),
    (
        "versions",
        "a version across years needs the authors to agree",
        rec(
            PREPRINTS,
            TITLE,
            ["Yılmaz, Ayşe", "Kaya, Mehmet", "Şahin, Emre", "Koç, Elif"],
            "2019",
            type=["Preprint"],
        ),
        rec(OJS, TITLE, ["Yılmaz, Ayşe", "Arslan, Fatma", "Doğan, Burak", "Çelik, Oğuz"], "2020"),
        None,
    ),
    (
        "traps",
        "a conference paper and its extended journal version with a new title",
        rec(
            EPRINTS,
            "Adaptive indexing for column stores",
            ["Idreos, Stratos", "Kersten, Martin"],
            "2007",
            type=["Conference or Workshop Item"],
        ),
        rec(
            OJS,
            "Database cracking: adaptive indexing for column stores, an extended study",
            ["Idreos, Stratos", "Kersten, Martin"],
            "2009",
            type=["Article"],
        ),
        None,
    ),
    (
        "traps",
        "the same title two years apart and nothing that explains the gap",
        rec(EPRINTS, "Adaptive indexing for column stores", ["Idreos, Stratos"], "2007"),
        rec(OJS, "Adaptive indexing for column stores", ["Idreos, Stratos"], "2009"),
        None,
    ),
    # -- which date -------------------------------------------------------------------------
    (
        "dates",
        "DSpace lists accessioned and available before issued",
        rec(
            DSPACE,
            LONG,
            ["Aydın, Hatice", "Kılıç, Serkan"],
            ["2018-04-11T08:12:45Z", "2018-04-11T08:12:45Z", "2012"],
        ),
        rec(EPRINTS, LONG, ["Aydin, H.", "Kilic, S."], "2012"),
        ("same year 2012",),
    ),
    (
        "dates",
        "the date the citation in dc:source gives",
        rec(
            DSPACE,
            LONG,
            ["Aydın, Hatice"],
            ["2016-01-20", "2013-05"],
            source=["Toprak Su Dergisi, 2(1), 2013, 11-19"],
        ),
        rec(OJS, LONG, ["Aydın, Hatice"], "2013-05-30"),
        ("same year 2013",),
    ),
    # -- damaged copies -----------------------------------------------------------------------
    (
        "damage",
        "mojibake (UTF-8 read as cp1252) in the aggregator's copy",
        rec(OJS, TITLE, AUTHORS, "2019"),
        rec(
            AGG,
            TITLE.encode("utf-8").decode("cp1252", errors="replace"),
            [a.encode("utf-8").decode("cp1252", errors="replace") for a in AUTHORS],
            "2019",
        ),
        ("same year 2019",),
    ),
    (
        "damage",
        "characters lost as ? in title and names",
        rec(OJS, TITLE, AUTHORS, "2019"),
        rec(
            AGG,
            "T?rkiye'de ??retmen yeti?tirme politikalar?n?n tarihsel geli?imi ve bug?nk? sorunlar?",
            ["Y?lmaz, Ay?e", "Kaya, Mehmet"],
            "2019",
        ),
        ("lost as ?",),
    ),
    (
        "damage",
        "double-escaped entities",
        rec(OJS, TITLE, AUTHORS, "2019"),
        rec(
            AGG,
            "T&amp;#252;rkiye'de &amp;#246;&amp;#287;retmen yeti&amp;#351;tirme "
            "politikalar&amp;#305;n&amp;#305;n tarihsel geli&amp;#351;imi ve bug&amp;#252;nk&amp;#252; "
            "sorunlar&amp;#305;",
            ["Yilmaz, Ayse", "Kaya, Mehmet"],
            "2019",
        ),
        ("same year 2019",),
    ),
    (
        "damage",
        "a title cut inside a word at 95 characters, no authors in the copy",
        rec(DSPACE, LONG, ["Aydın, Hatice"], "2015"),
        rec(AGG, LONG[:95], None, "2015"),
        ("cut at",),
    ),
    (
        "damage",
        "a title cut between words (or its subtitle dropped), with an author",
        rec(DSPACE, LONG, ["Aydın, Hatice"], "2015"),
        rec(AGG, LONG[:100], ["Aydin, H."], "2015"),
        ("1 shared author",),
    ),
    (
        "damage",
        "an ALL-CAPS thesis title upper-cased without Turkish rules",
        rec(
            DSPACE,
            "Kırsal kalkınmada kooperatiflerin rolü: Isparta ili örneği",
            ["Işık, Gülşah"],
            "2011",
            type=["Thesis"],
        ),
        rec(
            AGG,
            "KIRSAL KALKINMADA KOOPERATIFLERIN ROLÜ: ISPARTA ILI ÖRNEĞI",
            ["IŞIK, GÜLŞAH"],
            "2011",
            type=["Thesis"],
        ),
        ("same year 2011",),
    ),
    # -- authors --------------------------------------------------------------------------------
    (
        "authors",
        "authors missing in one copy, a long and specific title, same year",
        rec(DSPACE, LONG, ["Aydın, Hatice", "Kılıç, Serkan"], "2015"),
        rec(AGG, LONG, None, "2015"),
        ("same year 2015",),
    ),
    (
        "authors",
        "initials only, another order, folded to ASCII",
        rec(OJS, TITLE, ["Yılmaz, Ayşe", "Kaya, Mehmet", "Şahin, Oğuz"], "2019"),
        rec(EPRINTS, TITLE, ["Sahin, O.", "Yilmaz, A.", "Kaya, M."], "2019"),
        ("3 shared authors",),
    ),
    (
        "authors",
        "names folded to Latin-1 (ş, ğ and ı replaced)",
        rec(OJS, TITLE, ["Doğan, Şükrü", "Işıl, Çağla"], "2019"),
        rec(AGG, TITLE, ["Dogan, Sükrü", "Isil, Çagla"], "2019"),
        ("2 shared authors",),
    ),
    # -- cross-language pairs, linked by a DOI only ---------------------------------------------
    (
        "doi",
        "a DOI in dc:relation (altIdentifier) on one side",
        rec(
            OJS,
            "Kuraklığın buğday verimine etkisi",
            ["Koç, Emre"],
            "2020",
            identifier=["https://doi.org/10.5555/tjaf.2020.12"],
        ),
        rec(
            DSPACE,
            "The effect of drought on wheat yield",
            ["Koç, Emre"],
            "2020",
            relation=["info:eu-repo/semantics/altIdentifier/doi/10.5555/TJAF.2020.12"],
        ),
        ("same DOI 10.5555/tjaf.2020.12",),
    ),
    (
        "doi",
        "a DOI in the abstract on one side",
        rec(
            OJS,
            "Kuraklığın buğday verimine etkisi",
            ["Koç, Emre"],
            "2020",
            identifier=["https://doi.org/10.5555/tjaf.2020.12"],
        ),
        rec(
            EPRINTS,
            "The effect of drought on wheat yield",
            ["Koc, E."],
            "2020",
            description=["We study drought. DOI: 10.5555/tjaf.2020.12."],
        ),
        ("same DOI",),
    ),
    (
        "doi",
        "a DOI the relation gives as a reference is another work's",
        rec(
            OJS,
            "Kuraklığın buğday verimine etkisi",
            ["Koç, Emre"],
            "2020",
            identifier=["https://doi.org/10.5555/tjaf.2020.12"],
        ),
        rec(
            DSPACE,
            "Sulama planlaması",
            ["Koç, Emre"],
            "2021",
            relation=["info:eu-repo/semantics/reference/doi/10.5555/tjaf.2020.12"],
        ),
        None,
    ),
    (
        "versions",
        "a copy without a venue (a later deposit with its own DOI) and the published article",
        rec(
            EPRINTS,
            TITLE,
            AUTHORS,
            "2019",
            source=["Eğitim ve Bilim, 44(198), 1-20"],
            identifier=["https://doi.org/10.15390/EB.2019.1"],
        ),
        rec(
            "https://zenodo.org/oai2d",
            TITLE,
            ["Ayşe Yılmaz", "Mehmet Kaya"],
            "2021-04-10",
            identifier=["https://doi.org/10.5281/zenodo.4242"],
        ),
        ("a copy without a venue dated 2021, published 2019",),
    ),
    (
        "versions",
        "a preprint with a subtitle its article dropped, every author kept",
        rec(PREPRINTS, f"{TITLE}: ilk bulgular", AUTHORS, "2018", type=["Preprint"]),
        rec(OJS, TITLE, ["A. Yılmaz", "M. Kaya"], "2020", source=["Eğitim ve Bilim 45(3)"]),
        ("one title contains the other", "preprint 2018"),
    ),
    (
        "dates",
        "an aggregator copy that kept only the deposit timestamp and the citation",
        rec(OJS, LONG, ["Aydın, Hatice"], "2012-03-18", source=["Toprak Su Dergisi; Cilt 2"]),
        rec(
            AGG,
            LONG,
            ["H. Aydın"],
            "2018-08-15T08:30:47Z",
            source=["Toprak Su Dergisi, 2(1), 11-19 (2012)"],
        ),
        ("same year 2012",),
    ),
    (
        "authors",
        "PubMed-style names with Turkish initials (Doğan ŞD)",
        rec(OJS, TITLE, ["Doğan, Şükrü Deniz", "İnce, Çağla"], "2019"),
        rec(DSPACE, TITLE, ["Doğan ŞD", "İnce Ç"], "2019"),
        ("2 shared authors",),
    ),
    (
        "damage",
        "a title cut inside a number (2005-20 of 2005-2018) in a lossy copy",
        rec(DSPACE, f"{LONG}, 2005-2018 yılları arasında Konya örneği", ["Aydın, Hatice"], "2015"),
        rec(
            AGG,
            f"{LONG}, 2005-20".replace("ı", "?").replace("ü", "?"),
            ["Ayd?n, Hatice"],
            "2015",
        ),
        ("cut at", "lost as ?"),
    ),
    # -- headings: one item only when the citation or the deposit says so -------------------------
    (
        "headings",
        "the aggregator's copy of an editorial: same issue and pages",
        rec(
            OJS,
            "Editörden / From the Editor",
            ["Gökçe, Özge"],
            "2014-04-27",
            source=["Türk Tarım ve Doğa Bilimleri Dergisi; Cilt: 14 Sayı: 2; 3-4", "2148-3647"],
        ),
        rec(
            AGG,
            "Editörden / From the Editor",
            None,
            "2014-04-27",
            source=["Türk Tarım ve Doğa Bilimleri Dergisi, 14(2), 3-4 (2014)"],
        ),
        ("same heading and citation 14 2 3 4",),
    ),
    (
        "headings",
        "a thesis with a generic title re-exported with its deposit timestamps",
        rec(
            DSPACE,
            "Yüksek Lisans Tezi",
            ["Aydın, Ali"],
            ["2020-06-07T11:08:41Z", "2020-06-07T11:08:41Z", "2019"],
            type=["Tez"],
        ),
        rec(
            AGG,
            "YÜKSEK LISANS TEZI",
            None,
            ["2020-06-07T11:08:41Z", "2020-06-07T11:08:41Z", "2019"],
            type=["Tez"],
        ),
        ("same deposit 2020-06-07T11:08:41Z",),
    ),
    (
        "traps",
        "the editorials of two issues of one journal",
        rec(
            OJS,
            "Editörden",
            ["Gökçe, Özge"],
            "2014-04-27",
            source=["Türk Tarım ve Doğa Bilimleri Dergisi; Cilt: 14 Sayı: 2; 3-4"],
        ),
        rec(
            AGG,
            "Editörden",
            ["Gökçe, Özge"],
            "2014-09-02",
            source=["Türk Tarım ve Doğa Bilimleri Dergisi, 14(3), 3-4 (2014)"],
        ),
        None,
    ),
    (
        "traps",
        "two book reviews in one issue",
        rec(
            OJS,
            "Book Review",
            ["Çınar, Nilüfer"],
            "2016",
            source=["Yapı ve Deprem Araştırmaları; Cilt: 16 Sayı: 1; 895-903"],
        ),
        rec(
            AGG,
            "Book Review",
            ["Çınar, Nilüfer"],
            "2016",
            source=["Yapı ve Deprem Araştırmaları, 16(1), 905-911 (2016)"],
        ),
        None,
    ),
    (
        "traps",
        "a correction and the article it corrects",
        rec(OJS, f"Correction to: {TITLE}", AUTHORS, "2019"),
        rec(AGG, TITLE, AUTHORS, "2019"),
        None,
    ),
    (
        "traps",
        "a conference paper without a venue and the journal article a year later",
        rec(EPRINTS, TITLE, AUTHORS, "2018", type=["Conference or Workshop Item"]),
        rec(OJS, TITLE, AUTHORS, "2019", source=["Eğitim ve Bilim 44(1)"]),
        None,
    ),
    (
        "traps",
        "two DOIs, the same title, both published: two works",
        rec(
            OJS,
            TITLE,
            AUTHORS,
            "2019",
            source=["Eğitim ve Bilim 44(1)"],
            identifier=["10.15390/EB.2019.1"],
        ),
        rec(
            AGG,
            TITLE,
            AUTHORS,
            "2019",
            source=["Eğitim ve Bilim 44(1)"],
            identifier=["10.15390/EB.2019.2"],
        ),
        None,
    ),
    (
        "headings",
        "a book review whose copy lost its reviewer's letters as ?",
        rec(
            OJS,
            "Book Review",
            ["Çınar, Nilüfer"],
            "2016",
            source=["Yapı ve Deprem Araştırmaları; Cilt: 16 Sayı: 1; 895-903"],
        ),
        rec(
            AGG,
            "Book Review",
            ["??nar, Nil?fer"],
            "2016",
            source=["Yapı ve Deprem Araştırmaları, 16(1), 895-903 (2016)"],
        ),
        ("same heading and citation 16 1 895 903", "lost as ?"),
    ),
    (
        "damage",
        "an ALL-CAPS thesis and its copy lower-cased with its letters lost as ?",
        rec(
            DSPACE,
            "ÖĞRETMEN ADAYLARINDA OYUN TABANLI ÖĞRENMENİN TUTUM ÜZERİNE ETKİSİ",
            ["Gülşah ÇETİN"],
            "2008",
            type=["Thesis"],
        ),
        rec(
            AGG,
            "??retmen adaylarinda oyun tabanli ??renmen?n tutum ?zer?ne etk?s?",
            ["G?l?ah ?ET?N"],
            "2008",
            type=["Thesis"],
        ),
        ("lost as ?",),
    ),
    # -- must-not-merge traps ---------------------------------------------------------------------
    (
        "traps",
        "two theses with the same generic title by other people",
        rec(DSPACE, "Türkiye'de yerel yönetimler", ["Arslan, Fatma"], "2010", type=["Thesis"]),
        rec(AGG, "TÜRKIYE'DE YEREL YÖNETIMLER", ["Çelik, Burak"], "2010", type=["Thesis"]),
        None,
    ),
    (
        "traps",
        "two theses with a generic title, one copy without authors",
        rec(DSPACE, "Türkiye'de yerel yönetimler", ["Arslan, Fatma"], "2010", type=["Thesis"]),
        rec(AGG, "Türkiye'de yerel yönetimler", None, "2010", type=["Thesis"]),
        None,
    ),
    (
        "traps",
        "an editorial in every issue",
        rec(OJS, "Editörden", ["Demir, Ali"], "2020-06", source=["Eğitim ve Bilim 45(202)"]),
        rec(AGG, "EDİTÖRDEN", ["Demir, Ali"], "2020-12", source=["Eğitim ve Bilim 45(204)"]),
        None,
    ),
    (
        "traps",
        "part I and part II, one year apart in one journal",
        rec(OJS, f"{TITLE}: I", AUTHORS, "2019", source=["Eğitim ve Bilim 44"]),
        rec(AGG, f"{TITLE}: II", AUTHORS, "2020", source=["Eğitim ve Bilim 45"]),
        None,
    ),
]


@pytest.mark.parametrize(
    ("kind", "name", "a", "b", "reason"), CASES, ids=[f"{c[0]}: {c[1]}" for c in CASES]
)
def test_decision_per_class(
    kind: str, name: str, a: dict[str, Any], b: dict[str, Any], reason: tuple[str, ...] | None
) -> None:
    there = compare(work_of(a), work_of(b))
    back = compare(work_of(b), work_of(a))
    assert bool(there) == bool(back), (name, there, back)  # symmetric
    if reason is None:
        assert there is None, (name, there)
    else:
        assert there is not None, name
        for words in reason:
            assert words in there, (name, there)


@pytest.mark.parametrize(
    ("dates", "more", "iso"),
    [
        (["2018-04-11T08:12:45Z", "2018-04-11T08:12:45Z", "2012"], {}, "2012"),
        (["2018-04-11T08:12:45Z", "2012-06-30"], {}, "2012-06-30"),
        (
            ["2016-01-20", "2013-05"],
            {"source": ["Toprak Su Dergisi, 2(1), 2013, 11-19"]},
            "2013-05",
        ),
        (["2019"], {"date.issued": ["2017-09"]}, "2017-09"),
        (["2019"], {"dc.date.accessioned": ["2020-01-01T00:00:00Z"]}, "2019"),
        (["2019-12-18", "2020"], {}, "2020"),
        ([], {"dcterms:issued": ["März 2004"]}, "2004-03"),
    ],
)
def test_publication_date_is_not_the_deposit(
    dates: list[str], more: dict[str, list[str]], iso: str
) -> None:
    found = publication_date({"date": dates, **more})
    assert found is not None and found.iso == iso
    record = normalize({"identifier": "x", "metadata": {"date": dates, **more}})
    assert record.issued == found
    assert [d.original for d in record.dates] == dates  # every date is still there


def test_no_date_at_all() -> None:
    assert publication_date({"title": ["x"]}) is None
    assert publication_date({"date": ["n.d."]}) is None


def test_work_survives_the_sqlite_index() -> None:
    row = rec(
        DSPACE,
        "T?rkiye'de ??retmen yeti?tirme: I",
        ["Y?lmaz, Ay?e"],
        ["2018-04-11T08:12:45Z", "2012-12"],
        source=["Eğitim ve Bilim, 44(198), 1-20"],
        type=["info:eu-repo/semantics/preprint", "Thesis"],
    )
    work = work_of(row)
    assert work.lossy and work.version == "preprint" and work.thesis and work.month == 12
    assert work.stamps == {"2018-04-11T08:12:45Z"} and work.citations == {"44 198 1 20"}
    again = type(work).from_json(work.to_json())
    assert again == work


_WORDS = st.sampled_from(
    [
        "toprak",
        "erozyonu",
        "kuraklık",
        "öğretmen",
        "yetiştirme",
        "buğday",
        "verimi",
        "soil",
        "erosion",
        "drought",
        "Türkiye",
        "Konya",
        "havzası",
        "analizi",
        "model",
    ]
)


@settings(max_examples=300, deadline=None)
@given(
    st.lists(_WORDS, min_size=3, max_size=8),
    st.booleans(),
    st.sampled_from([None, "2018", "2019-12-01", "2020", "2021-03", "2023"]),
    st.sampled_from([None, "2018", "2019", "2020-01-15", "2022"]),
    st.sampled_from([[], ["Preprint"], ["Article"], ["Conference or Workshop Item"], ["Tez"]]),
    st.sampled_from([[], ["Eğitim ve Bilim, 44(1), 1-9"], ["Toprak Su Dergisi"]]),
    st.sampled_from([[], ["Eğitim ve Bilim, 45(2), 3-9"], ["Toprak Su Dergisi"]]),
)
def test_a_merge_across_years_always_names_its_explanation(
    words: list[str],
    same_authors: bool,
    date_a: str | None,
    date_b: str | None,
    kind: list[str],
    source_a: list[str],
    source_b: list[str],
) -> None:
    title = " ".join(words)
    a = rec(PREPRINTS, title, ["Yılmaz, Ayşe"], date_a, type=kind, source=source_a)
    b = rec(
        OJS, title, ["Yılmaz, Ayşe" if same_authors else "Kaya, Mehmet"], date_b, source=source_b
    )
    reason = compare(work_of(a), work_of(b))
    assert bool(reason) == bool(compare(work_of(b), work_of(a)))
    if not same_authors:
        assert reason is None
    wa, wb = work_of(a), work_of(b)
    if reason and wa.year and wb.year and wa.year != wb.year:
        assert any(
            why in reason
            for why in ("preprint", "online first", "accepted", "same venue", "copy without")
        ), reason
        assert abs(wa.year - wb.year) <= 3
