"""A `HarvestPlan` on a FakeClock against the scripted test repository, as the plan tests set it up.

`scripted_repository` serves `OaiTestRepository.sample` at `ENDPOINT` through a test's
`ScriptedAdapter`; `plan_maker` returns a function that builds plans on that endpoint with
the test's session, clock and files (``state.sqlite``, ``out.jsonl`` in its ``tmp_path``),
each setting overridable per call. The fixtures that call these stay in the test modules,
which choose the repository's size and the plans' defaults.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import requests

from politeharvest import FullText, HarvestPlan, Politeness, RequestEvent
from politeharvest.testing import (
    FakeClock,
    LoopbackServer,
    OaiTestRepository,
    Reply,
    ScriptedAdapter,
    serve_fulltext,
)

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


@contextmanager
def served_with_files(
    records: int = 20, page_size: int = 10
) -> Iterator[tuple[LoopbackServer, OaiTestRepository]]:
    """A sample repository with a PDF for each record, on a real loopback server (no deletions)."""
    repository = OaiTestRepository.sample(records, page_size=page_size, deleted_every=0)
    with LoopbackServer("127.0.0.1") as server:
        server.add("/robots.txt", Reply(200, body="User-agent: *\n"))
        server.add("/oai", repository)
        serve_fulltext(server, repository)
        yield server, repository


def scaled_policy(user_agent: str, **changes: Any) -> Politeness:
    """The scaled-down policy of loopback tests (0.02 s intervals, no jitter), with `changes`."""
    return Politeness(
        user_agent=user_agent,
        request_interval=0.02,
        file_interval=0.02,
        jitter=0.0,
        allow_private_addresses=True,
        **changes,
    )


def files_plan_maker(
    server: LoopbackServer, tmp_path: Path, user_agent: str, sent: list[str]
) -> Callable[[], HarvestPlan]:
    """Builds plans with full text on `server` under a scaled-down policy (0.02 s intervals).

    Each file request the plans send is appended to `sent`; the state, sink and files are in
    `tmp_path`.
    """
    policy = scaled_policy(user_agent)

    def count(event: RequestEvent) -> None:
        if event.kind == "file" and event.decision == "sent":
            sent.append(event.url)

    def make() -> HarvestPlan:
        return HarvestPlan(
            server.url("/oai"),
            policy=policy,
            state=tmp_path / "state.sqlite",
            sink=tmp_path / "out.jsonl",
            fulltext=FullText(directory=tmp_path / "files"),
            on_event=count,
        )

    return make
