"""Records of thousands of creators are compared without trying every pair of surnames.

Two alike titles with 4,000 different surnames each took 17 s a comparison: each surname of
one was tried against each of the other in Python. Past a few thousand pairs the surnames
each could be the same as are found (rapidfuzz's C loop for the ratio, the sorted names for
prefixes) and only those are tried: the same count as every pair gives.
"""

from __future__ import annotations

from unittest import mock

from hypothesis import given, settings
from hypothesis import strategies as st

from politeharvest.quality import _compare
from politeharvest.quality._compare import _fuzz, _same_person, _shared_names
from politeharvest.quality._work import Work
from tests.support.timed import seconds_in_child


def _every_pair(a: Work, b: Work) -> int:
    fuzz = _fuzz()
    exact = sum(1 for x in a.surnames & b.surnames if _same_person(a, x, b, x, fuzz))
    if exact:
        return exact
    return sum(1 for x in a.surnames if any(_same_person(a, x, b, y, fuzz) for y in b.surnames))


def _work(surnames: set[str], initials: dict[str, frozenset[str]]) -> Work:
    return Work(
        identifier="x",
        endpoint="e",
        titles=("a title",),
        words=frozenset({"title"}),
        surnames=frozenset(surnames),
        year=None,
        dois=frozenset(),
        generic=False,
        initials=initials,
    )


_names = st.text(alphabet="abno", min_size=1, max_size=8)
_people = st.dictionaries(_names, st.frozensets(st.sampled_from("jkm"), max_size=2), max_size=8)


@settings(max_examples=400)
@given(_people, _people)
def test_the_count_is_the_one_every_pair_gives(
    a: dict[str, frozenset[str]], b: dict[str, frozenset[str]]
) -> None:
    left, right = _work(set(a), a), _work(set(b), b)
    with mock.patch.object(_compare, "_PAIRS", 0):  # the lookups, whatever the sizes
        assert _shared_names(left, right, _fuzz()) == _every_pair(left, right)


def test_thousands_of_creators_are_compared_in_linear_time() -> None:
    """4,000 different surnames a side (and a few shared by prefix): 17 s before."""
    script = (
        "import time\n"
        "from politeharvest.quality._compare import _fuzz, _shared_names\n"
        "from politeharvest.quality._work import Work\n"
        "def work(names):\n"
        "    return Work(identifier='x', endpoint='e', titles=('t',), words=frozenset(),\n"
        "                surnames=frozenset(names), year=None, dois=frozenset(), generic=False)\n"
        "a = work([f'surname{i}q' for i in range(4000)] + ['lindqvist'])\n"
        "b = work([f'other{i}z' for i in range(4000)] + ['lindqvistt'])\n"
        "started = time.process_time()\n"
        "assert _shared_names(a, b, _fuzz()) == 1\n"
        "print(time.process_time() - started)\n"
    )
    assert all(seconds < 5.0 for seconds in seconds_in_child(script))
