"""The command line's grammar: argparse with its help texts, and the exit codes.

`build_parser` reads the arguments: one line per mistake, with "did you mean" for a
mistyped command or option (the checks that need more than the grammar are in
`_checks`); `usage_error` writes such a line and returns exit 2.
"""

from __future__ import annotations

import argparse
import re
import signal
from pathlib import Path
from typing import Any, NoReturn, TextIO

from politeharvest import __version__, presets
from politeharvest.fleet import is_redis_url

__all__ = [
    "EXIT_DEFERRED",
    "EXIT_ERROR",
    "EXIT_INTERRUPTED",
    "EXIT_OK",
    "EXIT_TERMINATED",
    "EXIT_USAGE",
    "Terminated",
    "build_parser",
    "usage_error",
]

#: Where the state is when ``--state`` is not given (`politeharvest._places`).
STATE_HELP = (
    "state file (default: $POLITEHARVEST_STATE, else ./.politeharvest/state.sqlite if it "
    "exists, else state.sqlite in your data folder, ~/.local/share/politeharvest on Linux)"
)

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


def _path(text: str) -> Path:
    """A file or folder option: not empty (``Path("")`` would be the working folder)."""
    if not text.strip():
        raise argparse.ArgumentTypeError(
            "an empty path (an unset variable?); give a file or folder name"
        )
    return Path(text)


def _prefix(text: str) -> str:
    """--metadata-prefix: a metadataPrefix as OAI-PMH allows it (unreserved URI characters)."""
    if not re.fullmatch(r"[A-Za-z0-9\-_.!~*'()]+", text):
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a metadata prefix (letters, digits and -_.!~*'() only; "
            "politeharvest formats URL lists the repository's)"
        )
    return text


def _state_arg(text: str) -> Path | str:
    """--state: a file, or a Redis URL (kept as text: a Path would fold its '//')."""
    if "://" in text:
        if is_redis_url(text):
            return text
        raise argparse.ArgumentTypeError(
            f"{text!r}: give a file path or a redis://host:port/db URL"
        )
    return _path(text)


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
    """The parser of every command, its options, help texts and examples."""
    parser = _Parser(
        prog="politeharvest",
        description="Harvest OAI-PMH repositories politely "
        "(robots.txt, pacing, Retry-After, budgets).",
        epilog="Exit codes: 0 done, 1 error, 2 usage or refused (nothing done), 75 deferred "
        "(harvest --once, or the run limit reached: run again later), 130 interrupted, "
        "143 terminated (SIGTERM).",
    )
    parser.add_argument("--version", action="version", version=f"politeharvest {__version__}")
    common = _Parser(add_help=False)
    policy = common.add_argument_group("politeness")
    policy.add_argument("--preset", help=f"a policy preset: {', '.join(sorted(presets.PRESETS))}")
    policy.add_argument("--policy", type=_path, help="a policy file (.toml or .json)")
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
        "--purpose",
        choices=("train-ai", "ai-use", "search", "tdm"),
        help="what the files are for: a file whose usage preferences (Content-Usage, "
        "Content-Signal, RSL) say n for it is not fetched or not stored (default: none "
        "declared; every preference is recorded)",
    )
    policy.add_argument(
        "--sign-key",
        metavar="FILE",
        help="sign every request with this Ed25519 key (PEM; HTTP Message Signatures as Web "
        "Bot Auth drafts them), so operators can verify you; needs --signature-agent",
    )
    policy.add_argument(
        "--signature-agent",
        metavar="URL",
        help="the https origin that serves your key directory (politeharvest bot-page "
        "writes it), sent as the Signature-Agent header",
    )
    policy.add_argument(
        "--ca-bundle",
        type=_path,
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
            sub.add_argument("--metadata-prefix", default="oai_dc", type=_prefix, help=prefix_help)

    sub = _add_command(
        commands,
        common,
        "fulltext",
        "full text for a JSONL list of {id, url} (batch mode)",
        "Find and fetch the full text of every landing page in a JSON-lines file "
        '({"id": ..., "url": ...} a line), politely and resumably.',
        f"politeharvest fulltext pages.jsonl --out results.jsonl --files pdfs/ {ua}",
    )
    sub.add_argument("input", type=_path, help="JSON lines with id and url")
    sub.add_argument("--out", type=_path, required=True, help="results, one JSON line per input")
    sub.add_argument(
        "--state",
        type=_state_arg,
        default=None,
        help=STATE_HELP,
    )
    sub.add_argument(
        "--workers", type=_positive, default=1, help="inputs in flight at once (different hosts)"
    )
    sub.add_argument("--batch-size", type=_positive, default=50)
    _fulltext_options(sub)

    sub = commands.add_parser(
        "clean",
        parents=[common],
        help="normalise, deduplicate and enrich a harvest file",
        description="Clean what harvest wrote: text, dates, names and identifiers "
        "normalised (the original kept beside), duplicates merged, missing abstracts, DOIs "
        "and ORCIDs filled from Crossref or OpenAlex. Every field it does not change is kept "
        "(full text, deletions, format, sets, endpoint).",
    )
    sub.add_argument(
        "input",
        type=_path,
        help="what harvest wrote: JSON lines, CSV, a Parquet dataset (or file), SQLite",
    )
    sub.add_argument(
        "--out",
        required=True,
        help="the cleaned records, by the ending as harvest writes them: .jsonl, .csv, "
        ".parquet ('-': JSON lines on standard output)",
    )
    sub.add_argument("--overwrite", action="store_true", help="replace --out if it exists")
    sub.add_argument(
        "--dedupe",
        action="store_true",
        help="one row per work; every member's row as harvested in its members",
    )
    sub.add_argument(
        "--clusters",
        type=_path,
        metavar="FILE",
        help="one line per cluster; without --dedupe, one row per record with its cluster id",
    )
    sub.add_argument(
        "--index",
        type=_path,
        metavar="FILE",
        help="keep the deduplication index in this SQLite file, to deduplicate later runs "
        "against this one (needs --dedupe or --clusters)",
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
            "politely, resumably after any interruption, and incrementally once complete. "
            "It runs to the end, job after job, waiting out the pauses a repository asks "
            "for and saying until when (--once: one job, exit 75 when it must wait).",
            "politeharvest harvest https://export.arxiv.org/oai2 --preset arxiv --set cs "
            f"--out arxiv-cs.jsonl {ua}",
        ),
        (
            "demo",
            "serve a sample repository on loopback and harvest it (offline)",
            "Serve a sample repository (120 articles in three sets, with landing pages and "
            "PDFs) on loopback and harvest it with the same code as harvest: no network "
            "needed. With --serve, only serve it until Ctrl-C, for harvest, a job queue or a "
            "notebook to harvest.",
            "politeharvest demo --out demo.jsonl --files demo-files/\n"
            "  politeharvest demo --serve --port 8765",
        ),
    ):
        sub = _add_command(commands, common, name, help_text, description, example)
        if name == "harvest":
            sub.add_argument("url", help=url_help)
        else:
            _demo_options(sub)
        sub.add_argument("--metadata-prefix", default="oai_dc", type=_prefix, help=prefix_help)
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
            "--consume",
            action="store_true",
            help="with standard output: record what was written as delivered, so the next "
            "run continues after it (a file output always does; without --consume standard "
            "output leaves the harvest for the next run)",
        )
        sub.add_argument(
            "--state",
            type=_state_arg,
            default=None,
            metavar="FILE|URL",
            help=f"{STATE_HELP}; or redis://host:6379/0 to share state and pacing with a "
            "fleet of workers",
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
            type=_path,
            metavar="DIR",
            help="archive every exchange (robots.txt, pages, files) as WARC 1.1 files in DIR "
            "(politeharvest replay rebuilds the records from them)",
        )
        sub.add_argument(
            "--audit",
            type=_path,
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
        sub.add_argument(
            "--once",
            action="store_true",
            help="one job (for cron or a queue): when the harvest must wait (Retry-After, "
            "robots.txt unreadable, another job on the host, the job budget), exit 75 "
            "instead of waiting; without it the command waits, job after job, until the "
            "harvest is done or the run limit (policy stuck_after, 12 h) is reached",
        )
        _fulltext_options(sub)

    sub = commands.add_parser(
        "bot-page",
        parents=[common],
        help="write the page, agent card and robots.txt lines operators need to verify you",
        description="Write, from the policy in force (--preset, --policy and the options): "
        "index.html (who runs the harvester, its contact, what it honours, its pace, how to "
        "slow or block it), agent-card.json (the same as data, as a Web Bot Auth signature "
        "agent card) and robots-snippet.txt; with --sign-key also the key directory to serve "
        "at the --signature-agent origin. No network.",
        epilog="example:\n  politeharvest bot-page --out site/ --sign-key harvester-key.pem "
        '--signature-agent https://bot.example.org --user-agent "mybot/1.0 '
        '(+https://bot.example.org; mailto:me@example.org)"',
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    sub.add_argument("--out", type=_path, required=True, metavar="DIR", help="where to write")
    sub.add_argument(
        "--operator", metavar="NAME", help="who runs the harvester (a person or institution)"
    )

    sub = commands.add_parser(
        "report",
        help="a politeness report (HTML, or text for an operator) from --audit files",
        description="Read the audit files that harvest --audit wrote and report, per host: "
        "requests by kind, the least end-to-start gap against the policy's floor, waits and "
        "their reasons, 429/503 answers and the slow-down, refusals, bytes, the busiest minute "
        "and the contact sent. No network.",
    )
    sub.add_argument("audit", type=_path, nargs="+", help="audit files (JSON lines)")
    sub.add_argument("--out", type=_path, help="write the HTML report here")
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
    sub.add_argument("--state", default=None, help=STATE_HELP)
    sub.add_argument("--json", action="store_true", help="one JSON document instead of text")
    sub.add_argument("--quiet", "-q", action="store_true", help=argparse.SUPPRESS)
    sub.add_argument("--debug", action="store_true", help="tracebacks and debug logging")

    sub = commands.add_parser(
        "replay",
        help="rebuild a harvest's records from its --warc archive (no network)",
        description="Run the harvests archived by harvest --warc again, answering every "
        "request from the archive: the records come out as the harvest wrote them.",
    )
    sub.add_argument(
        "warc",
        type=_path,
        nargs="+",
        help="the folder harvest --warc DIR wrote, or WARC files (.warc.gz) from it",
    )
    sub.add_argument("--out", type=_path, required=True, help="JSONL output file")
    sub.add_argument("--state", type=_path, help="a state file to keep (default: a temporary one)")
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


def _port(text: str) -> int:
    """--port: 0 (any free port) to 65535."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a port number") from None
    if not 0 <= value <= 65535:
        raise argparse.ArgumentTypeError(f"{value} is not a port number (0 to 65535)")
    return value


def _demo_options(sub: argparse.ArgumentParser) -> None:
    group = sub.add_argument_group("the sample repository")
    group.add_argument(
        "--serve",
        action="store_true",
        help="only serve the sample (OAI-PMH, robots.txt, landing pages, PDFs) until Ctrl-C, "
        "and print the URLs and the harvest command to use",
    )
    group.add_argument(
        "--port",
        type=_port,
        metavar="N",
        help="serve the sample on this port (default 8765; 0: any free port). Without "
        "--serve, a port where demo --serve serves the sample is harvested as it is, and "
        "8765 taken by anything else gives any free port",
    )
    group.add_argument(
        "--host",
        default="127.0.0.1",
        metavar="ADDR",
        help="serve the sample on this address (default 127.0.0.1; its links name it)",
    )


def _fulltext_options(sub: argparse.ArgumentParser) -> None:
    sub.add_argument(
        "--files", type=_path, metavar="DIR", help="find and fetch full-text files into DIR"
    )
    sub.add_argument(
        "--html-only",
        action="store_true",
        help="keep landing pages and report file URLs without downloading files",
    )
    sub.add_argument(
        "--fulltext-sources",
        metavar="crossref,openalex",
        help="for records with a DOI, ask these sanctioned sources for the file first "
        "(Crossref's registered links, OpenAlex's open-access locations); needs --mailto",
    )
    if not any("--mailto" in a.option_strings for a in sub._actions):
        sub.add_argument("--mailto", help="your e-mail address, for the sources' polite pools")


def usage_error(err: TextIO, message: str) -> int:
    """Write a usage mistake in one line; return its exit code (2)."""
    err.write(f"politeharvest: usage: {message}\n")
    return EXIT_USAGE
