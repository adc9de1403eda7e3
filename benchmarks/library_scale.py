"""Library at scale: generate N references over N/33 documents, then time what users do.

    .venv/bin/python benchmarks/library_scale.py            # 1,000,000 references (minutes)
    .venv/bin/python benchmarks/library_scale.py --n 50000  # a quick run

Targets (issue 4, on a 2-core machine): open + first page < 1 s; fielded search median
< 50 ms and p95 < 200 ms over 100 varied queries; tag 10,000 references < 1 s; duplicates
over everything < 120 s; export 100,000 references to BibTeX < 10 s; peak memory < 500 MB.

The data is synthetic (pseudo-words, Zipf-distributed authors and works, realistic field
lengths); popular works are cited by many documents with variations (missing DOI, a typo in
the title, an abbreviated venue), so duplicate detection has real work to do.
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import resource
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks._util import median, peak_rss_mb, percentile
from refmanager.library import Library
from refmanager.library.codec import fts_values, reference_columns
from refmanager.model import Date, Name, Reference

_SYLLABLE_TEXT = (
    "ba be bi bo bu da de di do du fa fe fi fo ga ge gi go ka ke ki ko ku la le li lo lu ma me "
    "mi mo mu na ne ni no nu pa pe pi po ra re ri ro ru sa se si so ta te ti to tu va ve vi "
    "za zo zhang wang chen liu yang tion ment ing er al ic ous ive net form learn graph"
)
SYLLABLES = tuple(_SYLLABLE_TEXT.split())
TYPES = ("article-journal", "paper-conference", "book", "chapter", "report", "thesis")


class Gen:
    """Deterministic synthetic bibliographic data."""

    def __init__(self, seed: int, n_works: int) -> None:
        self.seed = seed
        self.n_works = n_works
        self.rng = random.Random(seed)
        self._works: dict[int, dict[str, object]] = {}
        rng = self.rng
        self.words = list({self._word(rng.randint(2, 4)) for _ in range(6000)})
        self.families = list({self._word(rng.randint(2, 3)).capitalize() for _ in range(25000)})
        self.givens = list({self._word(rng.randint(1, 3)).capitalize() for _ in range(3000)})
        prefixes = ("Proceedings of the", "Journal of", "Transactions on", "")
        self.venues = [
            " ".join(
                [
                    rng.choice(prefixes),
                    *(w.capitalize() for w in self.rng.sample(self.words, rng.randint(2, 5))),
                ]
            ).strip()
            for _ in range(2000)
        ]

    def _word(self, syllables: int) -> str:
        return "".join(self.rng.choice(SYLLABLES) for _ in range(syllables))

    def _zipf(self, size: int, s: float = 1.1, rng: random.Random | None = None) -> int:
        # cheap Zipf-like index: skewed towards 0
        r = (rng or self.rng).random()
        return min(size - 1, int(size * (r ** (1 + s * 2))))

    def work(self, index: int) -> dict[str, object]:
        """Work ``index``, the same every time (its own seeded generator; popular ones cached)."""
        cached = self._works.get(index)
        if cached is not None:
            return cached
        made = self._make_work(index)
        if index < 50_000:
            self._works[index] = made
        return made

    def _make_work(self, index: int) -> dict[str, object]:
        rng = random.Random(self.seed * 1_000_003 + index)
        authors = [
            (self.families[self._zipf(len(self.families), rng=rng)], rng.choice(self.givens))
            for _ in range(rng.choice((1, 2, 2, 3, 3, 4, 5, 6, 8)))
        ]
        title_words = [rng.choice(self.words) for _ in range(rng.randint(5, 14))]
        year = min(2025, max(1950, int(2025 - abs(rng.gauss(0, 12)))))
        return {
            "type": rng.choices(TYPES, weights=(50, 30, 6, 6, 4, 4))[0],
            "authors": authors,
            "title": " ".join(title_words).capitalize(),
            "venue": self.venues[self._zipf(len(self.venues), rng=rng)],
            "year": year,
            "volume": str(rng.randint(1, 80)),
            "pages": f"{(p := rng.randint(1, 900))}-{p + rng.randint(3, 30)}",
            "doi": f"10.{rng.randint(1000, 9999)}/{index:x}.{rng.randint(100, 999)}"
            if rng.random() < 0.6
            else "",
        }

    def reference(self, work_index: int, position: int) -> Reference:
        rng = self.rng
        w = self.work(work_index)
        title = str(w["title"])
        if rng.random() < 0.1 and len(title) > 10:  # a typo
            i = rng.randint(1, len(title) - 2)
            title = title[:i] + title[i + 1] + title[i] + title[i + 2 :]
        authors = [Name(family=f, given=g) for f, g in w["authors"]]  # type: ignore[attr-defined]
        ref = Reference(type=str(w["type"]), author=authors, issued=Date(int(w["year"])))  # type: ignore[call-overload]
        ref.set("title", title)
        venue = str(w["venue"])
        ref.set("container-title", venue if rng.random() < 0.8 else venue[:20])
        ref.set("volume", str(w["volume"]))
        ref.set("page", str(w["pages"]))
        if w["doi"] and rng.random() < 0.7:
            ref.set("DOI", str(w["doi"]))
        names = ", ".join(f"{g[0]}. {f}" for f, g in w["authors"])  # type: ignore[attr-defined]
        ref.raw = (
            f"[{position + 1}] {names}. {title}. {venue}, {w['volume']}:{w['pages']}, {w['year']}."
        )
        ref.label = str(position + 1)
        ref.citation_number = position + 1
        ref.confidence = {
            "title": round(rng.uniform(0.5, 1.0), 3),
            "author": round(rng.uniform(0.6, 1.0), 3),
        }
        return ref


def generate(folder: Path, n_refs: int, n_docs: int, n_tags: int, seed: int = 7) -> float:
    """Fill a new library with synthetic data (executemany, big transactions); seconds taken."""
    start = time.perf_counter()
    n_works = max(10, n_refs * 4 // 10)
    gen = Gen(seed, n_works)
    rng = gen.rng
    lib = Library.open(folder)
    conn = lib.conn
    conn.execute("PRAGMA synchronous = OFF")
    now = time.time()
    per_doc = n_refs // n_docs
    extra = n_refs - per_doc * n_docs
    conn.execute("BEGIN")
    docs = ((d, gen.work(d)) for d in range(n_docs))
    conn.executemany(
        "INSERT INTO documents (id, sha256, file_name, page_count, title, authors, year, doi, "
        "added, status) VALUES (?,?,?,?,?,?,?,?,?,?)",
        (
            (
                d + 1,
                f"{d:064x}",
                f"paper-{d}.pdf",
                rng.randint(6, 40),
                w["title"],
                "[]",
                w["year"],
                w["doi"],
                now - (n_docs - d),
                "ok",
            )
            for d, w in docs
        ),
    )
    # works: one per distinct work id; documents 1..n_docs are works 1..n_docs themselves
    conn.executemany(
        "INSERT INTO works (id, doi, document_id) VALUES (?,?,?)",
        ((i + 1, gen.work(i)["doi"], i + 1 if i < n_docs else None) for i in range(n_works)),
    )
    conn.execute("COMMIT")
    # bulk load: build the secondary indexes of refs once at the end, not row by row
    indexes = conn.execute(
        "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'refs' "
        "AND sql IS NOT NULL"
    ).fetchall()
    for name, _sql in indexes:
        conn.execute(f"DROP INDEX {name}")
    conn.execute("PRAGMA cache_size = -262144")
    ref_id = 0
    batch_refs: list[tuple[object, ...]] = []
    batch_fts: list[tuple[object, ...]] = []

    def flush() -> None:
        conn.execute("BEGIN")
        conn.executemany(
            "INSERT INTO refs (id, document_id, position, type, title, author, "
            "author_sort, year, venue, doi, arxiv, isbn, confidence, norm_title, work_id, added, "
            "modified) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
            [row[:3] + row[5:] for row in batch_refs],
        )
        conn.executemany(
            "INSERT INTO ref_data (id, raw, csl) VALUES (?,?,?)",
            [(row[0], row[3], row[4]) for row in batch_refs],
        )
        conn.executemany(
            "INSERT INTO refs_fts (rowid, title, author, venue, other) VALUES (?,?,?,?,?)",
            batch_fts,
        )
        conn.execute("COMMIT")
        batch_refs.clear()
        batch_fts.clear()

    for d in range(n_docs):
        count = per_doc + (1 if d < extra else 0)
        for position in range(count):
            work = gen._zipf(n_works, 0.6)
            ref = gen.reference(work, position)
            cols = reference_columns(ref)
            ref_id += 1
            batch_refs.append(
                (
                    ref_id,
                    d + 1,
                    position,
                    cols["raw"],
                    cols["csl"],
                    cols["type"],
                    cols["title"],
                    cols["author"],
                    cols["author_sort"],
                    cols["year"],
                    cols["venue"],
                    cols["doi"],
                    cols["arxiv"],
                    cols["isbn"],
                    cols["confidence"],
                    cols["norm_title"],
                    work + 1,
                    now - (n_docs - d),
                    now,
                )
            )
            batch_fts.append((ref_id, *fts_values(ref)))
        if len(batch_refs) >= 50_000:
            flush()
            print(f"  generated {ref_id:,} references", file=sys.stderr, flush=True)
    if batch_refs:
        flush()
    print("  building indexes", file=sys.stderr, flush=True)
    # distinct venues, as Library._venue_id would have recorded them one by one
    conn.execute("BEGIN")
    conn.execute("INSERT INTO venues (name) SELECT DISTINCT venue FROM refs WHERE venue <> ''")
    conn.execute("INSERT INTO venues_fts (rowid, name) SELECT id, name FROM venues")
    conn.execute(
        "UPDATE refs SET venue_id = (SELECT v.id FROM venues v WHERE v.name = refs.venue) "
        "WHERE venue <> ''"
    )
    conn.execute("COMMIT")
    for _name, sql in indexes:
        conn.execute(sql)
    conn.execute("BEGIN")
    tag_names = [f"{rng.choice(gen.words)}-{i}" for i in range(n_tags)]
    conn.executemany(
        "INSERT INTO tags (id, name, colour) VALUES (?,?,?)",
        ((i + 1, name, "") for i, name in enumerate(tag_names)),
    )
    links = {(gen._zipf(n_tags) + 1, rng.randint(1, ref_id)) for _ in range(max(1, n_refs // 20))}
    conn.executemany("INSERT INTO ref_tags (tag_id, ref_id) VALUES (?,?)", links)
    doc_links = {(gen._zipf(n_tags) + 1, rng.randint(1, n_docs)) for _ in range(n_docs // 3)}
    conn.executemany("INSERT INTO document_tags (tag_id, document_id) VALUES (?,?)", doc_links)
    conn.execute("COMMIT")
    conn.execute("ANALYZE")
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    lib.close()
    return time.perf_counter() - start


def _generate_child(folder: str, n: int, docs: int, tags: int, out: Any) -> None:
    out.put(generate(Path(folder), n, docs, tags))


def _generate_in_child(folder: Path, n: int, docs: int, tags: int) -> float:
    """Generate in a child process, so this process's peak memory is the operations' own."""
    ctx = multiprocessing.get_context("spawn")
    queue = ctx.Queue()
    proc = ctx.Process(target=_generate_child, args=(str(folder), n, docs, tags, queue))
    proc.start()
    took = float(queue.get())
    proc.join()
    return took


def queries(folder: Path, count: int, seed: int = 11) -> list[str]:
    """``count`` varied fielded queries built from the library's own values."""
    rng = random.Random(seed)
    conn = sqlite3.connect(str(folder / "library.sqlite"))
    n = conn.execute("SELECT max(id) FROM refs").fetchone()[0]
    samples = [
        conn.execute(
            "SELECT author_sort, title, venue, year, doi FROM refs WHERE id = ?",
            (rng.randint(1, n),),
        ).fetchone()
        for _ in range(count)
    ]
    tags = [r[0] for r in conn.execute("SELECT name FROM tags ORDER BY id LIMIT 200")]
    conn.close()
    out: list[str] = []
    for i, (author, title, venue, year, doi) in enumerate(samples):
        words = title.split()
        kind = i % 10
        if kind == 0:
            out.append(f"author:{author}")
        elif kind == 1:
            out.append(f'title:"{" ".join(words[1:3])}"')
        elif kind == 2:
            out.append(f"venue:{_long_word(venue)} year:{year - 2}..{year}")
        elif kind == 3:
            out.append(f"author:{author[:4]} year:>={year}")
        elif kind == 4:
            out.append(f"doi:{doi.split('/')[0]}/*" if doi else f"year:{year} has:doi")
        elif kind == 5:
            out.append(f"tag:{rng.choice(tags)}")
        elif kind == 6:
            out.append(f"{words[0].lower()} {words[-1].lower()[:5]}")
        elif kind == 7:
            out.append(
                f"(author:{author} OR title:{words[2] if len(words) > 2 else words[0]}) -type:book"
            )
        elif kind == 8:
            out.append(f"confidence:<0.6 year:{year}")
        else:
            out.append(f"type:book venue:{_long_word(venue)}")
    return out


def _long_word(text: str) -> str:
    """The longest word of ``text``, lower case (what a user would type for a venue)."""
    return max(text.split(), key=len, default="x").lower()


def measure(label: str, func: Callable[[], object], target: str) -> float:
    start = time.perf_counter()
    func()
    took = time.perf_counter() - start
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"{label:<44} {took:8.3f} s   (target {target}; peak so far {peak:.0f} MB)", flush=True)
    return took


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--n", type=int, default=1_000_000, help="references (default 1,000,000)")
    parser.add_argument("--docs", type=int, default=0, help="documents (default n/33)")
    parser.add_argument("--tags", type=int, default=2000)
    parser.add_argument("--queries", type=int, default=100)
    parser.add_argument("--keep", metavar="DIR", help="build (or reuse) the library in DIR")
    args = parser.parse_args(argv)
    n_docs = args.docs or max(1, round(args.n / 33.3))
    tmp = Path(tempfile.mkdtemp(prefix="refmanager-bench-"))
    folder = Path(args.keep) if args.keep else tmp / "library"
    try:
        if not (folder / "library.sqlite").exists():
            took = _generate_in_child(folder, args.n, n_docs, args.tags)
            size = (folder / "library.sqlite").stat().st_size / 1e6
            print(
                f"generated {args.n:,} references, {n_docs:,} documents, {args.tags:,} tags "
                f"in {took:.1f} s ({size:,.0f} MB)",
                flush=True,
            )
        print(f"peak memory of the generator (child process): {peak_rss_mb():.0f} MB")

        # 1. open the library and show the first page (count + 100 rows sorted by title)
        state: dict[str, object] = {}

        def first_page() -> None:
            lib = Library.open(folder)
            state["lib"] = lib
            state["count"] = lib.search.count("")
            state["page"] = lib.search.search("", order_by="title", limit=100)

        measure("open + count + first page (by title)", first_page, "< 1 s")
        command = [
            sys.executable,
            "-m",
            "refmanager.cli.main",
            "search",
            "--library",
            str(folder),
            "--limit",
            "100",
            "--sort",
            "title",
        ]
        measure(
            "  a new process: `refmanager search --limit 100`",
            lambda: subprocess.run(command, stdout=subprocess.DEVNULL, check=True),
            "< 1 s",
        )
        lib = state["lib"]
        assert isinstance(lib, Library)
        first = lib.search.search("", order_by="title", limit=1)[0].title
        print(f"  {state['count']:,} references; first title: {first!r}")
        measure(
            "page 5,000 rows deep, by year desc",
            lambda: lib.search.search("", "year", True, 5000, 100),
            "-",
        )

        # 2. fielded search
        qs = queries(folder, args.queries)
        times: list[float] = []
        count_times: list[float] = []
        hits: list[int] = []
        for i, q in enumerate(qs):
            order = ("title", "year", "author", "added")[i % 4]
            t0 = time.perf_counter()
            rows = lib.search.search(q, order_by=order, limit=100)
            times.append(time.perf_counter() - t0)
            t0 = time.perf_counter()
            hits.append(lib.search.count(q))
            count_times.append(time.perf_counter() - t0)
            del rows
        ms = [t * 1000 for t in times]
        cms = [t * 1000 for t in count_times]
        print(
            f"fielded search, first page of 100 ({len(qs)} queries): median {median(ms):.1f} ms, "
            f"p95 {percentile(ms, 95):.1f} ms, max {max(ms):.1f} ms "
            "(target median < 50, p95 < 200)"
        )
        print(
            f"  count of the same queries: median {median(cms):.1f} ms, "
            f"p95 {percentile(cms, 95):.1f} ms; "
            f"hits median {median([float(h) for h in hits]):.0f}, max {max(hits):,}"
        )
        slow = sorted(zip(ms, qs, strict=True), reverse=True)[:3]
        print("  slowest: " + "; ".join(f"{q!r} {t:.0f} ms" for t, q in slow))

        # 3. tag 10,000 references
        ids = lib.search.search_ids("year:2000..2020")[:10_000]
        measure(
            f"tag {len(ids):,} references",
            lambda: lib.tags.tag_references(ids, "bench-tag"),
            "< 1 s",
        )
        measure(
            f"untag {len(ids):,} references",
            lambda: lib.tags.untag_references(ids, "bench-tag"),
            "-",
        )

        # 4. duplicates over everything
        found: list[object] = []
        dup_time = measure(
            f"duplicates over {state['count']:,} references",
            lambda: found.extend(lib.duplicates.find_duplicates()),
            "< 120 s",
        )
        del dup_time
        exact = sum(1 for c in found if getattr(c, "exact", False))
        print(f"  {len(found):,} candidate pairs ({exact:,} exact)")
        for cand in found[len(found) // 2 : len(found) // 2 + 2]:
            print(f"  e.g. {cand}")
        found.clear()

        # 5. export 100,000 references to BibTeX (the export use case: load + format + write)
        try:
            from refmanager.service.exchange import export
        except ImportError:
            print("export 100,000 to BibTeX: not measured (refmanager.service.exchange missing)")
        else:
            export_ids = lib.search.search_ids("")[:100_000]
            out = tmp / "export.bib"
            cpu = time.process_time()
            measure(
                f"export {len(export_ids):,} references to BibTeX",
                lambda: export(lib, "bibtex", out, ids=export_ids),
                "< 10 s",
            )
            cpu = time.process_time() - cpu
            # one export, one key space: every key is unique (compared without case)
            with out.open(encoding="utf-8") as text:
                keys = [line[line.index("{") + 1 : -2] for line in text if line[:1] == "@"]
            unique = len({k.lower() for k in keys})
            print(
                f"  {out.stat().st_size / 1e6:.1f} MB written, {cpu:.2f} s CPU; "
                f"{len(keys):,} entries, {unique:,} distinct keys"
            )
            del keys

            def load() -> None:
                for i in range(0, len(export_ids), 2000):  # in batches, as the export reads
                    lib.references.export_rows(export_ids[i : i + 2000])

            measure(f"  of which loading {len(export_ids):,} references", load, "-")
        lib.close()
        own = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        print(f"peak memory of the measured operations: {own:.0f} MB (target < 500 MB)")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
