"""A page's Nuxt 3 payload of any shape is read or passed over, never an error (landing42).

A devalue payload is a flat JSON array whose numbers index its entries; a list whose
first entry is an object (``[{"id": 1}, 2]``) is no wrapper to look up, and was an
unhashable lookup that ended the whole page in an error. Entries that refer to each
other twice over grew twice at each level of the rebuilt value (2 ** 60 values: the page
never answered); the rebuilt value now has a budget. Properties: `devalued` returns JSON
text or None for any JSON array, and what it returns parses; a hostile payload is read
in bounded time and memory (a child process; its peak allocation read by
tracemalloc, which a parent's resident size does not inflate).
"""

from __future__ import annotations

import json
import subprocess
import sys

from hypothesis import given, settings
from hypothesis import strategies as st

from politeharvest.fulltext._state import devalued

_JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 12) | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=4), inner, max_size=4)
    ),
    max_leaves=20,
)


def test_a_list_whose_first_entry_is_an_object_is_no_wrapper() -> None:
    payload = [{"data": 1}, [{"pdf": 2}, 3], "https://x.example/a.pdf", "b"]
    rebuilt = devalued(json.dumps(payload))
    assert rebuilt is not None
    json.loads(rebuilt)


@settings(max_examples=300, deadline=None)
@given(
    st.lists(_JSON, min_size=2, max_size=8),
    st.dictionaries(st.text(max_size=4), st.integers(0, 8), min_size=1, max_size=3),
)
def test_any_payload_is_read_or_passed_over(entries: list[object], root: dict[str, int]) -> None:
    for payload in ([root, *entries], entries, [["ShallowReactive", 1], *entries]):
        rebuilt = devalued(json.dumps(payload))
        assert rebuilt is None or json.loads(rebuilt) is not None or rebuilt == "null"


_HOSTILE = """
import json, time, tracemalloc
from politeharvest.fulltext._state import devalued
payload = [{"a": 1, "b": 1}] + [{"a": i + 2, "b": i + 2} for i in range(70)] + ["x"]
tracemalloc.start()
started = time.process_time()
rebuilt = devalued(json.dumps(payload))
print(time.process_time() - started, tracemalloc.get_traced_memory()[1])
"""


def test_a_payload_referring_to_itself_twice_over_is_read_in_bounded_time() -> None:
    done = subprocess.run(
        [sys.executable, "-c", _HOSTILE], capture_output=True, text=True, timeout=60, check=True
    )
    seconds, peak = done.stdout.split()
    assert float(seconds) < 5.0
    assert int(peak) < 200 * 2**20  # bytes the reading allocated at its peak (tracemalloc)


_INLINE = """
import json, time, tracemalloc
from politeharvest.fulltext._state import devalued
written = [{"k": i} for i in range(2000)]  # a value written in place, not by its index
payload = [{"a": 1}, [2] * 20000, {"x": written}]  # reached 20,000 times over
tracemalloc.start()
started = time.process_time()
rebuilt = devalued(json.dumps(payload))
print(time.process_time() - started, tracemalloc.get_traced_memory()[1], len(rebuilt or ""))
"""


def test_a_value_written_in_place_and_reached_many_times_counts_against_the_budget() -> None:
    """A payload's objects may hold values in place (landing109); each value of one counts
    against the budget, however often an index reaches it (written once, reached 20,000
    times over, it rebuilt 500 MB in 13 s before the review)."""
    done = subprocess.run(
        [sys.executable, "-c", _INLINE], capture_output=True, text=True, timeout=120, check=True
    )
    seconds, peak, size = done.stdout.split()
    assert int(size) < 10 * 2**20
    assert float(seconds) < 5.0
    assert int(peak) < 200 * 2**20
