"""A SQLite output keeps one row per record: a retried file's row goes into its record."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

from politeharvest import SQLiteSink


def _record(ident: str, datestamp: str, fulltext: dict[str, Any] | None = None) -> dict[str, Any]:
    row: dict[str, Any] = {
        "identifier": ident,
        "datestamp": datestamp,
        "deleted": False,
        "metadata": {"title": [f"Title of {ident}"]},
    }
    if fulltext is not None:
        row["fulltext"] = fulltext
    return row


def _rows(path: Path) -> dict[str, dict[str, Any]]:
    with sqlite3.connect(path) as db:
        return {
            ident: json.loads(record)
            for ident, record in db.execute("SELECT identifier, record FROM records")
        }


def test_a_retry_row_replaces_its_record_s_fulltext_and_keeps_the_rest(tmp_path: Path) -> None:
    sink = SQLiteSink(tmp_path / "h.sqlite")
    sink.write_page(
        [_record("a", "2024-01-01", {"status": "retry-later"}), _record("b", "2024-01-02")]
    )
    done = {"status": "downloaded", "path": "files/a.pdf"}
    sink.write_page([{"identifier": "a", "fulltext": done, "retry": True}])
    sink.write_page([{"identifier": "a", "fulltext": done, "retry": True}])  # written twice
    rows = _rows(tmp_path / "h.sqlite")
    sink.close()
    assert rows["a"] == {**_record("a", "2024-01-01"), "fulltext": done}
    assert rows["b"] == _record("b", "2024-01-02")


def test_a_retry_row_before_its_record_is_kept_until_the_record_comes(tmp_path: Path) -> None:
    sink = SQLiteSink(tmp_path / "h.sqlite")
    done = {"status": "downloaded", "path": "files/c.pdf"}
    sink.write_page([{"identifier": "c", "fulltext": done, "retry": True}])
    sink.write_page([_record("c", "2024-03-01"), _record("d", "2024-03-01")])
    own = {"status": "downloaded", "path": "files/e2.pdf"}
    sink.write_page([{"identifier": "e", "fulltext": done, "retry": True}])
    sink.write_page([_record("e", "2024-03-02", own)])  # a record with a file of its own
    rows = _rows(tmp_path / "h.sqlite")
    sink.close()
    assert rows["c"] == {**_record("c", "2024-03-01"), "fulltext": done}
    assert "fulltext" not in rows["d"]
    assert rows["e"]["fulltext"] == own
