"""Identity: another edition of a numbered document is never matched to the record's.

A standard's superseded edition has the record's title, committee and layout; only the
year after its number differs ("DIN SPEC 17394-2:2017-11" for the record of
"DIN SPEC 17394-2:2021-05"). The record's identifiers naming an edition
(`RecordHints.editions`) are compared with the number the file's first page gives
(identity48, after its scoring). Small PDFs made here (reportlab).
"""

from __future__ import annotations

import json

import pytest

from politeharvest.fulltext import RecordHints, check_identity
from politeharvest.fulltext._identity import editions_of
from politeharvest.fulltext._step import _hints_dict, _hints_from

pytest.importorskip("reportlab")
pytest.importorskip("pypdfium2")

from tests.fulltext.test_identity_layout import body, make_pdf

TITLE = "Additive manufacturing - Qualification of laser powder bed fusion machines - Part 2"


def _metadata(identifier: str) -> dict[str, list[str]]:
    return {
        "title": [TITLE],
        "creator": ["DIN e.V.", "Normenausschuss Werkstofftechnologie"],
        "date": ["2021-05"],
        "type": ["Standard"],
        "identifier": [identifier, "https://doi.org/10.5555/4512034"],
    }


def _standard(edition: str) -> bytes:
    return make_pdf(
        [
            (f"Preisgruppe 12   www.din.example   DIN SPEC 17394-2:{edition}", 8.0),
            ("DIN SPEC", 14.0),
            (TITLE, 17.0),
            ("DIN e.V. Normenausschuss Werkstofftechnologie", 10.0),
            *body(16),
        ]
    )


@pytest.mark.parametrize(
    ("identifiers", "editions"),
    [
        (["DIN SPEC 17394-2:2021-05"], (("DIN SPEC 17394-2", "2021"),)),
        (
            ["ISO/IEC 27001:2022", "ISO 9001 : 2015"],
            (("ISO/IEC 27001", "2022"), ("ISO 9001", "2015")),
        ),
        (["https://doi.org/10.5555/1", "urn:nbn:de:0001-2021", "hdl:2066/288104"], ()),
    ],
)
def test_identifiers_naming_an_edition(identifiers: list[str], editions: object) -> None:
    assert editions_of(identifiers) == editions


def test_a_superseded_edition_of_the_record_s_standard_is_refused() -> None:
    hints = RecordHints.from_metadata(_metadata("DIN SPEC 17394-2:2021-05"))
    identity = check_identity(_standard("2017-11"), hints)
    assert identity.verdict == "mismatch"
    assert "another edition" in identity.evidence


def test_the_record_s_own_edition_is_matched() -> None:
    hints = RecordHints.from_metadata(_metadata("DIN SPEC 17394-2:2021-05"))
    assert check_identity(_standard("2021-05"), hints).verdict == "matched"


def test_a_sentence_naming_the_edition_it_replaces_is_no_other_edition() -> None:
    # the record's own edition whose first page says which one it replaces: a mention
    hints = RecordHints.from_metadata(_metadata("DIN SPEC 17394-2:2021-05"))
    pdf = make_pdf(
        [
            ("DIN SPEC", 14.0),
            (TITLE, 17.0),
            ("DIN e.V. Normenausschuss Werkstofftechnologie", 10.0),
            ("This edition will cancel and replace DIN SPEC 17394-2:2017-11", 9.0),
            *body(16),
        ]
    )
    assert check_identity(pdf, hints).verdict == "matched"


def test_without_the_edition_in_the_record_the_title_decides_as_before() -> None:
    hints = RecordHints.from_metadata(_metadata("https://repo.example.org/4512034"))
    assert hints.editions == ()
    assert check_identity(_standard("2017-11"), hints).verdict == "matched"


def test_the_editions_survive_a_retry_mark_s_json() -> None:
    hints = RecordHints.from_metadata(_metadata("DIN SPEC 17394-2:2021-05"))
    kept = _hints_from(json.loads(json.dumps(_hints_dict(hints))))
    assert kept == hints
    assert hash(kept) == hash(hints)
    assert kept is not None and kept.editions == (("DIN SPEC 17394-2", "2021"),)
