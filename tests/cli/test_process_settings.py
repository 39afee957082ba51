"""The console script owns its process and tunes it; `main` leaves its caller's as it is."""

from __future__ import annotations

import gc
import subprocess
import sys

from politeharvest.cli import main

CHILD = """
import atexit, gc, sys
atexit.register(lambda: print(gc.get_threshold(), gc.get_freeze_count() > 0))
sys.argv = ["politeharvest", "--version"]
from politeharvest.cli import run
run()
"""


def test_the_command_raises_the_young_collection_threshold_and_freezes_start_up() -> None:
    """`politeharvest` (run) collects young objects after 10,000, not 700, net allocations."""
    done = subprocess.run([sys.executable, "-c", CHILD], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    threshold, frozen = done.stdout.strip().splitlines()[-1].rsplit(" ", 1)
    assert threshold == "(10000, 10, 10)"  # the older generations keep Python's defaults
    assert frozen == "True"


def test_main_leaves_the_callers_collector_as_it_is() -> None:
    """A program that calls `main` keeps its own collector settings."""
    before = gc.get_threshold()
    assert main(["--version"]) == 0
    assert gc.get_threshold() == before
