"""``politeharvest demo``: the sample repository on loopback, harvested or only served.

The sample (`OaiTestRepository.demo`): OAI-PMH, robots.txt, a landing page per record
and a PDF per record whose first page the identity check can read and match. ``demo``
harvests it with the same code as ``harvest``; ``demo --serve`` serves it until stopped,
for the command line, a job queue or a notebook to harvest.
"""

from __future__ import annotations

import argparse
import errno
import threading
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, TextIO
from urllib.parse import quote

from ._parser import EXIT_OK, usage_error

if TYPE_CHECKING:
    from politeharvest._testing._loopback import LoopbackServer
    from politeharvest._testing._samples import OaiTestRepository

__all__ = ["DEMO_PORT", "DemoSample", "demo_command", "start_sample"]

#: The sample's port when none is given (a fixed one, so a second run is incremental).
DEMO_PORT = 8765
#: The demo's pace: the sample is on this machine (a real server gets the defaults).
DEMO_INTERVAL = 0.1
#: Options that only a harvest takes, refused with --serve.
_HARVEST_ONLY: tuple[tuple[str, object, str], ...] = (
    ("out", "-", "--out"),
    ("files", None, "--files"),
    ("warc", None, "--warc"),
    ("audit", None, "--audit"),
    ("max_records", None, "--max-records"),
    ("full", False, "--full"),
    ("overwrite", False, "--overwrite"),
    ("from_", None, "--from"),
    ("until", None, "--until"),
    ("sets", [], "--set"),
)


class DemoSample:
    """The demo's sample repository, served on loopback until `stop`.

    Attributes:
        server: the `LoopbackServer`.
        repository: the `OaiTestRepository` it serves at ``/oai``.
    """

    def __init__(self, server: LoopbackServer, repository: OaiTestRepository) -> None:
        self.server = server
        self.repository = repository

    @property
    def endpoint(self) -> str:
        """The OAI-PMH base URL."""
        return self.server.url("/oai")

    def file_url(self, identifier: str) -> str:
        """The URL of a record's PDF."""
        return self.server.url("/files/" + quote(identifier) + ".pdf")

    def landing_url(self, identifier: str) -> str:
        """The URL of a record's landing page."""
        return self.server.url("/landing/" + identifier)

    def stop(self) -> None:
        """Stop serving."""
        self.server.stop()


def start_sample(host: str = "127.0.0.1", port: int | None = None) -> DemoSample:
    """Serve the sample on `host`: on `port`, or on `DEMO_PORT` when free, else any free port.

    Raises:
        OSError: `port` was given and cannot be bound (taken, or not an address of this
            machine).
    """
    from politeharvest._testing._loopback import LoopbackServer, Reply
    from politeharvest._testing._samples import OaiTestRepository, serve_fulltext

    if port is None:
        try:
            server = LoopbackServer(host, DEMO_PORT, keep_log=False)
        except OSError:
            server = LoopbackServer(host, 0, keep_log=False)
    else:
        server = LoopbackServer(host, port, keep_log=False)
    server.start()
    server.add("/robots.txt", Reply(200, body="User-agent: *\nDisallow: /admin\n"))
    repository = OaiTestRepository.demo()
    server.add("/oai", repository)
    serve_fulltext(server, repository)  # landing pages and PDFs, for --files
    return DemoSample(server, repository)


def _bind_problem(exc: OSError, host: str, port: int) -> str:
    if exc.errno == errno.EADDRINUSE:
        return (
            f"--port {port} is taken on {host} (another program, perhaps another "
            "politeharvest demo --serve, listens there); choose another --port, or --port 0 "
            "for a free one"
        )
    return f"cannot serve on {host}:{port}: {exc.strerror or exc} (give --host 127.0.0.1)"


def _harvest_flags() -> str:
    return (
        f"--allow-private-addresses --request-interval {DEMO_INTERVAL:g} "
        f"--file-interval {DEMO_INTERVAL:g}"
    )


def demo_command(
    args: argparse.Namespace,
    out: TextIO,
    err: TextIO,
    harvest: Callable[[argparse.Namespace, TextIO, TextIO], int],
) -> int:
    """``politeharvest demo``: serve the sample and `harvest` it, or only serve it (--serve)."""
    if args.serve:
        return serve_command(args, out, err)
    try:
        sample = start_sample(args.host, args.port)
    except OSError as exc:
        return usage_error(err, _bind_problem(exc, args.host, args.port))
    try:
        note = demo_harvest_args(args, sample, err)
        code = harvest(args, out, err)
    finally:
        sample.stop()
    if note is not None and code == EXIT_OK and not args.quiet:
        err.write(note + "\n")
    return code


def serve_command(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """``politeharvest demo --serve``: serve the sample until Ctrl-C (or SIGTERM); exit 0."""
    for attribute, default, option in _HARVEST_ONLY:
        if getattr(args, attribute, default) not in (default, None):
            return usage_error(
                err,
                f"{option} is an option of the harvest: demo --serve only serves the sample "
                "(harvest it with the command it prints, or leave out --serve)",
            )
    try:
        sample = start_sample(args.host, args.port if args.port is not None else DEMO_PORT)
    except OSError as exc:
        return usage_error(err, _bind_problem(exc, args.host, args.port or DEMO_PORT))
    records = [r for r in sample.repository.records if not r.deleted]
    sets = sorted({s for r in sample.repository.records for s in r.sets})
    url = sample.endpoint
    out.write(
        f"Serving the politeharvest sample repository ({len(sample.repository.records)} "
        f"records, sets {', '.join(sets)}):\n"
        f"  OAI-PMH endpoint  {url}\n"
        f"  robots.txt        {sample.server.url('/robots.txt')}\n"
        f"  a landing page    {sample.landing_url(records[0].identifier)}\n"
        f"  its PDF           {sample.file_url(records[0].identifier)}\n"
        "Harvest it from another terminal (the flags let politeharvest reach this machine "
        "at the demo's pace):\n"
        f"  politeharvest harvest {url} {_harvest_flags()} "
        "--out sample.jsonl --files sample-files\n"
        "Press Ctrl-C to stop.\n"
    )
    out.flush()
    stopped = threading.Event()
    try:
        while not stopped.wait(3600):
            pass
    except KeyboardInterrupt:  # Ctrl-C, or SIGTERM (raised as Terminated): how it ends
        pass
    finally:
        sample.stop()
    err.write("politeharvest: stopped serving the sample\n")
    return EXIT_OK


def demo_harvest_args(args: argparse.Namespace, sample: DemoSample, err: TextIO) -> str | None:
    """Point a ``demo`` harvest at the sample; return a note to write after it, or None.

    After a ``demo`` without ``--files``, the records are harvested: an incremental
    ``demo --files DIR`` would find no new record, so no file would be looked for. The
    demo then harvests the sample again (``--full``) when its output starts empty (standard
    output, or a new file); into a file that holds records, it says what to run instead.
    """
    args.url = sample.endpoint
    args.allow_private_addresses = True  # the sample is on loopback
    if args.request_interval is None:
        args.request_interval = DEMO_INTERVAL
    if args.file_interval is None:
        args.file_interval = DEMO_INTERVAL
    args.built_policy = None  # build it again with the demo's settings
    if args.files is None or args.full or not _harvested_without_files(args, sample):
        return None
    out = str(args.out)
    target = Path(out)
    if out == "-" or not target.exists() or target.stat().st_size == 0:
        args.full = True
        if not args.quiet:
            err.write(
                "politeharvest: note: the sample's records were harvested before without "
                "--files; harvesting them again (--full) to fetch their files\n"
            )
        return None
    return (
        "politeharvest: note: the sample's records were harvested into this state before "
        f"without --files, so this run found no new record whose file to fetch. To fetch "
        f"the files of all of them, harvest them again into {out}: politeharvest demo --full "
        f"--overwrite --out {out} --files {args.files}"
    )


def _harvested_without_files(args: argparse.Namespace, sample: DemoSample) -> bool:
    """Whether the state covers the sample and holds no file of its records."""
    state = args.state
    if not isinstance(state, Path) or not state.is_file():
        return False  # a new state, or Redis: nothing to look up here
    from politeharvest.plan._planning import lane_key
    from politeharvest.store._state import SQLiteStateStore

    store = SQLiteStateStore(state)
    try:
        lanes = [None, *args.sets] if args.sets else [None]
        covered = any(
            store.coverage(lane_key(sample.endpoint, args.metadata_prefix, spec)) for spec in lanes
        )
        if not covered:
            return False
        live = [r for r in sample.repository.records if not r.deleted]
        return all(store.url_outcome(sample.file_url(r.identifier)) is None for r in live[:10])
    finally:
        store.close()
