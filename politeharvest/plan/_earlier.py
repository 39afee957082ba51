"""Files of the records an output got from harvests made without ``--files``.

Records are delivered once: a harvest with ``--files`` after harvests without it lists only
what is new, so the records delivered before would never get their files. The first run with
full text into an output reads that output once for this repository's records that have no
``fulltext`` (nor a retry row giving one), and marks each record's landing page retry-later
(due now, under the record's identifier, with its hints): the run's first page asks for them
as it asks for files left by earlier runs (`FullTextStep.retry_due`), paced and within the job's
budget, and writes each as a retry row, which ``politeharvest clean`` puts into its record.

Whether an output is to be read is kept in the state per (repository, format, output):
``due`` once a run without full text delivers into it, ``done`` once a run with full text
has read it (an output known before this was kept is read once).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from politeharvest.exceptions import StorageError
from politeharvest.store._read import read_rows
from politeharvest.store._state import StateStore

if TYPE_CHECKING:
    from politeharvest.fulltext._step import FullTextStep

__all__ = ["FILES_SCAN", "mark_earlier_records", "note_without_files", "others_without_files"]

#: The state's values namespace: per (scope, output), ``due`` or ``done``.
FILES_SCAN = "files-scan"


def _key(scope: str, output: Path) -> str:
    return f"{scope} {output}"


def note_without_files(store: StateStore, scope: str, output: Path) -> None:
    """A run without full text delivers into `output`: its records will need their files."""
    key = _key(scope, output)
    if store.get_value(FILES_SCAN, key) != "due":
        store.set_value(FILES_SCAN, key, "due")


def without_files(
    rows: Iterable[Mapping[str, Any]], endpoint: str, metadata_prefix: str
) -> list[Mapping[str, Any]]:
    """This repository's records among `rows` that no row gives a ``fulltext`` (not deleted)."""
    latest: dict[str, Mapping[str, Any]] = {}
    has_file: set[str] = set()
    for row in rows:
        ident = row.get("identifier")
        if not isinstance(ident, str):
            continue
        if row.get("fulltext"):
            has_file.add(ident)
        if "metadata" not in row or row.get("retry"):
            continue  # a retry row: no record of its own
        if row.get("endpoint") != endpoint or row.get("metadata_prefix") != metadata_prefix:
            continue
        latest[ident] = row
    return [
        row for ident, row in latest.items() if ident not in has_file and not row.get("deleted")
    ]


def mark_earlier_records(
    store: StateStore,
    step: FullTextStep,
    scope: str,
    output: Path,
    *,
    endpoint: str,
    metadata_prefix: str,
) -> tuple[int, str | None]:
    """Mark the files of `output`'s records delivered without full text; (how many, problem).

    Reads `output` only when a run without full text delivered into it since it was last
    read (or never was). `problem`: why it could not be read (it is then read next time).
    """
    key = _key(scope, output)
    if store.get_value(FILES_SCAN, key) == "done":
        return 0, None
    marked = 0
    if output.exists():
        try:  # read a row at a time; only the records without a file are kept
            lacking = without_files(read_rows(output).rows(), endpoint, metadata_prefix)
        except (OSError, ValueError, StorageError) as exc:  # not readable: said, read next time
            return 0, f"{output} could not be read for records without files ({exc})"
        for row in lacking:
            marked += step.mark_record(str(row["identifier"]), row.get("metadata") or {})
    store.set_value(FILES_SCAN, key, "done")
    return marked, None


def others_without_files(store: StateStore, scope: str, output: Path) -> list[str]:
    """The other outputs that got this repository's records without full text, not read since."""
    prefix = f"{scope} "
    return sorted(
        key[len(prefix) :]
        for key, value in store.values(FILES_SCAN).items()
        if key.startswith(prefix) and value == "due" and key != _key(scope, output)
    )
