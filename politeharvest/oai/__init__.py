"""OAI-PMH 2.0: the pager, its cursor, and the values it returns."""

from __future__ import annotations

from politeharvest._paths import publish

from ._cursor import OaiCursor
from ._datestamps import format_datestamp, windows
from ._pager import OaiPager
from ._quick import harvest
from ._records import OaiFormat, OaiIdentify, OaiPage, OaiRecord, OaiSet

__all__ = [
    "OaiCursor",
    "OaiFormat",
    "OaiIdentify",
    "OaiPage",
    "OaiPager",
    "OaiRecord",
    "OaiSet",
    "format_datestamp",
    "harvest",
    "windows",
]

publish(globals())
