"""Deprecated: the names of `politeharvest.robots` now live in `politeharvest.net`."""

from ._paths import moved
from .net import *  # noqa: F403

moved(__name__, "politeharvest.net")
