"""Page regions: whether a link lies outside the article's own block (core).

`Regions` recognises the page's chrome (header, footer, navigation, landmarks),
reference lists and sidebars by their element, role, class or heading, and blocks
about other documents (article lists, another article's card) by their structure.
"""

from __future__ import annotations

import re
from urllib.parse import unquote, urlsplit

from bs4 import BeautifulSoup, Tag

from ._addresses import absolute, same_site
from ._pagefacts import PageFacts
from ._words import button_text, names_document, text_of

__all__ = [
    "Regions",
]


#: Class, id and label words of regions that are never the article's own block: references
#: and citing works (their links are other documents by definition), the site's chrome
#: (navigation, footer, sharing, metrics, author information). Lists of other
#: articles (related, most read, this issue...) are recognised by their structure instead
#: (`Regions`), whatever their heading's language, tag or class.
_REGION_WORDS = re.compile(
    r"(^|[\s_-])(ref|refs|references?|reference-?list|bibliography|citations?|cited-?by|citing|"
    r"footer|nav|navigation|navbar|breadcrumbs?|cookies?|share|sharing|social|sidebar-?ad|"
    r"advert\w*|ads|metrics|stats|author-?info|affiliations?|"
    r"site-?header|page-?header|global-?header)"
    r"($|[\s_-])",
    re.IGNORECASE,
)
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
_LANDMARKS = {"navigation": "navigation", "contentinfo": "footer", "banner": "header"}


def _shape(url: str) -> tuple[str, ...]:
    """An address's path with its identifying parts blanked (another article's page looks alike).

    Segments with digits become ``#``, slugs ``*``; query fields keep their names, their
    values blanked the same way (``article.php?id=#``).
    """
    parts = urlsplit(url)
    segments = unquote(parts.path).strip("/").split("/")
    fields = [f.split("=", 1) for f in parts.query.split("&") if f]
    return (
        *(
            "#" if re.search(r"\d", s) else "*" if s.count("-") >= 2 else s.lower()
            for s in segments
        ),
        *(f"?{f[0]}={'#' if re.search(r'[0-9]', f[-1]) else '*'}" for f in fields),
    )


def _same_page(a: str, b: str) -> bool:
    """True when two addresses name the same page (path and query alike, fragments aside)."""
    x, y = urlsplit(a), urlsplit(b)
    return (x.path.rstrip("/"), x.query) == (y.path.rstrip("/"), y.query)


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

    File descriptions (sizes, file names, formats) are no titles: a repository's file
    table is not a list of other documents.
    """
    if block.name in ("tr", "td", "th", "table", "tbody"):
        return None
    parts = [s for s in block.find_all(string=True) if s.find_parent("a") is None]
    text = " ".join(" ".join(parts).split())
    if not text or _SIZE.search(text) or button_text(text):
        return None
    if len(text) < 10 or len(text.split()) < 2 or len(text) > 300:
        return None
    return text


class Regions:
    """Tells whether an element lies outside the article's own block (core, per page).

    Walking up from the element to the container of the page's title (its ``h1``) or
    ``main``: a region is recognised by its element (``header``, ``footer``, ``nav``),
    its ARIA landmark role, reference-list words in its class or id, or the heading of
    a reference list just before it. Blocks about other documents are recognised by
    their structure, whatever their heading's language, tag or class:

    - a list: the element sits in one of several sibling blocks of the same tag and
      class, each with a title-like link (an article list: related, most read, this
      issue's other articles, a table of contents), unless its title is the article's;
    - a card: the element sits in a small block beside a title-like link to another
      page shaped like this one (``/article/view/123`` on ``/article/view/456``),
      previous/next-article navigation among them.
    """

    def __init__(self, soup: BeautifulSoup, facts: PageFacts | None = None, base: str = "") -> None:
        title = soup.find("h1")
        self._stops = {id(p) for p in title.parents} if isinstance(title, Tag) else set()
        self._cache: dict[int, str | None] = {}
        self._facts = facts or PageFacts("")
        self._shape = _shape(self._facts.url) if self._facts.url else ()
        self._base = base or self._facts.url

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
                if heading is None and len(sibling.get_text(" ", strip=True).split()) > 15:
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

    def outside(self, element: Tag) -> str | None:
        """Why `element` is outside the article's own block, or None when it is inside."""
        child: Tag = element
        for depth, parent in enumerate(element.parents):
            if not isinstance(parent, Tag) or parent.name in ("body", "html", "main"):
                return None
            if id(parent) in self._stops or str(parent.get("role") or "") == "main":
                return None
            key = id(child)
            if key not in self._cache:
                self._cache[key] = self._region(parent, child) or (
                    self._other_document(parent, element, depth) if depth < 8 else None
                )
            if self._cache[key] is not None:
                return self._cache[key]
            child = parent
        return None

    def _other_document(self, block: Tag, element: Tag, depth: int) -> str | None:
        """Why `block` is about another document than the article, or None."""
        names = [
            (a, text)
            for a in block.find_all("a", href=_REAL_HREF)
            if a is not element and (text := names_document(a, loose=True)) is not None
        ]
        if not names:
            # a title in plain text beside a button ("Dune migration [PDF]"); a file name's
            # link beside its bundle's heading is a repository's file list, not this
            small = depth <= 1 and len(block.find_all("a", href=_REAL_HREF)) <= 3
            own = _own_text(block) if small and not _SIZE.search(text_of(element)) else None
            if own is None:
                return None
            names = [(block, own)]
        if any(self._facts.is_title(text) for _, text in names):
            return None  # the article's own entry (in a list of this issue, say)
        title = names[0][1][:60]
        parent = block.parent
        if isinstance(parent, Tag) and block.name not in ("p", "span", "td", "th"):
            alike = [
                s
                for s in parent.find_all(block.name, recursive=False)
                if s is not block
                and (s.get("class") or []) == (block.get("class") or [])
                and (block.get("class") or block.name in _ITEM_TAGS)
                and (
                    any(names_document(a, loose=True) for a in s.find_all("a", href=_REAL_HREF))
                    or _own_text(s) is not None
                )
            ]
            if alike:
                return (
                    f"in a list of other documents ({len(alike) + 1} alike blocks, e.g. {title!r})"
                )
        if self._shape and depth <= 1 and len(block.find_all("a", href=_REAL_HREF)) <= 4:
            for anchor, text in names:
                if not anchor.get("href") or anchor is block:
                    continue
                href = absolute(str(anchor["href"]), self._base)
                if (
                    not _same_page(href, self._facts.url)
                    and same_site(href, self._facts.url)
                    and _shape(href) == self._shape
                ):
                    return f"beside a link to another article {text[:60]!r}"
        return None

    @staticmethod
    def _region(parent: Tag, child: Tag) -> str | None:
        if parent.name in ("footer", "header", "nav"):
            return f"inside <{parent.name}>"
        role = str(parent.get("role") or "")
        if role in _LANDMARKS:
            return f"inside the page's {_LANDMARKS[role]} (role={role})"
        names = " ".join(
            [
                *(parent.get("class") or []),
                str(parent.get("id") or ""),
                str(parent.get("aria-label") or ""),
            ]
        ).strip()
        if names and _REGION_WORDS.search(names):
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
