"""What the tests share besides fixtures: constants, loopback helpers, servers, machines.

Fixtures live in the conftest files; everything a test module imports from another place
lives here (no test module imports another).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from pathlib import Path

from politeharvest import Politeness
from politeharvest.testing import LoggedRequest

#: The shared fixtures (../shared beside the repository); tests skip cleanly without them.
SHARED = Path(__file__).resolve().parents[3] / "shared"

UA = "politeharvest-tests/1.0 (+mailto:tests@example.org)"

#: The politeness policy scaled down: 50 ms between pages, 150 ms before files.
SCALED = Politeness(
    user_agent=UA,
    request_interval=0.05,
    file_interval=0.15,
    backoff=(0.1, 0.2, 0.4),
    max_wait=2.0,
    job_budget=120.0,
    robots_error_s=0.3,
    allow_private_addresses=True,
    connect_timeout_s=5.0,
    read_timeout_s=5.0,
    robots_timeout_s=2.0,
)


def loopback_cli(*args: str, interval: float = 0.05) -> list[str]:
    """A `python -m politeharvest` command for a loopback repository, scaled down."""
    import sys

    return [
        sys.executable,
        "-m",
        "politeharvest",
        *args,
        "--allow-private-addresses",
        "--user-agent",
        UA,
        "--request-interval",
        str(interval),
    ]


HOSTS = ["127.0.0.2", "127.0.0.3", "127.0.0.4", "127.0.0.5"]

#: A server stamps a response's end after its write returns; a server process waiting
#: for a CPU stamps late, so the gap it sees is short by that wait. Server-side checks
#: allow this much; the session's own timestamps are checked with no tolerance.
SERVER_SLACK = 0.005


def server_lag(request: LoggedRequest) -> float:
    """How late the server may have stamped `request`'s end: `SERVER_SLACK`, or longer when
    the server measurably took longer between writing the response's last bytes and stamping
    (``end - sent``: its thread waited for a CPU or for the GIL)."""
    return max(SERVER_SLACK, request.end - request.sent if request.sent is not None else 0.0)


def server_gaps(log: Iterable[LoggedRequest]) -> list[tuple[LoggedRequest, float]]:
    """`end_to_start_gaps` of a server's log, each gap lengthened by the previous response's
    stamping lag beyond `SERVER_SLACK` (`server_lag`).

    ``gap >= interval - SERVER_SLACK`` on these gaps holds when the client kept the
    interval, however loaded the machine, and fails when it did not: the allowance is what
    the server measured itself, not a fixed margin (a pace not kept shows gaps near 0, or
    short by the interval, far beyond a few milliseconds of stamping).
    """
    ordered = sorted(log, key=lambda r: r.arrival)
    return [
        (after, after.arrival - before.end + server_lag(before) - SERVER_SLACK)
        for before, after in itertools.pairwise(ordered)
    ]
