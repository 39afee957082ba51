r"""Text folded for comparison, in every script (core).

`fold` is the shared fold (lower case, NFKC ligatures, diacritics dropped from Latin,
Greek and Cyrillic letters, Turkish i, German sharp s, words broken at a line end
joined); letters of every script are kept, so Japanese, Chinese, Korean, Cyrillic,
Greek and Arabic titles stay comparable.

`keys` goes further, for deciding whether two texts say the same words: it repairs
text decoded with the wrong code page (UTF-8 read as cp1252 "Ã¼", Turkish cp1254 read
as cp1252 "Doðan"), writes LaTeX and Greek letters as their names ($\alpha$ and the letter
are alpha),
and treats the German transliterations alike (ü/ue, ö/oe, ä/ae). Scripts without spaces
between words (Chinese, Japanese) are compared by character pairs.
"""

# Greek letters, accents and scripts on purpose.
# ruff: noqa: RUF001, RUF003
from __future__ import annotations

import functools
import re
import unicodedata

__all__ = ["content_words", "fold", "keys", "latex_to_text", "repair_mojibake"]

#: Stop words of the record languages seen most (they never corroborate a title).
STOP = frozenset(
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
        "fur",
        "auf",
        "le",
        "la",
        "les",
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
        "do",
        "dos",
        "um",
        "uma",
        "e",
        "em",
        "al",
        "il",
        "di",
        "che",
        "per",
    ]
)

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
#: Scripts written without spaces between words: compared by pairs of characters.
_UNSPACED = re.compile("[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\u0e00-\u0e7f]")


def fold(text: str) -> str:
    """Text folded for comparison: lower case, no diacritics, ligatures and hyphen breaks undone.

    Letters of every script are kept; only Latin, Greek and Cyrillic letters lose their
    diacritics.
    """
    return _fold_short(text) if len(text) <= _CACHED else _fold(text)


#: Texts up to this long (lines, titles, names) are folded once and remembered.
_CACHED = 400


@functools.lru_cache(maxsize=8192)
def _fold_short(text: str) -> str:
    return _fold(text)


def _fold(text: str) -> str:
    if text.isascii():
        text = re.sub(r"(\w)-\s*\n\s*(\w)", r"\1\2", text).lower()
        return " ".join(re.sub(r"[\W_]+", " ", text).split())
    text = unicodedata.normalize("NFKC", text)
    text = re.sub(r"(\w)-\s*\n\s*(\w)", r"\1\2", text)  # hyph-\nenation
    text = text.replace("İ", "i").replace("I", "i").replace("ı", "i")  # Turkish i
    text = text.lower().replace("ß", "ss")
    decomposed = unicodedata.normalize("NFKD", text)
    # diacritics of Latin, Greek and Cyrillic letters go; other scripts keep their marks
    text = unicodedata.normalize("NFC", _LATIN_MARKS.sub("", decomposed))
    return " ".join(re.sub(r"[\W_]+", " ", text).split())


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


def _keys(text: str) -> tuple[str, ...]:
    text = _SPACING_ACCENT.sub("", latex_to_text(repair_mojibake(text)))
    text = "".join(_GREEK.get(c, c) for c in unicodedata.normalize("NFKC", text).lower())
    out: list[str] = []
    for word in fold(text).split():
        if _UNSPACED.search(word):
            out.extend(_pairs(word))
            continue
        if _RTL.search(word):
            # right-to-left words come out of some PDFs reversed: one form for both
            out.append(min(word, word[::-1]))
            continue
        out.append(word.replace("ae", "a").replace("oe", "o").replace("ue", "u"))
    return tuple(out)


def _pairs(word: str) -> list[str]:
    if len(word) < 2:
        return [word]
    return [word[i : i + 2] for i in range(len(word) - 1)]


def content_words(text: str) -> list[str]:
    """The keys that carry meaning: no stop words, at least three letters (or a script pair)."""
    return [
        k
        for k in keys(text)
        if k not in STOP and (len(k) >= 3 or (len(k) == 2 and bool(_UNSPACED.search(k))))
    ]
