"""The main job as users run it: `politeharvest harvest` against sickle → JSONL, side by side.

A local `oaipmh` 4.x BatchingServer serves N oai_dc records in pages of 500 from a separate
process, rendering every page as it is asked for (the server's own time is part of what a user
waits for). Each client is a fresh process, timed from its start:

* **politeharvest**: `python -m politeharvest harvest URL --out FILE.jsonl --state FILE.sqlite`
  at interval 0 (its SQLite state, fsynced JSONL and checkpoints included);
* **sickle → JSONL**: sickle 0.7 iterating `ListRecords` and writing each record's header and
  metadata as one JSON line (`json.dumps`), the bare loop a user would otherwise write.

Both run from compiled bytecode, as installed packages do: pip compiles a wheel's modules
when it installs them (sickle's were), but an editable checkout under
``PYTHONDONTWRITEBYTECODE=1`` would compile politeharvest's 70-odd modules from source in
every run (0.15-0.2 s here), so the bench compiles them once first (`compileall`).

Runs are interleaved (drift affects both alike); the medians are printed with the ratios:
wall time, CPU time per record (user + system, of the client process alone, from `wait4`),
peak RSS, and the state's bytes per record (the SQLite file and its WAL).

Goals (issue 22): wall <= 1.0x sickle → JSONL at every size; CPU per record <= 0.6x sickle's;
peak RSS <= sickle's + 10 MiB; state <= 60 bytes per record; linear from 10k to 200k.

With ``--startup`` it first prints the CPU time of importing each client and of a run of one
page; after the sizes, the slope's intercept (what a run costs whatever its size) and a page's
CPU time for each. At 10,000 records start-up decides the ratio.

Run: python bench/cli_throughput.py [--sizes 10000,50000,200000] [--repeat 3] [--startup]
"""

from __future__ import annotations

import argparse
import compileall
import multiprocessing as mp
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(HERE))

from oai_throughput import serve  # noqa: E402  (the same server as the pager bench)

UA = "bench/1.0 (mailto:bench@example.org)"

SICKLE = """
import json, sys
from sickle import Sickle
with open(sys.argv[2], "w", encoding="utf-8") as out:
    for record in Sickle(sys.argv[1], max_retries=0).ListRecords(metadataPrefix="oai_dc"):
        header = record.header
        row = {
            "identifier": header.identifier,
            "datestamp": header.datestamp,
            "deleted": header.deleted,
            "sets": list(header.setSpecs),
            "metadata": getattr(record, "metadata", {}) if not header.deleted else {},
        }
        out.write(json.dumps(row, ensure_ascii=False) + "\\n")
"""


def run(argv: list[str], folder: Path) -> dict[str, float]:
    """Run one client process; wall from its start, CPU and peak RSS from wait4."""
    started = time.perf_counter()
    process = subprocess.Popen(argv, cwd=folder, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - started
    process.returncode = os.waitstatus_to_exitcode(status)
    stderr = process.stderr.read().decode() if process.stderr else ""
    if process.returncode != 0:
        raise SystemExit(f"{argv[:4]} failed ({process.returncode}): {stderr[-2000:]}")
    return {"wall": wall, "cpu": usage.ru_utime + usage.ru_stime, "rss_mib": usage.ru_maxrss / 1024}


def politeharvest(url: str, folder: Path) -> dict[str, float]:
    out, state = folder / "ph.jsonl", folder / "ph.sqlite"
    for path in (out, state, Path(f"{state}-wal"), Path(f"{state}-shm")):
        path.unlink(missing_ok=True)
    argv = [
        sys.executable, "-m", "politeharvest", "harvest", url, "--out", str(out),
        "--state", str(state), "--request-interval", "0", "--allow-private-addresses",
        "--user-agent", UA, "--quiet",
    ]  # fmt: skip
    result = run(argv, folder)
    result["records"] = sum(1 for _ in out.open("rb"))
    state_bytes = sum(p.stat().st_size for p in (state, Path(f"{state}-wal")) if p.exists())
    result["state_bytes"] = state_bytes
    return result


def sickle(url: str, folder: Path) -> dict[str, float]:
    out = folder / "sickle.jsonl"
    out.unlink(missing_ok=True)
    result = run([sys.executable, "-c", SICKLE, url, str(out)], folder)
    result["records"] = sum(1 for _ in out.open("rb"))
    return result


def measure(count: int, repeat: int) -> dict[str, dict[str, float]]:
    parent, child = mp.Pipe()
    process = mp.get_context("spawn").Process(
        target=serve, args=(count, child, 500, True), daemon=True
    )
    process.start()
    url = parent.recv()
    runs: dict[str, list[dict[str, float]]] = {"politeharvest": [], "sickle": []}
    try:
        with tempfile.TemporaryDirectory() as name:
            folder = Path(name)
            for _ in range(repeat):
                runs["sickle"].append(sickle(url, folder))
                runs["politeharvest"].append(politeharvest(url, folder))
    finally:
        parent.send("stop")
        process.join()
    summary: dict[str, dict[str, float]] = {}
    for client, results in runs.items():
        row: dict[str, Any] = {
            key: statistics.median(r[key] for r in results) for key in ("wall", "cpu")
        }
        row["rss_mib"] = max(r["rss_mib"] for r in results)
        row["records"] = results[0]["records"]
        if "state_bytes" in results[0]:
            row["state_bytes"] = results[0]["state_bytes"]
        summary[client] = row
    return summary


def startup(repeat: int) -> None:
    """What a run costs before its pages: importing each client, and a run of one page.

    At 10,000 records (20 pages) start-up is a third of the command's CPU time; these lines
    show how much of a size's ratio it decides (the fixed cost is about a one-page run less
    one page's CPU from the sizes' slope).
    """
    clients = {
        "politeharvest": [sys.executable, "-c", "import politeharvest.cli"],
        "sickle": [sys.executable, "-c", "import json; from sickle import Sickle"],
    }
    imports: dict[str, list[float]] = {name: [] for name in clients}
    with tempfile.TemporaryDirectory() as name:
        for _ in range(max(repeat, 5)):
            for client, argv in clients.items():
                imports[client].append(run(argv, Path(name))["cpu"])
    one = measure(500, max(repeat, 5))
    ours, theirs = (statistics.median(imports[c]) * 1e3 for c in clients)
    print(
        f"start-up CPU: import {ours:.0f} ms vs sickle's {theirs:.0f} ms; a run of one page "
        f"(500 records) {one['politeharvest']['cpu'] * 1e3:.0f} ms vs "
        f"{one['sickle']['cpu'] * 1e3:.0f} ms"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--sizes", default="10000,50000,200000")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument(
        "--startup", action="store_true", help="first, the start-up cost of both clients"
    )
    args = parser.parse_args(argv)
    sizes = [int(size) for size in args.sizes.split(",")]
    compileall.compile_dir(ROOT / "politeharvest", quiet=1)  # as pip does at install
    if args.startup:
        startup(args.repeat)
    print(
        f"{'records':>8} | {'politeharvest CLI':>26} | {'sickle -> JSONL':>26} | "
        f"{'wall':>6} {'CPU/rec':>8} {'RSS +MiB':>9} | state B/rec"
    )
    ok = True
    per_record: list[float] = []
    cpus: list[tuple[int, float, float]] = []
    for size in sizes:
        result = measure(size, args.repeat)
        ours, theirs = result["politeharvest"], result["sickle"]
        if ours["records"] != size or theirs["records"] != size:
            print(f"records differ: {ours['records']} / {theirs['records']} of {size}")
            ok = False
        wall = ours["wall"] / theirs["wall"]
        cpu = ours["cpu"] / theirs["cpu"]
        rss = ours["rss_mib"] - theirs["rss_mib"]
        state = ours["state_bytes"] / size
        per_record.append(ours["wall"] / size)
        cpus.append((size, ours["cpu"], theirs["cpu"]))
        print(
            f"{size:>8} | {ours['wall']:6.2f} s {ours['cpu']:6.2f} s CPU {ours['rss_mib']:4.0f} MiB | "
            f"{theirs['wall']:6.2f} s {theirs['cpu']:6.2f} s CPU {theirs['rss_mib']:4.0f} MiB | "
            f"{wall:5.2f}x {cpu:7.2f}x {rss:+8.1f} | {state:7.0f}"
        )
        ok &= wall <= 1.0 and cpu <= 0.6 and rss <= 10 and state <= 60
    if len(per_record) > 1:
        growth = per_record[-1] / per_record[0]
        print(f"wall per record, largest vs smallest size: {growth:.2f}x (linear: about 1.0x)")
        # What one more record costs, start-up left out (the slope from the smallest size
        # to the largest): the figure that counts for a fleet's millions of records.
        (small, ours_small, theirs_small), (large, ours_large, theirs_large) = cpus[0], cpus[-1]
        ours_rec = (ours_large - ours_small) / (large - small) * 1e6
        theirs_rec = (theirs_large - theirs_small) / (large - small) * 1e6
        print(
            f"CPU per further record ({small} -> {large}): {ours_rec:.1f} us vs sickle's "
            f"{theirs_rec:.1f} us: {ours_rec / theirs_rec:.2f}x (informative; the goal is per size)"
        )
        # The rest of the smallest size's CPU is what a run costs whatever its size.
        ours_fixed = (ours_small - small * ours_rec / 1e6) * 1e3
        theirs_fixed = (theirs_small - small * theirs_rec / 1e6) * 1e3
        print(
            f"fixed CPU (the slope's intercept): {ours_fixed:.0f} ms vs sickle's "
            f"{theirs_fixed:.0f} ms; a page of 500: {ours_rec * 0.5:.1f} vs "
            f"{theirs_rec * 0.5:.1f} ms"
        )
    print("goals: wall <= 1.0x, CPU/record <= 0.6x, RSS <= +10 MiB, state <= 60 B/record")
    print("PASS" if ok else "FAIL")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
