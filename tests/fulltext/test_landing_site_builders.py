"""Small journals on site builders and file-sharing services (issue 34).

Pages written here in the shapes of a WordPress post whose buttons lead to Google Drive, a
Blogger post linking its paper on Dropbox from a sentence ("đọc toàn văn tại đây": read the
full text here), a file catalogue's "Скачать (2.4 Mb)" button, Weebly's file element
inside its "wsite-not-footer" wrapper, and a Ghost post's file card above a paragraph that
cites the group's earlier work.
"""

from __future__ import annotations

import pytest

from politeharvest.fulltext._landing import find_candidates
from politeharvest.fulltext._words import file_href, shared_file

TITLE = "Agricultura urbana e segurança alimentar em Belém"


def _page(body: str, title: str = TITLE) -> str:
    return (
        f"<html><head><title>{title} – Revista</title></head><body><main><h1>{title}</h1>"
        f"<p>Resumo do artigo sobre hortas comunitárias.</p>{body}</main></body></html>"
    )


@pytest.mark.parametrize(
    "link",
    [
        "https://drive.google.com/file/d/1Qm7bXw2ZrT9kLpV4sNcYh8aE3uFjD0oG/view?usp=sharing",
        "https://drive.google.com/uc?export=download&id=1Qm7bXw2ZrT9kLpV4sNcYh8aE3uFjD0oG",
        "https://www.dropbox.com/scl/fi/k8x2v7q9m3n1b4c6z0a5s/TranLe_2024.pdf?rlkey=q2w&dl=0",
        "https://1drv.ms/b/s!AkX7mQ2pR9tZgdF3kL8vW1yN0cB?e=Ab3XyZ",
        "https://onedrive.live.com/download?cid=4C2B7A9E&resid=4C2B7A9E%21218&authkey=!AHk3",
        "https://disk.yandex.ru/i/Xy7kQ2mP9vR3tA",
    ],
)
def test_one_file_shared_on_a_sharing_service_is_a_files_address(link: str) -> None:
    assert shared_file(link)
    assert file_href(link, "https://rgta.example.com.br/v9n2/artigo/")


@pytest.mark.parametrize(
    "link",
    [
        "https://drive.google.com/drive/folders/1xVb8Kq3NnR2tYw5Zc7LmPd9Ea0Gh4Jf6",
        "https://docs.google.com/document/d/1AbCdEfGhIjKlMnOp/edit",
        "https://www.dropbox.com/scl/fo/p3o9i7u5y1t4r2e8w6q0a/AJk2Lm9?rlkey=z9x&dl=0",
        "https://disk.yandex.ru/d/Lm4nB8vC1xZ6qW",
    ],
)
def test_a_shared_folder_or_document_is_no_shared_file(link: str) -> None:
    assert not shared_file(link)


def test_a_drive_button_of_the_pages_post_is_not_held_back_as_another_hosts() -> None:
    own = "https://drive.google.com/uc?export=download&id=1Qm7bXw2ZrT9kLpV4sNcYh8aE3uFjD0oG"
    body = (
        "<div class='elementor-button-wrapper'><a class='elementor-button' "
        f"href='{own.replace('&', '&#038;')}'><span class='elementor-button-text'>Baixar</span></a></div>"
    )
    found = find_candidates(_page(body), "https://rgta.example.com.br/v9n2/agricultura-urbana/")
    assert [c.url for c in found.candidates] == [own]
    assert "another host" not in found.candidates[0].evidence


def test_a_short_link_ending_a_sentence_that_says_the_full_text_is_the_records_file() -> None:
    own = "https://www.dropbox.com/scl/fi/k8x2v7q9m3/TranLe_2024_NNDS.pdf?rlkey=q2w3&dl=0"
    earlier = "https://www.dropbox.com/scl/fi/r5t7y9u1i3/LeTran_2022_NNDS.pdf?rlkey=m1n2&dl=0"
    title = "Chuyển mã Việt–Anh của sinh viên trên mạng xã hội"
    body = (
        "<div>Tạp chí cho phép tác giả chia sẻ bản PDF chính thức. Các bạn có thể đọc toàn "
        f"văn <a href='{own}'>tại đây</a>.</div><div>Bài báo tiếp nối nghiên cứu năm 2022 "
        f"của nhóm (<a href='{earlier}'>đọc tại đây</a>).</div>"
    )
    found = find_candidates(_page(body, title), "https://nhom.example.blogspot.com/2024/04/a.html")
    assert [c.url for c in found.candidates][:1] == [own]
    assert "the words leading to it say the full text" in found.candidates[0].evidence
    assert earlier not in [c.url for c in found.candidates][:1]


def test_a_download_button_giving_its_files_size_leads_to_a_file() -> None:
    site = "https://almanakh.example.ucoz.ru"
    body = (
        "<div align='center'><a href='/load/0-0-0-123-20' class='entryLink'>"
        "<img src='/.s/img/icon/download1.png'> Скачать (2.4 Mb)</a></div>"
    )
    found = find_candidates(
        _page(body, "Земские школы Калужского уезда"), f"{site}/load/vypusk_12/zemskie/5-1-0-123"
    )
    assert [c.url for c in found.candidates] == [f"{site}/load/0-0-0-123-20"]
    assert "its label gives its file's size ('2.4 Mb')" in found.candidates[0].evidence


def test_a_wrapper_class_that_says_it_is_not_the_footer_is_no_footer() -> None:
    site = "http://geografya.example.weebly.com"
    body = (
        "<div class='wsite-elements wsite-not-footer wsite-content'><div class='wsite-file'>"
        "<div class='wsite-file-title'><a href='/uploads/1/4/2/7/142731906/tcn7_3.pdf'>"
        "tcn7_3.pdf</a></div><div class='wsite-file-size'>Dosya Boyutu: 1243 kb</div></div></div>"
    )
    found = find_candidates(
        _page(body, "Ergene havzasında arazi kullanımı"), f"{site}/sayi-7-makale-3.html"
    )
    assert [c.url for c in found.candidates] == [f"{site}/uploads/1/4/2/7/142731906/tcn7_3.pdf"]


def test_a_work_a_sentence_cites_below_the_file_card_is_no_list_beside_it() -> None:
    site = "https://wonen.example.nl"
    body = (
        "<section class='gh-content'><p>Sinds de energieprijzen stegen, besteedt een groeiende "
        "groep huurders een groot deel van het inkomen aan energie.</p>"
        "<div class='kg-card kg-file-card'><a class='kg-file-card-container' "
        f"href='{site}/content/files/2024/02/kww-dp-2024-02.pdf' download>"
        "<div class='kg-file-card-title'>Discussiepaper 2024/02</div>"
        "<div class='kg-file-card-filename'>kww-dp-2024-02.pdf</div>"
        "<div class='kg-file-card-filesize'>1 MB</div></a></div>"
        "<p>Dit paper bouwt voort op ons eerdere werk over <a href="
        f"'{site}/discussiepaper-2023-05-kwaliteitskorting/'>de kwaliteitskortingsgrens</a>. "
        "Reacties zijn welkom.</p></section>"
    )
    found = find_candidates(
        _page(body, "Energiearmoede en huurtoeslag"),
        f"{site}/discussiepaper-2024-02-energiearmoede/",
    )
    assert [c.url for c in found.candidates] == [f"{site}/content/files/2024/02/kww-dp-2024-02.pdf"]
