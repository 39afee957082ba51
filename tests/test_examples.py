"""The examples run (offline, against loopback servers)."""

from __future__ import annotations

import json
import runpy
from pathlib import Path

import pytest

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
pytestmark = pytest.mark.integration


def test_polite_fetch_example(capsys: pytest.CaptureFixture[str]) -> None:
    module = runpy.run_path(str(EXAMPLES / "polite_fetch.py"))
    assert module["main"]([]) == 0
    out = capsys.readouterr().out
    assert "30 records; 4 requests" in out
    assert "robots" in out


def test_harvest_script_is_incremental(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    module = runpy.run_path(str(EXAMPLES / "harvest_script.py"))
    args = ["--out", str(tmp_path / "h.jsonl"), "--state", str(tmp_path / "s.sqlite")]
    assert module["main"](args) == 0
    assert "120 records (7 deleted) in 3 pages" in capsys.readouterr().out
    assert len((tmp_path / "h.jsonl").read_text().splitlines()) == 120


def test_page_jobs_example(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    module = runpy.run_path(str(EXAMPLES / "page_jobs.py"))
    assert module["main"]([str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "(1 deferred), 67 records" in out


def _notebook_cells(port: int) -> list[str]:
    """The notebook's code cells, its fixed port replaced by `port` (tests run in parallel)."""
    notebook = json.loads((EXAMPLES / "notebook.ipynb").read_text())
    cells = ["".join(cell["source"]) for cell in notebook["cells"] if cell["cell_type"] == "code"]
    assert sum("port=8765" in cell for cell in cells) == 1
    return [cell.replace("port=8765", f"port={port}") for cell in cells]


def _run_notebook(cells: list[str]) -> dict[str, object]:
    namespace: dict[str, object] = {}
    for cell in cells:
        exec(compile(cell, "notebook", "exec"), namespace)
    return namespace


def test_notebook_runs_again_and_resumes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Run all cells, then run them all again (a kernel restart): 0 new records, same table."""
    pandas = pytest.importorskip("pandas")
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = int(probe.getsockname()[1])
    monkeypatch.chdir(tmp_path)  # the notebook's state and records file are relative
    cells = _notebook_cells(port)
    first = _run_notebook(cells)
    said = capsys.readouterr().out
    frame = first["df"]
    assert isinstance(frame, pandas.DataFrame)
    assert len(frame) == 86  # the records of the sets math and cs, of the 120 in the sample
    assert frame["identifier"].is_unique
    assert frame["title"].notna().sum() == len(frame) - int(frame["deleted"].sum())
    assert "86 new records" in said
    second = _run_notebook(cells)
    said = capsys.readouterr().out
    assert "0 new records" in said
    again = second["df"]
    assert isinstance(again, pandas.DataFrame)
    assert again.equals(frame)
    by_set = again.explode("sets").groupby("sets").size()
    assert by_set["math"] >= 40 and by_set["cs"] >= 40


def test_notebook_reuses_a_sample_already_served(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Its first cell run twice in one kernel (the port then serves the sample): no error."""
    pytest.importorskip("pandas")
    from politeharvest.testing import serve_sample

    monkeypatch.chdir(tmp_path)
    with serve_sample(port=0) as running:  # as `politeharvest demo --serve` would
        namespace = _run_notebook(_notebook_cells(running.port))
        assert "86 new records" in capsys.readouterr().out
        assert namespace["sample"] is not running
