"""Landing pages: a handler's function opening a script variable, another stage's report.

Written after landing111 and landing112 (education and technical-report pages, written
outside the project, scored once on 5d29f9d):
- a report server's "원문보기" (view the original) button is ``href="#none"
  onclick="fncOrgView()"``, the function opens ``window.open(orgUrl, ...)`` and ``orgUrl``
  is declared in the page's script: the address was never read. The summary's button
  calls another function opening ``sumUrl``; a function's body ends at its closing brace,
  so the next function's variable is not the first button's;
- an institute's page of its final report ("...(最終報告書)") linked the interim report's
  page, "...(中間報告書)", with a bare "PDF" beside it: read as the record's own title, its
  PDF went first (and was refused by the identity check, a request wasted). The two
  qualifiers name one kind of report at two stages.
The pages are written here; none is copied from a corpus.
"""

from __future__ import annotations

import subprocess
import sys

from politeharvest.fulltext._landing import find_candidates

REPORT = "https://scienceon.example.kr/srch/selectPORSrchReport.do?cn=TRKO202300017452"
ORIGINAL = "https://scienceon.example.kr/commons/util/originalView.do?cn=TRKO202300017452&dbt=TRKO"


def _report_page(script: str) -> str:
    return (
        "<html><head><title>위성 탑재용 X-대역 송신기 열진공 시험 결과 보고서</title>"
        "<meta name='citation_title' content='위성 탑재용 X-대역 송신기 열진공 시험 결과 보고서'>"
        "</head><body><h2>위성 탑재용 X-대역 송신기 열진공 시험 결과 보고서</h2>"
        "<div class='btn_area'><a href='#none' onclick='fncOrgView(); return false;'>원문보기</a>"
        " <a href='#none' onclick='fncSumView(); return false;'>요약문보기</a></div>"
        f"<script>{script}</script></body></html>"
    )


def test_a_handler_s_function_opening_a_declared_variable_gives_its_address() -> None:
    page = _report_page(
        f'var orgUrl = "{ORIGINAL}";\n'
        f'var sumUrl = "{ORIGINAL}&type=summary";\n'
        'function fncOrgView(){ window.open(orgUrl, "orgView", "width=1000"); }\n'
        'function fncSumView(){ window.open(sumUrl, "sumView", "width=1000"); }\n'
    )
    found = find_candidates(page, REPORT).candidates
    assert found, "no candidate"
    assert found[0].url == ORIGINAL
    assert "function fncOrgView" in found[0].evidence
    # (the next function's variable is not the first button's)
    assert all(c.url != f"{ORIGINAL}&type=summary" or "fncOrgView" not in c.evidence for c in found)


def test_an_undeclared_name_gives_no_address() -> None:
    page = _report_page('function fncOrgView(){ window.open(orgUrl, "orgView"); }')
    assert not find_candidates(page, REPORT).candidates


NIER = "https://www.nier.example.jp/05_kenkyu_seika/seika_digest_r05_kyoin.html"


def test_a_link_beside_another_stage_of_the_report_is_not_the_records() -> None:
    page = (
        "<html><head><title>教員の授業研究と職能成長に関する調査研究（最終報告書）｜研究所</title>"
        "</head><body><h2>教員の授業研究と職能成長に関する調査研究（最終報告書）</h2>"
        "<ul class='pdflist'><li><a href='pdf/r05/r050601-gaiyou.pdf'>研究成果の概要</a>"
        "（PDF：0.6MB）</li></ul><h3>関連する研究成果</h3><ul><li>"
        "<a href='seika_digest_r04_kyoin.html'>教員の授業研究と職能成長に関する調査研究"
        "（中間報告書）</a>（<a href='pdf/r04/r040701-00.pdf'>PDF</a>）</li></ul></body></html>"
    )
    found = find_candidates(page, NIER).candidates
    assert all("r040701" not in c.url for c in found), [c.url for c in found]


def test_a_link_beside_the_records_own_title_is_still_the_records() -> None:
    page = (
        "<html><head><title>Teacher lesson study and professional growth (Final report)"
        "</title></head><body><h2>Teacher lesson study and professional growth (Final report)"
        "</h2><ul><li><a href='final.html'>Teacher lesson study and professional growth "
        "(Final report)</a> (<a href='pdf/r050601-00.pdf'>PDF</a>)</li></ul></body></html>"
    )
    found = find_candidates(page, NIER).candidates
    assert found and found[0].url.endswith("r050601-00.pdf")


_HOSTILE = """
import time, tracemalloc
from politeharvest.fulltext._landing import find_candidates
buttons = "".join(f"<p><a href='#none' onclick='f{i % 20}()'>원문보기</a></p>" for i in range(600))
names = "\\n".join(f'var u{i} = "https://r.example.org/file/{i}.pdf";' for i in range(4000))
reads = "+".join(f"u{j}" for j in range(200))
functions = "\\n".join("function f%d(){ window.open(%s); }" % (i, reads) for i in range(20))
page = f"<html><head><title>T</title></head><body><h1>T</h1>{buttons}<script>{names}\\n{functions}</script></body></html>"
tracemalloc.start()
started = time.process_time()
found = find_candidates(page, "https://r.example.org/rec/1")
print(time.process_time() - started, tracemalloc.get_traced_memory()[1], len(found.candidates))
"""


def test_handlers_reading_hundreds_of_variables_are_read_in_bounded_time() -> None:
    """600 buttons each calling a function that reads 200 declared addresses: before the
    review each button gave all 200 (120,000 links weighed, minutes); a function reading
    more than two addresses builds something else, and gives none."""
    done = subprocess.run(
        [sys.executable, "-c", _HOSTILE], capture_output=True, text=True, timeout=120, check=True
    )
    seconds, peak, count = done.stdout.split()
    assert float(seconds) < 10.0
    assert int(peak) < 300 * 2**20
    assert int(count) == 0
