"""Leave-style-family-out cross-validation of the field parser on generated strings.

    .venv/bin/python -m benchmarks.field_cv STYLE_CACHE [--folds 4] [--size 6000] [--iterations 60]

A style's family here is the order in which it prints the fields of a journal article
(``{author}{issued}{title}{container-title}{volume}{issue}{page}{DOI}``, from the
skeleton ``stylecorpus`` records): styles of one family differ only in punctuation and
abbreviation. The families are dealt into ``--folds`` folds by a hash; for each fold a
model is trained (the shipped recipe at a smaller size: house and sampled synthetic
styles plus the cached CSL strings of the other folds' styles) and scored on
``--test`` strings of the fold's styles, which it never saw, with the same PDF-like noise.
Field F1 is over the fields as printed (``benchmarks.learning_curve.field_f1``).
"""

from __future__ import annotations

import argparse
import re
import tempfile
import time
import zlib
from pathlib import Path

from benchmarks.learning_curve import field_f1
from refmanager.parse.train import train_model
from tools.fieldcorpus.build import build_corpus, load_style_cache


def field_order(family: str) -> str:
    return "".join(re.findall(r"\{([A-Za-z\-]+)\}", family))


def fold_of(family: str, folds: int) -> int:
    return zlib.crc32(field_order(family).encode("utf-8")) % folds


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("cache", type=Path)
    ap.add_argument("--folds", type=int, default=4)
    ap.add_argument("--size", type=int, default=6000)
    ap.add_argument("--iterations", type=int, default=60)
    ap.add_argument("--test", type=int, default=400)
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
    for k in range(args.folds):
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
            train_model(train, model, max_iterations=args.iterations)
            f1 = field_f1(test, model)
        scores.append((f1, len(test)))
        print(
            f"fold {k}: {len(held_styles)} unseen styles, {len(test)} strings: field F1 {f1:.3f} "
            f"({time.perf_counter() - t0:.0f} s)",
            flush=True,
        )
    total = sum(n for _, n in scores)
    print(
        f"mean over folds {sum(f for f, _ in scores) / len(scores):.3f}; "
        f"weighted {sum(f * n for f, n in scores) / total:.3f}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
