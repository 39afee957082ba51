"""The `politeharvest` command: a thin layer over HarvestPlan and OaiPager.

    politeharvest identify URL
    politeharvest formats URL [--identifier ID]
    politeharvest sets URL
    politeharvest record URL IDENTIFIER
    politeharvest harvest URL [--set S ...] [--from D] [--until D] [--out FILE] ...
    politeharvest demo [--out FILE]          # an offline harvest of a sample repository
    politeharvest fulltext INPUT.jsonl --out RESULTS.jsonl [--files DIR] [--html-only]
    politeharvest clean IN.jsonl --out CLEAN.jsonl [--dedupe] [--clusters C.jsonl]
                        [--enrich crossref|openalex --mailto ADDR]

Exit codes: 0 done (also when the reader of standard output went away); 1 error;
2 usage, or a refusal that keeps records from being lost or delivered twice; 75
deferred (the server asked us to come back later, the job's budget ran out, or another
run holds the host or the output: run the same command again later); 130 interrupted
(Ctrl-C) and 143 terminated (SIGTERM): the checkpoint is intact, run the same command
to continue.
"""

from __future__ import annotations

import argparse
import contextlib
import errno
import json
import logging
import os
import signal
import sqlite3
import sys
import traceback
from collections.abc import Callable, Sequence
from pathlib import Path
from types import FrameType
from typing import TYPE_CHECKING, Any, NoReturn, TextIO
from urllib.parse import urlsplit

import attrs

from politeharvest import __version__, presets
from politeharvest._clock import SystemClock
from politeharvest._files import check_writable
from politeharvest._policy import DEFAULT_USER_AGENT, Politeness
from politeharvest._sqlite import storage_error
from politeharvest.audit._log import AuditLog
from politeharvest.exceptions import (
    CannotDisseminateFormat,
    Deferred,
    HarvestError,
    OutputLocked,
    OutputMismatch,
    OutputUnknown,
    SinkChanged,
    StateCorrupt,
    StorageError,
    TransportError,
)
from politeharvest.net._redirects import is_private_address
from politeharvest.net._session import PoliteSession, RequestEvent
from politeharvest.oai._listing import parse_datestamp
from politeharvest.oai._pager import OaiPager
from politeharvest.plan._plan import (
    DEFAULT_STATE,
    HarvestPlan,
    HarvestSummary,
    Lane,
    PageResult,
    record_row,
)
from politeharvest.store._tables import Output, output_problem, tracked_file

if TYPE_CHECKING:
    from politeharvest.fulltext._step import FullText

__all__ = ["main", "run"]

EXIT_OK, EXIT_ERROR, EXIT_USAGE, EXIT_DEFERRED, EXIT_INTERRUPTED = 0, 1, 2, 75, 130
EXIT_TERMINATED = 128 + signal.SIGTERM  # 143, as a shell reports a process SIGTERM ended


class _Terminated(KeyboardInterrupt):
    """SIGTERM (systemd, Kubernetes, ``timeout``), raised where Ctrl-C would be."""


def _seconds(text: str) -> float:
    """An interval option: a number of seconds, zero or more."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not value >= 0 or value == float("inf"):
        raise argparse.ArgumentTypeError(f"{text} is not a number of seconds (0 or more)")
    return value


def _positive(text: str) -> int:
    """A count option: a whole number, 1 or more."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{value} is below 1")
    return value


def _state_arg(text: str) -> Path | str:
    """--state: a file, or a Redis URL (kept as text: a Path would fold its '//')."""
    if "://" in text:
        if text.startswith(("redis://", "rediss://", "unix://")):
            return text
        raise argparse.ArgumentTypeError(
            f"{text!r}: give a file path or a redis://host:port/db URL"
        )
    return Path(text)


class _Parser(argparse.ArgumentParser):
    """argparse, with one line per usage error (the full usage stays in --help)."""

    #: Every option of every command, for "did you mean" (set by `_parser`).
    known_options: frozenset[str] = frozenset()

    def error(self, message: str) -> NoReturn:
        self.exit(
            EXIT_USAGE,
            f"politeharvest: usage: {message}{self._suggestion(message)} "
            f"(see {self.prog} --help)\n",
        )

    def _suggestion(self, message: str) -> str:
        """``; did you mean ...?`` for a mistyped command or option, or nothing."""
        import difflib
        import re

        choice = re.search(r"invalid choice: '([^']*)' \(choose from (.*)\)", message)
        if choice:
            options = re.findall(r"'?([\w-]+)'?", choice.group(2))
            close = difflib.get_close_matches(choice.group(1), options, n=1, cutoff=0.6)
        else:
            unknown = re.search(r"unrecognized arguments: (\S+)", message)
            if not unknown or not unknown.group(1).startswith("-"):
                return ""
            word = unknown.group(1).split("=", 1)[0]
            known = self.known_options | set(self._option_string_actions)
            close = difflib.get_close_matches(word, sorted(known), n=1, cutoff=0.6)
        return f"; did you mean {close[0]}?" if close else ""


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="politeharvest",
        description="Harvest OAI-PMH repositories politely "
        "(robots.txt, pacing, Retry-After, budgets).",
        epilog="Exit codes: 0 done, 1 error, 2 usage or refused (nothing done), 75 deferred "
        "(run again later), 130 interrupted, 143 terminated (SIGTERM).",
    )
    parser.add_argument("--version", action="version", version=f"politeharvest {__version__}")
    common = _Parser(add_help=False)
    policy = common.add_argument_group("politeness")
    policy.add_argument("--preset", help=f"a policy preset: {', '.join(sorted(presets.PRESETS))}")
    policy.add_argument("--policy", type=Path, help="a policy file (.toml or .json)")
    policy.add_argument("--user-agent", help="User-Agent with your contact (URL or mailto:)")
    policy.add_argument("--from-address", help="e-mail address sent as the From header")
    policy.add_argument(
        "--request-interval", type=_seconds, metavar="S", help="seconds between requests per host"
    )
    policy.add_argument(
        "--file-interval", type=_seconds, metavar="S", help="seconds before each file per host"
    )
    policy.add_argument(
        "--allow-private-addresses",
        action="store_true",
        default=None,
        help="contact private, loopback and link-local addresses (a repository on your "
        "own network); refused by default",
    )
    policy.add_argument(
        "--ca-bundle",
        type=Path,
        metavar="FILE",
        help="trust the CA certificates in FILE (PEM) for https, e.g. your own CA "
        "(like REQUESTS_CA_BUNDLE)",
    )
    common.add_argument("--quiet", "-q", action="store_true", help="no progress or summary")
    common.add_argument("--debug", action="store_true", help="tracebacks and debug logging")

    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    ua = '--user-agent "mybot/1.0 (mailto:me@example.org)"'
    url_help = "the repository's OAI-PMH base URL (without ?verb=...)"
    prefix_help = "the metadata format (default oai_dc; politeharvest formats URL lists them)"
    raw = argparse.RawDescriptionHelpFormatter
    sub = commands.add_parser(
        "identify",
        parents=[common],
        help="the repository's Identify answer",
        description="Print the repository's Identify answer as JSON: its name, admin e-mail, "
        "datestamp granularity and earliest datestamp.",
        epilog=f"example:\n  politeharvest identify https://export.arxiv.org/oai2 {ua}",
        formatter_class=raw,
    )
    sub.add_argument("url", help=url_help)
    sub = commands.add_parser(
        "formats",
        parents=[common],
        help="metadata formats offered",
        description="List the metadata formats the repository offers (or one record offers).",
        epilog=f"example:\n  politeharvest formats https://export.arxiv.org/oai2 {ua}",
        formatter_class=raw,
    )
    sub.add_argument("url", help=url_help)
    sub.add_argument("--identifier", help="the formats of this record only")
    sub = commands.add_parser(
        "sets",
        parents=[common],
        help="sets (one JSON object a line)",
        description="List the repository's sets, one JSON object a line (spec and name).",
        epilog=f"example:\n  politeharvest sets https://export.arxiv.org/oai2 {ua}",
        formatter_class=raw,
    )
    sub.add_argument("url", help=url_help)
    sub = commands.add_parser(
        "record",
        parents=[common],
        help="one record by identifier",
        description="Fetch one record (GetRecord) and print it as the harvest would write it.",
        epilog="example:\n  politeharvest record https://export.arxiv.org/oai2 "
        f"oai:arXiv.org:2101.00001 {ua}",
        formatter_class=raw,
    )
    sub.add_argument("url", help=url_help)
    sub.add_argument("identifier", help="the record's OAI identifier (oai:...)")
    sub.add_argument("--metadata-prefix", default="oai_dc", help=prefix_help)

    sub = commands.add_parser(
        "fulltext",
        parents=[common],
        help="full text for a JSONL list of {id, url} (batch mode)",
        description="Find and fetch the full text of every landing page in a JSON-lines file "
        '({"id": ..., "url": ...} a line), politely and resumably.',
        epilog=f"example:\n  politeharvest fulltext pages.jsonl --out results.jsonl "
        f"--files pdfs/ {ua}",
        formatter_class=raw,
    )
    sub.add_argument("input", type=Path, help="JSON lines with id and url")
    sub.add_argument("--out", type=Path, required=True, help="results, one JSON line per input")
    sub.add_argument(
        "--state",
        type=_state_arg,
        default=DEFAULT_STATE,
        help=f"state file (default: {DEFAULT_STATE})",
    )
    sub.add_argument(
        "--workers", type=int, default=1, help="inputs in flight at once (different hosts)"
    )
    sub.add_argument("--batch-size", type=int, default=50)
    _fulltext_options(sub)

    sub = commands.add_parser(
        "clean",
        parents=[common],
        help="normalise, deduplicate and enrich a harvest file",
        description="Clean a file that harvest wrote: text, dates, names and identifiers "
        "normalised (the original kept beside), duplicates merged, missing abstracts, DOIs "
        "and ORCIDs filled from Crossref or OpenAlex.",
    )
    sub.add_argument("input", type=Path, help="JSON lines as harvest writes them")
    sub.add_argument("--out", required=True, help="cleaned JSON lines ('-': standard output)")
    sub.add_argument("--overwrite", action="store_true", help="replace --out if it exists")
    sub.add_argument(
        "--dedupe", action="store_true", help="one row per work; duplicates listed in sources"
    )
    sub.add_argument(
        "--clusters", type=Path, metavar="FILE", help="one line per cluster (needs --dedupe)"
    )
    sub.add_argument(
        "--index",
        type=Path,
        metavar="FILE",
        help="keep the deduplication index in this SQLite file, to deduplicate later runs "
        "against this one (needs --dedupe)",
    )
    sub.add_argument(
        "--enrich", choices=("crossref", "openalex"), help="fill missing fields from this service"
    )
    sub.add_argument("--mailto", help="your e-mail address, for the service's polite pool")
    sub.add_argument("--enrich-url", metavar="URL", help="the service's API root (a mirror)")

    for name, help_text, description, example in (
        (
            "harvest",
            "harvest records into JSONL, resumably and incrementally",
            "Harvest a repository's records into a JSON-lines file (or standard output): "
            "politely, resumably after any interruption, and incrementally once complete.",
            "politeharvest harvest https://export.arxiv.org/oai2 --preset arxiv --set cs "
            f"--out arxiv-cs.jsonl {ua}",
        ),
        (
            "demo",
            "serve a sample repository on loopback and harvest it (offline)",
            "Serve a sample repository (with landing pages and PDFs) on loopback and harvest "
            "it with the same code as harvest: no network needed.",
            "politeharvest demo --out demo.jsonl --files demo-files/",
        ),
    ):
        sub = commands.add_parser(
            name,
            parents=[common],
            help=help_text,
            description=description,
            epilog=f"example:\n  {example}",
            formatter_class=raw,
        )
        if name == "harvest":
            sub.add_argument("url", help=url_help)
        sub.add_argument("--metadata-prefix", default="oai_dc", help=prefix_help)
        sub.add_argument(
            "--set",
            dest="sets",
            action="append",
            default=[],
            metavar="SPEC",
            help="a set to harvest (repeat for several; their pages alternate)",
        )
        sub.add_argument(
            "--from",
            dest="from_",
            metavar="DATE",
            help="from this datestamp (default: incremental)",
        )
        sub.add_argument("--until", metavar="DATE", help="until this datestamp")
        sub.add_argument(
            "--out",
            default="-",
            help="output file, its format by its ending: .jsonl, .csv, .parquet (a folder), "
            ".sqlite (default: JSON lines on standard output)",
        )
        sub.add_argument(
            "--overwrite",
            action="store_true",
            help="start --out afresh: it is replaced once the first page is written",
        )
        sub.add_argument(
            "--state",
            type=_state_arg,
            default=DEFAULT_STATE,
            metavar="FILE|URL",
            help=f"state file (default: {DEFAULT_STATE}), or redis://host:6379/0 to share "
            "state and pacing with a fleet of workers",
        )
        sub.add_argument(
            "--max-records", type=_positive, metavar="N", help="stop after about N records"
        )
        sub.add_argument(
            "--full",
            action="store_true",
            help="harvest the window again from the start, delivering every record again",
        )
        sub.add_argument(
            "--warc",
            type=Path,
            metavar="DIR",
            help="archive every exchange (robots.txt, pages, files) as WARC 1.1 files in DIR "
            "(politeharvest replay rebuilds the records from them)",
        )
        sub.add_argument(
            "--audit",
            type=Path,
            metavar="FILE",
            help="append every request and refusal to this JSON-lines file "
            "(politeharvest report FILE turns it into a politeness report)",
        )
        sub.add_argument(
            "--lenient",
            action="store_true",
            help="when the repository answers outside the request (records outside the "
            "window or set), keep only the records asked for instead of stopping; such a "
            "listing is not recorded as covered",
        )
        _fulltext_options(sub)

    sub = commands.add_parser(
        "report",
        help="a politeness report (HTML, or text for an operator) from --audit files",
        description="Read the audit files that harvest --audit wrote and report, per host: "
        "requests by kind, the least end-to-start gap against the policy's floor, waits and "
        "their reasons, 429/503 answers and the slow-down, refusals, bytes, the busiest minute "
        "and the contact sent. No network.",
    )
    sub.add_argument("audit", type=Path, nargs="+", help="audit files (JSON lines)")
    sub.add_argument("--out", type=Path, help="write the HTML report here")
    sub.add_argument(
        "--text", action="store_true", help="print the plain-text summary for the operator"
    )
    sub.add_argument("--quiet", "-q", action="store_true", help="no summary line")
    sub.add_argument("--debug", action="store_true", help="tracebacks and debug logging")

    sub = commands.add_parser(
        "status",
        help="the harvests a state holds: coverage, records, last run, files",
        description="List every harvest a state file holds (repository, format, set), the "
        "windows covered, an unfinished listing, the records delivered, the last run and its "
        "outcome, and the full-text files by status. Read-only.",
    )
    sub.add_argument(
        "--state", default=str(DEFAULT_STATE), help=f"state file (default: {DEFAULT_STATE})"
    )
    sub.add_argument("--json", action="store_true", help="one JSON document instead of text")
    sub.add_argument("--quiet", "-q", action="store_true", help=argparse.SUPPRESS)
    sub.add_argument("--debug", action="store_true", help="tracebacks and debug logging")

    sub = commands.add_parser(
        "replay",
        help="rebuild a harvest's records from its --warc archive (no network)",
        description="Run the harvests archived by harvest --warc again, answering every "
        "request from the archive: the records come out as the harvest wrote them.",
    )
    sub.add_argument("warc", type=Path, nargs="+", help="the WARC files (.warc.gz)")
    sub.add_argument("--out", type=Path, required=True, help="JSONL output file")
    sub.add_argument("--state", type=Path, help="a state file to keep (default: a temporary one)")
    sub.add_argument("--quiet", "-q", action="store_true", help="no summary line")
    sub.add_argument("--debug", action="store_true", help="tracebacks and debug logging")
    known = frozenset(
        option for command in commands.choices.values() for option in command._option_string_actions
    )
    for each in (parser, *commands.choices.values()):
        if isinstance(each, _Parser):
            each.known_options = known
    return parser


def _fulltext_options(sub: argparse.ArgumentParser) -> None:
    sub.add_argument(
        "--files", type=Path, metavar="DIR", help="find and fetch full-text files into DIR"
    )
    sub.add_argument(
        "--html-only",
        action="store_true",
        help="keep landing pages and report file URLs without downloading files",
    )


def _fulltext(args: argparse.Namespace) -> FullText | None:
    if args.files is None:
        if args.html_only:
            raise ValueError("--html-only needs --files DIR (where the landing pages are kept)")
        return None
    from politeharvest.fulltext._step import FullText

    return FullText(directory=args.files, html_only=args.html_only)


def _policy(args: argparse.Namespace) -> Politeness:
    """The policy from --preset, --policy, the options and POLITEHARVEST_USER_AGENT.

    Raises:
        ValueError: a usage error (an unknown preset, an unreadable policy file, a bad
            value), with a message that names the option.
    """
    built = getattr(args, "built_policy", None)
    if isinstance(built, Politeness):
        return built
    policy = presets.preset(args.preset) if args.preset else presets.DEFAULT
    if args.policy:
        try:
            policy = Politeness.from_file(args.policy, base=policy)
        except FileNotFoundError:
            raise ValueError(f"policy file {args.policy}: no such file") from None
        except OSError as exc:
            raise ValueError(f"policy file {args.policy}: {exc.strerror}") from None
    if args.user_agent is None and os.environ.get("POLITEHARVEST_USER_AGENT"):
        args.user_agent = os.environ["POLITEHARVEST_USER_AGENT"]
    changes: dict[str, Any] = {}
    for option, field in (
        ("user_agent", "user_agent"),
        ("from_address", "from_address"),
        ("request_interval", "request_interval"),
        ("file_interval", "file_interval"),
        ("allow_private_addresses", "allow_private_addresses"),
    ):
        value = getattr(args, option)
        if value is not None:
            changes[field] = value
    return attrs.evolve(policy, **changes) if changes else policy


def _needs_contact(args: argparse.Namespace, policy: Politeness) -> str | None:
    """Why the harvest may not start without the harvester's contact, or None."""
    if args.command == "demo" or policy.user_agent != DEFAULT_USER_AGENT:
        return None
    url = getattr(args, "url", None)
    host = (urlsplit(url).hostname or "") if url else ""
    if url and is_private_address(host) and host.startswith(("127.", "localhost", "::1")):
        return None  # your own machine: nobody to contact
    where = host or "these hosts"
    return (
        f"harvesting {where} needs your contact, so its operator can reach you: "
        '--user-agent "mybot/1.0 (mailto:you@example.org)", or POLITEHARVEST_USER_AGENT, '
        "or user_agent in a --policy file"
    )


def _check_output_format(args: argparse.Namespace) -> str | None:
    """A harvest's ``--out`` whose ending names a format it does not write: one line."""
    out = str(getattr(args, "out", "-") or "-")
    if args.command not in ("harvest", "demo"):
        return None
    return output_problem(out, overwrite=args.overwrite)


def _check_report(args: argparse.Namespace) -> str | None:
    if args.out is None and not args.text:
        return "report needs --out FILE.html, --text, or both"
    for path in args.audit:
        if not path.is_file():
            return f"{path}: no such audit file (harvest --audit FILE writes one)"
    if args.out is not None and args.out.is_dir():
        return f"--out {args.out} is a folder; give a file name such as report.html"
    return None


def _check_replay(args: argparse.Namespace) -> str | None:
    for path in args.warc:
        if not path.is_file():
            return f"{path}: no such WARC file (harvest --warc DIR writes them)"
    if args.out.exists() and args.out.stat().st_size > 0:
        return f"--out {args.out} already holds records; replay into a new file"
    return None


def _check_usage(args: argparse.Namespace) -> str | None:
    """Every usage error that can be seen before a request; None when there is none."""
    if args.command == "report":
        return _check_report(args)
    if args.command == "replay":
        return _check_replay(args)
    output = _check_output_format(args)
    if output is not None:
        return output
    if args.command == "status":
        state = str(args.state)
        if state.startswith(("redis://", "rediss://", "unix://")):
            return "status reads SQLite state files; a Redis state is not supported yet"
        if not Path(state).is_file():
            return f"no state file at {state} (harvest writes one; give --state FILE)"
        return None
    try:
        policy = _policy(args)
    except ValueError as exc:
        return str(exc)
    args.built_policy = policy
    if args.command == "clean":
        return _check_clean(args, policy)
    url = getattr(args, "url", None)
    if url is not None and args.command != "demo":
        parts = urlsplit(url)
        if parts.scheme not in ("http", "https") or not parts.hostname:
            return (
                f"{url!r} is not an http(s) URL; give the repository's OAI-PMH base URL, "
                "e.g. https://export.arxiv.org/oai2"
            )
    contact = _needs_contact(args, policy)
    if contact is not None:
        return contact
    fleet = _check_fleet(args)
    if fleet is not None:
        return fleet
    files = getattr(args, "files", None)
    if getattr(args, "html_only", False) and files is None:
        return "--html-only needs --files DIR (where the landing pages are kept)"
    bundle = getattr(args, "ca_bundle", None)
    if bundle is not None and not bundle.is_file():
        return f"--ca-bundle {bundle}: no such file (give a PEM file of CA certificates)"
    return None


def _check_storage(args: argparse.Namespace) -> None:
    """Before the first request: every folder the command writes into takes a file.

    Raises:
        StorageError: --files, the state's folder or the --out folder cannot be written,
            or --out is a folder.
    """
    files = getattr(args, "files", None)
    if files is not None:
        check_writable(files, option="--files")
    state = getattr(args, "state", None)
    if isinstance(state, Path) and str(state) != ":memory:":
        if state.is_dir():
            raise StorageError(
                str(state), "is a folder, not a state file", "give --state a file path"
            )
        check_writable(state.parent, option="--state", holds="a file in a writable folder")
    out = getattr(args, "out", None)
    if args.command in ("harvest", "demo", "fulltext") and out not in (None, "-"):
        target = Path(out)
        if "://" in str(out):
            return
        if target.is_dir() and target.suffix.lower() != ".parquet":  # a dataset is a folder
            raise StorageError(str(target), "is a folder, not a file", "give --out a file path")
        if not target.exists():
            check_writable(target.parent, option="--out", holds="a file in a writable folder")


def _check_fleet(args: argparse.Namespace) -> str | None:
    """Usage errors of --state/--out with Redis URLs."""
    state = getattr(args, "state", None)
    out = getattr(args, "out", None)
    redis_state = isinstance(state, str)
    redis_out = isinstance(out, str) and out.startswith(("redis://", "rediss://"))
    if redis_out and not redis_state:
        return (
            f"--out {out} (a Redis stream) needs --state in the same Redis "
            "(--state redis://host:6379/0): each page and its checkpoint commit together"
        )
    if redis_state or redis_out:
        try:
            import redis  # noqa: F401
        except ImportError:
            return f"--state {state} needs redis-py: pip install 'politeharvest[redis]'"
    return None


def _check_clean(args: argparse.Namespace, policy: Politeness) -> str | None:
    """Usage errors of ``clean``, before anything is read or asked."""
    if not args.input.is_file():
        return f"{args.input}: no such file (give the JSONL file that harvest wrote)"
    if args.out != "-":
        out = Path(args.out)
        if out.exists() and out.resolve() == args.input.resolve():
            return f"--out {out} is the input file; write the cleaned records elsewhere"
        if out.exists() and out.stat().st_size and not args.overwrite:
            return f"--out {out} exists; choose another file, or --overwrite to replace it"
    for option in ("clusters", "index"):
        if getattr(args, option) is not None and not args.dedupe:
            return f"--{option} needs --dedupe"
    if args.enrich:
        if not args.mailto or "@" not in args.mailto:
            return (
                f"--enrich {args.enrich} needs your e-mail address for its polite pool: "
                "--mailto you@example.org"
            )
        if args.enrich_url and not urlsplit(args.enrich_url).hostname:
            return f"--enrich-url {args.enrich_url!r} is not an http(s) URL"
    return None


def _clean(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from politeharvest.quality._clean import clean_file
    from politeharvest.quality._enrich import CrossrefClient, OpenAlexClient

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
        policy = _policy(args) if args.preset or args.policy else None
        changes: dict[str, Any] = {"user_agent": f"{DEFAULT_USER_AGENT} (mailto:{args.mailto})"}
        if args.user_agent:
            changes["user_agent"] = args.user_agent
        for option in ("request_interval", "allow_private_addresses"):
            if getattr(args, option) is not None:
                changes[option] = getattr(args, option)
        session = PoliteSession(attrs.evolve(policy or base, **changes))
        client = CrossrefClient if args.enrich == "crossref" else OpenAlexClient
        service = client(session, args.mailto)
        if args.enrich_url:
            service.base_url = args.enrich_url.rstrip("/")
    try:
        summary = clean_file(
            args.input,
            out if args.out == "-" else Path(args.out),
            dedupe=args.dedupe,
            clusters=args.clusters,
            index=args.index,
            service=service,
            on_record=progress,
        )
    finally:
        if bar is not None:
            bar.close()
        if session is not None:
            session.close()
    if not args.quiet:
        parts = [
            f"{_plural(summary.read, 'record')} read",
            f"{summary.fixed} fixed",
        ]
        if args.dedupe:
            parts.append(
                f"{summary.merged} merged into others ({_plural(summary.clusters, 'cluster')})"
            )
        if summary.same_record:
            parts.append(f"{summary.same_record} repeated rows joined (same record)")
        if args.enrich:
            parts.append(
                f"{summary.enriched} enriched from {args.enrich}, {summary.not_found} not found, "
                f"{summary.deferred} deferred"
            )
        where = "standard output" if args.out == "-" else args.out
        err.write(f"clean: {', '.join(parts)}; {_plural(summary.written, 'row')} to {where}\n")
        if summary.bad_lines:
            shown = ", ".join(str(n) for n in summary.bad_lines[:10])
            err.write(
                f"clean: {_plural(len(summary.bad_lines), 'line')} of {args.input} skipped, "
                f"not a record (line {shown}{', ...' if len(summary.bad_lines) > 10 else ''})\n"
            )
        if summary.deferred:
            err.write(
                f"clean: {args.enrich} asked us to wait longer than allowed for "
                f"{summary.deferred} records: run again later to enrich them\n"
            )
    return EXIT_OK


def _print_json(data: Any, out: TextIO) -> None:
    out.write(json.dumps(data, ensure_ascii=False, sort_keys=True, default=str) + "\n")


def _tools(args: argparse.Namespace, out: TextIO) -> int:
    session = PoliteSession(_policy(args))
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


class _Progress:
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
            f"traffic: {_plural(summary.requests, 'request')} ({summary.robots_fetches} "
            f"robots.txt), {_plural(summary.retries, 'retry', 'retries')}, waited "
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
            f"page {pages}: {_plural(records, 'record')}{size} [{lane}]{files} {self.wait}\n"
        )
        self.err.flush()

    def close(self) -> None:
        if self.bar is not None:
            if self.bar.total is not None and self.bar.n != self.bar.total:
                self.bar.total = self.bar.n  # end at the true total (several sets or windows)
            self.bar.close()


class _WatchedClock(SystemClock):
    """The system clock; a wait of 2 s or more counts down on the progress line."""

    def __init__(self, progress: _Progress) -> None:
        self.progress = progress

    def sleep(self, seconds: float, reason: str = "") -> None:
        """Sleep in steps of at most a second, showing what is left."""
        if seconds < 2.0 or self.progress.quiet:
            super().sleep(seconds, reason)
            return
        end = self.monotonic() + seconds
        try:
            while (left := end - self.monotonic()) > 0:
                self.progress.waiting(left, reason)
                super().sleep(min(1.0, left), reason)
        finally:
            self.progress.waiting(None, reason)


def _harvest(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
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


def _usage(err: TextIO, message: str) -> int:
    err.write(f"politeharvest: usage: {message}\n")
    return EXIT_USAGE


def _run_harvest(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    if args.max_records is not None and args.max_records < 1:
        return _usage(err, f"--max-records must be at least 1, not {args.max_records}")
    for option, value in (("--from", args.from_), ("--until", args.until)):
        if value is not None and parse_datestamp(value) is None:
            return _usage(
                err, f"{option} {value!r} is not a date (YYYY-MM-DD or YYYY-MM-DDThh:mm:ssZ)"
            )
    progress = _Progress(args.quiet, err)
    hooks: tuple[Callable[[RequestEvent], None], ...] = (progress.event,)
    audit = None
    if getattr(args, "audit", None) is not None:
        if args.audit.is_dir():
            return _usage(err, f"--audit {args.audit} is a folder; give a file name")
        try:
            policy = _policy(args)
        except ValueError as exc:
            return _usage(err, str(exc))
        audit = AuditLog(args.audit).open(policy)
        hooks = (*hooks, audit)
    try:
        return _plan_and_harvest(args, progress, hooks, err)
    finally:
        if audit is not None:
            audit.close()


def _plan_and_harvest(
    args: argparse.Namespace,
    progress: _Progress,
    hooks: tuple[Callable[[RequestEvent], None], ...],
    err: TextIO,
) -> int:
    try:
        policy = _policy(args)
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
            max_records=args.max_records,
            lenient=args.lenient,
            on_event=hooks,
            fulltext=_fulltext(args),
            http=archive,
            clock=_WatchedClock(progress),
        )
    except ValueError as exc:
        return _usage(err, f"{exc} (--from, --until)" if "from" in str(exc) else str(exc))
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


def _status(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """``politeharvest status [--state FILE] [--json]``."""
    import sqlite3

    from ._status import read_status, render_status

    try:
        status = read_status(args.state)
    except sqlite3.DatabaseError as exc:
        err.write(f"politeharvest: error: {args.state} is not a readable state file ({exc})\n")
        return EXIT_ERROR
    if args.json:
        out.write(json.dumps(status.to_dict(), indent=2) + "\n")
    else:
        out.write(render_status(status))
    return EXIT_OK


def _replay(args: argparse.Namespace, err: TextIO) -> int:
    """``politeharvest replay WARC... --out FILE``: the harvest again, from the archive."""
    import tempfile

    import requests

    from politeharvest.audit._warc import ReplayAdapter, ReplayClock, read_runs

    runs = sorted(read_runs(list(args.warc)), key=lambda run: float(run.info.get("at") or 0))
    if not runs:
        return _usage(err, "no politeharvest run in these WARC files (harvest --warc DIR)")
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
            with plan:
                summary = plan.run()
            records += summary.records
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
    plan: HarvestPlan, args: argparse.Namespace, progress: _Progress, err: TextIO
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
            raise _Terminated
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
        _report(summary, args, err)
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


def _empty_file(out: object) -> bool:
    """Whether `out` names a local file that holds nothing (not standard output, not a URL)."""
    name = str(out)
    if name == "-" or "://" in name:
        return False
    path = Path(tracked_file(name) or name)  # a Parquet dataset: its ledger
    return not path.exists() or (path.is_file() and path.stat().st_size == 0)


def _plural(count: int, word: str, plural: str | None = None) -> str:
    return f"{count} {word if count == 1 else plural or word + 's'}"


def _report(summary: HarvestSummary, args: argparse.Namespace, err: TextIO) -> None:
    """The summary lines: counts, files, where things went, and what did not happen."""
    where = args.out if args.out != "-" else "standard output"
    rate = (
        f" ({summary.records / summary.duration_s:.0f} records/s)"
        if summary.duration_s > 0.5
        else ""
    )
    err.write(
        f"{_plural(summary.records, 'record')} ({summary.deleted} deleted) in "
        f"{_plural(summary.pages, 'page')} to {where}{rate}\n"
    )
    if summary.skipped:
        err.write(
            f"{_plural(summary.skipped, 'record')} left out as already delivered "
            "(to this or another output; --full delivers them again)\n"
        )
    if summary.files:
        counts = ", ".join(f"{n} {status}" for status, n in sorted(summary.files.items()))
        err.write(f"files: {counts} (in {args.files})\n")
    for note in summary.notes:
        err.write(f"note: {note}\n")
    if summary.complete and summary.records == 0 and not args.full:
        since = getattr(args, "since", "")
        err.write(f"nothing new{f' since {since}' if since else ''}\n")
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
    if summary.stopped and args.max_records is not None and summary.deferred_until is None:
        err.write(
            f"stopped after {_plural(summary.records, 'record')} (--max-records); "
            "run the same command to continue\n"
        )


def _batch(args: argparse.Namespace, err: TextIO) -> int:
    """Batch mode: resolve and fetch every input line; resumable (done ids are skipped)."""
    from concurrent.futures import ThreadPoolExecutor

    from politeharvest.fulltext._step import FullText, FullTextStep, read_done, run_batch
    from politeharvest.store._sinks import JsonlSink
    from politeharvest.store._state import open_state

    # Without --files nothing is downloaded or kept: landing pages are read and file URLs
    # reported in the output, which is all that is written.
    folder = args.files if args.files is not None else args.out.parent
    settings = FullText(
        directory=folder,
        html_only=args.html_only or args.files is None,
        keep_pages=args.files is not None,
    )
    done = read_done(args.out)
    sink = JsonlSink(args.out)
    sink.rewind(_last_full_line(args.out))
    session = PoliteSession(_policy(args))
    step = FullTextStep(session, settings, open_state(args.state))
    try:
        with args.input.open(encoding="utf-8") as lines:
            if args.workers > 1:
                with ThreadPoolExecutor(max_workers=args.workers) as pool:
                    written = run_batch(
                        lines,
                        step,
                        out=sink.write_page,
                        done=done,
                        batch_size=args.batch_size,
                        executor=pool,
                    )
            else:
                written = run_batch(
                    lines, step, out=sink.write_page, done=done, batch_size=args.batch_size
                )
    finally:
        sink.close()
        session.close()
    if not args.quiet:
        err.write(f"{written} results to {args.out} ({len(done)} were already there)\n")
    return EXIT_OK


def _last_full_line(path: Path) -> int:
    """The size of `path` up to its last complete line (a torn line is cut on resume)."""
    if not path.exists():
        return 0
    return path.read_bytes().rfind(b"\n") + 1


def _politeness_report(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
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


def main(
    argv: Sequence[str] | None = None, *, out: TextIO | None = None, err: TextIO | None = None
) -> int:
    """Run the command line; return the exit code."""
    out = out or sys.stdout
    err = err or sys.stderr
    parser = _parser()
    try:
        with contextlib.redirect_stderr(err):  # usage messages go where errors go
            args = parser.parse_args(argv)
    except SystemExit as exc:
        return int(exc.code or 0)
    logging.basicConfig(
        level=logging.DEBUG if args.debug else logging.WARNING,
        stream=err,
        format="%(levelname)s %(name)s: %(message)s",
    )
    usage = _check_usage(args)
    if usage is not None:
        err.write(f"politeharvest: usage: {usage}\n")
        return EXIT_USAGE
    with _ca_bundle(getattr(args, "ca_bundle", None)), _terminate_as_interrupt():
        try:
            _check_storage(args)
        except StorageError as exc:
            err.write(f"politeharvest: refused: {exc} (nothing was requested)\n")
            return EXIT_USAGE
        try:
            return _command(args, out, err)
        except BaseException as exc:
            return _failed(exc, args, out, err)


def _command(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    if args.command in ("harvest", "demo"):
        return _harvest(args, out, err)
    if args.command == "fulltext":
        return _batch(args, err)
    if args.command == "clean":
        return _clean(args, out, err)
    if args.command == "report":
        return _politeness_report(args, out, err)
    if args.command == "replay":
        return _replay(args, err)
    if args.command == "status":
        return _status(args, out, err)
    return _tools(args, out)


@contextlib.contextmanager
def _ca_bundle(bundle: Path | None) -> Any:
    """--ca-bundle: requests' REQUESTS_CA_BUNDLE for the command (restored after)."""
    if bundle is None:
        yield
        return
    before = os.environ.get("REQUESTS_CA_BUNDLE")
    os.environ["REQUESTS_CA_BUNDLE"] = str(bundle.resolve())
    try:
        yield
    finally:
        if before is None:
            os.environ.pop("REQUESTS_CA_BUNDLE", None)
        else:
            os.environ["REQUESTS_CA_BUNDLE"] = before


@contextlib.contextmanager
def _terminate_as_interrupt() -> Any:
    """SIGTERM ends a command the way Ctrl-C does (a harvest handles it itself, gently)."""

    def terminated(signum: int, frame: FrameType | None) -> None:
        raise _Terminated

    try:
        previous = signal.signal(signal.SIGTERM, terminated)
    except ValueError:  # not the main thread: signals are not ours to handle
        yield
        return
    try:
        yield
    finally:
        # The command has ended (its state is closed): the process, about to exit, lets a
        # late SIGTERM pass, so its exit code stays the command's.
        signal.signal(signal.SIGTERM, signal.SIG_IGN if _EXITING else previous)


def _failed(exc: BaseException, args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """The one line (and the exit code) for a command that ended with `exc`."""
    if isinstance(exc, BrokenPipeError):
        # `harvest | head`: the reader stopped; pages it did not read were not
        # checkpointed. Nothing more may go to standard output (not even at exit).
        with contextlib.suppress(OSError, ValueError, AttributeError):
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, out.fileno())
        return EXIT_OK
    if isinstance(exc, (SystemExit, GeneratorExit)):
        raise exc
    if args.debug and not isinstance(exc, KeyboardInterrupt):
        traceback.print_exception(type(exc), exc, exc.__traceback__, file=err)
    if isinstance(exc, _Terminated):
        err.write(
            "politeharvest: terminated (SIGTERM); every page written is durable: run the "
            "same command to continue\n"
        )
        return EXIT_TERMINATED
    if isinstance(exc, KeyboardInterrupt):
        err.write(
            "politeharvest: interrupted; every page written is durable: run the same command "
            "to continue\n"
        )
        return EXIT_INTERRUPTED
    if isinstance(exc, (SinkChanged, OutputUnknown, OutputMismatch, StateCorrupt)):
        err.write(f"politeharvest: refused: {exc}\n")
        return EXIT_USAGE
    if isinstance(exc, (OutputLocked, Deferred)):
        err.write(f"politeharvest: deferred: {exc}\n")
        return EXIT_DEFERRED
    if isinstance(exc, CannotDisseminateFormat):
        url = getattr(args, "url", "URL")
        err.write(
            f"politeharvest: error: {exc}; the formats it offers: politeharvest formats {url}\n"
        )
        return EXIT_ERROR
    if isinstance(exc, TransportError):
        err.write(
            f"politeharvest: error: {exc}; a network failure, which may pass: run the same "
            "command later (nothing is lost)\n"
        )
        return EXIT_ERROR
    if isinstance(exc, (HarvestError, ValueError)):
        err.write(f"politeharvest: error: {exc}\n")
        return EXIT_ERROR
    if isinstance(exc, sqlite3.Error):
        state = getattr(args, "state", None)
        err.write(f"politeharvest: error: {storage_error(exc, str(state or 'the state'))}\n")
        return EXIT_ERROR
    if isinstance(exc, OSError):
        err.write(f"politeharvest: error: {_os_error(exc, args)}\n")
        return EXIT_ERROR
    if not isinstance(exc, Exception):
        raise exc
    err.write(
        f"politeharvest: error: unexpected {type(exc).__name__}: {exc} (run again with "
        "--debug for the traceback, and please report it)\n"
    )
    return EXIT_ERROR


def _os_error(exc: OSError, args: argparse.Namespace) -> str:
    """A file-system error in one line: which file or folder, the cause, what to do."""
    places = {
        option: str(value)
        for option in ("--files", "--out", "--state")
        if (value := getattr(args, option[2:], None)) not in (None, "-")
    }
    path = exc.filename
    if path is None and exc.errno in (errno.ENOSPC, errno.EDQUOT):
        # a write on an open file names no path: the places this command writes into
        full = [p for p in places.values() if _disk_full(Path(p))]
        path = full[0] if full else " or ".join(places.values()) or "the output"
    if path is None:
        return f"{exc.strerror or exc}"
    text = os.path.abspath(str(path))
    option = next((o for o, p in places.items() if text.startswith(os.path.abspath(p))), "--out")
    return str(storage_error(exc, str(path), what="file", option=option))


def _disk_full(path: Path) -> bool:
    folder = path if path.is_dir() else path.parent
    try:
        stats = os.statvfs(folder)
    except OSError:
        return False
    return stats.f_bavail * stats.f_frsize < 64 * 1024


#: Set by `run`: the process exits when `main` returns (a late SIGTERM is then ignored).
_EXITING = False


def run() -> None:
    """Console-script entry point."""
    global _EXITING
    _EXITING = True
    sys.exit(main())


if __name__ == "__main__":  # pragma: no cover
    run()
