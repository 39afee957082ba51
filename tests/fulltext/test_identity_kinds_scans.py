"""The scans that tell a document's kind and compare scripts stay linear on hostile input.

A PDF's lines come from a server nobody trusts (up to 20,000 characters a line, thousands of
lines a page), and so do a record's title and creators. Each new scan (stamps at one height,
a browser's print header and footer, a book's citation, a title quoted inside another, a
part's number, escaped HTML in a record, names compared across scripts) is timed here in a
fresh interpreter on input built to make a careless scan quadratic.
"""

from __future__ import annotations

from tests.support.timed import seconds_in_child

_SETUP = """
import time
from politeharvest.fulltext._docfacts import facts_of
from politeharvest.fulltext._identity import RecordHints, judge
from politeharvest.fulltext._pdflayout import Layout, Line

def page(index, texts, size=10.0, same_height=False):
    lines = []
    for i, text in enumerate(texts):
        top = 800.0 if same_height else 800.0 - (i % 700)
        lines.append(Line(index, text, size if i % 3 else size * 4, top, top - size, 50, 545, 842.0))
    return tuple(lines)

def timed(call):
    started = time.perf_counter()
    call()
    print(time.perf_counter() - started)
"""


def test_hostile_pdf_lines_are_read_in_linear_time() -> None:
    """Pages of 20,000-character lines of quotes, tags, numerals, addresses and stamps."""
    script = _SETUP + (
        "n = 20_000\n"
        "pieces = ['\\u201c' * n, '\\u201ca' * (n // 2), '< a' * (n // 3), 'I ' * (n // 2),\n"
        "          'https://x.org/ 1/' * (n // 17), 'ISBN ' * (n // 5), '- ' * (n // 2),\n"
        "          '10.5555/x-' * (n // 10), 'RETRACTED' * (n // 9), ': ' * (n // 2)]\n"
        "hints = RecordHints(titles=('\\u201c' + 'a b c ' * 3000 + '\\u201d Part I',),\n"
        "                    surnames=tuple(f'name{i}' for i in range(3000)))\n"
        "for piece in pieces:\n"
        "    layout = Layout(tuple(page(p, [piece] * 6) for p in range(3)), 3)\n"
        "    timed(lambda: judge(hints, facts_of(layout)))\n"
        "# thousands of short large lines at one height on every page: stamp candidates\n"
        "layout = Layout(tuple(page(p, ['STAMP %d' % i for i in range(5000)], same_height=True)\n"
        "                      for p in range(3)), 3)\n"
        "timed(lambda: judge(hints, facts_of(layout)))\n"
    )
    seconds = seconds_in_child(script, timeout=240)
    assert len(seconds) == 11
    assert max(seconds) < 10.0, seconds


def test_hostile_records_are_read_in_linear_time() -> None:
    """A megabyte of escaped HTML as a title; thousands of creators against a foreign byline."""
    script = _SETUP + (
        "n = 1_000_000\n"
        "for title in ('&#305;<i>' * (n // 9), '<a ' * (n // 3), '&amp;lt;' * (n // 8)):\n"
        "    timed(lambda: RecordHints.from_metadata({'title': [title], 'creator': ['Zhang Wei'] * 5000}))\n"
        "hints = RecordHints(titles=('Солеустойчивость сортов',),\n"
        "                    surnames=tuple('papadopoulos%d' % i for i in range(5000)))\n"
        "byline = ' '.join('Παπαδόπουλος%d' % i for i in range(400))\n"
        "long_name = RecordHints(titles=('x y z',), surnames=('a' * 30_000,))\n"
        "lines = [byline, 'Γ' * 20_000 + ' ' + 'α' * 20_000]\n"
        "for h in (hints, long_name):\n"
        "    for text in lines:\n"
        "        layout = Layout((page(0, ['Title of the paper here', text] + ['prose'] * 20),), 1)\n"
        "        timed(lambda: judge(h, facts_of(layout)))\n"
    )
    seconds = seconds_in_child(script, timeout=240)
    assert len(seconds) == 7
    assert max(seconds) < 10.0, seconds
