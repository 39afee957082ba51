"""What the document is, from the document, and titles across scripts (small PDFs made here).

Another kind of document that carries the record's title and authors (its poster, its slides,
the landing page printed from a browser, a review of the record's book, a comment quoting
its title, the other part of a two-part paper) is never matched to the record; the record's
own file is matched across scripts (a transliterated record against a Cyrillic PDF and the
reverse), under a stamp over every page, behind title pages in two languages.
"""

from __future__ import annotations

import importlib.util
import io
from pathlib import Path

import pytest

from politeharvest.fulltext import RecordHints, check_identity
from politeharvest.fulltext._identity import decide

pytest.importorskip("reportlab")
pytest.importorskip("pypdfium2")

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.cidfonts import UnicodeCIDFont
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen import canvas

DEJAVU = Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
A4 = (595.0, 842.0)

PROSE = [
    "We measured soil moisture at forty stations during three dry summers and compared",
    "the series with satellite estimates; the agreement was weakest on steep slopes and",
    "strongest on irrigated plains, which suggests a correction by terrain for the model.",
    "The data were collected between 2011 and 2016 and cover several thousand observations",
    "of the region, and the differences between the groups are small but significant.",
]

#: (text, size[, font[, x, y]]): placed from the top down unless x and y are given.
Item = tuple[object, ...]


def make_pdf(*pages: list[Item], size: tuple[float, float] = A4, font: str = "Helvetica") -> bytes:
    buffer = io.BytesIO()
    pdf = canvas.Canvas(buffer, pagesize=size, invariant=1)
    for items in pages:
        y = size[1] - 22.0
        for item in items:
            text, points = str(item[0]), float(item[1])  # type: ignore[arg-type]
            pdf.setFont(str(item[2]) if len(item) > 2 else font, points)
            if len(item) > 4:
                pdf.drawString(float(item[3]), float(item[4]), text)  # type: ignore[arg-type]
                continue
            y -= points * 1.25
            pdf.drawString(60, y, text)
            y -= points * 0.35
        pdf.showPage()
    pdf.save()
    return buffer.getvalue()


def body(lines: int = 30, font: str = "Helvetica") -> list[Item]:
    return [(PROSE[i % len(PROSE)], 10.0, font) for i in range(lines)]


TITLE = "Salt-wedge intrusion and bottom-water hypoxia in the Sakarya River estuary"
AUTHORS = "Elif Karaman, Tobias Brenner"
ARTICLE = {
    "title": [TITLE],
    "creator": ["Karaman, Elif", "Brenner, Tobias"],
    "identifier": ["https://doi.org/10.5555/epcc.2022.102761"],
    "date": ["2022"],
    "type": ["info:eu-repo/semantics/article"],
}


def article(title: str = TITLE, authors: str = AUTHORS, doi: str | None = None) -> list[Item]:
    items: list[Item] = [("Estuarine Processes and Coastal Change 18 (2022) 102761", 8.0)]
    items += [(title, 16.0), (authors, 11.0)]
    if doi:
        items.append((f"https://doi.org/{doi}", 8.0))
    return [*items, ("Abstract", 10.0), *body()]


def record(**changes: list[str]) -> dict[str, list[str]]:
    return {**ARTICLE, **changes}


def _poster() -> bytes:
    width, height = 2384.0, 1684.0  # A1, landscape
    items: list[Item] = [
        ("Salt-wedge intrusion and bottom-water hypoxia", 72.0, "Helvetica", 300, 1560),
        ("in the Sakarya River estuary", 72.0, "Helvetica", 600, 1480),
        (AUTHORS, 40.0, "Helvetica", 800, 1410),
    ]
    for column in range(3):
        for row in range(14):
            text = PROSE[(row + column) % len(PROSE)][:48]
            items.append((text, 28.0, "Helvetica", 80 + 780 * column, 1300 - 60 * row))
    return make_pdf(items, size=(width, height))


def _slides() -> bytes:
    size = (960.0, 540.0)
    title: list[Item] = [
        ("Salt-wedge intrusion and bottom-water hypoxia", 30.0, "Helvetica", 80, 380),
        ("in the Sakarya River estuary", 30.0, "Helvetica", 200, 340),
        (AUTHORS, 18.0, "Helvetica", 300, 260),
    ]
    slides = [
        [
            (heading, 26.0, "Helvetica", 40, 490),
            *[(f"- {point}", 18.0, "Helvetica", 60, 420 - 40 * i) for i, point in enumerate(pts)],
            ("Karaman et al. - Sakarya salt wedge - 2022", 10.0, "Helvetica", 40, 20),
        ]
        for heading, pts in [
            ("Outline", ["Why salt wedges matter", "The 2021 drought", "A two-layer model"]),
            ("Observations", ["25 stations, monthly profiles", "Daily discharge", "36 surveys"]),
            ("Results", ["The wedge reached km 17", "Hypoxia over 11 km", "Residence time"]),
        ]
    ]
    return make_pdf(title, *slides, size=size)


def _printed_page() -> bytes:
    items: list[Item] = [
        (f"08/03/2022, 14:27 {TITLE[:60]}... - HalcyonDirect", 7.0, "Helvetica", 28, 826),
        # the footer: the page's address and the page counter, at the bottom edge
        (
            "https://www.halcyondirect.example.org/science/article/pii/S2999223 1/3",
            7.0,
            "Helvetica",
            28,
            18,
        ),
        ("HalcyonDirect Journals & Books Search Register Sign in", 8.0),
        ("View PDF Download full issue", 9.0),
        (TITLE, 13.0),
        (AUTHORS, 10.5),
        ("https://doi.org/10.5555/epcc.2022.102761 Get rights and content", 8.0),
        *body(14),
    ]
    return make_pdf(items)


def _book_review() -> bytes:
    return make_pdf(
        [
            ("Review of Balkan Economic Studies 12 (2020) 211-213", 8.0),
            ("Dryland commons: grazing rights and rangeland reform in Central Anatolia", 15.0),
            (
                "Halil Ekinci. Leiden: Palisade Academic Press, 2019, xiv + 286 pp., "
                "ISBN 978-0-00-000019-4",
                9.0,
            ),
            *body(20),
            ("Jon Berg, University of Tromso", 9.0),
        ]
    )


BOOK = {
    "title": ["Dryland commons: grazing rights and rangeland reform in Central Anatolia"],
    "creator": ["Ekinci, Halil"],
    "date": ["2019"],
    "type": ["info:eu-repo/semantics/book"],
}


def _comment() -> bytes:
    return make_pdf(
        [
            ("Estuarine Processes and Coastal Change 19 (2023) 102900", 8.0),
            ("Discussion", 9.0),
            (f"Opmerkingen bij \u201c{TITLE}\u201d", 12.0),
            ("van Karaman et al. (2022)", 12.0),
            ("Marek Dvorak, Ingrid Solheim", 10.0),
            *body(),
        ]
    )


def _referee_report() -> bytes:
    return make_pdf(
        [
            ("Transparent peer review record", 8.5),
            ("Referee report", 16.0),
            ("Manuscript: EPCC-D-21-00488", 9.5),
            (f"Title: {TITLE}", 9.5),
            ("Reviewer: Hanne Vestergaard, Elif Karaman", 9.5),
            *body(),
        ]
    )


def _cover_letter() -> bytes:
    return make_pdf(
        [
            ("Cover letter", 16.0),
            (f"Manuscript: \u201c{TITLE}\u201d", 10.0),
            ("Dear Professor Lambert,", 10.0),
            *body(),
            (AUTHORS, 10.0),
        ]
    )


def _part_two() -> bytes:
    return make_pdf(
        article(
            "Storm-driven morphodynamics of a gravel barrier, Part II: Numerical modelling",
            "Kari Lindahl, Joost Achterberg",
        )
    )


PART_ONE = {
    "title": ["Storm-driven morphodynamics of a gravel barrier, Part I: Field observations"],
    "creator": ["Lindahl, Kari", "Achterberg, Joost"],
    "date": ["2021"],
    "type": ["info:eu-repo/semantics/article"],
}


@pytest.mark.parametrize(
    ("make", "metadata", "verdict", "says"),
    [
        # the control: the article itself
        (lambda: make_pdf(article()), ARTICLE, "matched", "title block"),
        # the authors' poster of the same work (one A1 sheet): another document ...
        (_poster, ARTICLE, "mismatch", "a poster"),
        # ... unless the record is the poster
        (_poster, record(type=["info:eu-repo/semantics/conferencePoster"]), "matched", ""),
        # the first author's slides (16:9 pages of few words)
        (_slides, ARTICLE, "mismatch", "slides"),
        # the landing page printed from a browser, with the record's DOI
        (_printed_page, ARTICLE, "mismatch", "a web page printed from a browser"),
        # a review of the record's book: the book's citation (ISBN) under its title
        (_book_review, BOOK, "mismatch", "a review of a book"),
        (_book_review, {**BOOK, "type": ["info:eu-repo/semantics/article"]}, "mismatch", "book"),
        # a comment quoting the record's title, in a language without a label vocabulary
        (_comment, ARTICLE, "mismatch", "quoted"),
        # a referee's report naming the record's title (and, here, an author)
        (_referee_report, ARTICLE, "mismatch", "a peer-review report"),
        # the letter that went with the submission
        (_cover_letter, ARTICLE, "mismatch", "a cover letter"),
        # Part II of a two-part paper for the record of Part I
        (_part_two, PART_ONE, "mismatch", "its part 2, the record's title 1"),
        # the article with a subtitle the record leaves out
        (
            lambda: make_pdf(article(f"{TITLE}: evidence from the 2021 drought")),
            ARTICLE,
            "matched",
            "title block",
        ),
    ],
    ids=[
        "article",
        "poster",
        "poster-record",
        "slides",
        "printed-web-page",
        "book-review",
        "book-review-article-record",
        "comment-quoting-title",
        "referee-report",
        "cover-letter",
        "other-part",
        "subtitle-in-file",
    ],
)
def test_what_the_document_is(make, metadata, verdict: str, says: str) -> None:  # type: ignore[no-untyped-def]
    identity = check_identity(make(), metadata)
    assert identity.verdict == verdict, identity.evidence
    assert says in identity.evidence


def test_a_stamp_over_every_page_is_not_the_title() -> None:
    """A retracted article: 'RETRACTED' stamped large at one place on every page."""
    stamp: Item = ("RETRACTED", 120.0, "Helvetica", 120, 520)
    first = [*article(doi="10.5555/epcc.2022.102761"), stamp]
    rest = [[*body(40), stamp] for _ in range(3)]
    identity = check_identity(make_pdf(first, *rest), ARTICLE)
    assert identity.verdict == "matched", identity.evidence
    assert identity.kind == "article"


def test_the_corrected_article_behind_its_correction_notice() -> None:
    """A corrigendum prepended to the article it corrects: the file is the article."""
    notice = [
        ("Estuarine Processes and Coastal Change 19 (2023) 102901", 8.0),
        (f"Corrigendum to \u201c{TITLE}\u201d", 14.0),
        (AUTHORS, 10.0),
        ("https://doi.org/10.5555/epcc.2023.102901", 8.0),
        *body(8),
    ]
    alone = check_identity(make_pdf(notice), ARTICLE)
    assert alone.verdict == "mismatch", alone.evidence
    corrected = make_pdf(notice, article(doi="10.5555/epcc.2022.102761"), body(40))
    identity = check_identity(corrected, ARTICLE)
    assert identity.verdict == "matched", identity.evidence
    assert "behind a first page about it" in identity.evidence
    # behind the notice, another article: still not the record's
    other = make_pdf(notice, article("Grazing pressure and shrub cover", "Li Wei", "10.5555/x.9"))
    assert check_identity(other, ARTICLE).verdict == "mismatch"


def test_title_pages_in_two_languages_then_the_thesis() -> None:
    """A German dissertation: German title page, English title page, examiners, then text."""

    def title_page(title: list[str], words: list[str]) -> list[Item]:
        return [*[(line, 17.0) for line in title], *[(w, 11.5) for w in words]]

    pages = [
        title_page(
            ["Einfluss der Bodenbearbeitung auf die", "Regenwurmaktivitat in Lossboden"],
            ["Dissertation", "zur Erlangung des Doktorgrades", "vorgelegt von", "Jonas Brandt"],
        ),
        title_page(
            ["Effects of tillage on earthworm", "activity in loess soils"],
            ["Dissertation", "submitted for the degree of Doctor", "by", "Jonas Brandt"],
        ),
        [("Erstgutachterin: Prof. Dr. Marlene Ostendorf", 10.5)],
        [("Summary", 12.0), *body(30)],
        [*body(40)],
    ]
    thesis = {
        "title": ["Effects of tillage on earthworm activity in loess soils"],
        "creator": ["Brandt, Jonas"],
        "date": ["2021"],
        "type": ["info:eu-repo/semantics/doctoralThesis"],
    }
    identity = check_identity(make_pdf(*pages), thesis)
    assert identity.verdict == "matched", identity.evidence


def test_a_doi_broken_at_its_hyphen_over_two_lines() -> None:
    pdf = make_pdf(
        [
            ("Toprak Su Dergisi 10 (2021) 1-12", 8.0),
            ("Nitrate leaching under drip-fertigated tomato in a sandy loam", 16.0),
            ("Levent Erkoc, Aslihan Dinc", 11.0),
            ("DOI: 10.5555/tsd-2021-", 8.0),
            ("0417", 8.0),
            *body(),
        ]
    )
    metadata = {
        "title": ["Bafra Ovasi'nda kumlu tin bir toprakta nitrat yikanmasi"],
        "creator": ["Erkoc, Levent"],
        "identifier": ["https://doi.org/10.5555/tsd-2021-0417"],
    }
    identity = check_identity(pdf, metadata)
    assert identity.verdict == "matched", identity.evidence
    assert "10.5555/tsd-2021-0417 is the document's own" in identity.evidence


# -- across scripts ------------------------------------------------------------------------

needs_dejavu = pytest.mark.skipif(not DEJAVU.is_file(), reason="no DejaVu font")


def _dejavu() -> str:
    pdfmetrics.registerFont(TTFont("DejaVu", str(DEJAVU)))
    return "DejaVu"


def script_article(title: str, authors: str, font: str) -> bytes:
    return make_pdf(
        [
            ("Vestnik 2020, 16 (1), 12-19", 7.5),
            (title, 14.0),
            (authors, 10.5),
            ("Abstract", 10.0),
            *body(font=font),
        ],
        font=font,
    )


RU_TITLE = "Солеустойчивость сортов ячменя при орошении минерализованными водами"
RU_TRANSLIT = {
    "title": ["Soleustoichivost' sortov yachmenya pri oroshenii mineralizovannymi vodami"],
    "creator": ["Morozov, Igor' Pavlovich", "Belova, Elena Andreevna"],
    "date": ["2020"],
}


@needs_dejavu
@pytest.mark.parametrize(
    ("title", "authors", "metadata", "verdict", "says"),
    [
        # a Russian article, its record transliterated
        (RU_TITLE, "И. П. Морозов, Е. А. Белова", RU_TRANSLIT, "matched", "author morozov"),
        # a Serbian article printed in Cyrillic, its record in Serbian Latin
        (
            "Утицај наводњавања на принос и квалитет зрна кукуруза у Војводини",
            "Милан Петровић, Јелена Стојков",
            {
                "title": ["Uticaj navodnjavanja na prinos i kvalitet zrna kukuruza u Vojvodini"],
                "creator": ["Petrović, Milan", "Stojkov, Jelena"],
            },
            "matched",
            "author petrovic",
        ),
        # the reverse: a record in Cyrillic, the file in Latin transliteration
        (
            "Soleustoychivost sortov yachmenya pri oroshenii mineralizovannymi vodami",
            "I. P. Morozov, E. A. Belova",
            {"title": [RU_TITLE], "creator": ["Морозов, Игорь Павлович"]},
            "matched",
            "title block",
        ),
        # Greek names romanised in the record, a Greek title in both
        (
            "Επίδραση της ελλειμματικής άρδευσης στην απόδοση του βαμβακιού",
            "Γεώργιος Παπαδόπουλος, Ελένη Καραγιάννη",
            {
                "title": ["Epidrasi tis elleimmatikis ardefsis stin apodosi tou vamvakiou"],
                "creator": ["Papadopoulos, Georgios", "Karagianni, Eleni"],
            },
            "matched",
            "author papadopoulos",
        ),
        # another Russian article, by others, against the transliterated record
        (
            "Эффективность капельного орошения томата в условиях Астраханской области",
            "Д. Р. Ахмедов, О. С. Лыкова",
            RU_TRANSLIT,
            "mismatch",
            "names none of the record's authors",
        ),
    ],
    ids=["ru-translit-record", "sr-latin-record", "latin-file", "el-names", "ru-sibling"],
)
def test_titles_and_names_across_scripts(
    title: str, authors: str, metadata: dict[str, list[str]], verdict: str, says: str
) -> None:
    identity = check_identity(script_article(title, authors, _dejavu()), metadata)
    assert identity.verdict == verdict, identity.evidence
    assert says in identity.evidence


def test_a_romanised_record_against_kanji_is_not_refused() -> None:
    """Han characters are read differently in each language: no transliteration refutes them.

    With the ``ja`` extra (pykakasi) the kana say the file is Japanese and its Hepburn reading
    matches the record (tests/fulltext/test_identity_japanese.py); without it, unverifiable.
    """
    pdfmetrics.registerFont(UnicodeCIDFont("HeiseiMin-W3"))
    jp = "HeiseiMin-W3"
    pdf = make_pdf(
        [
            ("北陸農業環境研究 第47巻 第1号 2019", 7.7, jp),
            ("融雪期における扇状地河川の流出特性", 14.6, jp),
            ("高田 浩二・森 由紀", 10.6, jp),
            *[
                (
                    "富山平野の扇状地河川を対象に，融雪期の流出特性を水位観測と積雪調査から解析した。",
                    8.7,
                    jp,
                )
            ]
            * 12,
        ]
    )
    metadata = {
        "title": ["Yūsetsuki ni okeru senjōchi kasen no ryūshutsu tokusei"],
        "creator": ["Takada, Kōji", "Mori, Yuki"],
    }
    identity = check_identity(pdf, metadata)
    japanese = importlib.util.find_spec("pykakasi") is not None
    assert identity.verdict == ("matched" if japanese else "unverifiable"), identity.evidence


@pytest.mark.parametrize(
    ("text", "hints", "verdict"),
    [
        # Korean (Hangul transliterates letter for letter)
        (
            "도시 하천의 수질 변화와 토지 이용의 관계 분석\n김 민수\n" + "\n".join(PROSE),
            RecordHints(
                titles=("Dosi hacheonui sujil byeonhwawa toji iyongui gwangye bunseok",),
                surnames=("kim",),
            ),
            "matched",
        ),
        # an Arabic title against an English record: an abjad says nothing either way
        (
            "تأثير الري الناقص على إنتاجية القمح في منطقة الجزيرة\nعمر الراشد، ليلى حداد\n"
            + "\n".join(PROSE),
            RecordHints(
                titles=("Effect of deficit irrigation on wheat productivity",),
                surnames=("rashid", "haddad"),
            ),
            "unverifiable",
        ),
    ],
    ids=["ko-romanised", "ar-english-record"],
)
def test_scripts_at_the_text_level(text: str, hints: RecordHints, verdict: str) -> None:
    assert decide(hints, text).verdict == verdict


# -- the record's side -----------------------------------------------------------------------


def test_record_hints_undo_escaped_html_and_read_kinds_and_name_orders() -> None:
    hints = RecordHints.from_metadata(
        {
            "title": ["Effects of &lt;i&gt;Trichoderma&lt;/i&gt; on N&lt;sub&gt;2&lt;/sub&gt;O"],
            "creator": ["Tekin, Ali R&#305;za", "Zhang Wei"],
            "type": ["info:eu-repo/semantics/conferencePoster"],
        }
    )
    assert hints.titles == ("Effects of Trichoderma on N2O",)
    assert hints.surnames == ("tekin", "wei")
    assert hints.forenames == ("zhang wei",)
    assert hints.kind == "poster"
    kinds = {
        t: RecordHints.from_row({"title": "x", "type": t}).kind
        for t in (
            "info:eu-repo/semantics/doctoralThesis",
            "masterthesis",
            "info:eu-repo/semantics/bookPart",
            "info:eu-repo/semantics/book",
            "Presentation",
            "info:eu-repo/semantics/article",
        )
    }
    assert list(kinds.values()) == ["thesis", "thesis", None, "compilation", "slides", None]


def test_a_family_name_first_creator_is_found_as_initials_and_surname() -> None:
    hints = RecordHints.from_metadata(
        {"title": ["Convective rainfall nowcasting"], "creator": ["Zhang Wei", "Liu Fang"]}
    )
    text = "Convective rainfall nowcasting\nW. Zhang, F. Liu\n" + "\n".join(PROSE * 3)
    identity = decide(hints, text)
    assert identity.verdict == "matched", identity.evidence
    assert "author zhang" in identity.evidence
    # a given name alone is no author: "Zhang Min" is someone else
    other = "Convective rainfall nowcasting\nM. Zhang, K. Chen\n" + "\n".join(PROSE * 3)
    assert "author zhang" not in decide(hints, other).evidence


def test_a_subtitle_that_numbers_a_part_is_another_part() -> None:
    hints = RecordHints(titles=("Urban heat islands in Ankara",), surnames=("kocabas",))
    text = "Urban heat islands in Ankara: Part II\nSinan Kocabas\n" + "\n".join(PROSE * 3)
    assert decide(hints, text).verdict != "matched"
    own = "Urban heat islands in Ankara: evidence from Landsat\nSinan Kocabas\n"
    assert decide(hints, own + "\n".join(PROSE * 3)).verdict == "matched"


@pytest.mark.parametrize(
    ("surnames", "byline", "found"),
    [
        (("म",), "Attached File 120 kB Adobe PDF View/Open", []),  # a lone letter: nothing
        (("Ж",), "Zhanna Zhukova, Almaty", []),
        (("Петров",), "Ivan Petrov, Moscow State University", [["petrov"]]),
    ],
)
def test_a_name_of_no_full_word_is_no_evidence_across_scripts(
    surnames: tuple[str, ...], byline: str, found: list[list[str]]
) -> None:
    """A transliterated name with no part of three letters is never found in a byline.

    (A Devanagari surname read as "m" matched every byline: the check over its long parts
    was true of none; a thesis's title-page part was then kept as the thesis.)
    """
    from politeharvest.fulltext._identity import _names_across

    assert _names_across(surnames, byline) == found


def _references(lines: list[str]) -> list[Item]:
    return [("References", 12.0), *((line, 9.0) for line in lines)]


def test_a_reference_list_whose_entries_end_in_page_ranges_is_no_list_of_contents() -> None:
    """Harvard-style references without a final stop ("Estuaries 42, 112-130") end in page
    numbers as a list of contents' lines do; below the article's References heading they
    are works it cites, and the article stays the record's own."""
    cited = [
        text
        for i in range(14)
        for text in (
            f"Karaman E, Brenner T, Yilmaz K ({2000 + i}) Hypoxia and salt-wedge dynamics in",
            f"estuaries of the Black Sea. Estuarine Coastal Shelf Sci {30 + i}, "
            f"{100 + 10 * i}–{108 + 10 * i}",
        )
    ]
    pdf = make_pdf(article(), body(40), _references(cited))
    identity = check_identity(pdf, ARTICLE)
    assert (identity.verdict, identity.kind) == ("matched", "article"), identity.evidence


def test_a_line_ending_in_a_year_range_set_again_and_again_is_no_list_of_contents() -> None:
    """A paragraph whose first line ends in a year range ("... in 2015-2022"), set under
    several headings, gives lines ending in numbers, but one line repeated word for word:
    a list never gives one entry twice, and the article stays the record's own."""
    paragraph: list[Item] = [
        ("Reindeer herding is the main occupation of the district, studied in 2015–2022", 10.0),
        ("from the statistics of every rural settlement and the herders' own accounts.", 10.0),
    ]
    sections = [
        item
        for heading in ("Introduction", "Materials", "Results", "Discussion", "Conclusion")
        for item in [(heading, 11.0), *paragraph]
    ]
    pdf = make_pdf([*article()[:3], *sections], [*sections, *body(10)])
    identity = check_identity(pdf, ARTICLE)
    assert (identity.verdict, identity.kind) == ("matched", "article"), identity.evidence


def test_an_issue_list_of_contents_is_still_a_compilation() -> None:
    """The same lines above any References heading: an issue's contents, not the record."""
    listed = [
        f"{title} — Elif Karaman, Tobias Brenner {3 + 14 * i}"
        for i, title in enumerate(
            [
                "Tidal pumping of nutrients in a microtidal estuary",
                "Benthic foraminifera as indicators of hypoxia",
                "Sediment plumes after the spring flood of 2021",
                "Fish kills and oxygen minima in coastal lagoons",
                "Numerical models of a salt wedge under low discharge",
            ]
        )
    ]
    pdf = make_pdf([("Contents", 16.0), *((line, 10.0) for line in listed)], article())
    assert check_identity(pdf, ARTICLE).kind == "compilation"


@pytest.mark.parametrize(
    "under",
    [
        "Proceedings of the 9th Coastal Symposium, Varna, ISBN 978-954-9332-55-1, pp. 45-48",
        "Coastal Notes Vol. 12 pp. 45-48, 2022",
    ],
)
def test_a_short_paper_citing_its_own_pages_in_a_book_is_no_review(under: str) -> None:
    """A four-page proceedings paper whose container's citation (with an ISBN, or a volume's
    "12 pp.") stands under its title: its own page range says it is part of the book, where a
    review cites the book's page count."""
    first: list[Item] = [(TITLE, 16.0), (under, 9.0), (AUTHORS, 11.0), ("Abstract", 10.0)]
    pdf = make_pdf([*first, *body()], body(40), body(40), body(40))
    identity = check_identity(pdf, ARTICLE)
    assert identity.verdict == "matched", identity.evidence


def test_a_review_citing_its_book_s_page_count_is_still_a_review() -> None:
    under = "Springer, Cham, 2021. xiv + 286 pp. ISBN 978-3-030-12345-6"
    first: list[Item] = [(TITLE, 16.0), (under, 9.0), ("Reviewed by Anna Novak", 11.0)]
    pdf = make_pdf([*first, *body()], body(40))
    identity = check_identity(pdf, ARTICLE)
    assert (identity.verdict, identity.kind) == ("mismatch", "review"), identity.evidence


def test_a_record_titled_as_a_checklist_is_its_own_form() -> None:
    """ "Checklist for reporting ..." opens the record's own title: the document labelled so is
    the record's (a reporting guideline published as an article), not another document."""
    title = "Checklist for reporting salt-wedge intrusion studies in Black Sea estuaries"
    identity = check_identity(make_pdf(article(title)), record(title=[title]))
    assert identity.verdict == "matched", identity.evidence
    other = check_identity(make_pdf(article(title)), ARTICLE)
    assert other.verdict == "mismatch"


@pytest.mark.parametrize(
    ("label", "kind", "record_type"),
    [
        ("Poster", "poster", "info:eu-repo/semantics/conferencePoster"),
        ("Slides", "slides", "presentation"),
    ],
)
def test_a_label_of_the_record_s_own_kind_before_its_title(
    label: str, kind: str, record_type: str
) -> None:
    """ "Poster: <title>" is a poster's record's own file (an A4 poster abstract): the label
    says what the record is. For an article's record it is still a document about it."""
    pdf = make_pdf(article(f"{label}: {TITLE}"))
    own = check_identity(pdf, record(type=[record_type]))
    assert (own.verdict, own.kind) == ("matched", kind), own.evidence
    assert check_identity(pdf, ARTICLE).verdict == "mismatch"


PROCEEDINGS_LINE = "Proceedings of the 9th Coastal Symposium, Varna 2022, ISBN 978-954-9332-55-1"


def _proceedings_paper() -> bytes:
    first: list[Item] = [(TITLE, 16.0), (PROCEEDINGS_LINE, 9.0), (AUTHORS, 11.0)]
    return make_pdf([*first, ("Abstract", 10.0), *body()], body(40), body(40), body(40))


def test_a_conference_paper_under_its_proceedings_isbn_is_its_record_s_own() -> None:
    """A four-page conference paper with its proceedings' ISBN under its title (no page
    range): for a conference contribution's record it is the record's file, not a review."""
    conference = record(type=["info:eu-repo/semantics/conferenceObject"])
    identity = check_identity(_proceedings_paper(), conference)
    assert identity.verdict == "matched", identity.evidence


@pytest.mark.xfail(
    strict=True,
    reason="a proceedings paper whose record is typed as an article, with its proceedings' "
    "ISBN (and no page range) under its title, reads as a review of that book: nothing in "
    "the line tells a proceedings' citation from a reviewed book's",
)
def test_a_proceedings_paper_typed_as_an_article_under_its_isbn() -> None:
    assert check_identity(_proceedings_paper(), ARTICLE).verdict == "matched"


def test_footnotes_citing_pages_in_order_are_no_list_of_works() -> None:
    """A history article's first page: nine footnotes in small print, each ending in a page
    ("2 Ibid., p. 45"), rising as the argument goes on. They are not entries of a list."""
    notes = [
        "1 Karaman, Estuaries of Anatolia, Ankara 1998, p. 12",
        "2 Ibid., p. 45",
        "3 Brenner, Der Sakarya, Berlin 2001, p. 78",
        "4 Ibid., pp. 112-118",
        "5 Demir, Kiyi, Istanbul 2005, p. 203",
        "6 Ibid., p. 215",
        "7 Karaman, op. cit., p. 230",
        "8 Brenner, op. cit., p. 251",
        "9 Ibid., p. 263",
    ]
    pdf = make_pdf([*article(), *((note, 8.0) for note in notes)], body(40))
    identity = check_identity(pdf, ARTICLE)
    assert (identity.verdict, identity.kind) == ("matched", "article"), identity.evidence
