"""The console script: a Ctrl-C while the command line is still being imported."""

from __future__ import annotations

import builtins
import subprocess
import sys
from typing import Any

import pytest

from politeharvest import _console


def test_ctrl_c_during_the_import_is_one_line_and_exit_130(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    real = builtins.__import__

    def interrupted(name: str, *args: Any, **kwargs: Any) -> Any:
        if name == "politeharvest.cli":  # the signal arrives inside this import
            raise KeyboardInterrupt
        return real(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", interrupted)
    with pytest.raises(SystemExit) as stopped:
        _console.run()
    assert stopped.value.code == 130
    err = capsys.readouterr().err
    assert err == "politeharvest: interrupted before anything was requested\n"


def test_python_m_runs_the_command_line() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "politeharvest", "--version"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("politeharvest ")
