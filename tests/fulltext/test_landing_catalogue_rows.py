"""Landing pages: a full-text label in the record's own words, a row's actions on one file.

Written after landing113 (hosted repositories, discovery layers and catalogues, written
outside the project, scored once on ec485c0):
- a library catalogue's record of a dissertation linked "Toàn văn luận án" (the full text
  of the dissertation) and "Tóm tắt luận án" (its summary): four spaced words are more
  than a label naming the full object has, but "luận án" are words of the record's own
  title ("...: Luận án tiến sĩ kỹ thuật"); less them, the label says "full";
- a research portal's file row "pdf · Tesis doctoral · 18,2 MB · Acceso abierto" with two
  buttons, "Ver" and "Descargar", at two addresses of the one file: a row of two links
  was read as two files side by side, so neither button had the row's description, and
  the page's other row, an embargoed annex classed "restricted", closed the page.
The pages are written here; none is copied from a corpus.
"""

from __future__ import annotations

from politeharvest.fulltext._landing import find_candidates

KOHA = "https://opac.example.edu.vn/cgi-bin/koha/opac-detail.pl?biblionumber=48127"
THESIS = "https://dlib.example.edu.vn/bitstream/123456789/9915/1/LA_2022.pdf"
SUMMARY = "https://dlib.example.edu.vn/bitstream/123456789/9915/2/TomTat_LA_2022.pdf"


def _catalogue(title: str) -> str:
    return (
        f"<html><head><title>Chi tiết cho: {title}</title></head><body>"
        f"<div class='record'><h1 class='title'>{title}</h1>"
        "<span class='results_summary online_resources'><span class='label'>Tài nguyên trực "
        f"tuyến: </span><a href='{THESIS}'>Toàn văn luận án</a> | <a href='{SUMMARY}'>Tóm tắt "
        "luận án (tiếng Việt và tiếng Anh)</a></span></div></body></html>"
    )


def test_a_full_text_label_in_the_records_own_words_names_its_file() -> None:
    page = _catalogue(
        "Nghiên cứu xâm nhập mặn vùng cửa sông Thu Bồn : Luận án tiến sĩ kỹ thuật / Nguyễn Thị Hoa"
    )
    found = find_candidates(page, KOHA).candidates
    assert found and found[0].url == THESIS, [(c.url, c.evidence) for c in found]
    assert "says" in found[0].evidence
    assert all(c.url != SUMMARY for c in found)


def test_the_same_label_for_a_record_of_other_words_says_no_full_text() -> None:
    page = _catalogue("Nghiên cứu xâm nhập mặn vùng cửa sông Thu Bồn / Nguyễn Thị Hoa")
    found = find_candidates(page, KOHA).candidates
    assert all("says" not in c.evidence for c in found), [(c.url, c.evidence) for c in found]


PORTAL = "https://research.example.es/esploro/outputs/doctoral/Arquitectura/991005523017104316"
VIEW = "https://research.example.es/view/delivery/34UME_INST/12224105830004316/13224105820004316"
DOWNLOAD = "https://research.example.es/view/pdfCoverPage?filePid=13224105820004316&download=true"


def _portal(second: str) -> str:
    return (
        "<html><head><title>Arquitectura vernácula y adaptación climática</title></head><body>"
        "<main><h1>Arquitectura vernácula y adaptación climática en la Meseta Norte</h1>"
        "<section class='files'><h2>Archivos y enlaces (2)</h2>"
        "<div class='file-row'><span class='file-type'>pdf</span> <span>Tesis doctoral</span> "
        "<span>18,2 MB</span> <span class='oa'>Acceso abierto</span> "
        f"<a class='btn' href='{VIEW}'>Ver</a> <a class='btn' href='{DOWNLOAD}'>{second}</a></div>"
        "<div class='file-row restricted'><span class='file-type'>pdf</span> <span>Anexos</span>"
        " <span>96,4 MB</span> <span class='embargo'>Embargado hasta 2026-10-01</span> "
        f"<a class='btn' href='{PORTAL}/requestCopy?filePid=1'>Solicitar una copia</a></div>"
        "</section></main></body></html>"
    )


def test_a_rows_buttons_on_its_one_file_give_that_file() -> None:
    analysis = find_candidates(_portal("Descargar"), PORTAL)
    assert analysis.kind == "pdf", analysis.reason
    assert {c.url for c in analysis.candidates} == {VIEW, DOWNLOAD}
    assert all("one file's size" in c.evidence for c in analysis.candidates)


def test_a_row_whose_second_link_names_another_file_is_not_one_files() -> None:
    analysis = find_candidates(_portal("Anexo I (planos)"), PORTAL)
    assert all("one file's size" not in c.evidence for c in analysis.candidates)
