"""A record's title in another language, a sharing row's download and a society's folder (issue 34).

A page in one language for a paper written in another names the paper's file by the paper's
own title ("Wage setting and inflation expectations" on a German page): the page tells that
title in its structured data (JSON-LD's ``alternateName``) or in the address of its page in
that language (``<link rel="alternate" hreflang="en">``, a slug of the title). A download
button in a row that also shares the page is the record's; a file in a folder named with a
society's initials ("upload_sso") is no sign-in endpoint. The pages are written here; none is
copied from a corpus.
"""

from __future__ import annotations

from bs4 import BeautifulSoup

from politeharvest.fulltext._access import signs_in_by_shape
from politeharvest.fulltext._landing import find_candidates
from politeharvest.fulltext._pagefacts import page_facts

PAGE = (
    "https://www.bank.example.de/de/forschung/diskussionspapiere/lohnsetzung-und-erwartungen-912344"
)
ENGLISH = "https://www.bank.example.de/en/research/discussion-papers/wage-setting-and-expectations-evidence-from-firm-surveys-912348"
OWN = "https://www.bank.example.de/resource/blob/912344/b7f2e9/dp-07-2024-data.pdf"
SUMMARY = "https://www.bank.example.de/resource/blob/912352/0c9e4a/dp-07-2024-ntz-data.pdf"


def _page(head: str) -> str:
    return (
        f"<html lang='de'><head><title>Lohnsetzung und Erwartungen</title>{head}</head><body>"
        "<main><h1>Lohnsetzung und Erwartungen: Evidenz aus Unternehmensbefragungen</h1>"
        "<p>Diskussionspapier 07/2024 · Katharina Brenner, Felix Aschau</p>"
        "<ul class='downloads'>"
        f"<li><a class='downloads__link' href='{OWN}'>"
        "<span>Wage setting and expectations: evidence from firm surveys</span>"
        "<span>PDF 1 MB</span></a></li>"
        f"<li><a class='downloads__link' href='{SUMMARY}'>"
        "<span>Nichttechnische Zusammenfassung Deutsch</span><span>PDF 80 KB</span></a></li>"
        "</ul></main></body></html>"
    )


def test_the_english_pages_slug_names_the_papers_file() -> None:
    head = f"<link rel='alternate' hreflang='en' href='{ENGLISH}'>"
    found = find_candidates(_page(head), PAGE)
    assert [c.url for c in found.candidates][:1] == [OWN]
    facts = page_facts(BeautifulSoup(_page(head), "lxml"), PAGE)
    assert "wage setting and expectations evidence from firm surveys" in facts.titles


def test_without_the_english_title_the_link_names_another_document() -> None:
    # (the guard: the same page without its other language says nothing of the English title)
    found = find_candidates(_page(""), PAGE)
    assert OWN not in [c.url for c in found.candidates]


def test_json_lds_alternate_name_names_the_papers_file() -> None:
    head = (
        '<script type=\'application/ld+json\'>{"@context": "https://schema.org", '
        '"@type": "Report", "name": "Lohnsetzung und Erwartungen", '
        '"alternateName": "Wage setting and expectations: evidence from firm surveys"}'
        "</script>"
    )
    found = find_candidates(_page(head), PAGE)
    assert [c.url for c in found.candidates][:1] == [OWN]


def test_a_slug_in_the_pages_own_language_or_without_words_adds_no_title() -> None:
    head = (
        f"<link rel='alternate' hreflang='de' href='{PAGE}'>"
        "<link rel='alternate' hreflang='en' href='https://www.bank.example.de/en/912348'>"
        "<link rel='alternate' hreflang='x-default' href='https://www.bank.example.de/a-b-c-d-e'>"
    )
    facts = page_facts(BeautifulSoup(_page(head), "lxml"), PAGE)
    assert facts.titles == (
        "Lohnsetzung und Erwartungen: Evidenz aus Unternehmensbefragungen",
        "Lohnsetzung und Erwartungen",
    )


DUTCH = "https://www.office.example.nl/huurtoeslag-en-arbeidsaanbod"
FILES = "https://www.office.example.nl/sites/default/files/omnidownload/"


def test_a_described_file_whose_label_is_the_title_goes_before_its_siblings() -> None:
    # four files of one folder, each "<its name> PDF (size)": the one whose name is the
    # record's title (in the language the paper is written in) is tried first
    page = (
        "<html lang='nl'><head><title>Huurtoeslag en arbeidsaanbod</title>"
        '<script type=\'application/ld+json\'>{"@type": "Report", '
        '"name": "Huurtoeslag en arbeidsaanbod: effecten van de afbouw", '
        '"alternateName": "Rent benefit and labour supply: effects of the phase-out"}</script>'
        "</head><body><main><h1>Huurtoeslag en arbeidsaanbod: effecten van de afbouw</h1>"
        "<ul class='downloads'>"
        f"<li><a href='{FILES}Presentatie-Huurtoeslag-arbeidsaanbod.pdf'><span>Presentatie voor "
        "het ministerie</span><span>PDF (2,4 MB)</span></a></li>"
        f"<li><a href='{FILES}DP-461-Huurtoeslag-en-arbeidsaanbod.pdf'><span>Discussion Paper: "
        "Rent benefit and labour supply</span><span>PDF (1,1 MB)</span></a></li>"
        "</ul></main></body></html>"
    )
    found = find_candidates(page, DUTCH)
    assert [c.url for c in found.candidates][:1] == [
        f"{FILES}DP-461-Huurtoeslag-en-arbeidsaanbod.pdf"
    ]


PREPRINT = "https://preprints.example.org/socarxiv/h4t9w_v2"


def _share_row(button: str) -> str:
    return (
        "<html lang='es'><head><title>Redes clientelares y agua potable</title>"
        "<meta name='citation_title' content='Redes clientelares y agua potable en Oaxaca'>"
        "</head><body><main><h1>Redes clientelares y agua potable en Oaxaca</h1>"
        f"<div class='share-row'>{button}"
        "<a href='https://twitter.example.com/intent/tweet?url=x'>Twitter</a>"
        "<span class='download-count'>Downloads: 317</span></div>"
        "<p>Resumen del trabajo.</p></main></body></html>"
    )


def test_the_download_button_of_a_sharing_row_is_the_records() -> None:
    own = f"{PREPRINT}/download"
    button = f"<a class='btn' href='{own}' aria-label='Download preprint'>Download</a>"
    found = find_candidates(_share_row(button), PREPRINT)
    assert own in [c.url for c in found.candidates]


def test_a_sharing_rows_other_links_stay_out() -> None:
    # a link to another site in the row, or one that does not say download, shares the page
    other = "https://mail.example.com/compose.pdf"
    button = f"<a href='{PREPRINT}/print.pdf'>Print</a><a href='{other}'>Download</a>"
    found = find_candidates(_share_row(button), PREPRINT)
    assert not {f"{PREPRINT}/print.pdf", other} & {c.url for c in found.candidates}


def test_a_folder_named_with_a_sign_in_word_among_others_is_no_sign_in() -> None:
    assert not signs_in_by_shape("https://journal.example.ch/fileadmin/upload_sso/2_Zahn/sdj-3.pdf")
    # a folder that is a sign-in word alone, or the endpoint itself, still is
    assert signs_in_by_shape("https://journal.example.ch/sso/files/sdj-3.pdf")
    assert signs_in_by_shape("https://journal.example.ch/oauth2/files/sdj-3.pdf")
    assert signs_in_by_shape("https://journal.example.ch/MyResearch/UserLogin?followup=x")
    assert signs_in_by_shape("https://journal.example.ch/upload_sso/login")
