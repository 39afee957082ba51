"""Addresses read from a page: resolved against the page, compared by site (core)."""

from __future__ import annotations

from urllib.parse import urldefrag, urljoin, urlsplit

from politeharvest.net._redirects import platform_tenant, registrable_domain

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
    """A hosting platform's tenant (`platform_tenant`) named long enough to name a site."""
    name = platform_tenant(host)
    return name if name is not None and len(name) >= _TENANT_LETTERS else None
