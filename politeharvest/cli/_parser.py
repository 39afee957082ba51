"""The command line's grammar: argparse, the exit codes, the policy and every usage check.

Everything here runs before a request is sent: `build_parser` reads the arguments (one
line per mistake, with "did you mean" for a mistyped command, option or set),
`policy_from` builds the `Politeness` the options ask for, and `check_usage` and
`check_storage` turn each mistake that can be seen up front into one line and exit 2.
"""

from __future__ import annotations

import argparse
import os
import signal
from pathlib import Path
from typing import Any, NoReturn, TextIO
from urllib.parse import unquote_plus, urlsplit

import attrs

from politeharvest import __version__, presets
from politeharvest._files import check_writable
from politeharvest._policy import DEFAULT_USER_AGENT, Politeness
from politeharvest.exceptions import StorageError
from politeharvest.net._redirects import is_private_address
from politeharvest.plan._plan import DEFAULT_STATE

__all__ = [
    "EXIT_DEFERRED",
    "EXIT_ERROR",
    "EXIT_INTERRUPTED",
    "EXIT_OK",
    "EXIT_TERMINATED",
    "EXIT_USAGE",
    "OUTPUT_SUFFIXES",
    "Terminated",
    "build_parser",
    "check_storage",
    "check_usage",
    "policy_from",
    "take_base_url",
    "usage_error",
]

EXIT_OK, EXIT_ERROR, EXIT_USAGE, EXIT_DEFERRED, EXIT_INTERRUPTED = 0, 1, 2, 75, 130
EXIT_TERMINATED = 128 + signal.SIGTERM  # 143, as a shell reports a process SIGTERM ended


class Terminated(KeyboardInterrupt):
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


def build_parser() -> argparse.ArgumentParser:
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
    url_help = "the repository's OAI-PMH base URL (a ?verb=... query given with it is dropped)"
    prefix_help = "the metadata format (default oai_dc; politeharvest formats URL lists them)"
    for name, help_text, description, example in (
        (
            "identify",
            "the repository's Identify answer",
            "Print the repository's Identify answer as JSON: its name, admin e-mail, "
            "datestamp granularity and earliest datestamp.",
            "",
        ),
        (
            "formats",
            "metadata formats offered",
            "List the metadata formats the repository offers (or one record offers).",
            "",
        ),
        (
            "sets",
            "sets (one JSON object a line)",
            "List the repository's sets, one JSON object a line (spec and name).",
            "",
        ),
        (
            "record",
            "one record by identifier",
            "Fetch one record (GetRecord) and print it as the harvest would write it.",
            " oai:arXiv.org:2101.00001",
        ),
    ):
        example = f"politeharvest {name} https://export.arxiv.org/oai2{example} {ua}"
        sub = _add_command(commands, common, name, help_text, description, example)
        sub.add_argument("url", help=url_help)
        if name == "formats":
            sub.add_argument("--identifier", help="the formats of this record only")
        elif name == "record":
            sub.add_argument("identifier", help="the record's OAI identifier (oai:...)")
            sub.add_argument("--metadata-prefix", default="oai_dc", help=prefix_help)

    sub = _add_command(
        commands,
        common,
        "fulltext",
        "full text for a JSONL list of {id, url} (batch mode)",
        "Find and fetch the full text of every landing page in a JSON-lines file "
        '({"id": ..., "url": ...} a line), politely and resumably.',
        f"politeharvest fulltext pages.jsonl --out results.jsonl --files pdfs/ {ua}",
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
        sub = _add_command(commands, common, name, help_text, description, example)
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
        sub.add_argument("--out", default="-", help="JSONL output file (default: standard output)")
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


def _add_command(
    commands: Any,
    common: argparse.ArgumentParser,
    name: str,
    help_text: str,
    description: str,
    example: str,
) -> argparse.ArgumentParser:
    """A command with the common options, a description and an example (kept as written)."""
    sub: argparse.ArgumentParser = commands.add_parser(
        name,
        parents=[common],
        help=help_text,
        description=description,
        epilog=f"example:\n  {example}",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    return sub


def _fulltext_options(sub: argparse.ArgumentParser) -> None:
    sub.add_argument(
        "--files", type=Path, metavar="DIR", help="find and fetch full-text files into DIR"
    )
    sub.add_argument(
        "--html-only",
        action="store_true",
        help="keep landing pages and report file URLs without downloading files",
    )


def policy_from(args: argparse.Namespace) -> Politeness:
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


#: The formats ``--out`` writes, by the file name's ending (none: JSON lines).
OUTPUT_SUFFIXES = {".jsonl": "JSON lines", ".ndjson": "JSON lines", ".sqlite": "SQLite",
                   ".sqlite3": "SQLite", ".db": "SQLite", "": "JSON lines"}  # fmt: skip


def _check_output_format(args: argparse.Namespace) -> str | None:
    """A harvest's ``--out`` whose ending names a format it does not write: one line."""
    out = str(getattr(args, "out", "-") or "-")
    if args.command not in ("harvest", "demo") or out == "-" or "://" in out:
        return None
    suffix = Path(out).suffix.lower()
    if suffix in OUTPUT_SUFFIXES or Path(out).is_dir():
        return None
    return (
        f"--out {out}: politeharvest writes JSON lines (.jsonl) or SQLite (.sqlite, .db), "
        f"not {suffix[1:].upper()}; give one of those endings (CSV and Parquet come later)"
    )


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


#: The OAI-PMH request's own arguments (OAI-PMH 2.0 §3.1.1): the command adds them to the
#: base URL, so a URL copied with them would send them twice. The note names the option
#: that asks for a dropped value, where the command has one: (its attribute, the option).
_OAI_ARGUMENTS: dict[str, tuple[str, str] | None] = {
    "verb": None,
    "metadataPrefix": ("metadata_prefix", "--metadata-prefix"),
    "set": ("sets", "--set"),
    "from": ("from_", "--from"),
    "until": ("until", "--until"),
    "identifier": ("identifier", "--identifier"),
    "resumptionToken": None,
}


def take_base_url(args: argparse.Namespace) -> str | None:
    """A URL given with its OAI-PMH query (``?verb=Identify``) becomes the base URL.

    Only OAI-PMH's own arguments are dropped; any other part of the query (a base URL
    such as ``/index.php?page=oai``) is kept as it was written.

    Returns:
        The note for standard error (what was dropped, and the options that ask for the
        dropped values), or None when the URL had none of those arguments.
    """
    url = getattr(args, "url", None)
    if not url or args.command == "demo":
        return None
    parts = urlsplit(url)
    kept, dropped = [], []
    for pair in parts.query.split("&") if parts.query else ():
        name, _, value = pair.partition("=")
        if unquote_plus(name) in _OAI_ARGUMENTS:
            dropped.append((unquote_plus(name), unquote_plus(value)))
        else:
            kept.append(pair)
    if not dropped:
        return None
    args.url = parts._replace(query="&".join(kept)).geturl()
    asks = [f"{option} {value}" for option, value in _options_for(args, dropped)]
    hint = f"; to ask for what it named, give {' '.join(asks)}" if asks else ""
    shown = "&".join(f"{name}={value}" for name, value in dropped)
    return (
        f"took {args.url} as the base URL and dropped ?{shown} (politeharvest adds the "
        f"OAI-PMH arguments itself){hint}"
    )


def _options_for(args: argparse.Namespace, dropped: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """The options (and values) that ask for what the dropped arguments named, if not asked."""
    wanted = []
    for name, value in dropped:
        option = _OAI_ARGUMENTS[name]
        if option is None or not hasattr(args, option[0]):
            continue  # this command has no such option (identify has no --metadata-prefix)
        if name == "identifier" and args.command == "record":
            continue  # record's identifier is its second argument
        given = getattr(args, option[0], None)
        if not (value in given if isinstance(given, list) else given == value):
            wanted.append((option[1], value))
    return wanted


def check_usage(args: argparse.Namespace) -> str | None:
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
        policy = policy_from(args)
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


def check_storage(args: argparse.Namespace) -> None:
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
        if target.is_dir():
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


def usage_error(err: TextIO, message: str) -> int:
    err.write(f"politeharvest: usage: {message}\n")
    return EXIT_USAGE
