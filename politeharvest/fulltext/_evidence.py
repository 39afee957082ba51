"""Candidates from each source of a page, with their evidence and score (core).

Site rules' rewrites, selectors and extractors; declared files (meta tags,
``<link rel="alternate">``, JSON-LD encodings); the structure learned on the site;
and links scored by their own evidence (`AnchorWeights`). A link whose label or
address says it is another document (`foreign_label`) is rejected here, before any
request.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Any
from urllib.parse import parse_qsl, unquote, urlsplit

import attrs
from bs4 import BeautifulSoup, Tag

from ._access import control_wall
from ._addresses import absolute, asset_space, same_address, same_site, theme_folder
from ._candidate import Candidate, element_signature
from ._links import CHECKED_CHOICE, PDF_PATH, TEXT_URL, form_label, link_sources
from ._pagefacts import LD_WORK_TYPES, PageFacts, ld_nodes
from ._regions import FolderNames, Regions
from ._rules import EXTRACTORS, SiteRule
from ._state import devalued, flight_data, state_files, unfolded
from ._words import (
    BAD_HREF,
    BAD_TEXT,
    BAD_TEXT_UNACCENTED,
    FILE_EXTENSION,
    FILE_HREF,
    FULL_TEXT_WORD,
    ITEM_KINDS,
    OTHER_FORMAT,
    OTHER_KIND_FILE,
    PDF_NAMED,
    PDF_SIZE,
    PDF_WORD,
    QUALIFIER_AT_END,
    STRONG_TEXT,
    button_text,
    file_href,
    format_token,
    full_text_of,
    item_of,
    kind_named,
    link_addresses,
    names_document,
    says_full,
    says_whole,
    shared_file,
    stated_size,
    text_of,
    text_strings,
    unread_label,
    without_accents,
    without_file_description,
    words_beyond,
    words_of,
)

__all__ = [
    "ANCHOR_WEIGHTS",
    "MEDIA_PDF",
    "AnchorWeights",
    "PageTitles",
    "anchor_candidates",
    "file_label",
    "foreign_label",
    "jsonld_candidates",
    "labels_by_address",
    "learned_candidates",
    "meta_candidates",
    "reader_pdf",
    "rule_candidates",
]


@attrs.frozen
class AnchorWeights:
    """How much each kind of evidence adds to (or takes from) an anchor's score.

    Attributes:
        download_text: the anchor's whole text is a download phrase ("PDF", "Full text").
        pdf_word: its text mentions PDF.
        download_word: its text mentions downloading.
        file_address: its address looks like a file (``.pdf``, ``/download/``, ``bitstream``).
        pdf_type: its ``type`` or ``class`` says pdf.
        page_address: its address is a web page (``.html``, ``.php``): subtracted.
        other_host: it points to another host: subtracted.
        identifier: its address carries the article's DOI, id or slug.
        other_work: a bare button alone in an item beside another work's title: subtracted.
    """

    download_text: float = 55
    pdf_word: float = 35
    download_word: float = 15
    file_address: float = 30
    pdf_type: float = 20
    page_address: float = 20
    other_host: float = 25
    identifier: float = 15
    other_work: float = 40


#: A class, image or icon name that says PDF ("icon-pdf", "fa-file-pdf-o", "pdf.svg").
_PDF_NAME = re.compile(r"(?<![a-z])pdf(?![a-z])", re.IGNORECASE)


def _pdf_icon(element: Tag) -> str | None:
    """What names PDF in the icon a link holds, or None.

    An image's ``alt`` or file name ("pdf.png"), an icon font's or an SVG's class
    ("fa-file-pdf-o", "icon-pdf") or the SVG symbol it uses (``<use href="#icon-pdf">``),
    or a drawn image's accessible name: an SVG's, or an element's in the role of an image,
    in its ``aria-label`` (``<svg role="img" aria-label="pdf">``, as a site builder draws
    its file icons; an SVG's ``<title>`` is the link's text already).
    """
    if element.name not in ("a", "area"):
        return None
    for icon in element.find_all(True):
        said = [str(c) for c in icon.get("class") or []]
        if icon.name == "img":
            said += [str(icon.get("alt") or ""), str(icon.get("src") or "").rsplit("/", 1)[-1]]
        elif icon.name == "svg" or icon.get("role") == "img":
            said.append(str(icon.get("aria-label") or ""))
        elif icon.name == "use":
            said.append(str(icon.get("href") or icon.get("xlink:href") or "").rsplit("#", 1)[-1])
        found = next((s for s in said if _PDF_NAME.search(s)), None)
        if found is not None:
            return found
    return None


#: The longest link text read as a file's name with spaces in it.
_NAMED_FILE_LENGTH = 200


def _opaque_file(link: str) -> bool:
    """Whether `link`'s address names no file: its last segment has no extension."""
    return FILE_EXTENSION.search(urlsplit(link).path.rstrip("/").rsplit("/", 1)[-1]) is None


def _link_file_name(text: str) -> str | None:
    """The file's name a link's text gives, or None.

    Its first word ("a.pdf (2 MB)"), or the whole text when it ends in one ("<title> 2024 -
    Full Report.pdf").
    """
    first = text.split(" ")[0] if text else ""
    if re.fullmatch(r"\S+\.pdf", first, re.IGNORECASE):
        return first
    if len(text) <= _NAMED_FILE_LENGTH and re.search(r"\S\.pdf$", text, re.IGNORECASE):
        return text
    return None


#: Words a label in a script no vocabulary reads may have, on a file named as the record.
_UNREAD_FILE_LABEL = 6

#: A PDF file's name in brackets in a link's label: "Avaa verkkoaineisto (Virtanen.pdf)".
_BRACKETED_PDF = re.compile(r"[(\[]\s*([^()\[\]\s/\\]+\.pdf)\s*[)\]]", re.IGNORECASE)


def _own_file_shown(element: Tag, visible: str, link: str) -> str | None:
    """The PDF file's name a link's label gives in brackets, when it is the linked file's.

    The name must be the last part of the link's own address (its query aside): a label
    naming another file than the one it links to says nothing of it.
    """
    if element.name not in ("a", "area"):
        return None
    found = _BRACKETED_PDF.search(visible)
    if found is None:
        return None
    name = found.group(1)
    last = unquote(urlsplit(link).path.rstrip("/").rsplit("/", 1)[-1])
    return name if last.casefold() == name.casefold() else None


#: A file's name its row shows beside its link ("Research_Paper_Stacking_the_Polder.pdf").
_SHOWN_NAME = re.compile(r"[^\s/\\()\[\]]+\.pdf\b", re.IGNORECASE)


#: How a candidate's evidence says which attribute its address was read from.
_READ_FROM = "address read from "
#: How it says that attribute's name says the address is a PDF's (``data-pdf-url``).
_PDF_ATTRIBUTE = "its attribute's name says a PDF's address"


def _said_pdf(evidence: list[str]) -> bool:
    """Whether a piece of `evidence` already says the link gives a PDF.

    The attribute an address was read from is no such piece, whatever its name says
    (``data-pdf-url``): it is the address's evidence, as a ``.pdf`` address's is, and a
    viewer button's item describing its PDF file is evidence of its own.
    """
    return any(
        "pdf" in e.lower() for e in evidence if not e.startswith(_READ_FROM) and e != _PDF_ATTRIBUTE
    )


def _item_says_pdf(element: Tag) -> str | None:
    """What says, beside a link, that it gives a PDF file, or None.

    The link's item (its list item or table row, else its parent) holds no other link's
    address, and outside the link an icon, image or class naming PDF ("icon-pdf") or a
    short text naming it ("PDF, 8.3 MB"): a file list's row describing its one file, in
    any language.
    """
    item = item_of(element) or element.parent
    if not isinstance(item, Tag) or item.name in ("body", "html", "main"):
        return None
    href = str(element.get("href") or "").strip()
    # (a few links and tags read: a block of thousands of links is no file's row)
    if link_addresses(item, 8) - {href} and not _one_files_actions(item):
        # a row of files side by side, a cell each ("<td>" thumbnail, name, "application/
        # pdf"): the largest block around the link that holds no other address is its item
        item = _own_cell(element, item, href)
        if item is None:
            return None
    for tag in item.find_all(True, limit=40):
        if tag is element or tag.find_parent("a") is not None:
            continue  # the link's own content is read as its text and icon
        names = [str(c) for c in tag.get("class") or []]
        names.append(str(tag.get("alt") or ""))
        names.append(str(tag.get("src") or "").rsplit("/", 1)[-1])
        said = next((n for n in names if _PDF_NAME.search(n)), None)
        if said is not None:
            return said
    outside = [s for s in text_strings(item) if s.find_parent("a") is None]
    text = " ".join(" ".join(outside).split())
    if _says_pdf(text):
        return text
    # or a line of its own in a longer item ("PDF, 2.31 MB, 118 pages" over a note on
    # accessible formats)
    for line in item.find_all(_LINE_TAGS, limit=20):
        if line.find("a") is None and line.find_parent("a") is None:
            said = " ".join(line.get_text(" ", strip=True).split())
            if _says_pdf(said):
                return said
    return None


def _one_files_actions(item: Tag) -> bool:
    """Whether a row's few links are actions on the one file it describes.

    ("pdf Tesis doctoral 18,2 MB Acceso abierto" with "Ver" and "Descargar": to view and to
    download the file, at two addresses): every link's text a button's, at most
    `_ROW_ACTIONS` of them, and one size in the row's text outside them.
    """
    links = item.find_all("a", limit=_ROW_ACTIONS + 1)
    if len(links) > _ROW_ACTIONS or not all(
        button_text(" ".join(a.get_text(" ", strip=True).split())) for a in links
    ):
        return False
    outside = " ".join(
        " ".join(s for s in text_strings(item) if s.find_parent("a") is None).split()
    )
    return len(_ITEM_SIZE.findall(outside)) == 1 and _says_pdf(outside)


#: The most links of a row that are actions on its one file (view, download, share).
_ROW_ACTIONS = 3


def _own_cell(element: Tag, item: Tag, href: str) -> Tag | None:
    """The largest block inside `item` around `element` that leads to `href` alone, or None.

    A block of the link alone is none: its description is beside it, in its cell.
    """
    cell = None
    for parent in element.parents:
        if parent is item or not isinstance(parent, Tag) or link_addresses(parent, 8) - {href}:
            break
        cell = parent
    return cell if cell is not None and cell.name in ("td", "th", "div", "li", "dd") else None


def _says_pdf(text: str) -> bool:
    """A short text (eight words at most) that names PDF: a file's description."""
    return bool(text) and len(text.split()) <= 8 and re.search(r"\bpdf\b", text, re.I) is not None


#: Elements that hold a line of an item's description.
_LINE_TAGS = ("p", "span", "small", "dd", "li", "div")


def _title_of(element: Tag) -> str:
    """A link's ``title`` and ``aria-label`` (what it says it gives, beyond its text).

    A file's name in them is read apart (its kind is judged from the name).
    """
    said = " ".join(str(element.get(a) or "") for a in ("title", "aria-label"))
    return _FILE_NAME.sub(" ", said)


#: A PDF file's name in a link's label.
_FILE_NAME = re.compile(r"[^\s/\\]+\.pdf\b", re.IGNORECASE)

#: The weights `find_candidates` scores anchors with.
ANCHOR_WEIGHTS = AnchorWeights()


def meta_candidates(soup: BeautifulSoup, base: str) -> list[Candidate]:
    found = []
    for meta in soup.find_all("meta"):
        name = str(meta.get("name") or meta.get("property") or "").strip().lower()
        content = str(meta.get("content") or "").strip()
        if not name or not content:
            continue
        source = ""
        if (
            re.fullmatch(r"(citation_|wkhealth_|bepress_citation_|dc\.)?(fulltext_)?pdf_url", name)
            or (
                name in ("eprints.document_url", "citation_fulltext_pdf_url", "prism.url")
                and ".pdf" in content.lower()
            )
            or (
                name in ("dc.identifier", "dcterms.identifier", "dc.relation")
                and content.lower().split("?")[0].endswith(".pdf")
            )
        ):
            source = name
        if source:
            score = 90.0 if "pdf_url" in source or source == "eprints.document_url" else 75.0
            found.append(
                Candidate(absolute(content, base), f"meta:{source}", f"meta {source}", score)
            )
    for link in soup.find_all("link", href=True):
        rel = " ".join(link.get("rel") or []).lower()
        kind = str(link.get("type") or "").lower()
        if "alternate" in rel and "pdf" in kind:
            found.append(
                Candidate(
                    absolute(str(link["href"]), base),
                    "link:alternate",
                    f"<link rel={rel} type={kind}>",
                    88.0,
                )
            )
    return found


def _id_shape(token: str) -> str:
    """An identifier's shape: hex digits as ``x`` (a hash, a UUID), else digits as ``9``.

    Only identifiers of six characters or more with a digit have one ("" otherwise).
    """
    if len(token) < 6 or not re.search(r"\d", token):
        return ""
    if re.fullmatch(r"[0-9a-f-]+", token):
        return re.sub(r"[0-9a-f]", "x", token)
    return re.sub(r"\d", "9", re.sub(r"[a-z]", "a", token))


def _record_tokens(url: str) -> dict[str, str]:
    """The page address's path segments and query values that may be its record's id.

    Each with its shape (`_id_shape`): another object's id of that shape in the page's
    state names another record ("similar": [{"id": "1f2e...", "pdfUrl": ...}]).
    """
    parts = urlsplit(url)
    values = [*unquote(parts.path).split("/"), *(v for _, v in parse_qsl(parts.query))]
    return {v.lower(): shape for v in values if (shape := _id_shape(v.lower()))}


#: A JSON:API document's relationship link's path in a script state
#: (``data.relationships.primary_file.links.related.href``, jsonapi.org's format).
_RELATIONSHIP = re.compile(r"(?:^|\.)relationships\.(?:[^.]+\.)?links\.")


#: A script state's key whose value is a file's address ("pdfUrl", "downloadUrl",
#: "file_url", "fileHref"): the key says so, whatever the address looks like.
_FILE_KEY = re.compile(
    r"pdf|PDF|Pdf|(?:^|_)(?:download|file)(?:_?(?:url|href|link|path))?$|"
    r"(?:Download|File)(?:Url|URL|Href|Link|Path)?$|^(?:download|file)(?:Url|URL|Href|Link|Path)$"
)


def state_candidates(soup: BeautifulSoup, base: str, facts: PageFacts) -> list[Candidate]:
    """Files in the page's script state, each judged by the object that holds it.

    A file beside the article's DOI or title (``article.pdf.url`` next to ``article.doi``)
    is strong evidence; one held by an object that names another document (an attachment's
    title, another article in ``moreFromIssue``) is rejected. Files no object claims are
    left to the anchors' evidence (a value whose key names a PDF).
    """
    record = _record_tokens(facts.url or base)
    titled = {" ".join(words_of(t)) for t in facts.titles if len(t.split()) >= 3}

    def is_own(kind: str, value: str) -> bool | None:
        if kind == "id":  # the record's id in the page's address, or another of its shape
            token = value.strip().lower()
            if token in record:
                return True
            return False if _id_shape(token) in record.values() else None
        if kind == "name":  # a text under a key of any name: only the record's title, as
            # the page gives it, word for word (not a journal's name its <title> also holds)
            return True if " ".join(words_of(value)) in titled else None
        if kind == "doi":
            if not facts.doi:
                return None
            found = value.lower().removeprefix("https://doi.org/").removeprefix("doi:").strip()
            return found == facts.doi
        return facts.names_own(value)

    def is_file(key: str, url: str) -> bool:  # a file's address, or a key naming a file
        return bool(FILE_HREF.search(url) or _FILE_KEY.search(key))

    found: list[Candidate] = []
    texts = [
        _transfer_state(str(script.string))
        for script in soup.find_all("script")
        if "ld+json" not in str(script.get("type") or "").lower()
        and not script.get("src")
        and script.string
    ]
    flight = flight_data(texts)  # Next.js's flight data, its strings decoded and joined
    for text in [*texts, *([flight] if flight else [])]:
        for item in state_files(devalued(text) or unfolded(text) or text, is_own, is_file):
            link = absolute(item.url, base)
            if not link:
                continue
            if _RELATIONSHIP.search(item.path) and not PDF_PATH.search(link):
                # a JSON:API document's relationship link ("primary_file": {"links":
                # {"related": {"href": …}}}) addresses the related resource's metadata in
                # the API, not its file
                continue
            other_kind = ITEM_KINDS.search(facts.untitled(item.label)) if item.label else None
            # the key a file's address stands under names its role in its object, whatever
            # the page's language ("methodology": "…pdf", "pressRelease": "…pdf")
            named_by = _key_words(item.path.rsplit(".", 1)[-1])
            other_kind = other_kind or ITEM_KINDS.search(named_by)
            if other_kind is None and item.name:
                # or the file's own name in its object ("TFAWS2023_Presentation_final.pdf"
                # beside the report's "NASA-TM-20240003187.pdf")
                other_kind = _name_kind(item.name, facts)
            rejected = None
            if item.own and other_kind is not None:  # the article's supplement, its appendix
                rejected = (
                    "its object in the page's script state says another kind of document "
                    f"({other_kind.group(0)!r})"
                )
            elif item.own is False:
                rejected = (
                    f"the page's script state holds it under another document ({item.owner[:50]!r})"
                )
            where = f"{item.path} in the page's script state"
            if item.own is None and item.label and FILE_HREF.search(link):
                # a file no object claims, its object saying what it is (``"kind": "full"``,
                # ``"kind": "summary"``: a site's code names its files' kinds in its own
                # words, whatever the page's language): the work's whole text is worth a
                # probe that must match, another kind of document is refused
                if other_kind is not None:
                    rejected = (
                        "its object in the page's script state says another kind of document "
                        f"({other_kind.group(0)!r})"
                    )
                elif _whole_text(item.label):
                    found.append(
                        Candidate(
                            link,
                            "script-state",
                            f"{where}, its object says the whole text ({item.label[:40]!r})",
                            ANCHOR_WEIGHTS.download_text,
                        )
                    )
                    continue
            if rejected is None and not item.own and item.label.lower().endswith(".pdf"):
                # a content link of a file object named as a PDF (a repository's REST
                # state: ``{"name": "thesis.pdf", "_links": {"content": …}}``), no object
                # claiming it: a PDF worth a probe that must match
                found.append(
                    Candidate(
                        link,
                        "script-state",
                        f"{where}, its object names a PDF file ({item.label[:40]!r})",
                        ANCHOR_WEIGHTS.download_text,
                    )
                )
                continue
            if rejected is not None:
                found.append(Candidate(link, "script-state", where, 0.0, rejected=rejected))
            elif item.own:
                beside = "DOI" if item.owner.startswith("10.") else "title"
                found.append(
                    Candidate(
                        link,
                        "script-state",
                        f"{where}, beside the article's {beside}",
                        88.0,
                        strong=True,
                    )
                )
    return found


#: Angular's TransferState escapes in a state script ("&q;" for a quotation mark).
_TRANSFER_ESCAPES = {"&q;": '"', "&s;": "'", "&l;": "<", "&g;": ">", "&a;": "&"}
_TRANSFER_ESCAPE = re.compile("|".join(map(re.escape, _TRANSFER_ESCAPES)))


def _transfer_state(text: str) -> str:
    """A state script as JSON: Angular's server-side TransferState escapes undone.

    Angular writes its state as JSON with its own escapes (``{&q;NGRX_STATE&q;: …}``, a
    DSpace 7 page's ``dspace-angular-state``); a script that opens so is read unescaped.
    """
    if not text.lstrip().startswith(("{&q;", "[&q;")):
        return text
    return _TRANSFER_ESCAPE.sub(lambda m: _TRANSFER_ESCAPES[m.group(0)], text)


def _key_words(key: str) -> str:
    """A script state's key as words ("pressRelease", "press_release": "press release")."""
    return " ".join(re.sub(r"([a-z])([A-Z])", r"\1 \2", key).replace("_", " ").split())


def _full_text_word(text: str) -> str | None:
    """The words of `text` naming the work's full text in English ("Complete thesis"), or None."""
    found = FULL_TEXT_WORD.search(text)
    return found.group(0) if found is not None else None


def _whole_text(label: str) -> bool:
    """Whether a file's object in a script state labels it the work's whole text.

    (``"kind": "full"``, ``"type": "main"``, ``"role": "fulltext"``: the words a site's code
    gives its files, `says_whole`; or a label naming the full text.)
    """
    return says_whole(label) or FULL_TEXT_WORD.search(label) is not None


def jsonld_candidates(
    soup: BeautifulSoup, base: str, facts: PageFacts | None = None
) -> list[Candidate]:
    """PDF encodings of the page's work in JSON-LD, never a cited or related work's.

    Read from the work's ``encoding``, ``associatedMedia`` or ``distribution`` (each with
    a ``contentUrl``), or the work's own ``contentUrl`` when its format is PDF.
    """
    found = []
    for work in ld_nodes(soup):
        if not isinstance(work, dict) or not LD_WORK_TYPES.search(str(work.get("@type") or "")):
            continue
        media: list[Any] = []
        for key in ("encoding", "associatedMedia", "distribution"):
            value = work.get(key)
            media.extend(value if isinstance(value, list) else [value] if value else [])
        kind = str(work.get("encodingFormat") or "")
        if work.get("contentUrl") and (
            "pdf" in kind.lower() or ".pdf" in str(work["contentUrl"]).lower()
        ):
            media.append(work)
        files = []
        for item in media:
            if not isinstance(item, dict):
                continue
            target = str(item.get("contentUrl") or item.get("url") or "")
            fmt = str(item.get("encodingFormat") or item.get("fileFormat") or "")
            if target and ("pdf" in fmt.lower() or ".pdf" in target.lower()):
                named = [str(item.get(k) or "")[:200] for k in ("name", "description")]
                files.append((absolute(target, base), fmt, named))
        for link, fmt, (name, description) in files:
            # among several encodings, one named as another kind is not the work's
            # ("cover_letter.pdf", "poster_EGU2024.pdf" beside "manuscript_revised.pdf"),
            # by its address's file name, or by the name and description its entry gives it
            # (a dataset's "questionnaire_2022.pdf", "Guide d'utilisation" behind
            # ``/api/access/datafile/301878``)
            other = None
            if len(files) > 1 and facts:
                other = _other_kind_name(link, facts) or (
                    _other_kind_name(f"/{name}", facts) if name else None
                )
                described = ITEM_KINDS.search(facts.untitled(description)) if description else None
                if other is None and described is None and name:
                    # its name ("oral_frailty_codebook.pdf": a codebook, the title's words
                    # only its subject)
                    described = _name_kind(name, facts)
                if other is None and described is not None:
                    other = (
                        "the selector matches any file link, and its entry's description "
                        f"says another kind of document ({described.group(0)!r})"
                    )
            found.append(
                Candidate(
                    link,
                    "jsonld",
                    f"JSON-LD {work.get('@type')} contentUrl ({fmt or 'a .pdf address'})",
                    88.0,
                    rejected=other.replace(
                        "the selector matches any file link", f"one of {len(files)} encodings"
                    )
                    if other
                    else None,
                )
            )
    return found


def rule_candidates(
    soup: BeautifulSoup,
    url: str,
    rules: Sequence[SiteRule],
    regions: Regions,
    facts: PageFacts,
) -> list[Candidate]:
    found = []
    for rule in rules:
        match = rule.matches(url)
        if match is None:
            continue
        target = rule.rewritten(url)
        if target is not None:
            guess = " (a guess)" if rule.guess else ""
            found.append(
                Candidate(
                    target,
                    f"rule:{rule.name}",
                    f"URL rewrite of {url}{guess}",
                    rule.score + 5,
                    strong=not rule.guess,
                )
            )
            found.extend(_confirmed_rewrite(soup, url, rule, target, regions, facts))
        for selector in rule.selectors:
            for element in soup.select(selector):
                href = element.get("href")
                if not href:
                    continue
                link = absolute(str(href), url)
                why = (
                    foreign_label(element, link, regions, facts)
                    or regions.outside(element)
                    or control_wall(element)
                )
                # a selector that matches any file link of the platform is no evidence that
                # this one is the article's (a similarity report beside a missing article)
                own = rule.names_own_file(selector)
                weak = "" if own else "; weak: the selector matches any file link"
                if why is None and not own:
                    why = _other_kind_name(link, facts)
                candidate = Candidate(
                    link,
                    f"rule:{rule.name}",
                    f"selector {selector!r} (text {text_of(element)[:40]!r}){weak}",
                    rule.score,
                    rejected=why,
                    signature=element_signature(element),
                    strong=own,
                )
                found.append(candidate)
        if rule.extractor:
            for link, evidence in EXTRACTORS[rule.extractor](soup, url):
                found.append(
                    Candidate(link, f"rule:{rule.name}", evidence, rule.score, strong=True)
                )
    return found


def _confirmed_rewrite(
    soup: BeautifulSoup,
    url: str,
    rule: SiteRule,
    target: str,
    regions: Regions,
    facts: PageFacts,
) -> list[Candidate]:
    """The page's one link below the file address its own address rewrites to, if any.

    A viewer page (an OJS galley page ``article/view/<id>/<galley>``) rewrites to its file's
    address, which the platform may serve one level deeper (``.../download/<id>/<galley>/
    <fileId>``): a single link of the page below that address is the file the page shows,
    wherever the viewer's chrome puts it (its header). Several such links say nothing.
    """
    prefix = target.rstrip("/") + "/"
    links: dict[str, Tag] = {}
    for element in soup.find_all("a", href=True):
        link = absolute(str(element["href"]), url)
        if link and link.startswith(prefix) and link.rstrip("/") != prefix.rstrip("/"):
            links.setdefault(link, element)
    if len(links) != 1:
        return []
    (link, element), *_ = links.items()
    return [
        Candidate(
            link,
            f"rule:{rule.name}",
            f"the page's own link below {target}, the file its address rewrites to",
            rule.score + 6,
            rejected=foreign_label(element, link, regions, facts),
            strong=True,
        )
    ]


def _other_kind_name(link: str, facts: PageFacts) -> str | None:
    """Why a file only a weak selector found is another kind of document by its name, or None.

    Its name says so ("54321_abstract.pdf", "guidelines.pdf"), and neither the article's
    title words nor an author's name are in it (an identifier may be: a record's abstract
    carries the record's number).
    """
    segments = unquote(urlsplit(link).path).split("/")
    # the file's name, not an endpoint after it (".../files/cover_letter.pdf/content")
    name = next((s for s in reversed(segments) if FILE_EXTENSION.search(s)), segments[-1])
    kind = OTHER_KIND_FILE.search(name)
    if kind is None or facts.relates(name) in ("words of the article's title", "an author's name"):
        return None
    return (
        f"the selector matches any file link, and its file name says another kind of "
        f"document ({kind.group(2)!r})"
    )


def _labelled_apart(element: Tag, facts: PageFacts) -> bool:
    """Whether a link's block labels its few files one by one, others as other kinds.

    ("Presentation materials": "Slides", "Poster", "Proceedings paper"): the heading names
    the block, each link's own label its file; a link labelled as no other kind among
    links labelled as other kinds is not what the heading says.
    """
    block = element.parent
    label = text_of(element)
    if not isinstance(block, Tag) or not re.search(r"[^\W\d_]", label) or button_text(label):
        return False  # (a bare button is what its block's heading says it is)
    links = block.find_all("a", limit=_LABELLED_LINKS + 1)
    if not 2 <= len(links) <= _LABELLED_LINKS:
        return False
    return any(link is not element and kind_named(facts.untitled(text_of(link))) for link in links)


#: The most links of a block whose files are labelled one by one.
_LABELLED_LINKS = 8


def foreign_label(
    element: Tag, link: str, regions: Regions, facts: PageFacts, text: str | None = None
) -> str | None:
    """Why the link's own label or address says it is another document, or None.

    The label is the link's text (and title) and the heading of its small block
    ("Template", "Supplementary material"); the address may carry another DOI.
    """
    text = text_of(element) if text is None else text
    # (a file's name as its label reads with its underscores as spaces: "prubeh_obhajoby.pdf")
    own = facts.untitled(text.replace("_", " "))
    if BAD_TEXT.search(own) or BAD_TEXT_UNACCENTED.search(without_accents(own)):
        return f"anchor text {text[:40]!r} names another kind of document"
    # a link that names the work itself, by its title or as its full text ("Artículo
    # completo"), is the work's own whatever its section or row is labelled ("Supporting
    # documents", "Resumen"): the label is the block's, the link's own words are the file's
    # (its visible words alone too: a title attribute repeating them with a note, "(另開新視
    # 窗)", opens in a new window, is no part of the name)
    visible = (
        " ".join(element.get_text(" ", strip=True).split()) if element.name != "script" else ""
    )
    note = note_after(element) if element.name == "a" else None
    if note and kind_named(facts.untitled(note)) and not FULL_TEXT_WORD.search(note):
        return f"its note {note[:40]!r} names another kind of document"
    own_words = (
        FULL_TEXT_WORD.search(text) is not None
        or facts.is_title(text)
        or (bool(visible) and visible != text and facts.is_title(visible))
        or (note is not None and FULL_TEXT_WORD.search(note) is not None)
    )
    heading = regions.label(element) if element.name != "script" and not own_words else ""
    if heading and facts.book and _WHOLE_EDITION.search(heading):
        heading = ""  # the whole edition ("Gesamtausgabe") of a book that is the record
    if heading and kind_named(facts.untitled(heading)) and not _labelled_apart(element, facts):
        return f"under the heading {heading[:40]!r}, another kind of document"
    item = regions.item_text(element) if not own_words else ""
    if item and kind_named(facts.untitled(item)):
        return f"in an item labelled {item[:40]!r}, another kind of document"
    run_in = run_in_label(element) if element.name == "a" and not own_words else None
    # (read whole: a label of a few words is no title, its small words are its own)
    if (
        run_in
        and not facts.is_title(run_in)
        and (ITEM_KINDS.search(run_in) or BAD_TEXT.search(run_in))
    ):
        return f"after the run-in label {run_in[:40]!r}, another kind of document"
    calendar = _calendar_menu(element) if element.name == "a" else None
    if calendar is not None:
        return f"listed with the calendar file {calendar[:40]!r}: an export of the event's details"
    other = facts.other_doi(link)
    if other is not None:
        return f"the address carries another DOI ({other}) than the article's ({facts.doi})"
    record = facts.other_record(link)
    if record is not None:
        return f"the address names another record ({record})"
    return None


#: A bracketed note right after a link, in ASCII or full-width brackets ("(全文, 1.4MB)").
_NOTE_AFTER = re.compile(
    r"\s*[(\[\uff08\u3010]([^()\[\]\uff08\uff09\u3010\u3011]{1,60})[)\]\uff09\u3011]"
)
#: A note set after a link with a dash, the whole rest of its line ("PDF - Presentation",
#: a repository's document list): up to five words, no sentence.
_DASH_NOTE = re.compile(r"\s*[-\u2013\u2014]\s+([^\W\d_][^.;:!?<>]{0,50}?)\s*")
_DASH_NOTE_WORDS = 5
#: The elements that end a link's line.
_LINE_ENDS = frozenset({"br", "p", "div", "li", "tr", "td", "ul", "ol", "table", "hr"})


def note_after(element: Tag) -> str | None:
    """The bracketed note that follows a link in its line, or None.

    ("<a>下載</a>(全文, 1.4MB) <a>下載</a>(英文摘要, 88KB)", in full-width brackets and
    commas): two links of the same words, each followed by what its file is (the full text,
    the English abstract). The note is the text right after the link, before any other
    element, opening with a bracket; or the whole rest of the link's line after a dash, of
    a few words ("<a>PDF</a> - Presentation<br>", a repository's list of documents).
    """
    node = element.next_sibling
    if node is not None and not isinstance(node, Tag) and not str(node).strip():
        node = node.next_sibling  # a space between ("<a>다운로드</a> &nbsp;<span>(…)</span>")
    if node is None:
        return None
    if isinstance(node, Tag):
        # the note set in a small inline element of its own ("<span class='small'>(회원/
        # 비회원 무료 열람, 1.2MB)</span>": free to read for members and others, its size)
        if node.name not in _NOTE_TAGS or node.find(True) is not None:
            return None
        found = _NOTE_AFTER.fullmatch(node.get_text().strip())
    else:
        found = _NOTE_AFTER.match(str(node))
        following = node.next_sibling
        if found is None and (
            following is None or (isinstance(following, Tag) and following.name in _LINE_ENDS)
        ):
            # the rest of the link's line after a dash ("<a>PDF</a> - Presentation<br>")
            found = _DASH_NOTE.fullmatch(str(node))
            if found is not None and len(found.group(1).split()) > _DASH_NOTE_WORDS:
                found = None
    return " ".join(found.group(1).split()) if found else None


#: The inline elements a link's note may be set in.
_NOTE_TAGS = frozenset({"span", "small", "font", "em", "i"})


#: A calendar file's address (``contribution.ics``, ``event.vcs``, ``?format=ical``).
_CALENDAR_FILE = re.compile(r"\.(?:ics|vcs)(?:$|[?#])|[?&](?:format|type)=i?cal\b", re.IGNORECASE)
#: The most links of a menu read as one (an export menu lists a few formats).
_MENU_LINKS = 8


def _calendar_menu(element: Tag) -> str | None:
    """The calendar file a link is listed with in one small menu, or None.

    An event's page (a talk, a session, a contribution) exports its details in a menu:
    "iCal" (``contribution.ics``) and "PDF" (``contribution.pdf``). A PDF listed with a
    calendar file is the printed entry of the event, never a paper or the slides, which
    an event's page lists as its materials.
    """
    item = element.find_parent(("li", "dd")) or element
    menu = item.find_parent(("ul", "ol", "menu", "dl", "div", "p"))
    if menu is None:
        return None
    links = menu.find_all("a", href=True, limit=_MENU_LINKS + 1)
    if len(links) > _MENU_LINKS:
        return None
    for other in links:
        if other is not element and _CALENDAR_FILE.search(str(other.get("href"))):
            return str(other.get("href"))
    return None


#: A heading naming the whole edition of a book ("Gesamtausgabe", "Complete edition",
#: "Edição completa"): on a whole book's page, the record's own file; on an article's or a
#: chapter's, another document (the issue or the volume).
_WHOLE_EDITION = re.compile(
    r"gesamtausgabe|vollst[äa]ndige\s+ausgabe|(?:complete|full|whole)\s+(?:edition|book)|"
    r"edi[çc][ãa]o\s+completa|edici[óo]n\s+completa|[ée]dition\s+compl[èe]te|"
    r"livre\s+complet|libro\s+completo|livro\s+completo|edizione\s+completa",
    re.IGNORECASE,
)


#: A run-in label's tags (set bold, italic or as a label before its value).
_RUN_IN_TAGS = frozenset({"b", "strong", "em", "i", "span", "label", "dt"})
#: The most words of a run-in label.
_RUN_IN_WORDS = 5
#: Blocks whose opening text is a paragraph's or an item's, not an inline label's.
_BLOCKS = frozenset({"p", "div", "li", "td", "dd", "section", "article", "body", "main"})


#: The most characters of text between a run-in label and its link.
_RUN_IN_REACH = 20
#: The most characters of a run-in label typed as the text opening the link's element.
_RUN_IN_TEXT_REACH = 60
#: The most characters between a document's link and its file's link after it (" (").
_COMPANION_REACH = 8


def _text_before(element: Tag, most: int) -> tuple[str, Tag | None] | None:
    """The text right before `element` and the element before that text (or None there).

    None when the text runs longer than `most` characters: a sentence, not a separator
    nor a label (and a hostile page's long run of strings is not read to its start).
    """
    between = ""
    node = element.previous_sibling
    while node is not None and not isinstance(node, Tag):
        between = str(node) + between
        if len(between) > most:
            return None
        node = node.previous_sibling
    return between, node


def run_in_label(element: Tag) -> str | None:
    """The run-in label a link follows on its line, or None.

    ("<b>Table des matières</b> : <a>consulter (PDF)</a>", "<strong>Excerpt:</strong>
    <a>read</a>"): a short text set apart right before the link, then a colon, says what
    the link gives, whatever the link's own words.
    """
    before = _text_before(element, _RUN_IN_TEXT_REACH)
    if before is None:
        return None
    between, node = before
    if node is None and element.parent is not None and element.parent.name not in _BLOCKS:
        # the label as the text opening the link's own inline element ("<span>Subscribers:
        # <a>View PDF</a> (subscription required)</span>", "<span>Extended summary in
        # English: <a>PDF</a> (96 kB)</span>"): a short text and its colon
        text = " ".join(between.split())
        words = len(text.rstrip(":\uff1a ").split())
        if text.endswith((":", "\uff1a")) and 0 < words <= _RUN_IN_WORDS:
            return text.rstrip(":\uff1a ")
        return None
    if len(between) > _RUN_IN_REACH or not isinstance(node, Tag) or node.name not in _RUN_IN_TAGS:
        return None
    label = " ".join(node.get_text(" ", strip=True).split())
    colon_between = re.fullmatch(r"\s*[:\uff1a]\s*", between) is not None  # "<b>x</b> : <a>"
    colon_inside = not between.strip() and label.endswith((":", "\uff1a"))  # "<b>x:</b> <a>"
    if not (colon_between or colon_inside):
        return None
    label = label.rstrip(":\uff1a ")
    if not label or len(label.split()) > _RUN_IN_WORDS:
        return None
    return label


#: What a media library's file that its link says is a PDF is kept for (`_media_pdf`).
MEDIA_PDF = "a media library's file its link says is a PDF"
#: A content system's media library handler (Sitecore's ``/-/media/<path>.ashx``).
_MEDIA_HANDLER = re.compile(r"/-/media/[^?#]+\.ashx(?:$|\?)", re.IGNORECASE)
#: A media library's folder in an address (``/media/``).
_MEDIA_FOLDER = re.compile(r"/media/", re.IGNORECASE)


def _media_pdf(element: Tag, href: str, text: str) -> bool:
    """True for a link to a media library's file that its label or class says is a PDF.

    ("Standard on Telemedicine Services (English, PDF 1.9 MB)" to ``/-/media/...-V2.ashx``):
    the folder alone guesses a media page, the link's own words say the file.
    """
    if _MEDIA_HANDLER.search(href) is None:
        # any media library's item (``/media/pure/19234/8765432``) whose label describes a
        # PDF file by its format and size ("Download rapport (PDF, 2,9 MB)"): a file's link
        return (
            _MEDIA_FOLDER.search(href) is not None
            and PDF_WORD.search(text) is not None
            and without_file_description(text) != text
        )
    classes = " ".join(element.get("class") or []) if element.name == "a" else ""
    return bool(PDF_WORD.search(text) or re.search(r"\bpdf\b", classes, re.IGNORECASE))


#: A script whose own name says it makes or gives a PDF (``create_pdf.aspx``, ``get-pdf.php``).
_PDF_SCRIPT = re.compile(
    r"/[^/?#]*(?<![a-z])pdf(?![a-z])[^/?#]*\.(?:aspx?|php|jsp|do|cgi|ashx)(?:$|[?#])",
    re.IGNORECASE,
)


def reader_pdf(href: str) -> bool:
    """True for a PDF's script in a reader's folder (``/ch/reader/create_pdf.aspx?file_no=…``).

    An online reader's folder (``/reader/``) holds a page that shows the work, not its file;
    a script there named for a PDF gives the file (a journal system's PDF download). Only
    the folder is overruled: any other pattern `BAD_HREF` finds in the address still holds.
    """
    path = re.split(r"[?#]", href, maxsplit=1)[0]  # (an address urlsplit refuses is none)
    if _PDF_SCRIPT.search(path) is None:
        return False
    return BAD_HREF.search(re.sub(r"/reader/", "/", href, flags=re.IGNORECASE)) is None


#: A query asking an endpoint for a PDF (``download.htm?uuid=…&filetype=pdf``): a file's
#: address, though its path names a script.
_PDF_QUERY = re.compile(
    r"(?:^|&)(?:file_?)?(?:type|format|fmt|mime|ext)=(?:application(?:/|%2F))?pdf(?:&|$)|"
    # or a script's action named for the PDF it sends ("index.php?p=fstream-pdf&fid=")
    r"(?:^|&)(?:p|task|action|act|op|do|cmd)=[\w.-]*(?<![a-z])pdf(?![a-z])",
    re.IGNORECASE,
)


#: A query naming the file a script gives (``getfile.php?fileID=87654``, ``?file=a.pdf``):
#: the script serves a file, not a web page (its address is no evidence against it).
_FILE_QUERY = re.compile(r"(?:^|&)file(?:_?id|_?name)?=[^&]", re.IGNORECASE)


def _name_kind(name: str, facts: PageFacts) -> re.Match[str] | None:
    """The kind of document a file's name says ("oral_frailty_codebook.pdf"), or None.

    Its words less the record's titles' are read as a label's (`ITEM_KINDS`) and as a file's
    name (`OTHER_KIND_FILE`): "TFAWS2023_Presentation_final.pdf" names slides.
    """
    words = facts.untitled(re.sub(r"[_.\-]+", " ", name.removesuffix(".pdf")))
    return ITEM_KINDS.search(words) or OTHER_KIND_FILE.search(words)


def _refused(link: str, source: str, text: str, why: str) -> Candidate:
    """A link of the page that is not tried, and why."""
    return Candidate(link, source, f"text {text[:40]!r}", 0.0, rejected=why)


def anchor_candidates(
    soup: BeautifulSoup, base: str, regions: Regions, facts: PageFacts
) -> list[Candidate]:
    """Links scored by their own evidence, never a link that names another document.

    Evidence: a button's text or class, a file's address, the article's identifiers in
    the address; a link's label or address that names another document rejects it.
    """
    page_host = (urlsplit(base).hostname or "").lower()
    # the site's own space on a platform's files host, where its stylesheets and scripts lie
    spaces = {
        space
        for tag in soup.find_all(("link", "script", "img"), limit=300)
        if (tag.name != "link" or "stylesheet" in (tag.get("rel") or []))
        and (space := asset_space(absolute(str(tag.get("href") or tag.get("src") or ""), base)))
        is not None
        and space[0] != page_host
    }
    # (a site's id of sixteen characters or more names it on each of its platform's hosts:
    # Squarespace's images on one host, its files on another)
    site_ids = {space[1] for space in spaces if len(space[1]) >= _SITE_ID}
    # the folders another host serves the page's own stylesheets from (a site's CDN): its
    # uploads lie there too
    themes = {
        folder
        for tag in soup.find_all("link", href=True, limit=300)
        if "stylesheet" in (tag.get("rel") or [])
        and (folder := theme_folder(absolute(str(tag["href"]), base))) is not None
        and folder[0] != page_host
    }
    found = []
    faint = []  # links with evidence for them that their address outweighs
    wordless: set[str] = set()  # links whose words said nothing, nor named a file
    titles = PageTitles(soup, facts)  # the words of the page's titles, read once if asked
    parts = regions.parts  # a file offered in parts ("Parte 1 (pp. 1-86)", "Parte 2 …")
    addressed = [
        (a, absolute(str(a.get("href") or ""), base))
        for a in soup.find_all("a", href=True, limit=_LABELLED_LINKS)
    ]
    controls = labels_by_address(addressed)
    folders = FolderNames(a for _, a in addressed if a and FILE_HREF.search(a))
    for element, href, where in link_sources(soup):
        text = "" if element.name == "script" else text_of(element)
        if element.name == "form":
            text = form_label(element) or text[:40]
        elif where == "the page's text":  # its label is the text around it, unless prose
            text = " ".join(TEXT_URL.sub(" ", text).split())
            text = text if len(text.split()) <= 6 else ""
        elif TEXT_URL.fullmatch(text.strip()):  # a link written as its address: its row's label
            label = " ".join(TEXT_URL.sub(" ", regions.item_text(element)).split())
            text = label if label and len(label.split()) <= 6 else text
        patterned = bool(href) and BAD_HREF.search(href) is not None
        reader = patterned and reader_pdf(href)
        if not href or (patterned and not _media_pdf(element, href, text) and not reader):
            if href and not href.startswith("#"):
                found.append(
                    Candidate(
                        href, "anchor", f"text {text[:40]!r}", 0.0, rejected="blocked link pattern"
                    )
                )
            continue
        link = absolute(href, base)
        source = "anchor" if where == "href" else f"anchor:{where}"
        foreign = foreign_label(
            element, link, regions, facts, text if element.name == "script" else None
        )
        if foreign is not None:
            found.append(_refused(link, source, text, foreign))
            continue
        # a disabled control, a data-* file behind a sign-in href, a purchase block (_access)
        wall = control_wall(element, where)
        if wall is not None:
            found.append(_refused(link, source, text, wall))
            continue
        if link.rstrip("/") == base.rstrip("/"):
            continue  # the page itself ("View full text" on an abstract page)
        score = 0.0
        evidence = [] if where == "href" else [f"{_READ_FROM}{where}"]
        pdf_script = _PDF_SCRIPT.search(re.split(r"[?#]", link, maxsplit=1)[0]) is not None
        if patterned and not reader:
            # (let through by `_media_pdf`: say why, for `find_candidates`)
            evidence.append(MEDIA_PDF)
        if element.name == "script":  # a value whose key names a PDF ("pdfUrl")
            score += ANCHOR_WEIGHTS.pdf_word
        elif where == CHECKED_CHOICE:
            # the file a form offers checked among its choices, the page's default
            score += ANCHOR_WEIGHTS.pdf_word
        elif element.name == "input" and (
            keyed := next(
                (
                    str(element.get(a))
                    for a in ("id", "name")
                    if _FILE_KEY.search(str(element.get(a) or ""))
                ),
                None,
            )
        ):
            # a field named for the file's address ("orteFileUrl", "pdfUrl"), set for the
            # page's script to open: the key says so, as a script state's does
            score += ANCHOR_WEIGHTS.pdf_word
            evidence.append(f"its field's name says a file's address ({keyed[:30]!r})")
        elif where.startswith("data-") and _PDF_NAME.search(where) and not file_href(link, base):
            # a control's attribute named for a PDF's address ("data-pdf-url" on a viewer's
            # "Ver documento" button): the site's code says what the address gives
            score += ANCHOR_WEIGHTS.pdf_type
            evidence.append(_PDF_ATTRIBUTE)
        named = names_document(element) if element.name in ("a", "area") else None
        if named is not None and len(controls.get(named, ())) > 1:
            # the same words on links to several addresses ("Lien vers le document" on each
            # file's row): a control's label, not a title (a title names one document)
            named = None
        rest = shared_qualifier(named, controls) if named is not None else None
        if rest is not None and (_plain_label(rest) or button_text(rest)):
            # a source's mark after the label ("(Julkari)" on each of the record's links):
            # the words before it say what the link is ("Linkki verkkoaineistoon")
            named = None
        formatted = file_label(element, link, named, facts, regions, titles) if named else None
        if formatted is None and named is not None:
            formatted = facts.whole_book(link)  # the record is the book: its volume's file
        if formatted is None and named is not None and file_href(link, base):
            # a file named as the page names its record ("ดาวน์โหลด Discussion Paper" on
            # the page "PIER Discussion Paper No. 214": no word but a button's of its own)
            # whose file's name is the record's (``pier_dp_214.pdf`` on the page
            # ``/dp/214/``): the record's own file under its series' name
            rest = facts.untitled(named)
            # (a label in a script no vocabulary here reads may run longer, "לטקסט המלא של
            # העבודה": to the full text of the thesis; the file's name must be the record's)
            if (
                not re.search(r"[^\W\d_]", rest)
                or button_text(rest)
                or unread_label(_less_format(rest), most=_UNREAD_FILE_LABEL)
            ):
                formatted = facts.own_file_name(link)
            # or by the record's number, its file's name carrying it too ("CESifo Working
            # Paper No. 11034" for ``cesifo1_wp11034.pdf`` on working paper 11034's page)
            formatted = formatted or facts.numbered_file(named, link)
        if formatted is not None:
            named = None  # a file's label: neutral, its place decides
        if named is not None and (part := parts.get(id(element))) is not None:
            if part.number > 1:
                # the continuation of the record's file: never another document, never
                # the file to try first
                later = f"part {part.number} of {part.count} of the file (pages {part.pages})"
                found.append(_refused(link, source, text, f"{later}: the first part opens it"))
                continue
            named = None
            score += ANCHOR_WEIGHTS.download_text
            evidence.append(
                f"the first of {part.count} parts of one file (their pages run on: {part.pages})"
            )
        if (
            named is not None
            and formatted is None
            and (opening := FULL_TEXT_WORD.match(named.strip())) is not None
        ):
            # a label that opens by saying it is the full text ("Texte intégral sur HAL-SHS
            # (PDF)", "Full text at Europe PMC"): the words after it say where it is
            named = None
            score += ANCHOR_WEIGHTS.pdf_word
            evidence.append(f"its label opens with {opening.group(0)!r}")
        if named is not None and not facts.names_own(named):
            found.append(
                _refused(link, source, text, f"the link names another document ({named[:50]!r})")
            )
            continue
        if named is None and formatted is None and (other := _labelled_other(element, facts)):
            found.append(
                _refused(link, source, text, f"its label names another document ({other[:50]!r})")
            )
            continue
        if named is None and formatted is None and (other := _follows_other(element, facts)):
            found.append(
                _refused(
                    link,
                    source,
                    text,
                    f"the file of the link before it, naming another document ({other[:50]!r})",
                )
            )
            continue
        fmt = OTHER_FORMAT.search(text) if element.name != "script" else None
        # (a full-text word is no PDF's: "Volltext (TXT)" is the text layer)
        if fmt is not None and not PDF_NAMED.search(text):
            found.append(
                _refused(link, source, text, f"its label names another format ({fmt.group(0)!r})")
            )
            continue
        visible = " ".join(element.get_text(" ", strip=True).split())
        if element.name != "form":
            # a button's visible text decides when it is one ("원문보기" titled "새창열림")
            text = visible if visible and button_text(visible) else text
        told = len(evidence)  # (what the link's own words say is added after this)
        full_label = False  # its words name the full object without a button's word
        if named is not None:
            # the record's own title on a file's address names its file more surely than any
            # file's label ("Kurzfassung (PDF, 420 kB)" beside "<the title> (PDF, 2.1 MB)")
            # (the title alone, not a label of another kind before it: "In brief: <title>")
            # (or with a button's words only: "Download <the title> (PDF 3.1MB)")
            bare = without_file_description(visible)
            filed = file_href(link, base) and (
                facts.only_title_words(bare) or button_text(facts.untitled(bare))
            )
            score += ANCHOR_WEIGHTS.download_text if filed else ANCHOR_WEIGHTS.pdf_word
            evidence.append("anchor text is the article's title")
            if filed and (sized := PDF_SIZE.search(visible)) is not None:
                score += ANCHOR_WEIGHTS.pdf_type
                evidence.append(f"with a PDF file's description ({sized.group(0)!r})")
        elif STRONG_TEXT.match(text):
            score += ANCHOR_WEIGHTS.download_text
            evidence.append(f"anchor text {text[:40]!r}")
        elif (sized := PDF_SIZE.search(visible)) is not None:
            # a file's label with its format and size, in words of any language
            # ("הורדת הקובץ (PDF, 6.8MB)"): the link gives a PDF file
            score += ANCHOR_WEIGHTS.download_text
            evidence.append(f"anchor text describes a PDF file ({sized.group(0)!r})")
            whole = FULL_TEXT_WORD.search(PDF_SIZE.sub(" ", visible))
            stripped = PDF_SIZE.sub(" ", visible).strip(" ()[],;:-")
            if whole is None and stripped and facts.is_title(stripped):
                # and names the record's title before the description ("<series>: <title>"
                # over "PDF (1,1 MB)"), where the files beside it name their own documents
                score += ANCHOR_WEIGHTS.pdf_type
                evidence.append("its label names the article's title")
            elif whole is not None:
                # and says it is the whole work ("研究報告 第168号 全文 PDF 12.6MB"), not one
                # of its parts or a summary described alike ("概要版 PDF 1.1MB")
                score += ANCHOR_WEIGHTS.pdf_type
                evidence.append(f"it says {whole.group(0)!r}")
        elif (described := _pdf_description(visible, facts)) is not None:
            # a file's label with its format and a count ("Full report (PDF, 47 pages)", a
            # supplement's number "(PDF, 8 pp.)"): the link gives a PDF file
            score += ANCHOR_WEIGHTS.download_text
            evidence.append(f"anchor text describes a PDF file ({described[:30]!r})")
        elif (
            formatted not in (None, _PLAIN_FILE_LABEL) and format_token(visible or text) is not None
        ):
            # a short plain phrase and its format ("<words> (PDF)"): a file's label in words
            # of any language, as "Download PDF" is in those read here
            score += ANCHOR_WEIGHTS.download_text
            evidence.append(f"anchor text {text[:40]!r} is a label naming PDF ({formatted})")
        elif (
            element.name == "a"
            and not button_text(text)
            and format_token(visible or text) is not None
            and _plain_label(phrase := _less_format(visible or text))
            # (a phrase of spaced words: a run written without spaces is a compound name,
            # "遠隔複写サービスの利用案内", the words of a guide's title)
            and len(re.findall(r"[^\W\d_]+", phrase)) >= 2
            and same_site(link, base)
            and regions.beside_title(element)
            and not _in_prose(element)
        ):
            # a short plain phrase and its format on a button beside the page's title
            # ("Lawrlwytho'r erthygl (PDF)"): a file's label in words of any language, as
            # "Download PDF" is in those read here; the same words elsewhere say nothing
            score += ANCHOR_WEIGHTS.download_text
            evidence.append(f"anchor text {text[:40]!r} is a label naming PDF beside the title")
        elif button_text(text):
            if (mentioned := PDF_WORD.search(text)) is not None:
                score += ANCHOR_WEIGHTS.pdf_word
                evidence.append(f"anchor text mentions {mentioned.group(0)!r}")
                own_name = _link_file_name(text)
                if own_name is not None and (related := facts.relates(own_name)) is not None:
                    # a file's name that carries the record's ("0587123-aoa.pdf" on the page
                    # of record 0587123), as a label naming the file does
                    score += ANCHOR_WEIGHTS.download_word
                    evidence.append(f"the file's name carries {related}")
            elif (titled := PDF_WORD.search(_title_of(element))) is not None:
                # a download button titled to say what it gives ("Télécharger": "... le PDF")
                score += ANCHOR_WEIGHTS.pdf_word
                evidence.append(
                    f"anchor text {text[:40]!r}, its title mentions {titled.group(0)!r}"
                )
            elif (whole := FULL_TEXT_WORD.search(text)) is not None:
                # a button to the whole work ("Read the full report (EN)"): its own full text
                score += ANCHOR_WEIGHTS.pdf_word
                evidence.append(f"anchor text {text[:40]!r} says {whole.group(0)!r}")
            elif (full := says_full(text)) is not None:
                # the same in the words of any language the buttons are read in ("Muat
                # Turun Artikel Penuh", "ดาวน์โหลดบทความฉบับเต็ม": the whole article)
                score += ANCHOR_WEIGHTS.pdf_word
                evidence.append(f"anchor text {text[:40]!r} says {full!r}")
            elif (
                element.name == "a"
                and (note := note_after(element)) is not None
                and (noted := FULL_TEXT_WORD.search(note)) is not None
            ):
                # a button followed by its file's note ("<a>下載</a>(全文, 1.4MB)": the
                # full text, beside another "下載" noted as the English abstract)
                score += ANCHOR_WEIGHTS.pdf_word
                evidence.append(f"anchor text {text[:40]!r}, its note says {noted.group(0)!r}")
            else:
                score += ANCHOR_WEIGHTS.download_word
                evidence.append(f"anchor text {text[:40]!r}")
        elif (
            formatted in (None, _PLAIN_FILE_LABEL)
            and not re.search(r"[()\[\]]", visible)  # (a qualified label is `_qualified_button`'s)
            and PDF_NAMED.search(visible) is None
            and (
                full := (
                    (says_full(visible) or _full_text_word(visible))
                    if formatted is None and len(visible.split()) <= _FULL_LABEL_WORDS
                    else None
                )
                # (its other words the record's own title's: "Toàn văn luận án", the full
                # text of the dissertation, for a record titled "...: Luận án tiến sĩ")
                or _full_of_own(facts.untitled(visible))
            )
            is not None
        ):
            # the full object, named with no button's word ("Rapport intégral", "Informe
            # completo": the full report): the work's whole file, as "Full report" is (and,
            # as a button is, the file of another work its item names)
            score += ANCHOR_WEIGHTS.pdf_word
            evidence.append(f"anchor text {visible[:40]!r} says {full!r}")
            full_label = True
        elif (full_word := full_text_of(visible)) is not None:
            # the full text of its one object, in an unspaced script ("研究报告全文 (PDF)":
            # the research report's full text)
            score += ANCHOR_WEIGHTS.pdf_word
            evidence.append(f"anchor text {visible[:40]!r} says {full_word!r}")
        elif _qualified_button(visible):
            # a button's words, a bracketed qualifier and the format ("ບົດລາຍງານສະບັບເຕັມ
            # (ພາສາລາວ) - PDF": the full report, in Lao): a PDF file's label
            score += ANCHOR_WEIGHTS.pdf_word
            evidence.append(f"anchor text {visible[:40]!r} is a button's label with a qualifier")
        elif (
            formatted is None
            and element.name in ("a", "area")
            and 0 < len(words_of(visible)) <= _FULL_LABEL_WORDS
            and facts.only_title_words(visible)
        ):
            # a short label in the record's own title's words, not the whole title: the
            # title's words that say what the work is ("Výzkumná zpráva" on the page of
            # "Bydlení seniorů v malých obcích: výzkumná zpráva", the research report)
            score += ANCHOR_WEIGHTS.download_word
            evidence.append(f"its label {visible[:40]!r} is in the words of the record's title")
        elif (name := _link_file_name(text)) is not None:
            # a file's name, maybe with spaces in it ("<title> 2024 - Full Report.pdf")
            related = facts.relates(name)
            if related is not None:
                score += ANCHOR_WEIGHTS.download_word
                evidence.append(f"anchor text is a file name with {related} {name[:40]!r}")
                if name.lower().endswith(".pdf"):
                    # its extension says PDF, as an icon would ("HEKO_Abschlussbericht.pdf"
                    # beside pdf.gif: the icon is not counted again)
                    score += ANCHOR_WEIGHTS.pdf_type
            elif name.lower().endswith(".pdf") and _opaque_file(link):
                # a PDF file's name as the label of an address that names no file
                # ("getfile?id=4412087" shown as "Virtanen_Korhonen_2023.pdf"): the
                # address is that file's, whatever the name's words
                score += ANCHOR_WEIGHTS.pdf_type + ANCHOR_WEIGHTS.file_address
                evidence.append(
                    f"anchor text is a PDF file's name {name[:40]!r}: the address gives it"
                )
        tip = str(element.get("title") or "").strip()
        if (
            len(evidence) == told
            and named is None
            and element.name in ("a", "area")
            and PDF_NAMED.search(tip) is not None
            and len(tip.split()) <= _FULL_LABEL_WORDS
            and BAD_TEXT.search(tip) is None
        ):
            # a link whose words say nothing of its target ("Archivobjekt öffnen": open the
            # archived object) and whose title, the tip a reader sees, names the PDF format
            score += ANCHOR_WEIGHTS.pdf_word
            evidence.append(f"its title names PDF ({tip[:40]!r})")
        if len(evidence) == told and (by_name := _named_by_label(element, visible, facts)):
            # a link whose text says nothing of its own ("देखें (12 MB)": "view") and whose
            # accessible name, its aria-label, is the record's title ("<the title> (Hindi)
            # - 12 MB"): the record's file, named as a screen reader reads it
            score += ANCHOR_WEIGHTS.download_text
            evidence.append(f"its label {by_name[:40]!r} is the article's title")
        if (
            len(evidence) == told
            and named is None
            and element.name in ("a", "area")
            and PDF_PATH.match(link)
            and (size := stated_size(visible)) is not None
            and 0 < len(words_of(bare := without_file_description(visible))) <= _FULL_LABEL_WORDS
            # (a control's words, "देखें (12 MB)" (view) on each row, name no file of the
            # record's: its row or its accessible name decides)
            and not button_text(bare)
            and not unread_label(bare)
        ):
            # a short label and the size of the file, whose address names a PDF ("Kustantajan
            # versio 3,1 MB" on ".../main.pdf": the publisher's version): a PDF file's label
            # in words of any language, as "<words> (PDF, 3,1 MB)" is
            score += ANCHOR_WEIGHTS.pdf_word
            evidence.append(f"its label gives the size ({size!r}) of a PDF file")
        if file_href(link, base) and (part_name := folders.part_of(link)) is not None:
            # a file whose name opens the names of the page's other files in its folder
            # ("000087.pdf" beside "000087_slides.pdf" and "000087_poster.pdf"): the work's
            # own file, its parts named after it, whatever its label ("Paper") says
            score += ANCHOR_WEIGHTS.pdf_word
            evidence.append(
                f"its file's name opens the page's other files' ({unquote(part_name)[:40]!r})"
            )
        label = " ".join(str(element.get(a) or "") for a in ("title", "aria-label", "download"))
        labelled = _FILE_NAME.search(label) if element.name in ("a", "area", "button") else None
        if labelled is not None and OTHER_KIND_FILE.search(labelled.group(0)):
            found.append(
                _refused(
                    link,
                    source,
                    text,
                    f"its label names another kind of file ({labelled.group(0)[:40]!r})",
                )
            )
            continue
        if labelled is not None and not _said_pdf(evidence):
            # a button whose label names the file it gives ("Download Kowalski_2024_aam.pdf")
            score += ANCHOR_WEIGHTS.pdf_word
            evidence.append(f"its label names a PDF file {labelled.group(0)[:40]!r}")
        elif (own_name := _own_file_shown(element, visible, link)) is not None and not _said_pdf(
            evidence
        ):
            # words of any language and, in brackets, the name of the PDF file the link
            # gives ("Avaa verkkoaineisto (Virtanen_Laaksonen.pdf)": open the online
            # material): the label says what the link gives, whatever its words
            score += ANCHOR_WEIGHTS.pdf_word
            evidence.append(f"its label names the PDF file it links to ({own_name[:40]!r})")
            related = facts.relates(own_name)
            if related is not None:
                score += ANCHOR_WEIGHTS.download_word
                evidence.append(f"the file's name carries {related}")
        icon = _pdf_icon(element) if not visible or named is None else None
        if icon is not None and visible:  # a file's label beside a PDF icon ("a.pdf", "اصل مقاله")
            if not _said_pdf(evidence):
                score += ANCHOR_WEIGHTS.pdf_type
                evidence.append(f"it holds an image saying PDF ({icon[:40]!r})")
        elif icon is not None:  # a link that is only an image saying PDF, titled to say so
            score += ANCHOR_WEIGHTS.pdf_type
            evidence.append(f"its only content is an image saying PDF ({icon[:40]!r})")
            # the image's text is the link's label (its accessible name): "Texto completo"
            alts = " ".join(str(i.get("alt") or "") for i in element.find_all("img", limit=3))
            if PDF_WORD.search(label) and not _said_pdf(evidence[:-1]):
                score += ANCHOR_WEIGHTS.pdf_word
                evidence.append("its title mentions PDF")
            elif (
                alts.strip()
                and _PDF_NAME.search(alts) is None  # an alt "PDF" is the icon's evidence already
                and (PDF_WORD.search(alts) or button_text(alts))
                and not _said_pdf(evidence[:-1])
            ):
                score += ANCHOR_WEIGHTS.pdf_word
                evidence.append(f"its label (its image's text) is {alts.strip()[:40]!r}")
        if (
            score <= 0
            and element.name == "a"
            and len(visible.split()) <= _LEAD_IN_LINK_WORDS
            and (lead := lead_in_full(element)) is not None
        ):
            # a short link ending a sentence that says what it gives ("Các bạn có thể đọc
            # toàn văn <a>tại đây</a>": you can read the full text here)
            score += ANCHOR_WEIGHTS.pdf_word
            evidence.append(f"the words leading to it say the full text ({lead!r})")
        if file_href(link, base):
            score += ANCHOR_WEIGHTS.file_address
            evidence.append("address looks like a file")
        elif (
            element.name == "a"
            and button_text(text)
            and (sized_label := _ITEM_SIZE.search(visible)) is not None
        ):
            # a button giving its file's size ("Скачать (2.4 Mb)" to a file catalogue's
            # ``/load/0-0-0-123-20``): the address sends a file, as one shaped so does
            score += ANCHOR_WEIGHTS.file_address
            evidence.append(f"its label gives its file's size ({sized_label.group(0)!r})")
        elif (
            element.name == "a"
            and button_text(text)
            and isinstance(row := item_of(element) or element.parent, Tag)
            and row.name not in ("body", "html", "main")
            and _one_files_actions(row)
        ):
            # an action on the one PDF file its row describes with its size ("Ver",
            # "Descargar" beside "pdf Tesis doctoral 18,2 MB"): the address sends that file
            score += ANCHOR_WEIGHTS.file_address
            evidence.append("its row gives its one file's size")
        described = _item_says_pdf(element) if element.name not in ("form", "script") else None
        if described is not None and not _said_pdf(evidence):
            score += ANCHOR_WEIGHTS.pdf_type
            evidence.append(f"its item describes a PDF file ({described[:40]!r})")
        shown = _SHOWN_NAME.search(described or "")
        if shown is not None and facts.relates(shown.group(0)) == "words of the article's title":
            # the file's name its row shows carries the record's title ("Research_Paper_
            # Stacking_the_Polder.pdf" beside "P4_Presentation_vanderMeulen.pdf" and its
            # drawing booklet): the work's own file among the files of its work
            score += ANCHOR_WEIGHTS.identifier
            named_as = shown.group(0)[:40]
            evidence.append(f"its row names its file by the article's title ({named_as!r})")
        classes = " ".join([*(element.get("class") or []), str(element.get("id") or "")]).lower()
        asks_pdf = _PDF_QUERY.search(urlsplit(link).query) is not None
        declared = str(element.get("type") or "").lower()
        if "pdf" in declared and not _said_pdf(evidence):
            # the link declares its target's media type (HTML's type attribute)
            score += ANCHOR_WEIGHTS.pdf_word
            evidence.append(f"its type says {declared[:30]!r}")
        elif "pdf" in declared or "pdf" in classes:
            score += ANCHOR_WEIGHTS.pdf_type
            evidence.append("type/class says pdf")
        elif asks_pdf:
            score += ANCHOR_WEIGHTS.pdf_type
            evidence.append("its query asks for a PDF")
        elif pdf_script:
            score += ANCHOR_WEIGHTS.pdf_type
            evidence.append("its script's name says PDF")
        elif re.search(r"download|galley|(?:^|[\s_-])(?:down|dl)(?:$|[\s_-])", classes):
            score += ANCHOR_WEIGHTS.download_word
            evidence.append("class says download")
        icons = " ".join(
            str(c)
            for icon in element.find_all(("i", "span", "svg", "use"), limit=6)
            for c in icon.get("class") or []
        )
        if (
            element.name in ("a", "area", "button")
            and re.search(r"(?<![a-z])download(?![a-z])", icons, re.IGNORECASE)
            and not any("download" in e for e in evidence)
        ):  # an icon font's download glyph ("fa-download", "icon-download")
            score += ANCHOR_WEIGHTS.download_word
            evidence.append("its icon says download")
        if element.has_attr("download") and not any("download" in e for e in evidence):
            # HTML's download attribute: the browser saves what the address gives, a file,
            # whatever its address looks like ("/api/proxy/action_callouts/<id>/attachment")
            filed = any(e.startswith("address looks like a file") for e in evidence)
            score += ANCHOR_WEIGHTS.download_word if filed else ANCHOR_WEIGHTS.file_address
            evidence.append("it has a download attribute")
        field = regions.record_field(element) if score > 0 and file_href(link, base) else None
        headed = regions.full_text_field(element) if file_href(link, base) else None
        if headed is not None and field is None:
            # a file in the record's field headed as its full text (a research portal's
            # "Volltext" property, its repository's file a "Link" in it)
            score += ANCHOR_WEIGHTS.pdf_word
            field = headed
            evidence.append(f"a file in the record's field headed {headed[:30]!r}")
        elif field is not None:
            # a file as the value of one of the record's fields ("Electronic thesis: a.pdf")
            score += ANCHOR_WEIGHTS.identifier
            evidence.append(f"a file in the record's field {field[:30]!r}")
        elif score > 0 and file_href(link, base) and regions.after_title_row(element):
            # a listing's file row under the row of the record's title
            score += ANCHOR_WEIGHTS.identifier
            evidence.append("a file in the row after the record's title")
        if (
            facts.doi
            and element.name == "a"
            and file_href(link, base)
            and facts.doi in visible.lower()
            and facts.doi not in unquote(link).lower()  # (the address's DOI is counted below)
        ):
            # a file's link labelled with the record's DOI ("doi: 10.21437/Interspeech.2024-
            # 1288" on ``haddad24_interspeech.pdf``): the record's own file, named by its DOI
            score += ANCHOR_WEIGHTS.download_text
            evidence.append("its label is the record's DOI")
        identified = facts.named_in(link) or facts.renamed_record(link)
        if identified is not None and score > 0:
            score += ANCHOR_WEIGHTS.identifier
            evidence.append(f"address carries {identified}")
        elif score > 0 and not any("file name" in e for e in evidence):
            # a file named by the record's author or title words ("Kowalski_2024_salinity.pdf"),
            # whatever the language of the link's text
            name = unquote(urlsplit(link).path.rsplit("/", 1)[-1])
            related = facts.relates(name) if "." in name or "_" in name else None
            if related in ("words of the article's title", "an author's name"):
                score += ANCHOR_WEIGHTS.identifier
                evidence.append(f"its file name carries {related} ({name[:40]!r})")
        # a link whose label is a PDF file's name ("Fulltext.pdf (ฉบับเต็ม)" among
        # "Chapter1.pdf"... in a thesis's file table): the script it calls sends that file,
        # and a name that says it is the full text says which of the files is the work's
        shown_file = _FILE_NAME.fullmatch(visible) if element.name == "a" else None
        if shown_file is not None and FULL_TEXT_WORD.search(
            re.sub(r"[_.-]+", " ", shown_file.group(0)[: -len(".pdf")])
        ):
            score += ANCHOR_WEIGHTS.pdf_type
            evidence.append(f"its label is a PDF file named as the full text ({visible[:40]!r})")
        gained = score  # the evidence for it, before what its address says against it
        aside = regions.aside_heading(element) if score > 0 and element.name == "a" else None
        if aside is not None:
            # a sidebar's section of its own ("Exposição virtual" beside an archive's item):
            # another publication's links, tried after the page's own
            score -= ANCHOR_WEIGHTS.page_address
            evidence.append(f"in a sidebar's section {aside[:40]!r}")
        if re.search(r"\.(html?|php|aspx?|jsp)(?:$|\?)", urlsplit(link).path, re.I) and not (
            file_href(link, base)
            or element.name == "script"
            or asks_pdf
            or pdf_script
            or _FILE_QUERY.search(urlsplit(link).query)
            or shown_file is not None
        ):
            score -= ANCHOR_WEIGHTS.page_address
            evidence.append("address of a web page")
        host = (urlsplit(link).hostname or "").lower()
        if (
            host != page_host
            and identified is None
            and field is None  # (a record's field names its file wherever it is held: an
            # aggregator's "Online access: <the repository's bitstream>")
            and not same_site(link, base)
            and not _in_space(asset_space(link), spaces, site_ids)  # (the site's own space)
            and theme_folder(link) not in themes  # (or its own folder on its CDN)
            and not shared_file(link)  # (or a file its account shares on a sharing service)
        ):
            score -= ANCHOR_WEIGHTS.other_host
            evidence.append("another host")
        if score <= 0:
            if gained > 0 and element.name != "script":
                # evidence for it, outweighed by its address (another host, a script's
                # name): kept as a rejected link, for want of evidence alone
                faint.append(
                    Candidate(
                        link,
                        source,
                        "; ".join(evidence),
                        score,
                        rejected=regions.outside(element),
                        signature=element_signature(element),
                    )
                )
            continue
        said = any(e.startswith(("anchor text", "its label", "its title")) for e in evidence)
        if where == "href" and not said and not _FILE_NAME.search(visible):
            wordless.add(link)
        why = regions.outside(element)
        if why is None and visible and (button_text(visible) or full_label):
            # a button says nothing of its file but that it downloads it: a file whose own
            # name says another kind of document ("54321_abstract.pdf" behind "Λήψη") is
            # that document, unless its name carries the article's title or an author's
            name = unquote(urlsplit(link).path).rsplit("/", 1)[-1]
            kind = _other_kind_name(link, facts) if _FILE_NAME.search(name) else None
            if kind is not None:
                why = "its label is a button's, and " + kind.split(", and ", 1)[-1]
            elif (kind := _item_label_kind(element, base, facts)) is not None:
                # ("<a>Πίνακας περιεχομένων</a> <a>Λήψη</a>": a media item's label, the table
                # of contents, its download button beside it)
                why = f"its item's label names another kind of document ({kind!r})"
            elif (other := _item_names_other(element, visible, facts)) is not None and not (
                full_label and _ITEM_SIZE.search(other)
            ):
                # "Cerámica Aztatlán en la costa de Nayarit, por Rosa Elena Lugo · PDF": the
                # bare button is the file of the work its item names, tried after the others
                # (a label naming the whole work, "Complete thesis", beside the file's size
                # and version, "Final publisher's version, 9.8 MB": the file's own card)
                why = f"its item names another work ({other[:40]!r})"
        # a download button in the article's block whose same-site file address carries the
        # article's DOI or id is as strong as a declared file
        strong = (
            why is None
            and identified is not None
            and host == page_host
            and file_href(link, base)
            and any(e.startswith(("anchor text '", "anchor text mentions")) for e in evidence)
        )
        if strong:
            evidence.append("strong: a download button with the article's identifier")
        found.append(
            Candidate(
                link,
                source,
                "; ".join(evidence),
                score,
                rejected=why,
                signature=element_signature(element),
                strong=strong,
            )
        )
    return [*_only_file(_named_elsewhere(found, wordless), wordless), *faint]


def _named_elsewhere(found: list[Candidate], wordless: set[str]) -> list[Candidate]:
    """Wordless links refused where another link to the same address names another document.

    A file's thumbnail beside its label ("<a><img></a> <a>PV de soutenance</a>", both to
    ``doc_num.php?explnum_id=7731``): the label says what the file is, for both links.
    """
    named = {
        c.url: c.rejected
        for c in found
        if c.rejected is not None and c.rejected.startswith(_NAMES_OTHER)
    }
    return [
        attrs.evolve(c, rejected=f"another link to it: {named[c.url]}")
        if c.rejected is None and c.url in named and c.url in wordless
        else c
        for c in found
    ]


#: How `anchor_candidates` refuses a link whose words name another document or kind.
_NAMES_OTHER = ("the link names another document", "anchor text ", "its label names another")


#: The most links of a page whose texts are read for `labels_by_address`.
_LABELLED_LINKS = 1000


def labels_by_address(links: Iterable[tuple[Tag, str]]) -> dict[str, set[str]]:
    """The addresses each link text leads to, from the page's (link, address) pairs.

    A text on links to two addresses or more is a control's label ("Lien vers le document"
    on each file's row), not a document's title: a title names one document.
    """
    found: dict[str, set[str]] = {}
    for anchor, address in links:
        text = " ".join(anchor.get_text(" ", strip=True).split())
        if text:
            found.setdefault(text, set()).add(address)
            qualifier = _QUALIFIER.search(text)
            if qualifier is not None and qualifier.start() > 0:
                found.setdefault(_SHARED + qualifier.group(0).strip(), set()).add(address)
    return found


#: `labels_by_address`'s key of a bracketed qualifier ending links' labels ("(Julkari)").
_SHARED = "\x00"


def shared_qualifier(named: str, controls: dict[str, set[str]]) -> str | None:
    """A label's words before a bracketed qualifier that ends labels of other addresses too.

    ("Linkki verkkoaineistoon (Julkari)" beside "Liitetaulukot (Excel) (Julkari)"): the
    qualifier names where the files are, a source's or a provider's mark, no part of a
    document's name; what is left is read as the label. None when the qualifier ends no
    other address's label, or when it describes a file's format or size.
    """
    qualifier = _QUALIFIER.search(named)
    if qualifier is None or qualifier.start() == 0:
        return None
    if PDF_WORD.search(qualifier.group(0)) or without_file_description(named) != named:
        return None  # a file's format or size: a label's place decides (`file_label`)
    if len(controls.get(_SHARED + qualifier.group(0).strip(), ())) < 2:
        return None
    return named[: qualifier.start()].strip()


def _named_by_label(element: Tag, visible: str, facts: PageFacts) -> str | None:
    """A link's accessible name when it is the record's title and its text names nothing.

    WAI-ARIA names a link by its ``aria-label`` before its content (and an empty link by
    its ``title``): a table's "देखें (12 MB)" ("view") labelled "<the title> (हिंदी) - 12
    MB", or a bare icon titled with the title, names the record's file. The name is the
    title itself, maybe with a bracketed qualifier and the file's description; the link's
    own text is three words at most and no title.
    """
    if element.name != "a":
        return None
    name = " ".join(str(element.get("aria-label") or "").split())
    if not name and not visible:
        name = " ".join(str(element.get("title") or "").split())
    if not name or name == visible:
        return None
    if len(without_file_description(visible).split()) > 3 or facts.is_title(visible):
        return None
    bare = facts.unqualified(" ".join(without_file_description(name).split()))
    if bare is None:
        return None
    return name if facts.is_title(bare) and facts.only_title_words(bare) else None


def _labelled_other(element: Tag, facts: PageFacts) -> str | None:
    """The ``aria-label`` of a bare link when it names another document, or None.

    WAI-ARIA names a link by its ``aria-label``: "Download" labelled "Local Transport Plan
    2011 to 2026 - 7 MB" beside the record "... 2024 to 2029", or "<the title>
    (Consultation report) - 4 MB", is that document's link, as the same words as its text
    would be. A button's words ("Download the report (PDF)") and the record's own name are
    no other document.
    """
    if element.name != "a":
        return None
    name = " ".join(str(element.get("aria-label") or "").split())
    label = " ".join(without_file_description(name).split())
    if len(label.split()) < 3 or button_text(label) or unread_label(label):
        return None
    if _FILE_NAME.search(name):
        # a file's name after a button's words ("download file AAM_Pritchard_2024.pdf"): the
        # file's label, whose name is read for its kind below, no other document's title
        return None
    visible = " ".join(element.get_text(" ", strip=True).split())
    if visible and not button_text(visible):
        return None  # the link's own words say what it is
    if facts.names_own(label) and (
        _named_by_label(element, visible, facts) is not None or facts.unqualified(label) is not None
    ):
        return None
    return name


#: What stands between a document's link and its file's link set in brackets after it
#: (" (", " [", "\u3010"): the file link's opening bracket.
_COMPANION_GAP = re.compile(r"\s*[(\[\uff08\u3010]\s*")


def _follows_other(element: Tag, facts: PageFacts) -> str | None:
    """The title of another document whose link this bare file link follows, or None.

    ("<a>11/15/23: SP 800-231 Rev. 1 (Draft)</a> (<a>pdf</a>)", "<a>Another article</a>
    [<a>PDF</a>]"): a link of a button's words only, set in brackets right after a link
    naming a document, gives that document's file. A link naming the record is its own; a
    toolbar's buttons side by side ("« Previous article" "PDF") are no title and its file.
    """
    if element.name != "a":
        return None
    visible = " ".join(element.get_text(" ", strip=True).split())
    if not visible or not button_text(visible):
        return None
    before = _text_before(element, _COMPANION_REACH)
    if before is None:
        return None
    between, node = before
    if not isinstance(node, Tag) or node.name != "a" or not _COMPANION_GAP.fullmatch(between):
        return None
    named = names_document(node)
    if named is None or facts.names_own(named):
        return None
    return named


def _pdf_description(visible: str, facts: PageFacts) -> str | None:
    """The file's description a label ends in, when it names PDF with a count, or None.

    Only after a button's words or the record's name ("Full report (PDF, 47 pages)", a
    newspaper supplement's name and number "(PDF, 8 pp.)"), not another document's
    ("Leseprobe (PDF, 12 Seiten)": a sample of the book).
    """
    label = without_file_description(visible)
    if label == visible or not label.strip():
        return None
    if not (button_text(label) or facts.names_own(label)):
        return None
    described = visible[len(label.rstrip()) :] if visible.startswith(label.rstrip()) else ""
    named = PDF_NAMED.search(described)
    return described.strip() if named else None


#: The most words of a label naming the full object without a button's word.
_FULL_LABEL_WORDS = 3


def _full_of_own(untitled: str) -> str | None:
    """The full word of a label whose other words are the record's title's (`says_full`)."""
    return says_full(untitled) if 0 < len(untitled.split()) <= _FULL_LABEL_WORDS else None


#: A count standing as a word of its own ("3,412", "2024"), not a part of a code ("031-2022").
_STANDALONE_COUNT = re.compile(r"(?<!\S)\d[\d.,]*(?!\S)")
#: A bracketed part of a text ("(inglés)", "[PDF]").
_BRACKETS = re.compile(r"[(\[][^()\[\]]*[)\]]")
#: A file's size in an item's text ("5.8 MB", "412 KB").
_ITEM_SIZE = re.compile(r"\d+(?:[.,]\d+)?\s*(?:[kmgKMG]i?[bB]|bytes)\b")
#: The most words a line of counters has (a word or two before each count).
_COUNTER_WORDS = 6
#: A count in a line of counters ("1.022", "356", "12,5k").
_COUNT = re.compile(r"(?<![\w.,])\d[\d.,\u00a0\u202f]*[kKmM]?(?![\w])")
#: Separators between an item's title and its file's button ("<title> · PDF", "<title> — PDF").
_ITEM_SEPARATORS = re.compile(r"[\u00b7|\u2022\u2013\u2014:,;()\[\]]|\s-\s")


def _item_label_kind(element: Tag, base: str, facts: PageFacts) -> str | None:
    """The kind of document a bare button's item names by its one other link, or None.

    A repository's media list sets each file's label as a link to the file's own page and
    its download button beside it (``<div><a href="/media/5533">Table of contents</a>
    <a href="….pdf">Download</a></div>``): the label says what the file is. Only an item of
    these two links, its label first and a link to another page of the site than the
    record's (no file of its own), in words of another kind of document (`ITEM_KINDS`) and
    not the record's title.
    """
    item = element.find_parent(["li", "td", "dd", "div", "p"])
    if item is None:
        return None
    anchors = item.find_all("a", limit=3)
    if len(anchors) != 2 or anchors[1] is not element:
        return None
    label = anchors[0]  # (the label first, its button after it)
    href = absolute(str(label.get("href") or ""), base)
    if not href or not same_site(href, base) or same_address(href, facts.url or base):
        return None
    if file_href(href, base):
        return None  # a file of its own beside the button ("Extended abstract (PDF)")
    text = " ".join(label.get_text(" ", strip=True).split())
    if not text or len(text) > _ITEM_LABEL or button_text(text) or facts.is_title(text):
        return None
    kind = ITEM_KINDS.search(facts.untitled(text))
    return kind.group(0) if kind is not None else None


#: The longest label of a media item read by `_item_label_kind`.
_ITEM_LABEL = 120


def _item_names_other(element: Tag, visible: str, facts: PageFacts) -> str | None:
    """The text beside a bare button in its small item, when it names another work.

    The item (a paragraph, a list item, a cell, a small block) holds the button, no other
    link, and a text of four words or more of which fewer than a third of those of four
    letters are words of the record's titles, and no author's name, and is not the record's
    title: another work's title, its file the button.
    """
    if facts.is_title(visible):
        return None
    item = element.find_parent(["p", "li", "td", "dd", "div"])
    if item is None:
        return None
    anchors = item.find_all("a", limit=3)
    if len(anchors) > 1 and not _work_line(element, anchors):
        # (an item of several links is a list of files, not one work's line; read first, it
        # keeps a page of thousands of buttons in one block from reading it for each)
        return None
    if item.find("h1") is not None:
        return None
    if _field_rows(item) >= _FIELD_ROWS:
        # a table of fields beside the button ("ผู้แต่ง <authors>", "ปีที่พิมพ์ 2567": the
        # author, the year), the record's own card: no other work's line
        return None
    text = " ".join(item.get_text(" ", strip=True).split())
    if len(text) > 240 or visible not in text:
        return None
    if says_full(_BRACKETS.sub(" ", text.replace(visible, " ", 1))):
        # the item labels the work's full text ("Documento completo (inglés) PDF · 2,4 MB"),
        # a qualifier aside: the file's label, no other work's title
        return None
    # (the other controls' labels are actions and formats, no work's title: "Export as PDF
    # (automatically generated)", "Word", "EPUB" beside a download menu's file)
    text = _text_outside_controls(item, element)
    if (note := note_after(element)) is not None:
        # the link's own note says what its file is, its access, its size; no work's title
        text = re.sub(rf"[(\[\uff08\u3010]\s*{re.escape(note)}\s*[)\]\uff09\u3011]", " ", text)
    rest = " ".join(_ITEM_SEPARATORS.sub(" ", text.replace(visible, " ", 1)).split())
    if facts.doi and facts.doi in rest.lower():
        return None  # the record's DOI: the record's own line ("DOI 10.2298/... Full text")
    if FULL_TEXT_WORD.match(rest):
        # the item opens by saying it is the full work ("Full report · English · 148 pages
        # · 12.6 MB"), as a label that opens so does: its fields describe the file
        return None
    if _ACCESS_STATEMENT.search(rest):
        # the file's access or licence ("Open Access · Publikacja dostępna bezpłatnie ... na
        # licencji CC BY-NC-ND 4.0", "PDF (Open Access) zdarma"): its own offer, no work
        return None
    if _describing_sentence(element, visible):
        # the item's sentence names the file's format and its size ("Článek ve formátu PDF
        # si můžete stáhnout zde (412 kB)": the article in PDF, download it here): it
        # describes the file the button gives, no other work's title
        return None
    words = [w for w in words_of(rest) if not w.isdigit()]
    if len(words) < 4 or facts.is_title(rest) or facts.only_title_words(rest):
        return None
    counts = len(_COUNT.findall(rest))
    labels = [t for t in rest.split() if re.search(r"[^\W\d_]", t)]
    if counts >= 2 and len(labels) <= _COUNTER_WORDS and 2 * counts >= len(labels):
        return None  # counters ("Lượt xem 1.022 Lượt tải 356": views, downloads), no title
    if len(_STANDALONE_COUNT.findall(rest)) >= 3 and _ITEM_SIZE.search(rest):
        # the file's own card of fields: its size, its downloads, its date ("5.8 MB Tamaño
        # 3,412 Descargas 5 de abril de 2024 Fecha de publicación ..."), no work's title
        return None
    if facts.other_qualifier(rest):
        # the record's title with another stage's qualifier ("...(中間報告書)", the interim
        # report, beside the record's final report): another work, however many words agree
        return rest
    long = [w for w in words if len(w) >= 4]
    if any(w in facts.surnames for w in long):
        return None  # the record's author's name: the record's own line, or theirs
    # (a word or two of the record's title in another work's is a subject shared: "Cirugía
    # robótica frente a laparoscópica ..." beside "... en cirugía colorrectal")
    if long and 3 * sum(1 for w in long if facts.names_word(w)) >= len(long):
        return None
    return rest


#: Elements that set a sentence's parts apart as blocks of their own (a title, a field).
_SENTENCE_BREAKS = ("h1", "h2", "h3", "h4", "h5", "h6", "p", "div", "li", "td", "br", "table")


def _describing_sentence(element: Tag, visible: str) -> bool:
    """Whether the link is a word of one sentence that names its file's format and size.

    ("Článek ve formátu PDF si můžete stáhnout <a>zde</a> (412 kB)."): the link's own
    line, no block inside it, names the PDF format outside the link and outside brackets
    and gives a size. A card's title, its "PDF · 310 KB" line and its button are blocks of
    their own: a title above a file's description, not one sentence.
    """
    line = element.parent
    if line is None or line.name in ("body", "html", "[document]"):
        return False
    if line.find(_SENTENCE_BREAKS) is not None:
        return False
    text = " ".join(line.get_text(" ", strip=True).split())
    if len(text) > 240:
        return False
    rest = _BRACKETS.sub(" ", text.replace(visible, " ", 1))
    return PDF_NAMED.search(rest) is not None and _ITEM_SIZE.search(text) is not None


#: An open-access status or a Creative Commons licence, as stated the world over.
_ACCESS_STATEMENT = re.compile(
    r"\bopen[\s-]access\b|\bcc[\s-]by(?:[\s-](?:nc|nd|sa))*\b|\bcreative\s+commons\b", re.I
)


#: Rows of labelled fields that make an item a record's card of fields.
_FIELD_ROWS = 2


def _field_rows(item: Tag) -> int:
    """How many labelled fields a block holds (a few read).

    Table rows of a header cell and a data cell, or a definition list's terms with their
    descriptions.
    """
    rows = sum(
        1
        for row in item.find_all("tr", limit=12)
        if row.find("th") is not None and row.find("td") is not None
    )
    terms = sum(
        1 for term in item.find_all("dt", limit=12) if term.find_next_sibling("dd") is not None
    )
    return max(rows, terms)


#: Elements whose text is a control's label, not an item's words.
_CONTROLS = frozenset({"button", "select", "option", "script", "style", "template"})
_CONTROL_ROLES = frozenset({"button", "menuitem", "menuitemradio", "tab", "option"})


def _text_outside_controls(item: Tag, element: Tag) -> str:
    """The item's text, less that of its controls (buttons, menus) other than `element`."""
    parts = []
    for string in text_strings(item):
        if not string.strip():
            continue  # (the item's text is short: at most as many strings as characters)
        parent = string.parent
        while parent is not None and parent is not item and parent is not element:
            if parent.name in _CONTROLS or parent.get("role") in _CONTROL_ROLES:
                break  # (a control's label)
            parent = parent.parent
        if parent is None or parent is item or parent is element:
            parts.append(str(string))
    return " ".join(" ".join(parts).split())


#: The most words outside links a link's block holds for the link to stand as a control.
_CONTROL_WORDS = 3


#: The most words of a link whose sentence's lead-in says what it gives ("tại đây", here).
_LEAD_IN_LINK_WORDS = 3
#: The words of a lead-in read: those right before the link.
_LEAD_IN_WORDS = 3
#: What ends the clause a link's lead-in is read from.
_CLAUSE_BREAK = re.compile(r"[.!?;:()\[\]\u3002\uff1a]")


def lead_in_full(element: Tag) -> str | None:
    """The words right before a link in its sentence, when they say the full text, or None.

    ("Các bạn có thể đọc toàn văn <a>tại đây</a>": you can read the full text here): the
    last words of the clause the link ends, in the text right before it, say what the link
    gives (`says_full`), whatever the link's own words are.
    """
    before = _text_before(element, _RUN_IN_TEXT_REACH * 2)
    if before is None:
        return None
    between, _ = before
    clause = _CLAUSE_BREAK.split(" ".join(between.split()))[-1]
    words = clause.split()[-_LEAD_IN_WORDS:]
    if not words:
        return None
    lead = " ".join(words)
    return lead if says_full(lead) or FULL_TEXT_WORD.search(lead) else None


def _in_prose(element: Tag) -> bool:
    """Whether a link sits in a sentence: its parent block's text outside links is prose.

    ("Autor on andnud ... kättesaadavaks tegemiseks. <a>Lihtlitsentsi vorm (PDF)</a>"): a
    licence's note naming its form, where a row of buttons holds only their labels.
    """
    parent = element.parent
    return isinstance(parent, Tag) and words_beyond(parent, _CONTROL_WORDS)


def _work_line(element: Tag, anchors: list[Tag]) -> bool:
    """Whether an item of two links is one work's line: its title's link and its file's.

    "Las casas del Pedregal (2019) - Descargar catálogo completo (PDF)": the other link
    leads to another page (not a file, nor a place on this page) and reads as a name of
    three words or more, not a button's words nor a file's label.
    """
    if len(anchors) != 2:
        return False
    other = anchors[1] if anchors[0] is element else anchors[0]
    href = str(other.get("href") or "")
    if href == str(element.get("href") or "") or FILE_HREF.search(href):
        return False  # (two files on a line are a list of files: a form beside the thesis)
    if href.startswith("#"):
        return False  # a place on this page ("How to cite this article"): no other work
    if _styled_button(other):
        # a button beside the file's ("The article's page on the journal's site", set as
        # a button, ``class="btn"``): an action's label, no other work's title
        return False
    text = " ".join(other.get_text(" ", strip=True).split())
    return (
        len(words_of(text)) >= 3
        and not button_text(text)
        and PDF_NAMED.search(text) is None
        and format_token(text) is None
    )


#: A class that styles a link as a button (Bootstrap's ``btn``, ``button``, ``btn-primary``).
_BUTTON_CLASS = re.compile(r"^(?:btn|button)(?:$|[-_])", re.IGNORECASE)


def _styled_button(link: Tag) -> bool:
    """Whether a link is styled or declared as a button (its class, its ARIA role)."""
    if str(link.get("role") or "").lower() == "button":
        return True
    return any(_BUTTON_CLASS.match(str(name)) for name in link.get("class") or ())


#: How `Regions.outside` says a link is in the page's chrome, not its content.
_CHROME = ("inside", "under the heading", "in a region labelled")


class PageTitles:
    """The words of each title a page shows (its article's, its headings, its links' names).

    Read once, when a link first asks (`file_label`).
    """

    def __init__(self, soup: BeautifulSoup, facts: PageFacts) -> None:
        self._soup = soup
        self._facts = facts
        self._words: list[frozenset[str]] | None = None

    @property
    def words(self) -> list[frozenset[str]]:
        """Each title's words (`words_of`)."""
        if self._words is None:
            texts = [*self._facts.titles]
            headings = self._soup.find_all(("h1", "h2", "h3", "h4", "h5", "h6"), limit=500)
            texts += [h.get_text(" ", strip=True) for h in headings]
            for anchor in self._soup.find_all(("a", "area"), limit=3000):
                named = names_document(anchor)
                if named is not None:
                    texts.append(named)
            self._words = [w for w in (frozenset(words_of(t)) for t in texts) if w]
        return self._words


#: `file_label`'s reason for a short plain phrase: neutral, no evidence that it gives a PDF.
_PLAIN_FILE_LABEL = "a short plain label of a file"


def file_label(
    element: Tag,
    link: str,
    named: str,
    facts: PageFacts,
    regions: Regions,
    titles: PageTitles,
    *,
    declared: bool = False,
) -> str | None:
    """Why a link's title-like text (`names_document`) is its file's label, or None.

    A short plain phrase of a file's address, in words no vocabulary here reads ("Pobierz
    pełny tekst"), a longer one when the file's name is the record's (its author's), or a
    label that names its format (`_format_label`) in the block of the page's title, on an
    address carrying the record's id or record parameter: a button's label or a document's
    name alike, so neutral; the link's place decides. On the link to a file the page
    declares (`declared`, a ``citation_pdf_url``'s), a short plain phrase beside the format
    it names ("Sækja grein sem PDF") is a label too: it cannot contradict the declaration,
    where the same words in a sidebar (an authors' guide) are no evidence of the record's
    file.
    """
    if FILE_HREF.search(link) and (
        _plain_label(named)
        or (declared and _plain_label(_less_format(named)))
        or (
            _plain_label(named, most=8)
            and facts.relates(urlsplit(link).path.rsplit("/", 1)[-1]) is not None
        )
        or _qualified_button(named)
    ):
        return _PLAIN_FILE_LABEL
    if element.name not in ("a", "area") or not regions.beside_title(element):
        return None
    if facts.named_in(link) is None and facts.own_record(link) is None:
        return None  # a site's guide or list beside the title ("<words> (PDF)") is no button
    return _format_label(element, named, titles.words)


#: The least characters of a site's id read as naming it on any of its platform's hosts.
_SITE_ID = 16


def _in_space(
    space: tuple[str, str] | None, spaces: set[tuple[str, str]], site_ids: set[str]
) -> bool:
    """Whether a link's `space` is one of the page's own spaces on its platform's hosts."""
    return space is not None and (space in spaces or space[1] in site_ids)


def _qualified_button(named: str) -> bool:
    """Whether a label is a button's words with its file's description and a qualifier.

    "पूर्ण प्रतिवेदन (हिंदी) - PDF, 8.4 MB": the full report, in a bracketed word of any
    script (its language, an edition), then its format and size; what is left once those
    go is a button's (`button_text`: its words and one object).
    """
    bare = without_file_description(named).strip(" \u2013\u2014-|,;")
    if bare == named.strip():
        # or its format alone after a dash ("ບົດລາຍງານສະບັບເຕັມ (ພາສາລາວ) - PDF")
        formatted = _FORMAT_AFTER.sub("", named.strip())
        if formatted == named.strip():
            return False  # no description of a file: a name with a word in brackets
        bare = formatted.strip(" \u2013\u2014-|,;")
    qualifier = _QUALIFIER.search(bare)
    if qualifier is None or not bare[: qualifier.start()].strip():
        return False
    return button_text(named.replace(qualifier.group(0).strip(), " ", 1))


#: The PDF format ending a label after a dash or a bar: "... - PDF".
_FORMAT_AFTER = re.compile(r"\s[\u2013\u2014|-]\s*pdf\s*$", re.IGNORECASE)
#: A short bracketed qualifier ending a label: "(پی ڈی ایف)", "(English)", "[2 MB]", in
#: full-width brackets too.
_QUALIFIER = QUALIFIER_AT_END


def _format_label(element: Tag, named: str, titles: list[frozenset[str]]) -> str | None:
    """How a link's title-like text shows itself a file's label, or None.

    It names a file format ("(PDF)") or the link holds an icon saying PDF; what is left
    once the format goes is a short plain phrase (`_plain_label`), and no word of it is a
    word of a title the page shows (another title than its own text). Decided by the
    label's shape, in any script, never by its words' meaning: "تحميل الكتاب كاملاً (PDF)"
    is a label, "Tenancy Reform in Travancore (PDF)" (capitals) or a related title
    repeated as its file's link are names.
    """
    rest = format_token(named)
    mark = "it names the format"
    if rest is None:
        icon = _pdf_icon(element)
        if icon is None:
            return None
        # a qualifier in brackets after the label (its format, language or size in words
        # of any script: "(پی ڈی ایف)") is no part of it
        rest, mark = _QUALIFIER.sub("", named), f"it holds a PDF icon {icon[:30]!r}"
    rest = " ".join(re.sub(r"[()\[\]]", " ", rest).split())
    if not _plain_label(rest):
        return None
    own = frozenset(words_of(named))
    words = set(words_of(rest))
    if not words or any(t != own and words & t for t in titles):
        return None
    return mark


def _plain_label(text: str, most: int = 4) -> bool:
    """Whether a link's label is a short plain phrase, not a document's name.

    At most four words (or `most`), no digits, brackets or other marks of a name (a year, a report's
    number, "(PDF)"), no word capitalised after the first (a title's or a name's capitals:
    "AM-LATTICE Projektbericht"): "Prenesi celotno besedilo", "Tải về toàn văn".
    """
    words = text.split()
    # (an elision's apostrophe between letters is a word's own: "l'articul", "dell'opera";
    # so is a hyphen before a small letter: Irish "an t-alt", "e-book")
    marks = _JOINED.sub(_joined, _ELISION.sub("", text))
    if not words or len(words) > most or re.search(r"[\d()\[\]{}:;/'\u2019\"-]", marks):
        return False
    return not any(w[:1].isupper() for w in words[1:])


#: An apostrophe between two letters: a word elided before the next ("l'articul").
_ELISION = re.compile(r"(?<=[^\W\d_])['\u2019](?=[^\W\d_])")
#: A hyphen between two letters (`_joined` keeps it before a capital).
_JOINED = re.compile(r"(?<=[^\W\d_])-([^\W\d_])")


def _joined(hyphen: re.Match[str]) -> str:
    """A hyphen gone before a small letter, kept before a capital.

    One before a small letter joins one word's parts ("t-alt", "e-book"); one before a
    capital joins a name's ("AM-LATTICE").
    """
    letter = hyphen.group(1)
    return letter if letter.islower() else hyphen.group(0)


def _less_format(named: str) -> str:
    """A link's label without the file format it names, or the label when it names none.

    ("Sækja grein sem PDF" -> "Sækja grein sem", "Íoslódáil an t-alt (PDF)" -> "Íoslódáil an
    t-alt"); other brackets stay, marks of a name ("(subscription required)").
    """
    rest = format_token(named)
    # (the brackets it stood in, of any width, go with it: the fullwidth ones of CJK text)
    return named if rest is None else " ".join(_EMPTY_BRACKETS.sub(" ", rest).split())


#: A pair of brackets left empty, of any width ("( )", "[]", and their fullwidth forms).
_EMPTY_BRACKETS = re.compile(r"[(\[\uff08\uff3b]\s*[)\]\uff09\uff3d]")


def _only_file(found: list[Candidate], wordless: set[str]) -> list[Candidate]:
    """The page's only file link in its own content gains the weight of an identifier.

    One address of a file (``.pdf``, ``/download/``, ``bitstream``, or a link typed
    ``application/pdf``) among the page's links
    outside its chrome (header, footer, navigation, references), whatever their labels say
    (a file table's other rows count, though another kind of document): the record's block
    offers one file. Only for a link (``href``) whose words said nothing (a label in an
    unread language, an icon): words that say what the link is decide, and a file's name
    that does not relate to the record names another document.
    """

    def is_file(c: Candidate) -> bool:  # a file's address, or a link typed as a PDF
        return bool(FILE_HREF.search(c.url)) or "its type says" in c.evidence

    content = [c for c in found if not (c.rejected or "").startswith(_CHROME)]
    if len({c.url for c in content if is_file(c)}) != 1:
        return found
    files = {c.url for c in content if c.rejected is None and is_file(c)}
    if any(OTHER_KIND_FILE.search(unquote(urlsplit(f).path.rsplit("/", 1)[-1])) for f in files):
        return found  # a file named as another kind ("54321_abstract.pdf") is no record's
    if len(files) != 1 or not files <= wordless:
        return found
    (only,) = files
    return [
        attrs.evolve(
            c,
            score=c.score + ANCHOR_WEIGHTS.identifier,
            evidence=f"{c.evidence}; the only file link of the page's own content",
        )
        if c.url == only and c.rejected is None
        else c
        for c in found
    ]


def learned_candidates(
    soup: BeautifulSoup, base: str, signatures: Iterable[str], regions: Regions, facts: PageFacts
) -> list[Candidate]:
    """Links in the place a verified file's link held on this site.

    Not when their label or address says they are another document: the same place in
    another item's file table may hold its supplement.
    """
    wanted = set(signatures)
    if not wanted:
        return []
    found = []
    for element in soup.find_all("a", href=True):
        signature = element_signature(element)
        if signature in wanted and not BAD_HREF.search(str(element["href"])):
            link = absolute(str(element["href"]), base)
            found.append(
                Candidate(
                    link,
                    "learned",
                    f"same structure as a verified link: {signature[-60:]}",
                    85.0,
                    rejected=foreign_label(element, link, regions, facts)
                    or regions.outside(element)
                    or control_wall(element),
                    signature=signature,
                )
            )
    return found
