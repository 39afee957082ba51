"""`RedisStreamSink` (shell): the fleet's exactly-once sink, a Redis stream beside the state."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import attrs

from politeharvest.store._sinks import SinkMark

from ._state import RedisStateStore

__all__ = ["RedisStreamSink"]


@attrs.define
class RedisStreamSink:
    """An exactly-once sink for fleets: a Redis stream written with the checkpoint.

    Each page's rows go to the stream in the same atomic script as the page's checkpoint
    (a page is in the stream once, or not at all).

    Read it with ``XRANGE`` (``redis-cli XRANGE ph:records - +``) or `rows`; each entry has
    one field, ``row``, holding the JSON row as ``harvest`` writes it.

    Attributes:
        store: the plan's `RedisStateStore` (the stream lives in the same Redis).
        stream: the stream's key.
    """

    store: RedisStateStore
    stream: str = "ph:records"

    def write_page(
        self,
        rows: Sequence[Mapping[str, Any]],
        *,
        before_write: Callable[[Any], None] | None = None,
    ) -> SinkMark | None:
        """Stage the page's rows; the plan's next commit appends them atomically."""
        self.store.stage_rows(
            self.stream, [json.dumps(r, ensure_ascii=False, sort_keys=True) for r in rows]
        )
        return None

    def rows(self) -> list[dict[str, Any]]:
        """Every row in the stream, in order (for small streams and tests)."""
        entries = self.store._call(lambda: self.store.client.xrange(self.stream))
        return [json.loads(fields[b"row"]) for _, fields in entries]

    def close(self) -> None:
        """Nothing to flush: rows are durable when their page commits."""
