"""The same checks against a real django-oai-pmh 0.3.9 server (the issue's repository).

django-oai-pmh drops the set from its resumption tokens, filters ``until`` the wrong way
round after page 1, lists in identifier order, answers a forgotten token with
badResumptionToken and an expired one with HTTP 500. It runs on SQLite in a child process
(`providers.DjangoOaiPmh`, with a small storage shim); skipped when Django is not installed.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs
import pytest

from politeharvest import OaiPager, PoliteSession
from politeharvest.exceptions import RepositoryMisbehaves
from tests.support import SCALED
from tests.support.providers import DjangoOaiPmh, django_available

pytestmark = [
    pytest.mark.integration,
    pytest.mark.skipif(not django_available(), reason="django-oai-pmh is not installed"),
]

UA = "politeharvest-tests/1.0 (+mailto:tests@example.org)"
FAST = attrs.evolve(SCALED, request_interval=0.0)
#: The module's app holds this many records; a --max-records run stops after MAX of them.
RECORDS = 1250
MAX = "500"


@pytest.fixture(scope="module")
def django_repo() -> Iterator[DjangoOaiPmh]:
    # one app for the module: each test lists with its own state and output, and a test
    # that loses the tokens loses only its own listings' (the others are done). Half the
    # issue's 2,500 records (13 pages of 100): the app takes about 0.3 s a page, and every
    # check here is about pages and tokens, which 13 pages have as 25 did
    server = DjangoOaiPmh("127.0.0.6", count=RECORDS)
    try:
        yield server
    finally:
        server.close()


def harvest(url: str, *args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "politeharvest", "harvest", url, *args]
    command += ["--request-interval", "0", "--user-agent", UA, "--allow-private-addresses"]
    return subprocess.run(command, cwd=cwd, capture_output=True, text=True, timeout=180)


def rows(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text().splitlines()] if path.exists() else []


def said(done: subprocess.CompletedProcess[str]) -> list[str]:
    return [line for line in done.stderr.splitlines() if line.startswith("politeharvest:")]


def test_the_set_dropped_from_tokens_is_named_and_lenient_keeps_only_the_set(
    django_repo: DjangoOaiPmh, tmp_path: Path
) -> None:
    out = tmp_path / "science.jsonl"
    strict = harvest(django_repo.url, "--set", "science", "--out", str(out), cwd=tmp_path)
    assert strict.returncode == 1, strict.stderr
    (line,) = said(strict)
    assert "misbehaves: page 2" in line and "set=science" in line and "--lenient" in line
    assert all(r["sets"] == ["science"] for r in rows(out))
    lenient = harvest(
        django_repo.url, "--set", "science", "--out", str(out), "--lenient", cwd=tmp_path
    )
    assert lenient.returncode == 0, lenient.stderr
    got = rows(out)
    ids = [r["identifier"] for r in got]
    assert len(ids) == len(set(ids))
    assert all(r["sets"] == ["science"] for r in got)  # no record from outside the set
    science = {i.identifier for i in django_repo.items if "science" in i.sets}
    assert set(ids) <= science
    assert "not recorded as covered" in lenient.stderr


def test_the_broken_window_is_named_and_lenient_keeps_only_the_window(
    django_repo: DjangoOaiPmh, tmp_path: Path
) -> None:
    out = tmp_path / "2020.jsonl"
    window = ["--from", "2020-01-01", "--until", "2020-12-31"]
    strict = harvest(django_repo.url, *window, "--out", str(out), cwd=tmp_path)
    assert strict.returncode == 1, strict.stderr
    (line,) = said(strict)
    assert "misbehaves: page 2" in line and "from=2020-01-01" in line
    assert all(r["datestamp"].startswith("2020") for r in rows(out))
    lenient = harvest(django_repo.url, *window, "--out", str(out), "--lenient", cwd=tmp_path)
    assert lenient.returncode == 0, lenient.stderr
    got = rows(out)
    assert got and all(r["datestamp"].startswith("2020") for r in got)
    assert len({r["identifier"] for r in got}) == len(got)


@pytest.mark.parametrize("fault", ["forget", "expire"])
def test_tokens_lost_after_max_records_lose_nothing(
    django_repo: DjangoOaiPmh, tmp_path: Path, fault: str
) -> None:
    """The issue's data loss, on the real app: --max-records (1000 of 2500 in the issue; 500
    of 1250 here, a run stopped mid-listing as there), the tokens are lost
    (deleted: badResumptionToken; expired: HTTP 500), the same command until done."""
    out = tmp_path / "records.jsonl"
    first = harvest(django_repo.url, "--out", str(out), "--max-records", MAX, cwd=tmp_path)
    assert first.returncode == 0, first.stderr
    if fault == "forget":
        django_repo.forget_tokens()
    else:
        django_repo.expire_tokens()
    for _ in range(4):
        again = harvest(django_repo.url, "--out", str(out), "--max-records", MAX, cwd=tmp_path)
        assert again.returncode == 0, again.stderr
        assert "check the base URL" not in again.stderr
        if "--max-records" not in again.stderr:
            break
    ids = [r["identifier"] for r in rows(out)]
    assert len(ids) == len(set(ids)) == RECORDS
    later = harvest(django_repo.url, "--out", str(out), cwd=tmp_path)
    assert later.returncode == 0 and "nothing new" in later.stderr, later.stderr
    assert len(rows(out)) == RECORDS


def test_the_pager_names_the_dropped_set_and_recovers_lost_tokens(
    django_repo: DjangoOaiPmh,
) -> None:
    pager = OaiPager(PoliteSession(FAST), django_repo.url, set_spec="science")
    with pytest.raises(RepositoryMisbehaves) as raised:
        list(pager.list_identifiers())
    assert (raised.value.kind, raised.value.page) == ("set", 2)
    whole = OaiPager(PoliteSession(FAST), django_repo.url)
    cursor = whole.first_cursor("ListIdentifiers")
    got: list[str] = []
    pages = 0
    while cursor is not None:
        page = whole.fetch(cursor)
        got.extend(r.identifier for r in page.records)
        pages += 1
        if pages == 10:
            django_repo.expire_tokens()
        cursor = page.next_cursor
    assert len(got) == len(set(got)) == RECORDS


def measure(root: str | None = None) -> dict[str, Any]:  # pragma: no cover - a measuring tool
    """The issue's runs against django-oai-pmh through the CLI of the package at `root`.

    ``python -m tests.oai.test_misbehaving_django [ROOT]`` prints them, e.g. for a
    checkout of an earlier commit (``git archive COMMIT politeharvest | tar -x -C ROOT``).
    """
    import os
    import tempfile

    env = {**os.environ, "PYTHONPATH": root} if root else None

    def cli(url: str, *args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
        command = [sys.executable, "-m", "politeharvest", "harvest", url, *args]
        command += ["--request-interval", "0", "--user-agent", UA, "--allow-private-addresses"]
        return subprocess.run(command, cwd=cwd, capture_output=True, text=True, env=env)

    results: dict[str, Any] = {}
    server = DjangoOaiPmh("127.0.0.7")
    try:
        with tempfile.TemporaryDirectory() as tmp:
            for fault in ("forget", "expire"):
                cwd = Path(tmp) / fault
                cwd.mkdir()
                out = cwd / "records.jsonl"
                codes = [cli(server.url, "--out", str(out), "--max-records", "1000", cwd=cwd)]
                getattr(server, f"{fault}_tokens")()
                for _ in range(4):
                    codes.append(
                        cli(server.url, "--out", str(out), "--max-records", "1000", cwd=cwd)
                    )
                    if "--max-records" not in codes[-1].stderr:
                        break
                ids = [r["identifier"] for r in rows(out)]
                results[f"tokens lost ({fault})"] = {
                    "exit codes": [c.returncode for c in codes],
                    "distinct of 2500": len(set(ids)),
                    "rows": len(ids),
                    "message": (said(codes[-1]) or [""])[-1][:200],
                }
            for name, options, inside in (
                ("--set science", ["--set", "science"], lambda r: "science" in r["sets"]),
                (
                    "--from 2020-01-01 --until 2020-12-31",
                    ["--from", "2020-01-01", "--until", "2020-12-31"],
                    lambda r: r["datestamp"].startswith("2020"),
                ),
            ):
                cwd = Path(tmp) / name.split()[0].strip("-")
                cwd.mkdir()
                out = cwd / "records.jsonl"
                done = cli(server.url, *options, "--out", str(out), cwd=cwd)
                got = rows(out)
                results[name] = {
                    "exit code": done.returncode,
                    "asked for, delivered": sum(1 for r in got if inside(r)),
                    "not asked for, delivered": sum(1 for r in got if not inside(r)),
                    "message": (said(done) or [""])[-1][:200],
                }
    finally:
        server.close()
    return results


if __name__ == "__main__":  # pragma: no cover
    print(json.dumps(measure(sys.argv[1] if len(sys.argv) > 1 else None), indent=1))
