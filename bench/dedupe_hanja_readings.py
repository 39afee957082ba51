"""Write politeharvest/quality/_hanja_readings.py: the Hangul reading of each Hanja (data).

    pip install --no-deps hanja pyyaml   # in a scratch environment: hanja is not a dependency
    python bench/dedupe_hanja_readings.py && ruff format politeharvest/quality/_hanja_readings.py

A Korean record may write its authors' names in Hanja (``鄭賢宇``) where a copy writes them in
Hangul (``정현우``) or romanised (``Jeong, Hyeon-u``). Deduplication reads such a name by its
Sino-Korean reading, one Hangul syllable per character, from the table of the ``hanja``
package (Sumin Byeon, WTFPL; 27,497 characters of the CJK Unified Ideographs and their
Extension A, one reading each).

Measured with hanja 0.15.1: a 124 KB pure-Python wheel, 532 KB installed, 0.74 s to import
(it parses a 522 KB YAML file), and it requires ``pyyaml==6.0.1`` exactly, ``pytest``,
``pytest-cov`` and ``coveralls`` at run time: too heavy and too pinned to be a dependency or
an extra. The table written here is one string per block of code points (about 80 KB of
Python) and loads in milliseconds. On 126 family and given-name characters checked by hand,
124 readings agree; the two others are the surname readings of 金 (김, the table gives 금) and
沈 (심, the table 침), which the consonant skeleton of names compares alike anyway.
"""

from __future__ import annotations

import pathlib
import textwrap

OUT = pathlib.Path(__file__).resolve().parent.parent / "politeharvest/quality/_hanja_readings.py"
#: The blocks written: CJK Unified Ideographs Extension A and the main block.
START, END = 0x3400, 0xA000
#: Written for a character the table has no reading of.
NONE = "."


def main() -> None:
    from importlib.metadata import version

    from hanja.table import hanja_table

    readings = "".join(hanja_table.get(chr(code), NONE) for code in range(START, END))
    assert len(readings) == END - START
    assert all(c == NONE or "\uac00" <= c <= "\ud7a3" for c in readings)
    others = {k: v for k, v in sorted(hanja_table.items()) if not START <= ord(k) < END}
    chunks = textwrap.wrap(readings, 80)
    lines = "\n".join(f'    "{chunk}"' for chunk in chunks)
    found = sum(c != NONE for c in readings) + len(others)
    OUT.write_text(
        f'''"""The Hangul reading of each Hanja (Sino-Korean), by code point: data, written by a script.

Written by bench/dedupe_hanja_readings.py from the table of the hanja package
{version("hanja")} ({found} characters); do not edit by hand. See that script for what is included.
"""

from __future__ import annotations

#: The first code point of `READINGS`.
START = {START:#x}
#: Character ``START + i`` reads as ``READINGS[i]``; ``"{NONE}"`` when it has no reading here.
READINGS = (
{lines}
)
#: Readings of characters outside that range (CJK Compatibility Ideographs).
OTHERS: dict[str, str] = {others!r}
''',
        encoding="utf-8",
    )
    print(f"wrote {OUT} ({found} readings)")


if __name__ == "__main__":
    main()
