"""Page regions: whether a link lies outside the article's own block (core).

`Regions` recognises the page's chrome (header, footer, navigation, landmarks),
reference lists and sidebars by their element, role, class or heading, and blocks
about other documents (article lists, another article's card) by their structure.
"""

from __future__ import annotations

import bisect
import itertools
import re
from collections.abc import Iterable, Iterator
from typing import Any
from urllib.parse import unquote, urlsplit

import attrs
from bs4 import BeautifulSoup, Tag

from ._addresses import absolute, same_site
from ._pagefacts import PageFacts, id_in
from ._parts import file_parts
from ._words import (
    FILE_HREF,
    FULL_TEXT_WORD,
    button_text,
    format_token,
    item_of,
    labelled_cell,
    names_document,
    says_download,
    short_item_text,
    text_of,
    text_strings,
    unread_label,
    words_beyond,
)

__all__ = [
    "Regions",
]


#: Class, id and label words of regions that are never the article's own block: references
#: and citing works (their links are other documents by definition), the site's chrome
#: (navigation, footer, sharing, metrics, author information). Lists of other
#: articles (related, most read, this issue...) are recognised by their structure instead
#: (`Regions`), whatever their heading's language, tag or class.
_REGION_WORDS = re.compile(
    # (not a field's type: Drupal's "field--type-entity-reference" holds the record's media)
    # (nor one a class negates: Weebly's content wrapper "wsite-not-footer", a "no-sidebar")
    r"(^|[\s_-])(?<!entity[-_])(?<!not[-_])(?<!non[-_])(?<!no[-_])"
    r"(ref|refs|references?|reference-?list|bibliography|citations?|"
    r"cited-?by|citing|"
    # a component's own footer (Bootstrap's "card-footer") is its bottom row, not the page's
    r"(?<!card[-_])(?<!panel[-_])(?<!modal[-_])(?<!tile[-_])(?<!item[-_])footer|"
    r"nav|navigation|navbar|breadcrumbs?|cookies?|share|sharing|social|sidebar-?ad|"
    r"advert\w*|ads|metrics|stats|author-?info|affiliations?|"
    r"site-?header|page-?header|global-?header)"
    r"($|[\s_-])",
    re.IGNORECASE,
)
#: The region words of a row that shares the page (`Regions._downloads_own`).
_SHARING = re.compile(r"share|sharing|social", re.IGNORECASE)
#: The mark of a sharing region's reason, dropped before it is given.
_SHARED = " (sharing)"
#: A PDF file's name as a link's text ("Tran_Holloway_Pham_2023_AAM.pdf").
_PDF_FILE_NAME = re.compile(r"\S\.pdf$", re.IGNORECASE)
#: How a reason says a link's block is one of a list's alike blocks.
_ALIKE = "in a list of other documents ("

#: Headings of reference lists (their entries' links are cited works, never the article),
#: and of repository bundles that are not the work (DSpace LICENSE, THUMBNAIL).
_REGION_HEADING = re.compile(
    r"^\W*(?:(?:licen[cs]e|lisans|lizenz|thumbnails?)(?:\s+(?:bundle|files?|dosyalar[ıi]))?|"  # noqa: RUF001
    r"references?|bibliography|literature\s+cited|works\s+cited|cited\s+by|"
    r"citing\s+articles|kaynak(?:ça|ca|lar)|literatur(?:verzeichnis)?|références|bibliographie|"
    r"referencias|referências|bibliografía|список\s+литературы|литература|参考文献|引用文献|참고문헌)\W*$",
    re.IGNORECASE,
)
_HEADINGS = ("h1", "h2", "h3", "h4", "h5", "h6")


def _full_text_heading(block: Tag) -> str | None:
    """The short heading `block` opens with, when it says the full text ("Volltext")."""
    # (the block's first child that says anything, read without reading the whole block)
    first = next(
        (c for c in block.children if isinstance(c, Tag) or (isinstance(c, str) and c.strip())),
        None,
    )
    if not isinstance(first, Tag) or first.name not in _HEADINGS:
        return None
    text = " ".join(first.get_text(" ", strip=True).split())
    if 0 < len(text.split()) <= _FIELD_HEADING_WORDS and FULL_TEXT_WORD.search(text):
        return text
    return None


#: The most words outside links of a line of links (more make it a sentence).
_SENTENCE_WORDS = 8


def _in_sentence(anchor: Tag) -> bool:
    """Whether `anchor` sits in a sentence: its paragraph's words outside links are many.

    A list's entry is a title's link with a few labels (its authors, its year, its file);
    a paragraph of prose that links a work mentions it.
    """
    line = anchor.find_parent("p")
    return line is not None and words_beyond(line, _SENTENCE_WORDS)


def _up_to(element: Tag, block: Tag) -> list[Tag]:
    """The ancestors of `element` up to `block`, `block` included (none if not inside)."""
    found: list[Tag] = []
    for parent in element.parents:
        found.append(parent)
        if parent is block:
            return found
    return []


#: The most words of a record's field heading ("Volltext", "Full text (PDF)").
_FIELD_HEADING_WORDS = 4
_LANDMARKS = {"navigation": "navigation", "contentinfo": "footer", "banner": "header"}


def _alike_siblings(block: Tag) -> Iterator[Tag]:
    """The siblings of `block` alike to it (same tag and class), the first fifty read."""
    parent = block.parent
    if not isinstance(parent, Tag):
        return
    for sibling in parent.find_all(block.name, recursive=False, limit=50):
        if sibling is not block and _class_key(sibling) == _class_key(block):
            yield sibling


def _shape(url: str) -> tuple[str, ...]:
    """An address's path with its identifying parts blanked (another article's page looks alike).

    Segments with digits become ``#``, slugs ``*``; query fields keep their names, their
    values blanked the same way (``article.php?id=#``). A segment with digits and at most
    one word (``w3-article-98765.html``) keeps that word: it is a template naming one kind
    of page, and a page of another kind (``w3-propertyvalue-697.html``) is no other article.
    """
    parts = urlsplit(url)
    segments = unquote(parts.path).strip("/").split("/")
    fields = [f.split("=", 1) for f in parts.query.split("&") if f]
    return (
        *("*" if _slug(s) else _blank(s) if re.search(r"\d", s) else s.lower() for s in segments),
        *(f"?{f[0]}={'#' if re.search(r'[0-9]', f[-1]) else '*'}" for f in fields),
    )


def _slug(segment: str) -> bool:
    """Whether a path's segment is a title's slug, a year's number aside.

    Words joined by hyphens, two of them words of three letters or more, no number but a
    year ending it ("groene-daken-2023"; "w3-article-98765.html" and
    "research-458-open-clusters.php" name a number).
    """
    words = [w for w in segment.split("-") if w.isalpha() and len(w) >= 3]
    return (
        segment.count("-") >= 2
        and len(words) >= 2
        and re.fullmatch(r"(?:[^\W\d_]+-)+[^\W\d_]+(?:-(?:1[89]|20)\d\d)?", segment) is not None
    )


def _blank(segment: str) -> str:
    """A path segment with digits, blanked: ``#``, or its template when it has one word.

    A slug (two words or more beside the digits, ``123-some-title``) stays ``#`` whatever
    its words; a single word between ids (``w3-article-98765``) names the kind of page,
    each id (a run of letters and digits with a digit: ``w3``, ``L9T4WZ1K``) blanked.
    """
    stem = segment.rsplit(".", 1)[0] if "." in segment else segment
    words = [p for p in re.split(r"[-_]", stem) if p and not re.search(r"\d", p)]
    if len(words) != 1:
        return "#"
    return re.sub(r"[^\W_]*\d[^\W_]*", "#", segment.lower())


#: How many levels up from a link its sidebar is looked for.
_ASIDE_REACH = 8


def _same_page(a: str, b: str) -> bool:
    """True when two addresses name the same page (path and query alike, fragments aside)."""
    x, y = urlsplit(a), urlsplit(b)
    return (x.path.rstrip("/"), x.query) == (y.path.rstrip("/"), y.query)


def _page_in_another_version(a: str, b: str) -> bool:
    """True when two addresses name one page in two versions (``k7m3q_v1``, ``k7m3q_v2``).

    Their paths differ only in a version's number at the end of a segment or in a
    segment of its own (``/2405.0789/v1``).
    """
    x, y = urlsplit(a), urlsplit(b)
    if x.netloc != y.netloc or x.query != y.query:
        return False
    p, q = x.path.rstrip("/"), y.path.rstrip("/")
    return p != q and _VERSION_MARK.sub("", p) == _VERSION_MARK.sub("", q)


#: A version's number ending a path's segment ("k7m3q_v2", "2402.09876v3", "/v2").
_VERSION_MARK = re.compile(r"(?:(?<=[0-9a-z])[_.-]?|(?<=/))v\d{1,3}(?=/|$)", re.IGNORECASE)


#: The most links of a record's own toolbar (its formats and files).
_TOOLBAR_LINKS = 6


#: Elements that are items of a list by their tag alone (alike without a class).
_ITEM_TAGS = ("li", "tr", "dd", "article")
_REAL_HREF = re.compile(r"^\s*(?!#|javascript:|mailto:)\S", re.IGNORECASE)
#: A file's size, a ".pdf" or a time of day in a text. A size is tried from the start of its
#: digits only: from each digit of a long run it took quadratic time (44 s for 20,000).
_SIZE = re.compile(
    r"(?<!\d)\d+(?:[.,]\d+)?\s*(?:[kmg]i?b|bytes?)\b|\.pdf\b|\d{1,2}:\d\d", re.IGNORECASE
)


def _own_text(block: Tag) -> str | None:
    """A title-like text of `block` outside its links ("Dune migration [PDF]"), or None.

    File descriptions (sizes, file names, formats, a bracketed note naming the format) are
    no titles: a repository's file table is not a list of other documents; nor is a short
    label ending in a colon that introduces the block's link ("Visas tekstas:", "Summary in
    English:"), a field's label.
    """
    if block.name in ("tr", "td", "th", "table", "tbody"):
        return None
    parts = [s for s in text_strings(block) if s.find_parent("a") is None]
    text = " ".join(" ".join(parts).split())
    if not text or _SIZE.search(text) or button_text(text) or unread_label(text):
        return None
    if len(text) < 10 or len(text.split()) < 2 or len(text) > 300:
        return None
    if text[0] in "([" and text[-1] in ")]" and format_token(text) is not None:
        return None  # the link's file described in brackets ("(Gepubliceerde versie, PDF)")
    if text.endswith((":", "\uff1a")) and len(text.split()) <= 5:
        return None  # a field's label introducing its link ("Full text: [PDF]"), as in a table
    return text


def _field_label(row: Tag) -> str | None:
    """The label of a metadata field's row ("Autor/es:", "DOI"), or None when `row` is no field.

    A field is a label/value pair: a table row whose first cell is a header (or a short
    text ending in a colon) of words without a link, before at most two value cells; a
    description list's value (``dd``) after a term (``dt``) of that kind. A record's
    fields are not a list of documents, though each value may link a name (the journal,
    an author).
    """
    if row.name == "tr":
        cells = row.find_all(("th", "td"), recursive=False)
        if not 2 <= len(cells) <= 3:
            return None
        label = cells[0]
        text = " ".join(label.get_text(" ", strip=True).split())
        if label.name != "th" and not text.endswith(":") and not _in_key_column(row):
            return None
        if any(c.name == "th" for c in cells[1:]):
            return None  # a header row
    elif row.name == "dd":
        found = row.find_previous_sibling(("dt", "dd"))
        if not isinstance(found, Tag) or found.name != "dt":
            return None
        label, text = found, " ".join(found.get_text(" ", strip=True).split())
    else:
        return None
    if label.find("a") is not None or not re.search(r"[^\W\d_]", text) or len(text.split()) > 5:
        return None
    return text


#: What ends a sentence, in the scripts' own marks (Latin, CJK, Devanagari, Arabic, Ethiopic).
_SENTENCE_END = re.compile(r"[.!?\u3002\uff01\uff1f\u0964\u06d4\u1362][\"'\u201d\u00bb)\]]*$")


def _prose(block: Tag) -> bool:
    """Whether `block` is running text: more than 15 words, or a sentence of a few.

    A heading before such text labels the text (the record's "Abstract" over its abstract),
    not a link after it: a file under the record's abstract is the record's. A sentence is
    six words or more (or 30 letters in a script without spaces) ending in a full stop, and
    no link: a label ("Supplementary tables (PDF)") is not one.
    """
    text = " ".join(block.get_text(" ", strip=True).split())
    words = len(text.split())
    if words > 15:
        return True
    if block.find("a") is not None or not _SENTENCE_END.search(text):
        return False
    return words >= 6 or sum(1 for ch in text if ch.isalpha()) >= 30


def _key_of(row: Tag) -> tuple[str, bool] | None:
    """A table row's label and whether its value is plain text, when it has that shape.

    The shape: two or three cells, the first a short text of words without a link, or
    empty (a field's next value: a second author under "Author"; its label is "").
    """
    cells = row.find_all(("th", "td"), recursive=False)
    if not 2 <= len(cells) <= 3 or any(c.name == "th" for c in cells[1:]):
        return None
    text = " ".join(cells[0].get_text(" ", strip=True).split())
    if cells[0].find(("a", "img")) is not None or len(text.split()) > 5:
        return None
    if text and not re.search(r"[^\W\d_]", text):
        return None
    return text.lower(), all(c.find("a") is None for c in cells[1:])


def _in_key_column(row: Tag, reach: int = 4) -> bool:
    """Whether `row` sits in a record's field table whose labels are plain cells.

    (An Aleph or a bespoke catalogue: "Autor | <a>name</a>", "Título | ...", "Tesis
    Digital | <a>file</a>", with no header cell nor colon to say which cell is the label.)
    The row and its neighbours each start with a short linkless text (at least three of
    them; a field's next value may start with an empty cell), those texts all differ (a
    list's rows repeat theirs, or name documents) and most values are plain text, not
    links: the rows are one record's fields.
    """
    rows = [
        *reversed(row.find_previous_siblings("tr", limit=reach)),
        row,
        *row.find_next_siblings("tr", limit=reach),
    ]
    keys = []
    for each in rows:
        key = _key_of(each)
        if key is None:
            return False
        keys.append(key)
    labels = [label for label, _ in keys if label]
    plain = sum(1 for _, value_is_text in keys if value_is_text)
    return len(labels) >= 3 and len(set(labels)) == len(labels) and plain * 2 > len(keys)


#: Elements that may hold a page's title when no heading does (a heading of a lower level
#: heads a section of its own).
_TITLE_HOLDERS = frozenset(("span", "td", "div", "p", "strong", "b", "font"))
#: Texts of the page read for its title when no heading holds it; the nodes an element
#: holding a title has at most (a title and its italics, not a section); its text's length.
_TITLE_STRINGS_READ = 500
_TITLE_NODES = 12
_TITLE_CHARS = 400


def _title_holder(soup: BeautifulSoup, facts: PageFacts) -> Tag | None:
    """The small element of the body whose text is the record's title, or None.

    Read from the page's texts upwards, each text's element once, and only an element of a
    few nodes: a page of deeply nested blocks is never read whole again for each of them.
    """
    seen: set[int] = set()
    for string in soup.find_all(string=True, limit=_TITLE_STRINGS_READ):
        element = string.parent
        if not isinstance(element, Tag) or id(element) in seen or not string.strip():
            continue
        seen.add(id(element))
        if element.name not in _TITLE_HOLDERS or element.find_parent("head"):
            continue
        if next(itertools.islice(element.descendants, _TITLE_NODES, None), None) is not None:
            continue  # a block of many nodes holds more than a title
        text = element.get_text(" ", strip=True)
        if len(text) <= _TITLE_CHARS and facts.is_title(text):
            return element
    return None


def _child_holding(block: Tag, element: Tag) -> Tag | None:
    """The child of `block` that holds `element` (itself, when it is one), or None."""
    for node in (element, *element.parents):
        if node.parent is block:
            return node if isinstance(node, Tag) else None
    return None


def _companion(own: str, other: str) -> bool:
    """Whether the file at `other` is a part of the file at `own` by its name.

    In the same folder, its name is the file's name with more after it
    (``Research_Report_458_Project_Highlights.pdf`` beside ``Research_Report_458.pdf``):
    a highlights sheet, an annex or a summary of the same work, not another article.
    """
    mine, theirs = urlsplit(own), urlsplit(other)
    if mine.netloc != theirs.netloc:
        return False
    folder, _, name = mine.path.rpartition("/")
    other_folder, _, other_name = theirs.path.rpartition("/")
    return folder == other_folder and _part_name(name, other_name)


def _part_name(name: str, other: str) -> bool:
    """Whether the file name `other` is `name`'s stem, a separator and more.

    ``Research_Report_458_Highlights.pdf`` for ``Research_Report_458.pdf``; a stem of four
    characters or more, compared without case.
    """
    stem = _FILE_EXTENSION.sub("", name).lower()
    low = other.lower()
    if len(stem) < 4 or other == name or not low.startswith(stem):
        return False
    rest = low[len(stem) : len(stem) + 2]
    return len(rest) == 2 and rest[0] in "-_. " and (rest[1].isalnum() or rest[1] == "_")


#: A file name's extension.
_FILE_EXTENSION = re.compile(r"\.\w{2,4}$")


class FolderNames:
    """The page's file addresses by folder, to find a file's parts by name (`_companion`).

    Read once per page: a page of thousands of file links is not compared link by link.
    """

    def __init__(self, addresses: Iterable[str]) -> None:
        self._names: dict[tuple[str, str], list[tuple[str, str]]] = {}
        for address in addresses:
            parts = urlsplit(address)
            folder, _, name = parts.path.rpartition("/")
            self._names.setdefault((parts.netloc, folder), []).append((name.lower(), name))
        for names in self._names.values():
            names.sort()

    def part_of(self, own: str) -> str | None:
        """The name of a file of the page that is a part of the file at `own`, or None."""
        parts = urlsplit(own)
        folder, _, name = parts.path.rpartition("/")
        names = self._names.get((parts.netloc, folder))
        prefix = _FILE_EXTENSION.sub("", name).lower()
        if not names or len(prefix) < 4:
            return None
        # (the names that can be parts sort together, right after the stem)
        start = bisect.bisect_left(names, (prefix, ""))
        for low, other in itertools.islice(names, start, None):
            if not low.startswith(prefix):
                break
            if _part_name(name, other):
                return other
        return None


def _sections_apart(block: Tag, element: Tag, anchor: Tag) -> bool:
    """Whether `element` and `anchor` sit in two sections of `block`, each under a heading.

    A sidebar's "Download" card and its "Also in volume 9" card are two sections: a link of
    the second is no neighbour of the first's file, as an item's title is of its PDF.
    """
    mine, theirs = _child_holding(block, element), _child_holding(block, anchor)
    return (
        mine is not None
        and theirs is not None
        and mine is not theirs
        and mine.find(_HEADINGS) is not None
        and theirs.find(_HEADINGS) is not None
    )


def _class_key(block: Tag) -> tuple[str, Any]:
    """`block`'s class as a key: equal keys for classes that compare equal."""
    value: Any = block.get("class") or []
    return ("list", tuple(value)) if isinstance(value, list) else (type(value).__name__, value)


#: How many blocks up from a link are read as the document it may belong to; higher up,
#: only a region (a footer, a list of references) says where the link is.
_DOCUMENT_DEPTH = 8

#: The most links of a block `Regions` reads (its first ones, in the page's order).
_LINKS_READ = 64


@attrs.frozen
class _Links:
    """A block's links, in order.

    How many have a real address, those that name a document (with the name), and of
    those the ones whose name is the article's title.
    """

    count: int
    named: list[tuple[Tag, str]]
    titled: list[Tag]


class Regions:
    """Tells whether an element lies outside the article's own block (core, per page).

    Walking up from the element to the container of the page's title (its ``h1``; on a
    page with none, the ``h2`` or ``h3`` that reads the record's title) or ``main``: a
    region is recognised by its element (``header``, ``footer``, ``nav``), its ARIA
    landmark role, reference-list words in its class or id, or the heading of a reference
    list just before it. Blocks about other documents are recognised by
    their structure, whatever their heading's language, tag or class:

    - a list: the element sits in one of several sibling blocks of the same tag and
      class, each with a title-like link (an article list: related, most read, this
      issue's other articles, a table of contents), unless its title is the article's;
    - a card: the element sits in a small block beside a title-like link to another
      page shaped like this one (``/article/view/123`` on ``/article/view/456``),
      previous/next-article navigation among them.
    """

    def __init__(self, soup: BeautifulSoup, facts: PageFacts | None = None, base: str = "") -> None:
        # (the h1 that reads the record's title, where a site's logo is an h1 too)
        firsts = soup.find_all("h1", limit=10)
        title = next(
            (
                h
                for h in firsts
                if facts is not None and facts.is_title(h.get_text(" ", strip=True))
            ),
            firsts[0] if firsts else None,
        )
        if not isinstance(title, Tag) and facts is not None:
            # a page with no h1 (an old table layout's h2): the heading that reads its title
            title = next(
                (
                    h
                    for h in soup.find_all(["h2", "h3"], limit=20)
                    if facts.is_title(h.get_text(" ", strip=True))
                ),
                None,
            )
        if not isinstance(title, Tag) and facts is not None:
            # no heading at all (a table layout's styled span): the element reading the title
            title = _title_holder(soup, facts)
        self._stops = {id(p) for p in title.parents} if isinstance(title, Tag) else set()
        # the class words of the blocks holding the title ("page-header"): there they name
        # the article's header, not the site's chrome (nor do their BEM elements,
        # "page-header__download")
        self._title_blocks = (
            {
                str(c).lower().split("__")[0]
                for p in (title, *title.parents)
                if isinstance(p, Tag)
                for c in p.get("class") or []
            }
            if isinstance(title, Tag)
            else set()
        )
        if isinstance(title, Tag):
            # and the words of the title's own classes ("citation-title"): a block named by
            # one of them is the record's ("citation-fields", its citation's fields), not a
            # list of citing works
            self._title_blocks |= {
                part
                for c in title.get("class") or []
                for part in re.split(r"[-_]+", str(c).lower())
                if part
            }
        self._soup = soup
        self._page_chars: int | None = None  # the page's text's length (`_holds_most`)
        self._most: dict[int, bool] = {}  # per block, `_holds_most`
        self._cache: dict[int, str | None] = {}
        self._above: dict[int, str | None] = {}  # the first region over a node (`_region_above`)
        self._asides: dict[int, dict[int, str]] = {}  # each sidebar's links under their heading
        self._own_texts: dict[int, str | None] = {}  # a block's `_own_text`
        self._menus: dict[int, bool] = {}  # a landmark region's `_own_menu`
        self._facts = facts or PageFacts("")
        self._shape = _shape(self._facts.url) if self._facts.url else ()
        self._base = base or self._facts.url
        # Per block and per link, what every link of the block would read again: without
        # them a block of 4,000 PDF links took minutes (each link read all the others).
        self._links: dict[int, _Links] = {}
        self._names: dict[int, str | None] = {}
        self._alike: dict[tuple[int, str], dict[tuple[str, Any], int]] = {}
        self._items: dict[tuple[int, str, int], str] = {}
        self._toolbars: dict[int, bool] = {}
        self._records: dict[int, bool] = {}
        self._after_title: dict[int, bool] = {}
        #: the links that are parts of one file, by their element's id (`_parts`)
        self.parts = file_parts(soup, self._facts.titles)

    def label(self, element: Tag) -> str:
        """The heading of the small block `element` sits in ("Template", "Downloads"), or ""."""
        child: Tag = element
        for depth, parent in enumerate(element.parents):
            if depth >= 4 or not isinstance(parent, Tag) or id(parent) in self._stops:
                return ""
            if parent.name in ("body", "html", "main"):
                return ""
            for sibling in child.find_previous_siblings(limit=3):
                heading = sibling if sibling.name in _HEADINGS else None
                if heading is None and _prose(sibling):
                    return ""  # a heading before this text labels the text ("Abstract")
                if heading is None and sibling.find("a") is None:
                    inner = sibling.find(_HEADINGS)
                    # a heading's wrapper (<div class="title"><h3>...</h3></div>), not a
                    # section of its own with a heading and more
                    same = inner is not None and inner.get_text(strip=True) == sibling.get_text(
                        strip=True
                    )
                    heading = inner if same else None
                if heading is not None:
                    return " ".join(heading.get_text(" ", strip=True).split())[:80]
            child = parent
        return ""

    def record_field(self, element: Tag, reach: int = 4) -> str | None:
        """The label of the record's field whose value holds `element` ("Electronic thesis").

        The field is a row of a table of the record's fields (`_field_label`: a header
        cell or a colon-ended label, before its value) with at least two other fields of
        other labels beside it: one record's description, not a list of documents. The
        value may list its links (a discovery layer's "Online access" cell, a ``ul`` of
        them): `reach` levels up.
        """
        for depth, parent in enumerate(element.parents):
            if depth >= reach or not isinstance(parent, Tag) or parent.name in ("body", "html"):
                return None
            if parent.name not in ("tr", "dd"):
                continue
            label = _field_label(parent)
            if label is None:
                return None
            siblings = [
                *parent.find_previous_siblings(parent.name, limit=6),
                *parent.find_next_siblings(parent.name, limit=6),
            ]
            labels = {label.lower()} | {
                other.lower() for row in siblings if (other := _field_label(row))
            }
            return label if len(labels) >= 3 else None
        return None

    def after_title_row(self, element: Tag, reach: int = 3) -> bool:
        """Whether `element`'s row, naming nothing of its own, follows the record's title row.

        A digital library's listing gives each document two rows, its title and then its
        file ("<title>", then "[PDF icon] (source document)"): the file row belongs to the
        title row above it, the record's own when that row shows the record's title, and
        another document's after another title.
        """
        for depth, parent in enumerate(element.parents):
            if depth >= reach or not isinstance(parent, Tag) or parent.name in ("body", "html"):
                return False
            if parent.name not in ("tr", "li"):
                continue
            if id(parent) not in self._after_title:  # a row read once, for all its links
                self._after_title[id(parent)] = self._follows_title(parent)
            return self._after_title[id(parent)]
        return False

    def _follows_title(self, row: Tag) -> bool:
        """Whether `row` names nothing of its own and the row before it is the title's."""
        previous = row.find_previous_sibling(row.name)
        if not isinstance(previous, Tag):
            return False
        text = " ".join(previous.get_text(" ", strip=True).split())
        if not text or len(text) > 400 or not self._facts.is_title(text):
            return False
        if any(FILE_HREF.search(str(a.get("href") or "")) for a in previous.find_all("a", limit=8)):
            return False  # the title's row is a file's link itself: a list of files, not a listing
        own = [t for t in text_strings(row) if t.find_parent("a") is None]
        return len(" ".join(own).split()) <= 5  # more: the row names something of its own

    def beside_title(self, element: Tag, reach: int = 3) -> bool:
        """Whether `element` shares a small block with the page's title heading (its ``h1``).

        A block at most `reach` levels above it holds the title: the article's own block
        (its heading, fields and buttons), not a sidebar or a list elsewhere on the page.
        """
        for depth, parent in enumerate(element.parents):
            if depth >= reach or not isinstance(parent, Tag) or parent.name in ("body", "html"):
                return False
            if id(parent) in self._stops:
                return True
        return False

    def aside_heading(self, element: Tag) -> str | None:
        """The heading of the sidebar section holding `element`, or None.

        A sidebar (``<aside>``, ``role=complementary``: content tangentially related to
        the page's) whose section over the link is headed by words of its own ("Exposição
        virtual") holds another publication's links; a sidebar's download card, headed by
        a button's words ("Download"), or the record's title, is the record's. Each
        sidebar is read once, for all its links.
        """
        for depth, parent in enumerate(element.parents):
            if depth > _ASIDE_REACH or not isinstance(parent, Tag) or self._stop(parent):
                return None
            if parent.name != "aside" and parent.get("role") != "complementary":
                continue
            if id(parent) not in self._asides:
                self._asides[id(parent)] = self._aside_links(parent)
            return self._asides[id(parent)].get(id(element))
        return None

    def _aside_links(self, aside: Tag) -> dict[int, str]:
        """Each link of a sidebar under a heading of its own words, with that heading."""
        found: dict[int, str] = {}
        heading: str | None = None
        for node in aside.descendants:
            if not isinstance(node, Tag):
                continue
            if node.name in _HEADINGS:
                text = " ".join(node.get_text(" ", strip=True).split())[:80]
                own = bool(text) and not button_text(text) and not self._facts.is_title(text)
                heading = text if own else None
            elif node.name == "a" and heading is not None:
                found[id(node)] = heading
        return found

    def outside(self, element: Tag) -> str | None:
        """Why `element` is outside the article's own block, or None when it is inside."""
        child: Tag = element
        for depth, parent in enumerate(element.parents):
            if depth >= _DOCUMENT_DEPTH:
                return self._region_above(child)  # higher up, only regions count
            if self._stop(parent):
                return None
            if id(element) in self.parts:
                # a part of the record's file: the blocks beside it are its other parts,
                # not other documents; only the page's regions count
                found = self._region(parent, child)
                if found is not None:
                    return found
                child = parent
                continue
            key = id(child)
            if key not in self._cache:
                self._cache[key] = self._region(parent, child) or self._other_document(
                    parent, element, depth
                )
            found = self._cache[key]
            if found is not None and found.endswith(_SHARED) and self._downloads_own(element):
                found = None  # the record's download button in its sharing row
            if found is not None and found.startswith(_ALIKE) and self._row_names_record(element):
                found = None  # the record's own file's row, in a layout of alike blocks
            if found is not None:
                return found.removesuffix(_SHARED)
            child = parent
        return None

    def _downloads_own(self, element: Tag) -> bool:
        """Whether `element` is a download button to a file of the page's own site.

        A sharing row ("share-row": the record's download button, its count, its social
        links) holds the record's own download beside the links that share the page; a
        sharing link goes to another site, or says share, never download.
        """
        href = absolute(str(element.get("href") or ""), self._base)
        if element.name != "a" or not href or not same_site(href, self._facts.url):
            return False
        labels = [element.get_text(" ", strip=True), str(element.get("aria-label") or "")]
        return any(label and button_text(label) for label in labels) and any(
            says_download(label) for label in labels
        )

    def _stop(self, parent: object) -> bool:
        """Whether the walk up from a link ends at `parent` (the page's body or main block)."""
        if not isinstance(parent, Tag) or parent.name in ("body", "html", "main"):
            return True
        return id(parent) in self._stops or str(parent.get("role") or "") == "main"

    def _region_above(self, child: Tag) -> str | None:
        """The first region over `child` (`_region`, walking up), read once for every node.

        Each node on the way keeps the answer: the links of a page nesting thousands of
        blocks in one another share their walk up instead of each walking it again.
        """
        path: list[int] = []
        node = child
        found: str | None = None
        while True:
            key = id(node)
            if key in self._above:
                found = self._above[key]
                break
            path.append(key)
            parent = node.parent
            if self._stop(parent):
                break
            assert isinstance(parent, Tag)
            found = self._region(parent, node)
            if found is not None:
                break
            node = parent
        for key in path:
            self._above[key] = found
        return found

    def item_text(self, element: Tag) -> str:
        """The short text of the list item or table row `element` sits in, or "".

        ("内容の要旨 [file] (182 KB)"): only an item of a few words counts (a label), not a
        paragraph around a link, without the labels of its other links to other addresses;
        each item is read once a page for each address.
        """
        item = item_of(element)
        if item is None:
            return ""
        until = labelled_cell(item, element)
        # (by the cell it is read up to as well: a row's icon link and its "Download" link
        # to the same file sit in cells of their own, each read to its own cell)
        key = (id(item), str(element.get("href") or ""), id(until) if until is not None else 0)
        if key not in self._items:
            self._items[key] = short_item_text(
                item, element if element.name == "a" else None, until=until
            )
        return self._items[key]

    def _name(self, anchor: Tag) -> str | None:
        key = id(anchor)
        if key not in self._names:
            self._names[key] = names_document(anchor, loose=True)
        return self._names[key]

    def _links_of(self, block: Tag) -> _Links:
        """The block's links (real addresses), those that name a document, and those titles."""
        key = id(block)
        found = self._links.get(key)
        if found is None:
            # the first `_LINKS_READ` links say what a block is (a list of other documents,
            # the record's own entry): a hostile page nesting thousands of blocks in one
            # another cannot make each of them read all the links below it
            anchors = block.find_all("a", href=_REAL_HREF, limit=_LINKS_READ)
            named = [(a, text) for a in anchors if (text := self._name(a)) is not None]
            titled = [a for a, text in named if self._facts.names_own(text)]
            found = self._links[key] = _Links(len(anchors), named, titled)
        return found

    def _names_something(self, block: Tag) -> bool:
        """Whether `block` has a link that names a document, or a title-like text of its own.

        A link's text that a sibling alike to it repeats word for word names no document
        (a title names one): it is a control's label, each row's "プレビュー" (preview) in
        a repository's file table, whose rows are one record's files, not a list's items.
        """
        named = self._links_of(block).named
        if any(not self._repeated_link(block, text) for _, text in named):
            return True
        return self._own_text_of(block) is not None

    def _repeated_link(self, block: Tag, text: str) -> bool:
        """Whether a sibling of `block` alike to it has a link that names `text` too."""
        return any(
            any(other == text for _, other in self._links_of(sibling).named)
            for sibling in _alike_siblings(block)
        )

    def _alike_blocks(self, block: Tag, parent: Tag) -> int:
        """How many siblings of `block` look like it and name a document (a list's items).

        Siblings of the same tag and class count, when `block` has a class or is an item
        (``li``, ``article``...). None count when the sibling holding the page's title (its
        ``h1``) shares a class word with them: blocks alike to the record's own block are the
        record page's sections (its description, its files, its references), not a list's
        items.
        """
        if not (block.get("class") or block.name in _ITEM_TAGS) or _field_label(block):
            return 0
        key = (id(parent), block.name)
        counts = self._alike.get(key)
        if counts is None:  # the parent's children of this tag, counted once by class
            counts = self._alike[key] = {}
            own: set[str] = set()  # the class words of the sibling holding the title
            titled: tuple[str, Any] | None = None  # and its class, as a key
            for sibling in parent.find_all(block.name, recursive=False):
                if id(sibling) in self._stops:
                    own.update(str(c) for c in sibling.get("class") or [])
                    titled = _class_key(sibling)
                if not _field_label(sibling) and self._names_something(sibling):
                    group = _class_key(sibling)
                    counts[group] = counts.get(group, 0) + 1
            for group in list(counts):  # "documento" beside the title's "documento articulo"
                if group[0] == "list" and (own.intersection(group[1]) or group == titled):
                    # (or of the title's own class, none too: the rows of a table whose row
                    # holds the title are the record's fields, files and links, no list)
                    counts[group] = 0
        alike = counts.get(_class_key(block), 0)
        if not alike:
            return 0
        return alike - 1 if self._names_something(block) else alike

    def _holds_most(self, block: Tag) -> bool:
        """Whether `block` holds most of the page's text: its content, no item of a list.

        An old table layout's rows (the banner, the menu, the content) are alike blocks
        that each name something; the row holding most of the page's words is its content
        (the record's fields, its files), whatever its siblings link.
        """
        key = id(block)
        if key not in self._most:  # (asked for each link of a list: read each block once)
            if self._page_chars is None:
                body = self._soup.body or self._soup
                self._page_chars = len("".join(body.get_text(" ", strip=True).split()))
            own = len("".join(block.get_text(" ", strip=True).split()))
            self._most[key] = 2 * own > self._page_chars
        return self._most[key]

    def _repeated(self, block: Tag, text: str) -> bool:
        """Whether a sibling of `block` alike to it (same tag and class) has `text` too.

        A title names one document; a text each item of a list repeats word for word is
        a label of the items' kind or access, and the items are one work's copies.
        """
        return any(self._own_text_of(sibling) == text for sibling in _alike_siblings(block))

    def _own_text_of(self, block: Tag) -> str | None:
        """`_own_text` of `block`, read once (a list's items are asked by each other)."""
        key = id(block)
        if key not in self._own_texts:
            self._own_texts[key] = _own_text(block)
        return self._own_texts[key]

    def _names_record(self, href: str) -> bool:
        """Whether `href` carries every id of the record's address (its own other page).

        An id's separators are the site's choice: ``lia-087`` in the page's address is
        ``LIA_087`` in its file's name.
        """
        ids = self._facts.ids
        low = unquote(href)
        return bool(ids) and all(id_in(token, low) for token in ids)

    def _row_names_record(self, element: Tag) -> bool:
        """Whether the link's own row links a page of the record's as well.

        A repository's file table gives each of the work's files a row: its file's name,
        linked to the file's page under the work's
        (``/concern/parent/7h149r57x/file_sets/d504rm11z`` on the work
        ``/concern/articles/7h149r57x``), and its "Download". A row that links a
        page carrying every id of the record's is the record's own file's row, whatever
        blocks alike the page's layout sets around it. Not in a list that marks the page's
        own item (``aria-current``): its other rows link the record's other versions; nor
        where the page is named by a title (a book's chapter, with its own file).
        """
        row = item_of(element)
        if row is None or not element.get("href"):
            return False
        file = absolute(str(element["href"]), self._base)
        for anchor in row.find_all("a", href=True, limit=4):
            if anchor is element or not _PDF_FILE_NAME.search(anchor.get_text(" ", strip=True)):
                continue
            href = absolute(str(anchor["href"]), self._base)
            if href != file and not _same_page(href, self._facts.url) and self._names_record(href):
                break
        else:
            return False
        # (a list marking the page's own item: its other rows are the record's other versions)
        listing = row.parent
        return not (
            isinstance(listing, Tag)
            and any(t.has_attr("aria-current") for t in listing.find_all(True, limit=400))
        )

    def _record_part(self, block: Tag, named: list[Tag], file: str | None = None) -> bool:
        """Whether `block` is the one item offering a file in a list of the record's own pages.

        Every document its links name is a page of the record's own (its address carries
        every id of the record's: a grant's yearly reports, ``/report/<project>/...``), and
        of the list's items alike to it, it alone links a file: the record's file, not one
        of a list of other documents (a book's chapters each offer theirs). Not in a list
        that marks the page's own item (``aria-current``): its other items are the record's
        other versions.

        When `file` (the link judged) carries the record's ids too, the items that count
        are those linking a file that carries them: the other items' files name other
        records (a repository's object card, ``/api/object/o:1987654/download``, beside
        its related objects' card offering ``/api/object/o:1987655/download``).
        """
        if not named or not all(
            self._names_record(absolute(str(a.get("href") or ""), self._base)) for a in named
        ):
            return False
        parent = block.parent
        if not isinstance(parent, Tag) or not (block.get("class") or block.name in _ITEM_TAGS):
            return False
        if any(t.has_attr("aria-current") for t in parent.find_all(True, limit=400)):
            return False  # the list marks the page's own item: the others are other versions
        key = _class_key(block)
        own = file is not None and self._names_record(file)

        def offers(anchor: Tag) -> bool:
            href = str(anchor.get("href") or "")
            if not FILE_HREF.search(href):
                return False
            return not own or self._names_record(absolute(href, self._base))

        filed = [
            sibling
            for sibling in parent.find_all(block.name, recursive=False, limit=200)
            if _class_key(sibling) == key and any(offers(a) for a in sibling.find_all("a"))
        ]
        return len(filed) == 1 and filed[0] is block

    def _shaped_link(self, block: Tag, element: Tag) -> str | None:
        """The address of another link of `block` to another record's page, or None.

        Its address has the shape of the page's own (``/sti/citations/AD1156789`` beside
        ``/sti/citations/AD1187654``), on the same site, without the record's ids. A link
        marked with the language of its page (``hreflang``: "Ver en español") is the record
        in another language, beside the record's own buttons, not another record's entry.
        """
        if not self._shape:
            return None
        for anchor in block.find_all("a", href=_REAL_HREF, limit=5):
            if anchor is element or anchor.get("hreflang"):
                continue
            href = absolute(str(anchor["href"]), self._base)
            if (
                not self._names_record(href)
                and not _same_page(href, self._facts.url)
                and same_site(href, self._facts.url)
                and _shape(href) == self._shape
            ):
                return urlsplit(href).path
        return None

    def _describes_record(self, block: Tag) -> bool:
        """Whether `block` holds the record's own fields: a field row whose value is its title.

        (A repository's item table: "Título: <the record's title>", "Autor(es): <a>...</a>".)
        The block is the record's description with its files, not an item of a list, though
        a sibling block of its class names something and its fields link names.
        """
        key = id(block)
        if key not in self._records:
            self._records[key] = False
            for row in block.find_all(("tr", "dd"), limit=80):
                if _field_label(row) is None:
                    continue
                cells = row.find_all("td", recursive=False) if row.name == "tr" else [row]
                value = " ".join(cells[-1].get_text(" ", strip=True).split()) if cells else ""
                if value and len(value) <= 400 and self._facts.is_title(value):
                    self._records[key] = True
                    break
        return self._records[key]

    def full_text_field(self, element: Tag, reach: int = 4) -> str | None:
        """The heading of the record's field "Full text" ("Volltext") holding `element`."""
        for depth, parent in enumerate(element.parents):
            if depth >= reach or not isinstance(parent, Tag) or self._stop(parent):
                return None
            heading = _full_text_heading(parent)
            if heading is not None:
                return heading
        return None

    def _headed_by_title(self, block: Tag) -> bool:
        """Whether one of the first headings of `block` reads the article's title."""
        return any(
            self._facts.is_title(heading.get_text(" ", strip=True))
            for heading in block.find_all(_HEADINGS, limit=3)
        )

    def _other_document(self, block: Tag, element: Tag, depth: int) -> str | None:
        """Why `block` is about another document than the article, or None."""
        if any(_full_text_heading(field) is not None for field in _up_to(element, block)):
            # a record's field headed "Volltext", "Full text" (a research portal's list
            # of the record's properties, each a block alike): its links are its own
            return None
        links = self._links_of(block)
        if links.named and self._describes_record(block):
            return None  # the record's description (its fields) with its files
        others = [pair for pair in links.named[:2] if pair[0] is not element]
        if not others:
            # a title in plain text beside a button ("Dune migration [PDF]"); a file name's
            # link beside its bundle's heading is a repository's file list, not this
            small = depth <= 1 and links.count <= 3
            own = self._own_text_of(block) if small and not _SIZE.search(text_of(element)) else None
            if own is None:
                return None
            if self._facts.names_own(own):
                return None  # the article's own entry
            if links.count == 1 and self._repeated(block, own):
                # an item whose only link is this one, labelled as its alike items are
                # ("Article · Open Access"): one work's copies, the label is no title
                return None
            names: list[tuple[Tag, str]] = [(block, own)]
        else:
            if any(a is not element for a in links.titled[:2]):
                return None  # the article's own entry (in a list of this issue, say)
            if self._headed_by_title(block):
                # the article's own entry, its title a heading, not a link ("<h4>the
                # title</h4>", its journal's issue a link below it), above a list of others
                return None
            file = absolute(str(element["href"]), self._base) if element.get("href") else None
            if self._record_part(block, [a for a, _ in links.named if a is not element], file):
                return None  # the record's own report among its other pages
            names = links.named
        title = others[0][1][:60] if others else names[0][1][:60]
        parent = block.parent
        file = absolute(str(element["href"]), self._base) if element.get("href") else None
        own_file = file is not None and self._names_record(file)
        # (a file whose own name carries the record's id, ``LIA_087_Frommelt_Beck.pdf`` on the
        # page ``/lia-087``, is the record's among its sibling blocks: the record's dataset,
        # slides and press release beside it; a folder named by the id holds every version)
        named_file = file is not None and self._facts.own_file_name(file) is not None
        if (
            isinstance(parent, Tag)
            and block.name not in ("p", "span", "td", "th")
            and not named_file
        ):
            alike = self._alike_blocks(block, parent)
            if alike and not self._holds_most(block):
                return f"{_ALIKE}{alike + 1} alike blocks, e.g. {title!r})"
        if self._shape and depth <= 1 and links.count <= 4 and not own_file:
            # (a file whose address carries every id of the record's is the record's own,
            # beside whatever neighbour: "« Previous article" by the article's own PDF)
            for anchor, text in names:
                if anchor is element:
                    continue
                if not anchor.get("href") or anchor is block:
                    continue
                href = absolute(str(anchor["href"]), self._base)
                field = item_of(anchor)
                if (
                    field is not None
                    and _field_label(field) is not None
                    and not (field is item_of(element) and _shape(href) == self._shape)
                ):
                    # a value of the record's fields (its journal), no other article; a
                    # field holding the file and a page shaped like the record's is another
                    # record's ("이전글": the previous post, its attachment beside it)
                    continue
                if self._names_record(href):
                    continue  # a page of the record's own ("/papers/w31567.ack")
                if _page_in_another_version(href, self._facts.url):
                    continue  # the record's other version ("Version 1" on ``k7m3q_v2``)
                if _sections_apart(block, element, anchor):
                    continue  # a card of its own beside the file's ("Also in volume 9")
                if _in_sentence(anchor):
                    # a work a sentence of the text cites ("Dit paper bouwt voort op ons
                    # eerdere werk over <a>…</a>."): no list's entry beside the file
                    continue
                if file is not None and _companion(file, href):
                    continue  # the file's own part ("Research_458_Highlights.pdf")
                if (
                    not _same_page(href, self._facts.url)
                    and same_site(href, self._facts.url)
                    and _shape(href) == self._shape
                ):
                    return f"beside a link to another article {text[:60]!r}"
            if not others:
                # a title in the block's text beside a link, whatever its label
                # ("AD1156789"), to a page shaped like the record's: another record's entry
                shaped = self._shaped_link(block, element)
                if shaped is not None:
                    return f"beside a link to another record's page {shaped[:60]!r}"
        return None

    def _record_toolbar(self, block: Tag) -> bool:
        """Whether a block a class names as a region links only the record's own addresses.

        A platform's article toolbar may be classed as navigation
        ("P-Article-Preview-Nav"): its few links ("PDF", "XML") each carry every id of the
        record's address (``/article/101234/download/pdf/`` on ``/article/101234/``). A
        site's menu links its sections, not one record's files.
        """
        key = id(block)
        if key not in self._toolbars:
            links = block.find_all("a", href=_REAL_HREF, limit=_TOOLBAR_LINKS + 1)
            self._toolbars[key] = 0 < len(links) <= _TOOLBAR_LINKS and all(
                self._names_record(absolute(str(a.get("href") or ""), self._base))
                and not _same_page(absolute(str(a.get("href") or ""), self._base), self._facts.url)
                for a in links
            )
        return self._toolbars[key]

    def _own_menu(self, landmark: Tag) -> bool:
        """True when a landmark region is the record's own menu, not the site's chrome.

        A publication that is a site of its own (an online catalogue or book built with a
        static-site generator) heads its menu with its title, linked to the page itself
        (the record's cover): the formats it lists there (PDF, EPUB) are the record's. A
        site's banner names the site or the journal, never one record on its page.
        """
        key = id(landmark)
        if key not in self._menus:
            self._menus[key] = any(
                isinstance(link, Tag)
                and _same_page(absolute(str(link.get("href") or ""), self._base), self._facts.url)
                and self._facts.is_title(link.get_text(" ", strip=True))
                for heading in landmark.find_all(_HEADINGS, limit=4)
                for link in heading.find_all("a", href=True, limit=2)
            )
        return self._menus[key]

    def _region(self, parent: Tag, child: Tag) -> str | None:
        # (a header inside an article is that article's own, as HTML scopes it, no banner of
        # the page: a listing entry's title and file, not the site's masthead)
        if parent.name in ("footer", "header", "nav") and not (
            parent.name == "header" and parent.find_parent("article") is not None
        ):
            return f"inside <{parent.name}>"
        role = str(parent.get("role") or "")
        if role in _LANDMARKS and not self._own_menu(parent):
            return f"inside the page's {_LANDMARKS[role]} (role={role})"
        names = " ".join(
            [
                *(parent.get("class") or []),
                str(parent.get("id") or ""),
                str(parent.get("aria-label") or ""),
            ]
        ).strip()
        found = _REGION_WORDS.search(names) if names else None
        if found is not None and found.group(2).lower() not in self._title_blocks:
            if self._record_toolbar(parent):
                return None  # the record's own toolbar, whatever its class calls it
            if _SHARING.fullmatch(found.group(2)):
                return f"inside a {names[:40]!r} region{_SHARED}"
            return f"inside a {names[:40]!r} region"
        for sibling in list(child.find_previous_siblings(limit=6)):
            heading = sibling if sibling.name in _HEADINGS else None
            if heading is None and sibling.find("a") is None:
                # a heading's wrapper (<div class="block-title"><h3>...</h3></div>); a sibling
                # section with links of its own is another region, not this one's heading
                heading = sibling.find(_HEADINGS)
            if heading is not None:
                text = heading.get_text(" ", strip=True)[:80]
                if _REGION_HEADING.search(text):
                    return f"under the heading {text!r}"
                break  # the nearest heading decides
        label = str(parent.get("aria-label") or "")
        if label and _REGION_HEADING.search(label):
            return f"in a region labelled {label[:40]!r}"
        return None
