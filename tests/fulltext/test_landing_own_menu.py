"""A publication that is a site of its own, and a title on another head (issue 34).

An online catalogue or book built with a static-site generator (Quire, Jupyter Book,
Bookdown) heads its site menu with the publication's title, linked to its cover page,
and lists there the formats it is offered in: that menu, though a landmark region
(``role=banner``), is the record's own. A site's banner names the site or the journal,
and stays chrome.

A link's text sharing most of the record's title's words after a head of its own ("Along
the Silk Roads" beside "Ceramics of the Silk Roads") names another work on the same
subject, not the record. All pages are written here; none is copied from a corpus.
"""

from __future__ import annotations

import pytest

from politeharvest.fulltext._landing import find_candidates
from politeharvest.fulltext._pagefacts import PageFacts

SITE = "https://www.museum.example.org"
BOOK = f"{SITE}/publications/lacquer-of-the-ryukyu/"
TITLE = "Lacquer of the Ryukyu Kingdom: The Museum Collection of Red and Gold Wares"
SHORT = "Lacquer of the Ryukyu Kingdom"


def _catalogue(*, menu_title: str, menu_href: str, related: str = "") -> str:
    return f"""<html><head><title>Cover | {TITLE}</title>
<meta name="citation_title" content="{TITLE}">
<meta name="citation_author" content="Higa, Noriko">
</head><body>
<div class="site" id="container">
  <div class="secondary" id="site-menu" role="contentinfo">
    <div class="menu" role="banner">
      <header class="menu__header"><h4 class="menu__title"><a href="{menu_href}">
        <span class="visually-hidden">Site Title: </span>{menu_title}</a></h4>
        <div class="menu__contributors">Noriko Higa</div></header>
      <nav class="menu__list" role="navigation"><ul>
        <li><a href="{BOOK}contents/">Contents</a></li>
        <li><a href="{BOOK}essays/techniques/">Techniques of Inlay</a></li>
      </ul></nav>
      <div class="menu__formats"><h6>Other Formats</h6><ul>
        <li><a href="{BOOK}_assets/downloads/lacquer.pdf"><span>PDF</span></a></li>
        <li><a href="{BOOK}_assets/downloads/lacquer.epub"><span>EPUB</span></a></li>
      </ul></div>
    </div>
  </div>
  <div class="primary"><main class="cover">
    <h1 class="cover__title">{SHORT}</h1>
    <h2 class="cover__subtitle">The Museum Collection of Red and Gold Wares</h2>
    <p>An online catalogue of 60 lacquered boxes, trays and tables.</p>{related}
  </main></div>
</div></body></html>"""


def test_the_formats_in_a_menu_headed_by_the_record_linked_to_itself_are_its_own() -> None:
    page = _catalogue(menu_title=SHORT, menu_href=BOOK)
    candidates = find_candidates(page, BOOK).candidates
    assert candidates, "the catalogue's own PDF is no candidate"
    assert candidates[0].url == f"{BOOK}_assets/downloads/lacquer.pdf"
    assert candidates[0].rejected is None


@pytest.mark.parametrize(
    ("menu_title", "menu_href"),
    [
        ("Museum Publications", BOOK),  # the site's name over its menu
        (SHORT, f"{SITE}/publications/"),  # the record's title linked elsewhere
    ],
    ids=["the site's name", "linked elsewhere"],
)
def test_a_banner_that_names_no_record_linked_to_itself_stays_chrome(
    menu_title: str, menu_href: str
) -> None:
    page = _catalogue(menu_title=menu_title, menu_href=menu_href)
    found = [
        c
        for c in find_candidates(page, BOOK).candidates
        if c.url.endswith("lacquer.pdf") and c.rejected is None
    ]
    assert not found


def test_a_brochure_on_another_head_of_the_title_s_words_is_not_the_record() -> None:
    brochure = f"{SITE}/exhibitions/ryukyu/ryukyu_kingdom_brochure.pdf"
    related = f'<p class="related">See also <a href="{brochure}">Treasures of the Ryukyu Kingdom (PDF)</a>.</p>'
    page = _catalogue(menu_title=SHORT, menu_href=BOOK, related=related)
    candidates = find_candidates(page, BOOK).candidates
    assert candidates[0].url == f"{BOOK}_assets/downloads/lacquer.pdf"
    assert all(c.url != brochure or c.rejected is not None for c in candidates)


@pytest.mark.parametrize(
    ("text", "title"),
    [
        ("Treasures of the Ryukyu Kingdom", False),  # another head on the same words
        ("Along the Ryukyu Kingdom", False),
        ("Catalogue: Lacquer of the Ryukyu Kingdom", True),  # words before the whole title
        ("Lacquer of the Ryukyu Kingdom (PDF)", True),
        ("Ryukyu Kingdom", True),  # the title's opening left out: no head of its own
        ("Download the Ryukyu Kingdom", True),  # a button's word is no head
        ("On the Ryukyu Kingdom", True),  # nor a small word
        ("Higa - Lacquer of the Ryukyu Kingdom", True),  # nor an author's name
    ],
)
def test_a_title_on_another_head_names_another_work(text: str, title: bool) -> None:
    facts = PageFacts(BOOK, titles=(TITLE, SHORT), surnames=("higa",))
    assert facts.is_title(text) is title


@pytest.mark.parametrize(
    ("label", "own"),
    [
        # a qualifier naming the file's format describes the same file (landing76: an
        # Indico contribution's "Paper (proceedings, EPJ WoC format)")
        ("Paper (proceedings, EPJ WoC format)", True),
        ("Preprint (arXiv format)", True),
        # the label's head still decides: another kind, or another work's name
        ("Poster (A0 format)", False),
        ("Slides (PDF format)", False),
        ("Annual report 2022 (PDF format)", False),
    ],
)
def test_a_format_qualifier_describes_the_same_file(label: str, own: bool) -> None:
    facts = PageFacts(BOOK, titles=("GPU-based track reconstruction for the upgraded detector",))
    assert facts.names_own(label) is own
