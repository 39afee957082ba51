"""Politeness presets for repository platforms: plain `Politeness` instances.

Make a variant with `attrs.evolve(presets.ARXIV, user_agent="mybot/1.0 (mailto:me@example.org)")`.
Each number says where it comes from (research/platform-quirks.md).
"""

from __future__ import annotations

import attrs

from ._policy import Politeness

__all__ = ["ARXIV", "CROSSREF", "DDB", "DEFAULT", "DERGIPARK", "OPENALEX", "PRESETS", "preset"]

#: The project's policy: 1 s between requests and 6 s before each file per host,
#: 429/503 retried after Retry-After or 30/60/120 s (never more than 5 min in one
#: wait), x2 slow-down per 429/503 up to x8, 20 min jobs, same-site https redirects,
#: at most 3 hops.
DEFAULT = Politeness()

#: DergiPark (dergipark.org.tr): one platform-wide endpoint. Redirects stay on the
#: host (journals without a Turkish interface move /tr/... to /en/... on the same
#: host). robots.txt forbids sign-in and search pages, and the interactive search
#: sits behind a human-verification challenge: both are denied here as well, so
#: no request is ever spent on them.
DERGIPARK = attrs.evolve(
    DEFAULT,
    redirect_scope="host",
    deny_patterns=("/*/login", "/*/register", "/*/search", "/*/pub/*/search"),
)

#: Deutsche Digitale Bibliothek OAI-PMH: 429 and 503 mean overload (kept as retry
#: statuses); http redirects to https on the same host; tokens valid "forever", so
#: a deferred harvest can resume hours later.
DDB = attrs.evolve(DEFAULT, redirect_scope="host")

#: arXiv: its terms of use ask for at most one request every 3 seconds, one
#: connection at a time, across the API, OAI-PMH and RSS (export.arxiv.org).
ARXIV = attrs.evolve(DEFAULT, request_interval=3.0, file_interval=6.0)

#: Crossref's REST API (api.crossref.org), polite pool (requests carrying a mailto): its
#: documented limit is 10 requests per second with at most 3 at a time; one at a time here,
#: 0.1 s apart. 429 answers carry Retry-After and are waited out as everywhere.
CROSSREF = attrs.evolve(DEFAULT, request_interval=0.1, redirect_scope="host")

#: OpenAlex's API (api.openalex.org): at most 10 requests per second and 100,000 a day;
#: the mailto parameter puts requests in the polite pool. One at a time, 0.1 s apart.
OPENALEX = attrs.evolve(DEFAULT, request_interval=0.1, redirect_scope="host")

#: Every preset by name, for `--preset NAME` and policy files.
PRESETS: dict[str, Politeness] = {
    "default": DEFAULT,
    "dergipark": DERGIPARK,
    "ddb": DDB,
    "arxiv": ARXIV,
    "crossref": CROSSREF,
    "openalex": OPENALEX,
}


def preset(name: str) -> Politeness:
    """Return the preset called `name` (case-insensitive).

    Raises:
        ValueError: no preset has that name; the message lists them.
    """
    try:
        return PRESETS[name.lower()]
    except KeyError:
        raise ValueError(
            f"no politeness preset named {name!r}; choose one of {', '.join(sorted(PRESETS))}"
        ) from None
