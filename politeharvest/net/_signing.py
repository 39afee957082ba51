"""Signed requests: HTTP Message Signatures (RFC 9421) as Web Bot Auth drafts them (core).

A repository operator cannot tell a polite harvester from a crawler that copies its User-Agent.
With `Politeness.sign_key` every request politeharvest sends carries a signature over its
method, authority and path and over its ``Signature-Agent`` header, made with the harvester's
Ed25519 key; the operator fetches the public key from the key directory at the
``Signature-Agent`` origin (``/.well-known/http-message-signatures-directory``, written by
``politeharvest bot-page``) and can allowlist the harvester by that origin instead of by IP.

The shape follows draft-ietf-webbotauth-httpsig-protocol: ``Signature-Agent`` is a dictionary
keyed by the signature's label, the label's member is a covered component, ``keyid`` is the
key's JWK SHA-256 thumbprint (RFC 7638, RFC 8037 appendix A.3), ``tag`` is ``web-bot-auth``,
and ``created``/``expires`` bound a signature to five minutes. Each send is signed again (a
retry or a redirect hop gets a signature of its own), just before it leaves.

The signature itself is made by the ``http-message-signatures`` library (``pip install
'politeharvest[sign]'``); this module loads the key, builds the directory and says what to cover.
"""

from __future__ import annotations

import base64
import datetime as _dt
import hashlib
import json
from functools import lru_cache
from pathlib import Path
from typing import Any

import attrs

from politeharvest._extras import require
from politeharvest._policy import Politeness
from politeharvest._reprs import value_repr

__all__ = [
    "DIRECTORY_MEDIA_TYPE",
    "DIRECTORY_PATH",
    "LABEL",
    "RequestSigner",
    "signer_for",
]

#: Where the key directory is served at the ``Signature-Agent`` origin.
DIRECTORY_PATH = "/.well-known/http-message-signatures-directory"
#: The directory's media type.
DIRECTORY_MEDIA_TYPE = "application/http-message-signatures-directory+json"
#: The signature's label in ``Signature``, ``Signature-Input`` and ``Signature-Agent``.
LABEL = "sig1"
#: How long a signature stays valid (the draft recommends at most 24 hours).
LIFETIME_S = 300.0
#: What a signature covers: the request's method, authority and path, and our agent.
COVERED = ("@method", "@authority", "@path", f'"signature-agent";key="{LABEL}"')

_FEATURE = "--sign-key (signed requests)"


def _b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


@attrs.frozen(repr=False)
class RequestSigner:
    """Signs requests with one Ed25519 key for one ``Signature-Agent`` origin.

    Attributes:
        key_path: the PEM file the private key came from.
        signature_agent: the https origin publishing the key directory.
        key_id: the key's JWK SHA-256 thumbprint (the signatures' ``keyid``).
        public_x: the raw public key, base64url (the JWK's ``x``).
    """

    __repr__ = value_repr

    key_path: str
    signature_agent: str
    key_id: str
    public_x: str
    _private_key: Any = attrs.field(repr=False, eq=False, alias="private_key")

    @classmethod
    def load(cls, key_path: str | Path, signature_agent: str) -> RequestSigner:
        """Read an Ed25519 private key from a PEM file.

        Raises:
            MissingDependency: the ``sign`` extra is not installed (the message names it).
            ValueError: the file cannot be read, or holds no unencrypted Ed25519 key.
        """
        serialization = require("cryptography.hazmat.primitives.serialization", _FEATURE)
        ed25519 = require("cryptography.hazmat.primitives.asymmetric.ed25519", _FEATURE)
        path = Path(key_path)
        try:
            data = path.read_bytes()
        except OSError as exc:
            raise ValueError(
                f"sign_key {path}: cannot read the key file ({exc.strerror or exc}); "
                "make one with: openssl genpkey -algorithm ed25519 -out harvester-key.pem"
            ) from exc
        try:
            key = serialization.load_pem_private_key(data, password=None)
        except (ValueError, TypeError) as exc:
            raise ValueError(
                f"sign_key {path}: not an unencrypted PEM private key ({exc}); "
                "make one with: openssl genpkey -algorithm ed25519 -out harvester-key.pem"
            ) from exc
        if not isinstance(key, ed25519.Ed25519PrivateKey):
            raise ValueError(
                f"sign_key {path}: the key is {type(key).__name__.removeprefix('_')}, "
                "not Ed25519 (Web Bot Auth signs with ed25519): "
                "openssl genpkey -algorithm ed25519 -out harvester-key.pem"
            )
        raw = key.public_key().public_bytes(
            serialization.Encoding.Raw, serialization.PublicFormat.Raw
        )
        x = _b64url(raw)
        # RFC 7638: the required members in lexicographic order, no white space.
        members = json.dumps(
            {"crv": "Ed25519", "kty": "OKP", "x": x}, separators=(",", ":"), sort_keys=True
        )
        thumbprint = _b64url(hashlib.sha256(members.encode("ascii")).digest())
        return cls(str(path), signature_agent.rstrip("/"), thumbprint, x, private_key=key)

    def jwk(self) -> dict[str, str]:
        """The public key as a JWK (RFC 8037), its ``kid`` the thumbprint."""
        return {"kty": "OKP", "crv": "Ed25519", "kid": self.key_id, "x": self.public_x}

    def directory(self) -> dict[str, Any]:
        """The key directory to serve at `DIRECTORY_PATH` (a JWK Set)."""
        return {"keys": [{**self.jwk(), "use": "sig"}]}

    def headers_for(self, method: str, url: str, now: float) -> dict[str, str]:
        """The three headers that sign a request (``Signature-Agent``, ``-Input``, ``Signature``).

        Args:
            method: the request's method.
            url: its full URL.
            now: the wall-clock time (epoch seconds) it is sent at.

        Raises:
            MissingDependency: the ``sign`` extra is not installed (the message names it).
        """
        message = _Message(method, url, {"Signature-Agent": f'{LABEL}="{self.signature_agent}"'})
        _signer(self).sign(
            message,
            key_id=self.key_id,
            created=_dt.datetime.fromtimestamp(int(now), tz=_dt.timezone.utc),
            expires=_dt.datetime.fromtimestamp(int(now + LIFETIME_S), tz=_dt.timezone.utc),
            label=LABEL,
            tag="web-bot-auth",
            covered_component_ids=COVERED,
        )
        return dict(message.headers)

    def sign(self, prepared: Any, now: float) -> None:
        """Sign a `requests.PreparedRequest` in place (its earlier signature replaced)."""
        for name, value in self.headers_for(str(prepared.method), str(prepared.url), now).items():
            prepared.headers[name] = value


@attrs.define
class _Message:
    """The request as the signing library reads it: method, URL and headers."""

    method: str
    url: str
    headers: dict[str, str]


def _signer(signer: RequestSigner) -> Any:
    library = require("http_message_signatures", _FEATURE)
    resolver = library.MappingKeyResolver(
        public_keys={signer.key_id: signer._private_key.public_key()},
        private_keys={signer.key_id: signer._private_key},
    )
    return library.HTTPMessageSigner(
        signature_algorithm=library.algorithms.ED25519, key_resolver=resolver
    )


@lru_cache(maxsize=8)
def _load(key_path: str, signature_agent: str) -> RequestSigner:
    return RequestSigner.load(key_path, signature_agent)


def signer_for(policy: Politeness) -> RequestSigner | None:
    """The policy's request signer (its key read once), or None when requests go unsigned.

    Raises:
        MissingDependency: the ``sign`` extra is not installed (the message names it).
        ValueError: the key file cannot be read or is not an Ed25519 key.
    """
    if policy.sign_key is None or policy.signature_agent is None:
        return None
    signer = _load(policy.sign_key, policy.signature_agent)
    _signer(signer)  # the library is there: a missing extra fails before any request
    return signer
