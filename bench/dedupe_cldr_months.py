"""Write politeharvest/quality/_cldr_months.py: month names of every CLDR locale (via Babel).

    pip install babel          # in a scratch environment: Babel is not a dependency
    python bench/dedupe_cldr_months.py && ruff format politeharvest/quality/_cldr_months.py

The month names `normalize_date` reads come from the Unicode CLDR, as Babel ships it, not
from lists written per language: the wide and abbreviated names of every locale, in the
format and stand-alone contexts (so Russian "января" and "январь" both), lower case, NFC,
without a final dot; names of one or two letters, names with anything but letters
and marks ("tháng 1", "1月", a colon), and abbreviations that do not shorten their month's
wide name (the same first letter, then its letters in order: Swati's "Vol" for
"iNdlovu-lenkhulu", which in a date field is a volume) are left out. A name that means another month in
another locale ("listopad": November in Polish and Czech, October in Croatian) is given
the month most locales give it. Also written: each name folded without diacritics (``marz``, ``marco``)
when that form means no other month (Latin letters only).

Measured with Babel 2.19.0 (CLDR 47): 1,147 locales in 2.6 s, 11 MB wheel, 36 MB
installed; the table written here is about 80 KB of Python and loads in milliseconds,
which is why the data is written once instead of Babel being a dependency.
"""

from __future__ import annotations

import collections
import pathlib
import sys
import textwrap
import unicodedata

OUT = pathlib.Path(__file__).resolve().parent.parent / "politeharvest/quality/_cldr_months.py"


def _letter(char: str) -> bool:
    """A letter or a combining mark (a Devanagari vowel sign), not a digit, space or sign."""
    return char.isalpha() or unicodedata.category(char).startswith("M")


def _shortens(short: str, name: str) -> bool:
    """`short` is `name` shortened: the same first letter, then its letters in order.

    Abbreviations are written by leaving letters out ("sept", "mrt" for "maart", "янв");
    a locale's abbreviation that is not ("Vol" for Swati's "iNdlovu-lenkhulu") is a code,
    and as a word in a date it is far more often a volume than that month.
    """
    name = unicodedata.normalize("NFC", name.lower())
    if not short or not name or short[0] != name[0]:
        return False
    rest = iter(name)
    return all(char in rest for char in short)


def main() -> None:
    import babel
    from babel import Locale, localedata

    sys.path.insert(0, str(OUT.parent.parent.parent))
    from politeharvest.quality._text import fold, scripts

    votes: dict[str, collections.Counter[int]] = collections.defaultdict(collections.Counter)
    for ident in localedata.locale_identifiers():
        try:
            locale = Locale.parse(ident)
        except Exception:  # a locale Babel lists but cannot load
            continue
        for context in ("format", "stand-alone"):
            for width in ("wide", "abbreviated"):
                try:
                    names = locale.months[context][width]
                except KeyError:
                    continue
                wide = locale.months[context].get("wide", {})
                seen: set[str] = set()
                for number, name in names.items():
                    key = unicodedata.normalize("NFC", name.lower()).rstrip(".")
                    if key in seen or len(key) < 3 or not all(_letter(c) for c in key):
                        continue
                    if width == "abbreviated" and not _shortens(key, wide.get(number, "")):
                        continue  # Swati "Vol" for March: no shortening of its name
                    seen.add(key)
                    votes[key][number] += 1
    table = {name: count.most_common(1)[0][0] for name, count in votes.items()}
    folded: dict[str, set[int]] = collections.defaultdict(set)
    for name, number in table.items():
        key = fold(name).replace(" ", "")
        if scripts(name) == {"latin"} and key != name and key.isalpha() and len(key) >= 3:
            folded[key].add(number)
    for key, numbers in folded.items():
        if key not in table and len(numbers) == 1:
            table[key] = next(iter(numbers))
    pairs = " ".join(f"{name}:{number}" for name, number in sorted(table.items()))
    lines = textwrap.wrap(pairs, 76, break_long_words=False, break_on_hyphens=False)
    body = "\n".join(f"    {line + ' '!r}" for line in lines)
    OUT.write_text(
        f'''"""Month names of every CLDR locale, to their numbers: data, written by a script.

Written by bench/dedupe_cldr_months.py from the Unicode CLDR as Babel {babel.__version__}
ships it ({len(table)} names); do not edit by hand. See that script for what is included.
"""

# ruff: noqa: E501, RUF001, SIM905
from __future__ import annotations

MONTHS: dict[str, int] = {{
    name: int(number)
    for name, _, number in (
        pair.rpartition(":")
        for pair in (
{textwrap.indent(body, "        ")}
        ).split()
    )
}}
''',
        encoding="utf-8",
    )
    print(f"{len(table)} names written to {OUT}")


if __name__ == "__main__":
    main()
