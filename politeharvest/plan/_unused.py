"""What a plan made before its first page, taken away again when no page came.

A run opens its output and its files folder before the first request, so that an
unwritable one is refused before anything is asked of the repository. When no page is
ever committed (page one answered 500, or was not OAI-PMH; the first run deferred), what
was made for it would be left empty: an output that looks like a harvest that exists.
`Made` remembers what was not there before, and `Made.take_back` removes it when it still
holds nothing: an empty file, an SQLite output whose tables hold no row, a folder of
empty files (a Parquet dataset's ledger), and the folders made to hold them. Anything
that holds data, or that was there before, is left as it is.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
from pathlib import Path

import attrs

from politeharvest._reprs import value_repr

__all__ = ["Made"]


@attrs.define(repr=False)
class Made:
    """Paths a plan made (each with the top folder made for it), while no page is committed."""

    __repr__ = value_repr

    #: (the path, the outermost folder that was made for it or the path itself)
    paths: list[tuple[Path, Path]] = attrs.field(factory=list)
    #: A page was committed: everything made stays.
    used: bool = False

    def note(self, path: str | Path | None) -> None:
        """Remember `path` when it is not there yet (before the plan makes it)."""
        if path is None or self.used:
            return
        target = Path(os.path.abspath(path))
        if any(target == known for known, _ in self.paths) or os.path.lexists(target):
            return
        top = target
        while not top.parent.exists() and top.parent != top:
            top = top.parent
        self.paths.append((target, top))

    def take_back(self) -> None:
        """Remove what was made and still holds nothing (once no page was committed)."""
        if self.used:
            return
        for path, top in reversed(self.paths):
            if _remove_if_empty(path):
                _remove_empty_folders(path.parent, top)
        self.paths.clear()


def _remove_if_empty(path: Path) -> bool:
    """Remove `path` if it holds no data; whether it is gone."""
    try:
        if path.is_dir() and not path.is_symlink():
            entries = list(path.iterdir())
            if any(not entry.is_file() or entry.stat().st_size for entry in entries):
                return False
            for entry in entries:
                entry.unlink()
            path.rmdir()
            return True
        if not path.is_file():
            return not path.exists()
        if path.stat().st_size and not _empty_database(path):
            return False
        path.unlink()
        for suffix in ("-wal", "-shm", "-journal"):
            with contextlib.suppress(FileNotFoundError):
                Path(f"{path}{suffix}").unlink()
        return True
    except OSError:
        return False


def _empty_database(path: Path) -> bool:
    """An SQLite file whose every table is empty (as an SQLite output is before its page)."""
    with path.open("rb") as handle:
        if handle.read(16) != b"SQLite format 3\x00":
            return False
    try:
        db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    except sqlite3.Error:
        return False
    try:
        tables = [
            name for (name,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
        ]
        return all(
            db.execute(f'SELECT 1 FROM "{name}" LIMIT 1').fetchone() is None for name in tables
        )
    except sqlite3.Error:
        return False
    finally:
        db.close()


def _remove_empty_folders(folder: Path, top: Path) -> None:
    """Remove `folder` and its parents up to `top` while they are empty (made for the path)."""
    if folder != top and top not in folder.parents:
        return
    while True:
        try:
            folder.rmdir()
        except OSError:
            return
        if folder == top:
            return
        folder = folder.parent
