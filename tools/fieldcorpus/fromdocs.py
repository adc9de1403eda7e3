"""Field-labelled strings as they come out of the document corpus's PDFs.

    python -m tools.fieldcorpus.fromdocs [--corpus /work/corpus-cache/corpus] OUT.jsonl.gz

The document corpus (``tools/corpus``) renders invented records with real BibTeX and
biblatex styles (TeX Live's .bst and .bbx files, gbt7714) and pandoc's citeproc, in a
dozen document classes, sometimes rewritten by Ghostscript. Its PDFs are what the field
parser meets in the wild: BibTeX's conventions ("Publisher, 2nd edition", "In Book,
pages 1--9", lower-cased titles), line-break hyphens and identifiers split over lines,
ligatures, italic and bold spans as the fonts give them.

Each document's records are drawn again from its seed (``random.Random(f"{seed}-{N}")``,
as the corpus build draws them, with the styles that had failed by then; a document whose
draw does not give back its record count, or whose PDF does not print half of the titles
drawn, is skipped). Its PDF is read by refmanager's own pipeline
(``read_bibliography``), each extracted entry is matched to the record whose title it
holds, and its characters are labelled by the record's values (``align_labels``, as a
user's correction is). Only entries whose every field is found in their text are kept,
with the font styles extraction gave. One JSON line per string (``Example``), its source
the corpus style key.
"""

from __future__ import annotations

import argparse
import gzip
import itertools
import json
import random
import re
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, cast

from refmanager.model import Reference
from refmanager.parse.train import Example, align_labels, fully_aligned
from tools.corpus.build import _records, choose
from tools.corpus.styles import Style, all_styles
from tools.corpus.tex import plan

_LETTERS = re.compile(r"[^\w]+")


def _key(text: str) -> str:
    return _LETTERS.sub("", text.lower())


@dataclass(frozen=True, slots=True)
class _Keyed:
    """A style with its key worked out once (``Style.key`` builds a path on every call,
    and ``choose`` asks every style's key on every draw)."""

    engine: str
    name: str
    family: str
    key: str
    style: Style


def keyed(styles: list[Style]) -> list[Style]:
    """Stand-ins for ``choose``: the same attributes, the key computed once."""
    return [cast(Style, _Keyed(s.engine, s.name, s.family, s.key, s)) for s in styles]


def redraw(
    index: int, seed: int, info: dict[str, Any], styles: list[Style], failed: list[set[str]]
) -> tuple[list[dict[str, Any]], int] | None:
    """The records of corpus document ``index`` drawn again with one of the ``failed`` sets
    (styles avoided) and that set's place in the list, or None when no draw gives back the
    document's record count. ``styles`` come from :func:`keyed`."""
    for k, skip in enumerate(failed):
        rng = random.Random(f"{seed}-{index}")
        layout, drawn = choose(rng, styles, skip)
        if layout.zh != info["layout"].startswith("ctex"):
            continue
        # the list of installed styles may have changed since: the style drawn can differ
        # while the draw that follows is the same; the titles found in the PDF tell
        plan(rng, layout, cast(_Keyed, drawn).style)
        size = rng.choice((2, 4, 6, 10, 15, 20, 30, 40, 60, 90, 130))
        n = rng.randint(max(1, size // 2), size)
        if n == info["records"]:  # the corpus draws exactly n records
            return _records(rng, n, 0.6 if layout.zh else 0.0), k
    return None


def document_examples(pdf: Path, records: list[dict[str, Any]], style: str) -> list[Example]:
    """The entries of one corpus PDF labelled by the records they print."""
    from refmanager.pdf import read_bibliography

    refs = [Reference.from_csl(r) for r in records]
    titles = [(_key(r.get("title")), i) for i, r in enumerate(refs) if len(r.get("title")) >= 12]
    used: set[int] = set()
    out: list[Example] = []
    for entry in read_bibliography(pdf, meta=False).entries:
        if entry.fragment:
            continue
        text = _key(entry.raw)
        hits = [i for key, i in titles if key and key in text and i not in used]
        if len(hits) != 1:
            continue
        ref = refs[hits[0]]
        ex = Example(entry.raw, align_labels(entry.raw, ref), list(entry.styles), style)
        runs = [lab for lab, _ in itertools.groupby(ex.labels) if lab != "O"]
        # every field found, once: a name part found again far off ("[M]") is a bad label
        if fully_aligned(ex, ref) and "title" in runs and len(runs) == len(set(runs)):
            used.add(hits[0])
            out.append(ex)
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("out", type=Path)
    ap.add_argument("--corpus", type=Path, default=Path("/work/corpus-cache/corpus"))
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--limit", type=int, default=0, help="at most this many documents")
    ap.add_argument("--start", type=int, default=0, help="from this document number on")
    args = ap.parse_args(argv)
    styles = keyed(all_styles())
    failed_file = args.corpus / "failed-styles.txt"
    order = failed_file.read_text().split() if failed_file.exists() else []
    # the styles that had failed when a document was built: a first part of the list, as
    # long as for the document before it or longer (the list grows as the build goes on)
    prefixes = [set(order[:k]) for k in range(len(order) + 1)]
    at = 0
    t0 = time.perf_counter()
    docs = kept = skipped = 0
    tmp = args.out.with_name(args.out.name + ".tmp")
    with gzip.open(tmp, "wt", encoding="utf-8") as fh:
        for path in sorted((args.corpus / "lines").glob("*.json.gz")):
            if args.limit and docs >= args.limit:
                break
            if int(path.name.split(".")[0]) < args.start:
                continue
            with gzip.open(path, "rt", encoding="utf-8") as src:
                info = json.load(src)
            pdf = args.corpus / "pdf" / f"{info['id']}.pdf"
            found = redraw(int(info["id"]), args.seed, info, styles, prefixes[at:])
            if found is None or not pdf.is_file():
                skipped += 1
                continue
            records, at = found[0], at + found[1]
            docs += 1
            try:
                examples = document_examples(pdf, records, info["style"])
                if len(examples) < len(records) / 2:
                    skipped += 1
                    continue
            except Exception as exc:  # a reader failure on one document: note it, go on
                print(f"{info['id']}: {type(exc).__name__}: {exc}", file=sys.stderr)
                continue
            for ex in examples:
                fh.write(json.dumps(ex.to_json(), ensure_ascii=False) + "\n")
            kept += len(examples)
            if docs % 50 == 0:
                print(
                    f"{docs} documents, {kept} strings, {skipped} skipped "
                    f"({time.perf_counter() - t0:.0f} s)",
                    file=sys.stderr,
                    flush=True,
                )
    tmp.replace(args.out)
    print(
        f"{docs} documents ({skipped} not redrawn), {kept} strings -> {args.out} "
        f"({time.perf_counter() - t0:.0f} s)",
        file=sys.stderr,
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
