"""robots.txt: parsing with Protego, the RFC 9309 status table, caching, evidence.

The gate itself never fetches (sans-I/O): `PoliteSession` asks it which
robots.txt it needs, fetches that through the same `PoliteSession` as every
other request, and hands the outcome back with `RobotsGate.learn`.
"""

from __future__ import annotations

import json
import re
import string
import threading
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Literal
from urllib.parse import urlsplit

import attrs

from politeharvest._policy import Politeness
from politeharvest._reprs import value_repr

from ._pacing import clamp_crawl_delay
from ._urls import origin_key, robots_url_for

if TYPE_CHECKING:  # Protego loads when a robots.txt has rules to parse
    from protego import Protego

__all__ = ["RobotsDecision", "RobotsGate", "RobotsTxt", "product_token", "robots_url_for"]

RobotsMode = Literal["rules", "allow-all", "disallow-all", "unavailable"]

_TOKEN = re.compile(r"[A-Za-z_-]+")
_ASCII_LETTERS = frozenset(string.ascii_letters)
_FIELD_CHARS = _ASCII_LETTERS | {" ", "-"}


def _rule_line(line: str) -> tuple[str, str] | None:
    """A ``field: value`` line's field and value, each stripped; None for any other line.

    A field is ASCII letters, spaces and hyphens, from a letter; the value is the rest after
    the first colon. What the lazy regex of a field, blanks, a colon, blanks, a value and
    blanks read, in time linear in the line: the regex tried each place in a run of spaces
    again (26 s for a line of 80,000 spaces in a robots.txt of 80 KB).
    """
    head, colon, value = line.partition(":")
    field = head.strip()
    if not colon or not field or field[0] not in _ASCII_LETTERS:
        return None
    if not _FIELD_CHARS.issuperset(field):
        return None
    return field, value.strip()


def product_token(user_agent: str) -> str:
    """Return the robots.txt product token of a User-Agent (RFC 9309 section 2.2.1).

    ``"politeharvest/0.1 (+https://...)"`` gives ``"politeharvest"``.
    """
    match = _TOKEN.match(user_agent.strip())
    return match.group(0).lower() if match else user_agent.strip().lower()


#: A user-agent line, from the start of its line (blanks before it on the line only: a
#: pattern starting with ``\\s*`` read every run of blank lines again from each of its lines,
#: 34 s for 80 KB of them), and its value's product token.
_AGENT_LINE = re.compile(
    r"^([^\S\n]*user[- ]?agent\s*(?::\s*)?)([A-Za-z_*-]+)[^#\r\n]*", re.I | re.M
)


#: The fields robots.txt parsing knows (Protego's, with its common misspellings): any other
#: ``field: value`` line is another record (RFC 9309 section 2.2.4).
_KNOWN_FIELDS = frozenset(
    {"user-agent", "useragent", "user agent", "allow", "sitemap", "sitemaps", "site-map"}
    | {"crawl-delay", "crawl delay", "request-rate", "request rate", "visit-time", "visit time"}
    | {"host", "disallow", "dissallow", "dissalow", "disalow", "diasllow", "disallaw"}
)


def _known_line(line: str) -> bool:
    """Whether a line is not another record: blank, a comment, or a field robots.txt knows."""
    found = _rule_line(line.split("#", 1)[0])
    return found is None or " ".join(found[0].lower().split()) in _KNOWN_FIELDS


def _without_other_records(text: str) -> str:
    """The text with every line of an unknown field blanked (line numbers kept).

    RFC 9309 section 2.2.4: other records "MUST NOT interfere with the parsing of explicitly
    defined records". Protego reads an unknown line as a group member, so a user-agent line
    after it starts a new group: ``User-agent: FooBot``, ``X: y``, ``User-agent: *``,
    ``Disallow: /`` left FooBot without rules.
    """
    lines = text.splitlines()
    if all(_known_line(line) for line in lines):
        return text
    return "\n".join(line if _known_line(line) else "" for line in lines)


def _parse(text: str) -> Protego:
    """Parse with Protego after cutting each user-agent value to its product token.

    Google's parser reads ``User-agent: FOO BAR`` as the group of ``foo``
    (robots_test.cc, ID_UserAgentValueCaseInsensitive); Protego would match
    nothing and allow everything. Cutting the value keeps us on the safe side.
    Lines of other records are left out first (`_without_other_records`).
    """
    from protego import Protego

    return Protego.parse(_AGENT_LINE.sub(r"\1\2", _without_other_records(text)))


@lru_cache(maxsize=4096)
def _single_rule(pattern: str) -> Protego:
    from protego import Protego

    return Protego.parse(f"User-agent: *\nDisallow: {pattern}\n")


def _pattern_matches(pattern: str, url: str) -> bool:
    """Whether a robots.txt path pattern matches `url`, as Protego matches it."""
    return not _single_rule(pattern).can_fetch(url, "*")


@lru_cache(maxsize=64)
def _group_rules(text: str, agent: str) -> tuple[tuple[int, str, str], ...]:
    """(line, field, value) of every allow/disallow rule in the groups naming `agent`."""
    rules: list[tuple[int, str, str]] = []
    in_group = False
    previous_was_agent = False
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.split("#", 1)[0]
        found = _rule_line(line)
        if found is None:
            continue
        field, value = " ".join(found[0].lower().split()), found[1]
        if field not in _KNOWN_FIELDS:
            continue  # another record: it neither ends nor joins a group (RFC 9309 2.2.4)
        if field in ("user-agent", "useragent", "user agent"):
            named = "*" if value.strip().startswith("*") else product_token(value)
            in_group = (in_group and previous_was_agent) or named == agent
            previous_was_agent = True
            continue
        previous_was_agent = False
        if in_group and value and field in ("allow", "disallow"):
            rules.append((number, field, value))
    return tuple(rules)


class _Compiled:
    """One robots.txt group compiled once: a decision and its evidence per URL.

    The time per decision depends on the URL's length, not on how many rules the file has.

    Protego sorts a group's rules by length (allow first on ties) and the first rule
    that matches decides. Here every rule is indexed by its literal prefix (the part
    before any ``*`` or ``$``), so only rules whose prefix starts the URL are tried,
    in the same order: the same answer, and the deciding rule with its line.
    """

    def __init__(self, rule_set: Any, text: str, agent: str) -> None:
        from protego._utils import _quote_pattern

        # The prefixes as a tree of characters, each node's rules under the key "": a URL
        # walks down it once, however long it is (slicing every prefix of an 80,000-character
        # URL took a second).
        self._prefixes: dict[str, Any] = {}
        for order, rule in enumerate(rule_set._rules):
            pattern = str(rule.value._pattern)
            cut = min((i for i in (pattern.find("*"), pattern.find("$")) if i >= 0), default=None)
            node = self._prefixes
            for char in pattern if cut is None else pattern[:cut]:
                node = node.setdefault(char, {})
            node.setdefault("", []).append((order, rule))
        self._lines: dict[tuple[str, str], tuple[int, str]] = {}
        for number, field, value in _group_rules(text, agent):
            for variant in {value, value.replace("$", "%24")}:
                quoted = _quote_pattern(variant)
                if quoted:
                    self._lines.setdefault((field, quoted), (number, value))
                    if field == "allow" and quoted.endswith("/index.html"):
                        self._lines.setdefault(
                            (field, quoted.removesuffix("index.html") + "$"), (number, value)
                        )

    def decide(self, url: str) -> tuple[bool, str | None, int | None]:
        from protego._utils import _quote_path

        path = _quote_path(url)
        best: tuple[int, Any] | None = None
        node: dict[str, Any] | None = self._prefixes
        at = 0
        while node is not None:  # the rules of path[:0], path[:1], ... while any are left
            for order, rule in node.get("", ()):
                if (best is None or order < best[0]) and rule.value.match(path):
                    best = (order, rule)
            node = node.get(path[at]) if at < len(path) else None
            at += 1
        if best is None:
            return True, None, None
        field = str(best[1].field)
        pattern = str(best[1].value._pattern)
        number, value = self._lines.get((field, pattern), (None, pattern))
        return field == "allow", f"{field.capitalize()}: {value}", number


@attrs.frozen(repr=False)
class RobotsDecision:
    """May this URL be fetched, and why.

    Attributes:
        allowed: the answer.
        url: the URL asked about.
        reason: a short sentence (``"robots.txt allows"``, ``"robots.txt disallows"``,
            ``"deny pattern"``, ``"robots.txt unavailable (503)"``, ...).
        rule: the deciding rule as written (``"Disallow: /a"``), when one matched.
        line: that rule's 1-based line in robots.txt.
        robots_url: the robots.txt applied (None for deny patterns).
        status: the HTTP status robots.txt was fetched with (None: network error or no fetch).
        crawl_delay: the Crawl-delay that applies to us, clamped, or None.
        unavailable: True when robots.txt could not be read: retry at `retry_at`.
        retry_at: monotonic time the robots.txt fetch may be tried again.
    """

    __repr__ = value_repr

    allowed: bool
    url: str
    reason: str
    rule: str | None = None
    line: int | None = None
    robots_url: str | None = None
    status: int | None = None
    crawl_delay: float | None = None
    unavailable: bool = False
    retry_at: float | None = None


@attrs.frozen(repr=False)
class RobotsTxt:
    """One origin's robots.txt as fetched, parsed, and classified by status.

    Attributes:
        robots_url: where it came from.
        mode: ``"rules"`` (parse and obey), ``"allow-all"`` (404 and the like),
            ``"disallow-all"``, or ``"unavailable"`` (429, 5xx, network error).
        user_agent: the product token rules are matched for.
        text: the robots.txt text parsed (at most the size cap).
        status: the HTTP status, or None for network errors.
        note: how the mode was chosen.
        fetched_at: monotonic time of the fetch.
        expires_at: monotonic time after which it must be fetched again.
    """

    __repr__ = value_repr

    robots_url: str
    mode: RobotsMode
    user_agent: str
    text: str = ""
    status: int | None = None
    note: str = ""
    fetched_at: float = 0.0
    expires_at: float = float("inf")
    _parser: Protego | None = attrs.field(default=None, repr=False, eq=False, alias="parser")
    _compiled: dict[str, _Compiled | None] = attrs.field(
        factory=dict, init=False, repr=False, eq=False
    )

    @classmethod
    def from_text(
        cls, text: str, *, user_agent: str, robots_url: str = "", status: int | None = 200
    ) -> RobotsTxt:
        """Parse robots.txt text (never fetches).

        Args:
            text: the file's text.
            user_agent: our User-Agent or product token.
            robots_url: where the text came from (for evidence).
            status: the HTTP status it came with.
        """
        text = text.removeprefix("\ufeff")  # a byte-order mark is not part of the first line
        return cls(
            robots_url=robots_url,
            mode="rules",
            user_agent=product_token(user_agent),
            text=text,
            status=status,
            note="parsed",
            parser=_parse(text),
        )

    def is_fresh(self, now: float) -> bool:
        """Whether this copy may still be used at monotonic time `now`."""
        return now < self.expires_at

    def crawl_delay(self, cap: float = 300.0) -> float | None:
        """Return the Crawl-delay of our group, clamped to `cap`; junk gives None."""
        if self._parser is None:
            return None
        return clamp_crawl_delay(self._parser.crawl_delay(self.user_agent), cap)

    def allowed(self, url: str, *, delay_cap: float = 300.0) -> RobotsDecision:
        """Decide whether `url` may be fetched under this robots.txt, with evidence."""

        def decision(allowed: bool, reason: str, **evidence: Any) -> RobotsDecision:
            return RobotsDecision(
                allowed, url, reason, robots_url=self.robots_url, status=self.status, **evidence
            )

        if self.mode == "allow-all":
            return decision(True, f"robots.txt {self.note}: allow all")
        if self.mode == "disallow-all":
            return decision(False, f"robots.txt {self.note}: disallow all")
        if self.mode == "unavailable":
            return decision(
                False,
                f"robots.txt unavailable ({self.note}): disallow all until it can be read",
                unavailable=True,
                retry_at=self.expires_at,
            )
        assert self._parser is not None
        compiled = self._compile()
        if compiled is not None and urlsplit(url).path != "/robots.txt":
            allowed, rule, line = compiled.decide(url)
        else:
            allowed = bool(self._parser.can_fetch(url, self.user_agent))
            rule, line = self._evidence(url, allowed)
        return decision(
            allowed,
            "robots.txt allows" if allowed else "robots.txt disallows",
            rule=rule,
            line=line,
            crawl_delay=self.crawl_delay(delay_cap),
        )

    # -- evidence ------------------------------------------------------------------

    def _compile(self) -> _Compiled | None:
        """Our group, compiled once per fetched file.

        None when no group applies, or with a Protego without the internals used: then
        Protego decides and the evidence is searched rule by rule.
        """
        if "group" not in self._compiled:
            assert self._parser is not None
            try:
                rule_set = self._parser._get_matching_rule_set(self.user_agent)
                compiled = (
                    None
                    if rule_set is None
                    else _Compiled(rule_set, self.text, str(rule_set.user_agent))
                )
            except Exception:  # pragma: no cover - a future Protego may rename its internals
                compiled = None
            self._compiled["group"] = compiled
        return self._compiled["group"]

    def _group_agent(self) -> str | None:
        """The user-agent line Protego matched for us ('*' or our token), if any."""
        assert self._parser is not None
        try:  # Protego has no public accessor for the chosen group; degrade gracefully.
            rule_set = self._parser._get_matching_rule_set(self.user_agent)
        except Exception:  # pragma: no cover - a future Protego may rename it
            return "*"
        return None if rule_set is None else str(rule_set.user_agent)

    def _evidence(self, url: str, allowed: bool) -> tuple[str | None, int | None]:
        agent = self._group_agent()
        if agent is None:
            return None, None
        wanted = "allow" if allowed else "disallow"
        best: tuple[int, int, str] | None = None
        for number, field, value in _group_rules(self.text, agent):
            if field != wanted or not _pattern_matches(value, url):
                continue
            if best is None or len(value) > best[0]:
                best = (len(value), number, value)
        if best is None:
            return None, None
        return f"{wanted.capitalize()}: {best[2]}", best[1]


def _without_byte_order_mark(data: bytes) -> bytes:
    """The body without a UTF-8 byte-order mark at its start, whole or partial.

    robots_test.cc, ID_UTF8ByteOrderMarkIsSkipped: ``EF BB BF``, ``EF BB`` and ``EF`` before
    the first line are skipped, so that line is read.
    """
    for mark in (b"\xef\xbb\xbf", b"\xef\xbb", b"\xef"):
        if data.startswith(mark):
            return data[len(mark) :]
    return data


def classify(
    policy: Politeness,
    robots_url: str,
    *,
    status: int | None,
    body: bytes | None,
    now: float,
    error: str | None = None,
    truncated: bool = False,
) -> RobotsTxt:
    """Apply the RFC 9309 status table to one robots.txt fetch (pure).

    | outcome | mode | kept for |
    |---|---|---|
    | 2xx | rules (first `robots_max_bytes` bytes) | `robots_cache_s` |
    | 401, 403 | allow-all (or disallow-all, see `robots_unauthorized_allows`) | `robots_cache_s` |
    | other 4xx, too many redirects | allow-all | `robots_cache_s` |
    | 429, 5xx, network error, truncated body | unavailable: disallow all | `robots_error_s` |
    """
    user_agent = product_token(policy.user_agent)
    fresh = now + policy.robots_cache_s
    retry = now + policy.robots_error_s

    def outcome(
        mode: RobotsMode,
        note: str,
        expires_at: float,
        text: str = "",
        parser: Protego | None = None,
    ) -> RobotsTxt:
        return RobotsTxt(
            robots_url=robots_url,
            mode=mode,
            user_agent=user_agent,
            text=text,
            status=status,
            note=note,
            fetched_at=now,
            expires_at=expires_at,
            parser=parser,
        )

    if error is not None or status is None:
        return outcome("unavailable", error or "no answer", retry)
    if truncated:
        return outcome("unavailable", "truncated body", retry)
    if 200 <= status < 300:
        data = (body or b"")[: policy.robots_max_bytes]
        if len(body or b"") > policy.robots_max_bytes:
            # Drop the last partial line: a rule cut in half must not be parsed.
            data = data.rsplit(b"\n", 1)[0]
        text = _without_byte_order_mark(data).decode("utf-8", errors="replace")
        note = "parsed"
        if "<html" in text[:2048].lower():
            note = "parsed (looks like an HTML page, probably a soft 404)"
        return outcome("rules", note, fresh, text, _parse(text))
    if status in (401, 403):
        return outcome(
            "allow-all" if policy.robots_unauthorized_allows else "disallow-all", f"{status}", fresh
        )
    if status == 429 or status >= 500:
        return outcome("unavailable", f"{status}", retry)
    if 300 <= status < 400:
        return outcome("allow-all", f"{status}: too many redirects", fresh)
    return outcome("allow-all", f"{status}", fresh)


@attrs.define(repr=False)
class SharedRobots:
    """robots.txt copies shared through a StateStore's small values.

    A fleet then fetches each origin's robots.txt once per cache lifetime, not once per worker
    or task.

    Times are kept as wall-clock moments and turned into the reader's monotonic clock.
    """

    __repr__ = value_repr

    store: Any
    clock: Any
    namespace: str = "robots"

    def load(self, origin: str) -> RobotsTxt | None:
        text = self.store.get_value(self.namespace, origin)
        if text is None:
            return None
        data = json.loads(text)
        offset = self.clock.monotonic() - self.clock.now()
        entry = RobotsTxt.from_text(
            data["text"],
            user_agent=data["user_agent"],
            robots_url=data["robots_url"],
            status=data["status"],
        )
        return attrs.evolve(
            entry,
            mode=data["mode"],
            note=data["note"],
            fetched_at=data["fetched"] + offset,
            expires_at=data["expires"] + offset,
        )

    def save(self, origin: str, robots: RobotsTxt) -> None:
        offset = self.clock.now() - self.clock.monotonic()
        data = {
            "robots_url": robots.robots_url,
            "mode": robots.mode,
            "user_agent": robots.user_agent,
            "text": robots.text,
            "status": robots.status,
            "note": robots.note,
            "fetched": robots.fetched_at + offset,
            "expires": min(robots.expires_at, 1e12) + offset,
        }
        self.store.set_value(self.namespace, origin, json.dumps(data))


@attrs.define(repr=False)
class RobotsGate:
    """Obeys robots.txt per origin: caches what `PoliteSession` fetched and decides.

    Also applies the policy's `deny_patterns` (robots.txt-style path patterns)
    before any robots.txt is consulted, so a denied URL costs no request at all.
    """

    __repr__ = value_repr

    policy: Politeness = attrs.field(factory=Politeness)
    shared: SharedRobots | None = None
    _cache: dict[str, RobotsTxt] = attrs.field(factory=dict, init=False)
    _lock: threading.Lock = attrs.field(factory=threading.Lock, init=False, repr=False)
    _origin_locks: dict[str, threading.Lock] = attrs.field(factory=dict, init=False, repr=False)

    def denied(self, url: str) -> RobotsDecision | None:
        """Return a refusal if one of the policy's deny patterns matches `url`."""
        for pattern in self.policy.deny_patterns:
            if _pattern_matches(pattern, url):
                return RobotsDecision(
                    False, url, reason="the policy's deny list forbids it", rule=pattern
                )
        return None

    def cached(self, url: str, now: float) -> RobotsTxt | None:
        """Return the fresh robots.txt for `url`'s origin, or None if it must be fetched."""
        with self._lock:
            entry = self._cache.get(origin_key(url))
        if (entry is None or not entry.is_fresh(now)) and self.shared is not None:
            entry = self.shared.load(origin_key(url))
            if entry is not None:
                with self._lock:
                    self._cache[origin_key(url)] = entry
        if entry is None or not entry.is_fresh(now):
            return None
        return entry

    def learn(self, url: str, robots: RobotsTxt) -> None:
        """Remember the robots.txt (or failure) fetched for `url`'s origin."""
        with self._lock:
            self._cache[origin_key(url)] = robots
        if self.shared is not None:
            self.shared.save(origin_key(url), robots)

    def origin_lock(self, url: str) -> threading.Lock:
        """A lock per origin, so concurrent callers fetch each robots.txt once."""
        with self._lock:
            return self._origin_locks.setdefault(origin_key(url), threading.Lock())

    def cached_decision(self, url: str, now: float) -> RobotsDecision | None:
        """Decide for `url` from the deny list and the cached robots.txt.

        Returns:
            The decision, or None when the origin's robots.txt must be fetched first.
        """
        refusal = self.denied(url)
        if refusal is not None:
            return refusal
        entry = self.cached(url, now)
        if entry is None:
            return None
        return entry.allowed(url, delay_cap=self.policy.max_wait)

    def allowed(self, url: str, now: float) -> RobotsDecision | None:
        """The earlier name of `cached_decision` (kept for existing callers)."""
        return self.cached_decision(url, now)
