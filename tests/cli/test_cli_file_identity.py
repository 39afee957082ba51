"""A file is a record's own by a verdict on the pair (record, file), never by its URL.

`politeharvest harvest --files` against a DergiPark-like journal on loopback whose landing
pages link each other's files: a "similar articles" sidebar with every other article's PDF,
a record whose own file is missing (its button answers 404), and a record whose page's PDF
button names another article's file (a platform's mistake). The file server keeps ETag and
Last-Modified and answers 304 to If-None-Match / If-Modified-Since, so a file asked for a
second time (for another record in the same run, or in the next run) costs a 304 and no
bytes. Whatever the cache says, no record's row or file on disk is ever another article's.
"""

from __future__ import annotations

import email.utils
import hashlib
import json
import subprocess
import sys
from collections.abc import Iterator, Mapping
from pathlib import Path

import pytest

from politeharvest.fulltext import safe_filename
from politeharvest.testing import LoopbackServer, OaiTestRepository, Reply, text_pdf
from politeharvest.testing import SampleRecord as Sample

pytestmark = pytest.mark.integration

UA = "politeharvest-tests/1.0 (+mailto:tests@example.org)"
START = 1_600_000_000.0

#: number -> (title, authors); the article's DOI is 10.5555/lb.<number>.
ARTICLES: Mapping[int, tuple[str, str]] = {
    1000: (
        "Soil moisture retention in semi-arid terraces of Anatolia",
        "Ayse Yilmaz; Mehmet Demir",
    ),
    1001: ("Medieval trade routes along the Black Sea coast", "Elif Kaya; Orhan Sahin"),
    1002: ("Glacial lake outburst floods in the eastern Pontides", "Deniz Arslan"),
    1003: ("Ottoman printing houses and the spread of the periodical press", "Can Ozturk"),
    1004: ("Urban heat islands and green roofs in Izmir", "Selin Aydin; Burak Celik"),
    1005: ("Lexical borrowing in Anatolian Greek dialects", "Zeynep Koc"),
    1006: ("Coastal dune vegetation after the 1999 earthquake", "Umut Tekin"),
}
#: Records with no file of their own: the file answers 404.
MISSING = {1003, 1006}
#: Records whose page shows no button at all: only the sidebar's files are on the page.
NO_BUTTON = {1006}
#: Records whose page's PDF button names another article's file (number -> whose file).
WRONG_BUTTON = {1001: 1000, 1005: 1004}
#: The order of the listing: a wrong button comes before and after the file's owner.
ORDER = (1000, 1001, 1002, 1003, 1005, 1004, 1006)


def doi(number: int) -> str:
    return f"10.5555/lb.{number}"


def identifier(number: int) -> str:
    return f"oai:journal.example:article/{number}"


def own_pdf(number: int) -> bytes:
    """The article's own file: its header, DOI, title block, authors and abstract."""
    title, authors = ARTICLES[number]
    return text_pdf(
        [
            "Journal of Loopback Studies",
            f"https://doi.org/{doi(number)}",
            title,
            authors.replace(";", ","),
            "Loopback University, Department of Geography",
            "Abstract. We surveyed the study area over two seasons and report what the",
            "measurements show about the question in the title, with a short discussion.",
        ]
    )


class Repository(OaiTestRepository):
    """The sample repository, with each record's DOI and creators (as DergiPark lists them)."""

    def _record(self, record: Sample) -> str:  # type: ignore[override]
        xml = super()._record(record)
        if record.deleted:
            return xml
        number = int(record.identifier.rsplit("/", 1)[-1])
        creators = "".join(
            f"<dc:creator>{a.strip()}</dc:creator>" for a in ARTICLES[number][1].split(";")
        )
        extra = f"<dc:identifier>doi:{doi(number)}</dc:identifier>{creators}"
        return xml.replace("</oai_dc:dc>", f"{extra}</oai_dc:dc>")


def landing(number: int) -> str:
    """A DergiPark-like article page: toolbar button, citation meta, similar-articles sidebar."""
    title, authors = ARTICLES[number]
    button = WRONG_BUTTON.get(number, number)
    meta = (
        ""
        if number in MISSING
        else f'<meta name="citation_pdf_url" content="/download/article-file/{button}">'
    )
    toolbar = (
        ""
        if number in NO_BUTTON
        else '<div id="article-toolbar"><a class="article-tool pdf" title="Makale PDF linki" '
        f'href="/download/article-file/{button}">Tam Metin (PDF)</a></div>'
    )
    similar = "".join(
        f'<li><a href="/tr/pub/lb/article/{n}">{t}</a> '
        f'<a class="pdf" href="/download/article-file/{n}">PDF</a></li>'
        for n, (t, _) in ARTICLES.items()
        if n != number
    )
    return (
        "<!DOCTYPE html><html><head>"
        f'<meta name="citation_title" content="{title}">'
        f'<meta name="citation_doi" content="{doi(number)}">'
        f"{meta}</head><body>"
        '<div id="article-main"><article>'
        f"<h1>{title}</h1><p class='authors'>{authors}</p>{toolbar}"
        "<h2>Abstract</h2><p>We surveyed the study area over two seasons.</p>"
        "</article></div>"
        f'<aside class="similar-articles"><h3>Similar articles</h3><ul>{similar}</ul></aside>'
        "</body></html>"
    )


def file_route(request: object) -> Reply:
    """A file server with validators: 304 to a matching If-None-Match or If-Modified-Since."""
    headers = {k.lower(): v for k, v in dict(getattr(request, "headers", {})).items()}
    number = int(str(getattr(request, "path", "")).rstrip("/").rsplit("/", 1)[-1])
    if number in MISSING or number not in ARTICLES:
        return Reply(404, {"Content-Type": "text/html"}, "<html><body>Not found</body></html>")
    body = own_pdf(number)
    etag = f'"{hashlib.sha256(body).hexdigest()[:16]}"'
    modified = email.utils.formatdate(START, usegmt=True)
    validators = {"ETag": etag, "Last-Modified": modified}
    if headers.get("if-none-match") == etag or (
        "if-none-match" not in headers and "if-modified-since" in headers
    ):
        return Reply(304, validators)
    return Reply(200, {"Content-Type": "application/pdf", **validators}, body)


@pytest.fixture
def journal() -> Iterator[LoopbackServer]:
    with LoopbackServer("127.0.0.5") as server:
        records = [
            Sample(identifier(n), START + i * 3600, title=ARTICLES[n][0])
            for i, n in enumerate(ORDER)
        ]
        repository = Repository(
            records=records, page_size=50, link_base=server.url("/tr/pub/lb/article/")
        )
        server.add("/robots.txt", Reply(200, body="User-agent: *\nAllow: /\n"))
        server.add("/oai", repository)

        def page(request: object) -> Reply:
            number = int(str(getattr(request, "path", "")).rstrip("/").rsplit("/", 1)[-1])
            return Reply(200, {"Content-Type": "text/html; charset=utf-8"}, landing(number))

        # the records' dc:identifier is link_base + OAI identifier: the page's last segment
        server.add("/tr/pub/lb/article/*", page)
        server.add("/download/article-file/*", file_route)
        yield server


def harvest(
    server: LoopbackServer, tmp_path: Path, out: Path, *more: str
) -> list[dict[str, object]]:
    args = [
        sys.executable,
        "-m",
        "politeharvest",
        "harvest",
        server.url("/oai"),
        "--out",
        str(out),
        "--files",
        str(tmp_path / "files"),
        "--state",
        str(tmp_path / "state.sqlite"),
        "--user-agent",
        UA,
        "--allow-private-addresses",
        "--request-interval",
        "0",
        "--file-interval",
        "0",
        "--quiet",
        *more,
    ]
    done = subprocess.run(args, cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return [json.loads(line) for line in out.read_text().splitlines()]


def number_of(row: Mapping[str, object]) -> int:
    return int(str(row["identifier"]).rsplit("/", 1)[-1])


def assert_only_own_files(rows: list[dict[str, object]], folder: Path) -> dict[int, str]:
    """Every file a row names and every file on disk is its record's own PDF."""
    own = {n: hashlib.sha256(own_pdf(n)).hexdigest() for n in ARTICLES}
    names = {safe_filename(identifier(n), ".pdf"): n for n in ARTICLES}
    statuses = {}
    for row in rows:
        number = number_of(row)
        fulltext = row["fulltext"]
        assert isinstance(fulltext, dict)
        statuses[number] = str(fulltext["status"])
        if fulltext.get("path"):
            path = folder.parent / str(fulltext["path"])  # read against the output's folder
            assert path.name == safe_filename(identifier(number), ".pdf"), (number, fulltext)
            assert fulltext["sha256"] == own[number], (number, fulltext)
            assert hashlib.sha256(path.read_bytes()).hexdigest() == own[number], (number, fulltext)
        if fulltext.get("file_url") and fulltext["status"] in ("downloaded", "unchanged"):
            assert str(fulltext["file_url"]).endswith(f"/{number}"), (number, fulltext)
    for path in folder.iterdir():
        assert not path.name.startswith(".part-"), path
        owner = names[path.name]
        assert hashlib.sha256(path.read_bytes()).hexdigest() == own[owner], path
    return statuses


def test_no_record_is_given_another_articles_file_through_a_304(
    journal: LoopbackServer, tmp_path: Path
) -> None:
    first = harvest(journal, tmp_path, tmp_path / "first.jsonl")
    assert sorted(number_of(r) for r in first) == sorted(ARTICLES)
    statuses = assert_only_own_files(first, tmp_path / "files")
    owners = [n for n in ARTICLES if n not in MISSING and n not in WRONG_BUTTON]
    assert all(statuses[n] == "downloaded" for n in owners), statuses
    assert all(statuses[n] not in ("downloaded", "unchanged") for n in (*MISSING, *WRONG_BUTTON))
    # the same file URL asked again for another record in this run: conditional, a 304
    conditional = [r for r in journal.log if r.path.startswith("/download/") and r.status == 304]
    assert conditional, "the test needs a 304 for a file another record holds"

    # the next run, every record again: each file asked for conditionally, 304s all round
    before = len(journal.log)
    second = harvest(journal, tmp_path, tmp_path / "second.jsonl", "--full")
    assert sorted(number_of(r) for r in second) == sorted(ARTICLES)
    again = assert_only_own_files(second, tmp_path / "files")
    assert all(again[n] == "unchanged" for n in owners), again
    assert all(again[n] not in ("downloaded", "unchanged") for n in (*MISSING, *WRONG_BUTTON))
    files = [r for r in journal.log[before:] if r.path.startswith("/download/")]
    assert files and all(r.status in (304, 404) for r in files), [(r.path, r.status) for r in files]
    stored = sorted(p.name for p in (tmp_path / "files").iterdir())
    assert stored == sorted(safe_filename(identifier(n), ".pdf") for n in owners)
