"""Access walls from a page's structure: a file the page shows closed is never requested.

Pure (no server): `find_candidates` on small pages, each the structure of a wall met on an
independent landing corpus (an embargoed EPrints file, Academia.edu's sign-up buttons,
DBpia's purchase block, CNKI's sign-in download block, Cairn's sign-in link returning to
the file), and each beside the open page it must not be confused with (a "Log in" link in
the header, a print edition's price beside a free PDF, a toolbar's "Sign in").
"""

from __future__ import annotations

import pytest
from bs4 import BeautifulSoup

from politeharvest.fulltext._access import WALLED, control_wall, signs_in_by_shape
from politeharvest.fulltext._candidate import PageAnalysis
from politeharvest.fulltext._landing import find_candidates
from politeharvest.fulltext._pagefacts import page_facts

PAGE = "https://repo.example.org/117654/"
TITLE = "Sentinel coherence time series for mapping rice planting dates"


def page(body: str, head: str = "", url: str = PAGE) -> PageAnalysis:
    html = (
        f'<html><head><meta name="citation_title" content="{TITLE}">{head}</head>'
        f'<body><header><a href="/">Home</a> <a href="/cgi/users/login">Log in</a></header>'
        f"<main><h1>{TITLE}</h1>{body}</main></body></html>"
    )
    return find_candidates(html, url)


def kept(analysis: PageAnalysis) -> list[str]:
    return [c.url for c in analysis.candidates]


def walled(analysis: PageAnalysis) -> dict[str, str]:
    return {c.url: str(c.rejected) for c in analysis.rejected if str(c.rejected).startswith(WALLED)}


FILE = "https://repo.example.org/117654/1/accepted_manuscript.pdf"


def test_a_disabled_control_walls_its_file_from_every_source() -> None:
    """EPrints: the embargoed file is still in eprints.document_url and the rule's selector."""
    analysis = page(
        f'<div class="ep_document_access">Restricted to Repository staff only until 2027.</div>'
        f'<a href="{FILE}" class="ep_document_link ep_button ep_button_disabled" '
        f'aria-disabled="true">Download (1MB)</a>'
        f'<a href="/cgi/request_doc?docid=41" class="ep_request_doc">Request a copy</a>',
        head=f'<meta name="eprints.document_url" content="{FILE}">',
    )
    assert kept(analysis) == []
    sources = {c.source for c in analysis.rejected if str(c.rejected).startswith(WALLED)}
    assert {"rule:eprints", "meta:eprints.document_url", "anchor"} <= sources
    assert analysis.kind == "none"
    assert "access wall" in analysis.reason and "disabled" in analysis.reason


@pytest.mark.parametrize(
    "attributes",
    ['class="btn disabled"', "disabled", 'aria-disabled="true"', 'class="is-disabled"'],
)
def test_each_way_a_page_disables_a_control(attributes: str) -> None:
    analysis = page(f'<a href="{FILE}" {attributes}>Download PDF</a>')
    assert FILE in walled(analysis) and kept(analysis) == []


AAM = "https://repo.example.org/files/298776541/Janssen_AAM_2023.pdf"
VOR = "https://repo.example.org/files/312345678/Janssen_2023_Energy.pdf"


def test_a_file_its_item_marks_closed_is_walled_and_its_open_sibling_kept() -> None:
    """Pure: the embargoed accepted manuscript's row is ``class="restricted embargoed"``."""
    analysis = page(
        '<ul class="documents">'
        f'<li class="available"><a href="{VOR}" class="link document-link">'
        '<span class="title">Final published version</span></a></li>'
        f'<li class="restricted embargoed"><a href="{AAM}" class="link document-link">'
        '<span class="title">Accepted manuscript</span></a>'
        '<p class="document-embargo">Embargo ends: 15/07/2027 <a href="/request-copy?id=2">'
        "Request a copy</a></p></li></ul>",
    )
    assert VOR in kept(analysis)
    assert "class 'restricted'" in walled(analysis)[AAM]


@pytest.mark.parametrize(
    "token",
    [
        "icon-availability_unlocked",
        "restricted-width",
        "unlocked",
        "not-restricted",
        "no_embargo",
        "non-locked",
    ],
)
def test_class_tokens_that_do_not_close_a_file(token: str) -> None:
    analysis = page(f'<div class="{token}"><a href="{FILE}">Download PDF</a></div>')
    assert kept(analysis) == [FILE]


def test_a_file_one_control_shows_open_is_not_walled_by_a_disabled_twin() -> None:
    """A menu's copy of the button disabled (until a script runs) does not close the file."""
    analysis = page(
        f'<div class="menu"><a href="{FILE}" class="btn disabled">PDF</a></div>'
        f'<div class="files"><a href="{FILE}">Download PDF</a></div>',
        head=f'<meta name="citation_pdf_url" content="{FILE}">',
    )
    assert kept(analysis) == [FILE]


def test_an_open_control_beside_a_header_log_in_link_is_kept() -> None:
    """Most open pages have a "Log in" link: it is not in the file's block."""
    analysis = page(f'<div class="files"><a href="{FILE}">Download PDF</a></div>')
    assert kept(analysis) == [FILE]
    assert walled(analysis) == {}


ACADEMIA_FILE = "https://www.academia.edu/attachments/1098/download_file?st=MTcz&s=toolbar"
ACADEMIA_META = "https://www.academia.edu/download/1098/Ostrowska_2023.pdf"


def test_a_control_whose_own_address_is_a_sign_up_page_walls_its_data_file() -> None:
    """Academia.edu: the buttons' hrefs are /signup; the file only in data-* and meta."""
    analysis = page(
        '<div class="buttons">'
        f'<a class="button js-download" data-download-url="{ACADEMIA_FILE}" '
        'href="https://www.academia.edu/signup?a_id=11&amp;download=true">Download Free PDF</a>'
        '<a class="button" href="https://www.academia.edu/signup?a_id=11&amp;view=true">'
        "View PDF</a></div>",
        head=f'<meta name="citation_pdf_url" content="{ACADEMIA_META}">',
        url="https://www.academia.edu/11/Cooperative_dairies",
    )
    assert kept(analysis) == []
    walls = walled(analysis)
    assert "own address is a sign-in page" in walls[ACADEMIA_FILE]
    assert "leads to a sign-in page" in walls[ACADEMIA_META]


def test_a_declared_file_the_page_links_from_an_open_control_is_kept() -> None:
    """One download control leads to sign-in, another is the file: nothing is walled."""
    analysis = page(
        '<a href="/signup?download=true">Download PDF</a>'
        f'<div class="files"><a href="{FILE}">Download PDF</a></div>',
        head=f'<meta name="citation_pdf_url" content="{FILE}">',
    )
    assert kept(analysis) == [FILE]


PREVIEW = "https://www.dbpia.co.kr/pdf/pdfView.do?nodeId=NODE11634567&mark=0"
KOREAN_PAGE = "https://www.dbpia.co.kr/journal/articleDetail?nodeId=NODE11634567"


def test_a_purchase_block_walls_its_preview() -> None:
    """DBpia: the download is a script action, a price beside it; the preview is no file."""
    analysis = page(
        '<div class="thesisDetail__btns"><div class="access">'
        "<p>이 논문은 기관 구독 또는 개별 구매 후 이용할 수 있습니다.</p>"
        "<p>구매 가격: <strong>6,000원</strong></p></div>"
        "<a href=\"javascript:void(0);\" onclick=\"fn_downloadAuth('NODE11634567', 'A');\">"
        "다운로드</a>"
        f'<a href="{PREVIEW}" class="btnPreview">미리보기</a>'
        '<a href="javascript:void(0);" onclick="fn_purchase(\'NODE11634567\');">구매하기</a>'
        "</div>",
        url=KOREAN_PAGE,
    )
    assert kept(analysis) == []
    assert "a price (6,000원)" in walled(analysis)[PREVIEW]


CNKI = "https://kns.cnki.net/kns/download.aspx?filename=DLXB202305012&dflag=pdfdown"


def test_a_sign_in_link_and_a_price_in_the_download_block_wall_it() -> None:
    """CNKI: "not signed in, sign in to download", a price per page, the download links."""
    analysis = page(
        '<div class="operate-btn"><div class="login-tip">您当前尚未登录,请'
        '<a href="//login.cnki.net/login/?platform=kns">登录</a>后下载全文。</div>'
        f'<ul><li><a id="pdfDown" href="{CNKI}">PDF下载</a></li></ul>'
        '<p class="price-tip">下载费用: 2.50元</p></div>',
        url="https://kns.cnki.net/KCMS/detail/detail.aspx?dbcode=CJFD&filename=DLXB202305012",
    )
    assert kept(analysis) == []
    assert "sign-in link" in walled(analysis)[CNKI]


@pytest.mark.parametrize(
    ("block", "why"),
    [
        (
            f'<div class="actions"><a href="{FILE}">Download PDF</a>'
            '<a href="/shop/item/5">Buy the paperback, $40.00</a></div>',
            "a print edition's price beside a free PDF",
        ),
        (
            f'<div class="toolbar"><a href="{FILE}">Download PDF</a>'
            '<a href="/login?next=/117654/">Sign in to save</a></div>',
            "a sign-in link in the toolbar, no price",
        ),
        (
            '<div class="menu"><button class="dropdown-toggle">Download</button>'
            f'<a href="{FILE}">PDF</a><a href="/login">Sign in</a></div>',
            "a menu's toggle and a sign-in link, no price",
        ),
    ],
)
def test_one_sign_of_a_wall_is_no_wall(block: str, why: str) -> None:
    analysis = page(block)
    assert kept(analysis) == [FILE], why


CAIRN_FILE = "https://shs.cairn.info/load_pdf?ID_ARTICLE=RECO_752_0233"


def test_a_sign_in_link_returning_to_the_declared_file_walls_it() -> None:
    """Cairn: citation_pdf_url is emitted, the institution's sign-in returns to it."""
    analysis = page(
        '<a href="https://shs.cairn.info/connexion?redirect=%2Fload_pdf%3FID_ARTICLE%3D'
        'RECO_752_0233">Accès via mon institution</a>',
        head=f'<meta name="citation_pdf_url" content="{CAIRN_FILE}">',
        url="https://shs.cairn.info/revue-economique-2024-2-page-233",
    )
    assert CAIRN_FILE not in kept(analysis)
    assert "returns to it" in walled(analysis)[CAIRN_FILE]


def test_a_viewer_of_the_file_is_no_sign_in_gate() -> None:
    analysis = page(
        f'<a href="/pdfjs/web/viewer.html?file={FILE}">Read online</a>',
        head=f'<meta name="citation_pdf_url" content="{FILE}">',
    )
    assert kept(analysis)[:1] == [FILE]
    assert walled(analysis) == {}


def test_a_download_counter_returning_to_the_file_is_no_sign_in_gate() -> None:
    analysis = page(
        f'<div class="files"><a href="/stats/click?target={FILE}">Download PDF</a></div>',
        head=f'<meta name="citation_pdf_url" content="{FILE}">',
    )
    assert FILE in kept(analysis)
    assert walled(analysis) == {}


def test_control_wall_reads_the_element_alone() -> None:
    soup = BeautifulSoup(
        '<div><a id="a" href="/signup" data-pdf-url="/f.pdf">Download</a>'
        '<a id="b" href="/f.pdf">Download</a></div>',
        "lxml",
    )
    a, b = soup.find(id="a"), soup.find(id="b")
    assert control_wall(a, "data-pdf-url") is not None  # type: ignore[arg-type]
    assert control_wall(a, "href") is None  # its href itself is refused as a sign-in page
    assert control_wall(b) is None  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("text", "price"),
    [
        ("구매 가격: 6,000원", True),
        ("下载费用: 2.50元 (按页计费)", True),
        ("Acheter cet article (PDF) – 5,00 €", True),
        ("Buy article PDF 39,95 €", True),
        ("USD 40", True),
        ("$35.00", True),
        ("ART001234567 원문보기", False),  # an identifier, then a word beginning with 원
        ("2024년 3월 · 215 - 238 (24page)", False),
        ("1,204명을 대상으로", False),
        ("ISSN 1234-5678, vol. 12", False),
    ],
)
def test_what_reads_as_a_price(text: str, price: bool) -> None:
    from politeharvest.fulltext._access import _PRICE

    assert (_PRICE.search(text) is not None) == price


# -- another record's id in a link's query -----------------------------------------------

MATHNET = "https://www.mathnet.ru/php/archive.phtml?wshow=paper&jrnid=mzm&paperid=14012"


@pytest.mark.parametrize(
    ("url", "other"),
    [
        ("https://www.mathnet.ru/php/getFT.phtml?jrnid=ufa&paperid=702&what=fullt", True),
        ("https://www.mathnet.ru/php/getFT.phtml?jrnid=mzm&paperid=14012&what=fullt", False),
        ("https://www.mathnet.ru/php/getFT.phtml?paperid=14012&what=references", False),
        ("https://www.mathnet.ru/php/file.phtml?id=702", False),  # no parameter of the page's
    ],
)
def test_a_link_naming_another_record_in_the_page_s_parameter(url: str, other: bool) -> None:
    facts = page_facts(BeautifulSoup("<html></html>", "lxml"), MATHNET)
    assert (facts.other_record(url) is not None) == other


def test_short_parameters_name_no_record() -> None:
    """``id`` is often a file's own number (view.php?id=12, download.php?id=34)."""
    facts = page_facts(BeautifulSoup("<html></html>", "lxml"), "https://j.example/view.php?id=12")
    assert facts.other_record("https://j.example/download.php?id=34") is None


def test_the_references_file_of_another_paper_is_not_the_first_candidate() -> None:
    own = "https://www.mathnet.ru/php/getFT.phtml?jrnid=mzm&paperid=14012&what=fullt"
    cited = "https://www.mathnet.ru/php/getFT.phtml?jrnid=ufa&paperid=702&what=fullt"
    analysis = page(
        f'<p><a class="SLink" href="{own}">PDF файл (612 kB)</a></p>'
        f'<h3>Эта публикация цитируется</h3><ol><li>И. Н. Козлов, 2024 <a href="{cited}">PDF</a>'
        "</li></ol>",
        url=MATHNET,
    )
    assert kept(analysis)[:1] == [own]
    assert cited not in kept(analysis)


# -- a weak rule selector's file whose own name says another kind of document --------------


def test_a_weak_selector_s_file_named_as_an_abstract_is_not_tried() -> None:
    """EADD (DSpace): the only open file is the thesis's abstract, "54321_abstract.pdf"."""
    base = "https://www.didaktorika.gr/eadd"
    analysis = page(
        f'<table><tr><td>54321_abstract.pdf</td><td>Περίληψη</td><td><a href="{base}/bitstream'
        '/10442/54321/2/54321_abstract.pdf">Λήψη</a></td></tr></table>',
        url=f"{base}/handle/10442/54321",
    )
    assert kept(analysis) == []


def test_a_weak_selector_s_file_named_with_the_title_s_words_is_tried() -> None:
    """ "supply-chain-…" says "suppl…" and is the article: its title's words decide."""
    url = "https://repo.example.edu/handle/10442/777"
    name = "Okonjo-sentinel-coherence-rice-planting-supply.pdf"
    analysis = page(
        f'<table><tr><td><a href="https://repo.example.edu/bitstream/10442/777/1/{name}">'
        "Λήψη</a></td></tr></table>",
        url=url,
    )
    assert any(name in c for c in kept(analysis))


@pytest.mark.parametrize(
    ("block", "why"),
    [
        (
            f'<aside class="sidebar"><a class="obj_galley_link pdf" href="{FILE}">PDF</a>'
            '<div class="print"><span>Print copy: €25.00</span> '
            '<a href="/shop/add/117654">Buy print copy</a></div>'
            '<a href="/login?next=/117654/">Log in to comment</a></aside>',
            "a print copy's price and a sign-in returning to the page, in one sidebar",
        ),
        (
            f'<div class="article-tools"><a href="{FILE}">Download PDF</a>'
            "<p>Print edition £12.50</p>"
            '<a href="/user/login?destination=%2F117654%2F">Sign in</a></div>',
            "a print edition's price and a sign-in returning to the page (quoted)",
        ),
        (
            f'<div class="galleys"><a href="{FILE}">Download PDF</a>'
            "<p>Article processing charge: USD 1500, paid by the authors</p>"
            '<a href="/user/register">Register to submit</a></div>',
            "the authors' charge and a sign-up link: an invitation to join, no gate",
        ),
    ],
)
def test_a_page_s_own_sign_in_or_sign_up_is_no_sign_of_a_wall(block: str, why: str) -> None:
    """An open page's own sign-in ("Log in to comment") brings the reader back to the page.

    Beside a price of something else (a print copy) it walled the free PDF; a sign-in that
    returns to a file is still a gate (the Cairn test above), one with no return still a sign.
    """
    analysis = page(block, head=f'<meta name="citation_pdf_url" content="{FILE}">')
    assert kept(analysis)[:1] == [FILE], why
    assert walled(analysis) == {}


def test_a_script_control_for_another_object_beside_a_price_is_no_wall() -> None:
    """A script-only "Download citation" is no script download of the file: beside a
    print-on-demand price it walled the open PDF."""
    analysis = page(
        f'<div class="tools"><a href="{FILE}">Download PDF</a>'
        "<span>Print on demand $19.99</span>"
        '<a href="#" onclick="exportCitation()">Download citation</a></div>'
    )
    assert kept(analysis) == [FILE]


@pytest.mark.parametrize("href", ["//]]>search", "/login?next=//x]/f.pdf"])
def test_a_link_beside_the_file_that_is_no_address_is_read_as_no_sign_in(href: str) -> None:
    """An href that cannot be split into parts (a bracket that opens or closes no IPv6 host,
    seen in a mangled page) says nothing of the file beside it: the page is read, not raised."""
    analysis = page(
        f'<div class="downloads"><a href="{FILE}">Download PDF</a> <a href="{href}">Search</a></div>'
    )
    assert kept(analysis) == [FILE]


@pytest.mark.parametrize(
    "bad",
    [
        '<a href="//[::1/login">Sign in</a>',
        '<a href="http://[bad/paper.pdf">PDF</a>',
        '<a href="https://repo.example.org:99999/paper.pdf">PDF</a>',
        '<meta name="citation_pdf_url" content="//[::1/x.pdf">',
    ],
)
def test_an_address_that_cannot_be_split_is_no_candidate_and_the_page_is_read(bad: str) -> None:
    """A link or a declared file whose address cannot be split into parts (an IPv6 bracket
    never closed, a port that is no number) is never requested: it is left out of the
    candidates, whichever source gave it, and the page's own file is still found."""
    head, body = (bad, "") if bad.startswith("<meta") else ("", bad)
    analysis = page(f'<div class="downloads"><a href="{FILE}">Download PDF</a> {body}</div>', head)
    assert kept(analysis) == [FILE]
    assert all("[" not in c.url and ":99999" not in c.url for c in analysis.candidates)


@pytest.mark.parametrize(
    ("url", "signs_in"),
    [
        ("https://search.example.com/MyResearch/UserLogin?followup=1387654", True),
        ("https://example.org/account/user_login?next=/x", True),
        ("https://example.org/Shop/SignIn", True),
        ("https://example.org/auth/realms/x/protocol", True),
        ("https://example.org/catalog/blog-index/2023.pdf", False),
        ("https://example.org/bitstreams/3c1f/download", False),
        ("https://example.org/authors/okafor/paper.pdf", False),
    ],
)
def test_a_sign_in_endpoint_by_its_path_shape(url: str, signs_in: bool) -> None:
    assert signs_in_by_shape(url) is signs_in


def test_a_zero_price_in_the_files_block_is_no_wall() -> None:
    """A shop's format tabs: the free PDF's own pane shows "0,00 €", the print pane beside it
    a price and the tabs addressless controls. The nearest price is the file's, and nothing
    to pay opens it; a price further up is the print copy's."""
    analysis = page(
        '<div class="buy"><ul class="tabs"><li><a href="#print">Print</a></li>'
        '<li><a href="#pdf">PDF</a></li></ul><div class="panes">'
        '<div id="print"><p>45,00 € inkl. MwSt.</p></div>'
        f'<div id="pdf"><p>0,00 € · ISBN 978-3-8394-7012-1</p><a href="{FILE}">Open Access PDF</a>'
        "</div></div></div>"
    )
    assert walled(analysis) == {}
    assert kept(analysis)[:1] == [FILE]


def test_a_price_in_the_files_own_pane_still_walls_it() -> None:
    """The same tabs with the PDF's own pane priced: the wall stands (the zero-price case
    above is no blanket pass for a shop's page)."""
    analysis = page(
        '<div class="buy"><ul class="tabs"><li><a href="#print">Print</a></li>'
        '<li><a href="#pdf">PDF</a></li></ul><div class="panes">'
        '<div id="print"><p>45,00 € inkl. MwSt.</p></div>'
        f'<div id="pdf"><p>29,99 € · ISBN 978-3-8394-7012-1</p><a href="{FILE}">PDF</a>'
        "</div></div></div>"
    )
    assert "a price (29,99 €)" in walled(analysis)[FILE]


@pytest.mark.parametrize(
    ("price", "free"),
    [("0,00 €", True), ("$0", True), ("EUR 0.00", True), ("0,50 €", False), ("$10", False)],
)
def test_what_reads_as_nothing_to_pay(price: str, free: bool) -> None:
    from politeharvest.fulltext._access import _free

    assert _free(price) is free


@pytest.mark.parametrize(
    ("attributes", "walled"),
    [
        ('data-price="660"', True),
        ('data-product-price="12.50"', True),
        ('data-price="0"', False),  # a price of nothing opens it
        ('data-price="0.00"', False),
        ('data-price=""', False),
        ('data-price-id="5"', False),  # a price's id, not a price
        ('data-original-price="30" data-price="0"', False),  # free now
        ('data-price="Free (was 30)"', False),
    ],
)
def test_a_control_that_carries_its_own_price_is_walled(attributes: str, walled: bool) -> None:
    # the file's row prices it for some readers (members ¥0, non-members ¥660): the harvester
    # is nobody's member, and the control itself says what it costs
    soup = BeautifulSoup(
        f'<table><tr><td><a id="f" href="/records/1/files/x.pdf" {attributes}>ダウンロード</a>'
        "</td><td>会員: &yen;0, 非会員: &yen;660</td></tr></table>",
        "lxml",
    )
    found = control_wall(soup.find(id="f"))  # type: ignore[arg-type]
    assert (found is not None) == walled, found
    if walled:
        assert found is not None and "its own price" in found
