"""robots.txt matching, evidence and the RFC 9309 status table (section 13 D)."""

from __future__ import annotations

import pytest

from politeharvest import Politeness, RobotsGate, RobotsTxt
from politeharvest.net._robots import classify, product_token, robots_url_for

UA = "politeharvest/0.1 (+mailto:tests@example.org)"


def allowed(text: str, url: str, user_agent: str = UA) -> bool:
    return (
        RobotsTxt.from_text(text, user_agent=user_agent, robots_url="https://ex.org/robots.txt")
        .allowed(url)
        .allowed
    )


# The "never requests a disallowed path" table of research/politeness.md section 13 D.
MATRIX = [
    (
        "User-agent: *\nDisallow: /a\nDisallow: /ab\n",
        "https://ex.org/ac",
        False,
    ),  # Heritrix floor bug
    (
        "User-agent: *\nDisallow: /\nAllow: /public/\n",
        "https://ex.org/public/x",
        True,
    ),  # longest match
    ("User-agent: *\nAllow: /p\nDisallow: /p\n", "https://ex.org/p", True),  # allow wins a tie
    ("User-agent: *\nDisallow: /*.pdf$\n", "https://ex.org/x.pdf", False),
    ("User-agent: *\nDisallow: /*.pdf$\n", "https://ex.org/x.pdf?a=1", True),
    ("User-agent: *\nDisallow: /*?\n", "https://ex.org/oai/request?verb=ListRecords", False),
    ("User-agent: *\nDisallow: /*s=\n", "https://ex.org/?s=x", False),  # CPython main fails this
    (
        "User-agent: *\nDisallow: /en/*q=*relevance*\n",
        "https://ex.org/en/c/1?q=%3Arelevance",
        False,
    ),
    ("User-agent: *\nDisallow: /~user\n", "https://ex.org/%7Euser/x", False),
    ("User-agent: *\nDisallow: /%7Euser\n", "https://ex.org/~user/x", False),
    (
        "User-agent: politeharvest\n\nDisallow: /blank\n",
        "https://ex.org/blank",
        False,
    ),  # blank line
    (
        "User-agent: politeharvest\nDisallow: /one\n\nUser-agent: other\nDisallow: /\n\n"
        "User-agent: politeharvest\nDisallow: /two\n",
        "https://ex.org/two",
        False,
    ),  # two groups for us are merged
    (
        "User-agent: politeharvest\nDisallow: /one\n\nUser-agent: politeharvest\nDisallow: /two\n",
        "https://ex.org/one",
        False,
    ),
    ("User-agent: bot\nDisallow: /\n\nUser-agent: *\nDisallow: /star\n", "https://ex.org/x", True),
    (
        "User-agent: bot\nDisallow: /\n\nUser-agent: *\nDisallow: /star\n",
        "https://ex.org/star",
        False,
    ),
    (
        "User-agent: *\nAllow: /*/filter/page=*/$\nDisallow: /\n",
        "https://ex.org/1/filter/page=5/",
        True,
    ),
    ("User-agent: *\nDisallow: /\n", "https://ex.org/robots.txt", True),
]


@pytest.mark.parametrize(("text", "url", "expected"), MATRIX)
def test_conformance_matrix(text: str, url: str, expected: bool) -> None:
    assert allowed(text, url) is expected


@pytest.mark.parametrize("user_agent", [UA, "politeharvest", "PoliteHarvest/2.0"])
def test_product_token_and_full_header_decide_alike(user_agent: str) -> None:
    text = "User-agent: politeharvest\nDisallow: /mine\n\nUser-agent: *\nDisallow: /\n"
    assert allowed(text, "https://ex.org/other", user_agent) is True
    assert allowed(text, "https://ex.org/mine", user_agent) is False


def test_product_token() -> None:
    assert product_token(UA) == "politeharvest"
    assert product_token("My_Bot-2/1.0") == "my_bot-"


# google/robotstxt robots_test.cc ID_* cases, expectations re-derived from RFC 9309.
GOOGLE = [
    # ID_LineSyntax_Line: a line without a colon is still read by lenient parsers
    ("user-agent: FooBot\ndisallow: /\n", "FooBot", "https://foo.bar/x/y", False),
    ("foo: FooBot\nbar: /\n", "FooBot", "https://foo.bar/x/y", True),
    # ID_LineSyntax_Groups: consecutive user-agent lines form one group
    (
        "allow: /foo/bar/\n\nuser-agent: FooBot\ndisallow: /\nallow: /x/\nuser-agent: BarBot\n"
        "disallow: /\nallow: /y/\n\n\nallow: /w/\nuser-agent: BazBot\n\nuser-agent: FooBot\n"
        "allow: /z/\ndisallow: /\n",
        "FooBot",
        "https://foo.bar/x/b",
        True,
    ),
    (
        "user-agent: FooBot\ndisallow: /\nallow: /x/\nuser-agent: BarBot\ndisallow: /\nallow: /y/\n",
        "FooBot",
        "https://foo.bar/y/c",
        False,
    ),
    (
        "user-agent: FooBot\ndisallow: /\nallow: /x/\nuser-agent: BarBot\ndisallow: /\nallow: /y/\n",
        "BarBot",
        "https://foo.bar/y/c",
        True,
    ),
    # ID_REPLineNamesCaseInsensitive
    ("USER-AGENT: FooBot\nALLOW: /x/\nDISALLOW: /\n", "FooBot", "https://foo.bar/x/y", True),
    ("uSeR-aGeNt: FooBot\nAlLoW: /x/\ndIsAlLoW: /\n", "FooBot", "https://foo.bar/a/b", False),
    # ID_UserAgentValueCaseInsensitive
    ("User-Agent: FOO BAR\nAllow: /x/\nDisallow: /\n", "Foo", "https://foo.bar/a/b", False),
    ("User-Agent: foo bar\nAllow: /x/\nDisallow: /\n", "FOO", "https://foo.bar/x/y", True),
    # ID_GlobalGroups_Secondary: a specific group replaces the global one
    (
        "user-agent: *\nallow: /\nuser-agent: FooBot\ndisallow: /\n",
        "FooBot",
        "https://foo.bar/x",
        False,
    ),
    (
        "user-agent: *\nallow: /\nuser-agent: FooBot\ndisallow: /\n",
        "BarBot",
        "https://foo.bar/x",
        True,
    ),
    ("", "FooBot", "https://foo.bar/", True),
    # ID_AllowDisallow_Value_CaseSensitive
    ("user-agent: FooBot\ndisallow: /x/\n", "FooBot", "https://foo.bar/x/y", False),
    ("user-agent: FooBot\ndisallow: /X/\n", "FooBot", "https://foo.bar/x/y", True),
    # ID_LongestMatch
    (
        "user-agent: FooBot\ndisallow: /x/page.html\nallow: /x/\n",
        "FooBot",
        "https://foo.bar/x/page.html",
        False,
    ),
    (
        "user-agent: FooBot\nallow: /x/page.html\ndisallow: /x/\n",
        "FooBot",
        "https://foo.bar/x/page.html",
        True,
    ),
    (
        "user-agent: FooBot\nallow: /x/page.html\ndisallow: /x/\n",
        "FooBot",
        "https://foo.bar/x/",
        False,
    ),
    ("user-agent: FooBot\ndisallow: \nallow: \n", "FooBot", "https://foo.bar/x/page.html", True),
    ("user-agent: FooBot\ndisallow: /\nallow: /\n", "FooBot", "https://foo.bar/x/page.html", True),
    ("user-agent: FooBot\ndisallow: /x\nallow: /x/\n", "FooBot", "https://foo.bar/x", False),
    ("user-agent: FooBot\ndisallow: /x\nallow: /x/\n", "FooBot", "https://foo.bar/x/", True),
    (
        "user-agent: FooBot\ndisallow: /x/page.html\nallow: /x/page.html\n",
        "FooBot",
        "https://foo.bar/x/page.html",
        True,
    ),
    (
        "user-agent: FooBot\nallow: /page\ndisallow: /*.html\n",
        "FooBot",
        "https://foo.bar/page.html",
        False,
    ),
    (
        "user-agent: FooBot\nallow: /page\ndisallow: /*.html\n",
        "FooBot",
        "https://foo.bar/page",
        True,
    ),
    (
        "user-agent: FooBot\nallow: /x/page.\ndisallow: /*.html\n",
        "FooBot",
        "https://foo.bar/x/page.html",
        True,
    ),
    (
        "user-agent: FooBot\nallow: /x/page.\ndisallow: /*.html\n",
        "FooBot",
        "https://foo.bar/x/y.html",
        False,
    ),
    # ID_Encoding: non-ASCII and percent-encoded paths match each other
    (
        "User-agent: FooBot\nDisallow: /\nAllow: /foo/bar?qux=taz&baz=http://foo.bar?tar&par\n",
        "FooBot",
        "https://foo.bar/foo/bar?qux=taz&baz=http://foo.bar?tar&par",
        True,
    ),
    (
        "User-agent: FooBot\nDisallow: /\nAllow: /foo/bar/ツ\n",
        "FooBot",
        "https://foo.bar/foo/bar/%E3%83%84",
        True,
    ),
    (
        "User-agent: FooBot\nDisallow: /\nAllow: /foo/bar/%E3%83%84\n",
        "FooBot",
        "https://foo.bar/foo/bar/%E3%83%84",
        True,
    ),
    # ID_SpecialCharacters
    (
        "User-agent: FooBot\nDisallow: /foo/bar/quz\nAllow: /foo/*/qux\n",
        "FooBot",
        "https://foo.bar/foo/bar/quz",
        False,
    ),
    (
        "User-agent: FooBot\nDisallow: /foo/bar/quz\nAllow: /foo/*/qux\n",
        "FooBot",
        "https://foo.bar/foo/quz",
        True,
    ),
    (
        "User-agent: FooBot\nDisallow: /foo/bar$\nAllow: /foo/bar/qux\n",
        "FooBot",
        "https://foo.bar/foo/bar",
        False,
    ),
    (
        "User-agent: FooBot\nDisallow: /foo/bar$\nAllow: /foo/bar/qux\n",
        "FooBot",
        "https://foo.bar/foo/bar/baz",
        True,
    ),
    (
        "User-agent: FooBot\n# Disallow: /\nDisallow: /foo/quz#qux\nAllow: /\n",
        "FooBot",
        "https://foo.bar/foo/bar",
        True,
    ),
    (
        "User-agent: FooBot\n# Disallow: /\nDisallow: /foo/quz#qux\nAllow: /\n",
        "FooBot",
        "https://foo.bar/foo/quz",
        False,
    ),
]


@pytest.mark.parametrize(("text", "agent", "url", "expected"), GOOGLE)
def test_google_robotstxt_cases(text: str, agent: str, url: str, expected: bool) -> None:
    assert allowed(text, url, agent) is expected


def test_disallow_carries_rule_and_line() -> None:
    text = "# comment\nUser-agent: *\nDisallow: /a\nDisallow: /ab\nAllow: /abc/open\n"
    robots = RobotsTxt.from_text(text, user_agent=UA, robots_url="https://ex.org/robots.txt")
    decision = robots.allowed("https://ex.org/abd")
    assert (decision.allowed, decision.rule, decision.line) == (False, "Disallow: /ab", 4)
    decision = robots.allowed("https://ex.org/abc/open/x")
    assert (decision.allowed, decision.rule, decision.line) == (True, "Allow: /abc/open", 5)
    decision = robots.allowed("https://ex.org/zzz")
    assert (decision.allowed, decision.rule) == (True, None)


def test_evidence_from_our_own_group() -> None:
    text = "User-agent: *\nDisallow: /\n\nUser-agent: politeharvest\nDisallow: /private\n"
    robots = RobotsTxt.from_text(text, user_agent=UA)
    decision = robots.allowed("https://ex.org/private/1")
    assert (decision.allowed, decision.rule, decision.line) == (False, "Disallow: /private", 5)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("10", 10.0),
        ("0.5", 0.5),
        ("1e9", 300.0),
        ("inf", None),
        ("-1", None),
        ("nan", None),
        ("soon", None),
    ],
)
def test_crawl_delay_is_clamped(text: str, expected: float | None) -> None:
    robots = RobotsTxt.from_text(f"User-agent: *\nCrawl-delay: {text}\n", user_agent=UA)
    assert robots.crawl_delay(300.0) == expected


POLICY = Politeness(user_agent=UA)


@pytest.mark.parametrize(
    ("status", "mode", "ttl"),
    [
        (200, "rules", 86400.0),
        (404, "allow-all", 86400.0),
        (410, "allow-all", 86400.0),
        (401, "allow-all", 86400.0),
        (403, "allow-all", 86400.0),
        (429, "unavailable", 600.0),
        (500, "unavailable", 600.0),
        (503, "unavailable", 600.0),
        (599, "unavailable", 600.0),
    ],
)
def test_status_table(status: int, mode: str, ttl: float) -> None:
    robots = classify(
        POLICY,
        "https://ex.org/robots.txt",
        status=status,
        body=b"User-agent: *\nDisallow: /x\n",
        now=100.0,
    )
    assert robots.mode == mode
    assert robots.expires_at == 100.0 + ttl


def test_unauthorized_robots_can_disallow() -> None:
    policy = Politeness(user_agent=UA, robots_unauthorized_allows=False)
    robots = classify(policy, "https://ex.org/robots.txt", status=403, body=b"", now=0.0)
    assert robots.mode == "disallow-all"
    assert not robots.allowed("https://ex.org/x").allowed


@pytest.mark.parametrize("error", ["timeout", "connection refused", "TLS error"])
def test_network_errors_fail_closed_with_short_ttl(error: str) -> None:
    robots = classify(
        POLICY, "https://ex.org/robots.txt", status=None, body=None, now=0.0, error=error
    )
    decision = robots.allowed("https://ex.org/oai")
    assert not decision.allowed
    assert decision.unavailable
    assert decision.retry_at == 600.0


def test_truncated_body_fails_closed() -> None:
    robots = classify(
        POLICY, "https://ex.org/robots.txt", status=200, body=b"User-agent", now=0.0, truncated=True
    )
    assert robots.mode == "unavailable"


def test_size_cap_honours_rules_inside_and_ignores_the_rest() -> None:
    """600 KiB: rules in the first 500 KiB hold, bytes past the cap are ignored."""
    head = b"User-agent: *\nDisallow: /early\n"
    filler = b"# " + b"x" * 1000 + b"\n"
    body = head + filler * 700 + b"Disallow: /late\n"
    assert len(body) > 600 * 1024
    robots = classify(POLICY, "https://ex.org/robots.txt", status=200, body=body, now=0.0)
    assert len(robots.text.encode()) <= POLICY.robots_max_bytes
    assert not robots.allowed("https://ex.org/early").allowed
    assert robots.allowed("https://ex.org/late").allowed


def test_soft_404_html_is_parsed_with_a_note() -> None:
    robots = classify(
        POLICY,
        "https://ex.org/robots.txt",
        status=200,
        body=b"<html><body>Not found</body></html>",
        now=0.0,
    )
    assert robots.mode == "rules"
    assert "soft 404" in robots.note
    assert robots.allowed("https://ex.org/x").allowed


def test_cache_is_fresh_until_24_hours() -> None:
    gate = RobotsGate(POLICY)
    gate.learn(
        "https://ex.org/x",
        classify(POLICY, "https://ex.org/robots.txt", status=404, body=b"", now=0.0),
    )
    assert gate.allowed("https://ex.org/y", now=86400.0 - 60) is not None
    assert gate.allowed("https://ex.org/y", now=86400.0) is None


def test_robots_is_per_origin() -> None:
    assert robots_url_for("https://Ex.org:8443/a/b?c") == "https://Ex.org:8443/robots.txt"
    assert robots_url_for("http://user:pw@ex.org/a") == "http://ex.org/robots.txt"
    gate = RobotsGate(POLICY)
    gate.learn(
        "https://ex.org/",
        classify(POLICY, "https://ex.org/robots.txt", status=404, body=b"", now=0.0),
    )
    assert gate.allowed("https://ex.org/a", 1.0) is not None
    assert gate.allowed("http://ex.org/a", 1.0) is None


@pytest.mark.parametrize(
    ("url", "denied"),
    [
        ("https://dergipark.org.tr/tr/login", True),
        ("https://dergipark.org.tr/en/search?q=x", True),
        ("https://dergipark.org.tr/en/pub/some/issue/1", False),
    ],
)
def test_deny_patterns(url: str, denied: bool) -> None:
    from politeharvest import presets

    decision = RobotsGate(presets.DERGIPARK).denied(url)
    assert (decision is not None) is denied
    if decision is not None:
        assert decision.rule is not None
        assert not decision.allowed
