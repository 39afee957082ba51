"""The resolver's CPU: `LandingPageResolver.resolve` over the landing evaluation's pages.

``python bench/resolver_cpu.py [--runs N] [--root DIR]`` builds the sites of
`bench/landing_eval.py` (the pages of ../shared/fixtures/landing, landing-peers and the dev
split, a real PDF behind every link, on a FakeClock; the PDFs are built before the timing) and
prints the process CPU time `resolve` takes over all of them, per run, and the best run. Run
it with ``--root`` pointing at another checkout (a worktree of main) to compare two versions
of the resolver under the same load; runs of one version differ by about 10 % on a busy
machine, so compare the best of several.
"""

from __future__ import annotations

import argparse
import importlib.util
import sys
import time
from pathlib import Path
from typing import Any

import requests

ROOT = Path(__file__).resolve().parents[1]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--root", type=Path, default=ROOT, help="the checkout to measure")
    args = parser.parse_args(argv)
    root = args.root.resolve()
    sys.path.insert(0, str(root))
    spec = importlib.util.spec_from_file_location(
        "landing_eval", root / "bench" / "landing_eval.py"
    )
    assert spec is not None
    assert spec.loader is not None
    bench: Any = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)

    import politeharvest
    from politeharvest import LandingPageResolver, Politeness, PoliteSession
    from politeharvest.fulltext import RecordHints

    assert Path(politeharvest.__file__).resolve().is_relative_to(root), politeharvest.__file__
    sites = []
    for corpus in ("landing", "landing-peers", "dev"):
        for fixture in bench.fixtures(corpus):
            html = fixture["path"].read_text(encoding="utf-8", errors="replace")
            adapter, clock = bench.site(fixture, html)
            sites.append((fixture, adapter, clock, RecordHints.from_row(fixture["record"])))
    runs = []
    for _ in range(args.runs):
        total = 0.0
        for fixture, adapter, clock, hints in sites:
            http = requests.Session()
            http.mount("https://", adapter)
            http.mount("http://", adapter)
            policy = Politeness(https_only=False, user_agent=bench.UA)
            session = PoliteSession(policy, http=http, clock=clock)
            resolver = LandingPageResolver(session, max_probes=bench.MAX_PROBES)
            started = time.process_time()
            resolver.resolve(fixture["url"], hints=hints)
            total += time.process_time() - started
        runs.append(total)
    each = " ".join(f"{r:.2f}" for r in runs)
    print(f"{root}: {len(sites)} pages; resolve CPU per run (s): {each}; best {min(runs):.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
