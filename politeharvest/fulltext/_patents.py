"""A patent's front page, read by its numbered fields (core).

Patent offices print a document's bibliographic data in numbered fields whatever their
language (WIPO Standard ST.9, the INID codes): ``(54)`` is the title of the invention,
``(10)`` or ``(11)`` the document's own publication number with its kind code
("(11) EP 3 987 412 A1": the application as published; "B1": the granted patent; "U1": a
utility model), ``(21)`` the application's number. A record of a patent names its
publication by that number too ("EP 3 987 412 A1", "US 11,482,067 B2", "特開2021-118834").
The file's own number against the record's tells the record's file from its other
publications (the grant for the application, a continuation) and from another patent under
the same title, which titles alone cannot.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Sequence

import attrs

__all__ = [
    "PatentNumber",
    "applied",
    "field_values",
    "front_page",
    "kind_code",
    "other_publication",
    "own_publication",
    "patent_number",
    "record_numbers",
]

#: A numbered field opening a line or set after another on it ("(22) Anmeldetag: ...
#: (51) Int Cl.: ..."): its code.
_FIELD = re.compile(r"(?:^|\s)\((\d{2})\)")
#: A field's caption after its code: in lenticular brackets, or a few words and a colon
#: ("【公開番号】", "Número de publicación:", "Bezeichnung:").
_CAPTION = re.compile(r"\s*(?:【[^】]{1,12}】|[^\W\d_][^:\uff1a\n]{0,40}[:\uff1a])?\s*")
#: Distinct field codes a page sets at least to be a patent office's front page.
_FRONT_PAGE_FIELDS = 3
#: The lines of a page read for its fields.
_LINES_READ = 60

#: A publication number: its office (two capitals, or a Japanese or Korean kind of
#: publication: "特開", "特許"), its serial (digits, spaced or punctuated), its kind code.
_NUMBER = re.compile(
    r"(?:(?<![A-Za-z])(?P<office>[A-Z]{2}|[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]{2,3})\s*)?"
    r"(?P<serial>\d[\d ,./-]*\d)"
    r"(?:\s*(?P<kind>[A-Z]\d?)(?![\w]))?"
)
#: The fewest digits of a publication's serial (a year or a page is none).
_SERIAL_DIGITS = 5


@attrs.frozen
class PatentNumber:
    """A publication number's parts.

    Attributes:
        office: the office's code ("EP", "特開"), or "" when the number gives none.
        serial: its digits only.
        kind: its kind code ("A1", "B2", "U1"), or "" when it gives none.
    """

    office: str
    serial: str
    kind: str
    unpadded: str = ""

    def __str__(self) -> str:
        return " ".join(p for p in (self.office, self.serial, self.kind) if p)

    def same_serial(self, other: PatentNumber) -> bool:
        """Whether two numbers have one serial, written alike or its parts unpadded.

        ("特願2020-026315" and "特願2020-26315": parts apart by a hyphen or a slash.)
        """
        return self.serial == other.serial or (
            bool(self.unpadded) and self.unpadded == other.unpadded
        )


def patent_number(text: str, *, office: bool = False) -> PatentNumber | None:
    """The first publication number in `text`, or None (with `office`, only one naming it)."""
    for found in _NUMBER.finditer(text):
        serial = re.sub(r"\D", "", found.group("serial"))
        if len(serial) < _SERIAL_DIGITS:
            continue
        if office and not found.group("office"):
            return None
        parts = re.split(r"[-/]", found.group("serial"))
        unpadded = (
            "".join(re.sub(r"\D", "", p).lstrip("0") for p in parts) if len(parts) > 1 else ""
        )
        return PatentNumber(
            found.group("office") or "", serial, found.group("kind") or "", unpadded
        )
    return None


def record_numbers(identifiers: Iterable[str]) -> tuple[str, ...]:
    """The record's identifiers that are publication numbers, each as the record gives it.

    A whole identifier of an office's code, a serial of five digits or more and maybe a
    kind code ("EP 3 987 412 A1", "WO2022194871A1", "特開2021-118834"); not an address, a
    DOI, an ISSN or ISBN, nor an application's "PCT/KR2021/018842".
    """
    found = []
    for value in identifiers:
        text = value.strip()
        number = patent_number(text, office=True)
        if number is None or len(text) > 40 or "/" in text.split()[0][:4]:
            continue
        rest = _NUMBER.sub("", text, count=1).strip()
        if rest in ("", "号", "호"):  # the number is the whole identifier (its counter after it)
            found.append(text)
    return tuple(dict.fromkeys(found))


def front_page(lines: Sequence[str]) -> bool:
    """Whether a page's lines are a patent office's front page (numbered fields)."""
    codes = {code for line in lines[:_LINES_READ] for code in _FIELD.findall(line)}
    return len(codes) >= _FRONT_PAGE_FIELDS


def field_values(lines: Sequence[str], code: str, *, reach: int = 0) -> list[tuple[int, int, str]]:
    """Each value a page's numbered field `code` gives, with its first and last lines' index.

    The value after the field's code and caption, up to the next field on its line; with
    `reach`, run on over at most that many lines after it until a line opening with a field
    (a title set over two lines). A value of its own line alone, the caption over it, is the
    next line's.
    """
    found = []
    mark = f"({code})"
    for i, line in enumerate(lines[:_LINES_READ]):
        at = line.find(mark)
        if at < 0 or (at > 0 and not line[at - 1].isspace()):
            continue
        start = at + len(mark)
        start += _CAPTION.match(line, start).end() - start  # type: ignore[union-attr]
        value = line[start:]
        end = _FIELD.search(value)
        parts = [value[: end.start()] if end else value]
        last = i
        while end is None and last + 1 < len(lines) and last - i < reach:
            following = lines[last + 1]
            end = _FIELD.search(following)
            if end is not None and end.start() == 0:
                break
            parts.append(following[: end.start()] if end else following)
            last += 1
        found.append((i, last, " ".join(" ".join(parts).split())))
    return found


#: The scripts an office writes its publications' kinds in before their numbers: Japan's
#: in kanji ("特開" an application, "特許" a grant), Korea's in hangul ("공개", "등록").
_NOTATIONS = (re.compile(r"[\u3040-\u30ff\u3400-\u9fff]{2,3}"), re.compile(r"[\uac00-\ud7af]{2,3}"))


def _office(prefix: str) -> str:
    """The office a number's prefix names: its code, or the office whose script writes it.

    Japan's notations in kanji ("特開", "特許第") are Japan's ("JP"), Korea's in hangul
    ("공개", "등록") Korea's ("KR"); "" when the number gives none.
    """
    if _NOTATIONS[0].fullmatch(prefix):
        return "JP"
    if _NOTATIONS[1].fullmatch(prefix):
        return "KR"
    return prefix


def kind_code(text: str) -> str:
    """The kind code a field gives ("B1" in "(12) BREVET D'INVENTION B1", "特許公報(B2)")."""
    found = _KIND.findall(unicodedata.normalize("NFKC", text))
    return found[-1] if found else ""


#: A kind code standing alone: a capital and maybe a digit.
_KIND = re.compile(r"(?<![A-Za-z0-9])([A-Z]\d?)(?![A-Za-z0-9])")


def own_publication(record: Sequence[str], document: Sequence[str]) -> str | None:
    """The record's publication number the document's number fields give, or None.

    The same serial at the same office (or a number printed without its office), and no
    other kind code.
    """
    for mine in record:
        number = patent_number(mine, office=True)
        for theirs in document:
            given = patent_number(theirs)
            if (
                number is not None
                and given is not None
                and given.same_serial(number)
                and (not given.office or _office(given.office) == _office(number.office))
                and not (number.kind and given.kind and number.kind != given.kind)
            ):
                return mine
    return None


def applied(record: Sequence[str], applications: Sequence[str]) -> str | None:
    """The record's number that is the document's application number (field 21), or None.

    A record that names its patent by the application ("特願2020-026315") names every
    publication of it alike: the application as published and the grant.
    """
    for mine in record:
        number = patent_number(mine, office=True)
        for theirs in applications:
            given = patent_number(theirs)
            if number is not None and given is not None and given.same_serial(number):
                return mine
    return None


def other_publication(record: Sequence[str], document: Sequence[str]) -> str | None:
    """Why the document's own number is another publication than the record's, or None.

    The same serial under another kind code is another publication of the patent (the
    granted "B1" for the application "A1"); another serial at the same office is another
    publication or another patent, and a number at another office a member of its family
    (the European phase of a WO application). A number the document gives without its
    office says nothing unless its serial is the record's under another kind.
    """
    if not record or not document or own_publication(record, document) is not None:
        return None
    for mine in record:
        number = patent_number(mine, office=True)
        if number is None:
            continue
        for theirs in document:
            given = patent_number(theirs)
            if given is None:
                continue
            if given.same_serial(number) and given.kind != number.kind:
                return (
                    f"its front page numbers it {str(given)!r} in its publication number "
                    f"field, the record {mine!r}: another publication of the patent (another "
                    "kind code), not the record's"
                )
            if given.office and _office(given.office) != _office(number.office):
                return (
                    f"its front page numbers it {str(given)!r} in its publication number "
                    f"field, the record {mine!r}: another office's publication (a member of "
                    "its family), not the record's"
                )
            if given.office and not given.same_serial(number):
                return (
                    f"its front page numbers it {str(given)!r} in its publication number "
                    f"field, the record {mine!r}: another publication or another patent, not "
                    "the record's"
                )
    return None
