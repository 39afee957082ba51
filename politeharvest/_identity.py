"""Is this file the record's own? Hints from the record, text from the file's first pages (core).

Storing another article's PDF under a record looks like success and corrupts a
collection, so every downloaded file is compared with its record:

- `RecordHints`: title(s), DOI, author surnames and year, from the harvested record
  (or the optional ``title``/``doi``/``authors``/``year`` fields of a batch line);
- `pdf_text`: the text of the first pages (pypdf), bounded in bytes, pages and
  characters; a PDF bomb or a broken file gives no text, never an exception;
- `decide`: ``matched`` (the record's DOI, or its title's words plus an author
  surname or the year), ``mismatch`` (readable text that names another DOI, or
  that does not carry the title, without any author of the record), or
  ``unverifiable`` (no readable text, or no hints), each with its evidence.

Text is compared folded: NFKC (ligatures), Turkish dotless and dotted i,
German sharp s, diacritics dropped, words broken by a hyphen at a line end joined.
"""

from __future__ import annotations

import io
import logging
import re
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Literal

import attrs

__all__ = ["Identity", "RecordHints", "decide", "fold", "pdf_text"]

logger = logging.getLogger(__name__)

Verdict = Literal["matched", "mismatch", "unverifiable"]

_DOI = re.compile(r"\b(10\.\d{4,9}/[^\s\"'<>]+)", re.IGNORECASE)
_STOP = frozenset(
    [
        "a",
        "an",
        "and",
        "are",
        "as",
        "at",
        "be",
        "by",
        "for",
        "from",
        "has",
        "in",
        "into",
        "is",
        "it",
        "of",
        "on",
        "or",
        "that",
        "the",
        "their",
        "to",
        "with",
        "ve",
        "ile",
        "bir",
        "bu",
        "da",
        "de",
        "için",
        "icin",
        "olarak",
        "und",
        "der",
        "die",
        "das",
        "den",
        "dem",
        "des",
        "ein",
        "eine",
        "mit",
        "von",
        "zu",
        "im",
        "für",
        "fur",
        "auf",
        "le",
        "la",
        "les",
        "des",
        "du",
        "un",
        "une",
        "et",
        "en",
        "pour",
        "par",
        "sur",
        "el",
        "los",
        "las",
        "del",
        "y",
        "para",
        "por",
        "con",
        "o",
        "os",
        "as",
        "do",
        "da",
        "dos",
        "das",
        "um",
        "uma",
        "e",
        "em",
    ]
)


def fold(text: str) -> str:
    """Text folded for comparison: lower case, no diacritics, ligatures and hyphen breaks undone."""
    text = unicodedata.normalize("NFKC", text)
    text = re.sub(r"(\w)-\s*\n\s*(\w)", r"\1\2", text)  # hyph-\nenation
    text = text.replace("İ", "i").replace("I", "i").replace("ı", "i")  # Turkish i, both cases  # noqa: RUF001
    text = text.lower().replace("ß", "ss")
    text = unicodedata.normalize("NFKD", text)
    text = "".join(c for c in text if not unicodedata.combining(c))
    return " ".join(re.sub(r"[^0-9a-z]+", " ", text).split())


def _words(text: str) -> list[str]:
    return [w for w in fold(text).split() if len(w) >= 3 and w not in _STOP]


def _doi(value: str) -> str | None:
    match = _DOI.search(value.replace("doi.org/", " ").replace("doi:", " "))
    return match.group(1).rstrip(".,;)]").lower() if match else None


@attrs.frozen
class RecordHints:
    """What a record says about its own file.

    Attributes:
        titles: the record's titles (several languages are common).
        doi: its DOI (lower case, ``10.x/...``), if any.
        surnames: its creators' family names.
        year: its publication year, if any.
    """

    titles: tuple[str, ...] = ()
    doi: str | None = None
    surnames: tuple[str, ...] = ()
    year: str | None = None

    @property
    def empty(self) -> bool:
        """True when there is nothing to compare a file with."""
        return not self.titles and not self.doi

    @classmethod
    def from_metadata(cls, metadata: Mapping[str, Sequence[str]]) -> RecordHints:
        """Hints from oai_dc-style metadata (``title``, ``identifier``, ``creator``, ``date``)."""
        titles = tuple(t for t in metadata.get("title", ()) if t.strip())
        doi = None
        for value in (*metadata.get("identifier", ()), *metadata.get("relation", ())):
            doi = _doi(str(value))
            if doi:
                break
        surnames = tuple(s for s in (_surname(str(c)) for c in metadata.get("creator", ())) if s)
        year = None
        for value in metadata.get("date", ()):
            found = re.search(r"\b(1[5-9]\d\d|20\d\d)\b", str(value))
            if found:
                year = found.group(1)
                break
        return cls(titles, doi, surnames, year)

    @classmethod
    def from_row(cls, row: Mapping[str, Any]) -> RecordHints:
        """Hints from a batch line: ``title``, ``doi``, ``authors``, ``year`` (all optional)."""
        title = row.get("title")
        titles = tuple(title if isinstance(title, list) else [title] if title else ())
        authors = row.get("authors") or ()
        if isinstance(authors, str):
            authors = [a for a in re.split(r";|\band\b", authors) if a.strip()]
        doi = _doi(str(row.get("doi") or ""))
        surnames = tuple(s for s in (_surname(str(a)) for a in authors) if s)
        year = str(row["year"]) if row.get("year") else None
        return cls(tuple(str(t) for t in titles), doi, surnames, year)


def _surname(name: str) -> str:
    """The family name: "Smith, J." and "SMITH J" give smith, "John Smith" and "J. Smith" too."""
    name = name.strip()
    if not name:
        return ""
    if "," in name:
        words = fold(name.split(",")[0]).split()
        return words[-1] if words else ""
    raw = [w for w in re.split(r"[\s.]+", name) if w]
    full = [w for w in raw if len(w) > 2]
    if not full:
        return ""
    # "Smith J" (initials after the family name) or "J. Smith" (before it)
    chosen = full[0] if len(raw[-1]) <= 2 else full[-1]
    words = fold(chosen).split()
    return words[-1] if words else ""


@attrs.frozen
class Identity:
    """Whether a file is the record's own, and why.

    Attributes:
        verdict: ``"matched"``, ``"mismatch"`` or ``"unverifiable"``.
        evidence: what decided it, in a sentence.
    """

    verdict: Verdict
    evidence: str

    def to_dict(self) -> dict[str, str]:
        """The row form: ``{"verdict": ..., "evidence": ...}``."""
        return {"verdict": self.verdict, "evidence": self.evidence}


#: Readable text has at least this many words of three letters or more.
MIN_WORDS = 25


def decide(hints: RecordHints, text: str | None) -> Identity:
    """Compare a file's first-pages text with the record it was fetched for."""
    if hints.empty:
        return Identity("unverifiable", "the record gives no title or DOI to compare with")
    if text is None:
        return Identity("unverifiable", "no readable text in the file (scanned, or unreadable)")
    folded = fold(text)
    words = set(folded.split())
    readable = sum(1 for w in words if len(w) >= 3) >= MIN_WORDS
    if hints.doi and fold(hints.doi) in folded:
        return Identity("matched", f"the record's DOI {hints.doi} is on the first pages")
    coverage, title = _title_coverage(hints.titles, words, folded)
    author = next((s for s in (fold(n) for n in hints.surnames) if s and s in words), None)
    year = hints.year if hints.year and hints.year in words else None
    short = title is not None and len(_words(title)) < 4
    if coverage >= 0.8 and (author or year or not short):
        support = f"author {author}" if author else f"year {year}" if year else "a long title"
        return Identity(
            "matched", f"{coverage:.0%} of the title's words and {support} on the first pages"
        )
    others = sorted({d for d in (_doi(m) for m in _DOI.findall(text[:6000])) if d})
    if hints.doi and others and hints.doi not in others and coverage < 0.8:
        return Identity(
            "mismatch", f"the first pages name DOI {others[0]}, not the record's {hints.doi}"
        )
    if not readable:
        return Identity("unverifiable", "too little readable text on the first pages")
    if hints.titles and coverage < 0.5 and author is None:
        return Identity(
            "mismatch",
            f"the first pages carry {coverage:.0%} of the title's words and none of its authors",
        )
    return Identity(
        "unverifiable",
        f"{coverage:.0%} of the title's words on the first pages"
        + (f", author {author}" if author else ""),
    )


def _title_coverage(
    titles: Iterable[str], words: set[str], folded: str
) -> tuple[float, str | None]:
    best, chosen = 0.0, None
    for title in titles:
        tokens = _words(title)
        if not tokens:
            continue
        if " ".join(fold(title).split()) in folded:
            return 1.0, title
        share = sum(1 for t in tokens if t in words) / len(tokens)
        if share > best:
            best, chosen = share, title
    return best, chosen


def pdf_text(data: bytes | str, *, max_pages: int = 2, max_chars: int = 20_000) -> str | None:
    """The text of a PDF's first pages (from bytes or a path), or None when there is none.

    Bounded: at most `max_pages` pages and `max_chars` characters are extracted, and
    pypdf's own limits cap every decompressed stream. A broken, encrypted or hostile
    file gives None (logged at debug level), never an exception.
    """
    try:
        from pypdf import PdfReader

        source: Any = io.BytesIO(data) if isinstance(data, bytes) else data
        reader = PdfReader(source, strict=False)
        if reader.is_encrypted:
            return None
        parts: list[str] = []
        size = 0
        for page in reader.pages[:max_pages]:
            piece = page.extract_text() or ""
            parts.append(piece)
            size += len(piece)
            if size >= max_chars:
                break
    except Exception as exc:  # a hostile or broken PDF is an outcome, not a crash
        logger.debug("no text from PDF: %r", exc)
        return None
    text = "\n".join(parts)[:max_chars]
    return text if re.search(r"[^\W\d_]{3}", text) else None
