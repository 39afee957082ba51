"""What `OaiPager.from_url` is given (core): a contact made a User-Agent, sickle's spellings.

A repository's operator must be able to reach whoever harvests it, so a pager that builds
its own session asks for a contact (an e-mail address or a URL) and sends it in the
User-Agent. sickle's spellings of the listing arguments are accepted beside ours.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import attrs

from politeharvest._policy import Politeness
from politeharvest._version import __version__

__all__ = ["ALIASES", "listing_arguments", "policy_for"]

#: The version the User-Agent names: major.minor, as `DEFAULT_USER_AGENT` does.
_AGENT_VERSION = ".".join(__version__.split(".")[:2])

#: Each listing argument `from_url` takes, in sickle's spelling or ours, to `OaiPager`'s field.
ALIASES = {
    "metadataPrefix": "metadata_prefix",
    "set": "set_spec",
    "from": "from_",
    "until": "until",
    "metadata_prefix": "metadata_prefix",
    "set_spec": "set_spec",
    "from_": "from_",
    "lenient": "lenient",  # keep only the records asked for when the repository lies
}


def policy_for(contact: str, *, base: Politeness | None = None) -> Politeness:
    """A policy whose User-Agent carries `contact` (an e-mail address or a URL).

    Raises:
        ValueError: `contact` is neither an e-mail address nor an http(s) URL.
    """
    text = contact.strip()
    if "@" in text and " " not in text and not text.startswith(("http://", "https://")):
        agent = f"politeharvest/{_AGENT_VERSION} (mailto:{text.removeprefix('mailto:')})"
    elif text.startswith(("http://", "https://")):
        agent = f"politeharvest/{_AGENT_VERSION} (+{text})"
    else:
        raise ValueError(
            f"contact={contact!r}: give your e-mail address or a URL where the repository's "
            "operator can reach you"
        )
    return attrs.evolve(base or Politeness(), user_agent=agent)


def listing_arguments(options: Mapping[str, Any]) -> dict[str, Any]:
    """`options` under `OaiPager`'s field names.

    Raises:
        TypeError: an option is not a listing argument.
    """
    args: dict[str, Any] = {}
    for name, value in options.items():
        if name not in ALIASES:
            known = ", ".join(sorted(ALIASES))
            raise TypeError(f"unknown listing argument {name!r}; use one of {known}")
        args[ALIASES[name]] = value
    return args
