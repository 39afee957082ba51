"""From a landing page to its full-text file: rules as data, candidates with evidence (core).

`find_candidates(html, url)` is a pure function of a page, its address and its
headers: it classifies the page (a bot wall or sign-in wall is `blocked`, never
"no full text"), then collects candidates from every source, each with its
evidence, and ranks them:

1. FAIR Signposting: ``Link: <…>; rel="item"; type="application/pdf"`` headers and
   ``<link rel="item">`` (linksets the page points to are listed for the resolver);
2. site rules (`RULES`): one small record per platform (arXiv, DergiPark, OJS,
   DSpace 6 and 7, EPrints, Zenodo, HAL, Figshare, bepress, SciELO, PubMed
   Central, eLife, ScienceDirect, Atypon, Lingbuzz), each a URL rewrite, CSS
   selectors, or a named extractor, with an example;
3. declared files: ``citation_pdf_url`` in all its variants, ``eprints.document_url``,
   Dublin Core identifiers ending in .pdf, ``<link rel="alternate" type="application/pdf">``,
   JSON-LD encodings of the work; weighed against what the page shows (a declared
   file the page contradicts is weak, one it labels as another document rejected);
4. the structure learned on the site (the tag and class path of the element that
   held the file link last time);
5. links read from ``href``, ``onclick``, ``data-*``, forms, script values and the
   page's text, kept only with positive evidence of ownership: a download button's
   text or class, a related file name, the article's DOI, id or slug in the address.

A link is rejected, before any request, when the page marks it as another
document: its label names another document or another kind of document, its
address carries another DOI, or it sits in a block about another document (an
article list recognised by its structure, another article's card, the navigation,
references). Every candidate carries its source and evidence; rejected ones say
why. Query strings are kept (signed download links need them); only fragments are
dropped. `LandingPageResolver` (in `_resolver.py`) adds the requests: the landing
page, a linkset, at most three file probes, and learning.
"""

from __future__ import annotations

import itertools
import json
import re
import unicodedata
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import Any, Literal
from urllib.parse import quote, unquote, urldefrag, urljoin, urlsplit

import attrs
from bs4 import BeautifulSoup, Tag

from politeharvest.net._challenge import challenge_evidence
from politeharvest.net._redirects import SIGN_IN_PATH
from politeharvest.quality._text import DOI_IN_URL as _DOI_IN

__all__ = [
    "RULES",
    "Candidate",
    "PageAnalysis",
    "PageFacts",
    "Regions",
    "SiteRule",
    "element_signature",
    "find_candidates",
    "linkset_candidates",
    "page_facts",
    "parse_link_header",
    "parse_linkset",
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
        linksets: FAIR Signposting linksets the page points to (their items are the
            work's files; reading one is a request, left to the resolver).
    """

    url: str
    kind: Kind
    reason: str
    candidates: tuple[Candidate, ...] = ()
    rejected: tuple[Candidate, ...] = ()
    linksets: tuple[str, ...] = ()


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
        identifier: its address carries the article's DOI, id or slug.
    """

    download_text: float = 55
    pdf_word: float = 35
    download_word: float = 15
    file_address: float = 30
    pdf_type: float = 20
    page_address: float = 20
    other_host: float = 25
    identifier: float = 15


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
    r"(" + SIGN_IN_PATH + r"|/register\b|/cart\b|/account\b|/search/?(?:$|\?)"
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
_PDF_WORD = re.compile(
    r"\bpdf\b|tam\s+metin|volltext|texte\s+intégral|texto\s+completo|testo\s+completo|"
    r"teks\s+lengkap|naskah\s+lengkap|полный\s+текст|全文|原文|본문|원문",
    re.I,
)
_DOWNLOAD_WORD = re.compile(
    r"download|indir|i̇ndir|télécharger|descargar|baixar|herunterladen|full[ -]?text|tam metin", re.I
)
_BAD_TEXT = re.compile(
    r"supplement|supporting|appendix|annex|figure|fig\.|table|slides?\b|poster|video|dataset|"
    r"reference|citation|cite\b|bibtex|endnote|\bris\b|purchase|buy\b|rent\b|subscribe|"
    r"reprint|permission|license|licence|lisans|lizenz|guide|instructions|template|author\s+guidelines|"
    r"cover|kapak|ek\s+dosya|kaynak|atıf|atif|erratum|corrigendum|review\s+report|"  # noqa: RUF001 - Turkish for citation
    r"peer\s+review|graphical\s+abstract|thumbnail|preview|sample\s+pages|table\s+of\s+contents|"
    # other kinds of documents, in the languages of the corpora: abstracts and summaries,
    # notices (retractions, corrections), forms, rules and guides, tables of contents and
    # whole issues, examiners' reports
    r"\babstracts?\b|要旨|抄録|摘要|초록|аннотаци|\brésumé\b|\bresumen\b|\bresumo\b|\bözet\b|"
    r"zusammenfassung|\babstrak\b|retract|withdrawal|withdrawn|penarikan|rétractation|"
    r"retractación|retratação|geri\s+çek|rücknahme|zurückgezogen|expression\s+of\s+concern|"
    r"\bcorrection\b|corrección|correção|düzeltme|berichtigung|errat|撤回|正誤|勘誤|철회|"
    r"\bform\b|formulario|formulaire|formular\b|formu\b|declaration|déclaration|"
    r"conflicts?\s+of\s+interest|copyright\s+(?:agreement|transfer)|checklist|"
    r"submission\s+(?:guidelines|rules|template|form|checklist)|\brules\b|regulations?\b|"
    r"\bmanual\b|handbook|手引|規程|様式|申請書|양식|규정|안내서|правила|положени|\bформа\b|"  # noqa: RUF001
    r"kılavuz|yazım\s+kural|şablon|dilekçe|pedoman|panduan|petunjuk|\bnormas\b|directrices|"  # noqa: RUF001
    r"plantilla|consignes|richtlinie|vorlage|\bcontents\b|sommaire|índice|inhaltsverzeichnis|"
    r"目次|목차|содержание|içindekiler|daftar\s+isi|front\s*matter|back\s*matter|"
    r"(?:full|whole|complete|entire)\s+issue|tam\s+say[ıi]|número\s+completo|numéro\s+complet|"  # noqa: RUF001
    r"edição\s+completa|gesamtausgabe|ganzes\s+heft|審査|심사|referee",
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
#: Class, id and label words of regions that are never the article's own block: references
#: and citing works (their links are other documents by definition), the site's chrome
#: (navigation, footer, sharing, metrics, author information). Lists of other
#: articles (related, most read, this issue...) are recognised by their structure instead
#: (`Regions`), whatever their heading's language, tag or class.
_REGION_WORDS = re.compile(
    r"(^|[\s_-])(ref|refs|references?|reference-?list|bibliography|citations?|cited-?by|citing|"
    r"footer|nav|navigation|navbar|breadcrumbs?|cookies?|share|sharing|social|sidebar-?ad|"
    r"advert\w*|ads|metrics|stats|author-?info|affiliations?|"
    r"site-?header|page-?header|global-?header)"
    r"($|[\s_-])",
    re.IGNORECASE,
)
#: Headings of reference lists (their entries' links are cited works, never the article),
#: and of repository bundles that are not the work (DSpace LICENSE, THUMBNAIL).
_REGION_HEADING = re.compile(
    r"^\W*(?:(?:licen[cs]e|lisans|lizenz|thumbnails?)(?:\s+(?:bundle|files?|dosyalar[ıi]))?|"  # noqa: RUF001
    r"references?|bibliography|literature\s+cited|works\s+cited|cited\s+by|"
    r"citing\s+articles|kaynak(?:ça|ca|lar)|literatur(?:verzeichnis)?|références|bibliographie|"
    r"referencias|referências|bibliografía|список\s+литературы|литература|参考文献|引用文献|참고문헌)\W*$",
    re.IGNORECASE,
)
_HEADINGS = ("h1", "h2", "h3", "h4", "h5", "h6")
_LANDMARKS = {"navigation": "navigation", "contentinfo": "footer", "banner": "header"}
_FILE_HREF = re.compile(
    r"\.pdf(?:$|[?#])|/pdf(?:/|$|\?)|/pdfft|/pdfdirect|/downloads?(?:/|$|\?)|/document$|"
    r"/full-?text(?:/|$)|/volltext(?:/|$)|"
    r"/files?/|viewcontent\.cgi|bitstream|article-file|ndownloader|[?&]format=pdf|"
    r"/(?:get_?)?download[\w-]*\.(?:php|aspx?|jsp|cgi|pl)\b|//(?:download|dl)\.",
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


def _words_of(text: str) -> list[str]:
    """Words folded for comparison, in any script: Latin without diacritics, CJK as bigrams."""
    text = unicodedata.normalize("NFKC", text).lower()
    text = unicodedata.normalize("NFKD", text)
    text = "".join(c for c in text if not unicodedata.combining(c))
    words: list[str] = []
    for word in re.findall(r"\w+", text):
        if _CJK.search(word):  # no spaces between words: character pairs instead
            chars = [c for c in word if not c.isdigit()]
            words.extend(a + b for a, b in itertools.pairwise(chars))
        elif len(word) >= 3 or word.isdigit():
            words.append(word)
    return words


_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af\uf900-\ufaff]")


def _similar(a: str, b: str) -> bool:
    """True when two titles share most of their words (the shorter one's, in any script)."""
    x, y = set(_words_of(a)), set(_words_of(b))
    if not x or not y:
        return False
    return len(x & y) >= 0.6 * min(len(x), len(y))


@attrs.frozen
class PageFacts:
    """What a landing page says about its own article (for ownership evidence).

    Attributes:
        url: the page's address.
        titles: the article's titles (``citation_title``, ``dc.title``, ``og:title``, ``h1``).
        doi: the article's DOI, lower case, if the page gives one.
        ids: tokens of the page's address that name the article (a numeric id, a slug,
            the DOI's suffix), lower case.
        surnames: the authors' family names (``citation_author``, ``dc.creator``), folded.
    """

    url: str
    titles: tuple[str, ...] = ()
    doi: str | None = None
    ids: tuple[str, ...] = ()
    surnames: tuple[str, ...] = ()

    def is_title(self, text: str) -> bool:
        """True when `text` is (close to) one of the article's titles."""
        return any(_similar(text, title) for title in self.titles)

    def relates(self, name: str) -> str | None:
        """Why a file name is this article's ("okafor_lindqvist_2022_aam.pdf"), or None.

        It shares two words with a title, or an author's name, carries an identifier, or is made
        of generic words only ("fulltext.pdf", "thesis_final.pdf").
        """
        stem = re.sub(r"\.\w{2,4}$", "", unquote(name).lower())
        words = set(_words_of(stem.replace("_", " ")))
        if len(words & {w for t in self.titles for w in _words_of(t) if len(w) >= 4}) >= 2:
            return "words of the article's title"
        if words & set(self.surnames):
            return "an author's name"
        if self.named_in(name) is not None:
            return "the article's identifier"
        letters = re.findall(r"[a-z]+", stem)
        if letters and all(w in _BUTTON_WORDS or w in _GENERIC_FILE for w in letters):
            return "a generic name"
        return None

    def untitled(self, text: str) -> str:
        """`text` without the words of the article's titles.

        A label's own words, not the title's, say what a link is: "Open the PDF for <title>"
        becomes "Open the PDF for".
        """
        words = {w for title in self.titles for w in _words_of(title)}
        if not words:
            return text
        return " ".join(t for t in re.findall(r"\S+", text) if not set(_words_of(t)) & words)

    def other_doi(self, url: str) -> str | None:
        """A DOI in `url` that is not the article's (nor a prefix of it, or it of one), or None."""
        if not self.doi:
            return None
        for found in _DOI_IN.findall(unquote(url)):
            other = found.rstrip(".,;)/").lower()
            for suffix in (".pdf", ".full", "/pdf", "/full"):
                other = other.removesuffix(suffix)
            if not (other.startswith(self.doi) or self.doi.startswith(other)):
                return str(other)
        return None

    def named_in(self, url: str) -> str | None:
        """Which of the article's identifiers `url` carries (DOI, id, slug), or None."""
        low = unquote(url).lower()
        if self.doi and (self.doi in low or self.doi.split("/", 1)[-1] in low):
            return f"the article's DOI {self.doi}"
        for token in self.ids:
            if re.search(rf"(?<![0-9a-z]){re.escape(token)}(?![0-9a-z])", low):
                return f"the article's id {token!r} from its address"
        return None


#: Words of generic file names (besides the download-button words).
_GENERIC_FILE = frozenset(
    [
        "thesis",
        "dissertation",
        "tez",
        "tesis",
        "these",
        "diss",
        "preprint",
        "postprint",
        "aam",
        "vor",
        "am",
        "rev",
        "revised",
        "camera",
        "ready",
        "submitted",
        "fulltext",
        "full_text",
        "main",
        "ms",
        "paper",
    ]
)


def page_facts(soup: BeautifulSoup, url: str) -> PageFacts:
    """The article's titles, DOI and address identifiers, as the page states them."""
    titles: list[str] = []
    surnames: list[str] = []
    doi: str | None = None
    for meta in soup.find_all("meta"):
        name = str(meta.get("name") or meta.get("property") or "").strip().lower()
        content = str(meta.get("content") or "").strip()
        if not content:
            continue
        if name in ("citation_title", "dc.title", "og:title", "dcterms.title"):
            titles.append(content)
        elif name in ("citation_author", "dc.creator", "dcterms.creator"):
            family = content.split(",")[0] if "," in content else (content.split() or [""])[-1]
            surnames.extend(_words_of(family))
        elif doi is None and name in (
            "citation_doi",
            "dc.identifier",
            "prism.doi",
            "bepress_citation_doi",
        ):
            found = _DOI_IN.search(content)
            doi = found.group(0).rstrip(".,;)").lower() if found else None
    for element in (soup.find("h1"), soup.title):
        if isinstance(element, Tag):
            titles.append(element.get_text(" ", strip=True))
    if doi is None:
        in_url = _DOI_IN.search(unquote(urlsplit(url).path))
        doi = in_url.group(0).rstrip(".,;)/").lower() if in_url else None
    ids: list[str] = []
    path = unquote(urlsplit(url).path).lower()
    for segment in (
        re.sub(r"\.(?:html?|php|aspx?|jsp|kci|do)$", "", s) for s in path.strip("/").split("/")[-3:]
    ):
        if re.fullmatch(r"\d{3,}(?:[._]\d+)*", segment):  # 4711, 202305.1187
            ids.append(segment)
        elif segment.count("-") >= 2 and re.search(r"[a-z]{3}", segment) and len(segment) >= 12:
            ids.append(segment)  # a slug
        elif re.fullmatch(r"[a-z]{1,6}[-_.]?\d{4,}(v\d+)?", segment):
            ids.append(segment)  # hal-01234, PMC3531190, S1462901...
    # article.php?id=4711, artiId=ART002852171
    ids += [
        v.lower()
        for v in re.findall(r"(?:^|&)[^=&]*=([A-Za-z]{0,6}\d{3,})(?=&|$)", urlsplit(url).query)
    ]
    return PageFacts(
        url,
        tuple(dict.fromkeys(t for t in titles if t)),
        doi,
        tuple(dict.fromkeys(ids)),
        tuple(dict.fromkeys(surnames)),
    )


def _shape(url: str) -> tuple[str, ...]:
    """An address's path with its identifying parts blanked (another article's page looks alike).

    Segments with digits become ``#``, slugs ``*``; query fields keep their names, their
    values blanked the same way (``article.php?id=#``).
    """
    parts = urlsplit(url)
    segments = unquote(parts.path).strip("/").split("/")
    fields = [f.split("=", 1) for f in parts.query.split("&") if f]
    return (
        *(
            "#" if re.search(r"\d", s) else "*" if s.count("-") >= 2 else s.lower()
            for s in segments
        ),
        *(f"?{f[0]}={'#' if re.search(r'[0-9]', f[-1]) else '*'}" for f in fields),
    )


def _same_page(a: str, b: str) -> bool:
    """True when two addresses name the same page (path and query alike, fragments aside)."""
    x, y = urlsplit(a), urlsplit(b)
    return (x.path.rstrip("/"), x.query) == (y.path.rstrip("/"), y.query)


#: Words of download buttons and file descriptions, in the languages of the anchor words
#: and the scripts of the corpora ("Download PDF (2.3 MB)", "PDF Format: view or download
#: as a PDF file", "Tam Metin", "全文PDF", "Скачать PDF"); a button may add one word more
#: (a language: "PDF (English)").
_BUTTON_WORDS = frozenset(
    re.split(
        r"\s+",
        "download downloads view open get read pdf pdfs full text fulltext article paper file "
        "files version format here now this that the a an as or of in on at to for and with "
        "your our its size kb mb gb ko mo manuscript document published accepted final "
        "original main link english print printable new window tab opens click save online "
        "tam metin makale indir i̇ndir bu ve için türkçe ingilizce télécharger texte intégral "
        "le la les l du des de en et au version française français descargar texto completo "
        "el los las del al en este esta artículo artigo baixar em do da este esta português "
        "español herunterladen volltext artikel der die das des den dem als im und deutsch "
        "unduh teks lengkap naskah artikel ini dalam bahasa indonesia inggris скачать полный "
        "текст статьи статья статью файл в на и с pdf-файл русский",  # noqa: RUF001 - Russian
    )
)
#: Button words of scripts written without spaces, removed before counting what is left.
_CJK_WORDS = (
    r"全文|本文|下载|下載|ダウンロード|ファイル|閲覧|表示|論文|论文|日本語|英語|中文|英文|"
    r"原文|원문|다운로드|보기|파일|열기|논문|한국어|영어"
)
_CJK_BUTTON = re.compile(_CJK_WORDS + r"|[をのでする]")


#: Runs of letters, a script's run apart from the next ("pdf形式" is "pdf" and "形式").
_LETTER_RUNS = re.compile(
    r"[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af\uf900-\ufaff]+|[^\W\d_\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af\uf900-\ufaff]+"
)


def _button_text(text: str) -> bool:
    """True when an anchor's text is a download button's, not a document's name."""
    if _STRONG_TEXT.match(text):
        return True
    letters = re.findall(r"[^\W\d_]+", text.lower())
    if letters and all(w in _BUTTON_WORDS for w in letters) and len(letters) <= 6:
        return True  # "Read article", "View full text", "Open"
    if not (
        _PDF_WORD.search(text)
        or _DOWNLOAD_WORD.search(text)
        or re.search(r"скачать|текст|unduh|" + _CJK_WORDS, text, re.I)
    ):
        return False
    words = re.findall(_LETTER_RUNS, _CJK_BUTTON.sub(" ", text.lower()))
    rest = [w for w in words if w not in _BUTTON_WORDS and len(w) > 1 and w != "pdf"]
    if any(len(w) >= 3 and _CJK.search(w) for w in rest):
        return False  # a name written without spaces ("博士論文インターネット公表許諾書")
    rest = [w.removesuffix("pdf") for w in rest if w.removesuffix("pdf") not in _BUTTON_WORDS]
    return len(rest) <= 1 and bool(words or re.search(_CJK_WORDS, text))


def _names_document(element: Tag, *, loose: bool = False) -> str | None:
    """The text of a link that names a document (a title-like text, not a button or file name).

    `loose` accepts shorter titles (two words), for links whose place already says
    they are titles (one per block of a list).
    """
    text = " ".join(element.get_text(" ", strip=True).split())
    if _CJK.search(text):  # no spaces between words: its letters count
        letters = len(re.findall(r"\w", text))
        if letters >= (5 if loose else 8) and not _button_text(text):
            return text
        return None
    short = (
        len(text) < 10 or len(text.split()) < 2
        if loose
        else len(text) < 15 or len(text.split()) < 3
    )
    if short or _button_text(text) or (_PDF_WORD.search(text) and len(text.split()) <= 3):
        return None
    if re.search(r"\.(pdf|docx?|zip|txt)\b|https?://|www\.", text, re.IGNORECASE):
        return None
    return text


#: Elements that are items of a list by their tag alone (alike without a class).
_ITEM_TAGS = ("li", "tr", "dd", "article")
_REAL_HREF = re.compile(r"^\s*(?!#|javascript:|mailto:)\S", re.IGNORECASE)
_SIZE = re.compile(r"\d+(?:[.,]\d+)?\s*(?:[kmg]i?b|bytes?)\b|\.pdf\b|\d{1,2}:\d\d", re.IGNORECASE)


def _own_text(block: Tag) -> str | None:
    """A title-like text of `block` outside its links ("Dune migration [PDF]"), or None.

    File descriptions (sizes, file names, formats) are no titles: a repository's file
    table is not a list of other documents.
    """
    if block.name in ("tr", "td", "th", "table", "tbody"):
        return None
    parts = [s for s in block.find_all(string=True) if s.find_parent("a") is None]
    text = " ".join(" ".join(parts).split())
    if not text or _SIZE.search(text) or _button_text(text):
        return None
    if len(text) < 10 or len(text.split()) < 2 or len(text) > 300:
        return None
    return text


class Regions:
    """Tells whether an element lies outside the article's own block (core, per page).

    Walking up from the element to the container of the page's title (its ``h1``) or
    ``main``: a region is recognised by its element (``header``, ``footer``, ``nav``),
    its ARIA landmark role, reference-list words in its class or id, or the heading of
    a reference list just before it. Blocks about other documents are recognised by
    their structure, whatever their heading's language, tag or class:

    - a list: the element sits in one of several sibling blocks of the same tag and
      class, each with a title-like link (an article list: related, most read, this
      issue's other articles, a table of contents), unless its title is the article's;
    - a card: the element sits in a small block beside a title-like link to another
      page shaped like this one (``/article/view/123`` on ``/article/view/456``),
      previous/next-article navigation among them.
    """

    def __init__(self, soup: BeautifulSoup, facts: PageFacts | None = None, base: str = "") -> None:
        title = soup.find("h1")
        self._stops = {id(p) for p in title.parents} if isinstance(title, Tag) else set()
        self._cache: dict[int, str | None] = {}
        self._facts = facts or PageFacts("")
        self._shape = _shape(self._facts.url) if self._facts.url else ()
        self._base = base or self._facts.url

    def label(self, element: Tag) -> str:
        """The heading of the small block `element` sits in ("Template", "Downloads"), or ""."""
        child: Tag = element
        for depth, parent in enumerate(element.parents):
            if depth >= 4 or not isinstance(parent, Tag) or id(parent) in self._stops:
                return ""
            if parent.name in ("body", "html", "main"):
                return ""
            for sibling in child.find_previous_siblings(limit=3):
                heading = sibling if sibling.name in _HEADINGS else None
                if heading is None and len(sibling.get_text(" ", strip=True).split()) > 15:
                    return ""  # a heading before this text labels the text ("Abstract")
                if heading is None and sibling.find("a") is None:
                    inner = sibling.find(_HEADINGS)
                    # a heading's wrapper (<div class="title"><h3>...</h3></div>), not a
                    # section of its own with a heading and more
                    same = inner is not None and inner.get_text(strip=True) == sibling.get_text(
                        strip=True
                    )
                    heading = inner if same else None
                if heading is not None:
                    return " ".join(heading.get_text(" ", strip=True).split())[:80]
            child = parent
        return ""

    def outside(self, element: Tag) -> str | None:
        """Why `element` is outside the article's own block, or None when it is inside."""
        child: Tag = element
        for depth, parent in enumerate(element.parents):
            if not isinstance(parent, Tag) or parent.name in ("body", "html", "main"):
                return None
            if id(parent) in self._stops or str(parent.get("role") or "") == "main":
                return None
            key = id(child)
            if key not in self._cache:
                self._cache[key] = self._region(parent, child) or (
                    self._other_document(parent, element, depth) if depth < 8 else None
                )
            if self._cache[key] is not None:
                return self._cache[key]
            child = parent
        return None

    def _other_document(self, block: Tag, element: Tag, depth: int) -> str | None:
        """Why `block` is about another document than the article, or None."""
        names = [
            (a, text)
            for a in block.find_all("a", href=_REAL_HREF)
            if a is not element and (text := _names_document(a, loose=True)) is not None
        ]
        if not names:
            # a title in plain text beside a button ("Dune migration [PDF]"); a file name's
            # link beside its bundle's heading is a repository's file list, not this
            small = depth <= 1 and len(block.find_all("a", href=_REAL_HREF)) <= 3
            own = _own_text(block) if small and not _SIZE.search(_text_of(element)) else None
            if own is None:
                return None
            names = [(block, own)]
        if any(self._facts.is_title(text) for _, text in names):
            return None  # the article's own entry (in a list of this issue, say)
        title = names[0][1][:60]
        parent = block.parent
        if isinstance(parent, Tag) and block.name not in ("p", "span", "td", "th"):
            alike = [
                s
                for s in parent.find_all(block.name, recursive=False)
                if s is not block
                and (s.get("class") or []) == (block.get("class") or [])
                and (block.get("class") or block.name in _ITEM_TAGS)
                and (
                    any(_names_document(a, loose=True) for a in s.find_all("a", href=_REAL_HREF))
                    or _own_text(s) is not None
                )
            ]
            if alike:
                return (
                    f"in a list of other documents ({len(alike) + 1} alike blocks, e.g. {title!r})"
                )
        if self._shape and depth <= 1 and len(block.find_all("a", href=_REAL_HREF)) <= 4:
            for anchor, text in names:
                if not anchor.get("href") or anchor is block:
                    continue
                href = _absolute(str(anchor["href"]), self._base)
                if (
                    not _same_page(href, self._facts.url)
                    and _same_site(href, self._facts.url)
                    and _shape(href) == self._shape
                ):
                    return f"beside a link to another article {text[:60]!r}"
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


# -- FAIR Signposting: Link headers, <link rel="item">, linksets ------------------------------


def parse_link_header(value: str) -> list[tuple[str, dict[str, str]]]:
    """The links of an HTTP ``Link`` header (RFC 8288): ``(target, {param: value})`` pairs.

    Commas inside ``<...>`` and quoted values are kept; parameter names are lower case;
    a malformed link is skipped, never an exception.
    """
    links: list[tuple[str, dict[str, str]]] = []
    for match in re.finditer(
        r"<([^<>]*)>((?:\s*;\s*[^;,=\s]+\s*(?:=\s*(?:\"[^\"]*\"|[^;,\s]*))?)*)", value
    ):
        params: dict[str, str] = {}
        for param in re.finditer(
            r";\s*([^;,=\s]+)\s*(?:=\s*(\"[^\"]*\"|[^;,\s]*))?", match.group(2)
        ):
            params.setdefault(param.group(1).lower(), (param.group(2) or "").strip('"'))
        links.append((match.group(1).strip(), params))
    return links


def parse_linkset(data: str | bytes, base: str) -> list[tuple[str, dict[str, str]]]:
    """The links a linkset gives its anchor ``base`` (RFC 9264, JSON or Link-header format)."""
    text = data.decode("utf-8", "replace") if isinstance(data, bytes) else data
    if not text.lstrip().startswith("{"):
        return [
            (target, params)
            for target, params in parse_link_header(text)
            if _absolute(params.get("anchor", base), base).rstrip("/") == base.rstrip("/")
        ]
    try:
        sets = json.loads(text).get("linkset") or []
    except (ValueError, AttributeError):
        return []
    links: list[tuple[str, dict[str, str]]] = []
    for entry in sets if isinstance(sets, list) else []:
        if not isinstance(entry, dict):
            continue
        anchor = _absolute(str(entry.get("anchor") or base), base)
        if anchor.rstrip("/") != base.rstrip("/"):
            continue
        for rel, targets in entry.items():
            for target in targets if isinstance(targets, list) else []:
                if isinstance(target, dict) and target.get("href"):
                    links.append(
                        (str(target["href"]), {"rel": rel, "type": str(target.get("type") or "")})
                    )
    return links


def _is_file_item(params: Mapping[str, str], target: str) -> bool:
    kind = params.get("type", "").lower()
    return "item" in params.get("rel", "").lower().split() and (
        "pdf" in kind or (not kind and ".pdf" in target.lower())
    )


def _signposting_candidates(
    soup: BeautifulSoup, base: str, headers: Mapping[str, str]
) -> tuple[list[Candidate], list[str]]:
    """FAIR Signposting items (the files of the page's work) and linkset addresses to read."""
    found: list[Candidate] = []
    linksets: list[str] = []
    header = next((str(v) for k, v in headers.items() if str(k).lower() == "link"), "")
    sources: list[tuple[str, dict[str, str], str]] = [
        (t, p, "HTTP Link header") for t, p in parse_link_header(header)
    ]
    for link in soup.find_all("link", href=True):
        rel = " ".join(link.get("rel") or []).lower()
        params = {"rel": rel, "type": str(link.get("type") or "")}
        sources.append((str(link["href"]), params, f"<link rel={rel}>"))
    for target, params, where in sources:
        url = _absolute(target, base)
        if not url:
            continue
        if _is_file_item(params, target):
            kind = params.get("type") or "a .pdf address"
            found.append(
                Candidate(
                    url,
                    "signposting",
                    f"FAIR Signposting item ({where}, {kind})",
                    98.0,
                    strong=True,
                )
            )
        elif "linkset" in params.get("rel", "").lower().split():
            linksets.append(url)
    return found, linksets


def linkset_candidates(data: str | bytes, url: str, landing: str) -> list[Candidate]:
    """The file items a linkset read from `url` gives the landing page `landing`."""
    return [
        Candidate(
            _absolute(t, landing),
            "signposting",
            f"FAIR Signposting item (linkset {url})",
            98.0,
            strong=True,
        )
        for t, p in parse_linkset(data, landing)
        if _is_file_item(p, t)
    ]


# -- JSON-LD: the work's own encodings -------------------------------------------------------

_WORK_TYPES = re.compile(
    r"scholarlyarticle|article|thesis|report|book|chapter|creativework|dataset|medicalscholarlyarticle",
    re.IGNORECASE,
)


def _jsonld_candidates(soup: BeautifulSoup, base: str) -> list[Candidate]:
    """PDF encodings of the page's work in JSON-LD, never a cited or related work's.

    Read from the work's ``encoding``, ``associatedMedia`` or ``distribution`` (each with
    a ``contentUrl``), or the work's own ``contentUrl`` when its format is PDF.
    """
    found = []
    for script in soup.find_all("script", attrs={"type": re.compile(r"ld\+json", re.I)}):
        try:
            data = json.loads(script.string or "")
        except ValueError:
            continue
        items = data if isinstance(data, list) else [data]
        works = [
            w
            for item in items
            if isinstance(item, dict)
            for w in [item, *(item.get("@graph") or [])]
        ]
        for work in works:
            if not isinstance(work, dict) or not _WORK_TYPES.search(str(work.get("@type") or "")):
                continue
            media: list[Any] = []
            for key in ("encoding", "associatedMedia", "distribution"):
                value = work.get(key)
                media.extend(value if isinstance(value, list) else [value] if value else [])
            kind = str(work.get("encodingFormat") or "")
            if work.get("contentUrl") and (
                "pdf" in kind.lower() or ".pdf" in str(work["contentUrl"]).lower()
            ):
                media.append(work)
            for item in media:
                if not isinstance(item, dict):
                    continue
                target = str(item.get("contentUrl") or item.get("url") or "")
                fmt = str(item.get("encodingFormat") or item.get("fileFormat") or "")
                if target and ("pdf" in fmt.lower() or ".pdf" in target.lower()):
                    found.append(
                        Candidate(
                            _absolute(target, base),
                            "jsonld",
                            f"JSON-LD {work.get('@type')} contentUrl ({fmt or 'a .pdf address'})",
                            88.0,
                        )
                    )
    return found


_OTHER_KIND_FILE = re.compile(
    r"(^|[^a-z])(suppl\w*|appendix|annex|abstracts?|erratum|corrigendum|toc|contents|cover|"
    r"front[-_]?matter|back[-_]?matter|guidelines?|template|form|poster|slides|si|esm|dataset)"
    r"([^a-z]|$)",
    re.IGNORECASE,
)


#: `Regions` reasons that say a link belongs to another document (not only outside the article).
_OTHER_DOCUMENT_REGIONS = (
    "in a list of other documents",
    "beside a link to another article",
    "inside <nav>",
    "inside the page's navigation",
    "under the heading",
)


def _contradiction(
    url: str,
    sources: Sequence[tuple[Tag, str, str]],
    base: str,
    regions: Regions,
    facts: PageFacts,
    rules: Sequence[SiteRule] = (),
) -> str | None:
    """Why the page itself says `url` is another document, or None.

    The same address linked from another article's block, a list or the navigation, or
    labelled as another kind of document.
    """
    for element, href, _ in sources:
        link = _absolute(href, base)
        if link != url and all(r.rewritten(link) != url for r in rules if r.rewrite):
            continue  # neither the address nor its file (an OJS galley's view page)
        label = _foreign_label(element, url, regions, facts)
        if label is not None:
            return f"the page's link to it says it is another document: {label}"
        named = _names_document(element) if element.name in ("a", "area") else None
        if named is not None and not facts.is_title(named):
            return f"the page's link to it names another document ({named[:50]!r})"
        where = regions.outside(element)
        if where is not None and where.startswith(_OTHER_DOCUMENT_REGIONS):
            return f"the page links the same address {where}"
    return None


def _rule_candidates(
    soup: BeautifulSoup,
    url: str,
    rules: Sequence[SiteRule],
    regions: Regions,
    facts: PageFacts,
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
                link = _absolute(str(href), url)
                why = _foreign_label(element, link, regions, facts) or regions.outside(element)
                candidate = Candidate(
                    link,
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
    from politeharvest.net._redirects import registrable_domain

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


#: A script's value whose key names a PDF's address ("pdfUrl": "/stamp/stamp.jsp?...").
_SCRIPT_PDF = re.compile(
    r"""["']?(\w*pdf\w*(?:url|link|href|path|uri)\w*)["']?\s*[:=]\s*["']([^"'\s]{4,300})["']""",
    re.IGNORECASE,
)
_TEXT_URL = re.compile(r"https?://[^\s<>\"']+", re.IGNORECASE)
_QUOTED = re.compile(r"""["']([^"'\s]{4,})["']""")
_URLISH = re.compile(r"^(?:https?://|//|/|\.\./|[\w.-]+/)[^\s<>]*$|\.pdf(?:$|\?)", re.IGNORECASE)


def _looks_like_link(value: str) -> bool:
    value = value.strip()
    return bool(_URLISH.search(value)) and (
        value.lower().startswith(("http", "/", "."))
        or bool(_FILE_HREF.search(value))
        or "/" in value
    )


def _form_label(form: Tag) -> str:
    """The text of a form's submit button ("Download the selected file"), or ""."""
    for field in form.find_all(["input", "button"]):
        kind = str(field.get("type") or ("submit" if field.name == "button" else "text")).lower()
        if kind in ("submit", "button"):
            return str(field.get("value") or "") or field.get_text(" ", strip=True)
    return ""


def _form_link(form: Tag) -> tuple[str, str] | None:
    """A GET form's target with its fields (``action?file=...``), and its button's text."""
    if str(form.get("method") or "get").lower() != "get":
        return None
    action = str(form.get("action") or "").strip()
    fields: list[str] = []
    label = ""
    for field in form.find_all(["input", "button"]):
        kind = str(field.get("type") or "text").lower()
        name, value = str(field.get("name") or ""), str(field.get("value") or "")
        if kind in ("submit", "button") or field.name == "button":
            label = label or value or field.get_text(" ", strip=True)
        if name and kind in ("hidden", "submit", "text") and value:
            fields.append(f"{quote(name)}={quote(value, safe='/:')}")
    if not action and not fields:
        return None
    target = action + (("&" if "?" in action else "?") + "&".join(fields) if fields else "")
    return target, label


def _link_sources(soup: BeautifulSoup) -> Iterator[tuple[Tag, str, str]]:
    """Every link a reader could follow: (element, address, where the address was read).

    Anchors' ``href``; addresses in ``onclick`` handlers (``window.open('...')``), in
    ``data-*`` attributes (``data-href``, ``data-pdf-url``...), GET forms (their action
    with their fields) and form values that are addresses themselves.
    """
    for element in soup.find_all(True):
        if element.name in ("a", "area") and element.get("href"):
            yield element, str(element["href"]).strip(), "href"
        if element.name in ("script", "style", "meta", "link", "img", "source", "iframe"):
            continue
        for name, value in element.attrs.items():
            if not isinstance(value, str) or not value.strip():
                continue
            if name.startswith("on") and len(name) > 4:
                button = _button_text(element.get_text(" ", strip=True) or _text_of(element))
                for found in _QUOTED.findall(value):
                    if _looks_like_link(found) and (button or _FILE_HREF.search(found)):
                        yield element, found, name
            elif (
                name.startswith("data-")
                and _looks_like_link(value)
                and (_FILE_HREF.search(value) or re.search(r"pdf|file|download|href|url", name))
            ):
                yield element, value.strip(), name
            elif (
                element.name == "input"
                and name == "value"
                and _FILE_HREF.search(value)
                and _looks_like_link(value)
            ):
                form = element.find_parent("form")
                yield (form if isinstance(form, Tag) else element), value.strip(), "form value"
        if element.name == "form":
            found_form = _form_link(element)
            if found_form is not None and _FILE_HREF.search(found_form[0]):
                yield element, found_form[0], "form"
    for script in soup.find_all("script"):
        if "ld+json" in str(script.get("type") or "").lower():
            continue  # read as JSON-LD (the work's own encodings only)
        for key, found in _SCRIPT_PDF.findall(script.string or ""):
            if _looks_like_link(found):
                yield script, found.replace("\\/", "/"), f"script {key}"
    for text in soup.find_all(string=_TEXT_URL):
        parent = text.parent
        if not isinstance(parent, Tag) or parent.find_parent(["a", "script", "style"]) is not None:
            continue
        if parent.name in ("a", "script", "style", "title", "textarea", "code"):
            continue
        for found in _TEXT_URL.findall(str(text)):
            if _FILE_HREF.search(found):
                yield parent, found.rstrip(".,;)"), "the page's text"


#: Kinds of documents an item's label may name ("Supplementary data", "内容の要旨"): the
#: anchor words less those that describe a file's actions and status in file tables
#: ("Preview", "License", "Cite", "Thumbnail", "Table").
_ITEM_KINDS = re.compile(
    "|".join(
        w
        for w in _BAD_TEXT.pattern.split("|")
        if not re.fullmatch(
            r"preview|licen[cs]e|lisans|lizenz|thumbnail|cite\\b|citation|reference|bibtex|"
            r"endnote|\\bris\\b|purchase|buy\\b|rent\\b|subscribe|permission|figure|fig\\.|"
            r"table|video|cover|kapak|kaynak|atıf|atif|reprint",  # noqa: RUF001
            w,
        )
    ),
    re.IGNORECASE,
)


def _item_text(element: Tag) -> str:
    """The short text of the list item or table row a link sits in ("内容の要旨 [file] (182 KB)").

    Only an item of a few words counts (a label), not a paragraph around a link.
    """
    for depth, parent in enumerate(element.parents):
        if depth > 2 or not isinstance(parent, Tag):
            return ""
        if parent.name in ("li", "tr", "dd", "dt"):
            text = " ".join(parent.get_text(" ", strip=True).split())
            return text if len(text.split()) <= 12 else ""
    return ""


def _foreign_label(
    element: Tag, link: str, regions: Regions, facts: PageFacts, text: str | None = None
) -> str | None:
    """Why the link's own label or address says it is another document, or None.

    The label is the link's text (and title) and the heading of its small block
    ("Template", "Supplementary material"); the address may carry another DOI.
    """
    text = _text_of(element) if text is None else text
    if _BAD_TEXT.search(facts.untitled(text)):
        return f"anchor text {text[:40]!r} names another kind of document"
    heading = regions.label(element) if element.name != "script" else ""
    if heading and _ITEM_KINDS.search(facts.untitled(heading)):
        return f"under the heading {heading[:40]!r}, another kind of document"
    item = _item_text(element)
    if item and _ITEM_KINDS.search(facts.untitled(item)):
        return f"in an item labelled {item[:40]!r}, another kind of document"
    other = facts.other_doi(link)
    if other is not None:
        return f"the address carries another DOI ({other}) than the article's ({facts.doi})"
    return None


def _anchor_candidates(
    soup: BeautifulSoup, base: str, regions: Regions, facts: PageFacts
) -> list[Candidate]:
    """Links scored by their own evidence, never a link that names another document.

    Evidence: a button's text or class, a file's address, the article's identifiers in
    the address; a link's label or address that names another document rejects it.
    """
    page_host = (urlsplit(base).hostname or "").lower()
    found = []
    for element, href, where in _link_sources(soup):
        text = "" if element.name == "script" else _text_of(element)
        if element.name == "form":
            text = _form_label(element) or text[:40]
        elif where == "the page's text":  # its label is the text around it, unless prose
            text = " ".join(_TEXT_URL.sub(" ", text).split())
            text = text if len(text.split()) <= 6 else ""
        if not href or _BAD_HREF.search(href):
            if href and not href.startswith("#"):
                found.append(
                    Candidate(
                        href, "anchor", f"text {text[:40]!r}", 0.0, rejected="blocked link pattern"
                    )
                )
            continue
        link = _absolute(href, base)
        source = "anchor" if where == "href" else f"anchor:{where}"
        foreign = _foreign_label(
            element, link, regions, facts, text if element.name == "script" else None
        )
        if foreign is not None:
            found.append(Candidate(link, source, f"text {text[:40]!r}", 0.0, rejected=foreign))
            continue
        if link.rstrip("/") == base.rstrip("/"):
            continue  # the page itself ("View full text" on an abstract page)
        score = 0.0
        evidence = [] if where == "href" else [f"address read from {where}"]
        if element.name == "script":  # a value whose key names a PDF ("pdfUrl")
            score += ANCHOR_WEIGHTS.pdf_word
        named = _names_document(element) if element.name in ("a", "area") else None
        if named is not None and not facts.is_title(named):
            found.append(
                Candidate(
                    link,
                    source,
                    f"text {text[:40]!r}",
                    0.0,
                    rejected=f"the link names another document ({named[:50]!r})",
                )
            )
            continue
        visible = " ".join(element.get_text(" ", strip=True).split())
        if element.name != "form":
            # a button's visible text decides when it is one ("원문보기" titled "새창열림")
            text = visible if visible and _button_text(visible) else text
        if named is not None:
            score += ANCHOR_WEIGHTS.pdf_word
            evidence.append("anchor text is the article's title")
        elif _STRONG_TEXT.match(text):
            score += ANCHOR_WEIGHTS.download_text
            evidence.append(f"anchor text {text[:40]!r}")
        elif _button_text(text) and _PDF_WORD.search(text):
            score += ANCHOR_WEIGHTS.pdf_word
            evidence.append(f"anchor text mentions {_PDF_WORD.search(text).group(0)!r}")  # type: ignore[union-attr]
        elif _button_text(text):
            score += ANCHOR_WEIGHTS.download_word
            evidence.append(f"anchor text {text[:40]!r}")
        elif re.fullmatch(r"\S+\.pdf", text.split(" ")[0] if text else "", re.IGNORECASE):
            name = text.split(" ")[0]
            related = facts.relates(name)
            if related is not None:
                score += ANCHOR_WEIGHTS.download_word
                evidence.append(f"anchor text is a file name with {related} {name[:40]!r}")
        if _FILE_HREF.search(link):
            score += ANCHOR_WEIGHTS.file_address
            evidence.append("address looks like a file")
        classes = " ".join([*(element.get("class") or []), str(element.get("id") or "")]).lower()
        if "pdf" in str(element.get("type") or "").lower() or "pdf" in classes:
            score += ANCHOR_WEIGHTS.pdf_type
            evidence.append("type/class says pdf")
        elif re.search(r"download|galley|(?:^|[\s_-])(?:down|dl)(?:$|[\s_-])", classes):
            score += ANCHOR_WEIGHTS.download_word
            evidence.append("class says download")
        identified = facts.named_in(link)
        if identified is not None and score > 0:
            score += ANCHOR_WEIGHTS.identifier
            evidence.append(f"address carries {identified}")
        if re.search(r"\.(html?|php|aspx?|jsp)(?:$|\?)", urlsplit(link).path, re.I) and not (
            _FILE_HREF.search(link) or element.name == "script"
        ):
            score -= ANCHOR_WEIGHTS.page_address
            evidence.append("address of a web page")
        host = (urlsplit(link).hostname or "").lower()
        if host != page_host and identified is None and not _same_site(link, base):
            score -= ANCHOR_WEIGHTS.other_host
            evidence.append("another host")
        if score <= 0:
            continue
        why = regions.outside(element)
        # a download button in the article's block whose same-site file address carries the
        # article's DOI or id is as strong as a declared file
        strong = (
            why is None
            and identified is not None
            and host == page_host
            and bool(_FILE_HREF.search(link))
            and any(e.startswith(("anchor text '", "anchor text mentions")) for e in evidence)
        )
        if strong:
            evidence.append("strong: a download button with the article's identifier")
        found.append(
            Candidate(
                link,
                source,
                "; ".join(evidence),
                score,
                rejected=why,
                signature=element_signature(element),
                strong=strong,
            )
        )
    return found


def _learned_candidates(
    soup: BeautifulSoup, base: str, signatures: Iterable[str], regions: Regions, facts: PageFacts
) -> list[Candidate]:
    """Links in the place a verified file's link held on this site.

    Not when their label or address says they are another document: the same place in
    another item's file table may hold its supplement.
    """
    wanted = set(signatures)
    if not wanted:
        return []
    found = []
    for element in soup.find_all("a", href=True):
        signature = element_signature(element)
        if signature in wanted and not _BAD_HREF.search(str(element["href"])):
            link = _absolute(str(element["href"]), base)
            found.append(
                Candidate(
                    link,
                    "learned",
                    f"same structure as a verified link: {signature[-60:]}",
                    85.0,
                    rejected=_foreign_label(element, link, regions, facts)
                    or regions.outside(element),
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


def _weigh_declared(
    candidates: list[Candidate],
    soup: BeautifulSoup,
    base: str,
    regions: Regions,
    facts: PageFacts,
    rules: Sequence[SiteRule] = (),
) -> list[Candidate]:
    """Declared files (meta tags, JSON-LD, Signposting) weighed against what the page shows.

    A same-site declaration is strong evidence, unless the page itself contradicts it:
    the same address linked from another article's block, a list, the page's navigation,
    or labelled as another kind of document (a stale ``citation_pdf_url`` naming the
    previous article). With several declared files, order says nothing: a file name
    that says supplement, abstract or cover ranks last, the article's identifiers in
    the address first.
    """
    declared = {c.url for c in candidates if c.source.startswith(("meta:", "link:", "jsonld"))}
    sources = list(_link_sources(soup)) if declared else []
    # the page's own links that carry the article's id: a declared file without it is suspect
    carried = [
        c.url
        for c in candidates
        if c.rejected is None
        and c.source.startswith(("anchor", "rule:"))
        and c.score >= MIN_SCORE
        and facts.named_in(c.url) is not None
    ]
    out = []
    for c in candidates:
        if not c.source.startswith(("meta:", "link:", "jsonld", "signposting")):
            out.append(c)
            continue
        strong = c.strong if c.source == "signposting" else _same_site(c.url, base)
        score, evidence = c.score, c.evidence
        contradiction = _contradiction(c.url, sources, base, regions, facts, rules)
        other = facts.other_doi(c.url)
        if contradiction is None and other is not None:
            contradiction = f"the address carries another DOI ({other}) than the article's"
        if contradiction is None and carried and facts.named_in(c.url) is None:
            contradiction = (
                f"the page's own link {carried[0]} carries the article's identifier, this "
                "address does not"
            )
        if contradiction is not None and contradiction.startswith("the page's link to it"):
            out.append(attrs.evolve(c, strong=False, rejected=contradiction))
            continue
        if contradiction is not None:
            strong, score = False, score - 50
            evidence = f"{evidence}; weak: {contradiction}"
        if len(declared) > 1:
            name = unquote(urlsplit(c.url).path.rsplit("/", 1)[-1] + "?" + urlsplit(c.url).query)
            kind = _OTHER_KIND_FILE.search(name)
            if kind is not None:
                strong, score = False, score - 30
                evidence = (
                    f"{evidence}; one of {len(declared)} declared files, named {kind.group(2)!r}"
                )
            identified = facts.named_in(c.url)
            if identified is not None:
                score += 5
                evidence = f"{evidence}; address carries {identified}"
        out.append(attrs.evolve(c, strong=strong, score=score, evidence=evidence))
    return out


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
    facts = page_facts(soup, url)
    regions = Regions(soup, facts, base)
    signposted, linksets = _signposting_candidates(soup, base, headers or {})
    candidates = [
        *_rule_candidates(soup, base if base != url else url, rules, regions, facts),
        *signposted,
        *_meta_candidates(soup, base),
        *_jsonld_candidates(soup, base),
        *_learned_candidates(soup, base, learned, regions, facts),
        *_anchor_candidates(soup, base, regions, facts),
    ]
    candidates = [_repair_meta(c, soup, base) for c in candidates if c.url]
    candidates = _weigh_declared(candidates, soup, base, regions, facts, rules)
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
        if candidate.rejected is None and candidate.source.startswith(("anchor", "learned")):
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
        if reason is None and candidate.source.startswith("anchor") and candidate.score < MIN_SCORE:
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
        return PageAnalysis(
            url, "pdf", f"{top.source}: {top.evidence}", ranked, tuple(rejected), tuple(linksets)
        )
    fulltext = soup.find("meta", attrs={"name": re.compile(r"^citation_fulltext_html_url$", re.I)})
    if fulltext is not None:
        return PageAnalysis(
            url,
            "html-fulltext",
            "meta citation_fulltext_html_url and no file link",
            (),
            tuple(rejected),
            tuple(linksets),
        )
    return PageAnalysis(
        url, "none", "no full-text file link on the page", (), tuple(rejected), tuple(linksets)
    )
