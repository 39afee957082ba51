"""Per-host pacing: when the next request to a host may start, shared across workers."""

from __future__ import annotations

from ._pacing import (
    Busy,
    HostPacer,
    HostState,
    MemoryPaceStore,
    PaceStore,
    Slot,
    SQLitePaceStore,
    host_key,
)

__all__ = [
    "Busy",
    "HostPacer",
    "HostState",
    "MemoryPaceStore",
    "PaceStore",
    "SQLitePaceStore",
    "Slot",
    "host_key",
]
