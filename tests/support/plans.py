"""A `HarvestPlan` on a FakeClock against the scripted test repository, as the plan tests set it up.

`scripted_repository` serves `OaiTestRepository.sample` at `ENDPOINT` through a test's
`ScriptedAdapter`; `plan_maker` returns a function that builds plans on that endpoint with
the test's session, clock and files (``state.sqlite``, ``out.jsonl`` in its ``tmp_path``),
each setting overridable per call. The fixtures that call these stay in the test modules,
which choose the repository's size and the plans' defaults.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import requests

from politeharvest import HarvestPlan
from politeharvest.testing import FakeClock, OaiTestRepository, ScriptedAdapter

ENDPOINT = "https://repo.example.org/oai"
HOST = "repo.example.org"


def scripted_repository(
    adapter: ScriptedAdapter, clock: FakeClock, records: int, *, page_size: int = 25
) -> OaiTestRepository:
    """A sample repository of `records` records, `page_size` a page, served at `ENDPOINT`."""
    repository = OaiTestRepository.sample(records, page_size=page_size, now=clock.now)
    adapter.add(ENDPOINT, repository)
    return repository


def plan_maker(
    http: requests.Session, clock: FakeClock, tmp_path: Path, **defaults: object
) -> Callable[..., HarvestPlan]:
    """Builds plans on `ENDPOINT`: `defaults` and then each call's keywords over the base.

    The base is the state ``tmp_path / "state.sqlite"``, the sink ``tmp_path / "out.jsonl"``,
    `http` and `clock`; without a ``policy`` the plan's own default applies.
    """

    def make(**kwargs: object) -> HarvestPlan:
        settings: dict[str, object] = {
            "state": tmp_path / "state.sqlite",
            "sink": tmp_path / "out.jsonl",
            "http": http,
            "clock": clock,
            **defaults,
            **kwargs,
        }
        return HarvestPlan(ENDPOINT, **settings)  # type: ignore[arg-type]

    return make
