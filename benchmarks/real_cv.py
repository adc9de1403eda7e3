"""The field parser on real labelled strings, validated by whole documents.

    .venv/bin/python -m benchmarks.real_cv [--baseline] [--folds 5] [--only-folds 0,1]
        [--gen-size 10000] [--iterations 150] [--real-weight 1] [--anystyle-weight W]
        [--c1 0.05] [--c2 0.01] [--seed 7]
        [--keep DIR] [--errors]

The real strings are GROBID's citation training set (one group per source document; its
many-paper ``citations.xml`` in blocks of consecutive strings) and AnyStyle's (blocks of
consecutive sequences), read from ``../shared/data`` by ``tools.realdata``. Groups are
dealt into ``--folds`` folds; for each fold a model is trained on the generated corpus
(the shipped recipe, ``tools.fieldcorpus.build``) plus the real strings of the other
folds, and scored on the fold's strings: no document is on both sides. GROBID's two
evaluation files are a fixed development set, never trained on: every fold's model
scores them too (the mean is printed).

``--models DIR`` scores fold models kept by an earlier ``--keep`` run without training
(the parser's rules after tagging can change without retraining).
``--baseline`` scores one model (``--model``, the shipped one by default) on all the real
strings and the evaluation files, without training: the figure a model trained without
them gives. Field F1 compares each field's value as printed (letters and digits only)
with the gold one; instance accuracy is the share of strings whose every field is right.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import tempfile
import time
from collections.abc import Iterable
from pathlib import Path

from benchmarks.learning_curve import _norm, gold_fields, predicted_fields
from refmanager.parse import Example, parse_reference
from refmanager.parse.retrain import read_examples
from refmanager.parse.train import C1, C2, train_model
from tools.fieldcorpus.build import SEED, build_corpus, write_examples
from tools.realdata import DATA, evaluation_strings, real_strings

# the fields the end-to-end benchmark scores (score.py), beside all fields
SCORED = (
    "author",
    "title",
    "container-title",
    "issued",
    "volume",
    "issue",
    "page",
    "DOI",
    "URL",
    "publisher",
)


class Tally:
    """Field counts (tp, fp, fn) overall and by field, and instances right."""

    def __init__(self) -> None:
        self.fields: dict[str, list[int]] = {}
        self.instances = 0
        self.right = 0

    def add(self, gold: dict[str, str], pred: dict[str, str]) -> None:
        self.instances += 1
        ok = True
        for key in set(gold) | set(pred):
            c = self.fields.setdefault(key, [0, 0, 0])
            if key in gold and pred.get(key) == gold[key]:
                c[0] += 1
                continue
            if key in gold:
                c[2] += 1
                ok = False
            if key in pred:
                c[1] += 1
                if key in SCORED and key not in gold:
                    ok = False
        self.right += ok

    def f1(self, keys: Iterable[str] | None = None) -> float:
        tp = fp = fn = 0
        for key, (a, b, c) in self.fields.items():
            if keys is None or key in keys:
                tp, fp, fn = tp + a, fp + b, fn + c
        return 2 * tp / (2 * tp + fp + fn) if tp else 0.0

    def line(self, name: str) -> str:
        acc = self.right / self.instances if self.instances else 0.0
        return (
            f"{name:<22} n={self.instances:<5} fields F1 {self.f1():.3f}"
            f" (scored fields {self.f1(SCORED):.3f})  instance {acc:.3f}"
        )

    def by_field(self) -> str:
        rows = []
        for key in sorted(self.fields, key=lambda k: -sum(self.fields[k])):
            tp, fp, fn = self.fields[key]
            f1 = 2 * tp / (2 * tp + fp + fn) if tp else 0.0
            rows.append(
                f"    {key:<18} F1 {f1:.3f}  gold {tp + fn:<5} tp {tp:<5} fp {fp:<4} fn {fn}"
            )
        return "\n".join(rows)


def score(examples: Iterable[tuple[Example, str]], model: Path | None) -> dict[str, Tally]:
    """Tallies by source ("grobid", "anystyle") and for all strings."""
    out: dict[str, Tally] = {"all": Tally()}
    for ex, group in examples:
        source = group.split(":")[0].split("#")[0]
        gold = {k: _norm(v) for k, v in gold_fields(ex).items()}
        pred = {k: _norm(v) for k, v in predicted_fields(parse_reference(ex.text, model)).items()}
        pred = {k: v for k, v in pred.items() if v}
        out["all"].add(gold, pred)
        out.setdefault(source, Tally()).add(gold, pred)
    return out


def folds_of(groups: list[str], folds: int, seed: int = 3) -> dict[str, int]:
    """Groups dealt into folds of about equal size (largest groups first)."""
    sizes: dict[str, int] = {}
    for g in groups:
        sizes[g] = sizes.get(g, 0) + 1
    order = sorted(sizes)
    random.Random(seed).shuffle(order)
    order.sort(key=lambda g: -sizes[g])
    load = [0] * folds
    out: dict[str, int] = {}
    for g in order:
        k = min(range(folds), key=lambda i: load[i])
        out[g] = k
        load[k] += sizes[g]
    return out


def generated(size: int, cache_dir: Path, seed: int = SEED) -> list[Example]:
    """The shipped recipe's generated strings (cached: rendering takes a while)."""
    path = cache_dir / f"generated-{size}-seed{seed}.jsonl.gz"
    if path.is_file():
        return read_examples(path)
    corpus = build_corpus(size, seed=seed)
    cache_dir.mkdir(parents=True, exist_ok=True)
    write_examples(corpus, path)
    return corpus


def merge(into: dict[str, Tally], more: dict[str, Tally]) -> None:
    for key, t in more.items():
        acc = into.setdefault(key, Tally())
        acc.instances += t.instances
        acc.right += t.right
        for f, c in t.fields.items():
            d = acc.fields.setdefault(f, [0, 0, 0])
            for i in range(3):
                d[i] += c[i]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--data", type=Path, default=DATA)
    ap.add_argument("--baseline", action="store_true")
    ap.add_argument("--model", type=Path)
    ap.add_argument("--folds", type=int, default=5)
    ap.add_argument("--only-folds", default="")
    ap.add_argument("--gen-size", type=int, default=10000)
    ap.add_argument("--iterations", type=int, default=150)
    ap.add_argument("--real-weight", type=int, default=1, help="times each real string is seen")
    ap.add_argument(
        "--anystyle-weight", type=int, help="times each AnyStyle string is seen (--real-weight)"
    )
    ap.add_argument("--c1", type=float, default=C1, help="L1 penalty")
    ap.add_argument("--c2", type=float, default=C2, help="L2 penalty")
    ap.add_argument("--seed", type=int, default=SEED, help="the generated strings' seed")
    ap.add_argument("--cache", type=Path, default=Path(tempfile.gettempdir()) / "refmanager-cv")
    ap.add_argument("--keep", type=Path, help="keep each fold's model here (fold-K.crfsuite)")
    ap.add_argument("--models", type=Path, help="score the fold models kept there (no training)")
    ap.add_argument("--errors", action="store_true", help="F1 by field")
    ap.add_argument("--json", type=Path, help="write the figures here (for a model's manifest)")
    args = ap.parse_args(argv)

    real = real_strings(args.data)
    dev = evaluation_strings(args.data)
    print(
        f"real strings: {len(real)} in {len({g for _, g in real})} groups; "
        f"GROBID evaluation strings: {len(dev)}"
    )
    if args.baseline:
        t0 = time.process_time()
        tallies = score(real, args.model)
        for key in ("grobid", "anystyle", "all"):
            print(tallies[key].line(f"real {key}"))
        if args.errors:
            print(tallies["all"].by_field())
        print(score(dev, args.model)["all"].line("GROBID evaluation"))
        print(f"({time.process_time() - t0:.0f} CPU-s)")
        return 0

    fold_of = folds_of([g for _, g in real], args.folds)
    only = {int(k) for k in args.only_folds.split(",") if k} or set(range(args.folds))
    gen = [] if args.models else generated(args.gen_size, args.cache, args.seed)
    total: dict[str, Tally] = {}
    dev_f1: list[float] = []
    for k in sorted(only):
        t0 = time.process_time()
        train = [ex for ex, g in real if fold_of[g] != k]
        extra = 0 if args.anystyle_weight is None else args.anystyle_weight - args.real_weight
        more = [ex for ex, g in real if fold_of[g] != k and g.startswith("anystyle")] * extra
        test = [(ex, g) for ex, g in real if fold_of[g] == k]
        with tempfile.TemporaryDirectory() as tmp:
            if args.models:
                model = args.models / f"fold-{k}.crfsuite"
            else:
                model = (args.keep or Path(tmp)) / f"fold-{k}.crfsuite"
                train = [*gen, *train * args.real_weight, *more]
                train_model(train, model, max_iterations=args.iterations, c1=args.c1, c2=args.c2)
            tallies = score(test, model)
            dev_tally = score(dev, model)["all"]
        merge(total, tallies)
        dev_f1.append(dev_tally.f1())
        print(
            tallies["all"].line(f"fold {k}") + f"  | GROBID eval F1 {dev_tally.f1():.3f}"
            f"  ({time.process_time() - t0:.0f} CPU-s)",
            flush=True,
        )
    for key in ("grobid", "anystyle", "all"):
        if key in total:
            print(total[key].line(f"CV real {key}"))
    if args.errors:
        print(total["all"].by_field())
    dev_mean = sum(dev_f1) / len(dev_f1)
    print(f"GROBID evaluation, mean over folds: fields F1 {dev_mean:.3f}")
    if args.json:
        figures: dict[str, object] = {
            "command": "python -m benchmarks.real_cv " + " ".join(argv or sys.argv[1:]),
            "grouped CV folds": sorted(only),
            "GROBID evaluation fields F1 (mean over folds)": round(dev_mean, 4),
        }
        for key, t in total.items():
            figures[f"CV real {key}"] = {
                "strings": t.instances,
                "fields F1": round(t.f1(), 4),
                "scored fields F1": round(t.f1(SCORED), 4),
                "instance accuracy": round(t.right / max(t.instances, 1), 4),
            }
        args.json.write_text(json.dumps(figures, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
