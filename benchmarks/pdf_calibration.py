"""Does the confidence hold on real strings as the PDF path delivers them?

    .venv/bin/python -m benchmarks.pdf_calibration MODELS_DIR --weights DIR
        [--docs 0] [--max-refs 40] [--seed 1] [--layouts ...] [--save FILE | --load FILE]

The real strings of ``tools.realdata`` are typeset by document as ``benchmarks.real_in_pdf``
typesets them (one layout per document, the layouts in turn) and read back as ``refmanager
extract`` reads them (``service.extract.extract_pdf``), each document with the fold model
that never saw it (``MODELS_DIR/fold-K.crfsuite``, the folds of ``benchmarks.real_cv``).
The same strings are parsed as strings too. Every field is judged as
``../shared/bench/calibration.py`` judges it (score.py's fields and alignment: right when
equal to the gold's, or shown by the entry where the gold has none; every field of an entry
aligned with no gold string is wrong), and every row as ``benchmarks.row_calibration`` does
(score.py's instance accuracy).

The confidences are cross-fitted: a document of fold K is scored by ``DIR/fold-K.json``,
the calibration fitted without fold K (``tools.realdata.calibrate --fold-weights DIR``;
with ``--pdf`` there, the read-back strings of the other folds too). Prints, for the
strings and the PDF path, the reliability table, ECE, AUROC and the share wrong among
fields at >= 0.9, of fields and of rows (the row as the app shows it, at most its lowest
field's, and the row model alone). ``--docs 0`` takes every document of 3 strings or
more. ``--save`` keeps the evidence and verdicts (a pickle), ``--load`` scores them again
with other weights without typesetting.
"""

from __future__ import annotations

import argparse
import json
import pickle
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

from benchmarks._util import bench_scorer
from benchmarks.real_cv import folds_of
from benchmarks.real_in_pdf import LAYOUTS, as_printed, gold_item, read_back, unlabelled
from refmanager.model import Reference
from refmanager.parse.confidence import Features, evidence, row_features, score
from refmanager.parse.parser import parse_uncalibrated
from refmanager.parse.train import Example
from tools.fieldcorpus.calibrate import ece_auroc
from tools.realdata import DATA, real_strings
from tools.realdata.calibrate import reliability

STRINGS = "strings"
PDF = "pdf"
_KEY = {"year": "issued"}  # score.py's field -> the key of its confidence


@dataclass(slots=True)
class Row:
    """One entry's evidence and verdicts: per scored field (score.py's name) its features
    and whether it is right, and whether the row is."""

    fold: int
    path: str
    entry: Features
    fields: dict[str, tuple[Features, bool]] = field(default_factory=dict)
    right: bool = False


def sample_groups(
    real: list[tuple[Example, str]], docs: int, seed: int, min_refs: int
) -> list[str]:
    """``docs`` groups (0: all) of ``min_refs`` strings or more, in a seeded order."""
    import random

    sizes: dict[str, int] = {}
    for _, g in real:
        sizes[g] = sizes.get(g, 0) + 1
    groups = sorted(g for g, n in sizes.items() if n >= min_refs)
    random.Random(seed).shuffle(groups)
    return groups[:docs] if docs else groups


def judged_fields(
    sc: ModuleType, item: dict[str, Any], gold: dict[str, Any] | None
) -> dict[str, bool]:
    """calibration.py's verdict on each field ``item`` sets (score.py's names)."""
    out: dict[str, bool] = {}
    for f in sc.FIELDS:
        pv = sc.field_value(item, f)
        if pv is None:
            continue
        if gold is None:
            out[f] = False
            continue
        gv = sc.field_value(gold, f)
        out[f] = bool(
            sc.values_equal(f, pv, gv)
            if gv is not None
            else sc.supported_by_raw(f, pv, gold.get("_raw", ""))
        )
    return out


def row_of(
    sc: ModuleType,
    ref: Reference,
    evidence_of: tuple[Features, dict[str, Features]],
    *,
    where: tuple[int, str],
    gold: dict[str, Any] | None,
    right: bool,
) -> Row:
    """The evidence and verdicts of one entry of fold and path ``where``."""
    entry, feats = evidence_of
    row = Row(where[0], where[1], entry, right=right)
    used: set[str] = set()
    for f, field_right in judged_fields(sc, ref.to_csl(), gold).items():
        key = _KEY.get(f, f)
        if key in feats:
            row.fields[f] = (feats[key], field_right)
            used.add(key)
    # the row's probability reads every field the parser scored, judged or not
    row.fields.update({"~" + k: (v, True) for k, v in feats.items() if k not in used})
    return row


def collect(args: argparse.Namespace) -> list[Row]:
    from tools.qtpdf import application

    sc = bench_scorer()
    application()
    layouts = [x for x in LAYOUTS if x.name in args.layouts.split(",")]
    real = real_strings(args.data)
    fold_of = folds_of([g for _, g in real], 5)
    by_group: dict[str, list[Example]] = {}
    for ex, name in real:
        by_group.setdefault(name, []).append(ex)
    rows: list[Row] = []
    chosen = sample_groups(real, args.docs, args.seed, args.min_refs)
    t0 = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        for d, group in enumerate(chosen):
            k = fold_of[group]
            model = args.models / f"fold-{k}.crfsuite"
            examples = [as_printed(unlabelled(ex)) for ex in by_group[group][: args.max_refs]]
            gold = [gold_item(ex, j) for j, ex in enumerate(examples)]
            for ex, item in zip(examples, gold, strict=True):
                ref, _, tagging = parse_uncalibrated(ex.text, model)
                right = all(judged_fields(sc, ref.to_csl(), item).values()) and all(
                    sc.field_value(ref.to_csl(), f) is not None
                    for f in sc.FIELDS
                    if sc.field_value(item, f) is not None
                )
                rows.append(
                    row_of(
                        sc, ref, evidence(ref, tagging), where=(k, STRINGS), gold=item, right=right
                    )
                )
            layout = layouts[d % len(layouts)]
            pdf = Path(tmp) / f"{d:04d}.pdf"
            strings = [" ".join(ex.text.split()) for ex in examples]
            refs = [
                r
                for r in read_back(pdf, strings, layout, model, f"real strings {d}")
                if not r.fragment
            ]
            pred = [r.to_csl() for r in refs]
            pairs = sc.score_doc(pred, gold, 0.5)["pairs"] if pred and gold else []
            aligned = {p["pred_index"]: (p["gold"], bool(p["all_fields_right"])) for p in pairs}
            for i, ref in enumerate(refs):
                again, _, tagging = parse_uncalibrated(
                    ref.raw, model, ref.styles or None, ref.label or None
                )
                j, right = aligned.get(i, (None, False))
                rows.append(
                    row_of(
                        sc,
                        ref,
                        evidence(again, tagging),
                        where=(k, PDF),
                        gold=gold[j] if j is not None else None,
                        right=right,
                    )
                )
            if (d + 1) % 25 == 0:
                print(
                    f"  {d + 1}/{len(chosen)} documents, {time.perf_counter() - t0:.0f} s",
                    file=sys.stderr,
                )
    return rows


def report(rows: list[Row], weights: dict[int, dict[str, dict[str, float]]]) -> None:
    for path in (STRINGS, PDF):
        fields: list[tuple[float, bool]] = []
        row_pairs: list[tuple[float, bool]] = []
        alone: list[tuple[float, bool]] = []  # the row model without the app's cap
        for row in rows:
            if row.path != path:
                continue
            w = weights[row.fold]
            probs = {f: score(w["field"], feats) for f, (feats, _) in row.fields.items()}
            fields += [(probs[f], r) for f, (_, r) in row.fields.items() if not f.startswith("~")]
            p = list(probs.values())
            row_p = score(w["row"], row_features(row.entry, p))
            row_pairs.append((min(row_p, *p) if p else row_p, row.right))
            alone.append((row_p, row.right))
        fe, fa = ece_auroc(fields)
        re_, ra = ece_auroc(row_pairs)
        sure = [r for c, r in fields if c >= 0.9]
        right = sum(r for _, r in fields) / max(len(fields), 1)
        print(f"== {path}: fields {len(fields)} ({right:.3f} right)")
        print(reliability(fields))
        print(
            f"fields ECE {fe:.4f}  AUROC {fa:.4f}  wrong among >= 0.9: "
            f"{(len(sure) - sum(sure)) / max(len(sure), 1):.4f} of {len(sure)}"
        )
        rows_right = sum(r for _, r in row_pairs) / max(len(row_pairs), 1)
        print(reliability(row_pairs))
        print(f"rows {len(row_pairs)} ({rows_right:.3f} right): ECE {re_:.4f}  AUROC {ra:.4f}")
        ae, aa = ece_auroc(alone)
        print(
            f"  the row model alone (not capped at the lowest field): ECE {ae:.4f}  AUROC {aa:.4f}"
        )


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("models", type=Path, help="fold models fold-K.crfsuite")
    ap.add_argument("--weights", type=Path, required=True, help="fold-K.json calibrations")
    ap.add_argument("--data", type=Path, default=DATA)
    ap.add_argument("--docs", type=int, default=0, help="documents typeset (0: all)")
    ap.add_argument("--min-refs", type=int, default=3)
    ap.add_argument("--max-refs", type=int, default=40)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--layouts", default=",".join(x.name for x in LAYOUTS))
    ap.add_argument("--save", type=Path, help="keep the evidence and verdicts here")
    ap.add_argument("--load", type=Path, help="score the evidence kept by --save")
    args = ap.parse_args(argv)
    if args.load:
        rows = pickle.loads(args.load.read_bytes())
    else:
        rows = collect(args)
        if args.save:
            args.save.write_bytes(pickle.dumps(rows))
    weights = {
        int(p.stem.split("-")[1]): json.loads(p.read_text(encoding="utf-8"))
        for p in args.weights.glob("fold-*.json")
    }
    report(rows, weights)
    return 0


if __name__ == "__main__":
    sys.exit(main())
