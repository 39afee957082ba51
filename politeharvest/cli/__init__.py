"""The command line: ``politeharvest harvest|demo|fulltext|clean|report|replay|status|...``.

`main(argv)` runs one command and returns its exit code (0 done, 1 error, 2 usage,
75 deferred, 130 interrupted, 143 terminated); `run` is the console script.
"""

from __future__ import annotations

from politeharvest._paths import publish

from ._main import main, run
from ._parser import (
    EXIT_DEFERRED,
    EXIT_ERROR,
    EXIT_INTERRUPTED,
    EXIT_OK,
    EXIT_TERMINATED,
    EXIT_USAGE,
)

__all__ = [
    "EXIT_DEFERRED",
    "EXIT_ERROR",
    "EXIT_INTERRUPTED",
    "EXIT_OK",
    "EXIT_TERMINATED",
    "EXIT_USAGE",
    "main",
    "run",
]

publish(globals())
