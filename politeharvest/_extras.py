"""The optional packages: which extra installs each, and the one way features load them.

``pip install politeharvest`` runs every command the README shows; a few features need a
package that most users do not: WARC archives (warcio), Parquet outputs (pyarrow) and fleets
through Redis (redis-py). Such a feature loads its package with `require`, which raises
`MissingDependency` naming the extra to install (the command line exits 2 with that line),
never a bare ImportError. `OPTIONAL` is the one table of them; a test checks it against
``pyproject.toml``.
"""

from __future__ import annotations

import importlib
from types import ModuleType

from politeharvest.exceptions import MissingDependency

__all__ = ["OPTIONAL", "missing", "missing_from", "require"]

#: Each optional package's import name: (the distribution to install, the extra of
#: politeharvest that installs it).
OPTIONAL: dict[str, tuple[str, str]] = {
    "warcio": ("warcio", "warc"),
    "pyarrow": ("pyarrow", "parquet"),
    "redis": ("redis", "redis"),
    "http_message_signatures": ("http-message-signatures", "sign"),
    "cryptography": ("cryptography", "sign"),
    "pykakasi": ("pykakasi", "ja"),
}


def _dependency(module: str, feature: str, exc: ImportError | None = None) -> MissingDependency:
    """The `MissingDependency` for `module` (an optional one, or one of the core).

    When `module`'s package is there but one of its own dependencies is not (``exc.name``),
    that one is named, with the extra that installs `module` (pip completes it).
    """
    top = module.split(".")[0]
    package, extra = OPTIONAL.get(top, (top, None))
    if exc is not None and exc.name and exc.name.split(".")[0] not in (top, "politeharvest"):
        package = exc.name.split(".")[0]
    return MissingDependency(feature, package, extra)


def require(module: str, feature: str) -> ModuleType:
    """Import `module` for `feature`.

    Args:
        module: the module to import (``"warcio.warcwriter"``).
        feature: what needs it, as the user asked for it (``"harvest --warc"``).

    Raises:
        MissingDependency: the module's package is not installed (its message names the
            extra to install).
    """
    try:
        return importlib.import_module(module)
    except ImportError as exc:
        if exc.name is not None and exc.name.startswith("politeharvest"):
            raise  # our own module: a bug, not an installation
        raise _dependency(module, feature, exc) from exc


def missing(module: str, feature: str) -> MissingDependency | None:
    """The error `require` would raise for `module`, or None when it imports."""
    try:
        require(module, feature)
    except MissingDependency as exc:
        return exc
    return None


def missing_from(exc: BaseException) -> MissingDependency | None:
    """A `MissingDependency` for an ImportError raised by a package, else None.

    The command line's last resort: a package missing where no feature asked for it by
    `require` is still an installation to complete (exit 2), not a bug to report. An
    ImportError of politeharvest's own modules is a bug: None.
    """
    if isinstance(exc, MissingDependency):
        return exc
    if not isinstance(exc, ImportError) or not exc.name:
        return None
    if exc.name.startswith("politeharvest"):
        return None
    return _dependency(exc.name, "this command", exc)
