"""``politeharvest clean`` end to end: the user's files in, cleaned and merged rows out."""

from __future__ import annotations

import hashlib
import io
import itertools
import json
from pathlib import Path
from typing import Any

import pytest

from politeharvest.cli import main
from politeharvest.testing import dedupe_corpus

pytest.importorskip("rapidfuzz")


def _write(path: Path, rows: list[dict[str, Any]], extra: str = "") -> None:
    path.write_text(
        "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows) + extra, encoding="utf-8"
    )


def _run(*argv: str) -> tuple[int, str]:
    err = io.StringIO()
    return main(list(argv), out=io.StringIO(), err=err), err.getvalue()


def _lines(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def test_clean_dedupe_writes_one_row_per_work_and_the_clusters(tmp_path: Path) -> None:
    corpus = dedupe_corpus(600, duplicates=80, traps=40, seed=9)
    rows = corpus.rows
    # the same record harvested from two sets: one row, both sets kept
    again = {**rows[0], "sets": ["another-set"]}
    source = tmp_path / "harvest.jsonl"
    _write(source, [*rows, again], extra="not a record\n")
    before = hashlib.sha256(source.read_bytes()).hexdigest()
    out, clusters = tmp_path / "clean.jsonl", tmp_path / "clusters.jsonl"
    code, err = _run(
        "clean", str(source), "--out", str(out), "--dedupe", "--clusters", str(clusters)
    )
    assert code == 0, err
    assert hashlib.sha256(source.read_bytes()).hexdigest() == before  # input untouched
    written = _lines(out)
    lines = _lines(clusters)
    members = [tuple(line["cluster"]) for line in lines]
    assert all(line["reason"] for line in lines)
    predicted = {p for m in members for p in itertools.combinations(sorted(m), 2)}
    truth = {tuple(sorted(p)) for p in corpus.pairs}
    assert len(predicted & truth) / len(predicted) >= 0.99
    assert len(predicted & truth) / len(truth) >= 0.95
    # one row per work: every record appears once, either as a row or among a row's sources
    seen = [s["identifier"] for r in written for s in r.get("sources", [r])]
    assert sorted(seen) == sorted(r["identifier"] for r in rows)
    assert len(written) == len(rows) - sum(len(m) - 1 for m in members)
    merged = [r for r in written if "sources" in r]
    assert merged and all(r["merge_reason"] for r in merged)
    for r in merged:
        assert {s["endpoint"] for s in r["sources"]} >= {r["endpoint"]}
        assert all("sets" in s for s in r["sources"])
    target = rows[0]["identifier"]
    places = [r["sets"] for r in written if r["identifier"] == target and "sources" not in r]
    places += [s["sets"] for r in merged for s in r["sources"] if s["identifier"] == target]
    (sets,) = places
    assert set(sets) == {*rows[0]["sets"], "another-set"}
    assert "1 line of" in err and "line " in err  # the bad line is reported, not silently lost
    assert "merged into others" in err


def test_clean_keeps_the_original_and_lists_fixes(tmp_path: Path) -> None:
    row = {
        "identifier": "oai:x:1",
        "endpoint": "https://x.example.org/oai",
        "metadata": {
            "title": ["Sj&#246;str&#246;m <i>revisited</i>"],
            "creator": ["SjÃ¶strÃ¶m, Anna"],
            "date": ["15.01.2023"],
            "identifier": ["https://doi.org/10.1234/ABC"],
            "language": ["Türkçe"],
        },
    }
    source, out = tmp_path / "in.jsonl", tmp_path / "out.jsonl"
    _write(source, [row])
    code, err = _run("clean", str(source), "--out", str(out))
    assert code == 0, err
    (cleaned,) = _lines(out)
    assert cleaned["metadata"]["title"] == ["Sjöström revisited"]
    assert cleaned["normalized"]["creators"][0]["family"] == "Sjöström"
    assert cleaned["normalized"]["dates"] == [{"iso": "2023-01-15", "precision": "day"}]
    assert cleaned["normalized"]["dois"] == ["10.1234/abc"]
    assert cleaned["normalized"]["languages"] == ["tr"]
    assert cleaned["original"] == row["metadata"]
    assert cleaned["fixes"]


def test_index_deduplicates_a_second_harvest_against_the_first(tmp_path: Path) -> None:
    corpus = dedupe_corpus(400, duplicates=60, traps=20, seed=4)
    by_endpoint: dict[str, list[dict[str, Any]]] = {}
    for row in corpus.rows:
        by_endpoint.setdefault(row["endpoint"], []).append(row)
    endpoints = sorted(by_endpoint)
    one = [r for e in endpoints[:2] for r in by_endpoint[e]]
    two = [r for e in endpoints[2:] for r in by_endpoint[e]]
    _write(tmp_path / "one.jsonl", one)
    _write(tmp_path / "two.jsonl", two)
    index = tmp_path / "dedupe.sqlite"
    for name in ("one", "two"):
        code, err = _run(
            "clean",
            str(tmp_path / f"{name}.jsonl"),
            "--out",
            str(tmp_path / f"{name}.clean.jsonl"),
            "--dedupe",
            "--index",
            str(index),
            "--clusters",
            str(tmp_path / f"{name}.clusters.jsonl"),
        )
        assert code == 0, err
    ids_one = {r["identifier"] for r in one}
    ids_two = {r["identifier"] for r in two}
    across = [
        p
        for p in corpus.pairs
        if (p[0] in ids_one and p[1] in ids_two) or (p[1] in ids_one and p[0] in ids_two)
    ]
    assert across
    found = {frozenset(line["cluster"]) for line in _lines(tmp_path / "two.clusters.jsonl")}
    hit = sum(1 for a, b in across if any({a, b} <= c for c in found))
    assert hit / len(across) >= 0.95


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["clean", "{missing}", "--out", "{out}"], "no such file"),
        (["clean", "{src}", "--out", "{src}"], "is the input file"),
        (["clean", "{src}", "--out", "{existing}"], "--overwrite"),
        (
            ["clean", "{src}", "--out", "{out}", "--index", "{out}.i"],
            "--index needs --dedupe or --clusters",
        ),
        (["clean", "{src}", "--out", "{out}.sqlite"], "not SQLite"),
        (["clean", "{src}", "--out", "{out}.xlsx"], "not XLSX"),
        (["clean", "{src}", "--out", "{out}", "--enrich", "crossref"], "--mailto"),
        (["clean", "{src}", "--out", "{out}", "--enrich", "datacite"], "invalid choice"),
    ],
)
def test_usage_errors_exit_2_before_anything_is_written(
    tmp_path: Path, argv: list[str], message: str
) -> None:
    src, existing, out = tmp_path / "in.jsonl", tmp_path / "there.jsonl", tmp_path / "out.jsonl"
    _write(src, [{"identifier": "a", "metadata": {"title": ["T"]}}])
    existing.write_text("the user's own data\n")
    names = {"src": src, "existing": existing, "out": out, "missing": tmp_path / "nope.jsonl"}
    code, err = _run(*(a.format(**names) for a in argv))
    assert code == 2
    assert message in err
    assert not out.exists()
    assert existing.read_text() == "the user's own data\n"


def test_the_newest_version_of_a_record_is_the_one_cleaned(tmp_path: Path) -> None:
    """An incremental harvest appends updates and deletions to the same file."""
    endpoint, other = "https://a.example.org/oai", "https://b.example.org/oai"

    def rec(ident: str, stamp: str, title: str, ep: str = endpoint) -> dict[str, Any]:
        meta = {"title": [title], "creator": ["Kaya, Ali"], "date": ["2020"]}
        return {
            "identifier": ident,
            "endpoint": ep,
            "datestamp": stamp,
            "sets": ["s1"],
            "metadata": meta,
        }

    rows = [
        rec("a1", "2024-01-01T00:00:00Z", "Soil moisture under drought in Konya"),
        rec("b1", "2024-01-01T00:00:00Z", "Soil moisture under drought in Konya", ep=other),
        rec("a2", "2024-01-01T00:00:00Z", "Wheat yields and irrigation in Anatolia"),
        # a later run appended: a1 retitled (in another set), a2 deleted
        {
            **rec("a1", "2024-03-01T00:00:00Z", "Soil moisture under drought in the Konya plain"),
            "sets": ["s2"],
        },
        {**rec("a2", "2024-03-01T00:00:00Z", ""), "deleted": True, "metadata": {}},
    ]
    source, out, clusters = tmp_path / "in.jsonl", tmp_path / "out.jsonl", tmp_path / "c.jsonl"
    _write(source, rows)
    code, err = _run("clean", str(source), "--out", str(out))
    assert code == 0, err
    written = {r["identifier"]: r for r in _lines(out)}
    assert set(written) == {"a1", "a2", "b1"}
    assert written["a1"]["metadata"]["title"] == ["Soil moisture under drought in the Konya plain"]
    assert set(written["a1"]["sets"]) == {"s1", "s2"}
    assert written["a2"]["datestamp"] == "2024-03-01T00:00:00Z" and written["a2"]["metadata"] == {}
    out.unlink()
    code, err = _run(
        "clean", str(source), "--out", str(out), "--dedupe", "--clusters", str(clusters)
    )
    assert code == 0, err
    lines = _lines(out)
    merged = [r for r in lines if "sources" in r]
    assert len(lines) == 2 and len(merged) == 1  # a1 and b1 are one work; a2 is a tombstone
    assert {s["identifier"] for s in merged[0]["sources"]} == {"a1", "b1"}
    assert [sorted(line["cluster"]) for line in _lines(clusters)] == [["a1", "b1"]]


def test_a_file_retried_later_is_joined_to_its_record(tmp_path: Path) -> None:
    """A later run's ``retry`` row updates its record's full text; one without a record stays."""
    endpoint = "https://a.example.org/oai"
    waiting = {"status": "retry later", "path": None, "sha256": None, "retriable": True}
    stored = {"status": "downloaded", "path": "/files/a1.pdf", "sha256": "ab" * 32}
    rows = [
        {
            "identifier": "a1",
            "endpoint": endpoint,
            "datestamp": "2024-01-01",
            "deleted": False,
            "sets": ["s"],
            "metadata_prefix": "oai_dc",
            "metadata": {"title": ["Soil moisture under drought"]},
            "fulltext": waiting,
        },
        {"identifier": "a1", "fulltext": stored, "retry": True},
        {"identifier": "elsewhere", "fulltext": stored, "retry": True},
    ]
    source, out = tmp_path / "in.jsonl", tmp_path / "out.jsonl"
    _write(source, rows)
    code, err = _run("clean", str(source), "--out", str(out))
    assert code == 0, err
    written = _lines(out)
    assert [r["identifier"] for r in written] == ["a1", "elsewhere"]
    assert written[0]["fulltext"] == stored
    assert written[0]["metadata_prefix"] == "oai_dc" and written[0]["deleted"] is False
    assert written[1] == rows[2]  # passed through as it is
    assert "2 retried files put in" in err


def test_a_record_harvested_in_two_formats_keeps_both_rows(tmp_path: Path) -> None:
    """oai_dc and marc21 of one record in one file: two rows, not one version of the other."""
    a, b = "https://a.example.org/oai", "https://b.example.org/oai"
    title = ["Soil moisture dynamics under prolonged drought in the Konya closed basin"]

    def row(endpoint: str, ident: str, prefix: str) -> dict[str, Any]:
        meta = {"title": title, "date": ["2021"]} if prefix == "oai_dc" else {}
        extra = {} if meta else {"xml": f"<marc><id>{ident}</id></marc>"}
        return {
            "identifier": ident,
            "endpoint": endpoint,
            "datestamp": "2024-01-01",
            "deleted": False,
            "sets": [],
            "metadata_prefix": prefix,
            "metadata": meta,
            **extra,
        }

    rows = [row(a, "a1", "marc21"), row(a, "a1", "oai_dc"), row(b, "b1", "oai_dc")]
    source, out = tmp_path / "in.jsonl", tmp_path / "out.jsonl"
    _write(source, rows)
    code, err = _run("clean", str(source), "--out", str(out))
    assert code == 0, err
    assert [(r["identifier"], r["metadata_prefix"]) for r in _lines(out)] == [
        ("a1", "marc21"),
        ("a1", "oai_dc"),
        ("b1", "oai_dc"),
    ]
    out.unlink()
    code, err = _run("clean", str(source), "--out", str(out), "--dedupe")
    assert code == 0, err
    (work,) = _lines(out)

    def order(r: dict[str, Any]) -> str:
        return json.dumps(r, sort_keys=True)

    assert sorted(work["members"], key=order) == sorted(rows, key=order)
    assert work["metadata_prefix"] == "oai_dc"  # the first member's row with metadata stands
