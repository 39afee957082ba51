"""Where a request may go: private addresses refused, unreachable hosts named.

check_address          refuse a private host before its robots.txt is read or its
turn is taken (literal addresses here; names where they connect)
refuse_private_names   refuse a redirect to a name that resolves to a private address
raise_if_unreachable   a name that does not resolve, or a new host refusing
connections, is an error (`HostUnreachable`), not a deferral
check_contact          refuse another's host while the User-Agent is the library's
default, without the user's contact (`ContactRequired`)
"""

from __future__ import annotations

import socket
from typing import Any
from urllib.parse import urlsplit

import requests
from requests.adapters import HTTPAdapter

from politeharvest._policy import DEFAULT_USER_AGENT
from politeharvest.exceptions import (
    AddressRefused,
    ContactRequired,
    HostUnreachable,
    RedirectRefused,
    TransportError,
)

from ._parts import Parts
from ._transport import GuardedAdapter, PrivateAddressError, resolve_public
from ._urls import hostname, is_own_or_test_host, is_private_address
from ._wire import causes

__all__ = ["check_address", "check_contact", "raise_if_unreachable", "refuse_private_names"]


def check_contact(p: Parts, url: str, kind: str) -> None:
    """Refuse another's host (before its robots.txt) while the User-Agent has no contact.

    The library's default User-Agent names the project, not the harvester: it is fine for
    your own machine and for names reserved for tests (`is_own_or_test_host`); any other
    host's operator must be able to reach whoever harvests it, as the command line insists.
    """
    host = hostname(url)
    if p.policy.user_agent != DEFAULT_USER_AGENT or is_own_or_test_host(host):
        return
    p.recorder.refused(url, kind, "refused", "the default User-Agent carries no contact")
    raise ContactRequired(url, host)


def check_address(p: Parts, url: str, kind: str, settings: dict[str, Any]) -> None:
    """Refuse a private host before its robots.txt is read or its turn is taken.

    A literal private address (or ``localhost``) is refused here. A name is checked
    where the connection is made when the session's adapter is a `GuardedAdapter`
    and no proxy is used (no rebinding window); otherwise it is resolved here.
    """
    host = hostname(url)
    if is_private_address(host):
        p.recorder.refused(url, kind, "refused", f"{host} is a private address")
        raise AddressRefused(url, host, host)
    adapter = p.http.get_adapter(url)
    guarded = isinstance(adapter, GuardedAdapter)
    proxied = bool(requests.utils.select_proxy(url, settings.get("proxies") or {}))
    # An adapter with a send() of its own (a test transport, a cache) connects nowhere
    # by itself: only a stock HTTPAdapter's connections are resolved here.
    stock = type(adapter).send is HTTPAdapter.send
    if (guarded and not proxied) or not stock or not p.resolve_addresses:
        return
    try:
        resolve_public(host, urlsplit(url).port or 443)
    except PrivateAddressError as exc:
        p.recorder.refused(url, kind, "refused", str(exc))
        raise AddressRefused(url, host, exc.address) from None
    except OSError:
        return  # the name does not resolve: the request fails as a TransportError


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
