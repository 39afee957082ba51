"""Identity: a part numbered over the title, a companion's label in two languages (identity42).

- A registered report's Stage 2 article sets "Registered Report - Stage 2" right over its
  title; the record of the Stage 1 protocol is titled "Stage 1 Registered Report: <title>":
  the line over the title names a part with the record's word and another number,
  another part, as a line under it already did ("Deel 1" for the record's "Deel 2").
  Guard: the record's own stage is matched.
- A teaching note's label in the case's language with its English name in brackets
  ("GABAY SA PAGTUTURO (TEACHING NOTE)") over the case's title is the companion's label.
  Guard: the case itself, under a label of no companion, is matched.

Small PDFs made here (reportlab).
"""

from __future__ import annotations

import pytest

from politeharvest.fulltext import RecordHints, check_identity

pytest.importorskip("reportlab")
pytest.importorskip("pypdfium2")

from tests.fulltext.test_identity_layout import Item, body, make_pdf

TITLE = "Does ego depletion impair delay discounting? A multi-site registered replication"
AUTHORS = ("nieminen", "papadopoulos", "brandt")


def _report(label: str) -> bytes:
    cover: list[Item] = [
        (label, 11.0),
        ("Does Ego Depletion Impair Delay Discounting?", 20.0),
        ("A Multi-Site Registered Replication", 20.0),
        ("Aino Nieminen, Giorgos Papadopoulos, Sophie Brandt", 11.0),
    ]
    return make_pdf(cover + body(24))


def test_another_stage_named_over_the_title_is_another_part() -> None:
    record = RecordHints(titles=(f"Stage 1 Registered Report: {TITLE}",), surnames=AUTHORS)
    identity = check_identity(_report("Collabra Registered Report - Stage 2"), record)
    assert identity.verdict == "mismatch"
    assert "'stage' 2" in identity.evidence


def test_the_record_s_own_stage_is_matched() -> None:
    record = RecordHints(titles=(f"Stage 2 Registered Report: {TITLE}",), surnames=AUTHORS)
    assert check_identity(_report("Stage 2 Registered Report"), record).verdict == "matched"


CASE = "Kooperatiba ng mga Magsasaka ng San Isidro: Pagharap sa Krisis ng Utang"


def _case(label: str) -> bytes:
    cover: list[Item] = [
        ("CASE CENTER Kaso Blg. 2019-04", 10.0),
        (label, 12.0),
        ("Kooperatiba ng mga Magsasaka ng San Isidro", 20.0),
        ("Pagharap sa Krisis ng Utang", 15.0),
        ("Inihanda nina Maria Luisa R. Santos at Jose Antonio Dela Cruz", 10.0),
    ]
    return make_pdf(cover + body(24))


def test_a_teaching_note_s_label_with_its_english_name_in_brackets() -> None:
    record = RecordHints(titles=(CASE,), surnames=("santos", "dela cruz"))
    identity = check_identity(_case("GABAY SA PAGTUTURO (TEACHING NOTE)"), record)
    assert identity.verdict == "mismatch"
    assert "teaching note" in identity.evidence


def test_the_case_itself_under_a_label_of_no_companion_is_matched() -> None:
    record = RecordHints(titles=(CASE,), surnames=("santos", "dela cruz"))
    assert check_identity(_case("KASO (CASE STUDY)"), record).verdict == "matched"
