"""Wall time of `refmanager extract` on real papers.

    .venv/bin/python -m benchmarks.extract_real [--set ../shared/bench/realdev] [--runs 3]

Runs ``refmanager extract PDF --format csl-json`` (start-up included) for every PDF of
the set ``--runs`` times, and prints per document the median over the runs, then the
median over the documents.

Python's compiled bytecode is kept for the timed runs (in a private folder, after one
untimed warm-up run), as it is for an installed program: with PYTHONDONTWRITEBYTECODE set,
as in some shells here, every run would compile refmanager's sources again first.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from benchmarks._util import REPO, SHARED, median


def _time(pdf: Path, pycache: Path) -> float:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = str(pycache)
    cmd = [str(REPO / ".venv" / "bin" / "refmanager"), "extract", str(pdf), "--format", "csl-json"]
    start = time.perf_counter()
    subprocess.run(cmd, env=env, capture_output=True, check=False)
    return time.perf_counter() - start


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--set", type=Path, default=SHARED / "bench" / "realdev")
    ap.add_argument("--runs", type=int, default=3)
    args = ap.parse_args()
    pdfs = sorted(args.set.glob("*.pdf"))
    if not pdfs:
        print(f"no PDFs in {args.set}", file=sys.stderr)
        return 1
    with tempfile.TemporaryDirectory() as tmp:
        return _report(pdfs, args.runs, Path(tmp) / "pycache")


def _report(pdfs: list[Path], runs: int, pycache: Path) -> int:
    for pdf in pdfs[:1]:
        _time(pdf, pycache)  # warm-up: bytecode and file caches
    print(f"{'document':<28} {'s':>8}")
    medians: list[float] = []
    for pdf in pdfs:
        runs_s = [_time(pdf, pycache) for _ in range(runs)]
        medians.append(median(runs_s))
        print(f"{pdf.stem:<28} {medians[-1]:>8.2f}")
    print(f"{'median':<28} {median(medians):>8.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
