"""Leave-style-family-out cross-validation of the learned line model on the corpus.

    .venv/bin/python -m benchmarks.line_cv [--data tools/corpus/data] [--folds 5]
        [--only 1,3] [--c1 0.05 --c2 0.01] [--errors]

The documents' gold is tidied as packing does (``tools.corpus.linemodel.tidy``), then they are split
into folds by style family (the TeX Live package of a .bst or .bbx, gbt7714, the CSL
style's name before its first hyphen): every family's documents sit in one fold, so each
fold is tested with a model that never saw its families. Per fold and overall it prints
line accuracy, entries P/R/F1 (an entry is right when exactly its lines are found) and
the share of documents whose list start and end are right.
``--only`` runs some folds (while trying a change; the folds are the same either way),
``--errors`` adds where the model errs: list start and end, entry starts inside the list,
body text taken for the list and list lines lost, furniture; and entries F1 per layout,
per engine, for documents rewritten by Ghostscript and for Chinese ones and the others.
"""

from __future__ import annotations

import argparse
import json
import random
import tempfile
import time
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any, TextIO

from refmanager.pdf.linefeatures import featurize
from refmanager.pdf.linetrain import LIST, rows_of, score
from tools.corpus.linemodel import C1, C2, read_tidy, train

DATA = Path(__file__).resolve().parent.parent / "tools" / "corpus" / "data"


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


class Errors:
    """Where the model errs, by kind, and entries by layout, engine and producer."""

    def __init__(self) -> None:
        self.kinds: Counter[str] = Counter()
        self.groups: dict[str, Tally] = defaultdict(Tally)

    def add(self, doc: dict[str, Any], labels: list[str], guess: list[str]) -> None:
        first, last = _bounds(labels)
        got_first, got_last = _bounds(guess)
        self.kinds["documents"] += 1
        self.kinds["list start wrong"] += first != got_first
        self.kinds["list end wrong"] += last != got_last
        self.kinds["list end early"] += got_last < last
        self.kinds["list end late"] += got_last > last
        for gold, got in zip(labels, guess, strict=True):
            listed, got_listed = gold in LIST, got in LIST
            if listed and got_listed and gold != got:
                self.kinds["entry start missed" if gold == "start" else "entry start extra"] += 1
            elif listed and not got_listed:
                self.kinds[f"list line taken for {got}"] += 1
            elif got_listed and not listed:
                self.kinds[f"{gold} line taken for the list"] += 1
            elif gold != got and "furn" in (gold, got):
                self.kinds[f"{gold} taken for {got}"] += 1
        engine = str(doc["style"]).split(":")[0]
        keys = [f"layout {doc['layout']}", f"engine {engine}"]
        if doc.get("ghostscript"):
            keys.append("ghostscript")
        # The corpus sets Chinese documents in its ctex layouts only.
        keys.append("text Chinese" if str(doc["layout"]).startswith("ctex") else "text other")
        for key in keys:
            self.groups[key].add(labels, guess)

    def report(self) -> str:
        out = [f"{'errors':<34} {'count':>7}"]
        out += [f"{kind:<34} {n:>7}" for kind, n in sorted(self.kinds.items())]
        out.append(
            f"{'group':<34} {'docs':>5} {'lines':>7} {'P':>6} {'R':>6} {'F1':>6} {'start+end':>9}"
        )
        for key in sorted(self.groups):
            t = self.groups[key]
            p, r, f1 = t.prf()
            out.append(
                f"{key:<34} {t.docs:>5} {t.right / max(t.lines, 1):>7.4f}"
                f" {p:>6.3f} {r:>6.3f} {f1:>6.3f} {t.bounds / max(t.docs, 1):>9.3f}"
            )
        return "\n".join(out)


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

    def prf(self) -> tuple[float, float, float]:
        p = self.matched / self.pred if self.pred else 0.0
        r = self.matched / self.gold if self.gold else 0.0
        return p, r, 2 * p * r / (p + r) if p + r else 0.0

    def row(self, name: str, families: str = "", seconds: str = "") -> str:
        p, r, f1 = self.prf()
        return (
            f"{name:>4} {self.docs:>5} {families:>8} {self.right / max(self.lines, 1):>7.4f}"
            f" {self.gold:>7} {p:>6.3f} {r:>6.3f} {f1:>6.3f}"
            f" {self.bounds / max(self.docs, 1):>9.3f} {seconds:>7}"
        )


def evaluate(
    docs: list[dict[str, Any]],
    model: Path,
    errors: Errors | None = None,
    per_doc: TextIO | None = None,
) -> Tally:
    import pycrfsuite

    tagger = pycrfsuite.Tagger()
    tagger.open(str(model))
    tally = Tally()
    for doc in docs:
        rows, labels, heights = rows_of(doc)
        guess = list(tagger.tag(featurize(rows, heights)))
        tally.add(labels, guess)
        if errors is not None:
            errors.add(doc, labels, guess)
        if per_doc is not None:
            matched, gold, pred = score(labels, guess)
            row = {k: doc[k] for k in ("id", "style", "family", "layout")}
            row.update(matched=matched, gold=gold, pred=pred)
            per_doc.write(json.dumps(row) + "\n")
    return tally


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", type=Path, default=DATA)
    ap.add_argument("--folds", type=int, default=5)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--iterations", type=int, default=150)
    ap.add_argument("--c1", type=float, default=C1)
    ap.add_argument("--c2", type=float, default=C2)
    ap.add_argument("--only", default="", help="the folds to run, e.g. 1,3 (default: all)")
    ap.add_argument("--errors", action="store_true", help="where the model errs, by kind")
    ap.add_argument(
        "--per-doc",
        type=Path,
        help="write each document's entries (matched, gold, found) here, a JSON object a "
        "line, to compare runs on the documents they share",
    )
    args = ap.parse_args()
    only = {int(x) for x in args.only.split(",") if x.strip()}
    docs = list(read_tidy(args.data))
    folds = folds_by_family(docs, args.folds, args.seed)
    print(
        f"documents {len(docs)}, families {len({d['family'] for d in docs})},"
        f" styles {len({d['style'] for d in docs})}, folds {args.folds}"
    )
    print(
        f"{'fold':>4} {'docs':>5} {'families':>8} {'lines':>7} {'entries':>7}"
        f" {'P':>6} {'R':>6} {'F1':>6} {'start+end':>9} {'cpu s':>7}"
    )
    total = Tally()
    errors = Errors() if args.errors else None
    per_doc = args.per_doc.open("w", encoding="utf-8") if args.per_doc else None
    with tempfile.TemporaryDirectory() as tmp:
        for i, test in enumerate(folds):
            if only and i not in only:
                continue
            train_docs = [d for j, fold in enumerate(folds) if j != i for d in fold]
            model = Path(tmp) / f"fold{i}.crfsuite"
            start = time.process_time()
            train(train_docs, model, c1=args.c1, c2=args.c2, iterations=args.iterations)
            took = f"{time.process_time() - start:.1f}"
            tally = evaluate(test, model, errors, per_doc)
            print(tally.row(str(i), str(len({d["family"] for d in test})), took), flush=True)
            total.merge(tally)
    print(total.row("all"))
    if per_doc is not None:
        per_doc.close()
    if errors is not None:
        print(errors.report())


if __name__ == "__main__":
    main()
