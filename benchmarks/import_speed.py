"""Import at scale through the CLI: generated CSL-JSON and BibTeX files, `refmanager import`.

    nice .venv/bin/python benchmarks/import_speed.py                  # 1M CSL-JSON, 100k BibTeX
    nice .venv/bin/python benchmarks/import_speed.py --csl 200000 --bib 0
    nice .venv/bin/python benchmarks/import_speed.py --refmanager /other/venv/bin/refmanager

Each import runs `refmanager import FILE --quiet --library NEW_FOLDER` in a child process;
printed: wall time, references per second, the child's peak RSS and CPU time (user + system;
on a machine shared with other jobs the wall time also counts waiting for a core). Then
fielded-search latency on the CSL-JSON library (p50 and p95 over varied queries, each a
fresh `lib.search.search` page of 100 rows in this process, the way the window asks).

Targets (issue 11, 2-core machine): 200,000 CSL-JSON <= 30 s; 1,000,000 <= 90 s with peak
RSS <= 500 MB; 100,000 BibTeX <= 20 s; fielded search p50 <= 30 ms on the 1M library.

The data is synthetic and deterministic: pseudo-word titles, Zipf-distributed authors, and
works cited many times over (the same DOI, or the same title and year), so that work
linking has real work to do. Generated files are kept under /work/corpus-cache/import-bench
(or --cache) and reused.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks._util import median, percentile

_SYLLABLE_TEXT = (
    "ba be bi bo bu da de di do du fa fe fi fo ga ge gi go ka ke ki ko ku la le li lo lu ma "
    "me mi mo mu na ne ni no nu pa pe pi po ra re ri ro ru sa se si so ta te ti to tu va ve "
    "vi za zo zhang wang chen liu yang tion ment ing er al ic ous ive net form learn graph"
)
_SYLLABLES = tuple(_SYLLABLE_TEXT.split())
_TYPES = ("article-journal", "paper-conference", "book", "chapter", "report", "thesis")
_BIB_TYPES = {
    "article-journal": "article",
    "paper-conference": "inproceedings",
    "book": "book",
    "chapter": "incollection",
    "report": "techreport",
    "thesis": "phdthesis",
}
DEFAULT_CACHE = Path("/work/corpus-cache/import-bench")


class Gen:
    """Deterministic synthetic items: ``n_works`` distinct works, cited Zipf-wise."""

    def __init__(self, seed: int, n_works: int) -> None:
        rng = random.Random(seed)
        self.rng = rng
        self.n_works = n_works
        self.seed = seed
        self.words = sorted({self._word(rng, rng.randint(2, 4)) for _ in range(6000)})
        self.families = sorted({self._word(rng, rng.randint(2, 3)).title() for _ in range(25000)})
        self.givens = sorted({self._word(rng, rng.randint(1, 3)).title() for _ in range(3000)})
        self.venues = [
            " ".join(w.title() for w in rng.sample(self.words, rng.randint(2, 5)))
            for _ in range(2000)
        ]

    @staticmethod
    def _word(rng: random.Random, n: int) -> str:
        return "".join(rng.choice(_SYLLABLES) for _ in range(n))

    def work(self, index: int) -> dict[str, object]:
        rng = random.Random(self.seed * 1_000_003 + index)
        authors = [
            {
                "family": self.families[int(len(self.families) * rng.random() ** 3)],
                "given": rng.choice(self.givens),
            }
            for _ in range(rng.choice((1, 2, 2, 3, 3, 4, 5, 6)))
        ]
        item: dict[str, object] = {
            "type": rng.choices(_TYPES, weights=(50, 30, 6, 6, 4, 4))[0],
            "title": " ".join(rng.choice(self.words) for _ in range(rng.randint(5, 14))).title(),
            "author": authors,
            "container-title": self.venues[int(len(self.venues) * rng.random() ** 2)],
            "issued": {"date-parts": [[min(2025, int(2025 - abs(rng.gauss(0, 12))))]]},
            "volume": str(rng.randint(1, 80)),
            "page": f"{(p := rng.randint(1, 900))}-{p + rng.randint(3, 30)}",
        }
        if rng.random() < 0.6:
            item["DOI"] = f"10.{rng.randint(1000, 9999)}/{index:x}.{rng.randint(100, 999)}"
        return item

    def item(self, n: int) -> dict[str, object]:
        """The n-th item of a file: a work drawn Zipf-wise (popular works recur)."""
        index = int(self.n_works * self.rng.random() ** 2)
        item = self.work(index)
        item["id"] = f"item{n}"
        return item


def write_csl(path: Path, count: int) -> None:
    gen = Gen(11, max(1, count // 2))
    tmp = path.with_suffix(".part")
    with tmp.open("w", encoding="utf-8") as out:
        out.write("[\n")
        for n in range(count):
            out.write(("," if n else "") + json.dumps(gen.item(n), ensure_ascii=False) + "\n")
        out.write("]\n")
    tmp.replace(path)


def _bib_names(names: object) -> str:
    assert isinstance(names, list)
    return " and ".join(f"{a['family']}, {a['given']}" for a in names)


def write_bib(path: Path, count: int) -> None:
    gen = Gen(13, max(1, count // 2))
    tmp = path.with_suffix(".part")
    with tmp.open("w", encoding="utf-8") as out:
        for n in range(count):
            item = gen.item(n)
            issued = item["issued"]
            assert isinstance(issued, dict)
            fields = {
                "author": _bib_names(item["author"]),
                "title": item["title"],
                "journal": item["container-title"],
                "year": issued["date-parts"][0][0],
                "volume": item["volume"],
                "pages": str(item["page"]).replace("-", "--"),
            }
            if "DOI" in item:
                fields["doi"] = item["DOI"]
            body = ",\n".join(f"  {k} = {{{v}}}" for k, v in fields.items())
            out.write(f"@{_BIB_TYPES[str(item['type'])]}{{key{n},\n{body}\n}}\n\n")
    tmp.replace(path)


def dataset(cache: Path, kind: str, count: int) -> Path:
    cache.mkdir(parents=True, exist_ok=True)
    path = cache / f"{kind}-{count}.{'json' if kind == 'csl' else 'bib'}"
    if not path.exists():
        start = time.perf_counter()
        (write_csl if kind == "csl" else write_bib)(path, count)
        size = path.stat().st_size / 1e6
        print(f"  generated {path} ({size:.0f} MB) in {time.perf_counter() - start:.1f} s")
    return path


def run_import(refmanager: str, data: Path, folder: Path, count: int) -> None:
    """One `refmanager import` in a child; its time, rate and peak RSS printed."""
    start = time.perf_counter()
    with tempfile.TemporaryFile("w+") as out, tempfile.TemporaryFile("w+") as err:
        proc = subprocess.Popen(
            [refmanager, "import", str(data), "--quiet", "--library", str(folder)],
            stdout=out,
            stderr=err,
            text=True,
        )
        _, status, usage = os.wait4(proc.pid, 0)
        elapsed = time.perf_counter() - start
        proc.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        stdout, stderr = out.read(), err.read()
    last = (stdout.strip().splitlines() or [""])[-1]
    cpu = usage.ru_utime + usage.ru_stime
    print(
        f"  {data.name}: {elapsed:.1f} s, {count / elapsed:,.0f} references/s, "
        f"peak RSS {usage.ru_maxrss / 1024:.0f} MB, exit {proc.returncode} "
        f"(CPU {cpu:.1f} s: on a shared machine, wall time minus waiting for a core)"
    )
    print(f"    last line: {last}")
    if proc.returncode not in (0, 1):
        print(stderr[-2000:])


QUERIES = (
    "author:{family}",
    "author:{family} year:>=2010",
    "title:{word}",
    "title:{word} year:2015..2020",
    "venue:{venue}",
    "{word} {word2}",
    "type:book author:{family}",
    "year:{year}",
)


def search_latency(folder: Path, rounds: int = 100) -> None:
    from refmanager.library import Library

    gen = Gen(11, 1000)
    rng = random.Random(5)
    times: list[float] = []
    with Library.open(folder, create=False) as lib:
        lib.search.search("title:warmup", limit=100)
        for n in range(rounds):
            query = QUERIES[n % len(QUERIES)].format(
                family=rng.choice(gen.families[:2000]),
                word=rng.choice(gen.words),
                word2=rng.choice(gen.words),
                venue=rng.choice(gen.venues).split()[0],
                year=rng.randint(1990, 2024),
            )
            start = time.perf_counter()
            lib.search.search(query, order_by="year", limit=100)
            times.append((time.perf_counter() - start) * 1000)
        total = lib.search.count()
    print(
        f"  fielded search over {total:,} references ({rounds} queries, page of 100 by year): "
        f"p50 {median(times):.1f} ms, p95 {percentile(times, 95):.1f} ms"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--csl", type=int, default=1_000_000, help="CSL-JSON references")
    parser.add_argument("--bib", type=int, default=100_000, help="BibTeX entries")
    parser.add_argument("--cache", type=Path, default=DEFAULT_CACHE)
    parser.add_argument(
        "--refmanager",
        default=str(Path(sys.executable).parent / "refmanager"),
        help="the refmanager command to time (default: this venv's)",
    )
    parser.add_argument("--keep", type=Path, help="keep the libraries under this folder")
    parser.add_argument("--no-search", action="store_true")
    args = parser.parse_args()
    root = args.keep or Path(tempfile.mkdtemp(prefix="import-bench-"))
    print(f"refmanager: {args.refmanager}; {os.cpu_count()} cores")
    try:
        if args.csl:
            data = dataset(args.cache, "csl", args.csl)
            folder = root / f"csl-{args.csl}"
            shutil.rmtree(folder, ignore_errors=True)
            run_import(args.refmanager, data, folder, args.csl)
            if not args.no_search:
                search_latency(folder)
        if args.bib:
            data = dataset(args.cache, "bib", args.bib)
            folder = root / f"bib-{args.bib}"
            shutil.rmtree(folder, ignore_errors=True)
            run_import(args.refmanager, data, folder, args.bib)
    finally:
        if args.keep is None:
            shutil.rmtree(root, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
