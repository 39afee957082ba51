"""Process identity, in one place: who holds a reservation or a lease, and whether it lives."""

from __future__ import annotations

import os
import socket

__all__ = ["owner_id", "process_alive"]


def owner_id() -> str:
    """This process, as ``hostname:pid`` (who holds a reservation or a lease)."""
    return f"{socket.gethostname()}:{os.getpid()}"


def process_alive(owner: str) -> bool:
    """Whether the process named by `owner` may still be running.

    True unless it is provably gone: the same machine, and no such process.
    """
    name, _, pid = owner.rpartition(":")
    if name != socket.gethostname() or not pid.isdigit() or int(pid) == os.getpid():
        return True
    try:
        os.kill(int(pid), 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True
