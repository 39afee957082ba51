"""Deprecated: the names of `politeharvest.landing` now live in `politeharvest.fulltext`."""

from ._paths import moved
from .fulltext import *  # noqa: F403

moved(__name__, "politeharvest.fulltext")
