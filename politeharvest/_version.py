"""The package version, in one place (pyproject.toml reads it too)."""

from __future__ import annotations

__version__ = "0.1.0.dev0"
