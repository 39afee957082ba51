"""A page's datestamps read in time linear in the page, with the results as before.

A record whose datestamp is megabytes of junk became the listing's last datestamp and was
parsed again for each of the page's records (33 s for a page of 2 MB).
"""

from __future__ import annotations

import itertools
from datetime import datetime

from hypothesis import given
from hypothesis import strategies as st

from politeharvest.oai._datestamps import later
from tests.support.timed import seconds_in_child

_stamps = st.sampled_from(
    ["2020-01-01", "2020-01-01T00:00:00Z", "2020-01-02T10:00:00+02:00", "junk", "", "2019-12-31"]
)


@given(st.lists(_stamps, min_size=2, max_size=8))
def test_datestamps_remembered_compare_as_read_afresh(stamps: list[str]) -> None:
    read: dict[str, datetime | None] = {}
    for a, b in itertools.pairwise(stamps):
        assert later(a, b, read) == later(a, b)


def test_a_junk_datestamp_is_read_once_a_page() -> None:
    """A page of 20,000 records after one whose datestamp is 2 MB of junk: over two minutes
    before; in a child, so a
    regression fails instead of hanging the run."""
    script = (
        "import time\n"
        "from politeharvest.oai._cursor import OaiCursor\n"
        "from politeharvest.oai._listing import take_items\n"
        "from politeharvest.oai._records import OaiRecord\n"
        "junk = '9999-12-31T' + '9' * 2**21\n"
        "records = [OaiRecord('oai:x:0', junk)]\n"
        "records += [OaiRecord(f'oai:x:{i}', '2020-01-01') for i in range(1, 20_000)]\n"
        "started = time.process_time()\n"
        "take_items(OaiCursor(verb='ListRecords'), records, limit=0)\n"
        "print(time.process_time() - started)\n"
    )
    assert all(seconds < 5.0 for seconds in seconds_in_child(script, timeout=90))
