"""``harvest --files`` after harvests made without it fetches the earlier records' files too.

The records delivered before were left out as already delivered, and nothing said that
their files would never be fetched. Now the first run with --files reads the output once
for this repository's records that have no ``fulltext``, asks for their files (paced, as
files of earlier runs left to retry are), and writes each as a retry row that
``politeharvest clean`` puts into its record; the summary says so.
"""

from __future__ import annotations

import io
import json
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import attrs
import pytest

from politeharvest.cli import main
from politeharvest.testing import LoopbackServer, OaiTestRepository
from tests.support import UA
from tests.support.plans import served_with_files

pytestmark = pytest.mark.integration


@pytest.fixture
def files_repo() -> Iterator[tuple[LoopbackServer, OaiTestRepository]]:
    with served_with_files(records=9, page_size=3) as served:
        yield served


def cli(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out=out, err=err)
    return code, out.getvalue(), err.getvalue()


def _harvest(server: LoopbackServer, out: Path, tmp_path: Path) -> tuple[str, ...]:
    """The harvest command into `out`, with its state beside it, unpaced."""
    return (
        "harvest", server.url("/oai"), "--out", str(out), "--state", str(tmp_path / "s.sqlite"),
        "--user-agent", UA, "--allow-private-addresses", "--request-interval", "0",
        "--file-interval", "0",
    )  # fmt: skip


def test_files_of_records_harvested_before_without_files_are_fetched(
    files_repo: tuple[LoopbackServer, OaiTestRepository], tmp_path: Path
) -> None:
    server, repository = files_repo
    out = tmp_path / "h.jsonl"
    base = _harvest(server, out, tmp_path)
    code, _, err = cli(*base, "--max-records", "3")  # the first page, without --files
    assert code == 0, err
    first = [json.loads(line)["identifier"] for line in out.read_text().splitlines()]
    assert len(first) == 3

    code, _, err = cli(*base, "--files", str(tmp_path / "files"))
    assert code == 0, err
    assert "3 records harvested before without --files" in err, err
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    retried = [row["identifier"] for row in rows if row.get("retry")]
    assert sorted(retried) == sorted(first)
    files = Counter(r.path for r in server.log if r.path.startswith("/files/"))
    assert len(files) == len(repository.records) and set(files.values()) == {1}

    # clean puts each retried file into its record: every record has its file
    code, _, err = cli("clean", str(out), "--out", str(tmp_path / "c.jsonl"))
    assert code == 0, err
    cleaned = [json.loads(line) for line in (tmp_path / "c.jsonl").read_text().splitlines()]
    assert len(cleaned) == len(repository.records)
    assert {row["fulltext"]["status"] for row in cleaned} == {"downloaded"}

    # asked once: a later run asks for no file again and says nothing of them
    code, _, err = cli(*base, "--files", str(tmp_path / "files"))
    assert code == 0, err
    assert "without --files" not in err
    assert Counter(r.path for r in server.log if r.path.startswith("/files/")) == files


def test_another_output_of_records_without_files_is_named_with_what_to_run(
    files_repo: tuple[LoopbackServer, OaiTestRepository], tmp_path: Path
) -> None:
    server, repository = files_repo
    base = (
        "harvest", server.url("/oai"), "--state", str(tmp_path / "s.sqlite"),
        "--user-agent", UA, "--allow-private-addresses", "--request-interval", "0",
        "--file-interval", "0",
    )  # fmt: skip
    first = tmp_path / "a.jsonl"
    code, _, err = cli(*base, "--out", str(first))
    assert code == 0, err
    files = str(tmp_path / "files")
    code, _, err = cli(*base, "--out", str(tmp_path / "b.jsonl"), "--files", files)
    assert code == 0, err
    assert (
        f"harvested before without --files into {first}: to fetch their files, run this "
        f"harvest with --out {first} and --files"
    ) in " ".join(err.split()), err
    # doing so fetches them
    code, _, err = cli(*base, "--out", str(first), "--files", files)
    assert code == 0, err
    retried = [json.loads(line) for line in first.read_text().splitlines()]
    assert sum(1 for row in retried if row.get("retry")) == len(repository.records)


def test_a_record_changed_since_is_not_asked_for_twice(
    files_repo: tuple[LoopbackServer, OaiTestRepository], tmp_path: Path
) -> None:
    """A record listed again (it changed) in the run that fetches the earlier records' files."""
    server, repository = files_repo
    out = tmp_path / "h.jsonl"
    base = _harvest(server, out, tmp_path)
    code, _, err = cli(*base)
    assert code == 0, err
    changed = repository.records[0]
    repository.records[0] = attrs.evolve(changed, datestamp=time.time() + 1)
    time.sleep(1.2)  # the change is after the first harvest's responseDate
    code, _, err = cli(*base, "--files", str(tmp_path / "files"))
    assert code == 0, err
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    again = [r for r in rows if r["identifier"] == changed.identifier and "metadata" in r]
    assert len(again) == 2  # delivered again: it changed
    assert again[-1]["fulltext"]["status"] == "downloaded"
    files = Counter(r.path for r in server.log if r.path.startswith("/files/"))
    assert len(files) == len(repository.records) and set(files.values()) == {1}, files
    pages = Counter(r.path for r in server.log if r.path.startswith("/landing/"))
    assert set(pages.values()) == {1}, pages


def test_a_sqlite_output_takes_each_retried_file_into_its_record(
    files_repo: tuple[LoopbackServer, OaiTestRepository], tmp_path: Path
) -> None:
    """SQLite keeps one row per identifier: a retry row updates its record's ``fulltext``.

    It had been written as a record and failed on its missing datestamp (``KeyError``) on
    every run, after fetching the files again each time.
    """
    import sqlite3

    server, repository = files_repo
    out = tmp_path / "h.sqlite"
    base = _harvest(server, out, tmp_path)
    code, _, err = cli(*base, "--max-records", "3")  # the first page, without --files
    assert code == 0, err

    code, _, err = cli(*base, "--files", str(tmp_path / "files"))
    assert code == 0, err
    assert "3 records harvested before without --files" in err, err
    with sqlite3.connect(out) as db:
        rows = [json.loads(r) for (r,) in db.execute("SELECT record FROM records")]
    assert len(rows) == len(repository.records)
    assert all("metadata" in row and not row.get("retry") for row in rows)
    assert {row["fulltext"]["status"] for row in rows} == {"downloaded"}
    for row in rows:  # each file is its own record's, where the row says
        assert (tmp_path / row["fulltext"]["path"]).is_file()
    files = Counter(r.path for r in server.log if r.path.startswith("/files/"))
    assert len(files) == len(repository.records) and set(files.values()) == {1}

    code, _, err = cli(*base, "--files", str(tmp_path / "files"))  # nothing left to ask
    assert code == 0, err
    assert Counter(r.path for r in server.log if r.path.startswith("/files/")) == files
