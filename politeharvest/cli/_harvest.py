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

from politeharvest._clock import SystemClock
from politeharvest._policy import Politeness
from politeharvest.audit._log import AuditLog
from politeharvest.net._session import RequestEvent
from politeharvest.oai._listing import parse_datestamp
from politeharvest.plan._plan import HarvestPlan, Lane, PageResult

from ._parser import (
    EXIT_DEFERRED,
    EXIT_INTERRUPTED,
    EXIT_OK,
    EXIT_TERMINATED,
    EXIT_USAGE,
    Terminated,
    policy_from,
    usage_error,
)
from ._progress import Progress, WatchedClock, report_summary

if TYPE_CHECKING:
    from politeharvest.fulltext._step import FullText

__all__ = ["harvest_command"]


def _fulltext(args: argparse.Namespace) -> FullText | None:
    if args.files is None:
        if args.html_only:
            raise ValueError("--html-only needs --files DIR (where the landing pages are kept)")
        return None
    from politeharvest.fulltext._step import FullText

    return FullText(directory=args.files, html_only=args.html_only)


def harvest_command(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
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
    hooks: tuple[Callable[[RequestEvent], None], ...] = (progress.event,)
    audit = None
    if getattr(args, "audit", None) is not None:
        if args.audit.is_dir():
            return usage_error(err, f"--audit {args.audit} is a folder; give a file name")
        try:
            policy = policy_from(args)
        except ValueError as exc:
            return usage_error(err, str(exc))
        audit = AuditLog(args.audit).open(policy)
        hooks = (*hooks, audit)
    try:
        return _plan_and_harvest(args, progress, hooks, err)
    finally:
        if audit is not None:
            audit.close()


def _plan_and_harvest(
    args: argparse.Namespace,
    progress: Progress,
    hooks: tuple[Callable[[RequestEvent], None], ...],
    err: TextIO,
) -> int:
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
            sink=args.out,
            incremental=not args.full,
            max_records=args.max_records,
            lenient=args.lenient,
            on_event=hooks,
            fulltext=_fulltext(args),
            http=archive,
            clock=WatchedClock(progress),
        )
    except ValueError as exc:
        return usage_error(err, f"{exc} (--from, --until)" if "from" in str(exc) else str(exc))
    progress.endpoint = plan.endpoint
    try:
        with plan:
            return _harvest_with(plan, args, progress, err)
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


def _harvest_with(
    plan: HarvestPlan, args: argparse.Namespace, progress: Progress, err: TextIO
) -> int:
    if plan.sets:
        unknown = _unknown_sets(plan, plan.sets)
        if unknown is not None:
            err.write(f"politeharvest: usage: {unknown}\n")
            return EXIT_USAGE
    stop = {"asked": False, "terminated": False}

    def ask_to_stop(signum: int, frame: FrameType | None) -> None:
        if stop["asked"]:
            raise KeyboardInterrupt
        stop["asked"] = True
        err.write("\nstopping after this page (Ctrl-C again to stop at once)\n")

    pages = 0

    def on_page(result: PageResult, lane: Lane) -> bool:
        nonlocal pages
        pages += 1
        progress.page(lane.set_spec or "all", result, pages)
        return not stop["asked"]

    def ask_to_end(signum: int, frame: FrameType | None) -> None:
        if stop["asked"]:
            raise Terminated
        stop["asked"] = stop["terminated"] = True
        err.write("\nterminated: stopping after this page (SIGTERM again stops at once)\n")

    previous = signal.signal(signal.SIGINT, ask_to_stop)
    previous_term = signal.signal(signal.SIGTERM, ask_to_end)
    try:
        summary = plan.run(on_page=on_page)
    finally:
        signal.signal(signal.SIGINT, previous)
        signal.signal(signal.SIGTERM, previous_term)
        progress.close()
    if not args.quiet:
        args.since = _covered_until(plan)
        report_summary(summary, args, err)
        err.write(progress.traffic_line(summary))
    if summary.deferred_until is not None:
        when = summary.deferred_until.strftime("%Y-%m-%dT%H:%M:%SZ")
        err.write(f"politeharvest: deferred: {summary.reason}; run again after {when}\n")
        return EXIT_DEFERRED
    if summary.stopped and stop["asked"]:
        what = "terminated (SIGTERM)" if stop["terminated"] else "interrupted"
        err.write(f"politeharvest: {what}; run the same command to continue\n")
        return EXIT_TERMINATED if stop["terminated"] else EXIT_INTERRUPTED
    return EXIT_OK


def _covered_until(plan: HarvestPlan) -> str:
    """The end of what earlier harvests covered (the repository's clock), for messages."""
    from politeharvest.plan._planning import lane_key

    ends = []
    for spec in plan.sets or (None,):
        spans = plan.store.coverage(lane_key(plan.endpoint, plan.metadata_prefix, spec))
        if spans:
            ends.append(spans[-1].response_date or spans[-1].describe().split(" .. ")[-1])
    return min(ends) if ends else ""
