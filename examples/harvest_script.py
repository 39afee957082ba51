"""Harvest a repository into a JSONL file with HarvestPlan: resumable and incremental.

Offline by default: it serves a sample repository (politeharvest.testing) on
loopback and harvests it. Give a URL and a contact to harvest a real one:

    python examples/harvest_script.py
    python examples/harvest_script.py https://export.arxiv.org/oai2 --set cs \\
        --contact mailto:you@example.org --out arxiv-cs.jsonl

Run it twice: the second run is incremental (it asks only for what changed).
Interrupt it: the next run continues from the last page written.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import attrs

from politeharvest import HarvestPlan, presets
from politeharvest.testing import LoopbackServer, OaiTestRepository


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("url", nargs="?", help="an OAI-PMH base URL (default: the offline sample)")
    parser.add_argument("--set", action="append", default=[])
    parser.add_argument("--contact", default="mailto:politeharvest-example@example.org")
    parser.add_argument("--out", default="harvest.jsonl")
    parser.add_argument("--state", default=".politeharvest/example-state.sqlite")
    args = parser.parse_args(argv)

    policy = attrs.evolve(presets.DEFAULT, user_agent=f"politeharvest-example/0.1 ({args.contact})")
    server = None
    url = args.url
    if url is None:
        try:  # a fixed port when free, so the sample keeps its address between runs
            server = LoopbackServer("127.0.0.1", 8766).start()
        except OSError:
            server = LoopbackServer("127.0.0.1").start()
        server.add("/oai", OaiTestRepository.sample(120, page_size=40))
        url = server.url("/oai")
        # a local server: scaled down, and loopback allowed
        policy = attrs.evolve(policy, request_interval=0.05, allow_private_addresses=True)
    try:
        plan = HarvestPlan(
            url, sets=tuple(args.set), policy=policy, state=Path(args.state), sink=args.out
        )
        summary = plan.run()
    finally:
        if server is not None:
            server.stop()
    print(
        f"{summary.records} records ({summary.deleted} deleted) in {summary.pages} pages, "
        f"{summary.requests} requests, {summary.wait_s:.1f} s of polite waiting -> {args.out}"
    )
    if not summary.complete:
        print(f"not finished: {summary.reason}; run again after {summary.deferred_until}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
