"""CPU time of reading one PDF's bibliography inside a running process (no start-up).

    .venv/bin/python -m benchmarks.extract_cpu [--set DIR ...] [--runs 3] [--no-parse]

What an import worker or the window spends per document: ``service.extract.extract_pdf``
is called for every PDF of each set (default: ../shared/bench/dev and realdev), once to
warm up and then ``--runs`` times; the median CPU time (``time.process_time``) of the runs
is printed per document, with the pypdf font probes among it (calls and codes), then the
median and total per set. CPU time, unlike wall time, stays comparable on a machine
shared with other work.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from benchmarks._util import SHARED, median


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument(
        "--set",
        type=Path,
        action="append",
        dest="sets",
        help="a folder of PDFs (repeatable; default: the dev and realdev sets)",
    )
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--no-parse", action="store_true", help="find the entries only")
    args = ap.parse_args()
    sets: list[Path] = args.sets or [SHARED / "bench" / "dev", SHARED / "bench" / "realdev"]

    from refmanager.pdf import fonts
    from refmanager.service.extract import extract_pdf

    probes = {"calls": 0, "codes": 0}
    probe = fonts._probe

    def counting(page: Any, groups: Sequence[tuple[Any, list[bytes]]]) -> list[str]:
        probes["calls"] += 1
        probes["codes"] += sum(len(codes) for _, codes in groups)
        return probe(page, groups)

    fonts._probe = counting  # counted, not changed: the benchmark's own instrument
    for folder in sets:
        pdfs = sorted(folder.glob("*.pdf"))
        if not pdfs:
            print(f"no PDFs in {folder}", file=sys.stderr)
            return 1
        print(f"{folder.name}: {'document':<26} {'cpu ms':>8} {'probes':>7} {'codes':>6}")
        per_doc: list[float] = []
        for pdf in pdfs:
            extract_pdf(pdf, parse=not args.no_parse)  # warm-up: models, caches
            runs: list[float] = []
            for _ in range(args.runs):
                probes["calls"] = probes["codes"] = 0
                start = time.process_time()
                extract_pdf(pdf, parse=not args.no_parse)
                runs.append(time.process_time() - start)
            per_doc.append(median(runs))
            print(
                f"  {pdf.stem:<32} {1000 * per_doc[-1]:>8.1f}"
                f" {probes['calls']:>7} {probes['codes']:>6}"
            )
        print(
            f"  {'median':<32} {1000 * median(per_doc):>8.1f}   total {1000 * sum(per_doc):.0f} ms"
            f" over {len(per_doc)} documents"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
