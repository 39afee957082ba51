"""Hypothesis strategies for datestamps and identifiers of every kind (the deliveries' tests)."""

from __future__ import annotations

import datetime as dt

from hypothesis import strategies as st

moments = st.datetimes(
    min_value=dt.datetime(1, 1, 1), max_value=dt.datetime(9999, 12, 31, 23, 59, 59)
)
canonical = st.one_of(
    moments.map(lambda m: f"{m.year:04d}-{m:%m-%dT%H:%M:%S}Z"),
    moments.map(lambda m: f"{m.year:04d}-{m:%m-%d}"),
)
# what repositories also send: fractions, offsets, leap seconds, nothing, anything
odd = st.one_of(
    moments.map(lambda m: m.strftime("%Y-%m-%dT%H:%M:%S.5Z")),
    moments.map(lambda m: m.strftime("%Y-%m-%dT%H:%M:%S+01:00")),
    st.sampled_from(["", "2020-06-30T23:59:60Z", "2020-13-01", "2020-02-30", "0000-01-01"]),
    st.sampled_from(["2020-01-01T24:00:00Z", "２０２０-01-01", "2020-01-01T00:00:00z"]),
    st.text(max_size=24),
)
stamps = st.one_of(canonical, odd)

prefixes = st.sampled_from(["", "oai:arXiv.org:", "oai:x:", "a"])
identifiers = st.one_of(
    st.text(max_size=12),
    st.text(max_size=8).map(lambda s: "oai:arXiv.org:" + s),
    st.text(max_size=8).map(lambda s: "oai:x:" + s),
    st.integers(min_value=0, max_value=10**20).map(lambda n: f"oai:x:{n}"),
    st.from_regex(r"oai:x:[0+-]?[0-9]{1,20}", fullmatch=True),
)
