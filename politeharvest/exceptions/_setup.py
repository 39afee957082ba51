"""The errors of the installation: a feature whose optional package is not installed."""

from __future__ import annotations

from ._base import HarvestError

__all__ = ["MissingDependency"]


class MissingDependency(HarvestError, ImportError):
    """A feature needs a package that is not installed; nothing was sent or written.

    Raised before the feature does anything (the command line exits 2 with the same
    line). It is also an `ImportError`, so code that caught the bare ImportError of
    earlier versions still catches it.

    Attributes:
        feature: what was asked for (``"harvest --warc"``, ``"politeharvest.quality"``).
        package: the distribution to install (``"warcio"``).
        extra: the extra of politeharvest that installs it (``"warc"``), or None for a
            package every installation has (then the installation is broken).
        install: the command that installs it.

    Args:
        feature: see Attributes.
        package: see Attributes.
        extra: see Attributes.
        otherwise: what works without the package (``"or write .csv or .jsonl"``).
    """

    def __init__(
        self, feature: str, package: str, extra: str | None, *, otherwise: str = ""
    ) -> None:
        self.feature = feature
        self.package = package
        self.extra = extra
        if extra is not None:
            self.install = f"pip install 'politeharvest[{extra}]'"
            why = ""
        else:
            self.install = f"pip install --force-reinstall politeharvest (or pip install {package})"
            why = ", one of politeharvest's own dependencies (the installation is incomplete)"
        alternative = f" ({otherwise})" if otherwise else ""
        super().__init__(
            f"{feature} needs {package}{why}, which is not installed: {self.install}{alternative}"
        )
        self.name = package
