"""``python -m politeharvest.cli``: the command line."""

from ._main import run

run()
