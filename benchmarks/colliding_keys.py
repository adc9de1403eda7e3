"""Time the first export of N references whose citation keys all collide (issue 26).

Usage: .venv/bin/python benchmarks/colliding_keys.py [N ...]   (default 2000 4000 20000)

Every reference is "Smith 2020, Same": each needs a suffix (``smith2020samea``, ...). The
first export stores every key; before issue 26 each key tried each suffix with a query of
its own (2,000 took 30 s, 4,000 took 119 s, 20,000 over 6 minutes). Wall and CPU time.
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from refmanager.library import Library
from refmanager.model import Date, Name, Reference
from refmanager.service.exchange import export


def _same(n: int) -> list[Reference]:
    refs = []
    for _ in range(n):
        ref = Reference(type="article-journal", issued=Date(2020))
        ref.author = [Name(family="Smith", given="A.")]
        ref.set("title", "Same")
        refs.append(ref)
    return refs


def main(argv: list[str]) -> int:
    sizes = [int(a) for a in argv] or [2000, 4000, 20000]
    for n in sizes:
        with tempfile.TemporaryDirectory() as tmp:
            lib = Library.open(Path(tmp) / "lib")
            try:
                lib.references.add_references(_same(n))
                wall, cpu = time.perf_counter(), time.process_time()
                written = export(lib, "bibtex", Path(tmp) / "out.bib")
                wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
            finally:
                lib.close()
        print(
            f"{n:>7,} colliding references: first export {wall:6.2f} s wall, {cpu:6.2f} s CPU"
            f" ({written:,} written)"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
