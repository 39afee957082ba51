"""Accountability to repositories: an audit log of every exchange and a politeness report.

`AuditLog` is an ``on_event`` hook that appends each request and refusal to a JSON-lines file
(``harvest --audit FILE``); `summarize` reads such files into a `Report`, which `render_html`
and `render_text` turn into a page and an operator's summary (``politeharvest report``).
"""

from __future__ import annotations

from politeharvest._paths import publish

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

publish(globals())
