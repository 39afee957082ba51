"""Copies of one work whose creators are written in two scripts (issue 35), as tables.

A journal in Chinese, Korean, Persian or Arabic lists its authors in their own script; a
university repository or an aggregator lists them romanised (``胡伟`` and ``Hu, Wei``,
``이지훈(Lee, Ji-hoon)`` and ``Yi, Jihun``, ``نرگس قاسمی`` and ``Qasemi, Narges``). Such
names are compared by their romanised keys (anyascii), alike or with the same consonants;
a name in two scripts is weaker evidence than one spelt alike, so a short title in two
years needs more. One journal cited at two issues is two items, whatever digits the
citation is written in. All records here are invented.
"""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("rapidfuzz")

from politeharvest.quality import Deduplicator, compare, work_of
from politeharvest.quality._normalize import clean_text, normalize_date, parse_name
from politeharvest.quality._work import person_keys

JOURNAL = "https://journal.example.cn/oai"
IR = "https://ir.example.edu/oai/request"
AGG = "https://aggregator.example.org/oai"
PREPRINTS = "https://preprints.example.org/oai"


def rec(endpoint: str, ident: str, **metadata: Any) -> dict[str, Any]:
    return {
        "identifier": f"oai:{endpoint.split('/')[2]}:{ident}",
        "endpoint": endpoint,
        "metadata": {k: v if isinstance(v, list) else [v] for k, v in metadata.items()},
    }


ZH_TITLE = "长江流域城市绿地对热岛效应的缓解作用研究"
EN_TITLE = "Mitigation of the urban heat island by green space in cities of the Yangtze basin"
FA_TITLE = "بررسی عوامل مؤثر بر مصرف آب خانگی در شهر کرمان"
FA_EN = "Factors affecting household water consumption in the city of Kerman"

# (name, record a, record b, words the reason must hold, or None: must stay apart)
CASES: list[tuple[str, dict[str, Any], dict[str, Any], tuple[str, ...] | None]] = [
    (
        "Han names and their pinyin, family name first and last",
        rec(JOURNAL, "1", title=[ZH_TITLE, EN_TITLE], creator=["胡伟", "林强"], date="2021-03-02"),
        rec(IR, "9", title=[EN_TITLE, ZH_TITLE], creator=["Wei Hu", "Qiang Lin"], date="2021"),
        ("title 100% alike", "2 shared authors"),
    ),
    (
        "a Hangul name with its romanisation in brackets, and another romanisation",
        rec(
            JOURNAL,
            "2",
            title=["도시 녹지의 열섬 완화 효과", EN_TITLE],
            creator=["이지훈(Lee, Ji-hoon)", "정서연(Jung, Seo-yeon)"],
            date="2019-05",
        ),
        rec(AGG, "3", title=[EN_TITLE], creator=["Yi, Jihun", "Jeong, Seoyeon"], date="2019"),
        ("shared author",),
    ),
    (
        "Persian names and their Latin letters: the same consonants",
        rec(
            JOURNAL, "4", title=[FA_TITLE, FA_EN], creator=["نرگس قاسمی", "مریم محمدی"], date="2020"
        ),
        rec(
            AGG,
            "5",
            title=[FA_TITLE, FA_EN],
            creator=["Qasemi, Narges", "Mohammadi, Maryam"],
            date="2020",
        ),
        ("shared author",),
    ),
    (
        "honorifics with a dot and no space before a name in another script",
        rec(JOURNAL, "6", title=[EN_TITLE], creator=["ผศ.ดร.ปิยะนุช ทองดี"], date="2022"),
        rec(IR, "7", title=[EN_TITLE], creator=["Piyanuch Thongdee"], date="2022"),
        ("1 shared author",),
    ),
    (
        "the same title by other people, named in another script",
        rec(JOURNAL, "8", title=[ZH_TITLE, EN_TITLE], creator=["王芳", "赵磊"], date="2021"),
        rec(IR, "10", title=[EN_TITLE], creator=["Hu, Wei", "Lin, Qiang"], date="2021"),
        None,
    ),
    (
        "one journal cited at two issues: two items, even with the same title and author",
        rec(
            JOURNAL,
            "11",
            title=["سخن سردبیر و گزارش سال"],
            creator=["Karimi, Hossein"],
            source="فصلنامه جغرافیا; Vol. 16 No. 1 (2016); 1-2",
            date="2016",
        ),
        rec(
            AGG,
            "12",
            title=["سخن سردبیر و گزارش سال"],
            creator=["Karimi, Hossein"],
            source="فصلنامه جغرافیا; Vol. 16 No. 2 (2016); 1-2",
            date="2016",
        ),
        None,
    ),
    (
        "one citation written in Eastern Arabic digits and in ASCII ones: one item",
        rec(
            JOURNAL,
            "13",
            title=[FA_TITLE],
            creator=["Karimi, Hossein"],
            source="فصلنامه جغرافیا; Vol. 16 No. 1 (2016); 12-30",
            date="2016",
        ),
        rec(
            AGG,
            "14",
            title=[FA_TITLE],
            creator=["Karimi, Hossein"],
            source="فصلنامه جغرافیا; Vol. ١٦ No. ١ (٢٠١٦); ١٢-٣٠",
            date="2016",
        ),
        ("title 100% alike",),
    ),
    (
        "a Solar Hijri year alone in ASCII digits, dated by the year its citation gives",
        rec(
            JOURNAL,
            "15",
            title=[FA_TITLE, FA_EN],
            creator=["Qasemi, Narges"],
            source="مجله علوم اجتماعی; Vol. 35 No. 1 (2020); 86-107",
            date=["1398-10-11", "2020-01-01"],
        ),
        rec(
            AGG,
            "16",
            title=[FA_TITLE, FA_EN],
            creator=["Qasemi, Narges"],
            source="مجله علوم اجتماعی; Vol. 35 No. 1 (2020); 86-107",
            date="1398",
        ),
        ("same year 2020",),
    ),
    (
        "Korean romanisations that differ in voicing (Gim and Kim, Sujin and Soo-jin)",
        rec(JOURNAL, "19", title=[EN_TITLE], creator=["김수진"], date="2017"),
        rec(IR, "20", title=[EN_TITLE], creator=["Soo-jin Kim"], date="2017"),
        ("1 shared author",),
    ),
    (
        "a Ukrainian name with its patronymic, and its Latin letters without",
        rec(
            JOURNAL,
            "27",
            title=[EN_TITLE],
            creator=["Мельник Сергій Григорович", "Павлюк Дмитро Юрійович"],
            date="2024",
        ),
        rec(
            AGG, "28", title=[EN_TITLE], creator=["Melnyk, Serhii", "Pavliuk, Dmytro"], date="2024"
        ),
        ("shared author",),
    ),
    (
        "a Kazakh name with its given name and with its initial only",
        rec(JOURNAL, "29", title=[EN_TITLE], creator=["Төлеуова Жанар"], date="2018"),
        rec(AGG, "30", title=[EN_TITLE], creator=["Toleuova Z."], date="2018"),
        ("1 shared author",),
    ),
    (
        "authors joined by semicolons in one value, in another script",
        rec(JOURNAL, "31", title=[EN_TITLE], creator=["郑国庆", "罗伟"], date="2023"),
        rec(IR, "32", title=[EN_TITLE], creator=["ZHENG Guoqing; LUO Wei"], date="2023"),
        ("shared author",),
    ),
    (
        "a translation: the title in another language, one citation, year and author",
        rec(
            JOURNAL,
            "35",
            title=["구조방정식 모형을 활용한 농촌 지역 노인 돌봄 서비스의 질 분석"],
            creator=["강미영"],
            source="한국사회정책연구; Vol. 6 No. 5 (2025); 23-38",
            date="2025-08",
        ),
        rec(
            IR,
            "36",
            title=["Quality of elderly care services in rural areas: a structural equation model"],
            creator=["Kang Miyoung"],
            source="한국사회정책연구; Vol. 6 No. 5 (2025); 23-38",
            date="2025",
        ),
        ("same citation 6 5 23 38", "a shared author"),
    ),
    (
        "a translation's title, one venue, other pages: two items",
        rec(
            JOURNAL,
            "37",
            title=["구조방정식 모형을 활용한 농촌 지역 노인 돌봄 서비스의 질 분석"],
            creator=["강미영"],
            source="한국사회정책연구; Vol. 6 No. 5 (2025); 23-38",
            date="2025-08",
        ),
        rec(
            IR,
            "38",
            title=["Quality of elderly care services in rural areas: a structural equation model"],
            creator=["Kang Miyoung"],
            source="한국사회정책연구; Vol. 6 No. 5 (2025); 39-52",
            date="2025",
        ),
        None,
    ),
    (
        "one citation and year, titles in two languages, no author shared: two items",
        rec(
            JOURNAL,
            "39",
            title=["구조방정식 모형을 활용한 농촌 지역 노인 돌봄 서비스의 질 분석"],
            creator=["강미영"],
            source="한국사회정책연구; Vol. 6 No. 5 (2025); 23-38",
            date="2025",
        ),
        rec(
            IR,
            "40",
            title=["Quality of elderly care services in rural areas: a structural equation model"],
            creator=["Okafor, Chidi"],
            source="한국사회정책연구; Vol. 6 No. 5 (2025); 23-38",
            date="2025",
        ),
        None,
    ),
    (
        "Part I without its bracketed years beside Part II: not a title cut short",
        rec(
            JOURNAL,
            "41",
            title="Prévalence du paludisme chez les femmes enceintes dans l'État d'Ogun, "
            "Nigeria : une enquête transversale (2015-2020): Part I",
            creator=["Otieno, Grace Achieng"],
            date="2022-01-21",
            source="West African Journal of Medicine; Vol. 24 No. 1 (2022); 1-20",
        ),
        rec(
            AGG,
            "42",
            title="Prévalence du paludisme chez les femmes enceintes dans l'État d'Ogun, "
            "Nigeria : une enquête transversale (2015-2020): Part II",
            creator=["Otieno, G. A."],
            date="2022",
        ),
        None,
    ),
    (
        "a title cut inside a word, a letter spelt otherwise (ä and ae): still cut",
        rec(
            AGG,
            "43",
            title="Numerische Simulation zur Lebensdauervorhersage von Waermepumpen: "
            "Ein Werkstattbericht",
            creator=["Meier, Stefan"],
            date="2013",
        ),
        rec(
            IR,
            "44",
            title="Numerische Simulation zur Lebensdauervorhersage von Wärmepumpen",
            creator=["Meier, S."],
            date="2013",
        ),
        ("shared author",),
    ),
    (
        "two DOIs of one registrant: the journal's own record is no copy without a venue",
        rec(
            JOURNAL,
            "45",
            title="Perlindungan hukum tenaga kerja migran di Provinsi Aceh",
            creator=["Budi Santoso"],
            date="2024-08-21",
            identifier=["https://doi.org/10.63106/id2024.0066"],
        ),
        rec(
            AGG,
            "46",
            title="Perlindungan hukum tenaga kerja migran di Provinsi Aceh",
            creator=["Santoso, Budi"],
            date="2026",
            source="Jurnal Ekonomi Pembangunan; Vol. 5 No. 2 (2026); 257-272",
            identifier=["info:doi/10.63106/id2026.0067"],
        ),
        None,
    ),
    (
        "a given name read as the family name (Arun, P., Dr. and Arun Prakash)",
        rec(
            JOURNAL,
            "47",
            title="A study on impact of microfinance on rural poverty in Andhra Pradesh",
            creator=["Arun Prakash"],
            date="2018-06-26",
            type=["info:eu-repo/semantics/doctoralThesis"],
        ),
        rec(
            AGG,
            "48",
            title="A study on impact of microfinance on rural poverty in Andhra Pradesh",
            creator=["Arun, P., Dr."],
            date="2018",
            type=["info:eu-repo/semantics/doctoralThesis"],
        ),
        ("1 shared author",),
    ),
    (
        "one given name and one family initial are no name read the other way round",
        rec(JOURNAL, "55", title=EN_TITLE, creator=["Piotr Ropa"], date="2013"),
        rec(AGG, "56", title=EN_TITLE, creator=["Piotr Rifi", "Li Ivanov"], date="2013"),
        None,
    ),
    (
        "the same title by other people who share given names only: two works",
        rec(
            JOURNAL,
            "49",
            title="Educação em direitos humanos na escola pública",
            creator=["Souza, Mariana Teixeira", "Araújo, Pedro Henrique"],
            date="2011",
        ),
        rec(
            AGG,
            "50",
            title="Educação em direitos humanos na escola pública",
            creator=["Farias, Francisco Costa", "Gomes, Pedro Henrique Teixeira"],
            date="2011",
        ),
        None,
    ),
    (
        "two editorials by one editor in one year, typed so, titled in any language: two items",
        rec(
            JOURNAL,
            "51",
            title="Palavra do editor e notas da redação",
            creator=["Farias, Francisco Costa"],
            date="2016",
            type=["info:eu-repo/semantics/other", "Editorial"],
        ),
        rec(
            AGG,
            "52",
            title="Palavra do editor e notas da redação",
            creator=["Farias, Francisco Costa"],
            date="2016",
            type=["info:eu-repo/semantics/other", "Editorial"],
        ),
        None,
    ),
    (
        "the same typed editorial at one citation: one item",
        rec(
            JOURNAL,
            "53",
            title="Palavra do editor e notas da redação",
            creator=["Farias, Francisco Costa"],
            date="2016",
            type=["Editorial"],
            source="Revista de Saúde; Vol. 4 No. 2 (2016); 1-3",
        ),
        rec(
            AGG,
            "54",
            title="Palavra do editor e notas da redação",
            creator=["Farias, F. C."],
            date="2016",
            type=["Editorial"],
            source="Revista de Saúde; Vol. 4 No. 2 (2016); 1-3",
        ),
        ("same heading and citation",),
    ),
    (
        "a working paper and its journal article in one repository (RePEc lists both)",
        rec(
            AGG,
            "21",
            title="The dynamics of remittances and household investment: evidence from Peru",
            creator=["Tanaka, J."],
            date="2023-08",
            type=["info:eu-repo/semantics/workingPaper"],
        ),
        rec(
            AGG,
            "22",
            title="The dynamics of remittances and household investment: evidence from Peru",
            creator=["Tanaka, Jonas"],
            date="2025-08",
            type=["info:eu-repo/semantics/article"],
            source="Review of Monetary Studies; Vol. 9 No. 4 (2025); 210-222",
        ),
        ("preprint 2023, published 2025",),
    ),
    (
        "a preprint with its own DOI and the article with a lead added, every author kept",
        rec(
            AGG,
            "23",
            title="Sovereign debt and capital flight: evidence from Ecuador and Peru",
            creator=["Rossi, Aisha J.", "Novak, Emily J."],
            date="2023-02-11",
            type=["info:eu-repo/semantics/workingPaper"],
            identifier=["https://doi.org/10.64139/ssrn.3726119"],
        ),
        rec(
            IR,
            "24",
            title="Revisiting sovereign debt and capital flight: evidence from Ecuador and Peru",
            creator=["Rossi, Aisha J.", "Novak, Emily J."],
            date="2024-02",
            type=["info:eu-repo/semantics/article"],
            identifier=["https://doi.org/10.63115/jder.2024.0587"],
            source="Review of Monetary Studies; Vol. 22 No. 2 (2024); 155-173",
        ),
        ("one title contains the other", "preprint 2023, published 2024"),
    ),
    (
        "a preprint posted and published in one year, each with its own DOI, a lead added",
        rec(
            PREPRINTS,
            "57",
            title="Gut microbiome composition and insulin resistance during early development",
            creator=["Wei K. Kim", "Zara J. Larsen"],
            date="2020",
            type=["info:eu-repo/semantics/preprint"],
            identifier=["https://doi.org/10.64101/2019.08.14.401067"],
        ),
        rec(
            IR,
            "58",
            title="Systematic analysis of gut microbiome composition and insulin resistance "
            "during early development",
            creator=["Kim WK", "Larsen ZJ"],
            date="2020-07-16",
            type=["info:eu-repo/semantics/article"],
            identifier=["https://doi.org/10.63114/bio2020.0025"],
            source="Journal of Cellular Systems; Vol. 15 No. 5 (2020); 229-237",
        ),
        ("one title contains the other", "a preprint's own and the article's"),
    ),
    (
        "a preprint that names its article's DOI, and a conference paper of that year: two",
        rec(
            PREPRINTS,
            "59",
            title="Tourism demand and minimum wage effects in Greece",
            creator=["Rachel Kowalski", "Maximilian Bauer"],
            date="2013-10-01",
            type=["info:eu-repo/semantics/preprint"],
            relation=["https://doi.org/10.4127/jrep.2014.74167"],
        ),
        rec(
            IR,
            "60",
            title="Tourism demand and minimum wage effects in Greece",
            creator=["Kowalski, R.", "Bauer, M."],
            date="2013",
            type=["Conference or Workshop Item"],
            relation=["https://doi.org/10.5078/ICEE-2013-0407"],
        ),
        None,
    ),
    (
        "the same, but one author of the preprint is not the article's: two works",
        rec(
            AGG,
            "25",
            title="Sovereign debt and capital flight: evidence from Ecuador and Peru",
            creator=["Rossi, Aisha J.", "Novak, Emily J."],
            date="2023-02-11",
            type=["info:eu-repo/semantics/workingPaper"],
            identifier=["https://doi.org/10.64139/ssrn.3726119"],
        ),
        rec(
            IR,
            "26",
            title="Revisiting sovereign debt and capital flight: evidence from Ecuador and Peru",
            creator=["Rossi, Aisha J.", "Okafor, Chidi"],
            date="2024-02",
            type=["info:eu-repo/semantics/article"],
            identifier=["https://doi.org/10.63115/jder.2024.0587"],
        ),
        None,
    ),
    (
        "a short title in two years, its author in two scripts: two items",
        rec(JOURNAL, "17", title=["سخن سردبیر شماره"], creator=["حسین کریمی"], date="2015-05-19"),
        rec(AGG, "18", title=["سخن سردبیر شماره"], creator=["Karimi, Hossein"], date="2016"),
        None,
    ),
    (
        "two articles of one issue whose title holds a number, one author shared: two items",
        rec(
            JOURNAL,
            "61",
            title=["Teletrabajo y roles de género durante el confinamiento en Bogotá"],
            creator=["García, Ana", "Pérez, Luis"],
            source="Revista de Estudios Sociales; Vol. 8 No. 2 (2021): Special Issue on COVID-19",
            date="2021-06-01",
        ),
        rec(
            IR,
            "62",
            title=["Vaccine hesitancy among rural health workers in Colombia"],
            creator=["García, Ana"],
            source="Revista de Estudios Sociales; Vol. 8 No. 2 (2021): Special Issue on COVID-19",
            date="2021",
        ),
        None,
    ),
    (
        "two papers of one proceedings volume whose name holds an ordinal: two items",
        rec(
            JOURNAL,
            "63",
            title=["Mapeamento de áreas de risco em Petrópolis"],
            creator=["Silva, João"],
            source="Anais do 5º Congresso Brasileiro de Geografia; v. 3 n. 1 (2019)",
            date="2019",
        ),
        rec(
            IR,
            "64",
            title=["Urban expansion of Juiz de Fora from satellite images"],
            creator=["Silva, João"],
            source="Anais do 5º Congresso Brasileiro de Geografia; v. 3 n. 1 (2019)",
            date="2019",
        ),
        None,
    ),
    (
        "a translation cited with and without its issue's title: one item",
        rec(
            JOURNAL,
            "65",
            title=["Teletrabajo y roles de género durante el confinamiento en Bogotá"],
            creator=["García, Ana"],
            source="Revista de Estudios Sociales; Vol. 8 No. 2 (2021): Special Issue on COVID-19; "
            "45-60",
            date="2021-06-01",
        ),
        rec(
            IR,
            "66",
            title=["Teleworking and gender roles during the lockdown in Bogotá"],
            creator=["García, Ana"],
            source="Revista de Estudios Sociales; Vol. 8 No. 2 (2021); 45-60",
            date="2021",
        ),
        ("same citation 8 2 45 60", "a shared author"),
    ),
]


@pytest.mark.parametrize(("name", "a", "b", "expected"), CASES, ids=[c[0] for c in CASES])
def test_the_decision_is_the_same_both_ways(
    name: str, a: dict[str, Any], b: dict[str, Any], expected: tuple[str, ...] | None
) -> None:
    wa, wb = work_of(a), work_of(b)
    for x, y in ((wa, wb), (wb, wa)):
        reason = compare(x, y)
        if expected is None:
            assert reason is None, f"{name}: merged ({reason})"
        else:
            assert reason is not None, name
            for words in expected:
                assert words in reason, (name, reason)


def test_names_in_two_scripts_make_one_cluster_in_a_harvest() -> None:
    """Three copies: the journal's (Han names), the IR's (pinyin), an aggregator's (pinyin)."""
    dedup = Deduplicator()
    dedup.extend(
        [
            rec(JOURNAL, "1", title=[ZH_TITLE, EN_TITLE], creator=["胡伟", "林强"], date="2021"),
            rec(IR, "2", title=[EN_TITLE], creator=["Hu, Wei", "Lin, Qiang"], date="2021"),
            rec(AGG, "3", title=[ZH_TITLE], creator=["HU Wei"], date="2021"),
        ]
    )
    (cluster,) = dedup.clusters()
    assert len(cluster.identifiers) == 3


def test_person_keys_romanise_each_written_form_in_both_orders() -> None:
    assert person_keys([parse_name("胡伟")]) >= {"huwei"}
    hu_wei = person_keys([parse_name("Hu, Wei")])
    assert hu_wei >= {"huwei", "weihu"} and "huw" not in hu_wei  # too short to tell
    assert person_keys([parse_name("Prof. Dr. Ayşe Kaya")]) >= {"kayaayse", "aysekaya", "kayaa"}
    thai = person_keys([parse_name("วิชัย สุวรรณ")])
    assert any(k.startswith("wichay") for k in thai), thai  # vowel signs kept, not "wchy"
    assert "toleuovaz" in person_keys([parse_name("Төлеуова Жанар")])  # and "Toleuova Z."


def test_persons_survive_the_sqlite_index(tmp_path: Any) -> None:
    from politeharvest.quality import SQLiteDedupIndex

    path = tmp_path / "index.sqlite"
    first = SQLiteDedupIndex(path)
    Deduplicator(first).add(
        rec(JOURNAL, "1", title=[ZH_TITLE, EN_TITLE], creator=["胡伟"], date="2021")
    )
    first.close()
    again = SQLiteDedupIndex(path)
    merges = Deduplicator(again).add(
        rec(IR, "2", title=[EN_TITLE], creator=["Hu, Wei"], date="2021")
    )
    again.close()
    assert len(merges) == 1 and "shared author" in merges[0].reason


@pytest.mark.parametrize(
    ("written", "page", "read_as"),
    [
        ("العوامل المؤثرة في الأمن الغذائي في مصر", "cp1256", "cp1252"),
        ("구조방정식 모형을 활용한 강원도 지방자치단체의 재정 자립도 분석", "euc_kr", "latin-1"),
        ("ความพึงพอใจของผู้ใช้บริการในจังหวัดสงขลา", "cp874", "cp1252"),
        ("השפעת הטכנולוגיה על החינוך בישראל: מחקר השוואתי בבתי ספר יסודיים", "cp1255", "cp1252"),
    ],
)
def test_a_title_written_in_another_code_page_is_read_back(
    written: str, page: str, read_as: str
) -> None:
    """Arabic bytes read as cp1252 came out Cyrillic, Korean ones were left as they were."""
    damaged = written.encode(page).decode(read_as, errors="replace")
    assert clean_text(damaged) == written


@pytest.mark.parametrize(
    ("value", "iso"),
    [
        ("15 января 2021", "2021-01-15"),  # Russian, in the genitive
        ("Listopad 2020", "2020-11"),  # Polish and Czech (Croatian's October: the majority's)
        ("12 czerwca 2020", "2020-06-12"),
        ("Ağustos 2019", "2019-08"),
        ("Marz 2023", "2023-03"),  # März with its diacritics lost
        ("أغسطس 2018", "2018-08"),
    ],
)
def test_month_names_of_every_cldr_locale_are_read(value: str, iso: str) -> None:
    """Month names came from lists for seven languages; now from the CLDR's data."""
    found = normalize_date(value)
    assert found is not None and found.iso == iso


def test_words_that_are_no_month_leave_no_date() -> None:
    assert normalize_date("Spring 2020") is None
    assert normalize_date("circa 1990") is None


@pytest.mark.parametrize("value", ["Vol 12, 2020", "vol. 3 2019", "Vol. 7, 2015"])
def test_a_volume_is_no_month(value: str) -> None:
    """Swati's CLDR abbreviation for March is "Vol": read as a month, a volume became a day."""
    assert normalize_date(value) is None


@pytest.mark.parametrize(
    ("value", "iso"),
    [
        ("Issue 3 (Mar 2020)", "2020-03"),
        ("No. 12, Dec. 2019", "2019-12"),
        ("Nº 5, mar. 2020", "2020-03"),
        ("Heft 3, März 2020", "2020-03"),
        ("15 March 2020", "2020-03-15"),
        ("Mar. 15 2020", "2020-03-15"),
        ("Friday, 15 March 2020", "2020-03-15"),
    ],
)
def test_an_issue_number_beside_a_month_is_no_day(value: str, iso: str) -> None:
    """A number right after a label ("Issue 3", "No. 12") is the issue's: it was read as the
    day, and the record dated 3 March 2020."""
    found = normalize_date(value)
    assert found is not None and found.iso == iso


def test_an_abbreviation_that_leaves_letters_out_is_read() -> None:
    """Abbreviations that shorten their month's name are kept: Dutch "mrt" for "maart"."""
    found = normalize_date("12 mrt 2020")
    assert found is not None and found.iso == "2020-03-12"
