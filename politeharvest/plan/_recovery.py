"""Crash recovery: what a run checks and repairs before it sends anything.

Exactly once: before a page is appended to a file, the plan notes the bytes it is about to
write (`Recovery.note_pending`); the page is written and made durable; then the listing's
checkpoint is committed with the note cleared. After a crash, `pending_repairs` finds the
pages whose commit never came, and `repair` takes their bytes back from the file (only if the
file still ends with them), so the page is fetched again and nothing is lost or repeated.

Before a listing is resumed, `check_resumable` refuses a file that is gone or was changed by
someone else; `check_output` refuses an output that holds records this state never delivered.
Every check changes nothing; only `repair` and `record_output` write.
"""

from __future__ import annotations

import json
import os
from collections.abc import Sequence

import attrs

from politeharvest._reprs import value_repr
from politeharvest._sqlite import START_OVER
from politeharvest.exceptions import OutputUnknown, SinkChanged, SinkError, StateCorrupt
from politeharvest.store._sinks import (
    PendingWrite,
    SinkMark,
    count_rows,
    mark_problem,
    pending_action,
    probe_lock,
    rows_of,
    view_file,
)
from politeharvest.store._state import ORIGIN, PENDING, Checkpoint, StateStore
from politeharvest.store._tables import rows_held

from ._planning import Saved, Window, scope_key

__all__ = ["OUTPUTS", "Recovery", "Repair", "note_pending"]

#: The kv namespace of the output files this state delivered into (one per resolved path).
OUTPUTS = "outputs"


@attrs.frozen(repr=False)
class Repair:
    """A page written just before a crash, and what its file is cut back to.

    Attributes:
        key: the pending write's key in the state.
        pending: the bytes the plan wrote.
        cut_to: the file's size to truncate to; None when nothing is to be cut (a full
            harvest forgets a page it cannot take back).
        size: the file's size when it was checked.
    """

    __repr__ = value_repr

    key: str
    pending: PendingWrite
    cut_to: int | None
    size: int


@attrs.frozen(repr=False)
class Recovery:
    """The checks and repairs of one plan's output, against its state.

    Attributes:
        store: the plan's state.
        endpoint: the repository.
        metadata_prefix: the format harvested.
        output: the JSONL file the plan appends to (resolved), or None for any other sink.
        notes: where what the caller should know is added (the run's notes).
        replacing: the run starts its output afresh (``--overwrite``): what the output held
            is replaced, so it is neither refused nor appended to.
    """

    __repr__ = value_repr

    store: StateStore
    endpoint: str
    metadata_prefix: str
    output: str | None
    notes: list[str] = attrs.field(eq=False)
    replacing: bool = False

    @property
    def scope(self) -> str:
        """What delivery is deduplicated across (the endpoint and the format)."""
        return scope_key(self.endpoint, self.metadata_prefix)

    def check_output(self, run_id: str) -> str | None:
        """Refuse an output that holds records this state did not deliver (no change made).

        Returns:
            The output's path when it is empty or new (to be recorded as this state's
            once it is opened, `record_output`), else None.

        Raises:
            OutputLocked: another process is writing it.
            StateCorrupt: the state file was empty (a full disk, a failed copy) while the
                output holds records: a new state would deliver them all again.
            OutputUnknown: the output holds records of this repository and the state never
                wrote to it.
        """
        path = self.output
        if path is None:
            return None
        probe_lock(path)
        view = view_file(path, 0, 0)
        if not view.exists or view.size == 0 or self.replacing:
            return path
        store = self.store
        if store.get_value(OUTPUTS, path) is not None:
            return None
        origin = store.get_value(*ORIGIN)  # None: a state from before outputs were recorded
        known = store.values(OUTPUTS)
        if origin is None and not known and any(r.run_id != run_id for r in store.runs()):
            return path  # such a state wrote where it was told: this file, presumably
        rows = rows_held(path, self.endpoint)  # a CSV or Parquet output
        rows = count_rows(path, self.endpoint) if rows is None else rows
        if not rows:
            return path  # the user's own lines, or another repository's rows: none is ours
        where = str(getattr(store, "path", store))
        if origin == "empty" and not known:
            raise StateCorrupt(
                where,
                f"was an empty file (0 bytes: a full disk or a failed copy?) while {path} holds "
                f"{rows} records of {self.endpoint}; nothing was requested or written",
                START_OVER,
            )
        self.check_appendable()  # a half line that is not ours: the plainer refusal
        raise OutputUnknown(path, where, rows)

    def record_output(self, path: str, run_id: str, now: float) -> None:
        """Record `path` as an output this state delivers into."""
        self.store.set_value(OUTPUTS, path, json.dumps({"run": run_id, "at": now}))

    def check_appendable(self) -> None:
        """A JSONL file that ends inside a line cannot take records: its last line would break."""
        path = self.output
        if path is None or self.replacing:
            return
        view = view_file(path, -1, 0)
        if view.exists and view.size > 0:
            last = view_file(path, view.size - 1, 1).region
            if last != b"\n":
                raise SinkError(
                    f"{path} does not end with a newline: records appended to it would join "
                    "its last line. It was not changed; end it with a newline or choose "
                    "another --out"
                )

    def check_resumable(self, checkpoint: Checkpoint, window: Window) -> None:
        """Refuse to resume a listing whose earlier pages' file is gone or changed.

        Raises:
            SinkChanged: the file is gone, changed, or holds this repository's records
                that this state never delivered after the listing's last page.
        """
        saved = Saved(checkpoint)
        mark = saved.mark
        if mark is not None:
            view = view_file(mark.path, mark.size - mark.tail_len, mark.tail_len)
            problem = mark_problem(mark, view)
            later = [] if problem else self._unknown_rows_after(mark)
            if later:
                # Lines after the mark are someone else's, or this state's other listings';
                # records of this repository that this state never delivered mean another
                # state (or a copy of this one) went on harvesting into the file: resuming
                # from here would deliver them again.
                problem = (
                    f"holds {len(later)} records of this repository written after this "
                    "harvest's last page that this state did not deliver (by another state, "
                    "or a copy of this one)"
                )
            if problem is not None:
                raise SinkChanged(
                    mark.path,
                    problem,
                    window=window.describe(),
                    pages=checkpoint.pages,
                    records=checkpoint.records,
                )
        if self.replacing and any(o.path == self.output for o in saved.outputs):
            # Continued into a new file, the pages this harvest wrote before would be in no
            # output while the state counts their records delivered.
            assert self.output is not None
            raise SinkChanged(
                self.output,
                "and --overwrite would replace it: the harvest would continue after those "
                "records in a new file, and they would be in no output",
                window=window.describe(),
                pages=checkpoint.pages,
                records=checkpoint.records,
                remedy="To continue that harvest into the file, leave out --overwrite; "
                + (
                    # a --full listing is what --full continues: afresh needs a new state
                    "to harvest every record afresh, give a new --state and a new --out"
                    if window.full
                    else "to write every record afresh into a new file in its place, add --full"
                ),
            )
        for output in saved.outputs:
            if output.path != self.output:
                self.notes.append(
                    f"{output.pages} earlier pages ({output.records} records) of this "
                    f"harvest ({window.describe()}) are in {output.path}"
                )

    def _unknown_rows_after(self, mark: SinkMark) -> set[str]:
        """Identifiers of this repository's rows after `mark` that this state never delivered.

        A page written just before a crash (its pending write, which the repair takes back)
        is this state's, though not delivered.
        """
        if not count_rows(mark.path, self.endpoint, start=mark.size):
            return set()  # the quick pass: no row of this repository at all
        pairs = rows_of(mark.path, self.endpoint, self.metadata_prefix, start=mark.size)
        unknown = self.store.filter_new(self.scope, pairs)
        text = self.store.get_value(PENDING, f"{self.scope}\n{mark.path}")
        if unknown and text is not None:
            page = PendingWrite.from_json(text).data
            unknown -= {i for i in unknown if json.dumps(i, ensure_ascii=False).encode() in page}
        return unknown

    def pending_repairs(self, *, full: bool) -> list[Repair]:
        """Pages written just before a crash, and what to cut each file back to (no change yet).

        Args:
            full: a full harvest: a page that cannot be taken back is forgotten instead.

        Raises:
            SinkChanged: a page cannot be taken back (its file is gone, replaced, or
                written after by someone else).
        """
        repairs: list[Repair] = []
        prefix = self.scope + "\n"
        for key, text in self.store.values(PENDING).items():
            if not key.startswith(prefix):
                continue
            pending = PendingWrite.from_json(text)
            view = view_file(pending.path, pending.start, len(pending.data) + 1)
            action = pending_action(pending, view)
            if isinstance(action, str):
                if not full:
                    raise SinkChanged(
                        pending.path, action, window="the last harvest", pages=0, records=0
                    )
                action = None  # harvested again from the start: nothing to keep
            repairs.append(Repair(key, pending, action, view.size))
        return repairs

    def repair(self, repairs: Sequence[Repair]) -> None:
        """Take back the pages: each from the file it went to, only bytes the plan wrote."""
        for item in repairs:
            if item.cut_to is not None:
                with open(item.pending.path, "r+b") as handle:
                    handle.truncate(item.cut_to)
                    handle.flush()
                    os.fsync(handle.fileno())
                self.notes.append(
                    f"took back {item.size - item.cut_to} bytes of a page written to "
                    f"{item.pending.path} just before an interruption (it is harvested again)"
                )
            self.store.set_value(PENDING, item.key, None)

    def note_pending(self, pending: PendingWrite) -> str:
        """Note the bytes a page is about to write (before they are written).

        Returns:
            The note's key, which the page's commit clears.
        """
        return note_pending(self.store, self.scope, pending)


def note_pending(store: StateStore, scope: str, pending: PendingWrite) -> str:
    """Note the bytes a page is about to write into `scope`'s file (`Recovery.note_pending`).

    A function of the state and the scope alone: the page job calls it once a page, and
    needs no `Recovery` (whose output path is resolved on the file system) for it.

    Returns:
        The note's key, which the page's commit clears.
    """
    key = f"{scope}\n{pending.path}"
    store.set_value(PENDING, key, pending.to_json())
    return key
