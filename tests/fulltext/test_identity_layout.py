"""Identity from the document's structure: kinds and phenomena, on small PDFs made here (reportlab)."""

from __future__ import annotations

import io
import logging
import random
import warnings
import zlib
from pathlib import Path

import pytest

from politeharvest.fulltext import Identity, RecordHints, check_identity

pytest.importorskip("reportlab")
pytest.importorskip("pypdfium2")

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.cidfonts import UnicodeCIDFont
from reportlab.pdfgen import canvas

DEJAVU = Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")

PROSE = [
    "We measured soil moisture at forty stations during three dry summers and compared",
    "the series with satellite estimates; the agreement was weakest on steep slopes and",
    "strongest on irrigated plains, which suggests a correction by terrain for the model.",
    "The data were collected between 2011 and 2016 and cover several thousand observations",
    "of the region, and the differences between the groups are small but significant.",
]

Item = tuple[str, float] | tuple[str, float, str]


def make_pdf(*pages: list[Item], font: str = "Helvetica") -> bytes:
    """A PDF whose pages hold the items (text, size[, font]) from the top down."""
    buffer = io.BytesIO()
    pdf = canvas.Canvas(buffer, pagesize=(595, 842), invariant=1)
    for items in pages:
        y = 820.0
        for item in items:
            text, size = item[0], item[1]
            y -= size * 1.25
            pdf.setFont(item[2] if len(item) > 2 else font, size)  # type: ignore[misc]
            pdf.drawString(60, y, text)
            y -= size * 0.35
        pdf.showPage()
    pdf.save()
    return buffer.getvalue()


def body(lines: int = 15) -> list[Item]:
    return [(PROSE[i % len(PROSE)], 10.0) for i in range(lines)]


def article(
    title: str,
    authors: str,
    doi: str | None = None,
    *,
    kicker: str | None = None,
    footer: str | None = None,
    font: str = "Helvetica",
) -> list[Item]:
    items: list[Item] = [("Journal of Dryland Studies 12 (2021) 45-60", 8.0)]
    if kicker:
        items.append((kicker, 9.0))
    items += [(title, 18.0), (authors, 11.0)]
    if doi:
        items.append((f"DOI: {doi}", 8.0))
    items += [("Abstract", 10.0), *body()]
    if footer:
        items.append((footer, 7.0))
    return items


OWN = RecordHints(
    titles=("Soil moisture under drought in Anatolia",),
    doi="10.4321/jds.2021.3",
    surnames=("yilmaz", "berg"),
)
TITLE = OWN.titles[0]


def test_the_record_s_own_article_is_matched_and_labelled_published() -> None:
    identity = check_identity(make_pdf(article(TITLE, "Ayse Yilmaz1, Jon Berg2*", OWN.doi)), OWN)
    assert (identity.verdict, identity.kind, identity.version) == (
        "matched",
        "article",
        "published",
    )
    assert "10.4321/jds.2021.3" in identity.evidence


@pytest.mark.parametrize(
    ("pages", "verdict", "kind", "says"),
    [
        # another article whose DOI only begins like the record's: DOIs are whole tokens
        (
            [article("Grazing pressure and shrub cover", "Li Wei", "10.4321/jds.2021.31")],
            "mismatch",
            "article",
            "10.4321/jds.2021.31",
        ),
        # a list of contents naming the record's title and DOI among others
        (
            [
                [("Contents", 20.0)]
                + [
                    (f"{t} {p}", 11.0)
                    for t, p in [
                        (TITLE, 45),
                        ("Grazing pressure and shrub cover", 61),
                        ("Wheat yields in Thrace", 77),
                        ("Groundwater nitrate in Konya", 93),
                        ("Coastal erosion near Izmir", 109),
                    ]
                ]
                + [("https://doi.org/10.4321/jds.2021.3", 8.0)]
            ],
            "mismatch",
            "compilation",
            "list of contents",
        ),
        # the article's erratum: same title, same authors, the record's DOI cited
        (
            [article(f"Erratum to: {TITLE}", "Ayse Yilmaz, Jon Berg", "10.4321/jds.2021.90")],
            "mismatch",
            "notice",
            "Erratum",
        ),
        # labels that open the title before a colon
        (
            [article(f"Retracted article: {TITLE}", "Ayse Yilmaz, Jon Berg")],
            "mismatch",
            "notice",
            "Retracted",
        ),
        (
            [
                article(
                    f"Author Correction: {TITLE}", "Ayse Yilmaz, Jon Berg", "10.4321/jds.2021.99"
                )
            ],
            "mismatch",
            "notice",
            "Correction",
        ),
        # a retraction note in German, label above the title
        (
            [article(TITLE, "Ayse Yilmaz, Jon Berg", kicker="Widerruf")],
            "mismatch",
            "notice",
            "Widerruf",
        ),
        # its supplement carries its title and authors
        (
            [article(TITLE, "Ayse Yilmaz, Jon Berg", OWN.doi, kicker="Supplementary material")],
            "mismatch",
            "supplement",
            "Supplementary",
        ),
        # the editorial
        ([article("Editorial", "Maria Costa")], "mismatch", "editorial", "Editorial"),
        # a form to fill in, naming the manuscript
        (
            [
                [
                    ("Conflict of interest disclosure", 18.0),
                    (f"Manuscript: {TITLE}", 11.0),
                    *body(6),
                    ("Name: ____________________", 11.0),
                    ("Signature: ____________________", 11.0),
                    ("Date: ____________", 11.0),
                ]
            ],
            "mismatch",
            "form",
            "fill in",
        ),
        # another author's thesis with the same title
        (
            [
                [
                    ("University of Leeds", 14.0),
                    (TITLE, 22.0),
                    ("Eszter Horvath", 14.0),
                    ("A thesis submitted for the degree of Doctor of Philosophy", 11.0),
                ],
                [("Abstract", 16.0), *body(20)],
            ],
            "mismatch",
            "thesis",
            "none of the record's authors",
        ),
        # a book of abstracts: titles with their authors, the record's among them
        (
            [
                [("Book of Abstracts", 20.0)],
                [
                    item
                    for title, names in [
                        ("Wheat yields under irrigation in Thrace", "Can Demir, Li Wei"),
                        (TITLE, "Ayse Yilmaz, Jon Berg"),
                        ("Groundwater nitrate in the Konya basin", "Omar Haddad"),
                        ("Coastal erosion near Izmir since 1950", "Eva Lind, Tom Fox"),
                    ]
                    for item in [(title, 12.0), (names, 10.5), *body(3)]
                ],
            ],
            "mismatch",
            "compilation",
            "titles, each with its authors",
        ),
        # a sibling article: similar title, a shared author, its own DOI
        (
            [
                article(
                    "Soil salinity under irrigation in Anatolia",
                    "Ayse Yilmaz, Can Demir",
                    "10.4321/jds.2021.7",
                )
            ],
            "mismatch",
            "article",
            "10.4321/jds.2021.7",
        ),
    ],
)
def test_documents_that_are_not_the_record_s_file(
    pages: list[list[Item]], verdict: str, kind: str, says: str
) -> None:
    identity = check_identity(make_pdf(*pages), OWN)
    assert (identity.verdict, identity.kind) == (verdict, kind), identity.evidence
    assert says in identity.evidence


@pytest.mark.parametrize(
    ("pages", "record", "version"),
    [
        # behind a journal cover and a masthead
        (
            [
                [("Journal of Dryland Studies", 36.0), ("Volume 12, Issue 3", 16.0)],
                [("Editorial board", 14.0)]
                + [(f"{n} Kaya, University of Ankara", 10.0) for n in "ABCDEFGHIJKL"],
                article(TITLE, "Ayse Yilmaz, Jon Berg"),
            ],
            OWN,
            None,
        ),
        # a dataset DOI in a footnote of the first page is not the document's own
        (
            [
                article(
                    TITLE,
                    "Ayse Yilmaz, Jon Berg",
                    footer="The data are available from the archive at "
                    "https://doi.org/10.5061/dryad.x1y2z3 under a free licence.",
                )
            ],
            OWN,
            None,
        ),
        # the preprint of the work, with its own preprint DOI
        (
            [article(TITLE, "Ayse Yilmaz, Jon Berg", "10.31235/osf.io/k3m9p", kicker="PREPRINT")],
            OWN,
            "preprint",
        ),
        # the record is the repository's deposit (its own DOI), the file prints the publisher's
        (
            [article(TITLE, "Ayse Yilmaz, Jon Berg", "10.1016/j.jds.2021.05.004")],
            RecordHints(titles=OWN.titles, doi="10.5281/zenodo.4567", surnames=OWN.surnames),
            None,
        ),
        # Turkish written in cp1254 and read as cp1252 ("Doðan"), record in Turkish
        (
            [article("Kuraklýk koþullarýnda toprak nemi", "Ayþe Doðan, Jon Berg")],
            RecordHints(titles=("Kuraklık koşullarında toprak nemi",), surnames=("doğan",)),
            None,
        ),
        # umlauts transliterated in the record (Ueber, Mueller)
        (
            [article("Über die Größe der Wälder in Thüringen", "Hans Müller")],
            RecordHints(
                titles=("Ueber die Groesse der Waelder in Thueringen",), surnames=("Mueller",)
            ),
            None,
        ),
        # LaTeX and Greek letters in the record's title
        (
            [article("Alpha-synuclein and beta-amyloid in soil fungi", "Jon Berg")],
            RecordHints(
                titles=(r"$\alpha$-synuclein and \beta-amyloid in soil fungi",), surnames=("berg",)
            ),
            None,
        ),
    ],
)
def test_the_record_s_own_file_in_other_forms_is_matched(
    pages: list[list[Item]], record: RecordHints, version: str | None
) -> None:
    identity = check_identity(make_pdf(*pages), record)
    assert identity.verdict == "matched", identity.evidence
    assert identity.version == version


def test_japanese_text_is_compared_not_dropped() -> None:
    pdfmetrics.registerFont(UnicodeCIDFont("HeiseiMin-W3"))
    font = "HeiseiMin-W3"
    title = "乾燥地域における土壌水分の長期変動"
    text = "本研究では乾燥地域の観測所で土壌水分を測定し衛星推定値と比較した結果を報告する。"
    lines: list[Item] = [(f"{text[i:]}{text[:i]}", 10.0, font) for i in range(15)]
    pages = [[(title, 18.0, font), ("山田 太郎", 11.0, font), *lines]]
    own = RecordHints(titles=(title,), surnames=("山田",))
    other = RecordHints(titles=("都市部における交通量の季節変化",), surnames=("佐藤",))
    data = make_pdf(*pages)
    assert check_identity(data, own).verdict == "matched"
    assert check_identity(data, other).verdict == "mismatch"


@pytest.mark.skipif(not DEJAVU.is_file(), reason="no DejaVu font for Cyrillic")
def test_cyrillic_text_is_compared_not_dropped() -> None:
    from reportlab.pdfbase.ttfonts import TTFont

    pdfmetrics.registerFont(TTFont("DejaVu", str(DEJAVU)))
    title = "Влажность почвы в засушливых районах"
    prose = "Мы измерили влажность почвы на сорока станциях и сравнили ряды с оценками спутника."
    pages = [
        [(title, 18.0, "DejaVu"), ("Иван Петров", 11.0, "DejaVu")] + [(prose, 10.0, "DejaVu")] * 15
    ]
    identity = check_identity(make_pdf(*pages), RecordHints(titles=(title,), surnames=("Петров",)))
    assert identity.verdict == "matched", identity.evidence


@pytest.mark.parametrize(
    ("pages", "says"),
    [
        ([[(" ", 10.0)]] * 3, "no text layer"),  # a scan: no text at all
        (  # a garbled text layer: glyphs mapped to consonants
            [
                [("Xkq zrtp wvbn", 18.0)]
                + [
                    (
                        " ".join(
                            "".join(random.Random(i * 7 + j).choices("bcdfghjklmnpqrstvwxz", k=6))
                            for j in range(10)
                        ),
                        10.0,
                    )
                    for i in range(30)
                ]
            ],
            "garbled",
        ),
    ],
)
def test_text_that_cannot_be_trusted_is_unverifiable_never_mismatch(
    pages: list[list[Item]], says: str
) -> None:
    identity = check_identity(make_pdf(*pages), OWN)
    assert identity.verdict == "unverifiable"
    assert says in identity.evidence


def test_an_archive_cover_sheet_alone_is_unverifiable() -> None:
    sheet = [
        ("www.archive.example", 20.0),
        (TITLE, 20.0),
        ("Yilmaz, Ayse", 14.0),
        ("Published version / Veröffentlichungsversion", 11.0),
        ("Suggested citation:", 11.0),
        ("Terms of use:", 11.0),
        ("Nutzungsbedingungen:", 11.0),
        ("Provided in cooperation with: Archive", 11.0),
    ]
    identity = check_identity(make_pdf(sheet, [(" ", 10.0)], [(" ", 10.0)]), OWN)
    assert identity.verdict == "unverifiable", identity.evidence


def test_record_forms_paths_and_a_missing_file(tmp_path: Path) -> None:
    data = make_pdf(article(TITLE, "Ayse Yilmaz, Jon Berg", OWN.doi))
    path = tmp_path / "a.pdf"
    path.write_bytes(data)
    oai = {"title": [TITLE], "creator": ["Yilmaz, Ayse"], "identifier": [f"doi:{OWN.doi}"]}
    row = {"title": TITLE, "authors": "Yilmaz, Ayse; Berg, Jon", "doi": OWN.doi}
    for record in (oai, row, OWN):
        for pdf in (data, path, str(path)):
            assert check_identity(pdf, record).verdict == "matched"
    with pytest.raises(FileNotFoundError, match="no PDF at"):
        check_identity(tmp_path / "missing.pdf", OWN)
    assert check_identity(data, {}).verdict == "unverifiable"


def test_identity_row_form_carries_kind_and_version() -> None:
    assert Identity("matched", "x", "article", "preprint").to_dict() == {
        "verdict": "matched",
        "evidence": "x",
        "kind": "article",
        "version": "preprint",
    }
    assert Identity("mismatch", "y").to_dict() == {"verdict": "mismatch", "evidence": "y"}


def test_a_compression_bomb_is_not_inflated() -> None:
    bomb = (
        b"%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n"
        b"2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n"
        b"3 0 obj << /Type /Page /Parent 2 0 R /Contents 4 0 R >> endobj\n"
        b"4 0 obj << /Filter /FlateDecode /Length 0 >> stream\n"
        + zlib.compress(b" " * 100_000_000, 9)
        + b"\nendstream endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n"
    )
    identity = check_identity(bomb, OWN)
    assert identity.verdict == "unverifiable"


def test_library_warnings_go_to_the_debug_log(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    from politeharvest.fulltext import _pdflayout

    real = _pdflayout._read

    def noisy(data: bytes, max_pages: int, max_chars: int) -> object:
        warnings.warn("Cannot set non-stroke color", UserWarning, stacklevel=1)
        logging.getLogger("pypdf._reader").debug("unused")
        return real(data, max_pages, max_chars)

    monkeypatch.setattr(_pdflayout, "_read", noisy)
    with caplog.at_level(logging.DEBUG, logger="politeharvest.fulltext._pdflayout"):
        identity = check_identity(make_pdf(article(TITLE, "Ayse Yilmaz", OWN.doi)), OWN)
    assert identity.verdict == "matched"  # and no warning escaped (pytest: filterwarnings=error)
    logged = [r for r in caplog.records if "non-stroke color" in r.getMessage()]
    assert logged and all(r.levelno == logging.DEBUG for r in logged)


@pytest.mark.parametrize(
    ("pages", "record", "verdict"),
    [
        # the journal's name set larger than the title
        (
            [
                [
                    ("JOURNAL OF DRYLAND STUDIES", 24.0),
                    (TITLE, 14.0),
                    ("Ayse Yilmaz, Jon Berg", 11.0),
                    *body(15),
                ]
            ],
            OWN,
            "matched",
        ),
        # the title in bold body text under a large logo
        (
            [
                [
                    ("DRYLAND", 30.0),
                    (TITLE, 10.0, "Helvetica-Bold"),
                    ("Ayse Yilmaz, Jon Berg", 10.0),
                    *body(15),
                ]
            ],
            OWN,
            "matched",
        ),
        # the record adds a subtitle the file leaves out
        (
            [article("Soil moisture under drought", "Ayse Yilmaz, Jon Berg")],
            RecordHints(
                titles=("Soil moisture under drought: a field study in Anatolia",),
                surnames=("yilmaz", "berg"),
            ),
            "matched",
        ),
        # the file's title in another language than the record's, all its authors: not refused
        (
            [article("Bodenfeuchte unter Dürre in Anatolien", "Ayse Yilmaz, Jon Berg")],
            OWN,
            "unverifiable",
        ),
        # a sequel by the same authors whose title holds the record's: never matched
        (
            [
                article(
                    f"{TITLE}, part two: a regional model with new stations",
                    "Ayse Yilmaz, Jon Berg",
                )
            ],
            OWN,
            "unverifiable",
        ),
        # colleagues' other paper: one shared author, another title
        (
            [article("Dust storms and crop losses in Syria", "Ayse Yilmaz, Omar Haddad, Li Wei")],
            RecordHints(titles=(TITLE,), surnames=("yilmaz", "berg", "kaya", "demir")),
            "mismatch",
        ),
    ],
)
def test_hard_cases(pages: list[list[Item]], record: RecordHints, verdict: str) -> None:
    identity = check_identity(make_pdf(*pages), record)
    assert identity.verdict == verdict, identity.evidence


@pytest.mark.skipif(not DEJAVU.is_file(), reason="no DejaVu font for Arabic")
def test_arabic_text_is_compared_even_when_it_comes_out_reversed() -> None:
    from reportlab.pdfbase.ttfonts import TTFont

    pdfmetrics.registerFont(TTFont("DejaVu", str(DEJAVU)))
    title = "رطوبة التربة في المناطق الجافة"
    words = [
        "قمنا",
        "بقياس",
        "رطوبة",
        "التربة",
        "في",
        "أربعين",
        "محطة",
        "خلال",
        "ثلاثة",
        "مواسم",
        "جافة",
        "وقارنا",
        "السلاسل",
    ]
    lines: list[Item] = [(" ".join(words[i:] + words[:i]), 10.0, "DejaVu") for i in range(15)]
    data = make_pdf([(title, 18.0, "DejaVu"), ("أحمد الخطيب", 11.0, "DejaVu"), *lines])
    own = check_identity(data, RecordHints(titles=(title,), surnames=("الخطيب",)))
    # the evidence names the surname by its key (Arabic yeh read as its Persian twin)
    assert own.verdict == "matched" and "الخطیب" in own.evidence, own.evidence
    other = RecordHints(titles=("تغير المناخ في المدن الساحلية",), surnames=("حسن",))
    assert check_identity(data, other).verdict == "mismatch"


@pytest.mark.parametrize(
    ("title", "kicker", "verdict"),
    [
        # the same authors, another DOI, a title that says more: another work of theirs
        (f"{TITLE}: a reply to my critics", None, "mismatch"),
        (f"{TITLE} II: the following decade", None, "mismatch"),
        ("Soil moisture and groundwater under drought in Anatolia", None, "mismatch"),
        # the same title under another DOI: the same work (the repository's own DOI, say)
        (TITLE, None, "matched"),
        # a preprint may gain a subtitle
        (f"{TITLE}: first results", "Preprint - not peer reviewed", "matched"),
    ],
)
def test_another_doi_is_the_same_work_only_with_the_same_title(
    title: str, kicker: str | None, verdict: str
) -> None:
    pdf = make_pdf(article(title, "Ayse Yilmaz1, Jon Berg2", "10.4321/jds.2024.19", kicker=kicker))
    identity = check_identity(pdf, OWN)
    assert identity.verdict == verdict, identity.evidence


@pytest.mark.parametrize(
    ("title", "verdict"),
    [
        # a document about the record: a label set before the record's title
        (f"Similarity report (iThenticate): {TITLE}", "mismatch"),
        (f"Peer review history | {TITLE}", "mismatch"),
        (f"Commentary - {TITLE}", "mismatch"),
        # the record's own title, with a subtitle after it or a colon inside it
        (f"{TITLE}: a field study", "matched"),
        (TITLE, "matched"),
    ],
)
def test_a_label_before_the_record_s_title_is_another_document(title: str, verdict: str) -> None:
    pdf = make_pdf(article(title, "Ayse Yilmaz1, Jon Berg2"))
    identity = check_identity(pdf, OWN)
    assert identity.verdict == verdict, identity.evidence


def test_a_record_title_that_has_the_label_itself_is_matched() -> None:
    record = RecordHints(titles=(f"Book review: {TITLE}",), surnames=("yilmaz",))
    pdf = make_pdf(article(f"Book review: {TITLE}", "Ayse Yilmaz"))
    assert check_identity(pdf, record).verdict == "matched"
