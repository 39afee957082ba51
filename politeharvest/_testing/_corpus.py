"""A generated deduplication corpus.

Records in the shape ``harvest`` writes, with planted duplicates of every kind real
repositories produce and traps that must not be merged.

Deterministic for a seed. Used by the tests and ``bench/dedupe.py``.
"""

# ruff: noqa: RUF001
from __future__ import annotations

import random
import unicodedata
from collections.abc import Callable
from typing import Any

import attrs

__all__ = ["DedupeCorpus", "dedupe_corpus"]

_SYLLABLES = [
    "ka",
    "ri",
    "to",
    "me",
    "la",
    "su",
    "ne",
    "vo",
    "pa",
    "di",
    "ro",
    "ga",
    "te",
    "li",
    "mu",
    "sa",
    "ko",
    "be",
    "na",
    "fi",
    "lo",
    "zu",
    "ha",
    "ye",
    "da",
]
_COMMON = [
    "analysis",
    "study",
    "model",
    "data",
    "method",
    "approach",
    "system",
    "network",
    "evaluation",
    "effects",
    "design",
    "learning",
    "performance",
    "development",
    "impact",
    "case",
    "review",
    "theory",
    "framework",
    "control",
    "estimation",
    "application",
    "new",
    "towards",
    "efficient",
    "distributed",
    "adaptive",
    "robust",
]
_LOCAL = [
    "çalışma",
    "öğrenme",
    "değerlendirme",
    "yöntem",
    "etkileri",
    "üzerine",
    "ağ",
    "gelişimi",
    "untersuchung",
    "bewertung",
    "einfluss",
    "größe",
    "prüfung",
    "über",
    "ansätze",
    "étude",
    "évaluation",
    "réseaux",
    "modèle",
    "systèmes",
    "données",
    "qualité",
    "développement",
]
_FAMILIES = [
    "Smith",
    "Johnson",
    "Müller",
    "Schröder",
    "Weiß",
    "Yılmaz",
    "Öztürk",
    "Şahin",
    "Çelik",
    "Doğan",
    "Kılıç",
    "Aydın",
    "Dupont",
    "Lefèvre",
    "Bérenger",
    "Moreau",
    "García",
    "López",
    "Nguyen",
    "Wang",
    "Zhang",
    "Kowalski",
    "Novák",
    "Andersson",
    "Rossi",
    "Bianchi",
    "Kim",
    "Park",
    "Sato",
    "Tanaka",
    "Ivanov",
    "Petrov",
    "Fischer",
    "Becker",
    "Hoffmann",
    "Lambert",
    "Girard",
    "Arslan",
    "Koç",
    "Kaya",
    "Demir",
    "Schmidt",
    "Wagner",
    "Meyer",
    "Brown",
    "Taylor",
    "Wilson",
]
_PARTICLED = ("van der Berg", "de la Cruz", "von Braun", "da Silva", "van Dijk")
_GIVEN = [
    "John",
    "Anna",
    "Ayşe",
    "Mehmet",
    "Jürgen",
    "Élodie",
    "François",
    "Zeynep",
    "Hans",
    "Marie",
    "Li",
    "Wei",
    "Olga",
    "Piotr",
    "Sofia",
    "Luca",
    "Emre",
    "Günter",
    "Chloé",
    "Hélène",
    "Tomás",
    "Ingrid",
    "Kemal",
    "Fatma",
    "Yusuf",
    "Claire",
]
_HEADINGS = (
    "Editorial",
    "Introduction",
    "Preface",
    "Book Reviews",
    "Editor's Notes",
    "Editörden",
    "Önsöz",
    "Vorwort",
    "Einleitung",
    "Avant-propos",
    "Éditorial",
    "Guest Editor's Introduction",
    "Corrigendum",
    "In Memoriam",
)
_ENDPOINTS = tuple(f"https://repo{i}.example.org/oai" for i in range(1, 6))
KINDS = (
    "doi",
    "case_punctuation",
    "hyphenation",
    "diacritics_entities",
    "mojibake",
    "subtitle",
    "typo",
    "authors_reordered_initials",
    "authors_truncated",
    "year_missing",
)
TRAPS = ("heading", "conference_journal", "series_part", "same_template", "same_title_others")
MILD = ("case_punctuation", "diacritics_entities", "authors_reordered_initials", "year_missing")


@attrs.frozen
class DedupeCorpus:
    """Rows, the true duplicate pairs (by identifier) and what kind each pair is."""

    rows: list[dict[str, Any]]
    pairs: list[tuple[str, str]]
    kinds: dict[tuple[str, str], str]
    traps: list[tuple[str, str]]


def _word(rng: random.Random) -> str:
    if rng.random() < 0.15:
        return rng.choice(_COMMON)
    if rng.random() < 0.08:
        return rng.choice(_LOCAL)
    return "".join(rng.choice(_SYLLABLES) for _ in range(rng.randint(2, 4)))


def _title(rng: random.Random) -> str:
    words = [_word(rng) for _ in range(rng.randint(5, 11))]
    joins = rng.choice([" of ", " in ", " for ", " and ", " "])
    cut = rng.randint(2, len(words) - 2)
    text = " ".join(words[:cut]) + joins + " ".join(words[cut:])
    if rng.random() < 0.25:
        i = rng.randrange(len(words) - 1)
        text = text.replace(f"{words[i]} {words[i + 1]}", f"{words[i]}-{words[i + 1]}", 1)
    return text[0].upper() + text[1:]


def _person(rng: random.Random) -> tuple[str, str]:
    family = rng.choice(_PARTICLED) if rng.random() < 0.06 else rng.choice(_FAMILIES)
    if rng.random() < 0.5:  # rarer, invented family names too
        family = "".join(rng.choice(_SYLLABLES) for _ in range(rng.randint(2, 3))).capitalize()
    return family, rng.choice(_GIVEN)


def _fmt(person: tuple[str, str], style: str) -> str:
    family, given = person
    if style == "comma":
        return f"{family}, {given}"
    if style == "initial":
        return f"{given[0]}. {family}"
    if style == "upper":
        return f"{family.upper()} {given[0]}"
    return f"{given} {family}"


def _strip_accents(text: str) -> str:
    nfkd = unicodedata.normalize("NFKD", text.replace("ı", "i"))
    return "".join(c for c in nfkd if not unicodedata.combining(c))


def _typo(rng: random.Random, text: str) -> str:
    positions = [i for i, c in enumerate(text) if c.isalpha()]
    i = rng.choice(positions[len(positions) // 4 :])
    op = rng.choice(["swap", "drop", "double"])
    if op == "swap" and i + 1 < len(text):
        return text[:i] + text[i + 1] + text[i] + text[i + 2 :]
    if op == "drop":
        return text[:i] + text[i + 1 :]
    return text[:i] + text[i] + text[i:]


def _mojibake(text: str) -> str:
    try:
        return text.encode("utf-8").decode("latin-1")
    except UnicodeDecodeError:  # pragma: no cover - latin-1 decodes every byte
        return text


def _entities(text: str) -> str:
    return "".join(c if ord(c) < 128 else f"&#{ord(c)};" for c in text)


def dedupe_corpus(
    n: int = 5000, *, duplicates: int = 500, traps: int = 300, seed: int = 7
) -> DedupeCorpus:
    """Generate ``n`` records with planted duplicates and traps.

    ``duplicates`` pairs are the same work (the kinds in ``KINDS``, evenly, 30 % with a second
    mild difference); ``traps`` pairs look alike but are different works (``TRAPS``).
    """
    rng = random.Random(seed)
    rows: list[dict[str, Any]] = []
    counter = iter(range(10**9))

    def record(
        endpoint: str, title: str, people: list[str], year: int | None, doi: str | None
    ) -> dict[str, Any]:
        number = next(counter)
        host = endpoint.split("/")[2]
        identifiers = [f"https://{host}/record/{number}"]
        if doi:
            identifiers.append(doi)
        row = {
            "identifier": f"oai:{host}:{number}",
            "endpoint": endpoint,
            "datestamp": "2024-01-01T00:00:00Z",
            "sets": [rng.choice(["articles", "theses", "proceedings"])],
            "metadata": {
                "title": [title],
                "creator": people,
                "date": [str(year)] if year else [],
                "identifier": identifiers,
                "type": ["article"],
            },
        }
        rows.append(row)
        return row

    def work() -> dict[str, Any]:
        people = [_person(rng) for _ in range(rng.randint(1, 6))]
        doi = f"10.{rng.randint(1000, 9999)}/j.{rng.randint(10**5, 10**6)}"
        return {
            "title": _title(rng),
            "people": people,
            "year": rng.randint(1990, 2024),
            "doi": doi if rng.random() < 0.4 else None,
            "style": rng.choice(["comma", "plain"]),
            "endpoint": rng.choice(_ENDPOINTS),
        }

    def emit(w: dict[str, Any], **change: Any) -> dict[str, Any]:
        people = change.get("people", [_fmt(p, w["style"]) for p in w["people"]])
        doi_value = change.get("doi", w["doi"])
        return record(
            change.get("endpoint", w["endpoint"]),
            change.get("title", w["title"]),
            people,
            change.get("year", w["year"]),
            f"https://doi.org/{doi_value}" if doi_value else None,
        )

    def other_endpoint(w: dict[str, Any]) -> str:
        return rng.choice([e for e in _ENDPOINTS if e != w["endpoint"]])

    variants: dict[str, Callable[[dict[str, Any]], dict[str, Any]]] = {
        "doi": lambda w: {"title": w["title"].upper(), "people": [], "year": None},
        "case_punctuation": lambda w: {"title": w["title"].lower().replace(" ", ", ", 1) + "."},
        "hyphenation": lambda w: {
            "title": w["title"].replace("-", " ")
            if "-" in w["title"]
            else w["title"].replace(" ", "-", 1)
        },
        "diacritics_entities": lambda w: {
            "title": _entities(w["title"]),
            "people": [_strip_accents(_fmt(p, w["style"])) for p in w["people"]],
        },
        "mojibake": lambda w: {
            "title": _mojibake(w["title"]),
            "people": [_mojibake(_fmt(p, w["style"])) for p in w["people"]],
        },
        "subtitle": lambda w: {
            "title": w["title"] + ": " + " ".join(_word(rng) for _ in range(rng.randint(3, 6)))
        },
        "typo": lambda w: {"title": _typo(rng, w["title"])},
        "authors_reordered_initials": lambda w: {
            "people": [
                _fmt(p, rng.choice(["initial", "upper"]))
                for p in rng.sample(w["people"], len(w["people"]))
            ]
        },
        "authors_truncated": lambda w: {
            "people": [_fmt(p, w["style"]) for p in w["people"][:1]] + ["et al."]
        },
        "year_missing": lambda w: {"year": None},
    }
    pairs: list[tuple[str, str]] = []
    kinds: dict[tuple[str, str], str] = {}
    for i in range(duplicates):
        kind = KINDS[i % len(KINDS)]
        w = work()
        if kind == "doi" and not w["doi"]:
            w["doi"] = f"10.{rng.randint(1000, 9999)}/x.{i}"
        a = emit(w)
        change = variants[kind](w)
        if rng.random() < 0.3:  # a second, milder difference on top
            extra = variants[rng.choice([m for m in MILD if m != kind])](w)
            change = {**extra, **change}
        if kind != "doi":
            change.setdefault("doi", None if rng.random() < 0.7 else w["doi"])
        b = emit(w, endpoint=other_endpoint(w), **change)
        pair = (a["identifier"], b["identifier"])
        pairs.append(pair)
        kinds[pair] = kind
    trap_pairs: list[tuple[str, str]] = []
    for i in range(traps):
        kind = TRAPS[i % len(TRAPS)]
        w = work()
        w["doi"] = None
        if kind == "heading":
            w["title"] = rng.choice(_HEADINGS)
            a = emit(w)
            b = emit(w, endpoint=rng.choice([w["endpoint"], other_endpoint(w)]))
        elif kind == "conference_journal":
            a = emit(w)
            b = emit(w, endpoint=other_endpoint(w), year=w["year"] + rng.choice([1, 2]))
        elif kind == "series_part":
            part = rng.choice([("I", "II"), ("1", "2"), ("Part 1", "Part 2")])
            a = emit(w, title=f"{w['title']}: {part[0]}")
            b = emit(w, title=f"{w['title']}: {part[1]}", endpoint=other_endpoint(w))
        elif kind == "same_title_others":  # a common title, other people
            a = emit(w)
            others = [_person(rng) for _ in range(rng.randint(1, 3))]
            b = emit(w, people=[_fmt(p, "plain") for p in others], endpoint=other_endpoint(w))
        else:  # same template, another subject, same authors and year
            words = w["title"].split()
            k = max(range(len(words)), key=lambda j: len(words[j]))
            other = [*words[:k], _word(rng) + _word(rng), *words[k + 1 :]]
            a = emit(w)
            b = emit(w, title=" ".join(other), endpoint=other_endpoint(w))
        trap_pairs.append((a["identifier"], b["identifier"]))
    while len(rows) < n:
        emit(work())
    rng.shuffle(rows)
    return DedupeCorpus(rows=rows, pairs=pairs, kinds=kinds, traps=trap_pairs)
