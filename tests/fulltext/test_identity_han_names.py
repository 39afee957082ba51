"""Han names in bylines, and lists of contents set the way Chinese and Japanese issues set them.

Written after identity84 (written outside the project, scored once): another article under
the same title ("基于GIS的县域耕地质量评价研究", a common title) by other authors, whose byline
sets each name's family and given names apart with a full-width space (王, a space, 磊);
an issue's contents ending each entry in a page in full-width brackets; a bulletin's contents
setting each entry on two lines, its title over a leader to its authors and page. The pages
are written here; none is copied from a corpus.
"""

from __future__ import annotations

import pytest

from politeharvest.fulltext import RecordHints, check_identity
from politeharvest.fulltext._docfacts import (
    TitleRun,
    _byline,
    _is_prose,
    _looks_like_byline,
    compilation_heading,
)
from politeharvest.fulltext._identity import _surname
from politeharvest.fulltext._pdflayout import Line

pytest.importorskip("reportlab")
pytest.importorskip("pypdfium2")

from tests.fulltext.test_identity_kinds import body, make_pdf

SONG = "STSong-Light"
MIN = "HeiseiMin-W3"


@pytest.fixture(autouse=True)
def _cjk_fonts() -> None:
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.cidfonts import UnicodeCIDFont

    for name in (SONG, MIN):
        pdfmetrics.registerFont(UnicodeCIDFont(name))


TITLE = "基于GIS的县域耕地质量评价研究"


def _record(*creators: str) -> RecordHints:
    return RecordHints.from_metadata(
        {"title": [TITLE], "creator": list(creators), "date": ["2019"], "type": ["期刊论文"]}
    )


def _article() -> bytes:
    return make_pdf(
        [
            ("第37卷 第5期 农业区划研究 Vol.37 No.5", 8.0, SONG),
            (TITLE, 16.0, SONG),
            ("王\u3000磊\u00b9，赵\u3000敏\u00b2", 11.0, SONG),
            ("（1. 晋中农业科学研究所，山西 晋中 030600；2. 太行学院资源环境系）", 8.0, SONG),
            (
                "摘　要：以山西省太谷县为例，利用GIS空间分析功能，构建了耕地质量评价体系。",
                9.0,
                SONG,
            ),
            *body(30),
        ]
    )


def test_a_byline_of_other_han_names_set_apart_by_full_width_spaces_is_evidence_against() -> None:
    identity = check_identity(_article(), _record("刘洋", "陈静"))
    assert identity.verdict != "matched"
    assert "names none of the record's authors" in identity.evidence


def test_the_same_byline_names_the_records_authors_when_they_are_its_own() -> None:
    identity = check_identity(_article(), _record("王磊", "赵敏"))
    assert identity.verdict == "matched"


def test_a_han_name_written_whole_is_its_own_surname() -> None:
    assert _surname("刘洋") == "刘洋"
    assert _surname("欧阳修明") == "欧阳修明"
    assert _surname("Liu, Yang") == "liu"


def test_a_field_of_keywords_is_no_byline() -> None:
    assert _looks_like_byline("王\u3000磊\u00b9，赵\u3000敏\u00b2")
    assert not _looks_like_byline("关键词：耕地质量评价；GIS；县域；太谷县")


_ENTRIES = [
    ("西北干旱区近60年降水变化及其对农业生产的影响", "孙立平，黄　敏", 1),
    ("石羊河流域地下水超采治理成效评估", "何建华，杜　鹏", 9),
    ("不同覆膜方式对陇中旱地马铃薯产量的影响", "赵　红，李志军", 17),
    ("基于遥感的河西地区耕地撂荒时空格局", "周建国，马晓燕", 24),
    ("河西走廊绿洲灌区膜下滴灌对春小麦水分利用效率的影响", "王晓明，李　娜，赵国庆", 45),
    ("河西走廊不同灌水定额对制种玉米产量和品质的影响", "张　婷，刘建军", 51),
]


def test_contents_ending_in_bracketed_pages_are_a_compilation() -> None:
    page = [("干旱区农业资源学报　第39卷　第3期　2021年5月", 9.0, SONG), ("目　　次", 15.0, SONG)]
    for title, names, first in _ENTRIES:
        page += [
            (title, 10.0, SONG),
            (f"{names}\u2026\u2026\u2026\u2026\u2026\u2026\uff08{first}\uff09", 9.0, SONG),
        ]
    record = RecordHints.from_metadata(
        {
            "title": ["河西走廊绿洲灌区膜下滴灌对春小麦水分利用效率的影响"],
            "creator": ["王晓明", "李娜", "赵国庆"],
            "type": ["期刊论文"],
        }
    )
    identity = check_identity(make_pdf(page, body(30)), record)
    assert identity.verdict != "matched"


def test_a_bulletins_two_line_entries_are_entries_not_its_heading() -> None:
    entries = [
        ("長野県における農業用ため池の維持管理の現状", "宮下　隆", 1),
        ("浅間山麓における高原野菜畑の土壌侵食と緑肥作物の効果", "小林　浩・渡辺真理", 9),
        ("長野県東部の高冷地水田における雑草群落の組成と土壌条件", "佐藤健一・中村　恵", 21),
        ("千曲川流域におけるリンゴ園の訪花昆虫相", "山口大輔", 27),
    ]
    cover = [
        ("信州高原大学農学部紀要", 22.0, MIN),
        ("第 57 巻", 16.0, MIN),
        ("Vol. 57 March 2021", 12.0),
    ]
    contents = [("目　　次", 15.0, MIN)]
    for title, names, first in entries:
        contents += [
            (title, 10.4, MIN),
            (f"\u2026\u2026\u2026\u2026\u2026\u2026 {names}\u3000{first}", 9.2, MIN),
        ]
    contents += [
        ("CONTENTS", 10.7),
    ]
    for i, english in enumerate(("Farm ponds", "Soil erosion", "Weeds of paddies", "Insects")):
        contents += [
            (f"{english}: a study of the region", 8.6),
            (f"A. AUTHOR ······ {6 * i + 1}", 8.2),
        ]
    record = RecordHints.from_metadata(
        {
            "title": ["長野県東部の高冷地水田における雑草群落の組成と土壌条件"],
            "creator": ["Sato, Kenichi", "Nakamura, Megumi"],
            "type": ["departmental bulletin paper"],
        }
    )
    identity = check_identity(make_pdf(cover, contents, body(30)), record)
    assert identity.verdict != "matched"


def test_a_compilations_heading_ends_above_its_first_two_line_entry() -> None:
    # the real bulletin's sizes: its Japanese titles larger than the page's body (its
    # English entries), their leader lines too; the first entry the heading stops at was the
    # first English one, so every Japanese title was read as the heading
    texts = [("目　　次", 15.1)]
    for title, names, first in (
        ("長野県における農業用ため池の維持管理の現状", "宮下　隆", 1),
        ("浅間山麓における高原野菜畑の土壌侵食と緑肥作物の効果", "小林　浩・渡辺真理", 9),
        ("長野県東部の高冷地水田における雑草群落の組成と土壌条件", "佐藤健一・中村　恵", 21),
        ("千曲川流域におけるリンゴ園の訪花昆虫相", "山口大輔", 27),
    ):
        texts += [(title, 10.4), (f"\u2026\u2026\u2026\u2026 {names}\u3000{first}", 9.2)]
    texts.append(("CONTENTS", 10.7))
    for i, english in enumerate(("Farm ponds", "Soil erosion", "Weeds of paddies", "Insects")):
        texts += [(f"{english} of the region", 8.6), (f"A. AUTHOR ······ {6 * i + 1}", 8.2)]
    texts += [(f"A line of the issue's note, number {i}", 8.6) for i in range(6)]
    page = [Line(1, text, size, 800.0 - 14 * i) for i, (text, size) in enumerate(texts)]
    heading = compilation_heading([[Line(0, "Cover", 20.0, 800.0)], page], None)
    assert heading.startswith("目")
    assert "長野県東部" not in heading


def test_slides_printed_as_a_portrait_handout_are_slides() -> None:
    slide = [
        ("Evaluación de sensores de humedad de bajo coste", 14.0),
        ("Lucía García-Molina, Andrés Fernández Ruiz", 10.0),
        ("Notas", 9.0),
        ("Introducción", 12.0),
        ("• Olivar en seto: 30 % de las nuevas plantaciones", 10.0),
        ("• Riego deficitario controlado", 10.0),
        ("• Problema: coste de los sensores comerciales", 10.0),
        ("Objetivos", 12.0),
        ("• Evaluar cuatro sensores capacitivos", 10.0),
        ("• Calibración específica para el suelo", 10.0),
    ]
    record = RecordHints.from_metadata(
        {
            "title": ["Evaluación de sensores de humedad de bajo coste"],
            "creator": ["García-Molina, Lucía"],
            "type": ["info:eu-repo/semantics/conferenceObject"],
        }
    )
    identity = check_identity(make_pdf(slide, slide[3:], slide[3:]), record)
    assert identity.verdict == "mismatch"
    assert "slides printed as a handout" in identity.evidence


def test_a_thai_byline_below_the_titles_english_translation_is_the_byline() -> None:
    # (read from the lines as a layout gives them: no Thai font is needed to set them)
    title = "ผลของการใช้ถ่านชีวภาพต่อการเจริญเติบโตของข้าวโพดหวาน"
    texts = [
        (title, 15.0),
        ("Effect of biochar on growth and yield of sweet corn in sandy loam soil", 12.0),
        ("ศิริพร แก้วประเสริฐ1* และ ธนากร บุญมา1", 11.0),
        ("Siriporn Kaewprasert1* and Thanakorn Boonma1", 11.0),
    ]
    lines = [Line(0, text, size, 800.0 - 20 * i) for i, (text, size) in enumerate(texts)]
    run = TitleRun(0, title, 15.0, 0.95, 0, 0)
    assert not _is_prose(lines[2])  # a few short parts: names, not a phrase running on
    assert _is_prose(Line(0, "การศึกษานี้มีวัตถุประสงค์เพื่อศึกษาผลของการใช้ถ่านชีวภาพจากแกลบ", 10.0, 500.0))
    assert _byline(lines, run).startswith("ศิริพร แก้วประเสริฐ")
