"""``politeharvest harvest`` and ``demo``: a `HarvestPlan` run from the command line.

Builds the plan from the options (with --warc, --audit and --files), checks --set against
the repository's sets, runs it page by page with the progress line, and turns Ctrl-C and
SIGTERM into a stop after the page in hand (a second signal stops at once).
"""

from __future__ import annotations

import argparse
import json
import signal
from collections.abc import Callable, Sequence
from types import FrameType
from typing import TYPE_CHECKING, Any, TextIO

import attrs

from politeharvest._clock import SystemClock
from politeharvest._policy import Politeness
from politeharvest._reprs import value_repr
from politeharvest.net._session import RequestEvent
from politeharvest.oai._datestamps import parse_datestamp
from politeharvest.plan._cursor import HarvestSummary, Lane, PageResult
from politeharvest.plan._plan import HarvestPlan
from politeharvest.store._tables import Output

from ._checks import policy_from
from ._parser import (
    EXIT_DEFERRED,
    EXIT_INTERRUPTED,
    EXIT_OK,
    EXIT_TERMINATED,
    EXIT_USAGE,
    Terminated,
    usage_error,
)
from ._progress import Progress, WatchedClock, next_run, report_summary

if TYPE_CHECKING:
    from politeharvest.audit._log import AuditLog
    from politeharvest.fulltext._step import FullText

__all__ = ["harvest_command"]


def _fulltext(args: argparse.Namespace) -> FullText | None:
    if args.files is None:
        if args.html_only:
            raise ValueError("--html-only needs --files DIR (where the landing pages are kept)")
        return None
    from politeharvest.fulltext._step import FullText

    return FullText(
        directory=args.files,
        html_only=args.html_only,
        sources=_source_names(args),
        mailto=getattr(args, "mailto", None) or "",
    )


def _source_names(args: argparse.Namespace) -> tuple[str, ...]:
    """The sanctioned full-text sources named by ``--fulltext-sources`` (checked before)."""
    given = getattr(args, "fulltext_sources", None) or ""
    return tuple(n.strip() for n in given.split(",") if n.strip())


def harvest_command(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """``politeharvest harvest URL`` (or ``demo``: the same against a sample on loopback)."""
    server = None
    if args.command == "demo":
        from politeharvest._testing._loopback import LoopbackServer, Reply
        from politeharvest._testing._samples import OaiTestRepository, serve_fulltext

        # A fixed port when it is free, so a second demo run is incremental.
        try:
            server = LoopbackServer("127.0.0.1", 8765).start()
        except OSError:
            server = LoopbackServer("127.0.0.1").start()
        server.add("/robots.txt", Reply(200, body="User-agent: *\nDisallow: /admin\n"))
        repository = OaiTestRepository.sample(250, page_size=50)
        server.add("/oai", repository)
        serve_fulltext(server, repository)  # landing pages and PDFs, for --files
        args.url = server.url("/oai")
        args.allow_private_addresses = True  # the demo repository is on loopback
        if args.request_interval is None:
            args.request_interval = 0.1
        if args.file_interval is None:
            args.file_interval = 0.1
        args.built_policy = None  # build it again with the demo's settings
    try:
        return _run_harvest(args, out, err)
    finally:
        if server is not None:
            server.stop()


def _run_harvest(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    if args.max_records is not None and args.max_records < 1:
        return usage_error(err, f"--max-records must be at least 1, not {args.max_records}")
    for option, value in (("--from", args.from_), ("--until", args.until)):
        if value is not None and parse_datestamp(value) is None:
            return usage_error(
                err, f"{option} {value!r} is not a date (YYYY-MM-DD or YYYY-MM-DDThh:mm:ssZ)"
            )
    progress = Progress(args.quiet, err)
    stop = _Stop(err)
    hooks: tuple[Callable[[RequestEvent], None], ...] = (progress.event, stop.event)
    audit: AuditLog | None = None
    if getattr(args, "audit", None) is not None:
        from politeharvest.audit._log import AuditLog  # only for --audit

        if args.audit.is_dir():
            return usage_error(err, f"--audit {args.audit} is a folder; give a file name")
        try:
            policy = policy_from(args)
        except ValueError as exc:
            return usage_error(err, str(exc))
        audit = AuditLog(args.audit).open(policy)
        hooks = (*hooks, audit)
    try:
        return _plan_and_harvest(args, progress, stop, hooks, err)
    finally:
        if audit is not None:
            audit.close()


def _plan_and_harvest(
    args: argparse.Namespace,
    progress: Progress,
    stop: _Stop,
    hooks: tuple[Callable[[RequestEvent], None], ...],
    err: TextIO,
) -> int:
    stop.clock = WatchedClock(progress, before_sleep=stop.before_sleep)
    try:
        policy = policy_from(args)
        archive = _archive_session(args, policy)
        plan = HarvestPlan(
            args.url,
            metadata_prefix=args.metadata_prefix,
            sets=tuple(args.sets),
            from_=args.from_,
            until=args.until,
            policy=policy,
            state=args.state,
            sink=Output(args.out, overwrite=True) if args.overwrite else args.out,
            incremental=not args.full,
            consume=True if args.consume else None,  # None: by the output (stdout does not)
            max_records=args.max_records,
            lenient=args.lenient,
            on_event=hooks,
            fulltext=_fulltext(args),
            http=archive,
            clock=stop.clock,
        )
    except ValueError as exc:
        return usage_error(err, f"{exc} (--from, --until)" if "from" in str(exc) else str(exc))
    progress.endpoint = plan.endpoint
    try:
        with plan:
            return _harvest_with(plan, args, progress, stop, err)
    finally:
        if archive is not None:
            archive.close()


def _archive_session(args: argparse.Namespace, policy: Politeness) -> Any:
    """A requests.Session that archives every exchange into ``--warc DIR``, or None."""
    if getattr(args, "warc", None) is None:
        return None
    import uuid

    import requests

    from politeharvest.audit._warc import ArchivingAdapter

    info = {
        "run": uuid.uuid4().hex,
        "at": SystemClock().now(),
        "endpoint": args.url,
        "metadata_prefix": args.metadata_prefix,
        "sets": list(args.sets),
        "from": args.from_,
        "until": args.until,
        "full": bool(args.full),
        "max_records": args.max_records,
        "user_agent": policy.user_agent,
    }
    adapter = ArchivingAdapter(args.warc, info, allow_private=policy.allow_private_addresses)
    http = requests.Session()
    http.mount("https://", adapter)
    http.mount("http://", adapter)
    return http


def _unknown_sets(plan: HarvestPlan, asked: Sequence[str]) -> str | None:
    """Why the --set values are wrong (with the closest names), or None.

    One ListSets request; its answer is kept in the state for a day.
    """
    import difflib

    from politeharvest.exceptions import NoSetHierarchy

    key = plan.endpoint
    cached = plan.store.get_value("list-sets", key)
    now = plan.clock.now()
    if cached is not None and now - json.loads(cached)["at"] < 86_400:
        specs = json.loads(cached)["specs"]
    else:
        pager = plan.pager()
        try:
            specs = [item.spec for item in pager.list_sets()]
        except NoSetHierarchy:
            specs = []
        plan.store.set_value("list-sets", key, json.dumps({"at": now, "specs": specs}))
    known = set(specs)
    wrong = [spec for spec in asked if spec not in known]
    if not wrong:
        return None
    if not specs:
        return f"the repository has no sets; leave out --set {wrong[0]}"
    close = difflib.get_close_matches(wrong[0], specs, n=3, cutoff=0.5)
    hint = f"; did you mean {', '.join(close)}?" if close else ""
    return (
        f"--set {wrong[0]}: the repository has no such set{hint} "
        f"(politeharvest sets {plan.endpoint} lists them)"
    )


class _StoppedBetweenPages(KeyboardInterrupt):
    """Raised in the wait before the next page's request: nothing of that page was sent."""


@attrs.define(repr=False)
class _Written:
    """What the pages a run wrote add up to (for the summary of a run stopped between pages)."""

    __repr__ = value_repr

    pages: int = 0
    records: int = 0
    deleted: int = 0
    skipped: int = 0
    files: dict[str, int] = attrs.field(factory=dict)

    def add(self, result: PageResult) -> None:
        """Count one page written."""
        self.pages += 1
        self.records += len(result.records)
        self.deleted += sum(1 for record in result.records if record.deleted)
        self.skipped += result.skipped
        for status, count in result.files.items():
            self.files[status] = self.files.get(status, 0) + count


@attrs.define(repr=False)
class _Stop:
    """Ctrl-C or SIGTERM during a harvest: stop after the page in hand, before the next.

    A page in hand (its listing answered, its full text on the way) is finished and
    written; a stop asked for before the first page lets that page come (every run that
    was not stopped at once delivers a page).
    Between pages nothing is in hand: the wait before the next listing request (most of a
    polite harvest's time) is cut short and that request is not sent. A second signal
    stops at once.
    """

    __repr__ = value_repr

    err: TextIO
    asked: bool = False
    terminated: bool = False
    between_pages: bool = False  # True from the first page written to the next listing
    clock: WatchedClock | None = None
    # What the pages written so far add up to, not the pages: a run keeps no record after
    # its page is written (and the handler's repr, which signal.signal builds, stays small).
    written: _Written = attrs.field(factory=_Written)

    def signalled(self, signum: int, frame: FrameType | None) -> None:
        """The SIGINT and SIGTERM handler while the harvest runs."""
        terminated = signum == signal.SIGTERM
        if self.asked:
            raise Terminated if terminated else KeyboardInterrupt
        self.asked = True
        self.terminated = terminated
        if terminated:
            self.err.write("\nterminated: stopping after this page (SIGTERM again stops at once)\n")
        else:
            self.err.write("\nstopping after this page (Ctrl-C again to stop at once)\n")
        if self.clock is not None and self.clock.sleeping:
            self.before_sleep()  # the signal came during a wait: end it now if between pages

    def before_sleep(self) -> None:
        """Called as each wait starts: a stop asked for between pages ends the run here."""
        if self.asked and self.between_pages:
            raise _StoppedBetweenPages

    def event(self, event: RequestEvent) -> None:
        """A listing request answered: a page is in hand until it is written."""
        if event.kind == "page" and event.decision == "sent" and "verb=Identify" not in event.url:
            self.between_pages = False

    def page_done(self, result: PageResult) -> bool:
        """A page is written: whether to go on to the next."""
        self.written.add(result)
        self.between_pages = True
        return not self.asked


def _harvest_with(
    plan: HarvestPlan, args: argparse.Namespace, progress: Progress, stop: _Stop, err: TextIO
) -> int:
    if plan.sets:
        unknown = _unknown_sets(plan, plan.sets)
        if unknown is not None:
            err.write(f"politeharvest: usage: {unknown}\n")
            return EXIT_USAGE

    def on_page(result: PageResult, lane: Lane) -> bool:
        progress.page(lane.set_spec or "all", result, stop.written.pages + 1)
        return stop.page_done(result)

    started = SystemClock().monotonic()
    summary: HarvestSummary | None = None
    previous = signal.signal(signal.SIGINT, stop.signalled)
    previous_term = signal.signal(signal.SIGTERM, stop.signalled)
    try:
        summary = plan.run(on_page=on_page, record_xml=False)  # the progress reads no XML
    except _StoppedBetweenPages:
        pass  # the run is closed as interrupted; the pages written so far stand
    finally:
        signal.signal(signal.SIGINT, previous)
        signal.signal(signal.SIGTERM, previous_term)
        progress.close(complete=summary is not None and summary.complete)
    if summary is None:
        if not args.quiet:
            report_summary(_so_far(stop.written, SystemClock().monotonic() - started), args, err)
        return _stopped(stop, err, consumed=plan.consumes)
    if not args.quiet:
        args.since = _covered_until(plan)
        report_summary(summary, args, err)
        err.write(progress.traffic_line(summary))
    if summary.deferred_until is not None:
        when = summary.deferred_until.strftime("%Y-%m-%dT%H:%M:%SZ")
        again = "" if summary.consumed else f" ({next_run(False)})"
        err.write(f"politeharvest: deferred: {summary.reason}; run again after {when}{again}\n")
        return EXIT_DEFERRED
    if summary.stopped and stop.asked:
        return _stopped(stop, err, consumed=summary.consumed)
    return EXIT_OK


def _stopped(stop: _Stop, err: TextIO, *, consumed: bool) -> int:
    what = "terminated (SIGTERM)" if stop.terminated else "interrupted"
    err.write(f"politeharvest: {what}; {next_run(consumed)}\n")
    return EXIT_TERMINATED if stop.terminated else EXIT_INTERRUPTED


def _so_far(written: _Written, duration_s: float) -> HarvestSummary:
    """The pages written before a stop between pages (the run ended without its summary).

    Its traffic counters are the session's and stay with the plan: they are left at 0,
    and the traffic line is not written for such a stop.
    """
    return HarvestSummary(
        records=written.records,
        deleted=written.deleted,
        skipped=written.skipped,
        pages=written.pages,
        requests=0,
        waits=0,
        wait_s=0.0,
        retries=0,
        duration_s=duration_s,
        complete=False,
        stopped=True,
        files=dict(written.files),
    )


def _covered_until(plan: HarvestPlan) -> str:
    """The end of what earlier harvests covered (the repository's clock), for messages."""
    from politeharvest.plan._planning import lane_key

    ends = []
    for spec in plan.sets or (None,):
        spans = plan.store.coverage(lane_key(plan.endpoint, plan.metadata_prefix, spec))
        if spans:
            ends.append(spans[-1].response_date or spans[-1].describe().split(" .. ")[-1])
    return min(ends) if ends else ""
