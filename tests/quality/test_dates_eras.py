"""Dates of the Japanese eras and in the CJK order of year, month and day (issue 35).

A Japanese repository may date a record ``令和5年4月1日`` or ``H30.3.31``; a copy dates it
``2023-04-01``. The eras are a calendar fact (`_ERAS`: the Gregorian year each began and its
last year), not a list per language; ``元年`` is an era's first year.
"""

from __future__ import annotations

import pytest

from politeharvest.quality import normalize_date, publication_date, work_of


@pytest.mark.parametrize(
    ("value", "iso"),
    [
        ("令和5年", "2023"),
        ("令和5年4月1日", "2023-04-01"),
        ("令和元年5月1日", "2019-05-01"),
        ("㋿5年", "2023"),  # the Reiwa square, 令和 once NFKC-normalised
        ("令和５年４月", "2023-04"),  # full-width digits
        ("平成30年3月", "2018-03"),
        ("平成 30 年 3 月 31 日", "2018-03-31"),
        ("平成31年4月30日", "2019-04-30"),
        ("昭和64年1月7日", "1989-01-07"),
        ("大正元年", "1912"),
        ("明治45年", "1912"),
        ("H30", "2018"),
        ("H30.3.31", "2018-03-31"),
        ("R5", "2023"),
        ("Reiwa 5", "2023"),
        ("Heisei 30", "2018"),
        ("Shōwa 64", "1989"),
        ("2023年4月1日", "2023-04-01"),
        ("2023年4月", "2023-04"),
        ("2023年", "2023"),
        ("2023년 4월 1일", "2023-04-01"),
        ("2023.3.31", "2023-03-31"),
        ("2023/03/15", "2023-03-15"),
    ],
)
def test_japanese_eras_and_cjk_dates_are_read(value: str, iso: str) -> None:
    found = normalize_date(value)
    assert found is not None and found.iso == iso, (value, found)


@pytest.mark.parametrize(
    "value",
    [
        "平成32年",
        "明治46年",
        "令和0年",
        "令和5年13月",
        "令和5年2月30日",
        "R5年度",
        "H",
        "2019/2020",
    ],
)
def test_an_era_year_past_its_end_or_an_impossible_date_is_refused(value: str) -> None:
    assert normalize_date(value) is None


@pytest.mark.parametrize(
    ("value", "iso"),
    [("۱۳۹۸/۰۵/۱۲", "2019-08-03"), ("15.01.2023", "2023-01-15"), ("2023-01", "2023-01")],
)
def test_other_calendars_and_forms_are_read_as_before(value: str, iso: str) -> None:
    found = normalize_date(value)
    assert found is not None and found.iso == iso


def test_an_era_date_dates_a_record() -> None:
    row = {
        "identifier": "oai:repo.example.jp:1",
        "endpoint": "https://repo.example.jp/oai",
        "metadata": {"title": ["都市緑地の熱環境緩和効果"], "date": ["令和5年4月1日"]},
    }
    date = publication_date(row["metadata"])  # type: ignore[arg-type]
    assert date is not None and date.iso == "2023-04-01"
    work = work_of(row)
    assert (work.year, work.month) == (2023, 4)
