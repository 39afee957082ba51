"""What an operator needs to recognise, verify, slow or block this harvester (core).

``politeharvest bot-page --out DIR`` writes, from the policy in force:

- ``index.html``: who runs the harvester and how to reach them, what it is for, what it
  honours, how fast it goes, and how to slow it down or keep it out;
- ``agent-card.json``: the same as data, in the shape of Web Bot Auth's signature agent card
  (draft-meunier-webbotauth-registry: ``name``, ``contact``, ``rfc9309-product-token``,
  ``rfc9309-compliance``, ``trigger``, ``purpose``, ``rate-control``, ``rate-expectation``,
  ``keys``);
- ``robots-snippet.txt``: robots.txt lines that throttle or block this user agent;
- with a signing key, ``.well-known/http-message-signatures-directory``: the key directory
  (a JWK Set) to serve at the ``Signature-Agent`` origin, so signed requests can be verified.

Everything is derived from the `Politeness` that the harvest itself runs with, so the page
never promises more than the harvester does: what it lists as honoured is what the policy
turns on.
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Mapping
from typing import Any

from politeharvest._policy import Politeness
from politeharvest._version import __version__
from politeharvest.net._robots import product_token
from politeharvest.net._signing import DIRECTORY_PATH, RequestSigner, signer_for

__all__ = ["agent_card", "bot_page", "honoured", "robots_snippet"]

_MAILTO = re.compile(r"mailto:([^\s;,()<>]+@[^\s;,()<>]+)")
_EMAIL = re.compile(r"(?<![\w.+-])([\w.+-]+@[\w-]+(?:\.[\w-]+)+)")
_URL = re.compile(r"https?://[^\s;,()<>]+")


def contacts(policy: Politeness) -> tuple[str, ...]:
    """The ways to reach the harvester's operator: e-mail addresses first, then URLs."""
    ua = policy.user_agent
    found = [f"mailto:{m}" for m in _MAILTO.findall(ua)]
    found += [f"mailto:{m}" for m in _EMAIL.findall(_MAILTO.sub(" ", ua))]
    if policy.from_address:
        found.append(f"mailto:{policy.from_address}")
    found += _URL.findall(ua)
    return tuple(dict.fromkeys(found))


def honoured(policy: Politeness) -> tuple[str, ...]:
    """The signals this policy obeys, as an operator would name them."""
    out = ["robots.txt (RFC 9309): User-Agent, Allow, Disallow", "Crawl-delay (as a floor)"]
    out.append("Retry-After on 429 and 503")
    if policy.rate_limit_headers:
        out.append("RateLimit, RateLimit-Remaining/-Reset and X-RateLimit-* headers")
    if policy.tdm_reservations:
        out.append("TDMRep (tdm-reservation header and meta tag)")
    if policy.tdmrep_json:
        out.append("/.well-known/tdmrep.json")
    if policy.robots_tags:
        out.append("X-Robots-Tag and robots meta: noai, noimageai, noml, none, noarchive")
    if policy.usage_preferences:
        out.append(
            "usage preferences (IETF aipref): the Content-Usage header and robots.txt "
            "Content-Usage lines, Content-Signal, RSL licences"
            + (f"; files said n for '{policy.purpose}' are not fetched" if policy.purpose else "")
        )
    if policy.stop_on_forbidden:
        out.append("403 and bot challenges: the host is left alone for the rest of the job")
    return tuple(out)


def _rate(policy: Politeness) -> str:
    page = policy.request_interval
    file = policy.file_interval
    per_s = f"{1 / page:g}" if page > 0 else "unbounded"
    return f"max={per_s}rps per host; one file per {file:g} s per host"


def agent_card(
    policy: Politeness, *, operator: str | None = None, signer: RequestSigner | None = None
) -> dict[str, Any]:
    """The signature agent card (draft-meunier-webbotauth-registry) for this policy.

    Args:
        policy: the policy the harvester runs with.
        operator: who runs it (a person or an institution).
        signer: the request signer, whose public key the card carries.
    """
    reach = contacts(policy)
    token = product_token(policy.user_agent)
    compliance = ["User-Agent", "Allow", "Disallow", "Crawl-delay"]
    if policy.usage_preferences:
        compliance += ["Content-Usage", "Content-Signal", "License"]
    card: dict[str, Any] = {
        "name": operator or token,
        "contact": reach[0].removeprefix("mailto:") if reach else "",
        "expected-user-agent": policy.user_agent,
        "rfc9309-product-token": token,
        "rfc9309-compliance": compliance,
        "trigger": "crawler",
        "purpose": policy.purpose or "tdm",
        "targeted-content": "scholarly metadata (OAI-PMH) and the full text of its records",
        "rate-control": "429 + Retry-After; RateLimit headers; Crawl-delay",
        "rate-expectation": _rate(policy),
        "software": f"politeharvest {__version__}",
        "honoured": list(honoured(policy)),
        "pace": {
            "request_interval_s": policy.request_interval,
            "file_interval_s": policy.file_interval,
            "backoff_s": list(policy.backoff),
            "max_wait_s": policy.max_wait,
            "slowdown": f"x{policy.slowdown_factor:g} per 429/503, up to x{policy.max_slowdown:g}",
            "one_job_per_host": True,
        },
    }
    about = next((c for c in reach if not c.startswith("mailto:")), None)
    if about:
        card["about"] = about
    if signer is not None:
        card["keys"] = signer.directory()["keys"]
        card["signature-agent"] = signer.signature_agent
    return card


def robots_snippet(policy: Politeness) -> str:
    """robots.txt lines that throttle or block this user agent, with what each does."""
    token = product_token(policy.user_agent)
    floor = max(policy.request_interval, 1.0)
    return (
        f"# robots.txt lines for {token} ({policy.user_agent}), from politeharvest bot-page.\n"
        f"# It obeys the group that names '{token}', else the 'User-agent: *' group: a group\n"
        "# of its own REPLACES the '*' group for it, so copy your '*' rules into it too.\n"
        "#\n"
        f"# To slow it down: it waits at least Crawl-delay seconds between requests to your\n"
        f"# host (now {floor:g} s for pages and {policy.file_interval:g} s for files).\n"
        f"User-agent: {token}\n"
        "Crawl-delay: 10\n"
        "# ... your 'User-agent: *' rules here ...\n"
        "#\n"
        "# To keep it out entirely, use this group instead:\n"
        f"# User-agent: {token}\n"
        "# Disallow: /\n"
    )


def _page(policy: Politeness, card: Mapping[str, Any], snippet: str, operator: str | None) -> str:
    esc = html.escape
    token = card["rfc9309-product-token"]
    who = esc(operator) if operator else f"the operator of <code>{esc(token)}</code>"
    reach = "".join(
        f'<li><a href="{esc(c)}">{esc(c.removeprefix("mailto:"))}</a></li>'
        for c in contacts(policy)
    )
    rules = "".join(f"<li>{esc(item)}</li>" for item in card["honoured"])
    pace = card["pace"]
    signed = ""
    if "keys" in card:
        signed = (
            "<h2>Verify it</h2><p>Every request is signed (HTTP Message Signatures, RFC 9421, "
            'as Web Bot Auth drafts them, <code>tag="web-bot-auth"</code>). The key directory '
            f'is at <a href="{esc(card["signature-agent"])}{DIRECTORY_PATH}">'
            f"{esc(card['signature-agent'])}{DIRECTORY_PATH}</a>; the key id is "
            f"<code>{esc(card['keys'][0]['kid'])}</code>. Allowlist the harvester by that "
            "origin rather than by IP address.</p>"
        )
    return (
        "<!doctype html>\n"
        '<html lang="en"><head><meta charset="utf-8">'
        f"<title>{esc(token)}: a polite harvester of scholarly repositories</title>"
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        "<style>body{font-family:sans-serif;max-width:46em;margin:2em auto;padding:0 1em;"
        "line-height:1.5}code,pre{background:#f4f4f4;padding:0 .2em}"
        "pre{padding:.6em;overflow-x:auto}</style></head><body>"
        f"<h1>{esc(token)}</h1>"
        f"<p>This harvester is run by {who}. It collects the metadata of scholarly "
        "repositories over OAI-PMH and, where asked, the full text of their records, "
        "for text and data mining and discovery. It runs "
        f'<a href="https://pypi.org/project/politeharvest/">{esc(card["software"])}</a>.</p>'
        f"<p>It sends the User-Agent <code>{esc(policy.user_agent)}</code>.</p>"
        f"<h2>Contact</h2><ul>{reach}</ul>"
        f"<h2>What it honours</h2><ul>{rules}</ul>"
        "<h2>How fast it goes</h2><ul>"
        f"<li>At least {pace['request_interval_s']:g} s between requests to one host, measured "
        "from the end of one response to the start of the next; at least "
        f"{pace['file_interval_s']:g} s before each file.</li>"
        "<li>One harvest job per host at a time.</li>"
        "<li>On 429 or 503 it waits (Retry-After, else "
        f"{', '.join(f'{b:g}' for b in pace['backoff_s'])} s; never one wait over "
        f"{pace['max_wait_s']:g} s, longer ones are deferred) and slows down: "
        f"{esc(pace['slowdown'])}.</li></ul>"
        "<h2>How to slow it down or block it</h2>"
        f"<p>Add these lines to your robots.txt:</p><pre>{esc(snippet)}</pre>"
        "<p>Or answer 429 with a Retry-After header, or send RateLimit headers: it obeys "
        "them. A 403 or a bot challenge stops it on your host for the rest of the job.</p>"
        f"{signed}"
        '<p>The same as data: <a href="agent-card.json">agent-card.json</a>.</p>'
        "</body></html>\n"
    )


def bot_page(policy: Politeness, *, operator: str | None = None) -> dict[str, bytes]:
    """Every file of the bot page, by its path relative to the output folder.

    Raises:
        MissingDependency: the policy signs requests and the ``sign`` extra is missing.
        ValueError: the policy's signing key cannot be read.
    """
    signer = signer_for(policy)
    card = agent_card(policy, operator=operator, signer=signer)
    snippet = robots_snippet(policy)
    files = {
        "index.html": _page(policy, card, snippet, operator).encode("utf-8"),
        "agent-card.json": (json.dumps(card, indent=2, ensure_ascii=False) + "\n").encode(),
        "robots-snippet.txt": snippet.encode("utf-8"),
    }
    if signer is not None:
        directory = json.dumps(signer.directory(), indent=2) + "\n"
        files[DIRECTORY_PATH.lstrip("/")] = directory.encode("ascii")
    return files
