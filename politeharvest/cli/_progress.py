"""What a harvest shows while it runs and when it ends: the progress line and the summary.

`Progress` is a tqdm bar on a terminal and plain lines otherwise (nothing with --quiet);
`WatchedClock` counts a long wait down on it; `report_summary` and `Progress.traffic_line`
write the summary: records, pages, files, notes, what did not happen, and the traffic.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from pathlib import Path
from typing import Any, TextIO

from politeharvest._clock import SystemClock
from politeharvest.net._session import RequestEvent
from politeharvest.plan._cursor import HarvestSummary, PageResult
from politeharvest.store._tables import tracked_file

__all__ = ["NOT_CONSUMED", "Progress", "WatchedClock", "next_run", "plural", "report_summary"]


class Progress:
    """A progress bar on a terminal (tqdm), plain log lines otherwise, nothing with --quiet."""

    def __init__(self, quiet: bool, err: TextIO) -> None:
        self.quiet = quiet
        self.err = err
        self.bar: Any = None
        self.wait = ""
        self.files: dict[str, int] = {}
        self.fetched = 0
        self.landing = 0
        self.endpoint = ""
        self.announced = False
        self.received = 0
        self.waits: dict[str, float] = {}
        if not quiet and err.isatty():
            try:
                from tqdm import tqdm

                self.bar = tqdm(unit=" records", file=err, dynamic_ncols=True)
            except ImportError:  # pragma: no cover - tqdm is a dependency
                self.bar = None

    def event(self, event: RequestEvent) -> None:
        """Every request: the line moves while a page's files download, not only per page."""
        self.count(event)
        if event.wait_s >= 1.0:
            self.wait = f"waited {event.wait_s:.0f} s ({event.wait_reason})"
        if event.decision == "sent" and not event.url.endswith("/robots.txt"):
            if event.kind == "file":
                self.fetched += 1
            elif self.endpoint and not event.url.startswith(self.endpoint):
                self.landing += 1  # a record's landing page: one per record with full text
        if self.bar is not None:
            parts = []
            if self.landing:
                parts.append(f"{self.landing} landing pages")
            if self.fetched:
                parts.append(f"{self.fetched} file requests")
            self.bar.set_postfix_str(" ".join([", ".join(parts), self.wait]).strip(), refresh=True)

    def count(self, event: RequestEvent) -> None:
        """Add a request's body bytes and wait to the summary (the session counts the rest)."""
        self.received += event.received or 0
        if event.wait_s > 0:
            reason = event.wait_reason.split(" x")[0] or "wait"
            self.waits[reason] = self.waits.get(reason, 0.0) + event.wait_s

    def traffic_line(self, summary: HarvestSummary) -> str:
        """The summary's traffic: requests, retries, waits by reason, refusals, bytes."""
        reasons = ", ".join(
            f"{seconds:.1f} s {reason}" for reason, seconds in sorted(self.waits.items())
        )
        return (
            f"traffic: {plural(summary.requests, 'request')} ({summary.robots_fetches} "
            f"robots.txt), {plural(summary.retries, 'retry', 'retries')}, waited "
            f"{summary.wait_s:.1f} s{f' ({reasons})' if reasons else ''}, {summary.refused} "
            f"refused, {self.received / 1e6:.1f} MB received\n"
        )

    def waiting(self, left: float | None, reason: str) -> None:
        """A wait in progress (`left` seconds to go), or over (None): shown as it counts down."""
        if self.quiet:
            return
        if self.bar is not None:
            text = "" if left is None else f"waiting {left:.0f} s ({reason})"
            self.bar.set_postfix_str(text or self.wait, refresh=True)
            return
        if left is not None and not self.announced:
            self.err.write(f"waiting {left:.0f} s ({reason})\n")
            self.err.flush()
        self.announced = left is not None

    def page(self, lane: str, result: PageResult, pages: int) -> None:
        if self.quiet:
            return
        records = len(result.records)
        total = result.page.complete_list_size if result.page else None
        for status, count in result.files.items():
            self.files[status] = self.files.get(status, 0) + count
        files = ""
        if self.files:
            files = " files: " + ", ".join(f"{n} {s}" for s, n in sorted(self.files.items()))
        if self.bar is not None:
            if total is not None and self.bar.total is None:
                self.bar.total = total
            self.bar.update(records + result.skipped)  # the listing's items, as counted by total
            self.bar.set_description(f"page {pages}")
            self.bar.set_postfix_str(f"{files} {self.wait}".strip(), refresh=False)
            return
        size = f" of {total}" if total is not None else ""
        self.err.write(
            f"page {pages}: {plural(records, 'record')}{size} [{lane}]{files} {self.wait}\n"
        )
        self.err.flush()

    def close(self, *, complete: bool = False) -> None:
        """End the bar: at 100% when the harvest is complete, where it stopped otherwise."""
        if self.bar is not None:
            if complete and self.bar.total is not None and self.bar.n != self.bar.total:
                self.bar.total = self.bar.n  # end at the true total (several sets or windows)
            self.bar.close()


class WatchedClock(SystemClock):
    """The system clock; a wait of 2 s or more counts down on the progress line.

    `before_sleep` is called as each wait starts, and may raise to end the wait (the
    harvest does when it was asked to stop between pages); `sleeping` says whether a wait
    is under way now, for a signal handler to decide the same.
    """

    def __init__(self, progress: Progress, before_sleep: Callable[[], None] | None = None) -> None:
        self.progress = progress
        self.before_sleep = before_sleep
        self.sleeping = False

    def sleep(self, seconds: float, reason: str = "") -> None:
        """Sleep (in steps of at most a second, showing what is left, for a long wait)."""
        self.sleeping = True  # first: a signal from here on finds the wait under way
        try:
            if self.before_sleep is not None:
                self.before_sleep()
            if seconds < 2.0 or self.progress.quiet:
                super().sleep(seconds, reason)
            else:
                self._count_down(seconds, reason)
        finally:
            self.sleeping = False

    def _count_down(self, seconds: float, reason: str) -> None:
        end = self.monotonic() + seconds
        try:
            while (left := end - self.monotonic()) > 0:
                self.progress.waiting(left, reason)
                super().sleep(min(1.0, left), reason)
        finally:
            self.progress.waiting(None, reason)


def _empty_file(out: object) -> bool:
    """Whether `out` names a local file that holds nothing (not standard output, not a URL)."""
    name = str(out)
    if name == "-" or "://" in name:
        return False
    path = Path(tracked_file(name) or name)  # a Parquet dataset: its ledger
    return not path.exists() or (path.is_file() and path.stat().st_size == 0)


def plural(count: int, word: str, many: str | None = None) -> str:
    """`count` and the word, plural unless the count is 1 (`many` for an irregular one)."""
    return f"{count} {word if count == 1 else many or word + 's'}"


#: What a run to standard output without --consume is (said once in its summary).
NOT_CONSUMED = "standard output does not use up the harvest"


def next_run(consumed: bool, *, overwrote: bool = False) -> str:
    """What running the same command again does, after a run that stopped before the end.

    `overwrote`: the run replaced its output (--overwrite) and wrote a page into it; the
    same command would replace those pages again, so it continues without --overwrite.
    """
    if consumed and overwrote:
        return "run the same command without --overwrite to continue (its pages are kept)"
    if consumed:
        return "run the same command to continue"
    return (
        "the same command starts again from the beginning (standard output consumed nothing; "
        "--consume continues where a run stopped)"
    )


def overwrote(args: argparse.Namespace, pages: int) -> bool:
    """Whether the run replaced its output (--overwrite) and wrote pages into it."""
    return bool(getattr(args, "overwrite", False)) and pages > 0


def _windowed(args: argparse.Namespace) -> bool:
    """Whether the harvest asked for part of the repository (a window or sets)."""
    return bool(
        getattr(args, "from_", None) or getattr(args, "until", None) or getattr(args, "sets", None)
    )


def report_summary(summary: HarvestSummary, args: argparse.Namespace, err: TextIO) -> None:
    """The summary lines: counts, files, where things went, and what did not happen."""
    where = args.out if args.out != "-" else "standard output"
    rate = (
        f" ({summary.records / summary.duration_s:.0f} records/s)"
        if summary.duration_s > 0.5
        else ""
    )
    err.write(
        f"{plural(summary.records, 'record')} ({summary.deleted} deleted) in "
        f"{plural(summary.pages, 'page')} to {where}{rate}\n"
    )
    if summary.skipped:
        err.write(
            f"{plural(summary.skipped, 'record')} left out as already delivered "
            "(to this or another output; --full delivers them again)\n"
        )
    if summary.files:
        counts = ", ".join(f"{n} {status}" for status, n in sorted(summary.files.items()))
        err.write(f"files: {counts} (in {args.files})\n")
    for note in summary.notes:
        err.write(f"note: {note}\n")
    if not summary.consumed:
        err.write(
            f"note: {NOT_CONSUMED}: nothing was recorded as delivered, so the next run (into "
            "--out FILE, say) delivers these records again; add --consume to record them\n"
        )
    first = not getattr(args, "covered_before", True) and not summary.skipped
    if summary.complete and summary.records == 0 and first:
        # nothing was harvested before: the repository lists no record (in this window)
        window = " in this window (--from, --until, --set)" if _windowed(args) else ""
        err.write(f"the repository lists no record{window}\n")
    elif summary.complete and summary.records == 0 and not args.full and summary.consumed:
        window = " ".join(
            f"{word} {value}"
            for word, value in (
                ("from", getattr(args, "from_", None)),
                ("until", getattr(args, "until", None)),
            )
            if value
        )
        # the window asked for, when one was; else the end of what earlier runs covered
        since = f"since {args.since}" if getattr(args, "since", "") else ""
        err.write(f"nothing new {window or since}".rstrip() + "\n")
        if getattr(args, "overwrite", False):
            err.write(
                f"note: --overwrite left {args.out} as it was (nothing to write into a new "
                "one); add --full to write every record into it afresh\n"
            )
        elif _empty_file(args.out):
            # an earlier harvest (into another output, or standard output) took it all
            err.write(
                f"note: {args.out} is empty because this repository was harvested before with "
                "this state; add --full to write every record into it\n"
            )
    if summary.stopped and "(max_records)" in summary.reason:
        err.write(
            f"stopped after {plural(summary.records, 'record')} (--max-records); "
            f"{next_run(summary.consumed, overwrote=overwrote(args, summary.pages))}\n"
        )
