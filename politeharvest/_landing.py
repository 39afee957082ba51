"""From a landing page to its full-text file: rules as data, candidates with evidence (core).

`find_candidates(html, url)` is a pure function of a page and its address: it
classifies the page (a bot challenge or sign-in wall is `blocked`, never "no
full text"), then collects candidates from every source and ranks them:

1. site rules (`RULES`): one small record per platform (arXiv, DergiPark, OJS,
   DSpace 6 and 7, EPrints, Zenodo, HAL, Figshare, bepress, SciELO, PubMed
   Central, eLife, ScienceDirect, Atypon, Lingbuzz), each a URL rewrite, CSS
   selectors, or a named extractor, with an example;
2. meta tags: ``citation_pdf_url`` in all its variants, ``eprints.document_url``,
   ``bepress_citation_pdf_url``, Dublin Core identifiers ending in .pdf, and
   ``<link rel="alternate" type="application/pdf">``;
3. the structure learned on the site (the tag and class path of the element that
   held the file link last time);
4. anchors, scored by their text (English, Turkish, German, French, Spanish,
   Portuguese) and address, outside references, related-article, header, footer
   and navigation sections, with blocked patterns (sign-in, sharing, citation
   exports, supplements, figures, ``javascript:``, ``mailto:``).

Every candidate carries its source and evidence; rejected ones say why. Query
strings are kept (signed download links need them); only fragments are dropped.
`LandingPageResolver` (in `_resolver.py`) adds the requests: the landing page,
at most two file probes, and learning.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Literal
from urllib.parse import urldefrag, urljoin, urlsplit

import attrs
from bs4 import BeautifulSoup, Tag

from ._challenge import challenge_evidence
from ._redirects import SIGN_IN_PATH

__all__ = [
    "RULES",
    "Candidate",
    "PageAnalysis",
    "SiteRule",
    "element_signature",
    "find_candidates",
    "problematic_url",
]

Kind = Literal["pdf", "dataset", "html-fulltext", "none", "blocked"]


@attrs.frozen
class Candidate:
    """A possible full-text URL, with where it came from and why it ranks where it does.

    Attributes:
        url: the absolute URL (query kept, fragment dropped).
        source: ``"rule:<name>"``, ``"meta:<name>"``, ``"link:alternate"``, ``"learned"``,
            ``"anchor"``.
        evidence: what was seen (``"meta citation_pdf_url"``, ``"anchor text 'Download PDF'"``).
        score: higher is tried first; below `MIN_SCORE` a candidate is not kept.
        rejected: why it was rejected, or None if kept.
        signature: the tag/class path of the element (for learning), if any.
        strong: the evidence alone says this is the article's own file (a site rule's
            selector or extractor, a same-site ``citation_pdf_url``); a file from a weak
            candidate (anchor, learned structure, URL guess, another site's meta) is kept
            only when its text matches the record.
    """

    url: str
    source: str
    evidence: str
    score: float
    rejected: str | None = None
    signature: str = ""
    strong: bool = False


@attrs.frozen
class PageAnalysis:
    """What a landing page says, before any probe.

    Attributes:
        url: the page's address.
        kind: ``"blocked"`` (challenge or sign-in wall), ``"html-fulltext"`` (the page is
            the article), ``"none"`` or ``"pdf"`` (candidates found; unverified).
        reason: the rule and evidence behind `kind`.
        candidates: kept candidates, best first.
        rejected: candidates considered and rejected, with reasons.
    """

    url: str
    kind: Kind
    reason: str
    candidates: tuple[Candidate, ...] = ()
    rejected: tuple[Candidate, ...] = ()


#: Candidates scoring below this are not kept (anchor evidence too weak).
MIN_SCORE = 40.0


@attrs.frozen
class AnchorWeights:
    """How much each kind of evidence adds to (or takes from) an anchor's score.

    Attributes:
        download_text: the anchor's whole text is a download phrase ("PDF", "Full text").
        pdf_word: its text mentions PDF.
        download_word: its text mentions downloading.
        file_address: its address looks like a file (``.pdf``, ``/download/``, ``bitstream``).
        pdf_type: its ``type`` or ``class`` says pdf.
        page_address: its address is a web page (``.html``, ``.php``): subtracted.
        other_host: it points to another host: subtracted.
    """

    download_text: float = 55
    pdf_word: float = 35
    download_word: float = 15
    file_address: float = 30
    pdf_type: float = 20
    page_address: float = 20
    other_host: float = 25


#: The weights `find_candidates` scores anchors with.
ANCHOR_WEIGHTS = AnchorWeights()

#: On a platform a rule knows but whose file it did not find, anchors need this score.
_STRONG_ANCHOR = 70.0


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
        selectors: CSS selectors whose ``href`` is the file link.
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
        path=r"^(?P<base>/(?:[^?#]*/)?index\.php/[^/]+/article)/view/(?P<id>\d+)/(?P<galley>\d+)/?$",
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
        path=r"/(handle|items)/",
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
    r"(" + SIGN_IN_PATH + r"|/register\b|/cart\b|/account\b|/search\b|/search\?"
    r"|[?&](q|query|search)=|/share\b|sharer\.php|/action/showCitFormats|/citation-?export"
    r"|\.(?:jpe?g|png|gif|svg|css|js|mp4|webm|ogg|ris|bib|enw|nbib)(?:\?|$))",
    re.IGNORECASE,
)
_PROBLEMATIC_HOSTS = re.compile(
    r"(^|\.)(google\.[a-z.]+|facebook\.com|twitter\.com|x\.com|linkedin\.com|youtube\.com|"
    r"wikipedia\.org|orcid\.org|github\.com|bit\.ly|t\.co)$",
    re.IGNORECASE,
)


def problematic_url(url: str) -> str | None:
    """Why `url` is neither a landing page nor a file (checked before any request), or None."""
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        return f"not an http(s) URL: {url!r}"
    if _PROBLEMATIC_HOSTS.search(parts.hostname):
        return f"{parts.hostname} hosts no full text (social, search or code site)"
    match = _PROBLEMATIC.search(parts.path + ("?" + parts.query if parts.query else ""))
    if match:
        return f"address looks like a {match.group(0).strip('/?&=')!r} page, not an article or file"
    return None


# -- anchors: words, blocked patterns, sections ------------------------------------------------

# Whole anchor texts that name the full text (PublicationsRetriever's list, more languages).
_STRONG_TEXT = re.compile(
    r"^\s*(?:(?:download|view|get|open|read|full[ -]?text|article|paper|makale|tam\s+metin|"
    r"indir|i̇ndir|télécharger|texte\s+intégral|descargar|texto\s+completo|baixar|"
    r"herunterladen|volltext|voll-text)\s*)*"
    r"(?:pdf|tam\s+metin|texte\s+intégral|volltext|makale\s+pdf|pdf\s+indir|pdf\s+i̇ndir)"
    r"(?:\s*(?:\(\s*[\d.,]+\s*[kmg]?b\s*\)|file|version|download|indir|i̇ndir|herunterladen))*\s*$",
    re.IGNORECASE,
)
_PDF_WORD = re.compile(r"\bpdf\b|tam\s+metin|volltext|texte\s+intégral|texto\s+completo", re.I)
_DOWNLOAD_WORD = re.compile(
    r"download|indir|i̇ndir|télécharger|descargar|baixar|herunterladen|full[ -]?text|tam metin", re.I
)
_BAD_TEXT = re.compile(
    r"supplement|supporting|appendix|annex|figure|fig\.|table|slides?\b|poster|video|dataset|"
    r"reference|citation|cite\b|bibtex|endnote|\bris\b|purchase|buy\b|rent\b|subscribe|"
    r"reprint|permission|license|licence|lisans|lizenz|guide|instructions|template|author\s+guidelines|"
    r"cover|kapak|ek\s+dosya|kaynak|atıf|atif|erratum|corrigendum|review\s+report|"  # noqa: RUF001 - Turkish for citation
    r"peer\s+review|graphical\s+abstract|thumbnail|preview|sample\s+pages|table\s+of\s+contents",
    re.IGNORECASE,
)
_BAD_HREF = re.compile(
    r"^(?:javascript:|mailto:|tel:|#)|" + SIGN_IN_PATH + r"|/register|/share|sharer|"
    r"/getaccess/|/purchase|/cart|/action/showcitformats|/citation|article-cite-file|"
    r"[?&]download=ris|\.ris(?:$|\?)|\.bib(?:$|\?)|\.nbib|/epdf/|/reader/|"
    r"supplement|suppl[_-]|_esm\.|moesm|/figures?/|/media/|/asset/|thumbnail|\.jpe?g|\.png|\.gif|"
    r"isallowed=n",
    re.IGNORECASE,
)
#: Class, id and label words of regions outside the article's main content.
_REGION_WORDS = re.compile(
    r"(^|[\s_-])(ref|refs|references?|reference-?list|bibliography|citations?|cited-?by|citing|"
    r"related|recommend\w*|suggest\w*|similar|more-?like(-?this)?|most-?(read|viewed|cited|popular)|"
    r"popular|trending|footer|nav|navigation|navbar|breadcrumbs?|cookies?|share|sharing|social|"
    r"sidebar-?ad|advert\w*|ads|metrics|stats|author-?info|affiliations?|kapak|kaynak(ca|lar)?|"
    r"benzer|block_custom|custom-?block|pkp_block|site-?header|page-?header|global-?header)"
    r"($|[\s_-])",
    re.IGNORECASE,
)
#: Headings of such regions, in the six languages of the anchor words.
_REGION_HEADING = re.compile(
    r"^\W*(?:(?:similar|related|recommended|suggested|more|other|you\s+may\s+also\s+like)\s+"
    r"(?:articles?|papers?|publications?|content|items?|works?|chapters?|books?)|"
    r"most\s+(?:read|viewed|cited|downloaded|popular)(?:\s+articles?)?|cited\s+by|citing\s+articles|"
    r"references?|bibliography|literature\s+cited|works\s+cited|people\s+also\s+read|"
    r"benzer\s+(?:makaleler|yay[ıi]nlar|çalışmalar)|[iİ]lgili\s+(?:makaleler|yay[ıi]nlar)|"  # noqa: RUF001 - Turkish letters
    r"en\s+(?:çok|cok)\s+(?:okunan|görüntülenen|indirilen)(?:\s+makaleler)?|kaynak(?:ça|ca|lar)|"
    r"ähnliche\s+(?:artikel|beiträge|publikationen)|verwandte\s+(?:artikel|beiträge)|"
    r"meistgelesen\w*|literatur(?:verzeichnis)?|"
    r"articles?\s+(?:similaires|connexes|recommandés)|les\s+plus\s+lus|références|bibliographie|"
    r"art[íi]culos\s+(?:similares|relacionados|recomendados)|m[áa]s\s+le[íi]dos|referencias|"
    r"artigos\s+(?:semelhantes|relacionados|recomendados)|mais\s+lidos|referências|"
    # repository bundles that are not the work itself (DSpace LICENSE, THUMBNAIL)
    r"(?:licen[cs]e|lisans|lizenz|thumbnails?)(?:\s+(?:bundle|files?|dosyalar[ıi]))?\s*$)\b",  # noqa: RUF001
    re.IGNORECASE,
)
_HEADINGS = ("h1", "h2", "h3", "h4", "h5", "h6")
_LANDMARKS = {"navigation": "navigation", "contentinfo": "footer", "banner": "header"}
_FILE_HREF = re.compile(
    r"\.pdf(?:$|[?#])|/pdf(?:/|$|\?)|/pdfft|/pdfdirect|/download(?:/|$|\?)|/document$|"
    r"/full-?text(?:/|$)|/volltext(?:/|$)|"
    r"/files?/|viewcontent\.cgi|bitstream|article-file|ndownloader|[?&]format=pdf",
    re.IGNORECASE,
)
_LOGIN_WORDS = re.compile(r"sign\s*in|log\s*in|giriş|anmelden|connexion|iniciar\s+sesión", re.I)


def _absolute(href: str, base: str) -> str:
    """`href` resolved against `base`, without its fragment; "" for a malformed address."""
    href = href.strip().replace("&amp;", "&")
    try:
        if href.startswith("//"):
            href = urlsplit(base).scheme + ":" + href
        return urldefrag(urljoin(base, href))[0]
    except ValueError:  # "https://]]>host/": not an address at all
        return ""


def element_signature(element: Tag, depth: int = 12) -> str:
    """The tag.class path from the page root to `element` (PublicationsRetriever's idea)."""
    parts = []
    current: Any = element
    while isinstance(current, Tag) and current.name not in ("[document]", "html") and depth:
        classes = ".".join(
            sorted(c for c in current.get("class") or [] if not re.search(r"\d{3,}", c))
        )
        parts.append(current.name + (f".{classes}" if classes else ""))
        current = current.parent
        depth -= 1
    return " > ".join(reversed(parts))


class Regions:
    """Tells whether an element lies outside the article's main content (core, per page).

    Walking up from the element to the container of the page's title (its ``h1``) or
    ``main``, a region is recognised by its element (``header``, ``footer``, ``nav``),
    its ARIA landmark role, its class, id or label words (related, similar,
    recommended, references, sidebars' custom blocks...), or a heading just before
    the element's branch ("Similar articles", "Benzer Makaleler", "Ähnliche Artikel",
    "Références"... in the six languages of the anchor words). Layout classes above
    the title's container (``auto-fix-header`` on ``main``) are never read.
    """

    def __init__(self, soup: BeautifulSoup) -> None:
        title = soup.find("h1")
        self._stops = {id(p) for p in title.parents} if isinstance(title, Tag) else set()
        self._cache: dict[int, str | None] = {}

    def outside(self, element: Tag) -> str | None:
        """Why `element` is outside the main content, or None when it is inside."""
        child: Tag = element
        for parent in element.parents:
            if not isinstance(parent, Tag) or parent.name in ("body", "html", "main"):
                return None
            if id(parent) in self._stops or str(parent.get("role") or "") == "main":
                return None
            key = id(child)
            if key not in self._cache:
                self._cache[key] = self._region(parent, child)
            if self._cache[key] is not None:
                return self._cache[key]
            child = parent
        return None

    @staticmethod
    def _region(parent: Tag, child: Tag) -> str | None:
        if parent.name in ("footer", "header", "nav"):
            return f"inside <{parent.name}>"
        role = str(parent.get("role") or "")
        if role in _LANDMARKS:
            return f"inside the page's {_LANDMARKS[role]} (role={role})"
        names = " ".join(
            [
                *(parent.get("class") or []),
                str(parent.get("id") or ""),
                str(parent.get("aria-label") or ""),
            ]
        ).strip()
        if names and _REGION_WORDS.search(names):
            return f"inside a {names[:40]!r} region"
        for sibling in list(child.find_previous_siblings(limit=6)):
            heading = sibling if sibling.name in _HEADINGS else None
            if heading is None and sibling.find("a") is None:
                # a heading's wrapper (<div class="block-title"><h3>...</h3></div>); a sibling
                # section with links of its own is another region, not this one's heading
                heading = sibling.find(_HEADINGS)
            if heading is not None:
                text = heading.get_text(" ", strip=True)[:80]
                if _REGION_HEADING.search(text):
                    return f"under the heading {text!r}"
                break  # the nearest heading decides
        label = str(parent.get("aria-label") or "")
        if label and _REGION_HEADING.search(label):
            return f"in a region labelled {label[:40]!r}"
        return None


def _text_of(element: Tag) -> str:
    text = " ".join(element.get_text(" ", strip=True).replace("(", " ").replace(")", " ").split())
    extra = " ".join(str(element.get(a) or "") for a in ("title", "aria-label", "data-title"))
    return (text + " " + extra).strip()


def _meta_candidates(soup: BeautifulSoup, base: str) -> list[Candidate]:
    found = []
    for meta in soup.find_all("meta"):
        name = str(meta.get("name") or meta.get("property") or "").strip().lower()
        content = str(meta.get("content") or "").strip()
        if not name or not content:
            continue
        source = ""
        if (
            re.fullmatch(r"(citation_|wkhealth_|bepress_citation_|dc\.)?(fulltext_)?pdf_url", name)
            or (
                name in ("eprints.document_url", "citation_fulltext_pdf_url", "prism.url")
                and ".pdf" in content.lower()
            )
            or (
                name in ("dc.identifier", "dcterms.identifier", "dc.relation")
                and content.lower().split("?")[0].endswith(".pdf")
            )
        ):
            source = name
        if source:
            score = 90.0 if "pdf_url" in source or source == "eprints.document_url" else 75.0
            found.append(
                Candidate(_absolute(content, base), f"meta:{source}", f"meta {source}", score)
            )
    for link in soup.find_all("link", href=True):
        rel = " ".join(link.get("rel") or []).lower()
        kind = str(link.get("type") or "").lower()
        if "alternate" in rel and "pdf" in kind:
            found.append(
                Candidate(
                    _absolute(str(link["href"]), base),
                    "link:alternate",
                    f"<link rel={rel} type={kind}>",
                    88.0,
                )
            )
    return found


def _rule_candidates(
    soup: BeautifulSoup, url: str, rules: Sequence[SiteRule], regions: Regions
) -> list[Candidate]:
    found = []
    for rule in rules:
        match = rule.matches(url)
        if match is None:
            continue
        target = rule.rewritten(url)
        if target is not None:
            guess = " (a guess)" if rule.guess else ""
            found.append(
                Candidate(
                    target,
                    f"rule:{rule.name}",
                    f"URL rewrite of {url}{guess}",
                    rule.score + 5,
                    strong=not rule.guess,
                )
            )
        for selector in rule.selectors:
            for element in soup.select(selector):
                href = element.get("href")
                if not href:
                    continue
                why = regions.outside(element)
                candidate = Candidate(
                    _absolute(str(href), url),
                    f"rule:{rule.name}",
                    f"selector {selector!r} (text {_text_of(element)[:40]!r})",
                    rule.score,
                    rejected=why,
                    signature=element_signature(element),
                    strong=True,
                )
                found.append(candidate)
        if rule.extractor:
            for link, evidence in EXTRACTORS[rule.extractor](soup, url):
                found.append(
                    Candidate(link, f"rule:{rule.name}", evidence, rule.score, strong=True)
                )
    return found


_UUID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}", re.I)


def _same_site(url: str, page: str) -> bool:
    from ._redirects import registrable_domain

    a, b = (urlsplit(u).hostname or "" for u in (url, page))
    return a == b or registrable_domain(a) == registrable_domain(b)


def _repair_meta(candidate: Candidate, soup: BeautifulSoup, base: str) -> Candidate:
    """A meta file URL on another host, repaired to the page's own link to it.

    DSpace 7 behind a proxy names ``localhost:4000`` in ``citation_pdf_url``; the
    page links the same bitstream (matched by its UUID) on its own host.
    """
    if not candidate.source.startswith(("meta:", "link:")) or _same_site(candidate.url, base):
        return candidate
    uuid = _UUID.search(candidate.url)
    if uuid is None:
        return candidate
    for element in soup.find_all("a", href=True):
        href = str(element["href"])
        if uuid.group(0).lower() in href.lower():
            link = _absolute(href, base)
            if _same_site(link, base):
                return attrs.evolve(
                    candidate,
                    url=link,
                    evidence=f"{candidate.evidence} on another host "
                    f"({urlsplit(candidate.url).netloc}), repaired to the page's link to "
                    f"the same bitstream {uuid.group(0)}",
                )
    return candidate


def _anchor_candidates(soup: BeautifulSoup, base: str, regions: Regions) -> list[Candidate]:
    page_host = (urlsplit(base).hostname or "").lower()
    found = []
    for element in soup.find_all(["a", "area"], href=True):
        href = str(element["href"]).strip()
        text = _text_of(element)
        if not href or _BAD_HREF.search(href):
            if href and not href.startswith("#"):
                found.append(
                    Candidate(
                        href, "anchor", f"text {text[:40]!r}", 0.0, rejected="blocked link pattern"
                    )
                )
            continue
        link = _absolute(href, base)
        if _BAD_TEXT.search(text):
            found.append(
                Candidate(
                    link,
                    "anchor",
                    f"text {text[:40]!r}",
                    0.0,
                    rejected=f"anchor text {text[:40]!r}",
                )
            )
            continue
        score = 0.0
        evidence = []
        if _STRONG_TEXT.match(text):
            score += ANCHOR_WEIGHTS.download_text
            evidence.append(f"anchor text {text[:40]!r}")
        elif _PDF_WORD.search(text):
            score += ANCHOR_WEIGHTS.pdf_word
            evidence.append(f"anchor text mentions {_PDF_WORD.search(text).group(0)!r}")  # type: ignore[union-attr]
        elif _DOWNLOAD_WORD.search(text):
            score += ANCHOR_WEIGHTS.download_word
            evidence.append(f"anchor text {text[:40]!r}")
        if _FILE_HREF.search(link):
            score += ANCHOR_WEIGHTS.file_address
            evidence.append("address looks like a file")
        if (
            "pdf" in str(element.get("type") or "").lower()
            or "pdf" in " ".join(element.get("class") or []).lower()
        ):
            score += ANCHOR_WEIGHTS.pdf_type
            evidence.append("type/class says pdf")
        if re.search(r"\.(html?|php|aspx?|jsp)(?:$|\?)", urlsplit(link).path, re.I):
            score -= ANCHOR_WEIGHTS.page_address
            evidence.append("address of a web page")
        if link.rstrip("/") == base.rstrip("/"):
            continue  # the page itself ("View full text" on an abstract page)
        host = (urlsplit(link).hostname or "").lower()
        if host != page_host:
            score -= ANCHOR_WEIGHTS.other_host
            evidence.append("another host")
        if score <= 0:
            continue
        why = regions.outside(element)
        found.append(
            Candidate(
                link,
                "anchor",
                "; ".join(evidence),
                score,
                rejected=why,
                signature=element_signature(element),
            )
        )
    return found


def _learned_candidates(
    soup: BeautifulSoup, base: str, signatures: Iterable[str], regions: Regions
) -> list[Candidate]:
    wanted = set(signatures)
    if not wanted:
        return []
    found = []
    for element in soup.find_all("a", href=True):
        signature = element_signature(element)
        if signature in wanted and not _BAD_HREF.search(str(element["href"])):
            found.append(
                Candidate(
                    _absolute(str(element["href"]), base),
                    "learned",
                    f"same structure as a verified link: {signature[-60:]}",
                    85.0,
                    rejected=regions.outside(element),
                    signature=signature,
                )
            )
    return found


def _blocked(soup: BeautifulSoup, html: str, status: int, headers: Mapping[str, str]) -> str | None:
    evidence = challenge_evidence(status, headers, html[:16384])
    if evidence is not None:
        return f"bot challenge ({evidence}); politeharvest never tries to pass one"
    has_password = soup.find("input", attrs={"type": "password"}) is not None
    has_article = (
        soup.find("meta", attrs={"name": re.compile(r"^(citation_title|dc\.title)$", re.I)})
        is not None
    )
    title = soup.title.get_text(" ", strip=True) if soup.title else ""
    if has_password and not has_article and _LOGIN_WORDS.search(title + " " + html[:4000]):
        return f"sign-in wall (a password form, title {title[:60]!r})"
    return None


def _rewritten(candidate: Candidate, rules: Sequence[SiteRule]) -> Candidate:
    """A candidate that is a viewer page a rule knows how to turn into the file (OJS galleys)."""
    for rule in rules:
        if not candidate.source.startswith(f"rule:{rule.name}"):
            target = rule.rewritten(candidate.url)
            if target is not None:
                return attrs.evolve(
                    candidate,
                    url=target,
                    evidence=f"{candidate.evidence}; rewritten by rule {rule.name}",
                )
    return candidate


def find_candidates(
    html: str | bytes,
    url: str,
    *,
    rules: Sequence[SiteRule] = RULES,
    learned: Iterable[str] = (),
    status: int = 200,
    headers: Mapping[str, str] | None = None,
) -> PageAnalysis:
    """Read a landing page and rank its full-text candidates (no requests).

    Args:
        html: the page.
        url: its address (after redirects); relative links resolve against it or ``<base href>``.
        rules: the site rules to apply.
        learned: element signatures that held a verified file link on this site before.
        status: the page's HTTP status (challenge detection).
        headers: the page's response headers.
    """
    text = html.decode("utf-8", "replace") if isinstance(html, bytes) else html
    soup = BeautifulSoup(text, "lxml")
    base_tag = soup.find("base", href=True)
    base = (_absolute(str(base_tag["href"]), url) or url) if isinstance(base_tag, Tag) else url
    blocked = _blocked(soup, text, status, headers or {})
    if blocked is not None:
        return PageAnalysis(url, "blocked", blocked)
    regions = Regions(soup)
    candidates = [
        *_rule_candidates(soup, base if base != url else url, rules, regions),
        *_meta_candidates(soup, base),
        *_learned_candidates(soup, base, learned, regions),
        *_anchor_candidates(soup, base, regions),
    ]
    candidates = [_repair_meta(c, soup, base) for c in candidates if c.url]
    candidates = [
        attrs.evolve(c, strong=_same_site(c.url, base))
        if c.source.startswith(("meta:", "link:"))
        else c
        for c in candidates
    ]
    # Platform first: when a site rule found the article's file on the page, generic
    # anchors and learned structure do not compete; when a rule recognised the platform
    # by its address but found nothing, an anchor needs strong evidence.
    found_by_rule = any(
        c.source.startswith("rule:") and c.rejected is None and c.strong for c in candidates
    )
    recognised = any(r.platform and r.matches(url) is not None for r in rules)
    kept: dict[str, Candidate] = {}
    rejected: list[Candidate] = []
    for candidate in (_rewritten(c, rules) for c in candidates):
        if candidate.rejected is None and candidate.source in ("anchor", "learned"):
            if found_by_rule:
                candidate = attrs.evolve(
                    candidate, rejected="a site rule found the article's file on this page"
                )
            elif recognised and candidate.score < _STRONG_ANCHOR:
                candidate = attrs.evolve(
                    candidate,
                    rejected=f"the platform is known and its rule found no file; weak anchor "
                    f"(score {candidate.score:.0f} < {_STRONG_ANCHOR:.0f})",
                )
        reason = candidate.rejected or problematic_url(candidate.url)
        if reason is None and _BAD_HREF.search(candidate.url):
            reason = "blocked link pattern"
        if reason is None and candidate.source == "anchor" and candidate.score < MIN_SCORE:
            reason = f"weak evidence (score {candidate.score:.0f} < {MIN_SCORE:.0f})"
        if reason is not None:
            rejected.append(attrs.evolve(candidate, rejected=reason))
            continue
        key = candidate.url
        if key not in kept:
            kept[key] = candidate
        else:  # the same URL from several sources: keep the strongest, add up a little
            best = kept[key]
            stronger = candidate if candidate.score > best.score else best
            kept[key] = attrs.evolve(
                stronger,
                score=max(candidate.score, best.score) + 2,
                strong=candidate.strong or best.strong,  # a guess the page confirms
            )
    # Strong evidence first (a rule's selector, a same-site citation_pdf_url), then by score:
    # a weak candidate's file is kept only when it matches the record, so it goes after.
    ranked = tuple(sorted(kept.values(), key=lambda c: (not c.strong, -c.score)))
    if ranked:
        top = ranked[0]
        return PageAnalysis(url, "pdf", f"{top.source}: {top.evidence}", ranked, tuple(rejected))
    fulltext = soup.find("meta", attrs={"name": re.compile(r"^citation_fulltext_html_url$", re.I)})
    if fulltext is not None:
        return PageAnalysis(
            url,
            "html-fulltext",
            "meta citation_fulltext_html_url and no file link",
            (),
            tuple(rejected),
        )
    return PageAnalysis(url, "none", "no full-text file link on the page", (), tuple(rejected))
