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
"""

from __future__ import annotations

import difflib
import functools
import re
import unicodedata

from anyascii import anyascii

__all__ = [
    "comparable",
    "latin_words",
    "name_among",
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


def comparable(a: str, b: str) -> bool:
    """Whether two texts in different scripts can be compared through transliteration."""
    return not ({script_of(a), script_of(b)} & _LOSSY)


@functools.lru_cache(maxsize=2048)
def _latin(text: str) -> str:
    return " ".join(re.findall(r"[a-z0-9]+", anyascii(text[:_MAX_CHARS]).lower()))


def latin_words(text: str) -> list[str]:
    """The words of a text transliterated to lower-case ASCII ("И. П. Морозов": i p morozov)."""
    return _latin(text[:_MAX_CHARS]).split()


def _trigrams(text: str) -> set[str]:
    letters = _latin(text[:_MAX_CHARS]).replace(" ", "")
    return {letters[i : i + 3] for i in range(len(letters) - 2)}


def transliterated_share(part: str, whole: str) -> float:
    """The share of `part`'s letter trigrams that `whole` has, both transliterated."""
    mine = _trigrams(part)
    return len(mine & _trigrams(whole)) / len(mine) if mine else 0.0


def similar_across(title: str, block: str) -> bool:
    """A title and a title block in different scripts that say the same, letter for letter.

    Most of the title's trigrams in the block, and half of the block's in the title (a
    block may add a subtitle); only for scripts that transliterate without loss (`comparable`).
    """
    if script_of(title) == script_of(block) or not comparable(title, block):
        return False
    return transliterated_share(title, block) >= 0.7 and transliterated_share(block, title) >= 0.5


#: A transliterated name is the record's when it is this close ("papadopoylos", "papadopoulos"),
#: for names of this many letters (a longer one is compared exactly: the ratio is quadratic).
_NAME_RATIO = 0.8
_FUZZY_NAME = (5, 40)


def name_among(name: str, words: list[str]) -> bool:
    """A surname among transliterated words, exactly or within a letter or two (5 letters up)."""
    if name in words:
        return True
    if not _FUZZY_NAME[0] <= len(name) <= _FUZZY_NAME[1]:
        return False
    matcher = difflib.SequenceMatcher(None, "", name, autojunk=False)
    for word in words:
        if abs(len(word) - len(name)) > 2:
            continue
        matcher.set_seq1(word)
        if matcher.ratio() >= _NAME_RATIO:
            return True
    return False
