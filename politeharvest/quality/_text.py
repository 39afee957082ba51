r"""The text decisions quality and full text share (core): stop words, DOIs, folding.

Both areas read the same kinds of text (record titles, names, identifiers; the lines of a
PDF) and must decide alike what a stop word is, where a DOI stands and when two texts say
the same words. Full text imports these helpers from here; this module imports nothing of
the package.

Stop words: `TITLE_STOP` for titles (deduplication), and `STOP`, those and the function
words of running text, for the identity check, which reads the prose of a PDF.

DOIs (``10.`` + a registrant code of 4 to 9 digits + ``/`` + a suffix, the pattern Crossref
advises), one prefix and suffix rule found four ways, because callers read four kinds of text:

- `find_dois` (pattern `DOI`): in record values (doi.org URLs, also percent-encoded and
  with HTML entities, ``doi:`` forms, bare), anywhere in the value, lower case, once each;
- `dois_in` (pattern `DOI_TOKEN`): in running text (a PDF line), as whole tokens only
  (``x10.1234/y`` is no DOI), trailing punctuation and an unbalanced closing bracket
  dropped, in the order found;
- `DOI_VALUE`: a whole value that is one DOI (``doi:``, a doi.org URL or bare), its case
  kept, for building a doi.org link;
- `DOI_IN_URL`: a DOI inside an address or a ``citation_doi`` meta tag, which ends at a
  query or fragment separator (``?``, ``#``, ``&``).

Folding, two on purpose:

- `fold` (and `plain`) is the record fold of deduplication and normalisation: diacritics
  dropped, then only ASCII letters and digits kept, characters lost as ``?`` dropped;
  titles in other scripts fold to nothing, and deduplication's decisions and figures are
  measured on exactly that;
- `fold_all_scripts` is the document fold of the identity check: letters of every script
  are kept (Japanese, Chinese, Korean, Cyrillic, Greek, Arabic titles stay comparable),
  diacritics dropped only from Latin, Greek and Cyrillic letters. `keys` goes further, for
  deciding whether two texts say the same words: it repairs text decoded with the wrong
  code page (UTF-8 read as cp1252 "Ã¼", Turkish cp1254 read as cp1252 "Doðan"), writes
  LaTeX and Greek letters as their names ($\alpha$ and the letter are alpha), and treats
  the German transliterations alike (ü/ue, ö/oe, ä/ae). Scripts without spaces between
  words (Chinese, Japanese) are compared by character pairs.
"""

# Greek letters, accents and scripts on purpose.
# ruff: noqa: RUF001, RUF003
from __future__ import annotations

import functools
import html
import re
import unicodedata
import urllib.parse
from collections.abc import Iterable
from typing import Any

__all__ = [
    "DOI",
    "DOI_IN_URL",
    "DOI_TOKEN",
    "DOI_VALUE",
    "STOP",
    "TITLE_STOP",
    "content_words",
    "dois_in",
    "find_dois",
    "fold",
    "fold_all_scripts",
    "hangul_reading",
    "has_han",
    "has_hangul",
    "has_lost_characters",
    "keys",
    "latex_to_text",
    "name_greek_symbols",
    "plain",
    "repair_mojibake",
    "romanized",
    "scripts",
    "simplified_han",
    "unspaced",
    "unspaced_chars",
]

# -- stop words ----------------------------------------------------------------------------

#: Stop words of titles in the record languages seen most, folded (``icin``): they never
#: corroborate a title. Deduplication drops these. Measured for issue 35, against what the
#: harvest itself says: with the list left out, DBLP-ACM merged 4 more pairs wrongly
#: (precision 0.989 to 0.987; DBLP-Scholar F1 0.862 to 0.866); words found in 1 in 20 of
#: a harvest's records, dropped as these are, merged template traps of the generated corpus
#: ("... evaluation ..." and "... framework ..."), and only kept from making a title long
#: enough to stand alone, they lost 7 true DBLP-Scholar pairs and gained none anywhere.
TITLE_STOP = frozenset(
    (
        *("a", "an", "and", "are", "as", "at", "by", "for", "from", "in", "into", "is", "its"),
        *("of", "on", "the", "their", "to", "with", "based", "using", "via"),  # English
        *("ve", "ile", "bir", "de", "icin"),  # Turkish
        *("und", "der", "die", "das", "des", "ein", "eine", "von", "zum", "zur", "im"),  # German
        *("le", "la", "les", "du", "un", "une", "et", "en", "pour", "sur"),  # French
    )
)
#: `TITLE_STOP` and the function words of running text (English "be", "has", "it", "or",
#: "that"; more Turkish, German and French ones; Spanish, Portuguese, Italian): the identity
#: check reads the prose of a PDF, in more languages than the records' titles, and a line
#: that has these is prose. Deduplication keeps to `TITLE_STOP`: with these words dropped
#: from titles too, it merges other pairs (five more of the DBLP-Scholar benchmark).
STOP = TITLE_STOP | frozenset(
    (
        *("be", "has", "it", "or", "that"),
        *("bu", "da", "olarak"),
        *("den", "dem", "mit", "zu", "fur", "auf"),
        *("par",),
        *("el", "los", "las", "del", "y", "para", "por", "con"),  # Spanish
        *("o", "os", "do", "dos", "um", "uma", "e", "em"),  # Portuguese
        *("al", "il", "di", "che", "per"),  # Italian
    )
)

# -- DOIs ----------------------------------------------------------------------------------

_PREFIX = r"10\.\d{4,9}/"
#: A suffix runs to white space, a quote or an angle bracket (the end of an HTML attribute).
_SUFFIX = r"[^\s\"'<>]+"
#: In a record value, a SICI-style suffix keeps its bracketed part, which holds a colon
#: (``(SICI)1520-6750(200104)17:4<69::AID-MJAM5>3.0.CO;2-Q``, ``(1999)012<51:GMBASA>2.0.CO;2``):
#: cut at ``<``, the DOIs of one issue would all be one.
_RECORD_SUFFIX = r"(?:[^\s\"'<>]|<[^\s\"'<>]{0,80}:[^\s\"'<>]{0,80}>)+"
#: A DOI anywhere in a value (``https://doi.org/10.1234/x``, ``doi:10.1234/x``).
DOI = re.compile(rf"({_PREFIX}{_RECORD_SUFFIX})", re.IGNORECASE)
#: A DOI as a whole token: not inside a word or a number (``110.1234/x``, ``a10.1234/x``).
DOI_TOKEN = re.compile(rf"(?<![\w.])({_PREFIX}{_SUFFIX})", re.IGNORECASE)
#: A value that is one DOI: bare, ``doi:`` or a doi.org URL; group 1 is the DOI as written.
DOI_VALUE = re.compile(rf"^(?:doi:|https?://(?:dx\.)?doi\.org/)?({_PREFIX}\S+)$", re.IGNORECASE)
#: A DOI in an address or a meta tag: a query or a fragment ends it.
DOI_IN_URL = re.compile(rf"{_PREFIX}[^\s\"'<>?#&]+", re.IGNORECASE)


def find_dois(values: Iterable[str]) -> tuple[str, ...]:
    """DOIs in URLs (doi.org, dx.doi.org, percent-encoded), ``doi:`` forms and bare, lower case."""
    found: dict[str, None] = {}
    for value in values:
        text = html.unescape(value)
        if "%2f" in text.lower() or "%3c" in text.lower():  # https://doi.org/10.1234%2Fabc
            text = urllib.parse.unquote(text)
        for match in DOI.finditer(text):
            doi = _unclosed(match.group(1).rstrip(".,;)]}")).lower()
            found[doi] = None
    return tuple(found)


def _unclosed(doi: str) -> str:
    """`doi` without the closing brackets and quotes of any script after it.

    HAL prints identifiers in angle brackets ("⟨10.1234/abc⟩"), Chinese and Japanese text
    in fullwidth ones (U+FF08, U+FF09) with an ideographic full stop after them: Unicode's
    closing punctuation (categories Pe and Pf) ends a DOI as ")" does, and so does a full
    stop or comma of either script after it.
    """
    while doi and (unicodedata.category(doi[-1]) in ("Pe", "Pf") or doi[-1] in _STOPS):
        doi = doi[:-1]
    return doi


#: A sentence's or a clause's end, in Latin and in CJK text ("。", "、", "，").
_STOPS = frozenset(".,;:\u3001\u3002\uff0c\uff1b\uff1a")


def dois_in(text: str) -> list[str]:
    """The DOIs in a text, whole tokens, lower case, trailing punctuation dropped."""
    found = []
    for match in DOI_TOKEN.finditer(text):
        doi = _unclosed(match.group(1).rstrip(".,;:)]}>")).lower()
        if doi.count("(") < doi.count(")"):
            doi = doi[: doi.rfind(")")]
        found.append(doi)
    return found


# -- the record fold -----------------------------------------------------------------------

# A "?" right before a letter stands for a character lost on the way (a copy encoded to a
# narrower character set): "T?rkiye", "Y?lmaz". A question mark ends a word.
# Each run of "?" is tried from its start only: tried from each of its marks, a title of
# thousands of them took quadratic time (11 s for 20,000).
_LOST = re.compile(r"(?<!\?)\?+(?=[^\W\d_])")
_MARKED = re.compile(r".[\u0300-\u036f]+")  # a letter with a combining mark left after NFKC
# Blanks with a line break in them: up to the first break, then any (two runs of ``\s*``
# around the break split a long run of blank lines every way: 14 s for 20,000).
_HYPHEN_BREAK = re.compile(r"(\w)-[^\S\n]*\n\s*(\w)")
_NOT_ALNUM = re.compile(r"[^0-9a-z]+")


def fold(text: str) -> str:
    """Text folded for comparison: lower case, no diacritics, ligatures and hyphen breaks undone.

    Turkish dotted and dotless i fold to ``i`` in both cases (``İSTANBUL`` and ``ISPARTA``,
    as written or lower-cased by a Turkish or another locale), German sharp s to ``ss``;
    characters lost as ``?`` (``T?rkiye``) are dropped instead of splitting the word;
    everything but letters and digits separates words.
    """
    return _fold(text)


@functools.lru_cache(maxsize=1 << 16)  # names and headings repeat: fold each once
def _fold(text: str) -> str:
    if "\n" in text:
        text = _HYPHEN_BREAK.sub(r"\1\2", text)  # hyph-\nenation
    if "?" in text:
        text = _LOST.sub("", text)
    if not text.isascii():
        text = unicodedata.normalize("NFKC", text)  # full-width forms, ligatures, digits
        if _HAN.search(text):
            text = simplified_han(text)
        # Unicode case folding: ß is ss, final sigma is sigma, İ is i and a dot (dropped
        # below); ı stays ı and is read as i by the transliteration
        text = text.casefold()
        # marks of Latin, Greek and Cyrillic letters and Arabic vowel signs go; kana keep theirs
        text = _LATIN_MARKS.sub("", unicodedata.normalize("NFKD", text))
        text = unicodedata.normalize("NFC", text)
        if not text.isascii():
            text = _UNSPACED_CHARS.sub(r" \g<0> ", text)  # a character of these is a word
            text = "".join(_romanized(c) for c in text)
    return " ".join(_NOT_ALNUM.sub(" ", text.lower()).split())


#: Han characters, and kana and Han and Thai characters: written without spaces.
_HAN = re.compile("[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
_UNSPACED_CHARS = re.compile(
    "[\u3040-\u30ff\u31f0-\u31ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\u0e00-\u0e7f]"
)


@functools.cache
def _romanized(char: str) -> str:
    """One character in Latin letters (anyascii), without the apostrophes of signs (ь, ъ).

    Letters and digits only: other characters (a typographic apostrophe, a dash) separate
    words, as their ASCII forms do. A Han numeral is its number (``第二部`` has a 2).
    """
    if char.isascii():
        return char
    if not char.isalnum():
        return " "
    if char.isnumeric() and not char.isdecimal():  # 二: a number, as part 2 is
        value = unicodedata.numeric(char, 0.5)
        if value.is_integer():
            return f" {int(value)} "
    return str(_anyascii()(char)).strip("'`\"")


@functools.cache
def _anyascii() -> Any:
    try:
        from anyascii import anyascii
    except ImportError as exc:  # pragma: no cover - the extra is installed with the tests
        raise ImportError(
            "politeharvest.quality compares scripts through anyascii: "
            "pip install 'politeharvest[quality]'"
        ) from exc
    return anyascii


def simplified_han(text: str) -> str:
    """``text`` with its Han characters in their simplified forms (OpenCC, ``t2s``), the rest kept.

    ``臺灣`` is ``台湾``: the form in which a title written in traditional characters and the
    same title in simplified ones agree. `fold` applies it, and full text's identity check
    brings a file's Han characters into the form its record writes them in.
    """
    return str(_opencc().convert(text))


@functools.cache
def _opencc() -> Any:
    try:
        import opencc
    except ImportError as exc:  # pragma: no cover - the extra is installed with the tests
        raise ImportError(
            "politeharvest.quality folds traditional Chinese with OpenCC: "
            "pip install 'politeharvest[quality]'"
        ) from exc
    return opencc.OpenCC("t2s")


def romanized(text: str) -> str:
    """The letters and digits of ``text`` in Latin script (anyascii), lower case, run together.

    ``胡伟`` and ``Hu Wei`` are both ``huwei``, ``Шевченко`` is ``shevchenko``, ``วิชัย`` is
    ``wichai``: a key for comparing names written in two scripts. The whole text is
    transliterated at once (not character by character, as `fold` does), so that the
    vowel signs of an abugida (Thai, Devanagari) are read with their consonants.
    """
    return _romanized_text(text)


@functools.lru_cache(maxsize=1 << 14)
def _romanized_text(text: str) -> str:
    if not text.isascii():
        text = str(_anyascii()(unicodedata.normalize("NFKC", text).casefold()))
    return _NOT_ALNUM.sub("", text.lower())


def hangul_reading(text: str) -> str:
    """``text`` with each Hanja read as Hangul (its Sino-Korean reading), the rest kept.

    ``鄭賢宇`` is ``정현우``: the form in which a Korean name written in Hanja and the same
    name in Hangul or romanised agree. The readings are data (`_hanja_readings`, written
    from the hanja package's table by bench/dedupe_hanja_readings.py), one per character;
    the initial-sound rule of Korean (두음법칙) is applied to the first syllable of each word:
    ``李`` alone is ``이`` (its reading ``리``), ``林`` is ``임``, ``盧`` is ``노``.
    """
    if not _HAN.search(text):
        return text
    return _hangul_reading(text)


@functools.lru_cache(maxsize=1 << 14)
def _hangul_reading(text: str) -> str:
    from ._hanja_readings import OTHERS, READINGS, START

    out: list[str] = []
    first = True  # at the start of a word
    for char in text:
        index = ord(char) - START
        read = READINGS[index] if 0 <= index < len(READINGS) else OTHERS.get(char, ".")
        if read != ".":
            out.append(_initial_sound(read) if first else read)
            first = False
        else:
            out.append(char)
            first = not char.isalpha()
    return "".join(out)


#: Hangul vowels (jungseong indices) of the y- diphthongs and ``ㅣ``: before them an
#: initial ``ㄹ`` or ``ㄴ`` is not pronounced at the start of a word (``리`` is ``이``).
_Y_VOWELS = frozenset({2, 3, 6, 7, 12, 17, 20})
_NIEUN, _RIEUL, _IEUNG = 2, 5, 11  # choseong indices of ㄴ, ㄹ, ㅇ


def _initial_sound(syllable: str) -> str:
    """A Hangul syllable as the first of a word is read (두음법칙): ``리`` ``이``, ``로`` ``노``."""
    index = ord(syllable) - 0xAC00
    if not 0 <= index < 11172:
        return syllable
    initial, rest = divmod(index, 588)
    vowel = rest // 28
    if initial == _RIEUL:
        initial = _IEUNG if vowel in _Y_VOWELS else _NIEUN
    elif initial == _NIEUN and vowel in _Y_VOWELS - {2, 3}:  # 녀 뇨 뉴 니, not 냐
        initial = _IEUNG
    return chr(0xAC00 + initial * 588 + rest)


def has_hangul(text: str) -> bool:
    """Whether ``text`` has a Hangul letter (syllable or jamo)."""
    return bool(_HANGUL.search(text))


_HANGUL = re.compile("[\u1100-\u11ff\u3130-\u318f\uac00-\ud7a3]")


def has_han(text: str) -> bool:
    """Whether ``text`` has a Han character (Hanja, hanzi, kanji)."""
    return bool(_HAN.search(text))


def scripts(text: str) -> frozenset[str]:
    """The scripts of the letters of ``text``, from their Unicode names.

    ``"latin"``, ``"cyrillic"``, ``"arabic"``...; Han, kana and Hangul are ``"cjk"``.
    """
    if text.isascii():
        return _LATIN if any(c.isalpha() for c in text) else frozenset()
    return _scripts(text)


_LATIN = frozenset({"latin"})


@functools.lru_cache(maxsize=1 << 14)
def _scripts(text: str) -> frozenset[str]:
    return frozenset(_script(c) for c in text if c.isalpha())


@functools.lru_cache(maxsize=4096)
def _script(char: str) -> str:
    if char.isascii():
        return "latin"
    first = unicodedata.name(char, "unknown").split()[0].lower()
    return "cjk" if first in _CJK_SCRIPTS else first


_CJK_SCRIPTS = frozenset({"cjk", "hiragana", "katakana", "hangul", "halfwidth", "ideographic"})


def unspaced(text: str) -> bool:
    """Whether ``text`` has letters of a script written without spaces (Han, kana, Thai)."""
    return bool(_UNSPACED_CHARS.search(text))


def unspaced_chars(text: str) -> list[str]:
    """The characters of ``text`` in scripts written without spaces (see `unspaced`)."""
    return _UNSPACED_CHARS.findall(text)


def plain(text: str) -> str:
    """`fold` of ``text`` with every character outside ASCII dropped, and every lost one (``?``).

    The form in which a damaged copy (``T?rkiye'de ?retmen``) and the intact one
    (``Türkiye'de öğretmen``) agree: both give ``trkiye de retmen``.
    """
    text = _MARKED.sub("", unicodedata.normalize("NFKC", text))  # "i̇" of a lower-cased "İ" too
    text = "".join(c for c in text if c.isascii() and c != "?")
    return fold(text)


def has_lost_characters(text: str) -> bool:
    """Whether ``text`` shows characters lost as ``?`` (a ``?`` right before a letter)."""
    return bool(_LOST.search(text))


# -- the document fold and comparison keys -------------------------------------------------

_GREEK = {
    "α": "alpha",
    "β": "beta",
    "γ": "gamma",
    "δ": "delta",
    "ε": "epsilon",
    "ϵ": "epsilon",
    "ζ": "zeta",
    "η": "eta",
    "θ": "theta",
    "ϑ": "theta",
    "ι": "iota",
    "κ": "kappa",
    "λ": "lambda",
    "μ": "mu",
    "µ": "mu",
    "ν": "nu",
    "ξ": "xi",
    "π": "pi",
    "ρ": "rho",
    "σ": "sigma",
    "ς": "sigma",
    "τ": "tau",
    "υ": "upsilon",
    "φ": "phi",
    "ϕ": "phi",
    "χ": "chi",
    "ψ": "psi",
    "ω": "omega",
}
#: Greek letters with a tonos, dialytika or another mark (precomposed), and the marks.
_GREEK_MARKED = re.compile("[\u0386-\u038f\u0390\u03aa-\u03b0\u03ca-\u03ce\u1f00-\u1fff]")
_GREEK_MARKS = re.compile("(?<=[\u0370-\u03ff])[\u0300-\u036f\u0345]+")
#: Decimal digits other than ASCII's (Arabic-Indic, Persian, Devanagari, full-width, ...).
_OTHER_DIGIT = re.compile(r"(?![0-9])\d")
#: Letters encoded twice, an Arabic and a Persian form of one letter (a record typed on one
#: keyboard, a PDF set with the other): Arabic yeh and alef maksura are Persian yeh, Arabic
#: kaf is keheh, teh marbuta is heh.
_ARABIC_TWINS = str.maketrans(
    {"\u064a": "\u06cc", "\u0649": "\u06cc", "\u0643": "\u06a9", "\u0629": "\u0647"}
)
_GREEK_NAMES = "|".join(sorted(set(_GREEK.values()), key=len, reverse=True))
_LATEX_GREEK = re.compile(rf"\\(?:var)?({_GREEK_NAMES})\b", re.IGNORECASE)
_LATEX_COMMAND = re.compile(r"\\[a-zA-Z]+\*?\s*")
#: Turkish letters that cp1254 puts where cp1252 has Icelandic ones ("Doðan" is "Doğan").
_CP1254_AS_CP1252 = str.maketrans("ðÐþÞýÝ", "ğĞşŞıİ")
_UTF8_AS_CP1252 = re.compile("[ÃÄÅÂ][\u0080-\u00bf\u0152-\u02dc\u2013-\u203a]")
_LATIN_MARKS = re.compile(
    "(?<=[\u0000-\u052f])[\u0300-\u036f\u0483-\u0489]+|[\u0591-\u05c7\u064b-\u065f\u0670\u0640]"
)
_RTL = re.compile("[\u0590-\u08ff]")
#: Accents that TeX sets as glyphs of their own next to the letter ("difra¸c˜ao", "P´os").
_SPACING_ACCENT = re.compile(
    "(?<=[^\\W\\d_])[\u00b4\u00b8\u02dc\u00a8\u02c6\u02c7\u02d8\u02d9\u02da\u02dd\u02db`]|[\u00b4\u00b8\u02dc\u00a8\u02c6\u02c7\u02d8\u02d9\u02da\u02dd\u02db`](?=[^\\W\\d_])"
)
#: Scripts written without spaces between words: compared by pairs of characters (kana and
#: Han; Thai, Lao, Myanmar and Khmer).
_UNSPACED = re.compile(
    "[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
    "\u0e00-\u0e7f\u0e80-\u0eff\u1000-\u109f\u1780-\u17ff]"
)


def fold_all_scripts(text: str) -> str:
    """Text folded for comparison: lower case, no diacritics, ligatures and hyphen breaks undone.

    Letters of every script are kept; only Latin, Greek and Cyrillic letters lose their
    diacritics.
    """
    return _fold_scripts_short(text) if len(text) <= _CACHED else _fold_scripts(text)


#: Texts up to this long (lines, titles, names) are folded once and remembered.
_CACHED = 400


@functools.lru_cache(maxsize=8192)
def _fold_scripts_short(text: str) -> str:
    return _fold_scripts(text)


def _fold_scripts(text: str) -> str:
    if text.isascii():
        text = _HYPHEN_BREAK.sub(r"\1\2", text).lower()
        return " ".join(re.sub(r"[\W_]+", " ", text).split())
    text = unicodedata.normalize("NFKC", text)
    # a zero-width (non-)joiner shapes the letters of one word ("کم‌خونی"): no break in it,
    # and a PDF's text layer drops it more often than not
    text = text.replace("\u200c", "").replace("\u200d", "")
    text = _HYPHEN_BREAK.sub(r"\1\2", text)  # hyph-\nenation
    text = text.replace("İ", "i").replace("I", "i").replace("ı", "i")  # Turkish i
    text = text.lower().replace("ß", "ss")
    decomposed = unicodedata.normalize("NFKD", text)
    # diacritics of Latin, Greek and Cyrillic letters go; other scripts keep their marks
    text = unicodedata.normalize("NFC", _LATIN_MARKS.sub("", decomposed))
    if not text.isascii():
        text = _UNDECOMPOSED_LATIN.sub(_latin_base, text)
    if _PRE_REFORM.search(text):
        text = _modern_russian(text)
    return " ".join(_NOT_WORD.sub(_spaced, text).split())


#: Signs of Russian written before the 1918 reform: its own letters (yat, fita, izhitsa) or
#: a hard sign ending a word (a modern text has neither).
_PRE_REFORM = re.compile(r"[ѣѳѵ]|ъ(?![^\W\d_])")
_PRE_REFORM_LETTERS = str.maketrans({"ѣ": "е", "ѳ": "ф", "ѵ": "и", "і": "и"})
#: An adjective's genitive ending as the old spelling writes it ("Острогожскаго уѣзда").
_OLD_GENITIVE = re.compile(r"(?<=[^\W\d_])([ая])го(?![^\W\d_])")


def _modern_russian(text: str) -> str:
    """Pre-reform Russian in today's spelling, as a record of the text spells its title.

    Yat reads as ye, fita as ef, izhitsa and the decimal i as i, a hard sign ending a word
    goes, and an adjective's old genitive ending (-ago, -yago) is today's (-ogo, -ego):
    "Ostrogozhskago uyezda" (1910) is "Ostrogozhskogo uyezda". Only for a text that has a
    sign of the old spelling: Ukrainian's and Belarusian's decimal i stays.
    """
    text = re.sub(r"ъ(?![^\W\d_])", "", text.translate(_PRE_REFORM_LETTERS))
    return _OLD_GENITIVE.sub(lambda m: "ого" if m.group(1) == "а" else "его", text)


#: Latin letters Unicode does not decompose into a base and a mark (ł, ø, đ, ħ: a stroke),
#: and the letters of the IPA block orthographies use (ə, ɛ, ɔ).
_UNDECOMPOSED_LATIN = re.compile("[\u00c0-\u02af\u1e00-\u1eff]")


def _latin_base(found: re.Match[str]) -> str:
    """A Latin letter with a stroke as its base letter ("ł" is "l"), as a record types it.

    Told by its Unicode name ("LATIN SMALL LETTER L WITH STROKE"), not by a table: only
    letters named for a base letter with something added are read as that letter.
    """
    char = found.group(0)
    name = unicodedata.name(char, "")
    base = re.fullmatch(r"LATIN (?:SMALL|CAPITAL) LETTER ([A-Z]) WITH .+", name)
    if base is not None:
        return base.group(1).lower()
    if name.startswith("LATIN ") and " LETTER " in name:
        # a vowel of its own an orthography writes (Azerbaijani "ə", its look-alike "ǝ"
        # typed for it, the "ɛ" and "ɔ" of West African languages): the one Latin vowel
        # transliteration gives it ("Məmmədov" is "Memmedov" in Turkish spelling)
        # (a vowel only: "ð" stays, read as the Turkish "ğ" a mojibake repair makes of it)
        latin = str(_anyascii()(char)).lower()
        if latin in ("a", "e", "i", "o", "u"):
            return latin
    return char


_NOT_WORD = re.compile(r"[\W_]+")


def _spaced(found: re.Match[str]) -> str:
    r"""A run of non-word characters as a space, but the marks in it kept in their word.

    The vowel signs and viramas of Indic and Southeast Asian scripts (Tamil "தமிழ்",
    Devanagari "भारत", Bengali, Sinhala, Khmer...) are combining marks, which ``\W``
    matches: without them a word fell apart into its consonants ("தம", "ழ", ...) and a
    title into keys no other title could be told from.
    """
    run = found.group(0)
    if not any(unicodedata.category(c).startswith("M") for c in run):
        return " "
    return "".join(c if unicodedata.category(c).startswith("M") else " " for c in run)


#: `_spaced` for other modules: the landing resolver splits its words so too.
marks_kept = _spaced


def repair_mojibake(text: str) -> str:
    """Undo the two code-page mistakes common in PDFs and records.

    UTF-8 bytes read as cp1252 ("Ã¼ber" is "über") are re-decoded word by word where that
    works; Turkish text written in cp1254 and read as cp1252 ("Doðan", "Þahin") gets its
    letters back. Other text is returned as it is.
    """
    if _UTF8_AS_CP1252.search(text):
        words = []
        for word in text.split(" "):
            try:
                words.append(word.encode("cp1252").decode("utf-8"))
            except UnicodeError:
                words.append(word)
        text = " ".join(words)
    return text.translate(_CP1254_AS_CP1252)


#: A Greek letter used as a symbol: joined by a hyphen or to a Latin letter or digit
#: (``α-stable``, ``TNF-α``, ``NF-κB``), not a letter of a Greek word.
_GREEK_SYMBOL = re.compile(
    "(?<![\u0370-\u03ff\u1f00-\u1fff])[\u03b1-\u03c9\u0391-\u03a9]"
    "(?![\u0370-\u03ff\u1f00-\u1fff])"
    "(?:(?<=[-A-Za-z0-9][\u03b1-\u03c9\u0391-\u03a9])|(?=[-A-Za-z0-9]))"
)


def name_greek_symbols(text: str) -> str:
    r"""Greek letters used as symbols written as their names: ``\u03b1-stable`` is ``alpha-stable``.

    What LaTeX (``$\alpha$``) and a copy in ASCII write; the name is the letter's Unicode
    name (GREEK SMALL LETTER ALPHA). Letters of Greek words are left as they are.
    """
    if not _GREEK_LETTER.search(text):
        return text
    return _GREEK_SYMBOL.sub(lambda m: _greek_name(m.group()), text)


def _greek_name(letter: str) -> str:
    """A Greek letter's name as LaTeX writes it, from the table `latex_to_text` reads.

    ``λ`` is ``lambda`` there (its Unicode name says LAMDA); a letter not in the table has
    its Unicode name's last word.
    """
    return _GREEK.get(letter.lower()) or unicodedata.name(letter).split()[-1].lower()


_GREEK_LETTER = re.compile("[\u0391-\u03c9]")


def latex_to_text(text: str) -> str:
    r"""LaTeX in a title as plain words: ``$\alpha$-synuclein`` is ``alpha-synuclein``."""
    if "\\" not in text and "$" not in text:
        return text
    text = _LATEX_GREEK.sub(lambda m: m.group(1).lower(), text)
    text = _LATEX_COMMAND.sub("", text)
    return re.sub(r"[${}^_]", "", text)


def keys(text: str) -> list[str]:
    """The comparison keys of a text: its folded words, with the repairs of the module doc.

    Words of scripts without spaces are cut into overlapping pairs of characters.
    """
    return list(_keys_short(text) if len(text) <= _CACHED else _keys(text))


@functools.lru_cache(maxsize=8192)
def _keys_short(text: str) -> tuple[str, ...]:
    return _keys(text)


#: Modifier letters written for an apostrophe (U+02B9 to U+02BF: Uzbek "oʻ" and "gʻ",
#: Hawaiian ʻokina, the ʿayn and hamza of transliterations): one separator with the
#: ASCII apostrophe a record types for them ("Gʻulomov" and "G'ulomov" give one key).
_APOSTROPHE_LETTER = re.compile("[\u02b9-\u02bf]")


#: A Latin letter and a Cyrillic or Greek one in one text: a word may mix them.
_LATIN_LETTER = re.compile("[A-Za-z]")
_CYRILLIC_OR_GREEK = re.compile("[\u0370-\u03ff\u0400-\u04ff]")
_LETTERS = re.compile(r"[^\W\d_]+")
#: The scripts whose letters look alike (Unicode's confusables), by the first word of a
#: letter's name.
_ALIKE_SCRIPTS = ("LATIN", "CYRILLIC", "GREEK")


@functools.cache
def _look_alikes() -> dict[tuple[str, str], str]:
    """(a letter, a script) to the letter of that script, in the same case, that looks alike.

    From Unicode's confusables (UTS #39), as the well-kept `confusable_homoglyphs` package
    ships them (MIT): a Latin "p" in Cyrillic is "er", a Cyrillic "es" in Latin is "c". Read
    once, on the first word that mixes scripts (10 ms).
    """
    from confusable_homoglyphs.confusables import confusables_data

    found: dict[tuple[str, str], str] = {}
    for char, alikes in confusables_data.items():
        if len(char) != 1 or not char.isalpha():
            continue
        case = " SMALL LETTER " if char.islower() else " CAPITAL LETTER "
        for alike in alikes:
            other, name = alike.get("c", ""), str(alike.get("n", ""))
            script = name.split(" ", 1)[0]
            if len(other) == 1 and script in _ALIKE_SCRIPTS and case in name:
                found.setdefault((char, script), other)
    return found


def _script_of(char: str) -> str | None:
    name = unicodedata.name(char, "")
    script = name.split(" ", 1)[0]
    return script if script in _ALIKE_SCRIPTS else None


#: Which script's letters are read as another's look-alikes: Latin ones in a Cyrillic or
#: a Greek word (an OCR's), Cyrillic ones in a Latin word (two keyboards); never a Greek
#: letter in a Latin word, a science's own ("TGFβ1", "IFNγ").
_READ_AS = {("LATIN", "CYRILLIC"), ("LATIN", "GREEK"), ("CYRILLIC", "LATIN")}


def one_script(text: str) -> str:
    """Each word of `text` that mixes Latin with Cyrillic or Greek letters, in one script.

    An OCR's text layer (and a record typed on two keyboards) sets letters of one script
    that look like another's in its words: a Ukrainian title's "hydrochemical" in capitals
    with a Latin "P", "M" and "I" among its Cyrillic letters. A word of letters of two of
    these scripts has its fewer letters replaced by those they look like (Unicode's
    confusables, in their case, else in small letters) in the script most of its letters
    are in. A word whose other letters have no look-alike, whose scripts count alike, or
    that holds a Greek letter among Latin ones (`_READ_AS`), is left as it is.
    """
    if _LATIN_LETTER.search(text) is None or _CYRILLIC_OR_GREEK.search(text) is None:
        return text
    return _LETTERS.sub(_one_script_word, text)


def _one_script_word(found: re.Match[str]) -> str:
    word = found.group(0)
    if _LATIN_LETTER.search(word) is None or _CYRILLIC_OR_GREEK.search(word) is None:
        return word  # (most words of a text in two scripts are in one: no letter named)
    scripts = [_script_of(c) for c in word]
    counts = {s: scripts.count(s) for s in set(scripts) if s is not None}
    if len(counts) < 2:
        return word
    ranked = sorted(counts.items(), key=lambda item: -item[1])
    if ranked[0][1] == ranked[1][1]:
        return word
    main = ranked[0][0]
    alikes = _look_alikes()
    out = []
    for char, script in zip(word, scripts, strict=True):
        if script is None or script == main:
            out.append(char)
            continue
        alike = alikes.get((char, main)) or alikes.get((char.lower(), main))
        if (script, main) not in _READ_AS or alike is None:
            return word
        out.append(alike)
    return "".join(out)


def _keys(text: str) -> tuple[str, ...]:
    text = _SPACING_ACCENT.sub("", latex_to_text(repair_mojibake(text)))
    text = _APOSTROPHE_LETTER.sub("'", text)
    text = one_script(unicodedata.normalize("NFKC", text)).lower()
    if _GREEK_MARKED.search(text):
        # "ί" and "Ι" are one letter: its marks go before it is named (iota), or a title set
        # in capitals (no tonos) and the same title in lower case give other keys
        marks = _GREEK_MARKS.sub("", unicodedata.normalize("NFD", text))
        text = unicodedata.normalize("NFC", marks)
    text = "".join(_GREEK.get(c, c) for c in text)
    if not text.isascii():
        # digits of every script are their number ("۱۴۰۰" is 1400); the letters Unicode
        # encodes twice for Arabic and Persian (yeh, kaf) are one
        text = _OTHER_DIGIT.sub(lambda m: str(unicodedata.decimal(m.group(0))), text)
        text = text.translate(_ARABIC_TWINS)
    out: list[str] = []
    for word in fold_all_scripts(text).split():
        if _UNSPACED.search(word):
            # pairs of letters: a Thai vowel sign or tone mark is no letter of its own
            out.extend(_pairs("".join(c for c in word if unicodedata.category(c)[0] != "M")))
            continue
        if _RTL.search(word):
            # right-to-left words come out of some PDFs reversed: one form for both (a
            # byline's affiliation number set against a name, "فرد۱", is no part of it:
            # reversed, it would stand first)
            word = word.strip("0123456789") or word
            out.append(min(word, word[::-1]))
            continue
        out.append(word.replace("ae", "a").replace("oe", "o").replace("ue", "u"))
    return tuple(out)


def _pairs(word: str) -> list[str]:
    if len(word) < 2:
        return [word]
    return [word[i : i + 2] for i in range(len(word) - 1)]


def content_words(text: str) -> list[str]:
    """The keys that carry meaning: no stop words, at least three letters (or a script pair).

    A Korean word of two syllables is a word ("메탄", methane; "기술", technology): each
    Hangul letter is a syllable, as a pair of an unspaced script's characters is a word.
    """
    return [
        k
        for k in keys(text)
        if k not in STOP
        and (len(k) >= 3 or (len(k) == 2 and bool(_UNSPACED.search(k) or _HANGUL.search(k))))
    ]
