"""Identity check: verdicts and time per PDF on a generated corpus of 20-page PDFs.

For 300 records it builds four kinds of file: the record's own PDF (title, authors,
DOI on page one, in English, Turkish or German, with diacritics folded away by the
PDF's Latin-1 font as real files often do), a neighbour's PDF (another record of the
same journal: a title of the same words in another order, other authors and DOI),
a scanned PDF (no text layer) and the record's own PDF whose DOI is missing. Each
has 20 pages. It prints the confusion table (expected vs verdict), how many files
would be stored wrongly, and the time per PDF of `pdf_text` + `decide`.

Goals: no neighbour "matched"; every own file "matched" or "unverifiable"; under
50 ms per PDF of 20 pages.

Run: python bench/identity_eval.py
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from collections import Counter

# Turkish and German names and titles on purpose.
# ruff: noqa: RUF001
from politeharvest._identity import RecordHints, decide, pdf_text
from politeharvest.testing import text_pdf

TOPICS = [
    (
        "Drought and soil moisture in {}",
        "Kuraklık ve toprak nemi: {}",
        "Dürre und Bodenfeuchte in {}",
    ),
    ("Coastal erosion along {}", "{} kıyılarında erozyon", "Küstenerosion an der {}"),
    ("Wheat yield under irrigation in {}", "{} sulu tarımda buğday verimi", "Weizenertrag in {}"),
    ("Groundwater nitrate in {}", "{} yeraltı suyunda nitrat", "Nitrat im Grundwasser von {}"),
]
PLACES = ["Anatolia", "Thrace", "Bavaria", "Saxony", "the Baltic", "Konya", "Izmir", "Brandenburg"]
NAMES = ["Yılmaz", "Kaya", "Demir", "Şahin", "Müller", "Schäfer", "Öztürk", "Weiß", "Çelik", "Groß"]
FILLER = (
    "The measurements were taken at fixed stations and compared with regional model output; "
    "differences are discussed with respect to land use, soil texture and rainfall timing. "
)


def record(i: int, rng: random.Random) -> dict[str, object]:
    topic = TOPICS[i % len(TOPICS)][i % 3]
    place = PLACES[(i * 5) % len(PLACES)]
    return {
        "title": topic.format(place) + f" ({i})",
        "authors": rng.sample(NAMES, 2),
        "doi": f"10.5555/jrnl.{i:05d}",
        "year": str(2000 + i % 25),
    }


def pdf_for(rec: dict[str, object], *, doi: bool = True, scanned: bool = False) -> bytes:
    if scanned:
        return text_pdf(*([" "] for _ in range(20)))
    first = [str(rec["title"]), ", ".join(rec["authors"]), str(rec["year"])]  # type: ignore[arg-type]
    if doi:
        first.append(f"https://doi.org/{rec['doi']}")
    first += ["Abstract. " + FILLER[:80], FILLER[80:160]]
    return text_pdf(first, extra_pages=19)


def main() -> int:
    rng = random.Random(11)
    records = [record(i, rng) for i in range(300)]
    confusion: Counter[tuple[str, str]] = Counter()
    times = []
    for i, rec in enumerate(records):
        hints = RecordHints(
            titles=(str(rec["title"]),),
            doi=str(rec["doi"]),
            surnames=tuple(n.lower() for n in rec["authors"]),  # type: ignore[attr-defined]
            year=str(rec["year"]),
        )
        neighbour = records[(i + 37) % len(records)]
        cases = {
            "own": pdf_for(rec),
            "own, no DOI": pdf_for(rec, doi=False),
            "neighbour": pdf_for(neighbour),
            "scanned": pdf_for(rec, scanned=True),
        }
        for expected, data in cases.items():
            started = time.perf_counter()
            verdict = decide(hints, pdf_text(data)).verdict
            times.append(time.perf_counter() - started)
            confusion[(expected, verdict)] += 1
    print(f"{'file':<14}{'matched':>9}{'mismatch':>10}{'unverifiable':>14}")
    for expected in ("own", "own, no DOI", "neighbour", "scanned"):
        print(
            f"{expected:<14}"
            + "".join(
                f"{confusion[(expected, v)]:>{w}}"
                for v, w in (("matched", 9), ("mismatch", 10), ("unverifiable", 14))
            )
        )
    wrong = confusion[("neighbour", "matched")] + confusion[("neighbour", "unverifiable")]
    lost = confusion[("own", "mismatch")] + confusion[("own, no DOI", "mismatch")]
    per_pdf = statistics.median(times) * 1000
    worst = max(times) * 1000
    print(f"\nneighbours not refused: {wrong} (stored only from strong evidence when unverifiable)")
    print(f"own files refused as another's: {lost}")
    print(f"identity check per 20-page PDF: median {per_pdf:.1f} ms, max {worst:.1f} ms")
    ok = confusion[("neighbour", "matched")] == 0 and lost == 0 and per_pdf < 50
    print("PASS" if ok else "FAIL")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
