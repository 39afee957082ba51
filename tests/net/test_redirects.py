"""RedirectPolicy decisions (section 13 E1, E2, E3, E6, E7)."""

from __future__ import annotations

import pytest

from politeharvest import Follow, RedirectPolicy, Stop, registrable_domain
from politeharvest.net._redirects import is_private_address, same_origin

SITE = RedirectPolicy()


def decide(policy: RedirectPolicy, chain: list[str], location: str) -> Follow | Stop:
    return policy.decide(tuple(chain), location)


@pytest.mark.parametrize(
    ("chain", "location", "expected"),
    [
        (["https://a.ex.org/x"], "/y", Follow("https://a.ex.org/y")),  # E1 same host
        (["https://a.ex.org/x"], "http://a.ex.org/y", "insecure-scheme"),  # E1 https -> http
        (["http://a.ex.org/x"], "https://a.ex.org/x", Follow("https://a.ex.org/x")),  # upgrade
        (
            ["https://a.example.ac.uk/x"],
            "https://b.example.ac.uk/y",
            Follow("https://b.example.ac.uk/y"),
        ),
        (["https://a.example.ac.uk/x"], "https://other.ac.uk/y", "off-site"),  # public suffix aware
        (["https://ex.org/x"], "https://ex.com/y", "off-site"),
        (
            ["https://ex.org/1", "https://ex.org/2", "https://ex.org/3"],
            "/4",
            Follow("https://ex.org/4"),
        ),
        (
            ["https://ex.org/1", "https://ex.org/2", "https://ex.org/3", "https://ex.org/4"],
            "/5",
            "too-many-hops",
        ),
        (["https://a.ex.org/x", "https://b.ex.org/y"], "https://a.ex.org/x", "loop"),
        (["https://ex.org/x"], "https://ex.org/login?next=/x", "auth-wall"),
        (["https://ex.org/x"], "https://idp.ex.org/idp/profile/SAML2/Redirect/SSO", "auth-wall"),
        (["https://ex.org/x"], "https://ex.org/Shibboleth.sso/Login?target=/x", "auth-wall"),
        (["https://ex.org/x"], "https://ex.org/x?cookieSet=1", "auth-wall"),
        (["https://ex.org/x"], "https://127.0.0.1/x", "private-address"),  # E7
        (["https://ex.org/x"], "https://10.1.2.3/x", "private-address"),
        (["https://ex.org/x"], "https://169.254.169.254/latest/meta-data", "private-address"),
        (["https://ex.org/x"], "https://[::1]/x", "private-address"),
        (["https://ex.org/x"], "https://localhost/x", "private-address"),
        (["https://ex.org/x"], "javascript:alert(1)", "bad-location"),
    ],
)
def test_site_scope(chain: list[str], location: str, expected: Follow | str) -> None:
    decision = decide(SITE, chain, location)
    if isinstance(expected, Follow):
        assert decision == expected
    else:
        assert isinstance(decision, Stop)
        assert decision.code == expected
        assert decision.reason


def test_host_scope_refuses_sibling_subdomain() -> None:
    policy = RedirectPolicy(scope="host")
    assert decide(policy, ["https://a.example.ac.uk/x"], "https://b.example.ac.uk/y") == Stop(
        "https://b.example.ac.uk/y", "target leaves the host a.example.ac.uk", "off-site"
    )
    assert isinstance(decide(policy, ["https://a.ex.org/tr/x"], "/en/x"), Follow)


def test_allowed_file_hosts() -> None:
    policy = RedirectPolicy(scope="host", allowed_hosts=("*.cdn.example.net", "files.example.com"))
    assert isinstance(
        decide(policy, ["https://ex.org/x"], "https://eu.cdn.example.net/f.pdf"), Follow
    )
    assert isinstance(
        decide(policy, ["https://ex.org/x"], "https://files.example.com/f.pdf"), Follow
    )
    assert isinstance(decide(policy, ["https://ex.org/x"], "https://evil.example.com/f.pdf"), Stop)


def test_private_addresses_allowed_when_asked() -> None:
    policy = RedirectPolicy(allow_private_addresses=True, scope="any")
    assert isinstance(decide(policy, ["https://127.0.0.2/x"], "https://127.0.0.3/y"), Follow)


def test_scope_is_judged_from_the_first_url() -> None:
    chain = ["https://a.ex.org/1", "https://b.ex.org/2"]
    assert isinstance(decide(RedirectPolicy(scope="host"), chain, "https://b.ex.org/3"), Stop)


def test_robots_policy_follows_five_hops_across_hosts() -> None:
    from politeharvest import Politeness

    policy = RedirectPolicy.for_robots(Politeness())
    chain = ["http://ex.org/robots.txt"]
    for hop in range(5):
        step = decide(policy, chain, f"https://host{hop}.example.net/robots.txt")
        assert isinstance(step, Follow)
        chain.append(step.url)
    assert isinstance(decide(policy, chain, "https://last.example.net/robots.txt"), Stop)


@pytest.mark.parametrize(
    ("host", "domain"),
    [
        ("a.example.ac.uk", "example.ac.uk"),
        ("dergipark.org.tr", "dergipark.org.tr"),
        ("www.dergipark.org.tr", "dergipark.org.tr"),
        ("127.0.0.1", "127.0.0.1"),
        ("localhost", "localhost"),
        ("Export.ARXIV.org", "arxiv.org"),
    ],
)
def test_registrable_domain(host: str, domain: str) -> None:
    assert registrable_domain(host) == domain


@pytest.mark.parametrize(
    ("host", "private"),
    [
        ("192.168.1.1", True),
        ("172.16.0.1", True),
        ("8.8.8.8", False),
        ("fe80::1", True),
        ("ex.org", False),
    ],
)
def test_private_addresses(host: str, private: bool) -> None:
    assert is_private_address(host) is private


def test_same_origin_fills_default_ports() -> None:
    assert same_origin("https://ex.org/a", "https://ex.org:443/b")
    assert not same_origin("http://ex.org/a", "https://ex.org/a")
