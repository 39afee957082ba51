"""RedisStateStore's compact deliveries against a real redis-server: the script's datestamp
order is the texts' order, `filter_new` answers as a model does, an older form goes on."""

from __future__ import annotations

import json
import uuid

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from politeharvest.fleet import RedisStateStore
from politeharvest.fleet._state import _STAMP_TEXT
from politeharvest.store import _deliveries as dv
from politeharvest.store._state import PageCommit
from tests.support.stamps import canonical, identifiers, stamps

pytestmark = pytest.mark.integration

SLOW = settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))


@SLOW
@given(st.lists(canonical, min_size=1, max_size=40))
def test_the_script_reads_integer_datestamps_as_python_does(
    redis_url: str, texts: list[str]
) -> None:
    store = RedisStateStore(redis_url)
    codes = [dv.stamp_code(t) for t in texts]
    script = store.client.register_script(
        _STAMP_TEXT
        + "local out = {} for i, v in ipairs(ARGV) do out[i] = stamp_text(tonumber(v)) end "
        "return out"
    )
    assert [t.decode() for t in script(keys=[], args=codes)] == texts


@SLOW
@given(
    st.lists(
        st.tuples(
            st.sampled_from(["a|oai_dc", "b|marc"]),
            st.lists(st.tuples(identifiers, stamps), max_size=10),
            st.sampled_from(["L1", "L2"]),
        ),
        max_size=6,
    ),
    st.lists(st.tuples(identifiers, stamps), max_size=10),
)
def test_filter_new_never_repeats_a_delivery_nor_hides_a_newer_one(
    redis_url: str,
    commits: list[tuple[str, list[tuple[str, str]], str]],
    asked: list[tuple[str, str]],
) -> None:
    """As in SQLite: the newest datestamp (compared as text) and its listing, per identifier."""
    store = RedisStateStore(redis_url, prefix=f"t{uuid.uuid4().hex[:10]}")
    model: dict[tuple[str, str], tuple[str, str]] = {}
    for scope, pairs, listing in commits:
        store.commit(PageCommit(scope, tuple(pairs), listing, None, "k"))
        for ident, stamp in pairs:
            seen = model.get((scope, ident))
            if seen is None or stamp >= seen[0]:
                model[(scope, ident)] = (stamp, listing)
    fresh = RedisStateStore(redis_url, prefix=store.prefix[:-1])  # another worker, no cache
    for scope in ("a|oai_dc", "b|marc"):
        for only in (None, "L1", "L9"):
            expected = {
                i
                for i, s in asked
                if (seen := model.get((scope, i))) is None
                or s > seen[0]
                or (only is not None and seen[1] != only)
            }
            assert store.filter_new(scope, asked, listing_id=only) == expected
            assert fresh.filter_new(scope, asked, listing_id=only) == expected


def test_rows_are_small_values_under_small_keys(redis_url: str) -> None:
    store = RedisStateStore(redis_url)
    scope = "https://arxiv.org/oai|oai_dc"
    page = (("oai:arXiv.org:2101.00001", "2021-01-04T10:00:00Z"), ("oai:arXiv.org:1", "2021"))
    store.commit(PageCommit(scope, page, "a" * 32, None, "k"))  # the prefix: the first page's
    store.commit(PageCommit(scope, (("urn:x", "2021-01-04.5"),), "b" * 32, None, "k"))
    stored = store.client.hgetall(store._k("dv", "1"))
    assert stored == {
        b"2101.00001": f"1 {dv.encode_stamp(page[0][1])}".encode(),
        b"1": b"1 '2021",
        b"\0urn:x": b"2 '2021-01-04.5",
    }
    assert store.client.hget(store._k("scopes"), scope) == b'[1,"oai:arXiv.org:"]'


def test_a_scope_in_the_older_form_goes_on_in_it(redis_url: str) -> None:
    """Deliveries an earlier version made (identifier -> JSON) are neither lost nor doubled."""
    store = RedisStateStore(redis_url)
    old = store._k("deliv", "s")
    store.client.hset(old, "oai:x:1", json.dumps(["2020-01-01", "L0"]))
    page = (("oai:x:1", "2020-01-01"), ("oai:x:2", "2020-01-02"))
    assert store.filter_new("s", page) == {"oai:x:2"}
    store.commit(PageCommit("s", page[1:], "L1", None, "k"))
    assert RedisStateStore(redis_url, prefix=store.prefix[:-1]).filter_new("s", page) == set()
    assert json.loads(store.client.hget(old, "oai:x:2")) == ["2020-01-02", "L1"]
    assert not store.client.exists(store._k("scopes"))
