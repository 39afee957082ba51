"""Identity check: false accepts, false refusals, wrong kinds and time per PDF, on three corpora.

1. The generated corpus (``pdf_corpus.py`` with ``spec_dev.json`` and ``spec_heldout.json``):
   each case a record and a PDF that is its own file (layouts, languages, covers, broken text
   layers) or a foreign document that mentions it (a list of contents, a supplement, an
   erratum, a sibling, ...). The generator's folder is ``--corpus DIR``, or ``PH_PDF_CORPUS``,
   or ``bench/pdf_corpus/``; a split whose spec is absent is skipped. The dev split is scored
   by default, the held-out split only with ``--heldout`` (score it once, at the end).
2. ``../shared/fixtures/pdf-peers`` (real PDFs from other projects' test suites): each PDF
   against its own record, and against the most similar other record (any kind, and the same
   kind). Skipped when absent.

For every corpus it prints: own files accepted (``matched``), refused (``mismatch``: a false
refusal) or left ``unverifiable``; foreign files accepted (a false accept), refused, or left
``unverifiable`` (stored when the link was strong); wrong kinds; and the median and worst time
per PDF of `check_identity` (CPU time: on a shared machine wall time measures the
neighbours). Every wrong verdict is listed with its evidence (``-v``: all).

Goals: 0 foreign files accepted; at most 2 own files refused per corpus; median ≤ 50 ms.

Run: python bench/identity_eval.py [--heldout] [--corpus DIR] [--peers DIR] [-v]
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import statistics
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

from politeharvest.fulltext import Identity, RecordHints, check_identity

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_CORPUS = ROOT / "bench" / "pdf_corpus"
DEFAULT_PEERS = ROOT.parent / "shared" / "fixtures" / "pdf-peers"

#: The corpus's kinds in `Identity.kind`'s words.
KIND_OF = {"frontmatter": "editorial", "book-of-abstracts": "compilation"}


class Tally:
    """Counts for one corpus."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.counts: Counter[tuple[str, str]] = Counter()
        self.wrong_kind = 0
        self.kinds_checked = 0
        self.times: list[float] = []
        self.long_times: list[float] = []  # PDFs of 18 pages or more
        self.notes: list[str] = []

    def add(
        self,
        own: bool,
        identity: Identity,
        seconds: float,
        label: str,
        *,
        kind: str | None = None,
        expect_unverifiable: bool = False,
        verbose: bool = False,
        pages: int = 0,
    ) -> None:
        side = "own" if own else "foreign"
        self.counts[(side, identity.verdict)] += 1
        self.times.append(seconds)
        if pages >= 18:
            self.long_times.append(seconds)
        wrong = (own and identity.verdict == "mismatch") or (
            not own and identity.verdict == "matched"
        )
        missed = own and identity.verdict == "unverifiable" and not expect_unverifiable
        loose = not own and identity.verdict == "unverifiable"
        if kind is not None and identity.kind is not None:
            self.kinds_checked += 1
            if KIND_OF.get(kind, kind) != identity.kind:
                self.wrong_kind += 1
                self.notes.append(f"  kind {identity.kind} for a {kind}: {label}")
        if wrong or verbose or missed or loose:
            mark = "WRONG" if wrong else "unverifiable" if (missed or loose) else "ok"
            self.notes.append(
                f"  {mark:<12} {side:<7} {identity.verdict:<12} {label}: {identity.evidence[:140]}"
            )

    def report(self) -> bool:
        c = self.counts
        own = sum(v for (s, _), v in c.items() if s == "own")
        foreign = sum(v for (s, _), v in c.items() if s == "foreign")
        print(f"\n== {self.name}: {own} own files, {foreign} foreign")
        print(
            f"own      matched {c[('own', 'matched')]:>3}  refused (false) "
            f"{c[('own', 'mismatch')]:>3}  unverifiable {c[('own', 'unverifiable')]:>3}"
        )
        print(
            f"foreign  accepted (false) {c[('foreign', 'matched')]:>3}  refused "
            f"{c[('foreign', 'mismatch')]:>3}  unverifiable {c[('foreign', 'unverifiable')]:>3}"
        )
        if self.kinds_checked:
            print(f"wrong kind labels: {self.wrong_kind} of {self.kinds_checked}")
        if self.times:
            median = statistics.median(self.times) * 1000
            print(f"CPU time per PDF: median {median:.1f} ms, max {max(self.times) * 1000:.1f} ms")
        if self.long_times:
            long_median = statistics.median(self.long_times) * 1000
            print(f"  of {len(self.long_times)} PDFs of 18+ pages: median {long_median:.1f} ms")
        for note in self.notes:
            print(note)
        return c[("foreign", "matched")] == 0 and c[("own", "mismatch")] <= 2


def _timed(data: bytes, record: Any) -> tuple[Identity, float]:
    """The verdict and the CPU time it took (wall time on a shared machine measures the others)."""
    started = time.process_time()
    identity = check_identity(data, record)
    return identity, time.process_time() - started


def load_generator(folder: Path) -> Any | None:
    """The corpus generator module in `folder`, or None when it is not there."""
    module_path = folder / "pdf_corpus.py"
    if not module_path.is_file():
        return None
    spec = importlib.util.spec_from_file_location("pdf_corpus", module_path)
    if spec is None or spec.loader is None:
        return None
    module = importlib.util.module_from_spec(spec)
    sys.modules["pdf_corpus"] = module
    spec.loader.exec_module(module)
    return module


def generated(folder: Path, split: str, verbose: bool) -> Tally | None:
    """Build one split of the generated corpus in a temporary folder and score it."""
    if not (folder / f"spec_{split}.json").is_file():
        print(f"(skipped the {split} split: no {folder / f'spec_{split}.json'})")
        return None
    generator = load_generator(folder)
    if generator is None:
        print(f"(skipped the {split} split: no generator in {folder})")
        return None
    tally = Tally(f"generated corpus, {split} split")
    with tempfile.TemporaryDirectory() as out:
        entries = generator.build(split, Path(out))
        for entry in entries:
            data = (Path(out) / entry["file"]).read_bytes()
            identity, seconds = _timed(data, RecordHints.from_row(entry["record"]))
            label = f"{entry['id']} ({entry['kind']}; {entry.get('note', '')[:60]})"
            tally.add(
                bool(entry["own"]),
                identity,
                seconds,
                label,
                kind=entry["kind"],
                expect_unverifiable=entry.get("expect") == "unverifiable-ok",
                verbose=verbose,
                pages=int(entry.get("pages") or 0),
            )
    return tally


def _peer_row(entry: dict[str, Any]) -> dict[str, Any]:
    return {
        "title": [entry["title"], *entry.get("title_translations", [])],
        "authors": entry["authors"],
        "doi": entry["doi"],
        "year": entry["year"],
    }


def peers(folder: Path, verbose: bool) -> Tally | None:
    """Score ../shared/fixtures/pdf-peers: own records and the most similar other records."""
    if not (folder / "expected.json").is_file():
        print(f"(skipped pdf-peers: no {folder / 'expected.json'})")
        return None
    expected = {e["file"]: e for e in json.loads((folder / "expected.json").read_text())}
    pairs = {p["file"]: p for p in json.loads((folder / "foreign-pairs.json").read_text())}
    tally = Tally("pdf-peers (own records; most similar records, any kind and same kind)")
    for name, entry in expected.items():
        data = (folder / name).read_bytes()
        identity, seconds = _timed(data, _peer_row(entry))
        scan = "scan" in entry.get("note", "") and "image-only" in entry.get("note", "")
        pages = int(entry.get("pages") or 0)
        tally.add(
            True, identity, seconds, name, expect_unverifiable=scan, verbose=verbose, pages=pages
        )
        seen = set()
        for column in ("most_similar", "most_similar_same_kind"):
            other = (pairs.get(name) or {}).get(column)
            if not other or other["file"] in seen:
                continue
            seen.add(other["file"])
            identity, seconds = _timed(data, _peer_row(expected[other["file"]]))
            label = f"{name} vs {other['file']}"
            tally.add(False, identity, seconds, label, verbose=verbose, pages=pages)
    return tally


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", type=Path, default=None, help="the generator's folder")
    parser.add_argument("--heldout", action="store_true", help="score the held-out split too")
    parser.add_argument("--peers", type=Path, default=DEFAULT_PEERS)
    parser.add_argument("-v", "--verbose", action="store_true", help="list every verdict")
    args = parser.parse_args(argv)
    corpus = args.corpus or Path(os.environ.get("PH_PDF_CORPUS") or DEFAULT_CORPUS)
    tallies = [generated(corpus, "dev", args.verbose)]
    if args.heldout:
        tallies.append(generated(corpus, "heldout", args.verbose))
    tallies.append(peers(args.peers, args.verbose))
    results = [t.report() for t in tallies if t is not None]
    times = [s for t in tallies if t is not None for s in t.times]
    if times:
        print(f"\nall PDFs: median {statistics.median(times) * 1000:.1f} ms CPU time per PDF")
    ok = all(results) and bool(times) and statistics.median(times) <= 0.050
    print("PASS" if ok else "FAIL")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
