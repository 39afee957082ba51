"""`python -m politeharvest`: the command line."""

from __future__ import annotations

from ._console import run

run()
