"""A repository's file rows read as one record's files (landing47, after its scoring).

- A file table's row is labelled up to the link's own cell when that cell has a label of its
  own ("本文" over the file): the licence cell after it ("利用規約に従う", terms of use) names
  no kind of document.
- A link text each row repeats word for word ("プレビュー", preview) is a control's label, not
  a document's title: the rows are no list of other documents.
- A work deposited as numbered parts keeps the numbered file named whole ("11_full
  thesis.pdf"): it is the work, not a part.
- A script named for a PDF in a reader's folder (``/ch/reader/create_pdf.aspx``) gives the file.
- A declared file linked with a query field added (DSpace's ``&isAllowed=y``) is the same
  file: its link's label ("(Abstract).pdf") refuses the declaration.
- A label typed without its accents reads as with them ("Resume_These" is a "résumé"), and a
  synopsis is another kind of document.

The guards keep the old answers: a row whose file cell is only its link is labelled by its
whole row; texts that differ from row to row are titles; a reader's page is still no file.

All pages are written here; none is copied from a corpus.
"""

from __future__ import annotations

from politeharvest.fulltext._landing import find_candidates

REPO = "https://repo.example.ac.jp"
TITLE = "近世瀬戸内における塩田経営と村落金融"


def _page(body: str, head: str = "", title: str = TITLE) -> str:
    """A record page whose metadata names `title`, with `head`'s declarations and `body`."""
    meta = f"<title>{title}</title><meta name='citation_title' content='{title}'>{head}"
    return f"<html><head>{meta}</head><body><main><h1>{title}</h1>{body}</main></body></html>"


def _row(label: str, name: str, licence: str = "利用規約に従う") -> str:
    return (
        f"<tr><td><span class='file-label'>{label}</span><br>"
        f"<a href='{REPO}/record/2003456/files/{name}'>{name} (2.4 MB)</a></td>"
        f"<td>{licence}</td>"
        f"<td><a class='btn' href='{REPO}/record/2003456/file_preview/{name}'>プレビュー</a></td>"
        "</tr>"
    )


def _table(*rows: str) -> str:
    return f"<table><tbody>{''.join(rows)}</tbody></table>"


def test_a_file_row_is_labelled_up_to_its_own_cell() -> None:
    html = _page(
        _table(_row("本文", "Kiyo_72_1.pdf"), _row("研究会発表資料（スライド）", "slide.pdf"))
    )
    found = find_candidates(html, f"{REPO}/records/2003456")
    assert found.candidates[0].url == f"{REPO}/record/2003456/files/Kiyo_72_1.pdf"
    refused = {c.url: c.rejected for c in found.rejected}
    assert "another kind" in str(refused[f"{REPO}/record/2003456/files/slide.pdf"])


def test_a_file_cell_of_only_its_link_is_labelled_by_its_row() -> None:
    # (the guard: DSpace's table, its description after the file's cell)
    html = _page(
        _table(
            f"<tr><td><a href='{REPO}/bitstream/1/a.pdf'>a.pdf</a></td><td>Fulltext</td></tr>",
            f"<tr><td><a href='{REPO}/bitstream/1/b.pdf'>b.pdf</a></td>"
            "<td>Supplementary data</td></tr>",
        )
    )
    found = find_candidates(html, f"{REPO}/handle/1")
    refused = {c.url: c.rejected for c in found.rejected}
    assert "another kind" in str(refused[f"{REPO}/bitstream/1/b.pdf"])


def test_rows_repeating_one_label_are_no_list_of_documents() -> None:
    html = _page(_table(_row("本文", "Kiyo_72_1.pdf", ""), _row("本文2", "Kiyo_72_2.pdf", "")))
    found = find_candidates(html, f"{REPO}/records/2003456")
    assert not any("list of other documents" in str(c.rejected) for c in found.rejected)


def test_rows_of_other_titles_are_still_a_list() -> None:
    items = "".join(
        f"<li class='item'><a href='{REPO}/records/{n}'>{t}</a> "
        f"<a href='{REPO}/record/{n}/files/{n}.pdf'>PDF</a></li>"
        for n, t in ((2001187, "広島方言における終助詞の機能"), (1998034, "被爆体験記の語りの構造"))
    )
    html = _page(f"<ul>{items}</ul>")
    found = find_candidates(html, f"{REPO}/records/2003456")
    assert not [c.url for c in found.candidates if c.url.endswith(".pdf")]


SHODH = "https://shodh.example.ac.in/bitstream/10603/512874"
CHAPTERS = [
    "01_title.pdf",
    "02_prelim pages.pdf",
    "03_content.pdf",
    "04_chapter 1.pdf",
    "05_chapter 2.pdf",
    "06_full thesis.pdf",
]


def _parts(names: list[str]) -> str:
    rows = "".join(
        f"<tr><td><a href='{SHODH}/{i}/{n.replace(' ', '%20')}'>{n}</a></td></tr>"
        for i, n in enumerate(names, start=1)
    )
    return _page(f"<table>{rows}</table>", title="Groundwater quality in the Bundelkhand region")


def test_the_numbered_file_named_whole_is_the_work() -> None:
    found = find_candidates(_parts(CHAPTERS), "https://shodh.example.ac.in/handle/10603/512874")
    assert [c.url for c in found.candidates] == [f"{SHODH}/6/06_full%20thesis.pdf"]


def test_numbered_parts_without_a_whole_file_stay_parts() -> None:
    found = find_candidates(_parts(CHAPTERS[:5]), "https://shodh.example.ac.in/handle/10603/512874")
    assert found.candidates == ()


JOURNAL = "https://www.hjkx.example.cn"


def test_a_pdf_script_in_a_reader_folder_gives_the_file() -> None:
    own = f"{JOURNAL}/ch/reader/create_pdf.aspx?file_no=20230814&flag=1"
    body = (
        f"<p><a href='{own}'>全文下载</a> (PDF 3.1M)</p>"
        f"<p><a href='{JOURNAL}/ch/reader/view_fulltext.aspx?file_no=20230814'>HTML全文</a></p>"
    )
    found = find_candidates(_page(body, title="太湖流域入湖河道水质变化"), f"{JOURNAL}/ch/20230814")
    assert [c.url for c in found.candidates] == [own]
    assert "its script's name says PDF" in found.candidates[0].evidence


def test_a_reader_page_is_still_no_file() -> None:
    page = f"{JOURNAL}/ch/reader/view_fulltext.aspx?file_no=20230814"
    found = find_candidates(
        _page(f"<p><a href='{page}'>全文下载</a></p>", title="太湖流域入湖河道水质变化"),
        f"{JOURNAL}/ch/20230814",
    )
    assert found.candidates == ()


DSPACE = "https://repository.example.ac.tz"


def test_a_declared_file_linked_with_a_field_added_is_read_by_its_link() -> None:
    declared = f"{DSPACE}/bitstream/handle/1/6021/Mwakalinga%20%28Abstract%29.pdf?sequence=2"
    thesis = f"{DSPACE}/bitstream/handle/1/6021/Mwakalinga%20%28PhD%20Thesis%29.pdf?sequence=1"
    body = (
        f"<div><a href='{declared}&amp;isAllowed=y'>Mwakalinga (Abstract).pdf (212.1Kb)</a></div>"
        f"<div><a href='{thesis}&amp;isAllowed=y'>Mwakalinga (PhD Thesis).pdf (4.881Mb)</a></div>"
    )
    html = _page(body, f"<meta name='citation_pdf_url' content='{declared}'>", "Ufundishaji")
    found = find_candidates(html, f"{DSPACE}/handle/1/6021")
    assert declared not in [c.url for c in found.candidates]
    why = next(c.rejected for c in found.rejected if c.url == declared)
    assert "the page's link to it says it is another document" in str(why)


def test_a_declared_file_linked_as_declared_is_unchanged() -> None:
    declared = f"{DSPACE}/bitstream/handle/1/6021/thesis.pdf?sequence=1"
    body = f"<div><a href='{declared}'>thesis.pdf (4.881Mb)</a></div>"
    html = _page(body, f"<meta name='citation_pdf_url' content='{declared}'>", "Ufundishaji")
    found = find_candidates(html, f"{DSPACE}/handle/1/6021")
    assert found.candidates[0].url == declared


def test_a_label_without_its_accents_names_its_kind() -> None:
    summary = f"{DSPACE}/bitstream/handle/1/28814/Resume_These_ElAmrani.pdf"
    synopsis = f"{DSPACE}/bitstream/handle/1/28814/synopsis.pdf"
    body = (
        f"<p><a href='{summary}'>Resume_These_ElAmrani.pdf (156.4Ko)</a></p>"
        f"<p><a href='{synopsis}'>Synopsis (612.4 kB)</a></p>"
    )
    found = find_candidates(_page(body, title="Télédétection des zones humides"), f"{DSPACE}/h/1")
    refused = {c.url: str(c.rejected) for c in found.rejected}
    assert "another kind of document" in refused[summary]
    assert "another kind of document" in refused[synopsis]
