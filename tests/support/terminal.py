"""Reading a command's screen through a pseudo-terminal (the progress line, the countdown)."""

from __future__ import annotations

import os
import select
import subprocess
import time


def read_screen(master: int, process: subprocess.Popen[bytes], seconds: float) -> str:
    screen = b""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        ready, _, _ = select.select([master], [], [], 0.2)
        if ready:
            try:
                chunk = os.read(master, 4096)
            except OSError:
                break
            if not chunk:
                break
            screen += chunk
        elif process.poll() is not None:
            break
    return screen.decode("utf-8", "replace")
