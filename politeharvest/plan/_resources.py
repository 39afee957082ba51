"""What a plan opens while it runs, and the one place that chooses a backend.

`Resources` is the plan's mutable runtime (the plan itself is frozen configuration): it opens
the state store, the sink, one session, pager and full-text step per run, and the pace store,
each when first needed, and closes what it opened. `open_state` and `open_sink` turn the
plan's arguments into a `StateStore` and a `Sink`: a Redis URL (`is_redis_url`, the only
test of one) gives the fleet's stores, a path a SQLite or JSONL one.

This is the only module of the plan that imports `fleet`; the full-text modules (bs4, pypdfium2)
are imported here only when full text is asked for.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, Protocol
from urllib.parse import parse_qsl, urlsplit

import attrs

from politeharvest._clock import Clock
from politeharvest._files import FolderClaim, claim_folder
from politeharvest._places import default_state
from politeharvest._policy import Politeness
from politeharvest._reprs import value_repr
from politeharvest.fleet import is_redis_url
from politeharvest.net._pacing import MemoryPaceStore, PaceStore, SQLitePaceStore
from politeharvest.net._robots import SharedRobots
from politeharvest.net._session import PoliteSession, RequestEvent
from politeharvest.oai._pager import OaiPager
from politeharvest.store._sinks import CallbackSink, JsonlSink, Row, Sink, SQLiteSink
from politeharvest.store._state import SQLiteStateStore, StateStore
from politeharvest.store._tables import Output, open_table, tracked_file

from ._lease import answered_before
from ._scratch import ScratchState
from ._unused import Made

if TYPE_CHECKING:  # the full-text modules (bs4, pypdfium2) load only when full text is asked for
    import requests  # noqa: TID251 (a type only: the session sends, not this module)

    from politeharvest.fleet import RedisStateStore
    from politeharvest.fulltext._step import FullText, FullTextStep

__all__ = [
    "Resources",
    "Settings",
    "SinkTarget",
    "open_sink",
    "open_state",
    "sink_kind",
    "sink_path",
    "writes_stdout",
]


#: What a plan's ``sink`` may be.
SinkTarget = Sink | str | Path | Output | Callable[[list[Row]], object]

#: What a sink target names (`sink_kind`).
SinkKind = Literal["stream", "sqlite", "jsonl", "stdout", "sink", "callback"]

#: File suffixes that make a sink path a SQLite table rather than a JSONL file.
_SQLITE_SUFFIXES = (".sqlite", ".sqlite3", ".db")


def _fleet_store(store: object) -> RedisStateStore | None:
    """`store` if it is the fleet's Redis store, else None, without importing the fleet.

    An instance of `RedisStateStore` exists only once its module is loaded, so while it is
    not (every harvest without Redis), no store is one and the fleet's stores stay unloaded.
    """
    module = sys.modules.get("politeharvest.fleet._state")
    if module is None:
        return None
    return store if isinstance(store, module.RedisStateStore) else None


def open_state(state: str | Path | StateStore | None) -> StateStore:
    """A StateStore from a path, a Redis URL, or an instance (returned as is).

    A path is a SQLite file (or ``":memory:"``); ``redis://host:6379/0`` is a
    `RedisStateStore`, for fleets; None is the default file (`_places.default_state`:
    ``$POLITEHARVEST_STATE``, else the user's data folder).
    """
    if state is None:
        state = default_state()
    if is_redis_url(state):
        from politeharvest.fleet import RedisStateStore

        return RedisStateStore(state)
    if isinstance(state, (str, Path)):
        return SQLiteStateStore(state)
    return state


def sink_kind(target: SinkTarget) -> SinkKind:
    """What a sink target names (the one reading of a plan's ``sink``).

    ``"stream"``: a Redis URL (``redis://...?stream=NAME``); ``"sqlite"``: a path ending
    ``.sqlite``, ``.sqlite3`` or ``.db``; ``"stdout"``: ``"-"``; ``"jsonl"``: any other
    path; ``"sink"``: a `Sink`; ``"callback"``: a callable receiving each page's rows.

    Raises:
        TypeError: `target` is none of these.
    """
    if is_redis_url(target):
        return "stream"
    if isinstance(target, (str, Path)):
        if Path(str(target)).suffix.lower() in _SQLITE_SUFFIXES:
            return "sqlite"
        return "stdout" if str(target) == "-" else "jsonl"
    if isinstance(target, Sink):
        return "sink"
    if callable(target):
        return "callback"
    raise TypeError(f"not a sink: {target!r}")


def writes_stdout(target: SinkTarget | None) -> bool:
    """Whether `target` is standard output (``"-"``, a `JsonlSink` of it, or no sink at all).

    Standard output is the one sink that cannot confirm delivery in the state's sense: it
    cannot take a page back, and a terminal cannot say it was read (`HarvestPlan.consume`).
    """
    if target is None:
        return True
    if isinstance(target, JsonlSink):
        return not target.is_file
    return isinstance(target, (str, Path)) and str(target) == "-"


def sink_path(target: SinkTarget | None) -> str | None:
    """The file (resolved) whose end the plan checks: a JSONL file, a CSV, a Parquet ledger."""
    if (tracked := tracked_file(target)) is not None:
        return tracked  # a CSV file, a Parquet dataset's ledger, an --overwrite output
    if isinstance(target, JsonlSink):
        return target.path
    if isinstance(target, (str, Path)) and sink_kind(target) == "jsonl":
        return str(Path(str(target)).resolve())
    return None


def output_path(target: SinkTarget | None) -> Path | None:
    """The file or folder a sink target names (an output path, not standard output), or None."""
    if isinstance(target, Output):
        return Path(target.path)
    if isinstance(target, JsonlSink):
        return Path(target.path) if target.is_file else None
    if isinstance(target, (str, Path)) and sink_kind(target) in ("jsonl", "sqlite"):
        return Path(str(target))
    return None


def open_sink(
    target: SinkTarget, store: StateStore | None = None, *, fulltext: bool = False
) -> Sink:
    """Return a sink for `target` (see `sink_kind`).

    A path gives JSONL (``.jsonl``, or ``"-"`` for stdout) or SQLite (``.sqlite``,
    ``.db``); ``redis://...?stream=NAME`` gives the exactly-once stream beside a Redis
    `store`; a callable gives a CallbackSink; a Sink is returned as is. `fulltext`: the
    harvest finds full text (a CSV or Parquet table has its columns from the first page on).

    Raises:
        ValueError: a Redis stream without a Redis state store.
        TypeError: `target` is none of these.
    """
    # .csv, .parquet, and every Output (--overwrite); a table has full text's columns from its
    # first page on when the harvest finds full text
    table = open_table(target, fulltext=fulltext)
    if table is not None:
        return table
    assert not isinstance(target, Output)
    kind = sink_kind(target)
    if kind == "stream":
        fleet = _fleet_store(store)
        if fleet is None:
            raise ValueError(
                f"sink {target}: a Redis stream sink needs the state in the same Redis "
                "(state='redis://...'), so that each page and its checkpoint commit together"
            )
        query = dict(parse_qsl(urlsplit(str(target)).query))
        stream = query.get("stream", fleet.prefix + "records")
        from politeharvest.fleet import RedisStreamSink

        return RedisStreamSink(fleet, stream)
    if isinstance(target, (str, Path)):  # "sqlite", "jsonl" or "stdout"
        return SQLiteSink(target) if kind == "sqlite" else JsonlSink(target)
    if isinstance(target, Sink):
        return target
    return CallbackSink(target)


class Settings(Protocol):
    """The configuration `Resources` reads (a `HarvestPlan`'s attributes)."""

    @property
    def endpoint(self) -> str: ...
    @property
    def metadata_prefix(self) -> str: ...
    @property
    def policy(self) -> Politeness: ...
    @property
    def state(self) -> str | Path | StateStore | None: ...
    @property
    def sink(self) -> SinkTarget | None: ...
    @property
    def fulltext(self) -> FullText | None: ...
    @property
    def lenient(self) -> bool: ...
    @property
    def max_inline_wait(self) -> float | None: ...
    @property
    def clock(self) -> Clock: ...
    @property
    def http(self) -> requests.Session | None: ...
    @property
    def pace_store(self) -> PaceStore | None: ...
    @property
    def on_event(self) -> tuple[Callable[[RequestEvent], None], ...]: ...


@attrs.define(repr=False)
class Resources:
    """What a plan opens while it runs, each when first needed; `close` closes what it opened.

    Attributes:
        settings: the plan's configuration.
    """

    __repr__ = value_repr

    settings: Settings
    _store: StateStore | None = None
    _owns_store: bool = False
    _pace_store: PaceStore | None = None
    _sink: Sink | None = None
    _owns_sink: bool = False
    _sessions: dict[str, PoliteSession] = attrs.field(factory=dict)
    _pagers: dict[str, OaiPager] = attrs.field(factory=dict)
    _steps: dict[str, FullTextStep] = attrs.field(factory=dict)
    _claim: FolderClaim | None = None
    #: The record side of a run that consumes nothing (`records_for`), or None.
    _scratch: ScratchState | None = None
    #: The state asked for, the default file in place of None (decided once, for the store
    #: and the pacing beside it).
    _state: str | Path | StateStore = attrs.field(init=False)
    #: Hosts that answered 429/503 in a run of this plan (`carry_slowdown`).
    _slowed: set[str] = attrs.field(factory=set)
    #: The output and files folder the plan made, taken back at `close` if no page came.
    made: Made = attrs.field(factory=Made)

    def __attrs_post_init__(self) -> None:
        state = self.settings.state
        self._state = default_state() if state is None else state

    @property
    def store(self) -> StateStore:
        """The plan's StateStore (opened on first use)."""
        if self._store is None:
            self._store = open_state(self._state)
            self._owns_store = self._store is not self._state
        return self._store

    def records_for(self, consume: bool) -> StateStore:
        """Where the run's record side goes: the state, or (consuming nothing) the run's scratch.

        The scratch lives until `new_run` (one run: a record met twice in it is written once).
        """
        if consume:
            return self.store
        if self._scratch is None:
            self._scratch = ScratchState(self.store)
        return self._scratch

    def new_run(self) -> None:
        """A run begins: a run that consumes nothing starts from nothing again."""
        if self._scratch is not None:
            self._scratch.close()
            self._scratch = None

    def open_sink(self) -> Sink:
        """The plan's sink (opened on first use; standard output when it has none)."""
        if self._sink is None:
            target = self.settings.sink if self.settings.sink is not None else "-"
            stream = not isinstance(target, Output) and sink_kind(target) == "stream"
            self._sink = open_sink(
                target,
                self.store if stream else None,
                fulltext=self.settings.fulltext is not None,
            )
            self._owns_sink = self._sink is not target  # close only what the plan opened
        return self._sink

    def close_sink(self) -> None:
        """Close the sink if the plan opened it."""
        if self._sink is not None and self._owns_sink:
            self._sink.close()
        self._sink = None

    def close(self) -> None:
        """Close the sink, the files folder's claim, the sessions and the state store."""
        self.close_sink()
        if self._claim is not None:
            self._claim.release()
            self._claim = None
        self.made.take_back()  # an output no page came to would look like a harvest
        for session in self._sessions.values():
            session.close()
        self._sessions.clear()
        self._pagers.clear()
        self._steps.clear()
        self.new_run()
        store = self._store
        if store is not None and self._owns_store and hasattr(store, "close"):
            store.close()
        self._store = None

    def session(self, run_id: str, job_started_at: float) -> PoliteSession:
        """The run's session (one per run: its counters and slow-down are the run's).

        Each page starts a job of its own on it (`PoliteSession.start_job`). A run after
        earlier runs of this plan starts at the slow-down they reached (`carry_slowdown`).
        """
        session = self._sessions.get(run_id)
        if session is None:
            settings = self.settings
            self.carry_slowdown(run_id)
            kwargs: dict[str, Any] = {}
            if settings.http is not None:
                kwargs["http"] = settings.http
            session = PoliteSession(
                settings.policy,
                clock=settings.clock,
                pace_store=self.pacing(),
                job_id=run_id,
                job_started_at=job_started_at,
                max_inline_wait=settings.max_inline_wait,
                on_event=(*settings.on_event, self._note_slowed),
                answered_before=lambda host: answered_before(self.store, host),
                **kwargs,
            )
            earlier = next(iter(self._sessions.values()), None)
            if earlier is not None:
                # a later run of this plan (the command line's after a deferral) reads each
                # robots.txt once per cache lifetime too, not once per run
                session.robots = earlier.robots
            elif _fleet_store(self.store) is not None:
                # a fleet reads each robots.txt once per cache lifetime, not once per task
                session.robots.shared = SharedRobots(self.store, settings.clock)
            self._sessions[run_id] = session
        return session

    def _note_slowed(self, event: RequestEvent) -> None:
        """An event of a run's session: remember a host that asked us to slow down."""
        if event.status in (429, 503) or event.decision in ("retry", "deferred"):
            self._slowed.add(event.host)

    def carry_slowdown(self, run_id: str) -> None:
        """Start `run_id` at the slow-down that this plan's earlier runs reached, per host.

        A job's slow-down multiplier (`PoliteSession.multiplier`) belongs to its run; a
        command that continues a harvest in a new run after a deferral must not start
        faster than the run it continues: politeness never gets looser.
        """
        if not self._slowed or not self._sessions:
            return
        pacing, policy = self.pacing(), self.settings.policy
        for host in sorted(self._slowed):
            reached = max(pacing.multiplier(host, job=earlier) for earlier in self._sessions)
            if reached > 1.0:
                pacing.slow_down(host, job=run_id, factor=reached, cap=policy.max_slowdown)

    def pacing(self) -> PaceStore:
        """Where per-host pacing lives: given, the fleet's Redis, the state file, or memory."""
        if self.settings.pace_store is not None:
            return self.settings.pace_store
        fleet = _fleet_store(self.store)
        if self._pace_store is None and fleet is not None:
            # pacing lives in the same Redis as the state
            from politeharvest.fleet import RedisPaceStore

            self._pace_store = RedisPaceStore(fleet.client, prefix=fleet.prefix[:-1])
        if self._pace_store is None:
            state = self._state
            if isinstance(state, (str, Path)) and str(state) != ":memory:":
                self._pace_store = SQLitePaceStore(state)
            else:
                self._pace_store = MemoryPaceStore()
        return self._pace_store

    def pager(self, run_id: str, job_started_at: float) -> OaiPager:
        """One pager per run (so Identify is asked once), on the run's session."""
        pager = self._pagers.get(run_id)
        if pager is None:
            pager = OaiPager(
                self.session(run_id, job_started_at),
                self.settings.endpoint,
                metadata_prefix=self.settings.metadata_prefix,
                lenient=self.settings.lenient,
                # the state leaves out what was delivered; the pager need not remember it
                max_remembered=0,
            )
            self._pagers[run_id] = pager
        return pager

    def fulltext_step(
        self, run_id: str, job_started_at: float, state: StateStore
    ) -> FullTextStep | None:
        """The run's full-text step (files' outcomes kept in `state`); None without full text."""
        settings = self.settings.fulltext
        if settings is None:
            return None
        step = self._steps.get(run_id)
        if step is None:
            from politeharvest.fulltext._step import FullTextStep

            step = FullTextStep(
                self.session(run_id, job_started_at), settings, state, hold_marks=True
            )
            self._steps[run_id] = step
        return step

    def claim_files(self, notes: list[str]) -> None:
        """Hold the files folder for the run; remove what crashed runs left half-written."""
        settings = self.settings
        assert settings.fulltext is not None
        if self._claim is not None:
            return
        claim = claim_folder(
            settings.fulltext.directory,
            now=settings.clock.now(),
            stale_after=settings.policy.file_time_s + 60.0,
        )
        self._claim = claim
        if claim.removed:
            notes.append(
                f"removed {len(claim.removed)} half-written temporary files that an interrupted "
                f"run left in {claim.folder}"
            )

    def stats(self, run_id: str) -> dict[str, Any]:
        """The run's session counters (all zero when it sent nothing)."""
        session = self._sessions.get(run_id)
        if session is None:
            return dict.fromkeys(
                ("requests", "waits", "wait_s", "retries", "robots_fetches", "refused"), 0
            )
        return attrs.asdict(session.stats)
