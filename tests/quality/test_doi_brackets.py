"""A DOI inside any script's brackets or quotes ends where they close (identity48).

HAL's cover pages print "⟨10.5555/rsem.2023.0115⟩"; Chinese and Japanese text writes a DOI
in fullwidth brackets with an ideographic full stop after them. Unicode's closing
punctuation (categories Pe and Pf) ends a DOI as ")" does; a DOI's own bracketed part
("(86)") is kept.
"""

from __future__ import annotations

import unicodedata

from hypothesis import given
from hypothesis import strategies as st

from politeharvest.quality._text import dois_in, find_dois

CLOSERS = [chr(c) for c in range(0x20, 0x3100) if unicodedata.category(chr(c)) in ("Pe", "Pf")]


def test_hal_s_angle_brackets_and_cjk_brackets() -> None:
    text = "DOI : ⟨10.5555/rsem.2023.0115⟩. Voir （10.1234/Ab.c）。"
    assert dois_in(text) == ["10.5555/rsem.2023.0115", "10.1234/ab.c"]
    assert find_dois(["⟨10.5555/rsem.2023.0115⟩"]) == ("10.5555/rsem.2023.0115",)


def test_a_doi_s_own_bracketed_part_is_kept() -> None:
    assert dois_in("see 10.1016/0021-9991(86)90261-4.") == ["10.1016/0021-9991(86)90261-4"]


@given(
    suffix=st.from_regex(r"[a-z0-9][a-z0-9.\-_/]{0,20}[a-z0-9]", fullmatch=True),
    closer=st.sampled_from(CLOSERS),
)
def test_any_closing_punctuation_ends_a_doi(suffix: str, closer: str) -> None:
    doi = f"10.5555/{suffix}"
    assert dois_in(f"x {doi}{closer} y") == [doi]
    assert find_dois([f"{doi}{closer}"]) == (doi,)
