"""The JSONL rows' encoding: what the standard library would read back, fields as before."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from politeharvest.store._sinks import count_rows, encode_rows, rows_of

scalars = st.none() | st.booleans() | st.integers(-(2**63), 2**63 - 1) | st.text()
values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
    max_leaves=12,
)
rows = st.lists(st.dictionaries(st.text(), values, min_size=1, max_size=6), max_size=5)


@given(rows)
def test_rows_read_back_as_written(page: list[dict[str, Any]]) -> None:
    payload, tail = encode_rows(page)
    lines = [line + b"\n" for line in payload.split(b"\n")[:-1]]
    assert b"".join(lines) == payload
    assert [json.loads(line) for line in lines] == page
    assert tail == (lines[-1] if lines else b"")
    for line, row in zip(lines, page, strict=True):
        assert list(json.loads(line)) == sorted(row)  # fields in order, as before


@given(st.text())
def test_strings_escaped_as_the_standard_library_escapes_them(text: str) -> None:
    payload, _ = encode_rows([{"identifier": text}])
    assert payload == b'{"identifier": ' + json.dumps(text, ensure_ascii=False).encode() + b"}\n"


def test_a_record_row() -> None:
    row = {
        "sets": ["math"],
        "metadata": {"title": ["Größen — α & β"], "creator": ["A", 'B "b"']},
        "identifier": "oai:x:1",
        "endpoint": "https://repo.example.org/oai",
        "deleted": False,
        "datestamp": "2019-01-01",
        "metadata_prefix": "oai_dc",
    }
    payload, tail = encode_rows([row])
    assert (
        payload
        == tail
        == (
            b'{"datestamp": "2019-01-01", "deleted": false, "endpoint": '
            b'"https://repo.example.org/oai", "identifier": "oai:x:1", "metadata": '
            b'{"creator":["A","B \\"b\\""],"title":["Gr\xc3\xb6\xc3\x9fen \xe2\x80\x94 \xce\xb1 & '
            b'\xce\xb2"]}, "metadata_prefix": "oai_dc", "sets": ["math"]}\n'
        )
    )
    assert encode_rows([]) == (b"", b"")


def test_old_and_new_rows_are_counted_alike(tmp_path: Any) -> None:
    row = {"identifier": "oai:x:1", "endpoint": "e", "metadata_prefix": "oai_dc"}
    old = json.dumps(row, ensure_ascii=False, sort_keys=True) + "\n"
    path = tmp_path / "out.jsonl"
    path.write_bytes(old.encode() + encode_rows([{**row, "identifier": "oai:x:2"}])[0])
    assert count_rows(path, "e") == 2
    assert rows_of(path, "e", "oai_dc") == [("oai:x:1", ""), ("oai:x:2", "")]
