"""Learning from corrections on real reference lists, measured where errors remain.

    .venv/bin/python -m benchmarks.corrections_real MODELS_DIR [--k 10] [--min-refs 25]

``MODELS_DIR`` holds the fold models of ``benchmarks.real_cv --keep``: fold K's model never
saw the documents of fold K. Each GROBID document with at least ``--min-refs`` strings
that its fold's model parses wrong somewhere is one user's paper: the first ``--k``
references are corrected (every field, as the window stores a corrected item), turned
into training examples as the app does (``example_from_correction``, kept when
``fully_aligned``) and a library model is trained as the app does (``train_library``,
stacked on the fold's model instead of the shipped one). The document's other references
are parsed before and after; the field F1 of those is printed per document, with the
gain, the retraining time, whether the model was kept (a rejected model changes
nothing) and how many field sequences (as the fold model reads the corrected references)
its labelling may reach without the veto (``tagger.no_worse_shape``, decision 0035).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

from benchmarks.learning_curve import corrected_item
from benchmarks.real_cv import Tally, folds_of, score
from refmanager.crf.keep import RetrainRejected
from refmanager.parse import Example, example_from_correction
from refmanager.parse.retrain import train_library
from refmanager.parse.train import fully_aligned
from tools.realdata import DATA, real_strings


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("models", type=Path)
    ap.add_argument("--data", type=Path, default=DATA)
    ap.add_argument("--folds", type=int, default=5)
    ap.add_argument("--k", type=int, default=10)
    ap.add_argument("--min-refs", type=int, default=25)
    ap.add_argument("--limit", type=int, default=0, help="at most this many documents")
    args = ap.parse_args(argv)
    real = real_strings(args.data)
    fold_of = folds_of([g for _, g in real], args.folds)
    docs: dict[str, list[Example]] = {}
    for ex, group in real:
        if group.startswith("grobid:") and "#" not in group:
            docs.setdefault(group, []).append(ex)
    gains: list[float] = []
    seconds: list[float] = []
    print(f"{'document':<58} refs  before  after   gain   retrain")
    for group in sorted(docs):
        strings = docs[group]
        if len(strings) < args.min_refs:
            continue
        base = args.models / f"fold-{fold_of[group]}.crfsuite"
        pairs = [(ex, group) for ex in strings]
        before_all = score(pairs, base)["all"]
        if before_all.right == before_all.instances:
            continue  # nothing to correct
        fixed, rest = strings[: args.k], strings[args.k :]
        examples = []
        for ex in fixed:
            item = corrected_item(ex)
            example = example_from_correction(ex.text, item)
            if fully_aligned(example, item):
                examples.append(example)
        before = score([(ex, group) for ex in rest], base)["all"]
        after: Tally = before
        kept = "no corrections"
        t0 = time.perf_counter()
        with tempfile.TemporaryDirectory() as tmp:
            model = Path(tmp) / "library.crfsuite"
            if examples:
                try:
                    stats = train_library(model, examples, base_model=base)
                    after = score([(ex, group) for ex in rest], model)["all"]
                    kept = f"kept, {stats.get('field_sequences', 0):.0f} sequences"
                except RetrainRejected:
                    kept = "rejected"
        took = time.perf_counter() - t0
        gain = after.f1() - before.f1()
        gains.append(gain)
        seconds.append(took)
        name = group.removeprefix("grobid:")[:56]
        print(
            f"{name:<58} {len(strings):<5} {before.f1():.3f}   {after.f1():.3f}   "
            f"{gain:+.3f}  {took:5.1f} s ({kept}, {len(examples)}/{len(fixed)} aligned)",
            flush=True,
        )
        if args.limit and len(gains) >= args.limit:
            break
    if gains:
        print(
            f"documents {len(gains)}: mean gain {statistics.mean(gains):+.3f}, "
            f"worst {min(gains):+.3f}, best {max(gains):+.3f}; "
            f"retraining median {statistics.median(seconds):.1f} s, max {max(seconds):.1f} s"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
