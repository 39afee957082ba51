"""One capped decoder for bodies compressed without saying so (core, no I/O).

Some servers send a gzip or brotli body without ``Content-Encoding`` (or gzip inside
gzip). Decoding such a body is a repair; decoding it without a cap lets a few
kilobytes expand to gigabytes. `decode_undeclared` decodes in bounded steps and
stops as soon as the output would pass the cap, so memory stays near the cap
whatever the ratio.
"""

from __future__ import annotations

import zlib

__all__ = ["DecodedTooLarge", "decode_undeclared"]

#: Layers of compression undone at most (gzip inside gzip inside brotli...).
MAX_LAYERS = 3
_STEP = 64 * 1024


class DecodedTooLarge(ValueError):
    """The decoded body would pass the cap."""

    def __init__(self, limit: int, method: str) -> None:
        self.limit = limit
        super().__init__(f"a {method} body without Content-Encoding expands past {limit} bytes")


def decode_undeclared(raw: bytes, limit: int) -> tuple[bytes, str]:
    """Undo gzip or brotli that a body carries without ``Content-Encoding``, up to `limit`.

    Returns:
        The decoded bytes and a note for the page's repairs ("" when nothing was decoded).
        A body that is not compressed, or does not decode, is returned as it is.

    Raises:
        DecodedTooLarge: the output would pass `limit` bytes (checked while decoding).
    """
    notes: list[str] = []
    for _ in range(MAX_LAYERS):
        if raw[:2] == b"\x1f\x8b":
            decoded = _gunzip(raw, limit)
            method = "gzip"
        elif raw and raw.lstrip()[:1] != b"<" and not raw.startswith(b"\xef\xbb\xbf"):
            decoded = _unbrotli(raw, limit)
            method = "brotli"
        else:
            break
        if decoded is None:
            break
        raw = decoded
        notes.append(method)
    if not notes:
        return raw, ""
    return raw, f"{' inside '.join(reversed(notes))} body without Content-Encoding, decoded"


def _gunzip(raw: bytes, limit: int) -> bytes | None:
    out = bytearray()
    data = raw
    while data:
        inflater = zlib.decompressobj(zlib.MAX_WBITS | 16)
        pending = data
        try:
            while pending or not inflater.eof:
                chunk = inflater.decompress(pending, min(_STEP, limit + 1 - len(out)))
                out += chunk
                if len(out) > limit:
                    raise DecodedTooLarge(limit, "gzip")
                pending = inflater.unconsumed_tail
                if not chunk and not pending:
                    break
        except zlib.error:
            return bytes(out) if out else None
        data = inflater.unused_data if inflater.eof else b""
        if data[:2] != b"\x1f\x8b":
            break  # trailing garbage after the last member is left out
    return bytes(out)


def _unbrotli(raw: bytes, limit: int) -> bytes | None:
    try:
        import brotli
    except ImportError:  # pragma: no cover - brotli is a dependency
        return None
    out = bytearray()
    decoder = brotli.Decompressor()
    try:
        for start in range(0, len(raw), _STEP):
            out += decoder.process(raw[start : start + _STEP], output_buffer_limit=_STEP)
            if len(out) > limit:
                raise DecodedTooLarge(limit, "brotli")
            while not decoder.can_accept_more_data():
                out += decoder.process(b"", output_buffer_limit=_STEP)
                if len(out) > limit:
                    raise DecodedTooLarge(limit, "brotli")
        if not decoder.is_finished():
            return None
    except brotli.error:
        return None
    decoded = bytes(out)
    return decoded if decoded.lstrip()[:1] in (b"<", b"\x1f", b"\xef") else None
