"""Identity: the record's creators and kind read where a document prints them (identity37).

Three classes found on identity37 after its scoring, each with its guard:

- a title block that is one of the record's creators' names (a repository's licence notice
  before a thesis names its author alone) is no other document's title;
- a line over the title that is an author's name and a comma ("Оксана ПОПОВИЧ," over her
  degree) is a byline, not a letter's greeting; a greeting still is one;
- a record titled "<title>: authors' reply" is a reply, and the reply's file is matched.

Small PDFs made here (reportlab).
"""

from __future__ import annotations

import pytest

from politeharvest.fulltext import RecordHints, check_identity
from politeharvest.fulltext._identity import _kind_after, _salutation_above

pytest.importorskip("reportlab")
pytest.importorskip("pypdfium2")

from tests.fulltext.test_identity_layout import Item, body, make_pdf

THESIS = "La xarxa de sequies medievals de l'horta de Lleida: arqueologia del paisatge"


def test_a_notice_naming_the_thesis_s_author_alone_is_no_other_title() -> None:
    record = RecordHints(
        titles=(THESIS,),
        surnames=("serra",),
        creators=("Puigdomenech i Serra, Arnau",),
        monograph=True,
    )
    notice: list[Item] = [
        ("Arnau Puigdomenech i Serra", 16.0),
        ("ADVERTIMENT. La consulta d'aquesta tesi queda condicionada a l'acceptacio de les", 9.0),
        ("condicions d'us establertes per la llicencia Creative Commons.", 9.0),
        ("WARNING. The access to the contents of this doctoral thesis is limited to the", 9.0),
        ("acceptance of the use conditions set by the Creative Commons license.", 9.0),
    ]
    identity = check_identity(make_pdf(notice, [(THESIS, 18.0), *body(30)]), record)
    assert identity.verdict != "mismatch"
    # another person's name as the title block is still another title's evidence
    other = RecordHints(
        titles=(THESIS,),
        surnames=("serra",),
        creators=("Vidal i Puig, Marta",),
        monograph=True,
    )
    assert check_identity(make_pdf(notice, [(THESIS, 18.0), *body(30)]), other).verdict != (
        "matched"
    )


def test_an_author_s_name_and_a_comma_over_the_title_is_no_greeting() -> None:
    above = ["Oksana POPOVYCH,", "candidate of pedagogical sciences, associate professor"]
    assert _salutation_above([*above, "LANGUAGE POLICY"], ("Popovych, Oksana",)) is None
    # a greeting of an editor over a sentence still is one
    greeting = ["Dear Professor Ahmadov,", "please find enclosed our manuscript entitled"]
    assert _salutation_above([*greeting, "LANGUAGE POLICY"], ("Popovych, Oksana",)) == (
        "Dear Professor Ahmadov,"
    )


@pytest.mark.parametrize(
    ("title", "reply"),
    [
        ("Strategic napping and night-shift outcomes: authors' reply", True),
        ("Strategic napping and night-shift outcomes - reply", True),
        ("Strategic napping and night-shift outcomes: a discussion paper", False),
        ("Strategic napping and night-shift outcomes", False),
    ],
)
def test_a_record_titled_as_a_reply_is_a_reply(title: str, reply: bool) -> None:
    assert (_kind_after(title) == "comment") is reply


def test_the_reply_s_file_is_matched_to_the_reply_s_record() -> None:
    title = "Strategic napping and night-shift outcomes"
    record = RecordHints(
        titles=(f"{title}: authors' reply",), surnames=("osei", "larsen"), genre=True
    )
    page: list[Item] = [
        ("513 Journal of Clinical Nursing Practice - April 2023 - 38(4)", 8.0),
        ("AUTHORS' REPLY", 10.0),
        (title, 17.0),
        ("Kwame Osei and Mette Larsen", 11.0),
        *body(30),
    ]
    assert check_identity(make_pdf(page), record).verdict == "matched"
    # and for the article's own record, the reply is another document
    article = RecordHints(titles=(title,), surnames=("osei", "larsen"), article=True)
    assert check_identity(make_pdf(page), article).verdict == "mismatch"


GUIDELINE = "Management of community-acquired pneumonia in adults in primary care"


def _guideline(label: str | None) -> bytes:
    items: list[Item] = [("Northern Clinical Guidelines Network NCGN 147", 8.0)]
    if label is not None:
        items.append((label, 11.0))
    items += [(GUIDELINE, 17.0), ("Northern Clinical Guidelines Network", 11.0), *body(20)]
    # the full guideline has a section summing up its recommendations, in its text
    items += [("Summary of recommendations", 12.0), *body(20)]
    return make_pdf(items)


def test_a_summary_s_record_is_matched_to_the_summary_not_to_the_full_guideline() -> None:
    # "<title>: summary of recommendations": the record names its kind after its title
    record = RecordHints(titles=(f"{GUIDELINE}: summary of recommendations",), report=True)
    assert check_identity(_guideline("SUMMARY OF RECOMMENDATIONS"), record).verdict == "matched"
    full = check_identity(_guideline(None), record)
    assert full.verdict != "matched"
    assert "the document does not say so" in full.evidence


def test_a_reply_s_record_is_not_matched_to_the_letter_it_answers() -> None:
    title = "Strategic napping and night-shift outcomes"
    record = RecordHints(titles=(f"{title}: authors' reply",), surnames=("osei",), genre=True)
    page: list[Item] = [
        ("Journal of Clinical Nursing Practice 38(4)", 8.0),
        ("LETTER TO THE EDITOR", 10.0),
        (title, 17.0),
        ("Laura Whitcombe", 11.0),
        *body(30),
    ]
    assert check_identity(make_pdf(page), record).verdict != "matched"


def test_a_doi_cited_in_a_sentence_of_the_first_page_is_not_the_document_s_own() -> None:
    # the results of a process evaluation, citing its published protocol's DOI in its
    # abstract, served for the protocol's record: the protocol's DOI is cited, not its own
    protocol = "10.5555/bmjop.2021.052210"
    results = "10.5555/ijbnpa.2024.0077"
    title = "School-based daily mile running and children's wellbeing"
    record = RecordHints(
        titles=(f"{title}: protocol for the process evaluation of a cluster randomised trial",),
        doi=protocol,
        surnames=("odum",),
        article=True,
    )
    page: list[Item] = [
        (
            f"International Journal of Physical Activity Research (2024) 21:77 https://doi.org/{results}",
            8.0,
        ),
        ("PROCESS EVALUATION", 10.0),
        (f"{title}: a mixed-methods process evaluation of a cluster randomised trial", 17.0),
        ("Chiamaka Odum, Tom Brightwell, Liisa Saarinen", 11.0),
        (f"Methods: Following our published protocol (https://doi.org/{protocol}), we", 10.0),
        *body(30),
    ]
    identity = check_identity(make_pdf(page), record)
    assert "the record's DOI" not in identity.evidence.split(";")[0]
    assert identity.verdict != "matched"
