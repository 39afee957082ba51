"""Where the state is when no --state is given (issue 23): found again from any folder."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from politeharvest._places import ENV_STATE, LEGACY_STATE, default_state
from politeharvest.testing import LoopbackServer, OaiTestRepository, Reply
from tests.support import loopback_cli


def test_the_environment_names_the_state(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv(ENV_STATE, str(tmp_path / "mine.sqlite"))
    monkeypatch.chdir(tmp_path)
    (tmp_path / LEGACY_STATE).parent.mkdir()
    (tmp_path / LEGACY_STATE).write_bytes(b"")  # the environment wins over 0.1's folder
    assert default_state() == tmp_path / "mine.sqlite"


def test_a_state_of_0_1_in_the_working_folder_is_kept(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.delenv(ENV_STATE)
    monkeypatch.chdir(tmp_path)
    (tmp_path / LEGACY_STATE).parent.mkdir()
    (tmp_path / LEGACY_STATE).write_bytes(b"")
    assert default_state() == LEGACY_STATE  # its harvests go on where they stopped


@pytest.mark.skipif(sys.platform != "linux", reason="the data folder of Linux (XDG)")
def test_otherwise_the_users_data_folder(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv(ENV_STATE)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert default_state() == tmp_path / "data" / "politeharvest" / "state.sqlite"
    monkeypatch.delenv("XDG_DATA_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert (
        default_state() == tmp_path / "home" / ".local" / "share" / "politeharvest" / "state.sqlite"
    )


@pytest.mark.integration
def test_the_same_harvest_from_another_folder_goes_on(tmp_path: Path) -> None:
    """The newcomer's afternoon of issue 23: run in one folder, then in another."""
    repository = OaiTestRepository.sample(60, page_size=20)
    one, two = tmp_path / "one", tmp_path / "two"
    one.mkdir()
    two.mkdir()
    with LoopbackServer("127.0.0.2") as server:
        server.add("/oai", repository)
        server.add("/robots.txt", Reply(404, {}, b""))
        url = server.url("/oai")

        def harvest(cwd: Path, *extra: str) -> subprocess.CompletedProcess[str]:
            command = loopback_cli("harvest", url, "--out", str(cwd / "out.jsonl"), *extra)
            return subprocess.run(command, cwd=cwd, capture_output=True, text=True, timeout=120)

        first = harvest(one, "--max-records", "20")
        assert first.returncode == 0, first.stderr
        second = harvest(two)
        assert second.returncode == 0, second.stderr
    assert "40 records" in second.stderr  # it went on: the 20 delivered are not again
    assert not (one / ".politeharvest").exists() and not (two / ".politeharvest").exists()
    assert Path(os.environ[ENV_STATE]).exists()
    text = subprocess.run(
        [sys.executable, "-m", "politeharvest", "status"], capture_output=True, text=True, cwd=two
    )
    assert url in text.stdout  # status finds it too, from anywhere
