"""One-line starts for people coming from sickle (shell): a policy and a session built for you.

    import politeharvest
    for record in politeharvest.harvest(url, contact="me@example.org", set="cs"):
        ...

    with OaiPager.from_url(url, contact="me@example.org") as pager:
        pager.identify()

sickle's spellings are accepted as aliases: ``metadataPrefix``, ``set`` and ``from``
(pass ``**{"from": "2024-01-01"}``), besides ``metadata_prefix``, ``set_spec`` and ``from_``.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

import attrs

from politeharvest._policy import Politeness
from politeharvest.net._session import PoliteSession

from ._pager import OaiPager, OaiRecord

__all__ = ["harvest", "pager_from_url", "policy_for"]

_VERSION = "0.1"

_ALIASES = {
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
        agent = f"politeharvest/{_VERSION} (mailto:{text.removeprefix('mailto:')})"
    elif text.startswith(("http://", "https://")):
        agent = f"politeharvest/{_VERSION} (+{text})"
    else:
        raise ValueError(
            f"contact={contact!r}: give your e-mail address or a URL where the repository's "
            "operator can reach you"
        )
    return attrs.evolve(base or Politeness(), user_agent=agent)


def _listing_args(options: Mapping[str, Any]) -> dict[str, Any]:
    args: dict[str, Any] = {}
    for name, value in options.items():
        if name not in _ALIASES:
            known = ", ".join(sorted(_ALIASES))
            raise TypeError(f"unknown listing argument {name!r}; use one of {known}")
        args[_ALIASES[name]] = value
    return args


def pager_from_url(
    url: str, *, contact: str, policy: Politeness | None = None, **options: Any
) -> OaiPager:
    """An `OaiPager` on a session of its own; close it (or use ``with``) when done.

    Args:
        url: the repository's OAI-PMH base URL.
        contact: your e-mail address or URL, sent in the User-Agent.
        policy: a policy to start from (its User-Agent is replaced).
        options: listing arguments, in politeharvest's or sickle's spelling.
    """
    session = PoliteSession(policy_for(contact, base=policy))
    pager = OaiPager(session, url, **_listing_args(options))
    pager.owns_session = True
    return pager


def harvest(
    url: str,
    *,
    contact: str,
    verb: str = "ListRecords",
    policy: Politeness | None = None,
    **options: Any,
) -> Iterator[OaiRecord]:
    """Every record of a listing, politely, with a session that is closed when done.

    Args:
        url: the repository's OAI-PMH base URL.
        contact: your e-mail address or URL, sent in the User-Agent.
        verb: ``ListRecords`` or ``ListIdentifiers``.
        policy: a policy to start from (its User-Agent is replaced).
        options: ``metadata_prefix``/``metadataPrefix``, ``set_spec``/``set``,
            ``from_``/``from``, ``until``; ``lenient=True`` keeps only the records asked
            for when a page answers outside its request (else `RepositoryMisbehaves`).
    """
    with pager_from_url(url, contact=contact, policy=policy, **options) as pager:
        cursor = pager.first_cursor(verb)
        yield from pager.records(cursor)
