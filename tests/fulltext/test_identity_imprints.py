"""Identity: a report's imprint, a cover sheet alone, and names in East Slavic order.

Three classes found on identity53 after its scoring, each with its guard:

- a DOI on its label's line anywhere on the work's first page (an imprint's "DOI: 10....",
  under the series and the ISBN) is the document's own when it gives no other: a report's
  second edition, its DOI under the record's and the record's cited as the first
  edition's, is not the record's file; the first edition, giving the record's DOI there,
  is;
- one page for a work its citation gives three pages or more (a repository's cover sheet
  alone, its title, byline and DOI the work's) cannot be the work: undecided, never
  matched; the cover sheet followed by the work's pages, or one page for a one-page work,
  still is;
- a creator written "family given patronymic" without a comma ("Кузнецова Елена
  Андреевна") has the first word as family name, not the patronymic; "given patronymic
  family" and western names keep the last.

Small PDFs made here (reportlab).
"""

from __future__ import annotations

import pytest

from politeharvest.fulltext import RecordHints, check_identity

pytest.importorskip("reportlab")
pytest.importorskip("pypdfium2")

from tests.fulltext.test_identity_layout import Item, body, make_pdf

REPORT = "Nitrogen balances of arable farms in Lower Saxony: methods, results and options"
DOI = "10.5555/ial.report.87"


def _report_record() -> RecordHints:
    return RecordHints.from_metadata(
        {
            "title": [REPORT],
            "creator": ["Vogelsang, Henrike", "Brueckner, Matthias"],
            "date": ["2020"],
            "type": ["Report"],
            "identifier": [f"doi:{DOI}"],
        }
    )


def _report(edition: str, doi: str, earlier: str | None) -> bytes:
    cover: list[Item] = [
        ("IAL Institute for Agroecology and Land Use", 10.0),
        ("IAL Report 87", 10.0),
        (edition, 10.0),
        ("Nitrogen balances of arable farms in", 20.0),
        ("Lower Saxony", 20.0),
        ("Methods, results and options", 14.0),
        ("Henrike Vogelsang, Matthias Brueckner, Jana Oltmanns", 11.0),
    ]
    imprint: list[Item] = [
        ("Bibliographic information of the German National Library", 9.0),
        ("The German National Library lists this publication in the German National", 9.0),
        ("Bibliography; detailed bibliographic data is available on the internet.", 9.0),
        ("The authors are responsible for the content of their contributions. This", 9.0),
        ("publication is licensed under Creative Commons Attribution 4.0 International.", 9.0),
        ("Cover photo: maize field near Vechta, by the IAL. Layout and typesetting by the", 9.0),
        ("institute's publications office. Printed on paper from sustainable forestry.", 9.0),
        ("The series page of the institute on the internet lists every report and edition.", 9.0),
        ("The data of the farms were collected by the chambers of agriculture and made", 9.0),
        ("anonymous before their analysis; no farm can be identified from the tables.", 9.0),
        ("The maps use the administrative boundaries of the state survey office of the", 9.0),
        ("year 2019, reproduced with its permission; their colours follow the legend.", 9.0),
        ("Editorial board of the series: the directors of the institute's departments.", 9.0),
        ("Manuscripts for the series are reviewed by two members of the editorial board", 9.0),
        ("and by one reviewer from outside the institute, who remains anonymous.", 9.0),
        ("The institute is a research institute of the state, funded by its ministry of", 9.0),
        ("agriculture; the views expressed here are those of the authors alone.", 9.0),
        ("Readers are asked to report errors in the tables to the institute, which keeps", 9.0),
        ("a list of corrections on the series page; corrected tables replace the old ones", 9.0),
        ("in the online edition without notice, the printed copies remain as they are.", 9.0),
        ("The printed edition is distributed free of charge to libraries and to the", 9.0),
        ("chambers of agriculture; further copies can be ordered from the institute.", 9.0),
        ("All rights to the photographs remain with their photographers and the IAL.", 9.0),
        (f"IAL Report 87, {edition}", 9.0),
        ("Published by the Institute for Agroecology and Land Use, Braunschweig", 9.0),
        (f"DOI: {doi}", 9.0),
        ("ISSN 2999-7761", 9.0),
        ("Braunschweig, Germany, March 2023", 9.0),
    ]
    if earlier is not None:
        imprint.append((f"The first edition was published in June 2020 (DOI: {earlier}).", 9.0))
    return make_pdf(cover, imprint, body(30), body(30))


def test_a_second_edition_whose_imprint_gives_its_own_doi_is_not_the_record() -> None:
    pdf = _report("2nd, revised and enlarged edition", f"{DOI}.2", DOI)
    identity = check_identity(pdf, _report_record())
    assert identity.verdict == "mismatch", identity
    assert f"{DOI}.2" in identity.evidence


def test_the_first_edition_whose_imprint_gives_the_record_s_doi_is_the_record() -> None:
    identity = check_identity(_report("First edition", DOI, None), _report_record())
    assert identity.verdict == "matched", identity


ARTICLE = "Teacher cooperation at all-day primary schools: a mixed-methods study"


def _article_record(source: str) -> RecordHints:
    return RecordHints.from_metadata(
        {
            "title": [ARTICLE],
            "creator": ["Luedemann, Kathrin", "Odenthal, Stefan"],
            "date": ["2021"],
            "type": ["info:eu-repo/semantics/article"],
            "identifier": ["10.5555/zsb.2021.233"],
            "source": [source],
        }
    )


def _cover_sheet() -> list[Item]:
    return [
        ("eduDOCS Information Centre for Education", 10.0),
        ("Luedemann, Kathrin; Odenthal, Stefan", 11.0),
        (ARTICLE, 16.0),
        ("Journal of School Development 14 (2021) 2, pp. 233-252", 10.0),
        ("Reference: Luedemann, Kathrin; Odenthal, Stefan: Teacher cooperation at all-day", 9.0),
        ("primary schools: a mixed-methods study - In: Journal of School Development 14", 9.0),
        ("(2021) 2, pp. 233-252 - DOI: 10.5555/zsb.2021.233", 9.0),
        ("Terms of use", 10.0),
        ("We grant a non-exclusive, non-transferable, individual and limited right to using", 9.0),
        ("this document. This document is solely intended for your personal, non-commercial", 9.0),
        ("use. Use of this document does not include any transfer of property rights and it", 9.0),
        ("is conditional to the following limitations: all of the copies of this document", 9.0),
        ("must retain all copyright information and other information regarding legal", 9.0),
        ("protection. You are not allowed to alter this document in any way, to copy it for", 9.0),
        ("public or commercial purposes, to exhibit the document in public, to perform,", 9.0),
        ("distribute or otherwise use the document in public. By using this particular", 9.0),
        ("document, you accept the above-stated conditions of use.", 9.0),
        ("Nutzungsbedingungen", 10.0),
        ("Gewaehrt wird ein nicht exklusives, nicht uebertragbares, persoenliches und", 9.0),
        ("beschraenktes Recht auf Nutzung dieses Dokuments. Dieses Dokument ist", 9.0),
        ("ausschliesslich fuer den persoenlichen, nicht-kommerziellen Gebrauch bestimmt.", 9.0),
        ("Die Nutzung stellt keine Uebertragung des Eigentumsrechts an diesem Dokument dar", 9.0),
        ("und gilt vorbehaltlich der folgenden Einschraenkungen: Auf saemtlichen Kopien", 9.0),
        ("dieses Dokuments muessen alle Urheberrechtshinweise und sonstigen Hinweise auf", 9.0),
        ("gesetzlichen Schutz beibehalten werden. Sie duerfen dieses Dokument nicht in", 9.0),
        ("irgendeiner Weise abaendern, noch duerfen Sie dieses Dokument fuer oeffentliche", 9.0),
        ("oder kommerzielle Zwecke vervielfaeltigen, oeffentlich ausstellen, auffuehren,", 9.0),
        ("vertreiben oder anderweitig nutzen. Mit der Verwendung dieses Dokuments erkennen", 9.0),
        ("Sie die Nutzungsbedingungen an. Kontakt: eduDOCS, Informationszentrum Bildung,", 9.0),
        ("Rostocker Strasse 6, 60323 Frankfurt am Main, E-Mail: edudocs@example.de", 9.0),
    ]


def test_a_cover_sheet_alone_for_a_twenty_page_article_is_never_matched() -> None:
    record = _article_record("Journal of School Development 14 (2021) 2, S. 233-252")
    identity = check_identity(make_pdf(_cover_sheet()), record)
    assert identity.verdict == "unverifiable", identity
    assert "one page" in identity.evidence and "20 pages" in identity.evidence


def test_the_cover_sheet_before_the_article_s_pages_is_the_article() -> None:
    record = _article_record("Journal of School Development 14 (2021) 2, S. 233-252")
    first: list[Item] = [
        ("Journal of School Development 14 (2021) 2, pp. 233-252", 8.0),
        (ARTICLE, 16.0),
        ("Kathrin Luedemann, Stefan Odenthal", 11.0),
        *body(30),
    ]
    identity = check_identity(make_pdf(_cover_sheet(), first, body(40)), record)
    assert identity.verdict == "matched", identity


def test_one_page_for_a_one_page_work_is_still_judged_by_its_text() -> None:
    record = _article_record("Journal of School Development 14 (2021) 2, S. 233")
    page: list[Item] = [
        ("Journal of School Development 14 (2021) 2, p. 233", 8.0),
        (ARTICLE, 16.0),
        ("Kathrin Luedemann, Stefan Odenthal", 11.0),
        ("DOI: 10.5555/zsb.2021.233", 8.0),
        *body(40),
    ]
    identity = check_identity(make_pdf(page), record)
    assert identity.verdict == "matched", identity


@pytest.mark.parametrize(
    ("creator", "surname"),
    [
        ("Кузнецова Елена Андреевна", "кузнецова"),
        ("Орлов Дмитрий Викторович", "орлов"),
        ("Іваненко Олена Петрівна", "іваненко"),
        ("Kuznetsova Elena Andreevna", "kuznetsova"),
        ("Елена Андреевна Кузнецова", "кузнецова"),  # given, patronymic, family
        ("Кузнецова, Елена Андреевна", "кузнецова"),
        ("John Maynard Keynes", "keynes"),
        ("Maria del Carmen", "carmen"),
    ],
)
def test_a_family_name_before_given_name_and_patronymic(creator: str, surname: str) -> None:
    hints = RecordHints.from_metadata({"title": ["A study"], "creator": [creator]})
    assert hints.surnames == (surname,)
