"""The command line in a subprocess: real runs, clear errors, and a SIGKILL crash test."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from politeharvest.testing import LoopbackServer, Reply
from tests.support.providers import generate, pyoai_route

pytestmark = pytest.mark.integration

ITEMS = generate(2500)
UA = "politeharvest-tests/1.0 (+mailto:tests@example.org)"


def cli(*args: str, cwd: Path) -> list[str]:
    # the test repositories live on loopback: private addresses are refused by default
    extra = ["--allow-private-addresses"] if args and args[0] != "demo" else []
    return [sys.executable, "-m", "politeharvest", *args, *extra]


def run(*args: str, cwd: Path, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        cli(*args, cwd=cwd), cwd=cwd, capture_output=True, text=True, timeout=timeout
    )


@pytest.fixture(scope="module")
def repository() -> Iterator[LoopbackServer]:
    with LoopbackServer("127.0.0.2") as server:
        server.add("/oai", pyoai_route(ITEMS, batch_size=100))
        server.add("/robots.txt", Reply(200, body="User-agent: *\nDisallow: /private\n"))
        server.add("/private/oai", pyoai_route(ITEMS[:10]))
        server.add(
            "/html", Reply(200, {"Content-Type": "text/html"}, "<html><body>Welcome</body></html>")
        )
        yield server


def test_harvest_to_jsonl_then_incremental(repository: LoopbackServer, tmp_path: Path) -> None:
    out = tmp_path / "records.jsonl"
    first = run(
        "harvest",
        repository.url("/oai"),
        "--out",
        str(out),
        "--request-interval",
        "0",
        "--user-agent",
        UA,
        cwd=tmp_path,
    )
    assert first.returncode == 0, first.stderr
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(rows) == len({r["identifier"] for r in rows}) == 2500
    assert sum(r["deleted"] for r in rows) == 192
    assert Path(os.environ["POLITEHARVEST_STATE"]).exists()  # the default state (issue 23)
    assert not (tmp_path / ".politeharvest").exists()  # nothing in the working folder
    assert "2500 records (192 deleted) in 25 pages" in first.stderr
    second = run(
        "harvest",
        repository.url("/oai"),
        "--out",
        str(out),
        "--request-interval",
        "0",
        cwd=tmp_path,
    )
    assert second.returncode == 0, second.stderr
    assert len(out.read_text().splitlines()) == 2500  # nothing changed since: nothing new


def test_harvest_to_stdout_by_set(repository: LoopbackServer, tmp_path: Path) -> None:
    done = run(
        "harvest",
        repository.url("/oai"),
        "--set",
        "bio",
        "--request-interval",
        "0",
        "-q",
        cwd=tmp_path,
    )
    assert done.returncode == 0
    rows = [json.loads(line) for line in done.stdout.splitlines()]
    assert {r["identifier"] for r in rows} == {i.identifier for i in ITEMS if "bio" in i.sets}
    assert done.stderr == ""


def test_tool_commands(repository: LoopbackServer, tmp_path: Path) -> None:
    fast = ("--request-interval", "0.02")  # what they print is checked, not the 1 s pace
    identify = run("identify", repository.url("/oai"), *fast, cwd=tmp_path)
    assert json.loads(identify.stdout)["granularity"] == "YYYY-MM-DDThh:mm:ssZ"
    formats = run("formats", repository.url("/oai"), *fast, cwd=tmp_path)
    assert json.loads(formats.stdout)["prefix"] == "oai_dc"
    sets = run("sets", repository.url("/oai"), *fast, cwd=tmp_path)
    assert [json.loads(line)["spec"] for line in sets.stdout.splitlines()] == [
        "math",
        "physics",
        "cs",
        "bio",
    ]
    record = run("record", repository.url("/oai"), ITEMS[3].identifier, *fast, cwd=tmp_path)
    assert json.loads(record.stdout)["identifier"] == ITEMS[3].identifier


@pytest.mark.parametrize(
    ("args", "code", "words"),
    [
        (["harvest", "not-a-url"], 2, "not an http(s) URL"),  # usage
        (["harvest", "{html}"], 1, "not OAI-PMH"),
        (["harvest", "{private}"], 1, "Disallow: /private"),
        (["harvest", "{oai}", "--out", "{blocked}/out.jsonl"], 2, "is a file, not a folder"),
        (["harvest", "{oai}", "--preset", "nope"], 2, "no politeness preset"),  # usage
        # a host that never answered refuses connections: the URL is wrong, as for harvest
        (["identify", "http://127.0.0.9:9/oai"], 1, "refuses connections and has never answered"),
    ],
)
def test_errors_are_one_clear_line(
    repository: LoopbackServer, tmp_path: Path, args: list[str], code: int, words: str
) -> None:
    blocked = tmp_path / "a-file"
    blocked.write_text("x")
    values = {
        "html": repository.url("/html"),
        "private": repository.url("/private/oai"),
        "oai": repository.url("/oai"),
        "blocked": str(blocked),
    }
    done = run(*[a.format(**values) for a in args], "--quiet", cwd=tmp_path)
    assert done.returncode == code
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    assert words in lines[0]
    assert "Traceback" not in done.stderr
    assert done.stdout == ""
    assert not list(tmp_path.glob("*.jsonl"))


def test_debug_shows_the_traceback(repository: LoopbackServer, tmp_path: Path) -> None:
    done = run("harvest", repository.url("/html"), "--debug", cwd=tmp_path)
    assert done.returncode == 1
    assert "Traceback" in done.stderr


def test_sigkill_at_ten_random_moments_loses_and_repeats_nothing(
    repository: LoopbackServer, tmp_path: Path
) -> None:
    """Kill -9 the harvest at 10 random moments, restarting it each time: the final
    JSONL holds every expected identifier exactly once."""
    out = tmp_path / "crash.jsonl"
    args = cli(
        "harvest",
        repository.url("/oai"),
        "--out",
        str(out),
        # (25 pages at 0.5 s each: a run killed 0.3-1.6 s after its start has at most three
        # pages done, so the ten runs cannot finish the harvest between them and each kill
        # lands in a running harvest; at 0.25 s some runs finished first on a fast machine)
        "--request-interval",
        "0.5",
        "--quiet",
        cwd=tmp_path,
    )
    rng = random.Random(int(os.environ.get("CRASH_SEED", "20261130")))
    # The moments count from when a command can have started: on a loaded machine, starting
    # Python and importing the library alone can take longer than the 1.6 s.
    started = time.monotonic()
    subprocess.run([*args[:3], "--version"], cwd=tmp_path, capture_output=True, timeout=120)
    startup = time.monotonic() - started
    sizes = []
    kills = 0
    for _ in range(10):
        process = subprocess.Popen(
            args, cwd=tmp_path, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        )
        time.sleep(startup + rng.uniform(0.3, 1.6))
        if process.poll() is None:
            process.send_signal(signal.SIGKILL)
            kills += 1
        process.wait()
        sizes.append(out.stat().st_size if out.exists() else 0)
    final = subprocess.run(args, cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert final.returncode == 0, final.stderr
    identifiers = [json.loads(line)["identifier"] for line in out.read_text().splitlines()]
    assert kills >= 8
    assert len(identifiers) == len(set(identifiers))
    assert set(identifiers) == {i.identifier for i in ITEMS}
    assert sizes[-1] > 0  # the killed runs made progress


def test_ctrl_c_stops_after_the_page_and_the_next_run_continues(
    repository: LoopbackServer, tmp_path: Path
) -> None:
    out = tmp_path / "interrupted.jsonl"
    args = cli(
        "harvest",
        repository.url("/oai"),
        "--out",
        str(out),
        "--request-interval",
        "0.2",
        cwd=tmp_path,
    )
    before = len(repository.log)
    process = subprocess.Popen(
        args, cwd=tmp_path, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True
    )
    # Ctrl-C once the harvest is under way (its first page asked for), however long the
    # command took to start on a busy machine
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and not any(
        r.path.startswith("/oai") for r in repository.log[before:]
    ):
        time.sleep(0.02)
    process.send_signal(signal.SIGINT)
    _, stderr = process.communicate(timeout=30)
    assert process.returncode == 130, stderr
    assert "stopping after this page" in stderr
    assert "run the same command to continue" in stderr
    written = out.read_text().splitlines()
    assert 0 < len(written) < 2500
    assert len(written) % 100 == 0  # whole pages only
    final = subprocess.run(args, cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert final.returncode == 0, final.stderr
    identifiers = [json.loads(line)["identifier"] for line in out.read_text().splitlines()]
    assert len(identifiers) == len(set(identifiers)) == 2500


PDF_BYTES = b"%PDF-1.7\n" + b"0" * 4000 + b"\n%%EOF\n"


@pytest.fixture(scope="module")
def journal() -> Iterator[LoopbackServer]:
    """A repository whose records point at landing pages, whose pages link PDFs."""
    from politeharvest.testing import OaiTestRepository

    with LoopbackServer("127.0.0.4") as server:
        repo = OaiTestRepository.sample(
            8, page_size=5, deleted_every=4, link_base=server.url("/landing/")
        )
        server.add("/oai", repo)

        def page(request: object) -> Reply:
            name = str(getattr(request, "path", "")).rsplit(":", 1)[-1]
            return Reply(
                200,
                {"Content-Type": "text/html"},
                (
                    '<html><head><meta name="citation_title" content="x">'
                    f'<meta name="citation_pdf_url" content="/files/{name}.pdf"></head><body></body></html>'
                ),
            )

        server.add("/landing/*", page)
        server.add("/files/*", Reply(200, {"Content-Type": "application/pdf"}, PDF_BYTES))
        yield server


@pytest.mark.parametrize("html_only", [False, True])
def test_harvest_with_files(journal: LoopbackServer, tmp_path: Path, html_only: bool) -> None:
    out = tmp_path / "records.jsonl"
    args = [
        "harvest",
        journal.url("/oai"),
        "--out",
        str(out),
        "--files",
        str(tmp_path / "ft"),
        "--request-interval",
        "0",
        "--file-interval",
        "0",
        "--quiet",
    ]
    done = run(*args, *(["--html-only"] if html_only else []), cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(rows) == 8
    live = [r for r in rows if not r["deleted"]]
    assert all("fulltext" not in r for r in rows if r["deleted"])
    for row in live:
        fulltext = row["fulltext"]
        assert fulltext["landing_url"].startswith(journal.url("/landing/"))
        assert fulltext["file_url"].endswith(".pdf")
        if html_only:
            assert (fulltext["status"], fulltext["path"]) == ("unverified", None)
            assert (out.parent / fulltext["html_path"]).read_text().startswith("<html>")
        else:
            assert fulltext["status"] == "downloaded"
            assert (out.parent / fulltext["path"]).read_bytes() == PDF_BYTES
            # a text-less file from the page's own citation_pdf_url: kept, said unverifiable
            assert fulltext["identity"]["verdict"] == "unverifiable"
    # files go into --files DIR itself
    files = list((tmp_path / "ft").glob("*.pdf")) if (tmp_path / "ft").exists() else []
    assert len(files) == (0 if html_only else len(live))
