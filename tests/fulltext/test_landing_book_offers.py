"""A press's book page offers its open-access file beside the editions it sells (issue 34).

landing91 (21 of 24 own files found when scored once on b860c4a) held book pages of
university presses and book platforms whose free PDF was offered like a product: in an
"Open Access" box stating its licence, as one variant among priced ones with a GET form
carrying an analytics field, and in a download menu labelling each format in a part of
its own ("PDF numérique" / "Pour la lecture à l'écran"). The pages are written here; none
is copied from a corpus.
"""

from __future__ import annotations

from bs4 import BeautifulSoup

from politeharvest.fulltext._landing import find_candidates
from politeharvest.fulltext._links import link_sources

PRESS = "https://press.example.pl/produkt/miasto"
TITLE = "The textile city: work, home and memory 1945-1989"


def _book(body: str) -> str:
    return (
        f"<html><head><title>{TITLE} - University Press</title></head><body>"
        f"<nav><a href='/'>Home</a> <a href='/sklep'>Shop</a></nav><main>"
        f"<h1 class='product_title'>{TITLE}</h1><p class='author'>Agnieszka Kowalczyk</p>"
        f"<p class='price'>59,00 zł</p>{body}</main></body></html>"
    )


def _kept(page: str, url: str = PRESS) -> list[str]:
    return [c.url for c in find_candidates(page, url).candidates if c.rejected is None]


OWN = "https://press.example.pl/wp-content/uploads/2023/11/Kowalczyk_textile_city_OA.pdf"


def test_an_open_access_box_stating_its_licence_offers_the_book_s_file() -> None:
    page = _book(
        "<div class='oa-box'><span class='badge'>Open Access</span>"
        "<p>Publikacja dostępna bezpłatnie w wersji elektronicznej na licencji "
        "CC BY-NC-ND 4.0.</p>"
        f"<a class='button oa-download' href='{OWN}'>Pobierz bezpłatnie</a></div>"
    )
    assert _kept(page) == [OWN]


def test_a_button_beside_another_work_s_title_is_still_that_work_s() -> None:
    other = "https://press.example.pl/wp-content/uploads/2022/05/Factory_and_estate.pdf"
    page = _book(
        "<div class='related'><p>Factory and estate: housing the workers of a planned town "
        f"<a class='button' href='{other}'>Pobierz</a></p></div>"
    )
    assert other not in _kept(page)


def test_a_variant_s_get_form_leaves_its_analytics_field_out() -> None:
    page = _book(
        "<div class='variant'><span>Paperback</span> <span>390 Kč</span>"
        "<form action='/cart/add' method='post'><button>Add to cart</button></form></div>"
        "<div class='variant variant--oa'><span class='name'>PDF (Open Access)</span> "
        "<span class='price'>zdarma</span>"
        "<form action='https://press.example.pl/stahnout/28714/pdf' method='get'>"
        "<input type='hidden' name='utm_source' value='detail'>"
        "<input type='hidden' name='lang' value='cs'>"
        "<button type='submit' class='btn btn--download'>Stáhnout</button></form></div>"
    )
    assert _kept(page) == ["https://press.example.pl/stahnout/28714/pdf?lang=cs"]


def test_a_get_form_s_own_fields_stay() -> None:
    page = (
        "<html><body><form action='/get' method='get'>"
        "<input type='hidden' name='file' value='a.pdf'><button>Go</button></form>"
        "</body></html>"
    )
    addresses = [href for _, href, where in link_sources(BeautifulSoup(page, "lxml"))]
    assert "/get?file=a.pdf" in addresses


BOOK = "https://books.example.pub/sociology-of-organisations/"


def _menu_item(kind: str, label: str, note: str) -> str:
    return (
        f"<li class='dropdown-item'><a rel='nofollow' href='{BOOK}open/download?type={kind}'>"
        f"<span class='format'>{label}</span><span class='note'>{note}</span></a></li>"
    )


def test_a_download_menu_s_format_and_its_note_label_the_book_s_file() -> None:
    page = (
        f"<html lang='fr'><head><title>{TITLE}</title></head><body><main>"
        f"<h1>{TITLE}</h1><button id='downloads'>Télécharger ce livre</button>"
        "<ul class='dropdown-menu'>"
        + _menu_item("epub", "EPUB", "Pour Apple Books, Kobo, etc.")
        + _menu_item("pdf", "PDF numérique", "Pour la lecture à l'écran")
        + _menu_item("mobi", "MOBI", "Pour Kindle")
        + "</ul></main></body></html>"
    )
    assert _kept(page, BOOK) == [f"{BOOK}open/download?type=pdf"]


def test_a_title_in_parts_is_still_a_title() -> None:
    # (a link whose first part is no format's label names its document as before)
    other = "https://books.example.pub/other-book/"
    page = (
        f"<html><head><title>{TITLE}</title></head><body><main><h1>{TITLE}</h1>"
        f"<p><a href='{other}download.pdf'><span>Cities of the north</span>"
        "<span>A history of planning</span></a></p></main></body></html>"
    )
    assert f"{other}download.pdf" not in _kept(page, BOOK)
