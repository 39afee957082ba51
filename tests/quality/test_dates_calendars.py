"""Dates of other calendars, named or told by their digits, and years a copy writes (issue 35).

An Ethiopian journal dates an article ``2012 ዓ.ም.`` beside ``2020-02-05``; an aggregator
copies the number alone (``2012``). A Nepali library dates it ``२०७८-०३-१५`` (Bikram Sambat,
Devanagari digits) or ``2078 B.S.``; a Thai one ``พ.ศ. 2566``. The calendars are calendar
facts (`_CALENDAR_NAMES`, convertdate's Coptic calendar for the Ethiopian one); a record is
of one year with another when a year either can be read as meets (`Work.years`).
"""

# Scripts on purpose: dates and titles as the repositories write them.
from __future__ import annotations

from typing import Any

import pytest

from politeharvest.quality import compare, normalize_date, publication_date, work_of


@pytest.mark.parametrize(
    ("value", "iso"),
    [
        ("2012 ዓ.ም.", "2020"),  # Ethiopian: Meskerem 2012 is September 2019
        ("ዓ.ም. 2012", "2020"),
        ("2012 E.C.", "2020"),
        ("2009 E.C.", "2017"),
        ("2012-01-01 E.C.", "2019-09-12"),  # Meskerem 1, 2012
        ("2072 B.S.", "2015"),  # Bikram Sambat: Baisakh 2072 is April 2015
        ("2078 V.S.", "2021"),
        ("वि.सं. २०७८", "2021"),
        ("२०७८-०३-१५", "2021-06"),  # Devanagari digits, a year still to come: Bikram Sambat
        ("२०७३", "2016"),
        ("พ.ศ. 2566", "2023"),  # the Buddhist era
        ("2566 B.E.", "2023"),
        ("1440 AH", "2019"),
        ("1398 SH", "2019"),
        ("1398 \u0647.\u0634", "2019"),  # Solar Hijri by its Persian abbreviation
    ],
)
def test_a_date_of_another_calendar_is_read_in_the_gregorian_one(value: str, iso: str) -> None:
    found = normalize_date(value)
    assert found is not None and found.iso == iso


@pytest.mark.parametrize(
    ("value", "iso"),
    [
        ("२०१९", "2019"),  # Devanagari digits of a past year: Gregorian (India)
        ("२०१९-०५-०१", "2019-05-01"),
        ("2019", "2019"),
        ("H30.3.31", "2018-03-31"),
        ("၂၀၁၄-၀၈-၂၁", "2014-08-21"),  # Myanmar digits
        ("2028-10-28", "2028-10-28"),  # a date still to come, not named: kept as written
    ],
)
def test_gregorian_dates_are_left_as_they_are(value: str, iso: str) -> None:
    found = normalize_date(value)
    assert found is not None and found.iso == iso


def test_the_gregorian_date_beside_a_named_calendar_dates_the_record() -> None:
    found = publication_date({"date": ["2002 ዓ.ም.", "2009-11-23"]})
    assert found is not None and found.iso == "2009-11-23"


JOURNAL = "https://ejsi.example.edu.et/index.php/j/oai"
AGGREGATOR = "https://ethernet.example.edu.et/oai"
NEPJOL = "https://nepjol.example.info/index.php/j/oai"
LIBRARY = "https://elibrary.example.edu.np/oai/request"


def rec(endpoint: str, ident: str, **metadata: Any) -> dict[str, Any]:
    return {"identifier": f"oai:{endpoint.split('/')[2]}:{ident}", "endpoint": endpoint,
            "metadata": metadata}  # fmt: skip


TITLE = "በጅማ ዞን የከርሰ ምድር ውሃ ጥራት አዝማሚያ"


def test_an_aggregators_copy_that_kept_the_ethiopian_number_is_of_the_same_year() -> None:
    journal = rec(JOURNAL, "1502", title=[TITLE], creator=["ሰላማዊት ግርማ", "ዳዊት አለሙ"],
                  date=["2012 ዓ.ም.", "2020-02-05"])  # fmt: skip
    copy = rec(AGGREGATOR, "1033", title=[TITLE], creator=["Girma, Selamawit", "Alemu, Dawit"],
               date=["2012"])  # fmt: skip
    assert work_of(journal).years == {2012, 2020}
    reason = compare(work_of(journal), work_of(copy))
    assert reason is not None and "same year" in reason
    # a copy dated another year still is another year: 2013 is neither reading
    later = {**copy, "metadata": {**copy["metadata"], "date": ["2013"]}}
    assert compare(work_of(journal), work_of(later)) is None


def test_a_bikram_sambat_date_without_its_name_meets_the_gregorian_year() -> None:
    title = "What shapes rural solar electrification? Evidence from Jhapa District"
    library = rec(LIBRARY, "1387", title=[title], creator=["Thapa, Ram B."], date=["2071-04-17"])
    journal = rec(NEPJOL, "1107", title=[title], creator=["Thapa, Ram Bahadur"],
                  date=["2014-07-17"], source=["Himalayan Journal of Social Inquiry; Vol. 3"])  # fmt: skip
    reason = compare(work_of(library), work_of(journal))
    assert reason is not None and "same year" in reason
    devanagari = rec(LIBRARY, "1388", title=[title], creator=["Thapa, Ram B."], date=["२०७१-०४-१७"])
    assert work_of(devanagari).year == 2014
    assert compare(work_of(devanagari), work_of(journal))


def test_a_gregorian_year_still_to_come_stays_apart_from_another_year() -> None:
    """A record dated 2028 (a forthcoming issue) is not of 2023 because 2028 is no year yet."""
    title = "Pengelolaan dana desa di Kota Padang: studi kasus (2015–2020)"
    later = rec(NEPJOL, "5062", title=[title], creator=["Indah Permatasari", "Mulyadi"],
                date=["2028-10-28"])  # fmt: skip
    earlier = rec(LIBRARY, "5061", title=[title], creator=["Rina Wulandari", "Mulyadi"],
                  date=["2023-05-08"])  # fmt: skip
    assert compare(work_of(later), work_of(earlier)) is None
