"""What deduplication reads from a record (core): `Work` and `work_of`.

`work_of` turns a record (a harvested row or a `NormalizedRecord`) into the values the pair
decision (`._compare`) and the index (`._dedup_index`) read: folded titles and their content
words (stop words of `TITLE_STOP` dropped), family names with first initials, year and month,
DOIs, version, venue, citation numbers, deposit timestamps, and what kind of item it is (a
heading such as "Editorial", a notice about another work, a thesis, a conference paper).
"""

from __future__ import annotations

import functools
import re
from collections import defaultdict
from collections.abc import Iterable, Mapping
from typing import Any, NamedTuple

import attrs

from ._normalize import (
    Name,
    NormalizedRecord,
    deposit_stamps,
    normalize,
    parse_name,
    valid_issn,
    written_years,
)
from ._text import (
    TITLE_STOP,
    find_dois,
    fold,
    hangul_reading,
    has_han,
    has_hangul,
    has_lost_characters,
    latex_to_text,
    name_greek_symbols,
    plain,
    romanized,
    scripts,
    unspaced,
    unspaced_chars,
)

__all__ = ["STRONG_KINDS", "Work", "kind_of", "shelf_mark", "title_words", "work_of"]

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
# Both tried only where a run of spaces starts (a leftmost match starts there anyway): tried
# from inside the run too, a title's run of 40,000 spaces took 42 s (tests/quality).
_SUBTITLE = re.compile(r"(?<!\s)(?:\s*[:.?!]\s+|\s+[-\u2013\u2014]\s+|\s*[(\[])")
_BRACKETS = re.compile(r"\([^()]*\)|\[[^\[\]]*\]")
_YEAR = re.compile(r"\b(1[5-9]\d\d|20\d\d)\b")
_PARALLEL = re.compile(r"(?<!\s)\s+[/=]\s+")  # ISBD: title = parallel title / statement
_VENUE_END = re.compile(r"[;,(]|\d")  # Journal; Cilt 14 ..., Journal, 14(2), 3-4
# A notice about another work: "Correction to: <its title>", "Erratum to <its title>".
_NOTICE = re.compile(
    r"^(?:(erratum|errata|corrigendum|retraction|addendum|expression of concern|duzeltme|"
    r"berichtigung|rectificatif|fe de erratas)\b|"
    r"(correction|reply|response|comments?|rejoinder|discussion) (?:to|on)\b)"
)
# The kind of item a record's types name, read from the vocabularies repositories use
# (info:eu-repo/semantics, COAR resource types, DataCite's resourceTypeGeneral, Crossref's
# types) and their labels, folded: "info:eu-repo/semantics/bookPart" is "... bookpart",
# "book-review" is "book review". The first kind that matches wins ("bookPart" before "book",
# "Correction" before "article"). Labels in other languages beside them add nothing.
_KINDS: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (kind, re.compile(rf"\b(?:{pattern})\b"))
    for kind, pattern in (
        ("erratum", r"correction|erratum|errata|corrigendum|retraction|expression of concern"),
        ("comment", r"comment|reply"),
        ("review", r"book ?review|peer ?review|review of"),
        ("dataset", r"dataset|data ?set"),
        ("software", r"software|source ?code"),
        ("chapter", r"book ?part|book ?chapter|chapter|part of book|book ?section|incollection"),
        ("book", r"book|monograph"),
        ("thesis", r"\w*thesis|dissertation"),
        ("conference", r"conference\w*|proceedings?|workshop|congress|symposium"),
        ("report", r"report|technical ?report|annual ?report"),
        ("article", r"\w*article|journal|bulletin paper|contribution to (?:journal|periodical)"),
    )
)
#: Types (COAR's and the labels repositories give, folded) that say an item is a heading of
#: an issue, whatever its title's language: "Palavra do editor" typed "Editorial" is one.
_HEADING_TYPES = re.compile(r"\b(?:editorial|preface|foreword|front ?matter)\b")
#: Kinds that are other works than a text of the same title: a dataset or the software of an
#: article, a book and its chapters, a notice or a review about a work.
STRONG_KINDS = frozenset({"erratum", "comment", "review", "dataset", "software", "chapter", "book"})
# What a title says it is about: another work's title quoted ("Comment on “X”",
# "「X」の正誤表"). A lead and a colon ("Data for: X") is not enough: it is as often an
# acronym that a copy drops ("SEMCOG: X" and "X"); the kind of such an item tells it.
_QUOTED = re.compile(
    r'"([^"]{12,300})"|[“„]([^“”„]{12,300})[”“]|«([^«»]{12,300})»|[「『]([^「」『』]{12,300})[」』]'
)
# An ISBD relation marker or an OpenAIRE own identifier in a relation value: its DOI is the
# record's own; any other relation names another work.
_OWN_RELATION = re.compile(r"altidentifier|isidenticalto|\bidentical", re.IGNORECASE)
# A mark an item is shelved or inventoried under (``VVM 3851/257``, ``MS 12``): an identifier
# that is no address, DOI or bare number, and ends in a number (the item's in a series).
_SHELF_MARK = re.compile(r"(?=.*[^\W\d_])(?!.*(?:://|\b10\.\d{4,9}/))(.*?)(\d+)")


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
        generic: a heading such as "Editorial" (never merged on its title), by its title or
            by its type (`_HEADING_TYPES`).
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
        own_dois: the DOIs it gives as its own (identifiers, OpenAIRE ``altIdentifier``);
            the rest of ``dois`` it only mentions (a dataset's, an article it led to).
        listed_dois: the DOIs in its identifiers and relations (not those in an abstract):
            two records that list DOIs and none in common are two works.
        kind: what its types say it is (`kind_of`): ``"article"``, ``"thesis"``,
            ``"conference"``, ``"book"``, ``"chapter"``, ``"dataset"``, ``"software"``,
            ``"review"``, ``"comment"``, ``"erratum"``, or ``""`` when they do not say.
        glyphs: the words its titles' characters of scripts without spaces fold to (each
            character one word, `fold`): they count however short.
        title_scripts, name_scripts: the scripts its titles and its creators' names are
            written in (`scripts`): titles or names that share none cannot contradict.
        about: folded texts its title says it is about (``"Data for: X"``, ``Erratum to
            “X”``): a work about X is not X.
        creators: the creator values as written (cleaned), from which `persons` is read.
        korean: a Korean record (language ``ko``, or Hangul in its titles or names): names
            in Hanja in it, or compared with it, are read as Hangul too (`hangul_reading`).
        years: every year its dates can be read as (`year_readings`): ``year``, and the
            numbers its dates of another calendar are written with (``2012`` of ``2012
            ዓ.ም.``), with the Gregorian years such a date spans when no Gregorian date is
            given beside it. Two records are of one year when these meet.
        family_words: per family name of several words (``Etxeberria Agirre``, ``Casals i
            Roca``, ``Serra Bonet``), its other words of four letters or more: a copy that
            writes one of them alone (``Etxeberria, M.``) names the same person.
        languages: the ISO 639-1 codes of the languages it declares: two records that declare
            different ones may give a title and its translation.
        types: its ``type`` values, folded: the labels of its repository's vocabulary.
        shelf_marks: identifiers that mark an item in a series (``VVM 3851/257``:
            `shelf_mark`), as the series and the item's number.
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
    own_dois: frozenset[str] = frozenset()
    listed_dois: frozenset[str] = frozenset()
    kind: str = ""
    about: tuple[str, ...] = ()
    title_scripts: frozenset[str] = frozenset()
    name_scripts: frozenset[str] = frozenset()
    glyphs: frozenset[str] = frozenset()
    creators: tuple[str, ...] = ()
    korean: bool = False
    years: frozenset[int] = frozenset()
    family_words: Mapping[str, frozenset[str]] = attrs.field(factory=dict)
    languages: frozenset[str] = frozenset()
    types: frozenset[str] = frozenset()
    shelf_marks: frozenset[tuple[str, int]] = frozenset()

    @property
    def persons(self) -> tuple[Person, ...]:
        """Per creator, the scripts its names are written in and their romanised keys.

        How names in two scripts (``胡伟`` and ``Hu, Wei``) are compared (`person_keys`);
        read when a comparison needs them, once per list of creators.
        """
        return _persons(self.creators)

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
            "own_dois": sorted(self.own_dois),
            "listed_dois": sorted(self.listed_dois),
            "kind": self.kind,
            "about": list(self.about),
            "title_scripts": sorted(self.title_scripts),
            "name_scripts": sorted(self.name_scripts),
            "glyphs": sorted(self.glyphs),
            "creators": list(self.creators),
            "korean": self.korean,
            "years": sorted(self.years),
            "family_words": {k: sorted(v) for k, v in self.family_words.items()},
            "languages": sorted(self.languages),
            "types": sorted(self.types),
            "shelf_marks": sorted(self.shelf_marks),
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
            own_dois=frozenset(data.get("own_dois", data["dois"])),
            listed_dois=frozenset(data.get("listed_dois", data["dois"])),
            kind=data.get("kind", ""),
            about=tuple(data.get("about", ())),
            title_scripts=frozenset(data.get("title_scripts", ())),
            name_scripts=frozenset(data.get("name_scripts", ())),
            glyphs=frozenset(data.get("glyphs", ())),
            creators=tuple(data.get("creators", ())),
            korean=data.get("korean", False),
            years=frozenset(data.get("years", () if data["year"] is None else (data["year"],))),
            family_words={k: frozenset(v) for k, v in data.get("family_words", {}).items()},
            languages=frozenset(data.get("languages", ())),
            types=frozenset(data.get("types", ())),
            shelf_marks=frozenset((str(k), int(n)) for k, n in data.get("shelf_marks", ())),
        )


def _words(titles: Iterable[str]) -> frozenset[str]:
    return frozenset(w for t in titles for w in t.split() if w not in TITLE_STOP)


def title_words(title: str) -> frozenset[str]:
    """The content words of one folded title (stop words of `TITLE_STOP` dropped)."""
    return _words((title,))


def _is_generic(titles: tuple[str, ...], written: tuple[str, ...] = ()) -> bool:
    """Whether every title is a heading or has fewer than two content words.

    ``written`` are the titles as written, beside their folded forms: in a script without
    spaces each character folds to a word of its own, so there three characters count as
    one word ("はじめに" is one, not four).
    """
    if not titles:
        return True
    for number, title in enumerate(titles):
        bare = " ".join(_NUMBERS.sub(" ", title).split())
        words = len([w for w in title.split() if w not in TITLE_STOP])
        original = written[number] if number < len(written) else ""
        if unspaced(original):
            chars = unspaced_chars(original)
            rest = fold("".join(" " if c in chars else c for c in original))
            words = len([w for w in rest.split() if w not in TITLE_STOP]) + len(chars) // 3
        if words >= 2 and not _GENERIC.match(bare):
            return False
    return True


_ONE_WORD = re.compile(r"^\w+(?:-\w+)+$")  # "eLABa-like": a hyphenated word and nothing else


def _names(rec: NormalizedRecord, folding: Any) -> tuple[frozenset[str], dict[str, frozenset[str]]]:
    """Family names (last word, folded) and the first initials written with each."""
    initials: dict[str, set[str]] = defaultdict(set)
    for name in rec.creators:
        parts = folding(name.family).split()
        if parts and unspaced(name.family):  # 山崎: one name of two characters, "shanqi"
            parts = ["".join(parts)]
        elif len(parts) > 1 and not (name.given or name.initials) and _ONE_WORD.match(name.family):
            parts = ["".join(parts)]  # "eLABa-like" alone: one name, not "like" after a given
        if parts and len(parts[-1]) > 1:
            initials[parts[-1]].update(_initial_letters(name.given, name.initials))
    return frozenset(initials), {k: frozenset(v) for k, v in initials.items()}


def _without_responsibility(rec: NormalizedRecord) -> NormalizedRecord:
    """The record with an ISBD statement of responsibility cut from its titles.

    A catalogue writes ``Title : subtitle / Sigurður Þórsson ; Aðalheiður Sveinsdóttir``:
    the part after the last `` / `` is no parallel title when half of its words or more are
    words of the record's creators' names (folded, so another script counts; a given name
    only initialled in the creators, ``Thorsson, S.``, is the rest).
    """
    names = {w for n in rec.creators for w in fold(f"{n.given} {n.family}").split()}
    if not names:
        return rec
    titles = []
    for title in rec.titles:
        *head, last = _PARALLEL.split(title)
        words = fold(last).split()
        if head and words and 2 * sum(w in names for w in words) >= len(words):
            title = title[: title.rindex(last)].rstrip().removesuffix("/").removesuffix("=")
            title = title.rstrip()
        titles.append(title)
    return attrs.evolve(rec, titles=tuple(titles)) if titles != list(rec.titles) else rec


def work_of(record: Any) -> Work:
    """The `Work` of a `NormalizedRecord` (or of a raw row, normalised first)."""
    rec = record if isinstance(record, NormalizedRecord) else normalize(record)
    rec = _without_responsibility(rec)
    parallel = [p for x in rec.titles for p in _PARALLEL.split(x)]
    # bracketed remarks dropped; parallel titles ("Editörden / From the Editor") one by one
    parts = [p for x in rec.titles for p in (x, *_PARALLEL.split(x)) if p.strip()]
    # LaTeX read as the text it typesets ("PM$_{2.5}$" is "PM2.5", as <sub> markup is), and
    # Greek letters used as symbols named as LaTeX and ASCII copies write them ("alpha-stable")
    parts = [name_greek_symbols(latex_to_text(p)) for p in parts]
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
    if year is not None and year < _GREGORIAN_FROM and (cited := _cited_year(sources)):
        year, month = cited, None  # 1398 alone: a Solar Hijri year, dated by its citation
    years = year_readings(rec, year)
    venue = (
        " ".join(w for w in fold(_VENUE_END.split(sources[0])[0]).split() if w not in TITLE_STOP)
        if sources
        else ""
    )
    citations = frozenset(
        " ".join(numbers)
        for v in sources
        if len(numbers := [n for n in _citation_numbers(v) if not _YEAR.fullmatch(n)]) >= 3
    )
    kind = kind_of(rec.metadata.get("type", ()))
    notice = _NOTICE.match(titles[0]) if titles else None
    return Work(
        identifier=rec.identifier,
        endpoint=str(rec.raw.get("endpoint", "")),
        titles=titles,
        words=_words(titles),
        surnames=surnames,
        year=year,
        dois=frozenset(rec.dois),
        generic=_is_generic(tuple(fold(p) for p in parallel), tuple(parallel))
        or bool(_HEADING_TYPES.search(" ".join(fold(t) for t in rec.metadata.get("type", ())))),
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
        thesis=kind == "thesis",
        conference=kind == "conference",
        own_dois=_own_dois(rec),
        listed_dois=_listed_dois(rec),
        kind=kind,
        about=_about(rec.titles),
        title_scripts=frozenset(x for t in rec.titles for x in scripts(t)),
        name_scripts=frozenset(x for n in rec.creators for x in scripts(n.family)),
        glyphs=frozenset(g for t in rec.titles for c in unspaced_chars(t) for g in fold(c).split()),
        creators=tuple(rec.metadata.get("creator", ())),
        korean="ko" in rec.languages
        or any(has_hangul(t) for t in rec.titles)
        or any(has_hangul(c) for c in rec.metadata.get("creator", ())),
        years=years,
        family_words=_family_words(rec),
        languages=frozenset(rec.languages),
        types=frozenset(fold(t) for t in rec.metadata.get("type", ()) if fold(t)),
        shelf_marks=frozenset(
            m for v in rec.metadata.get("identifier", ()) if (m := shelf_mark(v)) is not None
        ),
    )


def _family_words(rec: NormalizedRecord) -> dict[str, frozenset[str]]:
    """Per family name of several words, its other words of four letters or more (folded)."""
    found: dict[str, set[str]] = defaultdict(set)
    for name in rec.creators:
        if unspaced(name.family):
            continue
        *others, last = fold(name.family).split() or [""]
        words = {w for w in others if len(w) >= _FAMILY_WORD}
        if words and len(last) > 1:
            found[last] |= words
    return {k: frozenset(v) for k, v in found.items()}


#: Words of a family name shorter than this are particles (``van``, ``der``, ``de``, ``i``).
_FAMILY_WORD = 4


def year_readings(rec: NormalizedRecord, year: int | None) -> frozenset[int]:
    """Every year a record's dates can be read as (`Work.years`), given its year.

    The numbers its dates of another calendar are written with (`written_years`: a copy
    drops the calendar's name and keeps the number), and, when its year was read from such
    a date, the Gregorian years that date spans (the Ethiopian 2012 is in 2019 and 2020).
    Deposit timestamps are not read.
    """
    stamps = set(deposit_stamps(rec.metadata))
    found: set[int] = set() if year is None else {year}
    for value in rec.metadata.get("date", ()):
        if value in stamps:
            continue
        number, spans = written_years(value)
        if number is not None:
            found.add(number)
            if rec.issued is not None and rec.issued.original == value:
                found |= spans  # its year was read from this date: it may be any of them
    return frozenset(found)


@functools.lru_cache(maxsize=1 << 12)
def _persons(creators: tuple[str, ...]) -> tuple[Person, ...]:
    """Per creator, the scripts of its names and their romanised keys (`Work.persons`)."""
    found = []
    for value in creators:
        for part in value.split(";"):  # "ZHENG Guoqing; LUO Wei": two people
            person = _person(tuple(_written_forms(part)))
            if person[1]:
                found.append(person)
    return tuple(found)


@functools.lru_cache(maxsize=1 << 14)  # names repeat across records: romanise each once
def _person(names: tuple[Name, ...]) -> Person:
    written = frozenset(x for n in names for x in scripts(n.family + n.given))
    read = [
        (romanized(_TITLES.sub("", n.family)), romanized(_TITLES.sub("", n.given))) for n in names
    ]
    hanja = [n for n in names if has_han(n.family + n.given)]
    return Person(
        written,
        person_keys(names),
        frozenset(f + g[0] for f, g in read if f and g),
        frozenset(g + f[0] for f, g in read if f and g),
        bool(hanja),
        person_keys(
            attrs.evolve(n, family=hangul_reading(n.family), given=hangul_reading(n.given))
            for n in hanja
        ),
    )


class Person(NamedTuple):
    """One creator's names, read for comparing across scripts and orders (`Work.persons`).

    Attributes:
        scripts: the scripts its names are written in.
        keys: its romanised keys (`person_keys`).
        family_first: its family name with the initial of its given name (``arunp``).
        given_first: its given name with the initial of its family name: the same key as
            ``family_first`` of the name read the other way round (``Arun Prakash``).
        hanja: a name of it is written in Han characters.
        korean: the keys of those names read as Korean (`hangul_reading`): ``鄭賢宇`` is
            ``jeonghyeonu`` (its `keys` read it as Chinese, ``zhengxianyu``).
    """

    scripts: frozenset[str]
    keys: frozenset[str]
    family_first: frozenset[str]
    given_first: frozenset[str]
    hanja: bool = False
    korean: frozenset[str] = frozenset()


#: A name with its form in another script in brackets: ``이지훈(Lee, Ji-hoon)``.
_ALIAS = re.compile(
    "^(?P<name>[^()\uff08\uff09]+?)\\s*[(\uff08](?P<alias>[^()\uff08\uff09]+)[)\uff09]\\s*$"
)


#: Leading abbreviations with a dot, written with or without a space after: honorifics
#: (``ผศ.ดร.`` and ``Prof. Dr.``), told by their form.
_TITLES = re.compile(r"^(?:[^\s.,]{2,6}\.\s*)+(?=[^\s.,]{2})")


def person_keys(names: Iterable[Name]) -> frozenset[str]:
    """The romanised keys of one person's names: their letters, family name first and last.

    Each form (``이지훈`` and its bracketed ``Lee, Ji-hoon``) gives its keys: the
    romanised letters (anyascii, `romanized`) of the family and the given names in both
    orders, and of the family name with the first initial: ``胡伟`` is ``huwei``, ``Hu,
    Wei`` is ``huwei``, ``weihu``, ``huw`` and ``whu``. A name of three words or more
    (a patronymic) gives the keys of each two of its words. Leading abbreviations with a
    dot (honorifics) are dropped first.
    """
    keys: set[str] = set()
    for name in names:
        family = romanized(_TITLES.sub("", name.family))
        given = romanized(_TITLES.sub("", name.given))
        pairs = [(family, given)]
        text = _TITLES.sub("", f"{name.family} {name.given}").replace(",", " ")
        words = [w for w in map(romanized, text.split()) if len(w) >= 2]
        if len(words) >= 3:  # Мельник Сергій Григорович: which two are which is not known
            pairs += [(x, y) for x in words for y in words if x != y]
        for first, second in pairs:
            keys.update((first + second, second + first))
            if first and second:  # Toleuova Z. and Төлеуова Жанар, either read as family
                keys.update((first + second[0], second[0] + first))
                keys.update((second + first[0], first[0] + second))
    return frozenset(k for k in keys if len(k) >= _KEY_LETTERS)


#: Keys shorter than this (``huw``, ``lu``) tell too many people apart too little.
_KEY_LETTERS = 4


def _written_forms(value: str) -> list[Name]:
    """A creator value's names: one, or the name and its form in brackets (`_ALIAS`)."""
    found = _ALIAS.match(value)
    parts = [found["name"], found["alias"]] if found else [value]
    return [n for n in (parse_name(p) for p in parts) if n.family]


def _cited_year(sources: Iterable[str]) -> int | None:
    """The Gregorian year a citation gives in brackets (``Vol. 35 No. 1 (2020)``), if any.

    A record whose only date is a year before 1600 (a Solar Hijri ``1398`` or a Hijri
    ``1440`` written in ASCII digits, with no Gregorian date beside it) is dated by the
    year its citation gives, when it gives one.
    """
    for source in sources:
        for found in _BRACKETED_YEAR.findall(source):
            if int(found) >= _GREGORIAN_FROM:
                return int(found)
    return None


#: Years before this are of another calendar (as `publication_date` reads them).
_GREGORIAN_FROM = 1600
_BRACKETED_YEAR = re.compile(r"\((\d{4})\)")


#: An issue's own title after its year ("Vol. 8 No. 2 (2021): Special Issue on COVID-19"):
#: a segment with a word in it, up to the next field; pages there ("(2020): 45-60") stay.
_ISSUE_TITLE = re.compile(r"(\(\d{4}\)\s*:)[^;]*[^\W\d_]{3}[^;]*")
#: A number that is part of a name, not a citation's: joined to a word by a hyphen
#: ("COVID-19", "SARS-CoV-2"), or an ordinal ("5º Congresso", "12th Symposium").
_NAMED_NUMBER = re.compile(r"(?<=[^\W\d_])[-\u2010]\d+|\d+(?=[ºª°]|[a-z]{1,3}\b)")


def _citation_numbers(source: str) -> list[str]:
    """The numbers of a citation (volume, issue, pages) a record's source gives.

    Numbers in an issue's title or a venue's name ("Special Issue on COVID-19", "Anais do
    5º Congresso") are not the item's: every article of that issue shares them.
    """
    return _cited_numbers(_NAMED_NUMBER.sub(" ", _ISSUE_TITLE.sub(r"\1", source)))


def _cited_numbers(text: str) -> list[str]:
    """The numbers of a citation in ASCII digits, whatever digits it is written in (``٢٦``)."""
    return [str(int(n)) for n in re.findall(r"\d+", text)]


def shelf_mark(identifier: str) -> tuple[str, int] | None:
    """The series and the number of an identifier that marks an item in a series, or None.

    ``VVM 3851/257`` is item 257 of ``vvm 3851/``: a museum's inventory number, a library's
    shelf mark. Addresses, DOIs and identifiers without a letter (a bare number, a date)
    mark nothing. Two items of one series with two numbers are two objects (two photographs
    of one scene, inventoried one after the other), however alike their descriptions.
    """
    m = _SHELF_MARK.fullmatch(identifier.strip())
    if m is None:
        return None
    return " ".join(m.group(1).lower().split()), int(m.group(2))


def kind_of(types: Iterable[str]) -> str:
    """What a record's ``type`` values say it is (see `Work.kind`), or ``""``."""
    folded = " ".join(fold(v) for v in types)
    for kind, pattern in _KINDS:
        if pattern.search(folded):
            return kind
    return ""


def _own_dois(rec: NormalizedRecord) -> frozenset[str]:
    """The DOIs a record gives as its own: in its identifiers, or as its own in a relation."""
    own = list(rec.metadata.get("identifier", ()))
    own += [v for v in rec.metadata.get("relation", ()) if _OWN_RELATION.search(v)]
    return frozenset(find_dois(own)) & frozenset(rec.dois)


def _listed_dois(rec: NormalizedRecord) -> frozenset[str]:
    """The DOIs in a record's identifiers and relations (its own, or works it relates to)."""
    listed = [*rec.metadata.get("identifier", ()), *rec.metadata.get("relation", ())]
    return frozenset(find_dois(listed)) & frozenset(rec.dois)


def _about(titles: Iterable[str]) -> tuple[str, ...]:
    """The folded texts a title says it is about: after a short lead and a colon, or quoted."""
    found: list[str] = []
    for title in titles:
        found += [fold(next(g for g in m.groups() if g)) for m in _QUOTED.finditer(title)]
    return tuple(dict.fromkeys(t for t in found if len(t.split()) >= 3))


def _initial_letters(given: str, initials: str) -> set[str]:
    """The initials of the given names; a run of capitals (``TBJ``) is read letter by letter."""
    if re.fullmatch(r"[A-Z]{2,6}", given.strip()):
        return set(given.strip().lower())
    return {w[0] for w in fold(initials or given).split()}
