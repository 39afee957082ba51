"""An official document's symbol, printed at the head of its first page.

A record of a UN resolution gives its symbol ("A/RES/78/212") among its identifiers. The
committee's draft under the same title heads its page with its own ("A/C.2/78/L.41"), an
addendum with the record's and a suffix ("A76/12 Add.1"): other documents (identity90,
after its scoring: both matched). The guards: the record's own symbol at the head, a
revision ("Rev.1", which replaces the document) and a symbol of another series are not
refused for it.

PDFs made here with reportlab; none is copied from a corpus.
"""

from __future__ import annotations

import pytest

from politeharvest.fulltext import RecordHints, check_identity

pytest.importorskip("reportlab")
pytest.importorskip("pypdfium2")

from tests.fulltext.test_identity_kinds import body, make_pdf

TITLE = "Sustainable and affordable energy for small island developing States"


def _record(symbol: str) -> dict[str, list[str]]:
    return {
        "title": [TITLE],
        "creator": ["United Nations. General Assembly"],
        "identifier": [symbol, "https://hdl.handle.net/20.500.99999/un-2023-01822"],
        "type": ["Resolutions and decisions"],
    }


def _document(head: str) -> bytes:
    return make_pdf(
        [
            (f"United Nations {head}", 11.0),
            ("General Assembly Distr.: General", 11.0),
            ("Seventy-eighth session", 10.0),
            ("Agenda item 20 (c)", 10.0),
            (TITLE, 16.0),
            *body(30),
        ]
    )


def _judge(symbol: str, head: str) -> tuple[str, str]:
    identity = check_identity(_document(head), RecordHints.from_metadata(_record(symbol)))
    return identity.verdict, identity.evidence


@pytest.mark.parametrize(
    ("head", "said"),
    [
        ("A/C.2/78/L.41", "another document of the record's series"),
        ("A/RES/78/212 Add.1", "an addition to the record's"),
        ("A/RES/78/212/Corr.1", "an addition to the record's"),
    ],
)
def test_another_symbol_at_the_head_is_another_document(head: str, said: str) -> None:
    verdict, evidence = _judge("A/RES/78/212", head)
    assert verdict == "mismatch", evidence
    assert said in evidence


@pytest.mark.parametrize("head", ["A/RES/78/212", "A/RES/78/212/Rev.1", "E/CN.6/2024/3"])
def test_the_records_own_symbol_a_revision_or_another_series_is_not_refused(head: str) -> None:
    verdict, evidence = _judge("A/RES/78/212", head)
    assert verdict != "mismatch", evidence


def test_only_symbol_shaped_identifiers_are_symbols() -> None:
    hints = RecordHints.from_metadata(
        {
            "title": [TITLE],
            "identifier": [
                "A/RES/78/212",
                "https://hdl.handle.net/20.500.99999/un-2023-01822",
                "10.18356/9789210027038",
                "hdl:10665/367882",
            ],
        }
    )
    assert hints.symbols == ("A/RES/78/212",)


def test_the_records_symbol_over_a_masthead_unsays_the_masthead_as_title() -> None:
    """A resolution's masthead ("United Nations A/RES/78/212") set larger than its title,
    which runs in the text ("78/212. Sustainable and affordable energy ..."): the record's
    own symbol heads the page, so the masthead as title block refuses nothing."""
    pdf = make_pdf(
        [
            ("United Nations A/RES/78/212", 18.0),
            ("General Assembly Distr.: General", 11.0),
            ("Seventy-eighth session", 10.0),
            ("Resolution adopted by the General Assembly on 19 December 2023", 10.0),
            (f"78/212. {TITLE}", 10.0),
            *body(30),
        ]
    )
    # (the library's heading for its body, whose words the page does not print as a byline)
    record = {**_record("A/RES/78/212"), "creator": ["UN. Economic and Social Council"]}
    identity = check_identity(pdf, RecordHints.from_metadata(record))
    assert identity.verdict != "mismatch", identity.evidence
    other = {**record, "identifier": ["A/RES/78/213"]}
    assert check_identity(pdf, RecordHints.from_metadata(other)).verdict == "mismatch"
