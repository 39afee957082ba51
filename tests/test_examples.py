"""The examples run (offline, against loopback servers)."""

from __future__ import annotations

import runpy
from pathlib import Path

import pytest

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


@pytest.mark.integration
def test_polite_fetch_example(capsys: pytest.CaptureFixture[str]) -> None:
    module = runpy.run_path(str(EXAMPLES / "polite_fetch.py"))
    assert module["main"]([]) == 0
    out = capsys.readouterr().out
    assert "30 records; 4 requests" in out
    assert "robots" in out
