"""Identity: another document of the same title or frame is never matched to the record's.

A companion of the record's document (a teaching note of a case, a solutions manual of a
problem set) set under the same title and authors, a sibling whose title differs by one
word that only shares an ending with the record's, and a catalogue listing the record's
work among others: read from the document's structure and the record's own words, on
small PDFs made here (reportlab).
"""

from __future__ import annotations

import unicodedata

import pytest

from politeharvest.fulltext import RecordHints, check_identity
from politeharvest.fulltext._identity import _marks_rejoined, _unlike, decide

pytest.importorskip("reportlab")
pytest.importorskip("pypdfium2")

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from tests.fulltext.test_identity_layout import DEJAVU, PROSE, Item, body, make_pdf

PROBLEMS = "Thermodynamics of Mixed Solvents: A Problem Set for Engineers"
AUTHORS = ("okonkwo", "lindqvist")
BYLINE = "Chidi Okonkwo and Maja Lindqvist"


def companion_page(head: str, title: str, label: str | None) -> list[Item]:
    """A first page: a running head with the document's name and number, the title, the
    label under it (when given), the byline and prose."""
    items: list[Item] = [(f"{head} · 1", 8.0), (head.upper(), 9.0), ("Northfield School", 9.0)]
    items.append((title, 17.0))
    if label is not None:
        items.append((label, 13.0))
    items += [(BYLINE, 11.0), *body(18)]
    return items


def test_a_companion_named_in_the_page_head_and_under_the_title_is_refused() -> None:
    # the solutions manual of a problem set: the problem set's title and authors, "Solutions
    # Manual" under the title and "SOLUTIONS MANUAL 4-118-07" heading the page
    record = RecordHints(titles=(PROBLEMS,), surnames=AUTHORS)
    pdf = make_pdf(companion_page("Solutions Manual 4-118-07", PROBLEMS, "Solutions Manual"))
    identity = check_identity(pdf, record)
    assert identity.verdict == "mismatch"
    assert "'Solutions Manual'" in identity.evidence


def test_the_companion_is_matched_to_its_own_record() -> None:
    # the same file for the record whose title names it: the label is the record's words
    record = RecordHints(titles=(f"{PROBLEMS} — Solutions Manual",), surnames=AUTHORS)
    pdf = make_pdf(companion_page("Solutions Manual 4-118-07", PROBLEMS, "Solutions Manual"))
    assert check_identity(pdf, record).verdict == "matched"


def test_a_subtitle_the_record_leaves_out_is_no_companion() -> None:
    # a short run under the title that the page head does not repeat before a number: a
    # subtitle, and the article is the record's
    record = RecordHints(titles=(PROBLEMS,), surnames=AUTHORS)
    pdf = make_pdf(companion_page("Journal of Chemical Education 12", PROBLEMS, "Field Notes"))
    assert check_identity(pdf, record).verdict == "matched"


def test_the_record_s_title_ending_in_words_the_document_never_says_is_not_matched() -> None:
    # the problem set served for its solutions manual's record: the file is the record's
    # title less "— Solutions Manual", and says neither word anywhere
    record = RecordHints(titles=(f"{PROBLEMS} — Solutions Manual",), surnames=AUTHORS)
    pdf = make_pdf(companion_page("Problem Set 4-118-06", PROBLEMS, None))
    identity = check_identity(pdf, record)
    assert identity.verdict == "unverifiable"
    assert "'Solutions Manual'" in identity.evidence


@pytest.mark.parametrize("tail", ["Solutions Manual, version 3.1", "Solutions Manual 2"])
def test_a_label_s_numbers_do_not_make_the_unsaid_ending_a_subtitle(tail: str) -> None:
    # identity48, after its scoring: "<the trial's title>. Study protocol, version 3.1" for
    # the trial's results article: the version's numbers are the label's, not more words
    record = RecordHints(titles=(f"{PROBLEMS} — {tail}",), surnames=AUTHORS)
    pdf = make_pdf(companion_page("Problem Set 4-118-06", PROBLEMS, None))
    identity = check_identity(pdf, record)
    assert identity.verdict == "unverifiable"
    assert "'Solutions Manual" in identity.evidence


def test_the_record_s_title_ending_in_words_the_document_says_elsewhere_is_matched() -> None:
    # a subtitle the file's title block leaves out but its page carries: the record's file
    record = RecordHints(titles=(f"{PROBLEMS} — Field Notes",), surnames=AUTHORS)
    pdf = make_pdf(companion_page("Field Notes 12", PROBLEMS, None))
    assert check_identity(pdf, record).verdict == "matched"


@pytest.mark.parametrize(
    ("mine", "theirs"),
    [
        # Hungarian: "water quality's" and "water temperature's" share only the ending
        ("vizminosegenek", "vizhomersekletenek"),
        # Turkmen: "salinity" and "depth" (-lygy / -lugy)
        ("duzlulygy", "cunlugy"),
    ],
)
def test_words_alike_only_by_their_shared_ending_are_two_words(mine: str, theirs: str) -> None:
    assert _unlike(mine, theirs)


@pytest.mark.parametrize(
    ("mine", "theirs"),
    [
        ("modelling", "modeling"),
        ("dynamlcs", "dynamics"),  # a letter OCR misread
        ("photographie", "fotografie"),
        ("organisation", "organization"),
        ("grey", "gray"),
    ],
)
def test_one_word_spelt_or_read_two_ways_is_one_word(mine: str, theirs: str) -> None:
    assert not _unlike(mine, theirs)


@pytest.mark.skipif(not DEJAVU.is_file(), reason="no DejaVu font for Hungarian letters")
def test_a_sibling_whose_title_differs_by_a_word_sharing_only_its_ending_is_refused() -> None:
    # the same journal's study of the lake's water temperature for the record's of its water
    # quality: one word in place of another, alike only in their Hungarian ending
    record = RecordHints(titles=("A Balaton vízminőségének változása 1990 és 2020 között",))
    title = "A Balaton vízhőmérsékletének változása 1990 és 2020 között"
    pdfmetrics.registerFont(TTFont("DejaVu", str(DEJAVU)))
    pdf = make_pdf(
        [("Hidrológiai Közlöny 102 (2022) 4", 8.0), (title, 17.0), ("Nagy Péter", 11.0), *body(18)],
        font="DejaVu",
    )
    identity = check_identity(pdf, record)
    assert identity.verdict == "mismatch"
    assert "vizhomersekletenek" in identity.evidence


def catalogue(first: str) -> list[Item]:
    """A press's list of new titles: each title over its author line and a blurb."""
    entries = [
        (first, "Kofi Agbedor · 312 pp. · ISBN 978-3-00-000000-0 · Open access"),
        ("Tone and Focus in Yoruboid", "Adeola Bankole · 280 pp. · Open access"),
        ("Clicks in Contact", "Thandi Mokoena · 240 pp. · Open access"),
        ("Vowel Harmony in Akan Dialects", "Ama Owusu · 198 pp. · Open access"),
    ]
    items: list[Item] = [
        ("Example Language Science Press", 20.0),
        ("Spring catalogue of new and forthcoming titles", 14.0),
    ]
    for title, details in entries:
        items += [(title, 12.0), (details, 9.0), *body(2)]
    return items


def test_a_catalogue_listing_the_record_s_book_among_others_is_refused() -> None:
    record = RecordHints(
        titles=("A Grammar of Gbe Serial Verb Constructions",), surnames=("agbedor",)
    )
    identity = check_identity(make_pdf(catalogue(record.titles[0])), record)
    assert identity.verdict == "mismatch"
    assert "list of works" in identity.evidence


def test_a_title_under_a_masthead_over_its_article_is_no_list_entry() -> None:
    # a journal's masthead set larger than the article's title, section headings smaller
    record = RecordHints(
        titles=("A Grammar of Gbe Serial Verb Constructions",), surnames=("agbedor",)
    )
    items: list[Item] = [
        ("Journal of West African Languages", 20.0),
        (record.titles[0], 12.0),
        ("Kofi Agbedor", 10.0),
        *body(8),
        ("1 Introduction", 11.0),
        *body(8),
    ]
    assert check_identity(make_pdf(items), record).verdict == "matched"


@pytest.mark.skipif(not DEJAVU.is_file(), reason="no DejaVu font for Cyrillic")
def test_names_in_another_script_before_a_latin_affiliation_are_read_across() -> None:
    # the byline names the authors in Cyrillic and their institute in Latin letters: the
    # Latin words are most of the line, and the names are still the record's
    record = RecordHints(titles=("Засоление почв в дельте Волги",), surnames=("akhmedov", "lykova"))
    pdfmetrics.registerFont(TTFont("DejaVu", str(DEJAVU)))
    items: list[Item] = [
        ("Вестник экологии 12 (2021) 45-60", 8.0),
        ("Засоление почв в дельте Волги", 17.0),
        ("Д. Р. Ахмедов, О. С. Лыкова Astrakhan State Technical University Department", 11.0),
        *body(18),
    ]
    identity = check_identity(make_pdf(items, font="DejaVu"), record)
    assert identity.verdict == "matched"
    assert "akhmedov" in identity.evidence


def test_a_space_set_before_a_combining_mark_is_read_away() -> None:
    # a producer placing every glyph on its own: a space before each combining mark
    assert _marks_rejoined("Nghie \u0302n cu \u031bu") == "Nghie\u0302n cu\u031bu"
    assert (
        _marks_rejoined("a \u00e9t\u00e9 \u0434\u043e\u043c")
        == "a \u00e9t\u00e9 \u0434\u043e\u043c"
    )


def test_a_title_read_with_spaces_before_its_marks_is_the_record_s() -> None:
    # Vietnamese in decomposed form, a space before every mark: the words are not cut
    title = "Nghiên cứu sự thay đổi độ mặn nước ngầm ở đồng bằng sông Cửu Long"
    record = RecordHints(titles=(title,), surnames=("nguyen",))
    spaced = "".join(
        f" {c}" if unicodedata.category(c) == "Mn" else c
        for c in unicodedata.normalize("NFD", title)
    )
    text = "\n".join([spaced, "Nguyễn Văn An", *(PROSE * 4)])
    assert decide(record, text).verdict == "matched"


def test_an_item_sheet_over_a_letter_is_no_list_of_contents() -> None:
    # an archive's digitised letter: a head with the page number, the item's locator, its
    # title over two lines (the date large), its extent line, then the transcription: lines
    # ending in numbers, but none in the size of the page's text
    record = RecordHints(
        titles=("Brief van Pieter Hofstede aan Anna de Vries, Leeuwarden, 12 maart 1923",),
        surnames=("hofstede",),
    )
    items: list[Item] = [
        ("Tresoar · 1421-14 · 1", 7.5),
        ("Tresoar · Collectie Hofstede (toegang 1421) · inv.nr. 14", 9.0),
        ("Brief van Pieter Hofstede aan Anna de Vries, Leeuwarden,", 14.0),
        ("12 maart 1923", 14.0),
        ("Omvang: 1 brief, 2 p. · Handschrift · Transcriptie door vrijwilligers, 2021", 9.0),
        ("Transcriptie", 11.0),
        ("Leeuwarden, 12 Maart 1923. Lieve Anna, Uw brief van den 3den ontving ik in goede", 10.5),
        (
            "orde. Het gaat hier naar omstandigheden wel; Vader is weer op de been en de winkel",
            10.5,
        ),
        ("loopt als vanouds. Over de reis naar Groningen schrijf ik u spoedig nader. Met", 10.5),
        ("hartelijke groeten, ook aan uw moeder, uw toegenegen Pieter.", 10.5),
    ]
    identity = check_identity(make_pdf(items), record)
    assert (identity.verdict, identity.kind) == ("matched", "article")


def test_a_name_under_the_title_and_in_the_running_head_is_no_companion_label() -> None:
    # a record naming no author: the run under the title and in the head ("Chidi Okonkwo
    # 12") may be the byline, and the record's own file stays matched
    record = RecordHints(titles=(PROBLEMS,))
    items: list[Item] = [
        ("Chidi Okonkwo 12", 8.0),
        (PROBLEMS, 17.0),
        ("Chidi Okonkwo", 13.0),
        *body(18),
    ]
    assert check_identity(make_pdf(items), record).verdict == "matched"


def test_a_companion_s_number_may_open_with_its_code_letters() -> None:
    # identity34, after its scoring: "Teaching Note TN-23-0417 · For instructors only" heading
    # the page, "TEACHING NOTE" under the case's title; the number opens with letters
    record = RecordHints(titles=(PROBLEMS,), surnames=AUTHORS)
    pdf = make_pdf(companion_page("Teaching Note TN-23-0417", PROBLEMS, "TEACHING NOTE"))
    identity = check_identity(pdf, record)
    assert identity.verdict == "mismatch", identity.evidence
    assert "'TEACHING NOTE'" in identity.evidence


def test_a_label_over_the_title_with_a_code_of_letters_and_digits_is_a_companion() -> None:
    # identity50, after its scoring: "Nota pedagógica ENC-N-231-04 · SOLO PARA PROFESORES"
    # over the case's title, nothing under it: the code's letters ("ENC") are the code's
    record = RecordHints(titles=(PROBLEMS,), surnames=AUTHORS)
    items: list[Item] = [
        ("Nota pedagógica ENC-N-231-04 · SOLO PARA PROFESORES", 9.0),
        (PROBLEMS, 17.0),
        (BYLINE, 11.0),
        *body(18),
    ]
    identity = check_identity(make_pdf(items), record)
    assert identity.verdict == "mismatch", identity.evidence
    assert "nota pedagogica" in identity.evidence


def test_a_label_over_the_title_with_words_after_it_is_no_companion() -> None:
    """The guard: words of its own after the label are a mention, not the document's name."""
    record = RecordHints(titles=(PROBLEMS,), surnames=AUTHORS)
    items: list[Item] = [
        ("Nota pedagógica disponible para profesores registrados", 9.0),
        (PROBLEMS, 17.0),
        (BYLINE, 11.0),
        *body(18),
    ]
    assert check_identity(make_pdf(items), record).verdict != "mismatch"


def test_a_subtitle_the_head_repeats_before_a_year_is_no_companion() -> None:
    # the guard: "in 2023" after the words is no code of the document's
    record = RecordHints(titles=(PROBLEMS,), surnames=AUTHORS)
    pdf = make_pdf(companion_page("Field Notes in 2023", PROBLEMS, "Field Notes"))
    assert check_identity(pdf, record).verdict == "matched"


SHEET = RecordHints(
    titles=("Übungsblatt 5: Lineare Abbildungen und Matrizen",),
    surnames=("pfeiffer", "yilmaz"),
    venue=("Lineare Algebra I, Wintersemester 2023/24",),
)


def _sheet(heading: str) -> bytes:
    return make_pdf(
        [
            ("Mathematisches Institut", 9.0),
            ("Prof. Dr. Katrin Pfeiffer    Deniz Yilmaz, M.Sc.", 9.0),
            ("Lineare Algebra I - Wintersemester 2023/24", 11.0),
            (heading, 18.0),
            ("Lineare Abbildungen und Matrizen", 14.0),
            *body(16),
        ]
    )


def test_words_joined_to_the_title_by_a_preposition_of_purpose_name_another_document() -> None:
    # identity34, after its scoring: the solution to an exercise sheet, "Lösungsvorschlag zu
    # Übungsblatt 5" over the sheet's subtitle, by the sheet's lecturers
    identity = check_identity(_sheet("Lösungsvorschlag zu Übungsblatt 5"), SHEET)
    assert identity.verdict == "mismatch", identity.evidence
    assert "'losungsvorschlag zu'" in identity.evidence


def test_the_sheet_itself_is_still_matched() -> None:
    assert check_identity(_sheet("Übungsblatt 5"), SHEET).verdict == "matched"


def test_a_preposition_of_subject_opens_the_same_work_s_fuller_title() -> None:
    # the guard (identity28's own file): "Experimental study on <the record's title>" is the
    # work under its fuller title, not a document about it
    record = RecordHints(
        titles=("Seismic performance of precast concrete shear walls with grouted sleeves",),
        surnames=("zhang", "liu"),
    )
    items: list[Item] = [
        ("Journal of Building Structures  Vol. 44  No. 3", 9.0),
        ("Experimental study on seismic performance of precast concrete", 17.0),
        ("shear walls with grouted sleeves", 17.0),
        ("Zhang Wei, Liu Fang", 11.0),
        *body(18),
    ]
    assert check_identity(make_pdf(items), record).verdict != "mismatch"


CASE = "Laticínios Serra Azul: expandir ou consolidar?"
CASE_AUTHORS = ("carvalho", "tavares")


def case_page(head: str, label: str | None) -> list[Item]:
    """A teaching case's first page: the series head, a label line (when given), the
    case's title, its authors and prose."""
    items: list[Item] = [(head, 8.0)]
    if label is not None:
        items.append((label, 11.0))
    return [*items, (CASE, 17.0), ("Bruno Meireles Carvalho e Helena Tavares", 11.0), *body(18)]


@pytest.mark.parametrize(
    ("head", "label"),
    [
        ("Casos de Ensino em Administração · Caso 118", "NOTAS DE ENSINO"),
        ("Casos de Ensino em Administração · Caso 118 · USO EXCLUSIVO DO PROFESSOR", None),
        ("Case Centre · CS-23-0417", "Teaching Note TN-23-0417"),
        ("ENP-C-2020-031-NE / NOTA DE ENSEÑANZA — USO EXCLUSIVO DEL PROFESOR", None),
    ],
)
def test_a_teaching_note_over_the_case_s_title_is_refused_for_any_record(
    head: str, label: str | None
) -> None:
    # the case's record is no article (its type is "other"): the companion's label over the
    # same title and authors still names another document
    record = RecordHints(titles=(CASE,), surnames=CASE_AUTHORS)
    identity = check_identity(make_pdf(case_page(head, label)), record)
    assert identity.verdict == "mismatch"
    assert "for those who teach it" in identity.evidence


def test_a_case_that_mentions_its_teaching_note_is_the_case() -> None:
    # "Teaching Note available: TN-23-0417" in the case's own head: a mention, no label
    record = RecordHints(titles=(CASE,), surnames=CASE_AUTHORS)
    head = "Nordic Case Centre · CS-23-0417 Teaching Note available: TN-23-0417"
    assert check_identity(make_pdf(case_page(head, None)), record).verdict == "matched"


def test_the_case_itself_is_matched() -> None:
    record = RecordHints(titles=(CASE,), surnames=CASE_AUTHORS)
    pdf = make_pdf(case_page("Casos de Ensino em Administração · Caso 118", None))
    assert check_identity(pdf, record).verdict == "matched"


def test_a_study_label_whose_noun_the_record_s_title_has_is_the_record_s() -> None:
    # the protocol article of a trial, under the journal's label "Study protocol": the
    # record's title says it is a protocol ("protocol for a pragmatic randomised trial")
    title = "Early mobilisation after hip surgery (MOBILE-HIP): protocol for a randomised trial"
    record = RecordHints(titles=(title,), surnames=AUTHORS, article=True)
    items: list[Item] = [("Trial Protocols Journal 6:342", 8.0), ("STUDY PROTOCOL", 10.0)]
    pdf = make_pdf([*items, (title, 17.0), (BYLINE, 11.0), *body(40)])
    assert check_identity(pdf, record).verdict == "matched"
    # a record whose title is no protocol's: the same label names another document
    plain = RecordHints(
        titles=("Early mobilisation after hip surgery",), surnames=AUTHORS, article=True
    )
    other = make_pdf([*items, (plain.titles[0], 17.0), (BYLINE, 11.0), *body(40)])
    assert check_identity(other, plain).verdict == "mismatch"


def _case_note(head: list[Item], below: list[Item], foot: list[Item]) -> bytes:
    """A teaching note's first page: its head, the case's title, what stands under it, the
    authors, prose, and its running foot."""
    return make_pdf(
        [
            *head,
            (CASE, 17.0),
            *below,
            ("Bruno Meireles Carvalho e Helena Tavares", 11.0),
            *body(30),
            *foot,
        ]
    )


@pytest.mark.parametrize(
    ("head", "below", "foot"),
    [
        # the label right under the title, not over it
        ([("Revista de Casos de Ensino, v. 13, n. 2", 8.0)], [("NOTAS DE ENSINO", 11.0)], []),
        # only a sentence over the title keeping it to teachers
        (
            [
                ("Revista de Casos de Ensino, v. 13, n. 2", 8.0),
                ("Este material é de uso exclusivo do professor e não deve ser distribuído.", 8.0),
            ],
            [],
            [],
        ),
        # only the running foot
        (
            [("Revista de Casos de Ensino, v. 13, n. 2", 8.0)],
            [],
            [("Nota de enseñanza · Uso exclusivo del profesor · 1", 7.0)],
        ),
    ],
)
def test_a_teaching_note_by_its_label_under_the_title_or_its_audience_is_refused(
    head: list[Item], below: list[Item], foot: list[Item]
) -> None:
    record = RecordHints(titles=(CASE,), surnames=CASE_AUTHORS)
    identity = check_identity(_case_note(head, below, foot), record)
    assert identity.verdict == "mismatch"


def test_the_teaching_note_s_own_record_is_matched_to_it() -> None:
    # the record titled as the note ("<case> (nota de enseñanza)"): its file is the note
    record = RecordHints(titles=(f"{CASE} (notas de ensino)",), surnames=CASE_AUTHORS)
    head = [("Revista de Casos de Ensino, v. 13, n. 2", 8.0)]
    pdf = _case_note(head, [("NOTAS DE ENSINO", 11.0)], [])
    assert check_identity(pdf, record).verdict != "mismatch"
