"""Title words frequent in the harvest being cleaned corroborate no title (issue 35).

`TITLE_STOP` lists the stop words of a few languages; a harvest in any other language has
its own ("um", "sobre", "v"), and every field has words nearly every title has ("study").
The deduplicator learns them from the harvest itself: a word found in at least 1 in 20 of
the records indexed (once there are 200) is frequent, and `compare` does not count it when
it asks whether a title is long enough to stand without authors. A frequent word still
tells two titles apart. All records here are invented.
"""

from __future__ import annotations

import itertools
from typing import Any

import pytest

pytest.importorskip("rapidfuzz")

from politeharvest.quality import Deduplicator, compare, work_of

JOURNAL = "https://revista.example.br/oai"
IR = "https://repositorio.example.edu.br/oai/request"
AGG = "https://agregador.example.org/oai"

#: Five words of which three ("um", "estudo", "sobre") are frequent in the harvest below:
#: the Portuguese of "A study on health education", which in English is two words short of
#: standing alone (the stop words of `TITLE_STOP` dropped).
SHORT = "Um estudo sobre educação e saúde"


def rec(endpoint: str, ident: str, **metadata: Any) -> dict[str, Any]:
    return {
        "identifier": f"oai:{endpoint.split('/')[2]}:{ident}",
        "endpoint": endpoint,
        "metadata": {k: v if isinstance(v, list) else [v] for k, v in metadata.items()},
    }


def filler(count: int) -> list[dict[str, Any]]:
    """Titles of other works: "Um estudo sobre" and words of their own (invented syllables)."""
    syllables = ["ka", "lo", "mi", "ne", "su", "ta", "vo", "ri", "ze", "pu", "ga", "do"]
    words = ["".join(p) for p in itertools.permutations(syllables, 3)]
    return [
        rec(
            JOURNAL,
            f"f{n}",
            title=f"Um estudo sobre {words[3 * n]} {words[3 * n + 1]} {words[3 * n + 2]}",
            creator=[f"Autor{n}, A."],
            date="2020",
        )
        for n in range(count)
    ]


def test_the_deduplicator_learns_the_frequent_words_of_the_harvest() -> None:
    dedup = Deduplicator()
    dedup.extend(filler(240))
    assert {"um", "estudo", "sobre"} <= dedup.frequent
    assert not dedup.frequent & {"kalomi", "educacao", "saude"}  # in one title or none


def test_a_short_title_of_frequent_words_does_not_stand_alone() -> None:
    """Two records of one year with no authors and one short title are not merged on it."""
    a = work_of(rec(IR, "1", title=SHORT, date="2019"))
    b = work_of(rec(AGG, "2", title=SHORT, date="2019"))
    assert compare(a, b) is not None  # five content words: long enough, without the harvest
    assert compare(a, b, frequent={"um", "estudo", "sobre"}) is None
    english = [
        work_of(rec(e, "3", title="A study on health education", date="2019")) for e in (IR, AGG)
    ]
    assert compare(*english) is None  # as its English form, by TITLE_STOP


def test_in_a_harvest_the_short_title_stays_two_items_and_authors_still_merge() -> None:
    dedup = Deduplicator()
    dedup.extend(filler(240))
    dedup.extend(
        [
            rec(IR, "1", title=SHORT, date="2019"),
            rec(AGG, "2", title=SHORT, date="2019"),
            rec(IR, "3", title=SHORT + " de adolescentes", creator=["Lima, Ana"], date="2018"),
            rec(AGG, "4", title=SHORT + " de adolescentes", creator=["Lima, A."], date="2018"),
        ]
    )
    clusters = [set(c.identifiers) for c in dedup.clusters()]
    assert {"oai:repositorio.example.edu.br:1", "oai:agregador.example.org:2"} not in clusters
    assert {"oai:repositorio.example.edu.br:3", "oai:agregador.example.org:4"} in clusters


def test_a_frequent_word_still_tells_two_titles_apart() -> None:
    """One template, two subjects: "evaluation" and "framework" are frequent, and differ."""
    people = ["Dada, Sofia", "Nelifi, Elodie"]
    a = rec(IR, "5", title="Lamuri evaluation of bezuli mute networks", creator=people, date="2018")
    b = rec(AGG, "6", title="Lamuri framework of bezuli mute networks", creator=people, date="2018")
    assert compare(work_of(a), work_of(b), frequent={"evaluation", "framework"}) is None


def test_a_small_harvest_learns_no_frequent_word() -> None:
    """Under 200 records a share says little: nothing is frequent yet."""
    dedup = Deduplicator()
    dedup.extend(filler(150))
    assert dedup.frequent == set()


def test_digits_are_never_frequent() -> None:
    """A number tells parts and volumes apart however often it occurs (part 1, part 2)."""
    dedup = Deduplicator()
    dedup.extend(
        rec(JOURNAL, f"n{n}", title=f"Report {n} on the 2 sites, part 1", date="2020")
        for n in range(250)
    )
    assert "1" not in dedup.frequent and "2" not in dedup.frequent
    assert "report" in dedup.frequent and "sites" in dedup.frequent


def test_an_index_of_an_earlier_run_brings_its_frequent_words(tmp_path: Any) -> None:
    from politeharvest.quality import SQLiteDedupIndex

    path = tmp_path / "index.sqlite"
    first = Deduplicator(SQLiteDedupIndex(path))
    first.extend(filler(240))
    learnt = set(first.frequent)
    first.index.close()
    again = Deduplicator(SQLiteDedupIndex(path))
    assert {"um", "estudo", "sobre"} <= again.frequent
    assert again.frequent == learnt
    again.index.close()
