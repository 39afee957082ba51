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
from tests.support.faults import harvest_args, write_policy

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
    args = harvest_args(server.url("/oai"), tmp_path, out, "--quiet")
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


#: What a plain harvest to JSON lines does not use, loaded only when asked for: the fleet's
#: stores (Redis), the audit log (--audit), the other commands, the rights signals of
#: files (and html.parser), and Protego (a robots.txt with rules to parse).
LAZY = (
    "politeharvest.fleet._pace",
    "politeharvest.fleet._state",
    "politeharvest.fleet._stream",
    "politeharvest.audit",
    "politeharvest.cli._commands",
    "politeharvest.net._rights",
    "html.parser",
    "protego",
)

#: `python -m politeharvest` as users run it, reporting what it loaded when it exits.
MAIN = """
import atexit, json, os, runpy, sys
atexit.register(lambda: print(json.dumps(sorted(sys.modules)), file=sys.stderr))
sys.argv = ["politeharvest", *sys.argv[1:]]
runpy.run_module("politeharvest", run_name="__main__", alter_sys=True)
"""


def modules_of_a_run(url: str, folder: Path, *extra: str) -> list[str]:
    """Run ``python -m politeharvest harvest URL`` to JSON lines; the modules it loaded."""
    folder.mkdir()
    write_policy(folder)
    out = folder / "records.jsonl"
    done = subprocess.run(
        [sys.executable, "-c", MAIN, *harvest_args(url, folder, out, "--quiet", *extra)],
        cwd=folder,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    lines = out.read_text(encoding="utf-8").splitlines()
    assert {json.loads(line)["identifier"] for line in lines} == {
        r.identifier for r in REPO.records
    }
    names: list[str] = json.loads(done.stderr.strip().splitlines()[-1])
    return names


def test_a_plain_harvest_to_jsonl_leaves_the_unused_modules_unloaded(tmp_path: Path) -> None:
    """`python -m politeharvest harvest` to JSON lines, no robots.txt: none of LAZY loads.

    Loaded, each would cost start-up time in every run. The same harvest with --audit and a
    robots.txt with rules loads the audit log and Protego (the check sees what loads).
    """
    with LoopbackServer("127.0.0.10") as bare:  # no robots.txt: a 404, nothing to parse
        bare.add("/oai", REPO)
        names = modules_of_a_run(bare.url("/oai"), tmp_path / "plain")
        assert loaded(names, "politeharvest.plan"), "the harvest ran in this process"
        for name in LAZY:
            assert not loaded(names, name), f"a plain harvest loaded {name}"
        for name in NEVER:
            assert not loaded(names, name), f"a plain harvest loaded {name}"
    with LoopbackServer("127.0.0.11") as ruled:
        ruled.add("/robots.txt", Reply(200, body="User-agent: *\nDisallow: /private\n"))
        ruled.add("/oai", REPO)
        folder = tmp_path / "audited"
        names = modules_of_a_run(
            ruled.url("/oai"), folder, "--audit", str(tmp_path / "audit.jsonl")
        )
        assert loaded(names, "protego")
        assert loaded(names, "politeharvest.audit")
