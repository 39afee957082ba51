"""Issue 36, point 1: usage preferences (aipref, Content-Signal, RSL, noml), read and honoured.

The pure readings first, table by table; then a loopback host per signal, files asked for
through `PoliteSession` with and without a declared purpose: a file whose preferences say
``n`` for the purpose is never requested when robots.txt or an RSL licence says so in
advance, and its body never read when its own headers say so; with no purpose every file
comes, and every response carries what was said.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from politeharvest import Politeness, PoliteSession
from politeharvest.exceptions import RightsReserved
from politeharvest.net._preferences import (
    UsagePreferences,
    _path_matches,
    content_signal,
    content_usage,
    link_licences,
    robots_licences,
    robots_preferences,
    rsl_preferences,
)
from politeharvest.testing import LoopbackServer, Reply
from tests.support import UA
from tests.support.timed import seconds_in_child

PDF = b"%PDF-1.7\n" + b"x" * 200


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("train-ai=n", {"train-ai": "n"}),
        ("train-ai=n, search=y", {"train-ai": "n", "search": "y"}),
        ("ai-use=n;foo=1, search", {"ai-use": "n", "search": "y"}),  # bare key is true
        ("train-genai=n, bogus=y", {}),  # not the vocabulary's
        ("train-ai=maybe", {}),
        ("", {}),
    ],
)
def test_content_usage(value: str, expected: dict[str, str]) -> None:
    assert content_usage(value) == expected


def test_content_signal_maps_to_the_vocabulary() -> None:
    said = content_signal("search=yes, ai-input=yes, ai-train=no")
    assert said == {"search": "y", "ai-use": "y", "train-ai": "n"}


def test_any_n_wins_and_unknown_stays_unknown() -> None:
    a = UsagePreferences.stated({"train-ai": "y", "search": "y"}, "a")
    b = UsagePreferences.stated({"train-ai": "n"}, "b")
    both = a.combine(b)
    assert (both.train_ai, both.search, both.ai_use) == ("n", "y", None)
    assert both.evidence == ("a", "b")
    assert both.refuses("train-ai") and not both.refuses("search")
    assert not both.refuses("ai-use")  # unknown is not n
    assert not both.refuses(None) and not both.refuses("tdm")


@given(
    st.lists(
        st.dictionaries(
            st.sampled_from(["train-ai", "ai-use", "search"]), st.sampled_from(["y", "n"])
        ),
        max_size=6,
    )
)
def test_combining_never_turns_an_n_into_anything_else(statements: list[dict]) -> None:
    """Whatever the order, a category anyone said n to stays n."""
    prefs = UsagePreferences()
    for n, said in enumerate(statements):
        prefs = prefs.combine(UsagePreferences.stated(said, f"s{n}"))
    for category in ("train-ai", "ai-use", "search"):
        values = {s[category] for s in statements if category in s}
        expected = "n" if "n" in values else "y" if values else None
        assert prefs.get(category) == expected


ROBOTS = """User-agent: *
Content-Usage: train-ai=n
Content-Usage: /open/ train-ai=y
Content-Usage: /open/closed/ train-ai=n, search=n
Allow: /

User-agent: otherbot
Content-Signal: ai-train=yes
Disallow: /private
"""


@pytest.mark.parametrize(
    ("path", "train_ai", "search", "line"),
    [
        ("/paper.pdf", "n", None, 2),  # the site-wide line
        ("/open/a.pdf", "y", None, 3),  # a path line replaces it
        ("/open/closed/b.pdf", "n", "n", 4),  # the longest match
    ],
)
def test_robots_content_usage_longest_match(
    path: str, train_ai: str, search: str | None, line: int
) -> None:
    prefs = robots_preferences(ROBOTS, UA, f"https://repo.example.org{path}")
    assert (prefs.train_ai, prefs.search) == (train_ai, search)
    assert prefs.evidence[0].startswith(f"robots.txt line {line}: Content-Usage:")


def test_robots_lines_of_another_group_do_not_apply() -> None:
    assert robots_preferences(ROBOTS, "otherbot/1.0", "https://r.org/x").train_ai == "y"
    assert (
        robots_preferences(
            "User-agent: otherbot\nContent-Usage: train-ai=n\n", UA, "https://r.org/x"
        ).known
        is False
    )


def test_content_signal_in_our_group() -> None:
    text = "User-agent: *\nContent-Signal: search=yes, ai-train=no\nAllow: /\n"
    prefs = robots_preferences(text, UA, "https://r.org/x.pdf")
    assert (prefs.train_ai, prefs.search) == ("n", "y")
    assert "Content-Signal" in prefs.evidence[0]


@pytest.mark.parametrize(
    ("pattern", "path", "matches"),
    [
        ("/a", "/abc", True),
        ("/a$", "/a", True),
        ("/a$", "/ab", False),
        ("/*.pdf$", "/x/y.pdf", True),
        ("/*.pdf$", "/x/y.pdf?a=1", False),
        ("/p*q", "/pxxq/z", True),
        ("/p*q", "/pxx", False),
    ],
)
def test_path_patterns(pattern: str, path: str, matches: bool) -> None:
    assert _path_matches(pattern, path) is matches


def test_hostile_patterns_take_bounded_time() -> None:
    """Thousands of stars against a long path: no backtracking regex (which would hang)."""
    script = (
        "import time\nfrom politeharvest.net._preferences import _path_matches\n"
        "t = time.process_time()\n"
        "_path_matches('/' + '*a' * 2000 + 'b', '/' + 'a' * 20000)\n"
        "print(time.process_time() - t)\n"
    )
    [seconds] = seconds_in_child(script, timeout=60)
    assert seconds < 10


RSL_SERVER = b"""<rsl xmlns="https://rslstandard.org/rsl">
  <content url="/papers/*" server="https://licensing.example.org">
    <license><permits type="usage">all</permits></license>
  </content>
</rsl>"""
RSL_TERMS = b"""<rsl xmlns="https://rslstandard.org/rsl">
  <content url="/">
    <license><prohibits type="usage">ai-train</prohibits><permits type="usage">search</permits>
    </license>
  </content>
</rsl>"""


def test_rsl_with_a_licence_server_means_a_licence_first() -> None:
    prefs = rsl_preferences(RSL_SERVER, "https://r.org/papers/1.pdf", "here")
    assert prefs.licence_server == "https://licensing.example.org"
    assert all(prefs.get(c) == "n" for c in ("train-ai", "ai-use", "search"))
    assert not rsl_preferences(RSL_SERVER, "https://r.org/other/1.pdf", "here").known


def test_rsl_terms_without_a_server() -> None:
    prefs = rsl_preferences(RSL_TERMS, "https://r.org/x.pdf", "here")
    assert (prefs.train_ai, prefs.search, prefs.ai_use) == ("n", "y", None)
    assert not rsl_preferences(b"<not xml", "https://r.org/x", "here").known


def test_licence_locations() -> None:
    assert robots_licences("User-agent: *\nLicense: https://r.org/license.xml\n") == (
        "https://r.org/license.xml",
    )
    links = ['<https://r.org/l.xml>; rel="license"; type="application/rsl+xml", <x>; rel=next']
    assert link_licences(links) == ("https://r.org/l.xml",)
    assert link_licences(['<https://r.org/cc>; rel="license"']) == ()  # not RSL


# -- on loopback ------------------------------------------------------------------------------


def site(server: LoopbackServer, robots: str) -> None:
    server.add("/robots.txt", Reply(200, {"Content-Type": "text/plain"}, robots))
    pdf = {"Content-Type": "application/pdf"}
    server.add("/plain.pdf", Reply(200, pdf, PDF))
    server.add("/header-n.pdf", Reply(200, {**pdf, "Content-Usage": "train-ai=n"}, PDF))
    server.add("/header-y.pdf", Reply(200, {**pdf, "Content-Usage": "train-ai=y, search=y"}, PDF))
    server.add("/noml.pdf", Reply(200, {**pdf, "X-Robots-Tag": "noml"}, PDF))
    server.add(
        "/linked.pdf",
        Reply(200, {**pdf, "Link": '</terms.xml>; rel="license"; type="application/rsl+xml"'}, PDF),
    )
    server.add("/terms.xml", Reply(200, {"Content-Type": "application/rsl+xml"}, RSL_TERMS))
    server.add("/licensed.xml", Reply(200, {"Content-Type": "application/rsl+xml"}, RSL_SERVER))
    server.add("/papers/1.pdf", Reply(200, pdf, PDF))
    server.add("/closed/1.pdf", Reply(200, pdf, PDF))
    server.add("/signal/1.pdf", Reply(200, pdf, PDF))


SIGNALS = """User-agent: *
Content-Usage: /closed/ train-ai=n
Allow: /
License: /licensed.xml
"""


def session_for(purpose: str | None) -> PoliteSession:
    policy = Politeness(
        user_agent=UA,
        request_interval=0.0,
        file_interval=0.0,
        allow_private_addresses=True,
        tdmrep_json=False,
        purpose=purpose,  # type: ignore[arg-type]
    )
    return PoliteSession(policy)


@pytest.mark.integration
def test_with_purpose_train_ai_no_n_file_is_fetched_or_read() -> None:
    with LoopbackServer("127.0.0.2") as server:
        site(server, SIGNALS)
        got, refused = {}, {}
        with session_for("train-ai") as session:
            for path in (
                "/plain.pdf",
                "/header-n.pdf",
                "/header-y.pdf",
                "/noml.pdf",
                "/linked.pdf",
                "/papers/1.pdf",
                "/closed/1.pdf",
            ):
                try:
                    response = session.get(server.url(path), kind="file")
                    got[path] = response.usage_preferences.to_dict()
                except RightsReserved as exc:
                    refused[path] = exc.evidence
        asked = [r.path for r in server.log]
    assert set(got) == {"/plain.pdf", "/header-y.pdf"}
    # known in advance: never requested
    assert "/closed/1.pdf" not in asked and "/papers/1.pdf" not in asked
    assert "robots.txt line 2: Content-Usage: train-ai=n" in refused["/closed/1.pdf"]
    assert "licence from https://licensing.example.org" in refused["/papers/1.pdf"]
    # said by the response: requested, refused before its body was kept
    assert "Content-Usage: train-ai=n in the file's headers" in refused["/header-n.pdf"]
    assert "noml" in refused["/noml.pdf"]
    assert "ai-use" not in refused["/linked.pdf"] and "terms.xml" in refused["/linked.pdf"]
    assert got["/header-y.pdf"]["train-ai"] == "y"


@pytest.mark.integration
def test_without_a_purpose_every_file_comes_with_its_preferences() -> None:
    with LoopbackServer("127.0.0.2") as server:
        site(server, SIGNALS)
        got = {}
        with session_for(None) as session:
            for path in (
                "/plain.pdf",
                "/header-n.pdf",
                "/linked.pdf",
                "/papers/1.pdf",
                "/closed/1.pdf",
            ):
                response = session.get(server.url(path), kind="file")
                assert response.content == PDF
                got[path] = response.usage_preferences
    assert not got["/plain.pdf"].known
    assert got["/header-n.pdf"].train_ai == "n"
    assert got["/closed/1.pdf"].train_ai == "n"
    assert got["/papers/1.pdf"].licence_server == "https://licensing.example.org"
    assert got["/linked.pdf"].train_ai == "n" and got["/linked.pdf"].search == "y"


@pytest.mark.integration
def test_content_signal_known_in_advance() -> None:
    with LoopbackServer("127.0.0.2") as server:
        site(server, "User-agent: *\nContent-Signal: ai-train=no, search=yes\nAllow: /\n")
        with (
            session_for("train-ai") as session,
            pytest.raises(RightsReserved, match="Content-Signal"),
        ):
            session.get(server.url("/signal/1.pdf"), kind="file")
        with session_for("search") as session:
            assert session.get(server.url("/signal/1.pdf"), kind="file").content == PDF
        assert [r.path for r in server.log].count("/signal/1.pdf") == 1


def test_a_purpose_outside_the_vocabulary_is_refused() -> None:
    with pytest.raises(ValueError, match="purpose 'train-genai'"):
        Politeness(user_agent=UA, purpose="train-genai")  # type: ignore[arg-type]


def test_rsl_documents_are_fetched_once() -> None:
    """The licence named in robots.txt is read once for all the site's files."""
    with LoopbackServer("127.0.0.2") as server:
        site(server, SIGNALS)
        with session_for(None) as session:
            for path in ("/plain.pdf", "/header-y.pdf", "/header-n.pdf"):
                session.get(server.url(path), kind="file")
        assert [r.path for r in server.log].count("/licensed.xml") == 1
