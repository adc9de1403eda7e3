"""The held-out real strings judged as ``../shared/bench/score.py`` judges fields.

    .venv/bin/python -m benchmarks.real_strings_scored MODELS_DIR [--show N] [--source S]

``benchmarks.real_cv`` scores every label by its span; the issue's string sets are scored
by score.py: ten fields, the authors by their family names (each name's last word), the
pages by their first and last numbers, and a field the gold lacks costs nothing where the
entry prints it. Here every real string of ``tools.realdata`` is parsed by the fold model
that never saw its document (``MODELS_DIR/fold-K.crfsuite``, the folds of
``benchmarks.real_cv.folds_of``; ``real_cv --keep`` writes them), and GROBID's evaluation
strings by fold 0's, and each field is judged as ``benchmarks.real_in_pdf`` judges the
strings it reads back (the gold item from the labelled spans, the authors' family names by
``split_names``). Prints field micro F1 and instance accuracy (every gold field right) per
source; ``--show N`` prints up to N strings with a wrong field (of ``--source``).
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from benchmarks._util import bench_scorer
from benchmarks.real_cv import folds_of
from benchmarks.real_in_pdf import gold_item, judge_pair
from refmanager.parse import parse_reference
from tools.realdata import evaluation_strings, real_strings


def source_of(group: str) -> str:
    """ "grobid", "anystyle" or "evaluation" for a string's group."""
    return group.split(":", maxsplit=1)[0].split("#", maxsplit=1)[0]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    ap.add_argument("models", type=Path, help="folder of fold-K.crfsuite (real_cv --keep)")
    ap.add_argument("--show", type=int, default=0, help="strings with a wrong field to print")
    ap.add_argument("--source", default="anystyle", help="the source --show prints from")
    args = ap.parse_args(argv)
    sc = bench_scorer()
    real = real_strings()
    fold = folds_of([g for _, g in real], 5)
    items = [(ex, source_of(g), fold[g]) for ex, g in real]
    items += [(ex, "evaluation", 0) for ex, _ in evaluation_strings()]
    totals: dict[str, list[int]] = {}
    shown = 0
    for index, (ex, source, k) in enumerate(items):
        model = args.models / f"fold-{k}.crfsuite"
        if not model.is_file():
            raise SystemExit(f"{model}: no fold model (make them with real_cv --keep)")
        pred: dict[str, Any] = parse_reference(ex.text, model).to_csl()
        gold = gold_item(ex, index)
        judged = judge_pair(sc, pred, gold)
        t = totals.setdefault(source, [0, 0, 0, 0, 0])  # tp, fp, fn, strings, right
        for tp, fp, fn in judged.values():
            t[0], t[1], t[2] = t[0] + tp, t[1] + fp, t[2] + fn
        right = all(fn == 0 for _, _, fn in judged.values()) and all(
            fp == 0 for _, fp, _ in judged.values()
        )
        t[3] += 1
        t[4] += right
        if not right and source == args.source and shown < args.show:
            shown += 1
            print(f"-- {ex.text[:160]}")
            for f, (tp, _, _) in judged.items():
                if not tp:
                    read, want = sc.field_value(pred, f), sc.field_value(gold, f)
                    print(f"     {f}: read {read!r} gold {want!r}")
    for source in sorted(totals):
        hits, false, missed, n, whole = totals[source]
        f1 = 2 * hits / (2 * hits + false + missed) if hits else 0.0
        print(f"{source:<12} n={n:>5}  fields F1 {f1:.4f}  instance {whole / n:.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
