"""A metadata-only harvest loads only what it uses: no full-text, table or test libraries.

`import politeharvest` and a real `harvest` (a subprocess against a loopback repository,
through `politeharvest.cli.main`) must never import bs4, pypdfium2, pdfminer, pyarrow,
platformdirs, hypothesis, ftfy or redis: each costs start-up time in every run and is only
needed by full text, Parquet, defaults the command line does not use, the tests, metadata
cleaning or fleets. What the harvest did is checked too (its records are in the file).
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from politeharvest.testing import LoopbackServer, OaiTestRepository, Reply
from tests.support.faults import write_policy

pytestmark = pytest.mark.integration

NEVER = (
    "bs4",
    "pypdfium2",
    "pdfminer",
    "pyarrow",
    "platformdirs",
    "hypothesis",
    "ftfy",
    "redis",
    "politeharvest.fulltext",
    "politeharvest.quality",
    "politeharvest._testing",
)

CHILD = """
import json, sys
import politeharvest
after_import = sorted(sys.modules)
from politeharvest.cli import main
code = main(sys.argv[1:])
print(json.dumps({"code": code, "import": after_import, "harvest": sorted(sys.modules)}))
"""

REPO = OaiTestRepository.sample(60, page_size=20)


@pytest.fixture(scope="module")
def server() -> Iterator[LoopbackServer]:
    with LoopbackServer("127.0.0.9") as srv:
        srv.add("/robots.txt", Reply(200, body="User-agent: *\nAllow: /\n"))
        srv.add("/oai", REPO)
        yield srv


def loaded(names: list[str], prefix: str) -> list[str]:
    return [n for n in names if n == prefix or n.startswith(prefix + ".")]


def test_a_metadata_harvest_never_imports_the_heavy_libraries(
    server: LoopbackServer, tmp_path: Path
) -> None:
    """Neither the import nor a whole harvest loads full text, Parquet, tests or fleets."""
    write_policy(tmp_path)
    out = tmp_path / "records.jsonl"
    args = [
        "harvest",
        server.url("/oai"),
        "--policy",
        str(tmp_path / "policy.json"),
        "--out",
        str(out),
        "--state",
        str(tmp_path / "state.sqlite"),
        "--quiet",
    ]
    done = subprocess.run(
        [sys.executable, "-c", CHILD, *args],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout.strip().splitlines()[-1])
    assert report["code"] == 0
    lines = out.read_text(encoding="utf-8").splitlines()
    assert {json.loads(line)["identifier"] for line in lines} == {
        r.identifier for r in REPO.records
    }
    for stage in ("import", "harvest"):
        for name in NEVER:
            assert not loaded(report[stage], name), f"{stage} loaded {name}"
    # the import alone loads none of the areas: they load on first use
    assert not loaded(report["import"], "politeharvest.plan")
    assert not loaded(report["import"], "lxml")
