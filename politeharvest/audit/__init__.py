"""Accountability to repositories: an audit log of every exchange and a politeness report.

`AuditLog` is an ``on_event`` hook that appends each request and refusal to a JSON-lines file
(``harvest --audit FILE``); `summarize` reads such files into a `Report`, which `render_html`
and `render_text` turn into a page and an operator's summary (``politeharvest report``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from politeharvest._paths import loaded_on_use

if TYPE_CHECKING:  # loaded on first use (module __getattr__ below): a harvest's --audit
    # needs the log, not the report's rendering
    from ._log import AuditLog, read_audit
    from ._report import HostReport, Report, render_html, render_text, summarize

__all__ = [
    "AuditLog",
    "HostReport",
    "Report",
    "read_audit",
    "render_html",
    "render_text",
    "summarize",
]

_LATER = {
    "AuditLog": "_log",
    "read_audit": "_log",
    "HostReport": "_report",
    "Report": "_report",
    "render_html": "_report",
    "render_text": "_report",
    "summarize": "_report",
}


__getattr__ = loaded_on_use(__name__, _LATER)


def __dir__() -> list[str]:
    return sorted({*globals(), *_LATER})
