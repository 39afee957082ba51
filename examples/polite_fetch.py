"""Fetch a small OAI-PMH repository politely and show what the session did.

Offline by default: it serves a three-page sample repository on loopback
(127.0.0.1, `OaiTestRepository` from politeharvest.testing) and walks its
ListRecords pages with an OaiPager through one PoliteSession, with the real
clock and the default policy scaled down ten times (0.1 s between requests),
so it finishes in a second.

    python examples/polite_fetch.py                # the offline sample
    python examples/polite_fetch.py --url https://export.arxiv.org/oai2 --pages 2 \\
        --contact mailto:you@example.org           # a real repository, at its preset's pace

Each request is printed as the session's audit event: what was sent, how long
it waited and why.
"""

from __future__ import annotations

import argparse
import sys

import attrs

from politeharvest import OaiPager, Politeness, PoliteSession, RequestEvent, presets
from politeharvest.exceptions import HarvestError
from politeharvest.testing import LoopbackServer, OaiTestRepository, Reply


def serve_sample() -> LoopbackServer:
    """A 30-record sample repository (pages of 10) on loopback, from politeharvest.testing."""
    server = LoopbackServer("127.0.0.1").start()
    server.add("/robots.txt", Reply(200, body="User-agent: *\nDisallow: /admin\n"))
    server.add("/oai", OaiTestRepository.sample(30, page_size=10))
    return server


def walk(session: PoliteSession, endpoint: str, max_pages: int) -> int:
    """Walk a ListRecords listing page by page; return the number of records seen."""
    pager = OaiPager(session, endpoint)
    cursor = pager.first_cursor()
    seen = 0
    for _ in range(max_pages):
        if cursor is None:
            break
        page = pager.fetch(cursor)
        seen += len(page.records)
        cursor = page.next_cursor
    return seen


def show(event: RequestEvent) -> None:
    print(
        f"{event.decision:>10} {event.status or '-':>3} {event.kind:<6} "
        f"waited {event.wait_s:5.2f} s ({event.wait_reason or '-'}) "
        f"x{event.multiplier:g}  {event.url}"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--url", help="an OAI-PMH base URL (default: the offline sample)")
    parser.add_argument("--pages", type=int, default=3)
    parser.add_argument("--contact", default="mailto:politeharvest-example@example.org")
    args = parser.parse_args(argv)
    server = None
    if args.url:
        endpoint = args.url
        policy = attrs.evolve(
            presets.DEFAULT, user_agent=f"politeharvest-example/0.1 ({args.contact})"
        )
    else:
        server = serve_sample()
        endpoint = server.url("/oai")
        policy = Politeness(
            user_agent=f"politeharvest-example/0.1 ({args.contact})",
            request_interval=0.1,
            file_interval=0.6,
            allow_private_addresses=True,
        )
    try:
        with PoliteSession(policy, on_event=(show,)) as session:
            records = walk(session, endpoint, args.pages)
            print(
                f"\n{records} records; {session.stats.requests} requests, "
                f"{session.stats.wait_s:.2f} s spent waiting politely"
            )
    except HarvestError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    finally:
        if server is not None:
            server.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
