"""``politeharvest bot-page``: the operator-facing page, agent card and robots.txt lines."""

from __future__ import annotations

import argparse
from typing import TextIO

from politeharvest._files import atomic_write
from politeharvest.audit._botpage import bot_page

from ._checks import policy_from
from ._parser import EXIT_OK, usage_error

__all__ = ["bot_page_command"]


def bot_page_command(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Write the bot page's files into ``--out DIR`` (each atomically); no network."""
    try:
        policy = policy_from(args)
        files = bot_page(policy, operator=args.operator)
    except (ValueError, ImportError) as exc:
        return usage_error(err, str(exc))
    if args.out.exists() and not args.out.is_dir():
        return usage_error(err, f"--out {args.out} is a file; give a folder")
    for name, data in files.items():
        target = args.out / name
        target.parent.mkdir(parents=True, exist_ok=True)
        atomic_write(target, data)
        if not args.quiet:
            out.write(f"{target}\n")
    if not args.quiet:
        err.write(
            f"politeharvest: bot page written to {args.out}: publish index.html at the URL your "
            "User-Agent names"
            + (
                f", and serve {args.out / '.well-known'} at {policy.signature_agent}"
                if policy.sign_key
                else ""
            )
            + "\n"
        )
    return EXIT_OK
