"""One ``__repr__`` for the attrs classes, the very text attrs would generate for each.

attrs compiles a ``__repr__`` for every class it builds, about a third of a class's cost
(1.0 of 3.4 million instructions a frozen class of five fields; the command line builds
some 80 classes at start-up). A class that declares ``@attrs.frozen(repr=False)`` and
``__repr__ = value_repr`` shows the same text, made by this one function when it is asked
for: ``Name(field=value, ...)``, the fields with ``repr=False`` left out, a field's own
``repr=`` callable used, ``...`` for an object already being shown (a cycle).
"""

from __future__ import annotations

import threading
from typing import Any

import attrs

__all__ = ["value_repr"]

#: The objects being shown on this thread (a cycle shows as ``...``, as attrs does).
_SHOWING = threading.local()


def value_repr(self: Any) -> str:
    """``ClassName(a=1, b='x')``: what attrs's generated ``__repr__`` returns for `self`."""
    try:
        showing: set[int] = _SHOWING.ids
    except AttributeError:
        showing = _SHOWING.ids = set()
    key = id(self)
    if key in showing:
        return "..."
    showing.add(key)
    try:
        parts = []
        for field in self.__class__.__attrs_attrs__:
            if field.repr is False:
                continue
            value = (
                getattr(self, field.name)
                if field.init
                else getattr(self, field.name, attrs.NOTHING)
            )
            shown = repr(value) if field.repr is True else f"{field.repr(value)}"
            parts.append(f"{field.name}={shown}")
        name = self.__class__.__qualname__.rsplit(">.", 1)[-1]
        return f"{name}({', '.join(parts)})"
    finally:
        showing.discard(key)
