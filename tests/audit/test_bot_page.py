"""Issue 36, point 3: a harvester operators can verify.

``politeharvest bot-page`` writes the page, the agent card and the robots.txt lines from the
policy in force; with ``--sign-key`` every request is signed (RFC 9421, Web Bot Auth), and the
signatures are checked here by a verifier written from the RFC with ``cryptography`` alone:
the signature base rebuilt from the request the server received, the key taken from the key
directory bot-page wrote, its id recomputed as an RFC 7638 thumbprint.
"""

from __future__ import annotations

import base64
import hashlib
import io
import json
import re
import shutil
import subprocess
from collections.abc import Mapping
from pathlib import Path

import pytest

from politeharvest import Politeness
from politeharvest.cli import main
from politeharvest.net._robots import RobotsTxt
from politeharvest.testing import LoopbackServer, OaiTestRepository, Reply

cryptography = pytest.importorskip("cryptography")
pytest.importorskip("http_message_signatures")

from cryptography.hazmat.primitives import serialization  # noqa: E402
from cryptography.hazmat.primitives.asymmetric import ed25519  # noqa: E402

UA = "polite-tests/1.0 (+https://bot.example.org/about; mailto:harvest@example.org)"
AGENT = "https://bot.example.org"
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


def cli(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out=out, err=err)
    return code, out.getvalue(), err.getvalue()


@pytest.fixture
def key_file(tmp_path: Path) -> Path:
    key = ed25519.Ed25519PrivateKey.generate()
    path = tmp_path / "harvester-key.pem"
    path.write_bytes(
        key.private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.PKCS8,
            serialization.NoEncryption(),
        )
    )
    return path


def _b64url_decode(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def _thumbprint(jwk: Mapping[str, str]) -> str:
    """RFC 7638 section 3, for an OKP key (RFC 8037 appendix A.3)."""
    canonical = json.dumps(
        {"crv": jwk["crv"], "kty": jwk["kty"], "x": jwk["x"]}, separators=(",", ":")
    )
    digest = hashlib.sha256(canonical.encode("ascii")).digest()
    return base64.urlsafe_b64encode(digest).rstrip(b"=").decode("ascii")


def verify(method: str, authority: str, path: str, headers: Mapping[str, str], jwks: dict) -> dict:
    """An RFC 9421 verifier of our own: returns the signature's parameters, or raises.

    It reads only what the draft fixes: one label, a dictionary ``Signature-Agent``, the
    components the ``Signature-Input`` names, and an Ed25519 key chosen by ``keyid``.
    """
    low = {k.lower(): v for k, v in headers.items()}
    label, _, params = low["signature-input"].partition("=")
    inner = re.fullmatch(r"\((.*)\)(;.*)", params)
    assert inner is not None, params
    components = re.findall(r'"([^"]+)"(;key="[^"]+")?', inner.group(1))
    fields = dict(re.findall(r';(\w+)=("[^"]*"|\d+)', inner.group(2)))
    agent_label, _, agent_value = low["signature-agent"].partition("=")
    lines = []
    for name, key_param in components:
        if name == "@method":
            value = method.upper()
        elif name == "@authority":
            value = authority.lower()
        elif name == "@path":
            value = path
        else:
            assert name == "signature-agent" and key_param == f';key="{agent_label}"'
            value = agent_value
        lines.append(f'"{name}"{key_param}: {value}')
    lines.append(f'"@signature-params": {params}')
    base = "\n".join(lines).encode("ascii")
    signature_label, _, value = low["signature"].partition("=")
    assert signature_label == label and value.startswith(":") and value.endswith(":")
    keyid = fields["keyid"].strip('"')
    jwk = next(k for k in jwks["keys"] if k["kid"] == keyid)
    assert _thumbprint(jwk) == keyid
    public = ed25519.Ed25519PublicKey.from_public_bytes(_b64url_decode(jwk["x"]))
    public.verify(base64.b64decode(value[1:-1]), base)  # raises InvalidSignature
    return {"label": label, "components": [c for c, _ in components], **fields}


def test_bot_page_writes_page_card_snippet_and_directory(tmp_path: Path, key_file: Path) -> None:
    """The four files come from the policy; the card parses and says what the policy does."""
    out = tmp_path / "site"
    code, _, err = cli(
        "bot-page",
        "--out",
        str(out),
        "--user-agent",
        UA,
        "--request-interval",
        "2",
        "--sign-key",
        str(key_file),
        "--signature-agent",
        AGENT,
        "--operator",
        "Example University Library",
    )
    assert code == 0, err
    card = json.loads((out / "agent-card.json").read_text())
    assert card["name"] == "Example University Library"
    assert card["contact"] == "harvest@example.org"
    assert card["rfc9309-product-token"] == "polite-tests"
    assert card["expected-user-agent"] == UA
    assert card["rate-expectation"].startswith("max=0.5rps per host")
    assert card["pace"]["request_interval_s"] == 2.0
    assert card["signature-agent"] == AGENT
    directory = json.loads((out / ".well-known" / "http-message-signatures-directory").read_text())
    assert directory["keys"] == card["keys"]
    assert directory["keys"][0]["kid"] == _thumbprint(directory["keys"][0])
    page = (out / "index.html").read_text()
    assert "Example University Library" in page and "harvest@example.org" in page
    assert "At least 2 s between requests" in page
    assert directory["keys"][0]["kid"] in page
    # the snippet's lines are robots.txt that throttles and (commented) blocks this agent
    snippet = (out / "robots-snippet.txt").read_text()
    robots = RobotsTxt.from_text(snippet, user_agent=UA)
    assert robots.crawl_delay() == 10.0
    blocking = RobotsTxt.from_text(snippet.replace("# Disallow: /", "Disallow: /"), user_agent=UA)
    assert blocking.allowed("https://repo.example.org/oai").allowed is False


def test_bot_page_lists_only_what_the_policy_honours(tmp_path: Path) -> None:
    """A policy with TDMRep and robots tags off does not claim to honour them."""
    policy_file = tmp_path / "policy.toml"
    policy_file.write_text("tdm_reservations = false\nrobots_tags = false\n")
    code, _, err = cli(
        "bot-page", "--out", str(tmp_path / "s"), "--user-agent", UA, "--policy", str(policy_file)
    )
    assert code == 0, err
    honoured = json.loads((tmp_path / "s" / "agent-card.json").read_text())["honoured"]
    assert not any("TDMRep" in item or "X-Robots-Tag" in item for item in honoured)
    assert not (tmp_path / "s" / ".well-known").exists()  # nothing to verify without a key


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (["--sign-key", "missing.pem", "--signature-agent", AGENT], "cannot read the key file"),
        (["--sign-key", "KEY"], "sign_key needs signature_agent"),
        (["--sign-key", "KEY", "--signature-agent", "http://bot.example.org"], "https origin"),
        (["--sign-key", "NOTKEY", "--signature-agent", AGENT], "not an unencrypted PEM"),
    ],
)
def test_signing_mistakes_are_usage_errors_before_any_request(
    tmp_path: Path, key_file: Path, options: list[str], message: str
) -> None:
    """A bad key or agent exits 2 and the repository never hears from us."""
    not_a_key = tmp_path / "notkey.pem"
    not_a_key.write_text("hello\n")
    argv = [
        str(key_file) if o == "KEY" else str(not_a_key) if o == "NOTKEY" else o for o in options
    ]
    with LoopbackServer("127.0.0.1") as server:
        server.add("/oai", OaiTestRepository.sample(5))
        code, _, err = cli(
            "harvest",
            server.url("/oai"),
            "--user-agent",
            UA,
            "--out",
            str(tmp_path / "o.jsonl"),
            "--state",
            str(tmp_path / "s.sqlite"),
            "--allow-private-addresses",
            *argv,
        )
        assert code == 2, err
        assert message in err
        assert server.log == []


@pytest.mark.integration
def test_every_request_of_a_harvest_is_signed_and_verifies(tmp_path: Path, key_file: Path) -> None:
    """robots.txt, Identify and every page carry a signature our own verifier accepts."""
    site = tmp_path / "site"
    assert (
        cli(
            "bot-page",
            "--out",
            str(site),
            "--user-agent",
            UA,
            "--sign-key",
            str(key_file),
            "--signature-agent",
            AGENT,
        )[0]
        == 0
    )
    jwks = json.loads((site / ".well-known" / "http-message-signatures-directory").read_text())
    with LoopbackServer("127.0.0.1") as server:
        server.add("/robots.txt", Reply(200, body="User-agent: *\nAllow: /\n"))
        server.add("/oai", OaiTestRepository.sample(30, page_size=10))
        code, _, err = cli(
            "harvest",
            server.url("/oai"),
            "--user-agent",
            UA,
            "--out",
            str(tmp_path / "o.jsonl"),
            "--state",
            str(tmp_path / "s.sqlite"),
            "--request-interval",
            "0.05",
            "--allow-private-addresses",
            "--sign-key",
            str(key_file),
            "--signature-agent",
            AGENT,
            "--quiet",
        )
        assert code == 0, err
        log = server.log
    assert len(log) >= 4  # robots.txt and three pages
    seen = set()
    for request in log:
        authority = f"127.0.0.1:{server.port}"
        assert request.headers["Host"] == authority
        params = verify(
            request.method, authority, request.path.split("?")[0], request.headers, jwks
        )
        assert params["components"] == ["@method", "@authority", "@path", "signature-agent"]
        assert params["tag"] == '"web-bot-auth"' and params["alg"] == '"ed25519"'
        assert 0 < int(params["expires"]) - int(params["created"]) <= 86_400
        assert request.headers["Signature-Agent"] == f'sig1="{AGENT}"'
        seen.add(request.path.split("?")[0])
    assert seen == {"/robots.txt", "/oai"}


def test_a_tampered_request_does_not_verify(key_file: Path) -> None:
    """The verifier is not a rubber stamp: another path or agent breaks the signature."""
    from politeharvest.net._signing import RequestSigner

    signer = RequestSigner.load(key_file, AGENT)
    headers = signer.headers_for("GET", "https://repo.example.org/oai?verb=Identify", 1.8e9)
    jwks = signer.directory()
    verify("GET", "repo.example.org", "/oai", headers, jwks)
    with pytest.raises(cryptography.exceptions.InvalidSignature):
        verify("GET", "repo.example.org", "/admin", headers, jwks)
    forged = {**headers, "Signature-Agent": 'sig1="https://evil.example.org"'}
    with pytest.raises(cryptography.exceptions.InvalidSignature):
        verify("GET", "repo.example.org", "/oai", forged, jwks)


def test_policy_file_may_name_the_key(tmp_path: Path, key_file: Path) -> None:
    """sign_key and signature_agent are policy settings like any other (TOML round trip)."""
    policy = Politeness(user_agent=UA, sign_key=str(key_file), signature_agent=AGENT)
    assert Politeness.from_mapping(policy.to_mapping()) == policy
    with pytest.raises(ValueError, match="https origin"):
        Politeness(user_agent=UA, sign_key=str(key_file), signature_agent="https://x.org/path")


@pytest.mark.skipif(CHROMIUM is None, reason="no Chromium installed (.ci/run installs one)")
def test_bot_page_renders_in_headless_chromium(tmp_path: Path, key_file: Path) -> None:
    """The page is a page: Chromium renders it, and its text is there to read."""
    site = tmp_path / "site"
    assert (
        cli(
            "bot-page",
            "--out",
            str(site),
            "--user-agent",
            UA,
            "--sign-key",
            str(key_file),
            "--signature-agent",
            AGENT,
        )[0]
        == 0
    )
    dom = subprocess.run(
        [
            CHROMIUM or "chromium",
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            f"--user-data-dir={tmp_path / 'profile'}",
            "--dump-dom",
            (site / "index.html").as_uri(),
        ],
        capture_output=True,
        text=True,
        timeout=90,
        check=True,
    ).stdout
    assert "How to slow it down or block it" in dom
    assert "web-bot-auth" in dom
    assert "harvest@example.org" in dom
