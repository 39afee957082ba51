"""Where records go: JSONL files (that own only their bytes), callbacks, SQLite tables."""

from __future__ import annotations

from ._sinks import CallbackSink, JsonlSink, PendingWrite, Sink, SinkMark, SQLiteSink

__all__ = [
    "CallbackSink",
    "JsonlSink",
    "PendingWrite",
    "SQLiteSink",
    "Sink",
    "SinkMark",
]
