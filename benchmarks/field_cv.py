"""Leave-style-family-out cross-validation of the field parser on generated strings.

    .venv/bin/python -m benchmarks.field_cv STYLE_CACHE [--folds 4] [--size 6000] [--iterations 60]
        [--c1 0.05] [--c2 0.01] [--only-folds 0,2] [--errors]

A style's family here is the order in which it prints the fields of a journal article
(``{author}{issued}{title}{container-title}{volume}{issue}{page}{DOI}``, from the
skeleton ``stylecorpus`` records): styles of one family differ only in punctuation and
abbreviation. The families are dealt into ``--folds`` folds by a hash; for each fold a
model is trained (the shipped recipe at a smaller size: house and sampled synthetic
styles plus the cached CSL strings of the other folds' styles) and scored on
``--test`` strings of the fold's styles, which it never saw, with the same PDF-like noise.
Field F1 is over the fields as printed (``benchmarks.learning_curve.field_f1``).
``--errors`` adds F1 by field and the worst families of each fold; ``--only-folds``
runs some folds only (a quicker look while iterating; the mean is then over those).
"""

from __future__ import annotations

import argparse
import re
import tempfile
import time
import zlib
from pathlib import Path

from benchmarks.learning_curve import _norm, field_f1, gold_fields, predicted_fields
from refmanager.parse import Example, parse_reference
from refmanager.parse.train import to_sequence, train_sequences
from tools.fieldcorpus.build import build_corpus, load_style_cache


def field_order(family: str) -> str:
    return "".join(re.findall(r"\{([A-Za-z\-]+)\}", family))


def fold_of(family: str, folds: int) -> int:
    return zlib.crc32(field_order(family).encode("utf-8")) % folds


def error_table(examples: list[Example], model: Path, family_of: dict[str, str]) -> str:
    """F1 by field, and the families whose strings lose the most fields."""
    per_field: dict[str, list[int]] = {}
    per_family: dict[str, list[int]] = {}
    for ex in examples:
        gold = {k: _norm(v) for k, v in gold_fields(ex).items()}
        pred = {k: _norm(v) for k, v in predicted_fields(parse_reference(ex.text, model)).items()}
        fam = per_family.setdefault(field_order(family_of.get(ex.source, "?")), [0, 0])
        for key in set(gold) | set(pred):
            c = per_field.setdefault(key, [0, 0, 0])  # tp, fp, fn
            if key in gold and pred.get(key) == gold[key]:
                c[0] += 1
                fam[0] += 1
                continue
            if key in gold:
                c[2] += 1
                fam[1] += 1
            if key in pred:
                c[1] += 1
    lines = ["  field              F1     n"]
    for key, (tp, fp, fn) in sorted(per_field.items(), key=lambda kv: -sum(kv[1])):
        f1 = 2 * tp / (2 * tp + fp + fn) if tp else 0.0
        lines.append(f"  {key:16s} {f1:6.3f} {tp + fn:5d}")
    worst = sorted(per_family.items(), key=lambda kv: -kv[1][1])[:5]
    lines.append("  families losing most fields (order: right/wrong):")
    lines += [f"    {fam[:90]}: {ok}/{bad}" for fam, (ok, bad) in worst]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("cache", type=Path)
    ap.add_argument("--folds", type=int, default=4)
    ap.add_argument("--size", type=int, default=6000)
    ap.add_argument("--iterations", type=int, default=60)
    ap.add_argument("--test", type=int, default=400)
    ap.add_argument("--c1", type=float, default=0.05, help="L1 weight of the CRF")
    ap.add_argument("--c2", type=float, default=0.01, help="L2 weight of the CRF")
    ap.add_argument("--only-folds", default="", help="comma-separated fold numbers")
    ap.add_argument("--errors", action="store_true", help="F1 by field, worst families")
    args = ap.parse_args(argv)
    cache = load_style_cache(args.cache)
    families = {sample.style: family for sample, family in cache}
    orders = {field_order(f) for f in families.values()}
    print(
        f"{len(families)} styles, {len(set(families.values()))} skeletons, {len(orders)} field "
        f"orders (families), {args.folds} folds; training {args.size} strings, "
        f"{args.iterations} iterations"
    )
    scores: list[tuple[float, int]] = []
    chosen = [int(x) for x in args.only_folds.split(",") if x] or list(range(args.folds))
    for k in chosen:
        t0 = time.perf_counter()

        def train_keep(style: str, family: str, k: int = k) -> bool:
            del style
            return fold_of(family, args.folds) != k

        def test_keep(style: str, family: str, k: int = k) -> bool:
            del style
            return fold_of(family, args.folds) == k

        train = build_corpus(
            args.size, seed=31 + k, cache=cache, keep=train_keep, synth_share=0.3, house_share=0.12
        )
        test = build_corpus(
            args.test, seed=71 + k, cache=cache, keep=test_keep, synth_share=0.0, house_share=0.0
        )
        held_styles = {s for s, f in families.items() if test_keep(s, f)}
        with tempfile.TemporaryDirectory() as tmp:
            model = Path(tmp) / "fold.crfsuite"
            train_sequences(
                (to_sequence(ex) for ex in train),
                model,
                max_iterations=args.iterations,
                c1=args.c1,
                c2=args.c2,
            )
            f1 = field_f1(test, model)
            table = error_table(test, model, families) if args.errors else ""
        scores.append((f1, len(test)))
        print(
            f"fold {k}: {len(held_styles)} unseen styles, {len(test)} strings: field F1 {f1:.3f} "
            f"({time.perf_counter() - t0:.0f} s)",
            flush=True,
        )
        if table:
            print(table, flush=True)
    total = sum(n for _, n in scores)
    print(
        f"mean over folds {sum(f for f, _ in scores) / len(scores):.3f}; "
        f"weighted {sum(f * n for f, n in scores) / total:.3f}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
