"""A URL's host and origin, worked out one way for the whole package (core).

hostname            the host as a URL writes it (lower-cased, no brackets): what errors name
host_key            the host as one server: IDNA-encoded, no trailing dot (pacing, leases,
learned site structure and answered hosts are keyed by it)
origin, same_origin scheme, host key and port with the default filled in (RFC 6454): who
gets the caller's credentials
origin_key          an origin as text (robots.txt rules are kept per origin, RFC 9309 2.3)
robots_url_for      the robots.txt address of a URL's origin, spelled as the URL spells it
registrable_domain  the site a host belongs to (public-suffix aware): redirect scope
is_private_address  a literal private, loopback or reserved address (no I/O)
is_own_or_test_host your own machine, or a name reserved for tests (nobody to contact)
"""

from __future__ import annotations

import contextlib
import ipaddress
from functools import lru_cache
from typing import NamedTuple
from urllib.parse import urlsplit

__all__ = [
    "Origin",
    "default_port",
    "host_key",
    "hostname",
    "is_own_or_test_host",
    "is_private_address",
    "origin",
    "origin_key",
    "platform_tenant",
    "registrable_domain",
    "robots_url_for",
    "same_origin",
    "well_known_url",
]

_DEFAULT_PORTS = {"http": 80, "https": 443}


class Origin(NamedTuple):
    """A URL's origin: scheme, host key and port (the scheme's default when none is written)."""

    scheme: str
    host: str
    port: int | None


def hostname(url: str) -> str:
    """The host a URL names, lower-cased and without IPv6 brackets ("" if it names none)."""
    return urlsplit(url).hostname or ""


def host_key(url_or_host: str) -> str:
    """Return the pacing key of a URL or host: its hostname, lower-cased, IDNA-encoded.

    Scheme and port are left out on purpose: http and https of one server are
    one server to its operator. A trailing dot names the same host.
    """
    if "://" in url_or_host:
        host = hostname(url_or_host)
    else:
        host = url_or_host.strip()
        if host.startswith("[") and host.endswith("]"):
            host = host[1:-1]  # an IPv6 literal as a URL writes it
    host = host.strip().rstrip(".").lower()
    if not host.isascii():
        with contextlib.suppress(UnicodeError):
            host = host.encode("idna").decode("ascii")
    return host


def default_port(scheme: str) -> int | None:
    """The port a scheme uses when a URL writes none (80 for http, 443 for https)."""
    return _DEFAULT_PORTS.get(scheme.lower())


def origin(url: str) -> Origin:
    """Return `url`'s origin: scheme, host key and port, the default port filled in."""
    parts = urlsplit(url)
    scheme = parts.scheme.lower()
    return Origin(scheme, host_key(url), parts.port or default_port(scheme))


def same_origin(a: str, b: str) -> bool:
    """Whether two URLs share scheme, host and port (default ports filled in)."""
    return origin(a) == origin(b)


def origin_key(url: str) -> str:
    """`url`'s origin as text: ``https://example.org``, ``http://[::1]:8080`` (no default port)."""
    scheme, host, port = origin(url)
    shown = f"[{host}]" if ":" in host else host
    if port is not None and port != default_port(scheme):
        shown = f"{shown}:{port}"
    return f"{scheme}://{shown}"


def well_known_url(url: str, path: str) -> str:
    """The address of `path` on `url`'s origin, spelled as `url` spells it (no user info)."""
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc.rsplit('@', 1)[-1]}{path}"


def robots_url_for(url: str) -> str:
    """Return the robots.txt URL of `url`'s origin (scheme, host and port)."""
    return well_known_url(url, "/robots.txt")


@lru_cache(maxsize=1)
def _suffix_list() -> object:
    from publicsuffixlist import PublicSuffixList

    return PublicSuffixList()


def platform_tenant(host: str) -> str | None:
    """The tenant's name when `host` is a tenant's space on a hosting platform, else None.

    The platform's suffix is in the public suffix list's private section
    (``s3.amazonaws.com``, ``github.io``, ``blogspot.com``): `host`'s registrable domain then
    lies under the domain the ICANN section alone calls registrable. ``issafrica`` for
    ``issafrica.s3.amazonaws.com``; None for ``issafrica.org``.
    """
    host = host.lower().rstrip(".")
    domain = registrable_domain(host)
    if not domain or _literal_ip(host) is not None or "." not in host:
        return None
    icann = _icann_list().privatesuffix(host)  # type: ignore[attr-defined]
    if not icann or str(icann) == domain:
        return None
    return domain.split(".", 1)[0]


@lru_cache(maxsize=1)
def _icann_list() -> object:
    from publicsuffixlist import PublicSuffixList

    return PublicSuffixList(only_icann=True)


def _literal_ip(host: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    try:
        return ipaddress.ip_address(host.strip("[]"))
    except ValueError:
        return None


def registrable_domain(host: str) -> str:
    """Return the registrable domain of `host` (public-suffix aware), or `host` itself.

    ``a.example.ac.uk`` gives ``example.ac.uk``; IP addresses and single labels
    are their own domain.
    """
    host = host.lower().rstrip(".")
    if _literal_ip(host) is not None or "." not in host:
        return host
    found = _suffix_list().privatesuffix(host)  # type: ignore[attr-defined]
    return str(found) if found else host


def is_private_address(host: str) -> bool:
    """Whether `host` is a literal private, loopback, link-local or reserved address.

    Hostnames are not resolved here (no I/O); `PoliteSession` resolves them.
    ``localhost`` counts as loopback.
    """
    name = host.lower().rstrip(".")
    if name in ("localhost", "localhost.localdomain") or host.lower().endswith(".localhost"):
        return True
    ip = _literal_ip(host)
    if ip is None:
        return False
    return bool(
        ip.is_private
        or ip.is_loopback
        or ip.is_link_local
        or ip.is_reserved
        or ip.is_multicast
        or ip.is_unspecified
    )


#: Names no operator answers for: RFC 2606 and RFC 6761's top-level names for testing,
#: examples and the invalid, and the second-level names kept for documentation.
_TEST_SUFFIXES = (".test", ".example", ".invalid", ".localhost")
_TEST_DOMAINS = ("example.com", "example.net", "example.org")


def is_own_or_test_host(host: str) -> bool:
    """Whether `host` is this machine (a loopback address, ``localhost``) or a test name.

    Test names are those reserved by RFC 2606 and RFC 6761 (``*.test``, ``*.example``,
    ``*.invalid``, ``*.localhost``, ``example.org`` and its subdomains...): no operator
    runs a repository there, so a request to one needs no contact of yours.
    """
    name = host.lower().rstrip(".")
    if name in ("localhost", "localhost.localdomain") or name.endswith(_TEST_SUFFIXES):
        return True
    if any(name == d or name.endswith("." + d) for d in _TEST_DOMAINS):
        return True
    ip = _literal_ip(host)
    return ip is not None and ip.is_loopback
