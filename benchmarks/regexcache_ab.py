"""`refmanager extract` with and without the compiled-regex cache, runs alternated.

    .venv/bin/python -m benchmarks.regexcache_ab [PDF] [--runs 15]

Both sides keep Python's bytecode (in their own private folder, after one warm-up run);
on the side without the cache its file is removed and nothing is written back
(PYTHONDONTWRITEBYTECODE), so every run compiles refmanager's patterns again, as before
docs/decisions/0016. Prints the fastest and the median wall time of each side.
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


def _run(cmd: list[str], env: dict[str, str]) -> float:
    start = time.perf_counter()
    subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, check=True)
    return time.perf_counter() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "pdf", nargs="?", type=Path, default=SHARED / "bench" / "dev" / "dev06_ieeetr.pdf"
    )
    parser.add_argument("--runs", type=int, default=15)
    args = parser.parse_args()
    cmd = [str(REPO / ".venv" / "bin" / "refmanager"), "extract", str(args.pdf)]
    base = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    with tempfile.TemporaryDirectory() as tmp:
        with_cache = {**base, "PYTHONPYCACHEPREFIX": str(Path(tmp) / "a")}
        without = {**base, "PYTHONPYCACHEPREFIX": str(Path(tmp) / "b")}
        _run(cmd, with_cache)  # bytecode and the pattern cache written
        _run(cmd, without)
        for cache_file in (Path(tmp) / "b").rglob("regexcache.*.marshal"):
            cache_file.unlink()
        without["PYTHONDONTWRITEBYTECODE"] = "1"
        a: list[float] = []
        b: list[float] = []
        for _ in range(args.runs):
            a.append(_run(cmd, with_cache))
            b.append(_run(cmd, without))
    print(f"{args.pdf.name}: {args.runs} runs each, alternated")
    for name, times in (("with the pattern cache", a), ("without (compiled anew)", b)):
        fastest, middle = min(times) * 1000, median(times) * 1000
        print(f"{name:25} fastest {fastest:6.1f} ms, median {middle:6.1f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
