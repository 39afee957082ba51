"""Usage preferences: what a file's rights holder says it may be used for (core).

The IETF AI-preferences vocabulary (draft-ietf-aipref-vocab) has three categories, each
``y`` or ``n``, anything unstated being *unknown*:

- ``train-ai``: training AI models;
- ``ai-use``: using the content as input to an AI system (grounding, answers);
- ``search``: building a search index.

They reach a harvester in several places, all read here:

- the ``Content-Usage`` header of a response (draft-ietf-aipref-attach): ``train-ai=n``;
- ``Content-Usage:`` lines inside a robots.txt group: ``Content-Usage: /papers/ train-ai=n``
  applies to the paths it names (longest match), one without a path to the whole site;
- Cloudflare's ``Content-Signal:`` robots.txt line (``ai-train=no, search=yes``), mapped to the
  vocabulary: ``ai-train`` -> ``train-ai``, ``ai-input`` -> ``ai-use``, ``search`` -> ``search``;
- RSL 1.0 (``License:`` in robots.txt, or a ``Link`` with ``rel="license"`` and
  ``type="application/rsl+xml"``): a licence whose ``<content>`` names a ``server`` means
  "obtain a licence first", read as ``n`` for every category until one is held; without a
  server, its ``<prohibits type="usage">`` list says which uses are ``n``;
- ``noml`` beside ``noai`` in ``X-Robots-Tag`` and robots meta (handled with the other robots
  directives in `_rights`).

`UsagePreferences` combines statements as the vocabulary says: any ``n`` wins, a ``y`` stands
only where nobody said ``n``, unknown stays unknown. `Politeness.purpose` says what the
harvest's files are for; `refuses` answers whether a file's preferences say ``n`` for it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Literal
from urllib.parse import urlsplit

import attrs

from politeharvest._policy import Purpose
from politeharvest._reprs import value_repr

from ._robots import _rule_line, product_token

__all__ = [
    "CATEGORIES",
    "Purpose",
    "UsagePreferences",
    "content_signal",
    "content_usage",
    "link_licences",
    "robots_licences",
    "robots_preferences",
    "rsl_preferences",
]

Category = Literal["train-ai", "ai-use", "search"]
Said = Literal["y", "n"]

#: The vocabulary's categories, in its order.
CATEGORIES: tuple[Category, ...] = ("train-ai", "ai-use", "search")
#: Cloudflare's Content-Signal names for them.
_SIGNAL_NAMES: Mapping[str, Category] = {
    "ai-train": "train-ai",
    "ai-input": "ai-use",
    "search": "search",
}
#: RSL usage types that name a category (``all`` and ``ai-all`` name several).
_RSL_USAGE: Mapping[str, tuple[Category, ...]] = {
    "all": CATEGORIES,
    "ai-all": ("train-ai", "ai-use"),
    "ai-train": ("train-ai",),
    "ai-use": ("ai-use",),
    "ai-input": ("ai-use",),
    "search": ("search",),
}
_YES = frozenset({"y", "yes", "?1"})
_NO = frozenset({"n", "no", "?0"})
RSL_MEDIA_TYPE = "application/rsl+xml"


@attrs.frozen(repr=False)
class UsagePreferences:
    """What is known of a file's usage preferences, with where each statement came from.

    Attributes:
        train_ai: ``"y"``, ``"n"`` or None (unknown).
        ai_use: the same for AI use.
        search: the same for search.
        evidence: each statement as found (``Content-Usage: train-ai=n in the file's headers``).
        licence_server: an RSL licence server the rights holder asks a licence from, if any.
    """

    __repr__ = value_repr

    train_ai: Said | None = None
    ai_use: Said | None = None
    search: Said | None = None
    evidence: tuple[str, ...] = ()
    licence_server: str | None = None

    @classmethod
    def stated(
        cls, said: Mapping[Category, Said], evidence: str, *, licence_server: str | None = None
    ) -> UsagePreferences:
        """One statement: the categories it names, and where it was found."""
        if not said and licence_server is None:
            return cls()
        return cls(
            train_ai=said.get("train-ai"),
            ai_use=said.get("ai-use"),
            search=said.get("search"),
            evidence=(evidence,),
            licence_server=licence_server,
        )

    def get(self, category: Category) -> Said | None:
        """What is said of one category (None: unknown)."""
        value: Said | None = getattr(self, category.replace("-", "_"))
        return value

    def combine(self, other: UsagePreferences) -> UsagePreferences:
        """Both statements at once: any ``n`` wins, else any ``y``, else unknown."""

        def both(a: Said | None, b: Said | None) -> Said | None:
            if "n" in (a, b):
                return "n"
            return "y" if "y" in (a, b) else None

        return UsagePreferences(
            both(self.train_ai, other.train_ai),
            both(self.ai_use, other.ai_use),
            both(self.search, other.search),
            tuple(dict.fromkeys((*self.evidence, *other.evidence))),
            self.licence_server or other.licence_server,
        )

    @property
    def known(self) -> bool:
        """Whether anything was said at all."""
        return bool(self.evidence)

    def refuses(self, purpose: Purpose | None) -> bool:
        """Whether the preferences say ``n`` for `purpose` (None, or ``tdm``: never here).

        ``tdm`` is not a category of the vocabulary: text and data mining is governed by
        TDMRep (`_rights`), which the policy honours on its own.
        """
        if purpose is None or purpose == "tdm":
            return False
        return self.get(purpose) == "n"

    def to_dict(self) -> dict[str, object]:
        """The row's form: each category's value (None: unknown) and the evidence."""
        out: dict[str, object] = {category: self.get(category) for category in CATEGORIES}
        out["evidence"] = list(self.evidence)
        if self.licence_server:
            out["licence_server"] = self.licence_server
        return out


def _dictionary(value: str) -> dict[str, str]:
    """The members of a structured-field dictionary, loosely (``a=b, c;p=1, d``)."""
    members: dict[str, str] = {}
    for part in value.split(","):
        head = part.split(";", 1)[0].strip()
        if not head:
            continue
        key, eq, item = head.partition("=")
        members[key.strip().lower()] = item.strip().strip('"').lower() if eq else "?1"
    return members


def content_usage(value: str) -> dict[Category, Said]:
    """A ``Content-Usage`` value (``train-ai=n, search=y``) as categories; others ignored."""
    said: dict[Category, Said] = {}
    for key, item in _dictionary(value).items():
        if key in CATEGORIES:
            if item in _NO:
                said[key] = "n"
            elif item in _YES:
                said[key] = "y"
    return said


def content_signal(value: str) -> dict[Category, Said]:
    """A ``Content-Signal`` value (``ai-train=no, search=yes``) in the vocabulary's terms."""
    said: dict[Category, Said] = {}
    for key, item in _dictionary(value).items():
        category = _SIGNAL_NAMES.get(key)
        if category is not None and item in _YES | _NO:
            said[category] = "n" if item in _NO else "y"
    return said


def _groups(text: str) -> list[tuple[set[str], list[tuple[int, str, str]]]]:
    """robots.txt's groups: the product tokens each names, and its other lines.

    Each line is (number, field, value); unknown lines neither end nor join a group (RFC 9309
    section 2.2.4).
    """
    groups: list[tuple[set[str], list[tuple[int, str, str]]]] = []
    agents: set[str] | None = None
    lines: list[tuple[int, str, str]] = []
    in_agents = False
    for number, raw in enumerate(text.splitlines(), start=1):
        found = _rule_line(raw.split("#", 1)[0])
        if found is None:
            continue
        field, value = " ".join(found[0].lower().split()), found[1]
        if field in ("user-agent", "useragent", "user agent"):
            if not in_agents:
                agents, lines = set(), []
                groups.append((agents, lines))
                in_agents = True
            assert agents is not None
            agents.add("*" if value.startswith("*") else product_token(value))
            continue
        if field in ("allow", "disallow"):
            in_agents = False
        if agents is not None:
            lines.append((number, field, value))
    return groups


def _our_lines(text: str, agent: str) -> list[tuple[int, str, str]]:
    """The lines of the groups that apply to `agent`: those naming it, else those of ``*``."""
    groups = _groups(text)
    named = [lines for agents, lines in groups if agent in agents]
    chosen = named or [lines for agents, lines in groups if "*" in agents]
    return [line for lines in chosen for line in lines]


def _path_matches(pattern: str, path: str) -> bool:
    """robots.txt path matching: a prefix match, ``*`` any run, a final ``$`` the end.

    The two-pointer wildcard match (back to the last ``*`` on a mismatch), in time at most
    the product of the lengths, never a backtracking regular expression.
    """
    if pattern.endswith("$"):
        pattern = pattern[:-1]
    else:
        pattern += "*"
    p = s = 0
    star, mark = -1, 0
    while s < len(path):
        if p < len(pattern) and pattern[p] != "*" and pattern[p] == path[s]:
            p, s = p + 1, s + 1
        elif p < len(pattern) and pattern[p] == "*":
            star, mark, p = p, s, p + 1
        elif star >= 0:
            mark += 1
            p, s = star + 1, mark
        else:
            return False
    while p < len(pattern) and pattern[p] == "*":
        p += 1
    return p == len(pattern)


def robots_preferences(text: str, agent: str, url: str) -> UsagePreferences:
    """The ``Content-Usage`` and ``Content-Signal`` lines of our robots.txt group for `url`.

    A ``Content-Usage`` line with a path applies to the paths it matches, the longest match
    deciding; one without a path applies to the whole site when no path line matches.
    """
    parts = urlsplit(url)
    path = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
    best: tuple[int, int, str] | None = None  # (length, line, value)
    site: tuple[int, str] | None = None
    prefs = UsagePreferences()
    for number, field, value in _our_lines(text, product_token(agent)):
        if field == "content-usage":
            head, _, rest = value.partition(" ")
            if head.startswith("/"):
                if _path_matches(head, path) and (best is None or len(head) > best[0]):
                    best = (len(head), number, rest.strip())
            else:
                site = (number, value)
        elif field == "content-signal":
            said = content_signal(value)
            prefs = prefs.combine(
                UsagePreferences.stated(said, f"robots.txt line {number}: Content-Signal: {value}")
            )
    if best is not None:
        _, number, value = best
        where = f"robots.txt line {number}: Content-Usage: {value}"
        prefs = prefs.combine(UsagePreferences.stated(content_usage(value), where))
    elif site is not None:
        number, value = site
        where = f"robots.txt line {number}: Content-Usage: {value}"
        prefs = prefs.combine(UsagePreferences.stated(content_usage(value), where))
    return prefs


def robots_licences(text: str) -> tuple[str, ...]:
    """The RSL licences a robots.txt names (``License: URL``, a site-wide line)."""
    found = []
    for raw in text.splitlines():
        line = _rule_line(raw.split("#", 1)[0])
        if line is not None and line[0].lower() == "license" and line[1]:
            found.append(line[1])
    return tuple(dict.fromkeys(found))


def link_licences(links: Iterable[str]) -> tuple[str, ...]:
    """The RSL licences named by ``Link`` header values (``rel="license"`` and RSL's type)."""
    found = []
    for value in links:
        for part in value.split(","):
            target = re.match(r"\s*<([^>]*)>(.*)", part)
            if target is None:
                continue
            params = target.group(2).lower()
            rel = re.search(r'rel\s*=\s*"?([^";]*)', params)
            kind = re.search(r'type\s*=\s*"?([^";]*)', params)
            if (
                rel
                and "license" in rel.group(1).split()
                and kind
                and kind.group(1).strip() == (RSL_MEDIA_TYPE)
            ):
                found.append(target.group(1).strip())
    return tuple(dict.fromkeys(found))


def _local(tag: str) -> str:
    return tag.rsplit("}", 1)[-1].lower()


def rsl_preferences(xml: bytes | str, url: str, where: str) -> UsagePreferences:
    """An RSL document's statement for `url` (its ``<content url=...>`` that matches).

    A ``<content>`` naming a licence ``server`` asks for a licence first: every category is
    ``n`` until one is held. Otherwise its licence's ``<prohibits type="usage">`` says which
    uses are ``n`` and ``<permits type="usage">`` which are ``y``. An unreadable document
    states nothing.
    """
    from xml.etree import ElementTree  # only where a licence is named

    try:
        root = ElementTree.fromstring(xml)
    except ElementTree.ParseError:
        return UsagePreferences()
    path = urlsplit(url).path or "/"
    chosen = None
    for content in root.iter():
        if _local(content.tag) != "content":
            continue
        target = content.get("url", "")
        pattern = urlsplit(target).path if "://" in target else target
        if not pattern or _path_matches(pattern, path):
            chosen = content
            break
    if chosen is None:
        return UsagePreferences()
    server = chosen.get("server")
    if server:
        said: dict[Category, Said] = dict.fromkeys(CATEGORIES, "n")
        evidence = f"RSL licence {where}: a licence from {server} is needed first"
        return UsagePreferences.stated(said, evidence, licence_server=server)
    said = {}
    for element in chosen.iter():
        name = _local(element.tag)
        if name not in ("permits", "prohibits") or element.get("type", "usage") != "usage":
            continue
        for usage in (element.text or "").replace(",", " ").split():
            for category in _RSL_USAGE.get(usage.lower(), ()):
                if name == "prohibits":
                    said[category] = "n"
                else:
                    said.setdefault(category, "y")
    return UsagePreferences.stated(said, f"RSL licence {where}")
