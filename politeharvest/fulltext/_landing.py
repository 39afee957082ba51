"""From a landing page to its ranked full-text candidates: `find_candidates` (core).

`find_candidates(html, url)` is a pure function of a page, its address and its
headers: it classifies the page (a bot wall or sign-in wall is `blocked`, never
"no full text"), then collects candidates from every source, each with its
evidence, and ranks them:

1. FAIR Signposting: ``Link: <…>; rel="item"; type="application/pdf"`` headers and
   ``<link rel="item">`` (linksets the page points to are listed for the resolver;
   `_signposting`);
2. site rules (`RULES`, in `_rules`: the one place to add a platform): one small
   record per platform (arXiv, DergiPark, OJS, DSpace 6 and 7, EPrints, Zenodo, HAL,
   Figshare, bepress, SciELO, PubMed Central, eLife, ScienceDirect, Atypon,
   Lingbuzz), each a URL rewrite, CSS selectors, or a named extractor, with an example;
3. declared files: ``citation_pdf_url`` in all its variants, ``eprints.document_url``,
   Dublin Core identifiers ending in .pdf, ``<link rel="alternate" type="application/pdf">``,
   JSON-LD encodings of the work; weighed against what the page shows (a declared
   file the page contradicts is weak, one it labels as another document rejected);
4. the structure learned on the site (the tag and class path of the element that
   held the file link last time);
5. links read from ``href``, ``onclick``, ``data-*``, forms, script values and the
   page's text (`_links`), kept only with positive evidence of ownership: a download
   button's text, title or class, a related file name, the article's DOI, id or slug in
   the address (`_evidence` collects and scores every source; `_words` holds the
   multilingual vocabularies, `_pagefacts` what the page says about its article);
6. the files the page embeds for reading: a viewer's ``?file=`` parameter, an
   ``<object>`` or ``<embed>`` of type PDF (`_links.embedded_files`); and the file it
   sends its reader on to, by a refresh or a script setting ``location``
   (`_links.forwarded_files`).

Links of one shape are told apart by the place that names their record: when one of the
page's file addresses carries the record's id in a query field or path segment, the others
with another id in that place are other records' files (`_by_record_id`). A work deposited
as numbered parts ("01_title.pdf" ... "07_chapter 1.pdf") has no file that is the work
(`_split_parts`).

A file the page shows closed to a visitor (a disabled control, a sign-up button
holding the file's address in ``data-*``, a purchase block, a sign-in link returning
to the file: `_access`) is not requested from any source. A link is rejected, before
any request, when the page marks it as another document: its label names another
document or another kind of document, its address carries another DOI or another
record's id, or it sits in a block about another document (an
article list recognised by its structure, another article's card, the navigation,
references; `_regions`). This module weighs the declared files against what the
page shows and ranks what is left. Every candidate carries its source and evidence;
rejected ones say why. Query strings are kept (signed download links need them);
only fragments are dropped. `LandingPageResolver` (in `_resolver.py`) adds the requests: the landing
page, a linkset, at most three file probes, and learning.
"""

from __future__ import annotations

import itertools
import json
import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from urllib.parse import parse_qsl, unquote, urlencode, urlsplit, urlunsplit

import attrs
from bs4 import BeautifulSoup, Tag
from bs4.dammit import EncodingDetector
from bs4.element import NavigableString

from politeharvest.net._challenge import challenge_evidence

from ._access import WALLED, apply_walls, closed_file, links_by_address, weak_link_wall
from ._addresses import absolute, same_site
from ._candidate import (
    KIND_BLOCKED,
    KIND_HTML_FULLTEXT,
    KIND_NONE,
    KIND_PDF,
    MIN_SCORE,
    WEAK_EVIDENCE,
    Candidate,
    PageAnalysis,
    element_signature,
    weak_evidence,
)
from ._evidence import (
    ANCHOR_WEIGHTS,
    MEDIA_PDF,
    PageTitles,
    anchor_candidates,
    file_label,
    foreign_label,
    jsonld_candidates,
    labels_by_address,
    learned_candidates,
    meta_candidates,
    reader_pdf,
    rule_candidates,
    state_candidates,
)
from ._links import embedded_files, forwarded_files, link_sources
from ._pagefacts import PageFacts, page_facts
from ._regions import Regions
from ._rules import RULES, SiteRule, problematic_url
from ._signposting import signposting_candidates
from ._words import (
    BAD_HREF,
    FILE_EXTENSION,
    FILE_HREF,
    ITEM_KINDS,
    OTHER_KIND_FILE,
    item_of,
    latin_units,
    names_document,
    names_whole,
)

__all__ = [
    "find_candidates",
]


#: On a platform a rule knows but whose file it did not find, anchors need this score.
_STRONG_ANCHOR = 70.0


_LOGIN_WORDS = re.compile(r"sign\s*in|log\s*in|giriş|anmelden|connexion|iniciar\s+sesión", re.I)


#: `Regions` reasons that say a link belongs to another document (not only outside the article).
_OTHER_DOCUMENT_REGIONS = (
    "in a list of other documents",
    "beside a link to another article",
    "inside <nav>",
    "inside the page's navigation",
    "under the heading",
)


def _links_to(
    sources: Sequence[tuple[Tag, str, str]], base: str, rules: Sequence[SiteRule] = ()
) -> dict[str | None, list[Tag]]:
    """The page's links by the address each leads to, in the page's order.

    A link leads to its own address, and to the file each of the site's rewrites makes of
    it (an OJS galley's view page).
    """
    found: dict[str | None, list[Tag]] = {}
    for element, href, _ in sources:
        link = absolute(href, base)
        for target in dict.fromkeys([link, *(r.rewritten(link) for r in rules if r.rewrite)]):
            found.setdefault(target, []).append(element)
    return found


def _by_path(
    links: dict[str | None, list[Tag]],
) -> dict[tuple[str, str], list[tuple[frozenset[tuple[str, str]], list[Tag]]]]:
    """The page's links (`_links_to`) by their address's host and path, with its query's fields."""
    found: dict[tuple[str, str], list[tuple[frozenset[tuple[str, str]], list[Tag]]]] = {}
    for address, elements in links.items():
        if address is not None:
            parts = urlsplit(address)
            fields = frozenset(parse_qsl(parts.query, keep_blank_values=True))
            found.setdefault((parts.netloc.lower(), parts.path), []).append((fields, elements))
    return found


def _links_of(
    url: str,
    links: dict[str | None, list[Tag]],
    by_path: dict[tuple[str, str], list[tuple[frozenset[tuple[str, str]], list[Tag]]]],
) -> list[Tag]:
    """The page's links to `url`: to its address, or to it with query fields added.

    A repository's page links a declared file with a field of its own after the declared
    address's (DSpace's ``?sequence=2`` declared, ``?sequence=2&isAllowed=y`` linked):
    the same file, whose link's label says what it is.
    """
    exact = links.get(url)
    if exact:
        return exact
    parts = urlsplit(url)
    fields = frozenset(parse_qsl(parts.query, keep_blank_values=True))
    return [
        element
        for linked, elements in by_path.get((parts.netloc.lower(), parts.path), ())
        if fields < linked
        for element in elements
    ]


def _contradiction(
    url: str,
    links: Sequence[Tag],
    regions: Regions,
    facts: PageFacts,
    titles: PageTitles,
    controls: dict[str, set[str]],
) -> str | None:
    """Why the page itself says `url` is another document, or None.

    `links` are the page's links to `url` (`_links_to`): the same address linked from
    another article's block, a list or the navigation, or labelled as another kind of
    document, contradicts a declaration; a file's label (`file_label`) does not.
    """
    for element in links:
        label = foreign_label(element, url, regions, facts)
        if label is not None and facts.conference and _abstract_label(element, facts):
            # a conference contribution's page: its abstract ("Abstract (PDF)") is the
            # record itself, the file it declares
            label = None
        if label is not None:
            return f"the page's link to it says it is another document: {label}"
        named = names_document(element) if element.name in ("a", "area") else None
        if named is not None and len(controls.get(named, ())) > 1:
            named = None  # a control's label on several files' links, no title
        if (
            named is not None
            and not facts.names_own(named)
            and file_label(element, url, named, facts, regions, titles, declared=True) is None
            and facts.whole_book(url) is None
        ):
            return f"the page's link to it names another document ({named[:50]!r})"
        where = regions.outside(element)
        if where is not None and where.startswith(_OTHER_DOCUMENT_REGIONS):
            return f"the page links the same address {where}"
    return None


#: An abstract's label, in the languages of the labels read here.
_ABSTRACT = re.compile(
    r"\babstracts?\b|\bkurzfassung\b|\br[ée]sum[ée]\b|\bresumen\b|\bresumo\b|\briassunto\b|"
    r"\bstreszczenie\b|\bözet\b|\babstrak\b|аннотаци|тезис|要旨|摘要|抄録|초록",
    re.IGNORECASE,
)


def _abstract_label(element: Tag, facts: PageFacts) -> bool:
    """Whether the kinds a link's own text names are an abstract's alone ("Abstract (PDF)")."""
    text = facts.untitled(" ".join(element.get_text(" ", strip=True).split()))
    kinds = [m.group(0) for m in ITEM_KINDS.finditer(text)]
    return bool(kinds) and all(_ABSTRACT.fullmatch(k.strip()) for k in kinds)


def _listed_beside(soup: BeautifulSoup, base: str, candidates: Sequence[Candidate]) -> set[str]:
    """The addresses linked from the other items of the list or table a declared file is in."""
    declared = {
        c.url
        for c in candidates
        if c.source.startswith(("meta:", "link:", "jsonld", "signposting")) and c.rejected is None
    }
    if not declared:
        return set()
    # every way the page links a file (anchors, GET forms, buttons' data-* addresses): a
    # file table may offer its files as forms only
    sources = [(item_of(e), absolute(href, base)) for e, href, _ in link_sources(soup)]
    rows: set[int] = set()  # the rows of the tables and lists declared files sit in
    for item, link in sources:
        container = item.parent if item is not None and link in declared else None
        if isinstance(container, Tag):
            rows.update(id(r) for r in container.find_all(item.name, recursive=False))  # type: ignore[union-attr]
    found = {address for item, address in sources if item is not None and id(item) in rows}
    return found - declared


#: The versions a file table's row may name: submitted (a preprint) or later ones.
_SUBMITTED = re.compile(r"\bpre-?prints?\b|\bsubmitted\b|\boriginal\s+submission\b", re.I)
_LATER = re.compile(
    r"\bpost-?prints?\b|\baccepted\b|\bpublished\s+version\b|publisher'?s?\s+version|"
    r"\bversion\s+of\s+record\b|\bvor\b|\bAAM\b",
    re.I,
)


def _by_version(candidates: list[Candidate], soup: BeautifulSoup, base: str) -> list[Candidate]:
    """In a file table listing versions of the work, the submitted version goes last.

    A repository's record lists the preprint, the accepted manuscript and the published
    version side by side, each row naming its version; the record is the work, and its
    submitted version is the last one to try (on a preprint server's page no row names a
    later version, and nothing changes).
    """
    rows: dict[str, str] = {}
    for element in soup.find_all("a", href=True):
        item = item_of(element)
        if item is not None:
            text = " ".join(item.get_text(" ", strip=True).split())[:300]
            rows.setdefault(absolute(str(element["href"]), base), text)
    urls = {c.url for c in candidates if c.rejected is None}
    later = any(_LATER.search(rows.get(u, "")) for u in urls)
    if not later:
        return candidates
    out = []
    for c in candidates:
        row = rows.get(c.url, "")
        if c.rejected is None and _SUBMITTED.search(row) and not _LATER.search(row):
            c = attrs.evolve(
                c,
                strong=False,
                score=c.score - 30,
                evidence=f"{c.evidence}; its row names the submitted version, a later one is too",
            )
        out.append(c)
    return out


#: A file name that starts with its place in a sequence ("01_title.pdf", "07_chapter 1.pdf").
_NUMBERED = re.compile(r"^(\d{1,3})[\s_.-]+[^\W\d_]")
#: The fewest numbered files, in a run from the first, that make a work split into parts.
_PARTS = 4


def _name_carries_record(url: str, facts: PageFacts) -> bool:
    """Whether a file's own name (its address's last segment) carries the record's id."""
    name = unquote(urlsplit(url).path.rsplit("/", 1)[-1])
    return _carries_record(name, facts) is not None


def _split_parts(candidates: list[Candidate], facts: PageFacts) -> list[Candidate]:
    """A work deposited as numbered parts: no part is the work, none is tried.

    A thesis split into its title page, certificate, chapters and bibliography names its
    files by their place ("01_title.pdf", "02_certificate.pdf", ... "07_chapter 1.pdf"):
    when the page's files on one host start with numbers running from the first (0 or 1)
    through at least `_PARTS` in a row, each of them is a part (as a chapter is not the
    book), whichever source names it (a declared file too). Numbered files that do not
    run so (a year, a volume's number) are left as they are. A numbered file whose name
    says it is the whole work (`names_whole`: "11_full thesis.pdf" after the chapters) is
    the work deposited whole beside its parts: it stays.
    """
    numbered: dict[str, list[tuple[int, str]]] = {}
    for c in candidates:
        parts = urlsplit(c.url)
        name = unquote(parts.path.rsplit("/", 1)[-1])
        found = _NUMBERED.match(name)
        if found is not None:
            numbers = numbered.setdefault((parts.hostname or "").lower(), [])
            if all(url != c.url for _, url in numbers):
                numbers.append((int(found.group(1)), c.url))
    parts_of: dict[str, str] = {}
    for numbers in numbered.values():
        places = sorted({number for number, _ in numbers})
        run = 0
        for index, number in enumerate(places):
            if number != places[0] + index:
                break
            run += 1
        if places[0] <= 1 and run >= _PARTS:
            first = unquote(urlsplit(numbers[0][1]).path.rsplit("/", 1)[-1])
            last = unquote(urlsplit(numbers[-1][1]).path.rsplit("/", 1)[-1])
            why = (
                f"a part of a work deposited as {len(numbers)} numbered files "
                f"({first[:30]!r} ... {last[:30]!r}); no part is the work"
            )
            # (one numbered file whose name carries the record's id, ``05 JTAS-2456-2022.pdf``
            # on the page ``?article=JTAS-2456-2022``: an issue's files in their order, that
            # one the record's own article, the others its neighbours')
            named = [url for _, url in numbers if _name_carries_record(url, facts)]
            own = set(named) if len(named) == 1 else set()
            parts_of.update(
                {url: why for _, url in numbers if not names_whole(url) and url not in own}
            )
    return [
        attrs.evolve(c, rejected=parts_of[c.url], strong=False)
        if c.url in parts_of and c.rejected is None
        else c
        for c in candidates
    ]


#: A part of an address that identifies something: three digits or more in a row.
_ID_LIKE = re.compile(r"\d{3,}")
_NOT_ALNUM = re.compile(r"[\W_]+")
_YEAR = re.compile(r"(?:1[5-9]|20)\d\d")
_VERSIONED = re.compile(r"(?:(?<=\d)|(?<=[0-9a-z]_))v\d+$")
#: A segment of an address naming an id and its version: letters and digits, a digit
#: among them, before "_v2".
_VERSIONED_SEGMENT = re.compile(r"(?=[a-z]*\d)[0-9a-z]{4,}_v\d{1,3}")


def _id_slots(url: str) -> tuple[tuple[object, ...], dict[str, str]]:
    """An address's shape (identifying parts blanked) and its identifying parts by place.

    Places are path segments by position (``path 3``) and query fields by name
    (``?paperid``): two addresses of one shape name their documents in the same places.
    The shape is the host and the path; a query's other fields (``&download=1``) leave a
    field naming the record where it is. A number of any length is blanked in the shape
    (``/uploads/2024/04/``: a month's folder names when a file came, not which it is).
    """
    parts = urlsplit(url)
    segments = unquote(parts.path).strip("/").split("/")
    fields = parse_qsl(parts.query, keep_blank_values=True)
    shape = (
        (parts.hostname or "").lower(),
        tuple("#" if _ID_LIKE.search(s) or s.isdigit() else s.lower() for s in segments),
    )
    slots = {f"path {i}": s for i, s in enumerate(segments) if _ID_LIKE.search(s)}
    slots.update({f"?{k.lower()}": v for k, v in fields if _ID_LIKE.search(v)})
    return shape, slots


def _carries_record(value: str, facts: PageFacts) -> str | None:
    """Which of the record's identifiers an address's part carries, or None.

    The page's own address's ids (``paperid=14012``, ``/article/231456``) as whole tokens,
    and the DOI's suffix with its separators set aside (``rfsp.734.0587`` is
    ``ID_ARTICLE=RFSP_734_0587``).
    """
    low = value.lower()
    for token in facts.ids:
        if _YEAR.fullmatch(token):
            continue  # a year in the page's address (``/articles/2024/2/...``) names no record
        # the record's id with or without a version (``hal-0123v2``, ``hal-0123``): another
        # version is the same record here (versions are weighed elsewhere)
        stem = re.escape(_VERSIONED.sub("", token))
        if re.search(rf"(?<![0-9a-z]){stem}(?:v\d+)?(?![0-9a-z])", low):
            return f"the record's id {token!r}"
    if facts.doi:
        suffix = _NOT_ALNUM.sub("", facts.doi.split("/", 1)[-1])
        if len(suffix) >= 6 and suffix in _NOT_ALNUM.sub("", low):
            return f"the record's DOI suffix {facts.doi.split('/', 1)[-1]!r}"
    return None


def _holds_record_number(value: str, facts: PageFacts) -> bool:
    """True when an address's part holds the record's numeric id as a whole number.

    ``2305E-Women-and-Land.pdf`` on the page ``/publication/2305/``: the record's number
    with a letter beside it (a language's or an edition's code) is no other record's, even
    where `_carries_record`, which reads whole tokens, does not count it as the record's.
    """
    low = value.lower()
    return any(
        token.isdigit()
        and len(token) >= 3
        and not _YEAR.fullmatch(token)
        and re.search(rf"(?<!\d){token}(?!\d)", low) is not None
        for token in facts.ids
    )


def _other_version(url: str, facts: PageFacts) -> str | None:
    """Another version of the record than the one the page's address names, or None.

    (The page ``/reviewed-preprints/93817v2``, the file ``93817v1.pdf``.)
    """
    low = unquote(url).lower()
    # a version in a segment of its own after the record's id ("/manuscript/202405.0789/v2")
    segments = unquote(urlsplit(facts.url).path).lower().strip("/").split("/")
    for previous, segment in itertools.pairwise(segments):
        if previous in facts.ids and re.fullmatch(r"v\d+", segment):
            found = re.search(rf"/{re.escape(previous)}/(v\d+)(?:/|$|\?)", low)
            if found is not None and found.group(1) != segment:
                return f"version {found.group(1)} where the page is {segment}"
    # the record's id with its version, or a segment of the page's address ending in its
    # version ("k7m3q_v2", an id of letters and digits no id-like run marks)
    marked = [s for s in segments if _VERSIONED.search(s) and _VERSIONED_SEGMENT.fullmatch(s)]
    for token in dict.fromkeys([*facts.ids, *marked]):
        version = _VERSIONED.search(token)
        if version is None:
            continue
        stem = re.escape(token[: version.start()])
        found = re.search(rf"(?<![0-9a-z]){stem}(v\d+)(?![0-9a-z])", low)
        if found is not None and found.group(1) != version.group(0):
            return f"version {found.group(1)} where the page is {version.group(0)}"
    return None


def _declared_own(candidate: Candidate, facts: PageFacts) -> bool:
    """Whether a blocked pattern in `candidate`'s folders is overruled by the page's word.

    The generic path patterns (an online reader's ``/reader/`` folder, ``/epdf/``) guess at
    what a link is. A file the page declares as the article's (``citation_pdf_url``) whose
    query names the page's own record (``.../ch/reader/create_pdf.aspx?file_no=20230512``
    on the page ``.../ch/reader/view_abstract.aspx?file_no=20230512``) is the record's file:
    only a pattern in its own name or query (a citation export, a supplement) still holds.
    So is a declared file whose own name says it is a PDF (``.../-/media/.../wp-print-pdf.ashx``):
    the folder pattern guesses, the page's declaration and the file's name say.
    """
    if not candidate.source.startswith("meta:"):
        return False
    parts = urlsplit(candidate.url)
    name = parts.path.rsplit("/", 1)[-1]
    if BAD_HREF.search(f"/{name}" + (f"?{parts.query}" if parts.query else "")) is not None:
        return False
    # the page's own record in its address, or a file whose name says it is a PDF
    # ("wpiea2024104-print-pdf.ashx" in a CMS's ``/-/media/`` folder) and whose address
    # names no other record
    if facts.own_record(candidate.url) is not None:
        return True
    return _PDF_NAME.search(name) is not None and facts.other_record(candidate.url) is None


#: How `rule_candidates` says a rule's selector matches any file link of its platform.
_ANY_FILE = "weak: the selector matches any file link"
#: What a declared file's evidence gains on a rule's link that names the same file.
_DECLARED_BONUS = 10.0


def _declared_among_any(candidates: list[Candidate]) -> list[Candidate]:
    """A site rule's any-file links: the one the page declares as its file goes first.

    A platform's selector that matches every file link of a record (DSpace's bitstreams: a
    questionnaire, a summary and the article) says nothing of which is the article's; the
    page's own declaration (``citation_pdf_url``, same site and not contradicted) does. It
    may name the file under another form of its address (``/bitstream/1/4872/2/a.pdf`` for
    the link ``/bitstream/handle/1/4872/a.pdf?sequence=2``): the same host and the same
    file name, when no other of the rule's links has that name.
    """
    sources = ("meta:", "link:", "jsonld", "signposting")
    declared = [
        c.url for c in candidates if c.source.startswith(sources) and c.strong and not c.rejected
    ]
    anyfile = [
        c
        for c in candidates
        if c.source.startswith("rule:") and _ANY_FILE in c.evidence and not c.rejected
    ]
    if not declared or len({_address_key(c.url) for c in anyfile}) < 2:
        return candidates
    named: dict[tuple[str, str], set[str]] = {}
    for c in anyfile:
        named.setdefault(_file_name(c.url), set()).add(_address_key(c.url))
    keys = {_address_key(u) for u in declared}
    # a declared address naming one of the links' files under another form: the link's
    aliases = {
        _file_name(u): u
        for u in declared
        if _address_key(u) not in named.get(_file_name(u), {_address_key(u)})
        and len(named.get(_file_name(u), ())) == 1
    }
    linked = {_file_name(c.url): c.url for c in anyfile if _file_name(c.url) in aliases}
    listed = {id(c) for c in anyfile}  # (by identity: a page may hold thousands)
    out = []
    for c in candidates:
        if id(c) in listed and (_address_key(c.url) in keys or _file_name(c.url) in aliases):
            c = attrs.evolve(
                c,
                score=c.score + _DECLARED_BONUS,
                evidence=f"{c.evidence}; the page declares this file as its own",
                strong=True,
            )
        elif c.url in declared and _file_name(c.url) in linked:
            # the same file, tried once: at the address the page links
            c = attrs.evolve(c, rejected=f"the file the page links at {linked[_file_name(c.url)]}")
        out.append(c)
    return out


def _file_name(url: str) -> tuple[str, str]:
    """A file's host and name ("a.pdf"), or its host and its whole address when unnamed."""
    parts = urlsplit(url)
    name = unquote(parts.path.rsplit("/", 1)[-1])
    return (parts.netloc, name if FILE_EXTENSION.search(name) else url)


def _numbered(url: str) -> bool:
    """Whether a file's name opens with its number in a deposit ("02_whole.pdf")."""
    return _DEPOSIT_NUMBER.match(unquote(urlsplit(url).path).rsplit("/", 1)[-1]) is not None


#: A deposit's number opening a file's name ("01_front.pdf", "02 whole.pdf").
_DEPOSIT_NUMBER = re.compile(r"\d{1,3}[_ -][^\W\d_]")


def _folder(url: str) -> str:
    """The address of the folder a file's address names it in (its path less its name)."""
    parts = urlsplit(url)
    return f"{parts.netloc}{parts.path.rsplit('/', 1)[0]}"


#: A file name that says it is a PDF: the extension, or "pdf" as a word of the name.
_PDF_NAME = re.compile(r"(?:^|[\W_])pdf(?:[\W_]|$)", re.IGNORECASE)


def _by_record_id(candidates: list[Candidate], facts: PageFacts) -> list[Candidate]:
    """Links of one shape told apart by the place that names their record.

    When one of the page's file addresses carries the record's id in a place (a query
    field, a path segment), the addresses of the same shape with another id in that place
    are other records' files (the issue's other articles, the paper's citing works): a
    weak candidate among them is rejected. A link carrying the record's DOI suffix in a
    form the page's evidence did not read (``RFSP_734_0587``) gains the identifier's
    weight.
    """
    shapes = {c.url: _id_slots(c.url) for c in candidates}
    own: dict[tuple[object, ...], dict[str, str]] = {}
    for shape, slots in shapes.values():
        for place, value in slots.items():
            carried = _carries_record(value, facts)
            if carried is not None:
                own.setdefault(shape, {}).setdefault(place, value)
    out = []
    for c in candidates:
        shape, slots = shapes[c.url]
        places = own.get(shape, {})
        if c.rejected is None and not c.strong:
            other = next(
                (
                    (place, value, places[place])
                    for place, value in slots.items()
                    if place in places
                    and _carries_record(value, facts) is None
                    and not _holds_record_number(value, facts)
                ),
                None,
            )
            if other is not None:
                place, value, ours = other
                c = attrs.evolve(
                    c,
                    rejected=f"its address names another record ({value[:40]!r} in {place}) "
                    f"where the page's own file address names the record ({ours[:40]!r})",
                )
            elif (
                c.source.startswith("anchor")
                and c.score > 0
                and "address carries" not in c.evidence
                and (carried := _carries_record(unquote(c.url), facts)) is not None
            ):
                c = attrs.evolve(
                    c,
                    score=c.score + ANCHOR_WEIGHTS.identifier,
                    evidence=f"{c.evidence}; address carries {carried}",
                )
        if (
            c.rejected is None
            and c.source.startswith(("anchor", "learned", "rule:", "embed"))
            and (other_version := _other_version(c.url, facts)) is not None
        ):
            # a link of the page to another version than the one its address names (the
            # page's declared file, its meta, decides for itself)
            c = attrs.evolve(
                c,
                score=c.score - 30,
                strong=False,
                evidence=f"{c.evidence}; its address names {other_version}",
            )
        out.append(c)
    return out


_CHARSET = re.compile(r"charset\s*=\s*[\"']?([\w.:-]+)", re.IGNORECASE)


def _decoded(html: bytes, headers: Mapping[str, str]) -> str:
    """The page's text: UTF-8 when it is UTF-8, else the encoding it declares.

    A page that is not valid UTF-8 is read in the encoding its Content-Type header or its
    own ``<meta charset>`` names (ISO-8859-9, windows-1252, GB2312): read as UTF-8 it would
    lose its letters ("art\ufffdculo"), and with them its buttons' words and its title.
    """
    try:
        return html.decode("utf-8")
    except UnicodeDecodeError:
        pass
    header = str(headers.get("Content-Type") or "")
    declared = _CHARSET.search(header)
    names = (
        declared.group(1) if declared else None,
        EncodingDetector.find_declared_encoding(html, is_html=True),
    )
    for name in names:
        for codec in _codec_names(name) if name else ():
            try:
                return html.decode(codec)
            except (LookupError, ValueError):  # unknown, undecodable, or a name with a NUL
                continue
    return html.decode("utf-8", "replace")


_WINDOWS = re.compile(r"^(?:x-)?windows-(\d{3,4})$", re.IGNORECASE)


def _codec_names(label: str) -> list[str]:
    """The codec names to try for an encoding label a page declares.

    The label itself, then the forms the web's labels take that Python's codec registry
    lacks: ``windows-874`` (Thai, the WHATWG name of TIS-620's superset) is Python's
    ``cp874``, and an ``x-`` prefix ("x-euc-jp", "x-sjis") names the encoding after it.
    """
    names = [label]
    windows = _WINDOWS.match(label.strip())
    if windows:
        names.append(f"cp{windows.group(1)}")
    if label.lower().startswith("x-"):
        names.append(label[2:])
    return names


#: JSON-LD types of works that are not texts (their files are data and documentation).
_NOT_TEXT = frozenset(["Dataset", "DataCatalog", "SoftwareSourceCode", "SoftwareApplication"])


def _work_type(soup: BeautifulSoup) -> str:
    """The page's work's JSON-LD type when it is not a text (``"Dataset"``), else ""."""
    for script in soup.find_all("script", type=re.compile(r"ld\+json", re.I)):
        try:
            data = json.loads(script.string or "")
        except ValueError:
            continue
        items = data.get("@graph", [data]) if isinstance(data, dict) else data
        for item in items if isinstance(items, list) else []:
            kind = item.get("@type") if isinstance(item, dict) else None
            kinds = kind if isinstance(kind, list) else [kind]
            if any(k in _NOT_TEXT for k in kinds if isinstance(k, str)):
                return next(k for k in kinds if isinstance(k, str) and k in _NOT_TEXT)
            if any(isinstance(k, str) for k in kinds):
                return ""  # the page's first typed work decides
    return ""


_UUID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}", re.I)


def _repair_meta(candidate: Candidate, soup: BeautifulSoup, base: str) -> Candidate:
    """A meta file URL on another host, repaired to the page's own link to it.

    DSpace 7 behind a proxy names ``localhost:4000`` in ``citation_pdf_url``; the
    page links the same bitstream (matched by its UUID) on its own host.
    """
    if not candidate.source.startswith(("meta:", "link:")) or same_site(candidate.url, base):
        return candidate
    uuid = _UUID.search(candidate.url)
    if uuid is None:
        return candidate
    for element in soup.find_all("a", href=True):
        href = str(element["href"])
        if uuid.group(0).lower() in href.lower():
            link = absolute(href, base)
            if same_site(link, base):
                return attrs.evolve(
                    candidate,
                    url=link,
                    evidence=f"{candidate.evidence} on another host "
                    f"({urlsplit(candidate.url).netloc}), repaired to the page's link to "
                    f"the same bitstream {uuid.group(0)}",
                )
    return candidate


#: Class words of a site's side boxes: a CMS's modules, widgets and sidebars.
_SIDE_BOX = re.compile(r"module|widget|sidebar|side-?bar|moduletable|portlet", re.IGNORECASE)


def _login_box(password: object, soup: BeautifulSoup) -> bool:
    """Whether a password field sits in a side box of a page whose heading is no sign-in's.

    A side box is named so (an ``aside``, a CMS's module or widget), or is a column beside
    one that holds far more of the page's text (a catalogue's member login in its left
    column, the record's details in the next).
    """
    if not isinstance(password, Tag):
        return False
    heading = soup.find("h1")
    if heading is not None and _LOGIN_WORDS.search(heading.get_text(" ", strip=True)):
        return False
    for depth, parent in enumerate(password.parents):
        if depth > 4 or not isinstance(parent, Tag) or parent.name in ("body", "main"):
            return False
        names = " ".join([*(parent.get("class") or []), str(parent.get("id") or "")])
        if heading is not None and (parent.name == "aside" or _SIDE_BOX.search(names)):
            return True
        if parent.name in ("td", "div") and _beside_content(parent):
            return True
    return False


#: How many times more text a column beside a login box holds for the box to be aside.
_CONTENT_SHARE = 4
#: The least text, in characters, of the content beside a login box.
_CONTENT_TEXT = 400


def _beside_content(column: Tag) -> bool:
    """Whether a sibling of `column` of its kind holds far more text than it does."""
    own = len(column.get_text(" ", strip=True))
    for sibling in column.find_next_siblings(column.name, limit=3):
        text = len(sibling.get_text(" ", strip=True))
        if text >= _CONTENT_TEXT and text >= _CONTENT_SHARE * max(own, 1):
            return True
    return False


def _blocked(soup: BeautifulSoup, html: str, status: int, headers: Mapping[str, str]) -> str | None:
    evidence = challenge_evidence(status, headers, html[:16384])
    if evidence is not None:
        return f"bot challenge ({evidence}); politeharvest never tries to pass one"
    password = soup.find("input", attrs={"type": "password"})
    # a site's login box in a sidebar module or widget beside the page's own content (a
    # Joomla "Login" module) is no wall in front of the page
    has_password = password is not None and not _login_box(password, soup)
    has_article = (
        soup.find("meta", attrs={"name": re.compile(r"^(citation_title|dc\.title)$", re.I)})
        is not None
    )
    title = soup.title.get_text(" ", strip=True) if soup.title else ""
    if has_password and not has_article and _LOGIN_WORDS.search(title + " " + html[:4000]):
        return f"sign-in wall (a password form, title {title[:60]!r})"
    return None


def _weigh_declared(
    candidates: list[Candidate],
    soup: BeautifulSoup,
    base: str,
    regions: Regions,
    facts: PageFacts,
    rules: Sequence[SiteRule] = (),
) -> list[Candidate]:
    """Declared files (meta tags, JSON-LD, Signposting) weighed against what the page shows.

    A same-site declaration is strong evidence, unless the page itself contradicts it:
    the same address linked from another article's block, a list, the page's navigation,
    or labelled as another kind of document (a stale ``citation_pdf_url`` naming the
    previous article). With several declared files, order says nothing: a file name
    that says supplement, abstract or cover ranks last, the article's identifiers in
    the address first.
    """
    sources = ("meta:", "link:", "jsonld", "signposting")
    declared = {c.url for c in candidates if c.source.startswith(sources)}
    # one pass over the page's links, not one for each declared file (a page declaring
    # thousands of files beside thousands of links took minutes)
    page_links = list(link_sources(soup)) if declared else []
    links = _links_to(page_links, base, rules)
    by_path = _by_path(links)
    # (the texts of the links just read, each by its own address: no second reading)
    controls = labels_by_address(
        (element, absolute(href, base)) for element, href, _ in page_links if element.name == "a"
    )
    titles = PageTitles(soup, facts)
    # the page's own links that carry the article's id: a declared file without it is suspect
    carried = [
        c.url
        for c in candidates
        if c.rejected is None
        and c.source.startswith(("anchor", "rule:"))
        and c.score >= MIN_SCORE
        and facts.named_in(c.url) is not None
        and OTHER_KIND_FILE.search(unquote(urlsplit(c.url).path.rsplit("/", 1)[-1])) is None
        and problematic_url(c.url) is None
    ]
    files = sum(1 for c in candidates if c.rejected is None and c.score >= MIN_SCORE)
    # the page's files whose names say no other kind of document, by address
    plain = {
        _address_key(c.url)
        for c in candidates
        if c.rejected is None
        and c.score >= MIN_SCORE
        and OTHER_KIND_FILE.search(unquote(urlsplit(c.url).path.rsplit("/", 1)[-1])) is None
    }
    out = []
    for c in candidates:
        if not c.source.startswith(("meta:", "link:", "jsonld", "signposting")):
            parts = urlsplit(c.url)
            # the file's name, and its query's values ("DownloadFile.aspx?...&type=abstract")
            name = " ".join(
                [unquote(parts.path.rsplit("/", 1)[-1]), *(v for _, v in parse_qsl(parts.query))]
            )
            kind = OTHER_KIND_FILE.search(name) if c.source.startswith("anchor") else None
            if kind is not None and files > 1 and c.rejected is None:
                # among several files, one whose name (or the kind its query asks for) says
                # supplement or cover goes last
                c = attrs.evolve(
                    c,
                    strong=False,
                    score=c.score - 30,
                    evidence=f"{c.evidence}; one of {files} files, named {kind.group(2)!r}",
                )
            out.append(c)
            continue
        strong = c.strong if c.source == "signposting" else same_site(c.url, base)
        score, evidence = c.score, c.evidence
        linked = _links_of(c.url, links, by_path)
        contradiction = _contradiction(c.url, linked, regions, facts, titles, controls)
        other = facts.other_doi(c.url)
        if contradiction is None and other is not None:
            contradiction = f"the address carries another DOI ({other}) than the article's"
        if contradiction is None and carried and facts.named_in(c.url) is None:
            contradiction = (
                f"the page's own link {carried[0]} carries the article's identifier, this "
                "address does not"
            )
        if contradiction is not None and contradiction.startswith("the page's link to it"):
            out.append(attrs.evolve(c, strong=False, rejected=contradiction))
            continue
        if contradiction is not None:
            strong, score = False, score - 50
            evidence = f"{evidence}; weak: {contradiction}"
        # several declared files, or one beside a file of the page named as no other kind
        # (DSpace declaring a record's first bitstream, "Abstract.pdf", beside "Thesis.pdf")
        if len(declared) > 1 or plain - {_address_key(c.url)}:
            name = unquote(urlsplit(c.url).path.rsplit("/", 1)[-1] + "?" + urlsplit(c.url).query)
            kind = OTHER_KIND_FILE.search(name)
            if kind is not None:
                strong, score = False, score - 30
                evidence = (
                    f"{evidence}; one of {len(declared)} declared files, named {kind.group(2)!r}"
                    if len(declared) > 1
                    else f"{evidence}; declared, named {kind.group(2)!r}, beside another file"
                )
            identified = facts.named_in(c.url) if len(declared) > 1 else None
            if identified is not None:
                score += 5
                evidence = f"{evidence}; address carries {identified}"
        out.append(attrs.evolve(c, strong=strong, score=score, evidence=evidence))
    return out


#: The score of a file the page embeds for reading (a viewer's ``?file=``): the document
#: the page shows as its own, tried before links that only say "PDF" (the issue's, its
#: contents'); below a declared file; weak (its file must match the record), except a
#: PDF the page's article block shows in an ``<object>`` or ``<embed>`` of its own.
_EMBEDDED = 90.0
#: The score of a file the page forwards its reader to (a refresh, ``location = …``): the
#: page is a way to its file; weak all the same (its file must match the record).
_FORWARDED = 70.0


def _embedded_candidates(
    soup: BeautifulSoup,
    base: str,
    regions: Regions,
    facts: PageFacts,
    rules: Sequence[SiteRule] = (),
) -> list[Candidate]:
    """The files the page embeds in a viewer or an ``<object>``, or forwards its reader to.

    The document a page shows in its own article block is the article's; one embedded in a
    block about another document (a list, a card, the references) is not. A page that sends
    its reader on to a file (a refresh, a script setting ``location``) is a way to it.
    """
    found = []

    def embedded(element: Tag, link: str, evidence: str, *, strong: bool = False) -> None:
        why = foreign_label(element, link, regions, facts) or regions.outside(element)
        found.append(
            Candidate(
                link,
                "embed",
                evidence,
                _EMBEDDED,
                strong=strong and why is None,
                rejected=why,
                signature=element_signature(element),
            )
        )

    for element, address, where in embedded_files(soup):
        own = str(element.get("src") or element.get("data") or "").strip()
        viewer = absolute(own, base) or base
        # (a viewer's parameter is read from the viewer's address; the element's own
        # address, "../trabalhos/T0412.pdf" in an <object>, from the page's)
        link = absolute(address, base if address == own else viewer)
        if link:
            # a PDF the page shows as itself (its <object>/<embed> in the article's block)
            # is the page's document; a viewer's parameter may be any file
            reading = f"the page embeds it for reading ({where})"
            embedded(element, link, reading, strong=where.startswith("<"))
    for frame in soup.find_all(("iframe", "frame"), src=True, limit=_FRAMES):
        # a file host's viewer a site rule turns into its file (Google Drive's
        # ``/file/d/<id>/preview``): the page embeds that file for reading (marked
        # rewritten: the page's own address of the same file goes first)
        viewer = absolute(str(frame["src"]), base)
        for rule in rules:
            target = None if rule.guess else rule.rewritten(viewer)
            if target is not None:
                reading = f"the page embeds it for reading (a viewer in <{frame.name}>)"
                embedded(frame, target, f"{reading}{_REWRITTEN}{rule.name}")
                break
    for _, address, where in forwarded_files(soup):
        link = absolute(address, base)
        other = facts.other_doi(link) if link else None
        why = None if other is None else f"its address carries another DOI ({other})"
        if link:
            found.append(
                Candidate(
                    link,
                    "forward",
                    f"the page sends its reader on to it ({where})",
                    _FORWARDED,
                    rejected=why,
                )
            )
    return found


#: The most frames of a page read for a file host's viewer (`_embedded_candidates`).
_FRAMES = 50


def _rewritten(candidate: Candidate, rules: Sequence[SiteRule]) -> Candidate:
    """A candidate that is a viewer page a rule knows how to turn into the file (OJS galleys)."""
    for rule in rules:
        if not candidate.source.startswith(f"rule:{rule.name}"):
            target = rule.rewritten(candidate.url)
            if target is not None:
                return attrs.evolve(
                    candidate,
                    url=target,
                    evidence=f"{candidate.evidence}{_REWRITTEN}{rule.name}",
                )
    return candidate


#: What a candidate's evidence says once a rule rewrote its address (`_rewritten`).
_REWRITTEN = "; rewritten by rule "


def _address_key(url: str) -> str:
    """`url` with its query's parameters in one order.

    The same file's address, however the page or a rule orders them
    (``uc?id=X&export=download``, ``uc?export=download&id=X``).
    """
    parts = urlsplit(url)
    if "&" not in parts.query:
        return url
    query = urlencode(sorted(parse_qsl(parts.query, keep_blank_values=True)))
    return urlunsplit((parts.scheme, parts.netloc, parts.path, query, parts.fragment))


def _home_page(url: str) -> bool:
    """Whether `url` is a site's home page: its root, no query."""
    parts = urlsplit(url)
    return parts.path in ("", "/") and not parts.query


def _splits(url: str) -> bool:
    """Whether an address can be split into its parts.

    One that cannot (a bracket opening or closing no IPv6 host, ``//[::1/login``, or a port
    that is no number) can never be requested, so it is no candidate, whichever source gave it.
    """
    try:
        parts = urlsplit(url)
        _ = parts.port
    except ValueError:
        return False
    return True


#: The deepest nesting of a page's elements that `find_candidates` analyses: far deeper than
#: any page people read (a few dozen levels), far shallower than a hostile one.
MAX_DEPTH = 256


def _depth(soup: BeautifulSoup) -> int:
    """How deep the page's elements nest (one pass, without recursion)."""
    deepest = 0
    stack: list[tuple[Tag, int]] = [(soup, 0)]
    while stack:
        node, depth = stack.pop()
        deepest = max(deepest, depth)
        stack.extend((child, depth + 1) for child in node.children if isinstance(child, Tag))
    return deepest


def _read_units(soup: BeautifulSoup) -> None:
    """Write each file size the page gives in a unit of another script as its Latin unit.

    "(PDF، 9.8 ميغابايت)" is read "(PDF، 9.8 MB)" by every reader of labels after
    (`latin_units`): a page's own words, in the soup this module alone reads.
    """
    for string in soup.find_all(string=_NON_LATIN_AFTER_NUMBER):
        if type(string) is not NavigableString:
            continue  # a script's, a comment's: no label
        read = latin_units(str(string))
        if read != string:
            string.replace_with(read)


#: A number, then a letter of a script other than Latin: a size's unit, perhaps.
_NON_LATIN_AFTER_NUMBER = re.compile(r"\d\s*[^\W\d_a-zA-Z]")


def find_candidates(
    html: str | bytes,
    url: str,
    *,
    rules: Sequence[SiteRule] = RULES,
    learned: Iterable[str] = (),
    status: int = 200,
    headers: Mapping[str, str] | None = None,
) -> PageAnalysis:
    """Read a landing page and rank its full-text candidates (no requests).

    Args:
        html: the page.
        url: its address (after redirects); relative links resolve against it or ``<base href>``.
        rules: the site rules to apply.
        learned: element signatures that held a verified file link on this site before.
        status: the page's HTTP status (challenge detection).
        headers: the page's response headers.
    """
    text = _decoded(html, headers or {}) if isinstance(html, bytes) else html
    soup = BeautifulSoup(text, "lxml")
    _read_units(soup)
    depth = _depth(soup)
    if depth > MAX_DEPTH:
        # every link's blocks are read up to the page's body: a page nesting thousands of
        # elements in one another (no page people read does) would take minutes
        return PageAnalysis(
            url=url,
            kind=KIND_NONE,
            reason=f"the page nests its elements {depth} deep (over {MAX_DEPTH}): not analysed",
        )
    base_tag = soup.find("base", href=True)
    base = (absolute(str(base_tag["href"]), url) or url) if isinstance(base_tag, Tag) else url
    blocked = _blocked(soup, text, status, headers or {})
    if blocked is not None:
        return PageAnalysis(url=url, kind=KIND_BLOCKED, reason=blocked)
    facts = page_facts(soup, url)
    regions = Regions(soup, facts, base)
    signposted, linksets = signposting_candidates(soup, base, headers or {})
    candidates = [
        *rule_candidates(soup, base if base != url else url, rules, regions, facts),
        *signposted,
        *meta_candidates(soup, base),
        *jsonld_candidates(soup, base, facts),
        *state_candidates(soup, base, facts),
        *learned_candidates(soup, base, learned, regions, facts),
        *anchor_candidates(soup, base, regions, facts),
        *_embedded_candidates(soup, base, regions, facts, rules),
    ]
    candidates = [_repair_meta(c, soup, base) for c in candidates if c.url and _splits(c.url)]
    candidates = apply_walls(candidates, soup, base, regions)  # every source of a walled file
    candidates = _weigh_declared(candidates, soup, base, regions, facts, rules)
    candidates = _by_version(candidates, soup, base)
    candidates = _by_record_id(candidates, facts)
    candidates = _split_parts(candidates, facts)
    candidates = _declared_among_any(candidates)
    # a file the page's script state holds under another document is that document's
    foreign = {c.url: c.rejected for c in candidates if c.source == "script-state" and c.rejected}
    candidates = [
        attrs.evolve(c, rejected=foreign[c.url])
        if c.url in foreign and c.rejected is None and c.source.startswith(("anchor", "learned"))
        else c
        for c in candidates
    ]
    # Platform first: when a site rule found the article's file on the page, generic
    # anchors and learned structure do not compete; when a rule recognised the platform
    # by its address but found nothing, an anchor needs strong evidence.
    found_by_rule = any(
        c.source.startswith("rule:") and c.rejected is None and c.strong for c in candidates
    )
    recognised = any(r.platform and r.matches(url) is not None for r in rules)
    # the files listed beside a declared file (the other rows of its file table): the
    # same work's other versions or other documents, each worth a probe that must match
    listed = _listed_beside(soup, base, candidates) if recognised else set()
    kept: dict[str, Candidate] = {}
    rejected: list[Candidate] = []
    links: dict[str, list[Tag]] | None = None  # the page's anchors by address, read once
    for candidate in (_rewritten(c, rules) for c in candidates):
        if candidate.rejected is None and candidate.source.startswith(("anchor", "learned")):
            if found_by_rule:
                candidate = attrs.evolve(
                    candidate, rejected="a site rule found the article's file on this page"
                )
            elif recognised and candidate.score < _STRONG_ANCHOR and candidate.url not in listed:
                candidate = attrs.evolve(
                    candidate,
                    rejected=weak_evidence(
                        candidate.score,
                        _STRONG_ANCHOR,
                        "for an anchor on a known platform whose rule found no file",
                    ),
                )
        reason = candidate.rejected or problematic_url(candidate.url)
        if reason is None and candidate.source.startswith("anchor") and not candidate.strong:
            links = links if links is not None else links_by_address(soup, base)
            reason = weak_link_wall(candidate.url, links.get(candidate.url, ()))
        patterned = BAD_HREF.search(candidate.url) is not None and not (
            candidate.source.startswith("anchor")
            and (MEDIA_PDF in candidate.evidence or reader_pdf(candidate.url))
        )
        if reason is None and patterned and not _declared_own(candidate, facts):
            reason = "blocked link pattern"
        if reason is None and candidate.source.startswith("anchor") and _home_page(candidate.url):
            # a site's logo or name ("Digital Library UIN ..."), whatever its words match
            reason = "the site's home page, no article's file"
        if reason is None and candidate.source.startswith("anchor") and candidate.score < MIN_SCORE:
            reason = weak_evidence(candidate.score)
        if reason is not None:
            rejected.append(attrs.evolve(candidate, rejected=reason))
            continue
        key = _address_key(candidate.url)
        if key not in kept:
            kept[key] = candidate
        else:  # the same URL from several sources: keep the strongest, add up a little
            best = kept[key]
            stronger = candidate if candidate.score > best.score else best
            # (the address as the page writes it, not a rule's rewrite of another link to
            # the same file with its query in another order: the page's is the one it serves)
            written = [c.url for c in (stronger, best, candidate) if _REWRITTEN not in c.evidence]
            evidence = stronger.evidence
            if written and _REWRITTEN in evidence:
                # (at the page's own address now: no rule's rewrite, so a later merge keeps it)
                evidence = re.sub(re.escape(_REWRITTEN) + r"[\w-]+", "", evidence)
            kept[key] = attrs.evolve(
                stronger,
                url=written[0] if written else stronger.url,
                evidence=evidence,
                score=max(candidate.score, best.score) + 2,
                strong=candidate.strong or best.strong,  # a guess the page confirms
            )
    kept = _shared_identifier(kept)
    # Strong evidence first (a rule's selector, a same-site citation_pdf_url), then by score:
    # a weak candidate's file is kept only when it matches the record, so it goes after.
    # Among strong equals, a file whose name says it is the whole work goes first (a
    # repository's documents of the record, declared alike: "BAB I.pdf", "DAFTAR
    # PUSTAKA.pdf", "SKRIPSI FULL.pdf"); not among weak links, where "the full issue" is
    # another object than the article ("LVIZ_2023_2_pilns_numurs.pdf").
    # Among weak equals numbered in one folder, too (a thesis deposited as "01_front.pdf"
    # and "02_whole.pdf"): a deposit's numbered files are one record's; a volume's
    # "complet.pdf" beside its articles' "03.pdf" is another object.
    folders = Counter(
        (_folder(c.url), c.score) for c in kept.values() if not c.strong and _numbered(c.url)
    )
    ranked = tuple(
        sorted(
            kept.values(),
            key=lambda c: (
                not c.strong,
                -c.score,
                not (
                    names_whole(c.url)
                    and (c.strong or (_numbered(c.url) and folders[(_folder(c.url), c.score)] > 1))
                ),
            ),
        )
    )
    if ranked:
        top = ranked[0]
        return PageAnalysis(
            url=url,
            kind=KIND_PDF,
            reason=f"{top.source}: {top.evidence}",
            candidates=ranked,
            rejected=tuple(rejected),
            linksets=tuple(linksets),
            work_type=_work_type(soup),
        )
    fulltext = soup.find("meta", attrs={"name": re.compile(r"^citation_fulltext_html_url$", re.I)})
    if fulltext is not None:
        return PageAnalysis(
            url=url,
            kind=KIND_HTML_FULLTEXT,
            reason="meta citation_fulltext_html_url and no file link",
            rejected=tuple(rejected),
            linksets=tuple(linksets),
        )
    walled = next((c.rejected for c in rejected if (c.rejected or "").startswith(WALLED)), None)
    return PageAnalysis(
        url=url,
        kind=KIND_NONE,
        reason=f"the page's file is {walled}" if walled else "no full-text file link on the page",
        rejected=tuple(rejected),
        linksets=tuple(linksets),
        fallback=() if walled else _fallback(rejected, soup, base, regions, url, links),
    )


#: How `anchor_candidates` says a download button's address carries the record's id.
_ID_BUTTON = "strong: a download button with the article's identifier"
_CARRIED_ID = re.compile(r"address carries the article's id '([^']+)'")


def _shared_identifier(kept: dict[str, Candidate]) -> dict[str, Candidate]:
    """Download buttons whose addresses carry the same id of the page's are not strong.

    A course's code or a series' slug in every file's address ("PWKL4301_M2.pdf",
    "PWKL4301_M3.pdf", "PWKL4301_M4.pdf" on the page of module 3) names the page's group of
    records, not its record's file: each file is then kept only when it matches the record.
    """
    carriers: dict[str, list[str]] = {}
    for key, c in kept.items():
        found = _CARRIED_ID.search(c.evidence) if _ID_BUTTON in c.evidence else None
        if found is not None:
            carriers.setdefault(found.group(1), []).append(key)
    out = dict(kept)
    for ident, keys in carriers.items():
        if len(keys) < 2:
            continue
        for key in keys:
            c = out[key]
            out[key] = attrs.evolve(
                c,
                strong=False,
                evidence=f"{c.evidence}; weak: {len(keys)} files carry the id {ident!r}",
            )
    return out


def _says_own_file(candidate: Candidate) -> bool:
    """Whether a link's own evidence says it gives a PDF, or its file's address the record.

    Read from the evidence `anchor_candidates` wrote (each says what it saw): a PDF in the
    link's text, type, class, icon, label or file name; or a file's address carrying the
    record's identifier, or a file name its title's words or an author's name. A file's
    address alone is not enough (a guide or a policy has one), nor the record's id in a
    page's address (the record's other page: its English version).
    """
    evidence = candidate.evidence.lower()
    carries = "address carries" in evidence or "file name carries" in evidence
    return "pdf" in evidence or (carries and FILE_HREF.search(candidate.url) is not None)


#: An identifier in an address: a run of letters, digits and hyphens holding four digits or
#: more (``33cc44dd-5566-7788-99aa-bbccddeeff00``, ``1387654``).
_ADDRESS_ID = re.compile(r"[A-Za-z0-9-]{6,}")

#: How a link is rejected when the page says it is another document's, or another record's.
_NAMES_ANOTHER = ("the link names another document", "the address names another record")


def _address_ids(url: str) -> set[str]:
    """The identifiers in `url`'s path and query values (`_ADDRESS_ID`), lower-cased."""
    parts = urlsplit(url)
    text = " ".join([unquote(parts.path), *(v for _, v in parse_qsl(parts.query))])
    return {
        token.lower()
        for token in _ADDRESS_ID.findall(text)
        if sum(ch.isdigit() for ch in token) >= 4
    }


def _foreign_ids(rejected: Sequence[Candidate], url: str) -> set[str]:
    """Identifiers of the links the page says name another document, less the page's own."""
    named = [c.url for c in rejected if (c.rejected or "").startswith(_NAMES_ANOTHER)]
    return set().union(*(_address_ids(u) for u in named)) - _address_ids(url)


def _fallback(
    rejected: Sequence[Candidate],
    soup: BeautifulSoup,
    base: str,
    regions: Regions,
    url: str,
    links: dict[str, list[Tag]] | None,
) -> tuple[Candidate, ...]:
    """The links worth one probe when no candidate is kept, best first.

    A link is one when the link itself says it gives the record's file (`_says_own_file`)
    and its only rejection is its weak evidence: no link of the page to the same address
    says it is another document, lies in another document's block, the page's chrome, or
    behind a wall. Nor is one a link the page shows a sign of a wall for
    (`weak_link_wall`), nor any on a page that marks its own file closed (`closed_file`),
    nor one whose address carries the identifier of a link that names another document
    (`_foreign_ids`: that document's file, its report or its annex). Its file must then
    match the record (the identity check is what makes the probe safe).
    """
    against = {c.url for c in rejected if not (c.rejected or "").startswith(WEAK_EVIDENCE)}
    foreign = _foreign_ids(rejected, url)
    found: dict[str, Candidate] = {}
    for c in rejected:
        if (
            c.source.startswith("anchor")
            and (c.rejected or "").startswith(WEAK_EVIDENCE)
            and c.url not in against
            and _says_own_file(c)
            and problematic_url(c.url) is None
            and not foreign.intersection(_address_ids(c.url))
        ):
            best = found.get(c.url)
            if best is None or c.score > best.score:
                found[c.url] = c
    if found and closed_file(soup, regions) is not None:
        return ()  # the page shows its own file closed: a weak link is another of its files
    links = links if links is not None else links_by_address(soup, base)
    found = {k: c for k, c in found.items() if weak_link_wall(k, links.get(k, ())) is None}
    return tuple(sorted(found.values(), key=lambda c: -c.score))
