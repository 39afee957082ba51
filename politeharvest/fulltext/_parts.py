"""A record's file offered in parts: links whose labels number them and give their pages.

A large work is often offered as two or three files ("Parte 1 (pp. 1-86): …", "Parte 2
(pp. 87-164): …"; the Sinhala "I කොටස (පිටු 55-73)", "II කොටස (පිටු 74-92)"). Each label
is the same words around a part's number (arabic or roman), then the part's pages, and the
pages of one part run on into the next: that is one document cut in pieces, whatever the
language of the words. The first part opens the document (its title page); the later ones
are its continuation, never another document, and never the file to try first.

Links that only share a shape are not parts: a list of contents gives each article's own
title before its pages, so the words around the numbers differ from one entry to the next.
More than `MAX_PARTS` parts are a work's chapters (see `_landing._split_parts`), not a
file cut for its size.
"""

from __future__ import annotations

import itertools
import re
import unicodedata
from collections.abc import Sequence

import attrs
from bs4 import BeautifulSoup, Tag

from ._scripts import roman_value

__all__ = ["MAX_PARTS", "FilePart", "file_parts"]

#: The most parts a file is cut into for its size; more are chapters.
MAX_PARTS = 3

#: A page range: two numbers joined by a dash ("1-86", "87-164").
_RANGE = re.compile(r"(?<![\d.,/])(\d{1,4})\s*[-\u2010-\u2013]\s*(\d{1,4})(?!\d|[.,/]\d)")
#: Words before a part's pages: the part's word, its number and the pages' word.
_MOST_WORDS = 5


@attrs.frozen
class FilePart:
    """One link of a file offered in parts.

    Attributes:
        number: its place among the parts (1 for the first).
        count: how many parts the file is offered in.
        pages: every part's pages, in order ("1-86, 87-164").
    """

    number: int
    count: int
    pages: str


def _words(text: str) -> list[str]:
    """The text's words: what stands between spaces, punctuation and symbols.

    A word's combining marks are part of it, as in "කොටස".
    """
    kept = "".join(" " if unicodedata.category(ch)[0] in "PSZ" else ch for ch in text)
    return kept.split()


def _numbered_words(title: str) -> set[str]:
    """The words a title numbers its part with ("Volume II", "Deel 2"), case-folded."""
    words = _words(title)
    return {
        word.casefold()
        for word, after in itertools.pairwise(words)
        if not word.isdigit()
        and roman_value(word) is None
        and ((after.isdigit() and len(after) <= 2) or roman_value(after) is not None)
    }


def _part(label: str) -> tuple[int, tuple[str, ...], int, int] | None:
    """The label's part number, its words, and its first and last pages; or None."""
    found = _RANGE.search(label)
    if found is None:
        return None
    first, last = int(found.group(1)), int(found.group(2))
    if not 0 < first < last:
        return None
    tokens = _words(label[: found.start()])
    if not tokens or len(tokens) > _MOST_WORDS:
        return None
    numbers = []
    words = []
    for token in tokens:
        value = int(token) if token.isdigit() else roman_value(token)
        if value is not None:
            numbers.append(value)
        else:
            words.append(token.casefold())
    if len(numbers) != 1 or not words:
        return None
    return numbers[0], tuple(words), first, last


def file_parts(soup: BeautifulSoup, titles: Sequence[str] = ()) -> dict[int, FilePart]:
    """The links of the page that are parts of one file, by the id of their element.

    The links are read in the page's order; a run of two to `MAX_PARTS` links whose
    labels have the same words, number their parts 1, 2, … and give pages that run on
    ("1-86", "87-164") is one file's parts. A run that goes on past `MAX_PARTS` parts
    is none, and so is a run whose word the record's `titles` number themselves with
    ("Volume I", "Volume II" on the page of "Anais da Câmara, Volume II"): the series'
    volumes, the record one of them.
    """
    numbered = {word for title in titles for word in _numbered_words(title)}
    labelled: list[tuple[Tag, tuple[int, tuple[str, ...], int, int]]] = []
    for element in soup.find_all("a", href=True, limit=3000):
        label = " ".join(element.get_text(" ", strip=True).split())
        part = _part(label) if len(label) <= 200 else None
        if part is not None:
            labelled.append((element, part))
    found: dict[int, FilePart] = {}
    run: list[tuple[Tag, tuple[int, tuple[str, ...], int, int]]] = []

    def close() -> None:
        if 2 <= len(run) <= MAX_PARTS and numbered.isdisjoint(run[0][1][1]):
            pages = ", ".join(f"{p[2]}-{p[3]}" for _, p in run)
            for element, part in run:
                found[id(element)] = FilePart(part[0], len(run), pages)

    for element, part in labelled:
        if run:
            last = run[-1][1]
            if part[1] == last[1] and part[0] == last[0] + 1 and part[2] == last[3] + 1:
                run.append((element, part))
                continue
            close()
            run = []
        if part[0] == 1:
            run = [(element, part)]
    close()
    return found
