"""Entries found in corpus documents built with their PDFs kept, per layout.

    .venv/bin/python -m benchmarks.built_lists BUILD [BUILD ...]

``BUILD`` is the ``--out`` folder of a corpus build (``python -m tools.corpus``; for
instance ``--office --start 20000 --count 20060``, the word processors' layouts): its
``lines/`` hold each document's labelled lines, its ``pdf/`` the PDF. Each PDF is read
as ``refmanager extract`` reads it, and an entry is right when its text is exactly that
of a gold entry (the lines labelled ``start`` and ``in`` after it, joined as the
pipeline joins them). Prints precision, recall and F1 per layout and over all.
"""

from __future__ import annotations

import argparse
import gzip
import json
from pathlib import Path

from refmanager.pdf import read_bibliography
from refmanager.pdf.textclean import join_lines


def gold_entries(rows: list[list[object]]) -> list[str]:
    """The entries' texts of a stored document's labelled rows."""
    out: list[list[str]] = []
    current: list[str] | None = None
    for row in rows:
        if row[9] == "start":
            current = [str(row[8])]
            out.append(current)
        elif row[9] == "in" and current is not None:
            current.append(str(row[8]))
    return [join_lines(parts)[0] for parts in out]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("builds", type=Path, nargs="+")
    args = ap.parse_args()
    totals: dict[str, list[int]] = {}
    for build in args.builds:
        for path in sorted((build / "lines").glob("*.json.gz")):
            pdf = build / "pdf" / path.name.replace(".json.gz", ".pdf")
            if not pdf.exists():
                continue
            with gzip.open(path, "rt", encoding="utf-8") as fh:
                doc = json.load(fh)
            gold = gold_entries(doc["lines"])
            got = [e.raw for e in read_bibliography(pdf).entries]
            right = len(set(gold) & set(got))
            for key in (str(doc.get("layout", "")), "all"):
                t = totals.setdefault(key, [0, 0, 0, 0])
                t[0], t[1], t[2], t[3] = t[0] + 1, t[1] + right, t[2] + len(gold), t[3] + len(got)
    print(f"{'layout':<30} {'docs':>5} {'gold':>6} {'found':>6} {'P':>6} {'R':>6} {'F1':>6}")
    for key, (docs, hits, marked, found) in sorted(totals.items()):
        p = hits / found if found else 0.0
        r = hits / marked if marked else 0.0
        f = 2 * p * r / (p + r) if p + r else 0.0
        print(f"{key:<30} {docs:>5} {marked:>6} {found:>6} {p:6.3f} {r:6.3f} {f:6.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
