"""Reading speed in the import worker against pdftotext's on the same files.

    .venv/bin/python -m benchmarks.worker_speed [--set DIR ...] [--runs 3] [--profile N]

What one import worker spends per PDF (``service.importing.read_pdf``: find the list, cut
it, parse every entry, weigh which are references), in CPU seconds inside a running
process (after one warm-up pass, as a worker that has read a first file), against the CPU
that ``pdftotext FILE -`` (poppler; start-up included) spends on the same files. Prints
papers per second per core for both and the ratio (targets of issue 22: >= 10 papers/s
per core, <= 2x pdftotext's CPU). ``--profile N`` prints the N functions that cost most
(cProfile, cumulative) over one pass.
"""

from __future__ import annotations

import argparse
import contextlib
import cProfile
import pstats
import resource
import subprocess
import time
from pathlib import Path

from benchmarks._util import SHARED, median


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def pdftotext_cpu(pdfs: list[Path]) -> float:
    start = _children_cpu()
    for pdf in pdfs:
        subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, check=False)
    return _children_cpu() - start


def worker_cpu(pdfs: list[Path]) -> float:
    from refmanager.model import InputError
    from refmanager.service.importing import read_pdf

    start = time.process_time()
    for pdf in pdfs:
        with contextlib.suppress(InputError):  # a refused file costs what it costs
            read_pdf(pdf)
    return time.process_time() - start


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--set", type=Path, action="append", dest="sets")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--profile", type=int, default=0)
    args = ap.parse_args()
    sets: list[Path] = args.sets or [
        SHARED / "seed",
        SHARED / "bench" / "dev",
        SHARED / "bench" / "realdev",
        SHARED / "bench" / "realdev2",
    ]
    pdfs = sorted(p for s in sets for p in s.rglob("*.pdf"))
    worker_cpu(pdfs)  # warm-up: imports, models, caches
    ours = median([worker_cpu(pdfs) for _ in range(args.runs)])
    theirs = median([pdftotext_cpu(pdfs) for _ in range(args.runs)])
    n = len(pdfs)
    print(f"{n} PDFs ({', '.join(s.name for s in sets)}), median of {args.runs} runs")
    print(f"import worker: {ours:6.2f} CPU s  {n / ours:6.1f} papers/s per core")
    print(f"pdftotext:     {theirs:6.2f} CPU s  {n / theirs:6.1f} papers/s per core")
    print(f"ratio: {ours / theirs:.2f}x pdftotext's CPU")
    if args.profile:
        profile = cProfile.Profile()
        profile.runcall(worker_cpu, pdfs)
        pstats.Stats(profile).sort_stats("cumulative").print_stats(args.profile)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
