"""The first pages of a PDF as lines with their size and place (shell, over pypdfium2).

`read_layout` reads a file from a server nobody trusts, in process, so every read
is bounded before pdfium sees it and while it runs:

- a raw scan of the file's streams first (`bomb_reason`): a stream that inflates past
  `MAX_STREAM_BYTES`, or all streams together past `MAX_INFLATED_BYTES`, makes the file
  unreadable (pdfium would inflate it in memory, and a 200 KB file can hold 2 GB of
  spaces); image streams are skipped, text extraction never decodes them;
- at most `max_pages` pages (a cover sheet or a masthead make the caller ask for a few
  more) and `max_chars` characters of text per page;
- pdfium is not thread-safe: one lock around every use.

Each line carries the median height of a few of its glyphs' boxes (the size the reader
sees, whatever the font matrix says), its top, bottom, left and right on the page, and
the page's height. A broken, encrypted or hostile file gives None, never an exception;
what the library says about it (warnings) goes to the debug log.
"""

from __future__ import annotations

import logging
import re
import statistics
import threading
import warnings
import zlib
from pathlib import Path
from typing import Any

import attrs

__all__ = ["Layout", "Line", "bomb_reason", "read_layout"]

logger = logging.getLogger(__name__)

#: One stream may inflate to at most this (a page's content, a font, an object stream).
MAX_STREAM_BYTES = 24 * 2**20
#: All the file's non-image streams together may inflate to at most this.
MAX_INFLATED_BYTES = 96 * 2**20
#: Characters of text read from one page.
MAX_PAGE_CHARS = 20_000

#: Characters of the document information's title kept.
MAX_TITLE_CHARS = 1_000

#: Glyphs measured on each line.
_PICKS = 5

_LOCK = threading.Lock()
_STREAM = re.compile(rb"stream\r?\n")
_ENDSTREAM = b"endstream"


@attrs.frozen
class Line:
    """One line of text on a page, with what it looks like.

    Attributes:
        page: the page index (0 is the first page).
        text: the line's text (hyphenation marks removed).
        size: the height of its glyphs, in points (the font size the reader sees).
        top: its top, in points from the page's bottom.
        bottom: its bottom.
        left: its left edge.
        right: its right edge.
        page_height: the height of its page.
        page_width: the width of its page (a poster's, a slide's shape).
    """

    page: int
    text: str
    size: float
    top: float
    bottom: float = 0.0
    left: float = 0.0
    right: float = 0.0
    page_height: float = 842.0
    page_width: float = 595.0

    @property
    def rise(self) -> float:
        """How high on the page the line sits: 1.0 at the top edge, 0.0 at the bottom."""
        return self.top / self.page_height if self.page_height else 0.0


@attrs.frozen
class Layout:
    """The lines of a PDF's first pages.

    Attributes:
        pages: the lines of each page read, in reading order.
        page_count: how many pages the file has.
        unmapped: for each page read, how many of its glyphs map to no character (a
            font without a character map for them: the reader draws them, no text
            layer gives them).
        title: the title in the file's document information, as its producer set it
            ("" when it has none).
    """

    pages: tuple[tuple[Line, ...], ...]
    page_count: int
    unmapped: tuple[int, ...] = ()
    title: str = ""

    @property
    def text(self) -> str:
        """All lines read, one per line, pages separated by a blank line."""
        return "\n\n".join("\n".join(line.text for line in page) for page in self.pages)


def bomb_reason(data: bytes) -> str | None:
    """Why a PDF's streams cannot be inflated safely, or None when they can (a raw scan).

    Only Flate streams are inflated (the filter that makes bombs); image streams are
    skipped because text extraction never decodes them.
    """
    total = 0
    position = 0
    while True:
        found = _STREAM.search(data, position)
        if found is None:
            return None
        start = found.end()
        end = data.find(_ENDSTREAM, start)
        if end < 0:
            end = len(data)
        header = data[max(0, found.start() - 400) : found.start()]
        header = header[header.rfind(b"obj") + 1 :] if b"obj" in header else header
        position = end + len(_ENDSTREAM)
        if b"/Image" in header or b"Flate" not in header:
            continue
        inflater = zlib.decompressobj()
        chunk = data[start:end]
        size = 0
        try:
            while chunk and not inflater.eof:
                out = inflater.decompress(chunk, MAX_STREAM_BYTES + 1 - size)
                size += len(out)
                if size > MAX_STREAM_BYTES:
                    return f"a stream inflates past {MAX_STREAM_BYTES // 2**20} MiB"
                chunk = inflater.unconsumed_tail
        except zlib.error:
            continue  # a broken stream: pdfium skips it too
        total += size
        if total > MAX_INFLATED_BYTES:
            return f"its streams inflate past {MAX_INFLATED_BYTES // 2**20} MiB"


def read_layout(
    source: bytes | str | Path,
    *,
    max_pages: int = 6,
    max_chars: int = MAX_PAGE_CHARS,
) -> Layout | None:
    """The lines of the first `max_pages` pages of a PDF (bytes or a path), or None.

    Args:
        source: the PDF's bytes, or the path of a file.
        max_pages: how many pages to read at most.
        max_chars: how many characters to read per page at most.

    Returns:
        The pages' lines, or None for a file that is broken, encrypted, or that would
        inflate past the limits (logged at debug level).
    """
    try:
        data = source if isinstance(source, bytes) else Path(source).read_bytes()
    except OSError as exc:
        logger.debug("cannot read PDF %s: %r", source, exc)
        return None
    reason = bomb_reason(data)
    if reason is not None:
        logger.debug("PDF not read: %s", reason)
        return None
    with _LOCK, warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            layout = _read(data, max_pages, max_chars)
        except Exception as exc:  # a hostile or broken PDF is an outcome, not a crash
            logger.debug("no layout from PDF: %r", exc)
            layout = None
    for warning in caught:
        logger.debug("while reading a PDF: %s", warning.message)
    return layout


def _read(data: bytes, max_pages: int, max_chars: int) -> Layout | None:
    import pypdfium2 as pdfium  # loaded only when a file is checked
    import pypdfium2.raw as raw

    document = pdfium.PdfDocument(data)
    try:
        count = len(document)
        pages: list[tuple[Line, ...]] = []
        unmapped: list[int] = []
        for index in range(min(count, max_pages)):
            page = document[index]
            try:
                textpage = page.get_textpage()
                try:
                    size = (page.get_width(), page.get_height())
                    lines, lost = _page_lines(raw, textpage, index, size, max_chars)
                    pages.append(lines)
                    unmapped.append(lost)
                finally:
                    textpage.close()
            finally:
                page.close()
        title = _info_title(document)
    finally:
        document.close()
    return Layout(tuple(pages), count, tuple(unmapped), title)


def _info_title(document: Any) -> str:
    """The document information's title, bounded; "" when it has none or it is unreadable."""
    try:
        title = document.get_metadata_value("Title")
    except Exception:  # a broken information dictionary: no title
        return ""
    return str(title)[:MAX_TITLE_CHARS].replace("\x00", "").strip()


def _page_lines(
    raw: Any, textpage: Any, index: int, size: tuple[float, float], max_chars: int
) -> tuple[tuple[Line, ...], int]:
    """The page's lines, and how many of its glyphs map to no character.

    pdfium leaves a glyph that maps to no character out of the text it gives, so the
    characters it counts on the page less those in its text are those glyphs.
    """
    chars = min(textpage.count_chars(), max_chars)
    if chars <= 0:
        return (), 0
    text = textpage.get_text_range(0, chars)
    lost = max(0, chars - len(text.encode("utf-16-le")) // 2)
    lines: list[Line] = []
    offset = 0  # in UTF-16 code units, as pdfium counts
    for piece in text.split("\r\n"):
        units = len(piece.encode("utf-16-le")) // 2
        clean = _cyrillic_undone(piece.replace("\ufffe", "").replace("\x02", "").strip())
        if clean:
            line = _measure(raw, textpage, piece, offset, index, size, clean)
            if line is not None:
                _append(lines, line)
        offset += units + 2
    return tuple(lines), lost


#: Characters of Latin-1's upper half that a Windows-1251 font's bytes show as ("Ì" for a
#: Cyrillic capital em).
_UPPER_HALF = re.compile("[\u00c0-\u00ff]")
#: A word wholly of Latin-1's upper half, three characters or more (no language's word).
_UPPER_WORD = re.compile("(?<![\\w])[\u00c0-\u00ff]{3,}(?![\\w])")
#: The fewest characters of the upper half read back (`_UPPER_WORD`'s least).
_UPPER_WORD_LETTERS = 3
#: Letters of any script.
_LETTERS = re.compile(r"[^\W\d_]")
#: The share of a line's letters in Latin-1's upper half past which no language writes it.
_SHOWN_AS_LATIN = 0.6
#: The share of the upper half's characters read back as Cyrillic letters in Windows-1251.
_READ_AS_CYRILLIC = 0.9


def _cyrillic_undone(line: str) -> str:
    """A line a font's encoding showed as Latin-1 ("ÌÎÐÔÎËÎÃÈ"), read as Windows-1251.

    A font that maps Windows-1251's bytes to Latin-1's characters sets Russian text as
    accented Latin capitals and small letters: most of the line's letters in Latin-1's
    upper half, which no language's text has. Read back byte for byte as Windows-1251 the
    line is Cyrillic ("МОРФОЛОГИ"); a line that is not so is left as it is. (ftfy
    repairs text decoded twice, not a font's own encoding.)
    """
    upper = len(_UPPER_HALF.findall(line))
    if upper < _UPPER_WORD_LETTERS:
        return line
    if upper < _SHOWN_AS_LATIN * len(_LETTERS.findall(line)):
        # a line of a Latin name and Russian words ("RUTILUS RUTILUS (L.) ÐÛÁÈÍÑÊÎÃÎ"):
        # its words wholly in the upper half, three letters or more, each read so
        return _UPPER_WORD.sub(lambda m: _cyrillic_undone(m.group(0)), line)
    for codec in ("latin-1", "cp1252"):
        try:
            read = line.encode(codec).decode("cp1251")
        except (UnicodeEncodeError, UnicodeDecodeError):
            continue
        # (what was read in the upper half, as Cyrillic; a Latin name kept in ASCII,
        # "RUTILUS RUTILUS (L.)", reads the same either way)
        shown = [r for c, r in zip(line, read, strict=True) if _UPPER_HALF.match(c)]
        cyrillic = sum(1 for c in shown if "\u0400" <= c <= "\u04ff")
        if cyrillic >= _READ_AS_CYRILLIC * len(shown):
            return read
    return line


def _measure(
    raw: Any,
    textpage: Any,
    piece: str,
    offset: int,
    index: int,
    size: tuple[float, float],
    clean: str,
) -> Line | None:
    """The line's size and box from a few of its glyphs (reading every glyph costs too much).

    Five glyphs, evenly spread: a glyph that rises above the font's box (an Arabic alef
    with its hamza, an accented capital) is one of five, not one of three, and the median
    stays the line's size.
    """
    start = len(piece) - len(piece.lstrip())
    end = len(piece.rstrip()) - 1
    picks = sorted({start + (end - start) * k // (_PICKS - 1) for k in range(_PICKS)})
    sizes: list[float] = []
    tops: list[float] = []
    bottoms: list[float] = []
    lefts: list[float] = []
    rights: list[float] = []
    for pick in picks:
        if piece[pick].isspace():
            continue
        unit = offset + len(piece[:pick].encode("utf-16-le")) // 2
        char = raw.FPDFText_GetCharIndexFromTextIndex(textpage, unit)
        if char < 0:
            continue
        left, bottom, right, top = textpage.get_charbox(char, loose=True)
        if top <= bottom:
            continue
        sizes.append(top - bottom)
        tops.append(top)
        bottoms.append(bottom)
        lefts.append(left)
        rights.append(right)
    if not sizes:
        return None
    return Line(
        index,
        clean,
        round(statistics.median(sizes), 1),
        max(tops),
        min(bottoms),
        min(lefts),
        max(rights),
        size[1] or 842.0,
        size[0] or 595.0,
    )


def _append(lines: list[Line], line: Line) -> None:
    """Add a line, joining it to the previous one when pdfium split a line in pieces."""
    if lines:
        last = lines[-1]
        same_row = abs(last.top - line.top) < 0.3 * max(line.size, 1.0)
        if same_row and abs(last.size - line.size) < 0.15 * line.size and line.left >= last.left:
            lines[-1] = attrs.evolve(
                last,
                text=f"{last.text} {line.text}",
                right=max(last.right, line.right),
                bottom=min(last.bottom, line.bottom),
            )
            return
    lines.append(line)
