"""Optional packages: each feature that needs one says which extra to install, nothing else.

Each optional import path is run in a child process with the package hidden (a `sys.meta_path`
finder that refuses it, as if it were not installed): through the public API it raises
`MissingDependency` (a `HarvestError` and an `ImportError`) naming the extra; through the
command line it exits 2 with the pip line, before any request, never "unexpected ... please
report it". The dependencies in pyproject.toml are checked against what the code imports:
every core dependency is used, every third-party import is a core dependency or in the table
of optional ones (`politeharvest._extras.OPTIONAL`), and the Protego pin admits only the
versions whose internals `net/_robots.py` reads.
"""

from __future__ import annotations

import ast
import functools
import importlib.metadata
import io
import json
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.version import Version

from politeharvest._extras import OPTIONAL, missing_from
from politeharvest.cli import main
from politeharvest.exceptions import HarvestError, MissingDependency

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "politeharvest"
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
UNREACHABLE = "http://127.0.0.1:9/oai"  # nothing listens there: a request would fail loudly

#: Hides packages as if they were not installed: every import of them (or of a submodule)
#: fails as a missing package's does.
HIDE = """\
import importlib.abc, sys
HIDDEN = {hidden!r}
class Hide(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in HIDDEN:
            raise ModuleNotFoundError(f"No module named {{name!r}}", name=name)
        return None
for loaded in [m for m in sys.modules if m.split(".")[0] in HIDDEN]:
    del sys.modules[loaded]
sys.meta_path.insert(0, Hide())
"""

#: Runs a call with the packages hidden and prints what it raised, as JSON.
API = """\
import json, pathlib, sys
from politeharvest.exceptions import HarvestError, MissingDependency
tmp = pathlib.Path(sys.argv[1])
try:
{call}
except BaseException as exc:
    print(json.dumps({{
        "type": type(exc).__name__,
        "missing": isinstance(exc, MissingDependency),
        "harvest_error": isinstance(exc, HarvestError),
        "import_error": isinstance(exc, ImportError),
        "package": getattr(exc, "package", None),
        "extra": getattr(exc, "extra", None),
        "message": str(exc),
    }}))
else:
    print(json.dumps({{"type": None}}))
"""


def hidden_run(
    hidden: set[str], code: str, *args: str, cwd: Path
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", HIDE.format(hidden=sorted(hidden)) + code, *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=120,
    )


API_CASES = {
    "warc-write": (
        {"warcio"},
        "from politeharvest.audit._warc import ArchivingAdapter\n"
        "ArchivingAdapter(tmp / 'warc', {'run': 'r'})",
        ("warcio", "warc"),
    ),
    "warc-read": (
        {"warcio"},
        "from politeharvest.audit._warc import read_runs\nread_runs([tmp])",
        ("warcio", "warc"),
    ),
    "fleet-pace": (
        {"redis"},
        "import politeharvest.fleet\n"  # the package itself imports without redis
        "politeharvest.fleet.RedisPaceStore('redis://127.0.0.1:9/0')",
        ("redis", "redis"),
    ),
    "fleet-plan": (
        {"redis"},
        "from politeharvest import HarvestPlan\n"
        f"HarvestPlan({UNREACHABLE!r}, state='redis://127.0.0.1:9/0').start()",
        ("redis", "redis"),
    ),
    "parquet": (
        {"pyarrow"},
        "from politeharvest import HarvestPlan\n"
        f"HarvestPlan({UNREACHABLE!r}, state=tmp / 's.sqlite', sink=tmp / 'x.parquet').start()",
        ("pyarrow", "parquet"),
    ),
    "quality-normalize": (
        {"ftfy"},
        "from politeharvest.quality import normalize\n"
        "normalize({'identifier': 'oai:x:1', 'metadata': {'title': ['SjÃ¶strÃ¶m']}})",
        ("ftfy", None),
    ),
    "quality-dedupe": (
        {"rapidfuzz"},
        "from politeharvest.quality import Deduplicator\n"
        "d = Deduplicator()\n"
        "for n, who in enumerate(['Baruah, Sanjoy', 'S. Baruah']):\n"
        "    d.add({'identifier': f'oai:x:{n}', 'endpoint': f'https://{n}.example.org/oai',\n"
        "           'metadata': {'title': ['Real-time scheduling of mixed-criticality systems'],\n"
        "                        'creator': [who], 'date': ['2012']}})\n"
        "d.clusters()",
        ("rapidfuzz", None),
    ),
}


@pytest.mark.parametrize("case", sorted(API_CASES))
def test_the_api_raises_missing_dependency_naming_the_extra(case: str, tmp_path: Path) -> None:
    hidden, call, (package, extra) = API_CASES[case]
    code = API.format(call=textwrap.indent(call, "    "))
    done = hidden_run(hidden, code, str(tmp_path), cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    raised = json.loads(done.stdout.strip().splitlines()[-1])
    assert raised["type"] is not None, f"{case}: nothing raised with {hidden} hidden"
    assert raised["missing"] and raised["harvest_error"] and raised["import_error"], raised
    assert (raised["package"], raised["extra"]) == (package, extra), raised
    pip = f"pip install 'politeharvest[{extra}]'" if extra else "pip install --force-reinstall"
    assert pip in raised["message"], raised["message"]
    assert not list(tmp_path.rglob("*.warc.gz")), "an archive was begun"


CLI_CASES = {
    "harvest --warc": (
        {"warcio"},
        ["harvest", UNREACHABLE, "--allow-private-addresses", "--warc", "warc", "--out", "o.jsonl"],
        "pip install 'politeharvest[warc]'",
    ),
    "demo --warc": (
        {"warcio"},
        ["demo", "--out", "demo.jsonl", "--warc", "warc"],
        "pip install 'politeharvest[warc]'",
    ),
    "replay DIR": ({"warcio"}, ["replay", "archive", "--out", "r.jsonl"], "[warc]'"),
    "--state redis://": (
        {"redis"},
        ["harvest", UNREACHABLE, "--state", "redis://127.0.0.1:9/0", "--out", "o.jsonl"],
        "pip install 'politeharvest[redis]'",
    ),
    "--out x.parquet": (
        {"pyarrow"},
        ["harvest", UNREACHABLE, "--allow-private-addresses", "--out", "x.parquet"],
        "pip install 'politeharvest[parquet]'",
    ),
    "clean": ({"ftfy"}, ["clean", "in.jsonl", "--out", "c.jsonl"], "needs ftfy"),
    "clean --dedupe": (
        {"rapidfuzz"},
        ["clean", "in.jsonl", "--dedupe", "--out", "c.jsonl"],
        "needs rapidfuzz",
    ),
}

RUN_CLI = "from politeharvest.cli import main\nsys.exit(main(sys.argv[1:]))\n"


@pytest.mark.parametrize("case", sorted(CLI_CASES))
def test_the_cli_exits_2_naming_what_to_install(case: str, tmp_path: Path) -> None:
    hidden, argv, named = CLI_CASES[case]
    (tmp_path / "archive").mkdir()
    (tmp_path / "archive" / "politeharvest-r.warc.gz").write_bytes(b"")
    (tmp_path / "in.jsonl").write_text(
        json.dumps({"identifier": "oai:x:1", "metadata": {"title": ["SjÃ¶strÃ¶m"]}}) + "\n"
    )
    env_state = ["--state", str(tmp_path / "state.sqlite")] if "--state" not in argv else []
    args = [*argv, *(env_state if argv[0] in ("harvest", "demo") else [])]
    done = hidden_run(hidden, RUN_CLI, *args, cwd=tmp_path)
    assert done.returncode == 2, (done.returncode, done.stderr)
    assert named in done.stderr, done.stderr
    assert "unexpected" not in done.stderr and "please report" not in done.stderr
    assert "Traceback" not in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1, done.stderr
    assert not (tmp_path / "warc").exists() and not (tmp_path / "c.jsonl").exists()


def test_a_package_found_missing_late_is_still_exit_2(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The last resort: an ImportError of a package where no check asked first."""
    import politeharvest.cli._main as cli_main

    def fails(*args: object) -> int:
        raise ModuleNotFoundError("No module named 'warcio'", name="warcio")

    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(cli_main, "_command", fails)
    (tmp_path / "politeharvest-r.warc.gz").write_bytes(b"")
    err = io.StringIO()
    assert main(["replay", str(tmp_path), "--out", "r.jsonl"], err=err) == 2
    assert "pip install 'politeharvest[warc]'" in err.getvalue()
    assert "unexpected" not in err.getvalue()


def test_our_own_import_errors_stay_bugs() -> None:
    own = ModuleNotFoundError(
        "No module named 'politeharvest.nowhere'", name="politeharvest.nowhere"
    )
    assert missing_from(own) is None
    core = ModuleNotFoundError("No module named 'lz4'", name="lz4")
    found = missing_from(core)
    assert found is not None and found.extra is None and "lz4" in str(found)
    assert isinstance(found, HarvestError) and isinstance(found, ImportError)
    assert missing_from(ValueError("x")) is None


# -- pyproject.toml against the code ------------------------------------------------------------


@functools.cache
def _top_imports() -> dict[str, list[tuple[Path, bool]]]:
    """Each top-level module politeharvest imports (or loads with `require`): the files, and
    whether at module level outside TYPE_CHECKING."""
    found: dict[str, list[tuple[Path, bool]]] = {}
    std = set(sys.stdlib_module_names)

    def visit(node: ast.AST, path: Path, top_level: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                visit(child, path, False)
                continue
            if isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test):
                visit(child, path, False)
                continue
            names: list[str] = []
            if (
                isinstance(child, ast.Call)
                and isinstance(child.func, ast.Name)
                and child.func.id == "require"
                and child.args
                and isinstance(child.args[0], ast.Constant)
            ):
                names = [str(child.args[0].value)]  # politeharvest._extras.require("ftfy", ...)
            elif isinstance(child, ast.Import):
                names = [alias.name for alias in child.names]
            elif isinstance(child, ast.ImportFrom) and child.level == 0 and child.module:
                names = [child.module]
            for name in names:
                top = name.split(".")[0]
                if top not in std and top != "politeharvest":
                    found.setdefault(top, []).append((path, top_level))
            visit(child, path, top_level)

    for path in PACKAGE.rglob("*.py"):
        visit(ast.parse(path.read_text(encoding="utf-8")), path, True)
    return found


@functools.cache
def _installed() -> dict[str, set[str]]:
    """Each installed distribution (normalised name): the top-level modules it installs."""
    found: dict[str, set[str]] = {}
    for module, dists in importlib.metadata.packages_distributions().items():
        for dist in dists:
            found.setdefault(re.sub(r"[-_.]+", "-", dist).lower(), set()).add(module)
    return found


def _modules_of(distribution: str) -> set[str]:
    """The top-level modules a distribution installs (its own name when not installed)."""
    wanted = re.sub(r"[-_.]+", "-", distribution).lower()
    return _installed().get(wanted) or {distribution.replace("-", "_")}


def _core() -> list[Requirement]:
    return [Requirement(line) for line in PYPROJECT["project"]["dependencies"]]


def test_every_core_dependency_is_imported_by_the_code() -> None:
    imported = set(_top_imports())
    unused = [str(r) for r in _core() if not (_modules_of(r.name) & imported)]
    assert unused == [], f"dependencies nothing imports: {unused}"


def test_every_import_is_a_core_dependency_or_an_optional_one_loaded_on_use() -> None:
    core = {module for r in _core() for module in _modules_of(r.name)}
    for top, places in _top_imports().items():
        if top in OPTIONAL:
            eager = [str(p.relative_to(ROOT)) for p, level in places if level]
            assert eager == [], f"{top} is optional but imported when {eager} loads"
        else:
            assert top in core, f"{top} is imported but not a dependency"


def test_the_optional_table_agrees_with_the_extras() -> None:
    extras = PYPROJECT["project"]["optional-dependencies"]
    for module, (distribution, extra) in OPTIONAL.items():
        assert extra in extras, f"no extra {extra!r} for {module}"
        assert distribution in {Requirement(line).name for line in extras[extra]}
        assert module in _modules_of(distribution)
    core = {r.name for r in _core()}
    assert not core & {d for d, _ in OPTIONAL.values()}, "a core dependency listed as optional"


def test_protego_is_pinned_to_the_versions_whose_internals_are_read() -> None:
    """net/_robots.py indexes a group's rules through Protego 0.7's internals."""
    (protego,) = [r for r in _core() if r.name.lower() == "protego"]
    assert not protego.specifier.contains(Version("0.6.9")), protego
    assert protego.specifier.contains(Version("0.7.0")), protego
    installed = Version(importlib.metadata.version("protego"))
    assert protego.specifier.contains(installed)
    from protego._utils import _quote_path, _quote_pattern

    from politeharvest.net._robots import RobotsTxt

    assert _quote_path("/a b") and _quote_pattern("/a*")
    robots = RobotsTxt.from_text(
        "User-agent: *\nDisallow: /private\nAllow: /private/open$\n", user_agent="bot/1.0"
    )
    assert robots._compile() is not None  # the internals were found: rules indexed, not scanned


def test_missing_dependency_is_public_and_documented() -> None:
    import politeharvest

    assert politeharvest.MissingDependency is MissingDependency
    assert "MissingDependency" in (ROOT / "docs" / "exceptions.md").read_text(encoding="utf-8")
