"""Bot challenges: recognise them, stop, never try to pass them (core, no I/O)."""

from __future__ import annotations

from collections.abc import Mapping

__all__ = ["challenge_evidence"]

# Markers of interstitial "are you a human" pages. Seen on Cloudflare managed
# challenges (`_cf_chl_opt`, "Just a moment..."), DDoS-Guard, Imperva/Incapsula,
# PerimeterX and DataDome pages. A marker alone on an ordinary 200 article page
# would be weak evidence, so body markers count only together with a title or
# status that says the page is an interstitial.
_STRONG_BODY = (
    "window._cf_chl_opt",
    "/cdn-cgi/challenge-platform/",
    "challenges.cloudflare.com/turnstile",
    "cf-browser-verification",
    "_incapsula_resource",
    "ddos-guard.net/",
    "captcha-delivery.com",
    "px-captcha",
)
_TITLES = (
    "<title>just a moment...</title>",
    "<title>attention required! | cloudflare</title>",
    "<title>ddos-guard</title>",
    "checking your browser before accessing",
    "<title>human verification</title>",
    "<title>access denied</title>",
)


def challenge_evidence(status: int, headers: Mapping[str, str], body: bytes | str) -> str | None:
    """Return why this response is a bot challenge, or None if it is not one.

    Args:
        status: the HTTP status.
        headers: the response headers (case-insensitive mapping preferred).
        body: the first bytes of the body (a few KiB suffice).

    Returns:
        A short piece of evidence such as ``"cf-mitigated: challenge"``, or None.
    """
    mitigated = headers.get("cf-mitigated") or headers.get("Cf-Mitigated") or ""
    if mitigated.strip().lower() == "challenge":
        return "cf-mitigated: challenge"
    head = body[:16384]
    text = head.decode("utf-8", "replace") if isinstance(head, bytes) else head
    low = text[:16384].lower()  # interstitials say so near the top
    for marker in _STRONG_BODY:
        if marker in low:
            return f"challenge page marker {marker!r}"
    if status in (403, 429, 503):
        for title in _TITLES:
            if title in low:
                return f"challenge page ({title.strip('<>/')})"
    return None
