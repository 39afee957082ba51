"""Is this file the record's own? Hints from the record, structure from the file (core).

Storing another article's PDF under a record looks like success and corrupts a
collection, so every downloaded file is compared with its record:

- `RecordHints`: title(s), DOI, author surnames, year and kind, from the harvested
  record (or the optional ``title``/``doi``/``authors``/``year``/``kind`` fields of a
  batch line);
- `check_identity`: reads the file's first pages with their layout (`_pdflayout`,
  bounded), finds what the document says about itself (`_docfacts`: its title block,
  byline, own DOIs, kind and version) and `judge`s it against the record;
- `decide`: the same judgement for plain text (`pdf_text`), every line one size.

The verdict is ``matched`` (the record's DOI given as the document's own, or its
title as the title block with its authors, and no stronger evidence against; the title
zone must be the record's: no larger run of other words over it, no words of no field of
the record's in front of it, no numbered label right above it, no other number in its
frame, no other words in place of the record's in it or the runs beside it, see
`_larger_title`, `_words_in_front`, `_numbered_label`, `_other_number`, `_replaced_words`;
a title over several top lines counts word for word, `_spread_title`),
``mismatch`` (a document of another kind, another part of a series, a title that quotes
the record's, or evidence of another document: another title in the title block, another
own DOI, other authors) or ``unverifiable`` (no
text that can be trusted, no hints, evidence both ways, or none either way). The year
and one-word titles never corroborate; a cited DOI is not the document's own, nor the
record's DOI where it ends a citation of the record or follows another DOI of the
document's own. Titles and
names in another script are compared through a transliteration (`_scripts`).
"""

from __future__ import annotations

import difflib
import functools
import html
import itertools
import logging
import math
import os
import re
import unicodedata
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any, Literal

import attrs

from politeharvest.quality._normalize import valid_issn
from politeharvest.quality._text import STOP, content_words, dois_in, keys
from politeharvest.quality._text import fold_all_scripts as fold

from ._docfacts import (
    BOOK_CITED,
    CJK_NAME_SPACE,
    HAN,
    HAN_NAME,
    LANDSCAPE,
    POSTER_SHEET,
    SPARSE,
    DocumentFacts,
    Kind,
    TitleRun,
    Version,
    facts_of,
    kind_of_title,
    layout_of_text,
    names_line,
    running_text,
    word_count,
)
from ._labels import (
    AFTER_TITLE_PHRASES,
    COMMENT_PHRASES,
    COMPANION_PHRASES,
    EDITORIAL_PHRASES,
    NOTICE_PHRASES,
    OTHER_KINDS,
    PEER_REVIEW_PHRASES,
    REVIEW_PHRASES,
    STUDY_DOCUMENT_PHRASES,
    SUMMARY_PHRASES,
    SUMMARY_WORDS,
    TEACHERS_ONLY_PHRASES,
    THESIS_PHRASES,
    THESIS_SUMMARY_PHRASES,
    TITLE_CAPTION_PHRASES,
    VERSION_PHRASES,
    contains,
    label_of_title,
    starts_with,
)
from ._patents import applied, other_publication, own_publication, record_numbers
from ._pdflayout import Layout, Line, read_layout
from ._scripts import (
    comparable,
    han_as_record,
    in_word_mirrored,
    japanese_text,
    latin_words,
    letter_scripts,
    mirrored,
    name_among,
    order_evidence,
    roman_value,
    rtl_letters,
    script_of,
    similar_across,
)

__all__ = [
    "Identity",
    "Kind",
    "RecordHints",
    "Version",
    "check_identity",
    "decide",
    "fold",
    "identify",
    "judge",
    "pdf_text",
]

logger = logging.getLogger(__name__)

Verdict = Literal["matched", "mismatch", "unverifiable"]

#: PDFs larger than this are not read (a reader may hold all of a broken one).
MAX_READ_BYTES = 32 * 2**20
#: Pages read first; more when the first ones are covers, cover sheets or mastheads.
FIRST_PAGES = 3
MORE_PAGES = 8


def _doi(value: str) -> str | None:
    found = dois_in(value)
    return found[0] if found else None


@attrs.frozen
class RecordHints:
    """What a record says about its own file.

    Attributes:
        titles: the record's titles (several languages are common).
        doi: its DOI (lower case, ``10.x/...``), if any.
        surnames: its creators' family names.
        year: its publication year, if any (never evidence: it is shown, not compared).
        kind: what the record describes, when it says (``"notice"``, ``"supplement"``,
            ``"editorial"``, ``"thesis"``, ``"poster"``, ...); None for an article or unknown.
        forenames: creators of two words written without a comma ("zhang wei"): the family
            name may come first (looked for, with the other name or its initial, when no
            surname is found).
        conference: its type says it is a conference contribution
            (``info:eu-repo/semantics/conferenceObject``, ``conferencePaper``), whose file
            may be its extended abstract.
        article: its type says it is an article (``info:eu-repo/semantics/article``): a
            document labelled as another document of the study (its preregistration, its
            protocol, a patent) is not its file.
        languages: the languages the record gives (``ja``, ``jpn``...), lower case: a
            record in ``ja`` has its romanised title compared with the file's Japanese one
            by its Japanese reading.
        related: the other DOIs of its ``relation`` (lower case): works the record says it
            is related to (the original of a translation, a dataset), never its own.
        creators: its creators' names as the record gives them ("University of Mysore"):
            their words are the record's own where a title zone prints them.
        monograph: its type names a whole long work, a thesis or a book
            (``info:eu-repo/semantics/doctoralThesis``, ``book``, a COAR thesis or book
            URI; never a part of one): a file of one or two pages cannot be it.
        report: its type names a report (``info:eu-repo/semantics/report``, "Technical
            report", a COAR report URI): a document dated on its title pages, one issue of
            a series of reports under the same title.
        genre: its type names, in words, a genre beyond a plain article ("Short
            Communication", "Letter to the Editor", "Obituary"): a work that may be short.
        pages: how many pages its citation says the work runs (``source`` "5(2): 77-101"
            is 25), if it says.
        venue: the record's texts that say where the work appeared (its ``source`` and
            ``publisher``): the words a work's own header prints over its title (its
            journal, its publisher).
        numbers: its identifiers that are a patent's publication numbers ("EP 3 987 412
            A1", "特開2021-118834"): a patent's front page gives its own in a numbered
            field, and another number there is another publication (`_patents`).
        editions: its identifiers that name one edition of a numbered document by its
            year ("DIN SPEC 17394-2:2021-05", "ISO 9001:2015"), as (number, year) pairs: a
            file heading its page with the same number and another year is another
            edition (`_other_edition`).
        book: its type names a whole book (``book``, ``info:eu-repo/semantics/book``, COAR
            ``c_2f33``; never a chapter, a part or a review of one): a book runs 49 pages or
            more (UNESCO's definition), so a shorter file is a part of it (its front
            matter, a preview, a chapter), not the book.
        addresses: its identifiers that are web addresses, without their scheme, lower case
            ("www.zgr.example.de/reviews/id/reb-31206"): a page printed from one of them is
            the record's own (a review published on a portal only).
        talk: its type names a presentation's slides (``presentation``, ``slides``; not a
            ``lecture``, whose notes are prose): portrait pages of running text are the
            paper the talk was made from, not the record's slides.
        symbols: its identifiers that are an official document's symbol ("A/RES/78/212",
            "A76/12"): the document's first lines print its own; another of the same
            series there, or the record's with an addendum's or a corrigendum's suffix
            ("A76/12 Add.1"), is another document.
        arxiv: its arXiv identifiers ("2205.01234", "hep-th/9901001"), without a
            version: a file stamped with another arXiv identifier and not its own is
            another arXiv paper.
        typed: it gives a type, whatever its words ("Artistic output", "Design"): a record
            typed as no article, thesis or book may be a work set on landscape pages or a
            large sheet, which its pages' shape alone does not refuse.
    """

    titles: tuple[str, ...] = ()
    doi: str | None = None
    surnames: tuple[str, ...] = ()
    year: str | None = None
    kind: Kind | None = None
    forenames: tuple[str, ...] = ()
    conference: bool = False
    languages: tuple[str, ...] = ()
    article: bool = False
    related: tuple[str, ...] = ()
    creators: tuple[str, ...] = ()
    monograph: bool = False
    report: bool = False
    genre: bool = False
    pages: int | None = None
    venue: tuple[str, ...] = ()
    numbers: tuple[str, ...] = ()
    editions: tuple[tuple[str, str], ...] = ()
    book: bool = False
    talk: bool = False
    addresses: tuple[str, ...] = ()
    typed: bool = False
    symbols: tuple[str, ...] = ()
    arxiv: tuple[str, ...] = ()

    @property
    def empty(self) -> bool:
        """True when there is nothing to compare a file with."""
        return not self.titles and not self.doi

    @classmethod
    def from_metadata(cls, metadata: Mapping[str, Sequence[str]]) -> RecordHints:
        """Hints from oai_dc-style metadata (``title``, ``identifier``, ``creator``, ``date``...).

        ``type`` gives the kind, ``source`` a container of abstracts, ``language`` the
        languages.
        """
        titles = tuple(_unmarked(str(t)) for t in metadata.get("title", ()) if str(t).strip())
        creators = [_unmarked(str(c)) for c in metadata.get("creator", ())]
        doi = None
        for value in (*metadata.get("identifier", ()), *metadata.get("relation", ())):
            doi = _doi(str(value))
            if doi:
                break
        surnames = tuple(s for s in (_surname(c) for c in creators) if s)
        related = tuple(
            dict.fromkeys(
                other.lower()
                for value in metadata.get("relation", ())
                if (other := _doi(str(value))) and other.lower() != (doi or "").lower()
            )
        )
        year = None
        for value in metadata.get("date", ()):
            found = re.search(r"\b(1[5-9]\d\d|20\d\d)\b", str(value))
            if found:
                year = found.group(1)
                break
        types = "; ".join(str(t) for t in metadata.get("type", ()))
        kind = _record_kind(types) or _container_kind(metadata.get("source", ()))
        if kind is None and doi is not None and _SUPPLEMENT_DOI.search(doi):
            # a supplement's own DOI, its article's with ".s001" after it (ACS, PLOS): the
            # record is the supplement deposited apart (figshare), its file the supplement
            kind = "supplement"
        languages = tuple(
            str(v).strip().lower() for v in metadata.get("language", ()) if str(v).strip()
        )
        return cls(
            titles,
            doi,
            surnames,
            year,
            kind,
            _forenames(creators),
            _conference(types),
            languages,
            _article(types),
            related,
            tuple(c.strip() for c in creators if c.strip()),
            any(_monograph(str(t)) for t in metadata.get("type", ()))
            or _whole_by_extent(metadata, types, kind),
            any(_report(str(t)) for t in metadata.get("type", ())),
            _genre(types),
            next(
                (n for n in (cited_pages(str(v)) for v in metadata.get("source", ())) if n),
                None,
            ),
            tuple(
                _unmarked(str(v))
                for field in ("source", "publisher")
                for v in metadata.get(field, ())
                if str(v).strip()
            ),
            record_numbers(str(v) for v in metadata.get("identifier", ())),
            editions_of(str(v) for v in metadata.get("identifier", ())),
            any(_book(str(t)) for t in metadata.get("type", ())),
            any(_talk(str(t)) for t in metadata.get("type", ())),
            _addresses(str(v) for v in metadata.get("identifier", ())),
            bool(types.strip()),
            _symbols(str(v) for v in metadata.get("identifier", ())),
            _arxiv_ids(str(v) for v in metadata.get("identifier", ())),
        )

    @classmethod
    def from_row(cls, row: Mapping[str, Any]) -> RecordHints:
        """Hints from a batch line: ``title``, ``doi``, ``authors``, ``year``, ``language``.

        All optional; ``language`` (or ``lang``) is a code or a list of codes.
        """
        title = row.get("title")
        titles = tuple(title if isinstance(title, list) else [title] if title else ())
        authors = row.get("authors") or ()
        if isinstance(authors, str):
            authors = [a for a in re.split(r";|\band\b", authors) if a.strip()]
        names = [_unmarked(str(a)) for a in authors]
        doi = _doi(str(row.get("doi") or ""))
        surnames = tuple(s for s in (_surname(a) for a in names) if s)
        year = str(row["year"]) if row.get("year") else None
        kind = _record_kind(str(row.get("kind") or row.get("type") or ""))
        texts = tuple(_unmarked(str(t)) for t in titles)
        conference = _conference(str(row.get("kind") or row.get("type") or ""))
        language = row.get("language") or row.get("lang") or []
        languages = tuple(
            str(v).strip().lower()
            for v in (language if isinstance(language, (list, tuple)) else [language])
            if str(v).strip()
        )
        article = _article(str(row.get("kind") or row.get("type") or ""))
        return cls(
            texts,
            doi,
            surnames,
            year,
            kind,
            _forenames(names),
            conference,
            languages,
            article,
            creators=tuple(n.strip() for n in names if n.strip()),
            monograph=_monograph(str(row.get("kind") or row.get("type") or "")),
            report=_report(str(row.get("kind") or row.get("type") or "")),
            book=_book(str(row.get("kind") or row.get("type") or "")),
            talk=_talk(str(row.get("kind") or row.get("type") or "")),
            genre=_genre(str(row.get("kind") or row.get("type") or "")),
            typed=bool(str(row.get("kind") or row.get("type") or "").strip()),
            pages=cited_pages(str(row.get("pages") or row.get("source") or "")),
            venue=tuple(
                _unmarked(str(row[field]))
                for field in ("source", "journal", "publisher")
                if row.get(field)
            ),
        )


#: An identifier naming one edition of a numbered document by its year: a standard's
#: body and number, a colon, the year (and month) of the edition ("DIN SPEC 17394-2:2021-05",
#: "ISO/IEC 27001:2022", "EN 1090-2:2018").
_EDITION = re.compile(
    r"\s*([A-Z][A-Za-z]{1,9}(?:[ /][A-Z][A-Za-z]{1,9}){0,3}\s+\d[\d.-]*)\s*:\s*"
    r"((?:19|20)\d\d)(?:-[01]\d)?\s*"
)


def editions_of(identifiers: Iterable[str]) -> tuple[tuple[str, str], ...]:
    """The (number, year) pairs of identifiers naming one edition of a numbered document."""
    found = (_EDITION.fullmatch(str(v)) for v in identifiers)
    return tuple(dict.fromkeys((" ".join(m[1].split()), m[2]) for m in found if m))


def _other_edition(hints: RecordHints, facts: DocumentFacts) -> tuple[str, str] | None:
    """The record's edition, and another year the file's first page heads its number with.

    "DIN SPEC 17394-2:2017-11" heading the file of the record "DIN SPEC 17394-2:2021-05":
    the same document's earlier (or later) edition, its title and committee the same. Only
    when the page never gives the record's own year after the number, and only where the
    page names itself so: a sentence naming the edition a draft will replace ("will cancel
    and replace EAS 1187:2015", words before it on its line) names another document.
    Returns (the record's "number:year", the page's year), or None.
    """
    lines = facts.first_page_text[:_PAGE_REACH].splitlines()
    for number, year in hints.editions:
        years = [m[1] for _, m in _designations(lines, number, r"\s*:\s*((?:19|20)\d\d)")]
        if years and year not in years:
            return f"{number}:{year}", years[0]
    return None


def _designations(lines: Sequence[str], number: str, tail: str) -> list[tuple[str, re.Match[str]]]:
    """Where `lines` give the numbered document `number`, then `tail` (a pattern).

    Each line with its match, only where the line names the document itself: a sentence
    naming it ("will cancel and replace EAS 1187:2015", words before it on its line) is
    left out.
    """
    written = r"\s*".join(re.escape(part) for part in number.split())
    pattern = re.compile(rf"(?<![\w-]){written}{tail}")
    return [
        (line, match)
        for line in lines
        for match in pattern.finditer(line)
        if not _SENTENCE_WORD.search(line[: match.start()])
    ]


#: A designation's suffix naming an amendment or a correction of the document it follows
#: ("/Amd 1", "/AMD1", "/Amd.1", "/Cor 2", "+A1", "/A11", "/AC"; a national "Berichtigung 1").
_AMENDMENT = re.compile(
    r"\s*(?:[/+]\s*(?:Amd|AMD|COR|Cor|AC|A)(?![^\W\d_])\.?\s*\d*|\s(?:Berichtigung|Änderung)\s+\d+)"
)


def _amendment(hints: RecordHints, facts: DocumentFacts) -> str | None:
    """The designation of an amendment of the record's edition the file's first page heads.

    The record is an edition of a numbered document ("IEA 62991-2:2021"), and every time the
    first page gives that number (outside a sentence), it goes on with an amendment's or a
    correction's suffix ("IEA 62991-2:2021/Amd 1"): the file is that amendment, its title
    the base document's. A page that also gives the number alone is the document's own.
    A title page passed over before the first page counts (a standard's cover).
    """
    lines = [
        *facts.prefix_text[:_PAGE_REACH].splitlines(),
        *facts.first_page_text[:_PAGE_REACH].splitlines(),
    ]
    for number, year in hints.editions:
        found = _designations(lines, number, rf"(?:\s*:\s*{year}(?:-[01]\d)?)?")
        amended = [
            (line, match, suffix)
            for line, match in found
            if (suffix := _AMENDMENT.match(line, match.end())) is not None
        ]
        if found and len(amended) == len(found):
            line, match, suffix = amended[0]
            return line[match.start() : suffix.end()].strip()
    return None


#: A word of a sentence: lower-case letters alone ("replace", "ersetzt"), not a web
#: address's ("www.din.de") or a designation's.
_SENTENCE_WORD = re.compile(r"(?<![\w.])[^\W\d_A-Z]{2,}(?![\w.])")


#: Markup a pipeline left in a record ("N&lt;sub&gt;2&lt;/sub&gt;O", "K&#305;r&#351;ehir").
_TAG = re.compile(r"<\s*/?\s*[a-zA-Z][\w:-]{0,20}(?:\s[^<>]{0,200})?/?>")


def _unmarked(text: str) -> str:
    """A record's value without escaped HTML: entities decoded (twice: "&amp;lt;"), tags gone."""
    if "&" in text:
        text = html.unescape(html.unescape(text))
    return _TAG.sub("", text) if "<" in text else text


def _forenames(creators: Sequence[str]) -> tuple[str, ...]:
    """Creators written without a comma, in two words, as "first last" (folded).

    "Zhang Wei" may give the family name first: `_author_match` looks for "zhang" with
    "wei" or its initial "w" in the byline ("W. Zhang").
    """
    out = []
    for name in creators:
        words = [w for w in re.split(r"[\s.]+", name.strip()) if w]
        if "," not in name and len(words) == 2 and all(len(w) > 2 for w in words):
            folded = fold(" ".join(words)).split()
            if len(folded) == 2:
                out.append(" ".join(folded))
    return tuple(out)


_RECORD_KINDS: dict[str, Kind] = {
    "thesis": "thesis",
    "dissertation": "thesis",
    "erratum": "notice",
    "correction": "notice",
    "corrigendum": "notice",
    "retraction": "notice",
    "notice": "notice",
    "supplement": "supplement",
    "supplementary": "supplement",
    "editorial": "editorial",
    "frontmatter": "editorial",
    "compilation": "compilation",
    "issue": "compilation",
    "proceedings": "compilation",
    "book": "compilation",
    "form": "form",
    "poster": "poster",
    "presentation": "slides",
    "slides": "slides",
    "lecture": "slides",
    "website": "webpage",
    "webpage": "webpage",
    "bookreview": "review",
    # info:eu-repo/semantics/review: "a review of others' published work" (a book's review)
    "review": "review",
    "peerreview": "peer-review",
    "comment": "comment",
    "reply": "comment",
    "abstract": "summary",
    "summary": "summary",
    "autoreferat": "summary",
}


def _record_kind(value: str) -> Kind | None:
    """The kind a record's type names (``info:eu-repo/semantics/doctoralThesis`` is a thesis).

    A compound type names its kind by its last part ("conferencePoster" is a poster,
    "bookPart" no book), or as a whole ("bookReview").
    """
    # a type in words ("Policy brief", "Book review") says its kind as a document's label
    # does, read whole before its words ("book" alone names a compilation)
    for part in re.split(r"[;|]", _heads(value)):
        if "/" not in part and ":" not in part:
            labelled = kind_of_title(part.strip())
            if labelled is not None:
                return labelled
    # (a compound written as two words, "peer review", "peer-review", is the compound)
    words = re.findall(r"[a-z]+", _heads(value).lower())
    for first, second in itertools.pairwise(words):
        if first + second in _RECORD_KINDS:
            return _RECORD_KINDS[first + second]
    for compound in re.findall(r"[A-Za-z]+", _heads(value).replace("thesis", "Thesis")):
        parts = re.findall(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])", compound)
        for word in (compound.lower(), parts[-1].lower() if parts else ""):
            if word in _RECORD_KINDS:
                return _RECORD_KINDS[word]
    return None


def _article(value: str) -> bool:
    """A type that names an article ("info:eu-repo/semantics/article", "journal-article")."""
    return "article" in value.lower() and _record_kind(value) is None


#: COAR resource types of a whole long work: thesis, bachelor, master and doctoral
#: thesis, book (http://purl.org/coar/resource_type/c_46ec ...).
_COAR_MONOGRAPHS = frozenset({"c_46ec", "c_7a1f", "c_bdcc", "c_db06", "c_2f33"})

#: The fewest pages of a book, by UNESCO's definition (a non-periodical publication of at
#: least 49 pages, its covers aside).
_BOOK_PAGES = 49

#: The last word of a type that names a whole book ("book", "monograph"), not a part of one.
_BOOK_TYPES = frozenset({"book", "monograph"})


def _monograph(value: str) -> bool:
    """A type that names a whole thesis or book ("doctoralThesis", "book", COAR ``c_db06``).

    Each part of a vocabulary's term ("info:eu-repo/semantics/book") names its kind by its
    last word: "bookPart", "bookReview" and "Book chapter" are no book.
    """
    if _COAR_MONOGRAPHS.intersection(re.findall(r"\bc_[0-9a-f]{4}\b", value.lower())):
        return True
    return any(
        _RECORD_KINDS.get(last) == "thesis" or last in _BOOK_TYPES
        for last in _type_kinds(value.replace("thesis", "Thesis"))
    )


#: Where a type in words turns from the item to its container: "Chapter in book",
#: "Article in proceedings", "Contribution to journal" (Pure's and Converis's types).
_CONTAINED = re.compile(r"\s+(?:in|to|within)\s+", re.IGNORECASE)
#: Where a type's path of words goes one level down (Pure's "Contribution to journal",
#: an angle quotation mark, "Article").
_TYPE_LEVELS = re.compile(r"[;|\u203a>]")


def _heads(value: str) -> str:
    """A record's type with each part cut to its item, its container left out.

    "Chapter in book/report/conference proceeding" is a chapter, "Article in proceedings"
    an article, Pure's "Contribution to journal" then "Article" an article: the words after "in" or
    "to" name where the item appeared, not what it is. A vocabulary's URI (no spaces) stays.
    """
    return ";".join(_CONTAINED.split(part, maxsplit=1)[0] for part in _TYPE_LEVELS.split(value))


def _type_kinds(value: str) -> list[str]:
    """The word each part of a type ends with, in lower case: the kind that part names.

    "info:eu-repo/semantics/bookPart" gives "info", "repo", "semantics" and "part".
    """
    kinds = []
    for part in re.split(r"[/:;,#|()\[\]]+", _heads(value)):
        words = re.findall(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])", part)
        if words:
            kinds.append(words[-1].lower())
    return kinds


def _book(value: str) -> bool:
    """A type that names a whole book ("book", "info:eu-repo/semantics/book", COAR ``c_2f33``)."""
    if "c_2f33" in re.findall(r"\bc_[0-9a-f]{4}\b", value.lower()):
        return True
    return any(last in _BOOK_TYPES for last in _type_kinds(value))


#: A type's last word naming a presentation's slides (a lecture's may be its notes).
_TALK_TYPES = frozenset({"presentation", "slides", "slideshow"})


def _talk(value: str) -> bool:
    """A type that names a presentation's slides ("presentation", "Slides"), not a lecture."""
    return any(last in _TALK_TYPES for last in _type_kinds(value))


#: COAR resource types of a report: report, research report, technical report, project
#: deliverable, report to funding body.
_COAR_REPORTS = frozenset({"c_93fc", "c_18ws", "c_18gh", "c_18op", "c_18hj"})


def _report(value: str) -> bool:
    """A type that names a report ("info:eu-repo/semantics/report", "technicalReport")."""
    if _COAR_REPORTS.intersection(re.findall(r"\bc_[0-9a-z]{4}\b", value.lower())):
        return True
    return "report" in _type_kinds(value)


#: The words of a type in words that names no genre beyond an article: "Journal article",
#: "Text", "Peer-reviewed research paper", "Accepted version". A word opening "arti" or
#: "arty" is an article's name in most languages ("Artículo", "Artigo", "Artykuł").
_PLAIN_TYPE_WORDS = frozenset(
    {
        *("text", "journal", "research", "original", "paper", "papers", "scientific"),
        *("scholarly", "peer", "reviewed", "refereed", "published", "accepted", "submitted"),
        *("version", "publication", "contribution", "full", "regular", "info", "eu", "repo"),
        *("semantics", "revue", "revista", "zeitschrift", "non"),
    }
)


def _genre(value: str) -> bool:
    """A type in words that names a genre beyond a plain article ("Short Communication").

    Only a part of the type written in words counts (a vocabulary's URI, with its slashes
    or colons, names its kind by `_record_kind`), when one of its words is neither a plain
    article's (`_PLAIN_TYPE_WORDS`) nor a stop word.
    """
    for part in re.split(r"[;|]", value):
        if "/" in part or ":" in part:
            continue
        # (words run together in their capitals are words: EPrints' "PeerReviewed")
        part = re.sub(r"(?<=[a-z])(?=[A-Z])", " ", part)
        for word in fold(part).split():
            plain = word in _PLAIN_TYPE_WORDS or word in STOP or word.startswith(("arti", "arty"))
            if word.isalpha() and not plain:
                return True
    return False


#: A page range in a citation: "77-101", "pp. 77-101", "S. 77-101", after a colon, a
#: semicolon, a comma or a page mark ("p", "pp", "S", "s", Cyrillic "s", "pág"); any dash.
_PAGE_RANGE = re.compile(
    r"(?:[:;,]|\b(?:pp?|pgs?|pages?|ss?|\u0441|\u0441\u0442\u0440|pág|págs|str|ff)\.?)\s*"
    # a range of days before its month ("5-7 September 2022") is a date's, not a page range
    r"(\d{1,5})\s*[-\u2010-\u2015\u2212]\s*(\d{1,5})(?!\d)(?!\s*[^\W\d_])",
    re.IGNORECASE,
)
#: A single page at a citation's end: "9(2): 88", "p. 88" (a year there is no page).
_ONE_PAGE = re.compile(r"(?::|\b(?:pp?|s|\u0441|pág)\.)\s*(\d{1,5})\s*\.?\s*$", re.IGNORECASE)


#: A catalogue's extent of a whole work in its ``format`` ("1 online resource (xii, 186
#: pages)", "x, 246 s.", a Russian "312 s."): its count of pages and the word for pages
#: after it, in the abbreviations of cataloguing rules (a range's end, "45-67 p.", is a
#: part's pages).
_EXTENT = re.compile(
    r"(?<![\d\-\u2013])(\d{2,5})\s*(?:pages?|pp?\.|s\.|с\.|стр\.?|str\.?|sivua|sider|sidor|"  # noqa: RUF001
    r"oldal|p[áa]ginas?|p[áa]g\.|pagine|stron|stran|strani|lk\.|ページ|页|쪽)(?!\w)",
    re.IGNORECASE,
)


def extent_pages(formats: Sequence[str]) -> int | None:
    """The pages a record's ``format`` says its whole work runs ("xii, 186 pages": 186), or None."""
    for value in formats:
        found = _EXTENT.search(str(value))
        if found is not None:
            return int(found.group(1))
    return None


#: A book's number as a record's identifier ("URN:ISBN:9785999990549", "ISBN 978-0-…",
#: "9788499999234").
_ISBN_ID = re.compile(
    r"^(?:urn:)?isbn[:\s]*[\d\- ]{9,17}[\dx]$|^97[89][\d\-]{10,14}$", re.IGNORECASE
)


def _whole_by_extent(metadata: Mapping[str, Any], types: str, kind: Kind | None) -> bool:
    """Whether a catalogue's record is of a whole long work (a book), by its extent or ISBN.

    A record typed only as "text" by a library catalogue gives its extent in ``format``
    ("1 online resource (xii, 186 pages)") or the book's number as its own identifier
    (``URN:ISBN:…``): a work of `_BOOK_PAGES` pages or more, or a book, that is no article,
    no conference paper and no part cited in a container (a ``source`` with a page range),
    as a record typed "book" is.
    """
    if kind is not None or _article(types) or _conference(types):
        return False
    pages = extent_pages([str(v) for v in metadata.get("format", ())])
    numbered = any(_ISBN_ID.match(str(v).strip()) for v in metadata.get("identifier", ()))
    if not numbered and (pages is None or pages < _BOOK_PAGES):
        return False
    return not any(cited_pages(str(v)) for v in metadata.get("source", ()))


def _symbols(identifiers: Iterable[str]) -> tuple[str, ...]:
    """A record's identifiers that are an official document's symbol ("A/RES/78/212")."""
    return tuple(dict.fromkeys(v.strip() for v in identifiers if _SYMBOL.fullmatch(v.strip())))


def _arxiv_ids(identifiers: Iterable[str]) -> tuple[str, ...]:
    """A record's arXiv identifiers, without a version ("arxiv.org/abs/2205.01234v2")."""
    return tuple(
        dict.fromkeys(
            found.group(1).lower()
            for v in identifiers
            if (found := _ARXIV_RECORD.search(v.strip())) is not None
        )
    )


#: An arXiv identifier in a record's identifier (its address or "arXiv:<id>"), and on a
#: file's stamp ("arXiv:2404.10777v1 [hep-ex] 16 Apr 2024").
_ARXIV_RECORD = re.compile(
    r"(?:arxiv\.org/(?:abs|pdf)/|^arxiv:)([a-z-]+(?:\.[a-z]{2})?/\d{7}|\d{4}\.\d{4,5})",
    re.IGNORECASE,
)
#: (The stamp sets the paper's category in brackets after it; an identifier the text cites,
#: "see arXiv:1901.00001", has none.)
_ARXIV_STAMP = re.compile(
    r"arXiv:\s?([a-z-]+(?:\.[A-Z]{2})?/\d{7}|\d{4}\.\d{4,5})(?:v\d+)?\s+\[[a-z-]+(?:\.[A-Za-z-]+)?\]"
)
#: The letters of a file's first page (and a cover before it) read for its arXiv stamp.
_STAMP_REACH = 3000


def _other_arxiv(hints: RecordHints, facts: DocumentFacts) -> str | None:
    """The arXiv identifier a file is stamped with, when the record's is another, or None."""
    if not hints.arxiv:
        return None
    text = facts.prefix_text[:_STAMP_REACH] + "\n" + facts.first_page_text[:_STAMP_REACH]
    stamped = {m.group(1).lower() for m in _ARXIV_STAMP.finditer(text)}
    if not stamped or stamped & set(hints.arxiv):
        return None
    return sorted(stamped)[0]


#: An official document's symbol: a capital letter opening segments set apart by slashes,
#: digits among them ("A/RES/78/212", "A/C.2/78/L.41", "A76/12", "E/CN.6/2024/3"); no web
#: address, DOI or handle (a handle's prefix is digits).
_SYMBOL = re.compile(r"[A-Z][A-Z0-9.]{0,8}(?:/[A-Z0-9][A-Za-z0-9.()-]{0,12}){1,5}")
#: A revision's suffix after a document's symbol ("Rev.1"): the document, replaced.
_REVISION = re.compile(r"\s*/?\s*Rev\.\s?\d+")
#: How many lines of the first page head it, where a document prints its symbol.
_SYMBOL_LINES = 4
#: An addition's suffix after a document's symbol: an addendum, a corrigendum, an
#: amendment ("Add.1", "/Corr.2", "Amend.1").
_ADDITION = re.compile(r"\s*/?\s*(?:Add|Corr|Amend)\.\s?\d+")


def _head_symbol(hints: RecordHints, facts: DocumentFacts) -> tuple[bool, str] | None:
    """Whether the symbol the first lines give is the record's, and which, or None.

    An official document heads its first page with its symbol. The record's symbol there
    (or its revision, "Rev.1", which replaces it) is the record's own: (True, symbol). The
    record's with an addition's suffix ("A76/12 Add.1") is its addendum or corrigendum;
    another symbol of the same series there, the record's nowhere in those lines, is
    another document under the same title (a committee's draft "A/C.2/78/L.41" for the
    adopted resolution "A/RES/78/212"): (False, why).
    """
    if not hints.symbols:
        return None
    head = [line for line in facts.first_page_text[:_PAGE_REACH].splitlines() if line.strip()]
    text = "\n".join(head[:_SYMBOL_LINES])
    for symbol in hints.symbols:
        for found in re.finditer(rf"(?<![\w/.]){re.escape(symbol)}(?!\w)", text):
            added = _ADDITION.match(text, found.end())
            if added is not None:
                said = text[found.start() : added.end()].strip()
                return False, f"{said!r}, an addition to the record's"
            if _REVISION.match(text, found.end()) or not text.startswith("/", found.end()):
                return True, symbol  # the record's own symbol heads the page (or its revision)
    series = {symbol.split("/", 1)[0] for symbol in hints.symbols}
    for line in head[:_SYMBOL_LINES]:
        for token in line.split():
            if _SYMBOL.fullmatch(token) and token.split("/", 1)[0] in series:
                return False, f"{token!r}, another document of the record's series"
    return None


def _addresses(identifiers: Iterable[str]) -> tuple[str, ...]:
    """A record's identifiers that are web addresses: host and path, lower case, no slash."""
    found = []
    for value in identifiers:
        value = value.strip()
        if re.match(r"https?://", value, re.IGNORECASE) and "doi.org/" not in value.lower():
            found.append(re.sub(r"^https?://", "", value, flags=re.IGNORECASE).rstrip("/").lower())
    return tuple(dict.fromkeys(found))


def _printed_own(hints: RecordHints, facts: DocumentFacts) -> bool:
    """Whether a printed web page's print header or footer gives the record's own address."""
    printed = (facts.kind_evidence + "\n" + facts.first_page_text[:_PAGE_REACH]).lower()
    return any(len(address) >= _ADDRESS_CHARS and address in printed for address in hints.addresses)


#: The fewest characters of a record's address looked for on a printed page (not a host).
_ADDRESS_CHARS = 16


def cited_pages(citation: str) -> int | None:
    """How many pages a citation says its work runs, or None when it gives no page range.

    "Revista de Lenguas 5(2): 77-101" is 25 pages; "Mizoram Science Journal 9(2): 88" is
    one. A range of two years ("2020-2023") or of reversed numbers is no page range.
    """
    for found in reversed(list(_PAGE_RANGE.finditer(citation))):
        first, last = int(found.group(1)), int(found.group(2))
        if first < last <= first + 2000 and not (first >= 1800 and last <= 2100):
            return last - first + 1
    one = _ONE_PAGE.search(citation)
    return 1 if one is not None and not 1800 <= int(one.group(1)) <= 2100 else None


def _conference(value: str) -> bool:
    """A type that names a conference contribution ("conferenceObject", "conference paper")."""
    return "conference" in value.lower()


#: The DOI of an article's supplementary file: the article's, then ".s" and its number.
_SUPPLEMENT_DOI = re.compile(r"\.s\d{3}$", re.IGNORECASE)


def _container_kind(sources: Sequence[str]) -> Kind | None:
    """The kind a record's container says its items are, or None.

    A volume of extended abstracts or a book of abstracts ("HIC 2024 Extended Abstracts")
    holds summaries (`SUMMARY_PHRASES`).
    """
    for source in sources:
        words = [w[:-1] if w.endswith("s") and len(w) > 4 else w for w in keys(str(source))]
        if contains(words, SUMMARY_PHRASES) or contains(words, _ABSTRACTS):
            return "summary"
    return None


#: A container of abstracts: "Book of abstracts", "Abstract volume" (plurals folded).
_ABSTRACTS = (("book", "of", "abstract"), ("abstract", "book"), ("abstract", "volume"))


#: A Korean family or given name in Hangul syllables.
_HANGUL_NAME = re.compile("[\uac00-\ud7a3]{1,3}")


#: A patronymic's ending: "Андреевна", "Викторович", "Садыковна", "Ilyinichna", "Petrovich".
_PATRONYMIC = re.compile(
    r"(?:[оеё]вич|[оеё]вна|[иі]чна|[іи]вна|ївна|[ао]віч|[еаэ]ўна"  # noqa: RUF001 - Cyrillic
    r"|[oe]vich|[oe]vna|ichna)$"
)


def _surname(name: str) -> str:
    """The family name: "Smith, J." and "SMITH J" give smith, "John Smith" and "J. Smith" too."""
    name = name.strip()
    if not name:
        return ""
    if "," in name:
        family, _, given = name.partition(",")
        if _HANGUL_NAME.fullmatch(family.strip()) and _HANGUL_NAME.fullmatch(given.strip()):
            # "최, 영수": a Korean name is printed whole ("최영수"), and a syllable alone is
            # no word of a byline
            return family.strip() + given.strip()
        words = fold(family).split()
        return words[-1] if words else ""
    raw = [w for w in re.split(r"[\s.]+", name) if w]
    if len(raw) == 1 and HAN.fullmatch(raw[0]) and 2 <= len(raw[0]) <= HAN_NAME:
        # "刘洋": a Chinese or Japanese name written whole, its family name first; a byline
        # prints it whole too ("刘洋", or "刘　洋" read whole), a letter alone is no word
        return raw[0]
    full = [w for w in raw if len(w) > 2]
    if not full:
        return ""
    # "Smith J" (initials after the family name) or "J. Smith" (before it); "Кузнецова
    # Елена Андреевна" (family, given and father's names, the last a patronymic: East Slavic
    # order, in its script or transliterated) gives the first
    patronymic = len(raw) == 3 and _PATRONYMIC.search(raw[-1].lower()) is not None
    chosen = full[0] if len(raw[-1]) <= 2 or patronymic else full[-1]
    words = fold(chosen).split()
    return words[-1] if words else ""


@attrs.frozen
class Identity:
    """Whether a file is the record's own, and why.

    Attributes:
        verdict: ``"matched"``, ``"mismatch"`` or ``"unverifiable"``.
        evidence: what decided it, in a sentence.
        kind: what the document is: ``"article"``, ``"compilation"`` (a list of
            contents, a whole issue, a book of abstracts), ``"notice"`` (erratum,
            corrigendum, retraction, expression of concern), ``"supplement"``,
            ``"editorial"`` (or front matter), ``"form"`` (or guidelines), ``"thesis"``,
            ``"poster"``, ``"slides"``, ``"webpage"`` (printed from a browser),
            ``"review"`` (of a book), ``"comment"`` (or a reply), ``"peer-review"`` (a
            referee's report or the response to it), ``"letter"`` (a cover letter); None
            when the file could not be read.
        version: the version it says it is: ``"preprint"``, ``"submitted"``,
            ``"accepted"`` (an accepted manuscript) or ``"published"`` (it gives the
            record's DOI as its own); None when it does not say.
        titled: an ``"unverifiable"`` file whose title block is the record's title, with
            nothing against it: only the title's shortness (a report's "Zdravotnictví -
            2023") and no record author under it keep it from ``"matched"``. A page's
            first file with evidence of its own may be kept so (`PdfFetcher`'s
            ``require="titled"``).
    """

    verdict: Verdict
    evidence: str
    kind: Kind | None = None
    version: Version | None = None
    titled: bool = False

    def to_dict(self) -> dict[str, str]:
        """The row form: ``{"verdict": ..., "evidence": ...}``, and kind, version, titled.

        Kind and version when known, ``"titled": "yes"`` when `titled`.
        """
        out = {"verdict": self.verdict, "evidence": self.evidence}
        if self.kind is not None:
            out["kind"] = self.kind
        if self.version is not None:
            out["version"] = self.version
        if self.titled:
            out["titled"] = "yes"
        return out


#: What `check_identity` takes as the record.
Record = RecordHints | Mapping[str, Any]


def hints_of(record: Record) -> RecordHints:
    """`RecordHints` from a record: hints already, oai_dc metadata, or a batch line."""
    if isinstance(record, RecordHints):
        return record
    if any(k in record for k in ("creator", "identifier", "date")):
        return RecordHints.from_metadata(record)
    return RecordHints.from_row(record)


def check_identity(pdf: bytes | str | os.PathLike[str], record: Record) -> Identity:
    """Is this PDF the record's own file? Read its first pages' structure and judge.

    Args:
        pdf: the PDF's bytes, or the path of a PDF file.
        record: a `RecordHints`, an oai_dc metadata mapping (``title``, ``creator``,
            ``identifier``, ``date``, ``type``: lists of strings), or a batch line
            (``title``, ``authors``, ``doi``, ``year``, ``kind``).

    Returns:
        The `Identity`: verdict, evidence, kind and version.

    Raises:
        FileNotFoundError: `pdf` is a path to no file.
    """
    if not isinstance(pdf, bytes):
        path = Path(pdf)
        if not path.is_file():
            raise FileNotFoundError(f"no PDF at {path}: give the bytes or the path of a file")
        pdf = str(path)
    return identify(hints_of(record), pdf)


def identify(
    hints: RecordHints | None, source: bytes | str, *, max_bytes: int = MAX_READ_BYTES
) -> Identity:
    """The identity verdict for a PDF (bytes or a path) against the record's hints."""
    if hints is None or hints.empty:
        return Identity("unverifiable", "the record gives no title or DOI to compare with")
    size = len(source) if isinstance(source, bytes) else os.path.getsize(source)
    if size > max_bytes:
        return Identity(
            "unverifiable",
            f"a {size // 2**20} MiB file is not read for its text (over {max_bytes // 2**20} MiB)",
        )
    layout = read_layout(source, max_pages=FIRST_PAGES)
    if layout is None:
        return Identity(
            "unverifiable", "no readable text in the file (broken, encrypted or hostile)"
        )
    layout, turned = logical_order(hints, layout)
    facts = facts_of(layout)
    start = facts.article_page
    if (
        start is None or start >= FIRST_PAGES - 1 or facts.covers_only
    ) and layout.page_count > FIRST_PAGES:
        more = read_layout(source, max_pages=MORE_PAGES)
        if more is not None:
            layout, turned = logical_order(hints, more)
            facts = facts_of(layout)
    identity = _with_order(judge(hints, facts), turned)
    edition = _other_edition(hints, facts) if hints.editions else None
    if edition is not None and identity.verdict != "mismatch":
        said = (
            f"its first page gives its number with the year {edition[1]}, the record is "
            f"{edition[0]}: another edition of the same numbered document"
        )
        return Identity("mismatch", f"{said} ({identity.evidence[:120]})", identity.kind)
    amended = _amendment(hints, facts) if hints.editions else None
    if amended is not None and identity.verdict != "mismatch":
        said = (
            f"its first page gives its number as {amended!r}, an amendment or a correction "
            "of the record's numbered document, not the document"
        )
        return Identity("mismatch", f"{said} ({identity.evidence[:120]})", identity.kind)
    if identity.verdict == "unverifiable":
        identity = _by_info_title(hints, layout, identity)
    if identity.verdict == "matched":
        identity = _under_a_heading(hints, facts, identity)
    if identity.verdict == "matched":
        identity = _whole_issue(hints, layout, identity)
    if identity.verdict == "matched" and hints.doi and hints.doi.lower() in facts.own_dois:
        identity = _items_after(hints.doi.lower(), layout, identity)
    if (
        identity.verdict == "matched"
        and hints.kind == "review"
        and not facts.byline
        and not (hints.doi and hints.doi.lower() in facts.own_dois)
    ):
        identity = _signed(hints, layout, identity)
    if (
        identity.verdict == "matched"
        and layout.page_count == 1
        and hints.pages is not None
        and hints.pages > layout.page_count + 1
    ):
        # one page for a work its citation gives three pages or more ("S. 233-252"): a page
        # about the work (a repository's cover sheet alone, a first page shown as a
        # preview, a notice), which prints its title, byline and DOI as the work does
        said = (
            f"a file of one page cannot be the record's work of {hints.pages} pages, though "
            f"{identity.evidence}: a page about it (a cover sheet, a preview, a notice)"
        )
        return attrs.evolve(identity, verdict="unverifiable", evidence=said)
    if identity.verdict == "matched" and hints.monograph and layout.page_count <= _FEW_PAGES:
        # a thesis or a book is never a page or two: this one prints its title to announce it
        # (a defence notice), describe it (a flyer, a summary, an abstract sheet) or stand in
        # for it
        pages = "one page" if layout.page_count == 1 else f"{layout.page_count} pages"
        said = (
            f"a file of {pages} cannot be the record's whole thesis or book, though "
            f"{identity.evidence}: pages about it (an announcement, a summary, a flyer)"
        )
        return attrs.evolve(identity, verdict="unverifiable", evidence=said)
    if (
        identity.verdict == "matched"
        and hints.article
        and layout.page_count <= _SHEETS
        and layout.pages
        and all(
            page and page[0].page_width >= LANDSCAPE * page[0].page_height for page in layout.pages
        )
    ):
        # an article is set on upright pages: a sheet or two turned on their side under the
        # article's title are its poster or slides
        said = (
            f"{identity.evidence}; but the file is {layout.page_count} landscape page(s): a "
            "poster or slides of the work, not the article?"
        )
        return attrs.evolve(identity, verdict="unverifiable", evidence=said)
    if (
        identity.verdict == "mismatch"
        and len(layout.pages) > 1
        and not facts.numbers
        and _about_record(hints, facts)
    ):
        # a notice about the record on the first page: the corrected article may follow it
        behind = judge(hints, facts_of(Layout(layout.pages[1:], layout.page_count - 1)))
        if behind.verdict == "matched":
            said = f"{behind.evidence}, behind a first page about it ({identity.evidence[:120]})"
            return _as_long_as_a_book(hints, layout, attrs.evolve(behind, evidence=said))
    if (
        identity.verdict == "mismatch"
        and len(layout.pages) > 1
        and not facts.numbers
        and _title_page(hints, facts)
    ):
        # a volume's title page (its title, its editors, its publisher, "Extract: pages
        # 211-224") in front of the record's paper: the paper's own first page decides
        behind = judge(hints, facts_of(Layout(layout.pages[1:], layout.page_count - 1)))
        if behind.verdict == "matched":
            said = f"{behind.evidence}, behind a title page without text ({identity.evidence[:90]})"
            return _as_long_as_a_book(hints, layout, attrs.evolve(behind, evidence=said))
    if (
        identity.verdict == "unverifiable"
        and len(layout.pages) > 1
        and not facts.numbers
        and _cover_citing(hints, facts)
    ):
        # a repository's cover sheet (its name set large, a note on the version, the record's
        # citation ending in its DOI, a rights statement) in front of the manuscript: the
        # manuscript's own first page decides
        behind = judge(hints, facts_of(Layout(layout.pages[1:], layout.page_count - 1)))
        if behind.verdict == "matched":
            said = f"{behind.evidence}, behind a cover page citing the record"
            return _as_long_as_a_book(hints, layout, attrs.evolve(behind, evidence=said))
    titled = _behind_front_matter(hints, layout, facts) if identity.verdict != "matched" else None
    if titled is not None and (titled.verdict == "matched" or identity.verdict == "mismatch"):
        # (a title page whose own judgement is undecided, too short to show the work, still
        # unsays the refusal its front matter drew)
        said = f"{titled.evidence}, behind its front matter ({identity.evidence[:90]})"
        return _as_long_as_a_book(hints, layout, attrs.evolve(titled, evidence=said))
    return _as_long_as_a_book(hints, layout, identity)


def _as_long_as_a_book(hints: RecordHints, layout: Layout, identity: Identity) -> Identity:
    """A match for a whole book's record undecided when the file is shorter than a book.

    Whatever matched it (its own title page, a title page behind front matter): a file of
    fewer than `_BOOK_PAGES` pages is a part of the book (its front matter, a publisher's
    preview, a chapter), which prints the book's title, authors and DOI as the book does.
    """
    if identity.verdict != "matched" or not hints.book or layout.page_count >= _BOOK_PAGES:
        return identity
    said = (
        f"a file of {layout.page_count} pages cannot be the record's whole book (a book runs "
        f"{_BOOK_PAGES} pages or more), though {identity.evidence}: a part of it (its front "
        "matter, a preview, a chapter)"
    )
    return attrs.evolve(identity, verdict="unverifiable", evidence=said)


def _another_person(hints: RecordHints, text: str) -> bool:
    """Whether a title block is the name of a person not the record's, set alone.

    Two to five words, each a capitalised name or a name's particle ("Arnau Puigdomenech i
    Serra"), no name of them one of the record's creators' (particles aside): a page naming
    another's work, not a heading of front matter ("Acknowledgement of Country",
    "DECLARATION", "Executive summary") nor a repository's notice naming the record's own
    author.
    """
    words = text.split()
    named = 2 <= len(words) <= _NAME_WORDS and all(
        w in _NAME_PARTICLES or (w[:1].isupper() and w[1:].islower() and w.isalpha()) for w in words
    )
    # (the record's creators as it writes them, else its surnames)
    own = {k for c in hints.creators for k in keys(c)} or set(hints.surnames)
    names = {k for k in keys(text) if k not in _NAME_PARTICLES and len(k) > 1}
    return named and not names & own


#: The most words a person's name set alone has.
_NAME_WORDS = 5
#: The most pages of a whole work's front matter looked past to its title page.
_FRONT_PAGES = 2


def _behind_front_matter(
    hints: RecordHints, layout: Layout, facts: DocumentFacts
) -> Identity | None:
    """The verdict of a whole work's own title page after its front matter, or None.

    A thesis, a book or a report may open with pages of its own before its title page: a
    declaration or a statement of originality, an Acknowledgement of Country, a report
    documentation page (a form giving the report's title in a field), a board's cover
    sheet. Read from the first or second page on, the title page whose title block is the
    record's title decides: its verdict (`matched`, or `unverifiable` when what follows it
    is too short to show the work, which unsays a refusal drawn by the front matter). For
    the record of a whole work only (not an article's: a page before its first is no part
    of it); never past a page that gives another DOI as its own or a patent's numbers, nor
    past a list of contents (a compilation, a board's pack of papers, holds the record
    among others).
    """
    if (
        not _whole_work(hints)
        or len(layout.pages) < 2
        or facts.numbers
        or facts.kind == "compilation"
        or _dated_earlier(hints, facts) is not None  # (another year's issue, dated there)
        or (facts.runs and _another_person(hints, facts.runs[0].text))  # (another's work)
    ):
        return None
    doi = hints.doi.lower() if hints.doi else None
    if facts.own_dois and doi not in facts.own_dois:
        return None
    record = _record_of(hints)
    for skip in range(1, min(_FRONT_PAGES, len(layout.pages) - 1) + 1):
        rest = facts_of(Layout(layout.pages[skip:], layout.page_count - skip))
        if rest.kind == "compilation":
            return None
        where = _title_match(record, rest)[0]
        if where not in ("block", "heading"):
            continue
        behind = judge(hints, rest)
        if where == "heading":
            # (a title page set in one size throughout, its title a line of it: only its
            # own match with a record's person named on it says so; an undecided page
            # unsays nothing)
            named = _person_printed(hints, rest.first_page_text[:_PAGE_REACH])
            if behind.verdict == "matched" and named:
                return behind
            continue
        if behind.verdict == "matched" or (behind.verdict == "unverifiable" and rest.trusted):
            return behind
    return None


def _numbered(hints: RecordHints, facts: DocumentFacts) -> Identity | None:
    """The verdict a patent's front page gives by its numbered fields alone, or None.

    Its publication number another publication than the record's (the grant for the
    application, another patent under the same title, a family member at another office):
    `mismatch`, whatever the title says. The record named by its application's number,
    which every publication of the application prints: `unverifiable`.
    """
    if not hints.numbers or not (facts.numbers or facts.applications):
        return None
    if own_publication(hints.numbers, facts.numbers) is not None:
        return None
    application = applied(hints.numbers, facts.applications)
    if application is not None:
        return Identity(
            "unverifiable",
            f"the record names the patent by its application's number {application!r}, "
            "which every publication of it prints (the application as published, the "
            "grant): its front page cannot tell which publication the record is",
            facts.kind,
            facts.version,
        )
    published = other_publication(hints.numbers, facts.numbers)
    if published is not None:
        return Identity("mismatch", published, facts.kind, facts.version)
    return None


def _shaped(facts: DocumentFacts) -> bool:
    """Whether the document's kind was read from its pages' shape alone (`_shape_kind`)."""
    evidence = facts.kind_evidence
    return evidence.startswith(POSTER_SHEET) or " landscape pages of " in evidence


def _whole_issue(hints: RecordHints, layout: Layout, identity: Identity) -> Identity:
    """A match on an issue's first page whose contents box lists the record among others.

    A newsletter's or a magazine's first page opens with its lead article and boxes the
    issue's contents ("In this issue": each item's title and its page). A file holding
    every page that box lists is the whole issue, the record's article among the others:
    a compilation. A file of fewer pages (the article's own pages, the box on its first)
    is the article's, and a box that does not list the record's title is the record's
    own issue's. A list of contents on a page of its own (the record's title nowhere on
    it but as an entry), the first page or the one after a cover, opens a volume, however
    many of its pages the file holds: no article's file opens with it.
    """
    if not layout.pages or not hints.titles:
        return identity
    title_words = [w for t in hints.titles for w in content_words(t)]
    title = set(title_words)
    for at, page in enumerate(layout.pages[:2]):
        if at and _share(title_words, set(content_words(_page_text(layout.pages[0])))) >= 0.5:
            break  # (the record's own first page before it: a box of its own issue's)
        entries, used = _box_entries(page)
        if len(entries) >= _BOX_ENTRIES:
            break
    else:
        return identity
    if len(entries) < _BOX_ENTRIES:
        return identity
    rest = set(content_words(" ".join(line.text for i, line in enumerate(page) if i not in used)))
    alone = _share(title_words, rest) < 0.5
    pages = [number for _, number in entries]
    if pages != sorted(pages) or pages[-1] < _BOX_ENTRIES:
        return identity
    if pages[-1] > layout.page_count and not alone:
        return identity
    own = [
        text
        for text, _ in entries
        if (words := content_words(text))
        and (
            _share(words, title) >= _BOX_TITLE_SHARE
            or _share(title_words, set(words)) >= _BOX_TITLE_SHARE
        )
    ]
    if len(own) != 1:
        return identity
    said = (
        f"a whole issue, the record's article among {len(entries) - 1} other items: its "
        f"page {at + 1}'s contents list {own[0][:60]!r} with them up to page {pages[-1]}, "
        + ("on a page of their own" if alone else f"and the file runs {layout.page_count} pages")
        + f" ({identity.evidence[:90]})"
    )
    return Identity("mismatch", said, "compilation", identity.version)


def _items_after(doi: str, layout: Layout, identity: Identity) -> Identity:
    """A match by the record's DOI in a file that goes on with the venue's next items.

    A journal's section file (its book reviews: the record's review, then three more) gives
    each item's DOI as the page's own where the item opens: "…18.2.r1" on the first page,
    "…18.2.r2", "…18.2.r3" on the next. Two DOIs or more of the record's series beyond the
    record's, each a later page's own, make the file the section, not the record's item.
    """
    others: list[str] = []
    for at in range(1, min(len(layout.pages), _ITEM_PAGES)):
        page = facts_of(Layout(layout.pages[at : at + 1], 1))
        others += [d for d in page.own_dois if d != doi and d not in others and _next_item(d, doi)]
    if len(others) < _ITEMS_AFTER:
        return identity
    return Identity(
        "mismatch",
        f"the file goes on with {len(others)} more items of the record's venue, each under a "
        f"DOI of its own ({', '.join(others[:3])}): a section or an issue holding the "
        f"record's item, not the item ({identity.evidence[:90]})",
        "compilation",
        identity.version,
    )


def _next_item(other: str, doi: str) -> bool:
    """Two DOIs alike but for their last few characters ("...18.2.r1", "...18.2.r2").

    Each has characters of its own at its end: a DOI the record's opens is a part of it.
    """
    shared = len(os.path.commonprefix([other, doi]))  # noqa: RUF071 - letters, not paths
    # (not a part under the record's own DOI, "<the book's DOI>.ch01": the record's work)
    return (
        "/" in doi[:shared]
        and 0 < len(doi) - shared <= _ITEM_SUFFIX
        and 0 < len(other) - shared <= _ITEM_SUFFIX
    )


#: The pages read for later items' DOIs; the fewest of them that make a section; the most
#: characters two items' DOIs differ in at their end.
_ITEM_PAGES = 8
_ITEMS_AFTER = 2
_ITEM_SUFFIX = 4


def _signed(hints: RecordHints, layout: Layout, identity: Identity) -> Identity:
    """A review matched by its heading alone, undecided when another reviewer signs it.

    A book review is headed by the book it reviews and signed at its end ("... useful to
    students." over "Dimitris Stavropoulos"): every review of the book has the heading.
    The first line of names after the review's text (two lines of prose at least) is its
    signature; naming none of the record's authors, in their script, it is another
    reviewer's review of the same book. The next item's signature on a shared last page
    comes after the record's own; a line with a number is a running head or foot. The
    record's DOI given as the document's own decides before (the caller's).
    """
    title = {k for t in hints.titles for k in keys(t)}
    written = " ".join(hints.surnames[:_NAMES_ACROSS])
    if not title or not written:
        return identity
    lines = [line for page in layout.pages for line in page][:_SIGNATURE_LINES]
    start = next((i for i, line in enumerate(lines) if _share(keys(line.text), title) >= 0.8), None)
    if start is None:
        return identity
    prose = 0
    for line in lines[start + 1 :]:
        if running_text(line.text) and len(line.text.split()) >= _PROSE_WORDS:
            prose += 1
            continue
        if (
            prose < 2
            or re.search(r"\d", line.text)  # (a running head or foot: "Book Reviews 233")
            or not names_line(line)
            or len(line.text.split()) > _SIGNATURE_WORDS
        ):
            continue
        signed = set(keys(line.text))
        if script_of(line.text) != script_of(written) or any(
            k in signed for s in hints.surnames for k in keys(s)
        ):
            return identity
        return Identity(
            "unverifiable",
            f"{identity.evidence}; but it is signed {line.text.strip()[:60]!r}, none of the "
            "record's authors: another review of the same book?",
            identity.kind,
            identity.version,
        )
    return identity


#: The lines read for a review's signature; the fewest words of a line of its prose; the
#: most words of a signature (a name and an affiliation).
_SIGNATURE_LINES = 400
_PROSE_WORDS = 6
_SIGNATURE_WORDS = 10


def _page_text(page: Sequence[Line]) -> str:
    return " ".join(line.text for line in page)


def _box_entries(page: Sequence[Line]) -> tuple[list[tuple[str, int]], set[int]]:
    """The longest run of a contents box's entries on a page, and the indexes of its lines.

    An entry is a title and its page ("From the chair 2"), over at most `_BOX_WRAP` lines
    (a long title, its authors after a dash, then the page); the box's entries follow one
    another, a line of prose may end in a number too.
    """
    best: tuple[list[tuple[str, int]], set[int]] = ([], set())
    run: list[tuple[str, int]] = []
    used: set[int] = set()
    pending: list[int] = []
    for i, line in enumerate(page):
        text = " ".join([*(page[j].text.strip() for j in pending), line.text.strip()])
        found = _BOX_ENTRY.fullmatch(text)
        if found is None:
            pending.append(i)
            if len(pending) >= _BOX_WRAP:
                run, used, pending = [], set(), pending[1:]
            continue
        run.append((found.group(1), int(found.group(2))))
        used |= {*pending, i}
        pending = []
        if len(run) > len(best[0]):
            best = (list(run), set(used))
    return best


#: An entry of an issue's contents box: a title and its page, after a space ("From the
#: chair 2"), the title's words set apart from the number.
_BOX_ENTRY = re.compile(r"([^\W\d_][^\n]{2,300}?[^\s\d])\s+(\d{1,3})")
#: The most lines of one entry of a contents box.
_BOX_WRAP = 3
#: The fewest entries of a contents box (the record's article and two others).
_BOX_ENTRIES = 3
#: The share of an entry's words that are the record's title's, for the entry to be it.
_BOX_TITLE_SHARE = 0.8


def _under_a_heading(hints: RecordHints, facts: DocumentFacts, identity: Identity) -> Identity:
    """A match on a title set under a larger heading of its own, undecided.

    The page's largest run is a sentence (`_HEADING_WORDS` words or more) set above the
    record's title, the title in a size `_HEADING_SIZE` times smaller: a press release's
    or a news item's headline over the report's name and date ("The Report examines ..." over
    "Έκθεση Νομισματικής Πολιτικής 2023-2024 27/06/"), a document about the work. The
    record's DOI given as the document's own still decides.
    """
    doi = hints.doi.lower() if hints.doi else None
    if not facts.runs or (doi is not None and doi in facts.own_dois):
        return identity
    head = facts.runs[0]
    if len(head.text.split()) < _HEADING_WORDS:
        return identity  # (most files: the title is matched once, by `judge`, not again)
    level, _title, block = _title_match(_record_of(hints), facts)
    run = next((r for r in facts.runs if r.text == block), None) if level == "block" else None
    if (
        run is None
        or run is head
        or run.page != head.page
        or head.first > run.first
        or head.size < _HEADING_SIZE * run.size
    ):
        return identity
    return attrs.evolve(
        identity,
        verdict="unverifiable",
        evidence=(
            f"{identity.evidence}; but a heading of {len(head.text.split())} words of its own "
            f"is set larger above it ({head.text[:60]!r}): a document about the work?"
        ),
    )


#: A heading over the record's title, set this many times larger, makes it a document's own.
_HEADING_SIZE = 1.3
#: Words of a heading that is a sentence, not a label or a journal's name.
_HEADING_WORDS = 12


#: Glyphs without a character on the first page that make its text unreadable.
UNMAPPED_GLYPHS = 8
#: Letters the shorter of two titles needs for one to be the other with a subtitle.
_TITLE_LETTERS = 16
#: What ends a title before its subtitle.
_SUBTITLE_MARK = re.compile(r"\s*[:.;|\u2013\u2014]\s+|\s+-\s+|[:\uff1a]")


def _by_info_title(hints: RecordHints, layout: Layout, identity: Identity) -> Identity:
    """An undecided file whose title cannot be read, decided by its information's title.

    The record's title is in a script other than Latin that the file gives no letter of,
    and the file's first page draws glyphs that map to no character (its font has no
    character map for them: the title set in a script the font maps to nothing; a title
    in Latin letters is read by any font, so unread glyphs are never it): the file's own
    title is there but cannot be compared. The title its producer stored in the document information
    (a word processor's document title, LaTeX's ``pdftitle``) then stands in for it,
    when it is the record's title in the record's script (`same_title`), and the file
    is no sheet: `_INFO_PAGES` upright pages or more.

    Never for a file whose text reads, nor a scan (no text at all), nor a record titled
    in a script the file's text has: a summary, a translation, slides or a form made
    from the work's own file keep its stored title, and only what the file shows could
    tell them apart.
    """
    unread = layout.unmapped[0] if layout.unmapped else 0
    if unread < UNMAPPED_GLYPHS or not layout.title or layout.page_count < _INFO_PAGES:
        return identity
    if any(page and page[0].page_width >= LANDSCAPE * page[0].page_height for page in layout.pages):
        return identity  # slides or a poster
    seen = letter_scripts(layout.text)
    for title in hints.titles:
        scripts = letter_scripts(title)
        if (
            scripts
            and "LATIN" not in scripts
            and scripts.isdisjoint(seen)
            and same_title(title, layout.title)
        ):
            return Identity(
                "matched",
                f"its title cannot be read ({unread} glyphs on its first page map to no "
                f"character, and it gives no letter of the record's script); the title in "
                "its document information is the record's title",
                identity.kind,
                identity.version,
            )
    return identity


#: Pages a file matched by its stored title has at least (not a sheet: a form, a flyer).
_INFO_PAGES = 2


def same_title(record: str, stored: str) -> bool:
    """Whether a title stored with a file is the record's title, as words and numbers.

    Case, punctuation, spaces and compatibility forms apart, the two are the same, or
    one is the other with its subtitle, the shorter having `_TITLE_LETTERS` letters at
    least ("Water tariffs: evidence from Kenya" for "Water tariffs"). A title with words
    before the record's ("Summary: <title>", "Correction to <title>") is another.
    """

    def letters(text: str) -> str:
        text = unicodedata.normalize("NFKC", text).casefold()
        return "".join(ch for ch in text if ch.isalnum() or unicodedata.category(ch)[0] == "M")

    record_letters, stored_letters = letters(record), letters(stored)
    if not record_letters or not stored_letters:
        return False
    if record_letters == stored_letters:
        return True
    for longer, shorter in ((record, stored), (stored, record)):
        head = _SUBTITLE_MARK.split(unicodedata.normalize("NFKC", longer).strip(), maxsplit=1)[0]
        short = letters(shorter)
        if len(short) >= _TITLE_LETTERS and letters(head) == short:
            return True
    return False


#: Pages a poster is printed on at most (its sheet, or a sheet and its handout).
_SHEETS = 2


def _cover_citing(hints: RecordHints, facts: DocumentFacts) -> bool:
    """The first page is a cover sheet naming the record under a title block of its own.

    Either its every mention of the record's DOI ends a citation of the record, or it is
    a sheet of fields naming the record's title with at most two lines of running text;
    and it gives no other DOI and is no list of works: a cover sheet in front of the file,
    which a reading list (several works) or a notice with a DOI of its own is not.
    """
    doi = hints.doi.lower() if hints.doi else None
    if (
        facts.article_page != 0
        or facts.kind != "article"
        or facts.cited_dois
        or any(d != doi for d in facts.own_dois)
    ):
        return False
    if doi is not None and _cites_record(hints, facts, doi):
        return True
    # a cover sheet of fields ("Title <the record's title>", "Authors ...", "URI ...") and
    # at most a line or two of text (a licence note): it names the record, it is no text
    page = set(content_words(facts.first_page_text))
    return _sentences(facts.first_page_text) <= _COVER_SENTENCES and any(
        _share(content_words(title), page) >= _COVER_TITLE_SHARE for title in hints.titles
    )


def _sentences(text: str) -> int:
    """The lines of running text that are sentences (`_PROSE_WORDS`, a stop word), not lists."""
    return sum(
        1
        for line in text.splitlines()
        if len(line.split()) >= _PROSE_WORDS
        and running_text(line)
        and any(w in STOP for w in fold(line).split())  # a sentence, not a list of keywords
    )


def _title_page(hints: RecordHints, facts: DocumentFacts) -> bool:
    """The first page is a title page of its own, with no sentence and no DOI of its own.

    A volume's title page in front of one of its papers (the volume's title set large, its
    editors, its publisher, the extract's pages) carries no text: the record's paper may
    follow it. A page with a sentence, or with a DOI of its own, is a document.
    """
    doi = hints.doi.lower() if hints.doi else None
    # a volume's title page prints its ISBN under its title, as a review cites its book; a
    # list of contents, a notice or a form is a document of its own kind
    volume = facts.kind == "article" or facts.kind_evidence.startswith(BOOK_CITED)
    return (
        volume
        and facts.article_page == 0
        and not facts.cited_dois
        and all(d == doi for d in facts.own_dois)
        and _sentences(facts.first_page_text) == 0
    )


#: A cover sheet's lines of running text at most (a licence note, a download notice).
_COVER_SENTENCES = 2
#: Words a line of running text has at least.
_PROSE_WORDS = 8
#: The share of the record's title words a cover sheet prints.
_COVER_TITLE_SHARE = 0.9


def _about_record(hints: RecordHints, facts: DocumentFacts) -> bool:
    """The first page is a notice, or quotes the record's title in its title block."""
    if facts.article_page != 0:
        return False
    if facts.kind == "notice":
        return True
    return any(
        _quoted_title(run.text, title) is not None
        for run in facts.runs[:2]
        for title in hints.titles
    )


def decide(hints: RecordHints, text: str | None) -> Identity:
    """Compare a file's first-pages text with its record (every line one size, no layout)."""
    if hints.empty:
        return Identity("unverifiable", "the record gives no title or DOI to compare with")
    if text is None:
        return Identity("unverifiable", "no readable text in the file (scanned, or unreadable)")
    layout, turned = logical_order(hints, layout_of_text(text))
    return _with_order(judge(hints, facts_of(layout)), turned)


# -- right-to-left text read backwards -----------------------------------------------------

#: Right-to-left letters the first pages must hold before their reading order is questioned.
_RTL_LETTERS = 12
#: Characters of each reading compared with the record (the title page and the next).
_ORDER_SAMPLE = 12_000


def logical_order(hints: RecordHints, layout: Layout) -> tuple[Layout, str | None]:
    """The layout with its right-to-left lines in the order they are written, and how.

    A text layer may give right-to-left runs backwards (`_scripts.mirrored`): whole lines
    turned, or each word's letters. A producer does the same to every line, so the whole
    layout is read one way: the reading (as read, lines mirrored, words' letters turned)
    where most of the record's right-to-left title and name words stand, then most pairs
    of its title's words in their order, then the letters that end words (`order_evidence`)
    decide; as read when nothing tells them apart. Returns the layout and None, or the
    mirrored layout and what was turned.
    """
    if _SPACE_BEFORE_MARK.search(layout.text[:_ORDER_SAMPLE]):
        layout = _turned(layout, _marks_rejoined)
    sample = layout.text[:_ORDER_SAMPLE]
    if rtl_letters(sample) < _RTL_LETTERS:
        return layout, None
    words = [
        w
        for text in (*hints.titles, *hints.surnames)
        for w in content_words(text)
        if rtl_letters(w)
    ]
    pairs = {
        (a, b)
        for title in hints.titles
        for a, b in itertools.pairwise(content_words(title))
        if rtl_letters(a + b)
    }
    best: tuple[tuple[int, int, int], Layout, str | None] | None = None
    for turn, name in ((None, None), (mirrored, "lines"), (in_word_mirrored, "words")):
        reading = layout if turn is None else _turned(layout, turn)
        found = keys(reading.text[:_ORDER_SAMPLE])
        present = set(found)
        adjacent = set(itertools.pairwise(found))
        score = (
            sum(1 for w in words if w in present),
            len(pairs & adjacent),
            order_evidence(reading.text[:_ORDER_SAMPLE]),
        )
        if best is None or score > best[0]:
            best = (score, reading, name)
    assert best is not None
    return best[1], best[2]


#: Spaces before a character past the basic Latin and its marks: perhaps a combining mark.
_SPACE_BEFORE_MARK = re.compile(r"[ \t]+(?=[^\x00-\u02ff])")


def _marks_rejoined(text: str) -> str:
    """The text less the spaces set before combining marks.

    A nonspacing mark (Unicode category Mn: a Hebrew vowel point, an Arabic haraka, a
    Devanagari vowel sign) belongs to the letter before it and never opens a word: a space
    in front of one is an artefact of a producer that places every glyph on its own (an
    OCR layer, a Yiddish title read with a space before each of its vowel points), and
    the words it cuts are one.
    """

    def rejoin(found: re.Match[str]) -> str:
        following = found.string[found.end()]
        return "" if unicodedata.category(following) == "Mn" else found.group()

    return _SPACE_BEFORE_MARK.sub(rejoin, text)


def _turned(layout: Layout, turn: Callable[[str], str]) -> Layout:
    pages = tuple(
        tuple(attrs.evolve(line, text=turn(line.text)) for line in page) for page in layout.pages
    )
    return attrs.evolve(layout, pages=pages)


def _with_order(identity: Identity, turned: str | None) -> Identity:
    """The verdict, saying when the file's right-to-left text was read back in its order."""
    if turned is None:
        return identity
    how = "lines" if turned == "lines" else "words' letters"
    said = f"{identity.evidence} (its right-to-left {how} read back: the text layer reverses them)"
    return attrs.evolve(identity, evidence=said)


# -- the judgement -----------------------------------------------------------------------

#: A title alone (no DOI, no author) matches only with this many content words.
MIN_TITLE_WORDS = 3


def _share(part: Sequence[str], whole: set[str]) -> float:
    return sum(1 for w in part if w in whole) / len(part) if part else 0.0


@attrs.frozen
class _Title:
    """One of the record's titles as it is compared: in the record's form of Han characters."""

    text: str
    words: tuple[str, ...]  # its content words
    keys: tuple[str, ...]  # its keys


@attrs.frozen
class _Record:
    """What a judgement reads of the record, worked out once per record (`_record_of`).

    Attributes:
        hints: the record's hints.
        text: its titles, joined: the form Han characters are read in (`han_as_record`).
        titles: its titles with their words and keys in that form (titles without a content
            word left out).
        words: the keys of every field: titles, names, year and DOI (`_record_words`).
        names: the folded words of its creators' names, given names too ("karaman",
            "elif"): a line made of them is a byline or a citation's names.
        venue: the keys of its source and publisher (`RecordHints.venue`): words the work's
            own pages may print over or before its title ("Lecture 7", a publisher's name).
    """

    hints: RecordHints
    text: str
    titles: tuple[_Title, ...]
    words: frozenset[str]
    names: frozenset[str] = frozenset()
    venue: frozenset[str] = frozenset()

    def form(self, text: str) -> str:
        """`text` with its Han characters as the record writes them (Hanja as Hangul...)."""
        return han_as_record(text, self.text)


@functools.lru_cache(maxsize=64)  # one record is judged against several readings of a file
def _record_of(hints: RecordHints) -> _Record:
    """The record's titles, words and keys, read once for every judgement of its files."""
    text = " ".join(hints.titles)
    titles = []
    # a catalogued title's proper part too, before its kind ("<title> : автореферат дис. ..."):
    # the file's title block sets that part alone, in whatever script
    proper = [p for p in map(_title_proper, hints.titles) if p and p not in hints.titles]
    for title in (*hints.titles, *proper):
        formed = han_as_record(title, text)
        words = content_words(formed)
        if words:
            titles.append(_Title(title, tuple(words), tuple(keys(formed))))
    names = frozenset(w for creator in hints.creators for w in fold(creator).split())
    venue = frozenset(k for text in hints.venue for k in keys(text))
    return _Record(hints, text, tuple(titles), frozenset(_record_words(hints)), names, venue)


def _read_alike(title: str, block: str) -> bool:
    """Whether the block is the title as an OCR read it: its letters alike, spaces aside.

    Compared as the letters of their keys run together, whole: at least `_READ_ALIKE`
    alike (difflib's ratio), `_READ_LETTERS` letters or more, of lengths within a tenth of
    each other (the title and more words, "<title>, part two: …", is no misreading), and
    the same numbers in the same order (another part or year is another work).
    """
    mine = "".join(keys(title))
    theirs = "".join(keys(block))
    if len(mine) < _READ_LETTERS or abs(len(theirs) - len(mine)) > len(mine) // 10:
        return False
    if re.findall(r"\d+", mine) != re.findall(r"\d+", theirs):
        return False
    matcher = difflib.SequenceMatcher(None, mine, theirs, autojunk=False)
    return matcher.quick_ratio() >= _READ_ALIKE and matcher.ratio() >= _READ_ALIKE


#: The least likeness of a title and a block read through an OCR's misreadings.
_READ_ALIKE = 0.9
#: The fewest letters of a title compared so (a short one is too easily alike).
_READ_LETTERS = 24


def _cover_over_other(record: _Record, facts: DocumentFacts, block: str) -> str | None:
    """The title of the pages under a cover sheet, when only the cover names the record.

    The record's title matched a run of the pages passed over as a cover sheet (`block`);
    the document's own first page sets a title of its own (`facts.sized`) that shares
    under a third of its words with each of the record's titles, written in the script of
    one of them (a title in another language and script than the record's may be its
    translation, and is left to the rest of the check).
    """
    if not facts.prefix_runs or not facts.sized or not facts.runs:
        return None
    if "cover sheet" not in facts.skipped:
        return None  # (a title page of the work's own, its first page a section's heading)
    cover = {run.text for run in facts.prefix_runs}
    if block not in cover and " / " not in block:
        return None  # the record's title is the document's own page's
    own = facts.runs[0].text
    if word_count(own) < _OWN_TITLE_WORDS:
        return None  # a section's heading ("Non-technical summary", "独创性声明"), no title
    words = content_words(record.form(own))
    script = script_of(own)
    if not any(script_of(title.text) == script for title in record.titles):
        return None
    if any(
        _share(title.words, set(words)) >= _COVER_SHARE
        or _share(words, set(title.words)) >= _COVER_SHARE
        for title in record.titles
    ):
        return None
    return own


#: The least words of the title under a cover sheet read as a title of its own (two
#: characters of a script without spaces a word, `word_count`): fewer make a heading.
_OWN_TITLE_WORDS = 6
#: The share of words under which the title under a cover sheet is another work's.
_COVER_SHARE = 0.3


def _title_match(record: _Record, facts: DocumentFacts) -> tuple[str | None, str, str]:
    """How the record's title appears, the title, and the title block.

    ``block``: it is a title-like run (or most of the title block); ``contained``: a
    longer run holds it; ``heading``: it opens a line of the first page; ``page``: it
    stands somewhere on the first page; None. The record's side comes from `record`
    (worked out once), the document's runs and lines are read once for all its titles.
    """
    best: tuple[str | None, str, str] = (None, "", facts.runs[0].text if facts.runs else "")
    runs = [*facts.runs[:4], *facts.prefix_runs]
    japanese = reads_japanese(record.hints, facts)
    form = record.form
    blocks = [(run, content_words(form(run.text))) for run in runs]
    top = sorted(runs[:3], key=lambda r: r.first)  # the title block's runs, in reading order
    joined = set(content_words(form(" ".join(r.text for r in top)))) if len(runs) >= 2 else set()
    cover = sorted(facts.prefix_runs[:3], key=lambda r: r.first)
    covered = set(content_words(form(" ".join(r.text for r in cover)))) if cover else set()
    page_keys = " " + " ".join(keys(form(facts.first_page_text + "\n" + facts.prefix_text))) + " "
    line_keys: list[tuple[str, bool]] | None = None  # the first page's lines, read when needed
    zone: list[set[str]] | None = None  # the keys of the top lines, read when needed
    for title in record.titles:
        words = title.words
        for run, block in blocks:
            if not block:
                continue
            if _share(words, set(block)) >= 0.8:
                # (the block less the record's authors' names: an offprint's cover sets the
                # author by the title, "Elżbieta Nowak-Riley “<title>”")
                unnamed = [w for w in block if w not in record.names] or block
                if (
                    _share(unnamed, set(words)) >= 0.6
                    or _main_title(form(run.text), words)
                    or _captioned(form(run.text), words)
                ):
                    # the title, or the title and a subtitle the record leaves out, or the
                    # title in a form's numbered field ("(54)【発明の名称】漁網用浮子")
                    return "block", title.text, run.text
                best = ("contained", title.text, run.text)
            elif (
                len(block) >= 3
                and _share(block, set(words)) >= 0.9
                and _share(words, set(block)) >= 0.5
                and _opens_or_ends(words, set(block))
            ):
                # the record adds a subtitle the file leaves out
                return "block", title.text, run.text
            elif len(block) >= 3 and _record_main(
                form(title.text), block, page_keys, form(_line_below(facts, run.text))
            ):
                # the record's title is the block and a long subtitle the file sets apart
                # ("<title>. Anmerkung zu BGH, Urt. v. 12.3.2019 - VI ZR 281/18")
                return "block", title.text, run.text
        if best[0] is None and len(runs) >= 2 and _joined_title(words, top, joined, form):
            best = ("block", title.text, runs[0].text)
        if best[0] is None and len(cover) >= 2 and _joined_title(words, cover, covered, form):
            # over the runs of a title page passed over (a report's cover: "DRAFT
            # ENVIRONMENTAL IMPACT STATEMENT / <project>" for "<project> draft environmental
            # impact statement")
            best = ("block", title.text, " / ".join(r.text for r in cover))
        if best[0] is None:
            for run in runs:
                if similar_across(title.text, run.text, japanese=japanese):
                    return "block", title.text, run.text  # the same title in another script
        if best[0] is None:
            part = _part_title(title.text, blocks, page_keys, form)
            if part is not None:
                return "block", title.text, part
        if best[0] != "block":
            if zone is None:
                zone = [
                    {k for k in keys(form(line)) if k not in STOP}
                    for line in facts.first_page_text.splitlines()[:_ZONE_LINES]
                ]
            spread = _spread_title(title, zone)
            if spread is not None:
                lines = facts.first_page_text.splitlines()
                return "block", title.text, " ".join(lines[spread[0] : spread[1]])
        phrase = " " + " ".join(title.keys) + " "
        if best[0] is None and len(phrase) > 12 and phrase in page_keys:
            opening = " ".join(title.keys[:3])
            if line_keys is None:
                # (and the lines of a title page passed over: its title set over lines)
                line_keys = [
                    (" ".join(keys(form(line))), _quoted(line) or _closes_quote(line))
                    for text in (facts.prefix_text, facts.first_page_text)
                    for line in text.splitlines()
                ]
            # (the whole title from the line's start, run on over the two lines after it at
            # most: a line of prose opening with the title's first words is no heading)
            whole = " ".join(title.keys)
            heading = any(
                read.startswith(opening)
                and not quoted
                and " ".join(r for r, _ in line_keys[i : i + 3]).startswith(whole)
                for i, (read, quoted) in enumerate(line_keys)
            )
            best = ("heading" if heading else "page", title.text, best[2])
    return best


def _alike_block(record: _Record, facts: DocumentFacts) -> tuple[str, str] | None:
    """A title-like run that is one of the record's titles as an OCR read it, or None.

    Its letters misread ("Untcrsuchungen … Kiefcrnbestanden"), its spaces lost
    ("PERIGLACIALSTRUCTURESINTHEBRECKLAND"): (the title, the run's text), `_read_alike`.
    """
    for title in record.titles:
        for run in [*facts.runs[:4], *facts.prefix_runs]:
            if _read_alike(record.form(title.text), record.form(run.text)):
                return title.text, run.text
    return None


#: The most words of a title's whole (before its part) looked for on the first page.
_PART_REST = 24


def _part_title(
    title: str,
    blocks: Sequence[tuple[TitleRun, Sequence[str]]],
    page_keys: str,
    form: Callable[[str], str],
) -> str | None:
    """A run that is the last part of a title naming a whole and its part, or None.

    "Lecture notes in statistical physics. Chapter 3: The canonical ensemble": the file of the
    chapter heads its page "The canonical ensemble", and its first page carries the rest of
    the title (the course and the chapter's number, in a running head). Both are needed: a
    part's title alone is any work's.
    """
    head, sep, last = title.rpartition(":")
    if not sep:
        return None
    words = content_words(form(last[:_TITLE_REACH]))
    rest = [k for k in keys(form(head[:_TITLE_REACH])) if k not in STOP][:_PART_REST]
    if len(words) < 2 or len(rest) < 2 or not all(f" {k} " in page_keys for k in rest):
        return None
    for run, block in blocks:
        if block and _share(words, set(block)) >= 0.9 and _share(block, set(words)) >= 0.9:
            return run.text
    return None


def _joined_title(
    words: Sequence[str], top: Sequence[TitleRun], joined: set[str], form: Callable[[str], str]
) -> bool:
    """The record's title set over the title block's first runs (a title over two sizes).

    Most of the title's words (`_JOINED`) in the runs read together, each run no longer
    than a title line (the title's words and `_REPLACED_REACH` more: a run holding a page
    of text holds any title's words), and, when a title word is missing, no word the title
    does not have: a word in its place ("Fifth Semester" for "Third Semester", "Autumn" for
    "Spring") makes another document's title, a word lost (a ligature, a hyphen) does not.
    """
    reach = len(words) + _REPLACED_REACH
    if any(len(content_words(form(run.text))) > reach for run in top):
        return False
    if _share(words, joined) < _JOINED:
        return False
    mine = set(words)
    return mine <= joined or joined <= mine


#: The share of the title's words the joined runs of the title block must hold.
_JOINED = 0.85


#: Lines a title set over several (a masthead and its subtitle line) spans, at most.
_SPREAD_LINES = 4


def _spread_title(title: _Title, zone: Sequence[set[str]]) -> tuple[int, int] | None:
    """Consecutive top lines that hold the record's title and nothing else, or None.

    A newsletter's masthead "Freshwater Notes" over "Newsletter of the Nordic Freshwater
    Society · No. 47 · Spring 2022", a question paper's "B.Sc. Degree Examination,
    November 2019" / "Third Semester (CBCS)" / "CHEMISTRY - Paper III: Organic Chemistry":
    a title set over lines of different sizes (or catalogued by joining its header lines in
    another order) is no run of one size. Two to `_SPREAD_LINES` consecutive lines of the
    article page's top (`zone`: their keys less stop words, `_ZONE_LINES` lines) count when
    together they hold every key of the title, numbers too, and no other key: word for word,
    in any order, so another issue, year or part (one other key) is never the title.
    Returns the lines' span (start, end), or None.
    """
    mine = {k for k in title.keys if k not in STOP}
    if len(title.words) < MIN_TITLE_WORDS:
        return None
    for start in range(len(zone)):
        held: set[str] = set()
        for end in range(start, min(start + _SPREAD_LINES, len(zone))):
            if not zone[end] <= mine or not zone[end]:
                break  # a key the title does not have, or a line of none (a gap)
            held |= zone[end]
            if end > start and held == mine:
                return start, end + 1
    return None


def _quoted(line: str) -> bool:
    """Whether a line opens with a quotation mark: it quotes a title, not heads a document.

    A certificate "for the paper “<title>”" cites the title; a paper's heading is
    not quoted.
    """
    first = line.lstrip()[:1]
    return bool(first) and (
        unicodedata.category(first) == "Pi" or first in "\"'\u201e\u201a\u300c\u300e\u00ab"
    )


#: Quotation marks that close one, and the marks that open them.
_CLOSING_QUOTES = {"\u201d": "\u201c", "\u00bb": "\u00ab", "\u300d": "\u300c", "\u300f": "\u300e"}


def _closes_quote(line: str) -> bool:
    """Whether a line closes a quotation opened on a line before it.

    ("Her article “The" / "Samaritan Woman and the Betrothal Type-Scene in John 4”,
    published in..."): the line's words up to the mark are quoted, a title cited in prose
    run over lines, not a heading. A heading's own quotation marks pair up on its line.
    """
    return any(
        line.count(close) > line.count(opening) for close, opening in _CLOSING_QUOTES.items()
    )


#: Where a main title ends and its subtitle begins: a colon, a dash, a bar or a full stop.
_SUBTITLE_SEPARATOR = re.compile(r"[:|\u2013\u2014.?]\s|\s-\s")


def _main_title(block: str, words: Sequence[str]) -> bool:
    """The block's main title (before its first separator) is the record's title, word for word.

    "Urban Heat Islands in Ankara: Evidence from Landsat" for the record's "Urban heat
    islands in Ankara". Only the first separator within `_LABEL_REACH` counts.
    """
    found = _SUBTITLE_SEPARATOR.search(block[:_LABEL_REACH])
    if found is None or len(words) < 2:
        return False
    head = content_words(block[: found.start()])
    # "<title>: Part II" is another part of a series, not the title with a subtitle
    return head == list(words) and not _part_numbers(block[found.end() : _TITLE_REACH])


def _record_main(title: str, block: Sequence[str], page_keys: str, below: str) -> bool:
    """The record's title before its first separator is the block, its rest on the page.

    The head word for word, the rest elsewhere on the first page: "<title>. Anmerkung zu
    BGH, Urt. v. 12.3.2019 - VI ZR 281/18" for a file whose title
    block is "<title>" alone, "Anmerkung" and the decision set on lines of their own. A
    rest the page does not say, or a line under the title that shares some of its words
    but not all, is another subtitle's place ("<title>: experiences from three towns"
    against the file's "<title> / Method, data and experiences from Skellefteå..."), and
    "<title>: Part II" is another part.
    """
    found = _SUBTITLE_SEPARATOR.search(title[:_TITLE_REACH])
    if found is None:
        return False
    rest_words = [k for k in keys(title[found.end() :]) if k not in STOP]
    if not rest_words:
        return False
    # a word the rest abbreviates ("Cass. civ., sez. III") is on the page written out
    # ("CASSAZIONE CIVILE, Sez. III"); of a long rest (a decision's citation), one word may
    # be the record's own label the page does not print ("Nota a ...": a note on it)
    shortened = set(re.findall(r"([^\W\d_]{2,})\.", title[found.end() :].lower()))
    missing = [
        k
        for k in rest_words
        if f" {k} " not in page_keys
        and not (k in shortened and re.search(rf" {re.escape(k)}\w", page_keys))
    ]
    if len(missing) > (1 if len(rest_words) >= _LONG_REST else 0):
        return False
    under = set(content_words(below))
    if under & set(rest_words) and not set(rest_words) <= under:
        return False  # the line under the title is a subtitle of the file's own, another one
    head = content_words(title[: found.start()])
    # (a part's number opens the rest: "Part II", "Teil 2"; a court's file number further
    # on, "VI ZR 281/18", is none)
    rest = title[found.end() : found.end() + _PART_REACH]
    return head == list(block) and not _part_numbers(rest)


#: A title's rest of this many words (a decision's citation) may miss one on the page.
_LONG_REST = 6

#: How far into a title's rest a part's number is looked for ("Part II", "Teil 2").
_PART_REACH = 12


def _has_name(name: Sequence[str], words: set[str], stems: set[str]) -> bool:
    """A surname among words, also with an affiliation letter stuck to it ("Riccaa").

    `stems` are `_stems` of `words`: a part of four letters or more may stand with one or
    two letters more (looked up, not compared with every word: a record of thousands of
    creators took a minute against a PDF's pages of words).
    """
    return all(part in words or (len(part) >= 4 and part in stems) for part in name)


def _stems(words: set[str]) -> set[str]:
    """The words less their last letter or two, where four letters or more are left."""
    return {w[:-cut] for w in words for cut in (1, 2) if len(w) - cut >= 4}


#: The zero-width (non-)joiners a name's parts may be joined by in Persian and Kurdish.
_NON_JOINERS = re.compile("[\u200c\u200d]")


@attrs.frozen
class _Authors:
    byline: str | None  # a record surname in the byline
    page: str | None  # a record surname elsewhere on the first page (weak)
    others: bool  # the byline names people, none of them the record's
    share: float = 0.0  # the share of the record's surnames in the byline


def _author_match(
    hints: RecordHints, facts: DocumentFacts, *, title_runs: bool = False
) -> _Authors:
    """Where the record's authors appear, and whether the byline names others.

    `title_runs`: the runs of the title block are read as the byline too (a short text's
    title page sets its author's name large, where a byline is not looked for).
    """
    # names in Hanja read as the record's Hangul, in traditional characters simplified
    written = facts.byline
    if title_runs:
        written = " ".join([written, *(run.text for run in facts.runs[:4])])
    record_names = " ".join(hints.surnames[:_NAMES_ACROSS])
    byline = set(keys(han_as_record(written, record_names)))
    # (and a Han name whose family and given names a space sets apart, "王　磊", read whole)
    byline |= set(keys(han_as_record(CJK_NAME_SPACE.sub("", written), record_names)))
    names = [k for k in (keys(s) for s in hints.surnames) if k]
    stems = _stems(byline)
    found = [name for name in names if _has_name(name, byline, stems)]
    if len(found) < len(names) and _NON_JOINERS.search(" ".join(hints.creators[:_NAMES_ACROSS])):
        # a name joined by a zero-width non-joiner in the record ("صالحی‌فرد") is two words
        # of the byline where it was typed with a space ("صالحی فرد"): read each two
        # adjacent words of the byline as one too
        parts = written.split()[: 4 * _NAMES_ACROSS]
        joined = {k for a, b in itertools.pairwise(parts) for k in keys(a + b)}
        stems = _stems(joined)
        found += [n for n in names if n not in found and _has_name(n, joined, stems)]
    japanese = reads_japanese(hints, facts)
    if not found and facts.byline and hints.surnames:
        found = _names_across(hints.surnames, facts.byline, japanese=japanese)
    if not found and hints.forenames:
        # "Zhang Wei" may be written family name first: "W. Zhang" in the byline
        for pair in hints.forenames[:_NAMES_ACROSS]:
            first, _, given = pair.partition(" ")
            if first in byline and (given in byline or given[:1] in byline):
                found.append([first])
    if found:
        share = len(found) / len(names) if names else 1.0
        return _Authors(" ".join(found[0]), None, False, min(share, 1.0))
    text = facts.first_page_text[:4000]
    if any(len(w) >= 3 for w in byline):
        # a byline of other names: the record's author named in a sentence of the text
        # ("Da N. Chr. Kjærgaard i dette årsskrift for 1923 gav sin oversigt ...": the
        # earlier work the document follows up) is cited there, not its author
        text = "\n".join(line for line in text.splitlines() if not _sentence(line))
    page = set(keys(text + "\n" + facts.prefix_text))
    stems = _stems(page)
    for name in names:
        # (a Han name is read in pairs of letters: "李晓明" as 李晓 and 晓明, each whole)
        if (len(name[0]) >= 3 or HAN.fullmatch(name[0])) and _has_name(name, page, stems):
            return _Authors(None, " ".join(name), False)
    # (a name of two Han letters is a whole name: "王磊", a family name and a given name)
    named = {w for w in byline if len(w) >= 3 or (len(w) == 2 and HAN.fullmatch(w))}
    others = bool(names) and bool(named)
    known = (
        _title_keys(hints) | _record_of(hints).venue | {k for c in hints.creators for k in keys(c)}
    )
    if others and named <= known:
        # the byline names people the record's title names (a review's record titled by the
        # book it reviews, "Jana Procházková: Řeka a město"): the book's author, no other;
        # or the record's own publisher or institution set where a byline stands ("Straits
        # Business School Case Centre" over a teaching case it publishes)
        others = False
    if others and hints.creators and all(_corporate(c) for c in hints.creators):
        # the record's authors are bodies ("State Administration for Market Regulation"),
        # not people: a line of names under the title is no evidence against it, and a line
        # a body's document sets there (a classification code, "CLINICAL PRACTICE
        # GUIDELINES") names no one
        others = False
    if others and facts.unread >= UNMAPPED_GLYPHS:
        # the page draws glyphs that map to no character, and the file gives no letter of
        # the script the record's names are written in: the names may be those glyphs, and
        # what is left where the byline stands (a journal's line, commas) names no one
        scripts = letter_scripts(" ".join(hints.surnames[:_NAMES_ACROSS]))
        others = not scripts or not scripts.isdisjoint(letter_scripts(facts.text))
    if others:
        # names in a script that cannot be compared with the record's say nothing either way
        written = " ".join(hints.surnames[:_NAMES_ACROSS])
        # (a Japanese reading is evidence for, never against: a name has several readings)
        others = script_of(facts.byline) == script_of(written) or comparable(facts.byline, written)
    return _Authors(None, None, others)


#: Kinds of a document about another work, which cites that work's DOI under its title.
_ABOUT_A_WORK = frozenset({"notice", "comment"})


def _sentence(line: str) -> bool:
    """A line of a sentence, not a byline, a header or a field.

    Seven words or more, most of them in small letters once initials ("N.", "Chr.") and
    numbers are set aside: a byline's names are capitalised, its particles few ("Jan de
    Vries, Pieter van den Berg en Anna Jansen").
    """
    words = line.split()
    if len(words) < _SENTENCE_WORDS:
        return False
    lettered = [
        w
        for w in words
        if len(re.findall(r"[^\W\d_]", w)) >= 2 and not re.fullmatch(r"[^\W\d_]{1,3}\.", w)
    ]
    return bool(lettered) and running_text(" ".join(lettered))


#: Words a line of a sentence has at least.
_SENTENCE_WORDS = 7


#: Lower-case words a person's name holds ("Ludwig van Beethoven", "Maria da Silva").
_NAME_PARTICLES = frozenset(
    [
        "de",
        "da",
        "di",
        "do",
        "du",
        "das",
        "dos",
        "des",
        "del",
        "della",
        "der",
        "den",
        "van",
        "von",
        "ten",
        "ter",
        "le",
        "la",
        "y",
        "e",
        "i",
        "bin",
        "ibn",
        "ben",
        "bint",
        "al",
        "el",
        "zu",
    ]
)


def _other_body(hints: RecordHints, facts: DocumentFacts) -> tuple[str, str, str] | None:
    """A line heading the first page that names another body in the record's creator's frame.

    Only for a record whose creators are all bodies (`_corporate`): (the creator's words,
    the line's words in their place, the line), or None.
    """
    creators = hints.creators[:3]
    if not creators or not all(_corporate(c) for c in creators):
        return None
    # (the cover's lines, a title page passed over, then the first page's)
    lines = [
        *facts.prefix_text[:2000].splitlines()[:_BODY_LINES],
        *facts.first_page_text[:2000].splitlines()[:_BODY_LINES],
    ]
    owns = [(creator, set(content_words(creator))) for creator in creators]
    named = set(content_words("\n".join(lines)))
    if any(own <= named for _, own in owns):
        return None  # the record's own body is named there (beside a programme's name)
    for line in lines:
        if len(line.split()) > _BODY_WORDS or _sentence(line):
            continue  # (a heading's line, not a sentence of the text naming a place)
        words = set(content_words(line))
        for creator, own in owns:
            # the creator's frame, its words but one or two ("Aegean Regional Authority"),
            # with a word the creator's name has nowhere: "Ministry of Health Malaysia" is
            # "Malaysia. Ministry of Health. ..." in another order
            if len(words & own) < max(2, len(words) - 2) or not words - own:
                continue
            replaced = _replaced_words(line, creator)
            if replaced is not None:
                return replaced[0], replaced[1], line.strip()
        for creator, own in owns:
            # the frame in another order ("ICAR - Central Research Institute for Dryland
            # Agriculture" for "ICAR-Central Inland Fisheries Research Institute"): half the
            # creator's words or more, the rest of them named nowhere on those lines, and
            # words of the line's own in their place
            missing = [w for w in content_words(creator) if w not in named and w.isalpha()]
            added = [w for w in content_words(line) if w not in own and w.isalpha()]
            if missing and added and len(words & own) >= max(2, math.ceil(len(own) / 2)):
                return " ".join(missing), " ".join(added), line.strip()
    return None


#: The lines heading a first page where a body's name is read (`_other_body`), and the
#: most words of one.
_BODY_LINES = 12
_BODY_WORDS = 12


def _corporate(creator: str) -> bool:
    """True when a record's creator is a body, not a person.

    A person is written "Surname, Forenames" or as a few capitalised names; a body's name
    has a lower-case word that is no name's particle ("State Administration for Market
    Regulation", "Ministry of Health"), a part after a full stop ("Malaysia. Ministry of
    Health"), quotation marks or brackets ("Ассоциация «Сибирское общество ...»"), its
    acronym joined to a word of its name ("ICAR-Central Inland Fisheries Research
    Institute"), or more words than a name has.
    """
    name = creator.strip()
    if not name or "," in name:
        return False
    words = name.split()
    if any(w.isalpha() and w.islower() and w not in _NAME_PARTICLES for w in words):
        return True
    if re.search(r"[«»\"“”„()\[\]&]|\w{5,}\.\s+\w", name):
        return True
    if any(_acronym_led(w) for w in words):
        return True
    return len(words) >= 6


def _acronym_led(word: str) -> bool:
    """A word that joins a body's acronym to a word of its name ("ICAR-Central", "CSIR-National").

    A person's double name joins two names written alike ("Jean-Pierre", "DUPONT-MOREAU").
    """
    head, _, rest = word.partition("-")
    return (
        len(head) >= 2
        and head.isalpha()
        and head.isupper()
        and len(rest) >= 2
        and rest.isalpha()
        and rest[0].isupper()
        and rest[1:].islower()
    )


def _issuer(hints: RecordHints, block: str) -> bool:
    """The title block is the name of the body or person the record names as its creator.

    "ΣΥΜΒΟΥΛΙΟ ΤΗΣ ΕΠΙΚΡΑΤΕΙΑΣ" over a decision of the Council of State, a ministry's name
    over its circular: a body prints its name at the top of what it issues, larger than
    the rest; a repository's licence notice before a thesis names its author alone ("Arnau
    Puigdomènech i Serra"). A creator's name is no other document's title.
    """
    found = set(content_words(block))
    return bool(found) and any(found <= set(content_words(creator)) for creator in hints.creators)


#: Names of a byline compared across scripts, at most (a byline is a few lines).
_NAMES_ACROSS = 64


def _names_across(
    surnames: Sequence[str], byline: str, *, japanese: bool = False
) -> list[list[str]]:
    """The record's surnames found in a byline of another script, both transliterated.

    `japanese`: both read in Hepburn (`_scripts.latin_words`), when pykakasi is installed.
    A byline of mixed scripts (the names in Ethiopic, the affiliation after them in Latin
    letters, "ዮናስ ተስፋይ Hamelmalo Agricultural College") is read too: any word in another
    script than the record's names may be a name.
    """
    mine = script_of(" ".join(surnames[:_NAMES_ACROSS]))
    if script_of(byline) == mine:
        # only the words in another script are read across (the names' own-script words
        # were compared as they stand)
        byline = " ".join(w for w in byline.split() if script_of(w) not in (mine, None))
        if not byline:
            return []
    if japanese and not comparable(byline, " ".join(surnames[:4]), japanese=True):
        japanese = False
    words = latin_words(byline, japanese=japanese)[: 4 * _NAMES_ACROSS]
    found = []
    for surname in surnames[:_NAMES_ACROSS]:
        parts = latin_words(surname, japanese=japanese)
        # only parts of three letters or more can be found; a name with none (a lone initial,
        # "म" -> "m") is no evidence, never a match of nothing
        long = [part for part in parts if len(part) >= 3]
        if long and all(name_among(part, words, fuzzy=not japanese) for part in long):
            found.append(parts)
    return found


def _incomparable(titles: Sequence[str], block: str) -> bool:
    """The title block is in a script no title of the record can be compared with.

    Japanese readings are not used here: a record's Latin title may be a translation, not a
    romanisation, and a reading is evidence for, never against.
    """
    mine = script_of(block)
    return bool(titles) and all(script_of(t) != mine and not comparable(t, block) for t in titles)


#: Languages a record names Japanese by.
_JAPANESE = frozenset(["ja", "jpn", "japanese", "日本語"])


def reads_japanese(hints: RecordHints, facts: DocumentFacts) -> bool:
    """Whether Han characters are read in Japanese: the record says ``ja``, or kana are there."""
    if any(lang in _JAPANESE or lang.startswith("ja-") for lang in hints.languages):
        return True
    return any(japanese_text(t) for t in hints.titles) or japanese_text(
        facts.first_page_text[:_PAGE_REACH] + facts.prefix_text[:_PAGE_REACH]
    )


#: Latin letters and digits an OCR engine reads for one another: "l", "1" and "|" for "I",
#: "0" for "O" (and "rn" for "m"). Both sides are folded alike before they are compared.
_OCR_ONE = str.maketrans({"l": "i", "1": "i", "|": "i", "0": "o"})


def _ocr_read(text: str) -> str:
    """Latin words with the letters OCR confuses folded to one.

    "DYNAMlCS" and "Dynamics" both read "dynamics", "0HRID" and "Ohrid" both "ohrid". Only
    words of two letters or more: a number stays a number ("2010", "1976").
    """
    out = []
    for word in text[:_TITLE_REACH].split():
        if word.isascii() and sum(c.isalpha() for c in word) >= 2:
            word = word.lower().replace("rn", "m").translate(_OCR_ONE)
        out.append(word)
    return " ".join(out)


def _hints_read(hints: RecordHints, read: Callable[[str], str]) -> RecordHints:
    """The record's titles as `read` gives them (`_ocr_read`, `_single_vowels`)."""
    return attrs.evolve(hints, titles=tuple(read(t) for t in hints.titles))


def _facts_read(facts: DocumentFacts, read: Callable[[str], str], *, pages: bool) -> DocumentFacts:
    """The title runs as `read` gives them; the first page too with `pages`, else none."""
    return attrs.evolve(
        facts,
        runs=tuple(attrs.evolve(r, text=read(r.text)) for r in facts.runs[:4]),
        prefix_runs=tuple(attrs.evolve(r, text=read(r.text)) for r in facts.prefix_runs),
        first_page_text=read(facts.first_page_text[:_PAGE_REACH]) if pages else "",
        prefix_text=read(facts.prefix_text[:_PAGE_REACH]) if pages else "",
    )


#: A vowel marked long by a macron (decomposed: the vowel and U+0304).
_MACRON_VOWEL = re.compile("([aeiouAEIOU])\u0304")
#: A vowel written twice, the other way to write it long ("Maaori", "Taamaki").
_DOUBLED_VOWEL = re.compile(r"([aeiou])\1", re.IGNORECASE)


def _long_vowels(hints: RecordHints, facts: DocumentFacts) -> bool:
    """The file marks long vowels with macrons and the record's titles do not, doubling them.

    Māori, Hawaiian or Latvian text written "Māori" on the page and "Maaori" in a
    repository's record (a convention of some institutions): the same title.
    """
    page = unicodedata.normalize("NFD", facts.first_page_text[:_PAGE_REACH])
    if not _MACRON_VOWEL.search(page):
        return False
    titles = unicodedata.normalize("NFD", " ".join(hints.titles)[:_TITLE_REACH])
    return not _MACRON_VOWEL.search(titles) and bool(_DOUBLED_VOWEL.search(titles))


def _single_vowels(text: str) -> str:
    """Long vowels as short ones, however written: "Māori" and "Maaori" both read "Maori"."""
    text = _MACRON_VOWEL.sub(r"\1", unicodedata.normalize("NFD", text))
    return unicodedata.normalize("NFC", _DOUBLED_VOWEL.sub(r"\1", text))


#: Record kinds about another work, whose titles may name it behind their label.
_ABOUT_KINDS = frozenset(["notice", "comment", "review", "peer-review", "supplement", "summary"])


#: Characters of the first page looked through for a record's label.
_PAGE_REACH = 6000


def _work_about(hints: RecordHints, record_kind: Kind | None, block: str) -> str | None:
    """The label of a record about another work when the title block is that work's title.

    "Author Correction: <title>" for the record, "<title>" alone in the document's title
    block (without the label): the corrected article, not its correction.
    """
    if record_kind not in _ABOUT_KINDS or not block:
        return None
    found = keys(block)
    mine = set(content_words(block))
    for title in hints.titles:
        labelled = label_of_title(title)
        if labelled is None or labelled[0] != record_kind:
            continue
        label = labelled[1]
        rest = content_words(title)[len([w for w in label if w in set(content_words(title))]) :]
        if contains(found, (label,)) is None and rest and _share(rest, mine) >= 0.8:
            return " ".join(label)
    return None


def _occurrences(words: Sequence[str], phrase: Sequence[str]) -> int:
    """How many times `phrase` stands in `words` (linear for the short phrases of titles)."""
    n = len(phrase)
    if not n:
        return 0
    first = phrase[0]
    return sum(
        1 for i, w in enumerate(words) if w == first and list(words[i : i + n]) == list(phrase)
    )


def _heads_compilation(hints: RecordHints, facts: DocumentFacts) -> Identity | None:
    """The record is the compilation itself: its title heads the list (a programme, an issue).

    Every word of one of the record's titles, numbers too (a year, a volume), stands in the
    text above the compilation's first entry, and no entry has the title (a special issue's
    introduction under the issue's name is an entry); a title of fewer than
    `MIN_TITLE_WORDS` words never does. Another own DOI than the record's leaves it
    unverifiable.
    """
    heading = set(keys(facts.heading))
    listed, above = keys(facts.first_page_text[:_PAGE_REACH]), keys(facts.heading)
    for title in hints.titles:
        words = content_words(title)
        numbers = [w for w in keys(title) if w.isdigit()]
        if len(words) < MIN_TITLE_WORDS or not all(w in heading for w in [*words, *numbers]):
            continue
        phrase = keys(title)
        if _occurrences(listed, phrase) > _occurrences(above, phrase):
            continue  # an entry of the list has the title too: the record is that entry
        doi = hints.doi.lower() if hints.doi else None
        others = [d for d in facts.own_dois if d != doi]
        said = f"the record's title heads the compilation ({facts.heading[:90]!r})"
        if others and doi not in facts.own_dois:
            return Identity(
                "unverifiable",
                f"{said}, but it gives DOI {others[0]} as its own",
                facts.kind,
            )
        return Identity("matched", f"{said}: the record is the compilation", facts.kind)
    return None


#: How `facts_of` says a page is a list of contents and no more (not titles with authors).
_CONTENTS_ONLY = "is a list of contents (lines ending in page numbers)"


#: How the evidence names a kind of document ("a compilation" for the others).
_KIND_NAMES = {
    "slides": "slides",
    "editorial": "an editorial",
    "webpage": "a web page printed from a browser",
    "review": "a review of a book",
    "comment": "a comment or a reply",
    "peer-review": "a peer-review report or the response to one",
    "letter": "a letter or a certificate about the work (a cover letter, an acceptance)",
    "summary": "a summary of a longer work",
}


def judge(hints: RecordHints, facts: DocumentFacts) -> Identity:
    """Weigh what the document says about itself against the record (see the module doc).

    The document's title zone is read once (`_read`: the title, retried as an OCR layer
    misreads it, the byline, a citation of the record) and every rule, those below too,
    decides from that one reading. A match by title whose title block numbers a part the
    record's title does not ("..., Part II" for a record without a number) is left
    unverifiable: it may be the other part. A refusal of a document whose first page prints
    the record's DOI at the end of a citation of the record (where its own DOI may stand)
    is left unverifiable too: the citation may be the record's own "Cite as" box.
    """
    record = _record_of(hints)
    numbered = _numbered(hints, facts)
    if numbered is not None:
        return numbered
    identity = _unread(record, facts)
    reading = None
    if identity is None:
        reading = _read(record, facts)
        identity = _weigh(record, facts, reading)
    else:
        identity = _short_text(record, facts) or identity
    doi = hints.doi.lower() if hints.doi else None
    zone = _title_zone(facts, reading)
    if identity.verdict != "mismatch" and _record_kind_of(hints) != "letter":
        greeting = _salutation_above(zone[0], hints.creators) if zone is not None else None
        if greeting is not None:
            return Identity(
                "mismatch",
                f"its title block stands under the salutation {greeting[:60]!r} and a "
                "sentence: the work's title inside a letter about it (a cover letter), not "
                "the work",
                "letter",
                facts.version,
            )
        addressed = _addressed_author(record, facts)
        if addressed is not None:
            return Identity(
                "mismatch",
                f"its first page addresses the record's author ({addressed[:60]!r}): a "
                "letter to the author about the work (an acceptance, a decision), not the work",
                "letter",
                facts.version,
            )
    doubt = (
        _doubt(record, facts, zone, _header_lines(facts, reading))
        if identity.verdict == "matched"
        else None
    )
    if doubt is not None:
        return attrs.evolve(
            identity, verdict="unverifiable", evidence=f"{identity.evidence}; but {doubt}"
        )
    if (
        identity.verdict == "mismatch"
        and reading is not None
        and reading.cites
        and identity.kind not in OTHER_KINDS
    ):
        # the record's DOI where a document's own stands, ending a citation of the record: a
        # reading list, or the record's own "Cite as" box over a title block not found
        said = f"{identity.evidence}; the record's DOI ends a citation of it on the first page"
        return attrs.evolve(identity, verdict="unverifiable", evidence=said)
    labelled = next((k for k in (_kind_after(t) for t in hints.titles) if k), None)
    if (
        identity.verdict == "matched"
        and labelled is not None
        and facts.kind != labelled
        # (the document's own title ending in the same kind says so: "...: Reply")
        and all(_kind_after(run.text) != labelled for run in facts.runs[:4])
    ):
        # the record's title ends in its kind ("<title>: authors' reply", "<title>: summary
        # of recommendations") and the file does not say it is one: the letter the reply
        # answers, the full guideline, under the same title
        return attrs.evolve(
            identity,
            verdict="unverifiable",
            evidence=f"{identity.evidence}; but the record's title names it "
            f"{_KIND_NAMES.get(labelled, 'a ' + labelled)} and the document does not say so",
        )
    if identity.verdict == "matched" and facts.runs and not (doi and doi in facts.own_dois):
        # the title block with the run set right under it: "II. Dissolved organic nitrogen"
        # under the record's title numbers a part as "..., Part II" does
        part = _unnumbered_part(_numbered_below(facts), hints.titles) or next(
            # (or a title page's run passed over numbers a serial's part: "(第二輪)" on the
            # cover of a survey's second wave)
            (p for run in facts.prefix_runs[:3] if (p := _serial_part(run.text, hints.titles))),
            None,
        )
        if part is not None:
            return attrs.evolve(identity, verdict="unverifiable", evidence=part)
    return identity


@attrs.frozen
class _Reading:
    """What the document's title zone says of the record, read once per judgement.

    Attributes:
        level: how the record's title appears (`_title_match`), after the OCR retry.
        title: the record's title found.
        block: the title block it was compared with.
        reread: how the title was read when found only on a second reading (with the letters
            OCR confuses read alike, or long vowels read as short), else empty.
        authors: where the record's authors appear (`_author_match`).
        cites: the record's DOI, given as the document's own, only ends citations of the
            record on the first page, under a title block that is not the record's title
            (`_cites_record`): no evidence for, and a refusal is left undecided.
    """

    level: str | None
    title: str
    block: str
    reread: str
    authors: _Authors
    cites: bool


#: The first page's lines looked at for a salutation (a letter's opens its text).
_ADDRESS_REACH = 40
#: A salutation's words before its mark ("Dear Dr. Yilmaz", "Sayin Doc. Dr. Kaya").
_ADDRESS_WORDS = 5
_ADDRESS_MARK = re.compile("[,:!\uff0c\uff1a\uff01]")  # and their full-width forms
#: A greeting ends in a comma ("Dear Professor Aydin,"); a caption ends in a colon.
_GREETING_MARK = re.compile("[,\uff0c]")
#: What follows a name in a citation, not in a salutation: its initials, or its year.
_CITED_NAME = re.compile(r"[^\W\d_]{1,2}\.|.{0,80}\((1[5-9]|20)\d\d\)")


def _addressed_author(record: _Record, facts: DocumentFacts) -> str | None:
    """A line of the first page that addresses one of the record's authors, or None.

    "Dear Dr. Yilmaz," over a sentence: a few words ending in a record author's family
    name, with none of the record's given names (a byline has them), then a mark, then
    running text (on the line or the next). An article's first page addresses nobody; a
    letter to the author about the work (an acceptance, a decision, an invitation) does,
    whatever its language. A correspondence line ("Corresponding author: Prof. Yilmaz,
    Department of ...") goes on with an address, not a sentence.
    """
    surnames = set(record.hints.surnames)
    if not surnames or facts.article_page is None:
        return None
    named = record.names
    lines = facts.first_page_text.splitlines()[:_ADDRESS_REACH]
    for i, text in enumerate(lines):
        mark = _ADDRESS_MARK.search(text)
        if mark is None:
            continue
        words = fold(text[: mark.start()]).split()
        if not 2 <= len(words) <= _ADDRESS_WORDS or words[-1] not in surnames:
            continue
        if (
            all(w in named for w in words)  # a byline's or a citation's name, whole
            or any(len(w) == 1 for w in words)
            or surnames.intersection(words[:-1])  # two of the record's authors
        ):
            continue
        if not text.lstrip()[:1].isupper() or (i > 0 and running_text(lines[i - 1])):
            continue  # a sentence's middle ("model developed by Brenner, whose ..."), not its start
        inline = text[mark.end() :].strip()
        follow = inline or (lines[i + 1] if i + 1 < len(lines) else "")
        if inline and not inline[:1].isupper():
            continue  # "We thank Dr. Brenner, who provided ...": a clause goes on
        if running_text(follow) and not _CITED_NAME.match(follow):
            return text.strip()
    return None


#: A citation's tail: a volume and its issue ("15(2)"), a volume and its year ("11 (2023)"),
#: or an author-year citation's year ("(2022).", "(2022),", "(2022)" ending the line).
_CITATION_TAIL = re.compile(
    r"\b\d{1,4}\s?\(\d{1,3}(?:[-\u2013]\d{1,3})?\)"
    r"|\((?:1[5-9]|20)\d\d[a-z]?\)(?:\s?[.,:]|\s*$)"
    r"|\b\d{1,4}\s\((?:1[5-9]|20)\d\d\)"
)


def _cited_under(record: _Record, below: str) -> str | None:
    """The line right under the title block when it cites the work, or None.

    "Tan B.; Lim K. · Journal of Taiwanese Studies 15(2), 2023" under the title: the
    title and that line are a citation of the work, as an export, a request or an archive's
    report set it at their head; a paper's own byline names its authors, never its volume.
    """
    if not _CITATION_TAIL.search(below):
        return None
    words = [w for w in fold(below).split() if w.isalpha()]
    if not record.names.intersection(words):
        return None  # a journal line, a subtitle: no author of the record cited on it
    titled = {w for title in record.hints.titles for w in fold(title).split()}
    container = [w for w in words if w not in record.names and w not in titled and w not in STOP]
    # a citation names its source ("Journal of ...", "Working Paper"), a byline only people
    return below if len(container) >= _CONTAINER_WORDS else None


#: Words of a citation's source at least ("Data in Linguistics", "Working Paper").
_CONTAINER_WORDS = 2


#: A caption's words at most ("Official Title:", "Title of the project:").
_CAPTION_WORDS = 4


def _title_zone(facts: DocumentFacts, reading: _Reading | None) -> tuple[list[str], str] | None:
    """The article page's lines over the record's title block, and the line right under it.

    None when the record's title is not the title block of the article's first page.
    """
    if reading is None or reading.level != "block":
        return None
    run = _run_of(facts, reading.block)
    if run is None or run.page != facts.article_page:
        return None
    lines = facts.first_page_text.splitlines()
    return lines[: run.first], (lines[run.last + 1].strip() if run.last + 1 < len(lines) else "")


def _header_lines(facts: DocumentFacts, reading: _Reading | None) -> list[str]:
    """The article page's lines over the record's title block, less a title right over it.

    A run set in the title's size or larger right over it is a title too (the work's title
    in its other language), not a header, and a line set below the title is none either,
    wherever it is read; [] when the title is not the page's title block.
    """
    if reading is None or reading.level != "block":
        return []
    run = _run_of(facts, reading.block)
    if run is None or run.page != facts.article_page:
        return []
    titled = {
        i
        for other in facts.runs
        if other.page == run.page and other.size >= run.size and other.last == run.first - 1
        for i in range(other.first, other.last + 1)
    }
    lines = facts.first_page_text.splitlines()[: run.first]
    if len(facts.tops) == len(facts.first_page_text.splitlines()):
        # a line read before the title but set below it (a footer's copyright line,
        # written first) is no header over it
        titled |= {i for i in range(run.first) if facts.tops[i] < facts.tops[run.first]}
    return [line for i, line in enumerate(lines) if i not in titled]


def _doubt(
    record: _Record,
    facts: DocumentFacts,
    zone: tuple[list[str], str] | None,
    head: Sequence[str] = (),
) -> str | None:
    """Why a match is left undecided: the document may be about the work, or None.

    One page with no running text (a highlights sheet, a graphical abstract); a file of
    many pages for an abstract's or a poster's record (`_ABSTRACT_PAGES`); pages of prose
    for a presentation's record (the paper behind the slides); an article
    with a DOI of its own for a thesis's record; a citation of the work under its title; a
    field's caption over it; a text too short to be the article (`_too_short`).
    """
    hints = record.hints
    doi = hints.doi.lower() if hints.doi else None
    if hints.article and facts.page_count == 1 and not facts.running:
        # one page, and below its title block no sentence that is not a list's item: a
        # sheet about the article, whose own one page would carry its text
        return (
            "its one page has no running text below the title block (only list items, "
            "labels or a figure's words): a sheet about the article (its highlights, its "
            "graphical abstract), not the article?"
        )
    record_kind = _record_kind_of(hints)
    if record_kind in ("summary", "poster") and facts.page_count > _ABSTRACT_PAGES:
        # the record is an abstract or a poster: a file of many pages under its title is the
        # full paper the work grew into, not the record's abstract or poster
        return (
            f"a file of {facts.page_count} pages for the record of a {record_kind}: the work's "
            f"full paper, not the record's {record_kind}?"
        )
    if hints.talk and facts.kind != "slides" and facts.prose:
        # the record is a presentation's slides (by its type: a lecture's record may hold
        # its notes): portrait pages of running text under its title are the paper the
        # talk was made from ("Paper prepared for presentation at")
        return (
            f"{facts.page_count} portrait pages of running text for the record of slides: "
            "the paper the presentation was made from, not the record's slides?"
        )
    other = next((d for d in facts.own_dois if d != doi), None)
    if hints.kind == "thesis" and facts.kind == "article" and other is not None:
        # a thesis's record, and a file with a DOI of its own that nowhere says it is a
        # thesis: the article its author published from it under the same title
        return (
            f"the file gives DOI {other} as its own and no thesis's label: an article "
            "published from the thesis, not the thesis?"
        )
    if zone is None:
        return _too_short(record, facts, ())
    above, below = zone
    cited = _cited_under(record, below)
    if cited is not None:
        return (
            f"the line under the title cites the work ({cited[:70]!r}: its authors with a "
            "volume, an issue or a year): the title of a work the document is about (an "
            "export, a request, a report), not its own?"
        )
    captioned = _captioned_title(record, above, below)
    if captioned is not None:
        return (
            f"the title stands under the caption {captioned!r}, as a field's value: a record "
            "about the work (a registry's, a form's), not the work?"
        )
    return _too_short(record, facts, head)


#: Pages an abstract (an extended one too) or a poster (with its handout) runs at most.
_ABSTRACT_PAGES = 4
#: Letters a text shorter than one page of an article's running text holds (about 250
#: words); a character of a script written without spaces (Chinese, Japanese, Korean) counts
#: as `_WIDE_LETTERS`, about the letters of a word's share it carries.
_SHORT_WORK = 1500
_WIDE_LETTERS = 3
#: A file of at most this many pages is short enough to be a document about the work.
_FEW_PAGES = 2


def _text_size(text: str) -> int:
    """The letters of a text, a wide character (`_WIDE_LETTERS`) counted as several."""
    return sum(
        _WIDE_LETTERS if unicodedata.east_asian_width(ch) in ("W", "F") else 1
        for ch in text
        if ch.isalpha()
    )


def _too_short(record: _Record, facts: DocumentFacts, head: Sequence[str]) -> str | None:
    """Why a file of one or two pages cannot be shown to be the article, or None.

    A document about a work (a notice to its authors, a request, a review form, a report
    back to a community) prints the work's title as its heading, its byline and its DOI, as
    the work does: on a page or two, title, byline and DOI are no evidence it is the work.
    The work's own text is: an article or a report runs longer than `_SHORT_WORK`. A record
    whose type names a genre in words (a short communication, an obituary; a report's
    "Technical Report" names none) or whose citation gives it one or two pages may be that
    short, as may a record of another kind, unless its citation gives the work two pages
    more than the file has. (A citation's longer range alone, with the file's text long, is
    no evidence against it: repositories hold two-page excerpts of long works as files.)
    A short file the record may be is still no proof when two lines or more over its title
    say, in words none of the record's fields has, whose document it is (`_foreign_head`).
    """
    pages = facts.page_count
    if not 0 < pages <= _FEW_PAGES or record.hints.monograph:
        return None
    if own_publication(record.hints.numbers, facts.numbers) is not None:
        return None  # a patent's front page giving the record's number in its own field
    size = _text_size(facts.text)
    if size >= _SHORT_WORK:
        return None
    if _may_be_short(record, pages):
        header = _foreign_head(record, head)
        if header is None:
            return None
        return (
            f"a short file (about {size // 6} words) under a header of its own ({header[:90]!r}: "
            "words none of the record's fields has): a document about the work (a form, a "
            "request, a summary for someone), not the work?"
        )
    return (
        f"its text is shorter than an article's page (about {size // 6} words on "
        f"{pages} page{'s' if pages > 1 else ''}): a document about the work (a notice, a "
        "request, a form) prints its title, byline and DOI too, so they do not show it is "
        "the work?"
    )


#: Lines over a short file's title in words none of the record's fields has that make a
#: header of the file's own (an institution's name and the document's kind).
_FOREIGN_HEAD_LINES = 2
#: A header line is the file's own when its words none of the record's fields has are this
#: many times those it has, or more ("Université de Kananga — Service de la recherche" over
#: a record whose title names Kananga).
_FOREIGN_SHARE = 3


def _foreign_head(record: _Record, head: Sequence[str]) -> str | None:
    """The lines over the title block that name another document, or None.

    A work's own header over its title prints where and as what it appeared (its journal,
    volume, publisher, "Letter"), words of the record's fields, or numbers and a link; a
    document about the work sets its own header there (an institution's name, "Purchase
    order no. 917", "Запрос разрешения"), whatever the language or script. Lines of two
    words or more the record lacks (its titles, names, DOI, ``source`` or ``publisher``),
    at most one in `_FOREIGN_SHARE` of their words the record's and none an author's name,
    `_FOREIGN_HEAD_LINES` of them or more: returns them joined. A record that names no
    journal nor publisher cannot tell a header of the work's own from another's: None.
    `head` (`_header_lines`) leaves out a title set right over the record's (its other
    language's title).
    """
    if not record.hints.venue:
        return None
    names = {k for name in record.hints.surnames for k in keys(name)}
    known = set(record.words)
    for text in record.hints.venue:
        known.update(keys(text))
    lines: list[str] = []
    for line in head:
        if re.search(r"https?://|www\.|doi\b|\b10\.\d{4,}/", line, re.IGNORECASE):
            continue
        words = [
            k
            for k in keys(line)
            if k not in STOP and len(k) >= 2 and not any(c.isdigit() for c in k)
        ]
        if names & set(words):
            continue  # a running head naming the work's authors ("Halvorsen et al.")
        unknown = [k for k in words if k not in known]
        if len(unknown) >= 2 and _FOREIGN_SHARE * (len(words) - len(unknown)) <= len(unknown):
            lines.append(" ".join(line.split()))
    return " / ".join(lines) if len(lines) >= _FOREIGN_HEAD_LINES else None


def _may_be_short(record: _Record, pages: int) -> bool:
    """Whether the record's own file may be a page or two of text (see `_too_short`)."""
    hints = record.hints
    if hints.pages is not None and hints.pages > pages + 1:
        # the citation gives the work more pages than the file has (a range counts the pages
        # it starts and ends on, one more than a page's text may need): of any kind
        return False
    if hints.pages is not None and hints.pages <= _FEW_PAGES:
        return True
    if _record_kind_of(hints) is not None or not (hints.article or hints.report):
        return True
    return hints.genre and not hints.report  # a report's type in words names no short genre


def _captioned_title(record: _Record, above: Sequence[str], below: str) -> str | None:
    """The caption on the line right over the title block, when one stands there.

    "Official Title:" over the record's title: the title is a field's value in a record
    about the work (a trial registry's, a project's form), not the document's own title.
    A manuscript's own title page of captions ("Title:" over it, "Authors: <the record's
    authors>" under it) is its own.
    """
    if not above:
        return None
    if ":" in below[:40] and set(record.hints.surnames) & set(fold(below).split()):
        return None  # "Title:" over the title and "Authors: ..." under it: a manuscript's own
    caption = above[-1].strip()
    opening = keys(caption)
    if opening and any(keys(t)[: len(opening)] == opening for t in record.hints.titles):
        return None  # the title's own first line ("Hotel Almirante (A):" over its subtitle)
    if (
        caption.endswith((":", "\uff1a"))
        and 1 <= len(caption.split()) <= _CAPTION_WORDS
        and not caption[:1].islower()  # "по теме:" goes on from the label over it: no field
    ):
        return caption
    return None


def _salutation_above(above: Sequence[str], creators: Sequence[str] = ()) -> str | None:
    """A salutation over the record's title block: the title stands inside a letter.

    "Dear Professor Ahmadov," then "please find enclosed our manuscript" over the title: a
    short line ending in a comma, running text after it, both above the title block on the
    article's first page. A letter to the editor that is the article opens its text so
    *under* its title. A line that is one of the record's `creators`' names and nothing
    more ("Оксана ПОПОВИЧ," over her degree and post) is the byline, not a greeting.
    """
    names = [set(keys(creator)) for creator in creators]
    for i, text in enumerate(above[:-1]):
        mark = _GREETING_MARK.search(text)
        if (
            mark is not None
            and mark.end() == len(text.rstrip())
            and 2 <= len(text.split()) <= _ADDRESS_WORDS
            and text[:1].isupper()
            and running_text(above[i + 1])
            and not any(set(keys(text)) <= name for name in names)
        ):
            return text.strip()
    return None


def _poster_abstract(record_kind: Kind | None, hints: RecordHints, facts: DocumentFacts) -> bool:
    """True when a file labelled a poster is the conference abstract the record is.

    A congress's abstract book labels each abstract with its session ("Poster", "Poster
    Bildiri"): on a page of ordinary size, a few pages at most, that label names how the
    work was presented, and the abstract under it is the record's when the record is a
    conference abstract. A poster itself is a sheet of a poster's size (A2 or larger).
    """
    return (
        facts.kind == "poster"
        and record_kind == "summary"
        and hints.conference
        and facts.page_count <= _ABSTRACT_PAGES
        and not facts.kind_evidence.startswith(POSTER_SHEET)
    )


def _record_kind_of(hints: RecordHints) -> Kind | None:
    """The kind the record's type names, or its title's label does ("Erratum: ...").

    A library catalogue writes the kind after the title, as other title information behind
    " : " ("<title> : автореферат дис. ... канд. экон. наук"): a thesis's summary (an
    autoreferat) opening such a part is the record's kind too.
    """
    return (
        hints.kind
        or next((k for k in (kind_of_title(t) for t in hints.titles) if k), None)
        or ("summary" if any(_title_proper(t) for t in hints.titles) else None)
        or next((k for k in (_kind_after(t) for t in hints.titles) if k), None)
    )


def _kind_after(title: str) -> Kind | None:
    """The kind a title's last part names after a separator, or None.

    "<title>: authors' reply" is a reply, "<title>: summary of recommendations" a summary:
    the label, and at most one word more, make up the part after a colon or a dash.
    """
    parts = _AFTER_SEPARATOR.split(title.strip())
    if len(parts) < 2:
        return None
    tail = keys(parts[-1])
    for kind, phrases in (("comment", COMMENT_PHRASES), ("summary", SUMMARY_PHRASES)):
        found = starts_with(tail, phrases)
        if found is not None and len(tail) <= len(found) + 1:
            return kind  # type: ignore[return-value]
    # a summary's label after an article and the work it sums up ("<title>: a plain language
    # summary of the EMOTION trial"): the record is a summary (a reply named so, "<title>:
    # a reply", is read by its own title, which says so as the record's does)
    opened = tail[1:] if tail[:1] and tail[0] in _ARTICLES else tail
    found = starts_with(opened, SUMMARY_PHRASES)
    if found is not None and len(opened) > len(found) and opened[len(found)] in _OF:
        return "summary"
    return None


#: An indefinite article opening a title's part ("a", "an").
_ARTICLES = frozenset({"a", "an"})
#: The word that joins a summary's label to the work it sums up ("a summary of").
_OF = frozenset({"of", "for", "on"})


#: What separates a label from the title before it: a colon, a dash between spaces.
_AFTER_SEPARATOR = re.compile(r"\s*:\s+|\s+[\u2013\u2014-]\s+")


def _title_proper(title: str) -> str | None:
    """A catalogued title's part before the kind it names after " : ", or None."""
    parts = _CATALOGUE_PART.split(title)
    for i, part in enumerate(parts[1:], 1):
        if starts_with(keys(part), THESIS_SUMMARY_PHRASES) is not None:
            return " : ".join(parts[:i]).strip() or None
    return None


#: ISBD's mark before other title information: a colon with a space on both sides.
_CATALOGUE_PART = re.compile(r"\s:\s")


def _unread(record: _Record, facts: DocumentFacts) -> Identity | None:
    """The verdict decided before the title zone is compared, or None.

    No hints, a text that cannot be trusted (a short text may still be matched, see
    `_short_text`), the record's own compilation, or a document of another kind.
    """
    hints = record.hints
    if hints.empty:
        return Identity("unverifiable", "the record gives no title or DOI to compare with")
    doi = hints.doi.lower() if hints.doi else None
    own_doi = doi is not None and doi in facts.own_dois
    record_kind = _record_kind_of(hints)
    kind = facts.kind
    if not facts.trusted and not own_doi:
        return Identity("unverifiable", f"the text cannot be trusted: {facts.trust_evidence}")
    if kind == "compilation" and record_kind in (None, "compilation") and not hints.article:
        # an article's record is no compilation, whatever heads one (a supplement's tables,
        # a metrics printout under the article's title)
        headed = _heads_compilation(hints, facts)
        if headed is not None:
            return headed
    if (
        kind in ("slides", "poster")
        and _shaped(facts)
        and record_kind is None
        and hints.typed
        and not (hints.article or hints.monograph or hints.conference)
    ):
        # a page's shape alone (landscape pages of few words, a sheet of A2) says slides or
        # a poster of an article; a record that says it is no article, no thesis, no book
        # (an artist's book of spreads, a competition's boards, a score) may be set so
        return Identity(
            "unverifiable",
            f"its pages are shaped as {_KIND_NAMES.get(kind, kind)} ({facts.kind_evidence}), "
            "and the record does not say it is an article: its shape cannot tell",
            kind,
        )
    # a conference contribution accepts its extended abstract, and its file may carry its
    # proceedings' citation (an ISBN) under its title where a review cites its book
    cited = kind == "review" and facts.kind_evidence.startswith(BOOK_CITED)
    if (
        kind in OTHER_KINDS
        and kind != record_kind
        and not ((kind == "summary" or cited) and hints.conference)
        and not _poster_abstract(record_kind, hints, facts)
        and not (kind == "compilation" and own_doi and _title_match(record, facts)[0] == "block")
        # (a review essay, a review under its own DOI and title: the record, whatever its
        # type calls it; a review of a book cites the book's DOI, so never for a book's)
        and not (
            kind == "review"
            and own_doi
            and not hints.monograph
            and _title_match(record, facts)[0] == "block"
        )
        # (a page printed from the record's own address: a portal's review, its only file)
        and not (kind == "webpage" and _printed_own(hints, facts))
        and not any(kind_of_title(t) == kind for t in hints.titles)
        and not (
            kind == "editorial"
            and not hints.monograph
            and record_kind is None
            and not facts.prefix_runs
            and _title_match(record, facts)[0] == "block"
        )
        and not (kind in ("summary", "editorial") and _opens_report(record, facts))
        and not (kind == "editorial" and _work_foreword(record, facts))
        and not (kind == "letter" and _front_matter(record, facts))
        and not (
            kind == "form"
            and _front_matter(record, facts)
            and _title_page_titled(record, facts, set_as_title=True)
        )
        and not (
            kind == "compilation"
            and (hints.monograph or hints.report)
            and facts.kind_evidence.endswith(_CONTENTS_ONLY)
            and (
                _title_match(record, facts)[0] == "block"
                # (or its title page passed over carries every word of the record's title,
                # set in no size that stands out: a typed dissertation's title page; a
                # series' next report has a word of its own in place of one)
                or (facts.article_page is not None and _title_page_titled(record, facts, share=1.0))
            )
        )
    ):
        # (a page under the record's title block, giving the record's DOI as its own, is the
        # record's, whatever table on it ends its rows in numbers as a list of contents does;
        # a record titled by the kind's own label, a book's "Foreword" typed as its chapter,
        # is that kind of document, whatever its type calls it; a record whose title is the
        # title block under a journal's "EDITORIAL" is that editorial: a journal records its
        # editorials as articles, a repository as "other"; a report or a standard opens with
        # its foreword or executive summary after its own title page; a whole work's record,
        # a thesis, a book or a report, under its own title page has its own contents page:
        # a list of chapters, not of other works with their authors)
        return Identity(
            "mismatch",
            f"{_KIND_NAMES.get(kind, 'a ' + kind)}, not the record's {record_kind or 'article'}: "
            f"{facts.kind_evidence}",
            kind,
        )
    if kind == "thesis" and record_kind == "summary" and hints.kind is None:
        # the record of a thesis's summary (an autoreferat, by its catalogue's words after the
        # title), and a file that says it is the thesis: the work the summary is about
        return Identity(
            "mismatch",
            f"a thesis, not the record's summary of it: {facts.kind_evidence}",
            kind,
        )
    return None


def _opens_report(record: _Record, facts: DocumentFacts) -> bool:
    """Whether a summary's or a foreword's label heads a report's page after its title page.

    A report (a standard, a guideline) opens with its foreword or its executive summary: the
    label heads the first page after a title page that carries the record's title (its
    words, in any order: "DRAFT ENVIRONMENTAL IMPACT STATEMENT / Kalaeloa Seawater
    Desalination Facility" for "Kalaeloa seawater desalination facility draft environmental
    impact statement") and no such label of its own. A summary published apart carries its
    label on its title page. Not for an article's record (its file has no title page of
    its own) nor a book's (a book's front matter, its title page and foreword, is published
    apart as a part of it). A thesis's record is read as a report's when its title page says
    it is a thesis ("THÈSE POUR LE DOCTORAT", then "AVANT-PROPOS"): a thesis is deposited
    whole, its foreword after its title page.
    """
    hints = record.hints
    if not facts.prefix_runs or hints.article:
        return False
    if hints.monograph and not (
        _record_kind_of(hints) == "thesis" and _says_thesis(facts.prefix_text)
    ):
        return False
    # (a thesis's summary published apart says so on its title page too: "TÓM TẮT LUẬN ÁN
    # TIẾN SĨ", an autoreferat's label)
    labels = (*SUMMARY_PHRASES, *EDITORIAL_PHRASES, *THESIS_SUMMARY_PHRASES)
    if any(starts_with(keys(run.text), labels) is not None for run in facts.prefix_runs):
        return False
    label = keys(facts.kind_evidence.rpartition(" reads ")[2])
    if facts.kind == "summary" and len(label) == 1 and label[0] in SUMMARY_WORDS:
        # a summary's label of one word ("Kurzfassung") counts only alone next to a title
        # block: its own title page's, where a report's own summary has none
        return False
    return _title_page_titled(record, facts)


#: French's name of a thesis opening a title page's line, its accent kept ("THÈSE POUR LE
#: DOCTORAT"): folded, it would be English "these".
_THESE = re.compile(r"th\u00e8se\b")


def _says_thesis(text: str) -> bool:
    """Whether a line of a title page opens with a thesis's label.

    ("THÈSE", "Dissertation zur Erlangung..."): the page is a thesis's own, not a
    dedication's "à la mémoire de".
    """
    return any(
        starts_with(keys(line), THESIS_PHRASES) is not None
        or _THESE.match(unicodedata.normalize("NFC", line.strip().casefold())) is not None
        for line in text.splitlines()
    )


def _title_page_titled(
    record: _Record, facts: DocumentFacts, *, share: float = 0.8, set_as_title: bool = False
) -> bool:
    """Whether the title page passed over before the page read carries the record's title.

    Its words, in any order, `share` of them at least (four in five): a whole work's own
    title page. With `set_as_title`, only its largest runs are read: the title set as its
    title (a thesis's title page before its declaration), not held in a form's field
    ("Title of thesis") in the size of the form's other values.
    """
    text = (
        " ".join(run.text for run in facts.prefix_runs[:3]) if set_as_title else facts.prefix_text
    )
    cover = set(keys(text))
    return bool(cover) and any(
        len(words := content_words(t)) >= MIN_TITLE_WORDS
        and sum(1 for w in words if w in cover) >= share * len(words)
        for t in record.hints.titles
    )


def _front_matter(record: _Record, facts: DocumentFacts) -> bool:
    """Whether a certificate's or a declaration's page follows a whole work's own title page.

    A thesis opens with its title page, then its supervisor's certificate or its author's
    declaration ("CERTIFICATE: This is to certify that the thesis entitled ..."), its
    approval page: the work's front matter, not a letter about it. For the record of a
    whole work (a thesis, a book, a report) whose title page, passed over before the page
    read, carries the record's title; a certificate published apart has no such page
    before it, and an article's record none of its own.
    """
    return (
        bool(facts.prefix_text) and _whole_work(record.hints) and _title_page_titled(record, facts)
    )


def _work_foreword(record: _Record, facts: DocumentFacts) -> bool:
    """Whether a foreword follows a title page naming one of the record's creators.

    An edition, a score or a catalogue opens with its title page (the composer's, the
    editor's name over the title), then its foreword ("Vorwort", "Preface"): the work's
    own preliminaries, not an editorial about another work. The title page is a page
    passed over before the page read, and a creator's family name stands on it (a
    person's, written "Family, Given" by the record).
    """
    if record.hints.article or record.hints.kind == "thesis":
        # (an article's file has no title page of its own before its text; a thesis's
        # says it is one, and one that does not is a book's, published apart)
        return False
    if not facts.prefix_text or not facts.skipped:
        return False
    return _person_printed(record.hints, facts.prefix_text)


def _person_printed(hints: RecordHints, text: str) -> bool:
    """Whether one of the record's people's family names is a word of `text`.

    A person's name, "Vollmer, Heinrich": not a corporate author's, whose name a title page
    of any of its reports carries.
    """
    people = [
        words[-1]
        for creator in hints.creators
        if "," in creator and (words := keys(creator.partition(",")[0]))
    ]
    printed = set(keys(text))
    return any(name in printed for name in people)


def _whole_work(hints: RecordHints) -> bool:
    """Whether the record is of a whole work with pages of its own before its text.

    A thesis, a book or a report (its type says so), not an article: an article's file
    has no page of its own before its first.
    """
    return not hints.article and (hints.monograph or hints.report)


def _short_text(record: _Record, facts: DocumentFacts) -> Identity | None:
    """A short text (a score's title page, a map sheet) matched as a whole, or None.

    Too little text to trust (`SPARSE`) is matched only by its title block and a record
    author named in its byline or in a run of its title block (a composer's name set large
    over the title), weighed by every rule a longer text is (`_weigh`: another number,
    words in place of the record's...), and never when the document names itself another
    kind (a graphical abstract is no article, however short).
    """
    hints = record.hints
    doi = hints.doi.lower() if hints.doi else None
    if (
        facts.trusted
        or facts.trust_evidence != SPARSE
        or facts.article_page is None
        or (doi is not None and doi in facts.own_dois)
        or (facts.kind in OTHER_KINDS and facts.kind != _record_kind_of(hints))
    ):
        return None
    reading = _read(record, facts, title_runs=True)
    if reading.level != "block" or not reading.authors.byline:
        return None
    weighed = _weigh(record, facts, reading)
    if weighed.verdict != "matched":
        return None
    return attrs.evolve(weighed, evidence=f"{weighed.evidence} (a short text)")


def _read(record: _Record, facts: DocumentFacts, *, title_runs: bool = False) -> _Reading:
    """The document's title zone read against the record, once (see `_Reading`).

    `title_runs`: a record author named in a run of the title block counts as in the
    byline (a short text's title page, see `_short_text`).
    """
    hints = record.hints
    level, title, block = _title_match(record, facts)
    reread = ""
    ocr: tuple[_Record, DocumentFacts] | None = None  # the OCR reading, made once if needed
    if level != "block":
        ocr = _record_of(_hints_read(hints, _ocr_read)), _facts_read(facts, _ocr_read, pages=False)
        read = _title_match(*ocr)
        if read[0] == "block":
            level, title, block = read  # a scan's OCR layer: "DYNAMlCS lN LAKE 0HRID"
            reread = " (with the letters OCR confuses read alike)"
    if level != "block" and _long_vowels(hints, facts):
        read = _title_match(
            _record_of(_hints_read(hints, _single_vowels)),
            _facts_read(facts, _single_vowels, pages=True),
        )
        if read[0] == "block":
            level, title, block = read  # "Maaori" in the record for the file's "Māori"
            reread = " (with long vowels read alike: a macron and a doubled vowel)"
    alike = (
        _alike_block(record, facts) or (_alike_block(*ocr) if ocr is not None else None)
        if level != "block"
        else None
    )
    if alike is not None:
        level, (title, block) = "block", alike
        reread = " (its letters alike, as an OCR misreads them or drops their spaces)"
    doi = hints.doi.lower() if hints.doi else None
    cites = (
        doi is not None
        and doi in facts.own_dois
        and level != "block"
        and _cites_record(hints, facts, doi)
    )
    authors = _author_match(hints, facts, title_runs=title_runs)
    return _Reading(level, title, block, reread, authors, cites)


def _weigh(record: _Record, facts: DocumentFacts, reading: _Reading) -> Identity:
    """Weigh the reading of the title zone against the record (see the module doc).

    For: the record's DOI given as the document's own; the record's title as the title
    block; a record author in the byline. Against: another own DOI; another title in the
    title block; a byline of other people.
    """
    hints = record.hints
    doi = hints.doi.lower() if hints.doi else None
    own_doi = doi is not None and doi in facts.own_dois
    record_kind = _record_kind_of(hints)
    kind = facts.kind
    level, title, block = reading.level, reading.title, reading.block
    authors = reading.authors
    if reading.cites:
        stated = (
            _stated_version(hints, facts, doi) if doi and (authors.byline or authors.page) else None
        )
        if stated is not None:
            return Identity("matched", stated, kind, facts.version)
        # "<authors> (2021). <the record's title>. <journal>. <its DOI>": the DOI and the
        # title that opens a line of the page are the citation's, no evidence for
        own_doi = False
        level = "page" if level == "heading" else level
    # a document has one DOI of its own, the first it gives as its own: the record's DOI given
    # after another ("Preregistration: <DOI>" under the article's own) is one it refers to
    # (a notice of the record's own kind, a retraction for a retraction's record, gives the
    # DOI of the work it is about first, "DOI of original article: ...", then its own)
    subject = own_doi and record_kind in _ABOUT_KINDS and kind == record_kind
    referred = own_doi and facts.own_dois[0] != doi and not subject
    if referred:
        own_doi = False
    about = _work_about(hints, record_kind, block) if kind not in OTHER_KINDS and level else None
    if about is not None:
        # the record is a notice (a comment, a summary) about a work; the file is that work,
        # unless its first page carries the record's label elsewhere (a running head)
        said = (
            f"its title block reads {block[:90]!r}: the work the record's {record_kind} "
            f"({about!r}) is about, not the {record_kind}"
        )
        page = keys(facts.first_page_text[:_PAGE_REACH])
        if contains(page, (tuple(about.split()),)) is not None:
            said = f"{said}, though its first page reads {about!r} elsewhere"
            return Identity("unverifiable", said, kind, facts.version)
        return Identity("mismatch", said, kind, facts.version)
    # a label of the record's own kind ("Poster: <title>" for a poster's record) says what the
    # record is, not that the document is about it
    own_label = kind in OTHER_KINDS and kind == record_kind
    label = _label_before(block, title) if level == "block" and not own_label else None
    if label is not None and _field_caption(keys(label)):
        # a form's numbered field and its caption ("(54) Title:", "(54) Título:", a patent's
        # front page): the document's own title field, not another document's label
        label = None
    if label is not None and tuple(keys(label)) in TITLE_CAPTION_PHRASES:
        # the title's own caption ("Title: <the title>" on a manuscript's title page, its
        # fields listed one by one): the document's own title, captioned
        label = None
    if label is not None and set(keys(label)) <= record.venue:
        # words the record's own source gives ("Lecture 7" of a course's "... (Lecture 7)"):
        # the record's place in its series, not another document's label
        label = None
    if label is not None:
        # "<label>: <the record's title>": a document about the record (a report, a review,
        # a reply, supplementary material), not the record itself
        return Identity(
            "mismatch",
            f"its title block reads {block[:90]!r}: {label!r} set before the record's title, "
            "a document about the record, not the record",
            kind,
            facts.version,
        )
    # (the notice itself, giving the record's DOI, quotes the work it is about)
    quoted = (
        _quoted_title(block, title, record.names)
        if level in ("block", "contained") and not subject
        else None
    )
    if (
        quoted is None
        and level == "block"
        and not subject
        and _QUOTED.fullmatch(block.strip().rstrip(",.;:"))
    ):
        # the title block is the record's title in quotation marks, alone on its lines
        # ("《<title>》" over "(征求意见稿)编制说明", "ОТЗЫВ на автореферат ... «<title>»,"):
        # the words over and under it say what is about it
        around = (_line_above(facts, block, sized=False), block, _line_below(facts, block))
        quoted = _quoted_title(" ".join(around), title, record.names)
    if quoted is not None:
        # "Comment on “<the record's title>” by ...", "Réponse à « <title> »": the record's
        # title cited inside another title
        return Identity(
            "mismatch",
            f"its title block reads {block[:90]!r}: the record's title quoted inside another "
            f"title ({quoted!r} around it), a document about the record, not the record",
            kind,
            facts.version,
        )
    linked = (
        _linked_label(record, block, title)
        or _linked_label(record, f"{_line_above(facts, block)} {block}", title)
        if level == "block" and not own_label
        else None
    )
    if linked is not None and not _field_caption(keys(linked)):
        # "Lösungsvorschlag zu <the record's title>", "Solutions to ...": a document joined
        # to the record's title by a preposition of purpose, about the record
        return Identity(
            "mismatch",
            f"its title block reads {block[:90]!r}: {linked!r} set before the record's title, "
            "a document about the record, not the record",
            kind,
            facts.version,
        )
    front = (
        _words_in_front(record, block, title)
        if level == "block" and not own_label and not authors.byline and not own_doi
        else None
    )
    if front is not None and _field_caption(front.split()):
        front = None  # a numbered field's caption ("(54) Title:")
    if front is not None:
        return Identity(
            "unverifiable",
            f"its title block reads {block[:90]!r}: {front!r} before the record's title, "
            "words none of the record's fields has (a label of another document's kind?)",
            kind,
            facts.version,
        )
    in_block = set(content_words(block))
    numbers = next(
        (
            found
            for mine in ((title,) if level in ("block", "contained") else hints.titles)
            if _share(content_words(mine), in_block) >= 0.5
            and (found := _other_part(block, mine)) is not None
        ),
        None,
    )
    if numbers is None and level in ("block", "contained"):
        # the part set on its own line under the series' title ("Deel 1: Hoofdrapport" under
        # "Evaluatie van de Wet langdurige zorg", the record's "... Deel 2: Bijlagen")
        # (on the article's page, or on a title page passed over before it)
        below = _line_below(facts, block) or _line_after(facts.prefix_text, block)
        # (or the label right over it: "Registered Report - Stage 2" over the title, for the
        # record's "Stage 1 Registered Report: <title>")
        over = _line_above(facts, block, sized=False)
        numbers = _other_numbered_part(below, hints.titles) or _other_numbered_part(
            over, hints.titles
        )
    if numbers is not None:
        return Identity(
            "mismatch",
            f"its title block reads {block[:90]!r}: {numbers}, another part of a series",
            kind,
            facts.version,
        )
    later = (
        _later_part(_line_below(facts, block) or _line_after(facts.prefix_text, block), hints)
        if level == "block" and not own_doi
        else None
    )
    if later is not None:
        return Identity(
            "unverifiable",
            f"its title block reads {block[:90]!r} over {later!r}: a later part of a work "
            "under the record's title, which numbers no part",
            kind,
            facts.version,
        )
    listed = _listed_among(record, facts, block) if level == "block" and not own_doi else None
    if listed is not None:
        return Identity(
            "mismatch",
            f"its title block reads {block[:90]!r}, one of {listed[0]} titles set alike in "
            f"short entries under {listed[1][:60]!r}: a list of works (a catalogue), not the "
            "work",
            kind,
            facts.version,
        )
    larger = (
        _larger_title(record, facts, block, title)
        if level == "block" and not own_doi and not authors.byline
        else None
    )
    if larger is not None:
        return Identity(
            "unverifiable",
            f"its title block reads {block[:90]!r} under {larger[:90]!r}, set larger and in "
            "words none of the record's fields has: the document's own title may be that one",
            kind,
            facts.version,
        )
    study = _study_document(hints, facts, block) if hints.article and facts.runs else None
    if study is not None:
        # a list, measured needed: a preregistration or a Stage 1 report under the article's
        # title and authors, whose labels stand in small print as an article's do
        return Identity(
            "mismatch",
            f"its title block stands under the label {study!r}: another document of the "
            "study (its registration, plan or protocol, a patent, a handout), not the "
            "record's article",
            kind,
            facts.version,
        )
    numbered = _numbered_label(record, facts, block) if hints.article and level == "block" else None
    if numbered is not None and not own_doi:
        return Identity(
            "unverifiable",
            f"its title block reads {block[:90]!r} under {numbered!r}: a numbered part of a "
            "longer work (a chapter of a book or a thesis) under the article's title",
            kind,
            facts.version,
        )
    number = _other_number(hints, facts) if facts.runs and not own_doi else None
    if number is not None:
        # (a refusal: the record's title itself carries the number, and the file's title
        # block the same words around another one; kept even on a page's strong link, it
        # stored a statistics office's 2023 edition for the 2024 record)
        return Identity(
            "mismatch",
            f"its title block prints {number[1]!r} where the record's title has {number[0]!r}"
            ": another year or edition of a work under the same title",
            kind,
            facts.version,
        )
    year = _other_year(hints, facts, block) if level is not None and not own_doi else None
    if year is not None:
        return Identity(
            "unverifiable",
            f"its title zone prints the year {year[1]} where the record's title has {year[0]}"
            ": another year's edition of a document under the same title (a term, an issue)",
            kind,
            facts.version,
        )
    replaced = (
        _replaced_words(block, title)
        or _replaced_words(_with_runs_beside(facts, block, hints.surnames), title)
        if level == "block" and not own_doi
        else None
    )
    if replaced is not None:
        return Identity(
            "mismatch",
            f"its title block reads {block[:90]!r}: {replaced[1]!r} in place of the record's "
            f"{replaced[0]!r}, another work under a title of the same frame",
            kind,
            facts.version,
        )
    body = _other_body(hints, facts) if level == "block" and not own_doi else None
    if body is not None:
        # a body's document under a title others use too (a region's "Regional Biodiversity
        # Action Plan 2021-2030"), its cover naming another body in the record's creator's
        # frame ("SOUTH AEGEAN REGIONAL AUTHORITY" for the North Aegean's)
        return Identity(
            "mismatch",
            f"its first page names {body[2][:60]!r}: {body[1]!r} in place of {body[0]!r} of "
            "the record's creator, another body's document under the same title",
            kind,
            facts.version,
        )
    companion = _named_otherwise(record, facts, block) if level == "block" and not own_doi else None
    if companion is not None:
        # "Teaching Note" under the case's title, and "TEACHING NOTE 5-722-042" heading the
        # page: the document names itself another document of the title (its companion)
        return Identity(
            "mismatch",
            f"its title block reads {block[:90]!r} over {companion!r}, which heads its page "
            "as the document's own name, in words none of the record's fields has: another "
            "document of the same title (a companion of the record's), not the record",
            kind,
            facts.version,
        )
    taught = _companion_label(hints, facts, block) if facts.runs else None
    if taught is not None:
        # a case's teaching note over the case's own title, for any record (a case, a
        # textbook's chapter): the same title, the companion written for its teachers
        return Identity(
            "mismatch",
            f"its title block stands under the label {taught!r}: a companion of the work for "
            "those who teach it (a teaching note, an instructor's manual), not the record",
            kind,
            facts.version,
        )
    covered = _cover_over_other(record, facts, block) if level == "block" and not own_doi else None
    if covered is not None:
        # a repository's cover sheet names the record, and the pages under it open with
        # another title of their own, in the record's script: another work uploaded under
        # the record's cover sheet
        return Identity(
            "mismatch",
            f"only the cover sheet passed over names the record ({block[:60]!r}); the "
            f"document under it is titled {covered[:90]!r}: another work",
            kind,
            facts.version,
        )
    lettered = _case_part(block, hints.titles) if level == "block" and not own_doi else None
    if lettered is not None:
        return Identity(
            "mismatch",
            f"its title block reads {block[:90]!r}: it letters its part ({lettered}), the "
            "record's title does not or letters another, another case of a series",
            kind,
            facts.version,
        )
    capitals = (
        _label_in_capitals(record, facts, block) if level == "block" and not own_doi else None
    )
    if capitals is not None:
        return Identity(
            "unverifiable",
            f"its title block reads {block[:90]!r} over {capitals!r}, a label in capitals in "
            "words none of the record's fields has: another document of the same title "
            "(a teaching note, a manual)?",
            kind,
            facts.version,
        )
    unsaid = _unsaid_tail(record, facts, block, title) if level == "block" and not own_doi else None
    if unsaid is not None:
        return Identity(
            "unverifiable",
            f"its title block reads {block[:90]!r}, and the record's title ends {unsaid!r}, "
            "words the document nowhere has: the record may be another document of the same "
            "title (a companion of this one)",
            kind,
            facts.version,
        )
    opening = _unsaid_head(facts, block, title) if level == "block" and not own_doi else None
    if opening is not None:
        return Identity(
            "unverifiable",
            f"its title block reads {block[:90]!r}, and the record's title opens {opening!r}, "
            "words the document nowhere has: the record may be a document about the work "
            "this one is (its data, its code, its supplement)",
            kind,
            facts.version,
        )
    subtitled = _other_subtitle(facts, block, title) if level == "block" and not own_doi else None
    if subtitled is not None:
        return Identity(
            "mismatch",
            f"its title block reads {block[:90]!r} over {subtitled[1]!r}, where the record's "
            f"title goes on {subtitled[0]!r}: another document of the same main title (a "
            "companion: a teacher's guide for the pupil's book, another tier, another part)",
            kind,
            facts.version,
        )
    after = _label_after(block, title) if level == "block" else None
    if after is not None:
        return Identity(
            "mismatch",
            f"its title block reads {block[-90:]!r}: {after!r} set after the record's title, "
            "a document about the record (a comment, a reply, a correction), not the record",
            kind,
            facts.version,
        )
    if facts.article_page is None:
        where = ", ".join(dict.fromkeys(facts.skipped)) or "empty pages"
        names = " (it names the record's title)" if level else ""
        return Identity("unverifiable", f"only {where} on the pages read{names}", kind)
    version = facts.version
    other_dois = [d for d in facts.own_dois if d != doi] if doi and not subject else []
    if (
        other_dois
        and kind in _ABOUT_A_WORK
        and kind == _record_kind_of(hints)
        and doi in facts.cited_dois
    ):
        # a notice (a retraction, a correction) or a reply, the record's own kind, cites the
        # work it is about with that work's DOI under its title ("Retraction Note: J Exp
        # Vet Pharmacol 21, 87 (2019) https://doi.org/..."), and prints its own, the
        # record's, further down: the first is the work's, not the document's own
        other_dois = []
    child = next((d for d in other_dois if _extends(d, doi)), None) if doi else None
    if child is not None:
        # "10.5555/ehj.2020.0551.rev2", "<DOI>/suppl1": a DOI under the record's own names a
        # part or a companion of the record's work (a review report, a supplement, a figure)
        return Identity(
            "mismatch",
            f"the document gives DOI {child} as its own, a DOI under the record's {doi}: "
            "a part or a companion of the record (its review, its supplement), not the record",
            kind,
            facts.version,
        )
    amended = _amended_number(
        hints.titles, facts.prefix_text[:_PAGE_REACH] + "\n" + facts.first_page_text[:_PAGE_REACH]
    )
    if amended is not None:
        # "EVS 915:2023/A1:2024" for the record "EVS 915:2023 <title>": a standard's number
        # under the record's own names an addition to it, as a DOI under the record's does
        return Identity(
            "mismatch",
            f"the document numbers itself {amended!r}, an addition to the record's own number "
            "(an amendment, a corrigendum), not the record",
            kind,
            facts.version,
        )
    symbol = _head_symbol(hints, facts)
    if symbol is not None and not symbol[0]:
        # "A/C.2/78/L.41" over the record's title for the resolution "A/RES/78/212"
        return Identity(
            "mismatch",
            f"its first lines give the document's symbol {symbol[1]}: not the record's "
            f"{hints.symbols[0]}",
            kind,
            facts.version,
        )
    stamped = _other_arxiv(hints, facts) if not own_doi else None
    if stamped is not None:
        # "arXiv:2404.10777v1" on the file for the record "arxiv.org/abs/2205.01234": an
        # arXiv paper has one identifier through all its versions, so another is another
        # paper (the next run's search under the same title, a sequel)
        return Identity(
            "mismatch",
            f"the file is stamped arXiv:{stamped}, not the record's arXiv:{hints.arxiv[0]}: "
            "another arXiv paper",
            kind,
            facts.version,
        )
    title_words = max((len(content_words(t)) for t in hints.titles), default=0)
    evidence_for: list[str] = []
    against: list[str] = []
    if own_doi:
        evidence_for.append(f"the record's DOI {doi} is the document's own")
    if symbol is not None and symbol[0]:
        evidence_for.append(f"the record's symbol {symbol[1]} heads its first page")
    numbered = own_publication(hints.numbers, facts.numbers)
    if numbered is not None:
        evidence_for.append(f"the record's number {numbered} is its front page's own")
    if level == "block":
        evidence_for.append(f"its title is the title block{reading.reread}")
    if authors.byline:
        evidence_for.append(f"author {authors.byline} in the byline")
    if other_dois:
        against.append(f"the document gives DOI {other_dois[0]} as its own, not the record's {doi}")
    if (
        level not in ("block", "page", "heading")
        and facts.runs
        and len(content_words(block)) >= 2
        and title_words
        and (facts.sized or authors.others or other_dois)
        and not _incomparable(hints.titles, block)
        and not _issuer(hints, block)
    ):
        against.append(f"its title block reads {block[:90]!r}")
    mentioned = False
    if (
        level in ("heading", "page")
        and facts.sized
        and sum(1 for w in content_words(block) if w.isalpha()) >= MIN_TITLE_WORDS
        and _share(content_words(block), set(content_words(title))) < 0.5
        and not _incomparable(hints.titles, block)
        and script_of(block) == script_of(title)
    ):
        # the record's title stands in the text under a title of the document's own (words,
        # not a margin stamp's identifier and date): a manual, a summary or a report that
        # names the work it documents; a title block in another script is the title in the
        # document's language, the record's title its translation (a bilingual first page)
        against.append(f"its title block reads {block[:90]!r}, the record's title only in its text")
        mentioned = level == "page" and not authors.byline
    if authors.others:
        against.append(f"its byline {facts.byline[:60]!r} names none of the record's authors")
    # (a report's, or a record's file with a title page of its own that is no article's or
    # book's: a standard, a guideline, an edition dated on its title page)
    paged = hints.report or (bool(facts.prefix_runs) and not hints.article and not hints.monograph)
    earlier = _dated_earlier(hints, facts) if level == "block" and not own_doi and paged else None
    if earlier is not None:
        against.append(
            f"its title pages give the years {earlier}, none of them the record's "
            f"{hints.year}: another year's issue of a document under the same title"
        )
    # a record titled by a kind's label alone ("Editorial", "Foreword"): every issue's
    # editorial is titled so, by the same editor too; the title names no one document
    generic = bool(hints.titles) and all(_label_only(t) for t in hints.titles)
    strong_for = own_doi or (
        level == "block"
        and not generic
        and (authors.byline is not None or title_words >= MIN_TITLE_WORDS)
    )
    if (
        strong_for
        and not against
        and own_doi
        and level == "page"
        and not (authors.byline and facts.sized)
    ):
        # the DOI the only evidence, the record's title inside a line of the text (a field,
        # a sentence) and no record author under a title that stands out (a page in one
        # size has no title block, its "byline" may be a salutation): how a letter, an
        # e-mail or a notice names the work it is about
        return Identity(
            "unverifiable",
            f"{evidence_for[0]}, but the record's title stands only inside a line of the "
            "text and no record author under a title block: a document naming the work?",
            kind,
            version,
        )
    if strong_for and not against:
        if version is None and own_doi:
            version = "published"
        return Identity("matched", "; ".join(evidence_for), kind, version)
    if own_doi and (
        level == "block" or (not other_dois and not (authors.others and level is None))
    ):
        despite = "; ".join(evidence_for + ["despite: " + x for x in against])
        if mentioned:
            # a title of its own over the text, no record author under it, the record's
            # title inside a line of the text (a sentence, a field, a quotation) and its DOI:
            # a document that names the work (a certificate, a licence, a usage report); a
            # paper in another language under its byline prints its record's title so too
            # ("Abstract — <the title in the record's language>")
            return Identity(
                "unverifiable",
                f"evidence both ways: {despite}, where a line names it (not as a heading)",
                kind,
                version,
            )
        sibling = _sibling_title(hints.titles, block) if level is None and against else None
        if sibling is not None:
            # the record's DOI over a title the record nowhere has, in the record's own
            # words for part of it: another work of the same subject (a sibling article)
            # whose file gives the wrong DOI, or the record's work renamed; not the record
            # by evidence that agrees
            return Identity(
                "unverifiable",
                f"evidence both ways: {despite}, which shares {sibling} with the record's "
                "title and is another title in the same words: another work of the subject",
                kind,
                version,
            )
        return Identity("matched", despite, kind, version or "published")
    if level == "block" and authors.byline and other_dois and not authors.others:
        # the same work under another DOI: a preprint, an accepted manuscript, or the
        # publisher's DOI of a work the repository registered under its own. Its title is
        # then the record's: a title that says more under another DOI is another work of the
        # same authors (a reply, a sequel, a sibling article), unless the document says it
        # is a version (a preprint or accepted manuscript may gain a subtitle)
        extra = _extra_title_words(block, hints.titles)
        if extra and version not in ("preprint", "submitted", "accepted"):
            return Identity(
                "mismatch",
                f"the document gives DOI {other_dois[0]} as its own, not the record's {doi}, "
                f"and its title block adds {' '.join(extra[:4])!r} to the record's title",
                kind,
                version,
            )
        said = "; ".join(evidence_for)
        missing = _missing_title_words(block, hints.titles)
        if missing and version is None:
            # says less under another DOI, and not that it is a version: the record's words
            # it lacks may name what the record is ("study protocol for" a trial whose
            # results article has the rest of the title, a DOI of its own and the authors)
            return Identity(
                "unverifiable",
                f"evidence both ways: {said}; the document gives DOI {other_dois[0]} as its "
                f"own, not the record's {doi}, and its title block lacks "
                f"{' '.join(missing[:4])!r} of the record's title",
                kind,
                version,
            )
        if version is None and (referred or doi in facts.cited_dois):
            # a document with a DOI of its own that cites the record's DOI: the record is
            # another document it refers to (its preregistration, the version it replaces,
            # a notice), however alike their titles and authors
            return Identity(
                "unverifiable",
                f"evidence both ways: {said}; the document gives DOI {other_dois[0]} as its "
                f"own and cites the record's {doi}",
                kind,
                version,
            )
        if other_dois[0] in hints.related:
            # the record names that DOI as a work it relates to (the original it translates,
            # the version it replaces): the file is that work, however alike its title
            return Identity(
                "unverifiable",
                f"evidence both ways: {said}; the document gives DOI {other_dois[0]} as its "
                "own, a work the record relates to, not the record",
                kind,
                version,
            )
        if doi is not None and _sibling_doi(other_dois[0], doi):
            # "10.5555/bpr.2023.201" on a file for "10.5555/bpr.2023.118": the registrant
            # numbers its venue's items in one series, so the file is another item of the
            # record's journal (a notice, a reply, a sibling article); another version of
            # the work has a DOI of another registrant (arXiv, Zenodo, a repository) or a
            # version's number under the record's
            return Identity(
                "unverifiable",
                f"{said}; but the document gives DOI {other_dois[0]} as its own, another "
                f"number in the series of the record's {doi}: another item of the same venue, "
                "or another version where a repository numbers its versions so",
                kind,
                version,
            )
        what = f"a {version} version" if version else "another DOI of the same work"
        return Identity("matched", f"{said}; {what} (its own DOI {other_dois[0]})", kind, version)
    named = authors.byline or authors.page
    if not against and level == "heading" and named and title_words >= 4:
        opens = f"its title opens a line of the first page; author {named}"
        dated = _dated_otherwise(hints, facts)
        if dated:
            # the title not set as the title, and the page dated only in other years: a
            # report, form or issue of the same title and author from another year
            said = f"{opens}, but its first page gives the years {dated}, not the record's"
            return Identity("unverifiable", f"{said} {hints.year}", kind, version)
        return Identity("matched", opens, kind, version)
    block_words = set(
        content_words(" ".join(r.text for r in (*facts.runs[:4], *facts.prefix_runs)))
    )
    cover = max((_share(content_words(t), block_words) for t in hints.titles), default=0.0)
    if (
        facts.sized
        and level is None
        and not own_doi
        and not (symbol is not None and symbol[0])  # (the record's symbol heads the page)
        and against
        and cover < 0.5
        and authors.share < 0.5
    ):
        # another title set as the title, and the record's title not even in words in the
        # title block: one shared author does not make it the record's (colleagues write
        # together); most of the record's authors might (a title in another language)
        shared = f" (author {named} is shared)" if named else ""
        return Identity(
            "mismatch",
            "; ".join(against) + f"; {cover:.0%} of the record's title words in it{shared}",
            kind,
            version,
        )
    if not against:
        if level in ("page", "heading"):
            return Identity(
                "unverifiable", "its title is on the first page, not as its title", kind, version
            )
        # (the title block is the record's short title and nothing is against it: `titled`;
        # not a kind's label alone, "Editorial", which every issue's editorial has)
        return Identity(
            "unverifiable",
            "; ".join(evidence_for) or "no evidence either way",
            kind,
            version,
            titled=level == "block" and not generic,
        )
    if not evidence_for or (
        own_doi is False
        and (other_dois or len(against) >= 2 or (authors.others and not authors.page))
    ):
        shared = (
            f" (author {authors.byline or authors.page} is shared)"
            if authors.byline or authors.page
            else ""
        )
        return Identity("mismatch", "; ".join(against) + shared, kind, version)
    return Identity(
        "unverifiable", "evidence both ways: " + "; ".join(evidence_for + against), kind, version
    )


def _say(
    level: str | None,
    title: str,
    author: str | None,
    own_doi: bool,
    doi: str | None,
    facts: DocumentFacts,
) -> str:
    parts = []
    if own_doi:
        parts.append(f"the record's DOI {doi} is the document's own")
    if level is not None:
        parts.append("its title")
    if author:
        parts.append(f"author {author}")
    where = ", ".join(dict.fromkeys(facts.skipped)) or "the first pages"
    return " and ".join(parts) + f" on the {where}"


def pdf_text(data: bytes | str, *, max_pages: int = 2, max_chars: int = 20_000) -> str | None:
    """The text of a PDF's first pages (from bytes or a path), or None when there is none.

    Bounded: at most `max_pages` pages and `max_chars` characters are read, and a
    file whose streams would inflate past the reader's limits is not read at all. A
    broken, encrypted or hostile file gives None (logged at debug level), never an
    exception.
    """
    layout = read_layout(data, max_pages=max_pages, max_chars=max_chars)
    if layout is None:
        return None
    text = layout.text[:max_chars]
    return text if re.search(r"[^\W\d_]{3}", text) else None


def _extra_title_words(block: str, titles: Sequence[str]) -> list[str]:
    """Content words of the title block that no title of the record has (closest title)."""
    found = content_words(block)
    best: list[str] | None = None
    for title in titles:
        known = set(content_words(title))
        extra = [w for w in found if w not in known]
        if best is None or len(extra) < len(best):
            best = extra
    return best or []


def _missing_title_words(block: str, titles: Sequence[str]) -> list[str]:
    """Content words of the record's title that the title block lacks (closest title).

    Only words the block goes on past ("study protocol for" in "...: study protocol for a
    cluster-randomised trial" over "...: a cluster-randomised trial"): a block that stops
    early (its last line cut off, set apart) lacks the title's last words, says no less.
    """
    found = set(content_words(block))
    best: list[str] | None = None
    for title in titles:
        words = content_words(title)
        last = max((i for i, w in enumerate(words) if w in found), default=-1)
        missing = [w for w in words[:last] if w not in found]
        if best is None or len(missing) < len(best):
            best = missing
    return best or []


#: A run is set larger than the record's title when its size is this much larger (a bold face
#: or a rounding of the same size is not).
_LARGER = 1.08


def _title_keys(hints: RecordHints) -> set[str]:
    """The keys of the record's titles."""
    return {k for title in hints.titles for k in keys(title)}


def _record_words(hints: RecordHints) -> set[str]:
    """The keys of every field of the record: its titles, names, year and DOI."""
    record = " ".join(hints.titles)
    fields = (*hints.titles, *hints.surnames, *hints.forenames, *hints.creators, hints.year or "")
    words = {k for text in fields for k in keys(han_as_record(text, record))}
    if hints.doi:
        words.update(keys(hints.doi.replace("/", " ").replace(".", " ")))
    return words


def _larger_title(record: _Record, facts: DocumentFacts, block: str, title: str) -> str | None:
    """A run of the title block's page set larger than the record's title, in other words.

    "Statistical analysis plan for the ACTIVE-9 trial" over the results paper's title,
    "Chapter 4" over a thesis chapter's, "(12) Patent Application Publication" over a
    patent's, "NCEM 112:2016" over a superseded standard's: the largest type of a first page
    is where a document names itself, and a name there with words (or numbers) that none of
    the record's fields has is the document's own, whatever its language or script. The
    record's title below it is then a title the document repeats, not its own. Words of
    one letter and stop words do not count; a run the record's fields account for, at least
    half of it (a title split over two sizes, "NCEM 112:2024" over the rest of the
    standard's title, "Rezension Review" for a record titled "Rezension: ..."), is the
    record's. A run as long as a title (`_PARALLEL`, by `_length`, of the block or of the
    record's title `title` when the block holds only part of it) is the title in another
    language or script (a bilingual journal sets its first language larger), left to the
    other evidence.
    """
    matched = _run_of(facts, block)
    if matched is None:
        return None
    known = record.words
    for run in facts.runs:
        if run.size < matched.size * _LARGER:
            break  # the runs are largest first
        extra = [
            k
            for k in keys(record.form(run.text))
            if k not in known and k not in STOP and len(k) >= 2
        ]
        own = [k for k in keys(run.text) if k not in STOP and len(k) >= 2]
        if 2 * len(extra) <= len(own):
            continue  # mostly the record's words ("Rezension Review" for its "Rezension: ...")
        if _length(run.text) >= _PARALLEL * max(_length(block), _length(title)):
            continue  # a parallel title: the same title in another language or script
        return run.text
    return None


def _run_of(facts: DocumentFacts, block: str) -> TitleRun | None:
    """The title run the block is, or the largest run within it (a title over several lines)."""
    same = next((r for r in facts.runs if r.text == block), None)
    return same or next((r for r in facts.runs if r.text and r.text in block), None)


def _words_in_front(record: _Record, block: str, title: str) -> str | None:
    """Words the title block sets before the record's title that none of its fields has.

    "Statistical analysis plan Effect of ...", "Vorregistrierung Effect of ...": the
    title block is the record's title only when it opens with it; words of another kind
    of document in front of it (in any language or script: they are compared with the
    record's own words, not with a list) make the block another document's title, or a
    label over it. A subtitle after the title is common and not read here. Returns the
    words, or None when the block opens with the title (numbers before it, "(54)", are
    a field's code, not a label), when the words in front are mostly the title's own
    later words (its parts set in another order: fewer than half of them are no field's),
    or the title's opening is not found as it is (another script, a misreading: no
    evidence either way).
    """
    mine = keys(han_as_record(title, title))
    theirs = keys(han_as_record(block, title))[:_TITLE_REACH]
    opening = mine[: min(3, len(mine))]
    if len(opening) < 2:
        return None
    n = len(opening)
    start = next((i for i in range(len(theirs) - n + 1) if theirs[i : i + n] == opening), None)
    if not start:
        return None
    # (the record's source counts: "Lecture 7" of a course's "... (Lecture 7)" is its place)
    known = record.words | record.venue
    front = [k for k in theirs[:start] if k not in STOP and len(k) >= 2 and not k.isdigit()]
    extra = [k for k in front if k not in known]
    if 2 * len(extra) < len(front) and set(front) - set(extra) <= set(mine[n:]):
        # mostly the title's own later words: its parts in another order ("<project> - Data
        # Management Plan" for the record's "Data Management Plan: <project>"), no label
        return None
    return " ".join(theirs[:start]) if extra else None


def _numbered_label(record: _Record, facts: DocumentFacts, block: str) -> str | None:
    """A short numbered label on its own line right above the title block ("Chapter 4").

    "Chapter 4", "Kapitel 4", "Глава 4", "第四章" over the article's title: the document is a
    numbered part of a longer work (a thesis, a book) that carries the article's title, not
    the article itself. A label is a run of the title block's page set larger than the body
    text, ending at most `_LABEL_GAP` lines above the title, of at most `_LABEL_KEYS` keys,
    with a number and a word none of the record's fields has. Read for records typed as an
    article only (a book part's record names such a file).
    """
    matched = _run_of(facts, block)
    if matched is None:
        return None
    known = record.words
    for run in facts.runs:
        if not (0 < matched.first - run.last <= _LABEL_GAP):
            continue
        found = keys(run.text)
        if not found or len(found) > _LABEL_KEYS:
            continue
        # a number: digits or numerals of any script ("4", "第四" in pairs of an unspaced
        # script) or a Roman numeral
        numbers = [k for k in found if _ROMAN_KEY.fullmatch(k) or any(c.isnumeric() for c in k)]
        words = [
            k
            for k in found
            if k not in known
            and k not in STOP
            and any(c.isalpha() for c in k)
            and not _ROMAN_KEY.fullmatch(k)
        ]
        if numbers and words:
            return run.text
    return None


#: A numbered label is this many keys at most ("Chapter 4", "Part II", "第四章" in pairs).
_LABEL_KEYS = 3
#: Lines between a label and the title block below it, at most.
_LABEL_GAP = 2
#: A Roman numeral as a key (folded to lower case).
_ROMAN_KEY = re.compile(r"(?=[ivx])x{0,3}(?:ix|iv|v?i{0,3})")


#: Keys of the record's title aligned with a run for `_other_number`, at most.
_NUMBER_FRAME = 64


def _other_number(hints: RecordHints, facts: DocumentFacts) -> tuple[str, str] | None:
    """A number of the record's title that a run of the title block's page prints otherwise.

    "NCEM 112:2016" over a standard for the record's "NCEM 112:2024 Soil quality ...",
    "Annual Report 2021" for "Annual Report 2022": the same words around another number
    (a year, an edition, a volume) name another document of the series. A run counts when
    its keys align with the record's title with a word agreeing and a number of as many
    digits (two or more) replaced, and that number is nowhere in the title. Returns (the
    record's number, the run's), or None.
    """
    for title in hints.titles:
        mine = keys(title)[:_NUMBER_FRAME]  # a title's frame, not a hostile record's 20,000 words
        if not any(k.isdigit() for k in mine):
            continue
        for run in facts.runs[:4]:
            theirs = keys(run.text)[: len(mine) + _REPLACED_REACH]
            matcher = difflib.SequenceMatcher(None, mine, theirs, autojunk=False)
            ops = matcher.get_opcodes()
            agree = any(
                op == "equal" and any(not k.isdigit() for k in mine[i1:i2])
                for op, i1, i2, _, _ in ops
            )
            for op, i1, _, j1, _ in ops:
                if op != "replace" or not agree:
                    continue
                # the first keys of a replacement (the title goes on where a run ends)
                a, b = mine[i1], theirs[j1]
                if a.isdigit() and b.isdigit() and len(a) == len(b) >= 2 and b not in mine:
                    return a, b
    return None


#: A year as documents print it: four digits from 1500 to 2099, not inside a longer number.
_YEAR = re.compile(r"(?<![\d.,/-])(1[5-9]\d\d|20\d\d)(?![\d.,/]\d)")


#: The lines at the top of the article page read with the title block as its title zone.
_ZONE_LINES = 8


def _other_year(hints: RecordHints, facts: DocumentFacts, block: str) -> tuple[str, str] | None:
    """A year of the record's title that the title zone replaces with another.

    "SOC 3150: Urban Sociology (Spring 2021)" for a file headed "SOC 3150: Urban
    Sociology" over "Fall 2019": a title that carries a year names one edition of a
    recurring document (a course's term, a report's year); the title zone (the title
    block, the top lines of its page, the byline) printing other years and none of the
    title's is another edition. Returns (the record's year, the zone's), or None.
    """
    head = "\n".join(facts.first_page_text[:_TITLE_REACH].splitlines()[:_ZONE_LINES])
    zone = f"{block}\n{facts.byline}\n{head}"
    theirs = list(dict.fromkeys(_YEAR.findall(zone)))  # in the order the zone prints them
    if not theirs:
        return None
    for title in hints.titles:
        mine = sorted(set(_YEAR.findall(title[:_TITLE_REACH])))
        if mine and not set(mine) & set(theirs):
            return mine[0], theirs[0]
    return None


def _dated_otherwise(hints: RecordHints, facts: DocumentFacts) -> str | None:
    """The years the article page prints when none is the record's year, else None."""
    if not hints.year:
        return None
    years = sorted(set(_YEAR.findall(facts.first_page_text[:_PAGE_REACH])))
    if not years or hints.year in years:
        return None
    return ", ".join(years[:4])


#: A number of this many digits or fewer ending a DOI is a version's ("....12345.2").
_VERSION_DIGITS = 2
_NUMBERED = re.compile(r"(.*?)(\d+)")
#: A year in a DOI's stem, between its separators ("j.hplb.2023.").
_STEM_YEAR = re.compile(r"(?<![0-9])(?:19|20)\d\d(?![0-9])")


def _sibling_doi(other: str, doi: str) -> bool:
    """Two DOIs of one registrant's series: the same prefix and stem, another final number.

    "10.1016/j.jhyd.2022.127123" and "10.1016/j.jhyd.2022.128001" (or ".2023.131004": the
    year in the stem is the item's); not a version's
    number ("10.12688/f1000research.12345.2" of ".1"), not another registrant's DOI.
    """
    prefix, _, suffix = other.lower().partition("/")
    doi_prefix, _, doi_suffix = doi.lower().partition("/")
    if prefix != doi_prefix:
        return False
    mine, theirs = _NUMBERED.fullmatch(doi_suffix), _NUMBERED.fullmatch(suffix)
    if mine is None or theirs is None or not mine.group(1):
        return False
    # (a year in the stem is the item's, not the series': "j.tsl.2019." and "j.tsl.2020.")
    if _STEM_YEAR.sub("#", mine.group(1)) != _STEM_YEAR.sub("#", theirs.group(1)):
        return False
    if max(len(mine.group(2)), len(theirs.group(2))) <= _VERSION_DIGITS:
        return False
    return mine.group(2) != theirs.group(2)


#: A document's number opening a title: letters, then a number with its year ("EVS 915:2023",
#: "ISO 9001:2015", "EN 1995-1-2:2004", "GB/T 42817-2022").
_TITLE_NUMBER = re.compile(r"^([A-Z][A-Za-z]{1,9}(?:[ /][A-Z]{1,9})?\s?\d[\d.\-]*(?::\d{4})?)\b")


def _label_only(title: str) -> bool:
    """Whether a title is a kind's label and nothing more ("Editorial", "Book reviews")."""
    found = label_of_title(title)
    return found is not None and len(keys(title)) <= len(found[1])


def _amended_number(titles: Sequence[str], page: str) -> str | None:
    """The record's title's number with an addition after it on the page, or None.

    A standard's amendment or corrigendum numbers itself by the standard's number and its
    own after a slash or a plus ("EVS 915:2023/A1:2024", "ISO 9001:2015/Amd 1:2024",
    "EN 1995-1-2:2004+AC:2009").
    """
    for title in titles:
        found = _TITLE_NUMBER.match(title.strip())
        if found is None:
            continue
        number = found.group(1)
        after = re.search(re.escape(number) + r"\s*[/+]\s*([A-Za-z]{1,4}\s?\d[\w:.\-]*)", page)
        if after is not None:
            return after.group(0)
    return None


def _extends(child: str, parent: str) -> bool:
    """Whether a DOI is the parent's with more after a separator ("<parent>.r1", "/s001")."""
    return (
        len(child) > len(parent) + 1
        and child.startswith(parent)
        and not child[len(parent)].isalnum()
    )


def _sibling_title(titles: Sequence[str], block: str) -> str | None:
    """How much of a record's title another title in the same words shares, or None.

    A title block in another language shares none of the record's title's words but its
    names (a translation); one that differs in letters only (a palochka typed as "I", word
    spacing, look-alike letters) reads alike letter by letter. A title that shares some of
    the record's words (`_SIBLING_SHARE`) and reads otherwise (`_SIBLING_ALIKE`) is another
    title in the record's language: "Avalanches and school transport in inner Sogn" for
    "Avalanches, road closures and commuting in inner Sogn".
    """
    mine = set(content_words(block))
    if len(mine) < MIN_TITLE_WORDS:
        return None
    for title in titles:
        words = content_words(title)
        share = _share(words, mine)
        alike = difflib.SequenceMatcher(None, fold(title), fold(block), autojunk=False).ratio()
        if share >= _SIBLING_SHARE and alike < _SIBLING_ALIKE:
            return f"{share:.0%} of the words"
    return None


#: The share of a title's words another title of the same subject shares at least; a
#: translation shares names only.
_SIBLING_SHARE = 0.2
#: How alike letter by letter (difflib's ratio of the folded titles) the same title with
#: other letters reads at least: a palochka typed as a digit reads 0.98.
_SIBLING_ALIKE = 0.8


def _dated_earlier(hints: RecordHints, facts: DocumentFacts) -> str | None:
    """The years a report's title pages print when all are before the record's year.

    A report is dated on its title pages (a report documentation form, a title page, the
    first page's top down to its first sentence), and its record as the report is: a
    record dated after every year printed there describes another issue under the same
    title (the final report, for the annual or intermediate report before it). Other kinds
    are dated otherwise (an article's preprint years before its journal's issue, a thesis
    deposited the year after its defence): the caller asks for reports' records only.
    Years the record's title has (a map sheet's number) are the title's. Returns the
    years, or None.
    """
    if not hints.year or not hints.year.isdigit():
        return None
    # the title pages passed over, and the first page's top down to its first sentence
    top: list[str] = []
    for line in facts.first_page_text[:_TITLE_REACH].splitlines()[:_REPORT_ZONE]:
        if len(line.split()) > _REPORT_LINE_WORDS:
            break
        top.append(line)
    zone = facts.prefix_text[:_PAGE_REACH] + "\n" + "\n".join(top)
    titled = {y for title in hints.titles for y in _YEAR.findall(title)}  # a sheet's number
    dated = {m.group(1) for m in _DATED.finditer(zone) if not _issn_at(zone, m.start(1))} | set(
        _NUMBER_OF_YEAR.findall(zone)
    )
    years = sorted(dated - titled)
    if not years or int(years[-1]) > int(hints.year) - _ISSUE_GAP:
        return None
    return ", ".join(years[:4])


#: A year on a title page, not a part of another number ("EVS-EN 1995-1-2", a standard's).
_DATED = re.compile(r"(?<![\d.,/-])(1[5-9]\d\d|20\d\d)(?![\d.,/]\d|-\d{1,2}(?!\d))")

#: A report's number in its year ("Nr 12/2018", "Report 3/2021"): the year it is dated.
_NUMBER_OF_YEAR = re.compile(r"(?<![\d./-])\d{1,3}/((?:19|20)\d\d)(?![\d./-])")


def _issn_at(text: str, start: int) -> bool:
    """Whether a number read as a year opens an ISSN there ("ISSN 1501-2832").

    Its check digit agrees (`valid_issn`); a year's range ("2017-2018") mostly does not.
    """
    found = _ISSN_AT.match(text, start)
    return found is not None and valid_issn(found.group(0)) is not None


#: Four digits, a hyphen, three digits and a check character, standing alone.
_ISSN_AT = re.compile(r"\d{4}-\d{3}[\dXx](?![\d-])")


#: Years between a report's title pages and its record that make another issue: a report's
#: record is dated as the report is, so any year before is another issue.
_ISSUE_GAP = 1
#: A title page's lines, read down to the first line of more words (a sentence).
_REPORT_ZONE = 20
_REPORT_LINE_WORDS = 12


def _length(text: str) -> float:
    """A title's length in words, two characters of a script without spaces as one word.

    Content words of a spaced script count one each; the overlapping pairs an unspaced
    script's run gives (n - 1 of them for n characters) count as the n / 2 words they are.
    """
    found = content_words(text)
    pairs = sum(1 for w in found if len(w) == 2 and not w.isascii())
    return len(found) - pairs + (pairs + 1) / 2 if pairs else float(len(found))


#: A run set larger than the record's title, in other words, with this share of the title
#: block's words or more, is a title in its own right: the title in another language (a
#: bilingual journal sets its first language larger), not a label over the record's.
_PARALLEL = 0.7


#: Lines of a page read before a DOI for the citation it ends (a reference of three lines).
_CITATION_LINES = 3


def _cites_record(hints: RecordHints, facts: DocumentFacts, doi: str) -> bool:
    """Every time the first page prints the record's DOI, it ends a citation of the record.

    "Okafor, A., Berg, T. (2021). <the record's title>. Example Journal 29, 233-251.
    https://doi.org/<the record's DOI>" in a reading list, a "see also" box or a note: the
    record's title in the lines that end with its DOI is a reference to the record, which a
    document under another title makes. Only read when the title block is not the record's
    title (a "Cite this article" line under the record's own title is its own).
    """
    lines = facts.first_page_text[:_PAGE_REACH].splitlines()
    titles = [words for words in (content_words(t) for t in hints.titles) if words]
    found = False
    for i, line in enumerate(lines):
        if doi not in line.lower():
            continue
        found = True
        before = set(content_words(" ".join(lines[max(0, i - _CITATION_LINES + 1) : i + 1])))
        if not any(_share(words, before) >= 0.8 for words in titles):
            return False
    return found


def _stated_version(hints: RecordHints, facts: DocumentFacts, doi: str) -> str | None:
    """The document's own statement that it is a version of the record, citing it, or None.

    "This is the accepted version of: <authors> (2022). <the record's title>. <journal>.
    <its DOI>", "Preprint of an article published in <citation>": a publisher's or a
    repository's note that the file is the record's accepted manuscript or preprint (under
    a title that may have changed since), the version's phrase in the lines that end with
    the record's citation (`_cites_record`). A list or a note that cites the record says no
    version of itself there.
    """
    if facts.version not in _STATED_VERSIONS:
        return None
    lines = facts.first_page_text[:_PAGE_REACH].splitlines()
    phrases = VERSION_PHRASES[facts.version]
    for i, line in enumerate(lines):
        if doi in line.lower():
            window = keys(" ".join(lines[max(0, i - _CITATION_LINES) : i + 1]))
            if contains(window, phrases) is not None:
                return (
                    f"the document says it is the {facts.version} version of the record, "
                    "citing its title and DOI"
                )
    return None


#: Versions a document states of itself over its published citation.
_STATED_VERSIONS = ("preprint", "submitted", "accepted")


def _study_document(hints: RecordHints, facts: DocumentFacts, block: str) -> str | None:
    """The label above the title block that says the document is another of the study's.

    "Preregistration · registered 14 March 2021", "Statistical analysis plan for the
    ACTIVE-9 trial", "(12) Patent Application Publication" over the article's own title:
    the same title and authors, another document. Read in the words of the first page
    above the title block (`_ABOVE_REACH`), where the document's own label stands, never in
    its text; a label the record's title has too ("...: a study protocol") is the record's.
    """
    above = _above(facts, block)
    found = contains(above, STUDY_DOCUMENT_PHRASES)
    if found is None:
        return None
    # (or its noun: "protocol for a pragmatic randomised controlled trial" is a protocol)
    if any(contains(keys(t), (found,)) or found[-1] in keys(t) for t in hints.titles):
        return None
    return " ".join(found)


def _companion_label(hints: RecordHints, facts: DocumentFacts, block: str) -> str | None:
    """A companion's label standing by the title block as the document's own name.

    "NOTAS DE ENSINO" on a line of its own over the case's title or right under it,
    "Teaching Note TN-23-0417" in the running head: the label, and at most a code, make up
    a line or a part of it (parts apart at "·", "|", ": "). A mention of the companion is
    no label ("Teaching Note available: TN-23-0417"). The line keeping the document to
    those who teach ("Este material é de uso exclusivo do professor ...") is its own
    audience wherever it stands over the title or in the running foot. A record whose
    title names a companion (the teaching note's own record) is that companion's.
    """
    vocabularies = (*COMPANION_PHRASES, *TEACHERS_ONLY_PHRASES)
    if any(contains(keys(t), vocabularies) for t in hints.titles):
        return None
    lines = [line for line in facts.first_page_text.splitlines() if line.strip()]
    opening = keys(block)[:3]
    if len(opening) < 3:
        return None
    head = lines[: _COMPANION_LINES * 4]
    at = next(
        (
            i
            for i, line in enumerate(head)
            if any(keys(line)[j : j + 3] == opening for j in range(len(keys(line))))
        ),
        None,
    )
    if at is None:
        return None
    below = at
    while below < len(lines) and set(keys(lines[below])) <= set(keys(block)):
        below += 1  # the title block's own lines
    above = lines[max(0, at - _COMPANION_LINES) : at]
    for line in [*above, *lines[below : below + 1]]:
        for part in _HEAD_PARTS.split(line):
            words = keys(part)
            found = starts_with(words, COMPANION_PHRASES) or starts_with(
                words, TEACHERS_ONLY_PHRASES
            )
            rest = words[len(found) :] if found is not None else []
            # (a code's letters are its own: "ENC-N-231-04" is one code, not the word "enc")
            coded = {k for token in part.split() if re.search(r"\d", token) for k in keys(token)}
            if found is not None and all(
                any(c.isdigit() for c in w) or len(w) <= 2 or w in coded for w in rest
            ):
                return " ".join(found)
    for line in [*above, *lines[-_FOOT_LINES:]]:
        found = contains(keys(line), TEACHERS_ONLY_PHRASES)
        if found is not None:
            return " ".join(found)
    return None


#: The last lines of a first page read as its running foot.
_FOOT_LINES = 3
#: How many lines over the title block a companion's label is read in.
_COMPANION_LINES = 6
#: The parts of a running head or label line: apart at a middle dot, a bar, a colon, a
#: spaced slash or dash, and a label's translation in brackets after it ("GABAY SA
#: PAGTUTURO (TEACHING NOTE)": the label in Tagalog, then in English).
_HEAD_PARTS = re.compile(r"\s*[\u00b7\u2022|]\s*|:\s+|\s[/\u2013\u2014]\s|\s*[()]\s*")


def _above(facts: DocumentFacts, block: str) -> list[str]:
    """The keys of the first page above the title block (`_ABOVE_REACH` of them at most)."""
    page = keys(facts.first_page_text[:_PAGE_REACH])
    opening = keys(block)[:3]
    if len(opening) < 3:
        return []
    start = next((i for i in range(len(page) - 2) if page[i : i + 3] == opening), None)
    return [] if start is None else page[max(0, start - _ABOVE_REACH) : start]


#: How many words above the title block are read as its label (a running head, a
#: journal line, a label line).
_ABOVE_REACH = 40


#: Words in place of the record's that make another title, at most this many on a side (a
#: place name, a species, a material); a longer change is no longer the title block.
_REPLACED_REACH = 4


def _replaced_words(block: str, title: str) -> tuple[str, str] | None:
    """Words of the record's title that the title block prints other words in place of.

    "GNSS observations of crustal deformation on the Boso Peninsula" for the record's "...
    on the Izu Peninsula": titles that agree but for the words that differ are sibling
    works (the same study of another place), however many words agree. Compared as
    aligned runs of content words: letters only on both sides (digits split by a line
    break, "202 3", are not words) and unlike each other (a spelling, "modelling" and
    "modeling", or a letter OCR misread is the same word). Returns (the record's words,
    the block's words), or None. The block is only read as far as the title goes: a
    subtitle the record leaves out is no replacement.
    """
    mine = content_words(han_as_record(title, title))
    whole = content_words(han_as_record(block, title))
    theirs = whole[: len(mine) + _REPLACED_REACH]
    if len(mine) < 2:
        return None
    matcher = difflib.SequenceMatcher(None, mine, theirs, autojunk=False)
    for op, i1, i2, j1, j2 in matcher.get_opcodes():
        if op != "replace" or (i2 >= len(mine) and len(whole) > j2):
            continue  # an addition, a removal, or the title's end where the block goes on
        ours, other = mine[i1:i2], theirs[j1:j2]
        if max(len(ours), len(other)) > _REPLACED_REACH:
            continue
        # the words, not the numbers beside them ("24-134 Jihlava" and "24-132 Třešť": the
        # sheet's number and its name; numbers alone are `_other_number`'s to read)
        ours = [w for w in ours if not w.isdigit()] or ours
        other = [w for w in other if not w.isdigit()] or other
        a, b = _unpaired(ours), _unpaired(other)
        if _paired(ours) and _paired(other):
            a, b = _unshared(a, b)  # the neighbours the pairs share with the words that agree
        if not (_lettered(a) and _lettered(b)):
            continue
        if _unlike(a, b):
            return a, b
    return None


def _unlike(a: str, b: str) -> bool:
    """Two words that are not one word spelt or read two ways.

    Alike (difflib ratio `_UNLIKE` or more) as they stand, and alike still less the ending
    they share: an ending two words share is their grammar, not their meaning (a suffix of
    an agglutinative language, "duzlulygy" and "çuňlugy", "salinity" and "depth" in
    Turkmen, share "-lugy"/"-lygy"), so two stems that differ are two words however alike
    their endings make them; and alike less the opening they share ("Дніпро", "Дністер").
    A spelling ("modelling", "modeling"), a letter OCR misread
    ("DYNAMlCS") or an older form ("photographie", "fotografie") keeps its stem alike.
    """
    if script_of(a) != script_of(b) and comparable(a, b):
        # one word in two scripts ("года" in a Cyrillic title block, "goda" in its record's
        # romanisation): compared as Latin letters
        a, b = " ".join(latin_words(a)), " ".join(latin_words(b))
    if difflib.SequenceMatcher(None, a, b, autojunk=False).ratio() < _UNLIKE:
        return True
    start = 0
    while start < min(len(a), len(b)) and a[start] == b[start]:
        start += 1
    rest_a, rest_b = a[start:], b[start:]
    if (
        start >= 2
        and min(len(rest_a), len(rest_b)) >= _STEM
        and difflib.SequenceMatcher(None, rest_a, rest_b, autojunk=False).ratio() < _UNLIKE
    ):
        # two names that open alike and go on otherwise ("Дніпро" and "Дністер", two
        # rivers): the letters after their shared opening are unlike, not a spelling's
        return True
    end = 0
    while end < min(len(a), len(b)) and a[-1 - end] == b[-1 - end]:
        end += 1
    if end == 0 or min(len(a), len(b)) - end < _STEM:
        return False  # no shared ending, or one that leaves too little stem to compare
    stem_a, stem_b = a[: len(a) - end], b[: len(b) - end]
    return difflib.SequenceMatcher(None, stem_a, stem_b, autojunk=False).ratio() < _UNLIKE


#: Letters a word keeps, less the ending it shares with another, for its stem to be compared.
_STEM = 3


def _with_runs_beside(facts: DocumentFacts, block: str, surnames: Sequence[str] = ()) -> str:
    """The title block with the runs set right above and below it, as one text.

    A title set over two sizes, "Surface water quality in" over "the lower Danube
    floodplain": the block found holds one part of the title, the run next to it the
    other, and the words in place of the record's may stand there. Runs on the lines
    right before and after the block's count, the byline's not, nor a line naming one of
    the record's creators (`surnames`: a byline the document's reading did not take for one,
    under a title cut short); the block alone when there is none.
    """
    matched = next((r for r in facts.runs if r.text == block), None)
    if matched is None:
        return block
    byline = set(keys(facts.byline))
    beside = [
        r
        for r in facts.runs
        if r.page == matched.page
        and (0 < matched.first - r.last <= 1 or 0 < r.first - matched.last <= 1)
        and _share(keys(r.text), byline) < 0.5  # the byline under the title is no part of it
        and not _names_creator(r.text, surnames)
    ]
    if not beside:
        return block
    return " ".join(r.text for r in sorted([matched, *beside], key=lambda r: r.first))


def _names_creator(text: str, surnames: Sequence[str]) -> bool:
    """Whether a line names one of the record's creators (one of an unspaced script anywhere)."""
    words = set(keys(text))
    folded = fold(text)
    return any(s in words or (not s.isascii() and len(s) >= 2 and s in folded) for s in surnames)


def _lettered(word: str) -> bool:
    """Letters only, with their marks ("राजस्थान": a vowel sign is no letter to `str.isalpha`)."""
    return bool(word) and all(c.isalpha() or unicodedata.category(c)[0] == "M" for c in word)


#: Two words this alike (difflib ratio) or more are one word spelt or read two ways.
_UNLIKE = 0.6


def _paired(words: Sequence[str]) -> bool:
    """The keys are pairs of characters of an unspaced script ("伊豆", "豆半")."""
    return bool(words) and all(len(w) == 2 and not w.isascii() for w in words)


def _unpaired(words: Sequence[str]) -> str:
    """Keys run together; pairs of an unspaced script as the text they cut ("伊豆半")."""
    if _paired(words):
        return words[0] + "".join(w[1] for w in words[1:])
    return "".join(words)


def _unshared(a: str, b: str) -> tuple[str, str]:
    """Two texts less the characters they open and end with alike."""
    start = 0
    while start < min(len(a), len(b)) and a[start] == b[start]:
        start += 1
    end = 0
    while end < min(len(a), len(b)) - start and a[-1 - end] == b[-1 - end]:
        end += 1
    return a[start : len(a) - end], b[start : len(b) - end]


#: What separates a label from the title it is set before ("Report: Title"): a colon, a bar,
#: an en or em dash, or a hyphen between spaces.
_LABEL_SEPARATOR = re.compile(r"[:|\u2013\u2014]|\s-\s")

#: How far into the title block a label's separator may stand. A label is a few words
#: ("Similarity report (iThenticate)", "Supplementary material for the article"); the
#: bound keeps a hostile block linear: without it, every separator of a line of 20,000
#: colons read the text before it again (30 s). The title is looked for in the text that
#: follows the separator: twice the title's length (at most `_TITLE_REACH`) and this much.
_LABEL_REACH = 200
_TITLE_REACH = 2000


#: A form's numbered field and its caption opening a line: a patent's INID code, its
#: caption in lenticular brackets or a few words and a colon ("(54)【発明の名称】",
#: "(54) Title:", "(54) Название изобретения:").
_NUMBERED_FIELD = re.compile(
    r"\s*\(\d{2,3}\)\s*(?:【[^】]{1,12}】|[^\W\d_][^:\uff1a\n]{0,40}[:\uff1a])?\s*"
)


def _captioned(text: str, words: Sequence[str]) -> bool:
    """Whether `text` is the title `words` behind a numbered field's caption."""
    field = _NUMBERED_FIELD.match(text)
    if field is None:
        return False
    rest = content_words(text[field.end() :])
    return bool(rest) and _share(rest, set(words)) >= 0.6


def _field_caption(words: Sequence[str]) -> bool:
    """Whether `words` (a label's keys) are a numbered field and its one-word caption.

    "(54) Title", "(54) Título", "(54) Название", "(54)【発明の名称】": a form's field (a
    patent's front page), not a label of another kind of document.
    """
    if not words or not words[0].isdigit() or len(words[0]) > 3:
        return False
    rest = words[1:]
    # one word, or a caption in a script without spaces, read as pairs ("【発明の名称】")
    return (len(rest) == 1 and rest[0].isalpha()) or (0 < len(rest) <= 6 and _paired(rest))


def _label_before(block: str, title: str) -> str | None:
    """The words set before the record's title in the title block, behind a separator.

    Only words the record's title does not have count, and only when a separator (a colon,
    a dash, a bar) within the block's first `_LABEL_REACH` characters stands between them
    and the title, and the title follows it: "Similarity report (iThenticate): <title>".
    None when the title block opens with the title.
    """
    words = content_words(title)
    if not words:
        return None
    own, window = set(words), min(2 * len(title), _TITLE_REACH) + _LABEL_REACH
    for match in _LABEL_SEPARATOR.finditer(block):
        if match.start() >= _LABEL_REACH:
            break
        before = block[: match.start()]
        prefix = content_words(before)
        if not prefix or not own.isdisjoint(prefix):
            continue
        stop = match.end() + window
        after = block[match.end() : stop]
        if stop < len(block):  # a word the window cuts is left out, not read as a shorter one
            parts = after.rsplit(None, 1)
            after = parts[0] if len(parts) == 2 else ""
        rest = content_words(after)
        if rest[: len(words)] == words or (rest and _share(words, set(rest)) >= 0.9):
            return before.strip()
    return None


def _linked_label(record: _Record, block: str, title: str) -> str | None:
    """Words the title block joins to the record's title with a preposition, or None.

    "Lösungsvorschlag zu Übungsblatt 5", "Solutions to Problem Set 3", "Commentaire sur
    ...", "Методические указания к ...": a noun phrase none of the record's fields has
    (no title word, no name, not its source), then a word that relates it to what follows
    ("to", "zu", "sur", "к", an article after it allowed), then the record's title. The
    block names another document by its relation to the record (its solution, a guide or
    a comment to it): a label, as one behind a colon is (`_label_before`). The title's
    opening (its first two keys) must follow the preposition, and the block must open with
    the label (at most `_LINKED_KEYS` keys before the preposition).
    """
    mine = keys(record.form(title))
    theirs = keys(record.form(block))[:_TITLE_REACH]
    if len(mine) < 2:
        return None
    opening = mine[:2]
    # (the title's first word inflected after the preposition: "Glosa do uchwały ..." for
    # "Uchwała ...", a word's ending changed, its stem kept)
    start = next(
        (
            i
            for i in range(1, len(theirs) - 1)
            if theirs[i + 1] == opening[1] and _same_stem(theirs[i], opening[0])
        ),
        None,
    )
    if start is None:
        return None
    at = start - 1
    if theirs[at] in _LINK_ARTICLES and at >= 1:
        at -= 1  # "Solutions to the ...", "Corrigé de l'..."
    if theirs[at] not in _LINK_WORDS or not 1 <= at <= _LINKED_KEYS:
        return None
    front = [k for k in theirs[:at] if not k.isdigit() and k not in STOP]
    known = record.words | record.venue | frozenset(mine)
    if not front or any(k in known or k in _LINK_WORDS for k in front):
        return None
    return " ".join(theirs[: at + 1])


def _same_stem(word: str, other: str) -> bool:
    """One word, or one inflected ("uchwały", "uchwała").

    The same, or alike less an ending of a letter or two on each side, four letters or more
    left (`_stems`).
    """
    return word == other or bool(({word} | _stems({word})) & ({other} | _stems({other})))


def _line_below(facts: DocumentFacts, block: str) -> str:
    """The first page's line right under the lines the title block is set on, or ""."""
    return _line_after(facts.first_page_text, block)


def _line_after(text: str, block: str) -> str:
    """The line of `text` right under the lines `block` is set on, or ""."""
    wanted = keys(block)
    if not wanted:
        return ""
    lines = text[:_PAGE_REACH].splitlines()
    for i, line in enumerate(lines):
        read = keys(line)
        if not read or wanted[: len(read)] != read:
            continue
        j, got = i, len(read)
        while got < len(wanted) and j + 1 < len(lines):
            more = keys(lines[j + 1])
            if wanted[got : got + len(more)] != more:
                break
            j, got = j + 1, got + len(more)
        if got >= len(wanted):
            return lines[j + 1] if j + 1 < len(lines) else ""
    return ""


def _line_above(facts: DocumentFacts, block: str, *, sized: bool = True) -> str:
    """The first page's line right above the one the title block opens, or "".

    Only a line of the title zone: one of the page's title runs set as large as the block
    or larger ("Lösungsvorschlag zu Übungsblatt 5" over "Lineare Abbildungen und
    Matrizen"); a kicker in small print over the title ("Research article", any words) is
    the page's, not a part of the title. `sized` False: whatever its size.
    """
    opening = keys(block)[:3]
    matched = _run_of(facts, block)
    if not opening or (matched is None and sized):
        return ""
    lines = facts.first_page_text[:_PAGE_REACH].splitlines()
    for i, line in enumerate(lines[1:], 1):
        if keys(line)[: len(opening)] == opening:
            above = lines[i - 1].strip()
            if not sized:
                return above
            large = matched is not None and any(
                run.size >= matched.size and above and above in run.text for run in facts.runs
            )
            return above if large else ""
    return ""


#: Words relating a label to the title after it by purpose ("Solutions to", "Lösungen zum",
#: "Guide pour", "Указания к"), in the languages of the corpora. Never a preposition of
#: subject ("on", "über", "sur"): "Experimental study on <title>" is the same work's
#: fuller title; nor "of"/"de" ("Analysis of ...").
_LINK_WORDS = frozenset(
    [
        "to", "for", "zu", "zum", "zur", "fur", "a", "au", "aux", "pour", "al", "para", "ao",
        "per", "к", "ко", "для", "do", "dla", "til", "till", "bij", "voor", "ke", "untuk", "k",
    ]
)  # fmt: skip
#: Articles a preposition may carry before the title ("to the", "zu den", "à la").
_LINK_ARTICLES = frozenset(
    [
        "the", "a", "an", "der", "die", "das", "den", "dem", "la", "le", "les", "l", "el",
        "los", "las", "il", "lo", "o", "os", "as", "het", "de",
    ]
)  # fmt: skip
#: A relational label is a few keys before its preposition ("Lösungsvorschlag zu").
_LINKED_KEYS = 4


#: Quotation marks that open and close a cited title, in many typographies (and the book-title
#: marks of Chinese and Korean, 《》 and 〈〉).
_QUOTED = re.compile(
    '["\u201c\u201e\u00ab\u2039\u2018\u201a\u300c\u300e\u00bb\u300a\u3008]'
    '([^"\u201c\u201d\u201e\u00ab\u00bb\u2039\u203a\u300c\u300d\u300e\u300f'
    "\u300a\u300b\u3008\u3009]{1,600})"
    '["\u201d\u201c\u00bb\u203a\u2019\u300d\u300f\u00ab\u300b\u3009]'
)


def _quoted_title(block: str, title: str, names: frozenset[str] = frozenset()) -> str | None:
    """The words around the record's title when the title block quotes it, or None.

    "Comment on “<title>” by Karaman et al.": the title between quotation marks, and words of
    the block's own outside them. Each quoted span is read once (linear in the block). The
    record's own authors' names (`names`) are none of those words: an offprint's cover sets
    its author over its quoted title ("Elżbieta Nowak-Riley" / "“<title>”").
    """
    words = content_words(title)
    if not words or _QUOTED.search(title[: 2 * _TITLE_REACH]):
        # the record's own title quotes one ("Corrigendum to “<title>”"): its file does too
        return None
    own = set(words)
    for match in _QUOTED.finditer(block[: 2 * _TITLE_REACH]):
        inside = content_words(match.group(1))
        if not inside or _share(words, set(inside)) < 0.8 or _share(inside, own) < 0.6:
            continue
        outside = block[: match.start()] + " " + block[match.end() : match.end() + _LABEL_REACH]
        extra = [w for w in content_words(outside) if w not in own and w not in names]
        if extra:
            return " ".join(extra[:4])
    return None


#: A part's number in a title: a Roman numeral in capitals or a number of one or two digits,
#: standing alone ("Part II:", "Teil 2", "Часть 1", "(I)"), not inside a name ("Sentinel-2").
_PART_NUMBER = re.compile(r"(?<![\w\-\u2013./])(?:[IVX]{1,4}|\d{1,2})(?![\w\-\u2013/])")


#: A part's number of one character in brackets, a numeral of any script ("(二)" in ASCII or
#: full-width brackets, "(Ⅱ)", a full-width digit): its value is the character's own
#: (`unicodedata.numeric`).
_BRACKETED_NUMERAL = re.compile(r"[(\uff08]\s*(\w)\s*[)\uff09]")


def _part_numbers(text: str, *, roman_only: bool = False) -> set[int]:
    out: set[int] = set()
    if not roman_only:
        for found in _BRACKETED_NUMERAL.finditer(text[:_TITLE_REACH]):
            if (numeral := _numeral(found.group(1))) is not None:
                out.add(numeral)
    for found in _PART_NUMBER.finditer(text[:_TITLE_REACH]):
        token = found.group(0)
        if token.isdigit():
            if roman_only:
                continue
            out.add(int(token))
        elif (value := roman_value(token)) is not None:
            out.add(value)
    return out


def _numbered_below(facts: DocumentFacts) -> str:
    """The title block, with the line under it when that line opens with a part's number.

    "II. Dissolved organic nitrogen" on a line of its own under the record's title: a
    series' part set as a subtitle, numbered in Roman numerals.
    """
    block = facts.runs[0].text
    lines = facts.first_page_text.splitlines()
    below = facts.runs[0].last + 1
    if facts.runs[0].page == facts.article_page and below < len(lines):
        line = lines[below]
        if _ROMAN_OPENING.match(line) and len(line.split()) <= _SUBTITLE_WORDS:
            return f"{block} {line}"
    return block


#: A line that opens with a Roman number, a full stop or a colon and a word ("II. Dissolved"),
#: not with initials ("I. P. Morozov" is a byline).
_ROMAN_OPENING = re.compile(r"^\s*[IVX]{1,4}[.:]\s+[^\W\d_]{3,}")  # not "I. P. Morozov"
#: A subtitle set on a line of its own has at most this many words.
_SUBTITLE_WORDS = 12


#: A serial's part in brackets, counted with a Han counter after its ordinal's "第" ("(第2報)",
#: the second report; "(第二輪)", the second round, in ASCII or full-width brackets): a part
#: of a series, whatever the title.
_SERIAL_PART = re.compile(
    r"[(\uff08]\s*\u7b2c\s*(\d{1,2}|[\u4e00\u4e8c\u4e09\u56db\u4e94\u516d\u4e03\u516b\u4e5d\u5341]{1,3})"
    r"\s*[\u5831\u90e8\u7de8\u56de\u8f2a\u8f6e\u6b21][)\uff09]"
)


def _serial_parts(text: str) -> set[int]:
    """The parts a text numbers as a serial's ("(第2報)" gives 2)."""
    out: set[int] = set()
    for found in _SERIAL_PART.finditer(text[:_TITLE_REACH]):
        if (numeral := _numeral(found.group(1))) is not None:
            out.add(numeral)
    return out


def _numeral(token: str) -> int | None:
    """A whole number written in digits or one or two numeral characters, or None.

    Digits of any script, one numeral character ("二", "Ⅱ", by `unicodedata.numeric`), or
    Han tens ("十二" is 12, "二十" is 20).
    """
    if token.isdigit():
        return int(token)
    values = [unicodedata.numeric(c, -1.0) for c in token]
    if any(v < 1 or v != int(v) for v in values):
        return None
    if len(values) == 1:
        return int(values[0])
    if len(values) == 2 and values[0] == 10:  # 十二
        return 10 + int(values[1])
    if len(values) == 2 and values[1] == 10:  # 二十
        return 10 * int(values[0])
    return None


def _serial_part(block: str, titles: Sequence[str]) -> str | None:
    """A serial's part the block numbers ("(第2報)") when no title of the record numbers one."""
    serial = _serial_parts(block)
    if serial and not any(_serial_parts(t) or _part_numbers(t) for t in titles):
        numbers = ", ".join(map(str, sorted(serial)))
        return f"its title block numbers a serial's part ({numbers}) the record's title does not"
    return None


def _unnumbered_part(block: str, titles: Sequence[str]) -> str | None:
    """A part the title block numbers in Roman numerals ("..., Part II") and no title has."""
    serial = _serial_part(block, titles)
    if serial is not None:
        return serial
    theirs = _part_numbers(block, roman_only=True)
    if not theirs or any(_part_numbers(t) for t in titles):
        return None
    numbers = ", ".join(map(str, sorted(theirs)))
    return f"its title block numbers a part ({numbers}) the record's title does not"


def _other_part(block: str, title: str) -> str | None:
    """Why the title block is another part of the record's series, or None.

    Both titles number a part ("Part I: Field observations" / "Part II: Numerical
    modelling") and the numbers differ: one paper of a series is not another.
    """
    mine, theirs = _part_numbers(title), _part_numbers(block)
    if not mine or not theirs or mine <= theirs or theirs <= mine:
        # a block that numbers nothing the title does not is the title cut short (a map
        # sheet's "1817 IV" over its scale "M 1:50 000" on a line of its own), no other part
        return None
    return (
        f"it numbers its part {', '.join(map(str, sorted(theirs - mine)))}, "
        f"the record's title {', '.join(map(str, sorted(mine)))}"
    )


def _other_numbered_part(line: str, titles: Sequence[str]) -> str | None:
    """Why a line under (or over) the title block names another part than the record's, or None.

    A record's title numbers its part with a word ("Deel 2", "Band 3", "Part II", "Tome
    2"); the line names a part with the same word and another number ("Deel 1:
    Hoofdrapport", "Band 1: Wirbeltiere"): another volume of the series, whatever the
    language. Only a short line (a subtitle's) is read.
    """
    if not line or len(line.split()) > _SUBTITLE_WORDS:
        return None
    theirs = _worded_parts(line)
    for title in titles:
        mine = _worded_parts(title)
        for word, numbers in theirs.items():
            if word in mine and numbers.isdisjoint(mine[word]):
                return (
                    f"the line by it numbers its part {word!r} "
                    f"{', '.join(map(str, sorted(numbers)))}, the record's title "
                    f"{', '.join(map(str, sorted(mine[word])))}"
                )
    return None


def _later_part(line: str, hints: RecordHints) -> str | None:
    """The line under the title block when it opens by numbering a later part, or None.

    "Part 2: Hinge and Release Mechanism Life Test" under a report's title, for a record
    whose titles number no part: the second part of a work under the record's title (the
    first part's record, or the whole's), not shown to be the record's. A word and a number
    of 2 or more ("Part 2", "Teil II", "Часть 2") open the line.
    """
    if not line or len(line.split()) > _SUBTITLE_WORDS:
        return None
    opening = _WORDED_PART.match(line.strip())
    if opening is None or any(_worded_parts(t) for t in hints.titles):
        return None
    token = opening.group(2)
    values = {int(token)} if token.isdigit() else _part_numbers(token, roman_only=True)
    return line.strip() if values and min(values) >= _LATER_PART else None


#: The least number of a part after the first.
_LATER_PART = 2


def _worded_parts(text: str) -> dict[str, set[int]]:
    """The parts a text numbers after a word ("Deel 2", "Band III"), by the word."""
    found: dict[str, set[int]] = {}
    reach = text[:_TITLE_REACH]
    for word, token in (
        *((m.group(1), m.group(2)) for m in _WORDED_PART.finditer(reach)),
        # (or the number before the word, as Romance languages and German set an ordinal:
        # "III trimestre 2023", "2. Quartal", "3e trimestre")
        *((m.group(2), m.group(1)) for m in _NUMBER_WORDED.finditer(reach)),
    ):
        values = {int(token)} if token.isdigit() else _part_numbers(token, roman_only=True)
        if values:
            found.setdefault(word.casefold(), set()).update(values)
    return found


#: A word and the part's number after it ("Deel 2", "Band III", "Tome 2", "Часть 2").
_WORDED_PART = re.compile(r"(?<![\w])([^\W\d_]{3,})\.?\s+(\d{1,2}|[IVX]{1,4})(?![\w./\-]|,\d)")
#: A part's number and the word after it ("III trimestre", "2. Quartal", "3e trimestre"),
#: an ordinal's mark allowed; never a number within a name or a date ("COVID-19", "1.2").
_NUMBER_WORDED = re.compile(
    r"(?<![\w./\-\u2013])(\d{1,2}|[IVX]{1,4})(?:\.|er|e|[\u00ba\u00aa\u00b0])?\s+([^\W\d_]{3,})"
)


def _case_part(block: str, titles: Sequence[str]) -> str | None:
    """The letter a title block gives its part, "(B)" to "(H)", when no title of the record does.

    "Lakeside Dairy Cooperative (B): ..." is the sequel of the record's case; so is it for
    the record "... (A)", whose own letter the block does not give.
    """
    found = _CASE_LETTER.search(block[:_TITLE_REACH])
    if found is None:
        return None
    lettered = [m.group(0) for t in titles for m in _ANY_CASE_LETTER.finditer(t[:_TITLE_REACH])]
    if not lettered:
        return found.group(0)
    theirs = {m.group(0) for m in _ANY_CASE_LETTER.finditer(block[:_TITLE_REACH])}
    return None if theirs & set(lettered) else found.group(0)


#: A case's part lettered in brackets ("(B)"): "(A)" is the first, which a record may omit.
_CASE_LETTER = re.compile(r"(?<!\w)\([B-H]\)(?!\w)")
_ANY_CASE_LETTER = re.compile(r"(?<!\w)\([A-H]\)(?!\w)")


def _label_in_capitals(record: _Record, facts: DocumentFacts, block: str) -> str | None:
    """A short line in capitals right under a title block in small letters: a label.

    "INSTRUCTOR'S MANUAL", "NOTA DE ENSEÑANZA", naming nothing of the record's. A subtitle
    the record leaves out is set as the title is, not in capitals under a title in small
    letters; at most `_LABEL_KEYS` keys, none of the record's words (its title, its
    authors, its source), and the title block itself not in capitals. Returns the line.
    """
    if not any(c.islower() for c in block):
        return None
    line = _line_below(facts, block).strip()
    found = keys(line)
    if not found or len(found) > _LABEL_KEYS or any(c.islower() for c in line):
        return None
    if not any(c.isalpha() for c in line) or any(c.isdigit() for c in line):
        return None
    known = record.words | record.venue | record.names
    if any(k in known for k in found):
        return None
    return line


def _named_otherwise(record: _Record, facts: DocumentFacts, block: str) -> str | None:
    """A short run beside the title block that the page's head repeats as its own name.

    "Teaching Note" set right under the case's title, and "TEACHING NOTE 5-722-042" in the
    head of the page: a document names itself in its running head and header, with its
    own number, and a run right under its title in words none of the record's fields has
    (at most `_LABEL_KEYS` keys, a name or label, not a subtitle) that the head repeats
    before a number is that name: the document is another of the same title (a teaching
    note of a case, a solution of a problem set, a companion volume), whatever its
    language. A subtitle the record leaves out is not repeated over the title with a
    number. Read only for a record that names its authors (their names are its words: a
    byline of theirs under the title, repeated in a running head, is no label). Returns
    the run's text, or None.
    """
    matched = _run_of(facts, block)
    if matched is None or not record.hints.surnames:
        return None  # (a record naming no author cannot tell a label from a byline's name)
    head = keys(" ".join(_head_lines(facts, matched)))
    if not head:
        return None
    known = record.words
    for run in facts.runs:
        if run.page != matched.page or not 0 < run.first - matched.last <= 1:
            continue  # only the run right under the title (a kicker over it is a section's)
        found = keys(run.text)
        words = [k for k in found if k not in STOP and len(k) >= 2]
        if not words or len(found) > _LABEL_KEYS or any(k in known for k in found):
            continue
        n = len(found)
        for i in range(len(head) - n):
            if head[i : i + n] == found and _numbered_after(head[i + n : i + n + 2]):
                return run.text
    return None


def _numbered_after(after: Sequence[str]) -> bool:
    """The keys after a name in a running head are its number.

    "5-722-042", or "TN-23-0417": a code's letters (at most `_CODE_LETTERS`), then digits.
    """
    if not after:
        return False
    if any(c.isdigit() for c in after[0]):
        return True
    return (
        len(after) == 2
        and after[0].isalpha()
        and after[0] not in STOP  # "<name> in 2023" is no code
        and len(after[0]) <= _CODE_LETTERS
        and after[1].isdigit()
    )


#: The letters a document's code opens with before its digits ("TN-23-0417", "HBS 9-512").
_CODE_LETTERS = 3


def _head_lines(facts: DocumentFacts, matched: TitleRun) -> list[str]:
    """The article page's lines above the title run (its running head and header)."""
    return facts.first_page_text.splitlines()[: matched.first]


def _opens_or_ends(words: Sequence[str], block: set[str]) -> bool:
    """Whether the title `block` opens or ends the record's title (`words`), not its middle.

    A subtitle the file leaves out ends the record's title ("<the block>: a study of ..."),
    a label or a number may open it ("EVS 915:2023 <the block>"); a block that is only the
    middle of the record's title, words of the record's missing on both sides of it
    ("Memperkuat <the block> di Indonesia": strengthening ... in Indonesia), is another
    title sharing its core, a brief's beside its study's. Numbers are no missing words.
    """
    held = [i for i, w in enumerate(words) if w in block]
    if not held:
        return False
    missing = [i for i, w in enumerate(words) if w not in block and not w.isdigit()]
    return not (any(i < held[0] for i in missing) and any(i > held[-1] for i in missing))


def _unsaid_tail(record: _Record, facts: DocumentFacts, block: str, title: str) -> str | None:
    """The words the record's title ends with, after a separator, that the document lacks.

    "<the case's title> — Teaching Note" for a file that is the case: the title block is the
    record's title less its last part, and the document nowhere says those words (not in
    its title block, its head or the text read). A record names its document's kind or
    part there; a file that never says it may be the other document of the pair. At most
    `_LABEL_KEYS` keys (a longer tail is a subtitle), each absent. Returns the tail or None.
    """
    found = next(reversed(list(_SUBTITLE_SEPARATOR.finditer(title))), None)
    if found is None:
        return None
    tail = title[found.end() :]
    words = [k for k in keys(tail) if k not in STOP and len(k) >= 2]
    # (a label's numbers are no subtitle's words: "Study protocol, version 3.1")
    if not words or len([k for k in keys(tail) if not k.isdigit()]) > _LABEL_KEYS:
        return None
    read = set(keys(f"{facts.text}\n{facts.prefix_text}\n{facts.first_page_text}"))
    if any(k in read for k in words):
        return None
    head = [k for k in keys(title[: found.start()]) if k not in STOP]
    return tail.strip() if head and all(k in set(keys(block)) for k in head) else None


def _other_subtitle(facts: DocumentFacts, block: str, title: str) -> tuple[str, str] | None:
    """The record's subtitle and the other one set under the document's title, or None.

    "Lire et écrire au CE1" over "Guide pédagogique (livre du maître)" for the record
    "Lire et écrire au CE1 : fichier de l'élève": the title block is the record's main
    title, and the line right under it, where a subtitle stands, is a short line of words
    (no number, no names) sharing none of the record's subtitle's nor of its title's, over
    the byline: another document of the same main title. Returns (the record's subtitle,
    the line).
    """
    found = _SUBTITLE_SEPARATOR.search(title)
    if found is None:
        return None
    main, tail = title[: found.start()], title[found.end() :]
    ours = {k for k in keys(tail) if k not in STOP and len(k) >= 2}
    if not ours or keys(block) != keys(main):
        return None
    # (under the title of the first page, or of a title page passed over)
    text = facts.first_page_text if _line_below(facts, block) else facts.prefix_text
    below = _line_after(text, block).strip()
    theirs = {k for k in keys(below) if k not in STOP and len(k) >= 2}
    # (a subtitle stands between the title and the byline; a section's heading, "Summary",
    # after the byline)
    names = keys(_line_after(text, f"{block} {below}"))[:2]
    # (the record's subtitle said in the title zone, a line further down: "REPORT
    # HIGHLIGHTS" under the report's title and subtitle, the record's own words)
    head = "\n".join(
        itertools.takewhile(
            lambda line: len(line.split()) <= _REPORT_LINE_WORDS,
            text.splitlines()[:_HEAD_LINES],
        )
    )
    if (
        not theirs
        or ours & set(keys(head))
        or not names
        or not set(names) <= set(keys(facts.byline))
        or len(below.split()) > _SUBTITLE_WORDS
        or re.search(r"\d", below)
        or (facts.byline and below in facts.byline)
        or theirs & (ours | set(keys(title)))
    ):
        return None
    return tail.strip(), below


def _unsaid_head(facts: DocumentFacts, block: str, title: str) -> str | None:
    """The words the record's title opens with, before a separator, that the document lacks.

    "Data for: <the article's title>" for a file that is the article: the title block is
    the record's title less its first part, and the document nowhere says those words.
    A record names what it is about the work there ("Data for", "Code for", "Replication
    files for"); a file that never says it is the work itself. At most `_LABEL_KEYS` keys,
    each absent from everything read. Returns the opening or None.
    """
    found = _SUBTITLE_SEPARATOR.search(title)
    if found is None:
        return None
    opening = title[: found.start()]
    words = [k for k in keys(opening) if k not in STOP and len(k) >= 2]
    if not words or len(keys(opening)) > _LABEL_KEYS:
        return None
    # where a label of the file's own would stand: its title pages and its first page's head
    head = "\n".join(
        itertools.takewhile(
            lambda line: len(line.split()) <= _REPORT_LINE_WORDS,  # down to its first sentence
            facts.first_page_text.splitlines()[:_HEAD_LINES],
        )
    )
    runs = " ".join(run.text for run in (*facts.runs, *facts.prefix_runs))
    read = set(keys(f"{facts.prefix_text}\n{head}\n{block}\n{runs}"))
    if any(k in read for k in words):
        return None
    rest = [k for k in keys(title[found.end() :]) if k not in STOP]
    return opening.strip() if rest and all(k in set(keys(block)) for k in rest) else None


#: The first page's lines read as its head (running head, label, title block, byline).
_HEAD_LINES = 12
#: The kinds whose label may follow the title it is about ("<title>: comment",
#: "<title> — Erratum", "<title>: a reply").
_AFTER_VOCABULARIES = (
    AFTER_TITLE_PHRASES,
    COMMENT_PHRASES,
    NOTICE_PHRASES,
    PEER_REVIEW_PHRASES,
    REVIEW_PHRASES,
)


def _label_after(block: str, title: str) -> str | None:
    """A label of another kind right after the record's title in the title block, or None.

    "<title>: comment", "<title> — reply", "<title> (Erratum)": the words after the title
    are a label (`_AFTER_VOCABULARIES`), nothing more, and not the record's own words.
    """
    words = keys(block)
    mine = keys(title)
    if len(mine) < MIN_TITLE_WORDS or words[: len(mine)] != mine:
        return None
    rest = [w for w in words[len(mine) :] if w not in ("a", "an", "the")]
    if not rest or len(rest) > _LABEL_KEYS or set(rest) & set(mine):
        return None
    for phrases in _AFTER_VOCABULARIES:
        phrase = starts_with(rest, phrases)
        if phrase is not None and len(phrase) == len(rest):
            return " ".join(rest)
    return None


def _listed_among(record: _Record, facts: DocumentFacts, block: str) -> tuple[int, str] | None:
    """The title block as one entry of a list of works: (the entries, the heading over them).

    A catalogue or a list of new titles sets each work's title in one size, each over a
    few lines of its own (its author, pages, ISBN, a blurb), under a larger heading: the
    record's title there is one work of several, not the document's own. Counted when the
    title run is not the page's largest, and at least `_ENTRIES` runs of its size (the
    record's among them) stand in order each a few lines (at most `_ENTRY_LINES`) after the
    last, the others in words none of the record's fields has. An article's headings are
    set under its title, smaller, with paragraphs between.
    """
    matched = _run_of(facts, block)
    if matched is None:
        return None
    page = [r for r in facts.runs if r.page == matched.page]
    larger = [r for r in page if r.size >= matched.size * _LARGER]
    if not larger:
        return None
    alike = sorted(
        (r for r in page if abs(r.size - matched.size) < 0.05 * matched.size),
        key=lambda r: r.first,
    )
    known = record.words
    entries = [matched]
    for run in alike:
        if run is matched:
            continue
        found = [k for k in keys(run.text) if k not in STOP and len(k) >= 2]
        if len(found) >= 2 and not any(k in known for k in found):
            entries.append(run)
    entries.sort(key=lambda r: r.first)
    gaps = [b.first - a.last for a, b in itertools.pairwise(entries)]
    if len(entries) < _ENTRIES or not all(2 <= g <= _ENTRY_LINES for g in gaps):
        return None
    heading = min(larger, key=lambda r: r.first)
    return len(entries), heading.text


#: Entries of a list of works, at least (the record's among them).
_ENTRIES = 3
#: Lines from one entry's title to the next, at most (a byline, a line of details, a blurb).
_ENTRY_LINES = 6
