"""Small, valid article PDFs written by hand: a title block, a byline, a DOI and prose.

For the demo's sample repository and for tests: no PDF library is needed (reportlab is
only a test dependency). The text layer uses the standard Helvetica fonts with
WinAnsiEncoding, so any PDF reader (pypdfium2, which the identity check uses, among
them) reads it with its sizes and places: the title set large at the top of the first
page, the authors below it, the DOI line, then an abstract and a section of running
text in the body size.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence

__all__ = ["article_pdf"]

#: A4 in points.
_WIDTH, _HEIGHT = 595, 842
_LEFT = 64
#: Helvetica's average glyph width, as a share of the font size (for line breaking).
_GLYPH = 0.52


def _winansi(text: str) -> str:
    """The text in characters WinAnsiEncoding has (other letters lose their marks)."""
    out = []
    for char in unicodedata.normalize("NFC", text):
        try:
            char.encode("cp1252")
        except UnicodeEncodeError:
            plain = unicodedata.normalize("NFKD", char).encode("cp1252", "ignore").decode("cp1252")
            char = plain or _base_letter(char)
        out.append(char)
    return "".join(out)


def _base_letter(char: str) -> str:
    """The Latin letter a letter without a decomposition is named after (dotless i: i), or "?"."""
    name = unicodedata.name(char, "")
    if not name.startswith("LATIN ") or " LETTER " not in name:
        return "?"
    letter = name.split(" LETTER ", 1)[1].split()
    base = (
        letter[-1]
        if letter[0] in ("DOTLESS", "SMALL", "CAPITAL") and len(letter) > 1
        else letter[0]
    )
    if len(base) != 1:
        return "?"
    return base.lower() if " SMALL " in name else base


def _literal(text: str) -> bytes:
    """A PDF string literal in WinAnsiEncoding."""
    raw = _winansi(text).encode("cp1252", "replace")
    return b"(" + raw.replace(b"\\", b"\\\\").replace(b"(", b"\\(").replace(b")", b"\\)") + b")"


def _wrap(text: str, size: float, width: float) -> list[str]:
    """Break `text` into lines of at most `width` points at `size` (by average glyph width)."""
    limit = max(10, int(width / (_GLYPH * size)))
    lines: list[str] = []
    current = ""
    for word in text.split():
        if current and len(current) + 1 + len(word) > limit:
            lines.append(current)
            current = word
        else:
            current = f"{current} {word}" if current else word
    if current:
        lines.append(current)
    return lines


class _Page:
    """The content stream of one page, written top down."""

    def __init__(self) -> None:
        self.ops: list[bytes] = []
        self.y = _HEIGHT - 80.0

    def text(self, text: str, *, size: float, bold: bool = False, gap: float = 0.0) -> None:
        """Lines of `text` wrapped to the page's width, `gap` points below the previous ones."""
        self.y -= gap
        font = b"/F2" if bold else b"/F1"
        for line in _wrap(text, size, _WIDTH - 2 * _LEFT):
            self.y -= size * 1.25
            self.ops.append(
                b"BT "
                + font
                + f" {size:g} Tf 1 0 0 1 {_LEFT} {self.y:.1f} Tm ".encode()
                + _literal(line)
                + b" Tj ET"
            )

    def content(self) -> bytes:
        return b"\n".join(self.ops)


def article_pdf(
    title: str,
    authors: Sequence[str] = (),
    *,
    doi: str | None = None,
    journal: str = "",
    abstract: str = "",
    sections: Sequence[tuple[str, str]] = (),
) -> bytes:
    """An article's PDF with a real text layer, as a publisher would set its first page.

    Args:
        title: set in 20-point bold at the top of the first page.
        authors: names as printed ("Ada Lovelace"), one byline under the title.
        doi: the article's DOI (``10.x/...``), printed under the byline as its own.
        journal: a line above the title (the journal and year).
        abstract: the abstract, in the body size, under the heading "Abstract".
        sections: (heading, text) after the abstract, the heading in bold: running text on
            the first page and the pages after it.

    Returns:
        The PDF's bytes (PDF 1.4, uncompressed, Helvetica and Helvetica-Bold). Letters
        outside WinAnsiEncoding are written without their diacritics.
    """
    pages = [_Page()]
    first = pages[0]
    if journal:
        first.text(journal, size=9)
    first.text(title, size=20, bold=True, gap=18)
    if authors:
        first.text(", ".join(authors[:-1]) + (" and " if len(authors) > 1 else "") + authors[-1],
                   size=12, gap=10)  # fmt: skip
    if doi:
        first.text(f"https://doi.org/{doi}", size=9, gap=6)
    if abstract:
        first.text("Abstract", size=10, bold=True, gap=18)
        first.text(abstract, size=10, gap=2)
    for heading, text in sections:
        page = pages[-1]
        if page.y < 200:
            page = _Page()
            pages.append(page)
        page.text(heading, size=10, bold=True, gap=14)
        for paragraph in text.split("\n"):
            if page.y < 90:
                page = _Page()
                pages.append(page)
            page.text(paragraph, size=10, gap=6)
    return _document([page.content() for page in pages])


def _document(contents: Sequence[bytes]) -> bytes:
    """The file: catalog, page tree, two fonts, the pages and their streams, the xref."""
    count = len(contents)
    objects: list[bytes] = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        (
            "<< /Type /Pages /Kids ["
            + " ".join(f"{5 + 2 * i} 0 R" for i in range(count))
            + f"] /Count {count} >>"
        ).encode(),
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>",
    ]
    for index, content in enumerate(contents):
        objects.append(
            f"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 {_WIDTH} {_HEIGHT}] "
            f"/Contents {6 + 2 * index} 0 R "
            "/Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> >>".encode()
        )
        objects.append(
            f"<< /Length {len(content)} >>\nstream\n".encode() + content + b"\nendstream"
        )
    return pdf_file(objects)


def pdf_file(objects: Sequence[bytes]) -> bytes:
    """A PDF file of `objects` (numbered from 1, the first the catalog), with its xref table."""
    out = bytearray(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += f"{number} 0 obj\n".encode() + body + b"\nendobj\n"
    xref = len(out)
    out += f"xref\n0 {len(objects) + 1}\n0000000000 65535 f \n".encode()
    out += b"".join(f"{offset:010d} 00000 n \n".encode() for offset in offsets)
    out += (
        f"trailer\n<< /Size {len(objects) + 1} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n".encode()
    )
    return bytes(out)
