"""Reading back what ``harvest`` wrote: JSON lines, CSV, a Parquet dataset (or one file), SQLite.

`read_rows` gives the rows as the harvest made them, whatever the output's format: a CSV or
Parquet row is unflattened again (``metadata.title`` into ``metadata`` ``{"title": [...]}``,
``fulltext.path`` into ``fulltext``, and what ``extra`` holds back into its place). Values come
back as they were written: lists of ``sets`` and ``metadata`` split again, booleans
(``deleted``, ``fulltext.retriable``) as booleans. A CSV holds text: any other value comes back
as the text it was written as. A field that a table had no value for is left out, and an object
(``fulltext.identity``) with no value in any of its columns is None, as in the JSON lines.

A line or row that is not a record (no ``identifier``) is passed over and its number reported
(`HarvestFile.bad`), so the caller can say so.
"""

from __future__ import annotations

import csv
import json
import sqlite3
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import attrs

from politeharvest._reprs import value_repr
from politeharvest.exceptions import InputUnreadable, ParquetUnavailable

from ._tables import EXTRA, FORMATS, LEDGER, LIST_SEPARATOR

__all__ = ["HarvestFile", "input_kind", "read_rows"]

#: The columns a table keeps as lists (besides every ``metadata.`` column).
_LISTS = frozenset({"sets"})
#: The columns that are text whatever they hold.
_TEXTS = frozenset({"identifier", "datestamp", "endpoint", "metadata_prefix"})


def input_kind(path: str | Path) -> str:
    """The format of a harvest output at `path`: ``JSON lines``, ``CSV``, ``Parquet``, ``SQLite``.

    By its ending as ``--out`` names it; a folder is a Parquet dataset; any other ending is
    read as JSON lines.
    """
    target = Path(path)
    if target.is_dir():
        return "Parquet"
    return FORMATS.get(target.suffix.lower(), "JSON lines")


@attrs.define(repr=False)
class HarvestFile:
    """A harvest's output, read as rows as often as asked (`rows`).

    Attributes:
        path: the file or dataset folder.
        kind: its format (`input_kind`).
        bad: the numbers of the lines (JSON lines) or rows (CSV, Parquet, SQLite, counted
            from 1 after the header) that are not records, from the last full read.
    """

    __repr__ = value_repr

    path: Path
    kind: str
    bad: list[int] = attrs.field(factory=list)

    def rows(self) -> Iterator[dict[str, Any]]:
        """Every record row, in the order written.

        Raises:
            InputUnreadable: the file is not the format its name says (not UTF-8, not a CSV
                a harvest writes, not Parquet).
            ParquetUnavailable: a Parquet input without pyarrow.
        """
        bad: list[int] = []
        self.bad = bad
        if self.kind == "CSV":
            found = _csv_rows(self.path)
        elif self.kind == "Parquet":
            found = _parquet_rows(self.path)
        elif self.kind == "SQLite":
            found = _sqlite_rows(self.path)
        else:
            found = _jsonl_rows(self.path)
        for number, row in found:
            if isinstance(row, dict) and isinstance(row.get("identifier"), str):
                yield row
            else:
                bad.append(number)


def read_rows(path: str | Path) -> HarvestFile:
    """The harvest output at `path` (its format by `input_kind`), read by `HarvestFile.rows`."""
    return HarvestFile(Path(path), input_kind(path))


def _jsonl_rows(path: Path) -> Iterator[tuple[int, Any]]:
    with path.open("rb") as handle:
        for number, line in enumerate(handle, 1):
            if not line.strip():
                continue
            try:
                yield number, json.loads(line)
            except ValueError:
                yield number, None


#: The longest CSV cell read: a record's XML (``xml``) may be megabytes, far past the csv
#: module's default of 128 KiB.
_CELL_LIMIT = 2**31 - 1


def _csv_rows(path: Path) -> Iterator[tuple[int, Any]]:
    if csv.field_size_limit() < _CELL_LIMIT:
        csv.field_size_limit(_CELL_LIMIT)
    try:
        with path.open(encoding="utf-8", newline="") as handle:
            reader = csv.reader(handle)
            header = next(reader, None)
            if header is None:
                return
            if "identifier" not in header:
                shown = ",".join(header[:4]) + (",..." if len(header) > 4 else "")
                raise InputUnreadable(
                    str(path),
                    f"is a CSV file without an identifier column (its header: {shown}), not "
                    "one that harvest writes",
                )
            for number, cells in enumerate(reader, 1):
                if len(cells) != len(header):
                    yield number, None
                    continue
                values = [_from_text(c, v) for c, v in zip(header, cells, strict=True)]
                yield number, _row(header, values)
    except UnicodeDecodeError as exc:
        raise InputUnreadable(str(path), f"is not UTF-8 text ({exc.reason})") from None
    except csv.Error as exc:
        raise InputUnreadable(str(path), f"is not a CSV file ({exc})") from None


def _from_text(column: str, cell: str) -> Any:
    """A CSV cell as the value it was written from (see the module)."""
    if column in _LISTS or column.startswith("metadata."):
        if cell.startswith("["):
            try:
                items = json.loads(cell)
            except ValueError:
                items = None
            if isinstance(items, list):
                return items
        return cell.split(LIST_SEPARATOR) if cell else ([] if column in _LISTS else None)
    if column == "deleted":
        return cell == "true"
    if cell == "":
        return None
    if column in _TEXTS or column == EXTRA:
        return cell
    if cell in ("true", "false"):
        return cell == "true"
    if cell[0] in "[{":
        try:
            return json.loads(cell)
        except ValueError:
            return cell
    return cell


def _parquet_files(path: Path) -> list[Path]:
    if path.is_file():
        return [path]
    ledger = path / LEDGER
    if ledger.is_file():
        names = []
        with ledger.open("rb") as handle:
            for line in handle:
                if line.endswith(b"\n"):
                    names.append(json.loads(line)["part"])
        return [path / name for name in names if (path / name).is_file()]
    return sorted(p for p in path.glob("*.parquet") if p.is_file())


def _parquet_rows(path: Path) -> Iterator[tuple[int, Any]]:
    try:
        import pyarrow.parquet as pq
    except ImportError:
        raise ParquetUnavailable(str(path), reading=True) from None
    number = 0
    for part in _parquet_files(path):
        try:
            handle = pq.ParquetFile(part)
        except Exception as exc:  # pyarrow raises its own errors for a file that is not Parquet
            raise InputUnreadable(str(part), f"is not a Parquet file ({exc})") from None
        schema = handle.schema_arrow
        json_columns = {
            f.name for f in schema if f.metadata and f.metadata.get(b"politeharvest") == b"json"
        }
        with handle:
            for batch in handle.iter_batches(batch_size=1000):
                columns = batch.schema.names
                for values in zip(*(batch.column(c).to_pylist() for c in columns), strict=True):
                    number += 1
                    cells = [
                        _from_parquet(c, v, c in json_columns)
                        for c, v in zip(columns, values, strict=True)
                    ]
                    yield number, _row(columns, cells)


def _from_parquet(column: str, value: Any, is_json: bool) -> Any:
    if value is None:
        return [] if column in _LISTS else (False if column == "deleted" else None)
    if is_json or column == EXTRA:
        try:
            return json.loads(value)
        except ValueError:
            return value
    return value


def _sqlite_rows(path: Path) -> Iterator[tuple[int, Any]]:
    try:
        db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            found = db.execute("SELECT record FROM records ORDER BY rowid").fetchall()
        finally:
            db.close()
    except sqlite3.Error as exc:
        raise InputUnreadable(
            str(path), f"is not an SQLite output that harvest writes ({exc})"
        ) from None
    for number, (record,) in enumerate(found, 1):
        try:
            yield number, json.loads(record)
        except ValueError:
            yield number, None


def _row(columns: Sequence[str], cells: Sequence[Any]) -> dict[str, Any]:
    """A table row unflattened into the row that was written (see the module)."""
    row: dict[str, Any] = {}
    extra: Any = None
    for column, value in zip(columns, cells, strict=True):
        if column == EXTRA:
            extra = value
            continue
        _put(row, column, value)
    if isinstance(extra, str):
        try:
            extra = json.loads(extra)
        except ValueError:
            extra = None
    if isinstance(extra, Mapping):
        for key, value in extra.items():
            _put(row, str(key), value)
    out = {k: v for k, v in ((k, _prune(v)) for k, v in row.items()) if v is not None}
    if out.get("retry"):  # a retried file's row: its identifier and full text alone
        return {k: v for k, v in out.items() if v or k not in ("deleted", "sets")}
    for column in ("identifier", "datestamp", "deleted", "sets"):
        if column in columns and column not in out:
            out[column] = row.get(column)
    out.setdefault("metadata", {})
    return out


def _put(row: dict[str, Any], column: str, value: Any) -> None:
    """Set a flattened column's value in `row`: ``metadata.`` keeps the rest of its name whole."""
    if column.startswith("metadata."):
        if value is not None:
            row.setdefault("metadata", {})[column[len("metadata.") :]] = value
        return
    *parents, name = column.split(".")
    place = row
    for parent in parents:
        inner = place.get(parent)
        if not isinstance(inner, dict):
            inner = place[parent] = {}
        place = inner
    if name not in place or value is not None:
        place[name] = value


def _prune(value: Any) -> Any:
    """An object whose every value is None becomes None (as an identity not judged is)."""
    if not isinstance(value, dict):
        return value
    inner = {k: _prune(v) for k, v in value.items()}
    if inner and all(v is None for v in inner.values()):
        return None
    return inner
