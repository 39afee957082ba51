"""Library systems' record pages: the thesis's file among its defence papers (issue 34).

landing92 (13 of 24 own files found when scored once on b860c4a) held thesis records of
library systems deployed in thousands of libraries: Koha's online-resource links
(``opac-retrieve-file.pl``), PMB's digital copies (``doc_num.php?explnum_id=``), each in a
cell with its media type and a thumbnail, SLiMS's file list (``index.php?p=fstream-pdf``)
under "Lampiran Berkas". Beside the thesis each lists its defence's minutes and its
similarity report. Each test is one of the structures that hid the file; the guards keep
what made the resolver careful. All pages are written here; none is copied from a corpus.
"""

from __future__ import annotations

import pytest

from politeharvest.fulltext._landing import find_candidates
from politeharvest.fulltext._words import BAD_TEXT, button_text, file_href

TITLE = "Monitoring river water quality with low-power sensor networks"


def _record(body: str, *, lang: str = "en") -> str:
    return (
        f"<html lang='{lang}'><head><title>Details for: {TITLE} - Library catalogue</title>"
        f"</head><body><header><nav><a href='/'>Home</a></nav></header><main>"
        f"<h1 class='title'>{TITLE}</h1><p class='author'>by Vaca, Daniela</p>{body}"
        "</main></body></html>"
    )


def _kept(page: str, url: str) -> list[str]:
    return [c.url for c in find_candidates(page, url).candidates if c.rejected is None]


KOHA = "https://library.example.edu.bo/cgi-bin/koha/opac-detail.pl?biblionumber=48213"
RETRIEVE = "https://library.example.edu.bo/cgi-bin/koha/opac-retrieve-file.pl?id="


def test_a_catalogue_s_file_script_in_perl_gives_a_file() -> None:
    assert file_href(RETRIEVE + "9e41c07b", KOHA)
    # (a profile's script is no file's, in Perl as in PHP)
    assert not file_href("https://library.example.edu.bo/cgi-bin/profile.pl?id=3", KOHA)


def test_a_button_saying_access_online_beside_defence_papers_is_the_thesis_s_file() -> None:
    page = _record(
        "<span class='online_resources'><span class='label'>Recursos en línea: </span>"
        f"<a href='{RETRIEVE}9e41c07b'>Haga clic aquí para acceder en línea</a> | "
        f"<a href='{RETRIEVE}2b7d6a04'>Informe de similitud (Turnitin)</a> | "
        f"<a href='{RETRIEVE}c5f08e3a'>Acta de defensa y aprobación del tribunal</a></span>",
        lang="es",
    )
    assert _kept(page, KOHA) == [RETRIEVE + "9e41c07b"]


@pytest.mark.parametrize(
    "label",
    ["Acceder al texto completo", "Accéder au document", "Acessar", "Consultar en línea"],
)
def test_words_to_access_a_file_are_a_button_s(label: str) -> None:
    assert button_text(label)


@pytest.mark.parametrize(
    "label",
    [
        "PV de soutenance",
        "Procès-verbal de soutenance",
        "Acta de sustentación",
        "Informe de similitud (Turnitin)",
        "Relatório de similaridade",
        "Hasil Cek Plagiasi",
        "Similarity report",
    ],
)
def test_a_defence_s_minutes_and_a_similarity_report_are_other_documents(label: str) -> None:
    assert BAD_TEXT.search(label)


def test_open_access_is_still_no_button() -> None:
    # (English "access" is no button's word: "Open Access" names a policy)
    assert not button_text("Open Access")


PMB = "https://bu.example.dz/opac_css/index.php?lvl=notice_display&id=38412"


def _copy(number: int, label: str) -> str:
    return (
        "<td class='docnum'>"
        f"<a href='./doc_num.php?explnum_id={number}'>"
        f"<img src='./vig_num.php?explnum_id={number}' alt='' title='{label}'></a><br>"
        f"<a href='./doc_num.php?explnum_id={number}'>{label}</a>"
        "<div class='explnum_type'>application/pdf</div>"
        f"<a href='#' onclick='view({number});return false;' title='Viewer'>"
        "<img src='./images/viewer.png' alt='Viewer'></a></td>"
    )


def test_a_digital_copy_in_its_cell_with_its_media_type_is_the_thesis_s_file() -> None:
    page = _record(
        "<h3>Documents numériques (3)</h3><table class='docnum'><tr>"
        + _copy(7731, "PV de soutenance")
        + _copy(7729, "M_INF_17_2023")
        + _copy(7730, "Résumé du mémoire")
        + "</tr></table>",
        lang="fr",
    )
    own = "https://bu.example.dz/opac_css/doc_num.php?explnum_id=7729"
    assert _kept(page, PMB) == [own]
    found = find_candidates(page, PMB)
    (best,) = [c for c in found.candidates if c.rejected is None]
    assert "application/pdf" in best.evidence
    # the minutes' thumbnail is refused with the label beside it, not tried as a file
    refused = [c for c in found.rejected if "7731" in c.url]
    assert refused


def test_a_thumbnail_is_refused_when_its_label_names_another_document() -> None:
    other = "https://bu.example.dz/opac_css/doc_num.php?explnum_id=7731"
    page = _record(
        f"<div class='files'><p><a href='{other}'><img src='thumb.png' alt=''></a> "
        f"<a href='{other}'>Procès-verbal de la soutenance du jury</a></p></div>",
        lang="fr",
    )
    assert other not in _kept(page, PMB)


def test_a_thumbnail_alone_keeps_its_evidence() -> None:
    # (no label names another document: the cell's media type still says PDF)
    own = "https://bu.example.dz/opac_css/doc_num.php?explnum_id=7729"
    page = _record(
        "<table><tr><td>"
        f"<a href='{own}'><img src='./vig_num.php?explnum_id=7729' alt=''></a>"
        "<div>application/pdf</div></td><td><a href='/opac_css/index.php?lvl=cart'>Cart</a>"
        "</td></tr></table>",
        lang="fr",
    )
    assert own in _kept(page, PMB)


SLIMS = "https://lib.example.ac.id/index.php?p=show_detail&id=23456"


def _attachment(fid: int, label: str) -> str:
    return (
        f"<li class='attachment-item'><a class='openPopUp' title='{label}' "
        f"href='https://lib.example.ac.id/index.php?p=fstream-pdf&amp;fid={fid}&amp;bid=23456'>"
        f"<i class='fas fa-file-pdf'></i> {label}</a></li>"
    )


def test_a_file_list_under_its_heading_of_attached_files_gives_the_thesis() -> None:
    page = _record(
        "<h4>Lampiran Berkas</h4><ul class='attachList'>"
        + _attachment(61208, "Cover dan Lembar Pengesahan")
        + _attachment(61209, "Abstrak")
        + _attachment(61211, "2019110045")
        + _attachment(61210, "Hasil Cek Plagiasi")
        + "</ul>",
        lang="id",
    )
    own = "https://lib.example.ac.id/index.php?p=fstream-pdf&fid=61211&bid=23456"
    assert _kept(page, SLIMS) == [own]


def test_an_appendix_is_still_another_part() -> None:
    assert BAD_TEXT.search("Lampiran 1-5")
    assert not BAD_TEXT.search("Lampiran Berkas")


TDC = "https://tdc.example.or.th/tdc/browse.php?option=show&titleid=512345"


def _thesis_files(rows: str) -> str:
    return (
        "<html><head><title>Digital Collection : Development of learning packages</title>"
        "</head><body><table><tr><td class='leftcol'><div class='boxhead'>Members</div>"
        "<form name='login' method='post' action='login.php'>"
        "<input type='text' name='username'><input type='password' name='password'>"
        "<input type='submit' value='Login'></form><a href='register.php'>Register</a></td>"
        "<td class='maincol'><table class='detail'>"
        "<tr><td>Title</td><td>Development of learning activity packages on renewable energy "
        "in the community for grade eight students</td></tr>"
        "<tr><td>Author</td><td>Supawadee Thongma</td></tr>"
        "<tr><td>Degree</td><td>Master of Education (Curriculum and Instruction)</td></tr>"
        "<tr><td>Abstract</td><td>"
        + "This study developed learning activity packages and examined their effect. " * 6
        + "</td></tr></table><table class='files'>"
        + rows
        + "</table></td></tr></table></body></html>"
    )


def _row(obj: int, name: str) -> str:
    return (
        f"<tr><td><a href='dccheck.php?Int_code=92&amp;RecId=41872&amp;obj_id={obj}'>"
        f"{name}</a></td><td>1.2 MB</td></tr>"
    )


def test_a_member_login_in_a_column_beside_the_record_is_no_wall() -> None:
    page = _thesis_files(_row(338101, "Chapter1.pdf") + _row(338111, "Fulltext.pdf"))
    found = find_candidates(page, TDC)
    assert found.kind != "blocked"


def test_a_sign_in_page_with_a_password_form_is_still_a_wall() -> None:
    page = (
        "<html><head><title>Login - Digital Collection</title></head><body><table><tr>"
        "<td><form method='post' action='login.php'><input type='text' name='username'>"
        "<input type='password' name='password'><input type='submit' value='Login'></form>"
        "</td><td>Please log in to view this record.</td></tr></table></body></html>"
    )
    assert find_candidates(page, TDC).kind == "blocked"


def test_a_file_named_as_the_full_text_among_the_chapters_is_the_thesis() -> None:
    page = _thesis_files(
        _row(338101, "Cover.pdf")
        + _row(338104, "Chapter1.pdf")
        + _row(338105, "Chapter2.pdf")
        + _row(338111, "Fulltext.pdf")
    )
    own = "https://tdc.example.or.th/tdc/dccheck.php?Int_code=92&RecId=41872&obj_id=338111"
    assert _kept(page, TDC) == [own]


IRBIS = "https://lib.example.kz/cgi-bin/irbis64r_plus/cgiirbis_64.exe?C21COM=S&S21STR=D/2023/118"
FT = (
    "https://lib.example.kz/cgi-bin/irbis64r_plus/cgiirbis_64_ft.exe?I21DBN=DIS_FULLTEXT"
    "&C21COM=F&IMAGE_FILE_NAME=%5CDIS%5C2023%5C"
)


def test_a_script_sending_the_pdf_its_query_names_gives_a_file() -> None:
    assert file_href(FT + "D-118.pdf&IMAGE_FILE_DOWNLOAD=1", IRBIS)
    # (a viewer's page naming its file is a page: the file is read from it apart)
    assert not file_href("https://lib.example.kz/viewer.php?file=/docs/D-118.pdf&page=2", IRBIS)


def test_a_dissertation_s_row_beside_its_summary_and_review_rows_gives_its_file() -> None:
    def row(label: str, name: str) -> str:
        return (
            f"<tr><td><img src='/images/pdf.gif' alt=''></td><td>{label}</td>"
            f"<td><a href='{FT}{name}&amp;IMAGE_FILE_DOWNLOAD=0'>Открыть</a> | "
            f"<a href='{FT}{name}&amp;IMAGE_FILE_DOWNLOAD=1'>Скачать</a></td></tr>"
        )

    page = _record(
        "<table class='files'>"
        + row("Автореферат (рус.)", "A-118-ru.pdf")
        + row("Диссертация", "D-118.pdf")
        + row("Отзыв зарубежного научного консультанта (англ.)", "OK-118-en.pdf")
        + "</table>",
        lang="ru",
    )
    kept = _kept(page, IRBIS)
    assert kept and all("D-118.pdf" in url for url in kept)


@pytest.mark.parametrize(
    "label", ["ავტორეფერატი (ქართ.)", "რეცენზია — გ. ჩიქოვანი", "avtoreferat_uz.pdf"]
)
def test_a_dissertation_s_summary_and_review_in_more_scripts(label: str) -> None:
    assert BAD_TEXT.search(label)
