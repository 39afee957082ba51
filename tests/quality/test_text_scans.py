"""Title and name patterns that read in time linear in the text, as the ones they replaced.

A record's title or creator comes from the repository: a run of thousands of ``?``, of
blank lines after a hyphen, of spaces after a label, or of spaces with no subtitle or parallel
title behind them, took quadratic time (11-42 s for 20,000-80,000 characters), tried again
from each of its characters.
"""

from __future__ import annotations

import re

from hypothesis import given, settings

from politeharvest.fulltext._labels import _LABEL_SPLIT
from politeharvest.quality._text import _HYPHEN_BREAK, _LOST
from politeharvest.quality._work import _PARALLEL, _SUBTITLE
from tests.support.fragments import joined
from tests.support.timed import seconds_in_child

_OLD_LOST = re.compile(r"\?+(?=[^\W\d_])")
_OLD_HYPHEN_BREAK = re.compile(r"(\w)-\s*\n\s*(\w)")
# the quadratic form of the label separator, with the separators it has now (a middle dot
# and a bullet end a label too: "Extended abstract · HIC 2024")
_OLD_LABEL_SPLIT = re.compile(r"\s*[:–—|/·•]\s*")
_OLD_SUBTITLE = re.compile(r"\s*[:.?!]\s+|\s+[-\u2013\u2014]\s+|\s*[(\[]")
_OLD_PARALLEL = re.compile(r"\s+[/=]\s+")

_piece = [
    "?",
    "??",
    "a",
    "é",
    "1",
    "_",
    "-",
    " ",
    "\t",
    "\n",
    "\r\n",
    "\xa0",
    ":",
    "|",
    "/",
    "—",
    "–",
    "x",
    "=",
    ".",
    "!",
    "(",
    "[",
]
_texts = joined(_piece, max_size=20, noise=2)


@settings(max_examples=1500)
@given(_texts)
def test_lost_characters_are_found_and_cut_as_before(text: str) -> None:
    assert _LOST.sub("", text) == _OLD_LOST.sub("", text)
    assert bool(_LOST.search(text)) == bool(_OLD_LOST.search(text))


@settings(max_examples=1500)
@given(_texts)
def test_hyphenated_line_breaks_are_joined_as_before(text: str) -> None:
    assert _HYPHEN_BREAK.sub(r"\1\2", text) == _OLD_HYPHEN_BREAK.sub(r"\1\2", text)


@settings(max_examples=1500)
@given(_texts)
def test_a_label_is_split_off_as_before(text: str) -> None:
    assert _LABEL_SPLIT.split(text, maxsplit=1) == _OLD_LABEL_SPLIT.split(text, maxsplit=1)


@settings(max_examples=800)
@given(_texts)
def test_subtitles_and_parallel_titles_are_split_off_as_before(text: str) -> None:
    assert _SUBTITLE.split(text, maxsplit=1) == _OLD_SUBTITLE.split(text, maxsplit=1)
    assert _PARALLEL.split(text) == _OLD_PARALLEL.split(text)


def test_hostile_titles_are_read_in_linear_time() -> None:
    """200,000 characters of each: hours with the old patterns, milliseconds now; in a
    child, so a regression fails instead of hanging the run."""
    script = (
        "import time\n"
        "from politeharvest.fulltext._labels import _LABEL_SPLIT\n"
        "from politeharvest.quality._text import _HYPHEN_BREAK, _LOST\n"
        "from politeharvest.quality._work import _PARALLEL, _SUBTITLE\n"
        "n = 200_000\n"
        "for run in (lambda: _LOST.sub('', '?' * n + '1'),\n"
        "            lambda: _HYPHEN_BREAK.sub(r'\\1\\2', 'A study-' + '\\n' * n + '!'),\n"
        "            lambda: _LABEL_SPLIT.split('Erratum x' + ' ' * n + 'y', maxsplit=1),\n"
        "            lambda: _SUBTITLE.split('A study' + ' ' * n + 'x', maxsplit=1),\n"
        "            lambda: _PARALLEL.split('A study' + ' ' * n + 'x')):\n"
        "    started = time.process_time()\n"
        "    run()\n"
        "    print(time.process_time() - started)\n"
    )
    assert all(seconds < 5.0 for seconds in seconds_in_child(script))


_OLD_COMMENT = re.compile(r"<!--.*?-->|<!\[CDATA\[|\]\]>", re.DOTALL)
_markup_piece = ["<!--", "-->", "<![CDATA[", "]]>", "<!", "--", "-", "]", ">", "<", "a", " "]


@settings(max_examples=2000)
@given(joined(_markup_piece, max_size=20, noise=2))
def test_comments_and_cdata_markers_are_blanked_as_before(text: str) -> None:
    from politeharvest.quality._normalize import _blank_comments

    assert _blank_comments(text) == _OLD_COMMENT.sub(" ", text)


def test_a_title_of_unclosed_comments_is_cleaned_in_linear_time() -> None:
    """200,000 unclosed ``<!--`` and one ``>``: hours with the regex, milliseconds now."""
    script = (
        "import time\n"
        "from politeharvest.quality._normalize import strip_markup\n"
        "started = time.process_time()\n"
        "strip_markup('<!--' * 200_000 + ' >')\n"
        "print(time.process_time() - started)\n"
    )
    assert seconds_in_child(script)[0] < 5.0
