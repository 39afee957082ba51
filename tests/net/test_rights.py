"""TDM reservations and robots directives for files: table-driven, with their evidence."""

from __future__ import annotations

import pytest

from politeharvest.net._rights import (
    TDMREP_MAX_BYTES,
    file_reservation,
    landing_reservation,
    meta_tags,
    parse_tdmrep,
    robots_directives,
    tdmrep_lifetime,
    tdmrep_rules_from,
    tdmrep_url,
)

URL = "https://journal.example.org/files/article-12.pdf"
TDMREP = parse_tdmrep(
    """[
  {"location": "/files/open/*", "tdm-reservation": 0},
  {"location": "/files/*", "tdm-reservation": 1, "tdm-policy": "https://journal.example.org/tdm.json"},
  {"location": "*", "tdm-reservation": 0}
]"""
)


@pytest.mark.parametrize(
    ("kwargs", "signal", "evidence", "policy"),
    [
        (
            {"file_headers": {"tdm-reservation": "1", "tdm-policy": "https://p.example/x"}},
            "tdm-reservation",
            "in the file's headers",
            "https://p.example/x",
        ),
        (
            {"page_headers": {"TDM-Reservation": "1"}},
            "tdm-reservation",
            "landing page's headers",
            None,
        ),
        (
            {"page_meta": {"tdm-reservation": "1", "tdm-policy": "https://p/"}},
            "tdm-reservation",
            "meta tags",
            "https://p/",
        ),
        (
            {"tdmrep": TDMREP},
            "tdm-reservation",
            "reserves /files/*",
            "https://journal.example.org/tdm.json",
        ),
        (
            {"file_headers": {"X-Robots-Tag": "noai, noimageai"}},
            "robots-tag",
            "noai in the file's headers",
            None,
        ),
        (
            {"page_headers": {"X-Robots-Tag": "none"}},
            "robots-tag",
            "none in the landing page's",
            None,
        ),
        ({"file_headers": {"X-Robots-Tag": "noarchive"}}, "robots-tag", "noarchive", None),
        ({"file_headers": {"X-Robots-Tag": "mybot: noai"}}, "robots-tag", "noai", None),
        ({"page_meta": {"robots": "noai"}}, "robots-tag", "<meta name=robots> noai", None),
        ({"page_meta": {"mybot": "noarchive"}}, "robots-tag", "noarchive", None),
        # a robots directive is not a TDM reservation: a licence does not lift it
        (
            {"file_headers": {"X-Robots-Tag": "noai"}, "tdm_licence": "CC-BY"},
            "robots-tag",
            "noai",
            None,
        ),
    ],
)
def test_reserved(
    kwargs: dict[str, object], signal: str, evidence: str, policy: str | None
) -> None:
    found = file_reservation(url=URL, product="mybot", **kwargs)  # type: ignore[arg-type]
    assert found is not None
    assert found.signal == signal
    assert evidence in found.evidence
    assert found.policy == policy


@pytest.mark.parametrize(
    "kwargs",
    [
        {},
        {"file_headers": {"tdm-reservation": "0"}},
        {"file_headers": {"X-Robots-Tag": "noindex, nofollow"}},  # not about stored copies
        {"file_headers": {"X-Robots-Tag": "otherbot: noai"}},  # another agent's rule
        {"file_headers": {"X-Robots-Tag": "noimageai"}},  # images only
        {"file_headers": {"X-Robots-Tag": "unavailable_after: 25 Jun 2030 15:00:00 PST"}},
        {"page_meta": {"robots": "index, follow, max-snippet:-1"}},
        {"page_meta": {"googlebot": "noai"}},
        {"file_headers": {"tdm-reservation": "1"}, "tdm_licence": "our-licence-2026"},
        {"file_headers": {"tdm-reservation": "1"}, "honour_tdm": False},
        {"file_headers": {"X-Robots-Tag": "noai"}, "honour_robots_tags": False},
        # the file's own "0" is nearer than the origin's rule
        {"file_headers": {"tdm-reservation": "0"}, "tdmrep": TDMREP},
        {"file_headers": {"tdm-reservation": "maybe"}},
    ],
)
def test_not_reserved(kwargs: dict[str, object]) -> None:
    assert file_reservation(url=URL, product="mybot", **kwargs) is None  # type: ignore[arg-type]


def test_tdmrep_first_matching_rule_wins() -> None:
    open_url = "https://journal.example.org/files/open/a.pdf"
    assert file_reservation(url=open_url, product="mybot", tdmrep=TDMREP) is None
    assert (
        file_reservation(url="https://journal.example.org/about", product="b", tdmrep=TDMREP)
        is None
    )


@pytest.mark.parametrize(
    "text", [None, "", "not json", "{}", '[{"location": 3}]', '[{"location": "/x"}]', b"\xff\xfe"]
)
def test_unreadable_tdmrep_has_no_rules(text: str | bytes | None) -> None:
    assert parse_tdmrep(text) == ()


def test_robots_directive_scopes() -> None:
    assert robots_directives(["noai", "otherbot: noarchive, nofollow", "mybot: none"], "MyBot") == {
        "noai",
        "none",
    }
    assert robots_directives(["*: noarchive"], "mybot") == {"noarchive"}


def test_tdmrep_url() -> None:
    assert tdmrep_url(URL) == "https://journal.example.org/.well-known/tdmrep.json"


RULES = b'[{"location": "/files/*", "tdm-reservation": 1}]'


@pytest.mark.parametrize(
    ("status", "body", "rules"),
    [
        (200, RULES, 1),
        (200, RULES + b" " * (TDMREP_MAX_BYTES - len(RULES)), 1),  # at the cap: read
        (200, RULES + b" " * (TDMREP_MAX_BYTES + 1 - len(RULES)), 0),  # over it: none
        (404, b"", 0),
        (404, RULES, 0),  # a rules-shaped 404 body is still a 404
        (200, b"<!DOCTYPE html><html><body>Not found</body></html>", 0),  # a soft 404
        (200, b'[{"location": "/files/*", "tdm-reservation": 1}', 0),  # cut short
        (200, b'{"location": "/files/*", "tdm-reservation": 1}', 0),  # not a list
        (200, b"", 0),
        (301, b"", 0),  # a redirect refused by the robots.txt redirect policy
        (500, RULES, 0),
        (None, None, 0),  # no answer at all
    ],
)
def test_a_tdmrep_answer_gives_rules_only_when_whole_and_well_formed(
    status: int | None, body: bytes | None, rules: int
) -> None:
    assert len(tdmrep_rules_from(status, body)) == rules


@pytest.mark.parametrize(
    ("status", "lifetime"),
    [
        *[(status, 86400.0) for status in (200, 404, 403, 301)],
        *[(status, 600.0) for status in (429, 500, 503, None)],
    ],
)
def test_a_tdmrep_answer_is_kept_as_robots_txt_would_be(
    status: int | None, lifetime: float
) -> None:
    assert tdmrep_lifetime(status, cache_s=86400.0, error_s=600.0) == lifetime


PAGE = "https://journal.example.org/article/12"


def page(*metas: str, body: str = "<p>text</p>") -> str:
    return f"<!DOCTYPE html><html><head><title>A</title>{''.join(metas)}</head><body>{body}</body></html>"


TDM_META = '<meta name="tdm-reservation" content="1">'
TDM_POLICY = '<meta name="tdm-policy" content="https://journal.example.org/tdm-policy.json">'


@pytest.mark.parametrize(
    ("html", "headers", "signal", "evidence", "policy"),
    [
        (
            page(TDM_META, TDM_POLICY),
            {},
            "tdm-reservation",
            f'<meta name="tdm-reservation" content="1"> in the landing page\'s meta tags ({PAGE})',
            "https://journal.example.org/tdm-policy.json",
        ),
        (page('<META NAME="TDM-Reservation" CONTENT=" 1 ">'), {}, "tdm-reservation", PAGE, None),
        (page(), {"tdm-reservation": "1"}, "tdm-reservation", "page's headers", None),
        (page('<meta name="robots" content="noai">'), {}, "robots-tag", "noai", None),
        (
            page('<meta name="robots" content="index, follow, noimageai">'),
            {},
            "robots-tag",
            "noimageai",
            None,
        ),
        (
            page('<meta name="robots" content="none">'),
            {},
            "robots-tag",
            f"none on the landing page ({PAGE})",
            None,
        ),
        (
            page('<meta name="mybot" content="noai">'),
            {},
            "robots-tag",
            "<meta name=mybot> noai",
            None,
        ),
        # said to this harvester by name, noarchive counts too
        (page('<meta name="mybot" content="noarchive">'), {}, "robots-tag", "noarchive", None),
        (
            page('<meta name="robots" content="mybot: noarchive">'),
            {},
            "robots-tag",
            "noarchive",
            None,
        ),
        (
            page(),
            {"X-Robots-Tag": "noai"},
            "robots-tag",
            "X-Robots-Tag: noai in the landing page's headers",
            None,
        ),
    ],
)
def test_a_landing_page_reserves_its_files(
    html: str, headers: dict[str, str], signal: str, evidence: str, policy: str | None
) -> None:
    found = landing_reservation(
        page_url=PAGE, product="mybot", headers=headers, meta=meta_tags(html, "mybot")
    )
    assert found is not None
    assert (found.signal, found.policy) == (signal, policy)
    assert evidence in found.evidence
    assert PAGE in found.evidence


@pytest.mark.parametrize(
    ("html", "headers", "changes"),
    [
        (page(), {}, {}),
        # search engines' cache, said to every robot (PMC, IOP, ScienceDirect pages)
        (page('<meta name="robots" content="noarchive">'), {}, {}),
        (page('<meta name="robots" content="INDEX,FOLLOW,NOARCHIVE,NOCACHE,NOODP">'), {}, {}),
        (page('<meta name="robots" content="noindex,nofollow">'), {}, {}),
        (page('<meta name="robots" content="max-image-preview:large">'), {}, {}),
        (page(), {"X-Robots-Tag": "noarchive"}, {}),
        (page('<meta name="googlebot" content="noai">'), {}, {}),  # another agent's
        (page('<meta name="robots" content="otherbot: noai">'), {}, {}),
        (page('<meta name="tdm-reservation" content="0">'), {}, {}),
        (page('<meta name="tdm-reservation" content="yes">'), {}, {}),
        (page(TDM_META), {"tdm-reservation": "0"}, {}),  # the header speaks first
        (page(TDM_META), {}, {"tdm_licence": "our licence"}),
        (page(TDM_META), {}, {"honour_tdm": False}),
        (page('<meta name="robots" content="noai">'), {}, {"honour_robots_tags": False}),
        # only the head counts: a tag in the body (an example in an article) does not
        (page(body=f"<pre>{TDM_META}</pre><p>{TDM_META}</p>"), {}, {}),
        (page(f"<script>document.write('{TDM_META}')</script>"), {}, {}),
    ],
)
def test_a_landing_page_does_not_reserve(
    html: str, headers: dict[str, str], changes: dict[str, object]
) -> None:
    found = landing_reservation(
        page_url=PAGE,
        product="mybot",
        headers=headers,
        meta=meta_tags(html, "mybot"),
        **changes,  # type: ignore[arg-type]
    )
    assert found is None


def test_a_robots_directive_is_not_lifted_by_a_licence() -> None:
    meta = meta_tags(page('<meta name="robots" content="noai">', TDM_META), "mybot")
    found = landing_reservation(page_url=PAGE, product="mybot", meta=meta, tdm_licence="L")
    assert found is not None and found.signal == "robots-tag"


def test_meta_tags_keeps_only_rights_tags_of_the_head_in_order() -> None:
    html = page(
        '<meta name="citation_pdf_url" content="/a.pdf">',
        '<meta name="ROBOTS" content=" noarchive ">',
        TDM_META,
        '<meta name="MyBot" content="noai">',
        '<meta name="robots">',  # no content
    ).encode()
    assert meta_tags(html, "mybot") == (
        ("robots", "noarchive"),
        ("tdm-reservation", "1"),
        ("mybot", "noai"),
    )
    assert meta_tags(b"\xff\xfe<meta name=robots content=noai>", "x") == (("robots", "noai"),)
    assert meta_tags("", "x") == ()
