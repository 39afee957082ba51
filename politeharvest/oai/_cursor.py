"""`OaiCursor` (core): where a listing stands, as a small frozen value a job queue can carry.

The steps of `_listing` take a cursor and return the next; `OaiPager.fetch` takes one and
fetches its page. A cursor round-trips through JSON (`to_json`, `from_json`), so each page
can be one job, and a checkpoint is the cursor of the page after the last one stored.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence

import attrs

from politeharvest._reprs import value_repr

__all__ = ["OaiCursor"]


def _pairs(value: Mapping[str, str] | Sequence[tuple[str, str]]) -> tuple[tuple[str, str], ...]:
    items = value.items() if isinstance(value, Mapping) else value
    return tuple(sorted((str(k), str(v)) for k, v in items))


@attrs.frozen(repr=False)
class OaiCursor:
    """Where a listing stands: a small frozen value, JSON round-trippable.

    Attributes:
        verb: ``ListRecords``, ``ListIdentifiers`` or ``ListSets`` (or a single-page verb).
        params: the listing's own arguments (metadataPrefix, set, from, until), sorted pairs.
        resumption_token: the token for the next page, or None for the first page.
        last_datestamp: the highest datestamp delivered so far in this listing.
        delivered_at_last: ``"identifier datestamp"`` of the records delivered on the day of
            `last_datestamp`; a restart skips them, so nothing is delivered twice.
        page: pages fetched so far in this listing.
        recent_tokens: the last tokens seen (loop guard).
        empty_pages: consecutive pages with no items but a token.
        restarts: badResumptionToken restarts in the current window.
        windows: date windows still to harvest after the current one.
        ordered: every record so far came in datestamp order (a restart from
            `last_datestamp` then loses nothing).
        token_mark: a hash of the token seen at the last power-of-two page (Brent's cycle
            check: a token cycle of any length is caught with constant memory).
        origin: the listing's arguments as first asked (before any restart from a
            datestamp); empty means `params`. A listing not known to be in datestamp
            order restarts from these.
        in_order: datestamped records seen so far, all in datestamp order (the evidence
            that a restart from `last_datestamp` skips nothing; see `known_ordered`).
        list_size: the completeListSize the repository gave since the listing's last
            (re)start; None until it gives one.
        position: the last ``cursor`` attribute the repository gave since then.
        doubt: why the listing, once complete, cannot be taken as covering its window
            (the repository answered outside the request); empty when nothing is in doubt.
        tag: the listing's id in the pager that began it, which remembers what it
            delivered of it (a restart from the start delivers nothing twice).
        set_reported: some record of the listing carried the set asked for among its
            setSpecs (the repository reports it: records without it are outside it).
    """

    __repr__ = value_repr

    verb: str
    params: tuple[tuple[str, str], ...] = attrs.field(default=(), converter=_pairs)
    resumption_token: str | None = None
    last_datestamp: str | None = None
    delivered_at_last: tuple[str, ...] = ()
    page: int = 0
    recent_tokens: tuple[str, ...] = ()
    empty_pages: int = 0
    restarts: int = 0
    windows: tuple[tuple[str, str], ...] = ()
    ordered: bool = True
    token_mark: str = ""
    origin: tuple[tuple[str, str], ...] = attrs.field(default=(), converter=_pairs)
    in_order: int = 0
    list_size: int | None = None
    position: int | None = None
    doubt: str = ""
    tag: str = ""
    set_reported: bool = False

    @property
    def original_arguments(self) -> dict[str, str]:
        """The listing's arguments as first asked (a restart that cannot skip starts here)."""
        return dict(self.origin or self.params)

    @property
    def arguments(self) -> dict[str, str]:
        """The listing's arguments as a dict."""
        return dict(self.params)

    def request_params(self) -> dict[str, str]:
        """The query of the next request (the token is exclusive, OAI-PMH section 3.5)."""
        if self.resumption_token is not None:
            return {"verb": self.verb, "resumptionToken": self.resumption_token}
        return {"verb": self.verb, **self.arguments}

    def to_json(self) -> str:
        """Serialize (for a job queue or a checkpoint)."""
        data = attrs.asdict(self, recurse=False)
        data["params"] = [list(p) for p in self.params]
        data["windows"] = [list(w) for w in self.windows]
        data["delivered_at_last"] = list(self.delivered_at_last)
        data["recent_tokens"] = list(self.recent_tokens)
        data["origin"] = [list(p) for p in self.origin]
        return json.dumps(data, sort_keys=True, ensure_ascii=False)

    @classmethod
    def from_json(cls, text: str) -> OaiCursor:
        """Rebuild a cursor from `to_json` output.

        Raises:
            ValueError: the text is not a cursor.
        """
        try:
            data = json.loads(text)
            return cls(
                verb=data["verb"],
                params=[tuple(p) for p in data.get("params", [])],
                resumption_token=data.get("resumption_token"),
                last_datestamp=data.get("last_datestamp"),
                delivered_at_last=tuple(data.get("delivered_at_last", ())),
                page=int(data.get("page", 0)),
                recent_tokens=tuple(data.get("recent_tokens", ())),
                empty_pages=int(data.get("empty_pages", 0)),
                restarts=int(data.get("restarts", 0)),
                windows=tuple(tuple(w) for w in data.get("windows", ())),
                ordered=bool(data.get("ordered", True)),
                token_mark=str(data.get("token_mark", "")),
                origin=[tuple(p) for p in data.get("origin", [])],
                in_order=int(data.get("in_order", 0)),
                list_size=_opt_int(data.get("list_size")),
                position=_opt_int(data.get("position")),
                doubt=str(data.get("doubt", "")),
                tag=str(data.get("tag", "")),
                set_reported=bool(data.get("set_reported", False)),
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise ValueError(f"not an OaiCursor: {exc}") from exc


def _opt_int(value: object) -> int | None:
    return None if value is None else int(str(value))
