"""OAI-PMH 2.0: the pager, its cursor, and the values it returns."""

from __future__ import annotations

from politeharvest._paths import publish

from ._pager import (
    OaiCursor,
    OaiFormat,
    OaiIdentify,
    OaiPage,
    OaiPager,
    OaiRecord,
    OaiSet,
    format_datestamp,
    windows,
)

__all__ = [
    "OaiCursor",
    "OaiFormat",
    "OaiIdentify",
    "OaiPage",
    "OaiPager",
    "OaiRecord",
    "OaiSet",
    "format_datestamp",
    "windows",
]

publish(globals())
