"""Pages built on a website builder and their file hosts (issue 34, landing78).

A society's pages on Google Sites (``sites.google.com/view/<site>/...``) are landing pages,
not Google's own; an embed's media type (``data-embed-mime-type="application/pdf"``) says
what its file is and is no address; the same file's address written by the page and
rewritten by a rule with its query in another order is one candidate, the page's. The
pages are written here; none is copied from a corpus.
"""

from __future__ import annotations

from politeharvest.fulltext._landing import find_candidates
from politeharvest.fulltext._links import link_sources
from politeharvest.fulltext._rules import problematic_url

PAGE = "https://sites.google.com/view/econ-lab-example/working-papers/wp-2023-04"
FILE_ID = "1aB2cD3eF4gH5iJ6kL7mN8oP9qR0sT1uV"
VIEW = f"https://drive.google.com/file/d/{FILE_ID}/view?usp=sharing"
DOWNLOAD = f"https://drive.google.com/uc?id={FILE_ID}&export=download"
TITLE = "Seasonal income and food security of fishing households in North Sulawesi"


def _page() -> str:
    embed = (
        f"<div class='w536ob' data-embed-doc-id='{FILE_ID}' data-embed-open-url='{VIEW}' "
        f"data-embed-download-url='{DOWNLOAD}' data-embed-mime-type='application/pdf'>"
        f"<iframe src='https://drive.google.com/file/d/{FILE_ID}/preview'></iframe>"
        f"<p class='name'>WP2023-04_Lumenta_Seasonal_income.pdf</p></div>"
    )
    return (
        f"<html lang='en'><head><title>{TITLE}</title>"
        f"<meta property='og:title' content='{TITLE}'></head><body>"
        f"<div role='main'><h1>{TITLE}</h1><p>Working Paper 2023-04.</p>{embed}"
        "</div></body></html>"
    )


def test_a_google_sites_page_is_a_landing_page() -> None:
    assert problematic_url(PAGE) is None
    assert problematic_url("https://sites.google.com/") is not None  # Google's own
    assert problematic_url("https://www.google.com/search?q=working+paper") is not None
    assert problematic_url("https://www.google.com/url?q=https%3A%2F%2Fexample.org") is not None


def test_a_media_type_in_a_data_attribute_is_no_address() -> None:
    from bs4 import BeautifulSoup

    addresses = [href for _, href, _ in link_sources(BeautifulSoup(_page(), "lxml"))]
    assert "application/pdf" not in addresses
    assert DOWNLOAD in addresses
    found = find_candidates(_page(), PAGE)
    every = [c.url for c in (*found.candidates, *found.rejected)]
    assert not any(url.endswith("/application/pdf") for url in every)


def test_the_same_file_with_its_query_in_another_order_is_one_candidate_the_pages() -> None:
    # the open url is rewritten to "uc?export=download&id=..."; the page writes the same
    # file as "uc?id=...&export=download": one candidate, at the address the page gives
    found = find_candidates(_page(), PAGE)
    drive = [c.url for c in found.candidates if "drive.google.com" in c.url]
    assert drive == [DOWNLOAD]


def test_a_link_labelled_by_an_identifier_names_no_other_document() -> None:
    """A static journal's record lists its article as "PDF · DOI: 10.5281/zenodo.<n>": the DOI
    link is the record's identifier, not another document's title, so the row is no item
    of a list of other documents (landing80)."""
    title = "[Re] Stochastic resonance in a bistable neuron model with coloured noise"
    record = "https://zenodo.example.org/record/10873319"
    row = (
        f"<li><strong>Article</strong> — <a href='{record}/files/article.pdf'>PDF</a> · "
        "<a href='https://doi.org/10.5281/zenodo.10873319'>DOI: 10.5281/zenodo.10873319</a></li>"
    )
    code = (
        "<li><strong>Code</strong> — <a href='https://git.example.org/re/code'>Repository</a> · "
        "<a href='https://archive.example.org/swh:1:dir:5a0d'>Software archive</a></li>"
    )
    page = (
        f"<html><head><title>{title}</title></head><body><main><h1>{title}</h1>"
        f"<ul class='links'>{row}{code}</ul></main></body></html>"
    )
    found = find_candidates(page, "https://journal.example.org/bibliography/Sandoval_2024.html")
    assert [c.url for c in found.candidates][:1] == [f"{record}/files/article.pdf"]


def test_an_issue_page_selecting_one_article_by_its_code_offers_that_articles_file() -> None:
    """A journal's issue page names its article by a manuscript code in its query
    (``?article=JTR-2456-2022``), and lists the issue's files in order ("00 Front
    Matter.pdf", "01 JTR-2389-2022.pdf", ...): the one file named by the code is the
    record's, not a part of a work deposited in numbered files; the others are its
    neighbours' (landing79)."""
    folder = "https://journal.example.edu.my/files/PAPERS/JTR%20Vol.%2046%20(1)"
    codes = ["JTR-2389-2022", "JTR-2401-2022", "JTR-2415-2022", "JTR-2433-2022", "JTR-2456-2022"]
    cards = [f"<div class='card'><a href='{folder}/00%20Front%20Matter.pdf'>PDF</a></div>"]
    cards += [
        f"<div class='card'><span class='code'>{code}</span>"
        f"<h5><a href='#{code}'>Article number {n} of the issue on tropical crops</a></h5>"
        f"<a href='{folder}/0{n}%20{code}.pdf'>PDF</a></div>"
        for n, code in enumerate(codes, start=1)
    ]
    page = (
        "<html><head><title>Journal of Tropical Research | Regular Issue</title></head>"
        f"<body><main><h1>Regular Issue</h1>{''.join(cards)}</main></body></html>"
    )
    url = "https://journal.example.edu.my/jtr/browse/regular-issue?article=JTR-2456-2022"
    found = find_candidates(page, url)
    assert [c.url for c in found.candidates][:1] == [f"{folder}/05%20JTR-2456-2022.pdf"]
    assert f"{folder}/01%20JTR-2389-2022.pdf" not in [c.url for c in found.candidates]


def test_a_sites_name_after_the_title_names_no_file() -> None:
    """The page's ``<title>`` adds the site's name after the article's title ("<title> -
    Revista do IHGS"): a file named by the site's words (the whole issue,
    ``Revista_IHGS_v29_2023_completa.pdf``) is not named by the article's title, and is no
    better a candidate than the article's own file (landing78)."""
    title = "O Engenho Central e a ferrovia: capital cafeeiro em Piracicaba (1881-1899)"
    uploads = "https://www.ihgs.example.org.br/wp-content/uploads/2023/12"
    page = (
        f"<html><head><title>{title} – Revista do IHGS</title>"
        f"<meta property='og:title' content='{title}'></head><body><main><h1>{title}</h1>"
        f"<a class='elementor-button' href='{uploads}/RIHGS_v29_05_Camargo_Prado.pdf'>"
        "Baixar artigo (PDF)</a> "
        f"<a class='elementor-button' href='{uploads}/Revista_IHGS_v29_2023_completa.pdf'>"
        "Baixar edição (PDF)</a></main></body></html>"
    )
    found = find_candidates(page, "https://www.ihgs.example.org.br/o-engenho-central/")
    whole = next(c for c in found.candidates if "completa" in c.url)
    assert "file name carries words" not in whole.evidence
    assert found.candidates[0].url == f"{uploads}/RIHGS_v29_05_Camargo_Prado.pdf"


def test_a_patents_page_in_a_patent_database_on_googles_host_is_a_landing_page() -> None:
    assert problematic_url("https://patents.google.com/patent/US11932154B2/en") is None
    assert problematic_url("https://www.google.com/patents?q=firmware") is not None
