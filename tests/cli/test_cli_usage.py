"""First mistakes at the command line: each bad input, its exit code, its words, and the
requests the local server saw (none for a usage error)."""

from __future__ import annotations

import io
import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from politeharvest.cli import main
from politeharvest.testing import LoopbackServer, OaiTestRepository, Reply

pytestmark = pytest.mark.integration

UA = "politeharvest-tests/1.0 (+mailto:tests@example.org)"
#: A scaled-down pace for the tests that harvest to check what is said, not how fast.
FAST = ["--request-interval", "0.02"]


@pytest.fixture(scope="module")
def server() -> Iterator[LoopbackServer]:
    with LoopbackServer("127.0.0.1") as srv:
        srv.add("/robots.txt", Reply(200, body="User-agent: *\nAllow: /\n"))
        srv.add("/oai", OaiTestRepository.sample(30, page_size=10))
        yield srv


def cli(*argv: str, env: dict[str, str] | None = None) -> tuple[int, str]:
    err = io.StringIO()
    code = main(list(argv), out=io.StringIO(), err=err)
    return code, err.getvalue()


@pytest.mark.parametrize(
    ("extra", "code", "words"),
    [
        (["--from", "2024-13-40"], 2, ["--from", "not a date"]),
        (["--until", "yesterday"], 2, ["--until", "not a date"]),
        (["--from", "2024-05-01", "--until", "2024-01-01"], 2, ["later than", "--from", "--until"]),
        (["--preset", "nope"], 2, ["nope"]),
        (["--policy", "missing.toml"], 2, ["policy file missing.toml: no such file"]),
        (["--request-interval", "-1"], 2, ["--request-interval", "0 or more"]),
        (["--file-interval", "soon"], 2, ["--file-interval", "seconds"]),
        (["--user-agent", "mybot/1.0"], 2, ["contact"]),
        (["--html-only"], 2, ["--html-only needs --files"]),
        (["--max-records", "0"], 2, ["--max-records", "below 1"]),
        (["--files", "{blocked}/sub"], 2, ["--files", "is a file, not a folder"]),
        (["--out", "records.xlsx"], 2, ["--out records.xlsx", "not XLSX", ".jsonl", ".csv"]),
        (["--out", "records.json"], 2, ["not JSON", ".parquet", "SQLite (.sqlite, .db)"]),
        (["--out", "-", "--overwrite"], 2, ["--overwrite needs a file", "--out -"]),
        (["--out", "r.sqlite", "--overwrite"], 2, ["--overwrite replaces .jsonl", "not SQLite"]),
        (["--files", ""], 2, ["--files", "an empty path"]),  # not the working folder
        (["--metadata-prefix", ""], 2, ["--metadata-prefix", "not a metadata prefix"]),
        (["--metadata-prefix", "oai dc"], 2, ["'oai dc' is not a metadata prefix"]),
        (["--audit", "{blocked}/sub/a.jsonl"], 2, ["audit file", "cannot be written"]),
        (["--audit", "{missing}/a.jsonl"], 2, ["audit file", "No such file or directory"]),
        (["--metadata-prefix", "oai_dc", "--max-records", "5"], 0, ["run the same command"]),
    ],
)
def test_bad_input_is_a_usage_error_before_any_request(
    server: LoopbackServer, tmp_path: Path, extra: list[str], code: int, words: list[str]
) -> None:
    blocked = tmp_path / "a-file"
    blocked.write_text("x")
    seen = len(server.log)
    argv = [
        "harvest",
        server.url("/oai"),
        "--state",
        str(tmp_path / "state.sqlite"),
        "--out",
        str(tmp_path / "out.jsonl"),
        "--allow-private-addresses",
        *[
            a.replace("{blocked}", str(blocked)).replace("{missing}", str(tmp_path / "no" / "such"))
            for a in extra
        ],
    ]
    if "--user-agent" not in extra:
        argv += ["--user-agent", UA]
    got, message = cli(*argv)
    assert got == code, message
    for word in words:
        assert word in message
    if code == 2:
        assert len(server.log) == seen  # nothing was requested
        assert message.count("\n") == 1 and "Traceback" not in message


def test_a_contact_is_required_for_a_host_that_is_not_loopback(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("POLITEHARVEST_USER_AGENT", raising=False)
    code, message = cli("harvest", "https://repo.example.org/oai", "--state", str(tmp_path / "s"))
    assert code == 2
    assert "repo.example.org needs your contact" in message
    assert "--user-agent" in message and "POLITEHARVEST_USER_AGENT" in message


def test_the_contact_may_come_from_the_environment(
    server: LoopbackServer, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("POLITEHARVEST_USER_AGENT", "envbot/2.0 (mailto:env@example.org)")
    code, message = cli(
        "harvest",
        server.url("/oai"),
        "--state",
        str(tmp_path / "s.sqlite"),
        "--out",
        str(tmp_path / "o.jsonl"),
        "--allow-private-addresses",
        *FAST,
    )
    assert code == 0, message
    assert server.log[-1].headers["User-Agent"] == "envbot/2.0 (mailto:env@example.org)"


def test_a_name_that_does_not_resolve_is_an_error_not_a_deferral(tmp_path: Path) -> None:
    code, message = cli(
        "harvest",
        "https://nonexistent.invalid/oai",
        "--user-agent",
        UA,
        "--state",
        str(tmp_path / "s.sqlite"),
    )
    assert code == 1, message
    assert "cannot reach nonexistent.invalid: the name does not resolve" in message
    assert "Traceback" not in message and message.count("\n") == 1


def test_a_host_that_refuses_and_never_answered_is_an_error(tmp_path: Path) -> None:
    """Port 9 on loopback refuses connections; this state file never saw it answer."""
    code, message = cli(
        "harvest",
        "http://127.0.0.1:9/oai",
        "--user-agent",
        UA,
        "--allow-private-addresses",
        "--state",
        str(tmp_path / "s.sqlite"),
    )
    assert code == 1, message
    assert "refuses connections and has never answered" in message


def test_what_did_not_happen_is_said(server: LoopbackServer, tmp_path: Path) -> None:
    base = [
        "harvest",
        server.url("/oai"),
        "--user-agent",
        UA,
        "--allow-private-addresses",
        "--state",
        str(tmp_path / "s.sqlite"),
        "--out",
        str(tmp_path / "o.jsonl"),
        *FAST,
    ]
    code, message = cli(*base, "--max-records", "10")
    assert code == 0
    assert "stopped after 10 records (--max-records); run the same command to continue" in message
    assert cli(*base)[0] == 0
    code, message = cli(*base)  # incremental, nothing changed
    assert code == 0
    assert "0 records (0 deleted) in 1 page" in message
    assert "nothing new since 20" in message  # the repository's clock at the last harvest
    code, message = cli(*base, "--from", "2020-01-01", "--until", "2020-01-02")
    assert code == 0
    # the window asked for, not the end of the coverage (which says nothing of it)
    assert "nothing new from 2020-01-01 until 2020-01-02" in message, message
    assert "nothing new since" not in message
    code, message = cli(*base, "--metadata-prefix", "marc21", "--full")
    assert code == 1
    assert f"politeharvest formats {server.url('/oai')}" in message


def test_batch_without_files_writes_only_its_output(server: LoopbackServer, tmp_path: Path) -> None:
    import json

    server.add(
        "/landing/1",
        Reply(
            200,
            {"Content-Type": "text/html"},
            '<html><head><meta name="citation_title" content="T">'
            '<meta name="citation_pdf_url" content="/files/1.pdf"></head><body></body></html>',
        ),
    )
    work = tmp_path / "work"
    work.mkdir()
    inputs = work / "in.jsonl"
    inputs.write_text(
        "this is not json\n" + json.dumps({"id": "a", "url": server.url("/landing/1")}) + "\n"
    )
    out = work / "results.jsonl"
    code, message = cli(
        "fulltext",
        str(inputs),
        "--out",
        str(out),
        "--state",
        str(tmp_path / "s.sqlite"),
        "--user-agent",
        UA,
        "--allow-private-addresses",
        *FAST,
    )
    assert code == 0, message
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert rows[0]["line"] == 1 and "not a JSON object" in rows[0]["error"]
    assert rows[1]["id"] == "a"
    assert rows[1]["fulltext"]["file_url"] == server.url("/files/1.pdf")
    assert rows[1]["fulltext"]["status"] == "unverified"
    assert sorted(p.name for p in work.iterdir()) == ["in.jsonl", "results.jsonl"]


def test_an_unknown_set_is_refused_with_the_closest_names(
    server: LoopbackServer, tmp_path: Path
) -> None:
    base = [
        "harvest",
        server.url("/oai"),
        "--user-agent",
        UA,
        "--allow-private-addresses",
        "--state",
        str(tmp_path / "s.sqlite"),
        "--out",
        str(tmp_path / "o.jsonl"),
        *FAST,
    ]
    seen = len(server.log)
    code, message = cli(*base, "--set", "maths")
    assert code == 2
    assert "--set maths: the repository has no such set; did you mean math" in message
    asked = [r for r in server.log[seen:] if "ListSets" in r.url]
    assert len(asked) == 1 and not [r for r in server.log[seen:] if "ListRecords" in r.url]
    code, message = cli(*base, "--set", "physcs")  # the answer is cached in the state
    assert code == 2 and "physics" in message
    assert len([r for r in server.log[seen:] if "ListSets" in r.url]) == 1
    assert cli(*base, "--set", "math")[0] == 0


def test_redis_state_urls_are_stores_never_folders(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """--state redis://... without redis-py is a usage error (never a folder named 'redis:')."""
    import sys

    monkeypatch.chdir(tmp_path)
    monkeypatch.setitem(sys.modules, "redis", None)  # as if not installed
    err = io.StringIO()
    url = "http://127.0.0.1:9/oai"
    code = main(["harvest", url, "--state", "redis://127.0.0.1:6379/0"], err=err)
    assert code == 2
    assert "pip install 'politeharvest[redis]'" in err.getvalue()
    err = io.StringIO()
    assert main(["harvest", url, "--state", "ftp://x/y"], err=err) == 2
    err = io.StringIO()
    assert main(["harvest", url, "--out", "redis://127.0.0.1:6379/0"], err=err) == 2
    assert "needs --state in the same Redis" in err.getvalue()
    assert list(tmp_path.iterdir()) == []  # nothing created


@pytest.mark.parametrize(
    ("argv", "suggestion"),
    [
        (["harvset", "https://x.org/oai"], "did you mean harvest?"),
        (["staus"], "did you mean status?"),
        (["harvest", "https://x.org/oai", "--maxrecords", "5"], "did you mean --max-records?"),
        (["harvest", "https://x.org/oai", "--user-agnet", UA], "did you mean --user-agent?"),
        (["status", "--jsn"], "did you mean --json?"),
    ],
)
def test_a_typo_gets_a_did_you_mean(argv: list[str], suggestion: str) -> None:
    code, err = cli(*argv)
    assert code == 2
    assert suggestion in err
    assert len(err.strip().splitlines()) == 1


def test_no_suggestion_for_nonsense() -> None:
    code, err = cli("zzzzzz")
    assert code == 2 and "did you mean" not in err


@pytest.mark.parametrize(
    "command", ["identify", "formats", "sets", "record", "fulltext", "harvest", "demo"]
)
def test_every_command_has_a_description_and_an_example(
    command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main([command, "--help"]) == 0
    text = capsys.readouterr().out
    assert "example:\n  politeharvest " + command in text
    if command not in ("fulltext", "demo"):
        assert "OAI-PMH base URL" in text  # the url argument is explained


def test_a_new_empty_output_after_an_earlier_harvest_says_how_to_fill_it(
    server: LoopbackServer, tmp_path: Path
) -> None:
    """The state says the repository is covered; an empty new --out gets one line naming --full."""
    state = str(tmp_path / "state.sqlite")
    common = ["--state", state, "--allow-private-addresses", "--user-agent", UA, *FAST]
    first, _ = cli("harvest", server.url("/oai"), "--out", str(tmp_path / "a.jsonl"), *common)
    assert first == 0
    fresh = tmp_path / "b.jsonl"
    code, message = cli("harvest", server.url("/oai"), "--out", str(fresh), *common)
    assert code == 0
    assert "nothing new" in message
    assert f"note: {fresh} is empty" in message and "--full" in message
    again, _ = cli("harvest", server.url("/oai"), "--out", str(fresh), "--full", *common)
    assert again == 0
    assert len(fresh.read_text().splitlines()) == 30  # every record, once, into the new file


@pytest.mark.parametrize("command", ["harvest", "identify", "formats", "sets"])
def test_a_private_endpoint_without_the_option_is_a_usage_error(
    server: LoopbackServer, tmp_path: Path, command: str
) -> None:
    """A literal loopback or private address in the URL is known to be refused before any
    request: exit 2, the option to add named, and no output or state file left behind."""
    seen = len(server.log)
    argv = [command, server.url("/oai"), "--user-agent", UA]
    if command == "harvest":
        argv += ["--state", str(tmp_path / "s.sqlite"), "--out", str(tmp_path / "o.jsonl")]
    code, message = cli(*argv)
    assert code == 2, message
    assert "127.0.0.1 is a loopback or private address" in message
    assert "--allow-private-addresses" in message
    assert message.count("\n") == 1 and "Traceback" not in message
    assert len(server.log) == seen  # nothing was requested
    assert not list(tmp_path.iterdir())  # nothing was written


def test_a_policy_file_may_allow_private_addresses(server: LoopbackServer, tmp_path: Path) -> None:
    policy = tmp_path / "policy.toml"
    policy.write_text("allow_private_addresses = true\nrequest_interval = 0.0\n")
    code, message = cli(
        "harvest",
        server.url("/oai"),
        "--policy",
        str(policy),
        "--user-agent",
        UA,
        "--state",
        str(tmp_path / "s.sqlite"),
        "--out",
        str(tmp_path / "o.jsonl"),
    )
    assert code == 0, message


@pytest.mark.parametrize(
    ("extra", "words"),
    [
        (["{missing}"], ["{missing}: no such input file", "JSON lines"]),
        (["{folder}"], ["{folder}: is a folder", "JSON lines"]),
        (["{works}", "--workers", "0"], ["--workers", "0 is below 1"]),
        (["{works}", "--batch-size", "0"], ["--batch-size", "0 is below 1"]),
    ],
)
def test_fulltext_bad_input_is_a_usage_error_before_any_request(
    server: LoopbackServer, tmp_path: Path, extra: list[str], words: list[str]
) -> None:
    """A missing input named --out in an exit-1 error, after creating an empty output."""
    works = tmp_path / "works.jsonl"
    works.write_text(json.dumps({"id": "w1", "url": server.url("/oai")}) + "\n")
    folder = tmp_path / "folder"
    folder.mkdir()
    names = {"missing": str(tmp_path / "nope.jsonl"), "folder": str(folder), "works": str(works)}
    seen = len(server.log)
    out = tmp_path / "results.jsonl"
    argv = [a.format(**names) for a in extra]
    code, message = cli(
        "fulltext", *argv, "--out", str(out), "--state", str(tmp_path / "s.sqlite"),
        "--user-agent", UA, "--allow-private-addresses",
    )  # fmt: skip
    assert code == 2, message
    for word in words:
        assert word.format(**names) in message, message
    assert message.count("\n") == 1 and "Traceback" not in message
    assert "--out" not in message
    assert len(server.log) == seen
    assert not out.exists()


def test_overwrite_of_the_file_an_unfinished_harvest_wrote_is_refused(
    server: LoopbackServer, tmp_path: Path
) -> None:
    """--overwrite continues the unfinished harvest into a new file: the pages it wrote before
    would be in no output (the state counts them delivered), so it is refused before any
    request, saying how to continue or start afresh."""
    out = tmp_path / "out.jsonl"
    base = [
        "harvest", server.url("/oai"), "--state", str(tmp_path / "s.sqlite"), "--out", str(out),
        "--user-agent", UA, "--allow-private-addresses", "--request-interval", "0",
    ]  # fmt: skip
    code, message = cli(*base, "--max-records", "10")
    assert code == 0, message
    before = out.read_bytes()
    seen = len(server.log)
    code, message = cli(*base, "--overwrite")
    assert code == 2, message
    assert message.startswith(f"politeharvest: refused: {out}, where an unfinished harvest")
    assert "--overwrite would replace it" in message
    assert "To continue that harvest into the file, leave out --overwrite" in message
    assert "add --full" in message
    assert message.count("\n") == 1 and "Traceback" not in message
    assert len(server.log) == seen  # nothing was requested
    assert out.read_bytes() == before
    code, message = cli(*base, "--overwrite", "--full")  # afresh: every record, once
    assert code == 0, message
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(rows) == len({r["identifier"] for r in rows}) == 30
    code, message = cli(*base)
    assert code == 0, message
    # an unfinished --full harvest is what --full continues: --overwrite --full is refused too
    code, message = cli(*base, "--full", "--max-records", "10")
    assert code == 0, message
    before = out.read_bytes()
    code, message = cli(*base, "--full", "--overwrite")
    assert code == 2, message
    assert "an unfinished harvest (--full) wrote 1 page (10 records)" in message
    assert "give a new --state and a new --out" in message
    assert out.read_bytes() == before


def test_a_stopped_overwrite_says_the_command_that_continues_it(
    server: LoopbackServer, tmp_path: Path
) -> None:
    """A run with --overwrite that wrote pages and stopped (Ctrl-C, --max-records) names the
    command that continues it: the same one would replace its pages again and is refused,
    so it says to leave out --overwrite; doing so ends with every record once."""
    out = tmp_path / "out.jsonl"
    base = [
        "harvest", server.url("/oai"), "--state", str(tmp_path / "s.sqlite"), "--out", str(out),
        "--user-agent", UA, "--allow-private-addresses", "--request-interval", "0",
    ]  # fmt: skip
    assert cli(*base)[0] == 0  # a finished harvest, then afresh over it
    code, message = cli(*base, "--overwrite", "--full", "--max-records", "10")
    assert code == 0, message
    assert (
        "stopped after 10 records (--max-records); run the same command without --overwrite "
        "to continue"
    ) in message
    assert cli(*base, "--overwrite", "--full")[0] == 2  # what it warns of
    code, message = cli(*base, "--full")  # what it says
    assert code == 0, message
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(rows) == len({r["identifier"] for r in rows}) == 30
