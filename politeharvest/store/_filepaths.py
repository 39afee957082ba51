"""Where a row's file paths are relative to: the folder of the output that holds the row.

A row's ``fulltext.path`` (and ``fulltext.html_path``) names a file the harvest stored. A
file inside the output's folder (the usual ``--out h.jsonl --files files``) is written
relative to that folder (``files/...``), so the folder can be moved or copied whole; any
other file is written as an absolute path; never relative to the folder the command ran
in. Either way, joining the path to the output's folder finds the file, from any folder.
On standard output (no folder) paths are absolute. The library works with absolute paths
(the state keeps them); `clean` rebases a row's paths from its input's folder to its
output's (the members of a merged row too).
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

__all__ = ["PATH_FIELDS", "output_folder", "rebase_paths"]

#: The fields of a row's ``fulltext`` object that name a stored file.
PATH_FIELDS = ("path", "html_path")


def output_folder(output: str | Path | None) -> Path | None:
    """The folder paths are written relative to: the one holding `output` (None: stdout)."""
    if output is None or str(output) == "-" or "://" in str(output):
        return None
    return Path(os.path.abspath(output)).parent


def rebase_paths(
    rows: Sequence[Mapping[str, Any]], to: Path | None, *, start: Path | None = None
) -> list[Mapping[str, Any]]:
    """The rows with their file paths relative to `to` (None: absolute).

    Args:
        rows: rows as written (their ``fulltext`` objects may name files).
        to: the folder of the output they are written in, or None for absolute paths.
        start: what a relative path in the rows is relative to (the input's folder; None:
            the current folder).
    """
    return [_row(row, to, start) for row in rows]


def _row(row: Mapping[str, Any], to: Path | None, start: Path | None) -> Mapping[str, Any]:
    changed: dict[str, Any] | None = None
    fulltext = row.get("fulltext")
    if isinstance(fulltext, Mapping) and any(fulltext.get(f) for f in PATH_FIELDS):
        moved = dict(fulltext)
        for field in PATH_FIELDS:
            value = fulltext.get(field)
            if isinstance(value, str) and value:
                moved[field] = _rebased(value, to, start)
        changed = {**row, "fulltext": moved}
    members = row.get("members")
    if isinstance(members, list) and members:  # a merged row keeps each member's row
        changed = changed if changed is not None else dict(row)
        changed["members"] = [_row(m, to, start) if isinstance(m, Mapping) else m for m in members]
    return row if changed is None else changed


def _rebased(value: str, to: Path | None, start: Path | None) -> str:
    path = Path(value)
    if not path.is_absolute():
        path = (start if start is not None else Path.cwd()) / path
    absolute = os.path.normpath(os.path.abspath(path))
    if to is None or not Path(absolute).is_relative_to(to):
        return absolute
    return os.path.relpath(absolute, to)
