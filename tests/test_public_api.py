"""Pins the public API: a change here is a change users will notice."""

from __future__ import annotations

import pytest

import politeharvest
from politeharvest import exceptions, testing


def test_all_is_pinned() -> None:
    """About 25 names users need; parts for advanced use live in public submodules."""
    assert sorted(politeharvest.__all__) == sorted(
        [
            "Deferred",
            "FullText",
            "HarvestError",
            "HarvestPlan",
            "HarvestSummary",
            "JsonlSink",
            "LandingPageResolver",
            "OaiCursor",
            "OaiPage",
            "OaiPager",
            "OaiRecord",
            "PageResult",
            "PdfFetcher",
            "PlanCursor",
            "PoliteSession",
            "Politeness",
            "RequestEvent",
            "Resolution",
            "SQLiteStateStore",
            "WaitRequired",
            "__version__",
            "exceptions",
            "harvest",
            "presets",
        ]
    )


#: One face per area (the package's subpackages), and the public modules beside them.
FACES = ("net", "oai", "store", "fulltext", "quality", "fleet", "plan", "audit", "cli")
MODULES = ("exceptions", "presets", "testing")
#: Paths of 0.1 that keep working for one 0.x release, with a warning naming the new face.
MOVED = {
    "session": "net",
    "pacing": "net",
    "robots": "net",
    "redirects": "net",
    "retry": "net",
    "state": "store",
    "sinks": "store",
    "landing": "fulltext",
}


def test_public_submodules_and_paths() -> None:
    import importlib
    import inspect
    from pathlib import Path

    package = Path(politeharvest.__file__).parent
    areas = {
        p.parent.name for p in package.glob("*/__init__.py") if not p.parent.name.startswith("_")
    }
    assert areas - set(MODULES) == set(FACES)  # a new area gets a face here
    for module in (*FACES, *MODULES):
        loaded = importlib.import_module(f"politeharvest.{module}")
        for name in loaded.__all__:
            assert hasattr(loaded, name), (module, name)
            value = getattr(loaded, name)
            inside = str(getattr(value, "__module__", "")).startswith(f"politeharvest.{module}")
            if inside and isinstance(value, type) and name not in politeharvest.__all__:
                # help() shows the public path, politeharvest.net.RobotsGate
                assert value.__module__ in (f"politeharvest.{module}", "politeharvest"), (
                    module,
                    name,
                )
    assert politeharvest.OaiPager.__module__ == "politeharvest"  # help() shows the public path
    from politeharvest import AddressRefused, WaitRequired  # every exception at the top

    assert issubclass(WaitRequired, politeharvest.Deferred)
    assert issubclass(AddressRefused, politeharvest.HarvestError)
    assert "NOTHING" not in str(inspect.signature(politeharvest.HarvestPlan))


@pytest.mark.parametrize(("old", "new"), sorted(MOVED.items()))
def test_old_paths_still_work_and_warn(old: str, new: str) -> None:
    import importlib
    import sys

    sys.modules.pop(f"politeharvest.{old}", None)
    with pytest.warns(DeprecationWarning, match=f"import from politeharvest.{new}") as caught:
        exec(compile(f"import politeharvest.{old}", __file__, "exec"), {})
    assert caught[0].filename == __file__  # the warning names the line that imports it
    loaded = sys.modules[f"politeharvest.{old}"]
    face = importlib.import_module(f"politeharvest.{new}")
    for name in face.__all__:
        assert getattr(loaded, name) is getattr(face, name)


def test_the_identity_check_is_public() -> None:
    import inspect

    from politeharvest import fulltext

    for name in ("check_identity", "Identity", "RecordHints", "decide", "pdf_text"):
        assert name in fulltext.__all__
    assert list(inspect.signature(fulltext.check_identity).parameters) == ["pdf", "record"]
    fields = [f.name for f in fulltext.Identity.__attrs_attrs__]
    assert fields == ["verdict", "evidence", "kind", "version", "titled"]  # titled: additive


def test_every_public_name_appears_in_the_docs() -> None:
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    text = "\n".join(
        p.read_text() for p in [root / "README.md", *sorted((root / "docs").glob("*.md"))]
    )
    missing = [n for n in politeharvest.__all__ if n != "__version__" and n not in text]
    assert missing == []


def test_every_preset_is_in_the_docs_that_list_them() -> None:
    """docs/cli.md (``--preset``) and docs/politeness.md name every preset (issue 23)."""
    from pathlib import Path

    from politeharvest.presets import PRESETS

    docs = Path(__file__).resolve().parents[1] / "docs"
    cli, politeness = (docs / "cli.md").read_text(), (docs / "politeness.md").read_text()
    for name in PRESETS:
        assert f"`{name}`" in cli, name
        assert f"`{name.upper()}`" in politeness, name


def test_exception_tree() -> None:
    e = exceptions
    assert issubclass(e.Disallowed, e.PolicyRefusal)
    assert issubclass(e.RedirectRefused, e.PolicyRefusal)
    assert issubclass(e.HostStopped, e.PolicyRefusal)
    assert issubclass(e.WaitRequired, e.Deferred)
    assert issubclass(e.BudgetExhausted, e.Deferred)
    assert issubclass(e.RetriesExhausted, e.RetryLater)
    assert issubclass(e.RobotsUnavailable, e.RetryLater)
    assert issubclass(e.TransportError, e.FetchError)
    assert issubclass(e.ResponseTooLarge, e.BadResponse)
    assert issubclass(e.BadResponse, e.ContentError)
    assert issubclass(e.RepositoryMisbehaves, e.BadResponse)
    # the machine's faults (issue 20)
    assert issubclass(e.CertificateRejected, e.FetchError)
    assert not issubclass(e.CertificateRejected, e.TransportError)  # never retried
    assert not issubclass(e.CertificateRejected, e.Deferred)
    assert issubclass(e.StateCorrupt, e.StorageError)
    assert issubclass(e.OutputLocked, e.SinkError)
    assert issubclass(e.OutputUnknown, e.SinkError)
    for name in ("CertificateRejected", "OutputLocked", "OutputUnknown", "StateCorrupt"):
        assert name in e.__all__
    assert "StorageError" in e.__all__
    for name in e.__all__:
        assert issubclass(getattr(e, name), e.HarvestError)


def test_testing_helpers_are_public() -> None:
    for name in testing.__all__:
        assert hasattr(testing, name)


def test_the_misbehaving_repository_zoo_is_pinned() -> None:
    assert sorted(testing.ZOO) == [
        "identifier-ordered-tokens-answer-500",
        "identifier-ordered-tokens-expire",
        "set-dropped-from-tokens",
        "size-changing",
        "window-broken-after-first-page",
    ]
    for name in (
        "MisbehavingRepository",
        "identifier_ordered",
        "set_dropped_from_tokens",
        "size_changing",
        "window_broken_after_first_page",
    ):
        assert name in testing.__all__
    import inspect

    from politeharvest import HarvestPlan, OaiPage, OaiPager

    assert "lenient" in inspect.signature(OaiPager).parameters
    assert "lenient" in inspect.signature(HarvestPlan).parameters
    assert {"out_of_scope", "violations", "doubt"} <= set(inspect.signature(OaiPage).parameters)


def test_import_starts_no_threads() -> None:
    import subprocess
    import sys

    code = "import threading, politeharvest, politeharvest.testing; print(threading.active_count())"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "1"


def test_every_exception_has_a_line_in_docs_exceptions() -> None:
    from pathlib import Path

    page = (Path(__file__).resolve().parents[1] / "docs" / "exceptions.md").read_text()
    missing = [name for name in exceptions.__all__ if f"| `{name}` |" not in page]
    assert missing == []
