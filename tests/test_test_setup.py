"""The test setup itself: tests that need ../shared skip on a user's clone, and fail in CI.

A throwaway test file is run by a pytest of its own with this suite's conftest as a plugin;
its shared paths never exist, so the outcome is the same with or without ../shared.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

CASES = """
import pytest
from tests.support import SHARED
from tests.support.shared import require_shared


@pytest.mark.shared("no-such-fixtures/pages")
def test_marked():
    raise AssertionError("a marked test ran without its fixtures")


def test_reads_a_missing_shared_file_anyway():
    (SHARED / "no-such-fixtures" / "expected.json").read_text()


def test_requires_at_run_time():
    require_shared("no-such-fixtures", "peers")
    raise AssertionError("ran without its fixtures")


def test_a_missing_file_of_its_own_still_fails(tmp_path):
    (tmp_path / "absent.json").read_text()


def test_needs_nothing():
    pass
"""


def outer_environment() -> dict[str, str]:
    """This run's environment, less what says where it runs (its own xdist worker, CI's
    requirement of the shared fixtures)."""
    return {
        k: v
        for k, v in os.environ.items()
        if not k.startswith("PYTEST_XDIST_") and k != "PH_REQUIRE_SHARED"
    }


def run_pytest(tmp_path: Path, target: Path, **env: str) -> subprocess.CompletedProcess[str]:
    """A pytest of its own on `target` with this suite's conftest, in a process group that
    is killed whole when it ends (its workers with it, whatever happened)."""
    (tmp_path / "pytest.ini").write_text("[pytest]\n")
    environment = outer_environment()
    environment["PYTHONPATH"] = os.pathsep.join([str(ROOT), environment.get("PYTHONPATH", "")])
    argv = [sys.executable, "-m", "pytest", "-p", "tests.conftest", "-p", "no:cacheprovider"]
    argv += ["--strict-markers", "-s", "-c", str(tmp_path / "pytest.ini"), str(target)]
    process = subprocess.Popen(
        argv,
        cwd=tmp_path,
        env={**environment, **env},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    try:
        stdout, stderr = process.communicate(timeout=100)
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
        process.wait()
    return subprocess.CompletedProcess(argv, process.returncode, stdout, stderr)


def run_cases(tmp_path: Path, **env: str) -> subprocess.CompletedProcess[str]:
    (tmp_path / "test_cases.py").write_text(CASES)
    return run_pytest(tmp_path, tmp_path / "test_cases.py", **env)


@pytest.mark.parametrize("workers", ["0", "2"])
def test_tests_needing_missing_shared_fixtures_skip_with_one_summary_line(
    tmp_path: Path, workers: str
) -> None:
    done = run_cases(tmp_path, PH_TEST_WORKERS=workers)
    assert "1 failed, 1 passed, 3 skipped" in done.stdout, done.stdout
    assert "FAILED test_cases.py::test_a_missing_file_of_its_own_still_fails" in done.stdout
    summary = [line for line in done.stdout.splitlines() if "no shared fixtures" in line]
    assert len(summary) == 1, done.stdout
    assert summary[0].strip().startswith("3 skipped: no shared fixtures beside the repository")
    assert "PH_REQUIRE_SHARED=1" in summary[0]


def test_ci_fails_each_test_needing_missing_shared_fixtures(tmp_path: Path) -> None:
    done = run_cases(tmp_path, PH_REQUIRE_SHARED="1", PH_TEST_WORKERS="0")
    assert done.returncode == 1
    assert "3 failed, 1 passed, 1 error" in done.stdout, done.stdout
    assert "no shared fixtures" not in done.stdout
    assert "../shared/no-such-fixtures/pages is missing (PH_REQUIRE_SHARED=1)" in done.stdout
    assert "../shared/no-such-fixtures/peers is missing (PH_REQUIRE_SHARED=1)" in done.stdout


@pytest.mark.parametrize("workers", ["2", "0"])
def test_the_suite_runs_on_workers_unless_told_otherwise(tmp_path: Path, workers: str) -> None:
    (tmp_path / "cases").mkdir()
    (tmp_path / "cases" / "test_worker.py").write_text(
        "import os\n\ndef test_where():\n"
        "    print('worker:', os.environ.get('PYTEST_XDIST_WORKER', 'none'))\n"
    )
    done = run_pytest(tmp_path, tmp_path / "cases", PH_TEST_WORKERS=workers)
    assert done.returncode == 0, done.stdout + done.stderr
    if workers == "0":
        assert "worker: none" in done.stdout
    else:
        assert "created: 2/2 workers" in done.stdout, done.stdout
        assert "1 passed" in done.stdout  # once: a worker starts no workers of its own


def test_the_suite_runs_on_two_workers_a_core_by_default(tmp_path: Path) -> None:
    """The README's command: most tests wait on loopback servers, two workers a core."""
    (tmp_path / "cases").mkdir()
    (tmp_path / "cases" / "test_worker.py").write_text("def test_nothing():\n    pass\n")
    done = run_pytest(tmp_path, tmp_path / "cases", PH_TEST_WORKERS="")
    assert done.returncode == 0, done.stdout + done.stderr
    workers = 2 * (os.cpu_count() or 1)
    assert f"created: {workers}/{workers} workers" in done.stdout, done.stdout


def test_tests_sharing_a_module_fixture_run_on_one_worker_which_sets_it_up_once(
    tmp_path: Path,
) -> None:
    """On workers, a module's fixture is set up once, as in a serial run: the tests that use
    it are one group on one worker, while the tests beside them are spread."""
    log = tmp_path / "log.txt"
    (tmp_path / "cases").mkdir()
    (tmp_path / "cases" / "test_grouped.py").write_text(
        "import os\nimport pytest\n\n"
        "def note(what):\n"
        f"    with open({str(log)!r}, 'a') as log:\n"
        "        log.write(what + ' ' + os.environ['PYTEST_XDIST_WORKER'] + '\\n')\n\n"
        "@pytest.fixture(scope='module')\n"
        "def server():\n"
        "    note('set-up')\n\n"
        "@pytest.mark.parametrize('n', range(8))\n"
        "def test_shared(server, n):\n"
        "    note('shared')\n\n"
        "@pytest.mark.parametrize('n', range(8))\n"
        "def test_alone(n):\n"
        "    note('alone')\n"
    )
    done = run_pytest(tmp_path, tmp_path / "cases", PH_TEST_WORKERS="2")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "16 passed" in done.stdout, done.stdout
    lines = log.read_text().splitlines()
    assert len([line for line in lines if line.startswith("set-up ")]) == 1, lines
    assert len({line.split()[1] for line in lines if line.startswith("shared ")}) == 1, lines
    assert len({line.split()[1] for line in lines}) == 2, lines  # the others on both workers
