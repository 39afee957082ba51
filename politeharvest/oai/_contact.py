"""What `OaiPager.from_url` is given (core): a contact made a User-Agent, sickle's spellings.

A repository's operator must be able to reach whoever harvests it, so a pager that builds
its own session asks for a contact (an e-mail address or a URL) and sends it in the
User-Agent. sickle's spellings of the listing arguments are accepted beside ours.
"""

from __future__ import annotations

import re
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


#: ``NAME (mailto:ADDR)``, ``NAME (+URL)`` or ``NAME <ADDR>``: the forms a User-Agent's
#: comment or a mail header takes, as the command line's ``--user-agent`` examples show.
_NAMED = re.compile(r"^(?P<name>[^()<>]*?)\s*(?:\((?P<comment>[^()]+)\)|<(?P<angle>[^<>]+)>)$")


def _reach(text: str) -> str | None:
    """The User-Agent comment for one e-mail address or http(s) URL; None for neither."""
    text = text.strip().removeprefix("+")
    if any(c in text for c in " ()<>;,"):
        return None
    if text.startswith(("http://", "https://")):
        return f"+{text}"
    address = text.removeprefix("mailto:")
    if address.count("@") == 1 and not address.startswith("@") and not address.endswith("@"):
        return f"mailto:{address}"
    return None


def policy_for(contact: str, *, base: Politeness | None = None) -> Politeness:
    """A policy whose User-Agent carries `contact`.

    `contact` is an e-mail address (``me@example.org``, ``mailto:me@example.org``), an
    http(s) URL, or either after a name, in the forms the command line's User-Agent takes
    (``"Jane Doe (mailto:jane@example.org)"``, ``"lab bot (+https://lab.example.org/bot)"``,
    ``"Jane Doe <jane@example.org>"``); the name is kept in the User-Agent's comment.

    Raises:
        ValueError: `contact` holds neither an e-mail address nor an http(s) URL.
    """
    text = contact.strip()
    reach = _reach(text)
    if reach is None and (named := _NAMED.match(text)) is not None:
        inner = _reach(named.group("comment") or named.group("angle") or "")
        name = named.group("name").strip()
        if inner is not None:
            reach = f"{name}; {inner}" if name else inner
    if reach is None:
        raise ValueError(
            f"contact={contact!r}: give your e-mail address or a URL where the repository's "
            "operator can reach you (or a name and one of them: 'Jane Doe (mailto:jane@...)')"
        )
    return attrs.evolve(
        base or Politeness(), user_agent=f"politeharvest/{_AGENT_VERSION} ({reach})"
    )


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
