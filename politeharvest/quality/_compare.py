"""The pair decision of deduplication (core): `compare` says why two works are one, or None.

It returns why two records describe the same work, or nothing. In order:

* the same DOI merges, unless the titles contradict it (`_by_doi`): unlike titles with fewer
  than half of the authors agreeing, titles of one frame with other numbers, or with two
  subjects and fewer than half of the authors, a heading or short title of two years; DOIs of
  versions of one work (``….v1``, ``….v2``) merge on corroboration; two different DOIs never
  do, unless one record is a preprint or a copy without a venue (its own repository DOI), or
  the DOIs are one slip apart, and then only with the same title and authors;
* a notice about another work ("Correction to: X") never merges with it;
* another year (no year either can be read as, `_same_year`, is the other's) never merges
  unless the records explain it (`_versions`): a preprint up to
  three years before its publication, an article online first and its issue (or an accepted
  manuscript) up to twelve months apart, one venue in consecutive years, or a copy without a
  venue up to three years from the published version; then the titles must agree closely and
  the authors agree (a short title such as "Annual Report" needs two authors: one corporate
  author's reports of two years are two items);
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

import bisect
import functools
import itertools
import re
from collections.abc import Set as AbstractSet
from typing import Any

import attrs

from politeharvest._extras import require

from ._work import STRONG_KINDS, Work, title_words

__all__ = ["ONLINE_FIRST_MONTHS", "PREPRINT_YEARS", "compare", "mistyped_doi", "swapped_dois"]

_ROMAN = re.compile(r"^(?:i{1,3}|iv|v|vi{1,3}|ix|x)$")


@functools.cache
def _fuzz() -> Any:
    return require("rapidfuzz.fuzz", "politeharvest.quality (deduplicating)")


def _same_name(a: str, b: str, fuzz: Any) -> bool:
    if a == b:
        return True
    if len(a) >= 4 and len(b) >= 4 and (a.startswith(b) or b.startswith(a)):
        return True
    return len(a) >= 5 and len(b) >= 5 and fuzz.ratio(a, b) >= 80


def _same_person(a: Work, x: str, b: Work, y: str, fuzz: Any) -> bool:
    if not (_same_name(x, y, fuzz) or _one_of_the_family(a, x, b, y)):
        return False
    first_a, first_b = a.initials.get(x), b.initials.get(y)
    return not first_a or not first_b or bool(first_a & first_b)  # not Tomás and François Dupont


def _one_of_the_family(a: Work, x: str, b: Work, y: str) -> bool:
    """Whether one of two family names is a word of the other (``Etxeberria Agirre``).

    Spanish, Basque, Catalan and Portuguese names have two family names; a copy keeps one
    (``Etxeberria, M.``, ``Casals, P.``), the other the last (``Agirre``, ``Roca``).
    """
    mine, theirs = a.family_words.get(x, frozenset()), b.family_words.get(y, frozenset())
    return y in mine or x in theirs or bool(mine & theirs)


def _shared_names(a: Work, b: Work, fuzz: Any) -> int:
    """How many of ``a``'s authors appear in ``b`` (family name alike, first initials agree).

    When none does by its spelling, names written in two scripts are compared by their
    romanised keys (`_across_scripts`).
    """
    return _same_script_names(a, b, fuzz) or _across_scripts(a, b, fuzz)


def _skeleton(key: str) -> str:
    """A romanised key's consonants by their Soundex classes, each run once.

    What an abjad writes (``mhmd``) and what two romanisations share (``Gim`` and
    ``Kim``, ``Jeong`` and ``Chung``): vowels, ``h``, ``w`` and ``y`` dropped, the other
    letters as their Soundex class (b f p v; c g j k q s x z; d t; l; m n; r).
    """
    return _DOUBLED.sub(r"\1", key.translate(_SOUNDEX))


_SOUNDEX = str.maketrans("bfpvcgjkqsxzdtlmnr", "111122222222334556", "aeiouhwy")
_DOUBLED = re.compile(r"(.)\1+")
#: Romanised names this alike (rapidfuzz ratio) are one person written in two scripts.
_ROMANIZED_ALIKE = 85
#: Consonant skeletons this long and equal are one person (`_skeleton`).
_SKELETON = 4


def _across_scripts(a: Work, b: Work, fuzz: Any) -> int:
    """How many of ``a``'s authors appear in ``b`` written in another script or order.

    Names whose scripts differ (``胡伟`` and ``Hu, Wei``, ``이지훈(Lee, Ji-hoon)`` and
    ``Yi, Jihun``) are compared by their romanised keys (`Work.persons`): 85 % alike, or
    with the same consonants (``نرگس قاسمی`` and ``Qasemi, Narges``). Names in one script
    agree only when one is the other read the other way round: the given name taken for the
    family name (``Arun, P.`` and ``Arun Prakash``). When either record is Korean
    (`Work.korean`), a name in Hanja is read as Korean too (``鄭賢宇`` and ``정현우``, or
    ``Jeong, Hyeon-u``), and compared so with a name in Hangul.
    """
    if len(a.creators) * len(b.creators) > _PAIRS or not a.persons or not b.persons:
        return 0
    korean = a.korean or b.korean
    shared = 0
    for x in a.persons:
        x_keys = x.keys | x.korean if korean else x.keys
        for y in b.persons:
            if x.scripts == y.scripts and not (korean and x.hanja != y.hanja):
                # only a name read the other way round
                alike = bool(x.family_first & y.given_first or x.given_first & y.family_first)
            else:
                y_keys = y.keys | y.korean if korean else y.keys
                alike = any(_romanized_alike(p, q, fuzz) for p in x_keys for q in y_keys)
            if alike:
                shared += 1
                break
    return shared


def _romanized_alike(x: str, y: str, fuzz: Any) -> bool:
    if fuzz.ratio(x, y) >= _ROMANIZED_ALIKE:
        return True
    skeleton = _skeleton(x)
    return len(skeleton) >= _SKELETON and skeleton == _skeleton(y)


def _same_script_names(a: Work, b: Work, fuzz: Any) -> int:
    exact = sum(1 for x in a.surnames & b.surnames if _same_person(a, x, b, x, fuzz))
    if exact:
        return exact
    if len(a.surnames) * len(b.surnames) <= _PAIRS:
        return sum(1 for x in a.surnames if any(_same_person(a, x, b, y, fuzz) for y in b.surnames))
    # Thousands of authors on each side: the names each could be the same as are found
    # (ratios in rapidfuzz's C loop, prefixes in the sorted names), not every pair tried
    # in Python (4,000 a side took 17 s a comparison).
    from rapidfuzz import process

    ordered = sorted(b.surnames)
    long_ones = [y for y in ordered if len(y) >= 5]
    shared = 0
    for x in a.surnames:
        alike: set[str] = set()
        if len(x) >= 4:
            start = bisect.bisect_left(ordered, x)
            for y in itertools.islice(ordered, start, None):
                if not y.startswith(x):
                    break
                if len(y) >= 4:
                    alike.add(y)
            alike.update(x[:end] for end in range(4, len(x)) if x[:end] in b.surnames)
        if len(x) >= 5:
            found = process.extract(x, long_ones, scorer=fuzz.ratio, score_cutoff=80, limit=None)
            alike.update(y for y, _, _ in found)
        if any(_same_person(a, x, b, y, fuzz) for y in alike):
            shared += 1
    return shared


#: Up to this many pairs of surnames, every pair is tried (`_shared_names`).
_PAIRS = 2500


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


def _other_numbers(a: Work, b: Work) -> bool:
    """Whether two titles' numbers differ: part 1 and part 2, a period and another.

    Both must have numbers. A difference of one side only, of single letters (``i``, ``v``,
    ``x``), is no number: it is as often a word (Catalan and Polish "i", Czech "v", a typo's
    "i" for "in"); part I and part II differ on both sides. Nor do they differ when a title
    of each has the same numbers (the rest are in a parallel title the other lacks).
    """
    mine, theirs = _numbers(a), _numbers(b)
    if not (mine and theirs) or mine == theirs:
        return False
    if not (mine - theirs and theirs - mine) and all(
        len(n) == 1 and not n.isdigit() for n in mine ^ theirs
    ):
        return False
    # a title of each with the same numbers: the rest are a parallel title's the other lacks
    # (a Persian title's period in Solar Hijri years and its English one's in Gregorian)
    numbered = [{w for w in t.split() if w.isdigit() or _ROMAN.match(w)} for t in b.titles]
    return not any(
        found and found in numbered
        for found in ({w for w in t.split() if w.isdigit() or _ROMAN.match(w)} for t in a.titles)
    )


def _unmatched(a: Work, b: Work, fuzz: Any) -> bool:
    """Whether ``a`` has a content word with no counterpart in ``b`` (same, close or joined).

    A character of a script without spaces (大阪, 京都) is a word of its own however short
    its reading: it has a counterpart only when ``b`` has the same.
    """
    joined = " ".join(b.titles).replace(" ", "")
    for word in a.words - b.words:
        if word in a.glyphs:
            if b.glyphs:
                return True
            continue
        if len(word) < 4 or word in joined:
            continue
        if not any(fuzz.ratio(word, other) >= 80 for other in b.words):
            skeleton = _romanized(word)
            if not any(fuzz.ratio(skeleton, _romanized(other)) >= 80 for other in b.words):
                return True
    return False


# Digraphs by which romanisations of one script differ from its Latin spelling: Cyrillic
# zhe, che, sha, ha and tse as zh ch sh kh ts (``chinilatsa``) where a Latin alphabet
# writes ž č š h c (``činilaca``, folded ``cinilaca``).
_DIGRAPHS = re.compile(r"ts|kh|(?<=[zcs])h")
_DIGRAPH_LETTERS = {"ts": "c", "kh": "h"}


def _romanized(word: str) -> str:
    """A word with the digraphs of a romanisation read as single letters (`_DIGRAPHS`)."""
    return _DIGRAPHS.sub(lambda m: _DIGRAPH_LETTERS.get(m.group(), ""), word)


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
            if (
                inside_word
                and fuzz.ratio(short, long_[: len(short)]) >= 95
                and _ends_where_cut(short, long_, fuzz)
            ):
                cut = max(cut, len(short))
    return best, contained, cut


def _ends_where_cut(short: str, long_: str, fuzz: Any) -> bool:
    """Whether ``short`` ends with (about) the word of ``long_`` it was cut in.

    A title cut at N characters ends with part of the word there ("... Nigeria: a c" of
    "a cross-sectional", "Wärmepumpen" of "Waermepumpen: ..."); a title without its
    bracketed years ("... survey part i") beside the whole one ("... survey 2015 2020
    part ii") is about as alike, but ends elsewhere.
    """
    last = short.rsplit(" ", 1)[-1]
    start = len(short) - len(last)
    window = long_[max(0, start - 2) : start + len(last) + 2]
    return bool(fuzz.partial_ratio(last, window) >= _CUT_WORD)


#: How alike (rapidfuzz partial ratio) the last word of a cut title is to the word there.
_CUT_WORD = 80


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
    version. Only a preprint explains a gap beside a conference paper or a report: a
    conference paper and a journal article of its title are two works, and a report is of
    its year (an annual report, a ministry's report of each year).
    """
    if a.year is None or b.year is None or _same_year(a, b):
        return None
    early, late = (a, b) if a.year < b.year else (b, a)
    gap = late.year - early.year  # type: ignore[operator]
    if early.version == "preprint" and late.version != "preprint" and gap <= PREPRINT_YEARS:
        return f"preprint {early.year}, published {late.year}"
    if early.conference or late.conference:
        return None  # a conference paper and a journal article of its title: two works
    if early.kind == "report" or late.kind == "report":
        return None  # a report of each year (an annual one, a ministry's): the year is its own
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


def _text_versions(versions: str | None) -> bool:
    """Whether `_versions` explains two years by versions of one text.

    A preprint, an accepted manuscript or a copy without a venue; not one venue in two
    consecutive years or an issue's months: a short title ("Annual Report", "From the
    Editor") that one venue prints in each issue is another item in each.
    """
    return versions is not None and versions.startswith(("preprint", "accepted", "a copy"))


def _same_item(a: Work, b: Work) -> str | None:
    """Why two records with a heading for a title ("Editorial") are one item, or None.

    Only what identifies the item itself counts: the same citation (volume, issue, pages)
    in one venue, or the same deposit timestamp (a record re-exported by an aggregator).
    """
    if a.endpoint == b.endpoint or not a.titles or not b.titles:
        return None
    if _years_apart(a, b):
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
    fuzz = _fuzz()
    other = _other_kind(a, b, fuzz)
    if other == "strong":
        return None  # a dataset and its article, a notice and its work, a book and a chapter
    versions = _versions(a, b)
    strict = ""  # the evidence a merge against two DOIs needs, and says
    if common := a.dois & b.dois:
        return _by_doi(a, b, common, other, fuzz)
    if concept := _one_concept(a.own_dois, b.own_dois):
        if other or _contradicted(a, b, fuzz) or not _corroborated(a, b, fuzz):
            return None
        if _two_subjects(a, b, fuzz) or ((a.generic or b.generic) and _years_apart(a, b)):
            return None
        return f"DOIs of versions of one work ({concept})"
    preprint = _preprint_pair(a, b, versions)
    if a.listed_dois and b.listed_dois:
        if preprint:
            strict = "two DOIs (a preprint's own and the article's)"
        elif _copy(a, b) and not _registrants(a.listed_dois) & _registrants(b.listed_dois):
            strict = "two DOIs (a copy without a venue has its own)"
        elif _one_apart(a.listed_dois, b.listed_dois):
            strict = "DOIs one character apart"
        elif any(d in b.listed_dois for x in a.listed_dois for d in swapped_dois(x)):
            strict = "DOIs with two neighbouring characters swapped"
        else:
            return None  # two DOIs: two works
    if other:
        return None  # a thesis and the article from it, a conference paper and its journal version
    if _cited_apart(a, b):
        return None  # one journal, two issues or two page ranges: two items
    if a.notice != b.notice:
        return None  # "Correction to: X" is not X
    if _years_apart(a, b) and not versions:
        return None  # another year and nothing to explain it: another work
    if a.generic or b.generic or a.title_key in headings or b.title_key in headings:
        if strict:
            return None  # a heading against two DOIs: nothing can outweigh them
        decide = _same_item
    else:
        decide = functools.partial(_by_title, versions=versions, strict=strict, preprint=preprint)
    found = decide(a, b)
    if found is None and (a.lossy or b.lossy):  # T?rkiye: compare what both copies kept
        found = decide(a.plain_view(), b.plain_view())
        return f"{found}, read without the characters lost as ?" if found else None
    if found is None and not strict and decide is not _same_item:
        found = _same_citation(a, b)
    return found


def _same_citation(a: Work, b: Work) -> str | None:
    """Why two records whose titles differ (a translation) are one item, or None.

    The same citation (volume, issue, pages) in one venue, the same year, and an author
    shared (in any script): an article whose copy gives only its title in another language.
    """
    cited = a.citations & b.citations
    if not cited or not a.venue or a.venue != b.venue or a.year is None or not _same_year(a, b):
        return None
    if not (a.surnames and b.surnames and _shared_names(a, b, _fuzz())):
        return None
    return f"same citation {min(cited)} in one venue, same year {a.year}, a shared author"


def _cited_apart(a: Work, b: Work) -> bool:
    """Whether both cite one venue with numbers (volume, issue, pages) that share no citation.

    Two records of one journal in two issues, or at two page ranges, are two items however
    alike their titles and authors (an editorial of each issue, an article and its
    correction printed later).
    """
    return bool(a.venue and a.venue == b.venue and a.citations and b.citations) and not (
        a.citations & b.citations
    )


def _other_kind(a: Work, b: Work, fuzz: Any) -> str:
    """``"strong"``, ``"weak"`` or ``""``: whether two records' kinds make them two works.

    Strong: one is a dataset, software, a book, a chapter, a review, a comment or an erratum
    and the other is not of that kind, or a title says it is about the other's ("Data for:
    X", "Erratum to “X”"); nothing outweighs that. Weak: both types are given and differ (a
    thesis and an article, a conference paper and an article); only a DOI both give as their
    own outweighs it.
    """
    if a.kind != b.kind and (a.kind in STRONG_KINDS or b.kind in STRONG_KINDS):
        return "strong"
    if _about(a, b, fuzz) or _about(b, a, fuzz):
        return "strong"
    return "weak" if a.kind and b.kind and a.kind != b.kind else ""


def _about(a: Work, b: Work, fuzz: Any) -> bool:
    """Whether a title of ``a`` says it is about ``b``'s (and is not just ``b``'s title)."""
    if not a.about or not b.titles:
        return False
    if max(fuzz.ratio(x, y) for x in a.titles for y in b.titles) >= 95:
        return False  # the same title: the lead is the title's own (its subtitle)
    return any(
        fuzz.ratio(text, title) >= 90 or (len(title) >= 20 and title in text)
        for text in a.about
        for title in b.titles
    )


_VERSION_SUFFIX = re.compile(r"[._/-]v\d{1,3}$")


def _one_concept(a: AbstractSet[str], b: AbstractSet[str]) -> str:
    """The DOI of which each gives a version as its own (``….v1`` and ``….v2``), or "".

    Data and preprint repositories register each version of a work under the work's DOI
    with a version suffix (``10.6084/m9.figshare.123.v2``, ``10.31219/osf.io/abcde_v1``),
    and a copy may give the work's DOI itself: versions of one work, one work.
    """
    concepts_a = {_VERSION_SUFFIX.sub("", d) for d in a}
    concepts_b = {_VERSION_SUFFIX.sub("", d) for d in b}
    shared = concepts_a & concepts_b
    return min(shared) if shared else ""


def _registrants(dois: AbstractSet[str]) -> frozenset[str]:
    """The registrant prefixes of DOIs (``10.5281``): one registrant gives one work one DOI."""
    return frozenset(d.split("/", 1)[0] for d in dois)


def _one_apart(a: AbstractSet[str], b: AbstractSet[str]) -> bool:
    """Whether a DOI of one is the other's with one character, not a digit, typed otherwise.

    ``10.1/ab-3`` and ``10.1/ab_3`` may be one; a digit more or less or another digit is
    another number of a series (``EB.2019.1``, ``EB.2019.2``): another work.
    """
    from rapidfuzz.distance import Levenshtein

    for x in a:
        for y in b:
            if x.split("/")[0] != y.split("/")[0] or Levenshtein.distance(x, y) != 1:
                continue
            (op,) = Levenshtein.editops(x, y)
            changed = (x[op.src_pos] if op.tag != "insert" else "") + (
                y[op.dest_pos] if op.tag != "delete" else ""
            )
            if not any(c.isdigit() for c in changed):
                return True
    return False


def _by_doi(a: Work, b: Work, common: AbstractSet[str], other: str, fuzz: Any) -> str | None:
    """The decision for two records that show one DOI: evidence, weighed, not a verdict.

    A DOI both give as their own merges, unless their kinds differ and it is not the only
    DOI either gives as its own. A DOI one of them only mentions (a relation, the abstract)
    merges only records of one kind, never two that one venue prints at two places (a
    comment and its reply both naming the article), and one only an abstract names only when
    the titles agree too or half of the authors do (`_corroborated`). Either way, titles
    that disagree and authors of whom none agree say the DOI is another work's (a typo, a
    copied reference): no merge.
    """
    own = common & a.own_dois & b.own_dois
    doi = min(own or common)
    if not own:
        if other:
            return None  # a thesis naming the article from it, a dataset naming its article
        if _cited_apart(a, b):
            return None  # two items of one venue naming a third: a comment and its reply
        listed = common & a.listed_dois & b.listed_dois
        if not listed and not _corroborated(a, b, fuzz):
            return None  # an abstract naming the authors' earlier paper
        how = f"same DOI {doi}, named as a related work's by one"
    elif other and len(a.own_dois) > 1 and len(b.own_dois) > 1:
        return None
    else:
        how = f"same DOI {doi}"
    if _contradicted(a, b, fuzz):
        return None
    subjects = _two_subjects(a, b, fuzz)
    if subjects == "numbers":
        return None  # part 1 and part 2, the reports of two years: a DOI cannot make them one
    if subjects == "subjects" and not _translation(a, b):
        return None  # one template, two subjects: a DOI mistyped or copied from the other
    if subjects and not _half_the_authors(a, b, fuzz):
        return None  # a frame reworded, or a translation: the authors must agree
    if _years_apart(a, b) and (a.generic or b.generic or not _specific(a, b)):
        # a heading or a short title of two years ("Annual Report"): two items, unless a
        # short title's versions (a preprint, online first) keep two authors or more
        versions = None if a.generic or b.generic else _versions(a, b)
        if not (_text_versions(versions) and a.surnames and b.surnames):
            return None
        if _shared_names(a, b, fuzz) < 2:
            return None
    return how


def _years_apart(a: Work, b: Work) -> bool:
    """Whether both records give a year and none of the years they can be read as meet."""
    return a.year is not None and b.year is not None and not _same_year(a, b)


def _same_year(a: Work, b: Work) -> bool:
    """Whether two records are of one year: a year one can be read as is one of the other's.

    ``Work.years`` holds the year and the numbers dates of another calendar are written
    with: the journal's ``2012 ዓ.ም.`` (and 2020) meets an aggregator's ``2012``.
    """
    if a.year is not None and a.year == b.year:
        return True
    return bool((a.years or _one(a.year)) & (b.years or _one(b.year)))


def _one(year: int | None) -> frozenset[int]:
    return frozenset() if year is None else frozenset({year})


def _translation(a: Work, b: Work) -> bool:
    """Whether the records declare different languages: their titles may translate each other.

    A German title and its English translation share names, numbers and cognates
    (``Segregation in Thüringen … seit 1999``) as two subjects of one frame do.
    """
    return bool(a.languages and b.languages and a.languages != b.languages)


def _half_the_authors(a: Work, b: Work, fuzz: Any) -> bool:
    """Whether both name authors and at least half of the fewer agree (in any script).

    One of three is not enough: a co-author of many papers of one field is in both.
    """
    if not (a.surnames and b.surnames):
        return False
    fewer = min(len(a.surnames), len(b.surnames))
    return _shared_names(a, b, fuzz) >= max(1, (fewer + 1) // 2)


def _two_subjects(a: Work, b: Work, fuzz: Any) -> str:
    """``"numbers"``, ``"subjects"``, ``"words"`` or ``""``: one frame, two works?

    A title of each shares a frame with one of the other: two content words or more, and at
    least a third of the longer's (``Factors associated with … in … Province``). Then
    ``"numbers"`` when each has a number the other lacks in any of its titles (``Annual
    Report 2021`` and ``… 2022``, part 1 and part 2, volume I and II; a title cut inside
    its last number excepted), and
    ``"words"`` when no title of one is 85 % alike, contained in or cut from one of the
    other and each has a word the other lacks (`_unmatched`), ``"subjects"`` when, besides,
    they share less than half of the longer's words (``Factors associated with climate
    change adaptation strategies in Dornod Province`` and ``… rural solar electrification in
    Orkhon Province``: the frame is shared, the subject is not), else ``"words"`` (a frame
    reworded around one subject: ``Determinants of X in Y`` and ``What shapes X? Evidence
    from Y``).

    A translation shares no frame with its original (only names of places), a title with a
    part lost or abbreviated has no word the other lacks, and titles in two scripts are not
    compared at all: none of them is held apart.
    """
    if not a.title_scripts & b.title_scripts:
        return ""
    ratio, contained, cut = _title_score(a, b, fuzz)
    alike = ratio >= 85 or contained or bool(cut)
    mine, theirs = _numbers(a), _numbers(b)  # of all its titles: a parallel title agrees
    numbers = bool(mine - theirs and theirs - mine) and not (cut and _cut_numbers_agree(a, b))
    found = ""
    for ta in a.titles:
        one = attrs.evolve(a, titles=(ta,), words=title_words(ta))
        for tb in b.titles:
            other = attrs.evolve(b, titles=(tb,), words=title_words(tb))
            shared = len(one.words & other.words)
            longer = max(len(one.words), len(other.words))
            if shared < 2 or 3 * shared < longer:
                continue
            if numbers:
                return "numbers"
            if not alike and _unmatched(one, other, fuzz) and _unmatched(other, one, fuzz):
                if 2 * shared < longer:
                    return "subjects"  # less than half shared: the frame, not the subject
                found = "words"
    return found


def _corroborated(a: Work, b: Work, fuzz: Any) -> bool:
    """Whether titles agree (85 % alike, one contained in the other) or half of the authors do.

    Titles in another language (a Portuguese record and its English copy) need the authors.
    """
    if a.titles and b.titles and a.title_scripts & b.title_scripts:
        ratio, contained, cut = _title_score(a, b, fuzz)
        if ratio >= 85 or contained or cut:
            return True
    if not (a.surnames and b.surnames):
        return not (a.titles and b.titles and a.title_scripts & b.title_scripts)
    fewer = min(len(a.surnames), len(b.surnames))
    return _shared_names(a, b, fuzz) >= max(1, (fewer + 1) // 2)


def _contradicted(a: Work, b: Work, fuzz: Any) -> bool:
    """Whether titles and authors both disagree: no title alike, and not half the authors.

    One co-author in common does not make a DOI shown by two unlike titles one work's: in a
    small field one person is on many papers, and a DOI typed wrong lands on a neighbour's.
    Only titles in a common script, and names in a common script, can disagree: a Japanese
    title and its English translation, kanji and romanised names, say nothing against.
    """
    if not (a.titles and b.titles and a.surnames and b.surnames):
        return False
    if not (a.title_scripts & b.title_scripts and a.name_scripts & b.name_scripts):
        return False
    best = max(fuzz.ratio(x, y) for x in a.titles for y in b.titles)
    if best >= 60:
        return False
    short = min(len(a.words), len(b.words))
    if short and len(a.words & b.words) >= 0.5 * short:
        return False
    return not _half_the_authors(a, b, fuzz)


def _copy(a: Work, b: Work) -> bool:
    """Whether one record names a venue and the other, not a thesis or a conference, none.

    The one without is a copy (a preprint server, a later deposit such as Zenodo's) that may
    carry its own date and its own DOI.
    """
    kinds = a.thesis or b.thesis or a.conference or b.conference
    return bool(a.venue) != bool(b.venue) and not kinds


def _preprint_pair(a: Work, b: Work, versions: str | None) -> bool:
    """Whether one record may be a preprint of the other.

    Years apart as `_versions` allows; or one year (posted and published in the same year),
    one of them a preprint, and neither naming a DOI it does not give as its own (a
    preprint that names its article's DOI in a relation is that article's, not another's).
    """
    if versions:
        return versions.startswith("preprint")
    one_year = a.year is not None and b.year is not None and _same_year(a, b)
    own = a.listed_dois <= a.own_dois and b.listed_dois <= b.own_dois
    return one_year and own and (a.version == "preprint") != (b.version == "preprint")


def _by_title(
    a: Work, b: Work, versions: str | None, strict: str = "", preprint: bool = False
) -> str | None:
    """The title, author and year evidence of `compare` (DOIs and headings already ruled)."""
    short = min(len(a.words), len(b.words))
    if len(a.words & b.words) < 0.5 * short:
        return None
    numbers = _other_numbers(a, b)
    fuzz = _fuzz()
    if _unmatched(a, b, fuzz) and _unmatched(b, a, fuzz):
        return None  # each title has a word the other lacks: another subject
    ratio, contained, cut = _title_score(a, b, fuzz)
    if numbers and not (cut and _cut_numbers_agree(a, b)):
        return None  # part 1 and part 2, volume I and II
    if ratio < 85 and not contained and not cut:
        return None
    both = bool(a.surnames and b.surnames)
    shared = _same_script_names(a, b, fuzz) if both else 0
    weak = both and not shared  # only names in two scripts can agree: weaker evidence
    if weak:
        shared = _across_scripts(a, b, fuzz)
    if both and not shared:
        return None
    if a.endpoint == b.endpoint and not preprint:
        return None  # a repository's own records are distinct works unless a DOI says otherwise
    same_year = a.year is not None and b.year is not None and _same_year(a, b)
    year = f", same year {a.year}" if same_year else ""
    authors = f", {shared} shared author{'s' if shared > 1 else ''}" if shared else ""
    title = f"title cut at {cut} characters" if cut and ratio < 95 else f"title {ratio:.0f}% alike"
    fewer = min(len(a.surnames), len(b.surnames))
    if strict:  # against two DOIs: the same title and the same authors
        if (ratio >= 95 or cut) and both and shared >= max(1, (fewer + 1) // 2):
            return f"{title}{authors}{year}, {versions or strict}"
        if preprint and contained and both and shared == fewer and not weak:
            # a working title: a lead or a subtitle added or dropped, every author kept
            return f"one title contains the other{authors}, {versions or strict}"
        if preprint and ratio >= 95 and not both and _specific(a, b):
            return f"{title}, {versions or strict}"  # a copy without its authors: the title
        return None
    if versions:  # versions of one text: close titles, and the authors agree
        if not _specific(a, b) and (weak or shared < 2 or not _text_versions(versions)):
            return None  # a short title in two years ("Annual Report"), one author: two items
        agree = shared >= max(1, (fewer + 1) // 2) if both else _specific(a, b)
        if (ratio >= 95 or cut) and agree:
            return f"{title}{authors}, {versions}"
        if contained and fewer >= 2 and shared == fewer:  # a subtitle added, all authors kept
            return f"one title contains the other{authors}, {versions}"
        if preprint and ratio >= 95 and not both and _specific(a, b):
            return f"{title}, {versions}"  # a copy without its authors: the title alone
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


def swapped_dois(doi: str) -> list[str]:
    """The DOIs ``doi`` is with two neighbouring characters of its suffix swapped.

    ``10.1/x.0279`` gives ``10.1/x.0297`` and the others: a typing slip that makes another
    DOI of the same series, which `_one_apart` does not forgive.
    """
    prefix, sep, suffix = doi.partition("/")
    if not sep:
        return []
    out = []
    for i in range(len(suffix) - 1):
        if suffix[i] != suffix[i + 1]:
            swapped = suffix[:i] + suffix[i + 1] + suffix[i] + suffix[i + 2 :]
            out.append(f"{prefix}/{swapped}")
    return out


def mistyped_doi(copy: Work, other: Work, owner: Work, doi: str) -> str | None:
    """Why the DOI ``copy`` shares with ``other`` is a slip for ``owner``'s, or None.

    ``owner`` gives as its own ``doi`` with two neighbouring characters swapped (see
    `swapped_dois`), and ``copy`` is ``owner``'s item by the strict evidence against two
    DOIs (the same title, half of the authors), while ``other``'s titles are not even 85 %
    alike ``copy``'s: the copy typed its DOI wrong, and the DOI it shows is ``other``'s. The
    reason is the merge of ``copy`` with ``owner``.
    """
    if doi not in copy.own_dois or owner.endpoint == copy.endpoint:
        return None
    fuzz = _fuzz()
    if copy.titles and other.titles:
        ratio, contained, cut = _title_score(copy, other, fuzz)
        if ratio >= 85 or contained or cut:
            return None  # the copy agrees with the record whose DOI it shows
    slipped = next((d for d in swapped_dois(doi) if d in owner.own_dois), None)
    if slipped is None or doi in owner.dois:
        return None
    if _other_kind(copy, owner, fuzz) or copy.notice != owner.notice:
        return None
    versions = _versions(copy, owner)
    years = _years_apart(copy, owner)
    if (years and not versions) or copy.generic or owner.generic:
        return None  # another year unexplained, or a heading: nothing outweighs the DOI
    strict = f"DOI {doi} a slip for {slipped} (two characters swapped)"
    found = _by_title(copy, owner, versions=versions, strict=strict)
    if found is None or not (copy.surnames and owner.surnames):
        return None  # the title alone does not outweigh a DOI
    return found if strict in found else f"{found}, {strict}"
