"""A host's turn under `PoliteSession`: taking it, waiting for it, ending it.

    take_turn      reserve the host's next slot in the `PaceStore` (waiting while another
                   request holds it) and wait for the slot's start
    reservation    how this request reserves: its gap, jitter and lease
    wait_for       sleep until the slot starts, or give it back and defer (`WaitRequired`,
                   `BudgetExhausted`)
    timeouts       connect and read timeouts; `read_limit`: a body's total time
    end_turn_with  end the turn with the response's end time (gaps are end-to-start), or
                   when a streamed body is read or closed

The decisions are `_flow`'s (`decide_wait`, `decide_busy`); these functions carry them out
on a session's `Parts`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import requests

from politeharvest.exceptions import BudgetExhausted, Deferred, WaitRequired

from ._events import Turn
from ._flow import Sleep, WaitRefused, decide_busy, decide_wait
from ._pacing import Busy, Slot
from ._parts import Parts
from ._wire import Options, ReadLimit, RequestKind

__all__ = [
    "end_turn_with",
    "read_limit",
    "received_bytes",
    "refusal",
    "reservation",
    "take_turn",
    "timeouts",
    "wait_for",
]


def take_turn(
    p: Parts, url: str, host: str, opts: Options, crawl_delay: float | None
) -> tuple[Slot, float]:
    """Reserve the host's next slot and wait for it; return the slot and the wait."""
    reserve = reservation(p, host, opts, crawl_delay)
    busy_waited = 0.0
    while True:
        now = p.clock.monotonic()
        if now >= p.deadline:
            p.recorder.refused(url, opts.kind, "budget", "job budget spent")
            raise BudgetExhausted(
                url, p.recorder.wall(now), "the job's budget is spent", deadline=p.deadline_at
            )
        reserved = reserve(now)
        if not isinstance(reserved, Busy):
            break
        step = decide_busy(
            retry_at=reserved.retry_at,
            now=now,
            deadline=p.deadline,
            inline=opts.inline,
            waited=busy_waited,
            host=host,
        )
        if isinstance(step, WaitRefused):
            raise refusal(p, url, step)
        busy_waited += step.seconds
        p.clock.sleep(step.seconds, "host busy")
    return reserved, wait_for(p, url, reserved, now, opts)


def reservation(
    p: Parts, host: str, opts: Options, crawl_delay: float | None
) -> Callable[[float], Slot | Busy]:
    """How to reserve the host's next turn for this request (called with `now`)."""
    policy = p.policy
    gap, gap_reason = 0.0, ""
    for rule in p.rules.pacing:  # the policy's interval, robots.txt's Crawl-delay, latency
        gap, gap_reason = rule.gap(p, host, opts.kind, crawl_delay, gap, gap_reason)
    jitter = p.rng.uniform(0.0, policy.jitter) if policy.jitter > 0 else 0.0
    lease = policy.connect_timeout_s + policy.read_timeout_s + 60.0
    if opts.stream:
        lease = max(lease, policy.job_budget)
    lease += max(0.0, policy.max_wait)

    def reserve(now: float) -> Slot | Busy:
        return p.pace_store.reserve(
            host,
            job=p.job_id,
            now=now,
            gap=gap,
            gap_reason=gap_reason,
            jitter=jitter,
            lease_s=lease,
        )

    return reserve


def wait_for(p: Parts, url: str, slot: Slot, now: float, opts: Options) -> float:
    """Sleep until the slot's start, or give the slot back and defer."""
    step = decide_wait(
        start_at=slot.start_at,
        now=now,
        deadline=p.deadline,
        inline=opts.inline,
        max_wait=p.policy.max_wait,
        reason=slot.wait_reason,
    )
    if isinstance(step, WaitRefused):
        p.pace_store.release(slot, end=None)
        decision = "budget" if step.budget else "deferred"
        wait = slot.start_at - now
        p.recorder.refused(url, opts.kind, decision, f"{slot.wait_reason} ({wait:.3f} s)")
        raise refusal(p, url, step)
    if not isinstance(step, Sleep):
        return 0.0
    remaining = step.seconds
    try:
        while remaining > 0:
            p.clock.sleep(remaining, slot.wait_reason)
            remaining = slot.start_at - p.clock.monotonic()
    except BaseException:  # cut off while waiting (a job's time limit, Ctrl-C): the slot
        p.pace_store.release(slot, end=None)  # is given back, never held for its lease
        raise
    p.recorder.add(waits=1, wait_s=step.seconds)
    return step.seconds


def refusal(p: Parts, url: str, step: WaitRefused) -> Deferred:
    """The error a refused wait raises: past the job's deadline, or longer than allowed."""
    until = p.recorder.wall(step.start_at)
    if step.budget:
        return BudgetExhausted(url, until, step.message, deadline=p.deadline_at)
    return WaitRequired(url, until, step.message)


def timeouts(p: Parts, timeout: float | tuple[float, float] | None) -> tuple[float, float]:
    """The connect and read timeouts of a request (the policy's unless given)."""
    if isinstance(timeout, tuple):
        return timeout
    if timeout is None:
        return p.policy.connect_timeout_s, p.policy.read_timeout_s
    return timeout, timeout


def read_limit(p: Parts, kind: RequestKind, read: float) -> ReadLimit:
    """The body's total time: its own limit, or the job's deadline if that comes first."""
    policy = p.policy
    total = {"file": policy.file_time_s, "robots": read}.get(kind, policy.page_time_s)
    started = p.clock.monotonic()
    rate = (policy.min_rate_bytes, policy.min_rate_s)
    if started + total <= p.deadline:
        return ReadLimit(
            p.clock, started + total, f"the response took longer than {total:g} s in all", *rate
        )
    return ReadLimit(
        p.clock,
        p.deadline,
        "the job's budget ran out while the response was arriving",
        *rate,
        deadline_at=p.deadline_at,
    )


def end_turn_with(p: Parts, response: requests.Response, turn: Turn, stream: bool) -> None:
    """End the host's turn now, or (streamed) when the response is closed."""
    if stream and not response.is_redirect:
        original_close = response.close

        def close() -> None:
            try:
                original_close()
            finally:
                turn.finish(response.status_code, "sent", received=received_bytes(response))

        response.close = close  # type: ignore[method-assign]
        # `.content`, `.text`, `.json()` and `iter_lines` read through `iter_content`:
        # a body read to its end ends the turn then, as requests users expect, without
        # waiting for a `close()` they may never call.
        original_iter = response.iter_content

        def iter_content(chunk_size: int | None = 1, decode_unicode: bool = False) -> Iterator[Any]:
            yield from original_iter(chunk_size, decode_unicode)
            turn.finish(response.status_code, "sent", received=received_bytes(response))

        response.iter_content = iter_content  # type: ignore[method-assign]
        return
    status = response.status_code
    if status in p.policy.retry_statuses:
        # a refusal's turn ends when it is closed: `Door.retries` holds the host first, so
        # no other worker's reservation falls between the refusal and its hold
        original = response.close
        ended = p.clock.monotonic()  # the refusal's end: its gaps and its report count from it

        def close_refused() -> None:
            try:
                original()
            finally:
                turn.finish(status, "retry", received=received_bytes(response), ended=ended)

        response.close = close_refused  # type: ignore[method-assign]
        return
    decision = "redirect" if response.is_redirect else "sent"
    turn.finish(status, decision, received=received_bytes(response))


def received_bytes(response: requests.Response) -> int | None:
    """Bytes of a response's body read from its connection so far (None if unknown)."""
    tell = getattr(response.raw, "tell", None)
    if tell is not None:
        try:
            return int(tell())
        except (OSError, ValueError, TypeError):
            pass
    content = getattr(response, "_content", None)
    return len(content) if isinstance(content, bytes) else None
