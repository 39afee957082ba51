"""Long-tail pages whose own file was not tried at all (issue 34, landing30 after its scoring).

Five classes: a button "to read" the work in a language whose verb was not read ("Leer el
cuaderno (PDF)"); a button naming its file in parentheses ("Avaa PDF (Virtanen_Anna.pdf)");
a file's label in a sentence naming its format ("Documento disponible en formato PDF (320
Kb)"); a CMS's login box in a sidebar module taken for a sign-in wall, and a script's download
action named in its query (``index.php?task=doc_download&gid=87``); the record's file in an
inline script object whose title is under a key in another language (``"titulo"``). Each has
a guard. All pages are written here; none is copied from a corpus.
"""

from __future__ import annotations

from politeharvest.fulltext._candidate import KIND_BLOCKED
from politeharvest.fulltext._landing import find_candidates

TITLE = "Sonidos del litoral: marimba, memoria y territorio"


def _page(body: str, head: str = "", title: str = TITLE) -> str:
    return (
        f"<html><head><title>{title}</title>{head}</head><body><main><h1>{title}</h1>{body}"
        "</main></body></html>"
    )


def _kept(html: str, url: str) -> list[str]:
    return [c.url for c in find_candidates(html, url).candidates]


def test_a_button_to_read_the_work_in_spanish_gives_its_file() -> None:
    site = "https://www.colectivo.example.com"
    own = f"{site}/_files/ugd/4e2a7b_9f1c3e5a7d2b.pdf"
    body = (
        f"<div class='wixui-button'><a href='{own}'><span>Leer el cuaderno (PDF)</span></a></div>"
        f"<p><a href='{site}/_files/ugd/4e2a7b_1a2b3c.pdf'>Bases de la convocatoria (PDF)</a></p>"
    )
    assert _kept(_page(body), f"{site}/cuadernos/cuaderno-5") == [own]


def test_a_button_naming_its_file_in_parentheses_is_a_button() -> None:
    site = "https://www.finna.example.fi"
    own = (
        "https://www.theseus-repository.example.org/bitstream/handle/10024/812345/Virtanen_Anna.pdf"
    )
    head = "<meta name='citation_author' content='Virtanen, Anna'>"
    body = (
        "<div class='recordLinks'><ul>"
        f"<li><a href='{own}?sequence=2&amp;isAllowed=y'>Avaa PDF (Virtanen_Anna.pdf)</a></li>"
        "</ul></div>"
    )
    kept = _kept(_page(body, head), f"{site}/Record/theseus.10024_812345")
    assert kept == [f"{own}?sequence=2&isAllowed=y"]


def test_a_files_label_in_a_sentence_naming_its_format_is_no_title() -> None:
    site = "https://www.memoria.example.edu.ar"
    own = f"{site}/trab_eventos/ev.17234/ev.17234.pdf"
    body = (
        "<table><tr><td>Documento</td>"
        f"<td><a href='{own}'>Documento disponible en formato PDF (320 Kb)</a></td></tr></table>"
    )
    assert _kept(_page(body), f"{site}/trab_eventos/ev.17234/ev.17234.html") == [own]


def test_a_title_with_its_files_size_still_names_another_document() -> None:
    # the guard: a title and its file's size, no word of the format in it
    site = "https://www.memoria.example.edu.ar"
    other = f"{site}/trab_eventos/ev.17001/ev.17001.pdf"
    body = f"<p><a href='{other}'>Programa y libro de resúmenes del congreso (320 Kb)</a></p>"
    assert other not in _kept(_page(body), f"{site}/trab_eventos/ev.17234/ev.17234.html")


_JOOMLA = "https://www.institute.example.id/index.php"


def _joomla(heading: str) -> str:
    login = (
        "<div class='module'><h3>Login</h3><form action='/index.php' method='post'>"
        "<input type='text' name='username'><input type='password' name='passwd'>"
        "<input type='submit' value='Masuk'></form></div>"
    )
    own = f"{_JOOMLA}?option=com_docman&amp;task=doc_download&amp;gid=87&amp;Itemid=134"
    return (
        f"<html><head><title>{heading}</title></head><body><div id='left'>{login}</div>"
        f"<div id='content'><h1>{heading}</h1><table><tr><td>"
        f"<a href='{own}'>Unduh</a></td></tr></table></div></body></html>"
    )


def test_a_sidebar_login_module_is_no_sign_in_wall() -> None:
    url = f"{_JOOMLA}?option=com_docman&task=doc_details&gid=87&Itemid=134"
    analysis = find_candidates(_joomla("Pengendalian hayati penyakit busuk pangkal batang"), url)
    assert analysis.kind != KIND_BLOCKED
    assert [c.url for c in analysis.candidates] == [
        f"{_JOOMLA}?option=com_docman&task=doc_download&gid=87&Itemid=134"
    ]


def test_a_sign_in_page_with_its_form_in_a_module_is_still_a_wall() -> None:
    # the guard: the page's own heading says it is a sign-in page
    url = f"{_JOOMLA}?option=com_user&view=login"
    assert find_candidates(_joomla("Login"), url).kind == KIND_BLOCKED


def test_the_records_file_in_a_script_object_titled_in_another_language() -> None:
    site = "https://www.biblioteca.example.cl"
    own = f"{site}/bnd/631/articles-712345_recurso_1.pdf"
    script = (
        '<script>var ITEM = {"id": 712345, "titulo": "' + TITLE + '", "recursos": '
        f'[{{"tipo": "pdf", "url": "{own}"}}]}};</script>'
    )
    head = f"<meta property='og:title' content='{TITLE}'>"
    analysis = find_candidates(_page(script, head), f"{site}/bnd/631/w3-article-712345.html")
    assert [c.url for c in analysis.candidates] == [own]
    assert analysis.candidates[0].strong


def test_a_script_object_naming_another_work_gives_no_strong_file() -> None:
    # the guard: the object's text under that key is another work's title
    site = "https://www.biblioteca.example.cl"
    other = f"{site}/bnd/631/articles-698812_recurso_1.pdf"
    script = (
        '<script>var ITEM = {"titulo": "Cantos de velorio de angelito en Colchagua", '
        f'"recursos": [{{"tipo": "pdf", "url": "{other}"}}]}};</script>'
    )
    head = f"<meta property='og:title' content='{TITLE}'>"
    analysis = find_candidates(_page(script, head), f"{site}/bnd/631/w3-article-712345.html")
    assert not any(c.strong for c in analysis.candidates)


def test_the_sites_own_bucket_on_a_storage_platform_is_its_site() -> None:
    """A WordPress site keeping its uploads in a bucket named as the site
    (``issafrica.s3.amazonaws.com`` for ``issafrica.org``): the file is on the site, not on
    another host; another tenant's bucket stays another host."""
    from politeharvest.fulltext._addresses import same_site

    page = "https://thinktank-example.org/research/policy-brief/pb-203"
    assert same_site("https://thinktank-example.s3.amazonaws.com/uploads/pb-203.pdf", page)
    assert same_site("https://thinktank-example.github.io/pb-203.pdf", page)
    assert not same_site("https://someoneelse.s3.amazonaws.com/uploads/pb-203.pdf", page)
    assert not same_site("https://thinktank-example.com/pb-203.pdf", page)  # no platform
    own = "https://thinktank-example.s3.amazonaws.com/site/uploads/pb-203.pdf"
    body = (
        f"<p><a class='btn download' href='{own}'>Download policy brief</a> "
        "<a href='https://thinktank-example.s3.amazonaws.com/site/uploads/pb-203-infographic.pdf'>"
        "Download infographic</a></p>"
    )
    assert _kept(_page(body), page)[:1] == [own]


def test_a_file_handlers_link_named_by_the_files_name_with_spaces() -> None:
    """A content system's file handler (``LinkClick.aspx?fileticket=...``) behind a link
    whose text is the file's name, spaces and all ("<title> 2024 - Full Report.pdf"),
    beside its executive summary's."""
    site = "https://www.education.example.gov.za"
    title = "Learners with Special Needs in Farm and Rural Schools 2024"
    own = f"{site}/LinkClick.aspx?fileticket=Qm7xR2fTnYk%3d&tabid=93&portalid=0&mid=2043"
    summary = f"{site}/LinkClick.aspx?fileticket=k3Vb9Pq1LwE%3d&tabid=93&portalid=0&mid=2043"
    body = (
        f"<table><tr><td><a href='{own.replace('&', '&amp;')}'>{title} - Full Report.pdf</a>"
        "</td><td>3.2 MB</td></tr>"
        f"<tr><td><a href='{summary.replace('&', '&amp;')}'>Learners with Special Needs 2024 - "
        "Executive Summary.pdf</a></td><td>620 KB</td></tr></table>"
    )
    url = f"{site}/Resources/Reports/TabId/93/ArticleId/8214/Learners-2024.aspx"
    assert _kept(_page(body, title=title), url) == [own]


def test_a_button_to_the_full_report_gives_the_records_file() -> None:
    """A blog item's "Read the full report (EN)" button to a file on the platform's static
    host, beside the policy brief derived from the report."""
    site = "https://www.waterwatch-example.org"
    static = "https://static1.squarespace.com/static/5f1c/t/66a1"
    own = f"{static}/1721870511027/Report_Water_Land_Batken_Isfara_EN.pdf"
    title = "Water and land in the Batken and Isfara valleys"
    body = (
        f"<p><a class='sqs-block-button-element' href='{own}'>Read the full report (EN)</a></p>"
        f"<p><a href='{static}/1721870599999/Policy_Brief_RU.pdf'>Аналитическая записка (RU)</a></p>"
    )
    assert _kept(_page(body, title=title), f"{site}/blog/water-batken-isfara") == [own]
