"""The shapes of a harvest's rows that more than one area reads."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def is_file_update(row: Mapping[str, Any]) -> bool:
    """A retried file's row: ``{"identifier": ..., "fulltext": {...}, "retry": true}``.

    A later run with ``--files`` writes it for a record delivered before; it carries no
    record of its own (no metadata, no datestamp), only the file's ``fulltext`` for it.
    """
    return bool(row.get("retry")) and "fulltext" in row and "metadata" not in row
