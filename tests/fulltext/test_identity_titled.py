"""Identity: a file titled with the record's short title, kept as a page's first file.

A statistics office's yearbook ("Zdravotnictví - 2023") or a project's final report
("Belastungssteuerung im Nachwuchsleistungssport") has a title too short to match alone,
and a record that names no author: its own file is never ``matched``. The verdict says
when the title block is the record's title and nothing is against it (``titled``); the
fetcher keeps such a file when asked for ``require="titled"`` (a page's first link with
evidence of its own), and never when anything speaks against it, the record is titled by
a kind's label alone ("Editorial"), or the title block is another title. The verdict
cache keeps the flag.

Small PDFs made here (reportlab).
"""

from __future__ import annotations

import pytest

from politeharvest.fulltext import RecordHints, check_identity
from politeharvest.fulltext._identity import Identity
from politeharvest.fulltext._pdf import UNCONFIRMED, WRONG_FILE, _identity_from, refusal_status

pytest.importorskip("reportlab")
pytest.importorskip("pypdfium2")

from tests.fulltext.test_identity_layout import Item, body, make_pdf

YEARBOOK = "Zdravotnictví - 2023"


def _file(title: str, over: str = "Český statistický úřad") -> bytes:
    cover: list[Item] = [(over, 11.0), (title, 24.0), ("Praha, 2024", 10.0)]
    return make_pdf(cover, body(30))


def test_the_record_s_short_title_as_the_title_block_is_titled() -> None:
    identity = check_identity(_file(YEARBOOK), RecordHints(titles=(YEARBOOK,)))
    assert identity.verdict == "unverifiable"
    assert identity.titled


@pytest.mark.parametrize(
    ("title", "record"),
    [
        ("Zdravotnictví - 2022", YEARBOOK),  # another year's
        ("Doprava - 2023", YEARBOOK),  # another yearbook
        ("Editorial", "Editorial"),  # a kind's label: every issue's editorial
    ],
)
def test_another_title_or_a_label_is_not_titled(title: str, record: str) -> None:
    identity = check_identity(_file(title), RecordHints(titles=(record,)))
    assert identity.verdict != "matched"
    assert not identity.titled


def test_a_matched_file_needs_no_flag() -> None:
    hints = RecordHints(titles=("Hospitalizace a náklady zdravotní péče v krajích",))
    identity = check_identity(_file("Hospitalizace a náklady zdravotní péče v krajích"), hints)
    assert identity.verdict == "matched"
    assert not identity.titled


@pytest.mark.parametrize(
    ("identity", "require", "refusal"),
    [
        (Identity("unverifiable", "t", titled=True), "titled", None),
        (Identity("unverifiable", "t"), "titled", UNCONFIRMED),
        (Identity("matched", "t"), "titled", None),
        (Identity("mismatch", "t"), "titled", WRONG_FILE),
        (Identity("unverifiable", "t", titled=True), "matched", UNCONFIRMED),
        (Identity("unverifiable", "t"), "not-mismatch", None),
    ],
)
def test_what_each_requirement_keeps(identity: Identity, require: str, refusal: str | None) -> None:
    assert refusal_status(identity, require) == refusal  # type: ignore[arg-type]


def test_the_verdict_cache_keeps_the_flag() -> None:
    titled = Identity("unverifiable", "its title is the title block", titled=True)
    assert titled.to_dict()["titled"] == "yes"
    assert _identity_from({"identity": titled.to_dict()}) == titled
    plain = Identity("unverifiable", "no evidence either way")
    assert "titled" not in plain.to_dict()
    assert _identity_from({"identity": plain.to_dict()}) == plain
