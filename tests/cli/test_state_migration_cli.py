"""A harvest begun by politeharvest before issue 22 (a schema-1 state) goes on with this one.

The command line in a subprocess, as a user upgrading mid-harvest runs it: the state file the
older version left (interrupted, killed with SIGKILL with a page half written) is migrated
when it is opened, and the harvest delivers exactly the records not delivered yet.
"""

from __future__ import annotations

import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from politeharvest.store import _deliveries as dv
from politeharvest.testing import LoopbackServer, Reply
from tests.support import loopback_cli
from tests.support.oldstate import to_schema_1
from tests.support.providers import generate, pyoai_route

pytestmark = pytest.mark.integration

ITEMS = generate(2500)


@pytest.fixture(scope="module")
def repository() -> Iterator[LoopbackServer]:
    with LoopbackServer("127.0.0.2") as server:
        server.add("/oai", pyoai_route(ITEMS, batch_size=100))
        server.add("/robots.txt", Reply(404, {}, b""))
        yield server


def version(path: Path) -> int:
    db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        return dv.schema_version(db)
    finally:
        db.close()


def identifiers(out: Path) -> list[str]:
    return [json.loads(line)["identifier"] for line in out.read_text().splitlines()]


def test_an_interrupted_schema_1_harvest_resumes_with_exactly_the_rest(
    repository: LoopbackServer, tmp_path: Path
) -> None:
    out, state = tmp_path / "o.jsonl", tmp_path / "s.sqlite"
    args = ["harvest", repository.url("/oai"), "--out", str(out), "--state", str(state)]
    first = subprocess.run(
        loopback_cli(*args, "--max-records", "700", interval=0.0),
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert first.returncode == 0, first.stderr
    delivered = identifiers(out)
    assert len(delivered) == 700
    assert to_schema_1(state) == 700  # the file as the older version left it
    status = subprocess.run(
        [sys.executable, "-m", "politeharvest", "status", "--state", str(state), "--json"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert status.returncode == 0, status.stderr
    assert [h["records"] for h in json.loads(status.stdout)["harvests"]] == [700]
    assert version(state) == 1  # status reads it, and changes nothing

    rest = subprocess.run(
        loopback_cli(*args, interval=0.0), cwd=tmp_path, capture_output=True, text=True, timeout=120
    )
    assert rest.returncode == 0, rest.stderr
    assert version(state) == 2
    assert "1800 records" in rest.stderr  # the rest, and only the rest
    every = identifiers(out)
    assert every[:700] == delivered
    assert len(every) == len(set(every)) == 2500
    assert set(every) == {i.identifier for i in ITEMS}
    status = subprocess.run(
        [sys.executable, "-m", "politeharvest", "status", "--state", str(state), "--json"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert [h["records"] for h in json.loads(status.stdout)["harvests"]] == [2500]


def test_sigkill_then_upgrade_at_random_moments_loses_and_repeats_nothing(
    repository: LoopbackServer, tmp_path: Path
) -> None:
    """Killed at six random moments; each time the next run starts from the schema-1 file
    the older version would have left (a page half written, a pending write, a checkpoint),
    migrates it, and goes on: every identifier ends up in the output exactly once."""
    out, state = tmp_path / "crash.jsonl", tmp_path / "s.sqlite"
    args = loopback_cli(
        "harvest",
        repository.url("/oai"),
        "--out",
        str(out),
        "--state",
        str(state),
        "--quiet",
        interval=0.25,
    )
    rng = random.Random(int(os.environ.get("CRASH_SEED", "20261201")))
    kills = 0
    for _ in range(6):
        process = subprocess.Popen(
            args, cwd=tmp_path, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        )
        time.sleep(rng.uniform(0.4, 1.6))
        if process.poll() is None:
            process.send_signal(signal.SIGKILL)
            kills += 1
        process.wait()
        if state.exists() and version(state) == 2:
            to_schema_1(state)
    final = subprocess.run(args, cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert final.returncode == 0, final.stderr
    assert kills >= 5
    every = identifiers(out)
    assert len(every) == len(set(every))
    assert set(every) == {i.identifier for i in ITEMS}


def test_a_state_of_a_newer_schema_is_refused_before_any_request(
    repository: LoopbackServer, tmp_path: Path
) -> None:
    state = tmp_path / "s.sqlite"
    db = sqlite3.connect(state)
    db.execute("PRAGMA user_version = 3")
    db.commit()
    db.close()
    before = len(repository.log)
    done = subprocess.run(
        loopback_cli(
            "harvest",
            repository.url("/oai"),
            "--out",
            str(tmp_path / "o.jsonl"),
            "--state",
            str(state),
        ),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2, done.stderr
    assert "refused:" in done.stderr and "newer politeharvest (state schema 3" in done.stderr
    assert "upgrade politeharvest" in done.stderr
    assert len(repository.log) == before  # nothing was requested
    assert not (tmp_path / "o.jsonl").exists()
