"""A page's title heading when it has no h1, and a record's number with a letter code.

An old table layout titles its article with an ``h2``: the block that holds it is the
article's own, not one item of a list of other documents beside the previous article's
paragraph. A file named by the record's number and a language's letter (``2305E-…pdf``
on ``/publication/2305/``) is the record's, not another record's.
"""

from __future__ import annotations

from politeharvest.fulltext._landing import find_candidates

SITE = "https://archive.example.org"
TITLE = "Fishing lore of the eastern coast"


def _head(title: str) -> str:
    return f"<html><head><meta name='citation_title' content='{title}'></head>"


def test_the_h2_that_reads_the_title_holds_the_article_block() -> None:
    folder = "/document//Volume_58_1949/Volume_58%2C_No._3"
    page = (
        _head(TITLE) + "<body><table><tr><td class='nav'><a href='/document/'>Contents</a> &gt; "
        "<a href='/document/?wid=2868'>Volume 58, No. 3</a></td></tr>"
        f"<tr><td><h2>{TITLE}, by H. K. Ngata, p 122-135</h2>"
        f"<p><a href='{folder}/JPS_58_3_122-135.pdf'><img src='/images/pdf.gif'> "
        "Download PDF of this article</a> (3.2 MB)</p>"
        "<p>Previous article: <a href='/document/?wid=2870'>Notes on Tongan canoes</a> "
        f"(<a href='{folder}/JPS_58_3_110-121.pdf'>PDF</a>)</p></td></tr></table></body></html>"
    )
    analysis = find_candidates(page, f"{SITE}/document/?wid=2871")
    assert [c.url for c in analysis.candidates] == [f"{SITE}{folder}/JPS_58_3_122-135.pdf"]


def test_a_file_named_by_the_record_number_and_a_letter_is_the_records() -> None:
    title = "Women and land in the western province"
    uploads = f"{SITE}/wp-content/uploads/2023/06"
    page = (
        _head(title) + f"<body><article><h1>{title}</h1><div class='downloads'><ul>"
        f"<li><a href='{uploads}/2305E-Women-and-Land.pdf'>English</a></li>"
        f"<li><a href='{uploads}/2305-Policy-Note-Women-and-Land.pdf'>Policy Note (4 pp.)</a>"
        "</li></ul></div></article></body></html>"
    )
    analysis = find_candidates(page, f"{SITE}/publication/2305/")
    assert [c.url for c in analysis.candidates] == [f"{uploads}/2305E-Women-and-Land.pdf"]
