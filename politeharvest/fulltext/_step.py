"""Full text for harvested records, and for plain lists of URLs (batch mode).

`FullText` is the setting a `HarvestPlan` takes; `FullTextStep` does the work
for one record: pick its candidate URLs (``dc:identifier``, ``dc:relation``;
DOIs through doi.org only when asked), resolve the landing page, fetch the
file, and report a `fulltext` object for the output line. What cannot be had
now is marked retry-later in the StateStore and tried again by `retry_due`.

`run_batch` is PublicationsRetriever's input mode: ``{"id": ..., "url": ...}``
lines in, one result line per input out, written per batch, resumable.
Concurrency across hosts comes from an executor the caller passes in; the
library starts no threads, and per-host politeness holds whatever the number
of workers.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping, Sequence
from concurrent.futures import Executor
from pathlib import Path
from typing import Any

import attrs

from politeharvest._files import atomic_write
from politeharvest._policy import Politeness
from politeharvest.net._session import PoliteSession
from politeharvest.oai._records import OaiRecord
from politeharvest.quality._text import DOI_VALUE as _DOI
from politeharvest.store._state import StateStore, UrlOutcome

from ._identity import RecordHints
from ._marks import PageMarks
from ._outcome import DOWNLOADED, OWN_SETTINGS, REFUSED, RETRY_LATER, UNCHANGED
from ._pdf import FileResult, PdfFetcher, Requirement, safe_filename
from ._resolver import LandingPageResolver, Resolution
from ._sources import FileSources

__all__ = ["FullText", "FullTextStep", "candidate_urls", "run_batch"]

_UNREPORTED = "fulltext-retry-rows"
#: The state's values namespace of records whose file your own settings refused (a harvest):
#: their URL -> the record, its hints and the settings that refused it (`retry_due`).
_REFUSED = "fulltext-refused"
#: The row status of a record that names no URL to resolve.
NO_CANDIDATE = "no-candidate"
#: The state's status of a landing page read on its retry whose file is to be retried
#: (under the file's own URL).
RETRIED = "retried"


def _names(value: Iterable[str] | str) -> tuple[str, ...]:
    """Source names as a tuple (a single name is one source, not its letters)."""
    return (value,) if isinstance(value, str) else tuple(value)


def _absolute(value: str | os.PathLike[str]) -> Path:
    """A folder as an absolute path (from the current folder), symbolic links kept."""
    return Path(os.path.abspath(value))


@attrs.frozen(kw_only=True)
class FullText:
    """Full-text settings for a HarvestPlan.

    Attributes:
        directory: where files (and, in HTML-only mode, landing pages) are stored; a relative
            folder is taken from the current folder when the settings are made (the state
            keeps absolute paths; the rows written name files relative to their output's
            folder).
        resolve_landing_pages: read landing pages to find the file; when False only URLs
            that are files themselves are fetched.
        html_only: keep the landing page and report the file URL without downloading it
            (PublicationsRetriever's ``-downloadJustHtmlFiles``).
        file_types: what counts as full text: ``"pdf"``, and optionally ``"zip"``,
            ``"gzip"``, ``"csv"``.
        resolve_dois: follow bare DOIs through https://doi.org (off by default: it is
            another host and usually a cross-site redirect).
        max_probes: file requests per record at most (each file verified against the record).
        keep_pages: in HTML-only mode, keep each landing page in ``DIR/html`` (False: only
            report; the batch command without ``--files`` writes nothing but its output).
        sources: sanctioned sources asked first for a record with a DOI: ``"crossref"``
            (the publisher's full-text links registered with Crossref) and/or
            ``"openalex"`` (its open-access locations); opt-in, with `mailto`.
        mailto: your e-mail address, for the sources' polite pools (required with them).
        crossref_url: Crossref's API root (a mirror, or a local fake in tests).
        openalex_url: OpenAlex's API root.
    """

    directory: Path = attrs.field(converter=_absolute)
    resolve_landing_pages: bool = True
    html_only: bool = False
    file_types: tuple[str, ...] = ("pdf",)
    resolve_dois: bool = False
    max_probes: int = 3
    keep_pages: bool = True
    sources: tuple[str, ...] = attrs.field(default=(), converter=_names)
    mailto: str = ""
    crossref_url: str = "https://api.crossref.org"
    openalex_url: str = "https://api.openalex.org"

    def file_sources(self) -> FileSources | None:
        """The sanctioned sources to ask, or None; ValueError for unknown names or no mailto."""
        if not self.sources:
            return None
        return FileSources(self.sources, self.mailto, self.crossref_url, self.openalex_url)


def candidate_urls(
    record: OaiRecord | Mapping[str, Any], *, resolve_dois: bool = False
) -> list[str]:
    """The http(s) URLs among a record's ``dc:identifier`` and ``dc:relation`` values, in order.

    Bare DOIs (``10.1234/x``, ``doi:10.1234/x``) become https://doi.org/ links only when
    `resolve_dois` is set.
    """
    metadata = record.metadata if isinstance(record, OaiRecord) else record.get("metadata", {})
    values = [*metadata.get("identifier", ()), *metadata.get("relation", ())]
    urls: list[str] = []
    for value in values:
        text = str(value).strip()
        if text.lower().startswith(("http://", "https://")) and not _DOI.match(text):
            urls.append(text)
        elif resolve_dois and (match := _DOI.match(text)):
            urls.append(f"https://doi.org/{match.group(1)}")
    return list(dict.fromkeys(urls))


def _summary(
    resolution: Resolution | None,
    result: FileResult | None,
    reason: str = "",
    *,
    landing_url: str | None = None,
) -> dict[str, Any]:
    file_result = result or (resolution.file if resolution else None)
    identity = file_result.identity if file_result else None
    return {
        "landing_url": resolution.landing_url if resolution else landing_url,
        "file_url": (file_result.final_url if file_result and file_result.ok else None)
        or (resolution.file_url if resolution else None),
        "path": str(file_result.path) if file_result and file_result.path else None,
        "sha256": file_result.sha256 if file_result else None,
        "status": _status(resolution, file_result),
        "kind": resolution.kind if resolution else None,
        "retriable": bool(
            (resolution and resolution.retriable) or (file_result and file_result.retriable)
        ),
        "reason": reason
        or (resolution.reason if resolution else (file_result.reason if file_result else "")),
        "identity": identity.to_dict() if identity else None,
        "evidence": (resolution.evidence or None) if resolution else None,
        "preferences": dict(file_result.preferences)
        if file_result and file_result.preferences
        else None,
    }


def _status(resolution: Resolution | None, result: FileResult | None) -> str:
    if result is not None and (
        resolution is None or result.status in (DOWNLOADED, UNCHANGED, RETRY_LATER)
    ):
        return result.status
    if resolution is None:
        return NO_CANDIDATE
    return resolution.status


@attrs.define
class FullTextStep:
    """Finds and fetches the full text of records (one request budget per record)."""

    session: PoliteSession
    settings: FullText
    state: StateStore | None = None
    hold_marks: bool = False
    resolver: LandingPageResolver = attrs.field(init=False)
    fetcher: PdfFetcher = attrs.field(init=False)
    _marks: PageMarks | None = attrs.field(init=False, default=None)
    #: Refusals by your own settings the page set (URL -> its value, None: none now), kept
    #: in the state once the page is committed (`page_committed`).
    _refusals: dict[str, str | None] = attrs.field(init=False, factory=dict)
    #: Records whose landing page `retry_due` read in this run: identifier -> (its URL, the
    #: row's `fulltext`); the record delivered again in the run is given it, not asked again.
    _retried: dict[str, tuple[str, dict[str, Any]]] = attrs.field(init=False, factory=dict)

    def __attrs_post_init__(self) -> None:
        if self.state is not None:
            # A harvest (`hold_marks`) holds its retry-later marks for the page's commit.
            self._marks = PageMarks(self.state, holding=self.hold_marks)
        self.fetcher = PdfFetcher(
            self.session,
            self.settings.directory,
            state=self.state,
            file_types=self.settings.file_types,
            marks=self._marks,
        )
        self.resolver = LandingPageResolver(
            self.session,
            learned=self.state,
            max_probes=self.settings.max_probes,
            fetcher=None if self.settings.html_only else self.fetcher,
            sources=self.settings.file_sources(),
        )

    def for_record(self, record: OaiRecord) -> dict[str, Any] | None:
        """The `fulltext` object for one record (None for deleted records)."""
        if record.deleted:
            return None
        urls = candidate_urls(record, resolve_dois=self.settings.resolve_dois)
        if not urls:
            return _summary(
                None, None, "the record names no http(s) URL (dc:identifier, dc:relation)"
            )
        retried = self._retried.get(record.identifier)
        if retried is not None and retried[0] == urls[0]:
            return dict(retried[1])  # its file was asked for in this run, before its page
        hints = RecordHints.from_metadata(record.metadata)
        return self.for_url(urls[0], record.identifier, hints=hints)

    def postpone(self, record: OaiRecord, reason: str) -> dict[str, Any] | None:
        """Leave a record's file to the next run without a request (a harvest being stopped).

        The record's first URL is to be marked retry-later (as a landing page that could not
        be read now), so `retry_due` resolves and fetches it in the next run, under the
        record's identifier; the row's `fulltext` says ``retry-later`` with `reason`. None for
        a deleted record; a record that names no URL gets its usual row (it needs no request).

        The mark is not written here: `take_postponed` hands it to the page's commit
        (`PageCommit.urls`), so it is durable exactly when the row is.
        """
        if record.deleted:
            return None
        urls = candidate_urls(record, resolve_dois=self.settings.resolve_dois)
        if not urls:
            return self.for_record(record)
        hints = RecordHints.from_metadata(record.metadata)
        if self._marks is not None:
            # Kept until the page is committed (`take_postponed`): a page taken back (a
            # second interrupt before its commit) takes its marks back with it.
            self._marks.hold(
                UrlOutcome(
                    url=urls[0],
                    status=RETRY_LATER,
                    reason=reason,
                    extra={"key": record.identifier, "landing": True, "hints": _hints_dict(hints)},
                )
            )
        summary = _summary(None, None, reason, landing_url=urls[0])
        summary.update(status=RETRY_LATER, retriable=True)
        return summary

    def mark_record(self, identifier: str, metadata: Mapping[str, Any]) -> bool:
        """Mark a record delivered without full text for its file: whether it was marked.

        Its first URL is marked retry-later as a landing page, due now, under `identifier`
        with the record's hints, and written at once (the record's row was written by an
        earlier run): `retry_due` resolves and fetches it and writes its retry row. A record
        that names no URL, or whose URL is marked for it already, is not marked.
        """
        if self.state is None:
            return False
        urls = candidate_urls({"metadata": metadata}, resolve_dois=self.settings.resolve_dois)
        if not urls:
            return False
        known = self.state.url_outcome(urls[0])
        if known is not None and known.extra.get("key") == identifier:
            return False
        hints = RecordHints.from_metadata(metadata)
        self.state.set_url_outcome(
            UrlOutcome(
                url=urls[0],
                status=RETRY_LATER,
                reason="harvested before without --files",
                extra={"key": identifier, "landing": True, "hints": _hints_dict(hints)},
            )
        )
        return True

    def take_postponed(self) -> tuple[UrlOutcome, ...]:
        """The retry-later marks set since the last call, for the page's commit.

        Those `postpone` set, and with `hold_marks` every other: a file that could not be
        had now, a landing page that could not be read (see `PageMarks`).
        """
        return self._marks.take() if self._marks is not None else ()

    def for_url(self, url: str, key: str, *, hints: RecordHints | None = None) -> dict[str, Any]:
        """Resolve `url` (a landing page or a file) and fetch its file under `key`.

        Args:
            url: a landing page or a file.
            key: the record's identifier (files are named after it).
            hints: the record's title, DOI, authors and year: every file is checked
                against them (see `LandingPageResolver.resolve`).
        """
        if not self.settings.resolve_landing_pages:
            result = self.fetcher.fetch(url, key, hints=hints)
            self._remember_for_retry(result, None, hints)
            return self._own_settings(_summary(None, result))
        resolution = self.resolver.resolve(
            url, key=key, html_only=self.settings.html_only, hints=hints
        )
        keep = self.settings.html_only and self.settings.keep_pages
        html_path = self._keep_html(resolution, key) if keep else None
        if resolution.status == RETRY_LATER and resolution.file is None and self._marks is not None:
            # The landing page could not be read now: read it again in the next harvest.
            self._marks.set(
                UrlOutcome(
                    url=url,
                    status=RETRY_LATER,
                    reason=resolution.reason,
                    extra={"key": key, "landing": True, "hints": _hints_dict(hints)},
                )
            )
        self._remember_for_retry(resolution.file, resolution.landing_url, hints)
        summary = self._own_settings(_summary(resolution, resolution.file))
        self._note_refusal(url, key, hints, summary)
        if html_path is not None:
            summary["html_path"] = str(html_path)
        return summary

    def _note_refusal(
        self, url: str, key: str, hints: RecordHints | None, summary: Mapping[str, Any]
    ) -> None:
        """In a harvest, keep a refusal by your own settings, to ask again once they change.

        The record's row was written with it; a later run whose settings differ from those
        that refused it asks again (`retry_due`). A URL no longer refused forgets its refusal.
        """
        marks = self._marks
        if marks is None or not marks.holding or self.state is None:
            return  # the batch reads its own output for refusals (`read_resume`)
        value: str | None = None
        if summary["status"] == REFUSED:
            value = json.dumps(
                {"key": key, "hints": _hints_dict(hints), "settings": summary.get("settings")},
                sort_keys=True,
            )
        elif url not in self._refusals and self.state.get_value(_REFUSED, url) is None:
            return
        if marks.held_now:
            self._refusals[url] = value
        else:
            self.state.set_value(_REFUSED, url, value)

    def begin_page(self) -> None:
        """A page begins: what a page taken back before its commit set is forgotten."""
        self.take_postponed()
        self._refusals.clear()

    def page_committed(self) -> None:
        """The page is committed: keep its refusals by your own settings."""
        if self.state is not None:
            for url, value in self._refusals.items():
                self.state.set_value(_REFUSED, url, value)
        self._refusals.clear()

    def _own_settings(self, summary: dict[str, Any]) -> dict[str, Any]:
        """A ``refused`` summary keeps the settings that refused it, as they were now.

        Refused by the caller's own configuration (`PolicyRefusal.settings`), the result is
        not final: `read_resume` tries the input again once one of these differs.
        """
        if summary["status"] == REFUSED:
            summary["settings"] = own_settings(self.session.policy)
        return summary

    def retry_due(self, now: float) -> Iterator[dict[str, Any]]:
        """Try again every URL marked retry-later whose time has come; yield update rows.

        Each row is also kept in the StateStore until `reported` says it was written
        durably, so a crash between the retry and the write repeats the row (an update)
        rather than losing it.
        """
        if self.state is None:
            return
        for row in self.state.values(_UNREPORTED).values():
            yield json.loads(row)  # retried by a run that crashed before writing them
        assert self._marks is not None
        for outcome in self.state.retry_later(now):
            with self._marks.through():  # its row is kept below: its marks go with it
                update = self._retry(outcome)
            self.state.set_value(_UNREPORTED, outcome.url, json.dumps(update, sort_keys=True))
            yield update
        settings = own_settings(self.session.policy)
        for url, value in self.state.values(_REFUSED).items():
            refusal = json.loads(value)
            if refusal.get("settings") == settings:
                continue  # refused by the settings as they are: final until they change
            key = str(refusal.get("key") or url)
            with self._marks.through():  # refused again: kept again, with these settings
                fulltext = self.for_url(url, key, hints=_hints_from(refusal.get("hints")))
            self._retried[key] = (url, fulltext)
            update = {"identifier": key, "fulltext": fulltext, "retry": True}
            self.state.set_value(_UNREPORTED, url, json.dumps(update, sort_keys=True))
            if self.state.get_value(_REFUSED, url) == value:
                self.state.set_value(_REFUSED, url, None)  # asked again: its row says how
            yield update

    def _retry(self, outcome: UrlOutcome) -> dict[str, Any]:
        """Try one URL marked retry-later again; its update row."""
        key = str(outcome.extra.get("key") or outcome.url)
        hints = _hints_from(outcome.extra.get("hints"))
        if outcome.extra.get("landing"):
            fulltext = self.for_url(outcome.url, key, hints=hints)
            self._settle_landing(outcome, fulltext)
            self._retried[key] = (outcome.url, fulltext)
        else:
            # A file that could not be had: fetched again; its row says all a first
            # attempt's row says (the landing page it came from, its identity).
            landing = outcome.extra.get("landing_url")
            # judged as the first try was: against this record, as strictly
            asked = outcome.extra.get("require")
            require: Requirement = asked if asked in ("matched", "titled") else "not-mismatch"
            result = self.fetcher.fetch(outcome.url, key, hints=hints, require=require)
            self._remember_for_retry(result, landing, hints)
            fulltext = _summary(None, result, landing_url=landing)
        return {"identifier": key, "fulltext": fulltext, "retry": True}

    def _settle_landing(self, outcome: UrlOutcome, fulltext: Mapping[str, Any]) -> None:
        """A landing page marked retry-later was read again: it is retried no more.

        Unless it could not be read now either (`for_url` marked it again): a file it led
        to that could not be had now is marked under the file's own URL. Without this, a
        landing page read on its retry stayed marked, and every later run fetched its file
        again and wrote another retry row for the record.
        """
        assert self._marks is not None
        unread = fulltext["status"] == RETRY_LATER and fulltext.get("file_url") is None
        current = self._marks.outcome(outcome.url)
        if unread or current is None or current.status != RETRY_LATER:
            return  # marked again, or the URL was the file itself (its outcome is the file's)
        if not current.extra.get("landing"):
            return  # the fetcher's mark of the URL as a file: the file is to be retried
        status = RETRIED if fulltext["status"] == RETRY_LATER else str(fulltext["status"])
        self._marks.set(attrs.evolve(current, status=status, not_before=None))

    def _remember_for_retry(
        self, result: FileResult | None, landing_url: str | None, hints: RecordHints | None
    ) -> None:
        """Keep what a retry of this file needs: its landing page and the record's hints.

        Only on the mark this record's attempt wrote: a mark another record's attempt left
        on the same URL since keeps its own record and hints.
        """
        if self._marks is None or result is None or result.status != RETRY_LATER:
            return
        outcome = self._marks.outcome(result.url)
        if outcome is None or outcome.extra.get("key") != result.key:
            return
        extra = {**outcome.extra, "landing_url": landing_url, "hints": _hints_dict(hints)}
        self._marks.set(attrs.evolve(outcome, extra=extra))

    def reported(self) -> None:
        """The retry rows handed out so far are durably written: forget them."""
        if self.state is None:
            return
        for url in self.state.values(_UNREPORTED):
            self.state.set_value(_UNREPORTED, url, None)

    def _keep_html(self, resolution: Resolution, key: str) -> Path | None:
        """HTML-only mode keeps the landing page (atomically); the file URL is only reported."""
        if resolution.html is None:
            return None
        folder = self.settings.directory / "html"
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / safe_filename(key, ".html")
        atomic_write(path, resolution.html)
        return path


def run_batch(
    lines: Iterable[str],
    step: FullTextStep,
    *,
    out: Callable[[Sequence[Mapping[str, Any]]], object],
    done: set[str] | None = None,
    batch_size: int = 50,
    executor: Executor | None = None,
    again: Collection[str] = (),
) -> int:
    """Resolve and fetch ``{"id": ..., "url": ...}`` lines; write one result per input, per batch.

    Args:
        lines: JSON lines with ``id`` and ``url``.
        step: the FullTextStep doing the work.
        out: receives each batch's result rows (write them durably before returning).
        done: ids already in the output (skipped: the batch is resumable).
        batch_size: inputs per batch.
        executor: runs inputs concurrently (e.g. a ThreadPoolExecutor); requests to one host
            still wait their turn in the shared PoliteSession.
        again: ids in the output already whose result was not final (``refused`` by settings
            that changed since: `read_resume`); their new rows say ``"retry": true``.

    Returns:
        The number of results written.

    A line that is not a JSON object with ``id`` and ``url`` gets a row of its own,
    ``{"id": "line:N", "line": N, "error": ...}``, and the other lines go on.
    """
    finished = done or set()
    written = 0
    batch: list[dict[str, Any]] = []

    def flush() -> None:
        nonlocal written
        if not batch:
            return
        if executor is not None:
            results = list(executor.map(lambda item: _one(step, item), batch))
        else:
            results = [_one(step, item) for item in batch]
        out(results)
        written += len(results)
        batch.clear()

    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            item = json.loads(line)
            ident, url = str(item["id"]), str(item["url"])
        except (ValueError, KeyError, TypeError) as exc:
            # A malformed line is reported on a row of its own; the others go on.
            key = f"line:{number}"
            if key not in finished:
                finished.add(key)
                problem = f"input line {number} is not a JSON object with id and url ({exc})"
                batch.append({"id": key, "line": number, "error": problem})
            if len(batch) >= batch_size:
                flush()
            continue
        if ident in finished:
            continue
        finished.add(ident)
        hint_fields = {k: item[k] for k in ("title", "doi", "authors", "year") if k in item}
        retry = {"retry": True} if ident in again else {}
        batch.append({"id": ident, "url": url, **hint_fields, **retry})
        if len(batch) >= batch_size:
            flush()
    flush()
    return written


def _one(step: FullTextStep, item: Mapping[str, Any]) -> dict[str, Any]:
    """One result row: the input's id and url, and the same `fulltext` object as a harvest row."""
    if "error" in item:
        return dict(item)
    hints = RecordHints.from_row(item)
    fulltext = step.for_url(item["url"], item["id"], hints=None if hints.empty else hints)
    row = {"id": item["id"], "url": item["url"], "fulltext": fulltext}
    if item.get("retry"):
        row["retry"] = True  # an update of the input's earlier (refused) row
    return row


def _hints_dict(hints: RecordHints | None) -> dict[str, Any] | None:
    return None if hints is None else attrs.asdict(hints)


def _hints_from(data: object) -> RecordHints | None:
    """The hints a retry mark kept (`_hints_dict`): every field, lists back to tuples."""
    if not isinstance(data, Mapping):
        return None
    names = {field.name for field in attrs.fields(RecordHints)}
    kept: dict[str, Any] = {
        # (lists of lists too: the record's editions, (number, year) pairs)
        name: tuple(tuple(v) if isinstance(v, list) else v for v in value)
        if isinstance(value, list)
        else value
        for name, value in data.items()
        if name in names
    }
    return RecordHints(**kept)


def own_settings(policy: Politeness) -> dict[str, Any]:
    """The policy's settings a refusal can name (`OWN_SETTINGS`), as JSON values."""
    values = {name: getattr(policy, name) for name in OWN_SETTINGS}
    return {k: list(v) if isinstance(v, tuple) else v for k, v in values.items()}


@attrs.frozen
class Resume:
    """Where a batch's results file stands (`read_resume`).

    Attributes:
        done: the ids whose result is final (skipped by `run_batch`).
        again: the ids whose last result was ``refused`` by settings that differ now:
            tried again (their new rows say ``"retry": true``).
        refused: the ids whose last result was ``refused`` by the settings as they are now.
    """

    done: frozenset[str]
    again: frozenset[str]
    refused: frozenset[str]


def read_resume(path: Path, settings: Mapping[str, Any] | None = None) -> Resume:
    """What a results file already holds, for a batch resumed with `settings` (`own_settings`).

    An id's last row decides. A result refused by the caller's own configuration
    (``refused``, with the settings that refused it) is final only while those settings
    are as they were: changed (``--allow-private-addresses`` given, a User-Agent with your
    contact), the input is tried again. Without `settings` every id written is done.
    """
    last: dict[str, Any] = {}
    if path.exists():
        for line in path.read_text(encoding="utf-8").splitlines():
            try:
                row = json.loads(line)
                last[str(row["id"])] = row.get("fulltext")
            except (ValueError, KeyError, TypeError, AttributeError):
                continue  # a torn last line: its input is done again
    again, refused = set(), set()
    for ident, fulltext in last.items():
        if not isinstance(fulltext, Mapping) or fulltext.get("status") != REFUSED:
            continue
        if settings is not None and fulltext.get("settings") != dict(settings):
            again.add(ident)
        else:
            refused.add(ident)
    return Resume(frozenset(set(last) - again), frozenset(again), frozenset(refused))


def read_done(path: Path) -> set[str]:
    """The ids already written to a results file (to resume a batch; see `read_resume`)."""
    return set(read_resume(path).done)
