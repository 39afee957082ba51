"""Addresses read from a page: resolved against the page, compared by site (core)."""

from __future__ import annotations

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

    a, b = (urlsplit(u).hostname or "" for u in (url, page))
    return a == b or registrable_domain(a) == registrable_domain(b)
