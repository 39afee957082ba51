"""The shared fixtures (../shared beside the repository): tests that need them skip cleanly.

A user's clone has no ../shared: a test that needs it skips, and the run ends with one line
saying how many did and why. `.ci/run` sets ``PH_REQUIRE_SHARED=1``: there a missing
fixture fails the test instead, as a missing Redis does with ``PH_REQUIRE_REDIS=1``.

Three ways to say that a test needs them, all handled by tests/conftest.py:

- the marker ``@pytest.mark.shared("fixtures/oai", ...)`` (or ``pytestmark``), checked
  before the test runs;
- ``require_shared("fixtures", "oai")`` inside a test or fixture, or at a module's top
  (it returns the path);
- a test that reads a missing ../shared path anyway (``FileNotFoundError`` naming it) is
  reported as skipped for the same reason, never as a failure, when ../shared is absent.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import NoReturn

import pytest

from . import SHARED

__all__ = [
    "REQUIRE_ENV",
    "SHARED",
    "SKIP_PREFIX",
    "have_shared",
    "is_shared",
    "missing",
    "require_shared",
    "required",
    "shared_path",
    "shown",
]

#: Every skip for missing shared fixtures starts with this (the summary counts them).
SKIP_PREFIX = "needs the shared fixtures: "

#: Set by `.ci/run`: a missing shared fixture fails the test instead of skipping it.
REQUIRE_ENV = "PH_REQUIRE_SHARED"


def required() -> bool:
    """Whether missing shared fixtures fail the tests (``PH_REQUIRE_SHARED=1``)."""
    return os.environ.get(REQUIRE_ENV, "") not in ("", "0")


def shared_path(*parts: str) -> Path:
    """A path under ../shared (``shared_path("fixtures", "oai")`` or ``"fixtures/oai"``)."""
    return SHARED.joinpath(*parts)


def have_shared(*parts: str) -> bool:
    """Whether the path under ../shared exists (a file, or a folder that is not empty)."""
    path = shared_path(*parts)
    return path.is_file() or (path.is_dir() and any(path.iterdir()))


def missing(path: Path | str) -> NoReturn:
    """Skip the running test for a missing shared fixture, or fail it under PH_REQUIRE_SHARED."""
    name = shown(path)
    if required():
        pytest.fail(
            f"the shared fixture {name} is missing ({REQUIRE_ENV}=1): put the project's "
            f"shared folder beside the repository ({SHARED})",
            pytrace=False,
        )
    pytest.skip(f"{SKIP_PREFIX}{name}", allow_module_level=True)


def require_shared(*parts: str) -> Path:
    """The path under ../shared; skips (or fails, under PH_REQUIRE_SHARED) when it is missing."""
    path = shared_path(*parts)
    if not have_shared(*parts):
        missing(path)
    return path


def is_shared(path: Path | str) -> bool:
    """Whether a path lies under ../shared."""
    try:
        Path(os.path.abspath(path)).relative_to(SHARED)
    except ValueError:
        return False
    return True


def shown(path: Path | str) -> str:
    """A path under ../shared as the summary names it."""
    try:
        return f"../shared/{Path(os.path.abspath(path)).relative_to(SHARED).as_posix()}"
    except ValueError:
        return str(path)
