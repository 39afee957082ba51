"""Deduplication: precision and recall, speed at 10,000 and 100,000 records, public benchmarks.

    python bench/dedupe.py            # everything (about 2 minutes)
    python bench/dedupe.py --quick    # the generated corpus and DBLP-ACM only

1. The generated corpus (politeharvest.testing.dedupe_corpus): 5,000 records with 500 planted
   duplicate pairs of ten kinds (DOI, case and punctuation, hyphenation, diacritics and
   entities, mojibake, subtitle, typo, authors reordered with initials, authors truncated, year
   missing; 30 % with a second difference) and 300 traps (headings, conference vs journal
   version of another year, part 1 / part 2, one template with two subjects, one title by
   other people). Pairwise precision and recall over the clusters, misses by kind.
2. Speed: records/s of `Deduplicator` (normalisation included) at 10,000 and 100,000
   generated records, and the ratio of the two (1.0 = linear).
3. ../shared/benchmarks/dedup (skipped when absent): `politeharvest clean --dedupe --clusters`
   run on DBLP-ACM and DBLP-Scholar exactly as a user would, scored by the benchmark's own
   score.py (DBLP-Scholar cross-source only, as its README says).
"""

from __future__ import annotations

import argparse
import itertools
import json
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

from politeharvest.quality import Deduplicator
from politeharvest.testing import dedupe_corpus

SHARED = Path(__file__).resolve().parents[2] / "shared" / "benchmarks" / "dedup"


def _pairs(clusters: list[tuple[str, ...]]) -> set[tuple[str, str]]:
    return {(a, b) for members in clusters for a, b in itertools.combinations(sorted(members), 2)}


def generated(n: int = 5000) -> None:
    corpus = dedupe_corpus(n, duplicates=500, traps=300)
    dedup = Deduplicator()
    dedup.extend(corpus.rows)
    predicted = _pairs([c.identifiers for c in dedup.clusters()])
    truth = {tuple(sorted(p)) for p in corpus.pairs}
    traps = {tuple(sorted(p)) for p in corpus.traps}
    tp = len(predicted & truth)
    precision = tp / len(predicted) if predicted else 1.0
    recall = tp / len(truth)
    kinds = {tuple(sorted(k)): v for k, v in corpus.kinds.items()}
    missed = Counter(kinds[p] for p in truth - predicted)
    print(
        f"generated corpus: {len(corpus.rows)} records, {len(truth)} planted pairs, "
        f"{len(traps)} traps"
    )
    print(f"  precision {precision:.4f}  recall {recall:.4f}  (goal >= 0.99 / >= 0.95)")
    print(
        f"  traps merged {len(predicted & traps)}, other wrong pairs "
        f"{len(predicted - truth - traps)}, missed by kind {dict(missed) or 'none'}"
    )


def speed() -> None:
    rates = {}
    for n in (10_000, 100_000):
        corpus = dedupe_corpus(n, duplicates=n // 10, traps=n // 20, seed=11)
        dedup = Deduplicator()
        started = time.perf_counter()
        dedup.extend(corpus.rows)
        clusters = dedup.clusters()
        elapsed = time.perf_counter() - started
        rates[n] = n / elapsed
        print(
            f"speed: {n:>7,} records in {elapsed:6.1f} s = {rates[n]:7,.0f} records/s "
            f"({dedup.compared:,} pairs compared, {len(clusters):,} clusters)"
        )
    print(
        f"  records/s at 100,000 / at 10,000 = {rates[100_000] / rates[10_000]:.2f} (1.0 = linear)"
    )


def public(name: str, data: Path, cross_only: bool) -> None:
    records = data / "records.jsonl"
    if not records.exists():
        records = data / "records.jsonl.gz"
    with tempfile.TemporaryDirectory() as folder:
        source = Path(folder) / "in.jsonl"
        if records.suffix == ".gz":
            import gzip

            source.write_bytes(gzip.decompress(records.read_bytes()))
        else:
            source = records
        clusters = Path(folder) / "clusters.jsonl"
        started = time.perf_counter()
        subprocess.run(
            [
                sys.executable,
                "-m",
                "politeharvest",
                "clean",
                str(source),
                "--out",
                str(Path(folder) / "clean.jsonl"),
                "--dedupe",
                "--clusters",
                str(clusters),
                "--quiet",
            ],
            check=True,
        )
        elapsed = time.perf_counter() - started
        score = [
            sys.executable,
            str(SHARED / "score.py"),
            str(clusters),
            "--data",
            str(data),
            "--json",
        ]
        if cross_only:
            score.append("--cross-source-only")
        result = json.loads(subprocess.run(score, check=True, capture_output=True).stdout)
        main = next(iter(result["results"].values()))["main"]
    scope = "cross-source pairs" if cross_only else "all pairs"
    print(
        f"{name} ({scope}): P {main['precision']:.3f} R {main['recall']:.3f} "
        f"F1 {main['f1']:.3f}  (TP {main['tp']}, FP {main['fp']}, FN {main['fn']}; "
        f"clean --dedupe {elapsed:.1f} s)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    generated()
    if not args.quick:
        speed()
    if not (SHARED / "score.py").exists():
        print(f"public benchmarks: skipped ({SHARED} not found)")
        return
    public("DBLP-ACM", SHARED, cross_only=False)
    print("  goal F1 >= 0.97 with P >= 0.97; plain title-similarity baseline 0.935")
    if not args.quick:
        public("DBLP-Scholar", SHARED / "dblp-scholar", cross_only=True)
        print("  goal F1 >= 0.85; baseline 0.72")


if __name__ == "__main__":
    main()
