"""``clean`` as a view of a harvest, through the real command: harvest with ``--files`` into
JSON lines, CSV and Parquet, clean each, and read the results back with pandas, pyarrow and
DuckDB: every field kept (the rows still join to their PDFs), every format read and written by
its ending, an input without a record refused, merged rows keeping their members; and the
columns of CSV and Parquet outputs the same from the first page on.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from politeharvest.store._tables import DUBLIN_CORE, EXTRA, FULLTEXT_COLUMNS
from politeharvest.testing import (
    LoopbackServer,
    OaiTestRepository,
    Reply,
    SampleRecord,
    serve_fulltext,
)
from tests.support.faults import harvest_args, run, write_policy

pytestmark = pytest.mark.integration

pd = pytest.importorskip("pandas")
pq = pytest.importorskip("pyarrow.parquet")
duckdb = pytest.importorskip("duckdb")
pytest.importorskip("rapidfuzz")

START = 1_704_067_200.0  # 2024-01-01
TOPICS = [
    "Soil moisture dynamics under prolonged drought in the Konya closed basin",
    "Groundwater recharge estimates for karst aquifers of the Taurus mountains",
    "Winter wheat yield response to deficit irrigation in central Anatolia",
    "Salinity mapping of irrigated farmland with Sentinel-2 imagery",
    "Evapotranspiration partitioning in semi-arid steppe grasslands",
    "Land use change and sediment yield in the upper Sakarya catchment",
    "Drip irrigation scheduling for sugar beet on clay loam soils",
    "Nitrate leaching from maize fields under furrow irrigation",
    "Climate variability and spring frost risk for apricot orchards",
    "Remote sensing of reservoir surface area in the Euphrates basin",
    "Soil organic carbon stocks after three decades of conservation tillage",
    "Rainwater harvesting structures for smallholder farms in dry uplands",
]


def _records(count: int, prefix: str, deleted_every: int = 0) -> list[SampleRecord]:
    return [
        SampleRecord(
            identifier=f"oai:{prefix}:{n:04d}",
            datestamp=START + n * 3_600.0,
            sets=(("water", "soil")[n % 2],),
            deleted=bool(deleted_every) and n % deleted_every == deleted_every - 1,
            title=f"{TOPICS[n % len(TOPICS)]}: study {n}",
        )
        for n in range(count)
    ]


#: Repository A: 24 records on 3 pages, every 7th deleted; B holds two of A's works again.
REPO_A = OaiTestRepository(records=_records(24, "a.example.org", deleted_every=7), page_size=8)
REPO_B = OaiTestRepository(
    records=[
        SampleRecord(
            "oai:b.example.org:1", START + 50.0, ("copies",), title=REPO_A.records[0].title
        ),
        SampleRecord(
            "oai:b.example.org:2", START + 60.0, ("copies",), title=REPO_A.records[4].title
        ),
        SampleRecord(
            "oai:b.example.org:3", START + 70.0, ("copies",), title="An unrelated work on bees"
        ),
    ],
    page_size=8,
)


def _more_elements(page: bytes) -> bytes:
    """Page 2 of the paged repository: each record gains a creator, a subject and a source."""
    return re.sub(
        rb"(</dc:title>)",
        rb"\1<dc:creator>Kaya, Ali</dc:creator><dc:subject>hydrology</dc:subject>"
        rb"<dc:source>Journal of Dry Lands 4(2)</dc:source>",
        page,
    )


#: The paged repository: only its second page's records name creators and subjects.
REPO_PAGED = OaiTestRepository(
    records=_records(24, "p.example.org"), page_size=8, mangle={2: _more_elements}
)


@pytest.fixture(scope="module")
def servers() -> Iterator[tuple[LoopbackServer, LoopbackServer]]:
    with LoopbackServer("127.0.0.1") as one, LoopbackServer("127.0.0.1") as two:
        for server, repo in ((one, REPO_A), (two, REPO_B)):
            server.add("/robots.txt", Reply(200, body="User-agent: *\nAllow: /\n"))
            server.add("/oai", repo)
            serve_fulltext(server, repo)
        one.add("/paged", REPO_PAGED)
        yield one, two


def _harvest(url: str, folder: Path, out: Path, *extra: str) -> None:
    done = run(*harvest_args(url, folder, out, "--quiet", *extra), cwd=folder)
    assert done.returncode == 0, done.stderr


def _clean(folder: Path, *args: str, code: int = 0) -> str:
    done = run("clean", *args, cwd=folder)
    assert done.returncode == code, done.stderr
    return done.stderr


def _jsonl(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def _flat_table(path: Path) -> list[dict[str, Any]]:
    """A CSV (pandas, text) or Parquet dataset (pyarrow) as flat rows; JSON lines as they are."""
    if path.suffix == ".csv":
        frame = pd.read_csv(path, dtype=str, keep_default_na=False)
        return [dict(r) for r in frame.to_dict("records")]
    if path.suffix == ".parquet":
        return [dict(r) for r in pq.read_table(path).to_pylist()]
    return _jsonl(path)


def _get(row: dict[str, Any], dotted: str) -> Any:
    """A field of a row, nested (JSON lines) or flat (a table): "" and None alike."""
    if dotted in row:
        value = row[dotted]
    else:
        value = row
        for part in dotted.split("."):
            value = value.get(part) if isinstance(value, dict) else None
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return " | ".join(value)
    return "" if value is None else str(value)


FACTS = (
    "deleted",
    "metadata_prefix",
    "endpoint",
    "sets",
    "datestamp",
    "fulltext.path",
    "fulltext.sha256",
    "fulltext.status",
    "fulltext.file_url",
    "fulltext.identity.verdict",
)


def _facts(path: Path) -> dict[str, tuple[str, ...]]:
    rows = _flat_table(path)
    return {_get(r, "identifier"): tuple(_get(r, f) for f in FACTS) for r in rows}


@pytest.fixture(scope="module")
def harvests(
    servers: tuple[LoopbackServer, LoopbackServer], tmp_path_factory: pytest.TempPathFactory
) -> dict[str, Path]:
    """Repository A harvested with --files once into each format (one state and folder each)."""
    one, _ = servers
    outputs = {}
    for ending in ("jsonl", "csv", "parquet"):
        folder = tmp_path_factory.mktemp(ending)
        write_policy(folder)
        out = folder / f"harvest.{ending}"
        _harvest(one.url("/oai"), folder, out, "--files", str(folder / "files"))
        outputs[ending] = out
    return outputs


@pytest.mark.parametrize("ending", ["jsonl", "csv", "parquet"])
def test_clean_keeps_every_field_of_each_harvest_output(
    harvests: dict[str, Path], ending: str
) -> None:
    source = harvests[ending]
    folder = source.parent
    out = folder / "clean.jsonl"
    err = _clean(folder, str(source), "--out", str(out))
    assert "24 records read" in err, err
    harvested = _facts(source)
    cleaned = _facts(out)
    assert len(harvested) == 24
    assert cleaned == harvested  # full text, deletion, format, sets, endpoint: all kept
    rows = {r["identifier"]: r for r in _jsonl(out)}
    stored = [r for r in rows.values() if (r.get("fulltext") or {}).get("path")]
    assert len(stored) >= 18  # the 21 live records' own PDFs, bar none refused
    for row in stored:  # joined to the same PDFs
        data = (out.parent / row["fulltext"]["path"]).read_bytes()
        assert hashlib.sha256(data).hexdigest() == row["fulltext"]["sha256"]
        assert row["fulltext"]["status"] == "downloaded"
        assert row["metadata_prefix"] == "oai_dc"
    deleted = [i for i, r in rows.items() if r["deleted"]]
    assert len(deleted) == 3 and all(rows[i]["metadata"] == {} for i in deleted)
    assert all(r["original"] == r["metadata"] or r["fixes"] for r in rows.values())


@pytest.mark.parametrize("ending", ["jsonl", "csv", "parquet"])
def test_clean_writes_each_format_by_its_ending_as_harvest_does(
    harvests: dict[str, Path], ending: str
) -> None:
    source = harvests["jsonl"]
    folder = source.parent
    out = folder / f"written.{ending}"
    _clean(folder, str(source), "--out", str(out), "--overwrite")
    assert _facts(out) == _facts(source)
    if ending == "csv":
        frame = pd.read_csv(out, dtype=str, keep_default_na=False)
        lines = duckdb.sql(f"SELECT count(*) FROM read_csv('{out}', header=true)").fetchall()[0]
    elif ending == "parquet":
        assert out.is_dir() and list(out.glob("part-*.parquet"))  # a dataset, as harvest writes
        frame = pd.read_parquet(out)
        lines = duckdb.sql(f"SELECT count(*) FROM read_parquet('{out}/*.parquet')").fetchall()[0]
    else:
        frame, lines = None, (len(_jsonl(out)),)
    assert lines == (24,)
    if frame is not None:
        columns = list(frame.columns)
        assert columns[:6] == [
            "identifier",
            "datestamp",
            "deleted",
            "sets",
            "endpoint",
            "metadata_prefix",
        ]
        assert {"fulltext.path", "fulltext.sha256", "original.title", "normalized.titles"} <= set(
            columns
        )
        assert columns[-1] == EXTRA and not any(frame[EXTRA].fillna(""))


@pytest.mark.parametrize(("ending", "to"), [("csv", "parquet"), ("parquet", "csv")])
def test_round_trip_through_clean_gives_the_same_records_and_files(
    harvests: dict[str, Path], ending: str, to: str
) -> None:
    """harvest -> clean -> clean again, across formats: the same records, the same PDFs."""
    source = harvests[ending]
    folder = source.parent
    first, second = folder / f"once.{to}", folder / f"twice.{ending}"
    _clean(folder, str(source), "--out", str(first), "--overwrite")
    _clean(folder, str(first), "--out", str(second), "--overwrite")
    assert _facts(second) == _facts(source)
    again = _flat_table(second)
    before = _flat_table(first)
    titles = {_get(r, "identifier"): _get(r, "metadata.title") for r in again}
    assert titles == {_get(r, "identifier"): _get(r, "metadata.title") for r in before}


@pytest.mark.parametrize(
    ("name", "content", "why"),
    [
        ("notes.jsonl", '{"title": "not a record"}\n[1, 2]\nplain text\n', "none of its 3 lines"),
        ("mine.csv", "name,score\nada,3\n", "without an identifier column"),
        ("harvest.csv", '{"identifier": "oai:x:1", "metadata": {}}\n', "without an identifier"),
    ],
)
def test_an_input_without_a_record_is_refused_and_nothing_written(
    tmp_path: Path, name: str, content: str, why: str
) -> None:
    source = tmp_path / name
    source.write_text(content, encoding="utf-8")
    out = tmp_path / "clean.jsonl"
    err = _clean(tmp_path, str(source), "--out", str(out), code=2)
    assert str(source) in err and why in err, err
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1
    assert not out.exists()
    assert not list(tmp_path.glob(".clean*"))  # nothing left beside


def test_an_empty_input_gives_an_empty_output(tmp_path: Path) -> None:
    source = tmp_path / "empty.jsonl"
    source.write_text("")
    out = tmp_path / "clean.jsonl"
    err = _clean(tmp_path, str(source), "--out", str(out))
    assert "0 records read" in err and out.read_text() == ""


@pytest.mark.parametrize("ending", ["csv", "parquet"])
def test_an_element_first_seen_on_page_2_has_its_own_column_also_after_a_resume(
    servers: tuple[LoopbackServer, LoopbackServer], tmp_path: Path, ending: str
) -> None:
    one, _ = servers
    write_policy(tmp_path)
    out = tmp_path / f"paged.{ending}"
    # one page (no creator, subject or source in it), then the rest resumed into the same output
    _harvest(one.url("/paged"), tmp_path, out, "--max-records", "8")
    _harvest(one.url("/paged"), tmp_path, out)
    if ending == "csv":
        frame = pd.read_csv(out, dtype=str, keep_default_na=False)
        via_duckdb = duckdb.sql(
            f"SELECT \"metadata.creator\" FROM read_csv('{out}', header=true, all_varchar=true)"
        ).fetchall()
    else:
        assert len(list(out.glob("part-*.parquet"))) == 3
        frame = pd.read_parquet(out)
        via_duckdb = duckdb.sql(
            f"SELECT \"metadata.creator\" FROM read_parquet('{out}/*.parquet')"
        ).fetchall()
    columns = list(frame.columns)
    assert {f"metadata.{name}" for name in DUBLIN_CORE} <= set(columns)
    assert len(frame) == 24
    page_two = frame[frame["identifier"].isin([f"oai:p.example.org:{n:04d}" for n in range(8, 16)])]
    creators = [list(v) if not isinstance(v, str) else [v] for v in page_two["metadata.creator"]]
    assert creators == [["Kaya, Ali"]] * 8
    assert all(
        (list(v) if not isinstance(v, str) else [v]) == ["hydrology"]
        for v in page_two["metadata.subject"]
    )
    assert not any(frame[EXTRA].fillna(""))  # nothing pushed into extra
    found = [r[0] for r in via_duckdb if r[0] is not None and len(r[0])]
    assert len(found) == 8
    # and clean reads the same back
    cleaned = tmp_path / "clean.jsonl"
    _clean(tmp_path, str(out), "--out", str(cleaned))
    rows = {r["identifier"]: r for r in _jsonl(cleaned)}
    assert rows["oai:p.example.org:0009"]["original"]["creator"] == ["Kaya, Ali"]
    assert "creator" not in rows["oai:p.example.org:0001"]["original"]


#: A repository whose first page is deletions only: no full text on it, and files after it.
REPO_GONE_FIRST = OaiTestRepository(
    records=[
        SampleRecord(r.identifier, r.datestamp, r.sets, deleted=n < 8, title=r.title)
        for n, r in enumerate(_records(16, "g.example.org"))
    ],
    page_size=8,
)


@pytest.mark.parametrize("ending", ["csv", "parquet"])
def test_full_text_columns_are_there_when_the_first_page_has_only_deletions(
    tmp_path: Path, ending: str
) -> None:
    with LoopbackServer("127.0.0.1") as server:
        server.add("/robots.txt", Reply(200, body="User-agent: *\nAllow: /\n"))
        server.add("/oai", REPO_GONE_FIRST)
        serve_fulltext(server, REPO_GONE_FIRST)
        write_policy(tmp_path)
        out = tmp_path / f"gone.{ending}"
        _harvest(server.url("/oai"), tmp_path, out, "--files", str(tmp_path / "files"))
    frame = pd.read_csv(out, dtype=str, keep_default_na=False) if ending == "csv" else None
    if frame is None:
        frame = pd.read_parquet(out)
    assert set(FULLTEXT_COLUMNS) <= set(frame.columns)
    assert not any(frame[EXTRA].fillna(""))
    live = frame[frame["deleted"].astype(str).str.lower() == "false"]
    assert len(live) == 8 and set(live["fulltext.status"]) == {"downloaded"}
    assert all((out.parent / p).is_file() for p in live["fulltext.path"])


def test_a_table_with_full_text_has_every_full_text_column(harvests: dict[str, Path]) -> None:
    columns = set(pd.read_csv(harvests["csv"], nrows=0).columns)
    assert set(FULLTEXT_COLUMNS) <= columns
    assert set(FULLTEXT_COLUMNS) <= set(
        pq.read_schema(next(harvests["parquet"].glob("*.parquet"))).names
    )


@pytest.fixture(scope="module")
def two_repositories(
    servers: tuple[LoopbackServer, LoopbackServer], tmp_path_factory: pytest.TempPathFactory
) -> Path:
    """A and B harvested with --files into one JSON-lines file."""
    one, two = servers
    folder = tmp_path_factory.mktemp("two")
    write_policy(folder)
    out = folder / "both.jsonl"
    for server in (one, two):
        _harvest(server.url("/oai"), folder, out, "--files", str(folder / "files"))
    return out


def test_a_merged_row_keeps_every_member_as_harvested(two_repositories: Path) -> None:
    folder = two_repositories.parent
    harvested = {(r["endpoint"], r["identifier"]): r for r in _jsonl(two_repositories)}
    out, clusters = folder / "merged.jsonl", folder / "clusters.jsonl"
    _clean(
        folder, str(two_repositories), "--out", str(out), "--dedupe", "--clusters", str(clusters)
    )
    rows = _jsonl(out)
    merged = [r for r in rows if "members" in r]
    assert len(merged) == 2 and len(rows) == len(harvested) - 2
    for row in merged:
        members = row["members"]
        assert len(members) == 2
        assert {m["endpoint"] for m in members} == {m["endpoint"] for m in row["sources"]}
        for member in members:  # each member exactly as harvested: metadata, files, all
            assert member == harvested[(member["endpoint"], member["identifier"])]
            assert member["fulltext"]["status"] == "downloaded"
            assert (out.parent / member["fulltext"]["path"]).is_file()
        assert row["merge_reason"] and row["cluster_id"]
    # undone from the output alone: every harvested row is there, as a row or as a member
    back = {(m["endpoint"], m["identifier"]): m for r in merged for m in r["members"]}
    for row in rows:
        if "members" not in row:
            back[(row["endpoint"], row["identifier"])] = harvested[
                (row["endpoint"], row["identifier"])
            ]
    assert back == harvested
    lines = _jsonl(clusters)
    assert {line["cluster_id"] for line in lines} == {r["cluster_id"] for r in merged}


def test_clusters_without_dedupe_leave_one_row_per_record(two_repositories: Path) -> None:
    folder = two_repositories.parent
    harvested = _jsonl(two_repositories)
    out, clusters = folder / "marked.csv", folder / "marked-clusters.jsonl"
    err = _clean(folder, str(two_repositories), "--out", str(out), "--clusters", str(clusters))
    assert "2 clusters marked, none merged" in err, err
    frame = pd.read_csv(out, dtype=str, keep_default_na=False)
    assert sorted(frame["identifier"]) == sorted(r["identifier"] for r in harvested)
    marked = frame[frame["cluster_id"] != ""]
    assert len(marked) == 4 and marked["cluster_id"].nunique() == 2
    assert "members" not in frame.columns
    ids = {line["cluster_id"]: set(line["cluster"]) for line in _jsonl(clusters)}
    for cluster, group in marked.groupby("cluster_id"):
        assert set(group["identifier"]) == ids[cluster]


@pytest.mark.parametrize("which", ["input", "output"])
def test_parquet_without_pyarrow_is_refused_naming_the_extra(
    harvests: dict[str, Path], tmp_path: Path, which: str
) -> None:
    import subprocess
    import sys

    hide = (
        "import sys; sys.modules['pyarrow'] = None; sys.modules['pyarrow.parquet'] = None; "
        "from politeharvest.cli import main; sys.exit(main(sys.argv[1:]))"
    )
    source = harvests["parquet" if which == "input" else "jsonl"]
    out = tmp_path / ("clean.jsonl" if which == "input" else "clean.parquet")
    done = subprocess.run(
        [sys.executable, "-c", hide, "clean", str(source), "--out", str(out)],
        capture_output=True,
        text=True,
        cwd=tmp_path,
    )
    assert done.returncode == 2, done.stderr
    (line,) = done.stderr.strip().splitlines()
    assert "pip install 'politeharvest[parquet]'" in line and "Parquet" in line
    assert not out.exists()
