"""Addresses read from a page: resolved against the page, compared by site (core)."""

from __future__ import annotations

import re
from urllib.parse import urldefrag, urljoin, urlsplit

from politeharvest.net._redirects import platform_tenant, registrable_domain

__all__ = [
    "absolute",
    "asset_space",
    "same_address",
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


def same_address(a: str, b: str) -> bool:
    """Whether two addresses name one page: host and path alike (scheme, query aside)."""
    one, two = urlsplit(a), urlsplit(b)
    return (one.netloc.lower(), one.path.rstrip("/")) == (two.netloc.lower(), two.path.rstrip("/"))


def same_site(url: str, page: str) -> bool:
    """Whether `url` is on the page's site.

    Its host, its registrable domain, or the site's own space on a hosting platform named by
    the site ("issafrica.s3.amazonaws.com" for "issafrica.org": a bucket or tenant under a
    platform's public suffix, named as the site's domain is; "gzass-files.oss-cn-shanghai.
    aliyuncs.com" for "gzass.cn": a bucket named by the site's name and what it holds).
    """
    a, b = (urlsplit(u).hostname or "" for u in (url, page))
    if a == b or registrable_domain(a) == registrable_domain(b):
        return True
    name = registrable_domain(b).split(".", 1)[0]
    tenant = _tenant(a)
    if tenant is not None and tenant == name:
        return True
    # a bucket on a cloud store named by the site's name and what it holds
    # ("gzass-files.oss-cn-shanghai.aliyuncs.com" for "www.gzass.cn")
    first = a.split(".", 1)[0]
    return len(name) >= _TENANT_LETTERS and first.startswith(f"{name}-") and a.count(".") >= 2


#: The shortest tenant name read as a site's own (a bucket named "docs" names no one site).
_TENANT_LETTERS = 5


def _tenant(host: str) -> str | None:
    """A hosting platform's tenant (`platform_tenant`) named long enough to name a site."""
    name = platform_tenant(host)
    return name if name is not None and len(name) >= _TENANT_LETTERS else None


#: A path's part that names a site on a hosting platform's files host: an id of eight
#: characters or more, letters and digits ("63f1a2b3c4d5e6f708192a3b").
_SPACE_ID = re.compile(r"(?=[^/]*\d)(?=[^/]*[a-z])[0-9a-z_-]{8,}", re.IGNORECASE)


def theme_folder(url: str) -> tuple[str, str] | None:
    """The host and the first folder of `url`'s path, or None when its path has no folder.

    A site that loads its own stylesheet from a content-delivery host
    ("ifw-cdn.b-cdn.net/wp-content/themes/.../style.css") serves its uploads from the same
    folder there ("…/wp-content/uploads/2024/06/a91f.pdf"): the site's own files.
    """
    parts = urlsplit(url)
    folders = parts.path.split("/")[1:-1]
    host = (parts.hostname or "").lower()
    return (host, folders[0].lower()) if host and folders and folders[0] else None


def asset_space(url: str) -> tuple[str, str] | None:
    """The host and the site's own id of `url` on a platform's files host, or None.

    A site built on Webflow or Squarespace loads its own stylesheet from the platform's
    files host under the site's id ("cdn.prod.website-files.com/63f1a2b3.../css/...",
    "static1.squarespace.com/static/5f2a8c1e.../"); its documents lie in the same space:
    the first part of the path that is an id (of the first three), with the host.
    """
    parts = urlsplit(url)
    host = (parts.hostname or "").lower()
    for part in parts.path.split("/")[1:4]:
        if _SPACE_ID.fullmatch(part):
            return host, part.lower()
    return None
