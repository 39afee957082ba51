"""CSV and Parquet outputs through the plan: exactly once across a crash, stable columns."""

from __future__ import annotations

import csv
import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import requests

from politeharvest import HarvestPlan, OutputMismatch, OutputUnknown, Politeness
from politeharvest.store._tables import (
    BASE_COLUMNS,
    DUBLIN_CORE,
    EXTRA,
    FULLTEXT_COLUMNS,
    LEDGER,
    LIST_SEPARATOR,
    CsvSink,
    FreshJsonlSink,
    Output,
    ParquetSink,
    columns_for,
    flatten,
    open_table,
    output_problem,
    tracked_file,
)
from politeharvest.testing import FakeClock, OaiTestRepository, ScriptedAdapter

pq = pytest.importorskip("pyarrow.parquet")

ENDPOINT = "https://repo.example.org/oai"
POLICY = Politeness(
    user_agent="politeharvest-tests/1.0 (+mailto:tests@example.org)", job_budget=10**6
)


@pytest.fixture
def repo(clock: FakeClock, adapter: ScriptedAdapter) -> OaiTestRepository:
    repository = OaiTestRepository.sample(230, page_size=25, now=clock.now)
    adapter.add(ENDPOINT, repository)
    return repository


@pytest.fixture
def make_plan(
    http: requests.Session, clock: FakeClock, tmp_path: Path
) -> Callable[..., HarvestPlan]:
    def make(**kwargs: object) -> HarvestPlan:
        settings: dict[str, object] = {
            "state": tmp_path / "state.sqlite",
            "http": http,
            "clock": clock,
            "policy": POLICY,
        }
        settings.update(kwargs)
        return HarvestPlan(ENDPOINT, **settings)  # type: ignore[arg-type]

    return make


def csv_rows(path: Path) -> list[dict[str, str]]:
    with open(path, encoding="utf-8", newline="") as handle:
        return list(csv.DictReader(handle))


def parquet_ids(folder: Path) -> list[str]:
    parts = sorted(folder.glob("part-*.parquet"))
    return [i for p in parts for i in pq.read_table(p).column("identifier").to_pylist()]


ROW: dict[str, Any] = {
    "identifier": "oai:x:1",
    "datestamp": "2024-01-01",
    "deleted": False,
    "sets": ["a", "b"],
    "endpoint": ENDPOINT,
    "metadata_prefix": "oai_dc",
    "metadata": {"title": ["T"], "creator": ["Ada", "Charles"]},
}


@pytest.mark.parametrize(
    ("row", "flat"),
    [
        ({"a": 1}, {"a": 1}),
        ({"metadata": {"title": ["T"]}}, {"metadata.title": ["T"]}),
        (
            {"fulltext": {"status": "ok", "x": {"y": None}}},
            {"fulltext.status": "ok", "fulltext.x.y": None},
        ),
        ({"metadata": {}}, {}),
    ],
)
def test_flatten_makes_dotted_keys(row: dict[str, Any], flat: dict[str, Any]) -> None:
    assert flatten(row) == flat


def test_columns_are_the_base_then_the_first_pages_keys_then_extra() -> None:
    other = {**ROW, "metadata_prefix": "marc21"}
    columns = columns_for([other, {**other, "xml": "<x/>"}])
    assert columns == (*BASE_COLUMNS, "metadata.creator", "metadata.title", "xml", EXTRA)


def test_oai_dc_has_every_dublin_core_element_whatever_the_first_page_holds() -> None:
    columns = columns_for([ROW, {**ROW, "metadata": {"dc.date.issued": ["2020"]}}])
    dc = [f"metadata.{name}" for name in DUBLIN_CORE]
    assert columns == (*BASE_COLUMNS, *sorted([*dc, "metadata.dc.date.issued"]), EXTRA)
    assert len(DUBLIN_CORE) == 15


def test_full_text_has_every_field_of_its_object_and_no_placeholder() -> None:
    """A first page whose files were not judged (identity None) still has identity columns."""
    fulltext = {"path": None, "status": "no candidate", "identity": None, "retriable": False}
    columns = columns_for([{**ROW, "fulltext": fulltext}])
    assert set(FULLTEXT_COLUMNS) <= set(columns)
    assert "fulltext.identity" not in columns  # only a None standing for the object


def test_every_field_a_files_row_can_have_has_a_column() -> None:
    """The contract with the full-text step: a field it adds to its rows gets a column here."""
    from politeharvest.fulltext._step import _summary

    keys = set(flatten({"fulltext": _summary(None, None, "x")}))
    identity = {"verdict": "matched", "evidence": "e", "kind": "article", "version": "v"}
    keys |= set(flatten({"fulltext": {"identity": identity}}))
    from politeharvest.net._preferences import UsagePreferences

    said = UsagePreferences.stated({"train-ai": "n"}, "e", licence_server="https://l.example")
    keys |= set(flatten({"fulltext": {"preferences": said.to_dict()}}))
    assert keys - {"fulltext.identity", "fulltext.preferences"} <= set(FULLTEXT_COLUMNS)


@pytest.mark.parametrize(
    ("out", "overwrite", "problem"),
    [
        ("r.jsonl", False, None),
        ("r.csv", True, None),
        ("r.parquet", True, None),
        ("r.sqlite", False, None),
        ("-", False, None),
        ("r.xlsx", False, "not XLSX"),
        ("r.sqlite", True, "not SQLite"),
        ("-", True, "needs a file"),
        ("redis://h/0?stream=s", True, "needs a file"),
    ],
)
def test_output_problem(out: str, overwrite: bool, problem: str | None) -> None:
    got = output_problem(out, overwrite=overwrite)
    assert (got is None) if problem is None else (problem in str(got))


def test_tracked_file_is_the_csv_or_the_parquet_ledger(tmp_path: Path) -> None:
    assert tracked_file(tmp_path / "r.csv") == str(tmp_path / "r.csv")
    assert tracked_file(str(tmp_path / "r.parquet")) == str(tmp_path / "r.parquet" / LEDGER)
    assert tracked_file(Output(str(tmp_path / "r.jsonl"), overwrite=True)) == str(
        tmp_path / "r.jsonl"
    )
    assert tracked_file(tmp_path / "r.jsonl") is None  # the plan decides, as before
    assert tracked_file("-") is None


def test_csv_lists_are_joined_and_a_later_key_goes_to_extra(tmp_path: Path) -> None:
    out = tmp_path / "r.csv"
    sink = CsvSink(out)
    sink.write_page([ROW])
    later = {
        **ROW,
        "identifier": "oai:x:2",
        "metadata": {"title": ["U"], "subject": ["s"], "dc.x": ["y"]},
    }
    sink.write_page([later])
    sink.close()
    rows = csv_rows(out)
    lines = out.read_text().splitlines()
    assert sum(line.startswith("identifier,") for line in lines) == 1  # one header
    assert rows[0]["metadata.creator"] == f"Ada{LIST_SEPARATOR}Charles"
    assert rows[0]["sets"] == "a | b" and rows[0]["deleted"] == "false"
    assert rows[0][EXTRA] == ""
    assert rows[1]["metadata.creator"] == ""
    assert rows[1]["metadata.subject"] == "s"  # a Dublin Core element: a column from the start
    assert json.loads(rows[1][EXTRA]) == {"metadata.dc.x": ["y"]}
    # a second sink on the same file keeps the header's columns
    again = CsvSink(out)
    assert again.columns == tuple(csv_rows(out)[0].keys())
    again.close()


def test_a_csv_with_another_header_is_refused_unchanged(tmp_path: Path) -> None:
    out = tmp_path / "mine.csv"
    out.write_text("name,score\nada,3\n")
    with pytest.raises(OutputMismatch, match="another header"):
        CsvSink(out)
    assert out.read_text() == "name,score\nada,3\n"


class CsvCrash(CsvSink):
    """Writes a page durably, then dies before the checkpoint (the worst moment)."""

    pages = 0

    def write_page(self, rows, *, before_write=None):  # type: ignore[no-untyped-def]
        mark = super().write_page(rows, before_write=before_write)
        CsvCrash.pages += 1
        if CsvCrash.pages == 3:
            raise KeyboardInterrupt("killed after the write, before the checkpoint")
        return mark


class ParquetCrash(ParquetSink):
    pages = 0

    def write_page(self, rows, *, before_write=None):  # type: ignore[no-untyped-def]
        mark = super().write_page(rows, before_write=before_write)
        ParquetCrash.pages += 1
        if ParquetCrash.pages == 3:
            raise KeyboardInterrupt("killed after the write, before the checkpoint")
        return mark


def test_csv_crash_between_write_and_checkpoint_loses_and_repeats_nothing(
    make_plan: Callable[..., HarvestPlan], repo: OaiTestRepository, tmp_path: Path
) -> None:
    out = tmp_path / "r.csv"
    CsvCrash.pages = 0
    with pytest.raises(KeyboardInterrupt):
        make_plan(sink=CsvCrash(out)).run()
    assert len(csv_rows(out)) == 75  # three pages on disk, two checkpointed
    summary = make_plan(sink=str(out)).run()
    ids = [r["identifier"] for r in csv_rows(out)]
    assert len(ids) == len(set(ids)) == 230
    assert out.read_text().count("identifier,datestamp") == 1
    assert any("took back" in note for note in summary.notes)


def test_parquet_crash_between_write_and_checkpoint_loses_and_repeats_nothing(
    make_plan: Callable[..., HarvestPlan], repo: OaiTestRepository, tmp_path: Path
) -> None:
    out = tmp_path / "r.parquet"
    ParquetCrash.pages = 0
    with pytest.raises(KeyboardInterrupt):
        make_plan(sink=ParquetCrash(out)).run()
    assert len(list(out.glob("part-*.parquet"))) == 3
    make_plan(sink=str(out)).run()
    ids = parquet_ids(out)
    assert len(ids) == len(set(ids)) == 230
    assert len(list(out.glob("part-*.parquet"))) == 10  # one part per page, none left over


def test_parts_beyond_the_ledger_are_removed_and_nothing_else(tmp_path: Path) -> None:
    out = tmp_path / "r.parquet"
    sink = ParquetSink(out)
    sink.write_page([ROW])
    sink.close()
    (out / "part-000002.parquet").write_bytes((out / "part-000001.parquet").read_bytes())
    (out / ".part-000003.parquet.tmp").write_bytes(b"half")
    (out / "notes.txt").write_text("mine")
    (out / "part-1.parquet").write_bytes(b"mine too")
    ParquetSink(out).close()
    names = sorted(p.name for p in out.iterdir())
    assert names == [LEDGER, "notes.txt", "part-000001.parquet", "part-1.parquet"]


def test_a_folder_of_someone_elses_files_is_refused(tmp_path: Path) -> None:
    out = tmp_path / "r.parquet"
    out.mkdir()
    (out / "data.parquet").write_bytes(b"theirs")
    with pytest.raises(OutputMismatch, match="did not write"):
        ParquetSink(out)
    with pytest.raises(OutputMismatch, match="did not write"):
        ParquetSink(out, overwrite=True)
    assert [p.name for p in out.iterdir()] == ["data.parquet"]


@pytest.mark.parametrize("name", ["r.jsonl", "r.csv"])
def test_overwrite_replaces_a_file_only_once_the_first_page_is_durable(
    tmp_path: Path, name: str
) -> None:
    out = tmp_path / name
    out.write_text("old\n")
    inode = out.stat().st_ino
    sink = (
        CsvSink(out, overwrite=True)
        if name.endswith(".csv")
        else FreshJsonlSink(out, overwrite=True)
    )
    assert out.read_text() == "old\n"  # nothing changes before the first page
    seen: list[Any] = []
    mark = sink.write_page([ROW], before_write=seen.append)
    assert out.stat().st_ino != inode and "old" not in out.read_text()
    assert mark is not None and mark.inode == out.stat().st_ino == seen[0].inode
    assert seen[0].start == 0 and seen[0].path == str(out)
    sink.write_page([{**ROW, "identifier": "oai:x:2"}])
    sink.close()
    assert out.read_text().count("oai:x:") == 2
    assert [p.name for p in tmp_path.iterdir()] == [name]  # nothing left beside


def test_overwrite_replaces_a_dataset_in_one_swap(tmp_path: Path) -> None:
    out = tmp_path / "r.parquet"
    first = ParquetSink(out)
    for n in range(3):
        first.write_page([{**ROW, "identifier": f"old:{n}"}])
    first.close()
    sink = ParquetSink(out, overwrite=True)
    assert parquet_ids(out) == ["old:0", "old:1", "old:2"]
    sink.write_page([ROW])
    sink.write_page([{**ROW, "identifier": "oai:x:2"}])
    sink.close()
    assert parquet_ids(out) == ["oai:x:1", "oai:x:2"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["r.parquet"]
    assert os.path.getsize(out / LEDGER) > 0


def test_overwrite_through_the_plan_delivers_into_a_new_file(
    make_plan: Callable[..., HarvestPlan], repo: OaiTestRepository, tmp_path: Path
) -> None:
    out = tmp_path / "r.csv"
    make_plan(sink=str(out)).run()
    assert len(csv_rows(out)) == 230
    nothing = make_plan(sink=Output(str(out), overwrite=True)).run()
    assert nothing.records == 0 and len(csv_rows(out)) == 230  # nothing new: the old file stays
    make_plan(sink=Output(str(out), overwrite=True), incremental=False).run()
    ids = [r["identifier"] for r in csv_rows(out)]
    assert len(ids) == len(set(ids)) == 230
    make_plan(sink=str(out)).run()  # and the next incremental run appends to it as usual
    assert len(csv_rows(out)) == 230


@pytest.mark.parametrize("path", ["-", "redis://h:6379/0?stream=s", "r.sqlite", "r.xlsx"])
def test_an_output_that_cannot_be_replaced_is_a_value_error(path: str) -> None:
    with pytest.raises(ValueError, match=r"overwrite|Output|not"):
        open_table(Output(path, overwrite=True))


@pytest.mark.parametrize("name", ["r.csv", "r.parquet"])
def test_an_output_another_state_wrote_is_refused(
    make_plan: Callable[..., HarvestPlan], repo: OaiTestRepository, tmp_path: Path, name: str
) -> None:
    out = str(tmp_path / name)
    make_plan(sink=out).run()
    with pytest.raises(OutputUnknown, match="230 records"):
        make_plan(sink=out, state=tmp_path / "other.sqlite").run()
    make_plan(sink=out).run()  # the state that wrote it goes on as before
