"""Identity: a title block cut short over its author's name is no other work's title.

A thesis's title block whose last character is missing ("...及其微生物机" for the record's
"...及其微生物机制"), the author's name on the next line: the line under it names the
record's creator, so it is no words "in place of" the record's title (landing63, after
its scoring: the own file had been refused as "another work under a title of the same
frame"). The guard: a sibling whose title block prints other words in place of the
record's (another place, another species) is still refused.

Small PDFs made here (reportlab, its CID font for Chinese).
"""

from __future__ import annotations

import pytest

from politeharvest.fulltext import RecordHints, check_identity

pytest.importorskip("reportlab")
pytest.importorskip("pypdfium2")

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.cidfonts import UnicodeCIDFont

from tests.fulltext.test_identity_layout import make_pdf

TITLE = "青藏高原东缘高寒草甸土壤有机碳对增温的响应及其微生物机制"
PROSE = "本研究以青藏高原东缘高寒草甸为对象，通过野外增温实验分析土壤有机碳组分及微生物群落的变化。"


def _thesis(title: str, author: str) -> bytes:
    pdfmetrics.registerFont(UnicodeCIDFont("STSong-Light"))
    font = "STSong-Light"
    return make_pdf(
        [
            ("中国科学院大学, 2022", 7.0, font),
            (title, 16.0, font),
            (author, 11.0, font),
            ("中国科学院大学, 2022", 8.0, font),
            *[(PROSE, 9.0, font)] * 16,
        ]
    )


def _record() -> RecordHints:
    return RecordHints.from_metadata({"title": [TITLE], "creator": ["王雨晴"], "date": ["2022"]})


def test_a_title_cut_short_over_the_author_s_name_is_the_record_s() -> None:
    identity = check_identity(_thesis(TITLE[:-1], "王雨晴"), _record())
    assert identity.verdict == "matched", identity


def test_other_words_in_place_of_the_record_s_still_make_another_work() -> None:
    sibling = TITLE.replace("青藏高原东缘", "内蒙古东部")
    identity = check_identity(_thesis(sibling, "王雨晴"), _record())
    assert identity.verdict == "mismatch", identity
