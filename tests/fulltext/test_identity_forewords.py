"""A work's own foreword after its title page (issue 34, identity79).

Written after identity79 (written outside the project, scored once on 452e4ca): an
edition, a score or a catalogue opens with a title page naming its composer or editor,
then "Vorwort": the work's own preliminaries, no editorial about another work. A record
by a corporate author, or an article's record, is not read so. The pages are written
here; none is copied from a corpus.
"""

from __future__ import annotations

import pytest

from politeharvest.fulltext import check_identity

pytest.importorskip("reportlab")
pytest.importorskip("pypdfium2")

from tests.fulltext.test_identity_kinds import body, make_pdf

_SCORE = {
    "title": ["Missa brevis in F : für Sopran, Alt, Tenor, Bass und Orgel"],
    "creator": ["Strobl, Johann Michael", "Auer, Veronika"],
    "type": ["Notated music", "score"],
}


def _edition(composer: str, editor: str = "Veronika Auer") -> bytes:
    title_page = [
        (composer, 16.0),
        ("1723-1789", 11.0),
        ("Missa brevis in F", 24.0),
        ("für Soli, Chor und Orgel", 14.0),
        (f"herausgegeben von {editor}", 11.0),
        ("EDITION LINDENAU EL 0612", 10.0),
    ]
    foreword = [("Vorwort", 16.0), *body(34)]
    return make_pdf(title_page, foreword)


def test_a_foreword_after_a_title_page_naming_the_composer_is_not_refused() -> None:
    identity = check_identity(_edition("Johann Michael Strobl"), _SCORE)
    assert identity.verdict != "mismatch"


def test_a_foreword_of_another_creator_s_work_is_still_an_editorial() -> None:
    # (the guard: no creator of the record on the title page before it)
    identity = check_identity(_edition("Franz Xaver Brixi", "Otto Biba"), _SCORE)
    assert identity.verdict == "mismatch"


def test_an_article_s_record_reads_a_foreword_as_an_editorial() -> None:
    record = {**_SCORE, "type": ["info:eu-repo/semantics/article"]}
    assert check_identity(_edition("Johann Michael Strobl"), record).verdict == "mismatch"
