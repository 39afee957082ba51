"""The record normaliser (core, no I/O): `normalize` and the cleaners it is made of.

Each cleaner is a pure function of a string or of a record's metadata (`clean_text`,
`strip_markup`, `normalize_date`, `parse_name`, `valid_issn`, `valid_isbn`, `language_code`,
`publication_date`, `version_of`, `deposit_stamps`); `normalize` applies them to a harvested
row, keeps the row beside the result and lists every change. What each one accepts is told
in the face (`politeharvest.quality`) and in docs/quality.md. The folds (`fold`, `plain`) and
the DOI finder (`find_dois`) it uses are in `._text`, shared with full text.
"""

from __future__ import annotations

import functools
import html
import re
import unicodedata
from collections.abc import Iterable, Mapping
from typing import Any, Literal

import attrs

from politeharvest._extras import require

from ._text import find_dois, fold, unspaced

Precision = Literal["year", "month", "day"]


def _fix_mojibake(text: str) -> str:
    ftfy = require("ftfy", "politeharvest.quality (repairing mojibake)")
    return str(ftfy.fix_text(text, normalization="NFC", uncurl_quotes=False))


# -- markup --------------------------------------------------------------------------------


def _names(text: str) -> frozenset[str]:
    return frozenset(text.split())


# Elements that may appear in harvested titles and abstracts: HTML, JATS (Crossref abstracts,
# OJS) and MathML. Inline ones are removed without a space (H<sub>2</sub>O is H2O); the others
# separate words.
_INLINE_TAGS = _names(
    "a abbr b bdi bdo cite code del dfn em font i ins kbd mark q s samp small span strike "
    "strong sub sup tt u var wbr "
    # JATS
    "bold italic monospace overline roman sans-serif sc strike underline named-content "
    "styled-content inline-formula inline-graphic xref ext-link uri email tex-math "
    # MathML
    "math mi mn mo ms mtext mspace mrow msub msup msubsup munder mover munderover mfrac "
    "msqrt mroot mstyle merror mpadded mphantom mfenced menclose mmultiscripts mprescripts "
    "none semantics annotation annotation-xml mtable mtr mtd mlabeledtr maligngroup "
    "malignmark mglyph"
)
_BLOCK_TAGS = _names(
    "address article aside blockquote body br caption center dd div dl dt figcaption figure "
    "footer h1 h2 h3 h4 h5 h6 head header hr html img li main nav ol p pre section table "
    "tbody td tfoot th thead title tr ul "
    # JATS
    "abstract trans-abstract sec p title label list list-item disp-formula disp-quote "
    "fig table-wrap graphic break boxed-text def-list def-item term def fn"
)
_KNOWN_TAGS = _INLINE_TAGS | _BLOCK_TAGS
_VOID_TAGS = frozenset(["br", "hr", "img", "wbr", "break", "mspace", "none", "mprescripts"])
_TAG = re.compile(
    r"<(?P<close>/)?(?:(?P<prefix>[A-Za-z][\w.-]*):)?(?P<name>[A-Za-z][\w-]*)"
    r"(?P<attrs>(?:\s+[A-Za-z_:][\w:.-]*(?:\s*=\s*(?:\"[^\"<>]*\"|'[^'<>]*'|[^\s\"'<>=`]+))?)*)"
    r"\s*(?P<self>/)?>"
)
#: Where a comment opens, and CDATA's two markers (`_blank_comments`).
_MARKS = re.compile(r"<!--|<!\[CDATA\[|\]\]>")


def _blank_comments(text: str) -> str:
    """`text` with each comment, ``<![CDATA[`` and ``]]>`` made a space.

    A comment runs to the first ``-->`` after it; an unclosed ``<!--`` stays as it is.
    What the regex of the three (lazy, DOTALL) did, in time linear in the text: it looked
    for a comment's end again from every ``<!--`` (8.6 s for a title of 80,000 characters of
    unclosed ones). With no end after one opener, there is none after a later one.
    """
    pieces: list[str] = []
    last = pos = 0
    closed = True  # whether a comment's end may still come
    while (mark := _MARKS.search(text, pos)) is not None:
        start, end = mark.start(), mark.end()
        if mark.group() == "<!--":
            found = text.find("-->", end) if closed else -1
            if found < 0:
                closed = False
                pos = end
                continue
            end = found + 3
        pieces.append(text[last:start])
        pieces.append(" ")
        last = pos = end
    if not pieces:
        return text
    pieces.append(text[last:])
    return "".join(pieces)


_QUOTED_ATTRIBUTE = re.compile(r"=\s*[\"']")


def strip_markup(text: str) -> str:
    """``text`` without its HTML, JATS and MathML markup; text that only looks like a tag stays.

    A tag is markup when its element is a known HTML, JATS or MathML one and the text shows it
    is markup: a closing tag, an element closed later in the text, an empty element (``<br>``,
    ``<br/>``), quoted attributes (``<span class="x">``), a namespace prefix (``<jats:p>``),
    or any other tag in the same text that is markup. ``Bounds for x<y and y>z`` and
    ``On <p>-adic numbers`` are kept as they are; ``<p>Die <i>Größe</i></p>`` loses its tags.
    Comments and CDATA markers go too. Idempotent.
    """
    if "<" not in text or ">" not in text:
        return text
    text = _blank_comments(text)
    tags = [m for m in _TAG.finditer(text) if m["name"].lower() in _KNOWN_TAGS]
    if not tags:
        return text
    closed = {m["name"].lower() for m in tags if m["close"]}

    def certain(m: re.Match[str]) -> bool:
        name = m["name"].lower()
        return bool(
            m["close"]
            or m["self"]
            or m["prefix"]
            or name in closed
            or name in _VOID_TAGS
            or _QUOTED_ATTRIBUTE.search(m["attrs"] or "")
        )

    sure = [certain(m) for m in tags]
    if not any(sure):
        return text  # x<b and c>d, <p>-adic: nothing shows that this is markup
    out: list[str] = []
    last = 0
    for m, is_sure in zip(tags, sure, strict=True):
        if not is_sure and (m["attrs"] or "").strip():
            continue  # <b and c> beside real markup: still not a tag
        out.append(text[last : m.start()])
        out.append("" if m["name"].lower() in _INLINE_TAGS else " ")
        last = m.end()
    out.append(text[last:])
    return "".join(out)


_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")


def clean_text(value: str) -> str:
    """Entities unescaped, markup stripped, mojibake repaired, NFC, whitespace collapsed.

    Only real markup goes (`strip_markup`): ``Bounds for x<y and y>z`` keeps its text.

    Idempotent: cleaning a cleaned text changes nothing.
    """
    text = value
    for _ in range(3):  # double-escaped entities (&amp;#246;) come out in two rounds
        unescaped = html.unescape(text)
        if unescaped == text:
            break
        text = unescaped
    text = strip_markup(text)
    if not text.isascii() or _CONTROL.search(text):  # mojibake needs non-ASCII characters
        text = " ".join(text.split())  # ftfy reads "Š¼Â" and "Š¼Â " differently
        for _ in range(4):  # a repair can reveal more mojibake (C1 controls read as cp1252)
            fixed = _fix_mojibake(text)
            if fixed != text and _odd(fixed) and not _NOT_CP1252.search(text):
                # ftfy read a few bytes of another code page as UTF-8 ("È°" of EUC-KR):
                # the whole text decoded with that code page, when one reads it
                fixed = repair_code_page(text) if repair_code_page(text) != text else fixed
            fixed = repair_code_page(fixed)
            if fixed == text:
                break
            text = fixed
    text = unicodedata.normalize("NFC", text)
    return " ".join(text.split())


#: The code pages a text may have been written in and then read as cp1252 (or Latin-1):
#: the Windows single-byte ones of other scripts, and the East Asian multi-byte ones.
_CODE_PAGES = (
    "cp1251", "cp1250", "cp1253", "cp1257", "cp1256", "cp1255", "cp874",
    "shift_jis", "euc_jp", "gbk", "big5", "euc_kr",
)  # fmt: skip


def repair_code_page(text: str) -> str:
    """``text`` decoded anew when it was written in another code page and read as cp1252.

    ftfy repairs UTF-8 read as cp1252; a text written in cp1251 (Cyrillic), cp1250
    (Polish, Czech) or Shift_JIS and read as cp1252 or Latin-1 it leaves as it is
    ("Âëèÿíèå" for "Влияние", "Wp³yw" for "Wpływ"). Such a text is read back to its bytes
    and decoded with each code page of `_CODE_PAGES`; the first that gives a text without
    anything odd and with each word in one script wins, when the text itself is odd: a
    Latin word made mostly of accented letters, a control character, a symbol between
    letters (`_odd`). Text that is not odd is returned as it is.
    """
    if _NOT_CP1252.search(text) or not _odd(text):
        return text
    raw = bytearray()
    for char in text:
        try:
            raw += char.encode("cp1252")
        except UnicodeEncodeError:
            if ord(char) > 0xFF:
                return text  # not a text read as cp1252 or Latin-1
            raw.append(ord(char))
    found: dict[str, str] = {}
    for page in _CODE_PAGES:
        try:
            decoded = bytes(raw).decode(page)
        except UnicodeDecodeError:
            continue
        if (
            decoded != text
            and not _odd(decoded)
            and all(len(_letter_scripts(word)) <= 1 for word in decoded.split())
        ):
            found[page] = decoded
    if len(found) > 1:  # Arabic bytes read as Cyrillic, Korean ones as Chinese: ask which
        page = _likeliest_page(bytes(raw), tuple(found))
        return found.get(page, next(iter(found.values())))
    return next(iter(found.values()), text)


def _likeliest_page(raw: bytes, pages: tuple[str, ...]) -> str:
    """The code page charset_normalizer finds likeliest for ``raw`` among ``pages``, or ""."""
    import charset_normalizer  # a core dependency, loaded when a text needs it

    best = charset_normalizer.from_bytes(raw, cp_isolation=list(pages)).best()
    return str(best.encoding) if best is not None else ""


def _letter_scripts(text: str) -> set[str]:
    """The scripts of the letters of ``text`` (the first word of their Unicode names)."""
    names = (unicodedata.name(c, "?").split()[0] for c in text if c.isalpha())
    return {"CJK" if n in ("CJK", "HIRAGANA", "KATAKANA") else n for n in names}


#: What cp1252 (and Latin-1's C1 controls) decode bytes to: a text with anything else was
#: not read as cp1252.
_CP1252 = (
    "\x00-\xff\u0152\u0153\u0160\u0161\u0178\u017d\u017e\u0192\u02c6\u02dc"
    "\u2013\u2014\u2018-\u201e\u2020-\u2022\u2026\u2030\u2039\u203a\u20ac\u2122"
)
_NOT_CP1252 = re.compile(f"[^{_CP1252}]")
_C1 = re.compile("[\x80-\x9f]")
_ACCENTED = re.compile("[\xc0-\xd6\xd8-\xf6\xf8-\xff\u0152\u0153\u0160\u0161\u0178\u017d\u017e]")
_ASCII_LETTERS = re.compile("[A-Za-z]")
#: A sign of cp1252 between two letters ("Wp³yw"): a letter of another code page.
_SIGN_IN_WORD = re.compile(
    "(?<=[^\\W\\d_])[\xa2-\xa9\xab-\xb4\xb6\xb8\xb9\xbb-\xbe\xd7\xf7\u0192\u02c6\u02dc"
    "\u2020-\u2022\u2030\u2039\u203a\u20ac\u2122](?=[^\\W\\d_])"
)


def _odd(text: str) -> int:
    """How many words of ``text`` look decoded with the wrong code page (see `repair_code_page`)."""
    if _C1.search(text):
        return 1 + len(_C1.findall(text))
    odd = len(_SIGN_IN_WORD.findall(text))
    for word in text.split():
        accented = len(_ACCENTED.findall(word))
        if accented and accented * 2 > accented + len(_ASCII_LETTERS.findall(word)) >= 2:
            odd += 1
    return odd


# -- dates ---------------------------------------------------------------------------------


def _month(word: str) -> int | None:
    """The month a word names in any CLDR locale (``Ocak``, ``März``, ``января``), or None.

    The names are the Unicode CLDR's, written out by bench/dedupe_cldr_months.py
    (`_cldr_months`), not lists per language; a name with its diacritics lost
    (``Marz``, ``Marco``) is read too.
    """
    from ._cldr_months import MONTHS

    word = unicodedata.normalize("NFC", word.rstrip("."))
    return MONTHS.get(word) or MONTHS.get(fold(word).replace(" ", ""))


@attrs.frozen
class PartialDate:
    """A date at the precision it was given.

    Attributes:
        iso: ``"2023"``, ``"2023-01"`` or ``"2023-01-15"``.
        precision: ``"year"``, ``"month"`` or ``"day"``.
        original: the text it was read from.
    """

    iso: str
    precision: Precision
    original: str


def _valid(year: int, month: int | None = None, day: int | None = None) -> bool:
    if not 1000 <= year <= 2999:
        return False
    if month is not None and not 1 <= month <= 12:
        return False
    if day is not None:
        import calendar

        return month is not None and 1 <= day <= calendar.monthrange(year, month)[1]
    return True


def normalize_date(value: str) -> PartialDate | None:
    """Read a date in the usual forms; None when it is not one.

    ``2023``, ``2023-01``, ``2023-01-15``, ISO timestamps, ``15.01.2023``,
    ``15/01/2023`` (day first), ``January 2023``, ``15 January 2023``,
    ``January 15, 2023``, ``Ocak 2023``, ``März 2023``. Digits of every script are read
    (Arabic-Indic ones too); a year before 1600 written in Persian digits is of the Solar
    Hijri calendar and one in Arabic-Indic digits of the Hijri calendar, given in Gregorian
    (1398/05/12 in Persian digits is ``2019-08-03``); see `in_gregorian`. Dates of the
    Japanese eras (``令和5年4月1日``, ``H30.3.31``, ``Reiwa 5``: `_ERAS`) and in the CJK
    order (``2023年4月1日``, ``2023년 4월 1일``, ``2023.3.31``) are read too.
    """
    text = clean_text(value).strip().rstrip(".")
    bare = _without_marks(unicodedata.normalize("NFKC", text))  # full-width digits, ㋿, Shōwa
    if _ERA.match(bare) or _CJK_DATE.fullmatch(bare):
        return _era_or_cjk_date(bare, value)
    named = _named_calendar(text)
    if named is not None:
        calendar, written = named
        found = _parse_date(written, value)
        return in_gregorian(found, calendar) if found else None
    calendar = ""
    if not text.isascii():
        calendar = _calendar_of_digits(text)
        text = _ascii_digits(text)
        found = _parse_date(text.replace("/", "-") if calendar else text, value)
        if calendar and found and int(found.iso[:4]) < _GREGORIAN_FROM:
            return in_gregorian(found, calendar)  # ۱۳۹۸: Solar Hijri; ۲۰۱۹ is Gregorian
        if found and _DEVANAGARI_DIGIT.search(value) and int(found.iso[:4]) > _this_year() + 1:
            return in_gregorian(found, "bikram sambat")  # २०७८: Nepal's calendar, not 2078
        return found
    return _parse_date(text, value)


def _ascii_digits(text: str) -> str:
    return _ASCII_DIGITS.sub(lambda m: str(unicodedata.digit(m.group(), 0)), text)


def _this_year() -> int:
    import datetime

    return datetime.date.today().year


#: Calendars a date may name beside its number (calendar facts, like `_ERAS`): the
#: Ethiopian (``2012 ዓ.ም.``, ``2012 E.C.``), Bikram Sambat (``2078 B.S.``, ``वि.सं. २०७८``),
#: Buddhist (``พ.ศ. 2566``, ``2566 B.E.``), Solar Hijri (``1398 SH`` and its Persian
#: abbreviation) and Hijri (``1440 AH`` and its Arabic one) years. Each name is written
#: with or without its dots.
_CALENDAR_NAMES: tuple[tuple[str, str], ...] = (
    ("ethiopian", r"ዓ\.?\s*ም|e\.?\s*c|eth\.?\s*c"),
    ("bikram sambat", r"b\.?\s*s|v\.?\s*s|बि\.?\s*सं|वि\.?\s*सं"),
    ("buddhist", r"b\.?\s*e|พ\.?\s*ศ"),
    ("solar hijri", "s\\.?\\s*h|h\\.?\\s*sh|\u0647\u0640?\\.?\\s*\u0634"),  # and in Persian
    ("hijri", "a\\.?\\s*h|\u0647\u0640?\\.?\\s*\u0642|\u0647\u0640"),  # and in Arabic
)
_CALENDAR_NAME = "|".join(f"(?P<c{i}>{p})" for i, (_, p) in enumerate(_CALENDAR_NAMES))
#: A date (year first, any script's digits) with a calendar's name after or before it.
_NAMED_CALENDAR = re.compile(
    rf"^\s*(?:(?:{_CALENDAR_NAME})\.?\s*)?(?P<date>\d{{3,4}}(?:[-/.]\d{{1,2}}){{0,2}})"
    rf"\s*(?:(?:{_CALENDAR_NAME.replace('?P<c', '?P<d')})\.?)?\s*$",
    re.IGNORECASE,
)
_DEVANAGARI_DIGIT = re.compile("[\u0966-\u096f]")


def _named_calendar(text: str) -> tuple[str, str] | None:
    """The calendar a date names and the date in ASCII digits, or None when it names none."""
    found = _NAMED_CALENDAR.match(text)
    if not found:
        return None
    for i, (calendar, _) in enumerate(_CALENDAR_NAMES):
        if found[f"c{i}"] is not None or found[f"d{i}"] is not None:
            return calendar, _ascii_digits(found["date"]).replace("/", "-").replace(".", "-")
    return None


@functools.lru_cache(maxsize=1 << 14)  # a harvest's dates repeat: read each once
def written_years(value: str) -> tuple[int | None, frozenset[int]]:
    """The year a date of another calendar is written with, and the Gregorian years it spans.

    A copy of a record often keeps a date's number and drops its calendar's name (an
    aggregator's ``2012`` for the journal's ``2012 ዓ.ም.``): such a date is read as its
    number as written and as each Gregorian year the calendar's year overlaps (the Ethiopian
    2012 is September 2019 to September 2020): ``(2012, {2019, 2020})``. A Gregorian date
    gives ``(None, {})``; a year before 1600 its number only (``1394``, of a calendar its
    digits do not tell); a year past the next one, in which no work has been published, is
    read as Bikram Sambat, the calendar in use whose years run that far ahead
    (``2075-05-04`` is of 2018 or 2019).
    """
    text = value.strip().rstrip(".")
    named = _named_calendar(text)
    if named is not None:
        calendar, written = named
    elif not text.isascii() and (_calendar_of_digits(text) or _DEVANAGARI_DIGIT.search(text)):
        calendar, written = _calendar_of_digits(text) or "bikram sambat", _ascii_digits(text)
    else:
        calendar, written = "", text
    year = re.match(r"\s*(\d{3,4})(?!\d)", written)
    if not year:
        return None, frozenset()
    number = int(year[1])
    if not calendar or (calendar == "bikram sambat" and not named):
        if number > _this_year() + 1:
            calendar = "bikram sambat"  # the calendar in use whose years run that far ahead
        elif 1000 <= number < _GREGORIAN_FROM and not calendar:
            return number, frozenset()  # 1394: of a calendar its digits do not tell
        elif not calendar or calendar == "bikram sambat":
            return None, frozenset()  # a Gregorian year (in any digits: २०१९ in India)
    spans = set()
    for month in (1, 12):
        start = in_gregorian(PartialDate(f"{number}-{month:02d}", "month", value), calendar)
        if start is not None:
            spans.add(int(start.iso[:4]))
    return number, frozenset(spans)


#: Decimal digits outside ASCII (any script's).
_ASCII_DIGITS = re.compile(r"(?![0-9])\d")

#: The eras of the Japanese calendar since it took the Gregorian months (a calendar fact):
#: name, romanised name, abbreviation, the Gregorian year of its first year, and its last
#: year (its number), if it has ended. 令和5年 is 2023; 平成31年 (1 Jan to 30 Apr) 2019.
_ERAS: tuple[tuple[str, str, str, int, int | None], ...] = (
    ("明治", "meiji", "m", 1868, 45),
    ("大正", "taisho", "t", 1912, 15),
    ("昭和", "showa", "s", 1926, 64),
    ("平成", "heisei", "h", 1989, 31),
    ("令和", "reiwa", "r", 2019, None),
)
_ERA_BY_NAME = {n: era for era in _ERAS for n in era[:3]}
#: An era and its year at the start of a date: ``令和5年``, ``令和元年``, ``Reiwa 5``, ``H30``.
#: (元 is the first year of an era; ㋿, the Reiwa square, is 令和 once NFKC-normalised.)
_ERA = re.compile(
    r"(?P<era>明治|大正|昭和|平成|令和|meiji|taisho|showa|heisei|reiwa|[mtshr])"
    r"\s*(?P<year>[0-9]{1,2}|元)(?![0-9])(?P<rest>.*)",
    re.IGNORECASE | re.DOTALL,
)
#: A year first, then month and day, with the markers of Chinese, Japanese and Korean dates
#: (``2023年4月1日``, ``2023년 4월 1일``) or dots and slashes (``2023.3.31``, ``2023/03/31``).
_CJK_DATE = re.compile(
    r"([0-9]{4})\s*(?:[年년]|[./](?=\s*[0-9]))\s*"
    r"(?:([0-9]{1,2})\s*(?:[月월]|[./](?=\s*[0-9]))?\s*(?:([0-9]{1,2})\s*[日일]?)?)?"
)


def _without_marks(text: str) -> str:
    return unicodedata.normalize(
        "NFC",
        "".join(c for c in unicodedata.normalize("NFD", text) if not unicodedata.combining(c)),
    )


def _era_or_cjk_date(text: str, value: str) -> PartialDate | None:
    """A date of a Japanese era (`_ERAS`) or in the CJK order of year, month, day.

    ``text`` is NFKC-normalised and without marks (``Showa 64``, ASCII digits).
    """
    era = _ERA.match(text)
    if era:
        _, _, _, first, last = _ERA_BY_NAME[era["era"].lower()]
        number = 1 if era["year"] == "元" else int(era["year"])
        if number < 1 or (last is not None and number > last):
            return None
        gregorian = first + number - 1
        rest = era["rest"].strip()
        if rest in ("", "年", "년"):
            return PartialDate(str(gregorian), "year", value) if _valid(gregorian) else None
        if rest[0] not in "年년./":
            return None  # 令和5年度 (a fiscal year), R5-A: not a date this reads
        text = f"{gregorian}{rest}"
    found = _CJK_DATE.fullmatch(text)
    if not found:
        return None
    year, month, day = found[1], found[2], found[3]
    if day and month and _valid(int(year), int(month), int(day)):
        return PartialDate(f"{year}-{int(month):02d}-{int(day):02d}", "day", value)
    if month and not day and _valid(int(year), int(month)):
        return PartialDate(f"{year}-{int(month):02d}", "month", value)
    if not month and _valid(int(year)):
        return PartialDate(year, "year", value)
    return None


def _calendar_of_digits(text: str) -> str:
    """The calendar a date's digits say: Persian digits Solar Hijri, Arabic-Indic Hijri."""
    if re.search("[\u06f0-\u06f9]", text):
        return "solar hijri"
    if re.search("[\u0660-\u0669]", text):
        return "hijri"
    return ""


def in_gregorian(date: PartialDate, calendar: str) -> PartialDate | None:
    """A date of the Solar Hijri or Hijri calendar in the Gregorian one, at its precision.

    ``calendar`` is ``"solar hijri"``, ``"hijri"``, ``"ethiopian"``, ``"bikram sambat"``
    or ``"buddhist"``; a year alone is the Gregorian year of its middle.

    Solar Hijri through jdatetime (arithmetic, microseconds; convertdate's astronomical one
    took 0.1 s a date), Hijri through convertdate's arithmetic calendar, Ethiopian through
    convertdate's Coptic one, the Buddhist era by its offset, Bikram Sambat to within a few
    days (`_from_bikram_sambat`: its months are set by table), so at month precision.
    """
    year = int(date.iso[:4])
    month = int(date.iso[5:7]) if date.precision != "year" else 7
    day = int(date.iso[8:10]) if date.precision == "day" else 1
    precision = date.precision
    try:
        if calendar == "solar hijri":
            import jdatetime

            gregorian = jdatetime.date(year, month, day).togregorian()
            y, m, d = gregorian.year, gregorian.month, gregorian.day
        elif calendar == "ethiopian":
            from convertdate import coptic  # the Ethiopian calendar is the Coptic one, 276 on

            y, m, d = coptic.to_gregorian(year - _ETHIOPIAN_AFTER_COPTIC, month, day)
        elif calendar == "buddhist":
            y, m, d = year - _BUDDHIST_ERA, month, day
        elif calendar == "bikram sambat":
            y, m, d = _from_bikram_sambat(year, month, day)
            precision = "year" if precision == "year" else "month"  # its months vary by year
        elif calendar == "hijri":
            from convertdate import islamic

            y, m, d = islamic.to_gregorian(year, month, day)
        else:
            return None
    except (ValueError, ImportError):
        return None
    if not _valid(y, m, d if precision == "day" else None):
        return None
    iso = {"year": f"{y}", "month": f"{y}-{m:02d}", "day": f"{y}-{m:02d}-{d:02d}"}[precision]
    return PartialDate(iso, precision, date.original)


#: The Ethiopian year is the Coptic year plus this (both begin on 11 or 12 September).
_ETHIOPIAN_AFTER_COPTIC = 276
#: The Buddhist era of Thailand: its year (from 1 January since 1941) less this.
_BUDDHIST_ERA = 543
#: The Bikram Sambat year begins in mid-April of the Gregorian year this many years before.
_BIKRAM_SAMBAT_AHEAD = 57


def _from_bikram_sambat(year: int, month: int, day: int) -> tuple[int, int, int]:
    """A Bikram Sambat date in the Gregorian calendar, to within a few days.

    Its year begins about 14 April (Baisakh 1), and its months run from the middle of one
    Gregorian month to the middle of the next; their lengths (29 to 32 days) are set for
    each year by table, so the month is right and the day only about.
    """
    if not (1 <= month <= 12 and 1 <= day <= 32):
        raise ValueError(f"no Bikram Sambat date {year}-{month}-{day}")
    import datetime

    start = datetime.date(year - _BIKRAM_SAMBAT_AHEAD, 4, 14)
    found = start + datetime.timedelta(days=round((month - 1) * 30.44) + day - 1)
    return found.year, found.month, found.day


#: A word and the number that follows it with only blanks between (``issue 3``, ``no. 12``).
_LABELLED_NUMBER = re.compile(r"([^\W\d_]+\.?)\s*([0-9]+)\b")


def _parse_date(text: str, value: str) -> PartialDate | None:
    lowered = text.lower()
    match = re.fullmatch(
        r"([0-9]{4})-([0-9]{2})-([0-9]{2})(?:[T ][0-9:.]+(?:Z|[+-][0-9]{2}:?[0-9]{2})?)?", text
    )
    if match and _valid(*(int(g) for g in match.groups())):
        return PartialDate(f"{match[1]}-{match[2]}-{match[3]}", "day", value)
    match = re.fullmatch(r"([0-9]{4})-([0-9]{1,2})", text)
    if match and _valid(int(match[1]), int(match[2])):
        return PartialDate(f"{match[1]}-{int(match[2]):02d}", "month", value)
    match = re.fullmatch(r"([0-9]{4})", text)
    if match and _valid(int(match[1])):
        return PartialDate(match[1], "year", value)
    match = re.fullmatch(r"([0-9]{1,2})[./]([0-9]{1,2})[./]([0-9]{4})", text)
    if match and _valid(int(match[3]), int(match[2]), int(match[1])):
        return PartialDate(f"{match[3]}-{int(match[2]):02d}-{int(match[1]):02d}", "day", value)
    words = re.findall(r"[^\W\d_]+\.?|[0-9]+", lowered)
    months = [_month(w) for w in words if not w.isdigit()]
    numbers = [int(w) for w in words if w.isascii() and w.isdigit()]
    month = next((m for m in months if m), None)
    years = [n for n in numbers if 1000 <= n <= 2999]
    if month is None or len(years) != 1 or len(words) > 4:
        return None
    year = years[0]
    # a number right after a word that is no month is that label's ("Issue 3", "No. 12,
    # Dec. 2019", "Nº 5, mar."): an issue's, not a day
    labelled = {int(m[2]) for m in _LABELLED_NUMBER.finditer(lowered) if _month(m[1]) is None}
    days = [n for n in numbers if n != year and 1 <= n <= 31 and n not in labelled]
    if days and _valid(year, month, days[0]):
        return PartialDate(f"{year}-{month:02d}-{days[0]:02d}", "day", value)
    if not days and _valid(year, month):
        return PartialDate(f"{year}-{month:02d}", "month", value)
    return None


# -- names ---------------------------------------------------------------------------------

_PARTICLES = set(
    "van von der den de del della di da du la le ter ten dos das zu al el bin ibn".split()  # noqa: SIM905
)


@attrs.frozen
class Name:
    """A person's name, split.

    Attributes:
        family: the family name, particles included (``van der Berg``).
        given: the given names as written (may be initials).
        initials: the given names' initials (``"J. K."``).
        original: the text it was read from.
    """

    family: str
    given: str
    initials: str
    original: str


def _initials(given: str) -> str:
    parts = [p for p in re.split(r"[\s.]+|(?<=\w)-(?=\w)", given) if p]
    return " ".join(f"{p[0].upper()}." for p in parts)


def _family_case(family: str) -> str:
    if family.isupper() and len(family) > 2:
        return " ".join(
            w.lower() if w.lower() in _PARTICLES else w.capitalize() for w in family.split()
        )
    return family


def _is_initials(word: str) -> bool:
    """``J``, ``JK``, ``J.K.``, ``ŞD``: one to three capital letters, each maybe with a dot."""
    letters = word.replace(".", "")
    return 1 <= len(letters) <= 3 and letters.isalpha() and letters.isupper()


#: A degree or a suffix after a comma: abbreviations with dots (``M.D.``, ``Ph.D.``, ``Jr.``),
#: a short word with a capital inside (``PhD``, ``MSc``), or a Roman numeral (``III``).
_DEGREE = re.compile(
    r"(?:[^\W\d_]{1,4}\.\s*)+|[^\W\d_][a-z]?[A-Z][^\W\d_]{0,2}|(?=[IVX]{2,4}$)[IVX]+"
)
#: Leading abbreviations with a dot, of two letters or more: honorifics (``Prof.``, ``Dr.``).
_HONORIFIC = re.compile(r"(?:[^\W\d_]{2,}\.\s+)+")


def _without_honorifics(text: str, *, keep: int) -> str:
    """``text`` without its leading abbreviations, when enough of it is left.

    ``keep`` words or more must be left, one of them written out: ``Ya. A.`` and ``Chr.
    Müller`` are initials, not titles.
    """
    found = _HONORIFIC.match(text)
    if not found:
        return text
    rest = text[found.end() :].replace(",", " ").split()
    if len(rest) >= keep and any(len(w) > 1 and "." not in w for w in rest[: keep - 1 or 1]):
        return text[found.end() :]
    return text


def parse_name(value: str) -> Name:
    """Split a name into family and given names with initials, keeping the original.

    ``Smith, John``, ``John Smith``, ``J. Smith``, ``SMITH J``, ``Smith JK`` (PubMed),
    ``van der Berg, Anna`` and Turkish names such as ``Doğan, Ayşe`` or ``Doğan ŞD`` (with
    their own letters) are all read. Honorifics and degrees go, told by their form, not by
    a list: abbreviations with a dot before the name (``Prof. Dr. Ayşe Kaya``, ``Kaya,
    Doç. Dr. Ayşe``) and degrees or suffixes after a comma (``Ayşe Kaya, PhD``, ``Smith,
    John, M.D.``).
    """
    text = clean_text(value)
    parts = [p.strip() for p in text.split(",")]
    while len(parts) > 2 and _DEGREE.fullmatch(parts[-1]):
        parts.pop()  # Smith, John, M.D.
    if len(parts) == 2 and len(parts[0].split()) >= 2 and _DEGREE.fullmatch(parts[1]):
        parts.pop()  # Ayşe Kaya, PhD
    text = _without_honorifics(", ".join(parts), keep=2)
    if "," in text:
        family, given = (p.strip() for p in text.split(",", 1))
        given = _without_honorifics(given, keep=1)
    else:
        words = text.split()
        if not words:
            return Name("", "", "", value)
        if unspaced(text):  # 山口 香織: Han and kana names are written family name first
            family, given = words[0], " ".join(words[1:])
        elif len(words) >= 2 and _is_initials(words[-1]) and not _is_initials(words[0]):
            family, given = " ".join(words[:-1]), words[-1]  # SMITH J, Smith JK, Doğan ŞD
        else:
            cut = len(words) - 1
            while cut > 0 and words[cut - 1].lower() in _PARTICLES:
                cut -= 1
            family, given = " ".join(words[cut:]), " ".join(words[:cut])
    if _is_initials(given) and len(given) > 1 and "." not in given:
        given = " ".join(f"{c}." for c in given)  # JK: J. K.
    return Name(_family_case(family), given, _initials(given), value)


# -- identifiers ---------------------------------------------------------------------------

# OpenAIRE's relation vocabulary: ``info:eu-repo/semantics/altIdentifier/doi/...`` is the
# record's own DOI; ``.../reference/...``, ``.../dataset/...`` and the like name other works.
_OTHER_WORK = re.compile(r"info:eu-repo/semantics/(?!altIdentifier/)[A-Za-z]+/", re.IGNORECASE)


_ISSN_SHAPE = re.compile(r"(?<![\dXx])(\d{4})[-\u2010-\u2015 ]?(\d{3}[\dXx])(?![\dXx])")


def valid_issn(value: str) -> str | None:
    """The ISSN as ``1234-567X`` when its check digit is right, else None.

    The value must be an ISSN with at most a short label (``ISSN 2049-3630``, ``2049-3630
    (Online)``): a citation whose page numbers happen to make eight digits is none.
    """
    found = _ISSN_SHAPE.search(value)
    if found is None:
        return None
    rest = value[: found.start()] + value[found.end() :]
    if any(c.isdigit() for c in rest) or len(rest.strip()) > 20:
        return None
    digits = (found.group(1) + found.group(2)).upper()
    total = sum(int(d) * (8 - i) for i, d in enumerate(digits[:7]))
    check = (11 - total % 11) % 11
    expected = "X" if check == 10 else str(check)
    return f"{digits[:4]}-{digits[4:]}" if digits[7].upper() == expected else None


def valid_isbn(value: str) -> str | None:
    """The ISBN (10 or 13 digits, without hyphens) when its check digit is right, else None."""
    digits = re.sub(r"[^0-9Xx]", "", value.upper().removeprefix("ISBN")).upper()
    if len(digits) == 10 and digits[:9].isdigit():
        total = sum((10 - i) * (10 if d == "X" else int(d)) for i, d in enumerate(digits))
        return digits if total % 11 == 0 else None
    if len(digits) == 13 and digits.isdigit():
        total = sum(int(d) * (1 if i % 2 == 0 else 3) for i, d in enumerate(digits))
        return digits if total % 10 == 0 else None
    return None


_LANGUAGES = {
    "en": (
        "en",
        "eng",
        "english",
        "englisch",
        "anglais",
        "inglés",
        "ingles",
        "inglês",
        "ingilizce",
    ),
    "tr": ("tr", "tur", "turkish", "türkçe", "turkce", "türkisch", "turc", "turco"),
    "de": ("de", "deu", "ger", "german", "deutsch", "allemand", "alemán", "alemao", "almanca"),
    "fr": (
        "fr",
        "fra",
        "fre",
        "french",
        "français",
        "francais",
        "französisch",
        "francés",
        "fransızca",  # noqa: RUF001
    ),
    "es": ("es", "spa", "spanish", "español", "espanol", "spanisch", "espagnol", "ispanyolca"),
    "pt": ("pt", "por", "portuguese", "português", "portugues", "portugiesisch", "portugais"),
    "it": ("it", "ita", "italian", "italiano", "italienisch", "italien"),
    "ru": ("ru", "rus", "russian", "русский", "russisch"),
    "ar": ("ar", "ara", "arabic", "arabisch", "arapça"),
    "nl": ("nl", "nld", "dut", "dutch", "nederlands", "niederländisch"),
    "zh": ("zh", "zho", "chi", "chinese", "中文"),
    "ja": ("ja", "jpn", "japanese", "日本語"),
    "ko": ("ko", "kor", "korean", "한국어", "koreanisch", "coréen", "coreano"),
}
_LANGUAGE_CODES = {alias: code for code, aliases in _LANGUAGES.items() for alias in aliases}


def language_code(value: str) -> str | None:
    """An ISO 639-1 code for a language name or code (``"Türkçe"``, ``"ger"``, ``"en-US"``)."""
    text = clean_text(value).strip().lower()
    if text in _LANGUAGE_CODES:
        return _LANGUAGE_CODES[text]
    head = re.split(r"[-_]", text, maxsplit=1)[0]
    return _LANGUAGE_CODES.get(head)


# -- which date, which version --------------------------------------------------------------

# A time of day other than midnight: when a record was deposited, not when it was published
# (a date converted to a timestamp comes out as T00:00:00).
_DEPOSIT = re.compile(r"\d[T ](?!00:00(?::00)?(?:\.0+)?(?:Z|[+-]00:?00)?$)\d{1,2}:\d{2}")
_ISSUED_FIELD = re.compile(r"(?:^|[._:-])(?:issued|published|datepublished|dateissued)$", re.I)
_CITATION_FIELD = re.compile(r"(?:^|[._:-])(?:source|citation|bibliographiccitation)$", re.I)
_CITED_YEAR = re.compile(r"(?<!\d)(1[5-9]\d\d|20\d\d)(?!\d)")
_CITATION_YEAR = re.compile(r"\((1[5-9]\d\d|20\d\d)\)")  # Author (2012). Title. Journal


def deposit_stamps(metadata: Mapping[str, Iterable[str]]) -> tuple[str, ...]:
    """The dates given to the second with a time of day: when the record was deposited."""
    return tuple(
        dict.fromkeys(
            value.strip()
            for name, values in metadata.items()
            if name == "date" or "date" in name.lower()
            for value in values
            if _DEPOSIT.search(value.strip())
        )
    )


#: Years before this, beside later ones in one record, are of another calendar.
_GREGORIAN_FROM = 1600


def _beside_gregorian(dates: list[PartialDate]) -> list[PartialDate]:
    """The Gregorian dates, when a record gives dates of another calendar beside them.

    A record may give a Solar Hijri or Hijri year (``1398``, ``1440``) beside the Gregorian
    one (``2019``): a year before `_GREGORIAN_FROM` beside a later one is of another
    calendar, and the Gregorian date beside it already says when; so is a date that names
    its calendar (``2002 ዓ.ም.`` beside ``2009-11-23``) or one of a year still to come.
    """
    gregorian = [
        d
        for d in dates
        if int(d.iso[:4]) >= _GREGORIAN_FROM and written_years(d.original)[0] is None
    ]
    return gregorian or dates


def publication_date(metadata: Mapping[str, Iterable[str]]) -> PartialDate | None:
    """The record's publication date among the dates it lists, or None.

    A repository lists several dates: DSpace's XOAI gives ``dc.date.accessioned`` and
    ``dc.date.available`` (deposit timestamps, often years after publication) before
    ``dc.date.issued``, and its oai_dc keeps all three as ``date``. In order:

    1. a field named as the issue or publication date (``date.issued``, ``dc.date.issued``,
       ``dcterms:issued``, ``datePublished``);
    2. the date whose year the citation in ``source`` (or ``bibliographicCitation``, or a
       citation among the identifiers) gives;
    3. the dates without a time of day (a timestamp is a deposit), the shortest first
       (``2010`` before ``2010-05-01``), then the earliest;
    4. when only deposit timestamps are left, the year the citation gives, else None: a
       deposit says nothing of when the work was published.
    """
    issued: list[PartialDate] = []
    listed: list[PartialDate] = []
    cited: list[tuple[str, str]] = []
    for name, values in metadata.items():
        if _ISSUED_FIELD.search(name.replace("-", "")):
            issued += [d for d in (normalize_date(v) for v in values) if d]
        elif name == "date" or name.endswith((".date", ":date")):
            listed += [d for d in (normalize_date(v) for v in values) if d]
        if _CITATION_FIELD.search(name):
            cited += [(y, v) for v in values for y in _CITED_YEAR.findall(v)]
        elif name == "identifier":
            cited += [(y, v) for v in values for y in _CITATION_YEAR.findall(v)]
    if issued:
        return issued[0]
    listed = _beside_gregorian(listed)
    years = {year for year, _ in cited}
    agreeing = [d for d in listed if d.iso[:4] in years]
    dates = [d for d in listed if not _DEPOSIT.search(d.original.strip())]
    pool = agreeing or dates
    if pool:
        return min(pool, key=lambda d: (len(d.iso), d.iso))
    if cited and listed:  # deposits only: the citation dates the work
        year, text = cited[0]
        return PartialDate(year, "year", text)
    return None


_VERSIONS = {
    "preprint": "preprint",
    "pre print": "preprint",
    "submittedversion": "preprint",
    "submitted version": "preprint",
    "workingpaper": "preprint",
    "working paper": "preprint",
    "on baski": "preprint",
    "acceptedversion": "accepted",
    "accepted version": "accepted",
    "postprint": "accepted",
    "post print": "accepted",
    "author accepted manuscript": "accepted",
}


def version_of(metadata: Mapping[str, Iterable[str]]) -> str:
    """``"preprint"``, ``"accepted"`` or ``""``: the version a record's type says it is.

    Read from ``type`` (and ``version``) values in the COAR and info:eu-repo vocabularies
    (``info:eu-repo/semantics/preprint``, ``submittedVersion``, ``acceptedVersion``) and
    their plain forms (``Preprint``, ``Working Paper``, the Turkish for preprint).
    """
    found = ""
    for name in ("type", "version"):
        for value in metadata.get(name, ()):
            folded = f" {fold(value)} "
            for phrase, version in _VERSIONS.items():
                if f" {phrase} " in folded and (version == "preprint" or not found):
                    found = version
    return found


# -- records -------------------------------------------------------------------------------


@attrs.frozen
class NormalizedRecord:
    """A record cleaned, with the original kept beside.

    Attributes:
        identifier: the record's OAI identifier.
        metadata: every field, each value cleaned (`clean_text`), empty values dropped.
        titles: the cleaned titles.
        creators: the creators, split (`Name`).
        dates: the dates that could be read (`PartialDate`).
        dois: DOIs from identifiers and relations (and any other field), lower case.
        issns: checked ISSNs; isbns: checked ISBNs.
        languages: ISO 639-1 codes of the languages that could be recognised.
        fixes: what changed, one sentence each.
        raw: the row exactly as it came.
        issued: the publication date among the dates (`publication_date`), if any.
        version: ``"preprint"``, ``"accepted"`` or ``""`` (`version_of`).
    """

    identifier: str
    metadata: Mapping[str, tuple[str, ...]]
    titles: tuple[str, ...] = ()
    creators: tuple[Name, ...] = ()
    dates: tuple[PartialDate, ...] = ()
    dois: tuple[str, ...] = ()
    issns: tuple[str, ...] = ()
    isbns: tuple[str, ...] = ()
    languages: tuple[str, ...] = ()
    fixes: tuple[str, ...] = ()
    raw: Mapping[str, Any] = attrs.field(factory=dict)
    issued: PartialDate | None = None
    version: str = ""


def _values(metadata: Mapping[str, Any], name: str) -> list[str]:
    value = metadata.get(name) or []
    return [str(v) for v in (value if isinstance(value, (list, tuple)) else [value])]


def normalize(row: Mapping[str, Any]) -> NormalizedRecord:
    """Clean one record (a row as ``harvest`` writes it); the row itself is not changed."""
    metadata = row.get("metadata") or {}
    cleaned: dict[str, tuple[str, ...]] = {}
    fixes: list[str] = []
    for name in metadata:
        values = _values(metadata, name)
        out = tuple(c for c in (clean_text(v) for v in values) if c)
        changed = sum(1 for v, c in zip(values, out, strict=False) if v != c)
        if changed:
            fixes.append(f"{name}: {changed} value(s) cleaned")
        cleaned[name] = out
    dates = tuple(d for d in (normalize_date(v) for v in cleaned.get("date", ())) if d)
    relations = cleaned.get("relation", ())
    own = [v for v in relations if not _OTHER_WORK.search(v)]  # not a reference or a dataset
    identifiers = [*cleaned.get("identifier", ()), *own]
    others = [v for k, vs in cleaned.items() if k not in ("identifier", "relation") for v in vs]
    dois = find_dois([*identifiers, *(v for v in others if "doi" in v.lower())])
    issns = tuple(dict.fromkeys(i for i in (valid_issn(v) for v in identifiers) if i))
    isbns = tuple(dict.fromkeys(i for i in (valid_isbn(v) for v in identifiers) if i))
    languages = tuple(
        dict.fromkeys(c for c in (language_code(v) for v in cleaned.get("language", ())) if c)
    )
    return NormalizedRecord(
        identifier=str(row.get("identifier", "")),
        metadata=cleaned,
        titles=cleaned.get("title", ()),
        creators=tuple(parse_name(v) for v in cleaned.get("creator", ())),
        dates=dates,
        dois=dois,
        issns=issns,
        isbns=isbns,
        languages=languages,
        fixes=tuple(fixes),
        raw=row,
        issued=publication_date(cleaned),
        version=version_of(cleaned),
    )


# Deduplication and enrichment import this module's normalizers; they are loaded on first use.
