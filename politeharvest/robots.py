"""robots.txt (RFC 9309): the gate, the parsed file, and decisions with their evidence."""

from __future__ import annotations

from ._robots import RobotsDecision, RobotsGate, RobotsTxt

__all__ = [
    "RobotsDecision",
    "RobotsGate",
    "RobotsTxt",
]
