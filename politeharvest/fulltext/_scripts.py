"""Titles and names compared across scripts, through a Latin transliteration (core).

A record may give in Latin letters what the PDF prints in its own script (a Russian title
transliterated, a Serbian one in Serbian Latin, Greek authors romanised), or the reverse.
Both sides are transliterated to ASCII with `anyascii` (one table for every script,
ISC-licensed, pure Python) and compared by their letter trigrams: transliteration schemes
differ in a letter here and there ("Soleustoichivost'" and "Soleustoychivost"), never in most
of a title.

Some scripts cannot be compared this way: Han characters are read differently in Chinese,
Japanese and Korean (anyascii gives the Mandarin reading; a Japanese title's Hepburn
romanisation shares little with it), and the Arabic and Hebrew abjads leave out the short
vowels a transliteration writes. A title in such a script says nothing for or against a
Latin one (`comparable`).

Japanese is the exception when the text is known to be Japanese (the document has kana,
or the record says ``ja``) and the optional ``pykakasi`` is installed (``pip install
'politeharvest[ja]'``): kanji and kana are then read in Hepburn by pykakasi's dictionary
("高田浩二" takada kouji), and both sides folded to one romanisation (`romaji_key`: long
vowels written once, Kunrei-shiki spellings in Hepburn, "m" before b, m, p as "n"), so
that "Yūsetsuki ni okeru senjōchi kasen" and "融雪期における扇状地河川" compare letter
for letter. Measured on 20 titles and 25 names written in both (tests/fulltext
``test_identity_japanese.py``): anyascii's readings found none, pykakasi's all, and none
of another title's. pykakasi is optional because its dictionary costs 0.8 s and about
140 MB the first time it is read; without it a Japanese text stays incomparable.

Right-to-left scripts (Arabic, Persian, Hebrew) have a second trouble: a text layer may
give a line's letters in reverse. A producer that sets the letters of a line left to
right in the order they are written (no bidi layout) leaves a page a reader reads right
to left: the PDF reader (pdfium) then returns every right-to-left run backwards
("تامدخلا ةدوج" for "جودة الخدمات"). A word's comparison key is the same both ways
(`quality._text.keys`), but the order of the words is not: a label of two words ("چکیده
گسترده", an extended abstract), a title with its subtitle, a title quoted on a page are read
in order. `mirrored` reads such a line back, by the Unicode
bidirectional classes (`unicodedata.bidirectional`: R and AL are right-to-left, L, EN and
AN keep their order); `in_word_mirrored` turns the letters of each right-to-left word
only (a producer that sets the words in place and each word's letters backwards);
`order_evidence` tells, from the letters Unicode writes only at the end of a word (Hebrew
final forms, Arabic teh marbuta and alef maksura, presentation forms), which way a text
reads.
"""

from __future__ import annotations

import difflib
import functools
import logging
import re
import threading
import unicodedata
from typing import Any

from anyascii import anyascii

from politeharvest._extras import missing, require
from politeharvest.quality._text import hangul_reading, has_han, has_hangul, simplified_han

logger = logging.getLogger(__name__)

__all__ = [
    "comparable",
    "han_as_record",
    "in_word_mirrored",
    "japanese_text",
    "latin_words",
    "letter_scripts",
    "mirrored",
    "name_among",
    "order_evidence",
    "romaji_key",
    "roman_value",
    "rtl_letters",
    "script_of",
    "similar_across",
    "transliterated_share",
]

#: Letters looked at to name a text's script.
_SAMPLE = 400
#: Characters of a text transliterated (titles and bylines are far shorter).
_MAX_CHARS = 2000
#: Scripts whose transliteration to Latin loses what a romanisation writes.
_LOSSY = frozenset(["han", "arabic", "hebrew", "syriac", "thaana"])
_SCRIPT_NAMES = {
    "LATIN": "latin",
    "CYRILLIC": "cyrillic",
    "GREEK": "greek",
    "ARABIC": "arabic",
    "HEBREW": "hebrew",
    "CJK": "han",
    "HIRAGANA": "kana",
    "KATAKANA": "kana",
    "HANGUL": "hangul",
    "ARMENIAN": "armenian",
    "GEORGIAN": "georgian",
    "SYRIAC": "syriac",
    "THAANA": "thaana",
}


@functools.lru_cache(maxsize=4096)
def _script_of_letter(char: str) -> str:
    name = unicodedata.name(char, "")
    return _SCRIPT_NAMES.get(name.split(" ", 1)[0], "other") if name else "other"


def letter_scripts(text: str) -> set[str]:
    """Every script the letters of `text` are written in, by their Unicode names' first word.

    ("LATIN", "THAI", "BENGALI", "ETHIOPIC", "CJK"...): finer than `script_of`'s few names.
    """
    found = {unicodedata.name(ch, "?").split(" ", 1)[0] for ch in text if ch.isalpha()}
    found.discard("?")
    return found


def script_of(text: str) -> str | None:
    """The script most of a text's letters are written in (``latin``, ``cyrillic``, ``han``...).

    Kana count as ``han`` when Han characters stand beside them (Japanese mixes both), and
    None is given for a text without letters.
    """
    counts: dict[str, int] = {}
    seen = 0
    for char in text:
        if not char.isalpha():
            continue
        script = _script_of_letter(char)
        counts[script] = counts.get(script, 0) + 1
        seen += 1
        if seen >= _SAMPLE:
            break
    if not counts:
        return None
    if counts.get("han") and counts.get("kana"):
        counts["han"] += counts.pop("kana")
    return max(counts, key=lambda s: counts[s])


def comparable(a: str, b: str, *, japanese: bool = False) -> bool:
    """Whether two texts in different scripts can be compared through transliteration.

    `japanese`: the texts are known to be Japanese (`japanese_text`); Han and kana are then
    read in Hepburn, when pykakasi is installed.
    """
    lossy = _LOSSY - {"han"} if japanese and _kakasi() is not None else _LOSSY
    return not ({script_of(a), script_of(b)} & lossy) and not (_abugida(a) or _abugida(b))


@functools.lru_cache(maxsize=4096)
def _vowel_mark(char: str) -> bool:
    name = unicodedata.name(char, "")
    return "VIRAMA" in name or "VOWEL SIGN" in name


def _abugida(text: str) -> bool:
    """Whether a text is written in an abugida (Devanagari, Tamil, Bengali, Sinhala...).

    Told by Unicode, not by a list of scripts: its vowels are signs on consonants and a
    virama silences one. Transliterated letter by letter, its consonants lose their vowel
    and Tamil writes one letter for k and g, c and s, p and b ("சுப்பிரமணியன்" reads
    "cuppirmniyn", romanised "Subramanian"): a name or title not found in it is no
    evidence, one found still is.
    """
    return any(_vowel_mark(char) for char in text[:_SAMPLE] if not char.isascii())


@functools.lru_cache(maxsize=2048)
def _latin(text: str) -> str:
    # Cyrillic's soft and hard signs have no letter of their own: anyascii writes an
    # apostrophe, which would cut "Мельник" in two ("mel nik"), where a record writes "Melnyk"
    text = _SIGNS.sub("", text[:_MAX_CHARS])
    return " ".join(re.findall(r"[a-z0-9]+", anyascii(text).lower()))


#: Cyrillic's soft and hard signs (ь ъ, and their capitals).
_SIGNS = re.compile("[\u044c\u044a\u042c\u042a]")


_KANA = re.compile("[\u3041-\u3096\u30a1-\u30fa\u31f0-\u31ff\uff66-\uff9d]")
_HAN_OR_KANA = re.compile("[\u3041-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")


def japanese_text(text: str) -> bool:
    """Whether a text is Japanese: it has kana (Chinese and Korean have none)."""
    return _KANA.search(text) is not None


_KAKASI_LOCK = threading.Lock()
_KAKASI: list[Any] = []


def _kakasi() -> Any | None:
    """The converter of pykakasi, read once (0.8 s, about 140 MB); None when it is not installed."""
    with _KAKASI_LOCK:
        if not _KAKASI:
            absent = missing("pykakasi", "Japanese readings in the identity check")
            if absent is not None:
                logger.info("%s: Japanese titles stay incomparable with romanised ones", absent)
                _KAKASI.append(None)
            else:
                _KAKASI.append(require("pykakasi", "Japanese readings").kakasi())
        return _KAKASI[0]


#: Romanisations folded to one (applied to lower-case Latin words): Kunrei-shiki and
#: Nihon-shiki spellings in Hepburn, long vowels written once ("ō", "ou", "oo", "oh" are o),
#: the moraic n before a labial written n ("shimbun" shinbun).
_ROMAJI = (
    (re.compile(r"(?<=[aeiou])h(?![aeiouy])"), ""),
    (re.compile(r"(?<![sc])hu"), "fu"),
    (re.compile(r"si"), "shi"),
    (re.compile(r"ti"), "chi"),
    (re.compile(r"tu"), "tsu"),
    (re.compile(r"zi|di"), "ji"),
    (re.compile(r"sy(?=[aou])"), "sh"),
    (re.compile(r"ty(?=[aou])"), "ch"),
    (re.compile(r"[zjd]y(?=[aou])"), "j"),
    (re.compile(r"tch"), "cch"),
    (re.compile(r"m(?=[bmp])"), "n"),
    (re.compile(r"ou|oo"), "o"),
    (re.compile(r"uu"), "u"),
    (re.compile(r"aa"), "a"),
    (re.compile(r"ii"), "i"),
    (re.compile(r"ee"), "e"),
)


def romaji_key(latin: str) -> str:
    """Lower-case romaji folded to one romanisation ("Satoh", "Satou", "Sato" read sato)."""
    for pattern, replacement in _ROMAJI:
        latin = pattern.sub(replacement, latin)
    return latin


@functools.lru_cache(maxsize=2048)
def _latin_japanese(text: str) -> str:
    """A Japanese text (or a romanised one) as folded Hepburn words."""
    converter = _kakasi()
    text = text[:_MAX_CHARS]
    if converter is not None and _HAN_OR_KANA.search(text):
        with _KAKASI_LOCK:
            parts = [str(item["hepburn"]) for item in converter.convert(text)]
        text = " ".join(parts)
    return " ".join(romaji_key(w) for w in _latin(text).split())


def latin_words(text: str, *, japanese: bool = False) -> list[str]:
    """The words of a text transliterated to lower-case ASCII ("И. П. Морозов": i p morozov).

    `japanese`: kanji and kana read in Hepburn, every word folded by `romaji_key`.
    """
    if japanese:
        return _latin_japanese(text[:_MAX_CHARS]).split()
    return _latin(text[:_MAX_CHARS]).split()


def _trigrams(text: str, japanese: bool = False) -> set[str]:
    latin = _latin_japanese(text[:_MAX_CHARS]) if japanese else _latin(text[:_MAX_CHARS])
    letters = latin.replace(" ", "")
    return {letters[i : i + 3] for i in range(len(letters) - 2)}


def transliterated_share(part: str, whole: str, *, japanese: bool = False) -> float:
    """The share of `part`'s letter trigrams that `whole` has, both transliterated."""
    mine = _trigrams(part, japanese)
    return len(mine & _trigrams(whole, japanese)) / len(mine) if mine else 0.0


def han_as_record(text: str, record: str) -> str:
    """`text` with its Han characters in the form the record writes them in.

    A record may convert what the file prints: a Korean title or name in Hanja
    (``氣候變化``) is catalogued in Hangul (``기후변화``), a Taiwanese title in traditional
    characters (``臺灣``) in simplified ones (``台湾``). Where `record` writes Hangul and no
    Han, the Han characters of `text` are read as Hangul (`hangul_reading`); otherwise both
    sides are compared in simplified characters (OpenCC, ``t2s``), so `record` should pass
    through here too. Text without Han characters is returned as it is.
    """
    if not has_han(text):
        return text
    if has_hangul(record) and not has_han(record):
        # (a word's Hanja glossed in brackets right after its Hangul, "이황(李滉)의", is the
        # same word written twice: the gloss goes, so the word and its particle join again)
        return hangul_reading(_HANJA_GLOSS.sub("", text))
    return simplified_han(text)


#: Hanja in brackets right after a Hangul syllable: the word's gloss ("퇴계(退溪)").
_HANJA_GLOSS = re.compile(
    r"(?<=[\uac00-\ud7a3])\s?[(\uff08][\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+[)\uff09]"
)


def similar_across(title: str, block: str, *, japanese: bool = False) -> bool:
    """A title and a title block in different scripts that say the same, letter for letter.

    Most of the title's trigrams in the block, and half of the block's in the title (a
    block may add a subtitle); only for scripts that transliterate without loss (`comparable`;
    Japanese read in Hepburn when `japanese`).
    """
    if script_of(title) == script_of(block) or not comparable(title, block, japanese=japanese):
        return False
    return (
        transliterated_share(title, block, japanese=japanese) >= 0.7
        and transliterated_share(block, title, japanese=japanese) >= 0.5
    )


#: A transliterated name is the record's when it is this close ("papadopoylos", "papadopoulos"),
#: for names of this many letters (a longer one is compared exactly: the ratio is quadratic).
_NAME_RATIO = 0.8
_FUZZY_NAME = (5, 40)


def name_among(name: str, words: list[str], *, fuzzy: bool = True) -> bool:
    """A surname among transliterated words, exactly or within a letter or two (5 letters up).

    `fuzzy` False: exactly (romaji folded by `romaji_key` differ in no letter; "sato" and
    "saito" are two names).
    """
    if name in words:
        return True
    if not fuzzy or not _FUZZY_NAME[0] <= len(name) <= _FUZZY_NAME[1]:
        return False
    matcher = difflib.SequenceMatcher(None, "", name, autojunk=False)
    for word in words:
        if abs(len(word) - len(name)) > 2:
            continue
        matcher.set_seq1(word)
        if matcher.ratio() >= _NAME_RATIO:
            return True
    return False


# -- right-to-left lines read backwards --------------------------------------------------

_RTL = frozenset(["R", "AL"])
#: Classes that keep their left-to-right order inside a right-to-left line (letters of
#: Latin and other scripts, European and Arabic-Indic digits).
_LTR = frozenset(["L", "EN", "AN"])
_PAIRS = {"(": ")", ")": "(", "[": "]", "]": "[", "{": "}", "}": "{", "<": ">", ">": "<"}
_PAIRS.update({"\u00ab": "\u00bb", "\u00bb": "\u00ab", "\u2039": "\u203a", "\u203a": "\u2039"})


@functools.lru_cache(maxsize=8192)
def _class(char: str) -> str:
    return unicodedata.bidirectional(char)


def rtl_letters(text: str) -> int:
    """How many of a text's characters are right-to-left letters (bidi class R or AL)."""
    return sum(1 for char in text if _class(char) in _RTL)


#: Neutral classes a word of one direction holds between two of its characters (separators:
#: "10.1/x", "1.5"); spaces, brackets and quotation marks end it.
_INSIDE = frozenset(["CS", "ES", "ET", "NSM", "BN"])


def _words_of(text: str, kinds: frozenset[str]) -> list[tuple[int, int]]:
    """The spans of the words written in `kinds` (separators inside a word belong to it)."""
    spans: list[tuple[int, int]] = []
    start = end = -1
    for i, char in enumerate(text):
        bidi = _class(char)
        if bidi in kinds:
            if start < 0:
                start = i
            end = i
        elif bidi not in _INSIDE:
            if start >= 0:
                spans.append((start, end + 1))
            start = -1
    if start >= 0:
        spans.append((start, end + 1))
    return spans


def _turned_words(text: str, kinds: frozenset[str]) -> str:
    """The text with each word of `kinds` turned (linear: pieces joined once)."""
    pieces: list[str] = []
    done = 0
    for start, end in _words_of(text, kinds):
        pieces += [text[done:start], text[start:end][::-1]]
        done = end
    pieces.append(text[done:])
    return "".join(pieces)


def mirrored(line: str) -> str:
    """A line whose right-to-left text a text layer gave backwards, read the other way.

    What pdfium does to a line whose letters were set left to right in their written
    order, undone (the operation is its own inverse): a line of more right-to-left letters
    than left-to-right letters and digits is turned as a whole, each left-to-right word (a
    Latin word, a number, a DOI) kept in its order and paired brackets mirrored; in another
    line each right-to-left word has its letters turned, in place. A line without
    right-to-left letters is returned as it is.
    """
    rtl = rtl_letters(line)
    if not rtl:
        return line
    if rtl <= sum(1 for char in line if _class(char) in _LTR):
        return _turned_words(line, _RTL)
    turned = "".join(_PAIRS.get(c, c) for c in reversed(line))
    return _turned_words(turned, _LTR)


def in_word_mirrored(line: str) -> str:
    """A line whose right-to-left words each have their letters backwards, words in place."""
    if not rtl_letters(line):
        return line
    return " ".join(w[::-1] if rtl_letters(w) > len(w) // 2 else w for w in line.split(" "))


@functools.lru_cache(maxsize=512)
def _final_only(char: str) -> int:
    """+1 for a letter Unicode writes only at a word's end, -1 only at its start, else 0."""
    if _class(char) not in _RTL:
        return 0
    name = unicodedata.name(char, "")
    if "FINAL" in name or "TEH MARBUTA" in name or "ALEF MAKSURA" in name:
        return 1
    if "INITIAL FORM" in name:
        return -1
    return 0


def order_evidence(text: str) -> int:
    """Which way a text's right-to-left words read: above 0 as written, below 0 backwards.

    Counts the words that end (or, read backwards, begin) with a letter written only at a
    word's end (Hebrew final forms, teh marbuta, alef maksura, final presentation forms),
    and the words that begin (or end) with an initial presentation form.
    """
    score = 0
    for word in re.findall(r"[^\W\d_]{2,}", text[: _MAX_CHARS * 4]):
        first, last = _final_only(word[0]), _final_only(word[-1])
        score += (last > 0) - (first > 0) + (first < 0) - (last < 0)
    return score


#: A Roman number of one case, well formed, I to XXXIX ("II", "iv"; not "IIII" nor "VX").
_ROMAN_NUMBER = re.compile(r"X{0,3}(?:IX|IV|V?I{0,3})")
_ROMAN_DIGITS = {"I": 1, "V": 5, "X": 10}


def roman_value(token: str) -> int | None:
    """The value of a Roman number written in one case ("II" 2, "iv" 4), or None."""
    if not token or not (token.isupper() or token.islower()):
        return None
    upper = token.upper()
    if not _ROMAN_NUMBER.fullmatch(upper):
        return None
    values = [_ROMAN_DIGITS[char] for char in upper]
    return sum(
        -value if i + 1 < len(values) and value < values[i + 1] else value
        for i, value in enumerate(values)
    )
