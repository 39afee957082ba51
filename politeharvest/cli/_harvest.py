"""``politeharvest harvest`` and ``demo``: a `HarvestPlan` run from the command line.

Builds the plan from the options (with --warc, --audit and --files), checks --set against
the repository's sets, runs it page by page with the progress line, and turns Ctrl-C and
SIGTERM into a stop after the file in hand (the page's other files are left to the next run,
the page is written; a second signal stops at once).

A harvest runs to the end: each page is a job of its own, and a deferral (a Retry-After
beyond the longest wait, robots.txt unreadable for now, another job holding the host, a
job budget that ran out) is waited out here, visibly, and the harvest goes on in a new run
of the plan, up to the run limit (`Politeness.stuck_after`). ``--once`` is one run: a
deferral exits 75.
"""

from __future__ import annotations

import argparse
import datetime as _dt
import json
import signal
from collections.abc import Callable, Sequence
from types import FrameType
from typing import TYPE_CHECKING, Any, TextIO

import attrs

from politeharvest._clock import SystemClock
from politeharvest._policy import Politeness
from politeharvest._reprs import value_repr
from politeharvest.exceptions import AuditError
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
from ._progress import Progress, WatchedClock, next_run, overwrote, plural, report_summary

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
    if args.command == "demo":
        from ._demo import demo_command

        return demo_command(args, out, err, _run_harvest)
    return _run_harvest(args, out, err)


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
        try:
            audit = AuditLog(args.audit).open(policy)
        except AuditError as exc:  # before any request: a usage error, as a bad --out is
            return usage_error(err, str(exc))
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

    A page in hand (its listing answered, its full text on the way) is written after the
    file in hand: the plan asks `stopping` between a page's files and leaves the others to
    the next run. A stop asked for before the first page lets that page come (every run
    that was not stopped at once delivers a page).
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

    def stopping(self) -> bool:
        """Whether a stop was asked for (the plan asks between a page's files)."""
        return self.asked

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
        go_on = stop.page_done(result)
        # --max-records counts over every run of the command, not each run's own
        return go_on and (args.max_records is None or stop.written.records < args.max_records)

    started = SystemClock().monotonic()
    args.covered_before = bool(_covered_until(plan))  # a harvest of it finished before
    limit = plan.clock.now() + plan.policy.stuck_after  # the run limit (wall clock)
    runs: list[HarvestSummary] = []
    summary: HarvestSummary | None = None
    beyond_limit = False
    retrying: int | None = None  # files due for the retry run under way (`_files_due`)
    interrupted = False
    previous = signal.signal(signal.SIGINT, stop.signalled)
    previous_term = signal.signal(signal.SIGTERM, stop.signalled)
    try:
        while True:
            # the progress reads no XML; `stop` is asked between a page's files
            runs.append(plan.run(on_page=on_page, record_xml=False, stop=stop.stopping))
            deferred = runs[-1].deferred_until
            if args.once or stop.asked:
                break
            if deferred is None:
                due = _files_due(plan, runs, retrying)
                if due is None:
                    break
                retrying = due[1]
                if not args.quiet:
                    err.write(
                        f"politeharvest: {plural(due[1], 'file')} left to retry (a page "
                        "job's budget ran out among them, or the network failed): asking "
                        "for them again\n"
                    )
                stop.between_pages = True  # nothing in hand: a signal ends the wait
                assert stop.clock is not None
                stop.clock.sleep(max(0.0, due[0] - stop.clock.now()), "files to retry")
                continue
            if deferred.timestamp() > limit:
                beyond_limit = True
                break
            _wait_out(runs[-1], stop, args.quiet, err)
    except _StoppedBetweenPages:
        interrupted = True  # the run is closed as interrupted; the pages written stand
    finally:
        signal.signal(signal.SIGINT, previous)
        signal.signal(signal.SIGTERM, previous_term)
        # A stop during a wait or between pages ends without a summary (exit 130)
        waited = bool(runs) and runs[-1].deferred_until is not None and not runs[-1].stopped
        if runs and not interrupted and not (stop.asked and waited):
            summary = _together(runs, SystemClock().monotonic() - started)
            if summary.stopped and not stop.asked and args.max_records is not None:
                cap = f"stopped after {summary.records} records (max_records)"
                summary = attrs.evolve(summary, reason=cap)
        progress.close(complete=summary is not None and summary.complete)
    if summary is None:
        if not args.quiet:
            report_summary(_so_far(stop.written, SystemClock().monotonic() - started), args, err)
        return _stopped(
            stop, err, consumed=plan.consumes, overwrote=overwrote(args, stop.written.pages)
        )
    if not args.quiet:
        args.since = _covered_until(plan)
        report_summary(summary, args, err)
        err.write(progress.traffic_line(summary))
        later = _files_later(plan, summary)
        if later is not None:
            err.write(
                f"note: {plural(later[1], 'file')} left to retry from {_when(later[0])} on "
                "(a network failure, or the server asked us to wait): the same command asks "
                "for them again then\n"
            )
    if summary.deferred_until is not None:
        when = summary.deferred_until.strftime("%Y-%m-%dT%H:%M:%SZ")
        again = "" if summary.consumed else f" ({next_run(False)})"
        if summary.consumed and overwrote(args, summary.pages):
            again = " (without --overwrite: its pages are kept)"
        if beyond_limit:
            limit_s = plan.policy.stuck_after
            span = f"{limit_s / 3600:g} h" if limit_s >= 3600 else f"{limit_s:g} s"
            err.write(
                f"politeharvest: the harvest would wait past its run limit of {span} "
                f"(the policy's stuck_after) and stops here\n"
            )
        err.write(f"politeharvest: deferred: {summary.reason}; run again after {when}{again}\n")
        return EXIT_DEFERRED
    if stop.asked and (summary.stopped or _files_due(plan, runs, None) is not None):
        # A stop that left work to the next run: pages, or files the command would have
        # asked for again (those of the last page, or those it was retrying) had it not
        # been stopped. Exit 0 would tell a script or cron job that the harvest was done.
        return _stopped(
            stop, err, consumed=summary.consumed, overwrote=overwrote(args, summary.pages)
        )
    return EXIT_OK


def _files_due(
    plan: HarvestPlan, runs: Sequence[HarvestSummary], before: int | None
) -> tuple[float, int] | None:
    """When files left to retry after a complete harvest are due, and how many; or None.

    A page job whose budget ran out among its files, or a network failure, leaves them
    retry-later, due within moments; one more run's first page asks for them again.
    Files the server asked us to leave for longer than the policy's longest wait are left
    to a later command. `before`: how many were due before the last run, when it was such
    a retry run; one that stored no file and left no fewer ends the command's retries.
    """
    last = runs[-1]
    if plan.fulltext is None or not plan.consumes or not last.complete:
        return None
    now = plan.clock.now()
    soon = plan.store.retry_later(now + plan.policy.max_wait)
    if not soon:
        return None
    stored = last.files.get("downloaded", 0) + last.files.get("unchanged", 0)
    if before is not None and not stored and len(soon) >= before:
        return None
    return min(now if o.not_before is None else o.not_before for o in soon), len(soon)


def _files_later(plan: HarvestPlan, summary: HarvestSummary) -> tuple[_dt.datetime, int] | None:
    """Files a complete harvest leaves retry-later: from when, and how many; or None.

    The command asks again for those due soon (`_files_due`); the rest are the next
    command's, and its summary says so rather than reporting a harvest with no file left.
    """
    if plan.fulltext is None or not plan.consumes or not summary.complete:
        return None
    left = plan.store.retry_later(_EVER)
    if not left:
        return None
    now = plan.clock.now()
    first = min(now if o.not_before is None else max(now, o.not_before) for o in left)
    return _dt.datetime.fromtimestamp(first, tz=_dt.timezone.utc), len(left)


#: A moment after every retry-later mark's (`StateStore.retry_later(_EVER)`: all of them).
_EVER = 1e18


def _when(moment: _dt.datetime) -> str:
    """A moment as local time and as UTC (ISO 8601), for a person and for a log."""
    local = moment.astimezone()
    utc = moment.astimezone(_dt.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
    return f"{local:%Y-%m-%d %H:%M:%S} {local.tzname() or ''}".rstrip() + f" ({utc})"


def _wait_out(deferred: HarvestSummary, stop: _Stop, quiet: bool, err: TextIO) -> None:
    """Wait until a deferred run may go on, saying what for and until when.

    The wait is on the harvest's clock, between pages: a signal ends it at once
    (`_StoppedBetweenPages`), with every page written so far standing.
    """
    assert deferred.deferred_until is not None
    assert stop.clock is not None
    clock = stop.clock
    left = max(0.0, deferred.deferred_until.timestamp() - clock.now())
    if not quiet:
        err.write(
            f"politeharvest: waiting until {_when(deferred.deferred_until)}, {left:.0f} s: "
            f"{deferred.reason}; the harvest goes on then (Ctrl-C stops it; the same "
            "command continues later)\n"
        )
        err.flush()
    stop.between_pages = True  # nothing is in hand while the command waits
    clock.sleep(left, "deferred")


def _together(runs: Sequence[HarvestSummary], duration_s: float) -> HarvestSummary:
    """The summary of the runs one command made, one after another (the last one's ending)."""
    last = runs[-1]
    if len(runs) == 1:
        return last
    files: dict[str, int] = {}
    for run in runs:
        for status, count in run.files.items():
            if status != "retry-later":  # each run's first page retries the ones before it
                files[status] = files.get(status, 0) + count
    if last.files.get("retry-later"):
        files["retry-later"] = last.files["retry-later"]
    return attrs.evolve(
        last,
        records=sum(run.records for run in runs),
        deleted=sum(run.deleted for run in runs),
        skipped=sum(run.skipped for run in runs),
        pages=sum(run.pages for run in runs),
        requests=sum(run.requests for run in runs),
        waits=sum(run.waits for run in runs),
        wait_s=sum(run.wait_s for run in runs),
        retries=sum(run.retries for run in runs),
        duration_s=duration_s,
        repairs=sum(run.repairs for run in runs),
        notes=tuple(dict.fromkeys(note for run in runs for note in run.notes)),
        files=files,
        robots_fetches=sum(run.robots_fetches for run in runs),
        refused=sum(run.refused for run in runs),
    )


def _stopped(stop: _Stop, err: TextIO, *, consumed: bool, overwrote: bool) -> int:
    what = "terminated (SIGTERM)" if stop.terminated else "interrupted"
    err.write(f"politeharvest: {what}; {next_run(consumed, overwrote=overwrote)}\n")
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
