"""The commands besides harvest, each a thin layer over the library returning its exit code.

identify, formats, sets and record ask the repository once; fulltext runs the full-text
step over a JSON-lines list; clean, status, report and replay read local files only.
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

import attrs

from politeharvest import presets
from politeharvest._policy import DEFAULT_USER_AGENT, Politeness
from politeharvest.exceptions import FetchError, ReplayMismatch
from politeharvest.net._session import PoliteSession
from politeharvest.oai._pager import OaiPager
from politeharvest.plan._cursor import PageResult, record_row
from politeharvest.plan._plan import HarvestPlan

from ._checks import policy_from
from ._parser import EXIT_ERROR, EXIT_OK, EXIT_USAGE, usage_error
from ._progress import plural

if TYPE_CHECKING:
    from politeharvest.audit._warc import NotArchived

__all__ = [
    "clean_command",
    "fulltext_command",
    "replay_command",
    "report_command",
    "status_command",
    "tools_command",
]


def clean_command(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """``politeharvest clean IN --out OUT``: normalise, deduplicate, enrich; one summary line.

    The input is any output ``harvest`` writes (JSON lines, CSV, a Parquet dataset, SQLite);
    the output is written by its ending as ``harvest`` writes it. An input that is not empty
    and holds no record is refused (exit 2), and nothing is written.
    """
    from politeharvest._files import atomic_write
    from politeharvest.exceptions import InputUnreadable, ParquetUnavailable
    from politeharvest.quality._clean import Cleaner
    from politeharvest.quality._enrich import CrossrefClient, OpenAlexClient
    from politeharvest.store._filepaths import output_folder, rebase_paths
    from politeharvest.store._read import read_rows
    from politeharvest.store._sinks import encode_rows
    from politeharvest.store._tables import write_rows

    bar: Any = None
    if not args.quiet and err.isatty():
        from tqdm import tqdm

        bar = tqdm(unit=" records", file=err, dynamic_ncols=True)

    def progress(phase: str) -> None:
        if bar is not None:
            bar.set_description("reading" if phase == "read" else "writing")
            bar.update(1)

    session: PoliteSession | None = None
    service: Any = None
    if args.enrich:
        base = presets.preset(args.enrich)
        policy = policy_from(args) if args.preset or args.policy else None
        changes: dict[str, Any] = {"user_agent": f"{DEFAULT_USER_AGENT} (mailto:{args.mailto})"}
        if args.user_agent:
            changes["user_agent"] = args.user_agent
        for option in ("request_interval", "allow_private_addresses"):
            if getattr(args, option) is not None:
                changes[option] = getattr(args, option)
        from politeharvest._places import default_state

        from ._status import answered_in

        session = PoliteSession(
            attrs.evolve(policy or base, **changes), answered_before=answered_in(default_state())
        )
        client = CrossrefClient if args.enrich == "crossref" else OpenAlexClient
        service = client(session, args.mailto)
        if args.enrich_url:
            service.base_url = args.enrich_url.rstrip("/")
    source = read_rows(args.input)
    cleaner = Cleaner(
        source.rows,
        dedupe=args.dedupe,
        clusters=args.clusters is not None,
        index=args.index,
        service=service,
        on_record=progress,
    )
    try:
        try:
            summary = cleaner.scan()
            if not summary.read and not summary.updates and not _is_empty(args.input):
                raise InputUnreadable(str(args.input), _no_record(source.kind, source.bad))
            if args.clusters is not None:
                atomic_write(args.clusters, encode_rows(list(cleaner.cluster_lines()))[0])
            # the files a row names: from the input's folder to the output's (see _filepaths)
            start, to = output_folder(args.input), output_folder(args.out)
            rows = (rebase_paths([row], to, start=start)[0] for row in cleaner.rows())
            if args.out == "-":
                for row in rows:
                    out.write(encode_rows([row])[0].decode("utf-8"))
            else:
                write_rows(Path(args.out), rows)
        except (InputUnreadable, ParquetUnavailable) as exc:
            err.write(f"politeharvest: refused: {exc} (nothing was written)\n")
            return EXIT_USAGE
    finally:
        if bar is not None:
            bar.close()
        if session is not None:
            session.close()
    if not args.quiet:
        parts = [
            f"{plural(summary.read, 'record')} read ({source.kind})",
            f"{summary.fixed} fixed",
        ]
        if args.dedupe:
            parts.append(
                f"{summary.merged} merged into others ({plural(summary.clusters, 'cluster')})"
            )
        elif args.clusters is not None:
            parts.append(f"{plural(summary.clusters, 'cluster')} marked, none merged")
        if summary.same_record:
            parts.append(f"{summary.same_record} repeated rows joined (same record)")
        if summary.updates:
            parts.append(f"{plural(summary.updates, 'retried file')} put in its record's full text")
        if args.enrich:
            parts.append(
                f"{summary.enriched} enriched from {args.enrich}, {summary.not_found} not found, "
                f"{summary.deferred} deferred"
            )
        where = "standard output" if args.out == "-" else args.out
        err.write(f"clean: {', '.join(parts)}; {plural(summary.written, 'row')} to {where}\n")
        if source.bad:
            shown = ", ".join(str(n) for n in source.bad[:10])
            unit = "line" if source.kind == "JSON lines" else "row"
            err.write(
                f"clean: {plural(len(source.bad), unit)} of {args.input} skipped, "
                f"not a record ({unit} {shown}{', ...' if len(source.bad) > 10 else ''})\n"
            )
        if summary.deferred:
            err.write(
                f"clean: {args.enrich} asked us to wait longer than allowed for "
                f"{summary.deferred} records: run again later to enrich them\n"
            )
    return EXIT_OK


def _is_empty(path: Path) -> bool:
    """An empty file, or a dataset folder with no Parquet file: nothing to clean, no error."""
    if path.is_dir():
        return not any(path.glob("*.parquet"))
    return path.stat().st_size == 0


def _no_record(kind: str, bad: list[int]) -> str:
    """Why an input holds no record, in words."""
    if not bad:
        return f"read as {kind}, it holds no row"
    unit = "line" if kind == "JSON lines" else "row"
    shown = ", ".join(str(n) for n in bad[:5]) + (", ..." if len(bad) > 5 else "")
    return (
        f"read as {kind} (by its name), none of its {plural(len(bad), unit)} is a record as "
        f"harvest writes them: an object with an identifier ({unit} {shown})"
    )


def _print_json(data: Any, out: TextIO) -> None:
    out.write(json.dumps(data, ensure_ascii=False, sort_keys=True, default=str) + "\n")


def tools_command(args: argparse.Namespace, out: TextIO) -> int:
    """``identify``, ``formats``, ``sets`` and ``record``: one question, JSON lines out."""
    from politeharvest._places import default_state

    from ._status import answered_in

    # A refused connection from a host that never answered a harvest is a typo, as in harvest.
    session = PoliteSession(policy_from(args), answered_before=answered_in(default_state()))
    pager = OaiPager(session, args.url)
    with session:
        if args.command == "identify":
            identity = pager.identify()
            data = attrs.asdict(identity)
            data["raw_xml"] = identity.raw_xml.decode("utf-8")
            _print_json(data, out)
        elif args.command == "formats":
            for fmt in pager.list_metadata_formats(args.identifier):
                _print_json(attrs.asdict(fmt), out)
        elif args.command == "sets":
            for item in pager.list_sets():
                _print_json({"spec": item.spec, "name": item.name}, out)
        else:
            record = pager.get_record(args.identifier, metadata_prefix=args.metadata_prefix)
            _print_json(
                record_row(record, endpoint=args.url, metadata_prefix=args.metadata_prefix), out
            )
    return EXIT_OK


def status_command(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """``politeharvest status [--state FILE] [--json]``."""
    import sqlite3

    from politeharvest.fleet import is_redis_url

    from ._status import read_redis_status, read_status, render_status

    try:
        if is_redis_url(str(args.state)):
            status = read_redis_status(str(args.state))
        else:
            status = read_status(args.state)
    except sqlite3.DatabaseError as exc:
        err.write(f"politeharvest: error: {args.state} is not a readable state file ({exc})\n")
        return EXIT_ERROR
    if args.json:
        out.write(json.dumps(status.to_dict(), indent=2) + "\n")
    else:
        out.write(render_status(status))
    return EXIT_OK


def replay_command(args: argparse.Namespace, err: TextIO) -> int:
    """``politeharvest replay WARC... --out FILE``: the harvest again, from the archive."""
    import tempfile

    import requests

    from politeharvest.audit._warc import ReplayAdapter, ReplayClock, read_runs

    runs = sorted(read_runs(list(args.warc)), key=lambda run: float(run.info.get("at") or 0))
    if not runs:
        return usage_error(err, "no politeharvest run in these WARC files (harvest --warc DIR)")
    with tempfile.TemporaryDirectory(prefix="politeharvest-replay-") as folder:
        state = args.state or Path(folder) / "state.sqlite"
        records = 0
        for run in runs:
            info = run.info
            policy = Politeness(
                user_agent=str(info.get("user_agent") or DEFAULT_USER_AGENT),
                request_interval=0.0,
                file_interval=0.0,
                allow_private_addresses=True,
            )
            http = requests.Session()
            adapter = ReplayAdapter(run)
            http.mount("https://", adapter)
            http.mount("http://", adapter)
            plan = HarvestPlan(
                str(info["endpoint"]),
                metadata_prefix=str(info.get("metadata_prefix") or "oai_dc"),
                sets=tuple(info.get("sets") or ()),
                from_=info.get("from"),
                until=info.get("until"),
                policy=policy,
                state=str(state),
                sink=str(args.out),
                incremental=not info.get("full"),
                max_records=info.get("max_records"),
                http=http,
                clock=ReplayClock(float(info.get("at") or 0.0)),
            )
            delivered: list[int] = []
            with plan:
                try:
                    plan.run(on_page=_counting(delivered), record_xml=False)
                except FetchError as exc:
                    missing = _not_archived(exc)
                    if missing is None:
                        raise
                    if not missing.exhausted:
                        raise ReplayMismatch(
                            str(info.get("run")), missing.url, str(run.path)
                        ) from exc
                    # The run was cut short (Ctrl-C, a crash, a failure) before this
                    # request: its replay ends where it ended; a later run continues it.
                    if not args.quiet:
                        err.write(
                            f"politeharvest: run {info.get('run')} was cut short after "
                            f"{sum(delivered)} records (its next request, {missing.url}, "
                            "is not in its archive); replayed up to there\n"
                        )
            records += sum(delivered)
            if adapter.unused and not args.quiet:
                err.write(
                    f"politeharvest: run {info.get('run')}: {adapter.unused} archived "
                    "exchange(s) were not asked for again (ListSets, files, or a run cut "
                    "short)\n"
                )
        if not args.quiet:
            err.write(
                f"politeharvest: replayed {len(runs)} run(s) from the archive: {records} records "
                f"into {args.out}, nothing sent\n"
            )
    return EXIT_OK


def _counting(delivered: list[int]) -> Callable[[PageResult, object], bool]:
    """An ``on_page`` that appends each durable page's number of records to `delivered`."""

    def count(result: PageResult, _lane: object) -> bool:
        delivered.append(len(result.records))
        return True

    return count


def _not_archived(exc: BaseException) -> NotArchived | None:
    """The `NotArchived` a replay's failure comes from, if it does."""
    from politeharvest.audit._warc import NotArchived

    seen: BaseException | None = exc
    while seen is not None:
        if isinstance(seen, NotArchived):
            return seen
        seen = seen.__cause__ or seen.__context__
    return None


def fulltext_command(args: argparse.Namespace, err: TextIO) -> int:
    """Batch mode: resolve and fetch every input line; resumable (done ids are skipped)."""
    from concurrent.futures import ThreadPoolExecutor

    from politeharvest.fulltext._outcome import REFUSED
    from politeharvest.fulltext._step import (
        FullText,
        FullTextStep,
        own_settings,
        read_resume,
        run_batch,
    )
    from politeharvest.plan._resources import open_state
    from politeharvest.store._filepaths import output_folder, rebase_paths
    from politeharvest.store._sinks import JsonlSink

    from ._harvest import _source_names

    # Without --files nothing is downloaded or kept: landing pages are read and file URLs
    # reported in the output, which is all that is written.
    folder = args.files if args.files is not None else args.out.parent
    settings = FullText(
        directory=folder,
        html_only=args.html_only or args.files is None,
        keep_pages=args.files is not None,
        sources=_source_names(args),
        mailto=getattr(args, "mailto", None) or "",
    )
    policy = policy_from(args)
    # An input refused by the user's own settings (a private address without
    # --allow-private-addresses...) is final only while those settings are as they were.
    resume = read_resume(args.out, own_settings(policy))
    done = set(resume.done)
    there = len(done)
    sink = JsonlSink(args.out)
    sink.rewind(_last_full_line(args.out))
    from politeharvest.plan._lease import answered_before

    state = open_state(args.state)
    session = PoliteSession(policy, answered_before=lambda host: answered_before(state, host))
    step = FullTextStep(session, settings, state)
    refused: list[str] = []
    retried: list[str] = []
    outcomes: Counter[str] = Counter()

    def write(rows: Sequence[Mapping[str, Any]]) -> None:
        sink.write_page(rebase_paths(rows, output_folder(args.out)))  # see store._filepaths
        outcomes.update(str((row.get("fulltext") or {}).get("status") or "none") for row in rows)
        retried.extend(str(row["id"]) for row in rows if row.get("retry"))
        refused.extend(
            str(row["fulltext"]["reason"])
            for row in rows
            if (row.get("fulltext") or {}).get("status") == REFUSED
        )

    try:
        with args.input.open(encoding="utf-8") as lines:
            if args.workers > 1:
                with ThreadPoolExecutor(max_workers=args.workers) as pool:
                    written = run_batch(
                        lines,
                        step,
                        out=write,
                        done=done,
                        batch_size=args.batch_size,
                        executor=pool,
                        again=resume.again,
                    )
            else:
                written = run_batch(
                    lines,
                    step,
                    out=write,
                    done=done,
                    batch_size=args.batch_size,
                    again=resume.again,
                )
    finally:
        sink.close()
        session.close()
    if not args.quiet:
        err.write(_batch_summary(written, args.out, there, len(retried), refused, outcomes))
    return EXIT_OK


def _batch_summary(
    written: int,
    out: Path,
    there: int,
    again: int,
    refused: Sequence[str],
    outcomes: Mapping[str, int],
) -> str:
    """The batch's last words: what was written, what became of it, what was refused.

    What became of the results is counted by status, as ``harvest --files`` counts its files;
    then the inputs tried again and those refused by the user's own settings.
    """
    tried = (
        f"; {again} refused before by settings of yours that changed since: tried again"
        if again
        else ""
    )
    text = f"{written} results to {out} ({there} were already there{tried})\n"
    if outcomes:
        counts = ", ".join(f"{n} {status}" for status, n in sorted(outcomes.items()))
        text += f"files: {counts}\n"
    if refused:
        text += (
            f"politeharvest: {len(refused)} of them refused by your own settings, not by the "
            f"server (first: {refused[0]}); not final: change the setting and run the same "
            "command again to try them\n"
        )
    return text


def _last_full_line(path: Path) -> int:
    """The size of `path` up to its last complete line (a torn line is cut on resume)."""
    if not path.exists():
        return 0
    return path.read_bytes().rfind(b"\n") + 1


def report_command(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """``politeharvest report AUDIT... [--out report.html] [--text]``."""
    from politeharvest._files import atomic_write
    from politeharvest.audit._log import read_audit
    from politeharvest.audit._report import render_html, render_text, summarize

    report = summarize(line for path in args.audit for line in read_audit(path))
    if args.out is not None:
        atomic_write(args.out, [render_html(report)])
        if not args.quiet:
            err.write(f"politeharvest: report of {len(report.hosts)} host(s) in {args.out}\n")
    if args.text:
        out.write(render_text(report))
    return EXIT_OK
