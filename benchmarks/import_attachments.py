"""What file links and JabRef groups cost an import: the same generated JabRef .bib
imported with and without its ``file``/``groups`` fields and group tree.

    nice .venv/bin/python benchmarks/import_attachments.py            # 100,000 entries
    nice .venv/bin/python benchmarks/import_attachments.py --entries 20000

Each import runs ``refmanager import FILE --quiet --library NEW`` in a child process;
printed: wall time, entries per second, attachments and tags stored. Every entry has two
links (a relative PDF, an escaped Windows path) and two of 40 nested groups; none of the
files exists (import must not look). Files go to a temporary folder, removed afterwards.
"""

from __future__ import annotations

import argparse
import random
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path

GROUPS = [f"Topic {i}" for i in range(8)]
SUBGROUPS = [f"Area {i}" for i in range(32)]


def write_bib(path: Path, entries: int, links: bool) -> None:
    rng = random.Random(7)
    with path.open("w", encoding="utf-8") as out:
        for n in range(entries):
            out.write(
                f"@Article{{key{n},\n  author = {{Lee, Kim and Roe, Ann}},\n"
                f"  title = {{A study of thing {n}}},\n  journal = {{Journal {n % 97}}},\n"
                f"  year = {{{1990 + n % 35}}},\n"
            )
            if links:
                groups = ", ".join(rng.sample(SUBGROUPS, 2))
                out.write(
                    f"  file = {{Full Text:papers/key{n}.pdf:PDF;"
                    f"Scan:C\\:\\\\Users\\\\ana\\\\scans\\\\key{n}.pdf:PDF}},\n"
                    f"  groups = {{{groups}}},\n"
                )
            out.write("}\n\n")
        if links:
            out.write("@Comment{jabref-meta: grouping:\n0 AllEntriesGroup:;\n")
            for i, group in enumerate(GROUPS):
                out.write(f"1 StaticGroup:{group}\\;0\\;1\\;0x8a8a8aff\\;\\;\\;;\n")
                for sub in SUBGROUPS[i * 4 : i * 4 + 4]:
                    out.write(f"2 StaticGroup:{sub}\\;0\\;1\\;0x8a8a8aff\\;\\;\\;;\n")
            out.write("}\n")


def run(refmanager: str, bib: Path, folder: Path) -> tuple[float, int, int, int]:
    start = time.perf_counter()
    subprocess.run(
        [refmanager, "import", str(bib), "--quiet", "--library", str(folder)], check=True
    )
    wall = time.perf_counter() - start
    conn = sqlite3.connect(folder / "library.sqlite")
    counts = [
        conn.execute(f"SELECT count(*) FROM {table}").fetchone()[0]
        for table in ("refs", "ref_attachments", "ref_tags")
    ]
    conn.close()
    return wall, counts[0], counts[1], counts[2]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--entries", type=int, default=100_000)
    parser.add_argument("--refmanager", default=str(Path(sys.executable).with_name("refmanager")))
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        for links in (False, True):
            bib = Path(tmp) / f"jabref-{'links' if links else 'plain'}.bib"
            write_bib(bib, args.entries, links)
            wall, refs, attachments, tags = run(args.refmanager, bib, Path(tmp) / bib.stem)
            what = "with file+groups" if links else "without       "
            print(
                f"{what}: {refs} entries in {wall:6.1f} s ({refs / wall:8.0f}/s); "
                f"{attachments} attachments, {tags} tag links"
            )


if __name__ == "__main__":
    main()
