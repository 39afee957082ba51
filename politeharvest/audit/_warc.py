"""An archive of every exchange as WARC 1.1, and a replay of it with no network (shell).

`ArchivingAdapter` is the session's transport adapter (a `GuardedAdapter`, so its connections
are guarded as usual) that copies each exchange into a WARC file as its body is read: a
``response`` record (status line, headers, body) and a ``request`` record linked to it by
``WARC-Concurrent-To``; robots.txt, listing pages and full-text files alike. Each run writes
a file of its own, opened by a ``warcinfo`` record that holds the harvest's arguments, so that
`replay_runs` can run the same harvest again from the archive: `ReplayAdapter` answers every
request from the records, in the order they were archived, and nothing is sent.

Bodies are archived as the session read them, that is after content decoding: a response that
came gzip- or br-encoded is stored with its ``Content-Encoding`` header renamed to
``X-Archive-Orig-Content-Encoding`` (likewise ``Transfer-Encoding`` and ``Content-Length``),
so that any WARC reader gets the body the harvest parsed. A body not read to its end (a file
refused half-way) is archived with ``WARC-Truncated: unspecified``. Written through warcio
(well kept, pure Python, with its own ``warcio check``): each record is flushed and synced
as its exchange ends, one gzip member per record.
"""

from __future__ import annotations

import datetime as _dt
import io
import json
import os
import tempfile
import threading
import uuid
from collections import defaultdict, deque
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import IO, Any
from urllib.parse import parse_qsl, urlencode, urlsplit

import requests
from requests.adapters import BaseAdapter, HTTPAdapter
from urllib3 import HTTPHeaderDict, HTTPResponse

from politeharvest._extras import require
from politeharvest.exceptions import ArchiveError
from politeharvest.net._transport import GuardedAdapter

__all__ = [
    "ArchivingAdapter",
    "NotArchived",
    "ReplayAdapter",
    "ReplayClock",
    "WarcRun",
    "archive_files",
    "read_runs",
]

#: Headers that describe the bytes on the wire, not the body archived.
WIRE_HEADERS = ("content-encoding", "transfer-encoding", "content-length")
#: Bodies up to this size are kept in memory while they are read; larger ones spill to disk.
SPOOL_BYTES = 8 * 2**20
#: Query parameters a replay may ignore when no answer matches exactly (an incremental
#: harvest's window is computed from the time of the run).
WINDOW_PARAMS = frozenset({"from", "until"})


def _now_iso() -> str:
    return _dt.datetime.now(tz=_dt.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


class _WarcFile:
    """One run's WARC file: records appended, flushed and synced as exchanges end."""

    def __init__(self, folder: Path, info: Mapping[str, Any]) -> None:
        writer = require("warcio.warcwriter", "writing WARC archives (harvest --warc)")

        self.run = str(info.get("run") or uuid.uuid4().hex)
        self.path = folder / f"politeharvest-{self.run}.warc.gz"
        try:
            folder.mkdir(parents=True, exist_ok=True)
            self._handle: IO[bytes] = self.path.open("ab")
        except OSError as exc:
            raise ArchiveError(folder, f"cannot be written ({exc.strerror or exc})") from exc
        self._lock = threading.Lock()
        self._writer = writer.WARCWriter(self._handle, gzip=True, warc_version="WARC/1.1")
        fields = {"software": "politeharvest", "format": "WARC File Format 1.1"}
        fields["politeharvest-run"] = json.dumps(dict(info), sort_keys=True)
        self._write(self._writer.create_warcinfo_record(self.path.name, fields))

    def _write(self, *records: Any) -> None:
        with self._lock:
            try:
                for record in records:
                    self._writer.write_record(record)
                self._handle.flush()
                os.fsync(self._handle.fileno())
            except OSError as exc:
                raise ArchiveError(self.path, f"cannot be written ({exc.strerror})") from exc

    def exchange(
        self,
        request: requests.PreparedRequest,
        response: HTTPResponse,
        body: IO[bytes],
        complete: bool,
    ) -> None:
        from warcio.statusandheaders import StatusAndHeaders

        url = str(request.url)
        size = body.seek(0, os.SEEK_END)
        body.seek(0)
        headers = []
        for name, value in response.headers.items():
            if name.lower() in WIRE_HEADERS:
                headers.append((f"X-Archive-Orig-{name}", value))
            else:
                headers.append((name, value))
        headers.append(("Content-Length", str(size)))
        status = StatusAndHeaders(
            f"{response.status} {response.reason or ''}".strip(), headers, protocol="HTTP/1.1"
        )
        extra = {"WARC-Date": _now_iso()}
        if not complete:
            extra["WARC-Truncated"] = "unspecified"
        answer = self._writer.create_warc_record(
            url, "response", payload=body, length=size, http_headers=status,
            warc_headers_dict=extra,
        )  # fmt: skip
        parts = urlsplit(url)
        target = parts.path or "/"
        if parts.query:
            target += f"?{parts.query}"
        sent = request.body or b""
        sent = sent.encode("utf-8") if isinstance(sent, str) else bytes(sent)
        asked = StatusAndHeaders(
            f"{request.method} {target} HTTP/1.1",
            [("Host", parts.netloc), *request.headers.items()],
            is_http_request=True,
        )
        question = self._writer.create_warc_record(
            url,
            "request",
            payload=io.BytesIO(sent),
            length=len(sent),
            http_headers=asked,
            warc_headers_dict={
                "WARC-Date": extra["WARC-Date"],
                "WARC-Concurrent-To": answer.rec_headers.get_header("WARC-Record-ID"),
            },
        )
        self._write(answer, question)

    def close(self) -> None:
        self._handle.close()


class _Tee:
    """A response's raw stream that copies what is read, and archives it at the end."""

    def __init__(
        self,
        raw: HTTPResponse,
        request: requests.PreparedRequest,
        archive: _WarcFile,
    ) -> None:
        self._raw = raw
        self._request = request
        self._archive = archive
        # closed by _finish, once the exchange is archived
        self._copy: IO[bytes] = tempfile.SpooledTemporaryFile(max_size=SPOOL_BYTES)  # noqa: SIM115
        self._done = False

    def __getattr__(self, name: str) -> Any:
        return getattr(self._raw, name)

    def _take(self, data: bytes, *, end: bool) -> None:
        if data:
            self._copy.write(data)
        if end:
            self._finish(complete=True)

    def _finish(self, *, complete: bool) -> None:
        if self._done:
            return
        self._done = True
        try:
            self._archive.exchange(self._request, self._raw, self._copy, complete)
        finally:
            self._copy.close()

    def read(self, amt: int | None = None, *args: Any, **kwargs: Any) -> bytes:
        data: bytes = self._raw.read(amt, *args, **kwargs)
        self._take(data, end=amt is None or not data)
        return data

    def read1(self, amt: int | None = None, *args: Any, **kwargs: Any) -> bytes:
        data: bytes = self._raw.read1(amt, *args, **kwargs)
        self._take(data, end=not data)
        return data

    def stream(
        self, amt: int | None = 2**16, decode_content: bool | None = None
    ) -> Iterator[bytes]:
        for chunk in self._raw.stream(amt, decode_content=decode_content):
            self._take(chunk, end=False)
            yield chunk
        self._finish(complete=True)

    def close(self) -> None:
        try:
            self._raw.close()
        finally:
            self._finish(complete=False)


class ArchivingAdapter(GuardedAdapter):
    """A `GuardedAdapter` that archives every exchange it carries into a WARC file.

    Args:
        folder: where the run's WARC file is written (created if missing).
        info: the run's description (endpoint, arguments, user agent), kept in its
            ``warcinfo`` record for replay.
        allow_private: connect to private addresses (tests, intranets).

    Raises:
        ArchiveError: the folder or file cannot be written.
        MissingDependency: warcio is not installed (``pip install 'politeharvest[warc]'``).
    """

    def __init__(
        self, folder: str | Path, info: Mapping[str, Any], *, allow_private: bool = False
    ) -> None:
        super().__init__(allow_private=allow_private)
        self.archive = _WarcFile(Path(folder), info)

    @property
    def path(self) -> Path:
        """The run's WARC file."""
        return self.archive.path

    def send(  # type: ignore[override]
        self, request: requests.PreparedRequest, **kwargs: Any
    ) -> requests.Response:
        response = super().send(request, **kwargs)
        if isinstance(response.raw, HTTPResponse):
            response.raw = _Tee(response.raw, request, self.archive)
        return response

    def close(self) -> None:
        super().close()
        self.archive.close()


# -- replay -------------------------------------------------------------------------------


class WarcRun:
    """One archived run: its arguments, its exchanges in archive order, and its file."""

    def __init__(self, info: Mapping[str, Any], path: Path | None = None) -> None:
        self.info = dict(info)
        self.path = path
        self.exchanges: list[tuple[str, str, int, str, list[tuple[str, str]], bytes]] = []


def _window_free(url: str) -> str:
    parts = urlsplit(url)
    params = [(k, v) for k, v in parse_qsl(parts.query, keep_blank_values=True)]
    kept = sorted((k, v) for k, v in params if k not in WINDOW_PARAMS)
    return f"{parts.scheme}://{parts.netloc}{parts.path}?{urlencode(kept)}"


#: The endings of WARC files (``harvest --warc DIR`` writes ``politeharvest-RUN.warc.gz``).
WARC_ENDINGS = (".warc.gz", ".warc")


def archive_files(paths: list[Path]) -> list[Path]:
    """The WARC files `paths` name: a file as given, a folder's WARC files in name order.

    A folder is read as ``harvest --warc DIR`` wrote it: its ``*.warc.gz`` and ``*.warc``
    files (not its subfolders, nor other files beside them).
    """
    found: list[Path] = []
    for path in paths:
        if path.is_dir():
            found.extend(
                sorted(p for p in path.iterdir() if p.is_file() and p.name.endswith(WARC_ENDINGS))
            )
        else:
            found.append(path)
    return found


def read_runs(paths: list[Path]) -> list[WarcRun]:
    """The runs archived in WARC files (in the order of the files, then of the records).

    A folder stands for its WARC files (`archive_files`), so the folder ``harvest --warc
    DIR`` wrote is read whole. A record torn by a crash ends its file's run there.

    Raises:
        MissingDependency: warcio is not installed.
    """
    require("warcio", "reading WARC archives (politeharvest replay)")
    from warcio.archiveiterator import ArchiveIterator
    from warcio.exceptions import ArchiveLoadFailed

    runs: list[WarcRun] = []
    for path in archive_files(paths):
        run: WarcRun | None = None
        methods: dict[str, str] = {}
        answers: dict[str, tuple[str, int, str, list[tuple[str, str]], bytes]] = {}
        order: list[str] = []
        with path.open("rb") as handle:
            try:
                for record in ArchiveIterator(handle):
                    kind = record.rec_type
                    if kind == "warcinfo":
                        text = record.content_stream().read().decode("utf-8", "replace")
                        fields = dict(
                            line.split(": ", 1) for line in text.splitlines() if ": " in line
                        )
                        run = WarcRun(json.loads(fields.get("politeharvest-run", "{}")), path)
                        runs.append(run)
                    elif kind == "response":
                        record_id = record.rec_headers.get_header("WARC-Record-ID")
                        http = record.http_headers
                        status = int(http.get_statuscode())
                        reason = http.statusline.split(" ", 1)[1] if " " in http.statusline else ""
                        uri = record.rec_headers.get_header("WARC-Target-URI")
                        answers[record_id] = (
                            uri,
                            status,
                            reason,
                            list(http.headers),
                            record.content_stream().read(),
                        )
                        order.append(record_id)
                    elif kind == "request":
                        linked = record.rec_headers.get_header("WARC-Concurrent-To")
                        # warcio keeps a request line's method as its "protocol"
                        asked = record.http_headers
                        methods[linked] = asked.protocol or asked.statusline.split(" ", 1)[0]
            except (ArchiveLoadFailed, OSError, EOFError, ValueError):
                pass  # torn by a crash: the run ends with the last whole record
        if run is None:
            continue
        for record_id in order:
            uri, status, reason, headers, body = answers[record_id]
            run.exchanges.append(
                (methods.get(record_id, "GET"), uri, status, reason, headers, body)
            )
    return runs


class NotArchived(requests.ConnectionError):
    """A replayed request that its run did not archive (raised by `ReplayAdapter`).

    Attributes:
        url: the request's URL.
        exhausted: the run archived nothing more for this address (its URL without the
            query): the run was cut short there (Ctrl-C, a crash, a failure), and the
            replay of this run ends where it ended. False when exchanges of the address
            are left unasked for: the replay went another way than the run did.
    """

    def __init__(self, url: str, exhausted: bool) -> None:
        self.url = url
        self.exhausted = exhausted
        super().__init__(f"{url} is not in the archive being replayed")


class ReplayAdapter(BaseAdapter):
    """Answers requests from an archived run, in the order they were archived; sends nothing.

    A request is matched by method and URL; failing that, by method and URL without the
    ``from``/``until`` parameters (an incremental window computed from the time of the run).
    A request the run did not archive fails as a connection error would (`NotArchived`).
    """

    def __init__(self, run: WarcRun) -> None:
        super().__init__()
        self._exact: dict[tuple[str, str], deque[int]] = defaultdict(deque)
        self._loose: dict[tuple[str, str], deque[int]] = defaultdict(deque)
        self._run = run
        self._used: set[int] = set()
        for index, (method, uri, *_rest) in enumerate(run.exchanges):
            self._exact[(method, uri)].append(index)
            self._loose[(method, _window_free(uri))].append(index)

    def _take(self, queue: deque[int]) -> int | None:
        while queue:
            index = queue.popleft()
            if index not in self._used:
                self._used.add(index)
                return index
        return None

    def send(  # type: ignore[override]
        self, request: requests.PreparedRequest, **kwargs: Any
    ) -> requests.Response:
        method, url = str(request.method), str(request.url)
        index = self._take(self._exact[(method, url)])
        if index is None:
            index = self._take(self._loose[(method, _window_free(url))])
        if index is None:
            raise NotArchived(url, exhausted=not self._left_for(url))
        _method, _uri, status, reason, headers, body = self._run.exchanges[index]
        raw = HTTPResponse(
            body=io.BytesIO(body),
            headers=HTTPHeaderDict([(k, v) for k, v in headers if k.lower() not in WIRE_HEADERS]),
            status=status,
            reason=reason,
            preload_content=False,
            decode_content=False,
        )
        return HTTPAdapter().build_response(request, raw)

    def _left_for(self, url: str) -> bool:
        """Whether an exchange of `url`'s address (its URL without the query) is unasked for."""
        address = url.split("?", 1)[0]
        return any(
            uri.split("?", 1)[0] == address
            for index, (_method, uri, *_rest) in enumerate(self._run.exchanges)
            if index not in self._used
        )

    @property
    def unused(self) -> int:
        """Archived exchanges no request asked for (yet)."""
        return len(self._run.exchanges) - len(self._used)

    def close(self) -> None:
        """Nothing to close."""


class ReplayClock:
    """A clock for replays: starts at the archived run's time, and sleeps take no time."""

    def __init__(self, start: float) -> None:
        self._start = start
        self._elapsed = 0.0

    def now(self) -> float:
        """Wall-clock seconds: the run's start plus the time slept."""
        return self._start + self._elapsed

    def monotonic(self) -> float:
        """Seconds slept since the replay began."""
        return self._elapsed

    def sleep(self, seconds: float, reason: str = "") -> None:
        """Advance at once."""
        self._elapsed += max(0.0, seconds)
