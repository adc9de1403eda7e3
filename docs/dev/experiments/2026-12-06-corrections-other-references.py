"""Learning from 10 corrections: what the paper's other references could add (issue 21 item 5).

Decision 0035's eighth-session addendum has the figures. Two steps:

    PYTHONPATH=. nice .venv/bin/python docs/dev/experiments/2026-12-06-corrections-other-references.py \
        record /work/cache/final /tmp/runs.pkl
    PYTHONPATH=. .venv/bin/python docs/dev/experiments/2026-12-06-corrections-other-references.py \
        analyse /tmp/runs.pkl

``record`` takes the documents of ``benchmarks.corrections_real`` (GROBID documents of 25
strings or more that the fold model gets wrong somewhere), trains one library model per
document as ``train_library`` does without its cross-check (2,000 copied generated strings
labelled by the fold model, the aligned corrections of the first 10 references x20, 100
iterations) and stores, for every reference, the gold token labels and fields and the
labellings (and fields) of the fold model ("base"), of the library model with the veto
("near") and without it ("far"). The copied strings' labelling is cached by fold.

``analyse`` needs no training: it reads those labellings and prints, per variant, the mean
and worst gain of the other references' field F1 (``Tally`` as the benchmark scores):
- bounds: every wrong field whose gold value a correction gives to the same field fixed
  (a paper-level lexicon that never errs); every wrong token whose (right label, given
  label) pair is among the corrected references' errors fixed; the best of base / near /
  far chosen per reference;
- template transfer: a reference whose fold-model labelling has the same runs of fields
  and separators as a corrected reference's gets that correction's relabelling;
- skeleton consistency: far instead of near for a document (or a reference) when more of
  the other references then have a field sequence that a corrected reference has;
- shape: the library model's own labelling wherever it cuts no field into more pieces and
  leaves no more words unlabelled than the vetoed one (``tagger.no_worse_shape``), and the
  same only for references whose field sequence a corrected reference has, both in the
  fold model's reading (the rule kept).

The two training variants of the addendum (the other references labelled by the fold
model as copied strings; one round of self-training on them) were measured on 16
documents by retraining with ``train_sequences`` as ``record`` does, the other
references' sequences (``_stacked_sequence`` of their text, labelled by the fold model or
by the library model with the veto) added to the copied strings.
"""

from __future__ import annotations

import pickle
import shutil
import statistics
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from benchmarks.learning_curve import _norm, corrected_item, gold_fields, predicted_fields
from benchmarks.real_cv import Tally, folds_of
from refmanager.parse import example_from_correction, parse_reference
from refmanager.parse.parser import build_reference
from refmanager.parse.retrain import (
    LIBRARY_ITERATIONS,
    LIBRARY_SIZE,
    LIBRARY_WEIGHT,
    _stacked_sequence,
    base_examples_path,
    read_examples,
)
from refmanager.parse.tagger import STACKED_SUFFIX, open_tagger, stacked_marker, tag_sequence
from refmanager.parse.tokens import KIND_PUNCT, Tok, split_label
from refmanager.parse.train import fully_aligned, token_labels, train_sequences
from tools.realdata import DATA, real_strings

Row = dict[str, Any]


def _fields(ref: Any) -> dict[str, str]:
    pred = {k: _norm(v) for k, v in predicted_fields(ref).items()}
    return {k: v for k, v in pred.items() if v}


def record(models: Path, out: Path, k: int = 10) -> None:
    real = real_strings(DATA)
    fold_of = folds_of([g for _, g in real], 5)
    docs: dict[str, list[Any]] = {}
    for ex, group in real:
        if group.startswith("grobid:") and "#" not in group:
            docs.setdefault(group, []).append(ex)
    generated = read_examples(base_examples_path())[:LIBRARY_SIZE]
    copied: dict[int, list[Any]] = {}
    results: dict[str, Any] = pickle.loads(out.read_bytes()) if out.is_file() else {}
    work = out.with_suffix(".models")
    work.mkdir(exist_ok=True)
    for group, strings in sorted(docs.items()):
        if len(strings) < 25 or group in results:
            continue
        base = models / f"fold-{fold_of[group]}.crfsuite"
        golds = [{key: _norm(v) for key, v in gold_fields(ex).items()} for ex in strings]
        preds = [_fields(parse_reference(ex.text, base)) for ex in strings]
        if golds == preds:
            continue
        tagger = open_tagger(base)
        if fold_of[group] not in copied:
            copied[fold_of[group]] = [_stacked_sequence(tagger, ex, copy=True) for ex in generated]
        fixes = []
        for ex in strings[:k]:
            item = corrected_item(ex)
            example = example_from_correction(ex.text, item)
            if fully_aligned(example, item):
                fixes.append(example)
        near = work / f"{len(results)}.near.crfsuite"
        far = work / f"{len(results)}.far.crfsuite"
        t0 = time.perf_counter()
        if fixes:
            fixed = [_stacked_sequence(tagger, ex) for ex in fixes]
            train_sequences(
                [*copied[fold_of[group]], *(fixed * LIBRARY_WEIGHT)],
                near,
                max_iterations=LIBRARY_ITERATIONS,
            )
            shutil.copyfile(near, far)
            Path(f"{near}{STACKED_SUFFIX}").write_text(stacked_marker(base), encoding="utf-8")
            Path(f"{far}{STACKED_SUFFIX}").write_text(
                stacked_marker(base, further=True), encoding="utf-8"
            )
        rows = []
        for ex, gold, pred in zip(strings, golds, preds, strict=True):
            toks, gold_toks = token_labels(ex.text, ex.labels)
            row: Row = {
                "text": ex.text,
                "gold": gold,
                "base": pred,
                "gold_toks": gold_toks,
                "base_toks": tag_sequence(toks, None, base).labels,
            }
            if fixes:
                for name, model in (("near", near), ("far", far)):
                    row[name] = _fields(parse_reference(ex.text, model))
                    row[f"{name}_toks"] = tag_sequence(toks, None, model).labels
            rows.append(row)
        results[group] = {"nfix": len(fixes), "rows": rows, "seconds": time.perf_counter() - t0}
        out.write_bytes(pickle.dumps(results))
        print(f"{group[7:60]:55} {len(fixes)} corrections, {time.perf_counter() - t0:.1f} s")


def f1(pairs: Iterable[tuple[dict[str, str], dict[str, str]]]) -> float:
    tally = Tally()
    for gold, pred in pairs:
        tally.add(gold, pred)
    return tally.f1()


def _toks(text: str) -> list[Tok]:
    return token_labels(text, ["O"] * len(text))[0]


def _runs(labels: list[str]) -> list[tuple[str, int, int]]:
    out, i = [], 0
    while i < len(labels):
        j = i
        while j < len(labels) and labels[j] == labels[i]:
            j += 1
        out.append((labels[i], i, j))
        i = j
    return out


def _label_fields(text: str, toks: list[Tok], labels: list[str]) -> dict[str, str]:
    ref, _ = build_reference(
        text, toks, labels, [0.9] * len(labels), label_end=split_label(text)[1]
    )
    return _fields(ref)


def _template(toks: list[Tok], labels: list[str]) -> tuple[str, ...]:
    key = []
    for label, a, b in _runs(labels):
        if label == "O":
            key.append(
                "O:" + " ".join(t.text if t.kind == KIND_PUNCT else t.kind for t in toks[a:b])
            )
        else:
            key.append(label)
    return tuple(key)


def _sequence(labels: list[str]) -> tuple[str, ...]:
    out: list[str] = []
    for label in labels:
        if label != "O" and (not out or out[-1] != label):
            out.append(label)
    return tuple(out)


def _transfer(c_base: list[str], c_gold: list[str], x_base: list[str]) -> list[str] | None:
    out = list(x_base)
    for (_, a, b), (_, p, q) in zip(_runs(c_base), _runs(x_base), strict=True):
        gold = c_gold[a:b]
        pieces = _runs(gold)
        if len(pieces) == 1:
            out[p:q] = [pieces[0][0]] * (q - p)
        elif b - a == q - p:
            out[p:q] = gold
        elif len(pieces) == 2 and q - p >= 2:
            (g1, s1, e1), (g2, s2, e2) = pieces
            if e1 - s1 <= e2 - s2:
                out[p : p + e1 - s1] = [g1] * (e1 - s1)
                out[p + e1 - s1 : q] = [g2] * (q - p - e1 + s1)
            else:
                out[q - e2 + s2 : q] = [g2] * (e2 - s2)
                out[p : q - e2 + s2] = [g1] * (q - p - e2 + s2)
        else:
            return None
    return out


def _shape_faults(toks: list[Tok], labels: list[str]) -> tuple[int, int]:
    runs: Counter[str] = Counter()
    previous = None
    unlabelled = 0
    for tok, label in zip(toks, labels, strict=True):
        if label == "O":
            if tok.kind == KIND_PUNCT:
                continue
            unlabelled += 1
        if label != previous:
            runs[label] += 1
            previous = label
    return sum(n - 1 for label, n in runs.items() if label != "O"), unlabelled


def _no_worse_shape(toks: list[Tok], labels: list[str], than: list[str]) -> bool:
    split, unlabelled = _shape_faults(toks, labels)
    split_than, unlabelled_than = _shape_faults(toks, than)
    return split <= split_than and unlabelled <= unlabelled_than


def analyse(path: Path) -> None:
    results = pickle.loads(path.read_bytes())
    variants: dict[str, Callable[[list[Row], list[Row]], list[dict[str, str]] | None]] = {}

    def lexicon(fixed: list[Row], rest: list[Row]) -> list[dict[str, str]]:
        values = defaultdict(set)
        for r in fixed:
            for key, value in r["gold"].items():
                values[key].add(value)
        out = []
        for r in rest:
            pred = dict(r["base"])
            for key, value in r["gold"].items():
                if pred.get(key) != value and value in values[key]:
                    pred[key] = value
            out.append(pred)
        return out

    def pairs(fixed: list[Row], rest: list[Row]) -> list[dict[str, str]]:
        seen = {
            (g, b)
            for r in fixed
            for g, b in zip(r["gold_toks"], r["base_toks"], strict=True)
            if g != b
        }
        return [
            _label_fields(
                r["text"],
                _toks(r["text"]),
                [
                    g if (g, b) in seen else b
                    for g, b in zip(r["gold_toks"], r["base_toks"], strict=True)
                ],
            )
            for r in rest
        ]

    def best_of_three(fixed: list[Row], rest: list[Row]) -> list[dict[str, str]] | None:
        if "near" not in rest[0]:
            return None
        return [
            max((r["base"], r["near"], r["far"]), key=lambda p, r=r: f1([(r["gold"], p)]))
            for r in rest
        ]

    def template(fixed: list[Row], rest: list[Row]) -> list[dict[str, str]]:
        lib = defaultdict(list)
        for r in fixed:
            if r["base_toks"] != r["gold_toks"]:
                lib[_template(_toks(r["text"]), r["base_toks"])].append(
                    (r["base_toks"], r["gold_toks"])
                )
        out = []
        for r in rest:
            toks = _toks(r["text"])
            found = [
                t
                for cb, cg in lib.get(_template(toks, r["base_toks"]), [])
                if (t := _transfer(cb, cg, r["base_toks"])) is not None
            ]
            counts = Counter(tuple(t) for t in found).most_common()
            if counts and (len(counts) == 1 or counts[0][1] > counts[1][1]):
                out.append(_label_fields(r["text"], toks, list(counts[0][0])))
            else:
                out.append(r["base"])
        return out

    def near(fixed: list[Row], rest: list[Row]) -> list[dict[str, str]] | None:
        return [r["near"] for r in rest] if "near" in rest[0] else None

    def far(fixed: list[Row], rest: list[Row]) -> list[dict[str, str]] | None:
        return [r["far"] for r in rest] if "far" in rest[0] else None

    def consistent(per_reference: bool) -> Callable[[list[Row], list[Row]], Any]:
        def choose(fixed: list[Row], rest: list[Row]) -> list[dict[str, str]] | None:
            if "near" not in rest[0]:
                return None
            gold = {_template(_toks(r["text"]), r["gold_toks"]) for r in fixed}
            hits = {
                name: [_template(_toks(r["text"]), r[f"{name}_toks"]) in gold for r in rest]
                for name in ("base", "near", "far")
            }
            if not per_reference:
                name = "far" if sum(hits["far"]) > sum(hits["near"]) else "near"
                return [r[name] for r in rest]
            out = []
            for i, r in enumerate(rest):
                if hits["far"][i] and not hits["near"][i]:
                    out.append(r["far"])
                elif hits["base"][i] and not hits["near"][i]:
                    out.append(r["base"])
                else:
                    out.append(r["near"])
            return out

        return choose

    def shape(scoped: bool) -> Callable[[list[Row], list[Row]], Any]:
        def choose(fixed: list[Row], rest: list[Row]) -> list[dict[str, str]] | None:
            if "near" not in rest[0]:
                return None
            sequences = {_sequence(r["base_toks"]) for r in fixed}
            out = []
            for r in rest:
                toks = _toks(r["text"])
                ok = _no_worse_shape(toks, r["far_toks"], r["near_toks"])
                if scoped:
                    ok = ok and _sequence(r["base_toks"]) in sequences
                out.append(r["far"] if ok else r["near"])
            return out

        return choose

    variants = {
        "bound: lexicon of corrected values": lexicon,
        "bound: corrected (right, given) label pairs": pairs,
        "bound: best of base/near/far per reference": best_of_three,
        "veto (near)": near,
        "no veto (far)": far,
        "template transfer": template,
        "skeleton consistency, per document": consistent(False),
        "skeleton consistency, per reference": consistent(True),
        "shape": shape(False),
        "shape, scoped to corrected field sequences": shape(True),
    }
    for name, variant in variants.items():
        gains = []
        for d in results.values():
            fixed, rest = d["rows"][:10], d["rows"][10:]
            before = f1((r["gold"], r["base"]) for r in rest)
            preds = variant(fixed, rest)
            after = before if preds is None else f1(zip((r["gold"] for r in rest), preds))
            gains.append(after - before)
        print(
            f"{name:50} {len(gains)} documents: mean {statistics.mean(gains):+.4f}, "
            f"worst {min(gains):+.3f}, best {max(gains):+.3f}"
        )


if __name__ == "__main__":
    if sys.argv[1] == "record":
        record(Path(sys.argv[2]), Path(sys.argv[3]))
    else:
        analyse(Path(sys.argv[2]))
