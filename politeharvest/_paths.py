"""Public paths: faces that show their own name in help(), and old paths that still work."""

from __future__ import annotations

import importlib
import warnings
from collections.abc import Callable, Mapping
from typing import Any


def publish(namespace: Mapping[str, Any]) -> None:
    """Show a face's path in help() and reprs for the classes and functions it exports.

    `namespace` is the face's ``globals()``: each name in its ``__all__`` defined in one of the
    face's private modules (``politeharvest.net._session``) is shown as the face's
    (``politeharvest.net.PoliteSession``), which is also where pickle finds it.
    """
    face = str(namespace["__name__"])
    for name in namespace.get("__all__", ()):
        if name in namespace:
            shown(namespace[name], face)


def shown(value: Any, face: str) -> Any:
    """`value`, shown at `face` when it is a class or function of one of the face's modules."""
    module = getattr(value, "__module__", None)
    ours = isinstance(module, str) and module.startswith(face + "._")
    if ours and (isinstance(value, type) or callable(value)):
        value.__module__ = face
    return value


def loaded_on_use(face: str, later: Mapping[str, str]) -> Callable[[str], Any]:
    """A face's module ``__getattr__``: each name of `later` imported from its module when used.

    `later` maps a public name to the face's private module that defines it (``"_log"``);
    the value is shown at the face, as `publish` shows the names loaded at once.
    """

    def __getattr__(name: str) -> Any:
        if name in later:
            value = getattr(importlib.import_module(f".{later[name]}", face), name)
            return shown(value, face)
        raise AttributeError(f"module {face!r} has no attribute {name!r}")

    return __getattr__


def moved(old: str, new: str) -> None:
    """Warn, from a module that `old` names, that its names now live in `new`."""
    warnings.warn(
        f"{old} is deprecated and goes in 0.3: import from {new} (the same names)",
        DeprecationWarning,
        stacklevel=3,
    )
