"""Trace one page job through the package: which areas it enters, in what order, how often.

``python bench/trace_page_job.py [--fulltext]`` runs `HarvestPlan.run_page` for the second
page of a listing on the FakeClock and a scripted repository (no network), with a profile
hook that sees every Python call, and prints:

- the areas in the order the job enters them (consecutive calls inside one area collapsed);
- for each area, how many separate times the job came into it from another area;
- calls against the layers (from an area into one above it, as callbacks are) by pair.

The layers are those of pyproject.toml's import-linter contract. ``net`` is the floor every
request goes through, so entries into it are counted apart.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from collections import Counter
from pathlib import Path
from types import FrameType
from typing import Any

import requests

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from politeharvest import FullText, HarvestPlan, Politeness  # noqa: E402
from politeharvest.testing import FakeClock, OaiTestRepository, ScriptedAdapter  # noqa: E402

#: Top to bottom, as the contract orders them (one rank per layer).
RANK = {"cli": 0, "plan": 1, "fulltext": 2, "fleet": 2, "audit": 2, "store": 3, "oai": 4,
        "net": 5, "quality": 5, "ground": 6}  # fmt: skip


def area_of(module: str) -> str | None:
    if not module.startswith("politeharvest"):
        return None
    parts = module.split(".")
    if len(parts) > 1 and parts[1] in RANK:
        return parts[1]
    return "ground"


def trace(fulltext: bool) -> tuple[list[str], list[tuple[str, str]]]:
    clock = FakeClock()
    adapter = ScriptedAdapter(clock)
    repository = OaiTestRepository.sample(60, page_size=20, now=clock.now)
    endpoint = "https://repo.example.org/oai"
    adapter.add(endpoint, repository)
    http = requests.Session()
    http.mount("https://", adapter)
    folder = Path(tempfile.mkdtemp(prefix="ph-trace-"))
    plan = HarvestPlan(
        endpoint,
        state=folder / "state.sqlite",
        sink=folder / "out.jsonl",
        http=http,
        clock=clock,
        policy=Politeness(user_agent="trace/1.0 (mailto:trace@example.org)"),
        fulltext=FullText(directory=folder / "files") if fulltext else None,
    )
    cursor = plan.start()
    first = plan.run_page(cursor)  # the first page opens what a run opens
    assert first.next_cursor is not None
    cursor = first.next_cursor
    calls: list[str] = []
    edges: list[tuple[str, str]] = []
    modules: set[str] = set()
    stack: list[str | None] = []

    def hook(frame: FrameType, event: str, arg: Any) -> None:
        if event == "call":
            area = area_of(frame.f_globals.get("__name__", ""))
            caller = next((a for a in reversed(stack) if a is not None), None)
            stack.append(area)
            if area is not None:
                modules.add(frame.f_globals.get("__name__", ""))
                if caller is not None and caller != area:
                    edges.append((caller, area))
                if not calls or calls[-1] != area:
                    calls.append(area)
        elif event == "return" and stack:
            stack.pop()

    sys.setprofile(hook)
    try:
        stack.append("plan")  # run_page is called by the job queue, into plan
        plan.run_page(cursor)
    finally:
        sys.setprofile(None)
    plan.close()
    FILES.update(modules)
    return calls, edges


#: The package modules the traced job ran code in.
FILES: set[str] = set()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--fulltext", action="store_true", help="with full text for each record")
    args = parser.parse_args()
    calls, edges = trace(args.fulltext)
    route: list[str] = []
    for area in calls:
        if area in ("net", "ground"):
            continue
        if not route or route[-1] != area:
            route.append(area)
    entries = Counter(b for _, b in edges)
    upward = Counter((a, b) for a, b in edges if RANK[b] < RANK[a] and b != "ground")
    crossings = [(a, b) for a, b in edges if "ground" not in (a, b)]
    print(f"package modules entered: {len(FILES)}")
    print(
        f"calls across an area boundary (ground left out): {len(crossings)}, of which "
        f"{sum(1 for a, b in crossings if RANK[b] > RANK[a])} down the layers"
    )
    print("entries from another area:", ", ".join(f"{a} {n}" for a, n in entries.most_common()))
    print("calls against the layers:", dict(upward) or "none")
    first = list(dict.fromkeys(route))
    print("areas entered, in order of first entry:", " -> ".join(first))
    print("areas left and entered again:", [a for a in first if route.count(a) > 1] or "none")


if __name__ == "__main__":
    main()
