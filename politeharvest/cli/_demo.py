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

from ._parser import EXIT_OK, usage_error

if TYPE_CHECKING:
    from politeharvest._testing._loopback import LoggedRequest
    from politeharvest._testing._sampleserver import SampleServer

__all__ = ["demo_command"]

#: The sample's port when none is given (a fixed one, so a second run is incremental; the
#: same as `politeharvest._testing._sampleserver.DEMO_PORT`, not imported until needed).
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


def _serve(
    host: str, port: int | None, *, standing: bool, echo: TextIO | None = None
) -> SampleServer:
    """The sample on `host`:`port`; each request answered written to `echo`, if given.

    A `standing` sample (``demo --serve``) is one others may harvest. A ``demo`` harvest's
    own sample is not (it stops when the harvest ends); the harvest uses a standing sample
    served on that port instead of starting one on another port.
    """
    from politeharvest._testing._sampleserver import serve_sample  # the demo's only

    if echo is None:
        return serve_sample(host, port, reuse=not standing, standing=standing)
    lock = threading.Lock()

    def show(request: LoggedRequest) -> None:
        with lock:
            echo.write(f"{request.method} {request.path} {request.status}\n")
            echo.flush()

    return serve_sample(host, port, reuse=not standing, standing=standing, on_request=show)


def _bind_problem(exc: OSError, host: str, port: int | None) -> str:
    """The usage line for a sample that cannot be served on `host`:`port`."""
    port = DEMO_PORT if port is None else port
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
        sample = _serve(args.host, args.port, standing=False)
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
        echo = None if args.quiet else err
        sample = _serve(
            args.host, DEMO_PORT if args.port is None else args.port, standing=True, echo=echo
        )
    except OSError as exc:
        return usage_error(err, _bind_problem(exc, args.host, args.port))
    try:  # from here on, Ctrl-C or SIGTERM (raised as Terminated) is how it ends
        _announce(sample, out)
        stopped = threading.Event()
        while not stopped.wait(3600):
            pass
    except KeyboardInterrupt:
        pass
    finally:
        sample.stop()
    err.write("politeharvest: stopped serving the sample\n")
    return EXIT_OK


def _announce(sample: SampleServer, out: TextIO) -> None:
    """What `serve_command` serves, and the command that harvests it."""
    records = [r for r in sample.repository.records if not r.deleted]
    sets = sorted({s for r in sample.repository.records for s in r.sets})
    url = sample.endpoint
    out.write(
        f"Serving the politeharvest sample repository ({len(sample.repository.records)} "
        f"records, sets {', '.join(sets)}):\n"
        f"  OAI-PMH endpoint  {url}\n"
        f"  robots.txt        {sample.url('/robots.txt')}\n"
        f"  a landing page    {sample.landing_url(records[0].identifier)}\n"
        f"  its PDF           {sample.file_url(records[0].identifier)}\n"
        "Harvest it from another terminal (the flags let politeharvest reach this machine "
        "at the demo's pace):\n"
        f"  politeharvest harvest {url} {_harvest_flags()} "
        "--out sample.jsonl --files sample-files\n"
        "Press Ctrl-C to stop. Each request answered is shown on standard error (-q: not).\n"
    )
    out.flush()


def demo_harvest_args(args: argparse.Namespace, sample: SampleServer, err: TextIO) -> str | None:
    """Point a ``demo`` harvest at the sample; return a note to write after it, or None.

    After a ``demo`` without ``--files``, the records are harvested: an incremental
    ``demo --files DIR`` would find no new record, so no file would be looked for. The
    demo then harvests the sample again (``--full``) when its output starts empty (standard
    output, or a new file); into the file that holds them, the harvest asks for the files of
    the records it holds without one (as any harvest does: `politeharvest.plan._earlier`).
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
    # Into the file that holds them, the harvest itself asks for their files (plan/_earlier).
    return None


def _harvested_without_files(args: argparse.Namespace, sample: SampleServer) -> bool:
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
