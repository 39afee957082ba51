"""The misbehaving-repository zoo through the real command line (a subprocess per run).

What the user sees and gets when the repository lies: every record exactly once after
the obvious next step, no record from outside the request delivered silently, the exit
code, and one line saying what happened and what to do.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from politeharvest.testing import (
    LoopbackServer,
    MisbehavingRepository,
    identifier_ordered,
    set_dropped_from_tokens,
    size_changing,
    window_broken_after_first_page,
)

pytestmark = pytest.mark.integration

UA = "politeharvest-tests/1.0 (+mailto:tests@example.org)"


def harvest(url: str, *args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    command = [
        sys.executable,
        "-m",
        "politeharvest",
        "harvest",
        url,
        *args,
        "--request-interval",
        "0",
        "--user-agent",
        UA,
        "--allow-private-addresses",
    ]
    return subprocess.run(command, cwd=cwd, capture_output=True, text=True, timeout=120)


def rows(path: Path) -> list[dict[str, Any]]:
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text().splitlines()]


def messages(stderr: str) -> list[str]:
    """The lines the command itself wrote (not progress lines)."""
    return [line for line in stderr.splitlines() if line.startswith("politeharvest:")]


@pytest.fixture
def serve() -> Iterator[Any]:
    servers: list[LoopbackServer] = []

    def start(repo: MisbehavingRepository) -> str:
        server = LoopbackServer("127.0.0.5").start()
        server.add("/oai", repo)
        servers.append(server)
        return server.url("/oai")

    yield start
    for server in servers:
        server.stop()


@pytest.mark.parametrize("answer", ["badResumptionToken", "http500"])
def test_forgotten_tokens_after_max_records_lose_nothing(
    serve: Any, tmp_path: Path, answer: str
) -> None:
    """The issue's data loss: --max-records 1000 of 2,500 listed in identifier order, the
    repository forgets its tokens, the same command again until done: all 2,500 once;
    then an incremental run finds nothing new, and --full into a new file gets 2,500."""
    repo = identifier_ordered(forgotten_answer=answer)  # type: ignore[arg-type]
    url = serve(repo)
    out = tmp_path / "records.jsonl"
    first = harvest(url, "--out", str(out), "--max-records", "1000", cwd=tmp_path)
    assert first.returncode == 0, first.stderr
    assert len(rows(out)) == 1000
    repo.forget_tokens()
    for _ in range(4):
        again = harvest(url, "--out", str(out), "--max-records", "1000", cwd=tmp_path)
        assert again.returncode == 0, again.stderr
        assert "check the base URL" not in again.stderr
        if "--max-records" not in again.stderr:
            break
    ids = [r["identifier"] for r in rows(out)]
    assert len(ids) == len(set(ids)) == 2500
    later = harvest(url, "--out", str(out), cwd=tmp_path)
    assert later.returncode == 0, later.stderr
    assert "nothing new" in later.stderr
    assert len(rows(out)) == 2500
    full = tmp_path / "full.jsonl"
    again_full = harvest(url, "--out", str(full), "--full", cwd=tmp_path)
    assert again_full.returncode == 0, again_full.stderr
    full_ids = [r["identifier"] for r in rows(full)]
    assert len(full_ids) == len(set(full_ids)) == 2500


def test_a_list_changed_between_runs_is_listed_again_from_its_start(
    serve: Any, tmp_path: Path
) -> None:
    """Records added between two runs of an identifier-ordered listing: its old token
    would page over a list that moved, so the second run starts it again (what was
    delivered is left out), and every record, old and new, comes once."""
    from politeharvest.testing import SampleRecord

    repo = identifier_ordered()
    url = serve(repo)
    out = tmp_path / "records.jsonl"
    first = harvest(url, "--out", str(out), "--max-records", "1000", cwd=tmp_path)
    assert first.returncode == 0, first.stderr
    added = [
        SampleRecord(f"oai:zoo.example.org:{n:05d}x", repo.records[n].datestamp + 1, ("science",))
        for n in range(0, 2500, 25)  # in among the others, in identifier order
    ]
    repo.records.extend(added)
    told = []
    for _ in range(4):
        again = harvest(url, "--out", str(out), "--max-records", "1000", cwd=tmp_path)
        assert again.returncode == 0, again.stderr
        told.append(again.stderr)
        if "--max-records" not in again.stderr:
            break
    assert "the list changed since the last run" in told[0]
    ids = [r["identifier"] for r in rows(out)]
    assert len(ids) == len(set(ids)) == 2600


CASES = [
    ("set dropped from tokens", set_dropped_from_tokens, ["--set", "science"], "set=science"),
    (
        "window broken after page 1",
        window_broken_after_first_page,
        ["--from", "2020-01-01", "--until", "2020-12-31"],
        "from=2020-01-01",
    ),
    ("completeListSize changing", size_changing, [], "completeListSize"),
]


def in_scope(row: dict[str, Any], options: list[str]) -> bool:
    if "--set" in options and options[options.index("--set") + 1] not in row["sets"]:
        return False
    return not ("--from" in options and not row["datestamp"].startswith("2020"))


def wanted(repo: MisbehavingRepository, options: list[str]) -> set[str]:
    import time

    out = set()
    for record in repo.records:
        row = {
            "sets": list(record.sets),
            "datestamp": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(record.datestamp)),
        }
        if in_scope(row, options):
            out.add(record.identifier)
    return out


@pytest.mark.parametrize(("name", "make", "options", "asked"), CASES, ids=[c[0] for c in CASES])
def test_a_repository_answering_outside_the_request_is_named_then_lenient_keeps_the_rest(
    serve: Any, tmp_path: Path, name: str, make: Any, options: list[str], asked: str
) -> None:
    repo = make()
    url = serve(repo)
    out = tmp_path / "records.jsonl"
    strict = harvest(url, "--out", str(out), *options, cwd=tmp_path)
    assert strict.returncode == 1, strict.stderr
    said = messages(strict.stderr)
    assert len(said) == 1, strict.stderr
    assert said[0].startswith("politeharvest: error: ") and "misbehaves: page 2" in said[0]
    assert asked in said[0] and "--lenient" in said[0]
    assert all(in_scope(row, options) for row in rows(out))  # only page 1, all asked for
    assert len(rows(out)) == 100
    # not recorded as covered: the same command meets the same answer again (after the
    # honest first page of the listing it resumes, if any)
    again = harvest(url, "--out", str(out), *options, cwd=tmp_path)
    assert again.returncode == 1 and len(messages(again.stderr)) == 1
    assert all(in_scope(row, options) for row in rows(out))
    lenient = harvest(url, "--out", str(out), *options, "--lenient", cwd=tmp_path)
    assert lenient.returncode == 0, lenient.stderr
    got = rows(out)
    ids = [r["identifier"] for r in got]
    assert len(ids) == len(set(ids))  # each once
    assert all(in_scope(row, options) for row in got)  # nothing from outside the request
    assert set(ids) <= wanted(repo, options)
    assert "not recorded as covered" in lenient.stderr
    # still not covered: the next lenient run lists the window again, and adds nothing twice
    before = repo.requests_seen
    second = harvest(url, "--out", str(out), *options, "--lenient", cwd=tmp_path)
    assert second.returncode == 0, second.stderr
    assert repo.requests_seen - before > 2
    assert len(rows(out)) == len(got)


def measure(root: str | None = None) -> dict[str, Any]:
    """The zoo's outcomes through the CLI of the package at `root` (default: this one).

    ``python -m tests.cli.test_misbehaving_cli [ROOT]`` prints them, e.g. for a
    checkout of an earlier commit (``git archive COMMIT politeharvest | tar -x -C ROOT``).
    """
    import os
    import tempfile
    import time

    env = {**os.environ, "PYTHONPATH": root} if root else None
    results: dict[str, Any] = {}

    def cli(url: str, *args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
        command = [sys.executable, "-m", "politeharvest", "harvest", url, *args]
        command += ["--request-interval", "0", "--user-agent", UA, "--allow-private-addresses"]
        return subprocess.run(command, cwd=cwd, capture_output=True, text=True, env=env)

    def last_line(done: subprocess.CompletedProcess[str]) -> str:
        lines = [x for x in done.stderr.splitlines() if x.startswith("politeharvest:")]
        return lines[-1][:160] if lines else ""

    with LoopbackServer("127.0.0.5") as server, tempfile.TemporaryDirectory() as tmp:
        for answer in ("badResumptionToken", "http500"):
            repo = identifier_ordered(forgotten_answer=answer)  # type: ignore[arg-type]
            server.add(f"/{answer}", repo)
            url, cwd = server.url(f"/{answer}"), Path(tmp) / answer
            cwd.mkdir()
            out = cwd / "out.jsonl"
            codes = [cli(url, "--out", str(out), "--max-records", "1000", cwd=cwd).returncode]
            repo.forget_tokens()
            for _ in range(4):
                done = cli(url, "--out", str(out), "--max-records", "1000", cwd=cwd)
                codes.append(done.returncode)
                if "--max-records" not in done.stderr:
                    break
            later = cli(url, "--out", str(out), cwd=cwd)
            ids = [r["identifier"] for r in rows(out)]
            results[f"tokens forgotten ({answer})"] = {
                "exit codes": [*codes, later.returncode],
                "distinct of 2500": len(set(ids)),
                "rows": len(ids),
                "message": last_line(done) or last_line(later),
            }
        for name, make, options, _asked in CASES:
            repo = make()
            path = "/" + name.replace(" ", "-")
            server.add(path, repo)
            cwd = Path(tmp) / path[1:]
            cwd.mkdir()
            out = cwd / "out.jsonl"
            done = cli(server.url(path), "--out", str(out), *options, cwd=cwd)
            got = rows(out)
            results[name] = {
                "exit code": done.returncode,
                "asked for, delivered": sum(1 for r in got if in_scope(r, options)),
                "asked for, in the repository": len(wanted(repo, options)),
                "not asked for, delivered": sum(1 for r in got if not in_scope(r, options)),
                "message": last_line(done),
            }
            lenient = cli(server.url(path), "--out", str(out), *options, "--lenient", cwd=cwd)
            if lenient.returncode != 2:  # the option exists
                got = rows(out)
                results[name + ", then --lenient"] = {
                    "exit code": lenient.returncode,
                    "asked for, delivered": sum(1 for r in got if in_scope(r, options)),
                    "not asked for, delivered": sum(1 for r in got if not in_scope(r, options)),
                    "distinct": len({r["identifier"] for r in got}) == len(got),
                }
        time.sleep(0)
    return results


if __name__ == "__main__":  # pragma: no cover - a measuring tool
    print(json.dumps(measure(sys.argv[1] if len(sys.argv) > 1 else None), indent=1))
