"""A zoo of misbehaving OAI-PMH repositories, for tests (public through `politeharvest.testing`).

Each is an `OaiTestRepository` (a route for a `LoopbackServer` or a `ScriptedAdapter`)
that gets one thing wrong the way published repository software has been seen to:

- `set_dropped_from_tokens`: the set is not kept in the resumption token, so from
  page 2 on the whole repository comes;
- `window_broken_after_first_page`: ``from``/``until`` are not kept in the token, so
  from page 2 on every year comes;
- `identifier_ordered`: records listed in identifier order (not datestamp order); call
  `MisbehavingRepository.forget_tokens` to make it forget every token issued so far
  (a restart, a purge), answered with badResumptionToken or a bare HTTP 500;
- `size_changing`: ``completeListSize`` changes in mid-listing.

`ZOO` maps each name to its factory (``ZOO[name]()`` gives a fresh repository).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any, Literal
from urllib.parse import parse_qs, urlsplit

import attrs

from ._loopback import LoggedRequest, Reply
from ._samples import OaiTestRepository, SampleRecord, _esc

__all__ = [
    "ZOO",
    "MisbehavingRepository",
    "identifier_ordered",
    "set_dropped_from_tokens",
    "size_changing",
    "window_broken_after_first_page",
]

#: 2019-01-01T00:00:00Z: the zoo's records spread over 2019-2023 from here.
_START = 1_546_300_800.0
_YEARS_S = 5 * 365 * 86_400


@attrs.define
class MisbehavingRepository(OaiTestRepository):
    """An `OaiTestRepository` that gets listings wrong on cue.

    Attributes:
        tokens_forget: listing arguments its resumption tokens do not keep
            (``"set"``, ``"from"``, ``"until"``): later pages list without them.
        order: ``"datestamp"`` (the honest default) or ``"identifier"``.
        report_sets: headers carry their setSpecs (False: they carry none).
        size_drift: added to completeListSize from the second page of a listing on.
        forgotten_answer: how a forgotten token is answered: ``"badResumptionToken"``
            or ``"http500"`` (a bare server error, as a Django app that lost its cache).
    """

    tokens_forget: tuple[str, ...] = ()
    order: Literal["datestamp", "identifier"] = "datestamp"
    report_sets: bool = True
    size_drift: int = 0
    forgotten_answer: Literal["badResumptionToken", "http500"] = "badResumptionToken"
    forgotten_before: int = attrs.field(default=0, init=False)
    _zoo_lock: threading.Lock = attrs.field(factory=threading.Lock, init=False, repr=False)

    def forget_tokens(self) -> None:
        """Forget every resumption token issued so far (a restart, a purge of tokens)."""
        with self._zoo_lock:
            self.forgotten_before = self._issued

    def __call__(self, request: LoggedRequest) -> Reply:
        """Answer one request; a forgotten token as `forgotten_answer` says."""
        query = request.body.decode() if request.method == "POST" else urlsplit(request.url).query
        args = {k: v[0] for k, v in parse_qs(query, keep_blank_values=True).items()}
        token = args.get("resumptionToken")
        if token is not None and self.forgotten_answer == "http500" and self._forgotten(token):
            with self._lock:
                self.requests_seen += 1
            return Reply(
                500,
                {"Content-Type": "text/html; charset=utf-8"},
                "<html><body><h1>Server Error (500)</h1></body></html>",
            )
        return super().__call__(request)

    def _forgotten(self, token: str) -> bool:
        state = self._read_token(token)
        return state is not None and state[1] <= self.forgotten_before

    def _header(self, record: SampleRecord) -> str:
        if self.report_sets:
            return super()._header(record)
        return super()._header(attrs.evolve(record, sets=()))

    def _list(self, verb: str, args: dict[str, str], url: str, head: str) -> tuple[str, int]:
        if "resumptionToken" in args:
            state = self._read_token(args["resumptionToken"])
            if state is None or set(args) != {"verb", "resumptionToken"}:
                return super()._list(verb, args, url, head)  # its own errors
            if state[1] <= self.forgotten_before:
                return self._error(args, url, "badResumptionToken", "unknown or expired token")
            offset, _issued, query = state
        else:
            offset, query = 0, {k: v for k, v in args.items() if k != "verb"}
        if query.get("metadataPrefix") != "oai_dc":
            return self._error(args, url, "cannotDisseminateFormat", "only oai_dc")
        start = self._parse_date(query["from"], end=False) if "from" in query else float("-inf")
        end = self._parse_date(query["until"], end=True) if "until" in query else float("inf")
        if start is None or end is None:
            return self._error(args, url, "badArgument", "bad from/until for this granularity")

        def key(r: SampleRecord) -> tuple[Any, ...]:
            return (r.identifier,) if self.order == "identifier" else (r.datestamp, r.identifier)

        chosen = [
            r
            for r in sorted(self.records, key=key)
            if start <= r.datestamp <= end and ("set" not in query or query["set"] in r.sets)
        ]
        if not chosen:
            return self._error(args, url, "noRecordsMatch", "no records match")
        window = chosen[offset : offset + self.page_size]
        render = self._record if verb == "ListRecords" else self._header
        items = "".join(render(r) for r in window)
        more = offset + self.page_size < len(chosen)
        size = len(chosen) + (self.size_drift if offset else 0)
        attrs_ = f' completeListSize="{size}" cursor="{offset}"'
        if more:
            kept = {k: v for k, v in query.items() if k not in self.tokens_forget}
            text = self._token(offset + self.page_size, {**kept, "verb": verb})
            token = f"<resumptionToken{attrs_}>{_esc(text)}</resumptionToken>"
        else:
            token = f"<resumptionToken{attrs_}/>" if offset else ""
        return head + f"<{verb}>{items}{token}</{verb}>", offset // self.page_size + 1


def _records(
    count: int, sets: tuple[str, ...], *, shuffled: bool, seed_step: int = 7919
) -> list[SampleRecord]:
    """`count` records over `sets` and 2019-2023; shuffled: datestamps unrelated to identifiers."""
    out = []
    for n in range(count):
        slot = (n * seed_step) % count if shuffled else n
        out.append(
            SampleRecord(
                identifier=f"oai:zoo.example.org:{n:05d}",
                datestamp=_START + (slot * _YEARS_S) // count,
                sets=(sets[n % len(sets)],),
                deleted=n % 17 == 16,
                title=f"Zoo record {n}",
            )
        )
    return out


_SETS = ("science", "humanities")


def set_dropped_from_tokens(count: int = 2500, page_size: int = 100) -> MisbehavingRepository:
    """Its tokens forget the set: ``set=science`` gets the whole repository from page 2."""
    return MisbehavingRepository(
        records=_records(count, _SETS, shuffled=False),
        page_size=page_size,
        tokens_forget=("set",),
    )


def window_broken_after_first_page(
    count: int = 2500, page_size: int = 100
) -> MisbehavingRepository:
    """Its tokens forget from/until: a year's window gets every year from page 2."""
    return MisbehavingRepository(
        records=_records(count, _SETS, shuffled=True),
        page_size=page_size,
        tokens_forget=("from", "until"),
        order="identifier",
    )


def identifier_ordered(
    count: int = 2500,
    page_size: int = 100,
    forgotten_answer: Literal["badResumptionToken", "http500"] = "badResumptionToken",
) -> MisbehavingRepository:
    """Lists in identifier order (datestamps unrelated); `forget_tokens` expires them all."""
    return MisbehavingRepository(
        records=_records(count, _SETS, shuffled=True),
        page_size=page_size,
        order="identifier",
        forgotten_answer=forgotten_answer,
    )


def size_changing(count: int = 2500, page_size: int = 100) -> MisbehavingRepository:
    """Lists in identifier order and reports another completeListSize from page 2 on."""
    return MisbehavingRepository(
        records=_records(count, _SETS, shuffled=True),
        page_size=page_size,
        order="identifier",
        size_drift=count,
    )


def _http500_tokens(count: int = 2500, page_size: int = 100) -> MisbehavingRepository:
    return identifier_ordered(count, page_size, forgotten_answer="http500")


#: Every misbehaving repository of the zoo, by name: ``ZOO[name](count, page_size)``.
ZOO: dict[str, Callable[..., MisbehavingRepository]] = {
    "set-dropped-from-tokens": set_dropped_from_tokens,
    "window-broken-after-first-page": window_broken_after_first_page,
    "identifier-ordered-tokens-expire": identifier_ordered,
    "identifier-ordered-tokens-answer-500": _http500_tokens,
    "size-changing": size_changing,
}
