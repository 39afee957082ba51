"""Every output a harvest writes reads back as the rows that were written (`read_rows`), and a
whole output written at once (`write_rows`, as ``clean`` writes) is the same table a harvest
writes: stable columns, nothing in ``extra``, replaced only once complete.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from politeharvest.exceptions import InputUnreadable
from politeharvest.store import CsvSink, JsonlSink, ParquetSink, SQLiteSink
from politeharvest.store._read import input_kind, read_rows
from politeharvest.store._tables import DUBLIN_CORE, EXTRA, write_rows

pq = pytest.importorskip("pyarrow.parquet")

ENDPOINT = "https://repo.example.org/oai"


def _row(n: int, **changes: Any) -> dict[str, Any]:
    row: dict[str, Any] = {
        "identifier": f"oai:x:{n}",
        "datestamp": "2024-01-01T00:00:00Z",
        "deleted": False,
        "sets": ["a", "b"],
        "endpoint": ENDPOINT,
        "metadata_prefix": "oai_dc",
        "metadata": {"title": [f"Title {n}"], "creator": ["Ada", "Charles"]},
    }
    row.update(changes)
    return row


FULLTEXT = {
    "landing_url": "https://repo.example.org/landing/1",
    "file_url": "https://repo.example.org/files/1.pdf",
    "path": "/data/files/oai_x_1.pdf",
    "sha256": "ab" * 32,
    "status": "downloaded",
    "kind": "pdf",
    "retriable": False,
    "reason": "citation_pdf_url",
    "identity": {"verdict": "matched", "evidence": "title and year"},
    "evidence": "meta: citation_pdf_url",
}

ROWS = [
    _row(1, fulltext=FULLTEXT),
    _row(
        2,
        metadata={
            "title": ["A | B: pipes in a title", "[Review] of a book"],
            "dc.date.issued": ["2020"],  # a qualified name, dots and all
            "subject": [""],
        },
        fulltext={**FULLTEXT, "identity": None, "path": None, "sha256": None, "retriable": True},
        note="the user's own field",
    ),
    _row(3, deleted=True, metadata={}),
    {"identifier": "oai:x:1", "fulltext": FULLTEXT, "retry": True},  # a retried file's row
]


def _bare(value: Any) -> Any:
    """A row without its None values: a table cannot tell a null field from a missing one."""
    if isinstance(value, dict):
        return {k: _bare(v) for k, v in value.items() if v is not None}
    if isinstance(value, list):
        return [_bare(v) for v in value]
    return value


def _write(kind: str, path: Path, rows: list[dict[str, Any]]) -> None:
    sink = {"csv": CsvSink, "parquet": ParquetSink, "jsonl": JsonlSink}[kind](path)
    for page in (rows[:1], rows[1:]):  # two pages: the second's fields after the header
        sink.write_page(page)
    sink.close()


@pytest.mark.parametrize("kind", ["jsonl", "csv", "parquet"])
def test_each_output_reads_back_as_the_rows_written(tmp_path: Path, kind: str) -> None:
    path = tmp_path / f"out.{kind}"
    _write(kind, path, ROWS)
    source = read_rows(path)
    got = list(source.rows())
    assert got == ROWS if kind == "jsonl" else _bare(got) == _bare(ROWS)
    assert source.bad == []


def test_sqlite_reads_back_too(tmp_path: Path) -> None:
    path = tmp_path / "out.sqlite"
    sink = SQLiteSink(path)
    sink.write_page(ROWS[:3])
    sink.close()
    assert sorted(read_rows(path).rows(), key=lambda r: r["identifier"]) == ROWS[:3]


def test_a_later_pages_field_outside_the_columns_comes_back_from_extra(tmp_path: Path) -> None:
    path = tmp_path / "out.csv"
    first = _row(1, metadata_prefix="marc21", metadata={"title": ["T"]})
    later = _row(2, metadata_prefix="marc21", metadata={"245a": ["U"]}, note={"a": "b"})
    _write("csv", path, [first, later])
    header = path.read_text().splitlines()[0].split(",")
    assert "metadata.245a" not in header
    assert list(read_rows(path).rows()) == [first, later]


texts = st.text(st.characters(exclude_categories=("Cs",), exclude_characters="\x00"), max_size=12)


@settings(max_examples=60, deadline=None)
@example(values=[["\r"], ["a\rb", "c | d"], ["[x]"], [""]])  # a bare CR ended a CSV row
@given(values=st.lists(st.lists(texts, min_size=1, max_size=4), min_size=1, max_size=4))
def test_any_metadata_text_survives_csv_and_parquet(
    tmp_path_factory: pytest.TempPathFactory, values: list[list[str]]
) -> None:
    rows = [_row(n, metadata={"title": items}) for n, items in enumerate(values)]
    folder = tmp_path_factory.mktemp("any")
    for kind in ("csv", "parquet"):
        path = folder / f"out.{kind}"
        _write(kind, path, rows)
        assert list(read_rows(path).rows()) == rows, kind


@pytest.mark.parametrize("kind", ["csv", "parquet"])
def test_write_rows_writes_one_table_with_every_key_a_column(tmp_path: Path, kind: str) -> None:
    out = tmp_path / f"clean.{kind}"
    rows = [
        _row(1),
        _row(2, members=[_row(2), _row(9)], normalized={"issued": {"iso": "2020"}}),
    ]
    assert write_rows(out, rows, page_size=1) == 2
    assert _bare(list(read_rows(out).rows())) == rows
    if kind == "csv":
        header = out.read_text(encoding="utf-8").splitlines()[0].split(",")
        extra = [line.rsplit(",", 1)[1] for line in out.read_text().splitlines()[1:]]
    else:
        table = pq.read_table(out)
        header = table.column_names
        extra = table.column(EXTRA).to_pylist()
    assert {f"metadata.{name}" for name in DUBLIN_CORE} | {"members", "normalized.issued.iso"} <= (
        set(header)
    )
    assert header[-1] == EXTRA and not any(extra)
    assert not [p.name for p in tmp_path.iterdir() if p.name != out.name]  # nothing left beside


@pytest.mark.parametrize("kind", ["csv", "parquet", "jsonl"])
def test_write_rows_replaces_an_output_only_once_complete(tmp_path: Path, kind: str) -> None:
    out = tmp_path / f"clean.{kind}"
    write_rows(out, [_row(1)])

    def failing() -> Any:
        yield _row(2)
        raise RuntimeError("the input broke")

    with pytest.raises(RuntimeError):
        write_rows(out, failing())
    assert [r["identifier"] for r in read_rows(out).rows()] == ["oai:x:1"]
    assert not [p.name for p in tmp_path.iterdir() if p.name != out.name]
    write_rows(out, [_row(3)])
    assert [r["identifier"] for r in read_rows(out).rows()] == ["oai:x:3"]
    assert not [p.name for p in tmp_path.iterdir() if p.name != out.name]


def test_lines_that_are_not_records_are_numbered(tmp_path: Path) -> None:
    path = tmp_path / "in.jsonl"
    path.write_text(json.dumps(_row(1)) + "\nnot json\n\n[1]\n" + json.dumps({"x": 1}) + "\n")
    source = read_rows(path)
    assert [r["identifier"] for r in source.rows()] == ["oai:x:1"]
    assert source.bad == [2, 4, 5]


def test_a_csv_without_identifiers_is_unreadable_and_says_so(tmp_path: Path) -> None:
    path = tmp_path / "mine.csv"
    path.write_text("name,score\nada,3\n")
    with pytest.raises(InputUnreadable, match=r"mine\.csv: .*without an identifier column"):
        list(read_rows(path).rows())


def test_kinds_by_ending_and_folder(tmp_path: Path) -> None:
    (tmp_path / "d.parquet").mkdir()
    assert [input_kind(tmp_path / n) for n in ("a.jsonl", "b", "c.csv", "d.parquet", "e.db")] == [
        "JSON lines",
        "JSON lines",
        "CSV",
        "Parquet",
        "SQLite",
    ]


def test_a_csv_cell_of_megabytes_reads_back(tmp_path: Path) -> None:
    """A record's XML (another format than oai_dc) is far longer than csv's default limit."""
    row = _row(1, metadata_prefix="mets", metadata={}, xml="<mets>" + "x" * 3_000_000 + "</mets>")
    path = tmp_path / "out.csv"
    _write("csv", path, [row, _row(2, metadata_prefix="mets", metadata={})])
    assert [r.get("xml") for r in read_rows(path).rows()] == [row["xml"], None]
