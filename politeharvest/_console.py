"""The console script's entry: the command line, imported under a guard for Ctrl-C.

Importing the command line takes a quarter of a second; a Ctrl-C then would end in a
traceback from some module's import. It ends as one before the first request does: one
line, exit 130.
"""

from __future__ import annotations

import sys


def run() -> None:
    """``politeharvest``: run the command line (`politeharvest.cli.run`)."""
    try:
        from politeharvest.cli import run as command
    except KeyboardInterrupt:
        sys.stderr.write("politeharvest: interrupted before anything was requested\n")
        raise SystemExit(130) from None
    command()
