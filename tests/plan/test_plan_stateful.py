"""Random sequences of harvests, crashes and changes (hypothesis `RuleBasedStateMachine`).

A user harvests the misbehaving test repository again and again: with random windows
and sets, stopped by ``max_records``, killed between the write and the checkpoint or in
the middle of a write, into files that are switched, pre-filled with the user's own
lines, or moved away, while records are added, changed and deleted at the source.

Invariants:
- no byte of a file the plan does not own ever changes: after every run each output
  starts with everything it held before, except a page the plan itself was writing
  when it was killed;
- a refusal happens before any request and touches nothing;
- after a final unbounded incremental run, the union of all outputs holds the newest
  version of every record and a tombstone for every deleted one, and no
  (identifier, datestamp) pair was delivered twice.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

from tests.support.harvests import Harvests

TestHarvests = Harvests.TestCase
TestHarvests.settings = settings(
    max_examples=int(os.environ.get("PH_STATEFUL_EXAMPLES", "100")),
    stateful_step_count=12,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
