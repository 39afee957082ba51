"""Deduplication across scripts, calendars and ecosystems (issue 35), mechanism by mechanism.

Each table is one mechanism: a DOI weighed as evidence (whose it is, of which kind, whether
title and authors agree), the kind of item from the type vocabularies, the transliteration
key of the record fold, code pages read wrongly, names in scripts written family name first.
The properties say what is never done: records with different DOIs of their own, of one kind,
and contradicting titles are never one work; a dataset and an article never are.
"""

# Scripts, accents and typographic quotes on purpose.
from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

pytest.importorskip("rapidfuzz")
pytest.importorskip("anyascii")

from politeharvest.quality import compare, fold, parse_name, work_of
from politeharvest.quality._normalize import clean_text, repair_code_page, valid_issn
from politeharvest.quality._text import find_dois, scripts
from politeharvest.quality._work import kind_of
from tests.support.timed import seconds_in_child

PUBLISHER = "https://publisher.example.org/oai"
GRAPH = "https://graph.example.eu/oai"
DATA = "https://data.example.org/oai"
REPO = "https://repository.example.edu/oai"
WEKO = "https://weko.example.ac.jp/oai"

TITLE = "Sparse Gaussian processes for shape optimization in urban air quality"
AUTHORS = ["Sun, Zihan", "Wilson, Emily", "Nguyen, Seo-yeon"]


def rec(
    endpoint: str,
    title: str | list[str],
    creators: list[str] | None = None,
    date: str = "2019",
    **more: list[str],
) -> dict[str, Any]:
    metadata: dict[str, list[str]] = {
        "title": [title] if isinstance(title, str) else title,
        "creator": creators if creators is not None else AUTHORS,
        "date": [date],
        **more,
    }
    ident = f"oai:{endpoint.split('/')[2]}:{abs(hash((str(title), str(more)))) % 10**8}"
    return {"identifier": ident, "endpoint": endpoint, "metadata": metadata}


ARTICLE = rec(
    PUBLISHER,
    TITLE,
    type=["info:eu-repo/semantics/article"],
    identifier=["https://doi.org/10.59071/mjcp.2019.623167"],
)

# (name, record a, record b, words the reason must hold, or None: two works)
CASES: list[tuple[str, dict[str, Any], dict[str, Any], tuple[str, ...] | None]] = [
    (
        "a DOI both give as their own, title and authors agree: one work",
        ARTICLE,
        rec(GRAPH, TITLE, type=["Article"], identifier=["doi:10.59071/MJCP.2019.623167"]),
        ("same DOI 10.59071/mjcp.2019.623167",),
    ),
    (
        "a deposit typed as a thesis that gives the article's DOI as its own: one work",
        ARTICLE,
        rec(
            REPO,
            TITLE,
            type=["info:eu-repo/semantics/masterThesis"],
            identifier=["http://hdl.handle.net/1/2", "10.59071/mjcp.2019.623167"],
        ),
        ("same DOI",),
    ),
    (
        "a thesis naming the article that came from it in a relation: two works",
        ARTICLE,
        rec(
            REPO,
            TITLE,
            AUTHORS[:1],
            type=["info:eu-repo/semantics/doctoralThesis"],
            relation=[
                "Article published from this thesis: https://doi.org/10.59071/mjcp.2019.623167"
            ],
        ),
        None,
    ),
    (
        "a dataset naming its article in a relation, with the article's exact title: two works",
        ARTICLE,
        rec(
            DATA,
            TITLE,
            type=["Dataset"],
            identifier=["https://doi.org/10.59081/sv.6640321"],
            relation=["isSupplementTo doi:10.59071/mjcp.2019.623167"],
        ),
        None,
    ),
    (
        "a graph's copy of the dataset listing the article's DOI among its own: two works",
        ARTICLE,
        rec(
            GRAPH,
            f"Replication data for: {TITLE}",
            type=["Dataset"],
            identifier=[
                "https://doi.org/10.59081/sv.6640321",
                "https://doi.org/10.59071/mjcp.2019.623167",
            ],
        ),
        None,
    ),
    (
        "a graph's copy of the article listing its erratum's DOI, and the erratum: two works",
        rec(
            GRAPH,
            TITLE,
            type=["Article"],
            identifier=[
                "https://doi.org/10.59071/mjcp.2019.623167",
                "https://doi.org/10.59071/mjcp.2020.000111",
            ],
        ),
        rec(
            PUBLISHER,
            TITLE,
            date="2020",
            type=["info:eu-repo/semantics/other", "Correction"],
            identifier=["https://doi.org/10.59071/mjcp.2020.000111"],
        ),
        None,
    ),
    (
        "an erratum of the identical title, no DOIs: two works (its type says so)",
        rec(PUBLISHER, TITLE, type=["Journal article"]),
        rec(GRAPH, TITLE, type=["Correction"]),
        None,
    ),
    (
        "a comment quoting the article's title, no DOIs: two works (whatever its language)",
        rec(PUBLISHER, TITLE, type=["Journal article"]),
        rec(GRAPH, f"Kommentar zu „{TITLE}“", type=["Journal article"]),
        None,
    ),
    (
        "a book and its chapter of the book's title, both with the book's ISBN: two works",
        rec(REPO, TITLE, type=["info:eu-repo/semantics/book"], identifier=["978-3-16-148410-0"]),
        rec(
            REPO.replace("repository", "other"),
            TITLE,
            type=["info:eu-repo/semantics/bookPart"],
            identifier=["978-3-16-148410-0"],
        ),
        None,
    ),
    (
        "one DOI string, titles and authors that both disagree (a typo of another's DOI)",
        ARTICLE,
        rec(
            GRAPH,
            "Tourism demand and minimum wage effects in coastal regions of Greece",
            ["Kowalski, Rachel", "Bauer, Maximilian"],
            identifier=["https://doi.org/10.59071/mjcp.2019.623167"],
        ),
        None,
    ),
    (
        "one DOI, a Japanese title and its translation, kanji and romanised names: one work",
        rec(
            WEKO,
            "特別支援教育に関する一考察―沖縄県を事例として―",
            ["山崎恭子", "木村信也"],
            type=["journal article"],
            identifier=["https://doi.org/10.59073/mjss.2017.914982"],
        ),
        rec(
            PUBLISHER,
            "A consideration of special needs education: the case of Okinawa Prefecture",
            ["Yamazaki, Kyoko", "Kimura, Shinya"],
            type=["Journal article"],
            identifier=["https://doi.org/10.59073/mjss.2017.914982"],
        ),
        ("same DOI",),
    ),
    (
        "an abstract naming the first author's earlier paper by its DOI: two works",
        ARTICLE,
        rec(
            REPO,
            "Variational inference for sensor placement in coastal flood forecasting",
            ["Sun, Zihan", "Kowalski, Rachel", "Bauer, Maximilian"],
            date="2021",
            description=["We extend our earlier work (doi:10.59071/mjcp.2019.623167) to floods."],
        ),
        None,
    ),
    (
        "a DSpace copy that states its own DOI in the abstract, title translated: one work",
        ARTICLE,
        rec(
            REPO,
            "Processos gaussianos esparsos para otimização de forma na qualidade do ar urbano",
            ["Sun, Z.", "Wilson, E.", "Nguyen, S."],
            description=["DOI: https://doi.org/10.59071/mjcp.2019.623167."],
        ),
        ("same DOI",),
    ),
    (
        "DOIs one letter apart (a typing slip), same title and authors: one work",
        ARTICLE,
        rec(GRAPH, TITLE, type=["Article"], identifier=["10.59071/mjcp-2019.623167"]),
        ("one character apart",),
    ),
    (
        "DOIs one digit apart (two numbers of a series), same title and authors: two works",
        ARTICLE,
        rec(GRAPH, TITLE, type=["Article"], identifier=["10.59071/mjcp.2019.623168"]),
        None,
    ),
    (
        "SICI DOIs of one issue, alike up to the '<': two works",
        rec(
            PUBLISHER,
            "Permafrost temperature anomalies in the Amazon basin from citizen-science sensors",
            identifier=["https://doi.org/10.59075/1520-0442(1996)009<44:PTAABC>2.0.CO;2"],
        ),
        rec(
            GRAPH,
            "Permafrost temperature variability in the South Atlantic from citizen-science sensors",
            identifier=["https://doi.org/10.59075/1520-0442(1996)009&lt;55:PTVSAC&gt;2.0.CO;2"],
        ),
        None,
    ),
    (
        "a SICI DOI raw and percent-encoded: one work",
        rec(
            PUBLISHER,
            TITLE,
            identifier=["https://doi.org/10.59075/1520-0442(1996)009<44:PTAABC>2.0.CO;2"],
        ),
        rec(
            GRAPH,
            TITLE,
            identifier=["https://doi.org/10.59075/1520-0442(1996)009%3C44:PTAABC%3E2.0.CO%3B2"],
        ),
        ("same DOI 10.59075/1520-0442(1996)009<44:ptaabc>2.0.co;2",),
    ),
    (
        "a conference paper with its DOI in a relation, a preprint naming the journal DOI",
        rec(
            REPO,
            TITLE,
            type=["Conference or Workshop Item"],
            relation=["https://doi.org/10.5078/ICEE-2013-0407"],
        ),
        rec(
            "https://preprints.example.org/oai",
            TITLE,
            type=["info:eu-repo/semantics/preprint"],
            relation=["https://doi.org/10.4127/jrep.2014.74167"],
        ),
        None,
    ),
    (
        "a thesis and an article of one title and author, no DOIs: two works",
        rec(REPO, TITLE, AUTHORS[:1], type=["info:eu-repo/semantics/doctoralThesis"]),
        rec(PUBLISHER, TITLE, type=["info:eu-repo/semantics/article"]),
        None,
    ),
    (
        "a Russian title and its transliteration by another scheme: one work",
        rec(
            "https://journal.example.ru/oai",
            "Цифровая экономика в регионах Сибири: опыт и перспективы",
            ["Иванов, Иван Иванович"],
        ),
        rec(
            GRAPH,
            "Tsifrovaya ekonomika v regionakh Sibiri: opyt i perspektivy",
            ["Ivanov, I. I."],
        ),
        ("title",),
    ),
    (
        "a traditional and a simplified Chinese title: one work",
        rec(REPO, "數據科學與機器學習在城市空氣質量預測中的應用", ["王, 偉"]),
        rec(GRAPH, "数据科学与机器学习在城市空气质量预测中的应用", ["王, 伟"]),
        ("title",),
    ),
    (
        "a Japanese title in full-width and half-width Latin letters: one work",
        rec(WEKO, "ＣＯＶＩＤ－１９流行下の看護師の離職に関する研究", ["田中, 太郎"]),
        rec(GRAPH, "COVID-19流行下の看護師の離職に関する研究", ["田中 太郎"]),
        ("title",),
    ),
    (
        "part one and part two in Han numerals, same authors: two works",
        rec(WEKO, "沖縄県における地域包括ケアの研究 第一部", ["田中, 太郎"]),
        rec(GRAPH, "沖縄県における地域包括ケアの研究 第二部", ["田中, 太郎"]),
        None,
    ),
    (
        "one place differs in a Japanese title of one author (short readings): two works",
        rec(WEKO, "大阪府の高齢者福祉に関する研究", ["田中, 太郎"]),
        rec(GRAPH, "京都府の高齢者福祉に関する研究", ["田中, 太郎"]),
        None,
    ),
    (
        "a Japanese title and its copy with a subtitle added: one work",
        rec(WEKO, "大阪府の高齢者福祉に関する研究", ["田中, 太郎"]),
        rec(GRAPH, "大阪府の高齢者福祉に関する研究―事例として―", ["田中 太郎"]),
        ("title",),
    ),
    (
        "Japanese titles whose only Latin word is COVID-19, other authors: two works",
        rec(WEKO, "COVID-19流行下の看護師の離職に関する研究", ["田中, 太郎"]),
        rec(GRAPH, "COVID-19流行下の大学生の学習意欲に関する調査", ["佐藤, 花子"]),
        None,
    ),
]


@pytest.mark.parametrize(("name", "a", "b", "reason"), CASES, ids=[c[0] for c in CASES])
def test_evidence_per_mechanism(
    name: str, a: dict[str, Any], b: dict[str, Any], reason: tuple[str, ...] | None
) -> None:
    there = compare(work_of(a), work_of(b))
    back = compare(work_of(b), work_of(a))
    assert bool(there) == bool(back), (name, there, back)  # symmetric
    if reason is None:
        assert there is None, (name, there)
    else:
        assert there is not None, name
        for words in reason:
            assert words in there, (name, there)


@pytest.mark.parametrize(
    ("types", "kind"),
    [
        (["info:eu-repo/semantics/article", "Artigo"], "article"),
        (["info:eu-repo/semantics/bookPart", "Capítulo de livro"], "chapter"),
        (["info:eu-repo/semantics/book", "Livro"], "book"),
        (["Dataset", "info:eu-repo/semantics/dataset"], "dataset"),
        (["Software"], "software"),
        (["info:eu-repo/semantics/other", "Correction"], "erratum"),
        (["book-review"], "review"),
        (["Comment"], "comment"),
        (["info:eu-repo/semantics/masterThesis", "Yüksek Lisans Tezi"], "thesis"),
        (["Conference or Workshop Item", "PeerReviewed"], "conference"),
        (["info:eu-repo/semantics/conferenceObject"], "conference"),
        (["departmental bulletin paper"], "article"),
        (["text"], ""),
        (["紀要論文"], ""),  # a label beside no vocabulary says nothing
        ([], ""),
    ],
)
def test_kind_from_the_type_vocabularies(types: list[str], kind: str) -> None:
    assert kind_of(types) == kind


@pytest.mark.parametrize(
    ("text", "folded"),
    [
        ("Цифровая экономика", "tsifrovaya ekonomika"),
        ("Цифровая экономика ёж", "tsifrovaya ekonomika ezh"),  # yo read as ye
        ("Ελληνική ΟΔΟΣ", "elliniki odos"),
        ("کتاب یک ۱۳۹۸", "ktb yk 1398"),  # Persian letters and digits
        ("كتاب يك ١٣٩٨", "ktb yk 1398"),  # the Arabic letters and digits: the same key
        ("數據科學", "shu ju ke xue"),  # traditional Chinese
        ("数据科学", "shu ju ke xue"),  # simplified: the same key
        ("ＣＯＶＩＤ－１９", "covid 19"),  # full-width forms
        ("İSTANBUL ılık ISPARTA", "istanbul ilik isparta"),  # Turkish i by case folding
        ("STRASSE Straße", "strasse strasse"),
        ("Türkiye’de", "turkiye de"),  # a typographic apostrophe separates, as ' does
        ("第二部", "di 2 bu"),  # a Han numeral is its number
    ],
)
def test_the_record_fold_is_a_transliteration_key(text: str, folded: str) -> None:
    assert fold(text) == folded


def test_a_work_in_another_script_survives_the_sqlite_index() -> None:
    work = work_of(
        rec(
            WEKO, "大阪府の高齢者福祉に関する研究", ["田中, 太郎", "Tanaka, Taro"], type=["Dataset"]
        )
    )
    assert work.glyphs and work.title_scripts == {"cjk"} and work.kind == "dataset"
    assert type(work).from_json(work.to_json()) == work


def test_scripts_of_titles_and_names() -> None:
    assert scripts("Иванов Ivanov") == {"cyrillic", "latin"}
    assert scripts("田中 たなか タナカ 한국") == {"cjk"}
    assert scripts("2019 — 42") == frozenset()


@pytest.mark.parametrize(
    ("name", "family", "given"),
    [
        ("山口 香織", "山口", "香織"),  # Han: family name first
        ("遠藤\u3000信也", "遠藤", "信也"),  # an ideographic space
        ("山崎恭子", "山崎恭子", ""),  # no space: one name
        ("田中, 太郎", "田中", "太郎"),
        ("Emily Wilson", "Wilson", "Emily"),  # Latin: as before
        # honorifics and degrees, by their form
        ("Prof. Dr. Ayşe Yılmaz", "Yılmaz", "Ayşe"),
        ("Yılmaz, Doç. Dr. Ayşe", "Yılmaz", "Ayşe"),
        ("Ayşe Yılmaz, PhD", "Yılmaz", "Ayşe"),
        ("Smith, John, M.D.", "Smith", "John"),
        ("John Smith, Jr.", "Smith", "John"),
        ("Smith, John, III", "Smith", "John"),
        # initials of more than one letter are not honorifics
        ("Nikolayeva, Ya. A.", "Nikolayeva", "Ya. A."),
        ("Chr. Müller", "Müller", "Chr."),
        ("Smith, J.", "Smith", "J."),
        ("Smith, JK", "Smith", "J. K."),
    ],
)
def test_names_in_scripts_written_family_name_first(name: str, family: str, given: str) -> None:
    parsed = parse_name(name)
    assert (parsed.family, parsed.given) == (family, given)


@pytest.mark.parametrize(
    ("damaged", "repaired"),
    [
        ("Âëèÿíèå ãîñóäàðñòâåííîé ïîääåðæêè", "Влияние государственной поддержки"),  # cp1251
        ("Èâàíîâ, È. È.", "Иванов, И. И."),
        ("Wp³yw œredniej temperatury", "Wpływ średniej temperatury"),  # cp1250
        (
            "\x90V\x8a\x83\x8c§\x82É\x82¨\x82¯\x82é\x93`\x93\x9d\x8dH\x8c|",  # Shift_JIS
            "新潟県における伝統工芸",
        ),
        # text that is not odd stays as it is
        ("Größe der Städte", "Größe der Städte"),
        ("Café crème brûlée à la française", "Café crème brûlée à la française"),
        ("Col·legi d'Été", "Col·legi d'Été"),
        ("0¢0 and 5³", "0¢0 and 5³"),
        ("Çelik, Ümit", "Çelik, Ümit"),
    ],
)
def test_text_read_in_the_wrong_code_page(damaged: str, repaired: str) -> None:
    assert clean_text(damaged) == repaired


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.characters(min_codepoint=0x20, max_codepoint=0x24F), max_size=40))
def test_a_code_page_repair_leaves_no_odd_word_and_is_stable(text: str) -> None:
    once = repair_code_page(text)
    assert repair_code_page(once) == once


@pytest.mark.parametrize(
    ("value", "issn"),
    [
        ("Ekonomi, İşletme ve Yönetim Çalışmaları Dergisi; Cilt: 1 Sayı: 1 219-238", None),
        ("2049-3630 (Online)", "2049-3630"),
        ("eISSN: 2049-3630", "2049-3630"),
    ],
)
def test_an_issn_only_from_a_value_shaped_as_one(value: str, issn: str | None) -> None:
    assert valid_issn(value) == issn


def test_sici_dois_are_kept_whole_in_every_form() -> None:
    forms = [
        "10.1002/(SICI)1520-6750(200104)17:4<69::AID-MJAM5>3.0.CO;2-Q",
        "https://doi.org/10.1002/(SICI)1520-6750(200104)17:4&lt;69::AID-MJAM5&gt;3.0.CO;2-Q",
        "https://doi.org/10.1002/(SICI)1520-6750(200104)17:4%3C69::AID-MJAM5%3E3.0.CO%3B2-Q",
    ]
    assert find_dois(forms) == ("10.1002/(sici)1520-6750(200104)17:4<69::aid-mjam5>3.0.co;2-q",)
    # a tag after a DOI is not part of it
    assert find_dois(["<a>10.1234/abc</a>"]) == ("10.1234/abc",)


_WORDS = st.sampled_from(
    [
        "glacier",
        "mass",
        "balance",
        "tropical",
        "andes",
        "neural",
        "operators",
        "assimilation",
        "urban",
        "air",
        "quality",
        "magnetization",
        "plateaus",
        "honeycomb",
        "lattice",
        "conformal",
        "prediction",
        "phase",
        "reforma",
        "agraria",
        "escolas",
        "justica",
        "restaurativa",
        "ozone",
        "anomalies",
        "amazon",
    ]
)


@settings(max_examples=300, deadline=None)
@given(
    st.lists(_WORDS, min_size=4, max_size=8, unique=True),
    st.lists(_WORDS, min_size=4, max_size=8, unique=True),
    st.sampled_from([[], ["Article"], ["info:eu-repo/semantics/article"], ["Dataset"]]),
    st.integers(0, 999_999),
    st.integers(0, 999_999),
    st.booleans(),
)
def test_different_own_dois_and_contradicting_titles_never_merge(
    words_a: list[str],
    words_b: list[str],
    kind: list[str],
    suffix_a: int,
    suffix_b: int,
    same_authors: bool,
) -> None:
    if suffix_a == suffix_b or len(set(words_a) & set(words_b)) * 2 >= min(
        len(words_a), len(words_b)
    ):
        return  # one DOI, or titles that do not contradict
    a = rec(PUBLISHER, " ".join(words_a), type=kind, identifier=[f"10.5555/x.{suffix_a}"])
    b = rec(
        GRAPH,
        " ".join(words_b),
        AUTHORS if same_authors else ["Kowalski, Rachel"],
        type=kind,
        identifier=[f"https://doi.org/10.5555/x.{suffix_b}"],
    )
    assert compare(work_of(a), work_of(b)) is None
    assert compare(work_of(b), work_of(a)) is None


@settings(max_examples=200, deadline=None)
@given(
    st.lists(_WORDS, min_size=4, max_size=8, unique=True),
    st.sampled_from(["Dataset", "Software", "Correction", "Book chapter"]),
    st.sampled_from(["", "Data for: ", "Replication data for: "]),
    st.booleans(),
)
def test_an_item_of_another_kind_never_merges_with_the_article(
    words: list[str], kind: str, lead: str, cross_listed: bool
) -> None:
    """Whatever DOIs they list of each other, and with the same title and authors."""
    title = " ".join(words)
    article = rec(PUBLISHER, title, type=["Journal article"], identifier=["10.5555/a.1"])
    other = rec(
        DATA,
        lead + title,
        type=[kind],
        identifier=["10.5555/d.1", *(["https://doi.org/10.5555/a.1"] if cross_listed else [])],
        relation=["isSupplementTo doi:10.5555/a.1"],
    )
    assert compare(work_of(article), work_of(other)) is None
    assert compare(work_of(other), work_of(article)) is None


def test_hostile_values_are_read_in_linear_time() -> None:
    """200,000 characters of each new scan: quotes never closed, a DOI of SICI brackets never
    closed, digits for an ISSN, a code page to repair, a title without spaces; in a child."""
    script = (
        "import time\n"
        "from politeharvest.quality._normalize import clean_text, valid_issn\n"
        "from politeharvest.quality._text import find_dois, fold\n"
        "from politeharvest.quality._work import _about\n"
        "n = 200_000\n"
        "for run in (lambda: _about(['“' * n + 'x']),\n"
        "            lambda: _about(['“' + 'a' * n]),\n"
        "            lambda: find_dois(['10.1234/a' + '<' + ':' * n]),\n"
        "            lambda: find_dois(['10.1234/a' + '<a:b' * (n // 4)]),\n"
        "            lambda: valid_issn('1' * n),\n"
        "            lambda: clean_text('Âëèÿíèå ' * (n // 8)),\n"
        "            lambda: fold('日本語' * (n // 3))):\n"
        "    started = time.process_time()\n"
        "    run()\n"
        "    print(time.process_time() - started)\n"
    )
    assert all(seconds < 5.0 for seconds in seconds_in_child(script, timeout=120))


@pytest.mark.parametrize(
    ("value", "iso"),
    [
        ("۱۳۹۸/۰۵/۱۲", "2019-08-03"),  # Persian digits: Solar Hijri
        ("۱۳۹۸", "2019"),  # a year alone: the Gregorian year of its middle
        ("١٤٤٠-٠١-٠١", "2018-09-12"),  # Arabic-Indic digits: Hijri
        ("٢٠١٩", "2019"),  # Arabic-Indic digits of a Gregorian year: Gregorian
        ("2019", "2019"),
    ],
)
def test_dates_in_other_digits_and_calendars(value: str, iso: str | None) -> None:
    from politeharvest.quality._normalize import normalize_date

    found = normalize_date(value)
    assert (found.iso if found else None) == iso


@pytest.mark.parametrize(
    ("dates", "iso"),
    [
        (["1398", "2019"], "2019"),  # a Solar Hijri year beside the Gregorian one
        (["1440", "2019-03"], "2019-03"),  # a Hijri year beside it
        (["1781", "1782"], "1781"),  # old Gregorian years stay
        (["1398"], "1398"),  # alone, a year cannot say its calendar
    ],
)
def test_a_year_of_another_calendar_beside_gregorian_ones(dates: list[str], iso: str) -> None:
    from politeharvest.quality import publication_date

    found = publication_date({"date": dates})
    assert found is not None and found.iso == iso


def test_a_record_dated_in_two_calendars_merges_with_its_copy() -> None:
    a = rec(REPO, TITLE, date="1398", type=["Article"])
    a["metadata"]["date"] = ["1398", "2019"]
    b = rec(GRAPH, TITLE, date="2019", type=["Article"])
    assert compare(work_of(a), work_of(b)) is not None
