"""robots.txt lines read in time linear in the file, as the patterns they replaced read them.

A run of blank lines was read again from each of its lines (34 s for 80 KB of newlines), and
a line with a long run of spaces from each of its places (26 s for 80 KB): a robots.txt may
be 500 KB, so one host could hold a harvest for most of an hour.
"""

from __future__ import annotations

import re

from hypothesis import example, given, settings

from politeharvest.net._robots import _AGENT_LINE, _rule_line
from tests.support.fragments import joined
from tests.support.timed import seconds_in_child

_OLD_RULE = re.compile(r"^\s*([A-Za-z][A-Za-z -]*?)\s*:\s*(.*?)\s*$")
_OLD_AGENT = re.compile(r"^(\s*user[- ]?agent\s*:?\s*)([A-Za-z_*-]+)[^#\r\n]*", re.I | re.M)

_piece = [
    "User-agent",
    "user agent",
    "USERAGENT",
    "Disallow",
    "Allow",
    ":",
    " ",
    "\t",
    "\xa0",
    "\u2003",
    "\n",
    "\r\n",
    "\r",
    "-",
    "*",
    "/a",
    "#",
    "x",
    "é",
    "1",
    "Foo Bar",
]


@settings(max_examples=2000)
@given(joined(_piece, max_size=12, noise=3).map(lambda text: (text.splitlines() or [""])[0]))
@example("  Disallow  :  /a b  ")
@example("Dis\tallow: /a")
@example("User agent:: x")
def test_a_rule_line_reads_as_the_pattern_read_it(line: str) -> None:
    """Lines as the file's lines come (`str.splitlines`: no line break inside)."""
    old = _OLD_RULE.match(line)
    assert _rule_line(line) == ((old.group(1), old.group(2)) if old else None)


@settings(max_examples=2000)
@given(joined(_piece, max_size=16, noise=3))
@example("\n\n  User-agent : FOO BAR # x\nDisallow: /\n")
@example("User-agent\n\nfoo bar\r\nx")
def test_user_agent_values_are_cut_as_the_pattern_cut_them(text: str) -> None:
    assert _AGENT_LINE.sub(r"\1\2", text) == _OLD_AGENT.sub(r"\1\2", text)


def test_a_hostile_robots_txt_is_read_in_linear_time() -> None:
    """500 KB of blank lines, of spaces inside a rule, of spaces in a line without a colon,
    and of blank lines after ``User-agent``: hours with the patterns, a fraction of a second
    now; in a child, so a regression fails instead of hanging the run."""
    script = (
        "import time\n"
        "from politeharvest._policy import Politeness\n"
        "from politeharvest.net._robots import classify\n"
        "n = 500_000\n"
        "bodies = ['\\n' * n, 'User-agent: *\\nDisallow: /a' + ' ' * n + 'x\\n',\n"
        "          'User-agent: *\\nDisallow: /a\\nA' + ' ' * n + 'x\\n', 'User-agent' + '\\n' * n]\n"
        "for body in bodies:\n"
        "    started = time.process_time()\n"
        "    robots = classify(Politeness(), 'https://example.org/robots.txt', status=200,\n"
        "                      body=body.encode(), now=0.0)\n"
        "    robots.allowed('https://example.org/x')\n"
        "    print(time.process_time() - started)\n"
    )
    assert all(seconds < 5.0 for seconds in seconds_in_child(script))


def test_a_long_url_is_decided_in_linear_time() -> None:
    """An address of 400,000 characters (a landing page's link can be that long) against 3,000
    rules: every prefix of the address was sliced and looked up (a second for 80,000
    characters, minutes for this); in a child, so a regression fails instead of hanging."""
    script = (
        "import time\n"
        "from politeharvest.net._robots import RobotsTxt\n"
        "rules = 'User-agent: *\\n' + ''.join(f'Disallow: /{\"a\" * i}b\\n' for i in range(1, 3000))\n"
        "robots = RobotsTxt.from_text(rules, user_agent='politeharvest/1.0')\n"
        "for url in ('https://example.org/' + 'a' * 400_000, 'https://example.org/' + 'a' * 2999 + 'b'):\n"
        "    started = time.process_time()\n"
        "    decision = robots.allowed(url)\n"
        "    print(time.process_time() - started)\n"
        "    assert decision.allowed is url.endswith('a'), decision\n"
    )
    assert all(seconds < 5.0 for seconds in seconds_in_child(script))
