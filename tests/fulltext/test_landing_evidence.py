"""Ownership evidence on landing pages: each mechanism on a small page of its own.

A candidate is the article's own only with positive evidence (Signposting, a declared
file the page does not contradict, a button in the article's block, its identifiers in
the address); lists and cards of other documents are recognised by their structure,
whatever their heading's language, tag or class.
"""

from __future__ import annotations

import json

import pytest

from politeharvest import find_candidates
from politeharvest.fulltext._signposting import linkset_candidates, parse_link_header, parse_linkset
from politeharvest.net._challenge import challenge_evidence

PAGE = "https://journal.example.org/article/view/4711"
TITLE = "Grazing pressure and soil carbon in alpine meadows"


def page(body: str, head: str = "") -> str:
    return (
        f'<html><head><meta name="citation_title" content="{TITLE}">{head}</head><body>'
        f'<div class="wrap"><div class="main"><h1>{TITLE}</h1>'
        f"<p>Abstract. We sampled forty plots over three summers.</p>{body}</div></div></body></html>"
    )


def first(html: str, url: str = PAGE, **kwargs: object) -> str | None:
    analysis = find_candidates(html, url, **kwargs)  # type: ignore[arg-type]
    return analysis.candidates[0].url if analysis.candidates else None


def kept(html: str, url: str = PAGE) -> list[str]:
    return [c.url for c in find_candidates(html, url).candidates]


def cards(titles: list[str], heading: str, tag: str = "div", cls: str = "box") -> str:
    items = "".join(
        f'<div class="entry"><a href="/article/view/{900 + n}">{t}</a>'
        f'<a class="pdf" href="/article/download/{900 + n}/1">PDF</a></div>'
        for n, t in enumerate(titles)
    )
    return f'<{tag} class="{cls}"><{tag}>{heading}</{tag}>{items}</{tag}>'


OTHERS = [
    "Nitrogen deposition in boreal peatlands revisited",
    "Snow cover duration and shrub expansion in the Arctic",
    "Pollinator decline across fragmented grasslands",
]


@pytest.mark.parametrize(
    ("heading", "tag", "cls"),
    [
        ("Most read", "div", "box"),
        ("この号の論文", "div", "sidebar"),
        ("Autres articles du numéro", "span", "col"),
        ("Популярные статьи", "section", "other-articles"),
        ("", "aside", "x1"),
    ],
)
def test_article_lists_are_recognised_by_their_structure(heading: str, tag: str, cls: str) -> None:
    html = page(
        '<p class="status">The full text will follow.</p>' + cards(OTHERS, heading, tag, cls)
    )
    analysis = find_candidates(html, PAGE)
    assert analysis.candidates == ()
    assert any("list of other documents" in str(c.rejected) for c in analysis.rejected)


def test_the_own_button_beside_a_list_of_other_articles() -> None:
    own = (
        '<div class="tools"><a class="btn" href="/article/download/4711/88">Download PDF</a></div>'
    )
    html = page(own + cards(OTHERS, "Related"))
    assert kept(html) == ["https://journal.example.org/article/download/4711/88"]


def test_a_file_table_whose_class_says_related_is_the_items_own() -> None:
    html = page(
        '<table class="related-files"><tr><td><a href="/files/4711/meadows.pdf">meadows.pdf</a>'
        "</td><td>1.2 MB</td></tr></table>"
    )
    assert first(html) == "https://journal.example.org/files/4711/meadows.pdf"


def test_links_that_name_other_documents_are_never_candidates() -> None:
    html = page(
        '<p>See the <a href="/files/annual-report-2020.pdf">annual report of the observatory '
        "network</a> for site details.</p>"
        '<div class="info"><a href="/files/coi.pdf">Conflict of interest declaration form</a>'
        '<a href="/files/rules.pdf">Submission rules (PDF)</a>'
        '<a href="/files/guide.pdf">User guide</a></div>'
    )
    assert kept(html) == []


def test_previous_and_next_article_cards_are_other_documents() -> None:
    html = page(
        '<div class="pager"><div class="prev"><a href="/article/view/4710">Trampling effects on '
        'subalpine vegetation</a> <a href="/article/download/4710/80">PDF</a></div></div>'
    )
    assert kept(html) == []


def test_a_stale_citation_pdf_url_contradicted_by_the_page_is_weak() -> None:
    stale = "https://journal.example.org/article/download/4710/80"
    html = page(
        '<div class="tools"><a href="/article/download/4711/88">Download PDF</a></div>'
        '<div class="pager"><div class="prev"><a href="/article/view/4710">Trampling effects on '
        f'subalpine vegetation</a> <a href="{stale}">PDF</a></div></div>',
        head=f'<meta name="citation_pdf_url" content="{stale}">',
    )
    analysis = find_candidates(html, PAGE)
    assert analysis.candidates[0].url == "https://journal.example.org/article/download/4711/88"
    stale_candidate = next((c for c in analysis.candidates if c.url == stale), None)
    assert stale_candidate is None or not stale_candidate.strong


def test_several_citation_pdf_urls_are_chosen_by_file_name_not_order() -> None:
    head = "".join(
        f'<meta name="citation_pdf_url" content="https://journal.example.org/files/{n}">'
        for n in ("4711-abstract.pdf", "4711-appendix.pdf", "4711.pdf")
    )
    html = page("", head=head)
    assert first(html) == "https://journal.example.org/files/4711.pdf"


def test_another_doi_in_the_address_is_another_document() -> None:
    html = page(
        '<div><a href="https://journal.example.org/doi/pdf/10.5555/other.2020.1">PDF</a></div>',
        head='<meta name="citation_doi" content="10.5555/alps.2021.7">',
    )
    assert kept(html) == []


def test_links_from_onclick_data_attributes_forms_and_json_ld() -> None:
    onclick = page(
        "<button onclick=\"window.open('/viewer/files/4711.pdf')\">Download PDF</button>"
    )
    assert first(onclick) == "https://journal.example.org/viewer/files/4711.pdf"
    data = page('<span class="dl" data-pdf-url="/api/files/4711/download">Full text</span>')
    assert first(data) == "https://journal.example.org/api/files/4711/download"
    form = page(
        '<form action="/download" method="get"><input type="hidden" name="file" '
        'value="4711.pdf"><button type="submit">Download PDF</button></form>'
    )
    assert first(form) == "https://journal.example.org/download?file=4711.pdf"
    jsonld = page(
        '<script type="application/ld+json">{"@context": "https://schema.org", "@type": '
        '"ScholarlyArticle", "name": "x", "encoding": {"@type": "MediaObject", '
        '"contentUrl": "https://journal.example.org/files/4711/article.pdf", '
        '"encodingFormat": "application/pdf"}, "citation": [{"@type": "ScholarlyArticle", '
        '"encoding": {"contentUrl": "https://elsewhere.example.com/x.pdf"}}]}</script>'
    )
    assert kept(jsonld) == ["https://journal.example.org/files/4711/article.pdf"]


def test_signposting_header_link_tag_and_linkset() -> None:
    header = (
        '<https://doi.org/10.5555/alps.2021.7>; rel="cite-as", '
        '<https://journal.example.org/bitstreams/9/content>; rel="item"; type="application/pdf", '
        '<https://journal.example.org/signposting/linksets/9>; rel="linkset"; '
        'type="application/linkset+json"'
    )
    assert parse_link_header(header)[1] == (
        "https://journal.example.org/bitstreams/9/content",
        {"rel": "item", "type": "application/pdf"},
    )
    analysis = find_candidates(page(""), PAGE, headers={"Link": header})
    assert analysis.candidates[0].url == "https://journal.example.org/bitstreams/9/content"
    assert analysis.candidates[0].source == "signposting"
    assert analysis.linksets == ("https://journal.example.org/signposting/linksets/9",)
    tag = page("", head='<link rel="item" href="/bitstreams/10/content" type="application/pdf">')
    assert first(tag) == "https://journal.example.org/bitstreams/10/content"
    linkset = json.dumps(
        {
            "linkset": [
                {
                    "anchor": PAGE,
                    "item": [
                        {"href": "/bitstreams/11/content", "type": "application/pdf"},
                        {"href": "/bitstreams/12/content", "type": "text/csv"},
                    ],
                },
                {
                    "anchor": "https://journal.example.org/other",
                    "item": [{"href": "/x.pdf", "type": "application/pdf"}],
                },
            ]
        }
    )
    assert [t for t, _ in parse_linkset(linkset, PAGE)] == [
        "/bitstreams/11/content",
        "/bitstreams/12/content",
    ]
    assert [c.url for c in linkset_candidates(linkset, "https://x.example/ls", PAGE)] == [
        "https://journal.example.org/bitstreams/11/content"
    ]


@pytest.mark.parametrize(
    ("status", "headers", "body", "vendor"),
    [
        (403, {"cf-mitigated": "challenge"}, "<title>Just a moment...</title>", "Cloudflare"),
        (
            200,
            {},
            '<div class="cf-turnstile"></div><script src="https://challenges.cloudflare.com/'
            'turnstile/v0/api.js"></script>',
            "Turnstile",
        ),
        (
            200,
            {},
            '<title>Making sure you&#39;re not a bot!</title><script id="anubis_version" '
            'type="application/json">"v1.17"</script>',
            "Anubis",
        ),
        (
            202,
            {"x-amzn-waf-action": "challenge"},
            "<script>window.awsWafCookieDomainList = [];</script>",
            "AWS WAF",
        ),
        (403, {"server": "ddos-guard"}, "<title>DDoS-Guard</title>", "DDoS-Guard"),
        (
            200,
            {},
            '<div id="sec-if-cpt-container"><script src="/_sec/cp_challenge/ak.js"></script>',
            "Akamai",
        ),
        (
            403,
            {},
            '<div id="px-captcha"></div><p>Press &amp; Hold to confirm you are a human</p>',
            "PerimeterX",
        ),
        (
            200,
            {},
            '<title>Security check</title><form><div class="h-captcha" data-sitekey="x">'
            '</div></form><script src="https://hcaptcha.com/1/api.js"></script>',
            "captcha",
        ),
    ],
)
def test_bot_walls_by_their_markers(
    status: int, headers: dict[str, str], body: str, vendor: str
) -> None:
    evidence = challenge_evidence(status, headers, body)
    assert evidence is not None and vendor.lower() in evidence.lower()
    analysis = find_candidates(
        f"<html><head></head><body>{body}</body></html>", PAGE, status=status, headers=headers
    )
    assert analysis.kind == "blocked" and analysis.candidates == ()


def test_a_captcha_under_an_article_is_no_wall() -> None:
    html = page(
        '<div class="tools"><a href="/article/download/4711/88">PDF</a></div><form class="comment">'
        '<div class="g-recaptcha" data-sitekey="x"></div></form>'
        '<script src="https://www.google.com/recaptcha/api.js"></script>'
    )
    analysis = find_candidates(html, PAGE)
    assert analysis.kind == "pdf"


def test_an_address_in_the_pages_text_beside_a_download_label() -> None:
    html = page("<p>Full text (PDF): https://files.journal.example.org/4711/meadows.pdf</p>")
    assert first(html) == "https://files.journal.example.org/4711/meadows.pdf"
    prose = page(
        "<p>Site descriptions follow the network's protocol, published at "
        "https://journal.example.org/files/protocol-2019.pdf and used since then.</p>"
    )
    assert kept(prose) == []


def test_a_declared_file_without_the_articles_id_yields_to_the_pages_own_link() -> None:
    html = page(
        '<div class="tools"><a href="/article/download/4711/88">Download PDF</a></div>',
        head='<meta name="citation_pdf_url" content="/article/download/4702/61">',
    )
    analysis = find_candidates(html, PAGE)
    assert analysis.candidates[0].url == "https://journal.example.org/article/download/4711/88"
    # the declared file names another article (4702) where the page's own link names 4711
    assert all(not c.strong for c in analysis.candidates[1:])


def test_a_malformed_link_header_keeps_its_good_links() -> None:
    links = parse_link_header(
        '<https://x.example/a.pdf>; rel=item; type=application/pdf, <broken; rel="x", '
        '<https://x.example/b>; title="a, b"; rel="item"'
    )
    assert [t for t, _ in links] == ["https://x.example/a.pdf", "https://x.example/b"]
    assert links[1][1] == {"title": "a, b", "rel": "item"}


@pytest.mark.parametrize(
    ("text", "button"),
    [
        ("Download PDF (2.3 MB)", True),
        ("Baixar este artigo em PDF", True),
        ("Texte intégral (PDF, 1,2 Mo)", True),
        ("Скачать статью в PDF", True),
        ("本文PDF（日本語）", True),
        ("全文下载", True),
        ("원문보기", True),
        ("Unduh PDF", True),
        ("Submission rules (PDF)", False),
        ("Conflict of interest form (PDF)", False),
        ("Annual report 2020", False),
    ],
)
def test_download_buttons_in_many_languages(text: str, button: bool) -> None:
    from politeharvest.fulltext._words import button_text as _button_text

    assert _button_text(text) is button


def test_a_card_of_another_article_on_a_site_with_query_ids() -> None:
    url = "https://revistas.example.org/article.php?id=4711"
    html = page(
        '<div class="next"><a href="article.php?id=4712">Trampling effects on subalpine '
        'vegetation</a> <a href="download.php?id=4712">PDF</a></div>'
        '<div class="tools"><a href="download.php?id=4711">PDF</a></div>'
    )
    assert kept(html, url) == ["https://revistas.example.org/download.php?id=4711"]


def test_labels_are_read_without_the_articles_title_and_from_the_item() -> None:
    titled = page(
        f'<div class="tools"><a href="/files/4711.pdf">Open the PDF for {TITLE}</a></div>'
    )
    assert kept(titled) == ["https://journal.example.org/files/4711.pdf"]
    rows = page(
        '<table class="files"><tr><td>Summary of contents <a href="/files/4711_abstract.pdf">'
        "kou4711_youshi.pdf</a> (182 KB)</td></tr><tr><td>内容の要旨 "
        '<a href="/files/4711_y.pdf">4711_y.pdf</a></td></tr></table>',
        head='<meta name="citation_pdf_url" content="/files/4711_y.pdf">',
    )
    assert kept(rows) == []  # the declared file is the one its row calls a summary


def test_a_script_whose_query_names_a_file_is_no_web_page() -> None:
    html = page(
        '<div class="tools"><a class="download-pdf" href="/getfile.php?fileID=87654">'
        "Download Article [PDF]</a></div>"
    )
    assert kept(html) == ["https://journal.example.org/getfile.php?fileID=87654"]
    # a script's page for an article, its query naming no file, stays a web page
    page_link = page(
        '<div class="tools"><a class="download-pdf" href="/view.php?articleID=87654">'
        "Download Article [PDF]</a></div>"
    )
    assert kept(page_link) == []


def test_an_aggregators_record_names_its_file_at_the_origin_by_the_oai_identifier() -> None:
    url = "https://aggregator.example.org/detail.jsp?id=oai:repo.example.edu:10451/58123"
    html = page(
        '<div class="files"><h3>Files</h3><a href="https://repo.example.edu/bitstream/10451/'
        '58123/1/ulfl345678_tm.pdf"><img src="/i/pdf.png" alt="pdf"> ulfl345678_tm.pdf</a></div>'
        '<div class="similar"><h3>Similar</h3><ul><li><a href="https://other.example.net/'
        'bitstream/10362/14567/1/x.pdf"><img src="/i/pdf.png" alt="pdf"></a></li></ul></div>'
    )
    assert kept(html, url) == ["https://repo.example.edu/bitstream/10451/58123/1/ulfl345678_tm.pdf"]
    # the same page without the OAI identifier in its address: an off-site file, too weak
    assert kept(html, "https://aggregator.example.org/detail.jsp?id=77") == []


def test_a_row_is_not_labelled_by_the_text_of_its_other_links() -> None:
    # an icon link to the paper beside a link to its abstract: the abstract link's text
    # is that link's own label, not the row's label for the icon
    row = page(
        '<table class="files"><tr><td><a href="/files/4711.pdf"><img src="/i/pdf.gif" '
        'alt="icon"></a> | <a href="/files/4711_abs_en.pdf">English Abstract</a></td></tr>'
        "</table>"
    )
    assert kept(row) == ["https://journal.example.org/files/4711.pdf"]
    # the row's own words still label every link in it
    labelled = page(
        '<table class="files"><tr><td>Abstract <a href="/files/4711.pdf"><img src="/i/pdf.gif" '
        'alt="icon"></a> | <a href="/files/4711_abs_en.pdf">English</a></td></tr></table>'
    )
    assert kept(labelled) == []


def test_a_download_button_below_the_abstract_is_not_labelled_by_its_heading() -> None:
    html = (
        f'<html><head><meta name="citation_title" content="{TITLE}"></head><body><h1>{TITLE}</h1>'
        '<div class="art"><h2>Abstract</h2><p>We sampled forty plots over three summers and '
        "measured soil carbon, root biomass and grazing pressure in each of them.</p>"
        '<div class="tools"><a href="/files/4711.pdf">Download PDF</a></div></div></body></html>'
    )
    assert kept(html) == ["https://journal.example.org/files/4711.pdf"]


def test_names_in_scripts_without_spaces_are_documents() -> None:
    html = page(
        '<div class="x"><a href="/files/permission_form.pdf">博士論文インターネット公表許諾書</a>'
        '<a class="btn" href="/files/4711.pdf">PDF形式でダウンロード (1152K)</a></div>'
    )
    assert kept(html) == ["https://journal.example.org/files/4711.pdf"]


def test_file_names_count_only_when_they_relate_to_the_article() -> None:
    html = page(
        '<ul class="files"><li><a href="/files/8812/Cable_corridor_protocol_v3.pdf">'
        "Cable_corridor_protocol_v3.pdf</a></li></ul>",
        head='<meta name="citation_author" content="Okafor, Ada">',
    )
    assert kept(html) == []
    own = html.replace("Cable_corridor_protocol_v3", "Okafor_2022_AAM")
    assert kept(own) == ["https://journal.example.org/files/8812/Okafor_2022_AAM.pdf"]


def test_learned_structure_never_takes_a_link_labelled_as_another_document() -> None:
    html = page(
        '<div class="files"><span class="f"><a title="Download Supplementary_Appendix_S1.pdf" '
        'href="/downloads/r207">Download</a></span></div>'
    )
    analysis = find_candidates(
        html, PAGE, learned=["body > div.wrap > div.main > div.files > span.f > a"]
    )
    assert analysis.candidates == ()


def test_a_download_button_with_the_articles_doi_is_strong() -> None:
    html = page(
        '<div class="tools"><a href="/doi/pdf/10.5555/alps.2021.7">Download PDF</a></div>',
        head='<meta name="citation_doi" content="10.5555/alps.2021.7">',
    )
    top = find_candidates(html, PAGE).candidates[0]
    assert top.strong and "identifier" in top.evidence


def test_a_pdf_address_in_script_data() -> None:
    html = page(
        '<script>xpl.metadata = {"title": "x", "pdfUrl": "/stamp/stamp.jsp?tp=&arnumber=4711"};'
        "</script>"
    )
    assert first(html) == "https://journal.example.org/stamp/stamp.jsp?tp=&arnumber=4711"


def test_a_download_script_on_a_sister_host_with_the_articles_id() -> None:
    html = page(
        '<a class="btn" href="http://download.journal.example.org/article.php?article=4711&v=2">'
        "Download Original PDF</a>"
    )
    assert first(html) == "http://download.journal.example.org/article.php?article=4711&v=2"


def test_previous_and_next_articles_in_the_sidebar_column_leave_its_own_button() -> None:
    html = page(
        '<div class="col"><ul class="tools"><li><a href="/files/4711.pdf">Télécharger (PDF)</a>'
        '</li></ul><div class="other"><h4>Article précédent</h4><a href="/article/view/4710">Les '
        'syndicats et la grève de 1949</a></div><div class="other"><h4>Article suivant</h4>'
        '<a href="/article/view/4712">Femmes et travail industriel</a></div></div>'
    )
    assert kept(html) == ["https://journal.example.org/files/4711.pdf"]


def test_akamai_error_reference_pages_are_walls() -> None:
    body = (
        "<html><head><title>Access Denied</title></head><body>You don't have permission to "
        "access this page.<p>Reference #18.7a2d3e17</p><p>https&#58;&#47;&#47;errors&#46;"
        "edgesuite&#46;net&#47;18&#46;7a2d3e17</p></body></html>"
    )
    assert "Akamai" in str(challenge_evidence(200, {}, body))


@pytest.mark.parametrize("label", ["Full issue (PDF)", "Tam Sayı PDF", "Número completo"])
def test_a_whole_issue_is_another_document(label: str) -> None:
    html = page(f'<div class="issue-tools"><a href="/issue/view/88/full.pdf">{label}</a></div>')
    assert kept(html) == []


def test_a_file_tables_actions_do_not_make_its_file_another_document() -> None:
    html = page(
        '<table class="files"><tr><td><a href="/records/4711/files/paper.pdf?download=1">'
        'paper.pdf</a></td><td>1.2 MB</td><td><a href="/records/4711/preview/paper.pdf">Preview'
        "</a> License: CC BY</td></tr></table>"
    )
    assert first(html) == "https://journal.example.org/records/4711/files/paper.pdf?download=1"


@pytest.mark.parametrize(
    ("other", "own"),
    [
        # a page of another kind under the same template: citation help, no article
        ("/602/w3-propertyvalue-697.html", True),
        # another article's page, the same template with another id
        ("/602/w3-article-98770.html", False),
        # slugs with digits stay alike whatever their words
        ("/602/123-some-other-title", False),
    ],
)
def test_a_link_to_a_page_of_another_kind_is_no_other_article(other: str, own: bool) -> None:
    """An address template's word (``w3-article-#``) tells a page's kind from an article's."""
    url = "https://archive.example.org/602/w3-article-98765.html"
    if other.endswith("title"):
        url = "https://archive.example.org/602/98765-grazing-pressure-and-soil"
    html = page(
        '<div class="tools"><a href="/files/MC0098765.pdf"><img src="/i/pdf.png" alt=""></a>'
        f'<a href="{other}">Cite this document</a></div>'
    )
    assert (first(html, url) == "https://archive.example.org/files/MC0098765.pdf") is own


@pytest.mark.parametrize(
    ("name", "own"),
    [
        ("Wanjiru%20Grace%20Mwangi.pdf", True),  # the file's name is the record author's
        ("Njeri%20Anne.pdf", False),  # another author's file: the phrase still decides
    ],
)
def test_a_plain_phrase_to_a_file_named_for_the_record_is_no_other_document(
    name: str, own: bool
) -> None:
    """A long plain phrase names no document when the file's name is the record's."""
    html = page(
        f'<p><a href="https://ir.example.org/bitstream/handle/1/24567/{name}">'
        "Click here to access online</a></p>",
        head='<meta name="citation_author" content="Mwangi, Grace Wanjiru">',
    )
    assert (name.removesuffix(".pdf") in "".join(kept(html))) is own
