"""Whether a page lets a visitor have the file it shows: access walls, read from structure (core).

A page may show its article's file and, in the same place, say that a visitor without an
account cannot have it. The file's address is then still in the page (a disabled button's
``href``, a ``data-download-url``, ``eprints.document_url``, ``citation_pdf_url``), but a
request for it answers with a sign-in page, a purchase page or a preview: a file request
wasted on the repository's budget. A control is walled when:

- it is disabled (``disabled``, ``aria-disabled="true"``, a ``disabled`` class token), or it
  or its file's row is marked closed by a class token (``restricted``, ``file-embargo``,
  ``ep_document_restricted``, ``locked``; not ``unlocked`` nor ``restricted-width``);
- its own address is a sign-in or sign-up page and the file's address sits only in one of
  its ``data-*`` or ``on*`` attributes;
- its small block (its nearest ancestors, a handful of links) shows two of: a sign-in
  link, a price, a download control with no address of its own (a script action). A
  sign-in link that returns to a page ("Log in to comment"), a sign-up link ("Register to
  submit") and a control naming another thing it downloads ("Download citation") are none.

Across the page (`apply_walls`): every candidate of an address the page shows walled (and
links from no open control) is walled, whatever its source; an address a sign-in link returns to
(``/connexion?redirect=/load_pdf?ID=…``) is walled; and when every download control of the
article's own block is walled, a declared file (meta tag, JSON-LD, Signposting) the page
links from no open control is walled too. A sign-in link in the page's header (most open
pages have one) is none of these: it is not in the file's block, and it returns to the page.

A weak link (a file that must match the record) needs less (`weak_link_wall`): its address
is a sign-in endpoint by its path's shape (``/MyResearch/UserLogin?followup=…``,
``/auth/…``), or a price is written beside it in its own line of text ("1,100円"; a
price in an element of its own is a print copy's, a sign-in link alone the page's own,
"Claim to ORCID", and a control with no address alone a menu's toggle). A
page's last-resort probe (a weak file on a page that kept no candidate) is
spared, too, when the article's block marks a file closed (a lock icon, an ``embargo`` or
``restricted`` class) beside a PDF's name or label: the page's own file is closed, the weak
link another file.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator, Sequence
from urllib.parse import SplitResult, parse_qsl, unquote, urlsplit

import attrs
from bs4 import BeautifulSoup, Tag

from politeharvest.net._redirects import SIGN_IN_PATH

from ._addresses import absolute
from ._candidate import Candidate
from ._regions import Regions
from ._words import FILE_HREF, button_text

__all__ = [
    "WALLED",
    "apply_walls",
    "closed_file",
    "control_wall",
    "links_by_address",
    "signs_in",
    "signs_in_by_shape",
    "weak_link_wall",
]

#: How every access-wall rejection starts (`apply_walls` carries it to the other sources).
WALLED = "behind an access wall: "

#: A sign-in or sign-up page's address (the resolver never requests one).
_SIGN_IN = re.compile(SIGN_IN_PATH + r"|(?<!/)/sign-?up\b|(?<!/)/register\b", re.IGNORECASE)

#: Query parameters that name where a page sends the visitor back to once signed in.
_RETURN_PARAM = re.compile(
    r"^(?:return|redirect|next|continue|goto|target|dest|destination|service|came_?from|"
    r"forward|back|after)[_-]?(?:url|uri|to|path|page)?$",
    re.IGNORECASE,
)

#: An amount of money: a currency sign or ISO code beside an amount ("6,000원", "2.50元",
#: "5,00 €", "$35", "USD 40"), not beside an identifier's digits or inside a word ("원문").
_CURRENCY = r"[$€£¥₩₽₺₹元円원]|\b(?:USD|EUR|GBP|JPY|CNY|RMB|KRW|RUB|TRY|INR|CHF|AUD|CAD)\b"
_AMOUNT = r"(?<![\d.,])(?:\d{1,3}(?:[.,\s]\d{3})+|\d{1,5})(?:[.,]\d{1,2})?(?![\d.,]\d)"
_PRICE = re.compile(rf"(?<!\w)(?:{_CURRENCY})\s?{_AMOUNT}|{_AMOUNT}\s?(?:{_CURRENCY})(?!\w)")

#: A class token that marks a control disabled ("disabled", "ep_button_disabled", "is-disabled").
_DISABLED_CLASS = re.compile(r"(?:^|[-_])disabled$|^disabled(?:[-_]|$)", re.IGNORECASE)

#: How far up a control's block reaches, and how many links it may hold.
_BLOCK_LEVELS = 3
_BLOCK_LINKS = 8


def _parts(url: str) -> SplitResult:
    """`url` split into its parts; none for an href that is no address.

    A ``[`` or ``]`` that opens or closes no IPv6 host (``//]]>search`` in a mangled page)
    makes `urlsplit` raise: such a link says nothing, and the page is still read.
    """
    try:
        return urlsplit(url)
    except ValueError:
        return urlsplit("")


def signs_in(url: str) -> bool:
    """True when `url` is a sign-in or sign-up page's address."""
    parts = _parts(url)
    # (a host named for signing in, "login.example.org"; a host named "register" is as
    # often a registry, "register.awmf.org" of guidelines, as a sign-up page)
    host = "/" + parts.netloc.split(".")[0]
    return bool(_SIGN_IN.search(parts.path) or re.match(SIGN_IN_PATH, host, re.IGNORECASE))


#: A sign-in page's address alone (a sign-up page invites to join: to submit, to review).
_SIGN_IN_ONLY = re.compile(SIGN_IN_PATH, re.IGNORECASE)


def _signs_in_only(url: str) -> bool:
    """True when `url` is a sign-in page's address (not a sign-up page's).

    In a file's block a "Register" link beside a price (a conference fee, the authors'
    charge) says nothing of the file; the sign-in link of a wall stands beside its
    sign-up link, and is read.
    """
    parts = _parts(url)
    return bool(
        _SIGN_IN_ONLY.search(parts.path) or _SIGN_IN_ONLY.search("/" + parts.netloc.split(".")[0])
    )


#: A word of a path segment (``UserLogin``: ``user``, ``login``; ``sign-in``: ``sign``, ``in``).
_SEGMENT_WORD = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|\d+")

#: A file's name with its extension (``paper.pdf``), the last segment of a file's path.
_FILE_NAME = re.compile(r"\w\.[A-Za-z0-9]{2,5}$")

#: A sign-in endpoint's word, alone or as two words joined (``log``+``in``, ``sign``+``on``).
_SIGN_IN_WORDS = frozenset({"login", "logon", "signin", "signon", "auth", "oauth", "sso"})


def signs_in_by_shape(url: str) -> bool:
    """True when a segment of `url`'s path is a sign-in endpoint by its words' shape.

    A segment split into its words by case and separators (``UserLogin``, ``user_login``,
    ``sign-in``, ``auth``): a sign-in word, or two adjacent words that join into one,
    whatever the words before it (`signs_in` reads only a segment that starts with one).
    """
    segments = unquote(_parts(url).path).split("/")
    # (a file's folder is a name: ``/fileadmin/upload_sso/…/paper.pdf`` is a society's
    # upload folder, the SSO its initials; only a folder that is a sign-in word alone, as
    # ``/sso/`` or ``/oauth2/``, makes a file's path a sign-in one)
    filed = _FILE_NAME.search(segments[-1]) is not None
    for place, segment in enumerate(segments):
        words = [w.lower() for w in _SEGMENT_WORD.findall(segment)]
        if (
            filed
            and place < len(segments) - 1
            and not all(w in _SIGN_IN_WORDS or w.isdigit() for w in words)
        ):
            continue
        pairs = [a + b for a, b in itertools.pairwise(words)]
        if _SIGN_IN_WORDS.intersection(words) or _SIGN_IN_WORDS.intersection(pairs):
            return True
    return False


def _disabled(element: Tag) -> bool:
    """True when the page shows `element` disabled."""
    if element.has_attr("disabled") or str(element.get("aria-disabled") or "") == "true":
        return True
    return any(_DISABLED_CLASS.search(str(c)) for c in element.get("class") or [])


#: A class token that marks a file closed ("restricted", "file-embargo", "ep_document_restricted").
#: A negation before the word opens it again ("not-restricted", "no_embargo", "non-locked").
_CLOSED_CLASS = re.compile(
    r"(?:^|[-_])(?<!not[-_])(?<!no[-_])(?<!non[-_])(?:restricted|locked|embargoed?)$",
    re.IGNORECASE,
)


def _small_blocks(element: Tag) -> Iterator[Tag]:
    """`element` and the blocks around it that still hold one file's controls.

    Up to `_BLOCK_LEVELS` ancestors, stopping at the page's body or at a block with more
    than three links or buttons (a list of files, not this file's own block).
    """
    block: Tag | None = element
    for _ in range(_BLOCK_LEVELS):
        if block is None or block.name in ("body", "html", "[document]"):
            return
        if block is not element and len(block.find_all(["a", "button"], limit=4)) > 3:
            return
        yield block
        parent = block.parent
        block = parent if isinstance(parent, Tag) else None


def _marked_closed(element: Tag) -> str | None:
    """The class token that marks the control, or its file's small block, closed; or None."""
    for block in _small_blocks(element):
        for token in block.get("class") or []:
            if _CLOSED_CLASS.search(str(token)):
                return str(token)
    return None


def _addressless(element: Tag) -> bool:
    """True when `element` is a download control with no address of its own (a script action).

    Its ``href`` is missing, ``#`` or ``javascript:``, and no attribute holds an address. A
    control that names another thing it downloads ("Download citation") is not the file's.
    """
    text = element.get_text(" ", strip=True)
    if element.name not in ("a", "button") or not button_text(text) or _names_another(text):
        return False
    href = str(element.get("href") or "").strip().lower()
    if href and not href.startswith(("#", "javascript:")):
        return False
    return not any(
        isinstance(v, str) and re.search(r"/\w|\.pdf\b", v)
        for k, v in element.attrs.items()
        if k != "href"
    )


def _returns_to_a_page(href: str) -> bool:
    """True when a sign-in link names where to return to, and that is a page, not a file.

    "Log in to comment" (``/login?next=/article/view/4512``) brings the visitor back to
    the page they read: a page's own sign-in, not a gate before its file. A sign-in link
    that returns to a file is a gate (`_gates`); one that names no return says nothing.
    """
    targets = [
        unquote(value) if "%" in value else value
        for name, value in parse_qsl(_parts(href).query)
        if _RETURN_PARAM.match(name) and value.startswith(("/", "http"))
    ]
    return bool(targets) and not any(FILE_HREF.search(_parts(t).path) for t in targets)


def _names_another(text: str) -> bool:
    """True when a download control's text names a thing other than the file.

    A Latin word no download button has ("Download citation", "Download figures"); words of
    other scripts are left to `button_text`.
    """
    return any(
        len(word) > 2 and word.isascii() and not button_text(word)
        for word in re.findall(r"[^\W\d_]+", text.lower())
    )


def _block_signals(element: Tag) -> dict[str, str]:
    """What the control's small block shows: a sign-in link, a price, an addressless control."""
    signals: dict[str, str] = {}
    priced = False  # a price seen nearer the control
    block: Tag | None = element
    for _ in range(_BLOCK_LEVELS):
        parent = block.parent if block is not None else None
        if not isinstance(parent, Tag) or parent.name in ("body", "html", "[document]"):
            break
        links = parent.find_all(["a", "button"], limit=_BLOCK_LINKS + 1)
        if len(links) > _BLOCK_LINKS:  # a list or a page, not a control's block
            break
        block = parent
        for link in links:
            href = str(link.get("href") or "")
            if (
                link is not element
                and href
                and _signs_in_only(href)
                and not _returns_to_a_page(href)
            ):
                signals.setdefault("sign-in", f"a sign-in link ({href[:60]})")
            if link is not element and _addressless(link):
                text = link.get_text(" ", strip=True)[:30]
                signals.setdefault("script", f"a download control with no address ({text!r})")
        if not priced:
            prices = _PRICE.findall(parent.get_text(" ", strip=True))
            priced = bool(prices)
            # the nearest price is the control's own: one of nothing ("0,00 €", a free
            # item's offer) opens it, and a price further up is another format's
            paid = [price for price in prices if not _free(price)]
            if paid:
                signals["price"] = f"a price ({paid[0]})"
    return signals


def _free(price: str) -> bool:
    """True when an amount of money is zero ("0,00 €", "$0", "EUR 0.00")."""
    return not any(digit != "0" for digit in re.findall(r"\d", price))


def control_wall(element: Tag, where: str = "href") -> str | None:
    """Why the page shows this control's file closed to a visitor, or None.

    Args:
        element: the control (an anchor, a button, a form) the address was read from.
        where: where the address was read (``"href"``, ``"data-download-url"``...).
    """
    if element.name == "script":
        return None
    if _disabled(element):
        return f"{WALLED}the page shows its control disabled"
    closed = _marked_closed(element)
    if closed is not None:
        return f"{WALLED}the page marks its file closed (class {closed!r})"
    href = str(element.get("href") or "")
    if where != "href" and href and signs_in(href):
        return f"{WALLED}its control's own address is a sign-in page ({href[:60]})"
    requested = _requested_copy(element, href)
    if requested is not None:
        return f"{WALLED}{requested}"
    priced = _priced_control(element)
    if priced is not None:
        return f"{WALLED}its control carries its own price ({priced})"
    signals = _block_signals(element)
    if "price" in signals and len(signals) >= 2:
        return f"{WALLED}its control's block shows {' and '.join(signals.values())}"
    return None


#: A repository's form for asking the author for a copy of a restricted file (EPrints's
#: ``/cgi/request_doc?docid=``, DSpace's ``/request-a-copy/`` and ``.../request-a-copy``).
_REQUEST_COPY = re.compile(r"request[-_](?:a[-_])?(?:copy|doc)(?![a-z])", re.IGNORECASE)


def _requested_copy(element: Tag, href: str) -> str | None:
    """Why a file's control leads to a request for a copy, not the file, or None.

    The control's own address is the request form, or the file's own entry (its link's
    block, a row of the file table) offers the form beside it: the repository keeps the
    file from visitors (restricted, embargoed) and asks them to write to the author.
    """
    if href and _REQUEST_COPY.search(href):
        return "its address asks for a copy of a restricted file"
    if element.name != "a" or not href:
        return None
    block = element.parent
    for _ in range(2):
        if not isinstance(block, Tag) or block.name in ("body", "html", "table", "tbody"):
            return None
        links = block.find_all("a", href=True, limit=6)
        if len(links) > 5:
            return None  # a list of files or of the page's links, not one file's entry
        for link in links:
            other = str(link.get("href") or "")
            if link is not element and other != href and _REQUEST_COPY.search(other):
                return "its file's entry offers a request for a copy beside it (restricted)"
        if block.name in ("tr", "li", "dd"):
            return None  # (the file's row or item: no further; a cell's row is read next)
        block = block.parent
    return None


#: The attributes that give a control's current price (not an old price, not a price's id).
_PRICE_ATTRIBUTES = frozenset(["price", "data-price", "data-product-price", "data-item-price"])
#: A price attribute's value: an amount alone, maybe with a currency sign or code.
_AMOUNT_VALUE = re.compile(
    r"^\s*(?:[^\w\s]{1,3}|[A-Z]{3})?\s*(\d+(?:[.,]\d+)?)\s*(?:[^\w\s]{1,3}|[A-Z]{3})?\s*$"
)


def _priced_control(element: Tag) -> str | None:
    """A price the control itself carries in an attribute, when it is not nothing.

    ``<a href="....pdf" data-price="660">``: the page sells the file through this control,
    whatever its text says (a download, a purchase); ``data-price="0"`` opens it.
    """
    for name, value in element.attrs.items():
        if str(name).lower() not in _PRICE_ATTRIBUTES:
            continue
        amount = _AMOUNT_VALUE.match(str(value))
        if amount is not None and any(digit != "0" for digit in amount.group(1) if digit.isdigit()):
            return f"{name}={str(value)[:20]!r}"
    return None


def _gates(soup: BeautifulSoup, base: str) -> dict[str, str]:
    """File addresses a sign-in link of the page returns to, each with that link.

    A link that is neither a file's address nor a download button, whose query names where
    to send the visitor back (``redirect``, ``returnUrl``, ``next``...): a sign-in page in any
    language (``/connexion``, ``/anmelden``, ``/giris``).
    """
    found: dict[str, str] = {}
    for element in soup.find_all("a", href=True):
        href = absolute(str(element["href"]), base)
        if not href or FILE_HREF.search(urlsplit(href).path):
            continue
        if button_text(element.get_text(" ", strip=True)):
            continue  # a download button through a counter (``/click?target=/f.pdf``) is no gate
        for name, value in parse_qsl(urlsplit(href).query):
            if not _RETURN_PARAM.match(name) or not value.startswith(("/", "http")):
                continue
            target = absolute(unquote(value) if "%" in value else value, href)
            if target and target.split("#")[0] != base.split("#")[0]:
                found.setdefault(target, href)
    return found


def _own_controls(soup: BeautifulSoup, regions: Regions) -> list[Tag]:
    """The download controls of the article's own block (not a list's, the navigation's)."""
    return [
        element
        for element in soup.find_all(["a", "button"])
        if button_text(element.get_text(" ", strip=True)) and regions.outside(element) is None
    ]


def _page_wall(soup: BeautifulSoup, regions: Regions) -> str | None:
    """Why every download control of the article's block is walled, or None."""
    controls = _own_controls(soup, regions)
    reasons = []
    for element in controls:
        href = str(element.get("href") or "")
        why = control_wall(element)
        if why is None and href and signs_in(href):
            why = f"{WALLED}its download control leads to a sign-in page ({href[:60]})"
        if why is None:
            return None
        reasons.append(why)
    return reasons[0] if reasons else None


_DECLARED = ("meta:", "link:", "jsonld", "signposting")


def apply_walls(
    candidates: Sequence[Candidate], soup: BeautifulSoup, base: str, regions: Regions
) -> list[Candidate]:
    """Candidates walled across the page's sources (see the module's docstring)."""
    walls = {c.url: c.rejected for c in candidates if c.rejected and c.rejected.startswith(WALLED)}
    gates = _gates(soup, base)
    open_links = {c.url for c in candidates if c.rejected is None and c.source.startswith("anchor")}
    declared = [c for c in candidates if c.rejected is None and c.source.startswith(_DECLARED)]
    page_wall = (
        _page_wall(soup, regions) if any(c.url not in open_links for c in declared) else None
    )
    out = []
    for c in candidates:
        why: str | None = None
        if c.rejected is None:
            if c.url in walls and c.url not in open_links:
                why = walls[c.url]
            elif c.url in gates:
                why = f"{WALLED}a sign-in link of the page returns to it ({gates[c.url][:80]})"
            elif (
                page_wall is not None and c.source.startswith(_DECLARED) and c.url not in open_links
            ):
                why = f"{page_wall}; the page links it from no open control"
        out.append(c if why is None else attrs.evolve(c, strong=False, rejected=why))
    return out


#: A lock icon's class token (``fa-lock``, ``icon-lock``, ``glyphicon-lock``; not ``fa-unlock``
#: nor ``lock-open``).
_LOCK_ICON = re.compile(r"(?:^|[-_])lock$", re.IGNORECASE)

#: A PDF's name or label in a closed file's block (``tesis.pdf``, "PDF", "Texto completo (PDF)").
_FILE_WORD = re.compile(r"\bpdf\b", re.IGNORECASE)


def _loose_price(element: Tag) -> str | None:
    """A price written beside the link in its own line of text, or None.

    "PDF 有料(1,100円)": a text beside the file's icon, in the same parent, prices the file.
    A price in an element of its own ("<span>Print copy: €25.00</span>", a print copy's
    block) or in another link's text ("Buy the issue (PDF) - 22,00 €") prices another thing.
    """
    parent = element.parent
    if not isinstance(parent, Tag):
        return None
    text = " ".join(str(t) for t in parent.find_all(string=True, recursive=False))
    price = _PRICE.search(" ".join(text.split()))
    return price.group(0) if price is not None and not _free(price.group(0)) else None


def links_by_address(soup: BeautifulSoup, base: str) -> dict[str, list[Tag]]:
    """The page's anchors by their absolute address (read once per page)."""
    found: dict[str, list[Tag]] = {}
    for element in soup.find_all("a", href=True):
        href = absolute(str(element["href"]), base)
        if href:
            found.setdefault(href, []).append(element)
    return found


def weak_link_wall(url: str, links: Sequence[Tag]) -> str | None:
    """Why a weak link (one its file must match) shows a sign of a wall, or None.

    Its address is a sign-in endpoint by its path's shape, or one of the page's `links` to
    it has a price written beside it (`_loose_price`).
    """
    if signs_in_by_shape(url) or signs_in(url):
        return f"{WALLED}its address is a sign-in endpoint by its path ({url[:60]})"
    for element in links:
        # a price alone: a sign-in link alone is the page's ("Claim to ORCID"), a control
        # with no address alone a menu's toggle ("Download" over a list of languages)
        price = _loose_price(element)
        if price is not None:
            return f"{WALLED}a price is written beside its link ({price})"
    return None


def closed_file(soup: BeautifulSoup, regions: Regions) -> str | None:
    """What in the article's block marks one of its files closed, or None.

    An element classed closed (`_CLOSED_CLASS`) or a lock icon, in the article's own block
    (not the header's sign-in button), whose small block names a PDF. A page that shows
    its own file closed spares its last-resort probe of a weak file (another of its files).
    """
    for element in soup.find_all(class_=True):
        tokens = [str(t) for t in element.get("class") or []]
        token = next((t for t in tokens if _CLOSED_CLASS.search(t) or _LOCK_ICON.search(t)), None)
        if token is None or regions.outside(element) is not None:
            continue
        if any(_FILE_WORD.search(b.get_text(" ", strip=True)) for b in _small_blocks(element)):
            return f"{WALLED}the page marks a file of the article closed (class {token!r})"
    return None
