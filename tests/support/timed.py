"""Time a hostile input in a fresh interpreter, so a regression to super-linear time fails.

In the test's own process a quadratic scan of a few megabytes would hang the run for hours;
in a child it fails at the timeout. The scripts print CPU seconds (``time.process_time()``),
which other processes on a busy machine do not stretch as they stretch wall-clock seconds.
"""

from __future__ import annotations

import subprocess
import sys


def seconds_in_child(
    script: str, *, stdin: bytes | None = None, timeout: float = 60
) -> list[float]:
    """Run `script` with this interpreter; the seconds it printed, one a line.

    Raises:
        subprocess.TimeoutExpired: the script ran longer than `timeout`.
        subprocess.CalledProcessError: it failed.
    """
    done = subprocess.run(
        [sys.executable, "-c", script],
        input=stdin,
        capture_output=True,
        timeout=timeout,
        check=True,
    )
    return [float(line) for line in done.stdout.split()]
