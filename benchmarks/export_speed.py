"""Time the export of N references (default 100,000) to each format, streamed to a file.

Usage: .venv/bin/python benchmarks/export_speed.py [N] [--formats bibtex,ris,...]
Target (issue 4): 100,000 references to BibTeX in under 10 s, peak memory under 500 MB.
The references are synthetic (seeded random words and names, some accented), built before
the clock starts; the export streams to a temporary file. Wall and CPU time are both shown:
on a shared machine the wall time grows with the load, the CPU time much less.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks._util import peak_rss_mb
from refmanager.formats import WRITE_FORMATS, read_file, write_format
from refmanager.model import Date, Name, Reference

_FAMILIES = [
    "Smith", "Wang", "Müller", "García", "Nguyen", "Kowalski", "Dubois", "Rossi", "Tanaka",
    "O'Brien", "Ørsted", "Łukasiewicz", "van der Berg", "Silva", "Ivanov", "Kim", "Patel",
]  # fmt: skip
_GIVEN = ["Anna", "José", "Li", "Mark", "Chloé", "Sven", "Priya", "Ahmed", "Yuki", "Zoë"]
_WORDS = [
    "learning", "deep", "neural", "networks", "graph", "attention", "model", "efficient",
    "scalable", "robust", "analysis", "of", "for", "with", "on", "the", "data", "retrieval",
    "transformer", "protein", "structure", "prediction", "causal", "inference", "optimization",
    "stochastic", "gradient", "bayesian", "estimation", "language", "vision", "3D", "DNA", "&",
    "50%", "results",
]  # fmt: skip
_VENUES = ["Nature", "Journal of Machine Learning Research", "Proceedings of NeurIPS", "Science"]
_TYPES = ["article-journal", "paper-conference", "book", "chapter", "report", "thesis", "article"]


def make_references(count: int, seed: int = 7) -> list[Reference]:
    rng = random.Random(seed)
    refs: list[Reference] = []
    for index in range(count):
        ref = Reference(type=rng.choice(_TYPES), id=f"r{index}")
        ref.author = [
            Name(family=rng.choice(_FAMILIES), given=rng.choice(_GIVEN))
            for _ in range(rng.randint(1, 6))
        ]
        if rng.random() < 0.03:
            ref.author.append(Name(literal="The Consortium for Open Data"))
        ref.issued = Date(rng.randint(1950, 2025))
        words = rng.sample(_WORDS, rng.randint(5, 14))
        ref.set("title", " ".join(words).capitalize())
        ref.set("container-title", rng.choice(_VENUES))
        ref.set("volume", str(rng.randint(1, 300)))
        ref.set("issue", str(rng.randint(1, 12)))
        start = rng.randint(1, 2000)
        ref.set("page", f"{start}-{start + rng.randint(2, 30)}")
        if rng.random() < 0.4:
            ref.set("DOI", f"10.{rng.randint(1000, 9999)}/abc_{index}")
        if ref.type in ("book", "report", "thesis"):
            ref.set("publisher", "Springer")
        refs.append(ref)
    return refs


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("count", nargs="?", type=int, default=100_000)
    parser.add_argument("--formats", default=",".join(WRITE_FORMATS))
    parser.add_argument("--reread", action="store_true", help="also time reading each file")
    parser.add_argument(
        "--through-library",
        action="store_true",
        help="also store the references in a library and time `refmanager export` end to end",
    )
    parser.add_argument(
        "--keep", metavar="DIR", help="with --through-library: build (or reuse) the library in DIR"
    )
    args = parser.parse_args()
    refs = make_references(args.count)
    print(f"{args.count} synthetic references built; peak RSS so far {peak_rss_mb():.0f} MB")
    with tempfile.TemporaryDirectory() as tmp:
        if args.through_library:
            folder = Path(args.keep) if args.keep else Path(tmp) / "lib"
            _through_library(refs, folder, Path(tmp), args.formats.split(","))
        for fmt in args.formats.split(","):
            target = Path(tmp) / f"export.{fmt}"
            start = time.perf_counter()
            cpu = time.process_time()
            with target.open("w", encoding="utf-8") as out:
                chars = write_format(fmt, refs, out)
            seconds = time.perf_counter() - start
            cpu = time.process_time() - cpu
            print(
                f"export {fmt:9s} {args.count} refs: {seconds:6.2f} s wall, {cpu:6.2f} s CPU "
                f"({args.count / seconds:,.0f} refs/s, {chars / 1e6:.1f} M chars), "
                f"peak RSS {peak_rss_mb():.0f} MB"
            )
            if args.reread and fmt != "csv":
                start = time.perf_counter()
                result = read_file(target)
                seconds = time.perf_counter() - start
                print(
                    f"  read back {len(result.references)} refs in {seconds:.2f} s, "
                    f"{len(result.problems)} problems"
                )


def _through_library(refs: list[Reference], folder: Path, tmp: Path, formats: list[str]) -> None:
    from refmanager.library import Library
    from refmanager.service.exchange import export

    if not (folder / "library.sqlite").exists():
        start = time.perf_counter()
        with Library.open(folder) as lib:
            for first in range(0, len(refs), 10_000):
                lib.references.add_references(refs[first : first + 10_000])
        print(f"library of {len(refs)} references stored in {time.perf_counter() - start:.1f} s")
    for fmt in formats:
        target = tmp / f"library-export.{fmt}"
        with Library.open(folder) as lib:
            start = time.perf_counter()
            cpu = time.process_time()
            count = export(lib, fmt, target)
            seconds = time.perf_counter() - start
            cpu = time.process_time() - cpu
        print(
            f"service export {fmt:9s} {count} refs from the library: {seconds:6.2f} s wall, "
            f"{cpu:6.2f} s CPU, peak RSS {peak_rss_mb():.0f} MB"
        )
        if fmt in ("bibtex", "biblatex"):  # one export, one key space
            with target.open(encoding="utf-8") as text:
                keys = [line[line.index("{") + 1 : -2] for line in text if line[:1] == "@"]
            print(f"  {len(keys)} entries, {len({k.lower() for k in keys})} distinct keys")


if __name__ == "__main__":
    main()
