"""A row's ``fulltext.path`` is read against the folder of the output it is written in.

It was relative to the folder the command ran in: read from anywhere else (another
terminal, ``clean`` into another folder, a notebook beside the output) the links broke.
Now harvest, fulltext and clean write a file inside their output's folder relative to that
folder (the folder moves whole) and any other file as an absolute path (standard output:
always absolute); joined to the output's folder, every path finds its file.
"""

from __future__ import annotations

import io
import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from politeharvest.cli import main
from politeharvest.testing import LoopbackServer, OaiTestRepository
from tests.support import UA
from tests.support.plans import served_with_files

pytestmark = pytest.mark.integration


@pytest.fixture
def files_repo() -> Iterator[tuple[LoopbackServer, OaiTestRepository]]:
    with served_with_files(records=6, page_size=3) as served:
        yield served


def cli(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out=out, err=err)
    return code, out.getvalue(), err.getvalue()


POLITE = (
    "--user-agent",
    UA,
    "--allow-private-addresses",
    "--request-interval",
    "0",
    "--file-interval",
    "0",
)


def rows_of(path: Path) -> list[dict[str, object]]:
    return [json.loads(line) for line in path.read_text().splitlines()]


def stored(rows: list[dict[str, object]]) -> list[str]:
    paths = [str(row["fulltext"]["path"]) for row in rows if row.get("fulltext")]  # type: ignore[index]
    assert paths and all(paths), rows
    return paths


def test_harvest_and_clean_write_paths_relative_to_their_output_folder(
    files_repo: tuple[LoopbackServer, OaiTestRepository],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    server, repository = files_repo
    here, elsewhere = tmp_path / "here", tmp_path / "elsewhere"
    here.mkdir()
    elsewhere.mkdir()
    monkeypatch.chdir(here)
    state = str(tmp_path / "state.sqlite")
    code, _, err = cli(
        "harvest", server.url("/oai"), "--out", "h.jsonl", "--files", "files",
        "--state", state, *POLITE,
    )  # fmt: skip
    assert code == 0, err
    output = here / "h.jsonl"
    paths = stored(rows_of(output))
    assert len(paths) == len(repository.records)
    for path in paths:
        assert path.startswith("files/"), path  # inside the output's folder: relative to it
        assert (output.parent / path).resolve().parent == (here / "files").resolve()

    # clean, run from another folder into a third one: the links follow the output
    monkeypatch.chdir(elsewhere)
    (elsewhere / "cleaned").mkdir()
    code, _, err = cli("clean", str(output), "--out", "cleaned/c.jsonl")
    assert code == 0, err
    cleaned = elsewhere / "cleaned" / "c.jsonl"
    for path in stored(rows_of(cleaned)):
        assert Path(path).is_absolute()  # the files are not inside the output's folder
        assert (cleaned.parent / path).resolve().parent == (here / "files").resolve()
    # into the input's own folder: relative again
    code, _, err = cli("clean", str(output), "--out", str(here / "c.jsonl"))
    assert code == 0, err
    assert all(p.startswith("files/") for p in stored(rows_of(here / "c.jsonl")))
    # to standard output (no folder): absolute
    code, out, err = cli("clean", str(output), "--out", "-")
    assert code == 0, err
    for line in out.splitlines():
        path = json.loads(line)["fulltext"]["path"]
        assert Path(path).is_absolute() and Path(path).is_file()

    # a harvest into a folder of its own, its files elsewhere: absolute paths
    code, _, err = cli(
        "harvest", server.url("/oai"), "--out", "out/h2.jsonl", "--files", "files2",
        "--state", str(tmp_path / "state2.sqlite"), *POLITE,
    )  # fmt: skip
    assert code == 0, err
    for path in stored(rows_of(elsewhere / "out" / "h2.jsonl")):
        assert Path(path).is_absolute()
        assert Path(path).parent == (elsewhere / "files2").resolve()


def test_fulltext_batch_writes_paths_relative_to_its_output_folder(
    files_repo: tuple[LoopbackServer, OaiTestRepository],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    server, repository = files_repo
    monkeypatch.chdir(tmp_path)
    (tmp_path / "in.jsonl").write_text(
        "".join(
            json.dumps({"id": r.identifier, "url": server.url(f"/landing/{r.identifier}")}) + "\n"
            for r in repository.records[:2]
        )
    )
    code, _, err = cli(
        "fulltext", "in.jsonl", "--out", "results/r.jsonl", "--files", "results/files",
        "--state", "state.sqlite", *POLITE,
    )  # fmt: skip
    assert code == 0, err
    output = tmp_path / "results" / "r.jsonl"
    for path in stored(rows_of(output)):
        assert path.startswith("files/"), path
        assert (output.parent / path).resolve().parent == (tmp_path / "results" / "files")


def test_clean_writes_into_a_folder_not_there_yet(tmp_path: Path) -> None:
    """As harvest's --out does: the folder is made (it was an error naming a temporary file)."""
    source = tmp_path / "in.jsonl"
    source.write_text(json.dumps({"identifier": "a", "datestamp": "2020-01-01"}) + "\n")
    code, _, err = cli("clean", str(source), "--out", str(tmp_path / "new" / "c.jsonl"))
    assert code == 0, err
    lines = (tmp_path / "new" / "c.jsonl").read_text().splitlines()
    assert [json.loads(line)["identifier"] for line in lines] == ["a"]
