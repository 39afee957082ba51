"""CSV and Parquet outputs through the real command: read back by pandas, polars and DuckDB,
exactly once across SIGKILL mid-harvest, and ``--overwrite`` on each format.
"""

from __future__ import annotations

import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from politeharvest.testing import LoopbackServer, OaiTestRepository, Reply
from tests.support.faults import command, harvest_args, one_line, run, wait_for, write_policy

pytestmark = pytest.mark.integration

pd = pytest.importorskip("pandas")
pl = pytest.importorskip("polars")
duckdb = pytest.importorskip("duckdb")
pytest.importorskip("pyarrow")

REPO = OaiTestRepository.sample(120, page_size=20)
ALL = {r.identifier for r in REPO.records}


@pytest.fixture(scope="module")
def server() -> Iterator[LoopbackServer]:
    with LoopbackServer("127.0.0.8") as srv:
        srv.add("/robots.txt", Reply(200, body="User-agent: *\nAllow: /\n"))
        srv.add("/oai", REPO)
        yield srv


def harvest(server: LoopbackServer, folder: Path, out: Path, *extra: str) -> list[str]:
    return harvest_args(server.url("/oai"), folder, out, *extra)


def read_back(out: Path) -> dict[str, list[str]]:
    """The identifiers of `out` as pandas, polars and DuckDB read it."""
    if out.suffix == ".csv":
        return {
            "pandas": pd.read_csv(out, dtype=str)["identifier"].tolist(),
            "polars": pl.read_csv(out, infer_schema_length=0)["identifier"].to_list(),
            "duckdb": [
                r[0]
                for r in duckdb.sql(
                    f"SELECT identifier FROM read_csv('{out}', header=true, all_varchar=true)"
                ).fetchall()
            ],
        }
    glob = str(out / "*.parquet")
    return {
        "pandas": pd.read_parquet(out)["identifier"].tolist(),
        "polars": pl.read_parquet(glob)["identifier"].to_list(),
        "polars-scan": pl.scan_parquet(glob).select("identifier").collect()["identifier"].to_list(),
        "duckdb": [
            r[0] for r in duckdb.sql(f"SELECT identifier FROM read_parquet('{glob}')").fetchall()
        ],
    }


def each_once(out: Path) -> None:
    for reader, got in read_back(out).items():
        assert len(got) == len(set(got)), f"{reader}: a record was delivered twice"
        assert set(got) == ALL, reader


@pytest.mark.parametrize("name", ["records.csv", "records.parquet"])
def test_a_table_output_is_read_back_by_pandas_polars_and_duckdb(
    server: LoopbackServer, tmp_path: Path, name: str
) -> None:
    write_policy(tmp_path)
    out = tmp_path / name
    done = run(*harvest(server, tmp_path, out, "--quiet"), cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    each_once(out)
    columns = list(pd.read_parquet(out).columns if out.is_dir() else pd.read_csv(out).columns)
    assert columns[:4] == ["identifier", "datestamp", "deleted", "sets"]
    assert "metadata.title" in columns and columns[-1] == "extra"


@pytest.mark.parametrize("name", ["records.csv", "records.parquet"])
def test_exactly_once_across_sigkill_mid_harvest(
    server: LoopbackServer, tmp_path: Path, name: str
) -> None:
    out = tmp_path / name
    write_policy(tmp_path, request_interval=0.25)
    kills = 0
    for pages in (1, 3):  # kill twice, at different pages, then resume to the end

        def written(pages: int = pages) -> bool:
            if out.is_dir():
                return len(list(out.glob("part-*.parquet"))) > pages
            return out.is_file() and out.read_text().count("\noai:") > pages * 20

        process = subprocess.Popen(
            command(*harvest(server, tmp_path, out)),
            cwd=tmp_path,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        try:
            if wait_for(written, timeout=30):
                process.send_signal(signal.SIGKILL)
                kills += 1
        finally:
            process.wait(timeout=30)
    assert kills >= 1
    write_policy(tmp_path)
    again = run(*harvest(server, tmp_path, out, "--quiet"), cwd=tmp_path)
    assert again.returncode == 0, again.stderr
    each_once(out)


@pytest.mark.parametrize("name", ["records.jsonl", "records.csv", "records.parquet"])
def test_overwrite_on_each_format(server: LoopbackServer, tmp_path: Path, name: str) -> None:
    write_policy(tmp_path)
    out = tmp_path / name
    assert run(*harvest(server, tmp_path, out, "--quiet"), cwd=tmp_path).returncode == 0
    before = sorted(p.name for p in tmp_path.iterdir())
    # nothing new: the old output stays, and the summary says how to get a fresh one
    nothing = run(*harvest(server, tmp_path, out, "--overwrite"), cwd=tmp_path)
    assert nothing.returncode == 0, nothing.stderr
    assert "--overwrite left" in nothing.stderr and "--full" in nothing.stderr
    # every record again, into a new file that replaces the old one: each once, not twice
    done = run(*harvest(server, tmp_path, out, "--overwrite", "--full", "--quiet"), cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    if name.endswith(".jsonl"):
        ids = [
            line.split('"identifier": "')[1].split('"')[0] for line in out.read_text().splitlines()
        ]
        assert len(ids) == len(set(ids)) and set(ids) == ALL
    else:
        each_once(out)
    assert sorted(p.name for p in tmp_path.iterdir()) == before  # nothing left beside


def test_a_csv_with_another_header_is_refused_before_any_request(
    server: LoopbackServer, tmp_path: Path
) -> None:
    write_policy(tmp_path)
    out = tmp_path / "mine.csv"
    out.write_text("name,score\nada,3\n")
    seen = len(server.log)
    done = run(*harvest(server, tmp_path, out), cwd=tmp_path)
    assert done.returncode == 2, done.stderr
    one_line(done, "mine.csv", "another header", "--overwrite")
    assert len(server.log) == seen
    assert out.read_text() == "name,score\nada,3\n"


def test_an_unknown_ending_is_refused_before_any_request(
    server: LoopbackServer, tmp_path: Path
) -> None:
    write_policy(tmp_path)
    seen = len(server.log)
    done = run(*harvest(server, tmp_path, tmp_path / "records.xlsx"), cwd=tmp_path)
    assert done.returncode == 2, done.stderr
    one_line(done, "records.xlsx", "not XLSX", ".csv", ".parquet")
    assert len(server.log) == seen
    assert not (tmp_path / "records.xlsx").exists()


def test_parquet_without_pyarrow_names_the_extra(server: LoopbackServer, tmp_path: Path) -> None:
    write_policy(tmp_path)
    hide = (
        "import sys; sys.modules['pyarrow'] = None; sys.modules['pyarrow.parquet'] = None; "
        "from politeharvest.cli import main; sys.exit(main(sys.argv[1:]))"
    )
    args = harvest(server, tmp_path, tmp_path / "records.parquet")
    done = subprocess.run(
        [sys.executable, "-c", hide, *args], cwd=tmp_path, capture_output=True, text=True
    )
    assert done.returncode == 2, done.stderr
    one_line(done, "pip install 'politeharvest[parquet]'")
