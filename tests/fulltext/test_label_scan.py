"""A label set before the record's title ("Erratum: <title>") is found in linear time, and
the record's creators are looked up in the PDF's words, not compared with each of them.

The title block comes from the PDF, the title from the repository: for every separator of the
block the old search read all the text before it and all the text after it again, 30 s for
a line of 20,000 colons. Now a label's separator stands within the block's first
`_LABEL_REACH` characters and the title is looked for in a window after it; on blocks and
titles of real size the answer is the old one.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from politeharvest.fulltext._identity import (
    _LABEL_REACH,
    _LABEL_SEPARATOR,
    _TITLE_REACH,
    _has_name,
    _label_before,
    _share,
    _stems,
)
from politeharvest.quality._text import content_words
from tests.support.fragments import joined
from tests.support.timed import seconds_in_child


def _old_label_before(block: str, title: str) -> str | None:
    """The search as it was: every separator of the block, all the text after it."""
    words = content_words(title)
    if not words:
        return None
    for match in _LABEL_SEPARATOR.finditer(block):
        before, after = block[: match.start()], block[match.end() :]
        prefix = content_words(before)
        if not prefix or set(prefix) & set(words):
            continue
        rest = content_words(after)
        if rest[: len(words)] == words or (rest and _share(words, set(rest)) >= 0.9):
            return before.strip()
    return None


_words = [
    "Erratum",
    "Similarity report",
    "Reply to",
    "Supplementary material",
    "protein",
    "folding",
    "bacteria",
    "thermophilic",
    "study",
    "the",
    "of",
    " ",
    ": ",
    " - ",
    " | ",
    "\u2013",
    "\u2014",
    "\n",
]
_titles = st.sampled_from(
    [
        "A study of protein folding in thermophilic bacteria",
        "Protein folding",
        "Thermophilic bacteria: a study",
        "The of",  # no content words
    ]
)


@settings(max_examples=400, deadline=None)
@given(joined(_words, max_size=14, noise=3), _titles)
def test_a_label_is_found_as_before_in_blocks_of_real_size(prefix: str, title: str) -> None:
    block = prefix + title
    if len(prefix) < _LABEL_REACH - 4 and len(block) < _TITLE_REACH:
        assert _label_before(block, title) == _old_label_before(block, title)


def test_labels_are_found_where_the_old_search_found_them() -> None:
    title = "A study of protein folding in thermophilic bacteria"
    for block, label in [
        (f"Erratum: {title}", "Erratum"),
        (f"Similarity report (iThenticate) \u2014 {title}", "Similarity report (iThenticate)"),
        (f"Supplementary material - {title}", "Supplementary material"),
        (title, None),
        (f"Protein folding: {title}", None),  # the words before are the title's own
    ]:
        assert _label_before(block, title) == _old_label_before(block, title) == label


def test_the_bounds_only_ever_leave_a_label_out() -> None:
    """A word the window cuts is not read as a shorter word ("betament" as "beta"), and a
    separator that starts within the reach counts though it ends past it (review)."""
    title = "alpha beta"
    window = min(2 * len(title), _TITLE_REACH) + _LABEL_REACH
    block = ("Label: alpha" + " " * 400)[: len("Label:") + window - 4] + "betament more"
    assert _label_before(block, title) is None is _old_label_before(block, title)
    block = "x" * 198 + " - alpha beta"
    assert _label_before(block, title) == _old_label_before(block, title) == "x" * 198


def test_hostile_title_blocks_are_searched_in_linear_time() -> None:
    """200,000 characters of separators, of labels without the title, a title as long:
    minutes to hours with the old search; in a child, so a regression fails, not hangs."""
    script = (
        "import time\n"
        "from politeharvest.fulltext._identity import _label_before\n"
        "n = 200_000\n"
        "title = 'A study of protein folding in thermophilic bacteria'\n"
        "for block, name in ((':' * n + ' ' + title, title),\n"
        "                    (' - ' * (n // 3) + title, title),\n"
        "                    ('zzz: ' * (n // 5), title),\n"
        "                    ('alpha beta: ' * (n // 12), title),\n"
        "                    ('zzz: ' * (n // 5), 'protein ' * (n // 8))):\n"
        "    started = time.process_time()\n"
        "    _label_before(block, name)\n"
        "    print(time.process_time() - started)\n"
    )
    assert all(seconds < 5.0 for seconds in seconds_in_child(script))


def _old_has_name(name: list[str], words: set[str]) -> bool:
    return all(
        part in words
        or (len(part) >= 4 and any(w.startswith(part) and len(w) <= len(part) + 2 for w in words))
        for part in name
    )


_letters = st.text(alphabet="abcr", min_size=1, max_size=8)


@settings(max_examples=500)
@given(st.lists(_letters, min_size=1, max_size=3), st.sets(_letters, max_size=12))
def test_a_surname_is_found_among_the_words_as_before(name: list[str], words: set[str]) -> None:
    assert _has_name(name, words, _stems(words)) == _old_has_name(name, words)


def test_thousands_of_creators_are_looked_up_in_linear_time() -> None:
    """20,000 creators against 20,000 words of a PDF's pages: a minute before."""
    script = (
        "import time\n"
        "from politeharvest.fulltext._identity import _has_name, _stems\n"
        "words = {f'word{i}x' for i in range(20_000)}\n"
        "started = time.process_time()\n"
        "stems = _stems(words)\n"
        "assert not any(_has_name([f'name{i}'], words, stems) for i in range(20_000))\n"
        "print(time.process_time() - started)\n"
    )
    assert all(seconds < 5.0 for seconds in seconds_in_child(script))
