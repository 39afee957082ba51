"""The errors of what the library writes: sinks, outputs, the state, audit files, archives."""

from __future__ import annotations

from ._base import HarvestError
from ._setup import MissingDependency

__all__ = [
    "ArchiveError",
    "AuditError",
    "InputUnreadable",
    "OutputLocked",
    "OutputMismatch",
    "OutputUnknown",
    "ParquetUnavailable",
    "ReplayMismatch",
    "SinkChanged",
    "SinkError",
    "StateCorrupt",
    "StorageError",
]


class SinkError(HarvestError):
    """Records could not be written to the sink (an unwritable path, a full disk)."""


class SinkChanged(SinkError):
    """A file that an unfinished harvest wrote is gone or was changed by someone else.

    Raised by `HarvestPlan.start` before any request: continuing would lose the
    pages that went into that file (or write after bytes the plan does not own).

    Attributes:
        path: the file.
        problem: what happened to it (``"is gone"``, ``"was changed ..."``).
        window: the listing's window, as command-line options.
        pages: the pages of the listing written so far.
        records: the records of the listing delivered so far.
        remedy: what to do, when not the usual (put the file back, or start afresh).
    """

    def __init__(
        self,
        path: str,
        problem: str,
        *,
        window: str,
        pages: int,
        records: int,
        remedy: str | None = None,
    ) -> None:
        self.path = path
        self.problem = problem
        self.window = window
        self.pages = pages
        self.records = records
        self.remedy = remedy
        plural = "" if pages == 1 else "s"
        what = (
            f"where an unfinished harvest ({window}) wrote {pages} page{plural} ({records} records)"
        )
        if not pages:
            what = "the output of an interrupted harvest"
        if remedy is None:
            remedy = (
                f"To continue that harvest, put the file back and run with --out {path}; to "
                "harvest again from the start, run with --full and a new --out file, so no "
                "record is there twice (in Python: HarvestPlan(..., incremental=False))"
            )
        super().__init__(f"{path}, {what}, {problem}. Nothing was requested or written. {remedy}")


class StorageError(HarvestError):
    """A file or folder the harvest needs cannot be read or written.

    Attributes:
        path: the file or folder.
        problem: what is wrong (``"the disk is full"``, ``"is a folder"``).
        remedy: what to do.
    """

    def __init__(self, path: str, problem: str, remedy: str) -> None:
        self.path = path
        self.problem = problem
        self.remedy = remedy
        super().__init__(f"{path}: {problem}; {remedy}")


class StateCorrupt(StorageError):
    """The state file is not a state (empty, cut short, overwritten, not SQLite).

    Or it is one this version cannot use (written by a newer politeharvest). Never
    recreated silently while records it delivered may exist: a new state would deliver
    them all again.
    """


class OutputLocked(SinkError):
    """Another process is writing the same output file (it holds the file's lock).

    Attributes:
        path: the file.
    """

    def __init__(self, path: str) -> None:
        self.path = path
        super().__init__(
            f"{path}: another harvest is writing this file now; run again when it has "
            "finished, or write to another --out"
        )


class OutputUnknown(SinkError):
    """An output that already holds records the state did not write.

    Appending would deliver records again: a state that was reset, recreated or is
    another harvest's.

    Attributes:
        path: the output.
        state: the state that does not know it.
        records: how many of the repository's records the output holds.
    """

    def __init__(self, path: str, state: str, records: int) -> None:
        self.path = path
        self.state = state
        self.records = records
        super().__init__(
            f"{path} already holds {records} records of this repository that the state {state} "
            "did not write "
            "(a new, reset or other harvest's state): appending would deliver them again. "
            "Nothing was requested or written. Give the --state that wrote it, or write to "
            "a new --out"
        )


class AuditError(SinkError):
    """The audit file (``--audit``, `AuditLog`) cannot be written or read.

    Attributes:
        path: the file.
    """

    def __init__(self, path: object, what: str) -> None:
        self.path = str(path)
        super().__init__(f"audit file {path}: {what}; give another --audit file")


class ArchiveError(SinkError):
    """The WARC archive (``--warc``) cannot be written.

    Attributes:
        path: the folder or file.
    """

    def __init__(self, path: object, what: str) -> None:
        self.path = str(path)
        super().__init__(f"WARC archive {path}: {what}; give another --warc folder")


class ReplayMismatch(ArchiveError):
    """A replay asked for an exchange its run did not archive, while others of it are unused.

    The replay went another way than the archived run (an archive from another version of
    politeharvest, or files of several harvests mixed in one folder): its rows would not be
    the run's. Not a network failure: running it again gives the same.

    Attributes:
        path: the run's WARC file.
        run: the run's id.
        url: the request the archive does not answer.
    """

    def __init__(self, run: str, url: str, path: str) -> None:
        self.run = run
        self.url = url
        SinkError.__init__(
            self,
            f"replay of run {run} ({path}) asked for {url}, which the run did not archive "
            "though it archived more of that address: the archive does not match this "
            "replay (another politeharvest version, or several harvests' files mixed); "
            "replay each harvest's own folder, with the version that wrote it",
        )
        self.path = path


class OutputMismatch(SinkError):
    """An existing output that this harvest cannot add to: it would not read as one table.

    A CSV file whose header is not the one the harvest writes, or a folder given as a
    Parquet dataset that holds files the harvest did not write. Nothing was changed.

    Attributes:
        path: the output.
        problem: what is wrong with it.
    """

    def __init__(self, path: str, problem: str) -> None:
        self.path = path
        self.problem = problem
        super().__init__(
            f"{path} {problem}; it was not changed. Write to a new --out, or add --overwrite "
            "to replace it"
        )


class ParquetUnavailable(SinkError, MissingDependency):
    """A Parquet output was asked for (or given to read) and pyarrow is not installed.

    A `MissingDependency` naming the ``parquet`` extra.

    Attributes:
        path: the output.
        reading: True when the Parquet was to be read (``clean x.parquet``).
    """

    def __init__(self, path: str, *, reading: bool = False) -> None:
        self.path = path
        self.reading = reading
        MissingDependency.__init__(
            self,
            f"{path}: reading Parquet" if reading else f"--out {path}: writing Parquet",
            "pyarrow",
            "parquet",
            otherwise="" if reading else "or write .csv or .jsonl",
        )


class InputUnreadable(StorageError):
    """A file given as a harvest's output does not read as one (``politeharvest clean``).

    Not the format its name says, or not one row in it is a record: nothing was written.

    Attributes:
        path: the file or dataset folder.
        problem: what is wrong with it.
        remedy: what to give instead.
    """

    def __init__(
        self,
        path: str,
        problem: str,
        remedy: str = (
            "give what harvest wrote: JSON lines (.jsonl), CSV (.csv), a Parquet dataset "
            "(.parquet) or SQLite (.sqlite, .db)"
        ),
    ) -> None:
        super().__init__(path, problem, remedy)
