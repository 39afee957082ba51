"""A patent's front page read by its numbered fields (WIPO ST.9 INID codes; issue 34).

Each class with its guard:

- the title is the value of field (54), whatever its size on the page (a title in the body
  size under the office's larger heading "(12) Gebrauchsmusterschrift"), the first
  language's line of a European patent's three;
- the publication number in field (11) or (10) against the record's ("EP 3 987 412 A1"):
  the record's own number is the record's file (even as a short front page), the same
  serial under another kind code is another publication of the patent (the grant "B1" for
  the application "A1", the kind code read from field (12) or (13) when (11) prints none),
  another serial at the same office another patent under the same title, a number at
  another office a member of its family; a record named by its application's number is
  undecided (every publication prints it); a number given without its office, or a record
  without a number, decides nothing else;
- a record's identifiers are read as publication numbers only when whole and shaped so
  (an office's code, five digits or more, a kind code): not an ISSN, a DOI, an address or an
  application's number.

PDFs made here with reportlab; none is copied from a corpus.
"""

from __future__ import annotations

import pytest

from politeharvest.fulltext import RecordHints, check_identity
from politeharvest.fulltext._patents import (
    applied,
    other_publication,
    patent_number,
    record_numbers,
)

pytest.importorskip("reportlab")
pytest.importorskip("pypdfium2")

from tests.fulltext.test_identity_kinds import make_pdf

TITLE_DE = "Halterung für Photovoltaikmodule auf Flachdächern"
CLAIM = (
    "Halterung (1) für ein Photovoltaikmodul (2) auf einem Flachdach, mit einer Grundschiene "
    "(3) und einer Stütze (4), dadurch gekennzeichnet, dass die Ballastwanne verrastet ist."
)


def _front_page(number: str, title_line: str, *, runs_on: tuple[str, ...] = ()) -> bytes:
    lines = [
        ("(19) Bundesrepublik Deutschland Deutsches Patent- und Markenamt", 9.0),
        ("(12) Gebrauchsmusterschrift", 16.0),
        (f"(10) {number} 2021.10.14", 12.0),
        ("(22) Anmeldetag: 16.08.2021 (51) Int Cl.: H02S 20/24 (2014.01)", 9.0),
        ("(73) Name und Wohnsitz des Inhabers: Sonnendach Montagesysteme GmbH", 9.0),
        (f"(54) Bezeichnung: {title_line}", 9.0),
        *((line, 9.0) for line in runs_on),
        ("(57) Hauptanspruch:", 9.0),
        *((CLAIM[i:] + CLAIM[:i], 9.0) for i in range(0, 600, 23)),
        ("Erfinder: Jörg Hartmann, Tobias Schwarz", 9.0),
    ]
    return make_pdf(lines)


def _record(number: str, title: str = TITLE_DE + " mit Ballastwanne") -> dict[str, list[str]]:
    return {
        "title": [title],
        "creator": ["Hartmann, Jörg", "Schwarz, Tobias"],
        "date": ["2021-10-14"],
        "type": ["info:eu-repo/semantics/patent"],
        "identifier": [number, "https://repo.example.de/handle/1/4417"],
    }


class TestFrontPage:
    def test_the_records_number_and_title_field_make_its_file(self) -> None:
        pdf = _front_page("DE 20 2021 104 417 U1", TITLE_DE)
        found = check_identity(pdf, _record("DE 20 2021 104 417 U1"))
        assert found.verdict == "matched"
        assert "DE 20 2021 104 417 U1" in found.evidence

    def test_another_kind_code_of_the_same_serial_is_another_publication(self) -> None:
        pdf = _front_page("DE 20 2021 104 417 B4", TITLE_DE)
        found = check_identity(pdf, _record("DE 20 2021 104 417 U1"))
        assert found.verdict == "mismatch"
        assert "another publication" in found.evidence

    def test_another_serial_at_the_same_office_is_another_patent(self) -> None:
        pdf = _front_page("DE 20 2022 100 233 U1", TITLE_DE)
        found = check_identity(pdf, _record("DE 20 2021 104 417 U1"))
        assert found.verdict == "mismatch"
        assert "another patent" in found.evidence

    def test_a_record_without_a_number_is_judged_by_the_title_field(self) -> None:
        pdf = _front_page("DE 20 2021 104 417 U1", TITLE_DE)
        record = _record("https://repo.example.de/handle/1/9", title=TITLE_DE)
        assert check_identity(pdf, record).verdict == "matched"
        other = _record("https://repo.example.de/handle/1/9", title="Schraubzwinge für Holzbalken")
        assert check_identity(pdf, other).verdict != "matched"

    def test_a_title_field_in_three_languages_matches_on_its_first_line(self) -> None:
        pdf = _front_page(
            "EP 3 987 412 A1",
            "VERFAHREN ZUR REGELUNG EINES WÄRMEPUMPENKREISLAUFS",
            runs_on=(
                "METHOD FOR CONTROLLING A HEAT PUMP CIRCUIT",
                "PROCÉDÉ DE COMMANDE D'UN CIRCUIT DE POMPE À CHALEUR",
            ),
        )
        record = _record("EP 3 987 412 A1", "Verfahren zur Regelung eines Wärmepumpenkreislaufs")
        assert check_identity(pdf, record).verdict == "matched"

    def test_a_page_with_no_numbered_fields_is_no_front_page(self) -> None:
        # (the guard: a report that writes "(10)" once is read as any document)
        pdf = make_pdf(
            [
                ("Recherchebericht nach § 7 GebrMG", 16.0),
                (f"Bezeichnung: {TITLE_DE} (10) Seiten", 9.0),
                *((CLAIM[i:] + CLAIM[:i], 9.0) for i in range(0, 600, 23)),
            ]
        )
        assert check_identity(pdf, _record("DE 20 2021 104 417 U1")).verdict != "matched"


class TestNumbers:
    @pytest.mark.parametrize(
        ("identifier", "number"),
        [
            ("EP 3 987 412 A1", True),
            ("WO2022194871A1", True),
            ("US 11,482,067 B2", True),
            ("特開2021-118834", True),
            ("BR 10 2019 024871 6 A2", True),
            ("PCT/KR2021/018842", False),
            ("ISSN 1234-5678", False),
            ("10.5555/abc.12345", False),
            ("https://patents.example.org/EP3987412A1", False),
            ("2021", False),
        ],
    )
    def test_a_records_publication_numbers(self, identifier: str, number: bool) -> None:
        assert (record_numbers([identifier]) == (identifier,)) is number

    def test_metadata_hints_carry_them(self) -> None:
        hints = RecordHints.from_metadata(_record("EP 3 987 412 A1"))
        assert hints.numbers == ("EP 3 987 412 A1",)

    def test_a_number_without_its_office_decides_nothing_against(self) -> None:
        assert other_publication(["ES 2 987 654 B1"], ["2 987 654"]) is None
        assert other_publication(["ES 2 987 654 B1"], ["3 001 002"]) is None
        # (but its serial under another kind code is another publication)
        assert other_publication(["FR 3 112 804 A1"], ["3 112 804 B1"]) is not None

    def test_another_offices_number_is_a_family_members(self) -> None:
        # the US member of the EP application's family, the European phase of a WO
        # application (redteam9, after its scoring): other publications
        found = other_publication(["EP 3 987 412 A1"], ["US 11 482 067 B2"])
        assert found is not None and "another office" in found
        assert other_publication(["WO 2022/178341 A1"], ["EP 4 102 537 A1"]) is not None
        # the same serial in another notation of one office is the record's own
        assert other_publication(["JP2021118834A"], ["特開2021-118834"]) is None

    def test_an_application_number_names_every_publication(self) -> None:
        # a record named by its application ("特願2020-026315") against the field (21) of
        # its application as published or of its grant (the serial unpadded there)
        assert applied(["特願2020-026315"], ["特願2020-26315(P2020-26315)"]) == "特願2020-026315"
        assert applied(["EP 3 987 412 A1"], ["21 178 341.5"]) is None

    def test_one_offices_notations_are_one_office(self) -> None:
        # Japan's grant "特許第7312556号" for its application "特開2022-118034": another
        # publication, though the notation's prefix differs; Japan's and Korea's differ
        assert other_publication(["特開2022-118034"], ["特許第7312556号"]) is not None
        assert other_publication(["特開2022-118034"], ["特開2022-118034"]) is None
        assert record_numbers(["特許第7312556号"]) == ("特許第7312556号",)

    def test_parts(self) -> None:
        number = patent_number("DE 20 2021 104 417 U1 2021.10.14")
        assert number is not None
        assert (number.office, number.serial, number.kind) == ("DE", "202021104417", "U1")
        assert patent_number("Seite 12") is None
