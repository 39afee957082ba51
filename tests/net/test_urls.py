"""A URL's host and origin: one implementation of each notion (`politeharvest.net._urls`)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import politeharvest.net
from politeharvest.net import _pacing, _redirects, _robots
from politeharvest.net._urls import (
    Origin,
    host_key,
    hostname,
    is_private_address,
    origin,
    origin_key,
    registrable_domain,
    robots_url_for,
    same_origin,
    well_known_url,
)

NET = Path(politeharvest.net.__file__).parent


@pytest.mark.parametrize(
    ("given", "expected"),
    [
        ("https://Example.ORG:443/a", "example.org"),
        ("http://example.org./", "example.org"),
        ("https://user:pw@Example.org/a", "example.org"),
        ("https://bücher.example/a", "xn--bcher-kva.example"),
        ("https://BÜCHER.example/a", "xn--bcher-kva.example"),
        ("https://xn--bcher-kva.example/a", "xn--bcher-kva.example"),
        ("http://[::1]:8080/a", "::1"),
        ("http://[2001:DB8::1]/a", "2001:db8::1"),
        ("http://127.0.0.1:8080/a", "127.0.0.1"),
        ("Example.ORG", "example.org"),
        (" example.org. ", "example.org"),
        ("bücher.example", "xn--bcher-kva.example"),
        ("[::1]", "::1"),
        ("::1", "::1"),
        ("", ""),
    ],
)
def test_host_key(given: str, expected: str) -> None:
    """A URL or a host gives one key per server: lower case, IDNA, no dot, no port, no brackets."""
    assert host_key(given) == expected


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        ("https://Example.ORG:443/a", "example.org"),
        ("http://[::1]:8080/a", "::1"),
        ("https://bücher.example/", "bücher.example"),
        ("/relative/path", ""),
    ],
)
def test_hostname_is_the_host_as_written(url: str, expected: str) -> None:
    """`hostname` is what an error names: lower case, but not IDNA-encoded."""
    assert hostname(url) == expected


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        ("https://Example.ORG:443/x", Origin("https", "example.org", 443)),
        ("https://example.org/x", Origin("https", "example.org", 443)),
        ("http://example.org/x", Origin("http", "example.org", 80)),
        ("HTTP://Example.org:80/", Origin("http", "example.org", 80)),
        ("https://example.org:8443/", Origin("https", "example.org", 8443)),
        ("http://[::1]:8080/a", Origin("http", "::1", 8080)),
        ("https://bücher.example./", Origin("https", "xn--bcher-kva.example", 443)),
        ("ftp://example.org/", Origin("ftp", "example.org", None)),
    ],
)
def test_origin(url: str, expected: Origin) -> None:
    """Scheme, host key and port, the scheme's default port filled in (RFC 6454)."""
    assert origin(url) == expected


@pytest.mark.parametrize(
    ("a", "b", "same"),
    [
        ("https://Example.ORG:443/a", "https://example.org/b", True),
        ("http://example.org:80/", "http://example.org/", True),
        ("https://example.org./", "https://example.org/", True),
        ("https://bücher.example/", "https://xn--bcher-kva.example/", True),
        ("https://user:pw@example.org/", "https://example.org/", True),
        ("http://[::1]:8080/", "http://[::1]:8080/x", True),
        ("https://example.org/", "http://example.org/", False),
        ("https://example.org/", "https://example.org:8443/", False),
        ("https://a.example.org/", "https://example.org/", False),
        ("http://[::1]:8080/", "http://[::1]:8081/", False),
    ],
)
def test_same_origin(a: str, b: str, same: bool) -> None:
    assert same_origin(a, b) is same
    assert same_origin(b, a) is same


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        ("https://Example.ORG:443/x?y", "https://example.org"),
        ("http://user:pw@example.org:80/", "http://example.org"),
        ("https://example.org:8443/a", "https://example.org:8443"),
        ("http://[::1]:8080/a", "http://[::1]:8080"),
        ("http://[::1]/a", "http://[::1]"),
        ("https://bücher.example./a", "https://xn--bcher-kva.example"),
    ],
)
def test_origin_key(url: str, expected: str) -> None:
    """An origin as text: one key per origin, however the URL spells it."""
    assert origin_key(url) == expected


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        ("https://Ex.org:8443/a/b?c", "https://Ex.org:8443/robots.txt"),
        ("http://user:pw@ex.org/a", "http://ex.org/robots.txt"),
        ("http://[::1]:8080/x", "http://[::1]:8080/robots.txt"),
        ("https://example.org:443/x", "https://example.org:443/robots.txt"),
    ],
)
def test_robots_url_for_is_spelled_as_the_url_spells_it(url: str, expected: str) -> None:
    """The robots.txt address keeps the URL's own spelling of its origin, without user info."""
    assert robots_url_for(url) == expected


def test_well_known_url_drops_user_info() -> None:
    assert (
        well_known_url("https://u:p@journal.example.org/a.pdf", "/.well-known/tdmrep.json")
        == "https://journal.example.org/.well-known/tdmrep.json"
    )


@pytest.mark.parametrize(
    ("host", "expected"),
    [
        ("a.example.ac.uk", "example.ac.uk"),
        ("www.Example.ORG.", "example.org"),
        ("example.org", "example.org"),
        ("127.0.0.1", "127.0.0.1"),
        ("::1", "::1"),
        ("localhost", "localhost"),
    ],
)
def test_registrable_domain(host: str, expected: str) -> None:
    assert registrable_domain(host) == expected


@pytest.mark.parametrize(
    ("host", "private"),
    [
        ("127.0.0.1", True),
        ("10.1.2.3", True),
        ("192.168.0.1", True),
        ("169.254.169.254", True),
        ("0.0.0.0", True),
        ("::1", True),
        ("[::1]", True),
        ("fe80::1", True),
        ("localhost", True),
        ("LOCALHOST.", True),
        ("repo.localhost", True),
        ("93.184.216.34", False),
        ("2606:4700::1", False),
        ("example.org", False),
        ("localhost.example.org", False),
    ],
)
def test_is_private_address(host: str, private: bool) -> None:
    """Literal addresses and localhost only: names are not resolved (no I/O)."""
    assert is_private_address(host) is private


def test_the_old_names_are_the_one_implementation() -> None:
    assert politeharvest.net.host_key is host_key is _pacing.host_key
    assert politeharvest.net.registrable_domain is registrable_domain
    assert _redirects.registrable_domain is registrable_domain
    assert _redirects.is_private_address is is_private_address
    assert _redirects.same_origin is same_origin
    assert _robots.robots_url_for is robots_url_for
    assert politeharvest.host_key is host_key
    assert politeharvest.registrable_domain is registrable_domain


def _imports(module: Path) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(ast.parse(module.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            found.add("." * node.level + (node.module or ""))
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return found


@pytest.mark.parametrize("name", ["_door", "_turns", "_addresses", "_parts", "_urls"])
def test_the_layers_do_not_import_the_session(name: str) -> None:
    """The layers under `PoliteSession` are given their parts: none imports the session."""
    imported = _imports(NET / f"{name}.py")
    assert not {i for i in imported if i.endswith("_session")}
