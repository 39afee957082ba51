"""What a PDF's first pages say about the document itself, from their structure (core).

`facts_of` turns a `Layout` (lines with size and place) into `DocumentFacts`:

- the pages to look past: a cover or an archive's cover sheet (a few lines, or
  ``label: value`` lines), a masthead (a page of names), a list without prose, the
  work's own numbered contents;
- the *title block*: on the article's first page, the runs of lines set larger than
  the page's body text (when every line has the same size, the first lines);
- the byline: the lines right below the title block, affiliation marks stripped;
- the document's own DOIs: in the title block's neighbourhood, in a line that is
  mostly a DOI near the top of a page, or in a running header or footer; never in a
  reference list or a list of contents, never inside a sentence;
- the kind: ``compilation`` (a list of contents: lines ending in page numbers, not
  numbered chapters; several DOIs one a line where the file opens; three titles or
  more with their authors under them, in one size), ``notice``, ``supplement``,
  ``editorial``, ``form`` (labels found *where the title stands*, captions numbered
  S1, fields to fill in), ``thesis`` (a label on the title page), ``poster`` and
  ``slides`` (the page's shape: a sheet of A2 or more; landscape pages of few words),
  ``webpage`` (a browser's print header and footer), ``review`` (a book's citation under
  the title, or a label), ``comment``, ``peer-review`` and ``letter`` (labels where the
  title stands), or ``article``; the version (preprint, accepted manuscript) from its labels;
- stamps over every page ("RETRACTED" at one place on each page), which are no title;
- whether the text can be trusted (garbled glyphs, mojibake, scans: no).

The label vocabularies (`_labels`) are short and multilingual; they are only looked
for where a label stands (the title block, the line above it, the title page), never
in the body.
"""

# Label vocabularies in many scripts, dashes and marks on purpose.
# ruff: noqa: RUF001, RUF003
from __future__ import annotations

import itertools
import re
import unicodedata
from collections import Counter
from collections.abc import Sequence

import attrs

from politeharvest.quality._text import DOI_TOKEN as _DOI
from politeharvest.quality._text import STOP, content_words, dois_in, keys
from politeharvest.quality._text import fold_all_scripts as fold

from ._labels import (
    ADDRESSED_PHRASES,
    COMMENT_PHRASES,
    EDITORIAL_PHRASES,
    FORM_PHRASES,
    LETTER_PHRASES,
    NOTICE_PHRASES,
    PEER_REVIEW_PHRASES,
    POSTER_PHRASES,
    RECORD_OF_WORK_PHRASES,
    REFERENCE_PHRASES,
    REVIEW_PHRASES,
    SLIDES_PHRASES,
    SUMMARY_PHRASES,
    SUMMARY_WORDS,
    SUPPLEMENT_PHRASES,
    THESIS_PHRASES,
    THESIS_SUMMARY_PHRASES,
    VERSION_PHRASES,
    Kind,
    Version,
    contains,
    kind_of_title,
    label_stands,
    starts_with,
)
from ._patents import field_values, front_page, kind_code, patent_number
from ._pdflayout import Layout, Line
from ._scripts import script_of

__all__ = [
    "LANDSCAPE",
    "POSTER_SHEET",
    "DocumentFacts",
    "Kind",
    "Version",
    "facts_of",
    "kind_of_title",
    "layout_of_text",
    "running_text",
    "word_count",
]


_UNMAPPED = re.compile("[\ufffd\x00-\x08\x0b\x0c\x0e-\x1f\ue000-\uf8ff]")
#: Characters read to tell readable text from garbled glyphs.
_TRUST_SAMPLE = 8000
_UNSPACED = re.compile(
    "[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af"
    "\u0e00-\u0eff\u1000-\u109f\u1780-\u17ff]"  # Thai, Lao, Myanmar, Khmer
)
_DOI_LABEL = re.compile(r"\b(doi|https?://(dx\.)?doi\.org/)", re.IGNORECASE)
#: A line that opens with a DOI under its label ("DOI: 10.5555/x.87.2", "https://doi.org/10...").
_LABELLED_DOI_LINE = re.compile(
    r"\s*(?:doi\s*[:.]?\s*(?:https?://(?:dx\.)?doi\.org/)?|https?://(?:dx\.)?doi\.org/)10\.",
    re.IGNORECASE,
)
# A run of dots, ellipses or blanks is tried from its start only: tried from each of its
# characters, a line of 20,000 dots took 18 s (a PDF's lines are cut at 20,000 characters).
#: (or in brackets, of three digits at most, after a leader or a space: "……………（45）",
#: "WANG Xiaoming, LI Na (45)"; a year in brackets ends a reference's or a prose line)
_PAGE_NUMBER_END = re.compile(
    r"(?:((?<!\.)\.{3,}|(?<!…)…+|(?<!\s)\s)\s*\d{1,4}(\s*[-–]\s*\d{1,4})?"
    r"|(?:(?<!\.)\.{3,}|(?<!…)…+|(?<!\s)\s)\s*[(\uff08]\d{1,3}[)\uff09])$"
)
_FIELD = re.compile(r"_{4,}|(?<!\.)\.{8,}\s*$|[☐□■]|\[\s\]")
#: A filled square opening a line of words: a list's bullet ("■ Extraction exceeds
#: sediment supply"), no box to tick.
_SQUARE_BULLET = re.compile(r"^\s*■\s+(?=[^\W\d_])")
#: An entry of a list of contents that ends in its authors' names before its page: one or
#: more names of initials and a family name ("M. K. Jensen", "A. Sharma, P. Kumar"), read
#: in its last `_AUTHORS_REACH` characters (a hostile line of thousands of names, read from
#: each of its letters, took 1.4 s).
_NAME = r"(?:[^\W\d_]\.\s?){1,3}[^\W\d_][^\W\d_'-]*(?:[-'][^\W\d_]+)?"
_AUTHORED_ENTRY = re.compile(rf"\s{_NAME}(?:\s*(?:,|&|and)\s*{_NAME})*\s+\d{{1,4}}\s*$")
_AUTHORS_REACH = 120
_LABEL_VALUE = re.compile(r"^[^\W\d][\w .()/'-]{1,40}:(?!//)(\s*\S|\s*$)")
_CHAPTER = re.compile(r"^(chapter|kapitel|chapitre|cap[ií]tulo|b[öo]l[üu]m|part|teil)\s", re.I)
_SECTION_NUMBER = re.compile(r"^(\d+(\.\d+)*\.?|[IVX]+\.)\s")
# an entry of a list of works: "[12]", "[R1]", "[a3]", "(4)", "12." before a name
_REFERENCE_LINE = re.compile(r"^\s*(\[(?=[^\]]{0,4}\d)\w{1,5}\]|\(\d{1,3}\)|\d{1,3}\.\s+[A-Z])")
_AFFILIATION = re.compile(r"(?<=[^\W\d_])[\d*†‡§¶#∗⁰¹²³⁴⁵⁶⁷⁸⁹ᵃᵇᶜ,]+|\s[\d*†‡§¶∗]+(?=[\s,]|$)")
_MARKS = re.compile(r"[\d*†‡§¶#,;∗⁰¹²³⁴⁵⁶⁷⁸⁹ᵃᵇᶜ]+")
_SUPPLEMENT_CAPTION = re.compile(r"\b(Table|Fig\.?|Figure|Tabelle|Abb\.?|Tablo|Şekil|Tabla)\s*S\d+")


@attrs.frozen
class TitleRun:
    """A run of lines in one size, set larger than the page's body text."""

    page: int
    text: str
    size: float
    rise: float
    first: int  # index of its first line on the page
    last: int


@attrs.frozen
class DocumentFacts:
    """What the first pages say about the document.

    Attributes:
        text: all text read.
        article_page: the index of the page where the document itself starts.
        skipped: why the pages before it were passed over ("cover sheet", "masthead", ...).
        runs: the title-like runs of the article page (largest first).
        sized: True when the title block stands out by size (not only by place).
        byline: the text of the lines right below the title block.
        own_dois: the DOIs the document gives as its own.
        cited_dois: the other DOIs of the first pages.
        kind: what the document is.
        kind_evidence: why.
        version: which version of the work it says it is, if it says.
        trusted: whether its text can be read as words.
        trust_evidence: why not, when not.
        prefix_text: the text of the pages passed over (a cover sheet names the work).
        first_page_text: the text of the article page.
        prefix_runs: the title-like runs of the pages passed over (a title page).
        covers_only: every page read was a cover (a short document, or title pages that a
            longer file goes on after: worth reading more pages).
        heading: a compilation's own heading, the text above its first entry (a
            programme's or an issue's title); "" for other kinds.
        page_count: how many pages the file has.
        running: the article page has a line of running text below its title block that
            is no list item (False for a sheet of highlights, a figure, a title page).
        prose: the pages read are portrait pages set with running text, more words a page
            than slides hold (`_prose_pages`): a paper's, not a presentation's.
        numbers: the publication numbers a patent's front page gives in its numbered
            fields (10) and (11) ("EP 3 987 412 A1"), with the kind code of field (13) or
            (12) when they print none; none for other documents.
        applications: the application numbers it gives in its field (21).
        unread: how many glyphs of the article page map to no character (a font without a
            character map for its script: whatever those glyphs spell cannot be read).
        tops: the top of each line of `first_page_text`, in points from the page's bottom
            (a line read first may be set anywhere: a footer written before the title).
    """

    text: str
    article_page: int | None
    skipped: tuple[str, ...]
    runs: tuple[TitleRun, ...]
    sized: bool
    byline: str
    own_dois: tuple[str, ...]
    cited_dois: tuple[str, ...]
    kind: Kind
    kind_evidence: str
    version: Version | None
    trusted: bool
    trust_evidence: str
    prefix_text: str
    first_page_text: str
    prefix_runs: tuple[TitleRun, ...] = ()
    covers_only: bool = False
    heading: str = ""
    page_count: int = 0
    running: bool = True
    numbers: tuple[str, ...] = ()
    applications: tuple[str, ...] = ()
    prose: bool = False
    unread: int = 0
    tops: tuple[float, ...] = ()


def layout_of_text(text: str) -> Layout:
    """A layout for plain text: one page per form feed or blank-line-separated page, one size."""
    pages = []
    for number, chunk in enumerate(re.split(r"\f|\n\s*\n\s*\n", text)):
        lines = [ln.strip() for ln in chunk.splitlines() if ln.strip()]
        top = 800.0
        page = []
        for line in lines:
            page.append(Line(number, line, 11.0, top, top - 11, 50, 545, 842.0))
            top = max(top - 14.0, 12.0)
        pages.append(tuple(page))
    return Layout(tuple(pages), len(pages))


# -- the analysis ------------------------------------------------------------------------


def _body_size(lines: Sequence[Line]) -> float:
    """The size of the page's running text: the size that sets the most characters.

    On a short page (a notice, a one-page erratum) a long title may set more characters than
    its few lines of text: a size set on at most `_TITLE_LINES` lines, `_STANDS_OUT` times
    larger than a size that sets prose in lower case (not a cover's lines in capitals), is a
    title's, and the prose's size is the body's.
    """
    weights: Counter[float] = Counter()
    for line in lines:
        weights[round(line.size * 5) / 5] += len(line.text)
    if not weights:
        return 0.0
    body = weights.most_common(1)[0][0]
    if sum(1 for line in lines if round(line.size * 5) / 5 == body) <= _TITLE_LINES:
        prose: Counter[float] = Counter()
        for line in lines:
            size = round(line.size * 5) / 5
            if size * _STANDS_OUT <= body and _is_prose(line) and _lower_case(line.text):
                prose[size] += len(line.text)
        if prose:
            return prose.most_common(1)[0][0]
    return body


#: A title is set on at most this many lines.
_TITLE_LINES = 4


def _lower_case(text: str) -> bool:
    """Most of the text's cased letters are small (running text, not a cover's capitals)."""
    cased = [c for c in text if c.isupper() or c.islower()]
    return sum(1 for c in cased if c.islower()) > 0.5 * len(cased)


def _is_prose(line: Line) -> bool:
    """A line of running text: many words with common ones among them (or a long CJK line)."""
    if len(_UNSPACED.findall(line.text)) >= 12 and not _spaced_names(line.text):
        return True
    words = fold(line.text).split()
    if len(words) < 7:
        return False
    return (
        any(w in STOP for w in words)
        or _running(line.text.split())
        or (not line.text.isascii() and not _latin(line.text))
    )


#: Scripts whose writing spaces phrases apart, not words (Thai, Lao, Myanmar, Khmer).
_PHRASED = re.compile("[\u0e00-\u0eff\u1000-\u109f\u1780-\u17ff]")
#: The most letters of a name in those scripts ("แก้วประเสริฐ" has 12); a phrase of
#: running text runs longer.
_PHRASED_NAME = 16
#: The most parts of a line of names in those scripts (two names of two parts, "และ").
_PHRASED_PARTS = 8


def _spaced_names(text: str) -> bool:
    """Whether a line in a script that spaces phrases apart is a few short parts: names.

    ("ศิริพร แก้วประเสริฐ1* และ ธนากร บุญมา1"): Thai sets a space between a given name and
    a family name and around "และ" (and), where its running text runs on without one.
    """
    parts = text.split()
    return (
        _PHRASED.search(text) is not None
        and 2 <= len(parts) <= _PHRASED_PARTS
        and max(len(part) for part in parts) < _PHRASED_NAME
    )


#: The share of a line's words written in small letters that makes it running text.
_SMALL_WORDS = 0.6


def _running(words: Sequence[str]) -> bool:
    """Words of running text in any cased script: most are small letters only.

    A sentence's words are small but for its first and its names, whatever its language;
    a list's lines (names, titles, labels, figures) are capitalised or not words.
    """
    small = sum(1 for w in words if re.fullmatch(r"[^\W\d_]{2,}[,.;:]?", w) and w.islower())
    return small >= _SMALL_WORDS * len(words)


def word_count(text: str) -> int:
    """Words, counting two characters of a script without spaces as one."""
    return len(text.split()) + len(_UNSPACED.findall(text)) // 2


def _latin(text: str) -> bool:
    letters = re.findall(r"[^\W\d_]", text)
    return sum(1 for c in letters if c < "\u0250") >= 0.5 * len(letters)


def _page_role(lines: Sequence[Line]) -> str | None:
    """Why a page is passed over to find the document's start, or None for a content page."""
    if not lines:
        return "empty page"
    words = sum(word_count(line.text) for line in lines)
    labelled = [at for at, line in enumerate(lines) if _LABEL_VALUE.match(line.text)]
    sections = [at for at in labelled if _runs_on(lines, at)]
    # (paragraphs under labels of their own, several of them: a structured abstract's
    # sections, "Background: ...", "Methods: ...", not a cover sheet's fields)
    label_values = len(labelled) - (len(sections) if len(sections) >= _SECTIONS else 0)
    label_values += _captioned_values(lines)
    if label_values >= 4 and label_values >= len(lines) / 5:
        return "cover sheet"
    if words < _FIELD_PAGE_WORDS and _inline_fields(lines) >= _FIELD_LINES:
        # an archive's or a digitised copy's catalogue sheet, its captions without colons
        # ("Títol ¡Amnistía total! ...", "Signatura FL-1977-0412", "Omvang 16 p. ; 8°")
        return "cover sheet"
    if words < 40:
        return "cover"
    prose = sum(1 for line in lines if _is_prose(line))
    if _is_toc(lines) and _is_own_toc(lines) and prose <= 3:
        return "contents"
    if prose <= 2 and len(lines) >= 10 and not _is_toc(lines):
        return "list without prose"
    names = sum(1 for line in lines if _looks_like_byline(line.text) and not _is_prose(line))
    if names >= 10 and names >= 0.5 * len(lines):
        return "masthead"
    return None


#: A catalogue sheet: at least this many lines, each a field's one-word caption and its
#: value on the same line, on a page of fewer words than this.
_FIELD_LINES = 5
_FIELD_PAGE_WORDS = 150


def _inline_fields(lines: Sequence[Line]) -> int:
    """Lines that are a field's caption and its value, the caption a word without a colon.

    "Titel Aan de werklieden van Amsterdam", "Auteur J. Vrijman", "Omvang 16 p. ; 8°": a
    capitalised word of three to fourteen letters, then its value, which opens with a
    capital, a figure or a mark (a sentence's second word is mostly a small one: "Dit
    document is ..."); each caption once on the page (a list's lines repeat their first
    word, a cover sheet's captions do not), and no more than two lines of prose.
    """
    captions: list[str] = []
    prose = 0
    for line in lines:
        words = line.text.split()
        first = words[0] if words else ""
        if _is_prose(line):
            prose += 1  # (a caption's long value too: "Titel <a title in small words>")
        if (
            2 <= len(words) <= _FIELD_WORDS
            and 3 <= len(first) <= 14
            and first.isalpha()
            and first[0].isupper()
            and first[1:].islower()
            and not words[1][0].islower()
        ):
            captions.append(first.lower())
    if prose > 2 or len(set(captions)) < len(captions):
        return 0
    return len(captions)


#: A field line's words, at most.
_FIELD_WORDS = 14


def _runs_on(lines: Sequence[Line], at: int) -> bool:
    """True when the labelled line at `at` opens a paragraph: a section, not a field.

    A structured abstract's "Methods: Prospective study of children aged ..." is a sentence
    that runs on over the lines below it in its size; a cover sheet's or a form's field
    ("Title: ...", "Author(s): ...") holds its value on its line or two, no sentence.
    """
    line = lines[at]
    if at + 1 >= len(lines) or not _is_prose(line):
        return False
    below = lines[at + 1]
    return (
        below.page == line.page
        and abs(below.size - line.size) <= _SAME_SIZE
        and not _LABEL_VALUE.match(below.text)
        and _is_prose(below)
    )


#: Sizes of two lines this close (in points) are one size.
_SAME_SIZE = 0.3
#: Labelled paragraphs that make a page's text sections, not fields (`_runs_on`).
_SECTIONS = 3


def _captioned_values(lines: Sequence[Line]) -> int:
    """Fields whose caption is set above their value: a form's, a cover sheet's layout.

    A caption is a short line ("Manuscript title", "Article", "Your name") set smaller than
    the line right below it, which starts where it starts and does not stand out as a
    title does: the value filled in. A paper's page has a few such pairs ("Keywords" over
    the keywords; a section's label over the title is no pair, the title stands out); a
    form's page is made of them (`_page_role` weighs them against the page's lines).
    """
    found = 0
    largest = max((line.size for line in lines), default=0.0)
    i = 0
    while i + 1 < len(lines):
        caption, value = lines[i], lines[i + 1]
        words = caption.text.split()
        if (
            caption.page == value.page
            and 0 < len(words) <= _CAPTION_WORDS
            and len(caption.text) <= _CAPTION_CHARS
            and caption.text.rstrip()[-1:] not in _SENTENCE_ENDS
            and _WORD.search(caption.text) is not None
            and not _LABEL_VALUE.match(caption.text)  # a field of its own ("DOI: 10...")
            and not _DOI_LABEL.search(caption.text)
            # a title under its section's label stands out: set the page's largest, or
            # much larger than the label
            and value.size < largest
            and value.size <= caption.size * _CAPTION_VALUE_MAX
            # (the value starts where its caption starts, or indented under it)
            and -_CAPTION_ALIGN <= value.left - caption.left <= _CAPTION_INDENT
            and value.size - caption.size >= _CAPTION_SMALLER
            and 0 <= caption.bottom - value.top <= value.size * 1.5
        ):
            found += 1
            i += 2  # a value is no caption of the line below it
            continue
        i += 1
    return found


#: A field's caption: at most this many words and characters, set at least this much
#: smaller (points) than its value, the two aligned within this many points.
_CAPTION_WORDS = 6
_CAPTION_CHARS = 60
_CAPTION_SMALLER = 1.0
_CAPTION_ALIGN = 6.0
#: A value indented under its caption by at most this many points (half an inch).
_CAPTION_INDENT = 36.0
#: A field's value is set at most this many times its caption's size (a form's 7.5 and 9.5
#: points); a title under a section's label ("Research article" at 9, the title at 14) more.
_CAPTION_VALUE_MAX = 1.45
#: A line that ends so is a sentence's, not a caption's.
_SENTENCE_ENDS = frozenset(".,;!?。．")


def _toc_entries(lines: Sequence[Line]) -> list[str]:
    return [
        line.text
        for line in lines
        if _PAGE_NUMBER_END.search(line.text)
        and (len(line.text.split()) >= 3 or len(_UNSPACED.findall(line.text)) >= 4)
        and not _REFERENCE_LINE.match(line.text)
        and not _table_row(line.text)
    ]


def _table_row(text: str) -> bool:
    """A table's row: three numbers or more, more than half its words.

    ("May 66% 104 69 50% 95 48", "Hotel Almirante 4* 118 159 8.7"): an entry of contents
    has its section's number and its page's at most, with a year in its title maybe.
    """
    words = text.split()
    numbers = sum(1 for w in words if any(c.isdigit() for c in w))
    return numbers >= 3 and numbers * 2 > len(words)


def _is_toc(lines: Sequence[Line]) -> bool:
    """A list of contents: many lines that end in a page number, all different.

    A list never gives one entry twice: a line repeated word for word (a paragraph's line
    ending in a year range, "2015-2022", or a count, set again and again) is text, not
    entries, and counts neither as entries nor towards their share of the page's lines.
    """
    distinct = set(_toc_entries(lines))
    return len(distinct) >= _TOC_ENTRIES and len(distinct) >= len(lines) / 5


def _is_own_toc(lines: Sequence[Line]) -> bool:
    """A work's own contents, not a list of other works.

    Its entries are numbered chapters and sections, or headings of a few words ("Giriş",
    "Results", "Materials and methods"), where a list of works lists titles.
    """
    entries = _toc_entries(lines)
    if not entries:
        return False
    if _titled_entries(lines) * 2 >= len(entries):
        # most entries are set under a line of their own of four words or more, no entry
        # itself: a work's title, then its authors and page ("Devolution and the right to
        # health ..." over "Grace Nyambura Wanjiru ..... 145"): a list of other works
        return False
    authored = sum(1 for text in entries if _AUTHORED_ENTRY.search(text[-_AUTHORS_REACH:]))
    if authored * 2 >= len(entries):
        # most entries end in their authors' names before the page ("2 Design of Furrow
        # and Border Systems A. Sharma, P. Kumar 33"): an edited book's chapters, works of
        # others, numbered as they may be
        return False
    numbered = sum(1 for text in entries if _SECTION_NUMBER.match(text) or _CHAPTER.match(text))
    if numbered >= 0.4 * len(entries):
        return True
    sizes = sorted(word_count(_PAGE_NUMBER_END.sub("", text[:400])) for text in entries)
    return sizes[len(sizes) // 2] <= _HEADING_WORDS


def _titled_entries(lines: Sequence[Line]) -> int:
    """How many entries of a list of contents are set right under a title's line.

    A title's line is no entry (no page number ends it) and has four words or more; a
    title broken over two lines counts by its last line.
    """
    entries = set(_toc_entries(lines))
    return sum(
        1
        for above, line in itertools.pairwise(lines)
        if line.text in entries
        and above.text not in entries
        and not _PAGE_NUMBER_END.search(above.text)
        and word_count(above.text) >= _TITLE_LINE_WORDS
    )


#: The fewest words of a line read as a listed work's title over its entry.
_TITLE_LINE_WORDS = 4
#: A heading of a work's own contents has at most this many words (a title has more).
_HEADING_WORDS = 3


#: A title-like run is set at least this much larger than the body text.
_LARGER = 1.045
#: A title block "stands out by size" when it is this much larger.
_STANDS_OUT = 1.15


def _runs(lines: Sequence[Line], body: float) -> list[TitleRun]:
    """Runs of consecutive lines in one size larger than the body text."""
    runs: list[TitleRun] = []
    start = None
    for i, line in enumerate([*lines, None]):
        same = (
            line is not None
            and start is not None
            and abs(line.size - lines[start].size) <= 0.05 * lines[start].size
            and lines[i - 1].top - line.top < 2.6 * line.size
        )
        if start is not None and not same:
            chosen = lines[start:i]
            text = " ".join(x.text for x in chosen)
            if _WORD.search(_unmarked(text)):
                runs.append(
                    TitleRun(chosen[0].page, text, chosen[0].size, chosen[0].rise, start, i - 1)
                )
            start = None
        if line is not None and start is None and line.size >= _LARGER * body:
            start = i
    return runs


#: A word of two letters or more.
_WORD = re.compile(r"[^\W\d_]{2,}")


def _unmarked(text: str) -> str:
    r"""The text without its combining marks.

    A Devanagari or Tamil word ("काका") is letters between vowel signs, which a regular
    expression's letters (``\w``) leave out.
    """
    if text.isascii():
        return text
    return "".join(c for c in text if not unicodedata.category(c).startswith("M"))


def _title_runs(lines: Sequence[Line], body: float) -> tuple[list[TitleRun], bool]:
    """The title-like runs of a page, largest first, and whether they stand out by size."""
    runs = [
        # the number of a paper in its volume is no word of its title
        attrs.evolve(r, text=_SECTION_NUMBER.sub("", r.text, count=1)) if numbered else r
        for r in _runs(lines, body)
        if r.rise >= 0.3
        and (not (numbered := bool(_SECTION_NUMBER.match(r.text))) or _numbered_title(r))
        and len(content_words(r.text)) >= 1
    ]
    if runs:
        runs.sort(key=lambda r: (-r.size, r.first))
        return runs, runs[0].size >= _STANDS_OUT * body
    # every line one size: the first lines that are not a running header stand in
    top = [i for i, line in enumerate(lines[:6]) if not _DOI.search(line.text)]
    if not top:
        return [], False
    first = top[0]
    last = first
    while (
        last + 1 < len(lines)
        and last + 1 <= first + 2
        and not _looks_like_byline(lines[last + 1].text)
    ):
        if _is_prose(lines[last + 1]) or _DOI.search(lines[last + 1].text):
            break
        last += 1
    text = " ".join(line.text for line in lines[first : last + 1])
    line = lines[first]
    return [TitleRun(line.page, text, line.size, line.rise, first, last)], False


#: Lines a numbered run sets at least to be a numbered paper's title, not a section's heading.
_NUMBERED_TITLE_LINES = 3


def _numbered_title(run: TitleRun) -> bool:
    """A numbered run set over three lines or more: a paper numbered in its volume.

    Old transactions number their papers ("XIV. Observations on ... Indies." over three
    centred lines); a section's numbered heading ("2. Methods") takes a line or two.
    """
    return run.last - run.first + 1 >= _NUMBERED_TITLE_LINES


def _looks_like_byline(text: str) -> bool:
    """Names: capitalised words and initials, few stop words, maybe affiliation marks."""
    # (names of a script written without spaces are set apart by a full-width comma or an
    # enumeration comma, a family name and a given name maybe by a full-width space: "王　磊¹，
    # 赵　敏²", two names of two letters each)
    if _DATE_LINE.fullmatch(text.strip()):
        return False  # a date in words ("Revised March 2019"): no one's name
    unspaced = CJK_NAME_SPACE.sub("", _MARKS.sub(" ", text))
    words = [w for w in re.split(r"[\s,;\uff0c\u3001\u30fb]+", unspaced) if w]
    if "\uff1a" in text or any(len(w) > HAN_NAME and HAN.fullmatch(w) for w in words):
        return False  # a field's label ("关键词：…"), or Han words longer than names
    if len(words) >= 3 and words[0].isalpha() and words[0].islower() and len(words[0]) <= 4:
        # a byline may open with a short word in lower case ("by", "von", "par", "υπό", "от"):
        # the names after it decide
        words = words[1:]
    if len(words) < 2 or len(words) > 30:
        return False
    capital = sum(
        1
        for w in words
        if w[:1].isupper()
        or (w[:1].isalpha() and not w[:1].islower())  # a script without case
        or w.lower() in ("and", "und", "et", "y", "e", "ve")
    )
    stop = sum(
        1
        for w in words
        if w.lower() in STOP
        and w.lower()
        not in (
            "and",
            "und",
            "et",
            "y",
            "e",
            "ve",
            "de",
            "van",
            "von",
            "der",
            "da",
            "di",
            "du",
            "la",
            "le",
            "del",
            "dos",
        )
    )
    return (
        capital >= 0.7 * len(words)
        and stop <= 1
        and any(len(w) > 2 or (len(w) == 2 and HAN.fullmatch(w)) for w in words)
    )


def names_line(line: Line) -> bool:
    """Whether a line is a few names (a byline's, a signature's), not a line of prose."""
    return _looks_like_byline(line.text) and (not _is_prose(line) or _few_names(line.text))


#: A line of at most three words and a year, no comma: a date in words ("Revised March
#: 2019", "Julio de 2018"), where a byline names its people without a year.
_DATE_LINE = re.compile(r"(?:[^\W\d_][\w.'-]*\s+){1,3}(?:1[5-9]|20)\d\d\.?")


#: A full-width space between two Han letters: a family name set apart from a given name
#: ("王　磊"; an ASCII space sets two names apart as often, "高田 浩二・森 由紀").
CJK_NAME_SPACE = re.compile(r"(?<=[\u4e00-\u9fff])\u3000(?=[\u4e00-\u9fff])")
#: A name of Han letters.
HAN = re.compile(r"[\u4e00-\u9fff]+")
#: The most letters of a name of Han letters (a family name of two and a given name of two).
HAN_NAME = 4


#: A list item's bullet opening a line ("■ Urban freight accounts for ...").
_BULLET = re.compile(r"\s*[■□▪▫●○•◦‣⁃∙►▶➢✓✔❖◆◇]\s*\S")


def _few_names(text: str) -> bool:
    """Whether a line read as prose is a few names (`_looks_like_byline`) as it is written.

    A name with its initials and letters run together ("By F. W. BURGOYNE, M.B.O.U.") folds
    into as many words as a line of prose has; as written, it is a few. Initials are no
    words of it either: three names and "and" ("M. Anandaraj, S. Nisha and R. Praveena")
    are as many words as a line of prose, four of them names.
    """
    return (
        sum(1 for w in text.split() if not _INITIALS.fullmatch(w)) < _PROSE_LINE_WORDS
        and _INITIAL.search(text) is not None
        and ":" not in text  # (a field's caption: "Editor-in-Chief: Selin Erdoğan, Malta")
        and not _UNSPACED.search(text)
        and _looks_like_byline(text)
    )


#: A name's initial ("F.", "W.") or a post-nominal's letters ("M.B.O.U.").
_INITIAL = re.compile(r"(?<![^\W\d_])[^\W\d_]\.")
#: A word of initials only ("M.", "F.W.", "M.B.O.U.,").
_INITIALS = re.compile(r"(?:[^\W\d_]\.)+[,;]?")


#: The fewest words of a line of prose (`_is_prose`).
_PROSE_LINE_WORDS = 7


def _byline(lines: Sequence[Line], run: TitleRun, title: TitleRun | None = None) -> str:
    """The lines right below (or, failing that, above) the title block that look like names.

    `title`: the document's title when `run` is another run: its lines are never the byline.
    """
    out: list[str] = []
    below = lines[run.last + 1 : run.last + 6]
    for at, line in enumerate(below):
        text = _names_joined(line.text)
        if text != line.text:
            line = attrs.evolve(line, text=text)  # (a name set letter-spaced is no prose)
        if not out and at == 0 and _translated_title(line, run):
            continue  # the title in another script right below it, then the names
        if (_is_prose(line) and not _few_names(text)) or len(line.text.split()) > 30:
            break
        if at + 1 < len(below) and _BULLET.match(below[at + 1].text):
            break  # a list's heading ("KEY MESSAGES" over its bullets), no line of names
        if _ISSUE_LINE.search(text) or _VOLUME.search(text):
            # the journal's line ("鳴門教育大学研究紀要, Vol. 37, 2022"), no names
            if out:
                break
            continue
        if _looks_like_byline(text):
            out.append(text)
        elif out:
            break
    if not out:
        for i in range(max(0, run.first - 3), run.first):
            line = lines[i]
            if title is not None and title.first <= i <= title.last:
                continue
            if line.top < lines[run.first].top:
                # read before the title but set below it (a footer's "Received: ..."
                # line, written first): not above the title block
                continue
            if (
                _looks_like_byline(line.text)
                and not _is_prose(line)
                and not _ISSUE_LINE.search(line.text)
                and not _VOLUME.search(line.text)
            ):
                out.append(line.text)
    return _AFFILIATION.sub(" ", " ".join(out))


def _translated_title(line: Line, run: TitleRun) -> bool:
    """Whether `line` is the title again in another script, set right below the title block.

    ("ผลของการใช้ถ่านชีวภาพต่อ…" over "Effect of biochar on growth and yield of sweet corn"):
    a bilingual first page gives its title in both languages before the names. A line in
    the title's own script is no translation.
    """
    written = script_of(line.text)
    return (
        written is not None
        and written != script_of(run.text)
        and not _ISSUE_LINE.search(line.text)
        and not _looks_like_byline(line.text)  # (names, though their institute's in Latin)
    )


#: A series' or an issue's line over a title: a number after its sign ("POLICY BRIEF MARCH
#: 2023 | No. 118", "Working Paper Nr. 12", "Выпуск № 3", "天文台報告 第5号", "제3호"). (A
#: course's line with a year may end in its lecturer's name: "CHEM 3010 Physical Chemistry I
#: — Autumn 2022 — D. Osei".)
#: A volume's number after its sign ("Vol. 37", "Bd. 12", "Tome 4"), in a journal's line.
_VOLUME = re.compile(r"\b(?:vol|bd|tome|tom|t)\.\s*\d|\bvolume\s+\d", re.IGNORECASE)
_ISSUE_LINE = re.compile(
    r"(?:\bno|\bnr|№)\.?\s*\d|第\s*[\d０-９]*\s*[号巻期輯]|제\s*\d*\s*호", re.IGNORECASE
)


def _reference_start(pages: Sequence[Sequence[Line]]) -> tuple[int, int] | None:
    """Where the reference list starts (page, line), if it starts on the pages read."""
    for p, lines in enumerate(pages):
        for i, line in enumerate(lines):
            if len(line.text) > 60 or len(line.text.split()) > 5:
                continue
            words = keys(line.text)
            phrase = starts_with(words, REFERENCE_PHRASES) if len(words) <= 4 else None
            if phrase and (len(words) == len(phrase) or _SECTION_NUMBER.match(line.text)):
                return p, i
    return None


#: A DOI in brackets right after a word in small letters: a sentence citing another work
#: ("Following our published protocol (https://doi.org/10.5555/...), we combined ...").
_CITED_IN_SENTENCE = re.compile(
    r"(?<![^\W\d_])[^\W\d_A-Z]{2,}[,;]?\s+[(\[]\s*(?:https?://(?:dx\.)?doi\.org/|doi:?\s*)10\.",
)


#: A line ending in a DOI (and maybe a full stop).
_ENDS_IN_DOI = re.compile(r"10\.\d{4,9}/\S+\s*\.?\s*$")


def _doi_line_is_own(line: Line, body: float) -> bool:
    """A line that is mostly a DOI (a label, a citation line of the journal), not a sentence."""
    if _CITED_IN_SENTENCE.search(line.text):
        return False  # "Following our published protocol (https://doi.org/...), we ..."
    text = _DOI.sub(" ", line.text)
    text = _DOI_LABEL.sub(" ", text)
    words = [w for w in fold(text).split() if not w.isdigit() and len(w) > 1]
    if len(words) > 12:
        return False
    # (a sentence in a language whose small words the stop list lacks runs in small letters
    # once the DOI is set aside: "Mendeley Data (DOI: 10.5072/...) dan dilengkapi dengan
    # model dasar ResNet-50 yang")
    lettered = [w for w in text.split() if re.search(r"[^\W\d_]", w)]
    running = len(lettered) >= _PROSE_LINE_WORDS and _running(lettered)
    return not (len(words) > 4 and ((any(w in STOP for w in words) and _is_prose(line)) or running))


def _continues_entry(lines: Sequence[Line], i: int) -> bool:
    """Whether line `i` goes on with an entry of a list opened on the line right above it.

    "• Åström, E. & Nordin, P. (2021). <title>." over "<journal> 4: 33-47. doi:<DOI>": the
    DOI ends that entry (a publication list's, a reading list's), whatever place on the page
    the wrapped line takes.
    """
    if i == 0:
        return False
    above, line = lines[i - 1], lines[i]
    return (
        above.page == line.page
        and bool(_REFERENCE_LINE.match(above.text) or _BULLET.match(above.text))
        and 0 <= above.bottom - line.top <= line.size * 1.5
    )


#: A list's bullet opening a line.
_BULLET = re.compile(r"^\s*[•▪◦‣∙●○■□➢►*–-]\s")


def _table_cells(lines: Sequence[Line]) -> set[int]:
    """The lines that are cells of a table's rows (below the page's header band).

    A table row sets three cells or more side by side on one baseline; a page with
    `_TABLE_ROWS` such rows has a table, and every line between its first row and its last
    that shares its baseline with another line is one of its cells: a list of works (a
    publication list, an award list, a form's table of papers) gives each work's DOI in a
    cell. A two-column page sets two lines a baseline, and its header band (a journal's
    name left, the DOI right) is above any table.
    """
    rows: dict[int, list[int]] = {}
    for i, line in enumerate(lines):
        if line.rise < _HEADER_BAND:
            rows.setdefault(round(line.top / _ROW_TOLERANCE), []).append(i)
    full = [key for key, row in rows.items() if len({round(lines[m].left) for m in row}) >= 3]
    if len(full) < _TABLE_ROWS:
        return set()
    low, high = min(full), max(full)
    return {i for key, row in rows.items() if low <= key <= high and len(row) >= 2 for i in row}


#: A table has at least this many rows of three cells; a row's cells share their top within
#: this many points; a page's header band starts at this share of its height.
_TABLE_ROWS = 3
_ROW_TOLERANCE = 1.5
_HEADER_BAND = 0.88


def _rejoined(doi: str, following: str) -> str:
    """A DOI broken at its hyphen over two lines ("10.5555/tsd-2021-" / "0417"), made whole."""
    head = following.split(None, 1)
    rest = dois_in(doi + head[0][:200]) if head else []
    return rest[0] if rest else doi


def _own_dois(
    pages: Sequence[Sequence[Line]],
    article: int,
    refs: tuple[int, int] | None,
    skip: set[int],
) -> tuple[list[str], list[str]]:
    """The DOIs the document gives as its own, and all other DOIs of the pages read."""
    own: list[str] = []
    cited: list[str] = []
    imprinted: list[str] = []  # DOIs on their label's line, anywhere on the work's first page
    header_footer: Counter[str] = Counter()
    for p, lines in enumerate(pages):
        body: float | None = None  # the page's text size and table, read at its first DOI
        cells: set[int] = set()
        for i, line in enumerate(lines):
            found = dois_in(line.text)
            if not found:
                continue
            if body is None:
                body, cells = _body_size(lines), _table_cells(lines)
            if found[-1].endswith("-") and line.text.rstrip().endswith("-") and i + 1 < len(lines):
                found[-1] = _rejoined(found[-1], lines[i + 1].text)
            in_refs = refs is not None and (p, i) >= refs
            edge = line.rise >= _HEADER_BAND or line.rise <= 0.1
            near_top = line.rise >= 0.6 or i < 8
            labelled = bool(_DOI_LABEL.search(line.text))
            is_own = (
                not in_refs
                and p not in skip
                and i not in cells
                and not _REFERENCE_LINE.match(line.text)
                and not _BULLET.match(line.text)
                and not _continues_entry(lines, i)
                and (
                    _doi_line_is_own(line, body)
                    # (a journal's citation line in the page's header band, ending in its
                    # labelled DOI: "Proceedings of the ... Society (2013), 72, E212 doi:...")
                    or (edge and labelled and _ENDS_IN_DOI.search(line.text) is not None)
                )
                and ((p == article and (near_top or (edge and labelled))) or (p > article and edge))
            )
            # a line that is a DOI under its label on the work's first page, wherever on it
            # (an imprint's "DOI: 10...."): its own when the document gives no other
            imprint = (
                not is_own
                and p == article
                and not in_refs
                and p not in skip
                and _LABELLED_DOI_LINE.match(line.text) is not None
            )
            for doi in found:
                if is_own and p > article:
                    header_footer[doi] += 1
                elif is_own:
                    own.append(doi)
                else:
                    cited.append(doi)
                    if imprint:
                        imprinted.append(doi)
    own.extend(d for d, n in header_footer.items() if n >= 1)
    own = list(dict.fromkeys(own or imprinted))
    mine = set(own)
    return own, [d for d in dict.fromkeys(cited) if d not in mine]


#: Why short text is not trusted: it may still name its title and authors, never another's.
SPARSE = "too little readable text on the first pages"


#: The share of vowels among the letters of a Latin-script language's running text: from
#: about a third (Czech, German, English) to a half (Swahili, Finnish, Hawaiian); glyphs
#: mapped to the wrong letters (a font's shifted code table) or random letters fall below.
_VOWEL_SHARE = 0.3
#: In any language's running text the short function words repeat: the words that occur
#: more than once make up most of a page; letters strung at random almost never repeat.
_REPEATED_SHARE = 0.08


def _garbled_letters(words: Sequence[str]) -> str | None:
    """Why Latin-script words read as no language's, or None (Unicode and statistics only).

    No word list: the vowels' share of the letters and the share of the words that occur
    more than once hold for every language written in Latin letters, not for glyphs mapped
    to the wrong letters or letters at random.
    """
    letters = "".join(words)
    vowels = sum(1 for c in letters if c in "aeiouy")
    if vowels < _VOWEL_SHARE * len(letters):
        return f"{vowels / len(letters):.0%} of its letters vowels"
    counts = Counter(words)
    repeated = sum(n for n in counts.values() if n > 1)
    if repeated < _REPEATED_SHARE * len(words):
        return f"only {repeated / len(words):.0%} of its words repeat"
    return None


def _trust(text: str) -> tuple[bool, str]:
    """Whether the text reads as words: not garbled glyphs, not mojibake, not a scan."""
    if not text.strip():
        return False, "no text layer (a scan?)"
    sample = text[:_TRUST_SAMPLE]
    chars = len(sample) - sample.count(" ") - sample.count("\n")
    if len(_UNMAPPED.findall(sample)) > 0.05 * chars:
        return False, "the text layer is garbled (unmapped glyphs)"
    text = sample
    words = fold(text).split()
    lettered = sum(1 for w in words if len(re.findall(r"[^\W\d_]", w)) >= 2)
    if word_count(text) < 25 or lettered + len(_UNSPACED.findall(text)) // 2 < 25:
        return False, SPARSE
    latin = [w for w in words if re.fullmatch(r"[a-z]+", w)]
    if len(latin) >= 0.5 * len(words):
        long_words = [w for w in latin if len(w) >= 3]
        vowels = sum(1 for w in long_words if re.search(r"[aeiouy]", w))
        if long_words and vowels < 0.75 * len(long_words):
            return False, "the text layer is garbled (words without vowels)"
        if len(latin) > 80:
            garbled = _garbled_letters(latin)
            if garbled:
                return False, f"the text layer is garbled ({garbled})"
    mojibake = len(re.findall("[ÃÂ][\u0080-\u00bf]|â€", text))
    if mojibake > 0.02 * len(words) + 2:
        return False, "the text is mojibake"
    return True, ""


# -- kinds told by layout: a poster's sheet, slides, a printed web page, a book's citation --

#: A page whose shorter side is this long (points) is a poster's sheet: A2 (1191 x 1684)
#: and up; A3 (842 x 1191) and A4 articles stay below.
_POSTER_SIDE = 1150.0
#: A page this much wider than high is a slide's (4:3 is 1.33, 16:9 is 1.78).
LANDSCAPE = 1.25
#: Slides carry few words a page (an article's page carries 300 to 900).
_SLIDE_WORDS = 90
#: A browser's print footer or header: a web address and the page counter ("1/3",
#: "1 of 3", "1 von 3": two numbers with at most a short word between them), or the date
#: and time the page was printed at the start of a line.
_PRINT_ADDRESS = re.compile(r"\b(?:https?|file)://\S+")
_PRINT_COUNTER = re.compile(r"(?<!\S)\d{1,3}\s?(?:/|\s[^\W\d_]{1,4}\s)\s?\d{1,3}\s*$")
_PRINT_DATE = re.compile(r"^\d{1,4}[./-]\d{1,2}[./-]\d{1,4},?\s{1,3}\d{1,2}[:.]\d{2}\b")
#: How near the page's edge a print header or footer stands (share of the page's height).
_EDGE = 0.07
#: A book's citation: an ISBN, or a page count ("xiv + 286 pp.").
_BOOK_CITATION = re.compile(
    r"\bISBN(?:-1[03])?\b|\b97[89](?:[-\s]?\d){10}\b|\b\d{2,4}\s?pp\.?(?!\w)", re.IGNORECASE
)


#: How the evidence of a review told by a book's citation under its title starts.
BOOK_CITED = "a book's citation under its title"

#: A review of a book has at most this many pages: a longer file with a book's citation under
#: its title is the book's own title page (a monograph, an edited volume).
_REVIEW_PAGES = 6

#: A line that names the book the document is part of ("In: Water governance, pp. 12-30"):
#: a short label and a colon, the way a chapter or a proceedings paper cites its container.
_CONTAINER = re.compile(r"\s*[^\W\d_]{1,8}\s?:")
#: The document's own pages in its container ("pp. 45-48", "S. 45–48"): a book's citation
#: gives its page count ("286 pp."), a proceedings paper or a chapter its page range.
_PAGE_RANGE = re.compile(r"(?<!\w)[^\W\d_]{1,3}\.\s?\d{1,4}\s?[-–]\s?\d{1,4}(?!\d)")


def _prose_pages(pages: Sequence[Sequence[Line]]) -> bool:
    """Whether the pages read are a paper's: two or more, all portrait, set with prose.

    Their median page holds more than twice the words a slide does: a presentation's
    handout (slides printed a few to a portrait page) holds fewer.
    """
    read = [page for page in pages if page]
    if len(read) < 2 or any(p[0].page_width >= LANDSCAPE * p[0].page_height for p in read):
        return False
    words = sorted(sum(word_count(line.text) for line in page) for page in read)
    return words[len(words) // 2] > 2 * _SLIDE_WORDS


#: How the evidence of a poster read from its sheet's size opens.
POSTER_SHEET = "a sheet of"


def _shape_kind(pages: Sequence[Sequence[Line]], page_count: int) -> tuple[Kind, str] | None:
    """A poster (one sheet of A2 or more) or slides (landscape pages of few words), or None."""
    read = [page for page in pages if page]
    if not read:
        return None
    width, height = read[0][0].page_width, read[0][0].page_height
    if min(width, height) >= _POSTER_SIDE and page_count <= 2:
        return "poster", f"{POSTER_SHEET} {width:.0f} x {height:.0f} points (A2 or larger)"
    wide = [page for page in read if page[0].page_width >= LANDSCAPE * page[0].page_height]
    if not wide:
        return _handout(read)
    if len(wide) < 2 or len(wide) < len(read):
        return None
    words = sorted(sum(word_count(line.text) for line in page) for page in wide)
    if words[len(words) // 2] <= _SLIDE_WORDS and words[-1] <= 2 * _SLIDE_WORDS:
        return (
            "slides",
            f"{len(wide)} landscape pages of {words[len(words) // 2]} words each (median)",
        )
    return None


def _handout(read: Sequence[Sequence[Line]]) -> tuple[Kind, str] | None:
    """Slides printed a few to a portrait page (a handout), or None.

    Two pages or more, of a slide's words each (the median), a third of their lines or more
    a list's bullets: a talk's points, where a paper's pages hold hundreds of words of prose.
    """
    if len(read) < 2:
        return None
    words = sorted(sum(word_count(line.text) for line in page) for page in read)
    lines = [line for page in read for line in page]
    bullets = sum(1 for line in lines if _BULLET.match(line.text))
    if words[len(words) // 2] > _SLIDE_WORDS or 3 * bullets < len(lines):
        return None
    return (
        "slides",
        f"{len(read)} pages of {words[len(words) // 2]} words each (median), "
        f"{bullets} of their {len(lines)} lines a list's bullets: slides printed as a handout",
    )


def _printed_page(pages: Sequence[Sequence[Line]]) -> str | None:
    """Why the file is a web page printed from a browser (its print header and footer)."""
    for p, page in enumerate(pages[:2]):
        edges = [line for line in page if line.rise >= 1 - _EDGE or line.rise <= _EDGE]
        address = counter = dated = None
        for line in edges:
            text = line.text[:400]
            found = _PRINT_ADDRESS.search(text)
            if found and "doi.org" not in found.group(0):
                address = address or text
                if _PRINT_COUNTER.search(text[found.end() :]):
                    counter = text
            if _PRINT_DATE.match(text):
                dated = text
        if address and (counter or dated):
            shown = counter or dated or ""
            return f"page {p + 1} has a browser's print header and footer ({shown[:60]!r})"
    first = pages[0] if pages else ()
    body = _body_size(first) if first else 0.0
    trail = next(
        (
            line.text
            for line in first[:_TRAIL_REACH]
            if line.size <= body and _breadcrumb(line.text)  # a title in parts is set large
        ),
        None,
    )
    if trail is not None:
        # "Home / Archives / Vol. 8 No. 2 (2020) / Articles": a site's trail of pages over
        # the text, which a document's own pages never carry
        return f"its first page opens with a site's trail of pages ({trail[:60]!r})"
    fields = [line.text for line in first if _METADATA_FIELD.match(line.text)]
    if len(fields) >= _METADATA_FIELDS:
        # "dc.contributor.author Yılmaz, Ayşe": a repository's record of the item printed
        return f"its first page lists {len(fields)} metadata fields ({fields[0][:60]!r})"
    return None


#: The first lines of a page where a site's trail of pages stands.
_TRAIL_REACH = 4
#: A trail's parts are short: a page's name each.
_TRAIL_PART_WORDS = 6
_TRAIL_SEPARATOR = re.compile(r"\s(?:/|›|»|>|→)\s")
#: A Dublin Core (or DCTERMS) field's qualified name opening a line, as repositories print
#: an item's full record: "dc.contributor.author", "dcterms.issued".
_METADATA_FIELD = re.compile(r"^\s*(?:dc|dcterms)\.[a-z]+(?:\.[a-z]+)?\b", re.IGNORECASE)
_METADATA_FIELDS = 3


def _breadcrumb(text: str) -> bool:
    """A trail of four parts or more, each a short name, one separator between them."""
    if "doi" in text.lower() or "://" in text:
        return False
    parts = _TRAIL_SEPARATOR.split(text.strip())
    named = sum(1 for part in parts if not any(c.isdigit() for c in part))
    return (
        len(parts) >= 4
        and named >= 3  # pages' names, not a running head's volume, issue and year
        and all(0 < len(part.split()) <= _TRAIL_PART_WORDS for part in parts)
    )


def running_text(text: str) -> bool:
    """Words of running text: five or more, most in small letters (a sentence, not a list)."""
    words = text.split()
    return len(words) >= 5 and _running(words)


def _cites_a_book(lines: Sequence[Line], runs: Sequence[TitleRun]) -> str | None:
    """A book's citation (ISBN, page count) right under the title: a review of that book."""
    if not runs:
        return None
    first = runs[0]
    for line in lines[first.last + 1 : first.last + 3]:
        if (
            len(line.text) <= 400
            and _BOOK_CITATION.search(line.text)
            and not _CONTAINER.match(line.text)
            and not _PAGE_RANGE.search(line.text)
        ):
            return line.text
    return None


#: A page reference in a list of contents: a short abbreviation and its dot before a page
#: number or range ("p. 12", "pp. 12-30", "S. 45", "σ. 45", "с. 45", "str. 45"), set as a
#: field of its entry: between separators (a dash, a bullet, a bar, a comma) or the line's
#: ends. In running text ("Smith et al. 2015)", "Fig. 1 shows") it is not.
_PAGE_REFERENCE = re.compile(
    r"(?:^|[-–—·•|,]\s*)[^\W\d_]{1,3}\.\s?(\d{1,4})(?:\s?[-–]\s?\d{1,4})?\s*(?=$|[-–—·•|])"
)
#: Entries a run-in list of contents has at least (a journal's header cites one range).
_LISTED_ENTRIES = 4
#: Lines set this much smaller than a page's body text are its small print (footnotes).
_SMALL_PRINT = 0.9


def _listed_pages(lines: Sequence[Line]) -> int | None:
    """The line of a run-in list of contents' first entry, or None.

    Entries set one after another ("Title — A. Author — p. 45 · Next title — p. 63"), each
    with its first page: page references on many lines of the page, their numbers rising
    in reading order, by more than one at a time. A journal's running header cites its own
    range once; a page of an article carries few references of this form, on few of its
    lines, and cites its figures and tables one by one ("Fig. 1", "Fig. 2"). Its small
    print (footnotes: "2 Ibid., p. 45") lists no entries.
    """
    found: list[tuple[int, int]] = []
    small = _SMALL_PRINT * _body_size(lines)
    for i, line in enumerate(lines):
        if line.size < small:
            continue
        numbers = [int(m.group(1)) for m in _PAGE_REFERENCE.finditer(line.text[:2000])]
        found.extend((i, n) for n in numbers)
    lined = {i for i, _ in found}
    if len(found) < _LISTED_ENTRIES or len(lined) < _LISTED_ENTRIES - 1:
        return None
    if len(lined) < len(lines) / 5:
        return None
    numbers = [n for _, n in found]
    steps = sorted(b - a for a, b in itertools.pairwise(numbers))
    if steps[0] <= 0 or steps[len(steps) // 2] < 2:
        # falling somewhere, or counting one by one: figures and tables cited in order
        return None
    return found[0][0]


#: A line that is a page number alone.
_BARE_NUMBER = re.compile(r"\d{1,4}")


def _numbers_joined(page: Sequence[Line]) -> tuple[list[Line], list[int]]:
    """The page's lines, a page number set alone at the right joined to its entry's line.

    A list of contents may set each page number apart at the right margin, on the line of
    its entry (an author's name, a title's last line), where a reader sees one line: each
    number alone on a line is joined to the line to its left that shares its height. Also
    the index, in `page`, of each line returned. Fewer than `_TOC_ENTRIES` such numbers,
    or numbers that do not rise down the page (a table's figures), leave the page as it is.
    """
    alone = [i for i, line in enumerate(page) if _BARE_NUMBER.fullmatch(line.text.strip())]
    if len(alone) < _TOC_ENTRIES:
        return list(page), list(range(len(page)))
    numbers = set(alone)
    rows: dict[int, list[int]] = {}  # lines by their top, rounded to a point
    for i, line in enumerate(page):
        if i not in numbers:
            rows.setdefault(round(line.top), []).append(i)
    joined: dict[int, Line] = {}
    taken: set[int] = set()
    for n in alone:
        number = page[n]
        near = [
            i
            for top in (round(number.top) - 1, round(number.top), round(number.top) + 1)
            for i in rows.get(top, ())
            if i not in joined
            and page[i].right < number.left
            and abs(page[i].top - number.top) <= 0.5 * min(page[i].size, number.size)
        ]
        if near:
            partner = max(near, key=lambda i: page[i].right)
            line = page[partner]
            joined[partner] = attrs.evolve(
                line, text=f"{line.text} {number.text.strip()}", right=number.right
            )
            taken.add(n)
    # a list of contents gives its pages in order down the page; numbers set apart that do
    # not rise (a table's columns of figures) are left as they are
    pages_down = [int(page[n].text) for n in sorted(taken, key=lambda n: -page[n].top)]
    if any(later < earlier for earlier, later in itertools.pairwise(pages_down)):
        return list(page), list(range(len(page)))
    kept = [i for i in range(len(page)) if i not in taken]
    return [joined.get(i, page[i]) for i in kept], kept


def _compilation(
    pages: Sequence[Sequence[Line]], article: int | None
) -> tuple[str, int, int] | None:
    """Why the document is a compilation, the page that shows it and its first entry's line.

    A list of other works: lines ending in page numbers (not numbered chapters), a run-in
    list of titles each with its first page, titles each with its authors under them in one
    size, or several DOIs one a line where the file opens. The lines above the first entry
    are the compilation's own heading (`compilation_heading`).
    """
    refs = _reference_start(pages)
    for p, page in enumerate(pages):
        if refs is not None and p >= refs[0]:
            # the document's own reference list ("Estuaries 42, 112-130" a line) lists
            # works it cites, not works it holds: only the lines above its heading count
            page = page[: refs[1]] if p == refs[0] else ()
        # (page numbers set apart at the right edge joined to their entries' lines)
        page, origin = _numbers_joined(page)
        if _is_toc(page) and not _is_own_toc(page) and _entries_in_body(page):
            # its first entry in the body's size (a heading may end in a year: "HIC 2024")
            entries, body = set(_toc_entries(page)), _LARGER * _body_size(page)
            first = next(
                (i for i, line in enumerate(page) if line.text in entries and line.size < body),
                len(page),
            )
            first = origin[first] if first < len(origin) else len(pages[p])
            return f"page {p + 1} is a list of contents (lines ending in page numbers)", p, first
    for p, page in enumerate(pages[: (article or 0) + 1]):
        listed = _listed_pages(page)
        if listed is not None:
            return f"page {p + 1} lists works, each with its first page", p, listed
    for p, page in enumerate(pages[article or 0 :], start=article or 0):
        body = _body_size(page)
        # titles with their authors under them, in one size: a book of abstracts, an issue
        titled = [
            r
            for r in _runs(page, body)
            if len(content_words(r.text)) >= 3
            and not _SECTION_NUMBER.match(r.text)
            and r.last + 1 < len(page)
            and page[r.last + 1].size < r.size
            and _looks_like_byline(page[r.last + 1].text)
            and not _is_prose(page[r.last + 1])  # a caseless script's prose looks like names
        ]
        sizes = Counter(round(r.size * 2) / 2 for r in titled)
        heads = [r for r in titled if sizes and round(r.size * 2) / 2 == sizes.most_common(1)[0][0]]
        if len(heads) >= 3:
            return f"page {p + 1} has {len(heads)} titles, each with its authors", p, heads[0].first
    for p, page in enumerate(pages[: min(article or 0, 2) + 1]):  # a list opens the file
        doi_lines = {
            d: i
            for i, line in enumerate(page)
            if (refs is None or (p, i) < refs) and _doi_line_is_own(line, 0.0)
            for d in dois_in(line.text)
        }
        if len(doi_lines) >= 3:
            first = min(doi_lines.values())
            return f"page {p + 1} lists {len(doi_lines)} DOIs, one a line", p, first
    return None


def _entries_in_body(page: Sequence[Line]) -> bool:
    """The lines ending in numbers are the page's running text, as a list's entries are.

    A list of contents sets its entries in the size that sets most of its page. Lines
    ending in a number in other sizes, a running head with its page number, a title's
    date line set large ("12 maart 1923"), an item sheet's extent line in small print
    over a letter's transcription, are no list: fewer than `_TOC_ENTRIES` of them in the
    body's size (within `_STANDS_OUT` either way) make no list of contents.
    """
    body = _body_size(page)
    entries = set(_toc_entries(page))
    in_body = sum(
        1
        for line in page
        if line.text in entries and body / _STANDS_OUT <= line.size < body * _STANDS_OUT
    )
    return in_body >= _TOC_ENTRIES


#: Entries a list of contents has on its page, at least.
_TOC_ENTRIES = 4


def compilation_heading(pages: Sequence[Sequence[Line]], article: int | None) -> str:
    """A compilation's own heading ("Final programme", an issue's name), or "".

    The lines set larger than the page's body text above its first entry and its first
    line of body text: a running header (smaller) and an entry's title (body size) are not
    part of it.
    """
    listed = _compilation(pages, article)
    if listed is None:
        return ""
    _, p, first = listed
    page = pages[p]
    # an entry set on two lines, its title over a leader to its authors and page ("長野県に
    # おける… / ……… 宮下　隆　1"), is an entry though its first line ends in no number: the
    # heading ends above the title of the first such entry
    led = next(
        (i for i, line in enumerate(page[:first]) if i and _LEADER_START.match(line.text)), None
    )
    if led is not None:
        first = led - 1
    body = _body_size(page)
    end = next((i for i, line in enumerate(page) if line.size < _LARGER * body), len(page))
    heading = " ".join(line.text for line in page[: min(first, end)] if line.size >= _LARGER * body)
    return heading[:_HEADING_CHARS]


#: A line opening with a leader (dots, an ellipsis, middle dots): an entry's second line.
_LEADER_START = re.compile(r"\s*(?:\.{3,}|…+|·{3,}|‥+)")

#: A compilation's heading is a few lines; no more of it is kept.
_HEADING_CHARS = 2000


def _kind(
    pages: Sequence[Sequence[Line]],
    article: int | None,
    runs: Sequence[TitleRun],
    lines: Sequence[Line],
    page_count: int = 0,
) -> tuple[Kind, str]:
    """What the document is, from its structure and the labels of its title block."""
    shaped = _shape_kind(pages, max(page_count, len(pages)))
    if shaped is not None:
        return shaped
    printed = _printed_page(pages)
    if printed is not None:
        return "webpage", printed
    listed = _compilation(pages, article)
    if listed is not None:
        return "compilation", listed[0]
    if not lines:
        return "article", ""
    labelled = _label_kind(lines, runs)
    if labelled is None and article and pages and pages[0]:
        # a label on a first page passed over (a supplement that opens like a cover sheet)
        labelled = _label_kind(pages[0], _title_runs(pages[0], _body_size(pages[0]))[0])
        if labelled is None:
            # a cover set in large type throughout has no body text to rise over: its runs
            # rise over its smallest type (the title over "Summary" over the series' name)
            smallest = min((line.size for line in pages[0] if line.size > 0), default=0.0)
            if smallest and smallest < _body_size(pages[0]):
                labelled = _label_kind(pages[0], _title_runs(pages[0], smallest)[0])
    if labelled is not None:
        return labelled
    notice = _notice_section(lines, runs, max(page_count, len(pages)))
    if notice is not None:
        return "notice", notice
    book = _cites_a_book(lines, runs) if page_count <= _REVIEW_PAGES else None
    if book is not None:
        return "review", f"{BOOK_CITED}: {book[:80]!r}"
    captions = {m.group(0) for line in lines for m in _SUPPLEMENT_CAPTION.finditer(line.text)}
    if len(captions) >= 2:
        return "supplement", f"its captions are numbered {', '.join(sorted(captions)[:3])}"
    fields = sum(
        1
        for line in lines
        if _FIELD.search(_SQUARE_BULLET.sub("", line.text))
        and not _PAGE_NUMBER_END.search(line.text)
    )
    if fields >= 3:
        return "form", f"the first page has {fields} fields to fill in"
    for p, page in enumerate(pages[: (article or 0) + 1]):
        # a title page's label of a thesis's summary, wherever it stands on the page (a
        # title page sets its kind below the title): "АВТОРЕФЕРАТ диссертации", "DAKTARO
        # DISERTACIJOS SANTRAUKA"; read before the thesis's own label its words hold. On
        # the work's first page (a title page read as its start), only its lines before its
        # running text: a title page's, not a heading of the text's
        lines = page[:25] if p < (article or 0) else _before_text(page[:25])
        # (and a label set alone on its line in capitals, as a title page sets it, wherever
        # it stands: "АВТОРЕФЕРАТ" under a title page's institution line read as prose)
        lines = [*lines, *(line for line in page[len(lines) : 25] if _summary_alone(line))]
        for line in lines:
            # (a qualifier in brackets aside: "DOKTORI (PhD) ÉRTEKEZÉS TÉZISEI"; a line that
            # opens with the label goes on with the degree and field: "TÓM TẮT LUẬN VĂN THẠC
            # SĨ KINH TẾ NÔNG NGHIỆP", "АВТОРЕФЕРАТ диссертации на соискание ...")
            text = letters_joined(line.text)  # ("А В Т О Р Е Ф Е Р А Т": set spaced out)
            label = keys(_BRACKETED.sub(" ", text))
            if (len(text.split()) <= _LABEL_WORDS and contains(label, THESIS_SUMMARY_PHRASES)) or (
                len(label) <= _LABEL_LINE_KEYS
                and starts_with(label, THESIS_SUMMARY_PHRASES) is not None
            ):
                return "summary", f"the title page reads {line.text[:80]!r}"
    for page in pages[: (article or 0) + 1]:
        for line in page[:25]:
            if len(line.text.split()) > 30:
                continue
            if contains(keys(line.text), THESIS_PHRASES) is not None:
                return "thesis", f"the title page reads {line.text[:80]!r}"
    return "article", ""


def _notice_section(lines: Sequence[Line], runs: Sequence[TitleRun], page_count: int) -> str | None:
    """A one-page document's only section, when its heading names a notice, or None.

    A withdrawn preprint's version served in its place keeps the work's title block and
    byline over one short section, "Withdrawal Statement" and its few lines: a notice under
    the work's title, no work. The heading is the first short line after the title block
    that is not prose; what follows it is the page's last few lines.
    """
    if page_count != 1 or not runs or len(lines) > _NOTICE_LINES:
        return None
    after = [line for line in lines[runs[0].last + 1 :] if line.text.strip()]
    for i, line in enumerate(after):
        if _is_prose(line) or len(line.text.split()) > _LABEL_WORDS:
            continue
        label = keys(_BRACKETED.sub(" ", line.text))
        found = starts_with(label, NOTICE_PHRASES)
        if found is not None and len(label) <= len(found) + 1:
            rest = after[i + 1 :]
            if rest and len(rest) <= _NOTICE_LINES // 2 and any(_is_prose(r) for r in rest):
                return f"its only section is headed {line.text.strip()[:60]!r}"
        if i >= _LINES_BEFORE_SECTION:
            return None
    return None


#: The most lines a notice's one page holds (a page of text holds more).
_NOTICE_LINES = 30
#: Lines after the title block read for the notice's heading (the byline, affiliations).
_LINES_BEFORE_SECTION = 8


def _summary_alone(line: Line) -> bool:
    """A thesis summary's label set alone on its line in capitals ("АВТОРЕФЕРАТ")."""
    if not line.text.isupper():
        return False
    label = keys(letters_joined(line.text))
    return len(label) <= 2 and starts_with(label, THESIS_SUMMARY_PHRASES) is not None


#: A word set letter-spaced: four letters or more, each alone between single spaces.
_SPACED_OUT = re.compile(r"(?<!\S)(?:[^\W\d_] ){3,}[^\W\d_](?!\S)")


def letters_joined(text: str) -> str:
    """`text` with each word set letter-spaced joined up ("T E Z E" -> "TEZE").

    A title page sets its label spaced out for emphasis in any script ("ა ვ ტ ო რ ე ფ ე რ ა
    ტ ი"); read letter by letter, it is no word of any vocabulary.
    """
    return _SPACED_OUT.sub(lambda m: m.group(0).replace(" ", ""), text)


def _names_joined(text: str) -> str:
    """`text` with names set letter-spaced joined up, each name a word of its own.

    An older printing spaces its author's name out ("Von J o s e f K e l l e r m a n n"):
    its letters are joined, and a capital after a small letter starts the next name
    ("Von Josef Kellermann"), in any cased script.
    """

    def joined(found: re.Match[str]) -> str:
        letters = found.group(0).replace(" ", "")
        return "".join(
            f" {c}" if i and c.isupper() and letters[i - 1].islower() else c
            for i, c in enumerate(letters)
        )

    return _SPACED_OUT.sub(joined, text)


def _before_text(lines: Sequence[Line]) -> Sequence[Line]:
    """A page's lines before its first line of running text (a prose line, or a long one)."""
    for i, line in enumerate(lines):
        if len(line.text.split()) > _LABEL_LINE_KEYS or _is_prose(line):
            return lines[:i]
    return lines


#: Kinds whose labels count only where the document's own label stands (the title block and
#: the short lines just above it).
_SLOT_LABELS = ("summary", "poster", "slides")
#: Kinds whose labels open no other title: found at the start of the title block alone.
_OPENING_LABELS = ("review", "comment", "peer-review", "letter")


#: A label's words at most (a longer line is text, not a label).
_LABEL_WORDS = 6
#: Lines under the title block read for the document's own label (a subtitle, then it).
_LINES_UNDER = 2
#: A line that opens with a label may go on with what it labels, to this many words.
_LABEL_LINE_KEYS = 16
#: A qualifier in brackets within a label ("(PhD)"), read past.
_BRACKETED = re.compile(r"[(\[][^()\[\]]{0,40}[)\]]")
#: Where the parts of a line set apart by a separator meet ("Poster · P-23").
_SEPARATED = re.compile(r"\s+[·•|–—/]\s+|\s*[·•|]\s*")


#: A part of a line that cites an issue has this many numbers at least (its volume, its
#: issue or year): "Volume 51, Issue Supplement 1, 2022".
_CITED_NUMBERS = 3
_NUMBERS = re.compile(r"\d+")


def _label_kind(lines: Sequence[Line], runs: Sequence[TitleRun]) -> tuple[Kind, str] | None:
    """The kind a label where the title stands announces (above it, or opening it), or None."""
    first = runs[0] if runs else None
    spots: list[str] = []
    over: list[str] = []  # the short lines over the title block
    parts: list[str] = []
    slot = 0  # the title block and the line above it: where a document's own label stands
    under: list[str] = []  # the short lines under the title block, for a summary's label
    if first is not None:
        spots.append(first.text)
        above = lines[max(0, first.first - 2) : first.first]
        over = [line.text for line in above if len(line.text.split()) <= _LABEL_WORDS]
        spots.extend(over)
        # a label set right under the title block, where a subtitle stands ("Executive
        # Summary" under a report's title): the document's own, as one above it is
        spots.extend(
            r.text
            for r in runs[1:3]
            if r.page == first.page
            and r.first == first.last + 1
            and len(r.text.split()) <= _LABEL_WORDS
        )
        slot = len(spots)
        # a summary's, a poster's or slides' label set smaller than the page's headings, on
        # the short lines right under the title block and its subtitle ("ENCARTE DE
        # DESTAQUES", the highlights insert; "KEY MESSAGES" under "Shared Rivers, Shared
        # Futures"), a line of text ending them; read for those kinds alone (a journal's
        # name set there, "Comptes Rendus", is no review)
        for line in lines[first.last + 1 : first.last + 1 + _LINES_UNDER]:
            if len(line.text.split()) > _LABEL_WORDS or _is_prose(line):
                break
            under.append(line.text)
        spots.extend(r.text for r in runs[1:3] if len(r.text.split()) <= _LABEL_WORDS)
        for line in above:
            # a line over the title may hold its label among other parts, set apart by a
            # separator: "Poster Bildiri · P-23", "XII Congress · Book of abstracts 45"
            split = [p.strip() for p in _SEPARATED.split(line.text) if p.strip()]
            if any(len(_NUMBERS.findall(p)) >= _CITED_NUMBERS for p in split):
                # a running head citing the issue ("Age and Ageing, Volume 51, Issue
                # Supplement 1, 2022 · Poster abstracts"): its other parts name the issue's
                # section, not the document's kind
                continue
            parts.extend(split if len(split) > 1 else [])
    for part in parts:
        found = _part_label(part)
        if found is not None:
            return found
    # a summary's label of one word ("Summary", "Kurzfassung"), which also heads an
    # article's section: only alone on the line right over the page's largest title block,
    # or on the first line under it with no running text after it (a version's line follows)
    on_page = [r for r in runs if first is not None and r.page == first.page]
    largest = max(on_page, key=lambda r: r.size) if on_page else None
    if largest is not None:
        near = [lines[largest.first - 1]] if largest.first > 0 else []
        after = lines[largest.last + 2] if largest.last + 2 < len(lines) else None
        if largest.last + 1 < len(lines) and not (after is not None and _is_prose(after)):
            near.append(lines[largest.last + 1])
        for line in near:
            words = keys(line.text)
            if len(words) == 1 and words[0] in SUMMARY_WORDS:
                return "summary", f"the title block reads {line.text[:80]!r}"
    for spot in [*over, *parts]:
        # a label over the title whose kind's noun ends it, as English and German set a
        # compound's head last ("DATA EXTRACTION FORM", "Publication certificate"): only
        # over the title, never the title's own last words nor a subtitle's under it
        words = keys(spot)
        for head_kind, heads in _HEAD_LAST:
            head = next((p for p in heads if tuple(words[-len(p) :]) == p), None)
            if head is not None and len(words) > len(head):
                return head_kind, f"the line over its title block reads {spot[:80]!r}"
    for spot in spots:
        # a document addressed to the work's authors about it (an acceptance, a decision, a
        # certificate), or a record others keep of the work (a similarity check, a licence):
        # labels that also open ordinary titles ("Certificate transparency in ..."), so they
        # count only standing alone, introducing the title, or with a number
        words = keys(spot)
        for kind, phrases in (("letter", ADDRESSED_PHRASES), ("form", RECORD_OF_WORK_PHRASES)):
            phrase = starts_with(words, phrases)
            if phrase is None:
                continue
            rest = words[len(phrase) :]
            extra = spot.split()[len(phrase) :]  # "EPCC-D-22-00107R1": one number, any marks
            if (
                label_stands(words, phrase, spot)
                or (len(rest) == 1 and len(phrase) >= 2)
                or (len(extra) == 1 and any(c.isdigit() for c in extra[0]))
            ):
                return kind, f"the title block reads {spot[:80]!r}"  # type: ignore[return-value]
    for kind, phrases in (
        ("notice", NOTICE_PHRASES),
        ("supplement", SUPPLEMENT_PHRASES),
        ("editorial", EDITORIAL_PHRASES),
        ("form", FORM_PHRASES),
        ("review", REVIEW_PHRASES),
        ("peer-review", PEER_REVIEW_PHRASES),  # before "reply to": "Reply to the reviewers"
        ("comment", COMMENT_PHRASES),
        ("letter", LETTER_PHRASES),
        # a summary's, a poster's or slides' label only where the document's own label
        # stands: an article may head a later section "Extended abstract" (in a second
        # language) or "Poster presentations"
        ("summary", SUMMARY_PHRASES),
        ("poster", POSTER_PHRASES),
        ("slides", SLIDES_PHRASES),
    ):
        for spot in [*spots[:slot], *under] if kind in _SLOT_LABELS else spots:
            words = keys(spot)
            phrase = starts_with(words, phrases)
            if (
                phrase is not None
                and (
                    kind in _OPENING_LABELS  # "Book review", "Reply to": nothing else opens so
                    or label_stands(words, phrase, spot)
                    or len(words) <= len(phrase) + 1
                    or _dated(words[len(phrase) :])  # "FICHE MÉMO Novembre 2019"
                )
            ):
                return kind, f"the title block reads {spot[:80]!r}"  # type: ignore[return-value]
    return None


def _dated(rest: Sequence[str]) -> bool:
    """Whether a label's following words are its date alone: a year, after a month's name."""
    if not 1 <= len(rest) <= 2 or _YEAR.fullmatch(rest[-1]) is None:
        return False
    return len(rest) == 1 or rest[0].isalpha()


_YEAR = re.compile(r"(?:19|20)\d\d")


#: Every vocabulary a label of a line's part is looked up in, in the order tried.
_PART_VOCABULARIES: tuple[tuple[Kind, tuple[tuple[str, ...], ...]], ...] = (
    ("notice", NOTICE_PHRASES),
    ("letter", ADDRESSED_PHRASES),
    ("form", RECORD_OF_WORK_PHRASES),
    ("supplement", SUPPLEMENT_PHRASES),
    ("editorial", EDITORIAL_PHRASES),
    ("form", FORM_PHRASES),
    ("review", REVIEW_PHRASES),
    ("peer-review", PEER_REVIEW_PHRASES),
    ("comment", COMMENT_PHRASES),
    ("letter", LETTER_PHRASES),
    ("summary", SUMMARY_PHRASES),
    ("poster", POSTER_PHRASES),
    ("slides", SLIDES_PHRASES),
)


#: Kinds whose label's noun may end a longer label over the title ("Copyright transfer
#: form", "Publication certificate"): forms, letters and certificates, records of the work.
_HEAD_LAST: tuple[tuple[Kind, tuple[tuple[str, ...], ...]], ...] = (
    ("form", tuple(p for p in FORM_PHRASES if p in {("form",), ("formular",), ("checklist",)})),
    ("letter", tuple(p for p in ADDRESSED_PHRASES if p in {("certificate",), ("zertifikat",)})),
)


def _part_label(part: str) -> tuple[Kind, str] | None:
    """The kind one part of a line over the title names, when the part is a label.

    A part is a label when it is the label alone, a label of one word and one more word
    ("Poster Bildiri"), or a label of several words and a page number ("Book of Abstracts
    45"). A one-word label with a number is a part of a journal's issue in a running head
    ("Supplement 2"), not the document's label.
    """
    words = keys(part)
    for kind, phrases in _PART_VOCABULARIES:
        phrase = starts_with(words, phrases)
        if phrase is None:
            continue
        rest = words[len(phrase) :]
        if len(phrase) >= 2:
            rest = [w for w in rest if not w.isdigit()]
        if not rest or (len(rest) == 1 and rest[0].isalpha()):
            return kind, f"the line over its title block reads {part[:80]!r}"
    return None


def _version(lines: Sequence[Line]) -> Version | None:
    for line in lines:
        words = keys(line.text)
        if len(words) > 40:
            continue
        for version, phrases in VERSION_PHRASES.items():
            if contains(words, phrases) is not None:
                return version  # type: ignore[return-value]
    return None


#: A stamp is a short line; longer ones are not compared.
_STAMP_CHARS = 40
#: Large lines of a page looked at as stamps (the largest first), and lines of the same
#: height compared with each (a page has a few: its columns).
_STAMP_CANDIDATES = 8
_STAMP_NEIGHBOURS = 32


def _stamps(pages: Sequence[Sequence[Line]]) -> frozenset[str]:
    """Large short lines that stand at the same height on another page read: stamps.

    A watermark ("RETRACTED", "DRAFT") is stamped over every page after production, at the
    same place; on a page of text the reader may glue it to the line it crosses, so it is
    looked for inside the other pages' lines at that height. A running head repeats too, but
    small: only lines set larger than their page's body text are candidates, so a title
    repeated as the running head stays a title. Linear: lines are found by their height.
    """
    if len(pages) < 2:
        return frozenset()
    by_height: dict[int, list[tuple[int, str]]] = {}
    candidates: list[tuple[int, str, int]] = []
    for p, page in enumerate(pages):
        body = _body_size(page)
        large = [
            line
            for line in page
            if len(line.text) <= _STAMP_CHARS and line.size >= 2 * _STANDS_OUT * body
        ]
        large.sort(key=lambda line: -line.size)
        for line in large[:_STAMP_CANDIDATES]:
            text = fold(line.text)
            if text:
                candidates.append((p, text, round(line.rise * 200)))
        for line in page:
            by_height.setdefault(round(line.rise * 200), []).append((p, line.text))
    found = set()
    for p, text, height in candidates:
        for near in (height - 1, height, height + 1):
            if any(
                q != p and text in fold(other[-4 * _STAMP_CHARS :])
                for q, other in by_height.get(near, ())[:_STAMP_NEIGHBOURS]
            ):
                found.add(text)
                break
    return frozenset(found)


def facts_of(layout: Layout) -> DocumentFacts:
    """Read the structure of a PDF's first pages (see the module doc)."""
    pages = layout.pages
    text = layout.text
    skipped: list[str] = []
    article: int | None = None
    for p, lines in enumerate(pages):
        role = _page_role(lines)
        if role is None or (_is_toc(lines) and not _is_own_toc(lines)):
            article = p
            break
        skipped.append(role)
    covers_only = False
    if article is None and set(skipped) <= {"cover", "empty page"} and "cover" in skipped:
        # a short document (a title, its authors, a few lines): its one page of text is its start
        article = skipped.index("cover")
        skipped = skipped[:article]
        covers_only = True
    stamps = _stamps(pages)
    trusted, trust_evidence = _trust(text)
    prefix_text = "\n".join(line.text for page in pages[: len(skipped)] for line in page)
    prefix_runs: list[TitleRun] = []
    prefix_byline = ""
    for page, role in zip(pages[: len(skipped)], skipped, strict=True):
        body = _body_size(page)
        if role == "cover":
            # a title page has no running text to size its body by: the title, set over
            # several lines, may set the most characters; its smallest lines are the body
            body = min(line.size for line in page)
        found, by_size = _title_runs(page, body)
        if by_size:
            prefix_runs.extend(found[:3])
            for run in found[:3]:
                prefix_byline = prefix_byline or _byline(page, run)
    if article is None:
        first_page = pages[0] if pages else ()
        first_runs, _ = _title_runs(first_page, _body_size(first_page))
        kind, kind_evidence = _kind(pages, None, first_runs, first_page, layout.page_count)
        if kind == "article" and "masthead" in skipped and trusted:
            kind, kind_evidence = "editorial", "front matter: a masthead and no article"
        return DocumentFacts(
            text,
            None,
            tuple(skipped),
            (),
            False,
            "",
            (),
            tuple(dict.fromkeys(dois_in(text))),
            kind,
            kind_evidence,
            None,
            trusted,
            trust_evidence,
            prefix_text,
            "",
            tuple(prefix_runs),
            heading=compilation_heading(pages, None) if kind == "compilation" else "",
            page_count=layout.page_count,
        )
    lines = pages[article]
    body = _body_size(lines)
    runs, sized = _title_runs(lines, body)
    # a patent office's front page: the article page, or one passed over as a cover (the
    # description after it read as the work)
    texts = [line.text for line in lines]
    covers = ([line.text for line in page] for page in pages[:article])
    front = next((t for t in (texts, *covers) if front_page(t)), None)
    if front is texts:
        # its title is the value of its field (54), in whatever size it is set (whole on its
        # line, or run on: a European patent's three languages are a line each)
        fields = _title_fields(lines)
        known = {r.text for r in fields}
        runs = [*fields, *(r for r in runs if r.text not in known)]
    # and its number that of its field (11) or (10)
    numbers, applications = _front_numbers(front) if front is not None else ((), ())
    if stamps and any(fold(r.text) in stamps for r in runs):
        # a stamp over every page ("RETRACTED", "DRAFT") is not the title
        runs = [r for r in runs if fold(r.text) not in stamps]
        sized = bool(runs) and runs[0].size >= _STANDS_OUT * body
    byline = _byline(lines, runs[0]) if runs else ""
    if runs and not byline and len(runs) > 1:
        byline = _byline(lines, runs[1], runs[0])
    byline = byline or prefix_byline  # a title page before the document's first page
    refs = _reference_start(pages)
    own, cited = _own_dois(pages, article, refs, set(range(article)))
    kind, kind_evidence = _kind(pages, article, runs, lines, layout.page_count)
    version = _version([*lines[:12], *lines[-6:]])
    return DocumentFacts(
        text,
        article,
        tuple(skipped),
        tuple(runs),
        sized,
        byline,
        tuple(own),
        tuple(cited),
        kind,
        kind_evidence,
        version,
        trusted,
        trust_evidence,
        prefix_text,
        "\n".join(line.text for line in lines),
        tuple(prefix_runs),
        covers_only,
        compilation_heading(pages, article) if kind == "compilation" else "",
        layout.page_count,
        any(
            _is_prose(line) and not _LIST_ITEM.match(line.text)
            for line in lines[runs[0].last + 1 if runs else 0 :]
        ),
        numbers,
        applications,
        _prose_pages(pages),
        layout.unmapped[article] if article < len(layout.unmapped) else 0,
        tuple(line.top for line in lines),
    )


def _front_numbers(texts: Sequence[str]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """A front page's publication numbers (fields 11 and 10) and application numbers (21).

    A publication number printed without its kind code takes the one field (13) gives, or
    field (12) after the document's kind ("(12) BREVET D'INVENTION B1" over "(11) 3 112 804").
    """
    kinds = (kind_code(v) for code in ("13", "12") for _, _, v in field_values(texts, code))
    printed = next((k for k in kinds if k), "")
    numbers = tuple(
        f"{v} {printed}" if printed and (n := patent_number(v)) is not None and not n.kind else v
        for code in ("11", "10")
        for _, _, v in field_values(texts, code)
        if v
    )
    return numbers, tuple(v for _, _, v in field_values(texts, "21") if v)


#: Lines a patent's title field runs on at most after its own (`_title_fields`).
_TITLE_FIELD_LINES = 3


def _title_fields(lines: Sequence[Line]) -> list[TitleRun]:
    """A patent front page's title, from its field (54): on its line, then run on.

    The value on the field's own line first (a European patent's title in its first
    language), then with the lines after it up to the next field (a title set over two
    lines); a caption alone on its line gives the lines under it.
    """
    texts = [line.text for line in lines]
    for i, last, value in field_values(texts, "54", reach=_TITLE_FIELD_LINES):
        own = field_values(texts[i : i + 1], "54")[0][2]
        if value != own and _caption_alone(own):
            # a caption alone on the field's line, without its colon ("(54) 发明名称" over
            # the title): the lines under it are the value
            value = value[len(own) :].strip()
            own = ""
        runs = []
        if content_words(own):
            runs.append(TitleRun(lines[i].page, own, lines[i].size, lines[i].rise, i, i))
        if value != own and content_words(value):
            runs.append(TitleRun(lines[i].page, value, lines[i].size, lines[i].rise, i, last))
        return runs
    return []


def _caption_alone(text: str) -> bool:
    """Whether a field's line holds only a short caption, its value on the lines under it.

    Six letters of a script written without spaces ("发明名称"), or two words without digits.
    """
    return bool(text) and (
        (len(_UNSPACED.findall(text)) <= 6 and not re.search(r"[A-Za-z\d]", text))
        if _UNSPACED.search(text)
        else len(text.split()) <= 2 and not re.search(r"\d", text)
    )


#: A list's item: a bullet, or a number with its stop ("1.", "2)").
_LIST_ITEM = re.compile(r"^\s*([•▪◦‣∙●○■□➢►✓✔*–-]|\d{1,2}[.)])\s")
