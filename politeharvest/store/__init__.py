"""What outlives a process.

The `StateStore` (coverage spans, windows, checkpoints, file outcomes)
and the sinks records go to (JSONL and CSV files that own only their bytes, Parquet datasets,
callbacks, SQLite tables).
"""

from __future__ import annotations

from politeharvest._paths import publish

from ._coverage import (
    Span,
    Window,
)
from ._sinks import (
    CallbackSink,
    JsonlSink,
    PendingWrite,
    Sink,
    SinkMark,
    SQLiteSink,
)
from ._state import (
    Checkpoint,
    PageCommit,
    SQLiteStateStore,
    StateStore,
    UrlOutcome,
)
from ._tables import CsvSink, Output, ParquetSink

__all__ = [
    "CallbackSink",
    "Checkpoint",
    "CsvSink",
    "JsonlSink",
    "Output",
    "PageCommit",
    "ParquetSink",
    "PendingWrite",
    "SQLiteSink",
    "SQLiteStateStore",
    "Sink",
    "SinkMark",
    "Span",
    "StateStore",
    "UrlOutcome",
    "Window",
]

publish(globals())
