"""RQ workers that end as soon as they are done (``rq worker -w tests.support.rqworker.Worker``).

An RQ worker listens for commands on a pub/sub thread that waits up to 60 s for a message.
When the worker ends (a burst worker with nothing left, or SIGTERM) it unsubscribes and then
stops that thread; the reply to the unsubscribe is what wakes the thread, but when the thread
reads it before it is told to stop, it waits the full 60 s again, and redis-py 8's ``stop()``
waits for it. The fleet tests met that race often on a loaded machine: a burst worker that
ran its jobs in 5 s ended after 65 s. These classes tell the thread to stop first, so the
reply ends it. Nothing else about the workers changes: the examples' tasks run as in
``rq worker``.
"""

from __future__ import annotations

from typing import Any

from rq.worker import SimpleWorker as _SimpleWorker
from rq.worker import Worker as _Worker


def _stop_before_unsubscribing(worker: Any) -> None:
    thread = worker.pubsub_thread
    if thread is None:
        return
    try:
        thread.stop(timeout=0)  # redis-py 8: clears the flag; the wait comes below
    except TypeError:  # earlier redis-py: stop() only clears the flag
        thread.stop()


class Worker(_Worker):
    """RQ's default (forking) worker; its pub/sub thread stops with the unsubscribe reply."""

    def unsubscribe(self) -> None:
        _stop_before_unsubscribing(self)
        super().unsubscribe()


class SimpleWorker(_SimpleWorker):
    """RQ's SimpleWorker (jobs in the worker's process), ending as `Worker` does."""

    def unsubscribe(self) -> None:
        _stop_before_unsubscribing(self)
        super().unsubscribe()
