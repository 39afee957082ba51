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


def test_notebook_runs() -> None:
    pandas = pytest.importorskip("pandas")
    notebook = json.loads((EXAMPLES / "notebook.ipynb").read_text())
    namespace: dict[str, object] = {}
    for cell in notebook["cells"]:
        if cell["cell_type"] == "code":
            exec(compile("".join(cell["source"]), "notebook", "exec"), namespace)
    frame = namespace["df"]
    assert isinstance(frame, pandas.DataFrame)
    assert len(frame) == 133  # math and cs of the 200 sample records
