"""One-line starts for people coming from sickle (shell): a listing on a session of its own.

    import politeharvest
    for record in politeharvest.harvest(url, contact="me@example.org", set="cs"):
        ...

    with OaiPager.from_url(url, contact="me@example.org") as pager:
        pager.identify()

sickle's spellings are accepted as aliases: ``metadataPrefix``, ``set`` and ``from``
(pass ``**{"from": "2024-01-01"}``), besides ``metadata_prefix``, ``set_spec`` and ``from_``.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from politeharvest._policy import Politeness

from ._pager import OaiPager
from ._records import OaiRecord

__all__ = ["harvest"]


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
    with OaiPager.from_url(url, contact=contact, policy=policy, **options) as pager:
        cursor = pager.first_cursor(verb)
        yield from pager.records(cursor)
