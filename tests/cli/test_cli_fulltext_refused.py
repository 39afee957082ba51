"""`fulltext` batch: a refusal by the user's own settings is not final.

Inputs on a private (here loopback) address without ``--allow-private-addresses`` are
refused before any request; their rows say ``refused``, with the settings that refused
them, and the summary says to change the setting. Run again with the option, they are
tried (``"retry": true`` rows); run again as before, nothing is asked twice.
"""

from __future__ import annotations

import io
import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from politeharvest.cli import main
from politeharvest.testing import LoopbackServer, OaiTestRepository, Reply, serve_fulltext

pytestmark = pytest.mark.integration

UA = "politeharvest-tests/1.0 (+mailto:tests@example.org)"


@pytest.fixture
def site() -> Iterator[tuple[LoopbackServer, OaiTestRepository]]:
    repository = OaiTestRepository.sample(7, deleted_every=0)
    with LoopbackServer("127.0.0.1") as server:
        server.add("/robots.txt", Reply(200, body="User-agent: *\nAllow: /\n"))
        serve_fulltext(server, repository)
        yield server, repository


def cli(*argv: str) -> tuple[int, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out=out, err=err)
    return code, err.getvalue()


def rows(path: Path) -> list[dict[str, object]]:
    return [json.loads(line) for line in path.read_text().splitlines()]


def test_inputs_refused_by_your_own_settings_are_tried_once_the_setting_changes(
    site: tuple[LoopbackServer, OaiTestRepository], tmp_path: Path
) -> None:
    server, repository = site
    inputs = tmp_path / "in.jsonl"
    inputs.write_text(
        "".join(
            json.dumps({"id": r.identifier, "url": server.url(f"/landing/{r.identifier}")}) + "\n"
            for r in repository.records
        )
    )
    out = tmp_path / "results.jsonl"
    common = [
        "fulltext", str(inputs), "--out", str(out), "--files", str(tmp_path / "files"),
        "--state", str(tmp_path / "s.sqlite"), "--user-agent", UA,
        "--request-interval", "0.05", "--file-interval", "0.05",
    ]  # fmt: skip

    code, err = cli(*common)
    assert code == 0, err
    first = rows(out)
    assert len(first) == 7
    assert server.log == []  # refused before any request
    for row in first:
        fulltext = row["fulltext"]
        assert isinstance(fulltext, dict)
        assert fulltext["status"] == "refused", fulltext
        assert "--allow-private-addresses" in fulltext["reason"]
        assert fulltext["settings"]["allow_private_addresses"] is False
    assert "7 of them refused by your own settings" in err
    assert "not final" in err

    code, err = cli(*common)  # the same settings: the same answer, nothing written again
    assert code == 0, err
    assert "0 results" in err and "7 were already there" in err
    assert len(rows(out)) == 7 and server.log == []

    code, err = cli(*common, "--allow-private-addresses")  # as the message advised
    assert code == 0, err
    assert "7 results" in err, err
    assert "7 downloaded" in err, err  # what became of them, as harvest --files says
    assert "7 refused before by settings of yours that changed since: tried again" in err
    again = rows(out)[7:]
    assert len(again) == 7
    assert all(row.get("retry") is True for row in again)
    assert {row["fulltext"]["status"] for row in again} == {"downloaded"}  # type: ignore[index]
    files = [r for r in server.log if r.path.startswith("/files/")]
    assert len(files) == 7

    code, err = cli(*common, "--allow-private-addresses")  # done now: nothing asked twice
    assert code == 0, err
    # the count is of the earlier runs only (it read 14 once: this run's own inputs counted too)
    assert "0 results" in err and "(7 were already there)" in err and "(14 " not in err
    assert len(rows(out)) == 14
    assert len([r for r in server.log if r.path.startswith("/files/")]) == 7
