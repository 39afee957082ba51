"""The listing core: OAI-PMH listings as pure steps over `OaiCursor` values.

No requests and no clock: the pager (`_pager.OaiPager`) fetches and parses a page, and these
steps say what the page means for the listing: which records are new (`take_items`), where
the listing goes next (`advance`: the next token, the next date window, or the end; a token
seen before, too many empty pages, or a token cycle end with `ListingLoop`), how a refused
token is recovered (`recover`: restart from the last datestamp, or split the window), and
whether pages still bring new records (`Progress`). The repository's datestamp granularity
is passed in as data; a step that needs it while it is unknown raises `GranularityNeeded`,
and the pager asks Identify (once) and takes the step again. The cursor is `_cursor`'s, the
date arithmetic `_datestamps`'.
"""

from __future__ import annotations

import hashlib
import logging
from array import array
from collections.abc import Hashable, Iterable, Mapping, Sequence
from typing import Any

import attrs

from politeharvest._reprs import value_repr
from politeharvest.exceptions import BadResumptionToken, ListingLoop

from ._cursor import OaiCursor
from ._datestamps import (
    DAY,
    SECONDS,
    DateLike,
    format_datestamp,
    later,
    moments,
    split_window,
)

__all__ = [
    "ORDER_EVIDENCE",
    "GranularityNeeded",
    "PageCheck",
    "Progress",
    "Taken",
    "Violation",
    "advance",
    "after_list",
    "check_page",
    "check_progress",
    "enter_window",
    "first_cursor",
    "fresh_listing",
    "in_set",
    "in_window",
    "known_ordered",
    "noted",
    "recover",
    "restart",
    "take_items",
]

logger = logging.getLogger("politeharvest.oai._pager")

LIST_VERBS = ("ListRecords", "ListIdentifiers", "ListSets")


#: Records seen in datestamp order before a listing counts as ordered: a listing in
#: another order shows this many records sorted by datestamp by chance with odds
#: below 1 in 10! (3.6 million), so a restart from its last datestamp would skip.
ORDER_EVIDENCE = 10


def known_ordered(cursor: OaiCursor) -> bool:
    """Whether the records seen so far prove the listing comes in datestamp order.

    Only such a listing may continue from a datestamp after a refused token; any
    other restarts from its original arguments (and the deliver-once filter drops
    what came before).
    """
    return cursor.ordered and cursor.in_order >= ORDER_EVIDENCE


class GranularityNeeded(Exception):
    """The step needs the repository's datestamp granularity (from Identify)."""


def _need(granularity: str | None) -> str:
    if granularity is None:
        raise GranularityNeeded
    return granularity


def first_cursor(
    verb: str,
    *,
    metadata_prefix: str,
    set_spec: str | None,
    from_: DateLike | None,
    until: DateLike | None,
    windows: Sequence[tuple[DateLike, DateLike]] = (),
    granularity: str | None = None,
) -> OaiCursor:
    """The cursor of a listing's first page (dates at the repository's granularity, UTC)."""
    if verb not in LIST_VERBS:
        raise ValueError(f"{verb!r} is not a listing verb; use one of {', '.join(LIST_VERBS)}")
    params: dict[str, str] = {}
    pending: list[tuple[str, str]] = []
    if verb != "ListSets":
        params["metadataPrefix"] = metadata_prefix
        if set_spec:
            params["set"] = set_spec
        dated = bool(from_ or until or windows)
        unit = _need(granularity) if dated else SECONDS
        if from_ is not None:
            params["from"] = format_datestamp(from_, unit)
        if until is not None:
            params["until"] = format_datestamp(until, unit, end=True)
        pending = [(format_datestamp(a, DAY), format_datestamp(b, DAY)) for a, b in windows]
    cursor = OaiCursor(verb=verb, params=params, origin=params)
    if pending:
        cursor = enter_window(cursor, pending[0], tuple(pending[1:]), _need(granularity))
    return cursor


def enter_window(
    cursor: OaiCursor, window: tuple[str, str], rest: tuple[tuple[str, str], ...], granularity: str
) -> OaiCursor:
    """The first page of a date window (the windows after it still to come)."""
    params = {**cursor.arguments}
    params["from"] = format_datestamp(window[0], granularity)
    params["until"] = format_datestamp(window[1], granularity, end=True)
    return fresh_listing(cursor, params=params, origin=params, windows=rest)


@attrs.frozen(repr=False)
class Taken:
    """A page's records as the listing sees them.

    Attributes:
        items: the records not delivered before (in page order).
        skipped: records delivered before a restart, or repeated by the repository.
        last: the highest datestamp so far.
        delivered: ``"identifier datestamp"`` of the records delivered on that day.
        monotone: every dated item came at or after the one before it, the first at or
            after `since`, so `advance` of a cursor whose last datestamp is `since` needs
            no second pass to know the page kept datestamp order; False when not known.
        since: the last datestamp `take_items` started from (the cursor's).
    """

    __repr__ = value_repr

    items: tuple[Any, ...]
    skipped: int
    last: str | None
    delivered: tuple[str, ...]
    monotone: bool = False
    since: str | None = None


def take_items(cursor: OaiCursor, records: Iterable[Any], *, limit: int | None = None) -> Taken:
    """The page's records less those delivered before (restarts skip nothing twice).

    At most `limit` of the last day's records are remembered (None: all of them): a
    repository that stamps a million records with one day would otherwise carry them all in
    every cursor and checkpoint. Past it, a restart may deliver some of that day again
    (never miss one); `HarvestPlan`, whose state leaves out what was delivered, remembers none.
    """
    last = cursor.last_datestamp
    day = last[:10] if last is not None else None  # always last's day
    delivered = set(cursor.delivered_at_last)
    items: list[Any] = []
    skipped = 0
    monotone = True  # each dated item at or after `last` (then `last` is the one before it)
    remember = limit is None or limit > 0
    read: dict[str, Any] = {}  # the datestamps parsed, each once (`later`)
    for record in records:
        stamp = record.datestamp
        key = f"{record.identifier} {stamp}" if delivered or remember else ""
        if key in delivered:
            skipped += 1  # delivered before a restart (or repeated by the repository)
            continue
        items.append(record)
        if not stamp:
            continue
        today = stamp[:10]
        if last is None or (stamp != last and later(stamp, last, read)):  # never later than itself
            if today != day:
                # A restart goes back at most to the start of the last day seen:
                # only that day's deliveries need remembering.
                delivered = set()
                day = today
            last = stamp
        elif stamp != last:
            monotone = False
        if remember and today == day and (limit is None or len(delivered) < limit):
            delivered.add(key)
    since = cursor.last_datestamp
    return Taken(tuple(items), skipped, last, tuple(sorted(delivered)), monotone, since)


def advance(
    cursor: OaiCursor,
    taken: Taken,
    *,
    token: str,
    url: str,
    granularity: str | None = None,
    max_empty_pages: int = 10,
) -> OaiCursor | None:
    """The cursor after a page: its token's page, the next window, or None at the end.

    Raises:
        ListingLoop: the token was seen before, too many empty pages came in a row, or the
            tokens came round to one sent before.
        GranularityNeeded: the next window starts and the granularity is not known.
    """
    # `later` is antisymmetric: items each later than the one before never go back in time
    last = cursor.last_datestamp
    known = taken.monotone and taken.since == last
    ordered = cursor.ordered and (known or _in_order(last, taken.items))
    dated = sum(1 for item in taken.items if getattr(item, "datestamp", ""))
    cursor = attrs.evolve(
        cursor,
        page=cursor.page + 1,
        last_datestamp=taken.last,
        delivered_at_last=taken.delivered,
        ordered=ordered,
        in_order=cursor.in_order + dated if ordered else 0,
    )
    count = len(taken.items) + taken.skipped
    if not token:  # OAI-PMH 2.0 section 3.5: an empty or missing token ends the list
        if cursor.page == 1 and count in (100, 200, 250, 500, 1000):
            # DergiPark has been seen ending ListSets at exactly 100 sets without a token.
            logger.warning(
                "%s: the list ended on its first page with exactly %d items and no "
                "resumption token; it may be partial",
                url,
                count,
            )
        return after_list(cursor, granularity)
    if token == cursor.resumption_token or token in cursor.recent_tokens:
        raise ListingLoop(
            url,
            f"the repository sent the resumption token {token!r} again after {cursor.page} "
            "page(s); the listing would never end. Harvest in date windows, or report it.",
        )
    empty = 0 if count else cursor.empty_pages + 1
    if empty >= max_empty_pages:
        raise ListingLoop(
            url,
            f"{empty} pages in a row with no records but a resumption token; stopping. "
            "Harvest in date windows, or report it to the repository.",
        )
    digest = hashlib.blake2b(token.encode("utf-8"), digest_size=12).hexdigest()
    if digest == cursor.token_mark:
        raise ListingLoop(
            url,
            f"the repository's resumption tokens came round to one it sent before "
            f"(page {cursor.page}); the listing would never end. Harvest in date windows, "
            "or report it.",
        )
    mark = digest if cursor.page & (cursor.page - 1) == 0 else cursor.token_mark
    recent = (*cursor.recent_tokens, token)[-32:]
    return attrs.evolve(
        cursor, resumption_token=token, recent_tokens=recent, empty_pages=empty, token_mark=mark
    )


def after_list(cursor: OaiCursor, granularity: str | None = None) -> OaiCursor | None:
    """The listing (or window) is complete: the next window, or None at the end."""
    if not cursor.windows:
        return None
    return enter_window(cursor, cursor.windows[0], cursor.windows[1:], _need(granularity))


def recover(
    cursor: OaiCursor,
    exc: BadResumptionToken,
    *,
    max_restarts: int = 2,
    granularity: str | None = None,
) -> OaiCursor:
    """badResumptionToken: restart so that nothing can be skipped, or split the window.

    A listing known to come in datestamp order (`known_ordered`) restarts from the
    last datestamp seen; any other restarts from its original arguments, and the
    deliver-once filter drops the records that came before. A window refused again
    is split in two: from its last day delivered when ordered, else whole.

    Raises:
        BadResumptionToken: `exc`, after ten restarts of one window.
        GranularityNeeded: the granularity is needed and not known.
    """
    ordered = known_ordered(cursor)
    args = cursor.arguments if ordered else cursor.original_arguments
    if cursor.restarts + 1 >= max_restarts and "from" in args and "until" in args:
        # Split what is left of the window: from the last day delivered (whose records
        # are skipped by `delivered_at_last`) when ordered; the whole window otherwise.
        start = ((cursor.last_datestamp if ordered else None) or args["from"])[:10]
        halves = split_window((start, args["until"][:10]))
        if len(halves) == 2:
            unit = _need(granularity)
            logger.warning("%s: token expired again; splitting the window %s", exc.url, halves)
            return enter_window(
                attrs.evolve(cursor, restarts=0), halves[0], (halves[1], *cursor.windows), unit
            )
    if cursor.restarts >= 10:
        raise exc
    restarted = restart(cursor, granularity)
    logger.warning(
        "%s: resumption token refused (%s); restarting from %s",
        exc.url,
        exc.message,
        restarted.arguments.get("from") if ordered and cursor.last_datestamp else "the start",
    )
    return attrs.evolve(restarted, restarts=cursor.restarts + 1)


def restart(cursor: OaiCursor, granularity: str | None = None) -> OaiCursor:
    """The same listing without its token, asked again so that nothing can be skipped.

    A listing known to be in datestamp order (`known_ordered`) continues from the last
    datestamp seen; records of that day already delivered are skipped
    (`OaiCursor.delivered_at_last`). Any other starts again from its original
    arguments: the records it brings again are dropped by the deliver-once filter
    (the pager's memory of the listing, the plan's state).
    """
    if not known_ordered(cursor) or cursor.last_datestamp is None:
        # From the start: what order the records come in is judged afresh.
        return fresh_listing(
            cursor,
            params=cursor.original_arguments,
            last_datestamp=None,
            delivered_at_last=(),
            ordered=True,
            in_order=0,
        )
    args = cursor.arguments
    params = {**args, "from": format_datestamp(cursor.last_datestamp, _need(granularity))}
    return fresh_listing(cursor, params=params)


def check_progress(
    progresses: dict[tuple[Any, ...], Progress],
    cursor: OaiCursor,
    taken: Taken,
    url: str,
    window: int,
    max_stale: int,
) -> None:
    """Progress means new records: pages that only repeat earlier ones end the listing.

    Raises:
        ListingLoop: `max_stale` pages in a row brought only records listed before.
    """
    if cursor.verb not in ("ListRecords", "ListIdentifiers") or not (taken.items or taken.skipped):
        return
    key = (cursor.verb, cursor.params, cursor.restarts)
    progress = progresses.get(key)
    if progress is None:
        if len(progresses) > 16:
            progresses.clear()
        progress = progresses[key] = Progress(window)
    progress.see((r.identifier, r.datestamp) for r in taken.items)
    if progress.stale >= max_stale:
        raise ListingLoop(
            url,
            f"{progress.stale} pages in a row repeated records already listed, with new "
            f"resumption tokens each time (after {cursor.page + 1} pages); the listing "
            "would never end. Harvest in date windows, or report it to the repository.",
        )


def fresh_listing(cursor: OaiCursor, **changes: Any) -> OaiCursor:
    """A cursor for the first page of a (new or restarted) listing: no token, no loop state."""
    return attrs.evolve(
        cursor,
        resumption_token=None,
        recent_tokens=(),
        empty_pages=0,
        token_mark="",
        list_size=None,
        position=None,
        **changes,
    )


class Progress:
    """The records a listing brought recently, and how many pages in a row brought no new one.

    Records are remembered as 32-bit hashes in open-addressing tables of 4 bytes a slot (at
    most half full, grown as they fill): the newer table takes every record not seen before
    until it holds `window` of them, then becomes the older one and a fresh table starts. So
    the last `window` new records are always remembered (and up to `window` before them),
    in at most 16 bytes a record: a 50,000-record window takes 1 MiB at most, a set of the
    same hashes about 4.5 MiB. Only a page none of whose records is new counts (`stale`): a
    record taken for one seen before by a clash of hashes (at most one in 40,000 with a full
    window) cannot make a page of new records look repeated unless all of them clash.
    """

    def __init__(self, window: int) -> None:
        self.window = max(1, window)
        self.stale = 0
        self._new = _table(1024)
        self._old: array[int] | None = None
        self._count = 0

    def see(self, keys: Iterable[Hashable]) -> int:
        """Remember `keys`; how many of them were new (and the stale count updated)."""
        fresh = 0
        table, old, count = self._new, self._old, self._count
        mask = len(table) - 1
        old_mask = len(old) - 1 if old is not None else -1
        for key in keys:
            digest = (hash(key) & 0xFFFFFFFF) or 1  # 0 marks an empty slot
            slot = digest & mask
            found = table[slot]
            while found and found != digest:
                slot = (slot + 1) & mask
                found = table[slot]
            if not found and old is not None:
                at = digest & old_mask
                found = old[at]
                while found and found != digest:
                    at = (at + 1) & old_mask
                    found = old[at]
            if found:
                continue
            fresh += 1
            table[slot] = digest
            count += 1
            if count >= self.window:  # the newer table is full: it becomes the older
                old, table, count = table, _table(1024), 0
                self._old, old_mask, mask = old, len(old) - 1, 1023
            elif 2 * count > mask:  # keep it at most half full: probes stay short
                table = _grown(table)
                mask = len(table) - 1
        self._new, self._count = table, count
        self.stale = 0 if fresh else self.stale + 1
        return fresh


def _table(size: int) -> array[int]:
    """An empty hash table of `size` slots (a power of two)."""
    return array("I", bytes(4 * size))


def _grown(table: array[int]) -> array[int]:
    """The same hashes in a table twice the size."""
    bigger = _table(2 * len(table))
    mask = len(bigger) - 1
    for digest in table:
        if digest:
            slot = digest & mask
            while bigger[slot]:
                slot = (slot + 1) & mask
            bigger[slot] = digest
    return bigger


def _in_order(last: str | None, items: Sequence[Any]) -> bool:
    """Whether the page's datestamps continue `last` without going back in time."""
    for item in items:
        stamp = getattr(item, "datestamp", "")
        if not stamp:
            continue
        if last is not None and last != stamp and later(last, stamp):
            return False
        last = stamp
    return True


# -- answers checked against the request --------------------------------------------------------


@attrs.frozen(repr=False)
class Violation:
    """One way a page answered something other than what was asked.

    Attributes:
        kind: ``"window"`` (a datestamp outside from/until), ``"set"`` (a record outside
            the set asked for), ``"size"`` (completeListSize changed within the listing),
            ``"cursor"`` (the cursor went back or past the list's size) or ``"repeat"``
            (a record came again with an older datestamp than it was delivered with).
        page: the page of the listing (1-based).
        asked: what the request asked, e.g. ``"set=science"``.
        came: what came instead, e.g. ``"12 records outside it (first: oai:x:1, sets math)"``.
        count: how many records it concerns (0 for the listing-level kinds).
    """

    __repr__ = value_repr

    kind: str
    page: int
    asked: str
    came: str
    count: int = 0

    def describe(self) -> str:
        """The violation as one clause, for messages."""
        return f"page {self.page} asked {self.asked} and got {self.came}"


@attrs.frozen(repr=False)
class PageCheck:
    """A page judged against its request.

    Attributes:
        kept: the records inside the request, in page order.
        violations: what the page broke (empty for an honest page).
        set_reported: the listing's records are known to carry the set asked for (some
            record of it did), so records without it are outside it.
    """

    __repr__ = value_repr

    kept: tuple[Any, ...]
    violations: tuple[Violation, ...]
    set_reported: bool = False

    @property
    def out_of_scope(self) -> int:
        """Records of the page that were not asked for (left out of `kept`)."""
        return sum(v.count for v in self.violations if v.kind in ("window", "set", "repeat"))


def in_window(datestamp: str, from_: str | None, until: str | None) -> bool | None:
    """Whether a record's datestamp is inside ``[from, until]``; None when it cannot be told.

    Granularity is tolerated both ways: a bound that is a day means the whole day,
    and a record stamped with a day is inside if any second of that day is.
    """
    low = moments(from_) if from_ else None
    high = moments(until) if until else None
    return _inside(datestamp, low, high)


def _inside(
    datestamp: str, low: tuple[float, float] | None, high: tuple[float, float] | None
) -> bool | None:
    stamp = moments(datestamp) if datestamp else None
    if stamp is None:
        return None
    if low is not None and stamp[1] < low[0]:
        return False
    return not (high is not None and stamp[0] > high[1])


def in_set(set_specs: Sequence[str], set_spec: str | None) -> bool | None:
    """Whether a record is in the set asked for (or one of its subsets, ``a:b`` in ``a``).

    None when the record reports no sets: nothing can be told from it.
    """
    if not set_spec:
        return True
    if not set_specs:
        return None
    return any(spec == set_spec or spec.startswith(set_spec + ":") for spec in set_specs)


def _window_text(args: Mapping[str, str]) -> str:
    parts = [f"{name}={args[name]}" for name in ("from", "until") if name in args]
    return " ".join(parts)


def check_page(
    cursor: OaiCursor,
    records: Sequence[Any],
    *,
    size: int | None,
    position: int | None,
    remembered: Mapping[str, str] | None = None,
) -> PageCheck:
    """Judge a page of `cursor`'s listing against what the listing asked for.

    Every record's datestamp must be inside the window asked for (`in_window`), the set
    asked for among its setSpecs where it reports any (`in_set`), and no record may come
    again with an older datestamp than it was delivered with in this listing
    (`remembered`: identifier to datestamp; a newer one is a legitimate update). The
    listing's ``completeListSize`` must not change (it may grow in a listing proven in
    datestamp order: records changed meanwhile come at its end) and its ``cursor`` must
    neither go back nor pass the size.

    Returns:
        The records inside the request and the violations (grouped by kind).
    """
    args = cursor.arguments
    page = cursor.page + 1
    dated = "from" in args or "until" in args
    low = moments(args["from"]) if "from" in args else None
    high = moments(args["until"]) if "until" in args else None
    spec = args.get("set")
    # The set is judged only where the repository shows it reports it: some record of
    # the listing carried it (virtual sets, such as DSpace's for OpenAIRE, are not in
    # the headers; a listing none of whose records carries its set cannot be judged).
    reported = bool(spec) and (
        cursor.set_reported
        or any(in_set(getattr(r, "set_specs", ()), spec) is True for r in records)
    )
    earlier = remembered or {}
    kept: list[Any] = []
    outside: dict[str, list[Any]] = {"window": [], "set": [], "repeat": []}
    read: dict[str, Any] = {}  # the datestamps parsed, each once (`later`)
    for record in records:
        stamp = getattr(record, "datestamp", "")
        if dated and _inside(stamp, low, high) is False:
            outside["window"].append(record)
            continue
        if reported and in_set(getattr(record, "set_specs", ()), spec) is False:
            outside["set"].append(record)
            continue
        before = earlier.get(record.identifier) if record.identifier else None
        if before is not None and stamp and later(before, stamp, read):
            outside["repeat"].append(record)
            continue
        kept.append(record)
    violations: list[Violation] = []
    if outside["window"]:
        stamps = sorted(r.datestamp for r in outside["window"])
        violations.append(
            Violation(
                "window",
                page,
                _window_text(args),
                f"{len(stamps)} records outside it (datestamps {stamps[0]} .. {stamps[-1]})",
                len(stamps),
            )
        )
    if outside["set"]:
        first = outside["set"][0]
        violations.append(
            Violation(
                "set",
                page,
                f"set={spec}",
                f"{len(outside['set'])} records outside it (first: {first.identifier}, "
                f"sets {', '.join(first.set_specs)})",
                len(outside["set"]),
            )
        )
    if outside["repeat"]:
        first = outside["repeat"][0]
        violations.append(
            Violation(
                "repeat",
                page,
                "each record once, or again only when changed since",
                f"{len(outside['repeat'])} records again with an older datestamp (first: "
                f"{first.identifier} {first.datestamp}, delivered as "
                f"{earlier[first.identifier]})",
                len(outside["repeat"]),
            )
        )
    # A listing proven in datestamp order may grow: records changed since it began sort
    # after everything listed (and come again in the next harvest). Any other change
    # means another list, or records moved under an offset-based token (skipped).
    grown = size is not None and cursor.list_size is not None and size > cursor.list_size
    if (
        size is not None
        and cursor.list_size is not None
        and size != cursor.list_size
        and not (grown and known_ordered(cursor))
    ):
        violations.append(
            Violation(
                "size",
                page,
                f"the list of {cursor.list_size} records (completeListSize of page {page - 1})",
                f"completeListSize={size}: another list",
            )
        )
    if position is not None:
        if cursor.position is not None and position < cursor.position:
            violations.append(
                Violation(
                    "cursor",
                    page,
                    f"the list after cursor={cursor.position}",
                    f"cursor={position}: the list went back",
                )
            )
        elif size is not None and position > size:
            violations.append(
                Violation(
                    "cursor",
                    page,
                    f"a list of {size} records",
                    f"cursor={position}, past its end",
                )
            )
    return PageCheck(tuple(kept), tuple(violations), reported)


def noted(
    cursor: OaiCursor,
    *,
    size: int | None,
    position: int | None,
    doubt: str = "",
    set_reported: bool = False,
) -> OaiCursor:
    """The next page's cursor, with what this page said of the list and any doubt."""
    return attrs.evolve(
        cursor,
        list_size=size if size is not None else cursor.list_size,
        position=position if position is not None else cursor.position,
        doubt=cursor.doubt or doubt,
        set_reported=cursor.set_reported or set_reported,
    )
