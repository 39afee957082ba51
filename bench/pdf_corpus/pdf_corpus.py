"""Deterministic generator of scholarly PDFs with records, to test a PDF identity check.

Every case of a split pairs a bibliographic record with a PDF that is either the record's own
file (an article in one of many layouts, a preprint or accepted manuscript, a thesis, behind a
cover or an archive cover sheet, in several scripts, scanned or with a broken text layer) or a
foreign document that mentions the record (a table of contents, the whole issue, a supplement,
an erratum, a sibling article, the editorial, the front matter, a book of abstracts, another
author's thesis, journal forms, an article that cites it).

The cases live in ``spec_<split>.json`` next to this file; the renderer here is generic (one
function per part type). Usage::

    python pdf_corpus.py --split dev --out DIR     # DIR/*.pdf and DIR/manifest.json
    python pdf_corpus.py check                     # build both splits, validate, print counts

``build(split, out)`` returns the manifest entries. Output is byte-stable for a given spec
(reportlab's invariant mode, seeds derived from case ids).

Manifest entry: ``id``, ``file``, ``record`` (title list, authors "Family, Given", doi or null,
year, language), ``own``, ``kind`` (of the PDF), ``version``, ``expect``, ``note``, plus
``ideal`` (the best verdict: "matched", "mismatch" or "unverifiable"), ``pages`` and ``split``.
``expect`` reads: "matched" -- an own file that must be matched; "unverifiable-ok" -- an own
file whose text cannot be read (scan, garbled layer), so "unverifiable" is fine (and "matched"
too), but "mismatch" is a false refusal; "not-accepted" -- a foreign document: anything but
"matched" is acceptable, and ``ideal`` says "mismatch" where its text layer is readable.

CJK text uses reportlab's non-embedded CID fonts (HeiseiMin-W3, STSong-Light, HYSMyeongJo-Medium):
the text layer is exact, but a viewer without CJK fonts paints no glyphs for it.
"""

# ruff: noqa: RUF001
from __future__ import annotations

import argparse
import contextlib
import hashlib
import io
import itertools
import json
import random
import re
import sys
import tempfile
import time
import unicodedata
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from reportlab import rl_config
from reportlab.lib.utils import ImageReader
from reportlab.pdfbase import pdfmetrics, ttfonts
from reportlab.pdfbase.cidfonts import UnicodeCIDFont
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen import canvas as rl_canvas

HERE = Path(__file__).resolve().parent
DEJAVU = Path("/usr/share/fonts/truetype/dejavu")
KINDS = (
    "article",
    "compilation",
    "notice",
    "supplement",
    "editorial",
    "frontmatter",
    "form",
    "thesis",
    "book-of-abstracts",
)
EXPECTS = ("matched", "mismatch", "unverifiable-ok", "not-accepted")
DEPARTMENTS = ["Sociology", "Geography", "Economics", "Biology", "Linguistics"]
UNIVERSITIES = [
    "University of Leeds",
    "Universität Wien",
    "Uppsala University",
    "Ankara Üniversitesi",
    "Kyoto University",
    "Universidad de Chile",
]
PAGE_SIZES = {"a4": (595.28, 841.89), "letter": (612.0, 792.0), "b5": (498.9, 708.66)}

# ---------------------------------------------------------------------------------------------
# Fonts
# ---------------------------------------------------------------------------------------------

TTF_FILES = {
    "DV-Serif": "DejaVuSerif.ttf",
    "DV-Serif-Bold": "DejaVuSerif-Bold.ttf",
    "DV-Serif-Italic": "DejaVuSerif-Italic.ttf",
    "DV-Sans": "DejaVuSans.ttf",
    "DV-Sans-Bold": "DejaVuSans-Bold.ttf",
    "DV-Sans-Oblique": "DejaVuSans-Oblique.ttf",
    # Fonts whose ToUnicode map is rewritten (see _garbled_tounicode): the page looks right,
    # the text layer does not.
    "GARBLE-Shift": "DejaVuSerifCondensed.ttf",
    "GARBLE-Shift-Bold": "DejaVuSerifCondensed-Bold.ttf",
    "GARBLE-Junk": "DejaVuSansCondensed.ttf",
    "GARBLE-Junk-Bold": "DejaVuSansCondensed-Bold.ttf",
}
CID_FONTS = (
    "HeiseiMin-W3",
    "HeiseiKakuGo-W5",
    "STSong-Light",
    "HYSMyeongJo-Medium",
    "HYGothic-Medium",
)
FAMILIES: dict[str, dict[str, str]] = {
    "times": {"r": "Times-Roman", "b": "Times-Bold", "i": "Times-Italic"},
    "helvetica": {"r": "Helvetica", "b": "Helvetica-Bold", "i": "Helvetica-Oblique"},
    "serif": {"r": "DV-Serif", "b": "DV-Serif-Bold", "i": "DV-Serif-Italic"},
    "sans": {"r": "DV-Sans", "b": "DV-Sans-Bold", "i": "DV-Sans-Oblique"},
    "ja": {"r": "HeiseiMin-W3", "b": "HeiseiKakuGo-W5", "i": "HeiseiMin-W3"},
    "zh": {"r": "STSong-Light", "b": "STSong-Light", "i": "STSong-Light"},
    "ko": {"r": "HYSMyeongJo-Medium", "b": "HYGothic-Medium", "i": "HYSMyeongJo-Medium"},
    "garble-shift": {"r": "GARBLE-Shift", "b": "GARBLE-Shift-Bold", "i": "GARBLE-Shift"},
    "garble-junk": {"r": "GARBLE-Junk", "b": "GARBLE-Junk-Bold", "i": "GARBLE-Junk"},
}
# Standard fonts only cover cp1252; text outside it falls back to the DejaVu equivalent.
FALLBACK = {"times": "serif", "helvetica": "sans"}
# Fonts used to paint scanned pages with PIL.
PIL_FILES = {
    "Times-Roman": "DejaVuSerif.ttf",
    "Times-Bold": "DejaVuSerif-Bold.ttf",
    "Times-Italic": "DejaVuSerif-Italic.ttf",
    "Helvetica": "DejaVuSans.ttf",
    "Helvetica-Bold": "DejaVuSans-Bold.ttf",
    "Helvetica-Oblique": "DejaVuSans-Oblique.ttf",
    **TTF_FILES,
}
PIL_EQUIVALENT = {
    "Times-Roman": "DV-Serif",
    "Times-Bold": "DV-Serif-Bold",
    "Times-Italic": "DV-Serif-Italic",
    "Helvetica": "DV-Sans",
    "Helvetica-Bold": "DV-Sans-Bold",
    "Helvetica-Oblique": "DV-Sans-Oblique",
}
_JUNK = "".join(chr(c) for c in range(0xE000, 0xE000 + 52))
_registered = False


def _register_fonts() -> None:
    global _registered
    if _registered:
        return
    for name, file in TTF_FILES.items():
        pdfmetrics.registerFont(TTFont(name, str(DEJAVU / file)))
    for name in CID_FONTS:
        pdfmetrics.registerFont(UnicodeCIDFont(name))
    _registered = True


def _garble_code(v: int, mode: str) -> int:
    ch = chr(v)
    if not ch.isascii() or not ch.isalpha():
        return v
    if mode == "shift":  # a Caesar shift: "Title" reads as "Wlwoh"
        base = 65 if ch.isupper() else 97
        return base + (v - base + 3) % 26
    idx = (v - 65) if ch.isupper() else (v - 97 + 26)
    return ord(_JUNK[(idx * 17) % 52])  # private-use nonsense, like a broken Type3 font


@contextlib.contextmanager
def _garbled_tounicode() -> Iterator[None]:
    original = ttfonts.makeToUnicodeCMap

    def patched(fontname: str, subset: list[int]) -> str:
        if "DejaVuSerifCondensed" in fontname:
            subset = [_garble_code(v, "shift") for v in subset]
        elif "DejaVuSansCondensed" in fontname:
            subset = [_garble_code(v, "junk") for v in subset]
        return original(fontname, subset)

    ttfonts.makeToUnicodeCMap = patched
    try:
        yield
    finally:
        ttfonts.makeToUnicodeCMap = original


def font_for(family: str, style: str, text: str) -> str:
    if family in FALLBACK:
        try:
            text.encode("cp1252")
        except UnicodeEncodeError:
            family = FALLBACK[family]
    return FAMILIES[family][style]


# ---------------------------------------------------------------------------------------------
# Text transforms (mojibake) and helpers
# ---------------------------------------------------------------------------------------------


def _cp1252_view(data: bytes) -> str:
    out = []
    for b in data:
        try:
            out.append(bytes([b]).decode("cp1252"))
        except UnicodeDecodeError:
            out.append(chr(b))
    return "".join(out)


TRANSFORMS: dict[str, Callable[[str], str]] = {
    "none": lambda s: s,
    # UTF-8 bytes shown as cp1252: "Doğan" -> "DoÄŸan"
    "utf8-as-cp1252": lambda s: _cp1252_view(s.encode("utf-8")),
    # cp1254 (Turkish) bytes shown as cp1252: "Doğan" -> "Doðan"
    "cp1254-as-cp1252": lambda s: _cp1252_view(s.encode("cp1254", errors="replace")),
    # typewriter-era setting without umlauts: "Über die Straße" -> "Ueber die Strasse"
    "de-translit": lambda s: s.translate(DE_TRANSLIT),
}
DE_TRANSLIT = str.maketrans(
    {"ä": "ae", "ö": "oe", "ü": "ue", "Ä": "Ae", "Ö": "Oe", "Ü": "Ue", "ß": "ss"}
)
SUPERSCRIPT = str.maketrans("0123456789,", "⁰¹²³⁴⁵⁶⁷⁸⁹,")


def seed_of(*parts: Any) -> int:
    return int(hashlib.sha256("|".join(map(str, parts)).encode()).hexdigest()[:12], 16)


def is_cjk(lang: str) -> bool:
    return lang in ("ja", "zh", "ko")


def latex_to_glyphs(s: str) -> str:
    """Render LaTeX-like notation of a record title as the glyphs a PDF would show."""
    greek = {
        "alpha": "α",
        "beta": "β",
        "gamma": "γ",
        "delta": "δ",
        "epsilon": "ε",
        "kappa": "κ",
        "lambda": "λ",
        "mu": "μ",
        "pi": "π",
        "sigma": "σ",
        "tau": "τ",
        "omega": "ω",
        "Delta": "Δ",
        "Omega": "Ω",
        "Gamma": "Γ",
        "Sigma": "Σ",
        "phi": "φ",
        "chi": "χ",
    }
    s = re.sub(r"\\(?:mathrm|text|mathit)\{([^}]*)\}", r"\1", s)
    s = re.sub(r"\\([A-Za-z]+)\s?", lambda m: greek.get(m.group(1), m.group(1)), s)
    s = re.sub(
        r"_\{?(\d+)\}?",
        lambda m: m.group(1).translate(str.maketrans("0123456789", "₀₁₂₃₄₅₆₇₈₉")),
        s,
    )
    s = re.sub(
        r"\^\{?([0-9+\-]+)\}?",
        lambda m: m.group(1).translate(str.maketrans("0123456789+-", "⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻")),
        s,
    )
    return s.replace("$", "").replace("{", "").replace("}", "")


def display_name(author: str, lang: str) -> str:
    """'Family, Given' as printed on a title page."""
    if "," not in author:
        return author
    family, given = (p.strip() for p in author.split(",", 1))
    if lang == "ja":
        return f"{family} {given}"
    if lang in ("zh", "ko") and not family.isascii():
        return f"{family}{given}"
    return f"{given} {family}"


def surname(author: str) -> str:
    return author.split(",", 1)[0].strip() if "," in author else author.split()[-1]


def initials_ref(author: str) -> str:
    """'Doğan, Ayşe Nur' -> 'Doğan, A. N.' as in a reference list."""
    if "," not in author:
        return author
    family, given = (p.strip() for p in author.split(",", 1))
    if not given.isascii() and not any(c.isalpha() and c.isascii() for c in given):
        return f"{family} {given}"
    return f"{family}, " + " ".join(g[0] + "." for g in re.split(r"[\s-]+", given) if g)


# ---------------------------------------------------------------------------------------------
# Text pools
# ---------------------------------------------------------------------------------------------

LABELS = {
    "en": [
        "Introduction",
        "Background",
        "Data and methods",
        "Results",
        "Discussion",
        "Conclusion",
        "References",
        "Abstract",
        "Keywords",
        "Acknowledgements",
        "Table",
        "Figure",
        "Contents",
    ],
    "de": [
        "Einleitung",
        "Forschungsstand",
        "Daten und Methoden",
        "Ergebnisse",
        "Diskussion",
        "Fazit",
        "Literatur",
        "Zusammenfassung",
        "Schlüsselwörter",
        "Danksagung",
        "Tabelle",
        "Abbildung",
        "Inhalt",
    ],
    "fr": [
        "Introduction",
        "Cadre théorique",
        "Données et méthodes",
        "Résultats",
        "Discussion",
        "Conclusion",
        "Bibliographie",
        "Résumé",
        "Mots-clés",
        "Remerciements",
        "Tableau",
        "Figure",
        "Sommaire",
    ],
    "es": [
        "Introducción",
        "Marco teórico",
        "Datos y métodos",
        "Resultados",
        "Discusión",
        "Conclusiones",
        "Referencias",
        "Resumen",
        "Palabras clave",
        "Agradecimientos",
        "Tabla",
        "Figura",
        "Índice",
    ],
    "pt": [
        "Introdução",
        "Referencial teórico",
        "Dados e métodos",
        "Resultados",
        "Discussão",
        "Conclusão",
        "Referências",
        "Resumo",
        "Palavras-chave",
        "Agradecimentos",
        "Tabela",
        "Figura",
        "Sumário",
    ],
    "tr": [
        "Giriş",
        "Kuramsal çerçeve",
        "Veri ve yöntem",
        "Bulgular",
        "Tartışma",
        "Sonuç",
        "Kaynakça",
        "Öz",
        "Anahtar kelimeler",
        "Teşekkür",
        "Tablo",
        "Şekil",
        "İçindekiler",
    ],
    "ru": [
        "Введение",
        "Обзор литературы",
        "Материалы и методы",
        "Результаты",
        "Обсуждение",
        "Заключение",
        "Список литературы",
        "Аннотация",
        "Ключевые слова",
        "Благодарности",
        "Таблица",
        "Рис.",
        "Содержание",
    ],
    "el": [
        "Εισαγωγή",
        "Θεωρητικό πλαίσιο",
        "Δεδομένα και μέθοδοι",
        "Αποτελέσματα",
        "Συζήτηση",
        "Συμπεράσματα",
        "Βιβλιογραφία",
        "Περίληψη",
        "Λέξεις-κλειδιά",
        "Ευχαριστίες",
        "Πίνακας",
        "Σχήμα",
        "Περιεχόμενα",
    ],
    "ja": [
        "はじめに",
        "先行研究",
        "データと方法",
        "結果",
        "考察",
        "おわりに",
        "参考文献",
        "要旨",
        "キーワード",
        "謝辞",
        "表",
        "図",
        "目次",
    ],
    "zh": [
        "引言",
        "文献综述",
        "数据与方法",
        "结果",
        "讨论",
        "结论",
        "参考文献",
        "摘要",
        "关键词",
        "致谢",
        "表",
        "图",
        "目录",
    ],
    "ko": [
        "서론",
        "선행 연구",
        "자료 및 방법",
        "결과",
        "논의",
        "결론",
        "참고문헌",
        "초록",
        "주제어",
        "감사의 글",
        "표",
        "그림",
        "목차",
    ],
}
L_REFS, L_ABSTRACT, L_KEYWORDS, L_ACK, L_TABLE, L_FIGURE, L_CONTENTS = range(6, 13)

SENTENCES = {
    "en": [
        "We examine how {k} relates to {k2} across the cases studied here.",
        (
            "Previous work has treated {k} mostly as a by-product of {k2}, which leaves several "
            "questions open."
        ),
        "The estimates are robust to alternative specifications and to the exclusion of outliers.",
        "Table {n} reports the descriptive statistics for the full sample.",
        "This pattern is consistent with the argument that {k} depends on institutional context.",
        "We therefore distinguish between short-term and long-term effects of {k}.",
        "The data were collected between {y1} and {y2} and cover {n0} observations.",
        "A closer look at the residuals suggests that the relationship is not strictly linear.",
        "In line with earlier findings, the association between {k} and {k2} weakens over time.",
        "Figure {n} shows the distribution of the main variables by group.",
        "These results should be read with caution, since the measurement of {k} remains indirect.",
        "The remainder of this section discusses three limitations of the design.",
        "Our approach builds on established methods but adapts them to the study of {k}.",
        "Differences between the groups are small but statistically significant (p < 0.05).",
        "Taken together, the evidence points to a more nuanced view of {k2}.",
        "We thank the participants of the workshop for their comments on an earlier draft.",
    ],
    "de": [
        "Im Folgenden wird untersucht, wie {k} mit {k2} zusammenhängt.",
        "Die bisherige Forschung hat {k} vor allem als Nebenprodukt von {k2} betrachtet.",
        "Die Ergebnisse bleiben auch unter alternativen Spezifikationen stabil.",
        "Tabelle {n} zeigt die deskriptiven Statistiken für die gesamte Stichprobe.",
        "Dieses Muster stützt die Annahme, dass {k} vom institutionellen Kontext abhängt.",
        "Die Daten wurden zwischen {y1} und {y2} erhoben und umfassen {n0} Fälle.",
        "Ein genauerer Blick auf die Residuen legt einen nichtlinearen Zusammenhang nahe.",
        "Abbildung {n} zeigt die Verteilung der zentralen Variablen nach Gruppen.",
        "Die Befunde sind mit Vorsicht zu interpretieren, da die Messung von {k} indirekt bleibt.",
        "Über die Straßen und Plätze der Städte hinaus betrifft dies auch die Größe der Gemeinden.",
        "Für die Jahre nach {y1} ergibt sich ein ähnliches, wenn auch schwächeres Bild.",
        "Insgesamt sprechen die Ergebnisse für eine differenzierte Sicht auf {k2}.",
    ],
    "fr": [
        "Nous examinons comment {k} s'articule avec {k2} dans les cas étudiés.",
        "Les travaux antérieurs ont surtout considéré {k} comme un effet secondaire de {k2}.",
        "Les résultats restent stables avec des spécifications alternatives.",
        "Le tableau {n} présente les statistiques descriptives de l'échantillon complet.",
        "Les données ont été recueillies entre {y1} et {y2} et portent sur {n0} observations.",
        "La figure {n} montre la répartition des principales variables par groupe.",
        "Ces résultats doivent être interprétés avec prudence, la mesure de {k} restant indirecte.",
        "Dans l'ensemble, les éléments recueillis invitent à une lecture plus nuancée de {k2}.",
    ],
    "es": [
        "Analizamos cómo se relaciona {k} con {k2} en los casos estudiados.",
        "La literatura previa ha tratado {k} sobre todo como un efecto secundario de {k2}.",
        "Los resultados se mantienen con especificaciones alternativas.",
        "La tabla {n} recoge los estadísticos descriptivos de la muestra completa.",
        "Los datos se recogieron entre {y1} y {y2} e incluyen {n0} observaciones.",
        "La figura {n} muestra la distribución de las variables principales por grupo.",
        "En conjunto, la evidencia apunta a una visión más matizada de {k2}.",
    ],
    "pt": [
        "Analisamos como {k} se relaciona com {k2} nos casos estudados.",
        "A literatura anterior tratou {k} sobretudo como um efeito secundário de {k2}.",
        "Os resultados mantêm-se com especificações alternativas.",
        "A tabela {n} apresenta as estatísticas descritivas da amostra completa.",
        "Os dados foram coletados entre {y1} e {y2} e incluem {n0} observações.",
        "A figura {n} mostra a distribuição das principais variáveis por grupo.",
        "Em conjunto, as evidências apontam para uma visão mais matizada de {k2}.",
    ],
    "tr": [
        "Bu çalışmada {k} ile {k2} arasındaki ilişki incelenmektedir.",
        "Önceki araştırmalar {k} konusunu çoğunlukla {k2} bağlamında ele almıştır.",
        "Bulgular, farklı model tanımlarında da tutarlılığını korumaktadır.",
        "Tablo {n} örneklemin tamamına ilişkin betimsel istatistikleri göstermektedir.",
        "Veriler {y1} ile {y2} yılları arasında toplanmış olup {n0} gözlem içermektedir.",
        "Şekil {n} temel değişkenlerin gruplara göre dağılımını göstermektedir.",
        "Sonuçlar, {k} ölçümünün dolaylı olması nedeniyle dikkatle yorumlanmalıdır.",
        "Genel olarak bulgular, {k2} konusunda daha ayrıntılı bir bakış açısına işaret etmektedir.",
        "Araştırmanın sınırlılıkları son bölümde ayrıca tartışılmıştır.",
        "İstanbul ve İzmir örneklerinde benzer eğilimler gözlenmiştir.",
    ],
    "ru": [
        "В статье рассматривается связь между {k} и {k2} на материале исследованных случаев.",
        "В предшествующих работах {k} рассматривалось преимущественно как следствие {k2}.",
        "Полученные оценки устойчивы к выбору альтернативных спецификаций модели.",
        "В таблице {n} приведены описательные статистики по всей выборке.",
        "Данные собраны в период с {y1} по {y2} год и включают {n0} наблюдений.",
        "На рисунке {n} показано распределение основных переменных по группам.",
        (
            "Результаты следует интерпретировать с осторожностью, поскольку измерение {k} "
            "остаётся косвенным."
        ),
        "В целом полученные данные указывают на более сложный характер {k2}.",
    ],
    "el": [
        "Στο άρθρο εξετάζεται η σχέση μεταξύ {k} και {k2} στις περιπτώσεις που μελετήθηκαν.",
        "Η προηγούμενη έρευνα αντιμετώπισε το ζήτημα κυρίως ως παράγωγο της {k2}.",
        "Τα αποτελέσματα παραμένουν σταθερά και με εναλλακτικές προδιαγραφές.",
        "Ο πίνακας {n} παρουσιάζει τα περιγραφικά στατιστικά για ολόκληρο το δείγμα.",
        "Τα δεδομένα συλλέχθηκαν μεταξύ {y1} και {y2} και περιλαμβάνουν {n0} παρατηρήσεις.",
        "Συνολικά, τα ευρήματα υποδεικνύουν μια πιο σύνθετη εικόνα της {k2}.",
    ],
    "ja": [
        "本研究では{k}と{k2}の関係を検討する。",
        "先行研究では{k}は主に{k2}の副次的な問題として扱われてきた。",
        "推定結果は代替的なモデル設定においても頑健であった。",
        "表{n}は全標本の記述統計を示している。",
        "データは{y1}年から{y2}年にかけて収集され、{n0}件の観測を含む。",
        "図{n}は主要な変数の分布を群別に示したものである。",
        "ただし{k}の測定は間接的であるため、結果の解釈には注意が必要である。",
        "以上の結果は、{k2}についてより多面的な理解が必要であることを示唆している。",
        "本稿の構成は以下のとおりである。",
    ],
    "zh": [
        "本文考察了{k}与{k2}之间的关系。",
        "以往研究多将{k}视为{k2}的附带问题。",
        "在替代模型设定下，估计结果依然稳健。",
        "表{n}报告了全样本的描述性统计。",
        "数据收集于{y1}年至{y2}年，共包含{n0}个观测值。",
        "图{n}展示了主要变量在各组之间的分布。",
        "由于{k}的测量较为间接，结果的解释需要谨慎。",
        "总体而言，研究结果表明需要对{k2}进行更为细致的理解。",
    ],
    "ko": [
        "본 연구는 {k}와 {k2}의 관계를 분석한다.",
        "선행 연구는 {k}를 주로 {k2}의 부수적인 문제로 다루어 왔다.",
        "추정 결과는 대안적인 모형 설정에서도 안정적으로 나타났다.",
        "표 {n}은 전체 표본의 기술통계를 보여준다.",
        "자료는 {y1}년부터 {y2}년까지 수집되었으며 {n0}개의 관측치를 포함한다.",
        "그림 {n}은 주요 변수의 집단별 분포를 나타낸다.",
        "다만 {k}의 측정이 간접적이므로 결과 해석에 주의가 필요하다.",
        "종합하면 연구 결과는 {k2}에 대한 보다 다면적인 이해가 필요함을 시사한다.",
    ],
}

GIVEN = [
    "Anna",
    "James",
    "Maria",
    "Thomas",
    "Laura",
    "Peter",
    "Sofia",
    "David",
    "Elena",
    "Martin",
    "Julia",
    "Daniel",
    "Clara",
    "Lukas",
    "Hannah",
    "Marco",
    "Ines",
    "Paul",
    "Nora",
    "Jonas",
    "Emily",
    "Rafael",
    "Olga",
    "Kenji",
    "Mei",
    "Ji-ho",
    "Fatma",
    "Mehmet",
    "Sara",
    "Ahmed",
]
FAMILY = [
    "Smith",
    "Müller",
    "García",
    "Rossi",
    "Novak",
    "Johansson",
    "Kowalski",
    "Dubois",
    "Fischer",
    "Jensen",
    "Silva",
    "Petrov",
    "Nakamura",
    "Chen",
    "Kim",
    "Yılmaz",
    "Brown",
    "Schneider",
    "Moreau",
    "Costa",
    "Horváth",
    "Lindqvist",
    "Okafor",
    "Weber",
    "Hansen",
    "Martínez",
    "Bauer",
    "Lee",
    "Wagner",
    "Ivanova",
    "Kaya",
    "Tanaka",
    "Wang",
    "Park",
]
ADJ = [
    "Regional",
    "Institutional",
    "Comparative",
    "Spatial",
    "Dynamic",
    "Social",
    "Temporal",
    "Structural",
    "Local",
    "Adaptive",
    "Hidden",
    "Collective",
    "Emerging",
    "Persistent",
]
NOUN = [
    "inequality",
    "trust",
    "migration",
    "labour markets",
    "soil carbon",
    "urban heat",
    "protein folding",
    "public health",
    "language change",
    "coastal erosion",
    "school choice",
    "energy demand",
    "household debt",
    "forest cover",
    "voter turnout",
    "gene expression",
    "river discharge",
    "digital literacy",
    "fiscal policy",
    "youth unemployment",
    "biodiversity",
]
PLACE = [
    "Northern Europe",
    "the Andes",
    "rural India",
    "East Africa",
    "the Baltic states",
    "Anatolia",
    "southern Italy",
    "Japan",
    "the Mekong delta",
    "Scotland",
    "Bavaria",
    "Chile",
]
METHOD = [
    "panel data",
    "Bayesian",
    "mixed-methods",
    "quasi-experimental",
    "network",
    "machine learning",
]
JOURNALS = [
    "Journal of Applied Studies",
    "Environmental Research Letters",
    "Social Science Review",
    "European Journal of Policy",
    "Acta Geographica",
    "Review of Regional Studies",
    "Annals of Data Science",
    "Quarterly Journal of Methods",
    "Language and Society",
    "Journal of Health Economics",
    "Biochemical Reports",
    "Urban Studies Quarterly",
]
DOI_PREFIX = [
    "1016",
    "1007",
    "1080",
    "1111",
    "1177",
    "1371",
    "3390",
    "1093",
    "1038",
    "2139",
    "1002",
    "1017",
    "1086",
    "1515",
    "4000",
    "1108",
]
TITLE_POOLS = {
    "de": [
        "Soziale Ungleichheit im ländlichen Raum",
        "Wohnungsmärkte und Mietpreisentwicklung",
        "Bildungsaufstieg und Herkunft",
        "Kommunale Finanzen im Wandel",
        "Pflegearbeit zwischen Familie und Markt",
        "Migration und Arbeitsmarktintegration",
        "Die Energiewende in den Regionen",
        "Vertrauen in politische Institutionen",
    ],
    "tr": [
        "Kentsel dönüşüm ve konut politikaları",
        "Türkiye'de kadın istihdamı",
        "Yerel yönetimlerde katılımcılık",
        "Göç ve toplumsal uyum",
        "Eğitimde fırsat eşitliği",
        "Tarım politikalarının kırsal etkileri",
        "Dijital okuryazarlık ve gençlik",
    ],
    "ja": [
        "地方都市における人口減少と公共交通",
        "高齢者の社会参加に関する実証分析",
        "近代日本の教育制度と地域社会",
        "災害復興における住民組織の役割",
        "若年層の就業と家族形成",
    ],
    "zh": [
        "城市化进程中的农民工就业问题",
        "数字经济与区域协调发展",
        "基层治理中的社会组织参与",
        "乡村振兴背景下的土地制度改革",
    ],
    "ko": [
        "지역 사회의 고령화와 돌봄 정책",
        "청년 고용과 주거 문제에 관한 연구",
        "디지털 전환과 공공 서비스",
        "지방 분권과 재정 자립도",
    ],
    "ru": [
        "Региональная экономика и миграция населения",
        "Социальное доверие в малых городах",
        "Цифровизация государственного управления",
        "Историческая память и школьное образование",
    ],
    "el": ["Η αστική ανάπτυξη στην Αθήνα", "Κοινωνική εμπιστοσύνη και θεσμοί"],
}


def filler_title(rng: random.Random, lang: str = "en") -> str:
    if lang in TITLE_POOLS and rng.random() < 0.8:
        return rng.choice(TITLE_POOLS[lang])
    pattern = rng.randrange(6)
    a, n1, n2 = rng.choice(ADJ), rng.choice(NOUN), rng.choice(NOUN)
    p, m = rng.choice(PLACE), rng.choice(METHOD)
    y = rng.randrange(1950, 2005)
    return [
        f"{a} {n1} and {n2}: evidence from {p}",
        f"The role of {n1} in shaping {n2}",
        f"{n1.capitalize()} under uncertainty: a {m} approach",
        f"Measuring {n1} in {p}, {y}–{y + rng.randrange(5, 15)}",
        f"Rethinking {n1}: {a.lower()} perspectives on {n2}",
        f"{a} patterns of {n1} in {p}",
    ][pattern]


def filler_author(rng: random.Random) -> str:
    return f"{rng.choice(FAMILY)}, {rng.choice(GIVEN)}"


def filler_doi(rng: random.Random, prefix: str | None = None) -> str:
    prefix = prefix or rng.choice(DOI_PREFIX)
    style = rng.randrange(3)
    if style == 0:
        code = rng.choice(["jas", "erl", "ssr", "pol", "geo"])
        return f"10.{prefix}/j.{code}.{rng.randrange(2005, 2024)}.{rng.randrange(1, 999):03d}"
    if style == 1:
        a, b, c = rng.randrange(10000, 99999), rng.randrange(10, 24), rng.randrange(1000, 9999)
        return f"10.{prefix}/s{a}-0{b}-{c}-{rng.randrange(0, 9)}"
    code = rng.choice(["ijerph", "su", "land", "soc"])
    return f"10.{prefix}/{code}{rng.randrange(10, 20)}{rng.randrange(10000, 99999)}"


def keywords_of(title: str, lang: str) -> list[str]:
    if is_cjk(lang):
        chunks = [
            c
            for c in re.split(r"[のにおけるとおよび、・：:\s（）()をはがへ的与和及对]+", title)
            if len(c) >= 2
        ]
        out = []
        for c in chunks or [title]:
            out += [c] if len(c) <= 6 else [c[i : i + 4] for i in range(0, len(c) - 1, 4)]
        return [c for c in out if len(c) >= 2] or [title[:4]]
    words = [w.strip(".,:;()“”\"'?") for w in title.split()]
    words = [w for w in words if len(w) >= 5]
    return [w.lower() if w[:1].isupper() and w[1:].islower() else w for w in words] or ["the topic"]


class TextGen:
    """Deterministic prose in a language, seeded per document, with the topic's keywords."""

    def __init__(self, seed: int, lang: str, title: str) -> None:
        self.rng = random.Random(seed)
        self.lang = lang if lang in SENTENCES else "en"
        self.kw = keywords_of(title, lang)
        self.count = 0

    def sentence(self) -> str:
        r = self.rng
        self.count += 1
        k, k2 = r.choice(self.kw), r.choice(self.kw)
        y1 = r.randrange(1990, 2012)
        return r.choice(SENTENCES[self.lang]).format(
            k=k,
            k2=k2,
            n=r.randrange(1, 6),
            n0=f"{r.randrange(120, 9000)}",
            y1=y1,
            y2=y1 + r.randrange(3, 10),
        )

    def paragraph(self, lo: int = 3, hi: int = 7) -> str:
        sep = "" if is_cjk(self.lang) and self.lang != "ko" else " "
        return sep.join(self.sentence() for _ in range(self.rng.randint(lo, hi)))


def abstract_of(record: dict[str, Any], lang: str | None = None, topic: str | None = None) -> str:
    """The record's abstract: the same text wherever the record's abstract is printed."""
    lang = lang or record.get("language") or "en"
    title = latex_to_glyphs(record["title"][0])
    gen = TextGen(seed_of("abstract", title), lang, topic or title)
    return gen.paragraph(5, 6)


def reference_line(ref: dict[str, Any]) -> str:
    authors = ref["authors"]
    names = ", ".join(initials_ref(a) for a in authors[:3]) + (
        " et al." if len(authors) > 3 else ""
    )
    doi = f" https://doi.org/{ref['doi']}" if ref.get("doi") else ""
    return (
        f"{names} ({ref['year']}). {ref['title']}. {ref['journal']}, {ref['vol']}, "
        f"{ref['pages']}.{doi}"
    )


def make_refs(
    rng: random.Random, n: int, cite: list[dict[str, Any]], doi_share: float
) -> list[str]:
    refs = []
    for _ in range(n):
        p = rng.randrange(1, 400)
        refs.append(
            {
                "authors": [filler_author(rng) for _ in range(rng.randint(1, 5))],
                "year": rng.randrange(1985, 2024),
                "title": filler_title(rng),
                "journal": rng.choice(JOURNALS),
                "vol": rng.randrange(1, 90),
                "pages": f"{p}–{p + rng.randrange(8, 30)}",
                "doi": filler_doi(rng) if rng.random() < doi_share else None,
            }
        )
    for i, c in enumerate(cite):
        p = c.get("first_page", rng.randrange(1, 300))
        refs.insert(
            (i * 7 + 3) % (len(refs) + 1),
            {
                "authors": c["authors"],
                "year": c.get("year", 2020),
                "title": latex_to_glyphs(
                    c["title"][0] if isinstance(c["title"], list) else c["title"]
                ),
                "journal": c.get("journal", rng.choice(JOURNALS)),
                "vol": c.get("vol", 12),
                "pages": c.get("pages", f"{p}–{p + 17}"),
                "doi": c.get("doi"),
            },
        )
    refs.sort(key=lambda r: unicodedata.normalize("NFKD", r["authors"][0]).lower())
    return [reference_line(r) for r in refs]


# ---------------------------------------------------------------------------------------------
# Drawing surfaces: a real text layer, or a page image (scan)
# ---------------------------------------------------------------------------------------------


class Surface:
    """Draws on the current page; `transform` is applied to every string (mojibake)."""

    def __init__(self, doc: DocWriter, transform: str = "none", garble: str | None = None) -> None:
        self.doc = doc
        self.c = doc.c
        self.t = TRANSFORMS[transform]
        self.garble = FAMILIES[garble] if garble else None

    def f(self, font: str) -> str:
        """The font actually used: with a garbled layer, every font is the garbled one."""
        if self.garble is None:
            return font
        bold = any(k in font for k in ("Bold", "KakuGo", "Gothic"))
        return self.garble["b" if bold else "r"]

    def width(self, s: str, font: str, size: float) -> float:
        return pdfmetrics.stringWidth(self.t(s), self.f(font), size)

    def begin_page(self) -> None:
        pass

    def text(self, x: float, y: float, s: str, font: str, size: float, gray: float = 0.0) -> None:
        self.c.setFillGray(gray)
        self.c.setFont(self.f(font), size)
        self.c.drawString(x, y, self.t(s))

    def vtext(self, x: float, y: float, s: str, font: str, size: float, gray: float = 0.4) -> None:
        self.c.saveState()
        self.c.translate(x, y)
        self.c.rotate(90)
        self.text(0, 0, s, font, size, gray)
        self.c.restoreState()

    def line(
        self, x1: float, y1: float, x2: float, y2: float, w: float = 0.5, gray: float = 0
    ) -> None:
        self.c.setStrokeGray(gray)
        self.c.setLineWidth(w)
        self.c.line(x1, y1, x2, y2)

    def rect(self, x: float, y: float, w: float, h: float, fill: float | None = None) -> None:
        self.c.setStrokeGray(0.3)
        self.c.setLineWidth(0.6)
        if fill is not None:
            self.c.setFillGray(fill)
        self.c.rect(x, y, w, h, stroke=1, fill=1 if fill is not None else 0)

    def end_page(self) -> None:
        self.c.showPage()


class ScanSurface(Surface):
    """Paints the page into a grayscale image with PIL and places only the image in the PDF."""

    DPI = 100

    def begin_page(self) -> None:
        from PIL import Image, ImageDraw

        w, h = self.doc.size
        self.k = self.DPI / 72.0
        self.img = Image.new("L", (int(w * self.k), int(h * self.k)), 247)
        self.draw = ImageDraw.Draw(self.img)
        self.fonts: dict[tuple[str, int], Any] = getattr(self, "fonts", {})

    def f(self, font: str) -> str:
        """Measure with the DejaVu face that paints the page."""
        return PIL_EQUIVALENT.get(font, font)

    def _font(self, font: str, size: float) -> Any:
        from PIL import ImageFont

        key = (font, max(6, round(size * self.k)))
        if key not in self.fonts:
            self.fonts[key] = ImageFont.truetype(
                str(DEJAVU / PIL_FILES.get(font, "DejaVuSerif.ttf")), key[1]
            )
        return self.fonts[key]

    def _xy(self, x: float, y: float) -> tuple[float, float]:
        return x * self.k, (self.doc.size[1] - y) * self.k

    def text(self, x: float, y: float, s: str, font: str, size: float, gray: float = 0.0) -> None:
        f = self._font(font, size)
        px, py = self._xy(x, y)
        self.draw.text((px, py), self.t(s), font=f, fill=int(30 + 160 * gray), anchor="ls")

    def vtext(self, x: float, y: float, s: str, font: str, size: float, gray: float = 0.4) -> None:
        self.text(x, y, s, font, size, gray)

    def line(
        self, x1: float, y1: float, x2: float, y2: float, w: float = 0.5, gray: float = 0
    ) -> None:
        self.draw.line(
            [self._xy(x1, y1), self._xy(x2, y2)],
            fill=int(40 + 160 * gray),
            width=max(1, round(w * self.k)),
        )

    def rect(self, x: float, y: float, w: float, h: float, fill: float | None = None) -> None:
        x1, y1 = self._xy(x, y + h)
        x2, y2 = self._xy(x + w, y)
        self.draw.rectangle(
            [x1, y1, x2, y2], outline=70, fill=None if fill is None else int(255 * fill)
        )

    def end_page(self) -> None:
        from PIL import Image

        rng = random.Random(seed_of("scan", self.doc.case_id, self.doc.page_no))
        img = self.img.rotate(rng.uniform(-0.6, 0.6), resample=Image.BILINEAR, fillcolor=235)
        px = img.load()
        for _ in range(900):  # dust
            px[rng.randrange(img.width), rng.randrange(img.height)] = rng.randrange(60, 160)
        buf = io.BytesIO()
        img.save(buf, format="JPEG", quality=55)
        buf.seek(0)
        w, h = self.doc.size
        self.c.drawImage(ImageReader(buf), 0, 0, width=w, height=h)
        self.c.showPage()


class DocWriter:
    """One PDF: a canvas, the current page's surface and page counters."""

    def __init__(self, path: Path, case: dict[str, Any]) -> None:
        self.case = case
        self.case_id = case["id"]
        self.size = PAGE_SIZES[case.get("page", "a4")]
        self.c = rl_canvas.Canvas(str(path), pagesize=self.size, invariant=1, pageCompression=1)
        meta = case.get("pdf_meta", {})
        self.c.setTitle(meta.get("title", ""))
        self.c.setAuthor(meta.get("author", ""))
        self.c.setCreator(meta.get("creator", "pdf_corpus"))
        self.surface: Surface | None = None
        self.page_no = 0

    def new_page(self, surface: Surface) -> Surface:
        if self.surface is not None:
            self.surface.end_page()
        self.surface = surface
        self.page_no += 1
        surface.begin_page()
        return surface

    def finish(self) -> int:
        if self.surface is not None:
            self.surface.end_page()
        self.c.save()
        return self.page_no


def make_surface(doc: DocWriter, part: dict[str, Any]) -> Surface:
    layer = part.get("layer", "text")
    transform = part.get("transform", "none")
    if layer == "scan":
        return ScanSurface(doc, transform)
    font = part.get("font", "")
    return Surface(doc, transform, font if font.startswith("garble") else None)


def wrap(
    surface: Surface, text: str, font: str, size: float, width: float, lang: str = "en"
) -> list[str]:
    lines: list[str] = []
    if is_cjk(lang) and lang != "ko":
        cur = ""
        for ch in text:
            if surface.width(cur + ch, font, size) > width and cur:
                lines.append(cur)
                cur = ch.lstrip()
            else:
                cur += ch
        return [*lines, cur] if cur else lines
    cur = ""
    for word in text.split():
        cand = f"{cur} {word}" if cur else word
        if surface.width(cand, font, size) > width and cur:
            lines.append(cur)
            cur = word
        else:
            cur = cand
    return [*lines, cur] if cur else lines


# ---------------------------------------------------------------------------------------------
# Flow: line slots placed into columns over pages
# ---------------------------------------------------------------------------------------------


class Flow:
    """Places lines of one leading into columns; calls `decorate` on every new page."""

    def __init__(
        self,
        doc: DocWriter,
        part: dict[str, Any],
        decorate: Callable[[Surface, int], None],
        cols: int = 1,
        leading: float = 12.5,
        margins: tuple[float, float, float, float] = (62, 56, 68, 66),
    ) -> None:
        self.doc, self.part, self.decorate = doc, part, decorate
        self.cols, self.lead = cols, leading
        self.top_m, self.right_m, self.bottom_m, self.left_m = margins
        w, h = doc.size
        self.gap = 18.0
        self.col_w = (w - self.left_m - self.right_m - self.gap * (cols - 1)) / cols
        self.top, self.bottom = h - self.top_m, self.bottom_m
        self.page = 0
        self.col = 0
        self.y = self.top
        self.first_bottom = self.bottom
        self.s: Surface = doc.surface  # type: ignore[assignment]

    @property
    def x(self) -> float:
        return self.left_m + self.col * (self.col_w + self.gap)

    def start(self) -> Surface:
        self.s = self.doc.new_page(make_surface(self.doc, self.part))
        self.page = 1
        self.col = 0
        self.y = self.top
        self.decorate(self.s, 1)
        return self.s

    def _bottom(self) -> float:
        return self.first_bottom if self.page == 1 else self.bottom

    def set_columns_from(self, y: float) -> None:
        self.y = self.col_top = y

    def slots_here(self) -> int:
        return max(0, int((self.y - self._bottom()) // self.lead))

    def full_slots(self) -> int:
        return int((self.top - self.bottom) // self.lead)

    def remaining(self, target_pages: int) -> int:
        if self.page > target_pages:
            return 0
        here = self.slots_here()
        first_col_slots = int((getattr(self, "col_top", self.top) - self._bottom()) // self.lead)
        if self.page == 1:
            here += (self.cols - 1 - self.col) * first_col_slots
        else:
            here += (self.cols - 1 - self.col) * self.full_slots()
        return here + (target_pages - self.page) * self.cols * self.full_slots()

    def advance(self) -> None:
        if self.col + 1 < self.cols:
            self.col += 1
            self.y = getattr(self, "col_top", self.top) if self.page == 1 else self.top
            return
        self.s = self.doc.new_page(make_surface(self.doc, self.part))
        self.page += 1
        self.col = 0
        self.y = self.top
        self.decorate(self.s, self.page)

    def line(self, text: str, font: str, size: float, indent: float = 0, gray: float = 0.0) -> None:
        if self.slots_here() < 1:
            self.advance()
        self.s.text(self.x + indent, self.y - self.lead * 0.78, text, font, size, gray)
        self.y -= self.lead

    def blank(self, n: int = 1) -> None:
        for _ in range(n):
            if self.slots_here() < 1:
                self.advance()
                return
            self.y -= self.lead

    def block(self, n: int, draw: Callable[[Surface, float, float, float, float], None]) -> None:
        if self.slots_here() < n:
            self.advance()
        h = n * self.lead
        draw(self.s, self.x, self.y - h, self.col_w, h)
        self.y -= h

    def paragraph(
        self,
        text: str,
        font: str,
        size: float,
        lang: str,
        indent: float = 0,
        limit: int | None = None,
        hang: float = 0,
    ) -> int:
        lines = wrap(self.s, text, font, size, self.col_w - indent - hang, lang)
        if limit is not None:
            lines = lines[: max(0, limit)]
        for i, ln in enumerate(lines):
            self.line(ln, font, size, indent + (hang if i else 0))
        return len(lines)


# ---------------------------------------------------------------------------------------------
# Parts
# ---------------------------------------------------------------------------------------------


def _ctx(case: dict[str, Any], part: dict[str, Any]) -> dict[str, Any]:
    """The metadata a part prints: the record's unless the part overrides it or is a filler."""
    rec = case["record"]
    j = {**case.get("journal", {}), **part.get("journal", {})}
    rng = random.Random(seed_of(case["id"], part.get("seed", json.dumps(part, sort_keys=True))))
    lang = part.get("lang", rec.get("language", "en"))
    if part.get("filler"):
        title = filler_title(rng, lang)
        authors = [filler_author(rng) for _ in range(rng.randint(1, 4))]
        doi = filler_doi(rng, (rec.get("doi") or "10.1000/x").split("/")[0][3:])
    else:
        title = part.get("title", latex_to_glyphs(rec["title"][0]))
        authors = part.get("authors_rec", rec.get("authors", []))
        doi = part.get("doi", rec.get("doi"))
    return {
        "rng": rng,
        "lang": lang,
        "title": title,
        "authors": authors,
        "doi": doi,
        "year": part.get("year", rec.get("year")),
        "journal": j,
        "family": part.get("font", "times" if not is_cjk(lang) else lang),
    }


def _journal_line(j: dict[str, Any], year: Any, pages: str | None = None) -> str:
    if not j:
        return ""
    s = j.get("name", "")
    if j.get("volume"):
        s += f", Vol. {j['volume']}"
        if j.get("issue"):
            s += f", No. {j['issue']}"
    if year:
        s += f" ({year})"
    if pages:
        s += f", pp. {pages}"
    return s


def _header_footer(
    ctx: dict[str, Any],
    part: dict[str, Any],
    first_page: int,
    n_pages: int,
) -> Callable[[Surface, int], None]:
    fam = ctx["family"]
    doi = ctx["doi"]
    places = part.get("doi_at", ["title_block", "footer"])
    j = ctx["journal"]
    version = part.get("version", "published")
    short = part.get("running_title") or ctx["title"]
    if len(short) > 60:
        short = short[:57].rsplit(" ", 1)[0] + " …"
    names = [surname(a) for a in ctx["authors"]]
    who = (
        names[0] + (" et al." if len(names) > 2 else f" and {names[1]}" if len(names) == 2 else "")
        if names
        else ""
    )
    header_style = part.get("header", "journal")

    def decorate(s: Surface, page: int) -> None:
        w, h = s.doc.size
        f = font_for(fam, "i", who + short)
        pno = first_page + page - 1
        if version == "preprint":
            left = part.get("preprint_label", "Preprint — not peer reviewed")
            s.text(56, h - 38, left, font_for(fam, "r", left), 7.5, 0.3)
            if part.get("arxiv"):
                s.vtext(30, 250, part["arxiv"], font_for(fam, "r", ""), 14, 0.55)
        elif version == "accepted":
            s.text(56, h - 38, "Accepted manuscript", font_for(fam, "r", ""), 7.5, 0.3)
        elif header_style != "none" and (page > 1 or part.get("header_on_first")):
            left = _journal_line(j, ctx["year"]) if page % 2 or header_style == "journal" else who
            right = short if page % 2 == 0 or header_style == "journal" else who
            if header_style == "authors":
                left, right = who, short
            s.text(56, h - 38, left, font_for(fam, "i", left), 7.5, 0.2)
            s.text(
                w - 56 - s.width(right, f, 7.5), h - 38, right, font_for(fam, "i", right), 7.5, 0.2
            )
            s.line(56, h - 43, w - 56, h - 43, 0.4, 0.4)
        if doi and "header" in places and version != "preprint":
            t = f"DOI: {doi}"
            s.text(w - 56 - s.width(t, "Helvetica", 7), h - 28, t, "Helvetica", 7, 0.2)
        ptxt = str(pno)
        if part.get("page_numbers", True):
            s.text(
                (w - s.width(ptxt, font_for(fam, "r", ptxt), 9)) / 2,
                32,
                ptxt,
                font_for(fam, "r", ptxt),
                9,
            )
        if doi and "footer" in places:
            t = f"https://doi.org/{doi}" if part.get("footer_url") else f"doi:{doi}"
            s.text(56, 46, t, "Helvetica", 7, 0.25)
        foot = part.get("footer_text")
        if foot:
            s.text(
                w - 56 - s.width(foot, font_for(fam, "r", foot), 7),
                46,
                foot,
                font_for(fam, "r", foot),
                7,
                0.3,
            )

    return decorate


def _affil_marks(n: int, style: str) -> list[str]:
    if style == "letters":
        return [chr(97 + i) for i in range(n)]
    return [str(i + 1) for i in range(n)]


def _title_block(
    flow: Flow, ctx: dict[str, Any], part: dict[str, Any], case: dict[str, Any]
) -> None:
    s = flow.s
    fam, lang = ctx["family"], ctx["lang"]
    w, h = s.doc.size
    left, width = 56.0, w - 112.0
    y = h - 62
    j = ctx["journal"]
    version = part.get("version", "published")
    first_page = part.get("first_page", j.get("first_page", 1))
    if part.get("masthead_band") and j:
        s.rect(left, y - 34, width, 34, fill=0.9)
        name = j.get("name", "")
        s.text(left + 8, y - 22, name, font_for("helvetica", "b", name), 15)
        info = _journal_line({**j, "name": f"ISSN {j.get('issn', '0000-0000')}"}, ctx["year"])
        s.text(
            left + width - 8 - s.width(info, "Helvetica", 7.5),
            y - 22,
            info,
            font_for("helvetica", "r", info),
            7.5,
        )
        y -= 50
    elif j and version == "published":
        t = _journal_line(j, ctx["year"], f"{first_page}–{first_page + part.get('pages', 8) - 1}")
        s.text(left, y, t, font_for(fam, "i", t), 8, 0.2)
        y -= 20
    if part.get("article_type"):
        t = part["article_type"]
        s.text(left, y, t.upper(), font_for("helvetica", "b", t), 8.5, 0.35)
        y -= 22
    doi = ctx["doi"]
    places = part.get("doi_at", ["title_block", "footer"])
    if doi and "top_line" in places:
        t = f"https://doi.org/{doi}"
        s.text(left, y, t, "Helvetica", 8)
        y -= 18
    tsize = part.get("title_size", 18)
    tf = font_for(fam, "b", ctx["title"])
    for ln in wrap(s, ctx["title"], tf, tsize, part.get("title_width", width), lang):
        s.text(left, y - tsize, ln, tf, tsize)
        y -= tsize * 1.22
    if part.get("subtitle"):
        sf = font_for(fam, "r", part["subtitle"])
        for ln in wrap(s, part["subtitle"], sf, tsize * 0.7, width, lang):
            s.text(left, y - tsize * 0.7, ln, sf, tsize * 0.7)
            y -= tsize * 0.9
    y -= 6
    for alt in part.get("alt_titles", []):
        af = font_for(
            fam if not alt.isascii() else ("times" if fam not in FAMILIES or is_cjk(fam) else fam),
            "i",
            alt,
        )
        if is_cjk(fam) and alt.isascii():
            af = "Times-Italic"
        for ln in wrap(s, alt, af, 12, width, "en" if alt.isascii() else lang):
            s.text(left, y - 12, ln, af, 12, 0.15)
            y -= 15
        y -= 4
    # authors with affiliation marks
    names = part.get("authors") or [display_name(a, lang) for a in ctx["authors"]]
    n_aff = part.get("n_affiliations", min(3, max(1, len(names))))
    mstyle = part.get("marks", "raised")
    marks = part.get("author_marks") or [
        _affil_marks(n_aff, "letters" if mstyle == "letters" else "digits")[i % n_aff]
        + ("*" if i == 0 else "")
        for i in range(len(names))
    ]
    af = font_for(fam, "r", " ".join(names))
    x = left
    y -= 14
    for i, name in enumerate(names):
        sep = ", " if i < len(names) - 1 else ""
        mk = marks[i] if i < len(marks) else ""
        wname = s.width(name, af, 11)
        if mstyle == "unicode":
            txt = name + mk.translate(SUPERSCRIPT) + sep
            wtot = s.width(txt, font_for(fam, "r", txt), 11)
            if x + wtot > left + width:
                x, y = left, y - 15
            s.text(x, y, txt, font_for(fam, "r", txt), 11)
            x += wtot + 2
            continue
        wm = s.width(mk, "Times-Roman", 7)
        if x + wname + wm + 8 > left + width:
            x, y = left, y - 15
        s.text(x, y, name, af, 11)
        x += wname
        if mk:
            s.text(x + 0.5, y + 4.5, mk, "Times-Roman", 7)
            x += wm + 1
        if sep:
            s.text(x, y, sep, af, 11)
            x += s.width(sep, af, 11)
    y -= 16
    affs = part.get("affiliations") or [
        (f"Department of {ctx['rng'].choice(DEPARTMENTS)}, {ctx['rng'].choice(UNIVERSITIES)}")
        for _ in range(n_aff)
    ]
    mark_list = _affil_marks(len(affs), "letters" if mstyle == "letters" else "digits")
    for mk, aff in zip(mark_list, affs, strict=False):
        ff = font_for(fam, "i", aff)
        if mstyle == "unicode":
            s.text(left, y, mk.translate(SUPERSCRIPT) + " " + aff, font_for(fam, "i", "¹" + aff), 8)
        else:
            s.text(left, y + 3, mk, "Times-Roman", 6)
            s.text(left + 5, y, aff, ff, 8)
        y -= 10.5
    if names:
        handle = (
            unicodedata.normalize("NFKD", names[0].split()[-1]).encode("ascii", "ignore").decode()
        )
        corr = f"* Corresponding author: {(handle or 'author').lower()}@example.org"
        s.text(left, y, corr, font_for(fam, "r", corr), 7.5, 0.2)
        y -= 12
    dates = part.get(
        "dates",
        (
            f"Received 3 March {int(ctx['year'] or 2020) - 1}; accepted 12 October "
            f"{int(ctx['year'] or 2020) - 1}"
        ),
    )
    if version != "preprint" and dates:
        s.text(left, y, dates, font_for(fam, "r", dates), 7.5, 0.3)
        y -= 12
    if doi and "title_block" in places and version != "preprint":
        t = f"DOI: {doi}" if not part.get("doi_url") else f"https://doi.org/{doi}"
        s.text(left, y, t, "Helvetica", 8)
        y -= 12
    if version == "accepted" and part.get("accepted_note", True):
        t = (
            (
                "This is the accepted manuscript of an article published in "
                f"{j.get('name', 'a journal')}"
            )
            + (f", https://doi.org/{doi}" if doi else "")
            + ". It has not been copy-edited or typeset."
        )
        tf2 = font_for(fam, "i", t)
        for ln in wrap(s, t, tf2, 8, width - 12, "en"):
            s.text(left + 6, y - 2, ln, tf2, 8, 0.25)
            y -= 10
        y -= 4
    if version == "preprint" and doi:
        t = f"Preprint DOI: https://doi.org/{doi}"
        s.text(left, y, t, "Helvetica", 8)
        y -= 12
    y -= 8
    # abstract
    if part.get("abstract", True):
        labels = LABELS.get(lang, LABELS["en"])
        abst = part.get("abstract_text") or abstract_of(case["record"], lang, ctx["title"])
        bf = font_for(fam, "b", labels[L_ABSTRACT])
        s.line(left, y + 4, left + width, y + 4, 0.5, 0.5)
        s.text(left, y - 9, labels[L_ABSTRACT], bf, 9.5)
        y -= 22
        rf = font_for(fam, "r", abst)
        for ln in wrap(s, abst, rf, 9, width, lang):
            s.text(left, y, ln, rf, 9)
            y -= 11.5
        if part.get("abstract_en"):
            y -= 4
            en_title = next((t for t in part.get("alt_titles", []) if t.isascii()), None)
            ab2 = abstract_of(case["record"], "en", en_title)
            s.text(left, y - 2, "Abstract", font_for("times", "b", ""), 9.5)
            y -= 16
            for ln in wrap(s, ab2, "Times-Roman", 9, width, "en"):
                s.text(left, y, ln, "Times-Roman", 9)
                y -= 11.5
        kws = keywords_of(ctx["title"], lang)[:5]
        sep = "、" if is_cjk(lang) else ", "
        kt = f"{labels[L_KEYWORDS]}: " + sep.join(kws)
        s.text(left, y - 2, kt, font_for(fam, "i", kt), 8.5)
        y -= 14
        s.line(left, y, left + width, y, 0.5, 0.5)
        y -= 10
    flow.set_columns_from(y)
    # footnotes on page 1: licence, dataset DOI
    notes = list(part.get("footnotes", []))
    if part.get("dataset_doi"):
        notes.insert(0, f"Replication data: https://doi.org/{part['dataset_doi']}")
    if part.get("licence", True) and version == "published":
        holder = part.get("publisher", j.get("publisher", "The Authors"))
        notes.append(f"© {ctx['year']} {holder}. Open access under a CC BY 4.0 licence.")
    if notes:
        yb = flow.bottom_m + 4
        for note in reversed(notes):
            s.text(left, yb, note, font_for(fam, "r", note), 7, 0.15)
            yb += 9
        s.line(left, yb, left + 120, yb, 0.4, 0.3)
        flow.first_bottom = yb + 6


def _figure(
    kind: str, n: int, lang: str, fam: str, rng: random.Random, topic: str
) -> Callable[..., None]:
    labels = LABELS.get(lang, LABELS["en"])

    def draw(s: Surface, x: float, y: float, w: float, h: float) -> None:
        if kind == "figure":
            s.rect(x + 4, y + 22, w - 8, h - 28)
            pts = [
                (x + 10 + i * (w - 24) / 11, y + 28 + rng.random() * (h - 44)) for i in range(12)
            ]
            for (x1, y1), (x2, y2) in itertools.pairwise(pts):
                s.line(x1, y1, x2, y2, 1.0, 0.2)
            cap = f"{labels[L_FIGURE]} {n}. {topic}"
        else:
            rows, cols = 5, 4
            cw = (w - 8) / cols
            rh = (h - 30) / rows
            for r in range(rows + 1):
                s.line(
                    x + 4, y + 22 + r * rh, x + w - 4, y + 22 + r * rh, 0.4 if 0 < r < rows else 0.8
                )
            for r in range(rows):
                for cidx in range(cols):
                    v = f"{rng.uniform(0, 9):.2f}" if cidx else f"({r + 1})"
                    s.text(x + 8 + cidx * cw, y + 26 + r * rh, v, "Helvetica", 7)
            cap = f"{labels[L_TABLE]} {n}. {topic}"
        cf = font_for(fam, "i", cap)
        s.text(x + 4, y + 8, cap[: int(w / 4.2)], cf, 8)

    return draw


def part_article(doc: DocWriter, case: dict[str, Any], part: dict[str, Any]) -> None:
    ctx = _ctx(case, part)
    fam, lang, rng = ctx["family"], ctx["lang"], ctx["rng"]
    pages = int(part.get("pages", 10))
    j = ctx["journal"]
    first_page = part.get("first_page", j.get("first_page", rng.randrange(1, 300)))
    part = {**part, "first_page": first_page, "pages": pages}
    cols = int(part.get("columns", 1))
    size = part.get("body_size", 9.5 if cols == 2 else 10.5)
    lead = part.get("leading", size * 1.3)
    flow = Flow(doc, part, _header_footer(ctx, part, first_page, pages), cols=cols, leading=lead)
    flow.start()
    if part.get("title_block", True):
        _title_block(flow, ctx, part, case)
    labels = LABELS.get(lang, LABELS["en"])
    gen = TextGen(seed_of(case["id"], "body", ctx["title"]), lang, ctx["title"])
    cite = [case["record"] if c == "$record" else c for c in part.get("cite", [])]
    cite = [{**c, "authors": c.get("authors", ["Anonymous"])} for c in cite]
    refs = make_refs(rng, int(part.get("n_refs", 22)), cite, part.get("ref_doi_share", 0.7))
    rf = font_for(fam, "r", "".join(refs))
    ref_lines = [len(wrap(flow.s, r, rf, size - 1.5, flow.col_w - 12, "en")) for r in refs]
    cap = flow.remaining(pages)
    while ref_lines and sum(ref_lines) + 3 > cap * 0.45:
        ref_lines.pop()
        refs.pop()
    ref_slots = sum(ref_lines) + 3
    sections = labels[:6]
    body_budget = max(0, cap - ref_slots - 2)
    per = body_budget // len(sections)
    bf = font_for(fam, "b", "".join(sections))
    mentions = [case["record"] if m == "$record" else m for m in part.get("mention", [])]
    nfig = 0
    for si, head in enumerate(sections):
        budget = per if si < len(sections) - 1 else flow.remaining(pages) - ref_slots - 1
        if flow.slots_here() < 4:
            flow.advance()
        start = flow.remaining(pages)
        flow.blank()
        flow.line(f"{si + 1} {head}" if part.get("numbered", True) else head, bf, size + 0.5)
        first = True
        while start - flow.remaining(pages) < budget - 1:
            left = budget - (start - flow.remaining(pages))
            if not first and left > 16 and rng.random() < 0.18 and flow.slots_here() > 14:
                nfig += 1
                flow.block(
                    12,
                    _figure(rng.choice(["figure", "table"]), nfig, lang, fam, rng, gen.sentence()),
                )
                continue
            text = gen.paragraph()
            if mentions and si in (0, 3):
                m = mentions[(si // 3) % len(mentions)]
                mt = latex_to_glyphs(m["title"][0] if isinstance(m["title"], list) else m["title"])
                who = surname(m["authors"][0]) + (" et al." if len(m["authors"]) > 1 else "")
                mention = part.get(
                    "mention_text",
                    "As {who} ({year}) show in “{title}”, the question deserves attention.",
                )
                text = (
                    mention.format(who=who, year=m.get("year", ""), title=mt, doi=m.get("doi", ""))
                    + " "
                    + text
                )
                if si == 3:
                    mentions = []
            ff = font_for(fam, "r", text)
            flow.paragraph(text, ff, size, lang, indent=0, limit=left - 1)
            first = False
        if flow.remaining(pages) <= ref_slots + 1:
            break
    # references
    if flow.slots_here() < 3:
        flow.advance()
    flow.blank()
    flow.line(labels[L_REFS], bf, size + 0.5)
    for r in refs:
        if flow.remaining(pages) < 1:
            break
        flow.paragraph(r, rf, size - 1.5, "en", hang=12, limit=flow.remaining(pages))


def part_journal_cover(doc: DocWriter, case: dict[str, Any], part: dict[str, Any]) -> None:
    ctx = _ctx(case, part)
    s = doc.new_page(make_surface(doc, part))
    w, h = doc.size
    j = ctx["journal"]
    s.rect(0, h - 300, w, 300, fill=0.82)
    name = j.get("name", "Journal")
    f = font_for("helvetica", "b", name)
    size = 34
    for i, ln in enumerate(wrap(s, name, f, size, w - 100)):
        s.text(50, h - 110 - i * 40, ln, f, size)
    info = f"Volume {j.get('volume', 1)} · Issue {j.get('issue', 1)} · {ctx['year']}"
    s.text(50, h - 270, info, "Helvetica", 14)
    s.text(50, 120, f"ISSN {j.get('issn', '1234-5678')}", "Helvetica", 11)
    pub = j.get("publisher", "Academic Press")
    s.text(50, 100, pub, font_for("helvetica", "r", pub), 11)
    highlights = part.get("highlights", [])
    if highlights:
        s.text(50, h - 360, part.get("highlights_label", "In this issue"), "Helvetica-Bold", 13)
        y = h - 390
        for hl in highlights:
            t = latex_to_glyphs(case["record"]["title"][0]) if hl == "$record" else hl
            for ln in wrap(s, t, font_for("helvetica", "r", t), 12, w - 100, ctx["lang"]):
                s.text(50, y, ln, font_for("helvetica", "r", t), 12)
                y -= 16
            y -= 8


def part_masthead(doc: DocWriter, case: dict[str, Any], part: dict[str, Any]) -> None:
    ctx = _ctx(case, part)
    rng = ctx["rng"]
    j = ctx["journal"]
    flow = Flow(doc, part, lambda s, p: None, cols=1, leading=12)
    s = flow.start()
    name = j.get("name", "Journal")
    s.text(56, doc.size[1] - 80, name, font_for("times", "b", name), 22)
    flow.set_columns_from(doc.size[1] - 110)
    fam = ctx["family"]
    lines = [
        ("b", part.get("board_label", "Editorial Board")),
        ("r", ""),
        ("b", "Editor-in-Chief"),
        (
            "r",
            (
                f"{display_name(filler_author(rng), 'en')}, "
                f"University of {rng.choice(['Bergen', 'Porto', 'Leeds', 'Graz'])}"
            ),
        ),
        ("b", "Associate Editors"),
    ]
    for a in part.get("board_include", []):
        lines.append(("r", a))
    for _ in range(part.get("board_size", 24)):
        lines.append(("r", f"{display_name(filler_author(rng), 'en')} — {rng.choice(PLACE)}"))
    lines += [
        ("r", ""),
        ("b", "Aims and Scope"),
        ("r", f"{name} publishes original research, reviews and short communications. " * 2),
        ("r", ""),
        (
            "r",
            (
                f"ISSN {j.get('issn', '1234-5678')} (print) · "
                f"Published by {j.get('publisher', 'Academic Press')}"
            ),
        ),
        (
            "r",
            (
                f"Volume {j.get('volume', 1)}, Issue {j.get('issue', 1)}, {ctx['year']}. All "
                "rights reserved."
            ),
        ),
        ("r", "Cover image: courtesy of the authors."),
    ]
    for style, text in lines:
        if not text:
            flow.blank()
            continue
        flow.paragraph(text, font_for(fam, style, text), 10, "en")


ARCHIVES = {
    "ssoar": {
        "top": "www.ssoar.info",
        "provider": (
            "Provided in cooperation with: GESIS – Leibniz-Institut für Sozialwissenschaften"
        ),
        "version": (
            "Veröffentlichungsversion / Published Version · Zeitschriftenartikel / journal article"
        ),
        "terms": (
            "Nutzungsbedingungen: Dieser Text wird unter einer CC BY-NC-ND Lizenz (Namensnennung-"
            "Nicht-kommerziell-Keine Bearbeitung) zur Verfügung gestellt. Terms of use: This "
            "document is made available under a CC BY-NC-ND Licence (Attribution-Non "
            "Comercial-NoDerivatives)."
        ),
        "cite": "Empfohlene Zitierung / Suggested Citation:",
    },
    "econstor": {
        "top": "econstor — Make Your Publications Visible.",
        "provider": (
            "A Service of the ZBW – Leibniz Information Centre for Economics. Provided in "
            "Cooperation with: Kiel Institute for the World Economy (IfW)"
        ),
        "version": "Working Paper",
        "terms": (
            "Standard-Nutzungsbedingungen: Die Dokumente auf EconStor dürfen zu eigenen "
            "wissenschaftlichen Zwecken und zum Privatgebrauch gespeichert und kopiert "
            "werden. Terms of use: Documents in EconStor may be saved and copied for your "
            "personal and scholarly purposes."
        ),
        "cite": "Suggested Citation:",
    },
    "repository": {
        "top": "Institutional Repository · Open Access",
        "provider": "This version is available from the university's open access repository.",
        "version": "Author's version",
        "terms": (
            "Copyright and reuse: Content in the repository is made available for research and "
            "private study. Please check the publisher's terms for further reuse."
        ),
        "cite": "How to cite:",
    },
}


def part_archive_cover(doc: DocWriter, case: dict[str, Any], part: dict[str, Any]) -> None:
    ctx = _ctx(case, part)
    style = ARCHIVES[part.get("style", "ssoar")]
    s = doc.new_page(make_surface(doc, part))
    w, h = doc.size
    y = h - 60
    s.text(50, y, style["top"], "Helvetica-Bold", 16)
    y -= 36
    rec = case["record"]
    authors = "; ".join(part.get("cover_authors", rec.get("authors", [])))
    show_title = part.get("cover_title", True)
    if show_title:
        t = ctx["title"]
        tf = font_for("helvetica", "b", t)
        for ln in wrap(s, t, tf, 14, w - 100, ctx["lang"]):
            s.text(50, y, ln, tf, 14)
            y -= 18
    s.text(50, y - 4, authors, font_for("helvetica", "r", authors), 11)
    y -= 30
    for key in ("version", "cite"):
        s.text(50, y, style[key], font_for("helvetica", "r", style[key]), 9)
        y -= 14
    if show_title:
        cit = f"{authors} ({ctx['year']}). {ctx['title']}. {_journal_line(ctx['journal'], None)}."
        if ctx["doi"] and part.get("cover_doi", True):
            cit += f" https://doi.org/{ctx['doi']}"
        cf = font_for("helvetica", "r", cit)
        for ln in wrap(s, cit, cf, 9, w - 100, ctx["lang"]):
            s.text(50, y, ln, cf, 9)
            y -= 12
    y -= 20
    for key in ("terms", "provider"):
        tf = font_for("helvetica", "r", style[key])
        for ln in wrap(s, style[key], tf, 8, w - 100):
            s.text(50, y, ln, tf, 8, 0.2)
            y -= 10
        y -= 10
    urn = part.get(
        "urn",
        (
            f"urn:nbn:de:0168-ssoar-{seed_of(case['id']) % 900000 + 100000}-"
            f"{seed_of(case['id'], 1) % 9}"
        ),
    )
    s.text(
        50,
        60,
        f"Diese Version ist zitierbar unter / This version is citable under: {urn}",
        "Helvetica",
        7.5,
    )


def part_toc(doc: DocWriter, case: dict[str, Any], part: dict[str, Any]) -> None:
    ctx = _ctx(case, part)
    rng, lang, fam = ctx["rng"], ctx["lang"], ctx["family"]
    j = ctx["journal"]
    labels = LABELS.get(lang, LABELS["en"])
    flow = Flow(doc, part, lambda s, p: None, cols=1, leading=12)
    s = flow.start()
    h = doc.size[1]
    head = part.get("heading", labels[L_CONTENTS])
    s.text(56, h - 80, head, font_for(fam, "b", head), 22)
    jl = _journal_line(j, ctx["year"])
    s.text(56, h - 100, jl, font_for(fam, "i", jl), 10)
    flow.set_columns_from(h - 125)
    n = int(part.get("entries", 14))
    at = int(part.get("record_at", 4)) % max(1, n)
    page = int(j.get("first_page", 1))
    rec = case["record"]
    base = (rec.get("doi") or "10.1000/j.x.2021.1").rstrip("0123456789")
    siblings = list(part.get("siblings", []))
    for i in range(n):
        if i == at:
            title = latex_to_glyphs(rec["title"][0])
            authors = rec.get("authors", [])
            doi = rec.get("doi")
        elif siblings:
            sib = siblings.pop(0)
            title, authors, doi = (
                sib["title"],
                sib.get("authors", [filler_author(rng)]),
                sib.get("doi"),
            )
        else:
            title = filler_title(rng, lang)
            authors = [filler_author(rng) for _ in range(rng.randint(1, 3))]
            doi = base + str(rng.randrange(1, 60)) if rec.get("doi") else filler_doi(rng)
        if flow.slots_here() < 5:
            flow.advance()
        tf = font_for(fam, "b", title)
        nlines = wrap(s, title, tf, 10.5, flow.col_w - 50, lang)
        for k, ln in enumerate(nlines):
            flow.line(ln, tf, 10.5)
            if k == 0:
                ptxt = str(page)
                flow.s.text(
                    flow.x + flow.col_w - flow.s.width(ptxt, "Times-Roman", 10.5),
                    flow.y + flow.lead * 0.22,
                    ptxt,
                    "Times-Roman",
                    10.5,
                )
        au = ", ".join(display_name(a, lang) for a in authors)
        flow.line(au, font_for(fam, "i", au), 9.5)
        if doi and part.get("show_doi", True):
            flow.line(f"https://doi.org/{doi}", "Helvetica", 8, gray=0.3)
        flow.blank()
        page += rng.randrange(9, 24)
        s = flow.s


def part_notice(doc: DocWriter, case: dict[str, Any], part: dict[str, Any]) -> None:
    ctx = _ctx(case, {**part, "title": part.get("title", ""), "doi": part.get("notice_doi")})
    rec = case["record"]
    fam, lang = ctx["family"], ctx["lang"]
    kind = part.get("notice", "erratum")
    rt = latex_to_glyphs(rec["title"][0])
    heads = {
        "erratum": f"Erratum to: {rt}",
        "corrigendum": f"Corrigendum: {rt}",
        "correction": f"Correction to: “{rt}”",
        "retraction": f"Retraction Note: {rt}",
        "eoc": f"Expression of Concern: {rt}",
    }
    title = part.get("title") or heads[kind]
    authors = rec.get("authors", [])
    names = ", ".join(display_name(a, rec.get("language", "en")) for a in authors)
    j = ctx["journal"]
    cite = f"{names}. {rt}. {_journal_line(j, rec.get('year'))}."
    if rec.get("doi"):
        cite += f" https://doi.org/{rec['doi']}"
    bodies = {
        "erratum": (
            "In the original publication of this article, an error appeared in Table 2: the "
            "values in the third column were shifted by one row. The corrected table is given "
            "below. The authors apologise for any inconvenience caused."
        ),
        "corrigendum": (
            "The authors regret that the affiliation of the second author was given incorrectly, "
            "and that Figure 3 contained a mislabelled axis. The corrected figure appears below. "
            "The conclusions of the article are unaffected."
        ),
        "correction": (
            "After publication of this article, the authors noticed that the funding statement "
            "was incomplete. The statement should read as follows. The original article has been "
            "corrected."
        ),
        "retraction": (
            "The Editors have retracted this article because concerns were raised about the "
            "integrity of the data reported in the Results section. An investigation found that "
            "the data could not be verified. All authors agree with this retraction."
        ),
        "eoc": (
            "The Editors are issuing this expression of concern to alert readers that questions "
            "have been raised about the reliability of the data presented in this article. "
            "Further editorial action will be taken as appropriate once the investigation is "
            "concluded."
        ),
    }
    ndoi = part.get("notice_doi")
    notice_part = {**part, "doi_at": part.get("doi_at", ["title_block"])}
    flow = Flow(
        doc,
        notice_part,
        _header_footer({**ctx, "title": title}, notice_part, part.get("first_page", 1), 2),
        cols=1,
        leading=13,
    )
    s = flow.start()
    w, h = doc.size
    y = h - 70
    label = {"retraction": "RETRACTION NOTE", "eoc": "EXPRESSION OF CONCERN"}.get(
        kind, kind.upper()
    )
    s.text(56, y, label, "Helvetica-Bold", 9)
    y -= 28
    tf = font_for(fam, "b", title)
    for ln in wrap(s, title, tf, 16, w - 112, lang):
        s.text(56, y, ln, tf, 16)
        y -= 20
    y -= 4
    if part.get("notice_authors", True):
        s.text(56, y, names, font_for(fam, "r", names), 10.5)
        y -= 16
    if ndoi:
        s.text(56, y, f"DOI: {ndoi}", "Helvetica", 8.5)
        y -= 14
    flow.set_columns_from(y - 10)
    lead = f"Correction to: {cite}" if kind != "retraction" else f"Retraction of: {cite}"
    flow.paragraph(lead, font_for(fam, "i", lead), 10, "en")
    flow.blank()
    flow.paragraph(bodies[kind], font_for(fam, "r", bodies[kind]), 10.5, "en")
    flow.blank()
    if kind in ("erratum", "corrigendum"):
        flow.block(10, _figure("table", 2, "en", fam, ctx["rng"], "Corrected values"))
    gen = TextGen(seed_of(case["id"], "notice"), "en", rt)
    for _ in range(part.get("paragraphs", 2)):
        p = gen.paragraph(2, 4)
        flow.paragraph(p, font_for(fam, "r", p), 10.5, "en")
        flow.blank()
    pub = (
        f"Published online: 14 May {int(rec.get('year') or 2021) + 1}. The online version of the "
        f"original article can be found at https://doi.org/{rec.get('doi') or 'n/a'}"
    )
    flow.paragraph(pub, font_for(fam, "r", pub), 8.5, "en")


def part_supplement(doc: DocWriter, case: dict[str, Any], part: dict[str, Any]) -> None:
    ctx = _ctx(case, part)
    rec = case["record"]
    fam, lang, rng = ctx["family"], ctx["lang"], ctx["rng"]
    rt = latex_to_glyphs(rec["title"][0])
    head = part.get("heading", "Supplementary material for:")
    pages = int(part.get("pages", 4))
    sup_doi = part.get("supplement_doi")
    hp = {**part, "doi_at": ["header"] if sup_doi else [], "header": "authors"}
    flow = Flow(
        doc,
        part,
        _header_footer({**ctx, "doi": sup_doi, "title": f"Supplement — {rt}"}, hp, 1, pages),
        cols=1,
        leading=12.5,
    )
    s = flow.start()
    w, h = doc.size
    y = h - 80
    s.text(56, y, head, font_for(fam, "b", head), 13)
    y -= 24
    tf = font_for(fam, "b", rt)
    for ln in wrap(s, rt, tf, 16, w - 112, lang):
        s.text(56, y, ln, tf, 16)
        y -= 20
    names = ", ".join(display_name(a, lang) for a in rec.get("authors", []))
    s.text(56, y - 4, names, font_for(fam, "r", names), 10.5)
    y -= 24
    if rec.get("doi") and part.get("article_doi", True):
        t = f"{_journal_line(ctx['journal'], rec.get('year'))}. https://doi.org/{rec['doi']}"
        s.text(56, y, t, font_for(fam, "i", t), 8.5)
        y -= 14
    if sup_doi:
        s.text(56, y, f"Supplement DOI: {sup_doi}", "Helvetica", 8.5)
        y -= 14
    flow.set_columns_from(y - 10)
    gen = TextGen(seed_of(case["id"], "supp"), lang, rt)
    labels = LABELS.get(lang, LABELS["en"])
    bf = font_for(fam, "b", "Supplementary")
    sec = [
        "S1 Supplementary methods",
        "S2 Additional robustness checks",
        "S3 Survey instrument",
        "S4 Additional tables and figures",
    ]
    k = 0
    while flow.page < pages or flow.slots_here() > 14:
        if flow.page == pages and flow.slots_here() < 14:
            break
        flow.blank()
        flow.line(sec[k % 4] + ("" if k < 4 else f" (cont. {k // 4})"), bf, 11)
        for _ in range(2):
            if flow.remaining(pages) < 14:
                break
            flow.block(
                12,
                _figure(
                    rng.choice(["table", "figure"]),
                    k + 1,
                    lang,
                    fam,
                    rng,
                    f"S{k + 1}: {gen.sentence()}",
                ),
            )
            p = gen.paragraph(2, 4)
            flow.paragraph(p, font_for(fam, "r", p), 10, lang, limit=flow.remaining(pages) - 1)
        k += 1
        if flow.remaining(pages) < 16:
            break
    _ = labels


def part_editorial(doc: DocWriter, case: dict[str, Any], part: dict[str, Any]) -> None:
    rec = case["record"]
    rng = random.Random(seed_of(case["id"], "editorial"))
    editors = part.get("editors_rec") or [filler_author(rng), filler_author(rng)]
    lang = part.get("lang", rec.get("language", "en"))
    title = part.get("title", "Editorial")
    mention_others = [
        {
            "title": [filler_title(rng, lang)],
            "authors": [filler_author(rng)],
            "year": rec.get("year"),
        }
        for _ in range(4)
    ]
    mention = [rec, *mention_others]
    rng.shuffle(mention)
    sub = {
        **part,
        "title": title,
        "authors_rec": editors,
        "mention": mention,
        "n_refs": part.get("n_refs", 8),
        "cite": [rec, *mention_others],
        "abstract": False,
        "pages": part.get("pages", 3),
        "doi": part.get("editorial_doi"),
        "article_type": part.get("article_type", "Editorial"),
        "mention_text": (
            "In “{title}”, {who} ({year}) examine how the field has changed; their contribution "
            "opens this issue."
        ),
    }
    part_article(doc, case, sub)


def part_form(doc: DocWriter, case: dict[str, Any], part: dict[str, Any]) -> None:
    ctx = _ctx(case, part)
    rec = case["record"]
    j = ctx["journal"]
    fam = ctx["family"]
    form = part.get("form", "copyright")
    flow = Flow(doc, part, lambda s, p: None, cols=1, leading=14)
    s = flow.start()
    h = doc.size[1]
    titles = {
        "copyright": "Copyright Transfer Agreement",
        "coi": "Disclosure of Potential Conflicts of Interest",
        "guidelines": "Instructions for Authors",
        "licence": "Licence to Publish (Open Access)",
    }
    title = part.get("title", titles[form])
    s.text(56, h - 70, j.get("name", "Journal"), font_for("helvetica", "b", j.get("name", "")), 11)
    s.text(56, h - 100, title, font_for("helvetica", "b", title), 18)
    flow.set_columns_from(h - 125)
    filled = part.get("filled", True)
    rt = latex_to_glyphs(rec["title"][0])
    names = ", ".join(display_name(a, rec.get("language", "en")) for a in rec.get("authors", []))
    rf = font_for(fam, "r", rt + names)
    if form in ("copyright", "coi", "licence"):
        fields = [
            (
                "Manuscript number",
                f"{j.get('abbr', 'JAS')}-{ctx['year']}-0{seed_of(case['id']) % 900 + 100}",
            ),
            ("Manuscript title", rt if filled else "______________________________"),
            ("Author(s)", names if filled else "______________________________"),
            (
                "Corresponding author",
                display_name(rec.get("authors", ["N, N"])[0], "en") if filled else "__________",
            ),
        ]
        for label, value in fields:
            flow.paragraph(f"{label}: {value}", rf, 10.5, "en")
            flow.blank()
        clauses = {
            "copyright": [
                (
                    "The author(s) hereby assign to the Publisher the copyright in the "
                    "contribution named above, including all rights of reproduction and "
                    "distribution."
                ),
                (
                    "The author(s) warrant that the contribution is original, has not been "
                    "published elsewhere and does not infringe any third party rights."
                ),
                (
                    "The author(s) retain the right to post the accepted manuscript in an "
                    "institutional repository after an embargo of twelve months."
                ),
            ],
            "licence": [
                (
                    "The author(s) grant the Publisher a non-exclusive licence to publish the "
                    "article under a Creative Commons Attribution 4.0 licence."
                ),
                "The author(s) confirm that all co-authors have agreed to this licence.",
            ],
            "coi": [
                (
                    "Please declare any financial or non-financial interests that are directly or "
                    "indirectly related to the work submitted for publication."
                ),
                "1. Funding: [ ] none  [ ] yes, please specify",
                "2. Employment: [ ] none  [ ] yes, please specify",
                "3. Personal financial interests: [ ] none  [ ] yes",
                "4. Patents: [ ] none  [ ] yes",
                "I certify that the information given above is complete and accurate.",
            ],
        }[form]
        for cl in clauses * part.get("repeat", 2):
            flow.paragraph(cl, font_for(fam, "r", cl), 10.5, "en")
            flow.blank()
        for sig in (
            "Signature: ______________________",
            "Date: ____________",
            "Place: ____________",
        ):
            flow.line(sig, "Helvetica", 10)
            flow.blank()
        return
    # author guidelines: sections, example references with DOIs
    sec = [
        (
            "Scope",
            (
                f"{j.get('name', 'The journal')} publishes original research articles, reviews and "
                "research notes."
            ),
        ),
        (
            "Manuscript preparation",
            (
                "Manuscripts should be submitted as Word or LaTeX files, double-spaced, with line "
                "numbers. The title page must list the title, all authors with affiliations, and "
                "the corresponding author's e-mail address. An abstract of no more than 250 words "
                "and up to six keywords are required."
            ),
        ),
        (
            "Structure",
            (
                "Articles should normally be divided into Introduction, Data and methods, "
                "Results, Discussion and Conclusion. Tables and figures are numbered "
                "consecutively and cited in the text."
            ),
        ),
        (
            "References",
            (
                "References follow APA style (7th edition) and must include DOIs where available. "
                "Examples:"
            ),
        ),
    ]
    for head, text in sec:
        flow.blank()
        flow.line(head, font_for(fam, "b", head), 11.5)
        flow.paragraph(text, font_for(fam, "r", text), 10.5, "en")
    examples = [case["record"]] if part.get("example_record") else []
    for r in make_refs(ctx["rng"], 3, examples, 1.0):
        flow.paragraph(r, font_for(fam, "r", r), 9.5, "en", hang=12)
    more = [
        (
            "Ethics and data availability",
            (
                "Authors must state where the data supporting the results can be found, including "
                "persistent identifiers such as DOIs of data sets."
            ),
        ),
        (
            "Open access and fees",
            (
                "The journal publishes under a CC BY 4.0 licence. An article processing charge "
                "applies after acceptance; waivers are available."
            ),
        ),
        (
            "Peer review",
            (
                "All submissions undergo double-blind peer review by at least two reviewers. "
                "Decisions are usually made within eight weeks."
            ),
        ),
    ]
    for head, text in more * part.get("repeat", 1):
        flow.blank()
        flow.line(head, font_for(fam, "b", head), 11.5)
        flow.paragraph(text * 3, font_for(fam, "r", text), 10.5, "en")


THESIS_TEXT = {
    "en": (
        (
            "A thesis submitted in partial fulfilment of the requirements for the degree of "
            "Doctor of Philosophy"
        ),
        "Supervisor",
        "Abstract",
    ),
    "de": (
        "Dissertation zur Erlangung des akademischen Grades Doktor der Philosophie (Dr. phil.)",
        "Betreuer",
        "Zusammenfassung",
    ),
    "tr": ("Doktora Tezi", "Danışman", "Öz"),
    "fr": ("Thèse présentée pour obtenir le grade de Docteur", "Directeur de thèse", "Résumé"),
    "es": ("Tesis doctoral presentada para optar al grado de Doctor", "Director", "Resumen"),
    "ja": ("博士論文", "指導教員", "要旨"),
    "ru": (
        "Диссертация на соискание учёной степени кандидата наук",
        "Научный руководитель",
        "Аннотация",
    ),
}


def part_thesis(doc: DocWriter, case: dict[str, Any], part: dict[str, Any]) -> None:
    ctx = _ctx(case, part)
    lang, fam = ctx["lang"], ctx["family"]
    tt = THESIS_TEXT.get(lang, THESIS_TEXT["en"])
    s = doc.new_page(make_surface(doc, part))
    w, h = doc.size
    uni = part.get("university", "University of Edinburgh")
    s.text(
        (w - s.width(uni, font_for(fam, "b", uni), 14)) / 2,
        h - 120,
        uni,
        font_for(fam, "b", uni),
        14,
    )
    fac = part.get("faculty", "School of Social and Political Science")
    s.text(
        (w - s.width(fac, font_for(fam, "r", fac), 11)) / 2,
        h - 140,
        fac,
        font_for(fam, "r", fac),
        11,
    )
    y = h - 260
    tf = font_for(fam, "b", ctx["title"])
    for ln in wrap(s, ctx["title"], tf, 20, w - 140, lang):
        s.text((w - s.width(ln, tf, 20)) / 2, y, ln, tf, 20)
        y -= 26
    if part.get("subtitle"):
        sf = font_for(fam, "r", part["subtitle"])
        s.text((w - s.width(part["subtitle"], sf, 13)) / 2, y, part["subtitle"], sf, 13)
        y -= 22
    y -= 40
    author = display_name(ctx["authors"][0], lang) if ctx["authors"] else "N. N."
    af = font_for(fam, "r", author)
    s.text((w - s.width(author, af, 14)) / 2, y, author, af, 14)
    y -= 60
    tf2 = font_for(fam, "i", tt[0])
    for ln in wrap(s, tt[0], tf2, 11, w - 160, lang):
        s.text((w - s.width(ln, tf2, 11)) / 2, y, ln, tf2, 11)
        y -= 14
    sup = f"{tt[1]}: {part.get('supervisor', 'Prof. Dr. Helen Carter')}"
    s.text(
        (w - s.width(sup, font_for(fam, "r", sup), 10.5)) / 2,
        y - 20,
        sup,
        font_for(fam, "r", sup),
        10.5,
    )
    place = f"{part.get('place', 'Edinburgh')}, {ctx['year']}"
    s.text(
        (w - s.width(place, font_for(fam, "r", place), 11)) / 2,
        120,
        place,
        font_for(fam, "r", place),
        11,
    )
    if ctx["doi"] and part.get("doi_on_title", True):
        t = f"https://doi.org/{ctx['doi']}"
        s.text((w - s.width(t, "Helvetica", 8)) / 2, 90, t, "Helvetica", 8)
    sub = {
        **part,
        "title_block": False,
        "article_type": None,
        "numbered": True,
        "columns": 1,
        "pages": max(3, int(part.get("pages", 12)) - 1),
        "leading": 15,
        "body_size": 11,
        "first_page": 1,
        "header": "none",
        "doi_at": [],
    }
    _thesis_body(doc, case, sub, ctx, tt)


def _thesis_body(
    doc: DocWriter,
    case: dict[str, Any],
    part: dict[str, Any],
    ctx: dict[str, Any],
    tt: tuple[str, ...],
) -> None:
    lang, fam = ctx["lang"], ctx["family"]
    abst = part.get("abstract_text") or abstract_of(
        {"title": [ctx["title"]], "language": lang}, lang
    )
    # abstract page, then chapters via the article flow without a title block
    flow = Flow(doc, part, lambda s, p: None, cols=1, leading=15)
    s = flow.start()
    s.text(56, doc.size[1] - 90, tt[2], font_for(fam, "b", tt[2]), 16)
    flow.set_columns_from(doc.size[1] - 110)
    flow.paragraph(abst, font_for(fam, "r", abst), 11, lang)
    gen = TextGen(seed_of(case["id"], "thesis-abs"), lang, ctx["title"])
    flow.paragraph(gen.paragraph(4, 6), font_for(fam, "r", abst), 11, lang)
    rest = {**part, "pages": max(2, part["pages"] - 1), "abstract": False}
    part_article(doc, case, rest)


def part_book_of_abstracts(doc: DocWriter, case: dict[str, Any], part: dict[str, Any]) -> None:
    ctx = _ctx(case, part)
    rec = case["record"]
    lang, fam, rng = ctx["lang"], ctx["family"], ctx["rng"]
    s = doc.new_page(make_surface(doc, part))
    w, h = doc.size
    conf = part.get("conference", "12th International Conference on Applied Research")
    cf = font_for("helvetica", "b", conf)
    y = h - 200
    for ln in wrap(s, conf, cf, 22, w - 120):
        s.text(60, y, ln, cf, 22)
        y -= 28
    s.text(60, y - 20, part.get("boa_label", "Book of Abstracts"), "Helvetica", 18)
    s.text(60, y - 50, part.get("venue", "Ljubljana, 14–16 September 2021"), "Helvetica", 12)
    if part.get("boa_doi"):
        s.text(60, 120, f"DOI: {part['boa_doi']}", "Helvetica", 9)
    s.text(
        60,
        100,
        f"ISBN 978-3-{seed_of(case['id']) % 90000 + 10000}-{seed_of(case['id'], 2) % 900 + 100}-4",
        "Helvetica",
        9,
    )
    flow = Flow(
        doc,
        part,
        lambda s2, p: s2.text(w / 2 - 5, 32, str(p + 1), "Times-Roman", 9),
        cols=1,
        leading=12,
    )
    flow.start()
    n = int(part.get("entries", 12))
    at = int(part.get("record_at", 5)) % n
    for i in range(n):
        if i == at:
            title, authors = latex_to_glyphs(rec["title"][0]), rec.get("authors", [])
            text = abstract_of(rec, lang)
        else:
            title = filler_title(rng, lang)
            authors = [filler_author(rng) for _ in range(rng.randint(1, 4))]
            text = TextGen(seed_of(case["id"], "boa", i), lang, title).paragraph(5, 7)
        if flow.slots_here() < 12:
            flow.advance()
        flow.blank()
        flow.paragraph(title, font_for(fam, "b", title), 11.5, lang)
        au = ", ".join(display_name(a, lang) for a in authors)
        flow.paragraph(au, font_for(fam, "i", au), 9.5, lang)
        aff = rng.choice(
            ["University of Leeds", "TU Dresden", "Hacettepe University", "Tartu Ülikool"]
        )
        flow.line(aff, font_for(fam, "r", aff), 8.5, gray=0.3)
        flow.paragraph(text, font_for(fam, "r", text), 10, lang)


PARTS: dict[str, Callable[[DocWriter, dict[str, Any], dict[str, Any]], None]] = {
    "article": part_article,
    "journal_cover": part_journal_cover,
    "masthead": part_masthead,
    "archive_cover": part_archive_cover,
    "toc": part_toc,
    "notice": part_notice,
    "supplement": part_supplement,
    "editorial": part_editorial,
    "form": part_form,
    "thesis": part_thesis,
    "book_of_abstracts": part_book_of_abstracts,
}


# ---------------------------------------------------------------------------------------------
# Build, manifest, check
# ---------------------------------------------------------------------------------------------


def _readable(case: dict[str, Any]) -> bool:
    return all(
        p.get("layer", "text") == "text" and not p.get("font", "").startswith("garble")
        for p in case["parts"]
    )


def render(case: dict[str, Any], path: Path) -> int:
    doc = DocWriter(path, case)
    articles = [p for p in case["parts"] if p["type"] == "article"]
    page = int(case.get("journal", {}).get("first_page", 1))
    for part in case["parts"]:
        if len(articles) > 1 and part["type"] == "article" and "first_page" not in part:
            part = {**part, "first_page": page}
            page += int(part.get("pages", 10))
        PARTS[part["type"]](doc, case, part)
    return doc.finish()


def load_spec(split: str, spec: Path | None = None) -> list[dict[str, Any]]:
    path = spec or HERE / f"spec_{split}.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    journals = data.get("journals", {})
    cases = []
    for case in data["cases"]:
        if isinstance(case.get("journal"), str):
            case = {**case, "journal": journals[case["journal"]]}
        cases.append(case)
    return cases


def build(split: str, out: Path, spec: Path | None = None) -> list[dict[str, Any]]:
    """Render every case of `split` into `out` and write `out/manifest.json`."""
    _register_fonts()
    rl_config.invariant = 1
    out.mkdir(parents=True, exist_ok=True)
    entries = []
    with _garbled_tounicode():
        for case in load_spec(split, spec):
            file = f"{case['id']}.pdf"
            pages = render(case, out / file)
            own = bool(case["own"])
            expect = case["expect"]
            ideal = (
                ("unverifiable" if expect == "unverifiable-ok" else "matched")
                if own
                else ("mismatch" if _readable(case) else "unverifiable")
            )
            entries.append(
                {
                    "id": case["id"],
                    "file": file,
                    "record": case["record"],
                    "own": own,
                    "kind": case["kind"],
                    "version": case.get("version"),
                    "expect": expect,
                    "ideal": ideal,
                    "note": case.get("note", ""),
                    "pages": pages,
                    "split": split,
                }
            )
    (out / "manifest.json").write_text(
        json.dumps(entries, ensure_ascii=False, indent=1), encoding="utf-8"
    )
    return entries


SCRIPTS = {
    "ja": re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]"),
    "zh": re.compile(r"[\u4e00-\u9fff]"),
    "ko": re.compile(r"[\uac00-\ud7af]"),
    "ru": re.compile(r"[\u0400-\u04ff]"),
    "el": re.compile(r"[\u0370-\u03ff]"),
}


def _validate(entries: list[dict[str, Any]], out: Path, split: str) -> list[str]:
    import pypdfium2 as pdfium

    problems = []
    ids = Counter(e["id"] for e in entries)
    problems += [f"duplicate id {i}" for i, n in ids.items() if n > 1]
    samples = 0
    for e in entries:
        if e["kind"] not in KINDS or e["expect"] not in EXPECTS:
            problems.append(f"{e['id']}: bad kind/expect {e['kind']}/{e['expect']}")
        if e["own"] and e["expect"] not in ("matched", "unverifiable-ok"):
            problems.append(f"{e['id']}: own file expects {e['expect']}")
        if not e["own"] and e["expect"] == "matched":
            problems.append(f"{e['id']}: foreign file expects matched")
        if e["pages"] > 20:
            problems.append(f"{e['id']}: {e['pages']} pages")
        pdf = pdfium.PdfDocument(str(out / e["file"]))
        try:
            if len(pdf) != e["pages"]:
                problems.append(f"{e['id']}: {len(pdf)} pages in file, {e['pages']} expected")
            texts = []
            for page in pdf:
                tp = page.get_textpage()
                texts.append(tp.get_text_range())
                tp.close()
            if "scan" in e["note"] and not any(not t.strip() for t in texts):
                problems.append(f"{e['id']}: a scan without an image-only page")
            word = max(e["record"]["title"][0].split(), key=len)
            if "garbled" in e["note"] and any(word in t for t in texts):
                problems.append(f"{e['id']}: garbled layer still contains {word!r}")
            lang = e["record"].get("language")
            if lang in SCRIPTS and "scan" not in e["note"] and "garbled" not in e["note"]:
                tp = pdf[min(len(pdf) - 1, 0)].get_textpage()
                text = tp.get_text_range()
                tp.close()
                hits = len(SCRIPTS[lang].findall(text))
                if hits < 10:
                    problems.append(f"{e['id']}: {lang} text layer has {hits} {lang} characters")
                elif samples < 6:
                    head = text.splitlines()[:25]
                    line = max(head, key=lambda ln: len(SCRIPTS[lang].findall(ln)))
                    print(f"  {split}/{e['id']} [{lang}] {line[:70]}")
                    samples += 1
        finally:
            pdf.close()
    return problems


def _counts(entries: list[dict[str, Any]]) -> None:
    by = Counter(
        (e["split"], e["kind"], "own" if e["own"] else "foreign", e["expect"]) for e in entries
    )
    print(f"{'split':8} {'kind':18} {'own':8} {'expect':16} n")
    for (split, kind, own, expect), n in sorted(by.items()):
        print(f"{split:8} {kind:18} {own:8} {expect:16} {n}")
    for split in sorted({e["split"] for e in entries}):
        es = [e for e in entries if e["split"] == split]
        print(
            f"{split}: {len(es)} cases, {sum(e['own'] for e in es)} own, "
            f"{sum(not e['own'] for e in es)} foreign, {sum(e['pages'] for e in es)} pages"
        )


def check(splits: tuple[str, ...] = ("dev", "heldout")) -> int:
    problems: list[str] = []
    all_entries: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory() as tmp:
        t0 = time.perf_counter()
        for split in splits:
            if not (HERE / f"spec_{split}.json").exists():
                print(f"{split}: no spec yet")
                continue
            t = time.perf_counter()
            entries = build(split, Path(tmp) / split)
            print(f"{split}: built {len(entries)} PDFs in {time.perf_counter() - t:.1f} s")
            all_entries += entries
        build_time = time.perf_counter() - t0
        for split in splits:
            es = [e for e in all_entries if e["split"] == split]
            problems += _validate(es, Path(tmp) / split, split)
    _counts(all_entries)
    print(f"build time (all splits): {build_time:.1f} s")
    for p in problems:
        print("PROBLEM:", p)
    print("ok" if not problems else f"{len(problems)} problems")
    return 1 if problems else 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    ap.add_argument("command", nargs="?", choices=["build", "check"], default="build")
    ap.add_argument("--split", default="dev")
    ap.add_argument("--out", type=Path)
    ap.add_argument("--spec", type=Path)
    args = ap.parse_args(argv)
    if args.command == "check":
        return check()
    if args.out is None:
        ap.error("--out is required")
    t = time.perf_counter()
    entries = build(args.split, args.out, args.spec)
    print(f"{len(entries)} PDFs in {args.out} ({time.perf_counter() - t:.1f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
