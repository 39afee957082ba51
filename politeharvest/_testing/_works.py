"""The demo's works: deterministic titles, authors, abstracts and their PDFs.

`demo_record` makes record `n` of `OaiTestRepository.demo` from a few lists of words, the
same on every run; `demo_pdf` writes the PDF of a record's work (`article_pdf`), which the
identity check matches to that record.
"""

from __future__ import annotations

import time
from typing import Any, Protocol

from ._pdfwriter import article_pdf

__all__ = ["Work", "demo_pdf", "demo_record"]

_DEMO_SETS = ("math", "physics", "cs")
_TOPICS = {
    "math": (
        "random walks", "prime gaps", "elliptic curves", "sparse matrices", "convex polytopes",
        "Markov chains", "knot invariants", "Sobolev spaces", "modular forms", "graph colourings",
        "optimal transport", "Hilbert schemes", "branching processes",
    ),
    "physics": (
        "quantum dots", "dark matter halos", "superconducting qubits", "turbulent plasmas",
        "gravitational lensing", "neutrino oscillations", "spin glasses", "cold atom lattices",
        "solar flares", "granular flows", "topological insulators", "cosmic rays", "soft matter",
    ),
    "cs": (
        "garbage collection", "distributed consensus", "type inference", "web crawlers",
        "neural ranking", "string matching", "cache eviction", "record linkage",
        "program synthesis", "query planning", "error correcting codes", "peer review systems",
        "metadata harvesting",
    ),
}  # fmt: skip
_OPENINGS = ("Estimates for", "New bounds for", "A study of", "Fast methods for", "The geometry of",
             "Measuring", "Models of")  # fmt: skip
_ENDINGS = (
    "in high dimensions", "under noise", "at scale", "with few samples", "on sparse graphs",
    "over finite fields", "in practice", "for open archives", "revisited",
    "beyond the mean field", "with missing data",
)  # fmt: skip
_PEOPLE = (
    ("Lovelace", "Ada"), ("Noether", "Emmy"), ("Ramanujan", "Srinivasa"), ("Turing", "Alan"),
    ("Hopper", "Grace"), ("Meitner", "Lise"), ("Wu", "Chien-Shiung"), ("Somerville", "Mary"),
    ("Kovalevskaya", "Sofia"), ("Mirzakhani", "Maryam"), ("Uhlenbeck", "Karen"),
    ("Feynman", "Richard"), ("Liskov", "Barbara"), ("Dijkstra", "Edsger"), ("Knuth", "Donald"),
    ("Johnson", "Katherine"), ("Hodgkin", "Dorothy"), ("Bose", "Satyendra"), ("Arf", "Cahit"),
    ("Erdős", "Paul"), ("Châtelet", "Émilie"), ("Yılmaz", "Ayşe"), ("Nakamura", "Hiroshi"),  # noqa: RUF001
    ("Okafor", "Chidi"),
)  # fmt: skip
#: Every this many records, one is another record of an earlier work (a duplicate).
_DUPLICATE_EVERY = 20
_DUPLICATE_OF = 10  # ... of the record this many before it (in another set)


def _demo_work(n: int) -> tuple[str, str, tuple[tuple[str, str], ...], str, str, str]:
    """Record `n`'s work: its set, title, authors (family, given), year, abstract and topic."""
    spec = _DEMO_SETS[n % len(_DEMO_SETS)]
    i = n // len(_DEMO_SETS)
    topics = _TOPICS[spec]
    topic = topics[i % len(topics)]
    title = f"{_OPENINGS[i % len(_OPENINGS)]} {topic} {_ENDINGS[i % len(_ENDINGS)]}"
    authors = tuple(_PEOPLE[(n * 7 + k * 5) % len(_PEOPLE)] for k in range(1 + n % 3))
    year = str(2015 + n % 10)
    other = topics[(i + 5) % len(topics)]
    abstract = (
        f"We study {topic} {_ENDINGS[i % len(_ENDINGS)]} and show how they relate to {other}. "
        f"The results of this paper give a simple account of what is known about {topic}, "
        f"with new proofs and experiments that are easy to repeat. We also discuss the open "
        f"questions that remain for {other} and for the wider field of {spec}."
    )
    return spec, title, authors, year, abstract, topic


class Work(Protocol):
    """What `demo_pdf` reads of a record (a `SampleRecord`)."""

    @property
    def title(self) -> str: ...
    @property
    def creators(self) -> tuple[str, ...]: ...
    @property
    def doi(self) -> str | None: ...
    @property
    def description(self) -> str: ...
    @property
    def date(self) -> str: ...
    @property
    def datestamp(self) -> float: ...


def demo_record(n: int) -> dict[str, Any]:
    """The fields of record `n` of `OaiTestRepository.demo` (see there), for a `SampleRecord`."""
    spec, title, authors, year, abstract, topic = _demo_work(n)
    sets = (spec,) if n % 7 != 3 else (spec, _DEMO_SETS[(n + 1) % len(_DEMO_SETS)])
    creators = tuple(f"{family}, {given}" for family, given in authors)
    doi: str | None = f"10.5072/demo.{n:04d}"
    if n % _DUPLICATE_EVERY == _DUPLICATE_EVERY - 1:  # another record of an earlier work
        original = n - _DUPLICATE_OF
        spec, title, authors, year, abstract, topic = _demo_work(original)
        title = title[:1].lower() + title[1:] + "."
        creators = tuple(f"{given[0]}. {family}" for family, given in authors)
        doi = f"10.5072/demo.{original:04d}"
        if n % (2 * _DUPLICATE_EVERY) == 2 * _DUPLICATE_EVERY - 1:
            doi = doi.upper()  # every other one writes it in capitals (DOIs ignore case)
    return {
        "identifier": f"oai:demo.politeharvest.org:{n:04d}",
        "datestamp": 1_577_836_800.0 + n * 86_400.0 / 7,
        "sets": sets,
        "deleted": n % 17 == 16,
        "title": title,
        "creators": creators,
        "subjects": (spec, topic),
        "doi": doi,
        "description": abstract,
        "date": year,
        "kind": "info:eu-repo/semantics/article",
    }


#: The running text of every demo PDF (what the identity check reads is its first page's top).
_DEMO_SECTIONS = (
    (
        "1 Introduction",
        "This file is part of the politeharvest demo repository. Its first page is set as a "
        "journal sets an article, so that the identity check can read the title, the authors "
        "and the DOI, and compare them with the record that links to the file. A file that "
        "is not the record's own is never stored under the record.\n"
        "A harvester that fetches full text from a repository meets many kinds of pages: "
        "landing pages with one file, with several versions of a file, with the files of "
        "other articles in a sidebar, and pages that ask a person to sign in. The demo keeps "
        "to the simplest kind: one landing page for each record, which names its file in a "
        "meta tag.",
    ),
    (
        "2 Methods",
        "The records of the demo are made from a few lists of words, in the same order on "
        "every run, so that a harvest of the demo can be resumed and repeated. Each record "
        "has a title, one to three authors, two subjects, an abstract, a year and a DOI "
        "under the prefix 10.5072, which is kept for tests and examples.\n"
        "Some records appear in two sets, and some describe a work that another record "
        "describes as well, with its title and authors written in another way. These are "
        "the cases that the clean command has to merge.",
    ),
    (
        "3 Results",
        "When the demo is harvested with a folder for the files, every record that is not "
        "deleted gets its file, and the identity check says that the file is the record's "
        "own: the title of the record is the title of the document, the authors of the "
        "record are in its byline, and the DOI of the record is the one the document gives.",
    ),
)


def demo_pdf(record: Work) -> bytes:
    """The PDF of a record's work: its title set large, its authors, its DOI and abstract."""
    names = []
    for creator in record.creators:
        family, _, given = creator.partition(", ")
        names.append(f"{given} {family}" if given else family)
    year = record.date[:4] or time.strftime("%Y", time.gmtime(record.datestamp))
    title = record.title[:1].upper() + record.title[1:].rstrip(".")
    return article_pdf(
        title,
        names,
        doi=record.doi,
        journal=f"Journal of the Demo Repository ({year})",
        abstract=record.description or f"A sample record of the demo repository, {year}.",
        sections=_DEMO_SECTIONS,
    )
