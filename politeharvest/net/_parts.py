"""What the layers under `PoliteSession` work with: one frozen value, `Parts`.

The session builds it from its own attributes and hands it to its `Door`; the layers
(`_door`, `_turns`, `_addresses`) read it and never the session itself. An attribute set on
the session after construction (`session.http = ...`) gives the door new parts, so the next
request uses it, as it always did.
"""

from __future__ import annotations

import datetime as _dt
import random
from collections.abc import Callable

import attrs
import requests

from politeharvest._clock import Clock
from politeharvest._policy import Politeness
from politeharvest._reprs import value_repr

from ._events import Recorder
from ._latency import LatencyBook
from ._pacing import HostPacer, PaceStore
from ._redirects import RedirectPolicy
from ._robots import RobotsGate
from ._rules import RULES, Rules
from ._wire import Environment

__all__ = ["SESSION_PARTS", "Parts"]

#: The session's attributes that are door parts under the same name.
SESSION_PARTS = frozenset(
    {
        "policy",
        "http",
        "clock",
        "pace_store",
        "job_id",
        "rng",
        "resolve_addresses",
        "answered_before",
        "robots",
        "redirects",
        "rules",
    }
)


@attrs.frozen(kw_only=True, eq=False, repr=False)
class Parts:
    """Everything one session's requests go through (the session's, as set now).

    Attributes:
        policy: the politeness policy.
        http: the requests session that sends.
        clock: the clock every wait goes through.
        pace_store: per-host pacing state.
        job_id: the job whose slow-down multipliers and stopped hosts apply.
        rng: the random source for jitter.
        resolve_addresses: resolve a redirect target's name first and refuse private ones.
        answered_before: whether a host ever answered (None: not known).
        robots: the robots.txt gate.
        redirects: the redirect policy of pages and files.
        pacer: the gaps between requests to one host.
        recorder: counters and event hooks.
        env: requests' environment settings per origin.
        deadline: the job's deadline (monotonic seconds).
        latency: each host's answer times, which stretch its gaps when it slows down.
        rules: the politeness rules, one ordered tuple per moment (`_rules`).
    """

    __repr__ = value_repr

    policy: Politeness
    http: requests.Session
    clock: Clock
    pace_store: PaceStore
    job_id: str
    rng: random.Random
    resolve_addresses: bool
    answered_before: Callable[[str], bool] | None
    robots: RobotsGate
    redirects: RedirectPolicy
    pacer: HostPacer
    recorder: Recorder
    env: Environment
    deadline: float
    latency: LatencyBook = attrs.field(factory=LatencyBook)
    rules: Rules = RULES

    @property
    def deadline_at(self) -> _dt.datetime:
        """When the job's budget runs out (UTC)."""
        return self.recorder.wall(self.deadline)
