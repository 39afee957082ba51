"""The retry-later marks a harvest page sets, held until the page's commit writes them.

A file that cannot be had now (a cut download, a 429 or 503 waited out in vain, a landing
page that could not be read, a file left by a stop) is marked retry-later, and the next
run asks for it again. In a harvest the mark belongs to its page: the record's row says
``retry-later``, and the page's commit (`PageCommit.urls`) writes the marks in the same
transaction as its checkpoint. A page taken back before its commit (a second Ctrl-C, a
crash) takes its marks back with it, so the next run asks for each file once, with its
record, instead of first as a retry and then again.

Outcomes that are not marks (a file stored, a final failure) are written at once: they
describe the URL, whichever record asked. So are the marks set while files of earlier
runs are retried (`PageMarks.through`): their rows are kept in the state before the page
is written, and a mark must stay with the row that says it.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

import attrs

from politeharvest._reprs import value_repr
from politeharvest.store._state import StateStore, UrlOutcome

from ._outcome import RETRY_LATER

__all__ = ["PageMarks"]


@attrs.define(repr=False)
class PageMarks:
    """URL outcomes as a page sets them: retry-later marks held, the rest written at once.

    Attributes:
        state: where outcomes are kept.
        holding: hold the retry-later marks for the page's commit (a harvest); False writes
            them at once (the batch command, which has no page to commit).
    """

    __repr__ = value_repr

    state: StateStore
    holding: bool = False
    _held: dict[str, UrlOutcome] = attrs.field(init=False, factory=dict)
    _through: int = attrs.field(init=False, default=0)

    @property
    def held_now(self) -> bool:
        """Whether what the page sets now waits for its commit (not while retrying)."""
        return self.holding and not self._through

    def outcome(self, url: str) -> UrlOutcome | None:
        """The URL's outcome: the one this page set, else the state's."""
        return self._held.get(url) or self.state.url_outcome(url)

    def set(self, outcome: UrlOutcome) -> None:
        """Keep an outcome: a retry-later mark held when `holding`, anything else written."""
        if outcome.status == RETRY_LATER and self.held_now:
            self.hold(outcome)
            return
        self._held.pop(outcome.url, None)  # a later outcome of the page stands for the URL
        self.state.set_url_outcome(outcome)

    def hold(self, outcome: UrlOutcome) -> None:
        """Hold a mark for the page's commit, whatever `holding` says (a postponed file)."""
        self._held[outcome.url] = outcome

    def take(self) -> tuple[UrlOutcome, ...]:
        """The marks held since the last call (for the page's commit), forgotten here."""
        marks = tuple(self._held.values())
        self._held.clear()
        return marks

    @contextlib.contextmanager
    def through(self) -> Iterator[None]:
        """While retrying an earlier run's file: its marks are written at once."""
        self._through += 1
        try:
            yield
        finally:
            self._through -= 1
