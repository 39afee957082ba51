"""The `politeharvest` command: `main` runs one, `run` is the console script.

A thin layer over HarvestPlan and OaiPager; every failure ends in one line and an exit
code (the grammar is in `_parser`, the checks in `_checks`, the commands beside them).

    politeharvest identify URL
    politeharvest formats URL [--identifier ID]
    politeharvest sets URL
    politeharvest record URL IDENTIFIER
    politeharvest harvest URL [--set S ...] [--from D] [--until D] [--out FILE] ...
    politeharvest demo [--out FILE] [--files DIR]  # an offline harvest of a sample repository
    politeharvest demo --serve [--port N]    # only serve the sample, until Ctrl-C
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
import gc
import logging
import os
import signal
import sqlite3
import sys
import traceback
from collections.abc import Sequence
from pathlib import Path
from types import FrameType
from typing import Any, TextIO

from politeharvest._extras import missing_from
from politeharvest._places import default_state
from politeharvest._sqlite import storage_error
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

from ._checks import check_storage, check_usage, take_base_url
from ._harvest import harvest_command
from ._parser import (
    EXIT_DEFERRED,
    EXIT_ERROR,
    EXIT_INTERRUPTED,
    EXIT_OK,
    EXIT_TERMINATED,
    EXIT_USAGE,
    Terminated,
    build_parser,
)
from ._progress import next_run

__all__ = ["main", "run"]


#: The commands whose ``--state`` defaults to `default_state` (replay's is a temporary one).
STATEFUL = ("harvest", "demo", "fulltext", "status")


def main(
    argv: Sequence[str] | None = None, *, out: TextIO | None = None, err: TextIO | None = None
) -> int:
    """Run the command line; return the exit code."""
    out = out or sys.stdout
    err = err or sys.stderr
    try:
        return _main(argv, out, err)
    except KeyboardInterrupt:
        # Ctrl-C while the command starts (its options checked, a package imported): the
        # command itself says what an interruption left (`_failed`); before it, nothing.
        err.write("politeharvest: interrupted before anything was requested\n")
        return EXIT_INTERRUPTED


def _main(argv: Sequence[str] | None, out: TextIO, err: TextIO) -> int:
    parser = build_parser()
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
    if args.command in STATEFUL and getattr(args, "state", None) is None:
        args.state = default_state()  # the user's data folder, or $POLITEHARVEST_STATE
        args.state_by_default = True  # (a command suggested to run again needs no --state)
    note = take_base_url(args)
    if note is not None and not args.quiet:
        err.write(f"politeharvest: note: {note}\n")
    usage = check_usage(args)
    if usage is not None:
        err.write(f"politeharvest: usage: {usage}\n")
        return EXIT_USAGE
    with _ca_bundle(getattr(args, "ca_bundle", None)), _terminate_as_interrupt():
        try:
            check_storage(args)
        except StorageError as exc:
            err.write(f"politeharvest: refused: {exc} (nothing was requested)\n")
            return EXIT_USAGE
        try:
            return _command(args, out, err)
        except BaseException as exc:
            return _failed(exc, args, out, err)


def _command(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    if args.command in ("harvest", "demo"):
        return harvest_command(args, out, err)
    if args.command == "bot-page":
        from ._bot import bot_page_command

        return bot_page_command(args, out, err)
    # the other commands' module (and what it imports) loads only for them
    from ._commands import (
        clean_command,
        fulltext_command,
        replay_command,
        report_command,
        status_command,
        tools_command,
    )

    if args.command == "fulltext":
        return fulltext_command(args, err)
    if args.command == "clean":
        return clean_command(args, out, err)
    if args.command == "report":
        return report_command(args, out, err)
    if args.command == "replay":
        return replay_command(args, err)
    if args.command == "status":
        return status_command(args, out, err)
    return tools_command(args, out)


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
        raise Terminated

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
    if isinstance(exc, (Terminated, KeyboardInterrupt)):
        what = "terminated (SIGTERM)" if isinstance(exc, Terminated) else "interrupted"
        if _consumes_nothing(args):
            err.write(f"politeharvest: {what}; {next_run(False)}\n")
        else:
            again = "run the same command to continue"
            if getattr(args, "overwrite", False):  # its pages, if it wrote any, are kept
                again += " (without --overwrite if it wrote a page)"
            err.write(f"politeharvest: {what}; every page written is durable: {again}\n")
        return EXIT_TERMINATED if isinstance(exc, Terminated) else EXIT_INTERRUPTED
    absent = missing_from(exc)
    if absent is not None:  # a package to install, found only now: a set-up error (exit 2)
        err.write(f"politeharvest: error: {absent}\n")
        return EXIT_USAGE
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


def _consumes_nothing(args: argparse.Namespace) -> bool:
    """A harvest to standard output without --consume (it records nothing as delivered)."""
    return (
        args.command in ("harvest", "demo")
        and getattr(args, "out", None) == "-"
        and not getattr(args, "consume", False)
    )


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
    # The command owns its process: what start-up loaded (every module's objects) lives as
    # long as the process does, so the collector's full passes need not walk it again
    # (about 35 ms less per 20,000 records harvested). `main` alone leaves the caller's
    # collector as it is.
    gc.freeze()
    # A page allocates and frees thousands of containers (a record's dict, its lists); at
    # the default threshold (700 more allocated than freed) the collector ran 466 young
    # passes over a 50,000-record harvest, 75 ms in all, finding next to nothing: the
    # page's objects are freed by reference counting. Ten thousand leaves it idle while
    # cyclic garbage, should there be any, is still collected once that much piles up.
    gc.set_threshold(10_000, *gc.get_threshold()[1:])
    _fixed_mmap_threshold()
    sys.exit(main())


def _fixed_mmap_threshold() -> None:
    """Keep glibc's malloc from moving a page's large buffers onto its heap (Linux only).

    glibc raises its mmap threshold to the size of each large block freed (a page's
    body, its parse, its rows: 100-400 KiB each), so later ones come from the heap, whose
    holes it keeps: 6 MiB more at the end of a 200,000-record harvest, growing with the
    run. A fixed threshold (its default, 128 KiB) gives such blocks back as they are freed.
    The command owns its process; `main` leaves the caller's allocator as it is.
    """
    if not sys.platform.startswith("linux"):
        return
    try:
        import ctypes

        ctypes.CDLL(None).mallopt(-3, 128 * 1024)  # M_MMAP_THRESHOLD
    except (OSError, AttributeError):  # not glibc (musl has it too; others may not)
        pass


if __name__ == "__main__":  # pragma: no cover
    run()
