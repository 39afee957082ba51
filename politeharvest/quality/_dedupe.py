"""Deduplication of harvested records: DOI first, then title similarity with guards.

Streaming: records come one at a time (`Deduplicator.add`); each is compared only with the
records that share one of its rarest title words or a DOI (blocking through an inverted index),
so the cost grows about linearly with the number of records. The index is a `DedupIndex`: in
memory by default, or a SQLite file so that several harvests deduplicate together.

The decision for a pair is pure (`compare`): it returns why two records describe the same work,
or nothing. In order:

* the same DOI merges; two different DOIs never do, unless one record is a preprint or a copy
  without a venue (its own repository DOI), and then only with the same title and authors;
* a notice about another work ("Correction to: X") never merges with it;
* another year never merges unless the records explain it (`_versions`): a preprint up to
  three years before its publication, an article online first and its issue (or an accepted
  manuscript) up to twelve months apart, one venue in consecutive years, or a copy without a
  venue up to three years from the published version; then the titles must agree closely and
  the authors agree;
* generic headings ("Editorial", "Introduction", "Book reviews", "Editörden", "Vorwort"...),
  titles of fewer than two content words, and short titles that one repository uses twice in
  one year (columns such as "Trade Press News") merge only by DOI or when the citation
  (volume, issue, pages) or the deposit timestamp shows one item;
* titles whose numbers differ (part 1 and part 2, volume I and II) never merge, nor titles in
  which each side has a content word the other lacks (one template, two subjects);
* when both records name authors, at least one author must agree: family name alike (order,
  initials and a one-letter typo in a long name do not matter) and first initials compatible;
* a repository's own records are distinct works unless they share a DOI;
* title evidence: 95 % alike (or cut at a length limit) with one corroboration (an author, or
  the year for a long and specific title), 85 % alike with a shared author, or one title
  contained in the other (25+ characters, 4+ words) with a shared author. Bracketed remarks
  ("(panel session)") and parallel titles ("Editörden / From the Editor") are compared both
  ways; a copy with characters lost as ``?`` is compared as it is, then in `plain` form.
"""

from __future__ import annotations

import functools
import json
import re
import sqlite3
from collections import Counter, defaultdict
from collections.abc import Iterable, Iterator, Mapping
from collections.abc import Set as AbstractSet
from pathlib import Path
from typing import Any, Protocol

import attrs

from ._normalize import (
    NormalizedRecord,
    deposit_stamps,
    fold,
    has_lost_characters,
    normalize,
    plain,
    valid_issn,
)

__all__ = [
    "Cluster",
    "DedupIndex",
    "Deduplicator",
    "MemoryDedupIndex",
    "Merge",
    "SQLiteDedupIndex",
    "Work",
    "compare",
    "work_of",
]

_STOP = frozenset(
    [
        "a",
        "an",
        "the",
        "of",
        "and",
        "in",
        "on",
        "for",
        "to",
        "with",
        "by",
        "from",
        "at",
        "as",
        "is",
        "are",
        "using",
        "based",
        "via",
        "its",
        "their",
        "into",
        "der",
        "die",
        "das",
        "und",
        "von",
        "zur",
        "zum",
        "im",
        "ein",
        "eine",
        "le",
        "la",
        "les",
        "des",
        "du",
        "de",
        "et",
        "en",
        "un",
        "une",
        "pour",
        "sur",
        "ve",
        "ile",
        "bir",
        "icin",
    ]
)
# Headings that appear in every issue of a journal: never merged on their title alone.
_GENERIC = re.compile(
    r"^(?:guest )?(?:editor s |editors |editorial |the editor s )?"
    r"(?:notes?|message|introduction|preface|foreword|editorial|comments?|board|"
    r"book reviews?|book review column|reviews?|errat(?:um|a)|corrigend(?:um|a)|addend(?:um|a)|"
    r"index|contents|table of contents|in memoriam|obituary|letters?|"
    r"letter from the editor|from the editor|chair s message|news|announcements?|"
    r"call for papers|reminiscences on influential papers|acknowledg(?:e)?ments?|reviewers|"
    r"giris|onsoz|editorden|sunus|kitap incelemesi|vorwort|einleitung|editorial|rezensionen?|"
    r"buchbesprechungen?|avant propos|preface|introduction|comptes rendus|editorial|"
    r"presentation|liminaire|resume|abstracts?)$"
)
_NUMBERS = re.compile(r"\b(?:vol(?:ume)?|issue|no|nr|sayi|cilt|heft|part|\d+)\b")
_SUBTITLE = re.compile(r"\s*[:.?!]\s+|\s+[-\u2013\u2014]\s+|\s*[(\[]")
_BRACKETS = re.compile(r"\([^()]*\)|\[[^\[\]]*\]")
_ROMAN = re.compile(r"^(?:i{1,3}|iv|v|vi{1,3}|ix|x)$")
_YEAR = re.compile(r"\b(1[5-9]\d\d|20\d\d)\b")
_PARALLEL = re.compile(r"\s+[/=]\s+")  # ISBD: title = parallel title / statement
_VENUE_END = re.compile(r"[;,(]|\d")  # Journal; Cilt 14 ..., Journal, 14(2), 3-4
# A notice about another work: "Correction to: <its title>", "Erratum to <its title>".
_NOTICE = re.compile(
    r"^(?:(erratum|errata|corrigendum|retraction|addendum|expression of concern|duzeltme|"
    r"berichtigung|rectificatif|fe de erratas)\b|"
    r"(correction|reply|response|comments?|rejoinder|discussion) (?:to|on)\b)"
)
_CONFERENCE = re.compile(r"\b(?:conference\w*|proceedings|workshop|kongre|sempozyum|bildiri)\b")
_THESIS = re.compile(r"\b(?:\w*thesis|dissertation|tez|doktora|yuksek lisans|dissertationen)\b")
REPEATED = 2
"""A title that one repository uses this many times is a heading, merged only by DOI."""


@functools.cache
def _fuzz() -> Any:
    try:
        from rapidfuzz import fuzz
    except ImportError as exc:  # pragma: no cover - the extra is installed with the tests
        raise ImportError(
            "politeharvest.quality deduplicates with rapidfuzz: "
            "pip install 'politeharvest[quality]'"
        ) from exc
    return fuzz


@attrs.frozen
class Work:
    """What deduplication reads from a record (see `work_of`).

    Attributes:
        identifier: the record's identifier; endpoint: its repository.
        titles: titles folded (lower case, no diacritics or punctuation).
        words: content words of all titles.
        surnames: the creators' family names, folded (last word of each).
        year: the publication year (`publication_date`), if any.
        dois: DOIs, lower case.
        generic: a heading such as "Editorial" (never merged on its title).
        head_words: content words of the main title (before a subtitle), for blocking.
        initials: per family name, the first initials of the given names written with it.
        month: the publication month, when the date gives one.
        version: ``"preprint"``, ``"accepted"`` or ``""`` (`version_of`).
        lossy: the record shows characters lost as ``?`` (``T?rkiye``).
        plain_titles, plain_surnames, plain_initials: the same read through `plain` (ASCII
            letters only), the form in which a lossy copy and the intact one agree.
        venue: where it was published (``source``), folded, without numbers.
        citations: the numbers of its citations (volume, issue, pages), one string each.
        stamps: its deposit timestamps (`deposit_stamps`): a copy re-exported keeps them.
        notice: ``"correction"``, ``"erratum"``, ``"reply"``...: a notice about another work.
        thesis: its type says it is a thesis; conference: a conference paper.
    """

    identifier: str
    endpoint: str
    titles: tuple[str, ...]
    words: frozenset[str]
    surnames: frozenset[str]
    year: int | None
    dois: frozenset[str]
    generic: bool
    head_words: frozenset[str] = frozenset()
    initials: Mapping[str, frozenset[str]] = attrs.field(factory=dict)
    month: int | None = None
    version: str = ""
    lossy: bool = False
    plain_titles: tuple[str, ...] = ()
    plain_surnames: frozenset[str] = frozenset()
    plain_initials: Mapping[str, frozenset[str]] = attrs.field(factory=dict)
    venue: str = ""
    citations: frozenset[str] = frozenset()
    stamps: frozenset[str] = frozenset()
    notice: str = ""
    thesis: bool = False
    conference: bool = False

    @property
    def title_key(self) -> str:
        return self.titles[0] if self.titles else ""

    @property
    def keys(self) -> frozenset[str]:
        """The words it is indexed under: its content words and their `plain` forms."""
        return self.words | _words(self.plain_titles)

    def plain_view(self) -> Work:
        """This work as its `plain` forms (compared so when either side is lossy)."""
        titles = self.plain_titles or self.titles
        return attrs.evolve(
            self,
            titles=titles,
            words=_words(titles),
            surnames=self.plain_surnames,
            initials=self.plain_initials,
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "identifier": self.identifier,
            "endpoint": self.endpoint,
            "titles": list(self.titles),
            "surnames": sorted(self.surnames),
            "year": self.year,
            "dois": sorted(self.dois),
            "generic": self.generic,
            "head_words": sorted(self.head_words),
            "initials": {k: sorted(v) for k, v in self.initials.items()},
            "month": self.month,
            "version": self.version,
            "lossy": self.lossy,
            "plain_titles": list(self.plain_titles),
            "plain_surnames": sorted(self.plain_surnames),
            "plain_initials": {k: sorted(v) for k, v in self.plain_initials.items()},
            "venue": self.venue,
            "citations": sorted(self.citations),
            "stamps": sorted(self.stamps),
            "notice": self.notice,
            "thesis": self.thesis,
            "conference": self.conference,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Work:
        titles = tuple(data["titles"])
        return cls(
            identifier=data["identifier"],
            endpoint=data["endpoint"],
            titles=titles,
            words=_words(titles),
            surnames=frozenset(data["surnames"]),
            year=data["year"],
            dois=frozenset(data["dois"]),
            generic=data.get("generic", _is_generic(titles)),
            head_words=frozenset(data.get("head_words", ())),
            initials={k: frozenset(v) for k, v in data.get("initials", {}).items()},
            month=data.get("month"),
            version=data.get("version", ""),
            lossy=data.get("lossy", False),
            plain_titles=tuple(data.get("plain_titles", ())),
            plain_surnames=frozenset(data.get("plain_surnames", ())),
            plain_initials={k: frozenset(v) for k, v in data.get("plain_initials", {}).items()},
            venue=data.get("venue", ""),
            citations=frozenset(data.get("citations", ())),
            stamps=frozenset(data.get("stamps", ())),
            notice=data.get("notice", ""),
            thesis=data.get("thesis", False),
            conference=data.get("conference", False),
        )


def _column_like(work: Work) -> bool:
    """Whether a repeated title is a column rather than one work deposited twice.

    Short titles that a repository repeats within one year are columns ("Trade Press News",
    "Career forum").
    """
    return work.year is not None and len(work.words) <= 3


def _words(titles: Iterable[str]) -> frozenset[str]:
    return frozenset(w for t in titles for w in t.split() if w not in _STOP)


def _is_generic(titles: tuple[str, ...]) -> bool:
    if not titles:
        return True
    for title in titles:
        bare = " ".join(_NUMBERS.sub(" ", title).split())
        if len([w for w in title.split() if w not in _STOP]) >= 2 and not _GENERIC.match(bare):
            return False
    return True


def _names(rec: NormalizedRecord, folding: Any) -> tuple[frozenset[str], dict[str, frozenset[str]]]:
    """Family names (last word, folded) and the first initials written with each."""
    initials: dict[str, set[str]] = defaultdict(set)
    for name in rec.creators:
        parts = folding(name.family).split()
        if parts and len(parts[-1]) > 1:
            initials[parts[-1]].update(_initial_letters(name.given, name.initials))
    return frozenset(initials), {k: frozenset(v) for k, v in initials.items()}


def work_of(record: Any) -> Work:
    """The `Work` of a `NormalizedRecord` (or of a raw row, normalised first)."""
    rec = record if isinstance(record, NormalizedRecord) else normalize(record)
    # bracketed remarks dropped; parallel titles ("Editörden / From the Editor") one by one
    parts = [p for x in rec.titles for p in (x, *_PARALLEL.split(x)) if p.strip()]
    variants = list(dict.fromkeys(v for x in parts for v in (x, _BRACKETS.sub(" ", x))))
    titles = tuple(dict.fromkeys(t for t in (fold(x) for x in variants) if t))
    heads = [fold(_SUBTITLE.split(x, maxsplit=1)[0]) for x in rec.titles[:1]]
    surnames, initials = _names(rec, fold)
    plain_surnames, plain_initials = _names(rec, plain)
    plain_titles = tuple(dict.fromkeys(t for t in (plain(x) for x in variants) if t))
    lossy = any(has_lost_characters(t) for t in rec.titles) or any(
        "?" in n.family for n in rec.creators
    )
    year: int | None = None
    month: int | None = None
    if rec.issued is not None:
        year = int(rec.issued.iso[:4])
        month = int(rec.issued.iso[5:7]) if rec.issued.precision != "year" else None
    else:  # a date it cannot read ("c. 1990", "1781-1782"); never a deposit timestamp
        stamps = set(deposit_stamps(rec.metadata))
        dates = [d for d in rec.metadata.get("date", ()) if d not in stamps]
        match = _YEAR.search(" ".join(dates))
        year = int(match.group(1)) if match else None
    sources = [v for v in rec.metadata.get("source", ()) if not valid_issn(v)]
    venue = (
        " ".join(w for w in fold(_VENUE_END.split(sources[0])[0]).split() if w not in _STOP)
        if sources
        else ""
    )
    citations = frozenset(
        " ".join(numbers)
        for v in sources
        if len(numbers := [n for n in re.findall(r"\d+", v) if not _YEAR.fullmatch(n)]) >= 3
    )
    types = " ".join(fold(v) for v in rec.metadata.get("type", ()))
    notice = _NOTICE.match(titles[0]) if titles else None
    return Work(
        identifier=rec.identifier,
        endpoint=str(rec.raw.get("endpoint", "")),
        titles=titles,
        words=_words(titles),
        surnames=surnames,
        year=year,
        dois=frozenset(rec.dois),
        generic=_is_generic(tuple(fold(p) for x in rec.titles for p in _PARALLEL.split(x))),
        head_words=_words(heads),
        initials=initials,
        month=month,
        version=rec.version,
        lossy=lossy,
        plain_titles=plain_titles if plain_titles != titles else (),
        plain_surnames=plain_surnames,
        plain_initials=plain_initials,
        venue=venue,
        citations=citations,
        stamps=frozenset(deposit_stamps(rec.metadata)),
        notice=(notice.group(1) or notice.group(2)) if notice else "",
        thesis=bool(_THESIS.search(types)),
        conference=bool(_CONFERENCE.search(types)),
    )


def _initial_letters(given: str, initials: str) -> set[str]:
    """The initials of the given names; a run of capitals (``TBJ``) is read letter by letter."""
    if re.fullmatch(r"[A-Z]{2,6}", given.strip()):
        return set(given.strip().lower())
    return {w[0] for w in fold(initials or given).split()}


def _same_name(a: str, b: str, fuzz: Any) -> bool:
    if a == b:
        return True
    if len(a) >= 4 and len(b) >= 4 and (a.startswith(b) or b.startswith(a)):
        return True
    return len(a) >= 5 and len(b) >= 5 and fuzz.ratio(a, b) >= 80


def _same_person(a: Work, x: str, b: Work, y: str, fuzz: Any) -> bool:
    if not _same_name(x, y, fuzz):
        return False
    first_a, first_b = a.initials.get(x), b.initials.get(y)
    return not first_a or not first_b or bool(first_a & first_b)  # not Tomás and François Dupont


def _shared_names(a: Work, b: Work, fuzz: Any) -> int:
    """How many of ``a``'s authors appear in ``b`` (family name alike, first initials agree)."""
    exact = sum(1 for x in a.surnames & b.surnames if _same_person(a, x, b, x, fuzz))
    if exact:
        return exact
    return sum(1 for x in a.surnames if any(_same_person(a, x, b, y, fuzz) for y in b.surnames))


def _cut_numbers_agree(a: Work, b: Work) -> bool:
    """Whether a title cut short has only numbers the whole title has (its last may be cut)."""
    short, long_ = sorted((a.title_key, b.title_key), key=len)
    whole = {w for w in long_.split() if w.isdigit()}
    mine = [w for w in short.split() if w.isdigit()]
    if mine and short.split()[-1] == mine[-1] and any(n.startswith(mine[-1]) for n in whole):
        mine = mine[:-1]  # "2005-20" cut from "2005-2018"
    return set(mine) <= whole


def _numbers(work: Work) -> frozenset[str]:
    return frozenset(w for w in work.words if w.isdigit() or _ROMAN.match(w))


def _unmatched(a: Work, b: Work, fuzz: Any) -> bool:
    """Whether ``a`` has a content word with no counterpart in ``b`` (same, close or joined)."""
    joined = " ".join(b.titles).replace(" ", "")
    for word in a.words - b.words:
        if len(word) < 4 or word in joined:
            continue
        if not any(fuzz.ratio(word, other) >= 80 for other in b.words):
            return True
    return False


def _title_score(a: Work, b: Work, fuzz: Any) -> tuple[float, bool, int]:
    """Best ratio over the two records' titles, whether one contains the other, and a cut.

    The cut is the length of the shorter title when it is the start of the longer one and
    ends inside one of its words (an aggregator that keeps a title's first N characters),
    else 0. A shorter title that ends between words may be the main title without its
    subtitle: that is containment, which needs an author.
    """
    best, contained, cut = 0.0, False, 0
    for ta in a.titles:
        for tb in b.titles:
            ratio = float(fuzz.ratio(ta, tb))
            best = max(best, ratio)
            short, long_ = (ta, tb) if len(ta) <= len(tb) else (tb, ta)
            if len(short) < 25 or len(short.split()) < 4:
                continue
            if ratio < 95 and fuzz.partial_ratio(short, long_) >= 95:
                contained = True
            # cut inside a word, with more of the title lost than a part number ("I", "II")
            inside_word = len(short) + 5 <= len(long_) and long_[len(short)] != " "
            if inside_word and fuzz.ratio(short, long_[: len(short)]) >= 95:
                cut = max(cut, len(short))
    return best, contained, cut


def _specific(a: Work, b: Work) -> bool:
    """Whether the titles are long and specific enough to stand without authors."""
    return (
        min(len(a.words), len(b.words)) >= _SPECIFIC_WORDS
        and min(len(a.title_key), len(b.title_key)) >= _SPECIFIC_CHARS
    )


_SPECIFIC_WORDS = 4
_SPECIFIC_CHARS = 30
PREPRINT_YEARS = 3
"""A preprint and its published version: at most this many years apart."""
ONLINE_FIRST_MONTHS = 12
"""An article online first and in its issue: at most this many months apart."""


def _months(work: Work, *, last: bool) -> int:
    year = work.year or 0
    month = work.month or (12 if last else 1)
    return year * 12 + month


def _versions(a: Work, b: Work) -> str | None:
    """Why two records of different years can be versions of one text, or None.

    A preprint (or submitted version, working paper) and its published version, the
    preprint first and at most `PREPRINT_YEARS` earlier; an accepted manuscript or an article
    online first and its issue, at most `ONLINE_FIRST_MONTHS` apart by the months the dates
    give; one venue in consecutive years (online first, then the issue); or a copy without
    a venue (a preprint server, a later deposit) at most `PREPRINT_YEARS` from the published
    version. Only a preprint explains a gap beside a conference paper: a conference paper and
    a journal article of its title are two works.
    """
    if a.year is None or b.year is None or a.year == b.year:
        return None
    early, late = (a, b) if a.year < b.year else (b, a)
    gap = late.year - early.year  # type: ignore[operator]
    if early.version == "preprint" and late.version != "preprint" and gap <= PREPRINT_YEARS:
        return f"preprint {early.year}, published {late.year}"
    if early.conference or late.conference:
        return None  # a conference paper and a journal article of its title: two works
    if early.month is not None:
        apart = _months(late, last=False) - _months(early, last=False)
        if apart <= ONLINE_FIRST_MONTHS:
            kind = "accepted" if early.version == "accepted" else "online first"
            return f"{kind} {early.year}-{early.month:02d}, issue {late.year}"
    if gap == 1 and early.venue and early.venue == late.venue:
        return f"same venue, online first {early.year}, issue {late.year}"
    if _copy(early, late) and gap <= PREPRINT_YEARS:
        # a preprint or a later deposit, dated by itself, and the published version
        copy, published = (late, early) if early.venue else (early, late)
        return f"a copy without a venue dated {copy.year}, published {published.year}"
    return None


def _same_item(a: Work, b: Work) -> str | None:
    """Why two records with a heading for a title ("Editorial") are one item, or None.

    Only what identifies the item itself counts: the same citation (volume, issue, pages)
    in one venue, or the same deposit timestamp (a record re-exported by an aggregator).
    """
    if a.endpoint == b.endpoint or not a.titles or not b.titles:
        return None
    if a.year is not None and b.year is not None and a.year != b.year:
        return None
    fuzz = _fuzz()
    if max(fuzz.ratio(x, y) for x in a.titles for y in b.titles) < 90:
        return None
    if a.surnames and b.surnames and not _shared_names(a, b, fuzz):
        return None
    evidence = _one_item(a, b)
    return f"same heading and {evidence}" if evidence else None


def _one_item(a: Work, b: Work) -> str | None:
    """What shows two records are one item: a citation in one venue, or a deposit timestamp."""
    cited = a.citations & b.citations
    if cited and a.venue and a.venue == b.venue:
        return f"citation {min(cited)}"
    stamps = a.stamps & b.stamps
    return f"deposit {min(stamps)}" if stamps else None


def compare(a: Work, b: Work, *, headings: AbstractSet[str] = frozenset()) -> str | None:
    """Why ``a`` and ``b`` describe the same work, or None.

    ``headings`` are title keys known to repeat within one repository (treated as generic).
    """
    if a.identifier == b.identifier and a.endpoint == b.endpoint:
        return "same record"
    versions = _versions(a, b)
    strict = ""  # the evidence a merge against two DOIs needs, and says
    if a.dois and b.dois:
        common = a.dois & b.dois
        if common:
            return f"same DOI {min(common)}"
        if versions and versions.startswith("preprint"):
            strict = "two DOIs (a preprint's own and the article's)"
        elif _copy(a, b):
            strict = "two DOIs (a copy without a venue has its own)"
        else:
            return None  # two DOIs: two works
    if a.notice != b.notice:
        return None  # "Correction to: X" is not X
    if a.year is not None and b.year is not None and a.year != b.year and not versions:
        return None  # another year and nothing to explain it: another work
    if a.generic or b.generic or a.title_key in headings or b.title_key in headings:
        if strict:
            return None  # a heading against two DOIs: nothing can outweigh them
        decide = _same_item
    else:
        decide = functools.partial(_by_title, versions=versions, strict=strict)
    found = decide(a, b)
    if found is None and (a.lossy or b.lossy):  # T?rkiye: compare what both copies kept
        found = decide(a.plain_view(), b.plain_view())
        return f"{found}, read without the characters lost as ?" if found else None
    return found


def _copy(a: Work, b: Work) -> bool:
    """Whether one record names a venue and the other, not a thesis or a conference, none.

    The one without is a copy (a preprint server, a later deposit such as Zenodo's) that may
    carry its own date and its own DOI.
    """
    kinds = a.thesis or b.thesis or a.conference or b.conference
    return bool(a.venue) != bool(b.venue) and not kinds


def _by_title(a: Work, b: Work, versions: str | None, strict: str = "") -> str | None:
    """The title, author and year evidence of `compare` (DOIs and headings already ruled)."""
    short = min(len(a.words), len(b.words))
    if len(a.words & b.words) < 0.5 * short:
        return None
    numbers = _numbers(a) != _numbers(b) and _numbers(a) and _numbers(b)
    fuzz = _fuzz()
    if _unmatched(a, b, fuzz) and _unmatched(b, a, fuzz):
        return None  # each title has a word the other lacks: another subject
    ratio, contained, cut = _title_score(a, b, fuzz)
    if numbers and not (cut and _cut_numbers_agree(a, b)):
        return None  # part 1 and part 2, volume I and II
    if ratio < 85 and not contained and not cut:
        return None
    both = bool(a.surnames and b.surnames)
    shared = _shared_names(a, b, fuzz) if both else 0
    if both and not shared:
        return None
    if a.endpoint == b.endpoint:
        return None  # a repository's own records are distinct works unless a DOI says otherwise
    same_year = a.year is not None and a.year == b.year
    year = f", same year {a.year}" if same_year else ""
    authors = f", {shared} shared author{'s' if shared > 1 else ''}" if shared else ""
    title = f"title cut at {cut} characters" if cut and ratio < 95 else f"title {ratio:.0f}% alike"
    fewer = min(len(a.surnames), len(b.surnames))
    if strict:  # against two DOIs: the same title and the same authors
        if (ratio >= 95 or cut) and both and shared >= max(1, (fewer + 1) // 2):
            return f"{title}{authors}{year}, {versions or strict}"
        return None
    if versions:  # versions of one text: close titles, and the authors agree
        agree = shared >= max(1, (fewer + 1) // 2) if both else _specific(a, b)
        if (ratio >= 95 or cut) and agree:
            return f"{title}{authors}, {versions}"
        if contained and fewer >= 2 and shared == fewer:  # a subtitle added, all authors kept
            return f"one title contains the other{authors}, {versions}"
        return None
    if (ratio >= 95 or cut) and (shared or (same_year and _specific(a, b))):
        return f"{title}{authors}{year}"
    if (ratio >= 95 or cut) and (evidence := _one_item(a, b)):  # a short title, no authors
        return f"{title}{authors}{year}, same {evidence}"
    if ratio >= 85 and shared:
        return f"title {ratio:.0f}% alike{authors}{year}"
    if contained and shared:
        return f"one title contains the other{authors}{year}"
    return None


@attrs.frozen
class Merge:
    """Two records found to describe the same work, and why."""

    a: str
    b: str
    reason: str


@attrs.frozen
class Cluster:
    """Records describing one work.

    Attributes:
        identifiers: every member's identifier, in the order they were added.
        member_endpoints: each member's repository, in the same order.
        reasons: why each merge was made (``"a ~ b: reason"``).
    """

    identifiers: tuple[str, ...]
    member_endpoints: tuple[str, ...]
    reasons: tuple[str, ...]

    @property
    def endpoints(self) -> tuple[str, ...]:
        """The repositories the members came from, each once."""
        return tuple(dict.fromkeys(self.member_endpoints))

    @property
    def reason(self) -> str:
        return "; ".join(self.reasons)


class DedupIndex(Protocol):
    """Where the deduplicator keeps what it has seen (in memory, or a SQLite file)."""

    def add(self, work: Work) -> int: ...
    def work(self, rid: int) -> Work: ...
    def count(self) -> int: ...
    def frequency(self, word: str) -> int: ...
    def postings(self, word: str, limit: int) -> list[int] | None: ...
    def by_doi(self, doi: str) -> list[int]: ...
    def by_identifier(self, endpoint: str, identifier: str) -> int | None: ...
    def title_count(self, endpoint: str, title: str, year: int | None) -> int: ...
    def headings(self) -> AbstractSet[str]: ...
    def add_edge(self, a: int, b: int, reason: str) -> None: ...
    def edges(self) -> Iterator[tuple[int, int, str]]: ...
    def close(self) -> None: ...


class MemoryDedupIndex:
    """The index in memory (the default)."""

    def __init__(self) -> None:
        self._works: list[Work] = []
        self._df: Counter[str] = Counter()
        self._postings: dict[str, list[int]] = defaultdict(list)
        self._dois: dict[str, list[int]] = defaultdict(list)
        self._ids: dict[tuple[str, str], int] = {}
        self._titles: Counter[tuple[str, str, int | None]] = Counter()
        self._headings: set[str] = set()
        self._edges: list[tuple[int, int, str]] = []

    def add(self, work: Work) -> int:
        rid = len(self._works)
        self._works.append(work)
        for word in work.keys:
            self._df[word] += 1
            self._postings[word].append(rid)
        for doi in work.dois:
            self._dois[doi].append(rid)
        self._ids.setdefault((work.endpoint, work.identifier), rid)
        key = (work.endpoint, work.title_key, work.year)
        self._titles[key] += 1
        if _column_like(work) and self._titles[key] >= REPEATED:
            self._headings.add(work.title_key)
        return rid

    def work(self, rid: int) -> Work:
        return self._works[rid]

    def count(self) -> int:
        return len(self._works)

    def frequency(self, word: str) -> int:
        return self._df.get(word, 0)

    def postings(self, word: str, limit: int) -> list[int] | None:
        found = self._postings.get(word, [])
        return None if len(found) > limit else found

    def by_doi(self, doi: str) -> list[int]:
        return self._dois.get(doi, [])

    def by_identifier(self, endpoint: str, identifier: str) -> int | None:
        return self._ids.get((endpoint, identifier))

    def title_count(self, endpoint: str, title: str, year: int | None) -> int:
        return self._titles.get((endpoint, title, year), 0)

    def headings(self) -> AbstractSet[str]:
        """The title keys found to be headings so far (a live view: not to be changed)."""
        return self._headings

    def add_edge(self, a: int, b: int, reason: str) -> None:
        self._edges.append((a, b, reason))

    def edges(self) -> Iterator[tuple[int, int, str]]:
        return iter(self._edges)

    def close(self) -> None:
        pass


class SQLiteDedupIndex:
    """The index in a SQLite file.

    Several runs (two repositories, many sets, one harvest file after another) then deduplicate
    together. Safe to reopen; one writer at a time.
    """

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self._db = sqlite3.connect(str(self.path))
        self._db.executescript(
            """
            PRAGMA journal_mode=WAL;
            CREATE TABLE IF NOT EXISTS dedup_works (rid INTEGER PRIMARY KEY, endpoint TEXT,
                identifier TEXT, title TEXT, year INTEGER, data TEXT);
            CREATE UNIQUE INDEX IF NOT EXISTS dedup_works_id ON dedup_works(endpoint, identifier);
            CREATE INDEX IF NOT EXISTS dedup_works_title ON dedup_works(endpoint, title, year);
            CREATE TABLE IF NOT EXISTS dedup_words (word TEXT, rid INTEGER);
            CREATE INDEX IF NOT EXISTS dedup_words_word ON dedup_words(word);
            CREATE TABLE IF NOT EXISTS dedup_dois (doi TEXT, rid INTEGER);
            CREATE INDEX IF NOT EXISTS dedup_dois_doi ON dedup_dois(doi);
            CREATE TABLE IF NOT EXISTS dedup_headings (title TEXT PRIMARY KEY);
            CREATE TABLE IF NOT EXISTS dedup_edges (a INTEGER, b INTEGER, reason TEXT);
            """
        )
        self._cache: dict[int, Work] = {}
        # one writer at a time: the headings are read once and kept up to date here
        self._headings = {r[0] for r in self._db.execute("SELECT title FROM dedup_headings")}

    def add(self, work: Work) -> int:
        cur = self._db.execute(
            "INSERT INTO dedup_works (endpoint, identifier, title, year, data)"
            " VALUES (?, ?, ?, ?, ?)",
            (
                work.endpoint,
                work.identifier,
                work.title_key,
                work.year,
                json.dumps(work.to_json()),
            ),
        )
        rid = int(cur.lastrowid or 0)
        self._db.executemany("INSERT INTO dedup_words VALUES (?, ?)", [(w, rid) for w in work.keys])
        self._db.executemany("INSERT INTO dedup_dois VALUES (?, ?)", [(d, rid) for d in work.dois])
        if (
            _column_like(work)
            and self.title_count(work.endpoint, work.title_key, work.year) >= REPEATED
        ):
            self._db.execute("INSERT OR IGNORE INTO dedup_headings VALUES (?)", (work.title_key,))
            self._headings.add(work.title_key)
        self._cache[rid] = work
        return rid

    def work(self, rid: int) -> Work:
        if rid not in self._cache:
            (data,) = self._db.execute(
                "SELECT data FROM dedup_works WHERE rid = ?", (rid,)
            ).fetchone()
            self._cache[rid] = Work.from_json(json.loads(data))
        return self._cache[rid]

    def count(self) -> int:
        return int(self._db.execute("SELECT count(*) FROM dedup_works").fetchone()[0])

    def frequency(self, word: str) -> int:
        row = self._db.execute("SELECT count(*) FROM dedup_words WHERE word = ?", (word,))
        return int(row.fetchone()[0])

    def postings(self, word: str, limit: int) -> list[int] | None:
        rows = self._db.execute(
            "SELECT rid FROM dedup_words WHERE word = ? LIMIT ?", (word, limit + 1)
        ).fetchall()
        return None if len(rows) > limit else [r[0] for r in rows]

    def by_doi(self, doi: str) -> list[int]:
        return [r[0] for r in self._db.execute("SELECT rid FROM dedup_dois WHERE doi = ?", (doi,))]

    def by_identifier(self, endpoint: str, identifier: str) -> int | None:
        row = self._db.execute(
            "SELECT rid FROM dedup_works WHERE endpoint = ? AND identifier = ?",
            (endpoint, identifier),
        ).fetchone()
        return None if row is None else int(row[0])

    def title_count(self, endpoint: str, title: str, year: int | None) -> int:
        row = self._db.execute(
            "SELECT count(*) FROM dedup_works WHERE endpoint = ? AND title = ? AND year IS ?",
            (endpoint, title, year),
        )
        return int(row.fetchone()[0])

    def headings(self) -> AbstractSet[str]:
        """The title keys found to be headings so far (a live view: not to be changed)."""
        return self._headings

    def add_edge(self, a: int, b: int, reason: str) -> None:
        self._db.execute("INSERT INTO dedup_edges VALUES (?, ?, ?)", (a, b, reason))

    def edges(self) -> Iterator[tuple[int, int, str]]:
        return iter(self._db.execute("SELECT a, b, reason FROM dedup_edges").fetchall())

    def commit(self) -> None:
        self._db.commit()

    def close(self) -> None:
        self._db.commit()
        self._db.close()


class Deduplicator:
    """Clusters records that describe the same work, saying why for every merge.

    Feed records with `add` (rows as ``harvest`` writes them, or `NormalizedRecord` values),
    then read `clusters`. Pass ``index=SQLiteDedupIndex(path)`` to deduplicate across runs.

    Args:
        index: where records are indexed (in memory by default).
        keys: how many of a record's rarest title words are looked up (blocking).
        posting_limit: words found in more records than this are too common to block on.
        min_hits: how many of those words a record must share to be compared.
    """

    def __init__(
        self,
        index: DedupIndex | None = None,
        *,
        keys: int = 5,
        posting_limit: int = 2000,
        min_hits: int = 2,
    ) -> None:
        self.index: DedupIndex = index if index is not None else MemoryDedupIndex()
        self.keys = keys
        self.posting_limit = posting_limit
        self.min_hits = min_hits
        self.compared = 0

    def add(self, record: Any) -> list[Merge]:
        """Index one record and return the merges it makes with records seen before.

        A record already seen (same repository and identifier, for example from another set)
        is not indexed twice; merging its rows is the caller's business (``clean`` does it).
        """
        work = record if isinstance(record, Work) else work_of(record)
        index = self.index
        if index.by_identifier(work.endpoint, work.identifier) is not None:
            return []  # the same record again (another set, another harvest file)
        hits: Counter[int] = Counter()
        for doi in work.dois:
            hits.update(dict.fromkeys(index.by_doi(doi), self.keys))

        def rarest(words: frozenset[str], count: int) -> list[str]:
            return sorted(words, key=lambda w: (index.frequency(w), -len(w), w))[:count]

        count = max(self.keys, (len(work.words) + 1) // 2)  # long, noisy titles: more keys
        picked = [*rarest(work.words, count), *rarest(work.head_words, 3)]
        if work.lossy:  # the words as an intact copy's plain form has them too
            picked += rarest(work.plain_view().words, count)
        chosen = list(dict.fromkeys(picked))
        for word in chosen:
            found = index.postings(word, self.posting_limit)
            if found:
                hits.update(found)
        need = min(self.min_hits, len(chosen))
        candidates = [rid for rid, n in hits.items() if n >= need]
        headings = index.headings()
        rid = index.add(work)
        merges: list[Merge] = []
        for other in sorted(candidates):
            seen = index.work(other)
            self.compared += 1
            reason = compare(seen, work, headings=headings)
            if reason:
                index.add_edge(other, rid, reason)
                merges.append(Merge(seen.identifier, work.identifier, reason))
        return merges

    def extend(self, records: Iterable[Any]) -> None:
        for record in records:
            self.add(record)

    def clusters(self) -> list[Cluster]:
        """The clusters of two or more records.

        Title merges of titles that turned out to be repeated headings within one repository
        are dropped here.
        """
        index = self.index
        headings = index.headings()
        parent: dict[int, int] = {}

        def find(x: int) -> int:
            root = x
            while parent.get(root, root) != root:
                root = parent[root]
            while parent.get(x, x) != root:
                parent[x], x = root, parent[x]
            return root

        reasons: dict[int, list[tuple[int, int, str]]] = defaultdict(list)
        kept: list[tuple[int, int, str]] = []
        for a, b, reason in index.edges():
            if (
                headings
                and not reason.startswith(("same DOI", "same record", "same heading"))
                and (index.work(a).title_key in headings or index.work(b).title_key in headings)
            ):
                continue
            kept.append((a, b, reason))
            ra, rb = find(a), find(b)
            if ra != rb:
                parent[max(ra, rb)] = min(ra, rb)
        members: dict[int, list[int]] = defaultdict(list)
        for rid in sorted({x for a, b, _ in kept for x in (a, b)}):
            members[find(rid)].append(rid)
        for a, b, reason in kept:
            reasons[find(a)].append((a, b, reason))
        out = []
        for root, rids in sorted(members.items()):
            works = [index.work(r) for r in rids]
            if len(rids) < 2:
                continue
            out.append(
                Cluster(
                    identifiers=tuple(w.identifier for w in works),
                    member_endpoints=tuple(w.endpoint for w in works),
                    reasons=tuple(
                        f"{index.work(a).identifier} ~ {index.work(b).identifier}: {why}"
                        for a, b, why in reasons[root]
                    ),
                )
            )
        return out
