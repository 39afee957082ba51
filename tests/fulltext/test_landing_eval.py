"""The landing-page evaluation over ../shared/fixtures/landing meets its goals (skipped when absent)."""

from __future__ import annotations

import runpy
from pathlib import Path

import pytest

from tests.support import SHARED

BENCH = Path(__file__).resolve().parents[2] / "bench" / "landing_eval.py"


@pytest.mark.shared("fixtures/landing/expected.json")
@pytest.mark.timeout(360)  # about 50 s alone; 120 s was passed on a machine under load
def test_landing_eval_meets_its_goals(capsys: pytest.CaptureFixture[str]) -> None:
    module = runpy.run_path(str(BENCH))
    # the held-out split is scored by the bench, never made a gate here: a test that must pass
    # on it would invite tuning on it
    assert module["main"](["landing", "landing-peers", "known-named", "dev"]) == 0
    out = capsys.readouterr().out
    assert "landing: 38/38 right (29/29 positives, 9/9 null pages left empty); 0 wrong files" in out
    if (SHARED / "fixtures" / "landing-peers" / "expected.json").exists():
        assert "landing-peers: 41/41 right" in out
        assert (
            "landing-peers: 41/41 right (36/36 positives, 5/5 null pages left empty); 0 wrong files"
            in out
        )
