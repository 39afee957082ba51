"""Deprecated: the names of `politeharvest.sinks` now live in `politeharvest.store`."""

from ._paths import moved
from .store import *  # noqa: F403

moved(__name__, "politeharvest.store")
