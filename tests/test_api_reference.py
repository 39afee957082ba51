"""The API reference: built from the docstrings (mkdocs + mkdocstrings), strictly, naming every
public name of every face (issue 23)."""

from __future__ import annotations

import importlib
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("mkdocs")
pytest.importorskip("mkdocstrings")

ROOT = Path(__file__).resolve().parents[1]
#: The reference's pages (docs/api/NAME.md) and the module each documents.
PAGES = {
    "index": "politeharvest",
    "net": "politeharvest.net",
    "oai": "politeharvest.oai",
    "store": "politeharvest.store",
    "fulltext": "politeharvest.fulltext",
    "quality": "politeharvest.quality",
    "fleet": "politeharvest.fleet",
    "plan": "politeharvest.plan",
    "audit": "politeharvest.audit",
    "exceptions": "politeharvest.exceptions",
    "presets": "politeharvest.presets",
    "testing": "politeharvest.testing",
}


def test_every_face_has_a_page() -> None:
    package = ROOT / "politeharvest"
    faces = {
        p.parent.name for p in package.glob("*/__init__.py") if not p.parent.name.startswith("_")
    }
    documented = {module.rsplit(".", 1)[-1] for module in PAGES.values()}
    assert faces - {"cli"} <= documented  # the command line's page is docs/cli.md
    for page in PAGES:
        assert (ROOT / "docs" / "api" / f"{page}.md").is_file(), page


def test_the_reference_builds_strictly_and_names_every_public_name(tmp_path: Path) -> None:
    site = tmp_path / "site"
    built = subprocess.run(
        [
            sys.executable,
            "-m",
            "mkdocs",
            "build",
            "--strict",
            "-f",
            str(ROOT / "mkdocs.yml"),
            "-d",
            str(site),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert built.returncode == 0, built.stderr  # a broken link or docstring is an error
    for page, name in PAGES.items():
        html = (site / "api" / ("" if page == "index" else page) / "index.html").read_text()
        module = importlib.import_module(name)
        public = [
            n
            for n in module.__all__
            if not n.startswith("__") and n not in ("exceptions", "presets")
        ]
        missing = [n for n in public if f'id="{name}.{n}"' not in html]
        assert missing == [], (page, missing)
