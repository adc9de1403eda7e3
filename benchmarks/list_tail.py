"""Where a list's entries stop reading as references (``service.refness.tail_start``):
what the end of the list costs real lists, and what it leaves out of real PDFs.

    .venv/bin/python -m benchmarks.list_tail --pdfs /work/sweep-cache/root [--max-pdfs 400]
        [--read PDF_OR_FOLDER ...] [--show 40]

1. Real lists: the 128 reference-segmenter documents of GROBID's corpus
   (``../shared/data/grobid``, read in place), every entry in its order. Each entry's
   reference-ness is the probability of a model fitted as ``tools.refness`` fits it but
   without the entry's document (five folds by document; the non-entries from
   ``--pdfs`` as there). Printed: the real entries the threshold keeps and the end of the
   list would drop (every one is a loss of recall).
2. With ``--read``: ``extract``'s list (fields parsed) of every PDF under the paths given,
   with the shipped model: the rows kept by the threshold alone and with the end of the
   list, and up to ``--show`` of the rows the end leaves out (to read, and judge).
"""

from __future__ import annotations

import argparse
import math
import random
import sys
from pathlib import Path

from refmanager.service.refness import _model, probability, score, tail_start
from tools.fieldcorpus.calibrate import fit
from tools.refness import PRIOR, _shifted, non_entries, observe, real_entries

_FOLDS = 5


def real_lists(pdfs: list[Path], max_pdfs: int) -> None:
    samples = list(real_entries()) + list(non_entries(pdfs, max_pdfs))
    data = observe(samples)
    docs = sorted({d for d, _, _ in data})
    random.Random(11).shuffle(docs)
    fold_of = {d: i % _FOLDS for i, d in enumerate(docs)}
    npos = sum(1 for _, _, y in data if y)
    shift = math.log(PRIOR / (1 - PRIOR)) - math.log(npos / (len(data) - npos))
    held = [0.0] * len(data)
    for k in range(_FOLDS):
        weights = fit([(f, y) for d, f, y in data if fold_of[d] != k])
        for i, (d, f, _) in enumerate(data):
            if fold_of[d] == k:
                held[i] = _shifted(score(weights, f), shift)
    lists: dict[str, list[tuple[float, str]]] = {}
    for (doc, text, _), p in zip(samples, held, strict=True):
        if doc.startswith("corpus/"):  # the reference-segmenter's TEI folder
            lists.setdefault(doc, []).append((p, text))
    entries = sum(len(rows) for rows in lists.values())
    kept = lost = 0
    for doc, rows in sorted(lists.items()):
        probs = [p for p, _ in rows]
        end = tail_start(probs, [""] * len(probs), PRIOR)
        kept += sum(1 for p in probs if p >= 0.5)
        for p, text in rows[end:]:
            if p >= 0.5:
                lost += 1
                print(f"  dropped at the end: {doc} {p:.3f} {text[:90]!r}")
    print(f"real lists {len(lists)}, entries {entries} (held out by document): "
          f"the threshold keeps {kept}; the end of the list drops {lost} of them")  # fmt: skip


def read_pdfs(paths: list[Path], show: int) -> None:
    from refmanager.parse import parse_entries
    from refmanager.pdf import read_bibliography

    model = _model()
    if model is None:
        print("no reference-ness model", file=sys.stderr)
        return
    pdfs = sorted({p for path in paths for p in (path.rglob("*.pdf") if path.is_dir() else [path])})
    lists = before = after = changed = 0
    shown: list[str] = []
    for pdf in pdfs:
        try:
            refs = parse_entries(read_bibliography(pdf).entries)
        except Exception:  # a refusal or a crash is benchmarks.sweep's to count
            continue
        if not refs:
            continue
        lists += 1
        probs = [probability(r, model.weights) for r in refs]
        end = tail_start(probs, [r.label for r in refs], model.prior)
        passing = [i for i, p in enumerate(probs) if p >= model.threshold and not refs[i].fragment]
        before += len(passing)
        after += sum(1 for i in passing if i < end)
        if end < len(refs) and any(i >= end for i in passing):
            changed += 1
            shown += [
                f"  {pdf.name}: {probs[i]:.2f} {refs[i].raw[:90]!r}" for i in passing if i >= end
            ]
    print(f"PDFs {len(pdfs)}, lists {lists}: rows kept by the threshold {before}, "
          f"with the end of the list {after} ({changed} lists end earlier)")  # fmt: skip
    for line in shown[:show]:
        print(line)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--pdfs", type=Path, nargs="+", required=True, help="non-entries' PDFs")
    ap.add_argument("--max-pdfs", type=int, default=400)
    ap.add_argument("--read", type=Path, nargs="*", default=[], help="PDFs to extract")
    ap.add_argument("--show", type=int, default=40)
    args = ap.parse_args()
    real_lists(args.pdfs, args.max_pdfs)
    if args.read:
        read_pdfs(args.read, args.show)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
