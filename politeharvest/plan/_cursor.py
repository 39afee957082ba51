"""The values a job queue carries between processes: `PlanCursor`, its `Lane`s, and results.

`PlanCursor` is JSON round-trippable (`to_json`/`from_json`) and picklable (RQ and Celery carry it
between processes); `PageResult` is what one `HarvestPlan.run_page` returns and `HarvestSummary`
what one `HarvestPlan.run` did. `record_row` is the JSON object written for a record, and
`RecordRows` a page of them that writes its JSON lines straight from the records.

Values only: nothing here reads the state or sends a request.
"""

from __future__ import annotations

import datetime as _dt
import json
from collections.abc import Mapping, Sequence
from typing import Any, overload

import attrs

from politeharvest._reprs import value_repr
from politeharvest.oai._cursor import OaiCursor
from politeharvest.oai._records import OaiPage, OaiRecord
from politeharvest.store._sinks import ENCODER, EncodedRows, encode_rows, field

from ._planning import Window, listing_key

__all__ = [
    "NEW",
    "HarvestSummary",
    "Lane",
    "PageResult",
    "PlanCursor",
    "RecordRows",
    "record_row",
]

#: A lane's cursor before its listing's first page: start a new listing (incremental).
NEW = "new"


def record_row(record: OaiRecord, *, endpoint: str, metadata_prefix: str) -> dict[str, Any]:
    """The JSON object written for a record: header, oai_dc metadata, XML for other formats."""
    row: dict[str, Any] = {
        "identifier": record.identifier,
        "datestamp": record.datestamp,
        "deleted": record.deleted,
        "sets": list(record.set_specs),
        "endpoint": endpoint,
        "metadata_prefix": metadata_prefix,
        "metadata": {k: list(v) for k, v in record.metadata.items()},
    }
    if not record.deleted and not record.metadata:
        row["xml"] = record.raw_xml.decode("utf-8", "replace")
    if record.damaged:
        row["damaged"] = record.damaged  # "xml" holds the bytes as the repository sent them
    return row


class RecordRows(EncodedRows):
    """A page's `record_row`s as JSON lines written from the records; the dicts when read.

    A JSON-lines sink takes only the bytes (`lines`, written when the page is made): a row
    of the seven fields every sound record and tombstone has is written field by field from
    the record, the values encoded into one buffer, with no dict built. Any other row (a
    damaged record, one whose row holds its XML) is encoded from its `record_row` as
    `encode_rows` encodes any row. Read as a sequence, the rows are `record_row`'s dicts,
    built once on first use.
    """

    def __init__(
        self, records: Sequence[OaiRecord], *, endpoint: str, metadata_prefix: str
    ) -> None:
        self.records = records
        self.endpoint = endpoint
        self.metadata_prefix = metadata_prefix
        self._rows: list[dict[str, Any]] | None = None
        self.lines = self._lines()

    def _built(self) -> list[dict[str, Any]]:
        if self._rows is None:
            self._rows = [
                record_row(r, endpoint=self.endpoint, metadata_prefix=self.metadata_prefix)
                for r in self.records
            ]
        return self._rows

    @overload
    def __getitem__(self, index: int) -> dict[str, Any]: ...
    @overload
    def __getitem__(self, index: slice) -> list[dict[str, Any]]: ...
    def __getitem__(self, index: int | slice) -> dict[str, Any] | list[dict[str, Any]]:
        return self._built()[index]

    def __len__(self) -> int:
        return len(self.records)

    def _lines(self) -> tuple[bytes, bytes]:
        """The rows as `encode_rows` writes them (fields sorted), and the last line."""
        if not self.records:
            return b"", b""
        into = ENCODER.encode_into
        # The fields in their sorted order: datestamp, deleted, endpoint, identifier,
        # metadata, metadata_prefix, sets; the run's endpoint and format written once.
        first = b"{" + field("datestamp")
        kept = b", " + field("deleted") + b"false, "
        gone = b", " + field("deleted") + b"true, "
        where = field("endpoint") + ENCODER.encode(self.endpoint) + b", " + field("identifier")
        metadata = b", " + field("metadata")
        prefix = b", " + field("metadata_prefix") + ENCODER.encode(self.metadata_prefix)
        sets = prefix + b", " + field("sets")
        alive, dead = kept + where, gone + where
        buffer = bytearray()
        start = 0
        for record in self.records:
            start = len(buffer)
            values = record.metadata
            if record.damaged or not (record.deleted or values) or type(values) is not dict:
                buffer += encode_rows(
                    [
                        record_row(
                            record, endpoint=self.endpoint, metadata_prefix=self.metadata_prefix
                        )
                    ]
                )[0]
                continue
            buffer += first
            into(record.datestamp, buffer, -1)
            buffer += dead if record.deleted else alive
            into(record.identifier, buffer, -1)
            buffer += metadata
            into(values, buffer, -1)
            buffer += sets
            into(record.set_specs, buffer, -1)
            buffer += b"}\n"
        return bytes(buffer), bytes(buffer[start:])


@attrs.frozen(repr=False)
class Lane:
    """One set (or the whole repository) of the harvest, with the windows it still lists.

    Attributes:
        key: the lane key (endpoint, prefix, set).
        set_spec: the set, or None for the whole repository.
        cursor: the current listing's next page (OaiCursor JSON); NEW before its first
            page; None when the lane is done.
        window: the current listing's window.
        queue: windows to list after the current one (the other gaps of an incremental
            harvest).
        listing_key: what the current listing is resumed by (its lane and exact window),
            computed once from `key` and `window` (not serialized).
    """

    __repr__ = value_repr

    key: str
    set_spec: str | None
    cursor: str | None
    window: Window = attrs.field(factory=Window)
    queue: tuple[Window, ...] = ()
    listing_key: str = attrs.field(init=False)

    @listing_key.default
    def _listing_key(self) -> str:
        return listing_key(self.key, self.window)

    @property
    def oai_cursor(self) -> OaiCursor | None:
        """The listing's next page as an `OaiCursor`; None before its first page (NEW).

        Raises:
            ValueError: the lane is done (it has no next page).
        """
        if self.cursor == NEW:
            return None
        if self.cursor is None:
            raise ValueError(f"lane {self.key} is done: it has no next page")
        return OaiCursor.from_json(self.cursor)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready form."""
        return {
            "key": self.key,
            "set_spec": self.set_spec,
            "cursor": self.cursor,
            "window": attrs.asdict(self.window),
            "queue": [attrs.asdict(w) for w in self.queue],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Lane:
        """Rebuild from `to_dict`."""
        return cls(
            key=data["key"],
            set_spec=data.get("set_spec"),
            cursor=data.get("cursor"),
            window=Window(**data.get("window", {})),
            queue=tuple(Window(**w) for w in data.get("queue", ())),
        )


@attrs.frozen(repr=False)
class PlanCursor:
    """A harvest's position, JSON round-trippable, for job queues.

    Attributes:
        run_id: the run (and job) this cursor belongs to.
        job_started_at: wall-clock start of the run (`HarvestPlan.start`). Each page is a
            job of its own whose budget counts from when `HarvestPlan.run_page` begins;
            a session made for this cursor in a new process starts from here until then.
        lanes: one per set, each with its next page (None when done).
        turn: the lane whose page comes next (pages of several sets are taken in turn).
        retry_files: the next page also retries files marked retry-later (once per run).
    """

    __repr__ = value_repr

    run_id: str
    job_started_at: float
    lanes: tuple[Lane, ...]
    turn: int = 0
    retry_files: bool = True

    @property
    def done(self) -> bool:
        """True when every lane is complete."""
        return all(lane.cursor is None for lane in self.lanes)

    def to_json(self) -> str:
        """Serialize for a job queue."""
        data = {
            "run_id": self.run_id,
            "job_started_at": self.job_started_at,
            "lanes": [lane.to_dict() for lane in self.lanes],
            "turn": self.turn,
            "retry_files": self.retry_files,
        }
        return json.dumps(data, sort_keys=True, ensure_ascii=False)

    @classmethod
    def from_json(cls, text: str) -> PlanCursor:
        """Rebuild from `to_json` output."""
        data = json.loads(text)
        return cls(
            run_id=data["run_id"],
            job_started_at=float(data["job_started_at"]),
            lanes=tuple(Lane.from_dict(lane) for lane in data["lanes"]),
            turn=int(data.get("turn", 0)),
            retry_files=bool(data.get("retry_files", True)),
        )


@attrs.frozen(repr=False)
class PageResult:
    """The outcome of one `run_page` call.

    Attributes:
        records: the records delivered (duplicates already left out).
        next_cursor: the cursor for the next job, or None when the harvest is complete.
        deferred_until: when the page could not be fetched now: the moment to try again
            (`next_cursor` is then the same position); None otherwise.
        reason: why it was deferred.
        page: the OaiPage fetched (None when deferred).
        skipped: records left out as already delivered.
        files: with full text, how many rows of the page had each file status
            (``downloaded``, ``unchanged``, ``retry-later``, ...).
    """

    __repr__ = value_repr

    records: tuple[OaiRecord, ...]
    next_cursor: PlanCursor | None
    deferred_until: _dt.datetime | None = None
    reason: str = ""
    page: OaiPage | None = None
    skipped: int = 0
    files: Mapping[str, int] = attrs.field(factory=dict)


@attrs.frozen(repr=False)
class HarvestSummary:
    """What a `run` did.

    Attributes:
        notes: what the caller should know beyond the counts: where earlier pages of
            a resumed listing went, unfinished listings of other windows left as
            they are, pages written after a crash and taken back.
        files: with full text, how many files had each status.
        robots_fetches: of the requests, robots.txt (and other well-known files) fetched.
        refused: requests not sent (robots.txt, the policy, a stopped host, a reservation).
        consumed: whether the run recorded what it delivered (`HarvestPlan.consume`); False
            for standard output by default: the next run delivers these records again.
    """

    __repr__ = value_repr

    records: int
    deleted: int
    skipped: int
    pages: int
    requests: int
    waits: int
    wait_s: float
    retries: int
    duration_s: float
    complete: bool
    deferred_until: _dt.datetime | None = None
    reason: str = ""
    repairs: int = 0
    stopped: bool = False
    notes: tuple[str, ...] = ()
    files: Mapping[str, int] = attrs.field(factory=dict)
    robots_fetches: int = 0
    refused: int = 0
    consumed: bool = True
