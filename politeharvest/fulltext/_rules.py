"""Site rules: what each platform's landing pages look like, as data (core).

The one place to add a platform: a `SiteRule` in `RULES` (a URL rewrite, CSS
selectors, or a named extractor in `EXTRACTORS` for pages that build the link in
script data), with an example page URL; and the addresses that are never a
landing page or a file (`problematic_url`: social, search and code sites, sign-in
and cart pages, images and citation exports), refused before any request.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping
from urllib.parse import parse_qsl, urljoin, urlsplit

import attrs
from bs4 import BeautifulSoup

from politeharvest.net._redirects import SIGN_IN_PATH

__all__ = [
    "EXTRACTORS",
    "RULES",
    "SiteRule",
    "problematic_url",
]


#: A CSS selector that constrains nothing but a link's address: an optional ``a`` (or ``*``)
#: and ``[href]`` attribute tests (``[href]``, ``[href*="..."]``, ``[href$='...' i]``).
_ADDRESS_ONLY = re.compile(
    r"""(?:a|\*)?(?:\[\s*href\s*(?:[~|^$*]?=\s*(?:"[^"]*"|'[^']*'|[^\]\s]*)\s*[is]?\s*)?\])*""",
    re.IGNORECASE,
)


@attrs.frozen
class SiteRule:
    """One platform's knowledge, as data.

    Attributes:
        name: the platform.
        hosts: a regex the page's host must match (empty: any host).
        path: a regex the page's path (and query) must match, if set.
        rewrite: a URL template built from `path`'s named groups (``{scheme}``, ``{host}``
            too): the file URL, known without a probe.
        landing: a URL template for a better landing page (old host, viewer page...).
        selectors: CSS selectors whose ``href`` is the file link. A selector that names
            the article's own file (by its button's class, id, title or place) is strong
            evidence; one that says nothing but the link's address
            (``a[href*="/download/article-file/"]``) matches *any* file link of the platform
            on the page (a similarity report, a copyright form, another article's file in a
            sidebar) and is weak evidence (`names_own_file`): its file is kept only when its
            text matches the record.
        extractor: the name of an extractor in `EXTRACTORS` for pages that assemble the
            URL in script data.
        score: the rank of what the rule finds.
        example: a page URL the rule is for (docs and tests).
        guess: the rewrite is a guess (the file may not exist, or be another document):
            tried only after the page is read, and kept only when the file's text
            matches the record, unless the page itself links the same URL.
    """

    name: str
    hosts: str = ""
    path: str = ""
    rewrite: str = ""
    landing: str = ""
    selectors: tuple[str, ...] = ()
    extractor: str = ""
    score: float = 100.0
    example: str = ""
    guess: bool = False

    @property
    def platform(self) -> bool:
        """True when the rule recognises a platform by its address (hosts or path)."""
        return bool(self.hosts or self.path)

    def matches(self, url: str) -> re.Match[str] | None:
        """The match of `path` on `url` (or an empty match when the rule has no path)."""
        parts = urlsplit(url)
        host = (parts.hostname or "").lower()
        if self.hosts and not re.search(self.hosts, host):
            return None
        target = parts.path + (f"?{parts.query}" if parts.query else "")
        return re.search(self.path or "", target)

    def build(self, template: str, url: str, match: re.Match[str]) -> str:
        """Fill a template from the URL's parts and the match's named groups."""
        parts = urlsplit(url)
        fields = {
            "scheme": parts.scheme,
            "host": parts.netloc,
            "path": parts.path,
            "query": parts.query,
        }
        return template.format(**{**fields, **match.groupdict()})

    @staticmethod
    def names_own_file(selector: str) -> bool:
        """True when `selector` says more of the link than its address (see `selectors`).

        ``a.article-tool.pdf[href]`` and ``#article-toolbar a[title="..."][href]`` name the
        article's own file; ``a[href*="/download/article-file/"]`` matches any file link, and
        so does a group with such a selector in it.
        """
        parts = selector.split(",")  # a group matches what any of its selectors matches
        return not any(_ADDRESS_ONLY.fullmatch(part.strip()) for part in parts)

    def rewritten(self, url: str) -> str | None:
        """`url` turned into the file's address by this rule's rewrite, or None."""
        match = self.matches(url) if self.rewrite else None
        return None if match is None else self.build(self.rewrite, url, match)


RULES: tuple[SiteRule, ...] = (
    SiteRule(
        "arxiv",
        hosts=r"(^|\.)arxiv\.org$",
        path=r"^/abs/(?P<id>[^?#]+?)/?$",
        rewrite="https://arxiv.org/pdf/{id}",
        example="https://arxiv.org/abs/1706.03762",
    ),
    SiteRule(
        "google-drive",
        hosts=r"^(drive|docs)\.google\.com$",
        path=r"^/file/d/(?P<id>[\w-]{10,})(?:/|$)",
        rewrite="https://drive.google.com/uc?export=download&id={id}",
        example="https://drive.google.com/file/d/1Qw3ErTy7UiOp9AsDfGhJkLzXcVbNm4Pq/view",
    ),
    SiteRule(
        "dergipark",
        hosts=r"(^|\.)dergipark\.(org|gov)\.tr$",
        path=r"^/(?!.*download/)",
        landing="https://dergipark.org.tr{path}",
        selectors=(
            "a.article-tool.pdf[href]",
            '#article-toolbar a[title="Makale PDF linki"][href]',
            'a[href*="/download/article-file/"]',
        ),
        example="https://dergipark.org.tr/tr/pub/ankutbd/issue/1/2",
    ),
    SiteRule(
        "ojs-galley",
        # index.php is hidden by many sites' rewrites (``/<journal>/article/view/12/34``)
        path=r"^(?P<base>/(?:[^?#]*/)?(?:index\.php/)?[^/?#]+/article)/view/(?P<id>\d+)/(?P<galley>\d+)/?$",
        rewrite="{scheme}://{host}{base}/download/{id}/{galley}",
        example="https://journals.example.org/index.php/j/article/view/12/34",
        guess=True,
    ),
    SiteRule(
        "ojs",
        path=r"/index\.php/[^/]+/article/view/\d+/?$",
        selectors=(
            "a.obj_galley_link.pdf[href]",
            "a.galley-link.pdf[href]",
            "a#pdfDownloadLink[href]",
            "#articleFullText a.remote_pdf[href]",
        ),
        example="https://journals.example.org/index.php/j/article/view/12",
    ),
    SiteRule(
        "dspace6",
        # a handle, or DSpace 7's item by its UUID: not any "/items/" path (Omeka's
        # "/items/show/1873", a national library's "/items/URN:NBN:...")
        path=r"/handle/|/items/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-",
        selectors=('a[href*="/bitstream/"][href*=".pdf"]',),
        score=95.0,
        example="https://repository.example.edu/handle/123/456",
    ),
    SiteRule(
        "dspace7",
        selectors=('a[href*="/bitstreams/"][href$="/download"]',),
        score=95.0,
        example="https://repository.example.edu/items/0b5e…",
    ),
    SiteRule(
        "eprints",
        selectors=('a.ep_document_link[href$=".pdf"]',),
        score=95.0,
        example="https://eprints.example.ac.uk/1234/",
    ),
    SiteRule(
        "zenodo",
        hosts=r"(^|\.)zenodo\.org$",
        path=r"^/records?/\d+",
        selectors=('a[href*="/files/"][href*=".pdf"]',),
        example="https://zenodo.org/records/123456",
    ),
    SiteRule(
        "hal",
        hosts=r"(^|\.)hal\.science$|(^|\.)archives-ouvertes\.fr$",
        path=r"^/(?P<id>[a-z]+-\d+)(?:v\d+)?/?$",
        rewrite="{scheme}://{host}/{id}/document",
        example="https://hal.science/jpa-00235190",
        guess=True,
    ),
    SiteRule(
        "jstor",
        hosts=r"(^|\.)jstor\.org$",
        path=r"^/stable/(?:10\.\d+/)?(?P<id>\d+)/?$",
        rewrite="https://www.jstor.org/stable/pdf/{id}.pdf?acceptTC=1",
        example="https://www.jstor.org/stable/20183234",
        guess=True,
    ),
    SiteRule(
        "sage",
        hosts=r"(^|\.)journals\.sagepub\.com$",
        path=r"^/doi/(?:abs/|full/|epub/)?(?P<doi>10\.\d+/[^?#]+?)/?$",
        rewrite="https://journals.sagepub.com/doi/pdf/{doi}?download=true",
        selectors=('a[href*="/doi/pdf/"]',),
        example="https://journals.sagepub.com/doi/10.1177/0018720814547570",
        guess=True,
    ),
    SiteRule(
        "figshare",
        selectors=('a[href*="ndownloader.figshare.com/files/"]',),
        example="https://figshare.com/articles/journal_contribution/x/123",
    ),
    SiteRule(
        "bepress",
        selectors=('a#pdf[href*="viewcontent.cgi"]', 'a[href*="cgi/viewcontent.cgi?article="]'),
        score=95.0,
        example="https://scholarworks.example.edu/etd/123/",
    ),
    SiteRule(
        "scielo",
        hosts=r"(^|\.)scielo\.",
        selectors=('a[href*="format=pdf"]', 'a[href*="sci_pdf"]', 'a[href*="/pdf/"][href$=".pdf"]'),
        example="https://www.scielo.br/j/rsp/a/abc/?lang=en",
    ),
    SiteRule(
        "pmc",
        hosts=r"(^|\.)(pmc\.)?ncbi\.nlm\.nih\.gov$|(^|\.)europepmc\.org$",
        selectors=('a[href*="pdf/"][href$=".pdf"]', 'a[data-ga-label="pdf_download_desktop"]'),
        example="https://pmc.ncbi.nlm.nih.gov/articles/PMC3531190/",
    ),
    SiteRule(
        "elife",
        hosts=r"(^|\.)elifesciences\.org$",
        selectors=('a[data-download-type="pdf-article"][href]',),
        example="https://elifesciences.org/articles/44753",
    ),
    SiteRule(
        "sciencedirect",
        hosts=r"(^|\.)sciencedirect\.com$",
        selectors=('a.accessbar-utility-link[href*="/pdfft"]', 'a#pdfLink[href*="/pdfft"]'),
        extractor="sciencedirect_json",
        example="https://www.sciencedirect.com/science/article/pii/S146290112300117X",
    ),
    SiteRule(
        "atypon",
        hosts=r"(^|\.)(dl\.acm\.org|cabidigitallibrary\.org|tandfonline\.com|journals\.sagepub\.com|"
        r"pubs\.acs\.org|ascelibrary\.org|liebertpub\.com|science\.org)$",
        selectors=("a#downloadPdfUrl[href]", 'a[href*="/doi/pdf/"]', 'a[href*="/doi/pdfdirect/"]'),
        score=95.0,
        example="https://dl.acm.org/doi/10.1145/3371158.3371232",
    ),
    SiteRule(
        "lingbuzz",
        hosts=r"(^|\.)ling\.auf\.net$",
        selectors=('a[href*="/current.pdf"]',),
        example="https://ling.auf.net/lingbuzz/006747",
    ),
)


def _sciencedirect_json(soup: BeautifulSoup, url: str) -> list[tuple[str, str]]:
    """ScienceDirect assembles its PDF link from JSON in a script (article.pdfDownload)."""
    found = []
    for script in soup.find_all("script", attrs={"type": "application/json"}):
        text = script.string or ""
        if "pdfDownload" not in text:
            continue
        try:
            data = json.loads(text)
        except ValueError:
            continue
        meta = ((data.get("article") or {}).get("pdfDownload") or {}).get("urlMetadata") or {}
        query = meta.get("queryParams") or {}
        if meta.get("pii") and meta.get("path") and query.get("md5") and query.get("pid"):
            path = f"/{meta['path']}/{meta['pii']}{meta.get('pdfExtension', '/pdfft')}"
            link = urljoin(url, f"{path}?md5={query['md5']}&pid={query['pid']}")
            found.append((link, "script JSON article.pdfDownload.urlMetadata"))
    return found


#: Named extractors rules may use (for pages that build the link in script data).
EXTRACTORS: Mapping[str, Callable[[BeautifulSoup, str], list[tuple[str, str]]]] = {
    "sciencedirect_json": _sciencedirect_json,
}


# -- what is never a landing page or a file --------------------------------------------------

_PROBLEMATIC = re.compile(
    # a search page: "/search", "/search?page=2"; not a record's address under a search
    # servlet, whose query is the record's bare identifier ("/search/servlet/search?5081234")
    r"(" + SIGN_IN_PATH + r"|/register\b|/sign-?up\b|/cart\b|/account\b|/search/?(?:$|\?(?=[^#]*=))"
    r"|/share\b|sharer\.php|/action/showCitFormats|/citation-?export"
    r"|\.(?:jpe?g|png|gif|svg|css|js|mp4|webm|ogg|ris|bib|enw|nbib)(?:\?|$))",
    re.IGNORECASE,
)
_PROBLEMATIC_HOSTS = re.compile(
    r"(^|\.)(google\.[a-z.]+|facebook\.com|twitter\.com|x\.com|linkedin\.com|youtube\.com|"
    r"wikipedia\.org|orcid\.org|github\.com|bit\.ly|t\.co)$",
    re.IGNORECASE,
)

#: One file on a file host among those hosts (a Google Drive file, not a folder or a search).
_FILE_HOST = re.compile(
    r"(?:drive|docs)\.google\.com/(?:file/d/[\w-]{10,}|uc\?(?:.*&)?id=[\w-]{10,})", re.IGNORECASE
)


#: A site built on one of those hosts (a Google Sites page, ``sites.google.com/view/<site>``):
#: a society's or a department's own pages, a landing page like any other; and a patent's
#: own page in a patent database there (``patents.google.com/patent/<number>``).
_SITE_HOST = re.compile(
    r"sites\.google\.com/(?:view|site|a)/[\w.-]+|patents\.google\.com/patent/\w+", re.IGNORECASE
)


def problematic_url(url: str) -> str | None:
    """Why `url` is neither a landing page nor a file (checked before any request), or None."""
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        return f"not an http(s) URL: {url!r}"
    address = parts.hostname + parts.path + "?" + parts.query
    if (
        _PROBLEMATIC_HOSTS.search(parts.hostname)
        and not _FILE_HOST.match(address)
        and not _SITE_HOST.match(address)
    ):
        return f"{parts.hostname} hosts no full text (social, search or code site)"
    match = _PROBLEMATIC.search(parts.path + ("?" + parts.query if parts.query else ""))
    if match:
        return f"address looks like a {match.group(0).strip('/?&=')!r} page, not an article or file"
    query = parse_qsl(parts.query, keep_blank_values=True)
    for key, value in query:
        if key.lower() in ("q", "query", "search") and not _LOOKUP.fullmatch(value.strip()):
            # a search's results; a catalogue's permalink asks for one record by its number
            # ("opac.htm?method=simpleSearch&query=idn%3D1312345678"): that is its page
            searched = bool(value.strip())
            if any(
                _RECORD_KEY.search(k)
                and re.search(r"\d", v)
                and not (searched and k.lower() == "id")
                for k, v in query
            ):
                # one record picked by its id, the search that led to it kept in the address
                # ("notice?app=theses&IdNumber=41877&q=hydrogéologie", "?q=&publicationId=
                # lrs-nota-2024-07"): that record's page, not the search's results; a bare
                # "id" beside a search term ("find?q=soil&id=12") may be a facet's, a search
                continue
            return f"address looks like a {key.lower()!r} page, not an article or file"
    return None


#: A query's key naming a record's identifier ("publicationId", "record_id", "docid", "id"),
#: not a word that ends in the letters ("paid", "valid").
_RECORD_KEY = re.compile(
    r"^(?i:id|docid|record|item|doc|handle)$|[a-z]I[dD]$|[_-](?i:id)$"
    # ("IdNumber", "id_record"; "titleid", "recordid": a record's noun and "id")
    r"|^(?i:id)(?:[A-Z_]|num)|^(?i:title|record|item|article|paper|thesis|book|object|publication)id$"
)


#: A query that looks one record up by an identifier: a field's name, "=" or ":", and a
#: value with digits in it and no space ("idn=1312345678", "doi:10.1234/abc", "id:4711").
_LOOKUP = re.compile(r"[A-Za-z_.]{1,16}\s?[=:]\s?(?=\S*\d)[\w.:/\-]+")
