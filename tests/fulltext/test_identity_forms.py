"""A record that converted what the file prints: Hanja read as Hangul, hanzi simplified.

Small PDFs made here with reportlab's CID fonts: a Taiwanese article in traditional
characters against an aggregator's record in simplified ones; a 1994 Korean article whose
title and authors are printed in Hanja against a Hangul record; a Korean article whose
authors the record gives as "family, given" (``최, 영수``) and the byline prints whole.
"""

from __future__ import annotations

import pytest

from politeharvest.fulltext import RecordHints, check_identity

pytest.importorskip("reportlab")
pytest.importorskip("pypdfium2")
pytest.importorskip("opencc")

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.cidfonts import UnicodeCIDFont

from tests.fulltext.test_identity_kinds import make_pdf


def _cjk(title: str, byline: str, prose: str, font: str) -> bytes:
    pdfmetrics.registerFont(UnicodeCIDFont(font))
    return make_pdf(
        [
            ("第17卷 第2號 (1994)", 7.5, font),
            (title, 15.0, font),
            (byline, 10.5, font),
            # a page of text: the sentence turned by a character a line, so no line repeats
            *[(prose[i:] + prose[:i], 9.0, font) for i in range(30)],
        ]
    )


ZH_PROSE = "研究區域包括海岸林，於三個連續季節進行採樣。結果顯示海岸林對經營強度呈非線性反應。"
KO_PROSE = "연구 지역에서 식생대의 변화를 세 계절에 걸쳐 조사하였다. 관측망을 확대할 필요가 있다."


def test_traditional_chinese_file_matches_its_simplified_record() -> None:
    pdf = _cjk("臺灣東部海岸林防風效益之研究", "吳俊賢、張淑芬", ZH_PROSE, "MSung-Light")
    record = {
        "title": ["台湾东部海岸林防风效益之研究"],
        "creator": ["吴俊贤", "张淑芬"],
        "date": ["2022"],
        "type": ["info:eu-repo/semantics/article"],
    }
    assert check_identity(pdf, record).verdict == "matched"
    # another title in the same frame stays another work
    sibling = {**record, "title": ["台湾西部海岸林防风效益之研究"], "creator": ["王大明"]}
    assert check_identity(pdf, sibling).verdict != "matched"


def test_korean_hanja_title_and_names_match_the_hangul_record() -> None:
    pdf = _cjk(
        "氣候變化에 따른 韓半島 植生帶의 移動 豫測",
        "崔英洙, 鄭美京",
        KO_PROSE,
        "HYSMyeongJo-Medium",
    )
    record = {
        "title": ["기후변화에 따른 한반도 식생대의 이동 예측"],
        "creator": ["최, 영수", "정, 미경"],
        "date": ["1994"],
        "type": ["info:eu-repo/semantics/article"],
    }
    identity = check_identity(pdf, record)
    assert identity.verdict == "matched", identity.evidence
    assert "최영수" in identity.evidence


def test_korean_family_given_record_names_the_whole_name_of_the_byline() -> None:
    pdf = _cjk("기후변화에 따른 벼 생육기간 변화", "김민준, 이서연", KO_PROSE, "HYSMyeongJo-Medium")
    record = {
        "title": ["기후변화에 따른 벼 생육기간 변화"],
        "creator": ["김, 민준", "이, 서연"],
        "date": ["2024"],
    }
    identity = check_identity(pdf, record)
    assert identity.verdict == "matched", identity.evidence
    assert "김민준" in identity.evidence
    assert RecordHints.from_metadata(record).surnames == ("김민준", "이서연")


def _latin(title: str) -> bytes:
    prose = "We measured soil moisture at forty stations during three dry summers."
    return make_pdf(
        [
            ("Example Journal of Urban Climate 12 (2023) 1-14", 7.5),
            (title, 15.0),
            ("Elif Karaman, Tobias Brenner", 10.5),
            *[(prose, 9.0)] * 14,
        ]
    )


def test_a_place_name_in_place_of_the_records_makes_another_work() -> None:
    """The words that differ decide, not the share of words that agree (7 of 8 here)."""
    record = {
        "title": ["Nocturnal urban heat island intensity and its drivers in Izmir"],
        "creator": ["Karaman, Elif", "Brenner, Tobias"],
        "date": ["2023"],
    }
    other = _latin("Nocturnal urban heat island intensity and its drivers in Ankara")
    identity = check_identity(other, record)
    assert identity.verdict == "mismatch"
    assert "'ankara' in place of the record's 'izmir'" in identity.evidence
    # a spelling, or a letter misread, is the same word
    spelt = {**record, "title": ["Modeling nocturnal urban heat island intensity in Izmir"]}
    pdf = _latin("Modelling nocturnal urban heat island intensity in Izmir")
    assert check_identity(pdf, spelt).verdict == "matched"


# -- another document of the study under the article's title ---------------------------------


@pytest.mark.parametrize(
    ("header", "label"),
    [
        ("Open Registry of Example Studies", "Preregistration · registered 14 March 2021"),
        ("Stage 1 manuscript v3", "Stage 1 Registered Report · in-principle acceptance"),
        ("ACTIVE-9 SAP v1.2 · page 1", "Statistical analysis plan for the ACTIVE-9 trial"),
        ("(19) United States", "(12) Patent Application Publication"),
    ],
)
def test_a_study_document_under_the_articles_title_is_not_the_article(
    header: str, label: str
) -> None:
    from tests.fulltext.test_identity_documents import ARTICLE, article

    pdf = article(label=label, header=header, doi="10.5555/ores.2021.0345")
    identity = check_identity(pdf, ARTICLE)
    assert identity.verdict == "mismatch", identity.evidence
    assert "another document of the study" in identity.evidence
    # the registration's (or plan's) own record, typed as no article, keeps its file
    own = {**ARTICLE, "identifier": ["https://doi.org/10.5555/ores.2021.0345"], "type": ["other"]}
    assert check_identity(pdf, own).verdict == "matched"


def test_the_article_under_its_own_label_stays_the_article() -> None:
    from tests.fulltext.test_identity_documents import ARTICLE, article

    assert check_identity(article(), ARTICLE).verdict == "matched"
    # a record whose title names the label ("...: study protocol") is that document
    protocol = {**ARTICLE, "title": [f"{ARTICLE['title'][0]}: study protocol"]}
    pdf = article(title=protocol["title"][0], label="Study protocol")
    assert check_identity(pdf, protocol).verdict == "matched"


def test_a_handout_that_prints_the_articles_doi_is_not_the_article() -> None:
    from tests.fulltext.test_identity_documents import ARTICLE, DOI, TITLE

    pdf = make_pdf(
        [
            ("CIVE 4120 · handout · 1", 7.5),
            ("CIVE 4120 Hydroinformatics · Autumn term 2024", 8.5),
            ("Lecture 8: Leak localisation", 16.0),
            ("Learning outcomes", 10.5),
            *[("Calibrate a graph model on pressure data from district meters.", 9.0)] * 8,
            ("Reading", 10.5),
            (f"Required: Carvalho, I. et al. (2024). {TITLE[:60]}", 9.0),
            (f"https://doi.org/{DOI}", 9.0),
        ]
    )
    identity = check_identity(pdf, ARTICLE)
    assert identity.verdict != "matched", identity.evidence


def _standard(number: str, edition: str) -> bytes:
    prose = "This document specifies a method for the determination of aggregate stability."
    return make_pdf(
        [
            (number, 7.5),
            ("NORDIC COMMITTEE FOR EXAMPLE METHODS", 9.0),
            (number, 12.0),
            (edition, 9.0),
            ("Soil quality — Determination of aggregate stability by wet sieving", 16.0),
            *[(prose, 9.0)] * 14,
        ]
    )


def test_a_superseded_edition_under_the_same_title_is_another_document() -> None:
    record = {
        "title": [
            "NCEM 112:2024 Soil quality — Determination of aggregate stability by wet sieving"
        ],
        "creator": ["Nordic Committee for Example Methods"],
        "date": ["2024-05"],
        "type": ["info:eu-repo/semantics/other"],
    }
    # the number alone tells them apart (no word of "edition" is read): never matched, and
    # refused (even a page's strong link to it: landing45 stored such an edition)
    old = check_identity(_standard("NCEM 112:2016", "Second edition 2016-09"), record)
    assert old.verdict == "mismatch", old.evidence
    assert "'2016' where the record's title has '2024'" in old.evidence
    other = check_identity(_standard("NCEM 112:2016", "Zweite Ausgabe 2016-09"), record)
    assert other.verdict == "mismatch", other.evidence
    current = check_identity(_standard("NCEM 112:2024", "Third edition 2024-05"), record)
    assert current.verdict == "matched", current.evidence


def test_the_article_citing_the_record_as_its_preregistration_is_not_the_preregistration() -> None:
    from tests.fulltext.test_identity_documents import ARTICLE, article

    registration = "10.5555/ores.2021.0345"
    record = {
        **ARTICLE,
        "identifier": [f"https://doi.org/{registration}"],
        "date": ["2021-03-14"],
        "type": ["info:eu-repo/semantics/other"],
    }
    # the record's DOI given after the article's own is one the article refers to, under any
    # label ("Preregistration", "Vorregistrierung", "事前登録")
    for label in ("Preregistration", "Vorregistrierung", "事前登録"):
        pdf = article(section=f"{label}: https://doi.org/{registration}")
        identity = check_identity(pdf, record)
        assert identity.verdict == "unverifiable", identity.evidence
        assert f"cites the record's {registration}" in identity.evidence
    # the same DOI under another label (a preprint the article names) is told apart by the
    # label's word only: left undecided, never refused
    pdf = article(section=f"Preprint: https://doi.org/{registration}")
    assert check_identity(pdf, record).verdict == "unverifiable"
    # the record's DOI first, another after it: the record's file that names another
    pdf = article(doi=registration, section="Published version: https://doi.org/10.5555/x.1")
    assert check_identity(pdf, record).verdict == "matched"


def _chapter(head: str) -> bytes:
    from tests.fulltext.test_identity_documents import TITLE

    prose = "We trained a graph network on pressure series from forty district meters."
    return make_pdf(
        [
            (head, 7.5),
            ("Chapter 4", 12.0),
            (TITLE, 16.0),
            ("Ines Carvalho", 10.5),
            *[(prose, 9.0)] * 14,
        ]
    )


def test_a_thesis_chapter_under_the_articles_title_is_not_the_article() -> None:
    from tests.fulltext.test_identity_documents import ARTICLE

    thesis = _chapter("I. Carvalho · Leak detection in water networks (PhD thesis, 2023) · 4")
    identity = check_identity(thesis, ARTICLE)
    assert identity.verdict == "unverifiable", identity.evidence
    assert "'Chapter 4'" in identity.evidence
    # "Chapter 4" over the article's title, whatever the running head says: a numbered part
    # of a longer work, a thesis's or a book's (no word list tells them apart), never matched
    # and never refused
    book = _chapter("Advances in Hydroinformatics · Springer 2024 · 4")
    assert check_identity(book, ARTICLE).verdict == "unverifiable"
    # the same chapter for a record of a book part is that record's file
    part = {**ARTICLE, "type": ["info:eu-repo/semantics/bookPart"]}
    assert check_identity(book, part).verdict == "matched"
