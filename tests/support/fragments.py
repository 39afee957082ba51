"""Texts made of the pieces a scan cares about, for property tests against old patterns."""

from __future__ import annotations

from collections.abc import Sequence

from hypothesis import strategies as st


def joined(pieces: Sequence[str], *, max_size: int, noise: int = 2) -> st.SearchStrategy[str]:
    """Up to `max_size` of `pieces` and of random texts up to `noise` long, joined."""
    piece = st.sampled_from(list(pieces)) | st.text(max_size=noise)
    return st.lists(piece, max_size=max_size).map("".join)
