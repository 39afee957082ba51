"""What outlives a process: the StateStore, coverage spans, windows and checkpoints."""

from __future__ import annotations

from ._planning import Span, Window
from ._state import Checkpoint, PageCommit, SQLiteStateStore, StateStore, UrlOutcome

__all__ = [
    "Checkpoint",
    "PageCommit",
    "SQLiteStateStore",
    "Span",
    "StateStore",
    "UrlOutcome",
    "Window",
]
