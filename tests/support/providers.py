"""Two independently written OAI-PMH data providers from PyPI, served on loopback.

- `oaipmh` 4.x (`oaipmh.server.BatchingServer`): seconds granularity, deleted records.
- `oai-repo` (`oai_repo.OAIRepository`): day granularity, base64 tokens with cursor
  and completeListSize.

Neither ships an HTTP server; `serve_provider` mounts a callable route on a
`LoopbackServer` (the standard library's HTTP server) that hands the query (or
POST form) to the provider and returns its XML.
"""

from __future__ import annotations

import bisect
import datetime as dt
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import attrs
from lxml import etree

from politeharvest.testing import LoggedRequest, Reply

UTC = dt.timezone.utc
SETS = ("math", "physics", "cs", "bio")
NS_OAIDC = "http://www.openarchives.org/OAI/2.0/oai_dc/"
NS_DC = "http://purl.org/dc/elements/1.1/"


@attrs.frozen
class Item:
    identifier: str
    datestamp: dt.datetime  # UTC, whole seconds
    sets: tuple[str, ...]
    deleted: bool
    title: str
    creators: tuple[str, ...]


def generate(count: int = 2500, *, seed_step_s: int = 61_337) -> list[Item]:
    """`count` records over several sets and years (2019-2024); every 13th deleted."""
    start = dt.datetime(2019, 1, 1, tzinfo=UTC)
    items = []
    for n in range(count):
        stamp = start + dt.timedelta(seconds=(n * seed_step_s) % (5 * 365 * 86_400))
        items.append(
            Item(
                identifier=f"oai:int.example.org:{n:05d}",
                datestamp=stamp,
                sets=(SETS[n % 4],) + (("math",) if n % 10 == 0 and SETS[n % 4] != "math" else ()),
                deleted=n % 13 == 5,
                title=f"Article {n}: Çalışma über Größen — α & β",
                creators=(f"Author {n % 7}", f"Yazar {n % 11}"),
            )
        )
    return items


def query_of(request: LoggedRequest) -> dict[str, str]:
    text = request.body.decode() if request.method == "POST" else urlsplit(request.url).query
    return {k: v[0] for k, v in parse_qs(text, keep_blank_values=True).items()}


def select(
    items: list[Item], *, set_spec: str | None, start: dt.datetime | None, end: dt.datetime | None
) -> list[Item]:
    chosen = [
        i
        for i in items
        if (set_spec is None or set_spec in i.sets)
        and (start is None or i.datestamp >= start)
        and (end is None or i.datestamp <= end)
    ]
    return sorted(chosen, key=lambda i: (i.datestamp, i.identifier))


# -- oaipmh (pyoai) -------------------------------------------------------------------------------


def pyoai_route(items: list[Item], batch_size: int = 100) -> Callable[[LoggedRequest], Reply]:
    from oaipmh import common, error
    from oaipmh.metadata import MetadataRegistry
    from oaipmh.server import BatchingServer, oai_dc_writer

    def naive(moment: dt.datetime) -> dt.datetime:
        return moment.astimezone(UTC).replace(tzinfo=None)

    def header(item: Item) -> object:
        return common.Header(
            None, item.identifier, naive(item.datestamp), list(item.sets), item.deleted
        )

    def record(item: Item) -> tuple[object, object, None]:
        metadata = None
        if not item.deleted:
            metadata = common.Metadata(
                None,
                {
                    "title": [item.title],
                    "creator": list(item.creators),
                    "identifier": [f"https://int.example.org/{item.identifier}"],
                },
            )
        return header(item), metadata, None

    def aware(moment: dt.datetime | None) -> dt.datetime | None:
        return None if moment is None else moment.replace(tzinfo=UTC)

    class Provider:
        def identify(self) -> object:
            return common.Identify(
                repositoryName="pyoai integration repository",
                baseURL="http://127.0.0.1/oai",
                protocolVersion="2.0",
                adminEmails=["admin@int.example.org"],
                earliestDatestamp=naive(earliest),
                deletedRecord="persistent",
                granularity="YYYY-MM-DDThh:mm:ssZ",
                compression=["identity"],
            )

        def listMetadataFormats(self, identifier: str | None = None) -> list[tuple[str, str, str]]:
            if identifier is not None and identifier not in by_id:
                raise error.IdDoesNotExistError(identifier)
            return [("oai_dc", "http://www.openarchives.org/OAI/2.0/oai_dc.xsd", NS_OAIDC)]

        def listSets(self, cursor: int = 0, batch_size: int = 10) -> list[tuple[str, str, None]]:
            return [(s, s.title(), None) for s in SETS][cursor : cursor + batch_size]

        def _list(
            self,
            metadataPrefix: str,
            set: str | None,
            from_: dt.datetime | None,
            until: dt.datetime | None,
            cursor: int,
            batch_size: int,
        ) -> list[Item]:
            if metadataPrefix != "oai_dc":
                raise error.CannotDisseminateFormatError(metadataPrefix)
            if set is not None and set not in SETS:
                raise error.NoRecordsMatchError(f"no set {set}")
            chosen, stamps = by_set.get(set, ([], [])) if set is not None else everything
            lo = 0 if from_ is None else bisect.bisect_left(stamps, aware(from_))
            hi = len(stamps) if until is None else bisect.bisect_right(stamps, aware(until))
            if lo >= hi:
                raise error.NoRecordsMatchError("no records")
            return chosen[lo + cursor : min(hi, lo + cursor + batch_size)]

        def listRecords(
            self,
            metadataPrefix: str,
            set: str | None = None,
            from_: dt.datetime | None = None,
            until: dt.datetime | None = None,
            cursor: int = 0,
            batch_size: int = 10,
        ) -> list[object]:
            return [
                record(i) for i in self._list(metadataPrefix, set, from_, until, cursor, batch_size)
            ]

        def listIdentifiers(
            self,
            metadataPrefix: str,
            set: str | None = None,
            from_: dt.datetime | None = None,
            until: dt.datetime | None = None,
            cursor: int = 0,
            batch_size: int = 10,
        ) -> list[object]:
            return [
                header(i) for i in self._list(metadataPrefix, set, from_, until, cursor, batch_size)
            ]

        def getRecord(self, metadataPrefix: str, identifier: str) -> object:
            if metadataPrefix != "oai_dc":
                raise error.CannotDisseminateFormatError(metadataPrefix)
            if identifier not in by_id:
                raise error.IdDoesNotExistError(identifier)
            return record(by_id[identifier])

    # The repository's index, built once as a database would keep it: records in datestamp
    # order, per set too, so that a page costs its own records and not a scan of them all
    # (`items` is read once here; the same selection and order as `select`).
    by_id = {i.identifier: i for i in items}
    ordered = select(items, set_spec=None, start=None, end=None)
    everything = (ordered, [i.datestamp for i in ordered])
    by_set = {}
    for spec in {s for i in items for s in i.sets}:
        members = [i for i in ordered if spec in i.sets]
        by_set[spec] = (members, [i.datestamp for i in members])
    earliest = ordered[0].datestamp if ordered else dt.datetime(2000, 1, 1, tzinfo=UTC)
    registry = MetadataRegistry()
    registry.registerWriter("oai_dc", oai_dc_writer)
    server = BatchingServer(
        Provider(), metadata_registry=registry, resumption_batch_size=batch_size
    )

    def route(request: LoggedRequest) -> Reply:
        body = server.handleRequest(query_of(request))
        return Reply(200, {"Content-Type": "text/xml; charset=utf-8"}, body)

    return route


# -- oai-repo ---------------------------------------------------------------------------------------


def oai_repo_route(items: list[Item], limit: int = 100) -> Callable[[LoggedRequest], Reply]:
    import oai_repo

    by_id = {i.identifier: i for i in items}

    def day(moment: dt.datetime) -> str:
        return moment.strftime("%Y-%m-%d")

    class Data(oai_repo.DataInterface):  # type: ignore[misc]
        def get_identify(self) -> object:
            ident = oai_repo.Identify()
            ident.repository_name = "oai-repo integration repository"
            ident.base_url = "http://127.0.0.1/oai"
            ident.admin_email = ["admin@int.example.org"]
            ident.earliest_datestamp = day(min(i.datestamp for i in items))
            ident.deleted_record = "persistent"
            ident.granularity = "YYYY-MM-DD"
            ident.compression = []
            return ident

        def is_valid_identifier(self, identifier: str) -> bool:
            return identifier in by_id

        def get_metadata_formats(self, identifier: str | None = None) -> list[object]:
            return [
                oai_repo.MetadataFormat(
                    "oai_dc", "http://www.openarchives.org/OAI/2.0/oai_dc.xsd", NS_OAIDC
                )
            ]

        def get_record_header(self, identifier: str) -> object:
            item = by_id[identifier]
            return oai_repo.RecordHeader(
                identifier=item.identifier,
                datestamp=day(item.datestamp),
                setspecs=list(item.sets),
                status="deleted" if item.deleted else None,
            )

        def get_record_metadata(self, identifier: str, metadataprefix: str) -> object:
            item = by_id[identifier]
            if item.deleted or metadataprefix != "oai_dc":
                return None
            root = etree.Element(f"{{{NS_OAIDC}}}dc", nsmap={"oai_dc": NS_OAIDC, "dc": NS_DC})
            etree.SubElement(root, f"{{{NS_DC}}}title").text = item.title
            for creator in item.creators:
                etree.SubElement(root, f"{{{NS_DC}}}creator").text = creator
            return root

        def get_record_abouts(self, identifier: str) -> list[object]:
            return []

        def list_set_specs(
            self, identifier: str | None = None, cursor: int = 0
        ) -> tuple[list[str], int, str]:
            specs = list(by_id[identifier].sets) if identifier else list(SETS)
            return specs[cursor : cursor + self.limit], len(specs), "sets-v1"

        def get_set(self, setspec: str) -> object:
            return (
                oai_repo.Set(spec=setspec, name=setspec.title(), description=[])
                if setspec in SETS
                else None
            )

        def list_identifiers(
            self,
            metadataprefix: str,
            filter_from: dt.datetime | None = None,
            filter_until: dt.datetime | None = None,
            filter_set: str | None = None,
            cursor: int = 0,
        ) -> tuple[list[str], int, str]:
            start = filter_from.replace(tzinfo=UTC) if filter_from else None
            end = None
            if filter_until is not None:
                end = filter_until.replace(tzinfo=UTC)
                if (end.hour, end.minute, end.second) == (0, 0, 0):
                    end += dt.timedelta(days=1, seconds=-1)  # a day includes its records
            chosen = select(items, set_spec=filter_set, start=start, end=end)
            return [i.identifier for i in chosen[cursor : cursor + self.limit]], len(chosen), "v1"

    data = Data()
    data.limit = limit
    repository = oai_repo.OAIRepository(data)

    def route(request: LoggedRequest) -> Reply:
        response = repository.process(query_of(request))
        return Reply(200, {"Content-Type": "text/xml; charset=utf-8"}, bytes(response))

    return route


# -- django-oai-pmh (a published Django app), on SQLite ------------------------------------------
#
# django-oai-pmh 0.3.9 stores Dublin Core in PostgreSQL ArrayFields; `serve_django_oai_pmh`
# runs it on SQLite by swapping ArrayField for a JSONField (the storage shim) and serving
# the records' oai_dc as XMLRecords, so that ArrayFields are never read. Django's settings
# are global to a process, so the app runs in a child process (`django_oai_pmh`).


def _django_child(host: str, count: int, page_size: int) -> None:  # pragma: no cover
    """Configure Django, migrate, load `count` records, serve on `host`; print the port.

    The database is SQLite in memory: the server is this one thread, whose connection Django
    keeps open (it never closes an in-memory one), so the data lives as long as the process.
    """
    import sys
    from wsgiref.simple_server import WSGIRequestHandler, make_server

    import django
    import django.contrib.postgres.fields as postgres_fields
    from django.conf import settings
    from django.db import models

    class ArrayField(models.JSONField):  # type: ignore[type-arg]
        """The storage shim: an ArrayField kept as JSON (SQLite has no arrays)."""

        def __init__(self, base_field: object = None, size: object = None, **kwargs: object):
            super().__init__(**kwargs)  # type: ignore[arg-type]

        def deconstruct(self) -> Any:
            name, _path, args, kwargs = super().deconstruct()
            return name, "django.contrib.postgres.fields.ArrayField", args, kwargs

    postgres_fields.ArrayField = ArrayField  # type: ignore[misc,assignment]
    settings.configure(
        DEBUG=False,
        ALLOWED_HOSTS=["*"],
        SECRET_KEY="loopback-tests",
        ROOT_URLCONF=__name__ + "_urls",
        USE_TZ=True,
        TIME_ZONE="UTC",
        ADMINS=[("Admin", "admin@django.example.org")],
        INSTALLED_APPS=["django.contrib.contenttypes", "django_oai_pmh"],
        DATABASES={"default": {"ENGINE": "django.db.backends.sqlite3", "NAME": ":memory:"}},
        TEMPLATES=[
            {"BACKEND": "django.template.backends.django.DjangoTemplates", "APP_DIRS": True}
        ],
        OAI_PMH={
            "REPOSITORY_NAME": "django-oai-pmh",
            "BASE_URL": "/oai",
            "NUM_PER_PAGE": page_size,
        },
    )
    import types

    django.setup()
    from django.core.management import call_command
    from django.db import transaction
    from django.http import HttpResponse
    from django.urls import include, path
    from django.utils import timezone

    call_command("migrate", verbosity=0)
    from django_oai_pmh.models import Header, MetadataFormat, ResumptionToken, Set, XMLRecord

    def control(request: Any, action: str) -> HttpResponse:
        if action == "forget":  # a restart that loses its tokens: badResumptionToken
            ResumptionToken.objects.all().delete()
        elif action == "expire":  # tokens past their expirationDate: the app answers 500
            ResumptionToken.objects.update(expiration_date=timezone.now() - dt.timedelta(days=1))
        return HttpResponse("ok")

    urls = types.ModuleType(__name__ + "_urls")
    urls.urlpatterns = [  # type: ignore[attr-defined]
        path("oai", include("django_oai_pmh.urls")),
        path("control/<str:action>", control),
    ]
    sys.modules[urls.__name__] = urls

    oai_dc, _ = MetadataFormat.objects.get_or_create(
        prefix="oai_dc",
        defaults={
            "schema": "http://www.openarchives.org/OAI/2.0/oai_dc.xsd",
            "namespace": "http://www.openarchives.org/OAI/2.0/oai_dc/",
        },
    )
    science = Set.objects.create(spec="science", name="Science")
    humanities = Set.objects.create(spec="humanities", name="Humanities")
    items = django_items(count)
    Header.objects.bulk_create([Header(identifier=i.identifier) for i in items])
    headers = {h.identifier: h for h in Header.objects.all()}
    with transaction.atomic():  # one transaction, not one per record
        for item in items:  # auto_now: the datestamps are set with update()
            Header.objects.filter(pk=headers[item.identifier].pk).update(timestamp=item.datestamp)
    by_spec = {"science": science, "humanities": humanities}
    Header.sets.through.objects.bulk_create(
        [
            Header.sets.through(header_id=headers[i.identifier].pk, set_id=by_spec[s].pk)
            for i in items
            for s in i.sets
        ]
    )
    Header.metadata_formats.through.objects.bulk_create(
        [
            Header.metadata_formats.through(
                header_id=headers[i.identifier].pk, metadataformat_id=oai_dc.pk
            )
            for i in items
        ]
    )
    XMLRecord.objects.bulk_create(
        [
            XMLRecord(
                header=headers[i.identifier],
                metadata_prefix=oai_dc,
                xml_metadata=(
                    '<oai_dc:dc xmlns:oai_dc="http://www.openarchives.org/OAI/2.0/oai_dc/" '
                    'xmlns:dc="http://purl.org/dc/elements/1.1/">'
                    f"<dc:title>{i.title}</dc:title></oai_dc:dc>"
                ),
            )
            for i in items
        ]
    )
    from django.core.wsgi import get_wsgi_application

    class Quiet(WSGIRequestHandler):
        def log_message(self, format: str, *args: Any) -> None:
            pass

    server = make_server(host, 0, get_wsgi_application(), handler_class=Quiet)
    print(server.server_port, flush=True)
    server.serve_forever()


def django_items(count: int = 2500) -> list[Item]:
    """The records served by django-oai-pmh: identifier order unrelated to datestamps,
    years 2019-2023, about half in the set ``science``."""
    start = dt.datetime(2019, 1, 1, tzinfo=UTC)
    span = 5 * 365 * 86_400
    return [
        Item(
            identifier=f"oai:django.example.org:{n:05d}",
            datestamp=start + dt.timedelta(seconds=((n * 7919) % count) * span // count),
            sets=("science",) if (n * 31) % 100 < 49 else ("humanities",),
            deleted=False,
            title=f"Django record {n}",
            creators=(),
        )
        for n in range(count)
    ]


def django_available() -> bool:
    """Whether django-oai-pmh (and Django) are installed."""
    import importlib.util

    return all(importlib.util.find_spec(m) for m in ("django", "django_oai_pmh"))


class DjangoOaiPmh:
    """django-oai-pmh in a child process on `host`: ``url`` is its base URL.

    ``forget_tokens()`` deletes its tokens (answered with badResumptionToken);
    ``expire_tokens()`` dates them in the past (answered with HTTP 500).
    """

    def __init__(self, host: str, count: int = 2500, page_size: int = 100) -> None:
        import subprocess
        import sys

        code = (
            "import sys; from tests.support.providers import _django_child; "
            f"_django_child({host!r}, {count}, {page_size})"
        )
        root = str(Path(__file__).resolve().parents[2])
        self._process = subprocess.Popen(
            [sys.executable, "-c", code], cwd=root, stdout=subprocess.PIPE, text=True
        )
        assert self._process.stdout is not None
        port = self._process.stdout.readline().strip()
        if not port:
            self.close()
            raise RuntimeError("django-oai-pmh did not start")
        self.base = f"http://{host}:{port}"
        self.url = self.base + "/oai"
        self.items = django_items(count)

    def _control(self, action: str) -> None:
        import urllib.request

        with urllib.request.urlopen(f"{self.base}/control/{action}", timeout=10) as answer:
            assert answer.read() == b"ok"

    def forget_tokens(self) -> None:
        self._control("forget")

    def expire_tokens(self) -> None:
        self._control("expire")

    def close(self) -> None:
        self._process.terminate()
        self._process.wait(timeout=10)
        if self._process.stdout is not None:
            self._process.stdout.close()
