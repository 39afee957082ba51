"""Bot walls: recognise them by their markers, stop, never try to pass them (core, no I/O).

Each wall vendor leaves its own marks on the interstitial page or its headers:
Cloudflare (managed challenge, Turnstile), Anubis, AWS WAF, DDoS-Guard, Akamai Bot
Manager, PerimeterX/HUMAN, Imperva/Incapsula, DataDome, and bare hCaptcha or
reCAPTCHA interstitials. A marker that can also appear on an ordinary article page
(a challenge widget under a comment form: Turnstile, hCaptcha, reCAPTCHA) counts only
on a page that is no article (no ``citation_title``): Turnstile there always, a captcha
when the page says little else or its title is an interstitial's. A challenge widget in
one form of an article page is no wall.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

__all__ = ["challenge_evidence"]

#: (vendor, marker) pairs only a wall's interstitial carries, searched in the page's head.
_STRONG_BODY: tuple[tuple[str, str], ...] = (
    ("Cloudflare", "window._cf_chl_opt"),
    ("Cloudflare", "/cdn-cgi/challenge-platform/"),
    ("Cloudflare", "cf-browser-verification"),
    ("Anubis", "within.website/x/cmd/anubis"),
    ("Anubis", 'id="anubis_challenge"'),
    ("Anubis", "anubis_version"),
    ("AWS WAF", "awswafcookiedomainlist"),
    ("AWS WAF", "awswafintegration"),
    ("AWS WAF", ".token.awswaf.com"),
    ("DDoS-Guard", "ddos-guard.net/"),
    ("DDoS-Guard", "check.ddos-guard.net"),
    ("Akamai Bot Manager", "sec-if-cpt-container"),
    ("Akamai Bot Manager", "/_sec/cp_challenge/"),
    ("Akamai Bot Manager", "bm-verify"),
    ("Akamai", "errors.edgesuite.net"),
    ("Akamai", "errors&#46;edgesuite&#46;net"),
    ("PerimeterX", "px-captcha"),
    ("PerimeterX", "captcha.px-cdn.net"),
    ("PerimeterX", "window._pxappid"),
    ("Imperva", "_incapsula_resource"),
    ("DataDome", "captcha-delivery.com"),
)
#: Headers of wall responses: (header, value pattern, vendor).
_HEADERS: tuple[tuple[str, str, str], ...] = (
    ("cf-mitigated", r"^challenge$", "Cloudflare"),
    ("x-amzn-waf-action", r"^(challenge|captcha)$", "AWS WAF"),
    ("server", r"^ddos-guard$", "DDoS-Guard"),
)
#: Titles of interstitials: strong on an error status, or with a captcha widget.
_TITLES = re.compile(
    r"<title>[^<]{0,40}?\b(just a moment\.*|attention required!? \| cloudflare|ddos-guard|"
    r"making sure you(?:'|&#39;|\u2019)re not a bot!?|human verification|access denied|"
    r"security check|verify(?:ing)? (?:you are|that you are) (?:a )?human|are you a robot\??|"
    r"one more step|please wait\.*|checking your browser[^<]*|bot verification|"
    r"captcha[^<]*|pardon our interruption)[^<]{0,40}</title>",
    re.IGNORECASE,
)
_CAPTCHA = re.compile(
    r"challenges\.cloudflare\.com/turnstile|class=[\"'][^\"']*\bcf-turnstile\b|"
    r"hcaptcha\.com/1/api\.js|class=[\"'][^\"']*\bh-captcha\b|google\.com/recaptcha/|"
    r"recaptcha\.net/recaptcha/|class=[\"'][^\"']*\bg-recaptcha\b|press\s*&(?:amp;)?\s*hold",
    re.IGNORECASE,
)
_ARTICLE = re.compile(r"<meta[^>]+name=[\"'](?:citation_title|dc\.title)[\"']", re.IGNORECASE)
_TAGS = re.compile(r"<script.*?</script>|<style.*?</style>|<[^>]*>", re.IGNORECASE | re.DOTALL)
#: The start of an OAI-PMH answer: its document element is OAI-PMH (after a byte-order mark,
#: the XML declaration, stylesheet instructions, comments), which no wall's page (HTML) is.
_OAI_ANSWER = re.compile(
    rb"(?:\xef\xbb\xbf)?\s*(?:<\?[^>]{0,400}\?>\s*|<!--(?:(?!-->).){0,2000}-->\s*)*"
    rb"<(?:[A-Za-z_][\w.-]{0,40}:)?OAI-PMH[\s>/]",
    re.DOTALL,
)


def challenge_evidence(status: int, headers: Mapping[str, str], body: bytes | str) -> str | None:
    """Return why this response is a bot wall, or None if it is not one.

    Args:
        status: the HTTP status.
        headers: the response headers (case-insensitive mapping preferred).
        body: the first bytes of the body (16 KiB suffice).

    Returns:
        A short piece of evidence naming the vendor and its marker, such as
        ``"Cloudflare challenge (cf-mitigated: challenge)"``, or None.
    """
    lowered = {str(k).lower(): str(v) for k, v in headers.items()}
    for name, pattern, vendor in _HEADERS:
        value = lowered.get(name, "").strip()
        if value and re.search(pattern, value, re.IGNORECASE):
            return f"{vendor} challenge ({name}: {value})"
    if isinstance(body, bytes) and _OAI_ANSWER.match(body, 0, 4096):
        return None  # an OAI-PMH answer: 1.5 ms a page of 500 records saved (3 us a record)
    head = body[:16384]
    text = head.decode("utf-8", "replace") if isinstance(head, bytes) else head
    low = text.lower()  # interstitials say so near the top
    for vendor, marker in _STRONG_BODY:
        if marker in low:
            return f"{vendor} challenge (page marker {marker!r})"
    title = _TITLES.search(text)
    if title and status in (403, 429, 503):
        return f"challenge page ({title.group(1).strip()!r}, HTTP {status})"
    captcha = _CAPTCHA.search(text)
    if captcha and not _ARTICLE.search(text):
        if "turnstile" in captcha.group(0).lower():
            # Turnstile gates whole pages more than it guards forms: on a page that is no
            # article it is a wall, whatever else the page says
            marker = captcha.group(0)
            return f"Cloudflare Turnstile challenge ({marker!r} on a page that is no article)"
        words = len(_TAGS.sub(" ", text).split())
        if title or words < 150:
            return f"captcha interstitial ({captcha.group(0)!r} on a page that is no article)"
    return None
