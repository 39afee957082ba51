"""The runs a user makes, one after another, through the command line (issue: nothing lost).

Each test walks a sequence of `politeharvest harvest` runs against a real loopback
repository and asserts, from the files on disk: the user's own bytes never change,
and across all outputs every record arrives exactly once, or the run is refused
before any request with exit 2 and a message that names the file and the choices.
"""

from __future__ import annotations

import io
import json
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from politeharvest.cli import main
from politeharvest.testing import LoopbackServer, OaiTestRepository, SampleRecord

pytestmark = pytest.mark.integration

UA = "politeharvest-tests/1.0 (+mailto:tests@example.org)"
START = 1_672_531_200.0  # 2023-01-01T00:00:00Z
STEP = 8 * 86_400.0 + 3_600.0  # a record every 8 days and an hour: 116 records to mid-2025


@pytest.fixture
def repo() -> OaiTestRepository:
    return OaiTestRepository.sample(
        116, page_size=10, start=START, step_s=STEP, sets=("math", "physics", "cs")
    )


@pytest.fixture
def server(repo: OaiTestRepository) -> Iterator[LoopbackServer]:
    with LoopbackServer("127.0.0.1") as srv:
        srv.add("/oai", repo)
        yield srv


class Harvester:
    """`politeharvest harvest URL ...` in this process, with one state file."""

    def __init__(self, server: LoopbackServer, folder: Path) -> None:
        self.server = server
        self.folder = folder
        self.state = folder / "state.sqlite"

    def __call__(self, *args: str) -> tuple[int, str]:
        err = io.StringIO()
        argv = [
            "harvest",
            self.server.url("/oai"),
            "--state",
            str(self.state),
            "--request-interval",
            "0",
            "--user-agent",
            UA,
            "--allow-private-addresses",  # the repository is on loopback
            *[str(a) for a in args],
        ]
        code = main(argv, out=io.StringIO(), err=err)
        return code, err.getvalue()

    def requests(self) -> int:
        return len(self.server.requests_for("/oai"))


@pytest.fixture
def harvest(server: LoopbackServer, tmp_path: Path) -> Harvester:
    return Harvester(server, tmp_path)


def identifiers(*paths: Path) -> list[str]:
    found: list[str] = []
    for path in paths:
        if path.exists():
            for line in path.read_text(encoding="utf-8").splitlines():
                row = json.loads(line)
                if "identifier" in row and "datestamp" in row:
                    found.append(row["identifier"])
    return found


def everything(repo: OaiTestRepository) -> list[str]:
    return sorted(r.identifier for r in repo.records)


def user_file(path: Path, size: int = 60_000) -> bytes:
    """The user's own lines, larger than any checkpoint position in these tests."""
    lines = [json.dumps({"mine": n, "note": "the user's own data " * 4}) for n in range(2000)]
    data = ("\n".join(lines) + "\n").encode()[:size]
    data = data[: data.rfind(b"\n") + 1]
    path.write_bytes(data)
    return data


def test_resume_into_another_output_file(
    harvest: Harvester, repo: OaiTestRepository, tmp_path: Path
) -> None:
    a, b = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    code, err = harvest("--max-records", "20", "--out", a)
    assert code == 0, err
    assert "run the same command to continue" in err
    a_before = a.read_bytes()
    mine = user_file(b)
    assert len(mine) > len(a_before)  # larger than the position the checkpoint holds
    code, err = harvest("--out", b)
    assert code == 0, err
    assert b.read_bytes()[: len(mine)] == mine  # the user's bytes are untouched
    assert a.read_bytes() == a_before  # and so is the earlier output
    assert "a.jsonl" in err  # the summary says where the earlier pages went
    got = identifiers(a, b)
    assert sorted(got) == everything(repo)  # every record exactly once across the outputs


def test_output_deleted_between_runs_is_refused_before_any_request(
    harvest: Harvester, repo: OaiTestRepository, tmp_path: Path
) -> None:
    out = tmp_path / "out.jsonl"
    code, err = harvest("--max-records", "20", "--out", out)
    assert code == 0, err
    out.unlink()
    seen = harvest.requests()
    code, err = harvest("--out", out)
    assert code == 2
    assert harvest.requests() == seen  # refused before any request
    assert str(out) in err
    assert "is gone" in err
    assert "--full" in err
    assert f"--out {out}" in err
    assert not out.exists()  # nothing written either
    code, err = harvest("--full", "--out", out)
    assert code == 0, err
    got = identifiers(out)
    assert sorted(got) == everything(repo)
    assert len(got) == len(set(got))


def test_an_edited_output_is_refused_and_left_as_it_is(harvest: Harvester, tmp_path: Path) -> None:
    out = tmp_path / "out.jsonl"
    assert harvest("--max-records", "20", "--out", out)[0] == 0
    edited = out.read_bytes()[:-30] + b"... edited by hand ...\n"
    out.write_bytes(edited)
    seen = harvest.requests()
    code, err = harvest("--out", out)
    assert code == 2
    assert "was changed" in err or "cut short" in err
    assert harvest.requests() == seen
    assert out.read_bytes() == edited


def test_a_bounded_harvest_covers_only_its_window(
    harvest: Harvester, repo: OaiTestRepository, tmp_path: Path
) -> None:
    out = tmp_path / "out.jsonl"
    code, err = harvest("--until", "2024-10-12", "--out", out)
    assert code == 0, err
    first = identifiers(out)
    cut = time.mktime(time.strptime("2024-10-13", "%Y-%m-%d")) - time.timezone
    assert sorted(first) == sorted(r.identifier for r in repo.records if r.datestamp < cut)
    assert 0 < len(first) < 116
    code, err = harvest("--out", out)  # incremental: everything not yet covered
    assert code == 0, err
    got = identifiers(out)
    assert sorted(got) == everything(repo)
    assert len(got) == len(set(got))


def test_a_changed_window_does_not_resume_the_old_listing(
    harvest: Harvester, repo: OaiTestRepository, tmp_path: Path
) -> None:
    a, b, c = tmp_path / "a.jsonl", tmp_path / "b.jsonl", tmp_path / "c.jsonl"
    code, err = harvest("--from", "2025-01-07", "--max-records", "10", "--out", a)
    assert code == 0, err
    assert len(identifiers(a)) == 10
    code, err = harvest("--from", "2023-11-17", "--out", b)
    assert code == 0, err
    wider = time.mktime(time.strptime("2023-11-17", "%Y-%m-%d")) - time.timezone
    in_window = sorted(r.identifier for r in repo.records if r.datestamp >= wider)
    got = identifiers(a, b)
    assert sorted(got) == in_window  # the wider window arrived whole, nothing twice
    code, err = harvest("--out", c)  # incremental: the gap before 2023-11-17
    assert code == 0, err
    got = identifiers(a, b, c)
    assert sorted(got) == everything(repo)


def test_an_unfinished_window_is_kept_and_resumed_when_asked_again(
    harvest: Harvester, repo: OaiTestRepository, tmp_path: Path
) -> None:
    a, b = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    assert harvest("--from", "2024-01-01", "--max-records", "10", "--out", a)[0] == 0
    code, err = harvest("--until", "2023-06-30", "--out", b)
    assert code == 0, err
    assert "--from 2024-01-01" in err  # reported as left as it is, with how to continue
    code, err = harvest("--from", "2024-01-01", "--out", a)
    assert code == 0, err
    since = time.mktime(time.strptime("2024-01-01", "%Y-%m-%d")) - time.timezone
    assert sorted(identifiers(a)) == sorted(
        r.identifier for r in repo.records if r.datestamp >= since
    )
    assert harvest("--out", b)[0] == 0
    got = identifiers(a, b)
    assert sorted(got) == everything(repo)


def test_a_changed_set(harvest: Harvester, repo: OaiTestRepository, tmp_path: Path) -> None:
    a, b, c = tmp_path / "a.jsonl", tmp_path / "b.jsonl", tmp_path / "c.jsonl"
    mine = user_file(b)
    assert harvest("--set", "math", "--max-records", "10", "--out", a)[0] == 0
    code, err = harvest("--set", "physics", "--out", b)
    assert code == 0, err
    assert b.read_bytes()[: len(mine)] == mine
    assert sorted(identifiers(b)) == sorted(
        r.identifier for r in repo.records if "physics" in r.sets
    )
    assert harvest("--set", "math", "--out", a)[0] == 0  # the math listing continues
    assert sorted(identifiers(a)) == sorted(r.identifier for r in repo.records if "math" in r.sets)
    assert harvest("--out", c)[0] == 0  # the whole repository: only what no set brought
    got = identifiers(a, b, c)
    assert sorted(got) == everything(repo)


def test_changes_at_the_source_arrive_in_the_next_incremental_run(
    harvest: Harvester, repo: OaiTestRepository, tmp_path: Path
) -> None:
    out = tmp_path / "out.jsonl"
    assert harvest("--out", out)[0] == 0
    time.sleep(1.1)  # the repository's clock moves on (its datestamps have seconds)
    now = time.time()
    changed = repo.records[5]
    repo.records[5] = SampleRecord(changed.identifier, now, changed.sets, title="changed")
    gone = repo.records[6]
    repo.records[6] = SampleRecord(gone.identifier, now, gone.sets, deleted=True)
    repo.records.append(SampleRecord("oai:test.example.org:new", now, ("cs",), title="new"))
    code, err = harvest("--out", out)
    assert code == 0, err
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert [r["identifier"] for r in rows[116:]] == sorted(
        [changed.identifier, gone.identifier, "oai:test.example.org:new"]
    )
    assert {r["identifier"]: r["deleted"] for r in rows[116:]}[gone.identifier] is True


def test_progress_reports_every_page_including_the_last(harvest: Harvester, tmp_path: Path) -> None:
    code, err = harvest("--out", tmp_path / "out.jsonl")
    assert code == 0, err
    pages = [line for line in err.splitlines() if line.startswith("page ")]
    assert len(pages) == 12  # 116 records in pages of 10
    assert pages[-1].startswith("page 12: 6 records")
    assert "116 records (6 deleted) in 12 pages" in err


def test_a_set_then_the_whole_repository_says_what_it_left_out(
    harvest: Harvester, repo: OaiTestRepository, tmp_path: Path
) -> None:
    """A set into one file, then everything into another: the set's records are not sent
    twice, and the summary says how many were left out and how to have them again."""
    math, rest = tmp_path / "math.jsonl", tmp_path / "all.jsonl"
    code, err = harvest("--set", "math", "--out", math)
    assert code == 0, err
    in_math = len(identifiers(math))
    code, err = harvest("--out", rest)
    assert code == 0, err
    assert sorted(identifiers(math, rest)) == everything(repo)
    assert f"{in_math} records left out as already delivered" in err
    assert "--full" in err
    code, err = harvest("--out", rest, "--full", "--from", "2023-01-01")
    assert code == 0, err
    assert "left out" not in err
