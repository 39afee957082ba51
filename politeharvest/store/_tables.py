"""Table outputs: CSV files and Parquet datasets, exactly once as JSONL is, and ``--overwrite``.

A row is the JSONL row flattened: nested objects become dotted columns (``metadata.title``,
``fulltext.status``), and in CSV a list's items are joined with `LIST_SEPARATOR` (a list whose
items are not all plain text, or would not split back, is written as a JSON array). The columns
are decided once, when an output receives its first page, and never shift:

- first the fixed `BASE_COLUMNS`, then the other columns in sorted order, then `EXTRA`
  (``extra``). The other columns are every flattened key of the first page, and what any row of
  the harvest may carry whatever the first page holds: for ``oai_dc``, a column for each of the
  fifteen Dublin Core elements (`DUBLIN_CORE`); with full text (a first page with a
  ``fulltext`` object), every field of that object (`FULLTEXT_COLUMNS`);
- a later page's key that has no column (an element outside Dublin Core, or a field of a
  format other than ``oai_dc`` that the first page lacked) goes into ``extra``, a JSON object
  of such keys and their values; nothing is dropped.

`read_rows` (in `politeharvest.store._read`) reads each of these outputs back as the rows
that were written.

Both outputs keep the guarantees of `JsonlSink` (see `politeharvest.store._sinks`):

- a CSV file is appended to a page at a time through the same `PendingWrite` and
  `SinkMark`, so a page written after the last checkpoint is cut off on resume, and bytes the
  library did not write are never changed. The header is written with the first page (and
  cut with it); a CSV that already has another header is refused (`OutputMismatch`);
- a Parquet output is a folder: one part file per page (``part-000001.parquet``...), each
  written beside, fsynced, renamed into place and the folder fsynced, then listed in the
  folder's ledger ``.politeharvest-parts.jsonl``, an append-only file tracked like a JSONL
  output. On resume the ledger is cut back to the checkpoint like a JSONL file, and part files
  numbered beyond it (which only the library names so) are removed. The ledger's name starts
  with a dot, so pandas, pyarrow, polars and DuckDB read the folder as one dataset.

``--overwrite`` (`Output` with ``overwrite=True``) starts an output afresh: the first page is
written into a new file (or folder) beside the old one, which replaces the old one in one
rename once that page is durable. A run that delivers nothing leaves the old output as it was.
"""

from __future__ import annotations

import contextlib
import csv
import hashlib
import io
import json
import os
import re
import threading
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

import attrs

from politeharvest._reprs import value_repr
from politeharvest.exceptions import OutputMismatch, ParquetUnavailable, SinkError

from ._sinks import (
    _HELD,
    JsonlSink,
    PendingWrite,
    Sink,
    SinkMark,
    _hold,
    _let_go,
    _write_all,
    encode_rows,
    write_problem,
)

__all__ = [
    "BASE_COLUMNS",
    "DUBLIN_CORE",
    "EXTRA",
    "FULLTEXT_COLUMNS",
    "LEDGER",
    "LIST_SEPARATOR",
    "CsvSink",
    "FreshJsonlSink",
    "Output",
    "ParquetSink",
    "columns_for",
    "flatten",
    "lines_only",
    "open_table",
    "output_problem",
    "replaces",
    "rows_held",
    "tracked_file",
    "write_rows",
]

Row = Mapping[str, Any]

#: The first columns of every table, in this order.
BASE_COLUMNS = ("identifier", "datestamp", "deleted", "sets", "endpoint", "metadata_prefix")
#: The fifteen elements of the Dublin Core Metadata Element Set (``oai_dc``): each a column
#: (``metadata.title``...) of every ``oai_dc`` table from its first page on.
DUBLIN_CORE = ("contributor", "coverage", "creator", "date", "description", "format",
               "identifier", "language", "publisher", "relation", "rights", "source",
               "subject", "title", "type")  # fmt: skip
#: The columns of a row's ``fulltext`` object (docs/fulltext.md) and of a retried file's row
#: (``retry``), with their Parquet types: each a column of a table whose first page has full
#: text, whatever the first page's files came to.
FULLTEXT_COLUMNS = {
    "fulltext.landing_url": "string",
    "fulltext.file_url": "string",
    "fulltext.path": "string",
    "fulltext.sha256": "string",
    "fulltext.status": "string",
    "fulltext.kind": "string",
    "fulltext.retriable": "bool",
    "fulltext.reason": "string",
    "fulltext.identity.verdict": "string",
    "fulltext.identity.evidence": "string",
    "fulltext.identity.kind": "string",
    "fulltext.identity.version": "string",
    "fulltext.evidence": "string",
    "fulltext.preferences.train-ai": "string",
    "fulltext.preferences.ai-use": "string",
    "fulltext.preferences.search": "string",
    "fulltext.preferences.evidence": "string",
    "fulltext.preferences.licence_server": "string",
    "retry": "bool",
}
#: The last column: a JSON object of the keys a row has and the columns lack ("" when none).
EXTRA = "extra"
#: How a CSV cell joins a list's items (``Ada Lovelace | Charles Babbage``).
LIST_SEPARATOR = " | "
#: A Parquet output's ledger: one JSON line per part file, in the order written.
LEDGER = ".politeharvest-parts.jsonl"
#: The formats ``--out`` writes, by the file name's ending ("": JSON lines).
FORMATS = {".jsonl": "JSON lines", ".ndjson": "JSON lines", "": "JSON lines",
           ".csv": "CSV", ".parquet": "Parquet",
           ".sqlite": "SQLite", ".sqlite3": "SQLite", ".db": "SQLite"}  # fmt: skip
_REPLACEABLE = ("JSON lines", "CSV", "Parquet")
_PART = re.compile(r"\.?part-(\d{6})\.parquet(\.tmp)?")


@attrs.frozen(repr=False)
class Output:
    """An output path, and whether the run starts it afresh (``--overwrite``)."""

    __repr__ = value_repr

    path: str
    overwrite: bool = False


def _suffix(path: str | Path) -> str:
    return Path(str(path)).suffix.lower()


def output_problem(out: str, *, overwrite: bool = False) -> str | None:
    """Why ``--out out`` (with ``--overwrite``) cannot be written, in one line; None if it can.

    Seen before any request: an ending that names no format politeharvest writes, an
    ``--overwrite`` of what cannot be replaced, a Parquet output without pyarrow.
    """
    if out == "-" or "://" in out:
        return f"--overwrite needs a file: --out {out} cannot be replaced" if overwrite else None
    suffix = _suffix(out)
    kind = FORMATS.get(suffix)
    if kind is None:
        if Path(out).is_dir():
            return None
        return (
            f"--out {out}: politeharvest writes JSON lines (.jsonl), CSV (.csv), Parquet "
            f"(.parquet) or SQLite (.sqlite, .db), not {suffix[1:].upper()}; give one of those "
            "endings"
        )
    if overwrite and kind not in _REPLACEABLE:
        return f"--overwrite replaces .jsonl, .csv and .parquet outputs, not {kind} ({out})"
    if kind == "Parquet" and not _has_pyarrow():
        return str(ParquetUnavailable(out))
    return None


def _has_pyarrow() -> bool:
    try:
        import pyarrow.parquet  # noqa: F401
    except ImportError:
        return False
    return True


def open_table(target: object, *, fulltext: bool = False) -> Sink | None:
    """The sink for a CSV or Parquet path, or for any `Output`; None for any other target.

    `fulltext`: the harvest finds full text (``--files``), so a table has the full-text
    columns from its first page on, also when that page holds none (only deletions).
    """
    if isinstance(target, Output):
        path, overwrite = target.path, target.overwrite
        if path == "-" or "://" in path or FORMATS.get(_suffix(path)) not in _REPLACEABLE:
            raise ValueError(
                output_problem(path, overwrite=True) or f"Output({path!r}) is not a file output"
            )
    elif isinstance(target, (str, Path)) and "://" not in str(target):
        path, overwrite = str(target), False
    else:
        return None
    suffix = _suffix(path)
    if suffix == ".csv":
        return CsvSink(path, overwrite=overwrite, fulltext=fulltext)
    if suffix == ".parquet":
        return ParquetSink(path, overwrite=overwrite, fulltext=fulltext)
    if not isinstance(target, Output):
        return None
    return FreshJsonlSink(path, overwrite=overwrite)


def tracked_file(target: object) -> str | None:
    """The file whose end the plan checks for a table output (the CSV, or a Parquet ledger).

    None when `target` is not a table output (the plan decides as for JSONL).
    """
    if isinstance(target, (CsvSink, FreshJsonlSink, ParquetSink)):
        return target.path
    if isinstance(target, Output):
        path = target.path
    elif isinstance(target, (str, Path)) and _suffix(target) in (".csv", ".parquet"):
        path = str(target)
    else:
        return None
    if _suffix(path) == ".parquet":
        return str(Path(path).resolve() / LEDGER)
    return str(Path(path).resolve())


def replaces(target: object) -> bool:
    """True when `target` starts its output afresh (``--overwrite``)."""
    return bool(getattr(target, "overwrite", False))


def rows_held(path: str, endpoint: str) -> int | None:
    """How many rows of `endpoint` a CSV output or a Parquet ledger's parts hold.

    None when `path` is neither (the plan counts JSON lines itself). The plan asks this of
    an output its state did not write, to refuse delivering those records again.
    """
    if _suffix(path) == ".csv":
        try:
            with open(path, encoding="utf-8", newline="") as handle:
                return sum(1 for row in csv.DictReader(handle) if row.get("endpoint") == endpoint)
        except (OSError, UnicodeDecodeError, csv.Error):
            return 0
    if os.path.basename(path) != LEDGER:
        return None
    _, pq = _pyarrow(path)
    count = 0
    with open(path, "rb") as handle:
        for line in handle:
            part = os.path.join(os.path.dirname(path), json.loads(line)["part"])
            if os.path.exists(part):
                column = pq.read_table(part, columns=["endpoint"]).column("endpoint")
                count += sum(1 for value in column.to_pylist() if value == endpoint)
    return count


# -- rows to cells ------------------------------------------------------------------------------


def flatten(row: Row, prefix: str = "") -> dict[str, Any]:
    """A row's nested objects as dotted keys; other values (lists included) stay as they are.

    ``{"metadata": {"title": ["T"]}}`` gives ``{"metadata.title": ["T"]}``.
    """
    flat: dict[str, Any] = {}
    for key, value in row.items():
        name = f"{prefix}{key}"
        if isinstance(value, Mapping):
            flat.update(flatten(value, name + "."))
        else:
            flat[name] = value
    return flat


def columns_for(rows: Iterable[Row], *, fulltext: bool = False) -> tuple[str, ...]:
    """The columns of a table whose first page is `rows` (see the module's docstring).

    `fulltext`: the harvest finds full text, whether `rows` hold any or not.
    """
    return tuple(name for name, _ in _layout_of(rows, fulltext=fulltext))


def _layout_of(rows: Iterable[Row], *, fulltext: bool = False) -> list[tuple[str, str]]:
    """Each column and its Parquet type (`_kind`) for `rows`: the base, the rest sorted, extra.

    A type is taken from the first value that is not None (a list with other items than text
    is ``json``). The columns every later page of the harvest may need are there too, whatever
    `rows` hold: Dublin Core for ``oai_dc``, the full-text fields when they have full text (or
    `fulltext` says the harvest finds it).
    A key that is only a None placeholder of an object that other rows spell out
    (``fulltext.identity`` beside ``fulltext.identity.verdict``) is no column.
    """
    seen: dict[str, Any] = {}
    oai_dc = False
    for row in rows:
        oai_dc = oai_dc or row.get("metadata_prefix") == "oai_dc"
        fulltext = fulltext or "fulltext" in row
        for key, value in flatten(row).items():
            seen[key] = _merge_kind(seen.get(key), value)
    fixed: dict[str, str] = {}
    if oai_dc:
        fixed.update((f"metadata.{name}", "list") for name in DUBLIN_CORE)
    if fulltext:
        fixed.update(FULLTEXT_COLUMNS)
    kinds = dict(fixed)
    for key, value in seen.items():
        if key not in kinds or value is not None:
            kinds[key] = _kind(key, value)
    prefixes = {key[:i] for key in kinds for i, char in enumerate(key) if char == "."}
    placeholders = {k for k in prefixes if k in seen and seen[k] is None and k not in fixed}
    rest = sorted(
        k for k in kinds if k not in BASE_COLUMNS and k != EXTRA and k not in placeholders
    )
    base = [(c, _kind(c, seen.get(c))) for c in BASE_COLUMNS]
    return [*base, *((c, kinds[c]) for c in rest), (EXTRA, "string")]


def _merge_kind(before: Any, value: Any) -> Any:
    """The value that stands for a column's type: the first one that is not None."""
    return value if before is None else before


def is_table_header(header: Sequence[str]) -> bool:
    """True for a header a harvest writes: `BASE_COLUMNS` first, `EXTRA` last, no repeats."""
    return (
        tuple(header[: len(BASE_COLUMNS)]) == BASE_COLUMNS
        and len(header) > len(BASE_COLUMNS)
        and header[-1] == EXTRA
        and len(set(header)) == len(header)
    )


def _cells(row: Row, columns: Sequence[str]) -> dict[str, Any]:
    """The row's value for each column, and in `EXTRA` what has no column (JSON)."""
    flat = flatten(row)
    known = set(columns)
    cells = {c: flat.get(c) for c in columns if c != EXTRA}
    # a None has nothing to keep (an object left out, such as an identity not judged)
    extra = {k: v for k, v in flat.items() if k not in known and v is not None}
    cells[EXTRA] = json.dumps(extra, ensure_ascii=False, sort_keys=True) if extra else None
    return cells


def _text(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return value
    if isinstance(value, (list, tuple)):
        if _joinable(value):
            return LIST_SEPARATOR.join(value)
        return json.dumps(list(value), ensure_ascii=False, sort_keys=True)
    return json.dumps(value, ensure_ascii=False, sort_keys=True)


def _joinable(items: Sequence[Any]) -> bool:
    """Whether a list's items joined with `LIST_SEPARATOR` split back into the same items.

    Only text does, and only when no item holds the separator and the cell does not start
    as a JSON array would (the form such a list is written in instead).
    """
    return (
        all(isinstance(v, str) and LIST_SEPARATOR not in v for v in items)
        and not (items and items[0].startswith("["))
        and not (len(items) == 1 and items[0] == "")
    )


def _fsync_folder(folder: str | Path) -> None:
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


# -- files appended to a page at a time ---------------------------------------------------------


def lines_only(sink: object) -> bool:
    """Whether `sink` reads rows only as `encode_rows` writes them (may get `EncodedRows`)."""
    return type(sink) in (JsonlSink, FreshJsonlSink)  # not CSV, nor a subclass of the user's


class FreshJsonlSink(JsonlSink):
    """A `JsonlSink` that may start its file afresh (``overwrite``), for JSONL and CSV.

    With ``overwrite``, the first page goes into ``.NAME.politeharvest-new`` beside the file,
    which replaces the file (one rename, the folder fsynced) once the page is durable; later
    pages are appended as usual.
    """

    def __init__(self, path: str | Path, *, overwrite: bool = False) -> None:
        super().__init__(path)
        self.overwrite = overwrite
        self._fresh = overwrite

    def encode(self, rows: Sequence[Row], *, first: bool) -> tuple[bytes, bytes]:
        """The page's bytes and its last row's bytes (`first`: the file is new)."""
        return encode_rows(rows)

    def write_page(
        self, rows: Sequence[Row], *, before_write: Callable[[PendingWrite], None] | None = None
    ) -> SinkMark | None:
        """Write the page (the first one, with ``overwrite``, into a new file); fsync."""
        if not rows:
            return None
        with self._lock:
            first = self._fresh or os.fstat(self._fd).st_size == 0
            payload, tail = self.encode(rows, first=first)
            if self._fresh:
                info = self._replace(payload, before_write)
            else:
                info = self._append(payload, before_write)
            size = os.fstat(self._fd).st_size
        digest = hashlib.sha256(tail).hexdigest()
        return SinkMark(self.path, info.st_dev, info.st_ino, size, len(tail), digest)

    def _append(
        self, payload: bytes, before_write: Callable[[PendingWrite], None] | None
    ) -> os.stat_result:
        info = os.fstat(self._fd)
        if before_write is not None:
            before_write(PendingWrite(self.path, info.st_dev, info.st_ino, info.st_size, payload))
        try:
            _write_all(self._fd, payload)
            os.fsync(self._fd)
        except OSError as exc:
            try:  # take the page back at once; the pending write covers a failure of this
                os.ftruncate(self._fd, info.st_size)
                os.fsync(self._fd)
            except OSError:
                pass
            raise SinkError(write_problem(self.path, exc)) from exc
        return info

    def _replace(
        self, payload: bytes, before_write: Callable[[PendingWrite], None] | None
    ) -> os.stat_result:
        """The first page of ``--overwrite``: a new file beside, then one rename."""
        folder, name = os.path.split(self.path)
        new = os.path.join(folder, f".{name}.politeharvest-new")
        try:
            fd = os.open(new, os.O_WRONLY | os.O_APPEND | os.O_CREAT | os.O_TRUNC, 0o644)
        except OSError as exc:
            raise SinkError(write_problem(new, exc)) from exc
        try:
            _write_all(fd, payload)
            os.fsync(fd)
            info = os.fstat(fd)
            if before_write is not None:
                # where the page is once renamed: the plan cuts it off there after a crash
                before_write(PendingWrite(self.path, info.st_dev, info.st_ino, 0, payload))
            os.replace(new, self.path)
            _fsync_folder(folder)
        except BaseException as exc:
            os.close(fd)
            if os.path.exists(new):
                os.unlink(new)
            if isinstance(exc, OSError):
                raise SinkError(write_problem(self.path, exc)) from exc
            raise
        os.close(self._fd)
        self._fd = fd
        _let_go(self.path)  # the old file's lock; the new file's is taken now
        _hold(self.path)
        self._fresh = False
        return info


class CsvSink(FreshJsonlSink):
    """A CSV file with a header row, one row per record, exactly once (see the module).

    Args:
        path: the file (its folder is created).
        overwrite: start the file afresh with the first page.
        columns: the columns of a new file (`BASE_COLUMNS` first, `EXTRA` last); by default
            they are decided from the first page (`columns_for`).
        fulltext: the harvest finds full text: its columns from the first page on.

    Raises:
        OutputMismatch: the file already has another header than a harvest writes.
        SinkError: the file cannot be opened for appending.
        OutputLocked: another process is writing the file.
    """

    def __init__(
        self,
        path: str | Path,
        *,
        overwrite: bool = False,
        columns: Sequence[str] | None = None,
        fulltext: bool = False,
    ) -> None:
        self.columns: tuple[str, ...] | None = None if overwrite else _header_of(str(path))
        self._given = tuple(columns) if columns is not None else None
        self._fulltext = fulltext
        super().__init__(path, overwrite=overwrite)

    def encode(self, rows: Sequence[Row], *, first: bool) -> tuple[bytes, bytes]:
        """CSV lines for the page, after the header when the file is new."""
        if first or self.columns is None:
            self.columns = self._given or columns_for(rows, fulltext=self._fulltext)
        columns = self.columns
        lines = []
        for row in rows:
            cells = _cells(row, columns)
            lines.append(_csv_line([_text(cells[c]) for c in columns]))
        head = _csv_line(list(columns)) if first else ""
        return (head + "".join(lines)).encode("utf-8"), lines[-1].encode("utf-8")


def _csv_line(cells: Sequence[str]) -> str:
    buffer = io.StringIO()
    # csv quotes a cell holding "\n" (the line's end) but not one holding a bare "\r", which
    # every CSV reader takes for a line's end too: such a line has every cell quoted
    if any("\r" in cell for cell in cells):
        csv.writer(buffer, lineterminator="\n", quoting=csv.QUOTE_ALL).writerow(cells)
    else:
        csv.writer(buffer, lineterminator="\n").writerow(cells)
    return buffer.getvalue()


def _header_of(path: str) -> tuple[str, ...] | None:
    """The columns of an existing CSV output; None when it is new or empty.

    Raises:
        OutputMismatch: its first row is not a header a harvest writes.
    """
    try:
        with open(path, encoding="utf-8", newline="") as handle:
            header = next(csv.reader(handle), None)
    except (FileNotFoundError, NotADirectoryError, IsADirectoryError):
        return None
    except (UnicodeDecodeError, csv.Error):
        header = ["(not UTF-8 CSV)"]
    if header is None:
        return None
    if not is_table_header(header):
        shown = ",".join(header[:4]) + (",..." if len(header) > 4 else "")
        raise OutputMismatch(
            path,
            f"has another header ({shown}) than a harvest writes "
            f"({','.join(BASE_COLUMNS[:4])},...,{EXTRA}): rows added to it would not line up",
        )
    return tuple(header)


# -- Parquet datasets ---------------------------------------------------------------------------


def _pyarrow(path: str) -> tuple[Any, Any]:
    try:
        import pyarrow
        import pyarrow.parquet
    except ImportError:
        raise ParquetUnavailable(path) from None
    return pyarrow, pyarrow.parquet


def _kind(column: str, value: Any) -> str:
    """A column's Parquet type: ``list`` (of strings), ``bool``, ``string`` or ``json``.

    ``json`` is a string column holding JSON, for a list of other items than text (a merged
    row's ``members``); its field says so in the file (`JSON_FIELD`), so it is read back.
    """
    if isinstance(value, (list, tuple)) and not all(isinstance(v, str) for v in value):
        return "json"
    if column == "sets" or column.startswith("metadata.") or isinstance(value, (list, tuple)):
        return "list"
    if column == "deleted" or isinstance(value, bool):
        return "bool"
    return "string"


#: The Parquet field metadata of a ``json`` column: ``{b"politeharvest": b"json"}``.
JSON_FIELD = {b"politeharvest": b"json"}


class ParquetSink:
    """A Parquet dataset: a folder with one part file per page, exactly once (see the module).

    Args:
        path: the folder (``x.parquet``; created).
        overwrite: start the dataset afresh with the first page.
        layout: the columns and their types (``[name, kind]`` pairs, `_kind`) of a new
            dataset; by default they are decided from the first page.
        fulltext: the harvest finds full text: its columns from the first page on.

    Raises:
        ParquetUnavailable: pyarrow is not installed.
        OutputMismatch: the folder holds files a harvest did not write.
        SinkError: the folder cannot be written.
        OutputLocked: another process is writing the dataset.
    """

    def __init__(
        self,
        path: str | Path,
        *,
        overwrite: bool = False,
        layout: Sequence[Sequence[str]] | None = None,
        fulltext: bool = False,
    ) -> None:
        self._given = [list(pair) for pair in layout] if layout is not None else None
        self._fulltext = fulltext
        self._pa, self._pq = _pyarrow(str(path))
        self.folder = Path(path).resolve()
        self.path = str(self.folder / LEDGER)
        self.overwrite = overwrite
        self._fresh = overwrite
        self._lock = threading.Lock()
        self._parts: list[dict[str, Any]] = []
        self._fd: int | None = None
        if self.folder.is_dir() or not overwrite:
            self._open()

    def _open(self) -> None:
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            others = [p.name for p in self.folder.iterdir() if not _ours(p.name)]
            new = not os.path.exists(self.path)
            if others and (new or self._fresh):
                raise OutputMismatch(
                    str(self.folder),
                    f"is a folder holding files a harvest did not write ({others[0]}...); a "
                    "Parquet output is a folder of its own",
                )
            self._fd = os.open(self.path, os.O_RDWR | os.O_APPEND | os.O_CREAT, 0o644)
        except OSError as exc:
            raise SinkError(write_problem(str(self.folder), exc)) from exc
        try:
            _hold(self.path)
            with open(self.path, "rb") as handle:
                self._parts = [json.loads(line) for line in handle if line.endswith(b"\n")]
            if not self._fresh and _HELD[self.path][1] == 1:
                self._sweep()
        except BaseException:
            os.close(self._fd)
            self._fd = None
            raise

    def _sweep(self) -> None:
        """Remove the part files written after the ledger's last line (an interrupted page)."""
        removed = False
        for entry in self.folder.iterdir():
            match = _PART.fullmatch(entry.name)
            if match and (match.group(2) or int(match.group(1)) > len(self._parts)):
                entry.unlink()
                removed = True
        if removed:
            _fsync_folder(self.folder)

    @property
    def columns(self) -> tuple[str, ...] | None:
        """The dataset's columns (None before its first page)."""
        if not self._parts:
            return None
        return tuple(name for name, _ in self._parts[0]["columns"])

    def write_page(
        self, rows: Sequence[Row], *, before_write: Callable[[PendingWrite], None] | None = None
    ) -> SinkMark | None:
        """Write the page as the next part file, atomically, then list it in the ledger."""
        if not rows:
            return None
        with self._lock:
            if self._fresh:
                return self._replace(rows, before_write)
            assert self._fd is not None
            layout = self._parts[0]["columns"] if self._parts else self._layout(rows)
            name = f"part-{len(self._parts) + 1:06d}.parquet"
            entry = {"part": name, "rows": len(rows), "columns": layout}
            line = (json.dumps(entry, sort_keys=True) + "\n").encode("utf-8")
            temp, final = self.folder / f".{name}.tmp", self.folder / name
            info = os.fstat(self._fd)
            try:
                self._write(rows, layout, temp)
                if before_write is not None:
                    before_write(
                        PendingWrite(self.path, info.st_dev, info.st_ino, info.st_size, line)
                    )
                os.replace(temp, final)
                _fsync_folder(self.folder)
                _write_all(self._fd, line)
                os.fsync(self._fd)
            except OSError as exc:
                self._take_back(info.st_size, temp, final)
                raise SinkError(write_problem(str(final), exc)) from exc
            self._parts.append(entry)
            size = os.fstat(self._fd).st_size
        digest = hashlib.sha256(line).hexdigest()
        return SinkMark(self.path, info.st_dev, info.st_ino, size, len(line), digest)

    def _take_back(self, size: int, *parts: Path) -> None:
        assert self._fd is not None
        try:
            os.ftruncate(self._fd, size)
            os.fsync(self._fd)
            for part in parts:
                if part.exists():
                    part.unlink()
        except OSError:
            pass  # the pending write (ledger) and the sweep (parts) cover it on resume

    def _layout(self, rows: Sequence[Row]) -> list[list[str]]:
        """Each column and its type, from the first page (or as given)."""
        if self._given is not None:
            return self._given
        return [[c, kind] for c, kind in _layout_of(rows, fulltext=self._fulltext)]

    def _write(self, rows: Sequence[Row], layout: Sequence[Sequence[str]], path: Path) -> None:
        pa = self._pa
        types = {
            "list": pa.list_(pa.string()),
            "bool": pa.bool_(),
            "string": pa.string(),
            "json": pa.string(),
        }
        schema = pa.schema(
            [
                pa.field(name, types[kind], metadata=JSON_FIELD if kind == "json" else None)
                for name, kind in layout
            ]
        )
        kinds: dict[str, str] = {pair[0]: pair[1] for pair in layout}
        records = []
        for row in rows:
            cells = _cells(row, list(kinds))
            records.append({c: _typed(cells[c], kinds[c]) for c in kinds})
        table = pa.Table.from_pylist(records, schema=schema)
        self._pq.write_table(table, str(path))
        fd = os.open(path, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)

    def _replace(
        self, rows: Sequence[Row], before_write: Callable[[PendingWrite], None] | None
    ) -> SinkMark:
        """The first page of ``--overwrite``: a new folder beside, then one swap."""
        new = self.folder.parent / f".{self.folder.name}.politeharvest-new"
        _remove_ours(new)
        layout = self._layout(rows)
        name = "part-000001.parquet"
        entry = {"part": name, "rows": len(rows), "columns": layout}
        line = (json.dumps(entry, sort_keys=True) + "\n").encode("utf-8")
        try:
            new.mkdir(parents=True)
            self._write(rows, layout, new / name)
            fd = os.open(new / LEDGER, os.O_RDWR | os.O_APPEND | os.O_CREAT, 0o644)
        except OSError as exc:
            _remove_ours(new)
            raise SinkError(write_problem(str(self.folder), exc)) from exc
        try:
            _write_all(fd, line)
            os.fsync(fd)
            _fsync_folder(new)
            info = os.fstat(fd)
            if before_write is not None:
                before_write(PendingWrite(self.path, info.st_dev, info.st_ino, 0, line))
            swapped = _swap(new, self.folder)
            _fsync_folder(self.folder.parent)
        except BaseException as exc:
            os.close(fd)
            _remove_ours(new)
            if isinstance(exc, OSError):
                raise SinkError(write_problem(str(self.folder), exc)) from exc
            raise
        if self._fd is not None:
            os.close(self._fd)
            _let_go(self.path)
        self._fd = fd
        _hold(self.path)
        if swapped:
            _remove_ours(new)  # the old dataset, now under the new folder's name
        self._parts, self._fresh = [entry], False
        digest = hashlib.sha256(line).hexdigest()
        return SinkMark(self.path, info.st_dev, info.st_ino, len(line), len(line), digest)

    def close(self) -> None:
        """Close the ledger (and give its lock back)."""
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None
            _let_go(self.path)


def _typed(value: Any, kind: str) -> Any:
    if value is None:
        return None
    if kind == "json":
        return json.dumps(value, ensure_ascii=False, sort_keys=True)
    if kind == "list":
        items = value if isinstance(value, (list, tuple)) else [value]
        return [_text(v) for v in items]
    if kind == "bool":
        return bool(value)
    return _text(value)


def _ours(name: str) -> bool:
    """True for a name that only the library gives a file in a Parquet folder."""
    return name == LEDGER or _PART.fullmatch(name) is not None


def _remove_ours(folder: Path) -> None:
    """Remove the library's files from `folder`, then the folder if that left it empty."""
    if not folder.is_dir():
        return
    for entry in folder.iterdir():
        if _ours(entry.name):
            entry.unlink()
    with contextlib.suppress(OSError):  # someone else's files are still in it: they stay
        folder.rmdir()


_RENAME_EXCHANGE = 2
_AT_FDCWD = -100


def _swap(new: Path, old: Path) -> bool:
    """Put folder `new` in the place of `old`; True when `old` now sits at `new` (to remove).

    Linux swaps the two in one step (``renameat2`` with ``RENAME_EXCHANGE``); elsewhere the
    old folder is renamed aside first.
    """
    if not old.exists():
        os.rename(new, old)
        return False
    import ctypes  # only here: ctypes (and the subprocess it brings) is not start-up's cost
    import ctypes.util

    libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
    renameat2 = getattr(libc, "renameat2", None)
    if renameat2 is not None:
        done = renameat2(_AT_FDCWD, bytes(new), _AT_FDCWD, bytes(old), _RENAME_EXCHANGE)
        if done == 0:
            return True
    aside = old.parent / f".{old.name}.politeharvest-old"
    os.rename(old, aside)
    os.rename(new, old)
    os.rename(aside, new)
    return True


# -- a whole output at once (clean) -------------------------------------------------------------


def write_rows(path: str | Path, rows: Iterable[Row], *, page_size: int = 1000) -> int:
    """Write `rows` as a new output at `path`, its format by its ending as a harvest writes it.

    JSON lines (``.jsonl``, ``.ndjson``, no ending) are encoded as `JsonlSink` encodes them;
    a CSV file or a Parquet dataset is written through `CsvSink` or `ParquetSink`, its
    columns every key any row has (no `EXTRA`, beside the columns a harvest's table always
    has): the rows go into a JSON-lines file beside first, which is read back a page at a
    time, so memory holds one page. Whatever was at `path` is replaced only once the new
    output is complete (one rename; a dataset in one swap); until then it stays as it was.

    Returns:
        How many rows were written.

    Raises:
        ValueError: `path`'s ending names another format (SQLite).
        ParquetUnavailable: a Parquet output without pyarrow.
        SinkError: the output cannot be written.
    """
    from politeharvest._files import atomic_write, fsync_dir, temp_beside

    target = Path(path)
    kind = FORMATS.get(_suffix(target), "JSON lines")
    count = 0
    try:
        target.parent.mkdir(parents=True, exist_ok=True)  # as a harvest's --out folder is
    except OSError as exc:
        raise SinkError(write_problem(str(target), exc)) from exc

    def counted() -> Iterable[Row]:
        nonlocal count
        for row in rows:
            count += 1
            yield row

    if kind == "JSON lines":
        atomic_write(target, (encode_rows([row])[0] for row in counted()))
        return count
    if kind not in ("CSV", "Parquet"):
        raise ValueError(f"{target}: a whole output is written as .jsonl, .csv or .parquet")
    if kind == "Parquet":
        _pyarrow(str(target))
    folder = target.resolve().parent
    folder.mkdir(parents=True, exist_ok=True)
    handle, lines = temp_beside(folder, prefix=f".{target.name}.", suffix=".rows.part")
    new = folder / f".{target.name}.politeharvest-new"
    try:
        with os.fdopen(handle, "wb") as spool:

            def spooled() -> Iterable[Row]:
                for row in counted():
                    spool.write(encode_rows([row])[0])
                    yield row

            layout = _layout_of(spooled())
        _remove_new(new)
        sink: CsvSink | ParquetSink
        if kind == "CSV":
            sink = CsvSink(new, columns=[name for name, _ in layout])
        else:
            sink = ParquetSink(new, layout=[list(pair) for pair in layout])
        try:
            with open(lines, "rb") as spool_in:
                page: list[dict[str, Any]] = []
                for line in spool_in:
                    page.append(json.loads(line))
                    if len(page) >= page_size:
                        sink.write_page(page)
                        page = []
                sink.write_page(page)
        finally:
            sink.close()
        if kind == "CSV":
            os.replace(new, target)
        elif _swap(new, target):
            _remove_new(new)  # the old output, now under the new one's name
        fsync_dir(folder)
    except BaseException:
        _remove_new(new)
        raise
    finally:
        Path(lines).unlink(missing_ok=True)
    return count


def _remove_new(path: Path) -> None:
    """Remove a file or dataset that `write_rows` left beside (an interrupted run, a swap)."""
    if path.is_dir():
        _remove_ours(path)
    elif path.exists():
        path.unlink()
