"""A Nuxt payload with values written in place, and a title in a script without spaces.

Two things hid a record's file in its page's script state (landing109, after its scoring;
the same moved landing107's theses.fr page):

- a ``__NUXT_DATA__`` payload whose objects hold values in place (``{"downloadUrl":
  "https://..."}``) as well as by their index: the values in place were dropped;
- the record's object titled in Japanese ("生成AIと個人情報保護"), one "word" without
  spaces, was not read as a title, so its file had no owner.

All pages are written here; none is copied from a corpus.
"""

from __future__ import annotations

import json

from politeharvest.fulltext._landing import find_candidates
from politeharvest.fulltext._state import devalued

TITLE = "生成AIと個人情報保護―主要国の規制動向―"
PAGE = "https://dl.example.go.jp/pid/13598812"


def _payload() -> str:
    item = {
        "pid": "13598812",
        "title": TITLE,
        "contents": [
            {
                "label": "本文",
                "mimetype": "application/pdf",
                "downloadUrl": "https://dl.example.go.jp/view/download/digidepo_13598812.pdf",
            }
        ],
        "related": [
            {
                "pid": "13598815",
                "title": "Generative AI and Personal Data Protection (English summary)",
                "downloadUrl": "https://dl.example.go.jp/view/download/digidepo_13598815.pdf",
            }
        ],
    }
    return json.dumps([{"state": 1}, {"$sitem": 2}, item], ensure_ascii=False)


def test_values_written_in_place_are_kept() -> None:
    rebuilt = json.loads(devalued(_payload()) or "null")
    item = rebuilt["state"]["$sitem"]
    assert item["contents"][0]["downloadUrl"].endswith("digidepo_13598812.pdf")
    # (a real payload's indices still resolve: {"state": 1} names entry 1)
    assert isinstance(rebuilt["state"], dict)


def test_the_records_file_under_its_japanese_title_is_its_own() -> None:
    html = (
        f"<html><head><title>{TITLE}</title></head><body><div id='__nuxt'></div>"
        f"<script type='application/json' id='__NUXT_DATA__'>{_payload()}</script>"
        "</body></html>"
    )
    found = find_candidates(html, PAGE)
    assert found.candidates[0].url == "https://dl.example.go.jp/view/download/digidepo_13598812.pdf"
    assert found.candidates[0].strong
    other = "https://dl.example.go.jp/view/download/digidepo_13598815.pdf"
    assert other not in [c.url for c in found.candidates]


# landing114 (scored once on 6e9b1fd): a research portal's preload object names each file
# ("fileName": "Nguyen_2024_AAM.pdf") beside its address under a key of its own name
# ("deliveryUrl"), no file's shape in it: the address was passed over.
PORTAL = "https://portal.example.edu.au/esploro/outputs/journalArticle/Riparian/991122334455605521"
DELIVERY = "https://portal.example.edu.au/view/delivery/61MVU_INST/12281934750005521"
RIPARIAN = "Riparian buffer width and macroinvertebrate recovery in agricultural streams"


def _preload(name: str) -> str:
    state = {
        "assetId": "991122334455605521",
        "title": RIPARIAN,
        "files": [
            {"fileName": name, "fileType": "Accepted Manuscript", "deliveryUrl": f"{DELIVERY}/1"},
            {"fileName": "Tables_S1-S4.docx", "deliveryUrl": f"{DELIVERY}/2"},
        ],
    }
    return (
        f"<html><head><title>{RIPARIAN}</title></head><body><esp-root></esp-root>"
        f"<script>window.ESPLORO_ASSET_PRELOAD={json.dumps(state)};</script></body></html>"
    )


def test_an_address_key_of_its_own_name_beside_a_pdf_files_name_is_that_file() -> None:
    found = find_candidates(_preload("Nguyen_2024_AAM.pdf"), PORTAL).candidates
    assert [c.url for c in found] == [f"{DELIVERY}/1"]


def test_the_same_key_beside_another_files_name_is_none() -> None:
    assert not find_candidates(_preload("Nguyen_2024_AAM.docx"), PORTAL).candidates
