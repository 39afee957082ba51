"""A loopback route that keeps a request quota and announces it in rate-limit headers."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

import attrs

from politeharvest.testing import LoggedRequest, OaiTestRepository, Reply

QUOTA, WINDOW = 4, 1.0


def styles() -> dict[str, Callable[[int, float], dict[str, str]]]:
    return {
        "ietf-structured": lambda left, reset: {
            "RateLimit": f'"default";r={left};t={max(1, round(reset))}',
            "RateLimit-Policy": f'"default";q={QUOTA};w={WINDOW:g}',
        },
        "draft-fields": lambda left, reset: {
            "RateLimit-Limit": str(QUOTA),
            "RateLimit-Remaining": str(left),
            "RateLimit-Reset": f"{reset:.3f}",
        },
        "x-ratelimit-epoch": lambda left, reset: {
            "X-RateLimit-Limit": str(QUOTA),
            "X-RateLimit-Remaining": str(left),
            "X-RateLimit-Reset": f"{time.time() + reset:.3f}",
        },
    }


class Limited:
    """A fixed-window limiter in front of a repository, announcing what is left."""

    def __init__(self, repo: OaiTestRepository, style: Callable[[int, float], dict[str, str]]):
        self.repo, self.style = repo, style
        self.lock = threading.Lock()
        self.window_start = time.monotonic()
        self.used = 0
        self.refused = 0

    def __call__(self, request: LoggedRequest) -> Reply:
        with self.lock:
            now = time.monotonic()
            if now - self.window_start >= WINDOW:
                self.window_start, self.used = now, 0
            reset = WINDOW - (now - self.window_start)
            if self.used >= QUOTA:
                self.refused += 1
                return Reply(429, {"Retry-After": "1", **self.style(0, reset)}, b"slow down")
            self.used += 1
            left = QUOTA - self.used
        reply = self.repo(request)
        return attrs.evolve(reply, headers={**reply.headers, **self.style(left, reset)})
