"""Korean names in Hanja beside Hangul and romanised copies (issue 35), and their readings.

A Korean repository may list its authors in Hanja (``鄭賢宇``) where the journal lists them in
Hangul (``정현우``) and an English-language repository romanised (``Jeong, Hyeon-u``). Read as
Chinese (anyascii), ``鄭賢宇`` is ``zhengxianyu`` and agrees with neither; read as Korean
(`hangul_reading`) it is ``정현우``. It is read so only in a Korean record or beside one: in
a Chinese record the same characters are a Chinese name. All records here are invented.
"""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("rapidfuzz")

from politeharvest.quality import Deduplicator, compare, work_of
from politeharvest.quality._compare import _fuzz, _shared_names
from politeharvest.quality._text import hangul_reading

KCI = "https://journal.example.kr/oai"
RISS = "https://union.example.kr/oai"
IR = "https://ir.example.edu/oai/request"
CN = "https://journal.example.cn/oai"

KO_TITLE = "중소도시 청소년의 여가 활동과 학업 성취의 관계 (2010~2020년)"
EN_TITLE = "Leisure activities and academic achievement of adolescents in small cities (2010-2020)"
ZH_TITLE = "中小城市青少年休闲活动与学业成绩的关系研究"


def rec(endpoint: str, ident: str, **metadata: Any) -> dict[str, Any]:
    return {
        "identifier": f"oai:{endpoint.split('/')[2]}:{ident}",
        "endpoint": endpoint,
        "metadata": {k: v if isinstance(v, list) else [v] for k, v in metadata.items()},
    }


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("鄭賢宇", "정현우"),
        ("徐智英", "서지영"),
        ("李民俊", "이민준"),  # 李 is 리; at the start of a word 이
        ("林恩智", "임은지"),  # 림, 임
        ("盧武鉉", "노무현"),  # 로, 노
        ("柳寬順", "유관순"),  # 류, 유
        ("韓國 大學 硏究", "한국 대학 연구"),  # 硏 is 연 at a word's start
        ("Hu, Wei", "Hu, Wei"),
        ("정현우", "정현우"),
    ],
)
def test_hanja_are_read_as_hangul_with_the_initial_sound_rule(text: str, read: str) -> None:
    assert hangul_reading(text) == read


def test_a_later_syllable_keeps_its_initial() -> None:
    assert hangul_reading("金利") == "금리"  # 利 is 리 inside a word, 이 only at its start


def test_a_hanja_name_and_its_hangul_form_in_korean_records_are_one_author() -> None:
    a = rec(KCI, "1", title=KO_TITLE, creator=["정현우", "서지영"], date="2021-04", language="ko")
    b = rec(RISS, "2", title=KO_TITLE, creator=["鄭賢宇", "徐智英"], date="2021", language="ko")
    for x, y in ((a, b), (b, a)):
        reason = compare(work_of(x), work_of(y))
        assert reason is not None and "2 shared authors" in reason, reason


def test_a_hanja_name_and_its_romanisation_beside_a_korean_record() -> None:
    """The romanised copy has no Hangul: the Korean record's language says how to read it.

    ``吳恩智`` read as Chinese is ``wuenzhi``, nothing like ``Oh, Eun-ji``; read as Korean
    it is ``오은지``, ``oeunji``.
    """
    a = rec(RISS, "3", title=[KO_TITLE, EN_TITLE], creator=["吳恩智"], date="2021", language="kor")
    b = rec(IR, "4", title=EN_TITLE, creator=["Oh, Eun-ji"], date="2021", language="en")
    assert work_of(a).korean and not work_of(b).korean
    assert _shared_names(work_of(a), work_of(b), _fuzz()) == 1
    assert _shared_names(work_of(b), work_of(a), _fuzz()) == 1


def test_hanja_in_a_chinese_record_are_not_read_as_korean() -> None:
    """吳恩智 in a Chinese record is Wu Enzhi, not Oh Eun-ji."""
    a = rec(CN, "5", title=[ZH_TITLE, EN_TITLE], creator=["吳恩智"], date="2021", language="zh")
    b = rec(IR, "6", title=EN_TITLE, creator=["Oh, Eun-ji"], date="2021", language="en")
    assert not work_of(a).korean and not work_of(b).korean
    assert _shared_names(work_of(a), work_of(b), _fuzz()) == 0
    c = rec(IR, "7", title=EN_TITLE, creator=["Wu, Enzhi"], date="2021", language="en")
    assert _shared_names(work_of(a), work_of(c), _fuzz()) == 1


def test_two_korean_names_in_hanja_are_still_compared_as_written() -> None:
    """Both in Hanja: spelt alike or not, as before; the reading adds nothing there."""
    a = rec(KCI, "8", title=KO_TITLE, creator=["鄭賢宇"], date="2021", language="ko")
    b = rec(RISS, "9", title=KO_TITLE, creator=["徐智英"], date="2021", language="ko")
    assert _shared_names(work_of(a), work_of(b), _fuzz()) == 0


def test_the_korean_flag_survives_the_sqlite_index(tmp_path: Any) -> None:
    from politeharvest.quality import SQLiteDedupIndex

    path = tmp_path / "index.sqlite"
    first = SQLiteDedupIndex(path)
    Deduplicator(first).add(
        rec(RISS, "10", title=[KO_TITLE, EN_TITLE], creator=["吳恩智"], date="2021", language="ko")
    )
    first.close()
    again = SQLiteDedupIndex(path)
    merges = Deduplicator(again).add(
        rec(IR, "11", title=EN_TITLE, creator=["Oh, Eun-ji"], date="2021")
    )
    again.close()
    assert len(merges) == 1 and "shared author" in merges[0].reason


def test_korean_is_a_language_code() -> None:
    from politeharvest.quality import language_code

    assert {language_code(v) for v in ("ko", "kor", "Korean", "ko-KR", "한국어")} == {"ko"}
