"""How soon a kept-up-to-date .bib follows a change: commit -> file rewritten.

Usage: .venv/bin/python benchmarks/auto_export_latency.py [N] [--covered M] [--changes K]
A library of N synthetic references (default 10,000), a .bib kept up to date with the M
(default 1,000) of them tagged ``paper``, a :class:`Watcher` on its own thread (as the
window and ``refmanager watch`` run it); another connection changes a title K times
(default 20) and the time until the file holds the new title is measured.
Target (issue 13, item 6): within a second.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks._util import median, percentile
from refmanager.library import Library
from refmanager.model import Reference
from refmanager.service.auto_export import Watcher, keep_updated


def _refs(n: int) -> list[Reference]:
    return [
        Reference.from_csl(
            {
                "type": "article-journal",
                "title": f"A study of topic {i} and its consequences",
                "author": [{"family": f"Author{i % 997}", "given": "A."}],
                "issued": {"date-parts": [[1950 + i % 70]]},
                "container-title": "Journal of Studies",
                "volume": str(i % 50),
                "page": f"{i % 300}-{i % 300 + 12}",
            }
        )
        for i in range(n)
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("n", nargs="?", type=int, default=10_000)
    parser.add_argument("--covered", type=int, default=1_000)
    parser.add_argument("--changes", type=int, default=20)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "lib"
        refs = Path(tmp) / "refs.bib"
        with Library.open(folder) as lib:
            ids = lib.references.add_references(_refs(args.n))
            lib.tags.tag_references(ids[: args.covered], "paper")
            start = time.perf_counter()
            keep_updated(lib, "biblatex", refs, "tag:paper")
            first = time.perf_counter() - start
        watcher = Watcher(folder)
        watcher.start()
        delays: list[float] = []
        try:
            with Library.open(folder) as other:
                for k in range(args.changes):
                    title = f"Changed title number {k}"
                    changed = time.perf_counter()
                    other.references.set_field(ids[k % args.covered], "title", title)
                    while title not in refs.read_text("utf-8"):
                        time.sleep(0.005)
                    delays.append(time.perf_counter() - changed)
        finally:
            watcher.stop()
    print(
        f"{args.n} references, {args.covered} in the kept file; first write {first:.2f} s; "
        f"change -> file rewritten over {len(delays)} changes: median {median(delays):.2f} s, "
        f"p95 {percentile(delays, 95):.2f} s, max {max(delays):.2f} s"
    )


if __name__ == "__main__":
    main()
