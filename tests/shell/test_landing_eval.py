"""The landing-page evaluation over ../shared/fixtures/landing meets its goals (skipped when absent)."""

from __future__ import annotations

import runpy
from pathlib import Path

import pytest

from tests.conftest import SHARED

BENCH = Path(__file__).resolve().parents[2] / "bench" / "landing_eval.py"


@pytest.mark.skipif(
    not (SHARED / "fixtures" / "landing" / "expected.json").exists(), reason="no shared fixtures"
)
def test_landing_eval_meets_its_goals(capsys: pytest.CaptureFixture[str]) -> None:
    module = runpy.run_path(str(BENCH))
    assert module["main"]([]) == 0
    out = capsys.readouterr().out
    assert "29/29 positives correct, 0 incorrect, 0 missed; 9/9 null pages left empty" in out
