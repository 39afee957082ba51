"""Random sequences of harvests, crashes and changes (hypothesis `RuleBasedStateMachine`).

A user harvests the misbehaving test repository again and again: with random windows
and sets, stopped by ``max_records``, killed between the write and the checkpoint or in
the middle of a write, into files that are switched, pre-filled with the user's own
lines, or moved away, while records are added, changed and deleted at the source; and
between those, looks at standard output (``consume=False``: a run that records nothing as
delivered), some cut short.

Invariants:
- no byte of a file the plan does not own ever changes: after every run each output
  starts with everything it held before, except a page the plan itself was writing
  when it was killed;
- a refusal happens before any request and touches nothing;
- a run that consumes nothing leaves the state's record side (coverage, unfinished
  listings, deliveries, pending writes, outputs) exactly as it was, whatever it met, and
  writes each record once;
- after a final unbounded incremental run, the union of all outputs holds the newest
  version of every record and a tombstone for every deleted one, and no
  (identifier, datestamp) pair was delivered twice.
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from pathlib import Path
from typing import Any

import requests
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from politeharvest import HarvestPlan, JsonlSink, Politeness
from politeharvest.exceptions import SinkChanged
from politeharvest.store._sinks import PendingWrite
from politeharvest.testing import FakeClock, OaiTestRepository, SampleRecord, ScriptedAdapter

ENDPOINT = "https://repo.example.org/oai"
POLICY = Politeness(
    user_agent="politeharvest-tests/1.0 (+mailto:tests@example.org)", job_budget=10**7
)
START = 1_577_836_800.0  # 2020-01-01
DATES = [None, "2020-01-20", "2020-03-01", "2020-04-15T12:00:00Z", "2020-06-01"]


class Killed(BaseException):
    """The process dies (SIGKILL) at this point."""


class CrashingSink(JsonlSink):
    """Dies on its `at`-th page: after the durable write, or halfway through it."""

    def __init__(self, path: Path, at: int, torn: bool) -> None:
        super().__init__(path)
        self.at, self.torn, self.pages = at, torn, 0
        self.crash_start: int | None = None

    def write_page(self, rows, *, before_write=None):  # type: ignore[no-untyped-def]
        self.pages += 1
        if self.pages < self.at or not rows:
            return super().write_page(rows, before_write=before_write)
        self.crash_start = os.fstat(self._fd).st_size
        if not self.torn:
            super().write_page(rows, before_write=before_write)
            raise Killed
        payload = "".join(json.dumps(r, sort_keys=True) + "\n" for r in rows).encode()
        info = os.fstat(self._fd)
        assert before_write is not None
        before_write(PendingWrite(self.path, info.st_dev, info.st_ino, info.st_size, payload))
        os.write(self._fd, payload[: max(1, len(payload) // 3)])
        raise Killed


def read(path: Path) -> bytes:
    return path.read_bytes() if path.exists() else b""


class Harvests(RuleBasedStateMachine):
    @initialize()
    def setup(self) -> None:
        self.folder = Path(tempfile.mkdtemp(prefix="ph-stateful-"))
        self.clock = FakeClock()
        self.adapter = ScriptedAdapter(self.clock)
        self.http = requests.Session()
        self.http.mount("https://", self.adapter)
        self.repo = OaiTestRepository.sample(
            36,
            page_size=5,
            start=START,
            step_s=5 * 86_400.0,
            sets=("a", "b", "c"),
            now=self.clock.now,
        )
        self.adapter.add(ENDPOINT, self.repo)
        self.outputs: list[Path] = []
        self.retired: set[Path] = set()
        self.archive: dict[Path, Path] = {}  # original path -> where the user moved it
        self.committed: dict[Path, bytes] = {}  # bytes no later run may change
        self.serial = 0

    def teardown(self) -> None:
        if not hasattr(self, "folder"):
            return
        try:
            self.final_check()
        finally:
            shutil.rmtree(self.folder, ignore_errors=True)

    # -- helpers -------------------------------------------------------------------------------

    def plan(self, **kwargs: Any) -> HarvestPlan:
        return HarvestPlan(
            ENDPOINT,
            state=self.folder / "state.sqlite",
            http=self.http,
            clock=self.clock,
            policy=POLICY,
            **kwargs,
        )

    def all_files(self) -> list[Path]:
        return [*self.outputs, *self.archive.values()]

    def snapshot(self) -> dict[Path, bytes]:
        return {p: read(p) for p in self.all_files()}

    def output(self, choice: int, user_lines: bool) -> Path:
        usable = [p for p in self.outputs if p not in self.retired]
        if choice < len(usable):
            return usable[choice]
        self.serial += 1
        path = self.folder / f"out-{self.serial}.jsonl"
        if user_lines:
            path.write_bytes(b'{"mine": "the user\'s own line"}\n' * 40)
        self.outputs.append(path)
        self.committed[path] = read(path)
        return path

    def restore(self, path: str) -> bool:
        for original, moved in list(self.archive.items()):
            if str(original) == path or str(moved) == path:
                target = self.folder / f"restored-{self.serial}-{original.name}"
                self.serial += 1
                # the user puts the file back, under its own name if that is free
                back = original if not original.exists() else target
                if back != original:
                    return False
                os.replace(moved, back)
                del self.archive[original]
                return True
        return False

    def harvest(self, sink: Any, **kwargs: Any) -> None:
        """One run; a refusal is answered by putting the moved file back (once)."""
        for _ in range(3):
            before = self.snapshot()
            seen = len(self.adapter.log)
            try:
                with self.plan(**kwargs) as plan:
                    plan.run(sink=sink() if callable(sink) else sink)
                return
            except SinkChanged as exc:
                refused = exc
            assert len(self.adapter.log) == seen, "a refusal sends nothing"
            assert self.snapshot() == before, "a refusal touches nothing"
            assert self.restore(refused.path), f"unexpected refusal: {refused}"
        raise AssertionError("refused again after the file was put back")

    # -- rules ---------------------------------------------------------------------------------

    @rule(
        window=st.tuples(st.sampled_from(DATES), st.sampled_from(DATES)),
        set_spec=st.sampled_from([None, None, "a", "b"]),
        max_records=st.sampled_from([None, None, 3, 8, 12]),
        choice=st.integers(0, 3),
        user_lines=st.booleans(),
        crash=st.sampled_from([None, None, (1, False), (2, False), (2, True), (3, True)]),
    )
    def run_harvest(
        self,
        window: tuple[str | None, str | None],
        set_spec: str | None,
        max_records: int | None,
        choice: int,
        user_lines: bool,
        crash: tuple[int, bool] | None,
    ) -> None:
        from_, until = window
        if from_ and until and from_[:10] >= until[:10]:
            until = None
        path = self.output(choice, user_lines)
        kwargs = {
            "from_": from_,
            "until": until,
            "sets": (set_spec,) if set_spec else (),
            "max_records": max_records,
        }
        if crash is None:
            self.harvest(path, **kwargs)
            self.settle()
            return
        sinks: list[CrashingSink] = []

        def make() -> CrashingSink:
            sinks.append(CrashingSink(path, *crash))
            return sinks[-1]

        try:
            self.harvest(make, **kwargs)
        except Killed:
            start = sinks[-1].crash_start
            assert start is not None
            # the page being written when the process died is the plan's to take back
            self.settle(path, start)
            return
        self.settle()

    @rule(
        window=st.tuples(st.sampled_from(DATES), st.sampled_from(DATES)),
        sets=st.sampled_from([(), ("a",), ("a", "b"), ("c", "a", "b")]),
        max_records=st.sampled_from([None, None, 4, 9]),
        cut_at=st.sampled_from([None, None, 1, 2]),
    )
    def look_at_standard_output(
        self,
        window: tuple[str | None, str | None],
        sets: tuple[str, ...],
        max_records: int | None,
        cut_at: int | None,
    ) -> None:
        """A run that consumes nothing (standard output), cut short or not (Ctrl-C, a pipe)."""
        from_, until = window
        if from_ and until and from_[:10] >= until[:10]:
            until = None
        before = self.record_side()
        seen: list[str] = []
        pages = 0

        def take(rows: list[dict[str, Any]]) -> None:
            nonlocal pages
            pages += 1
            if pages == cut_at:
                raise Killed
            seen.extend(r["identifier"] for r in rows if "datestamp" in r)

        plan = self.plan(
            consume=False, sink=take, from_=from_, until=until, sets=sets, max_records=max_records
        )
        try:
            with plan:
                assert not plan.consumes
                plan.run()
        except Killed:
            pass
        assert len(seen) == len(set(seen)), "a record met twice in one run was written twice"
        assert self.record_side() == before, "a run that consumes nothing changed the state"

    def record_side(self) -> tuple[Any, ...]:
        """What the next run's deliveries depend on, read through the StateStore protocol."""
        from politeharvest.plan._planning import lane_key, scope_key

        with self.plan() as plan:
            store = plan.store
            lanes = [lane_key(ENDPOINT, "oai_dc", spec) for spec in (None, "a", "b", "c")]
            scope = scope_key(ENDPOINT, "oai_dc")
            pairs = [(r.identifier, self.repo._stamp(r.datestamp)) for r in self.repo.records]
            return (
                [store.coverage(lane) for lane in lanes],
                [store.listings(lane) for lane in lanes],
                sorted(store.filter_new(scope, pairs)),
                sorted(store.filter_new(scope, [(i, "") for i, _ in pairs])),
                store.values("pending-write"),
                store.values("outputs"),
            )

    @rule(seconds=st.sampled_from([1.0, 90.0, 86_400.0 * 3]))
    def time_passes(self, seconds: float) -> None:
        self.clock.advance(seconds)

    @rule(index=st.integers(0, 40), kind=st.sampled_from(["change", "delete", "add"]))
    def change_at_the_source(self, index: int, kind: str) -> None:
        self.clock.advance(2.0)
        now = self.clock.now()
        if kind == "add":
            self.serial += 1
            identifier = f"oai:test.example.org:new-{self.serial}"
            self.repo.records.append(SampleRecord(identifier, now, ("c",), title="new"))
            return
        record = self.repo.records[index % len(self.repo.records)]
        position = self.repo.records.index(record)
        self.repo.records[position] = SampleRecord(
            record.identifier, now, record.sets, deleted=kind == "delete", title="changed"
        )

    @rule(choice=st.integers(0, 3))
    def move_an_output_away(self, choice: int) -> None:
        usable = [p for p in self.outputs if p not in self.retired and p.exists()]
        if not usable:
            return
        path = usable[choice % len(usable)]
        moved = self.folder / f"moved-{path.name}"
        os.replace(path, moved)
        self.archive[path] = moved
        self.retired.add(path)
        self.committed[moved] = self.committed.pop(path, b"")

    @invariant()
    def no_byte_of_anyone_else_changes(self) -> None:
        if not hasattr(self, "folder"):
            return
        for path, prefix in self.committed.items():
            if path.exists():
                assert read(path).startswith(prefix), f"{path.name} lost bytes"

    def settle(self, crashed: Path | None = None, start: int = 0) -> None:
        """After a run: what every file holds now is final, but a killed page's bytes."""
        self.no_byte_of_anyone_else_changes()
        for path in self.all_files():
            self.committed[path] = read(path)
        if crashed is not None:
            self.committed[crashed] = read(crashed)[:start]

    # -- the end -------------------------------------------------------------------------------

    def final_check(self) -> None:
        self.clock.advance(120.0)
        final = self.folder / "final.jsonl"
        self.outputs.append(final)
        self.harvest(final)
        rows = []
        for path in self.all_files():
            for line in read(path).decode().splitlines():
                row = json.loads(line)
                if "identifier" in row and "datestamp" in row:
                    rows.append(row)
        pairs = [(r["identifier"], r["datestamp"]) for r in rows]
        assert len(pairs) == len(set(pairs)), "a record was delivered twice"
        newest: dict[str, dict[str, Any]] = {}
        for row in rows:
            old = newest.get(row["identifier"])
            if old is None or row["datestamp"] > old["datestamp"]:
                newest[row["identifier"]] = row
        for record in self.repo.records:
            row = newest.get(record.identifier)
            assert row is not None, f"{record.identifier} never arrived"
            assert row["datestamp"] == self.repo._stamp(record.datestamp)
            assert row["deleted"] is record.deleted
