"""Addresses read from a page: resolved against the page, compared by site (core)."""

from __future__ import annotations

from functools import lru_cache
from typing import Any
from urllib.parse import urldefrag, urljoin, urlsplit

from politeharvest.net._redirects import registrable_domain

__all__ = [
    "absolute",
    "same_site",
]


def absolute(href: str, base: str) -> str:
    """`href` resolved against `base`, without its fragment; "" for a malformed address."""
    href = href.strip().replace("&amp;", "&")
    try:
        if href.startswith("//"):
            href = urlsplit(base).scheme + ":" + href
        return urldefrag(urljoin(base, href))[0]
    except ValueError:  # "https://]]>host/": not an address at all
        return ""


def same_site(url: str, page: str) -> bool:
    """Whether `url` is on the page's site.

    Its host, its registrable domain, or the site's own space on a hosting platform named by
    the site ("issafrica.s3.amazonaws.com" for "issafrica.org": a bucket or tenant under a
    platform's public suffix, named as the site's domain is).
    """
    a, b = (urlsplit(u).hostname or "" for u in (url, page))
    if a == b or registrable_domain(a) == registrable_domain(b):
        return True
    tenant = _tenant(a)
    return tenant is not None and tenant == registrable_domain(b).split(".", 1)[0]


#: The shortest tenant name read as a site's own (a bucket named "docs" names no one site).
_TENANT_LETTERS = 5


def _tenant(host: str) -> str | None:
    """The tenant's name when `host` is a tenant's space on a hosting platform, else None.

    The platform's suffix is in the public suffix list's private section (``s3.amazonaws.com``,
    ``github.io``, ``blogspot.com``): the registrable domain then lies under a domain that the
    ICANN section alone would call registrable.
    """
    domain = registrable_domain(host)
    if not domain or domain == _icann_domain(host):
        return None
    name = domain.split(".", 1)[0]
    return name if len(name) >= _TENANT_LETTERS else None


@lru_cache(maxsize=4096)
def _icann_domain(host: str) -> str:
    found = _icann_list().privatesuffix(host.lower().rstrip("."))
    return str(found) if found else host


@lru_cache(maxsize=1)
def _icann_list() -> Any:
    from publicsuffixlist import PublicSuffixList

    return PublicSuffixList(only_icann=True)
