"""Where a request may go: private addresses refused, unreachable hosts named.

private_resolution     where a name resolves, when that is private (the facts of
`_rules.PrivateAddressRule`; names are otherwise checked where they connect)
refuse_private_names   refuse a redirect to a name that resolves to a private address
raise_if_unreachable   a name that does not resolve, or a new host refusing
connections, is an error (`HostUnreachable`), not a deferral
"""

from __future__ import annotations

import socket
from urllib.parse import urlsplit

import requests
from requests.adapters import HTTPAdapter

from politeharvest.exceptions import (
    HostUnreachable,
    RedirectRefused,
    TransportError,
)

from ._parts import Parts
from ._transport import GuardedAdapter, PrivateAddressError, resolve_public
from ._urls import hostname, is_private_address
from ._wire import causes

__all__ = ["private_resolution", "raise_if_unreachable", "refuse_private_names"]


def private_resolution(p: Parts, url: str) -> tuple[str, str] | None:
    """Where `url`'s name resolves, when that is a private address: (address, detail).

    A name is checked where the connection is made when the session's adapter is a
    `GuardedAdapter` and no proxy is used (no rebinding window): None then, as for a name
    that does not resolve (the request fails as a `TransportError`). Otherwise it is
    resolved here. Literal addresses are `_rules.PrivateAddressRule`'s.
    """
    settings = p.env.settings(p.http, url)
    adapter = p.http.get_adapter(url)
    guarded = isinstance(adapter, GuardedAdapter)
    proxied = bool(requests.utils.select_proxy(url, settings.get("proxies") or {}))
    # An adapter with a send() of its own (a test transport, a cache) connects nowhere
    # by itself: only a stock HTTPAdapter's connections are resolved here.
    stock = type(adapter).send is HTTPAdapter.send
    if (guarded and not proxied) or not stock or not p.resolve_addresses:
        return None
    try:
        resolve_public(hostname(url), urlsplit(url).port or 443)
    except PrivateAddressError as exc:
        return exc.address, str(exc)
    except OSError:
        return None
    return None


def refuse_private_names(
    p: Parts, current: str, target: str, chain: tuple[str, ...], kind: str
) -> None:
    """Refuse a redirect to a name that resolves to a private address (E7)."""
    host = hostname(target)
    if is_private_address(host):
        return  # literal addresses were already decided by the policy
    try:
        resolve_public(host, urlsplit(target).port or 443)
    except PrivateAddressError as exc:
        reason = str(exc)
        p.recorder.refused(target, kind, "refused", reason)
        raise RedirectRefused(
            current, target, reason, code="private-address", chain=chain
        ) from None
    except OSError:
        return  # resolution fails again at send time, as a TransportError


def raise_if_unreachable(p: Parts, url: str, exc: TransportError) -> None:
    """A name that does not resolve, or a new host refusing connections, is an error."""
    host = hostname(url)
    found = causes(exc)
    if any(isinstance(c, socket.gaierror) for c in found):
        raise HostUnreachable(url, host, "the name does not resolve") from exc
    refused = any(isinstance(c, ConnectionRefusedError) for c in found)
    answered = p.answered_before
    if refused and answered is not None and not answered(host):
        raise HostUnreachable(url, host, "it refuses connections and has never answered") from exc
