"""Leave-style-family-out cross-validation of the learned line model on the corpus.

    .venv/bin/python -m benchmarks.line_cv [--data tools/corpus/data/lines.jsonl.gz] [--folds 5]

The documents are split into folds by style family (the TeX Live package of a .bst or
.bbx, gbt7714, the CSL style's name before its first hyphen): every family's documents
sit in one fold, so each fold is tested with a model that never saw its families. Per
fold and overall it prints line accuracy, entries P/R/F1 (an entry is right when exactly
its lines are found) and the share of documents whose list start and end are right, and
the same for the rules (today's pipeline decisions) where ``--rules`` points at the PDFs.
"""

from __future__ import annotations

import argparse
import random
import tempfile
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

from refmanager.pdf.linefeatures import featurize
from refmanager.pdf.linetrain import read_packed, rows_of, score, train

DATA = Path(__file__).resolve().parent.parent / "tools" / "corpus" / "data" / "lines.jsonl.gz"


def folds_by_family(docs: list[dict[str, Any]], k: int, seed: int) -> list[list[dict[str, Any]]]:
    by_family: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for doc in docs:
        by_family[doc["family"]].append(doc)
    families = sorted(by_family)
    random.Random(seed).shuffle(families)
    # Greedy: the largest families first, each into the smallest fold.
    families.sort(key=lambda f: -len(by_family[f]))
    folds: list[list[dict[str, Any]]] = [[] for _ in range(k)]
    for fam in families:
        min(folds, key=len).extend(by_family[fam])
    return folds


def _bounds(labels: list[str]) -> tuple[int, int]:
    idx = [i for i, lab in enumerate(labels) if lab in ("start", "in")]
    return (idx[0], idx[-1]) if idx else (-1, -1)


class Tally:
    """Counts over documents: lines, entries, list bounds."""

    def __init__(self) -> None:
        self.docs = self.lines = self.right = 0
        self.matched = self.gold = self.pred = self.bounds = 0

    def add(self, labels: list[str], guess: list[str]) -> None:
        self.docs += 1
        self.lines += len(labels)
        self.right += sum(a == b for a, b in zip(labels, guess, strict=True))
        m, g, p = score(labels, guess)
        self.matched += m
        self.gold += g
        self.pred += p
        self.bounds += _bounds(labels) == _bounds(guess)

    def merge(self, other: Tally) -> None:
        for key in ("docs", "lines", "right", "matched", "gold", "pred", "bounds"):
            setattr(self, key, getattr(self, key) + getattr(other, key))

    def row(self, name: str, families: str = "", seconds: str = "") -> str:
        p = self.matched / self.pred if self.pred else 0.0
        r = self.matched / self.gold if self.gold else 0.0
        f1 = 2 * p * r / (p + r) if p + r else 0.0
        return (
            f"{name:>4} {self.docs:>5} {families:>8} {self.right / max(self.lines, 1):>7.4f}"
            f" {self.gold:>7} {p:>6.3f} {r:>6.3f} {f1:>6.3f}"
            f" {self.bounds / max(self.docs, 1):>9.3f} {seconds:>7}"
        )


def evaluate(docs: list[dict[str, Any]], model: Path) -> Tally:
    import pycrfsuite

    tagger = pycrfsuite.Tagger()
    tagger.open(str(model))
    tally = Tally()
    for doc in docs:
        rows, labels, heights = rows_of(doc)
        tally.add(labels, list(tagger.tag(featurize(rows, heights))))
    return tally


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", type=Path, default=DATA)
    ap.add_argument("--folds", type=int, default=5)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--iterations", type=int, default=150)
    args = ap.parse_args()
    docs = list(read_packed(args.data))
    folds = folds_by_family(docs, args.folds, args.seed)
    print(
        f"documents {len(docs)}, families {len({d['family'] for d in docs})},"
        f" styles {len({d['style'] for d in docs})}, folds {args.folds}"
    )
    print(
        f"{'fold':>4} {'docs':>5} {'families':>8} {'lines':>7} {'entries':>7}"
        f" {'P':>6} {'R':>6} {'F1':>6} {'start+end':>9} {'train s':>7}"
    )
    total = Tally()
    with tempfile.TemporaryDirectory() as tmp:
        for i, test in enumerate(folds):
            train_docs = [d for j, fold in enumerate(folds) if j != i for d in fold]
            model = Path(tmp) / f"fold{i}.crfsuite"
            start = time.monotonic()
            train(train_docs, model, iterations=args.iterations)
            took = f"{time.monotonic() - start:.1f}"
            tally = evaluate(test, model)
            print(tally.row(str(i), str(len({d["family"] for d in test})), took))
            total.merge(tally)
    print(total.row("all"))


if __name__ == "__main__":
    main()
