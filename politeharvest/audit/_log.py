"""An audit log of every exchange: one JSON line per request or refusal (shell).

`AuditLog` is an `on_event` hook. It appends each `RequestEvent` to a JSON-lines file as soon
as it happens and syncs it to disk before the harvest moves on, so the audit holds every request
the servers saw, including those of a page that a crash kept from being committed, and never
one twice. A line torn by a crash is cut off when the file is opened again. Each run starts with
a ``"run"`` line that names the user agent, the contact and the policy's intervals, which is what
`politeharvest report` measures the gaps against.

Lines (``"type"`` says which)::

    {"type": "run", "run": "...", "at": "2026-12-01T12:00:00Z", "user_agent": "...",
     "from": "...", "request_interval": 1.0, "file_interval": 6.0, "version": "..."}
    {"type": "request", "run": "...", "at": 1764590400.0, "start": ..., "end": ...,
     "host": "...", "method": "GET", "url": "...", "kind": "page", "status": 200,
     "bytes": 5120, "wait_s": 1.0, "wait_reason": "request-interval", "multiplier": 1.0,
     "attempt": 0, "decision": "sent", "detail": ""}
"""

from __future__ import annotations

import datetime as _dt
import json
import os
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

import attrs

from politeharvest._policy import Politeness
from politeharvest._version import __version__
from politeharvest.exceptions import AuditError
from politeharvest.net._events import RequestEvent

__all__ = ["AuditLog", "read_audit"]


def _iso(epoch: float) -> str:
    moment = _dt.datetime.fromtimestamp(epoch, tz=_dt.timezone.utc)
    return moment.isoformat(timespec="milliseconds").replace("+00:00", "Z")


def event_row(event: RequestEvent, run: str) -> dict[str, Any]:
    """The audit line of one event (wall-clock start and end, in epoch seconds)."""
    end = None
    if event.started is not None and event.ended is not None:
        end = round(event.at + (event.ended - event.started), 6)
    return {
        "type": "request",
        "run": run,
        "at": _iso(event.at),
        "start": round(event.at, 6) if event.started is not None else None,
        "end": end,
        "host": event.host,
        "method": event.method,
        "url": event.url,
        "kind": event.kind,
        "status": event.status,
        "bytes": event.received,
        "wait_s": round(event.wait_s, 6),
        "wait_reason": event.wait_reason,
        "multiplier": event.multiplier,
        "attempt": event.attempt,
        "decision": event.decision,
        "detail": event.detail,
    }


def _repair_tail(path: Path) -> None:
    """Cut a last line that a crash left without its newline (it is not valid JSON)."""
    try:
        with path.open("rb+") as handle:
            size = handle.seek(0, os.SEEK_END)
            if size == 0:
                return
            handle.seek(size - 1)
            if handle.read(1) == b"\n":
                return
            # find the end of the last complete line
            step = 4096
            position = size
            while position > 0:
                start = max(0, position - step)
                handle.seek(start)
                block = handle.read(position - start)
                cut = block.rfind(b"\n")
                if cut >= 0:
                    handle.truncate(start + cut + 1)
                    return
                position = start
            handle.truncate(0)
    except FileNotFoundError:
        return


@attrs.define
class AuditLog:
    """Append every request and refusal of a harvest to a JSON-lines file (an `on_event` hook).

    Attributes:
        path: the audit file; created if missing, appended to otherwise.
        run: this run's id in the lines (a new random id by default).
        sync: fsync after each line (the default; requests are a second or more apart, so
            this costs nothing a polite harvest would notice).

    Raises:
        AuditError: the file cannot be opened for appending.
    """

    path: Path = attrs.field(converter=Path)
    run: str = attrs.field(factory=lambda: uuid.uuid4().hex)
    sync: bool = True
    _handle: IO[bytes] | None = attrs.field(default=None, init=False, repr=False)

    def open(self, policy: Politeness | None = None) -> AuditLog:
        """Open the file (repairing a torn last line) and write this run's ``"run"`` line."""
        if self.path.is_dir():
            raise AuditError(self.path, "is a folder; give a file name (--audit FILE)")
        try:
            _repair_tail(self.path)
            self._handle = self.path.open("ab")
        except OSError as exc:
            raise AuditError(self.path, f"cannot be written ({exc.strerror or exc})") from exc
        header: dict[str, Any] = {"type": "run", "run": self.run, "version": __version__}
        header["at"] = _iso(_dt.datetime.now(tz=_dt.timezone.utc).timestamp())
        if policy is not None:
            header.update(
                user_agent=policy.user_agent,
                **{"from": policy.from_address},
                request_interval=policy.request_interval,
                file_interval=policy.file_interval,
            )
        self._write(header)
        return self

    def __call__(self, event: RequestEvent) -> None:
        """Append one event (the `on_event` hook)."""
        if self._handle is None:
            self.open()
        self._write(event_row(event, self.run))

    def _write(self, row: dict[str, Any]) -> None:
        assert self._handle is not None
        line = json.dumps(row, ensure_ascii=False, separators=(",", ":")) + "\n"
        try:
            self._handle.write(line.encode("utf-8"))
            self._handle.flush()
            if self.sync:
                os.fsync(self._handle.fileno())
        except OSError as exc:
            raise AuditError(self.path, f"cannot be written ({exc.strerror or exc})") from exc

    def close(self) -> None:
        """Close the file."""
        if self._handle is not None:
            self._handle.close()
            self._handle = None

    def __enter__(self) -> AuditLog:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()


def read_audit(path: str | Path) -> Iterator[dict[str, Any]]:
    """The lines of an audit file as dicts (a torn or foreign line is skipped).

    Raises:
        AuditError: the file cannot be read.
    """
    path = Path(path)
    try:
        handle = path.open("rb")
    except OSError as exc:
        raise AuditError(path, f"cannot be read ({exc.strerror or exc})") from exc
    with handle:
        for raw in handle:
            if not raw.endswith(b"\n"):
                continue  # torn by a crash
            try:
                row = json.loads(raw)
            except ValueError:
                continue
            if isinstance(row, dict) and row.get("type") in ("run", "request"):
                yield row
