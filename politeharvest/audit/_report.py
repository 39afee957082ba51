"""A politeness report from an audit file: per host, what was sent, how far apart, and why (core).

`summarize` reads the lines that `AuditLog` wrote and computes, per host: requests by kind
(pages, files, robots.txt), the end-to-start gaps and the least of them against the policy's
floor (the interval for that kind times the slow-down in force), waits and their reasons,
429/503 answers and the slow-down they caused, refusals (robots.txt, policy, challenges),
bytes, the busiest minute, and the contact the harvest sent. `render_html` turns it into one
self-contained page (inline SVG, no script, no network); `render_text` into a summary a
harvester can send to a repository's operator.
"""

from __future__ import annotations

import datetime as _dt
import html
import itertools
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import attrs

__all__ = ["HostReport", "Report", "render_html", "render_text", "summarize"]

#: Decisions that mean nothing was sent.
REFUSALS = ("disallowed", "refused", "stopped", "deferred", "budget", "reserved")
#: Events that are findings about a request, not requests (kept out of the timeline).
NOTES = ("preferences",)
#: Gaps shorter than the floor by less than this are clock noise (seconds).
SLACK_S = 0.005


@attrs.frozen
class HostReport:
    """What one host saw of the harvest.

    Attributes:
        host: the host (pacing key).
        requests: requests sent, by kind (``page``, ``file``, ``robots``).
        statuses: answers by HTTP status.
        first: the first request's start (epoch seconds).
        last: the last response's end (epoch seconds).
        min_gap_s: the least end-to-start gap between two requests (None below two).
        min_floor_s: the policy's floor for that gap.
        below_floor: gaps shorter than their floor (0 for a polite harvest).
        max_in_flight: the most requests open at once.
        waits: seconds waited, by reason.
        throttled: 429/503 answers.
        max_multiplier: the largest slow-down in force.
        refusals: requests not sent, by decision and detail.
        bytes: body bytes received.
        busiest_minute: the most requests started in any 60 s.
        timeline: ``(start, end, kind, status, decision)`` of every request and refusal.
        signals: the usage preferences and rights signals the host sent, each with what was
            done (``recorded``: kept in the file's row; a refusal: the file not fetched or
            not stored), and how often.
    """

    host: str
    requests: Mapping[str, int]
    statuses: Mapping[int, int]
    first: float | None
    last: float | None
    min_gap_s: float | None
    min_floor_s: float | None
    below_floor: int
    max_in_flight: int
    waits: Mapping[str, float]
    throttled: int
    max_multiplier: float
    refusals: Mapping[str, int]
    bytes: int
    busiest_minute: int
    timeline: tuple[tuple[float, float, str, int | None, str], ...]
    signals: Mapping[str, int] = attrs.field(factory=dict)

    @property
    def sent(self) -> int:
        """Requests sent, of every kind."""
        return sum(self.requests.values())


@attrs.frozen
class Report:
    """A harvest's politeness, per host, from its audit lines.

    Attributes:
        hosts: one `HostReport` per host, busiest first.
        runs: the number of runs in the audit.
        user_agents: the User-Agent values the runs sent.
        contacts: the From addresses the runs sent.
        request_interval: the policy's interval before each request (seconds; the last run's).
        file_interval: the policy's interval before each file (seconds; the last run's).
    """

    hosts: tuple[HostReport, ...]
    runs: int
    user_agents: tuple[str, ...]
    contacts: tuple[str, ...]
    request_interval: float | None
    file_interval: float | None


def _floor(row: Mapping[str, Any], intervals: Mapping[str, float]) -> float:
    base = intervals["file"] if row.get("kind") == "file" else intervals["page"]
    return base * float(row.get("multiplier") or 1.0)


def _busiest_minute(starts: Sequence[float]) -> int:
    best, low = 0, 0
    for high, start in enumerate(starts):
        while start - starts[low] >= 60.0:
            low += 1
        best = max(best, high - low + 1)
    return best


def _max_in_flight(spans: Iterable[tuple[float, float]]) -> int:
    points = sorted(
        itertools.chain.from_iterable(((s, 1), (e, -1)) for s, e in spans),
        key=lambda p: (p[0], p[1]),  # an end and a start at one moment do not overlap
    )
    level = best = 0
    for _, step in points:
        level += step
        best = max(best, level)
    return best


def _host_report(
    host: str, rows: Sequence[Mapping[str, Any]], intervals: Mapping[str, Mapping[str, float]]
) -> HostReport:
    sent = sorted(
        (r for r in rows if r.get("start") is not None and r.get("end") is not None),
        key=lambda r: float(r["start"]),
    )
    requests = Counter(str(r.get("kind")) for r in sent)
    statuses = Counter(int(r["status"]) for r in sent if r.get("status") is not None)
    min_gap = min_floor = None
    below = 0
    for before, after in itertools.pairwise(sent):
        gap = float(after["start"]) - float(before["end"])
        floor = _floor(after, intervals[str(after.get("run"))])
        if gap < floor - SLACK_S:
            below += 1
        if min_gap is None or gap < min_gap:
            min_gap, min_floor = gap, floor
    waits: dict[str, float] = {}
    for r in rows:
        if float(r.get("wait_s") or 0.0) > 0:
            reason = str(r.get("wait_reason") or "wait").split(" x")[0]
            waits[reason] = waits.get(reason, 0.0) + float(r["wait_s"])
    refused = Counter(
        f"{r.get('decision')}: {r.get('detail') or r.get('kind')}"
        for r in rows
        if r.get("decision") in REFUSALS
    )
    signals = Counter(
        f"{r.get('detail')}: recorded"
        if r.get("decision") == "preferences"
        else f"{r.get('detail')}: not fetched or not stored"
        for r in rows
        if r.get("decision") == "preferences"
        or (r.get("decision") == "reserved" and r.get("detail"))
    )
    timeline = tuple(
        (
            float(r.get("start") or _epoch(r)),
            float(r.get("end") or r.get("start") or _epoch(r)),
            str(r.get("kind")),
            r.get("status"),
            str(r.get("decision")),
        )
        for r in sorted(rows, key=lambda r: float(r.get("start") or _epoch(r)))
        if r.get("decision") not in NOTES
    )
    return HostReport(
        host=host,
        requests=dict(requests),
        statuses=dict(sorted(statuses.items())),
        first=float(sent[0]["start"]) if sent else None,
        last=max(float(r["end"]) for r in sent) if sent else None,
        min_gap_s=min_gap,
        min_floor_s=min_floor,
        below_floor=below,
        max_in_flight=_max_in_flight((float(r["start"]), float(r["end"])) for r in sent),
        waits=waits,
        throttled=sum(n for status, n in statuses.items() if status in (429, 503)),
        max_multiplier=max((float(r.get("multiplier") or 1.0) for r in rows), default=1.0),
        refusals=dict(refused),
        signals=dict(signals),
        bytes=sum(int(r.get("bytes") or 0) for r in sent),
        busiest_minute=_busiest_minute([float(r["start"]) for r in sent]),
        timeline=timeline,
    )


def _epoch(row: Mapping[str, Any]) -> float:
    text = str(row.get("at", "")).replace("Z", "+00:00")
    try:
        return _dt.datetime.fromisoformat(text).timestamp()
    except ValueError:
        return 0.0


def summarize(lines: Iterable[Mapping[str, Any]]) -> Report:
    """The report of an audit file's lines (as `read_audit` yields them)."""
    runs: dict[str, Mapping[str, Any]] = {}
    by_host: dict[str, list[Mapping[str, Any]]] = {}
    for row in lines:
        if row.get("type") == "run":
            runs[str(row.get("run"))] = row
        elif row.get("type") == "request":
            by_host.setdefault(str(row.get("host")), []).append(row)
    last = list(runs.values())[-1] if runs else {}
    default = {
        "page": float(last.get("request_interval") or 0.0),
        "file": float(last.get("file_interval") or 0.0),
    }
    intervals: dict[str, Mapping[str, float]] = {}
    for run_id in {str(r.get("run")) for rows in by_host.values() for r in rows}:
        header = runs.get(run_id)
        intervals[run_id] = (
            {
                "page": float(header.get("request_interval") or 0.0),
                "file": float(header.get("file_interval") or 0.0),
            }
            if header
            else default
        )
    hosts = sorted(
        (_host_report(host, rows, intervals) for host, rows in by_host.items()),
        key=lambda h: (-h.sent, h.host),
    )
    return Report(
        hosts=tuple(hosts),
        runs=len(runs),
        user_agents=_distinct(runs.values(), "user_agent"),
        contacts=_distinct(runs.values(), "from"),
        request_interval=float(last["request_interval"]) if "request_interval" in last else None,
        file_interval=float(last["file_interval"]) if "file_interval" in last else None,
    )


def _distinct(rows: Iterable[Mapping[str, Any]], key: str) -> tuple[str, ...]:
    return tuple(dict.fromkeys(str(r[key]) for r in rows if r.get(key)))


def _when(epoch: float | None) -> str:
    if epoch is None:
        return "-"
    return _dt.datetime.fromtimestamp(epoch, tz=_dt.timezone.utc).strftime("%Y-%m-%d %H:%M:%S UTC")


def _seconds(value: float | None) -> str:
    return "-" if value is None else f"{value:.3f} s"


def render_text(report: Report) -> str:
    """A plain-text summary for a repository's operator, one paragraph per host."""
    contact = ", ".join(report.user_agents) or "(no user agent recorded)"
    if report.contacts:
        contact += f"; From: {', '.join(report.contacts)}"
    out = []
    for host in report.hosts:
        kinds = ", ".join(f"{n} {kind}" for kind, n in sorted(host.requests.items()))
        parts = [
            f"From {_when(host.first)} to {_when(host.last)} we made {host.sent} requests to "
            f"{host.host} ({kinds or 'none sent'}), never more than {host.max_in_flight} at a "
            f"time",
        ]
        if host.min_gap_s is not None:
            parts.append(f"at least {host.min_gap_s:.2f} s apart (end to start)")
        out.append(", ".join(parts) + ".")
        files = host.requests.get("file", 0)
        extra = [f"{files} files", f"{host.bytes:,} bytes received"]
        extra.append(f"at most {host.busiest_minute} requests in any minute")
        if host.throttled:
            extra.append(
                f"{host.throttled} answers 429/503, after which we slowed down up to "
                f"x{host.max_multiplier:g}"
            )
        if host.refusals:
            extra.append(f"{sum(host.refusals.values())} requests not sent (robots.txt, policy)")
        out.append("; ".join(extra) + ".")
        for signal, count in sorted(host.signals.items()):
            out.append(f"Signal seen {count} time(s): {signal}.")
        out.append(f"Our contact: {contact}.")
        out.append("")
    if not report.hosts:
        out.append("The audit holds no requests.")
    return "\n".join(out).rstrip() + "\n"


_COLOURS = {"page": "#1f77b4", "file": "#ff7f0e", "robots": "#7f7f7f"}


def _timeline_svg(host: HostReport, width: int = 900) -> str:
    rows = ("robots", "page", "file")
    height = 24 * len(rows) + 30
    if not host.timeline:
        return ""
    start = min(t[0] for t in host.timeline)
    end = max(t[1] for t in host.timeline)
    span = max(end - start, 1e-6)
    left = 60

    def x(moment: float) -> float:
        return left + (moment - start) / span * (width - left - 10)

    marks = []
    for index, name in enumerate(rows):
        y = 10 + 24 * index
        marks.append(f'<text x="0" y="{y + 14}" font-size="12">{name}</text>')
        marks.append(
            f'<line x1="{left}" y1="{y + 10}" x2="{width - 10}" y2="{y + 10}" stroke="#ddd"/>'
        )
    for s, e, kind, status, decision in host.timeline:
        index = rows.index(kind) if kind in rows else 1
        y = 10 + 24 * index
        title = html.escape(f"{kind} {status or ''} {decision} at {_when(s)}")
        if decision in REFUSALS:
            marks.append(
                f'<text x="{x(s):.1f}" y="{y + 15}" font-size="12" fill="#d62728">'
                f"&#x2715;<title>{title}</title></text>"
            )
            continue
        colour = "#d62728" if status in (429, 503) else _COLOURS.get(kind, "#1f77b4")
        w = max(x(e) - x(s), 1.5)
        marks.append(
            f'<rect x="{x(s):.1f}" y="{y + 3}" width="{w:.1f}" height="14" fill="{colour}">'
            f"<title>{title}</title></rect>"
        )
    axis_y = height - 8
    marks.append(f'<text x="{left}" y="{axis_y}" font-size="11">{html.escape(_when(start))}</text>')
    marks.append(
        f'<text x="{width - 10}" y="{axis_y}" font-size="11" text-anchor="end">'
        f"{html.escape(_when(end))}</text>"
    )
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'role="img" aria-label="requests to {html.escape(host.host)} over time">'
        + "".join(marks)
        + "</svg>"
    )


def _table(rows: Iterable[tuple[str, str]]) -> str:
    cells = "".join(f"<tr><th>{html.escape(k)}</th><td>{html.escape(v)}</td></tr>" for k, v in rows)
    return f"<table>{cells}</table>"


def render_html(report: Report, *, title: str = "politeharvest: politeness report") -> str:
    """One self-contained HTML page: a section per host with its timeline and figures."""
    sections = []
    for host in report.hosts:
        floor = (
            f"{_seconds(host.min_gap_s)} (policy floor {_seconds(host.min_floor_s)})"
            if host.min_gap_s is not None
            else "-"
        )
        figures = [
            ("requests", ", ".join(f"{k}: {v}" for k, v in sorted(host.requests.items())) or "0"),
            ("from / to", f"{_when(host.first)} / {_when(host.last)}"),
            ("least gap, end to start", floor),
            ("gaps below the floor", str(host.below_floor)),
            ("most requests in flight", str(host.max_in_flight)),
            ("busiest minute", f"{host.busiest_minute} requests"),
            ("answers", ", ".join(f"{k}: {v}" for k, v in host.statuses.items()) or "-"),
            (
                "429/503 and slow-down",
                f"{host.throttled}; up to x{host.max_multiplier:g}" if host.throttled else "none",
            ),
            ("waits", ", ".join(f"{k} {v:.1f} s" for k, v in sorted(host.waits.items())) or "-"),
            (
                "not sent",
                "; ".join(f"{k} ({v})" for k, v in sorted(host.refusals.items())) or "none",
            ),
            ("bytes received", f"{host.bytes:,}"),
            (
                "signals and what was done",
                "; ".join(f"{k} ({v})" for k, v in sorted(host.signals.items())) or "none",
            ),
        ]
        sections.append(
            f"<section><h2>{html.escape(host.host)}</h2>{_timeline_svg(host)}"
            f"{_table(figures)}</section>"
        )
    summary = html.escape(render_text(report))
    contact = html.escape(", ".join(report.user_agents) or "-")
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>{html.escape(title)}</title>
<style>
body {{ font-family: sans-serif; margin: 2em; color: #222; }}
table {{ border-collapse: collapse; margin: 1em 0; }}
th {{ text-align: left; padding: 2px 12px 2px 0; font-weight: normal; color: #555; }}
td {{ padding: 2px 0; }}
pre {{ background: #f6f6f6; padding: 1em; white-space: pre-wrap; }}
section {{ border-top: 1px solid #ccc; margin-top: 1.5em; }}
</style></head>
<body><h1>{html.escape(title)}</h1>
<p>{report.runs} run(s); user agent: {contact}; policy: {_seconds(report.request_interval)} before
each request and {_seconds(report.file_interval)} before each file, per host, end to start.</p>
<h2>Summary for the repository's operator</h2><pre>{summary}</pre>
{"".join(sections)}
</body></html>
"""
