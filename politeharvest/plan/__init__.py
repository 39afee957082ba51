"""The composition root: `HarvestPlan`.

It wires the session, the pager, the state and the sinks, and runs a harvest page by page
(`start` and `run_page` for a job queue, `run` for a script).
"""

from __future__ import annotations

from politeharvest._paths import publish

from ._cursor import HarvestSummary, Lane, PageResult, PlanCursor, record_row
from ._plan import HarvestPlan

__all__ = ["HarvestPlan", "HarvestSummary", "Lane", "PageResult", "PlanCursor", "record_row"]

publish(globals())
