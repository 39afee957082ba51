"""A Word-exported page's conditional comments are no text of its items.

landing101 (scored once on 932a506): a proceedings page saved from Microsoft Word numbered
its list items with ``<![if !supportLists]><span>3.</span><![endif]>``; the parser keeps
those markers as comments, and the item's text read them as words ("if !supportLists 3.
endif Κείμενο εργασίας: E_611.pdf"), another work's line beside the file. A comment is no
text a reader sees: an item's text is read without them. Guard: the same item with a title
of another work as its text still names that work. All pages are written here; none is
copied from a corpus.
"""

from __future__ import annotations

from politeharvest.fulltext._landing import find_candidates

SITE = "http://www.congress.example.gr/synedrio2009/praktika"
TITLE = "Ηλιακή ξήρανση σύκων σε αγροτικές μονάδες"


def _page(line: str) -> str:
    return (
        f"<html><head><meta charset='utf-8'><title>{TITLE}</title></head><body>"
        f"<h1>{TITLE}</h1><p class=MsoListParagraph><![if !supportLists]><span>3.</span>"
        f"<![endif]>{line} <a href='../ergasies/E_611.pdf'>E_611.pdf</a> (8 σελίδες)</p>"
        "</body></html>"
    )


def test_word_list_markers_are_no_words_of_the_item() -> None:
    found = find_candidates(_page("Κείμενο εργασίας:"), f"{SITE}/enotita_e/E17.htm")
    assert [c.url for c in found.candidates] == [
        "http://www.congress.example.gr/synedrio2009/praktika/ergasies/E_611.pdf"
    ]


def test_another_works_title_in_the_item_still_names_it() -> None:
    other = "Αποθήκευση σταφίδας σε ελεγχόμενη ατμόσφαιρα και ποιότητα προϊόντος"
    found = find_candidates(_page(other), f"{SITE}/enotita_e/E17.htm")
    assert found.candidates == ()
