r"""Where politeharvest keeps what outlives a process when the caller names no place.

The state (coverage, checkpoints, what was delivered) must be found again by the next run
whatever folder it starts in, so by default it lives in the user's data folder:

1. ``POLITEHARVEST_STATE``, when set: that file;
2. else ``./.politeharvest/state.sqlite`` when it exists: the default of 0.1, kept so that
   the harvests it holds go on where they stopped;
3. else ``state.sqlite`` in the user's data folder for politeharvest, as platformdirs names
   it: ``~/.local/share/politeharvest`` on Linux (``$XDG_DATA_HOME`` when set),
   ``~/Library/Application Support/politeharvest`` on macOS,
   ``%LOCALAPPDATA%\politeharvest`` on Windows.

``--state`` (``HarvestPlan(state=...)``) always wins. `politeharvest status` lists what a
state holds.
"""

from __future__ import annotations

import os
from pathlib import Path

__all__ = ["ENV_STATE", "LEGACY_STATE", "default_state"]

#: The environment variable that names the default state file.
ENV_STATE = "POLITEHARVEST_STATE"

#: The default of politeharvest 0.1, relative to the working folder.
LEGACY_STATE = Path(".politeharvest") / "state.sqlite"


def default_state() -> Path:
    """The state file a harvest uses when it is given none (see the module's docstring)."""
    named = os.environ.get(ENV_STATE, "").strip()
    if named:
        return Path(named).expanduser()
    if LEGACY_STATE.exists():
        return LEGACY_STATE
    import platformdirs  # only when the default is asked for

    return Path(platformdirs.user_data_path("politeharvest", appauthor=False)) / "state.sqlite"
