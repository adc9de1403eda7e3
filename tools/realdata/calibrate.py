"""Fit the confidence calibration on real strings held out by document.

    python -m tools.realdata.calibrate MODELS_DIR [--folds 5] [--out FILE] [--junk 0.05]
        [--fold-weights DIR]

``MODELS_DIR`` holds ``fold-K.crfsuite`` for the folds K of ``benchmarks.real_cv --keep``
(the folds whose model is there are used): fold K's model never saw the real strings of
fold K's documents. Each real
string is parsed with the model of its own fold and every field the parser sets is judged
right or wrong against the hand labels (``tools.fieldcorpus.calibrate.judge``), except a
field the string's labels lack altogether, which is judged neither way (hand labels omit
fields: ``unlabelled_fields``); generated non-references, fragments and merged pairs
(``tools.fieldcorpus.junk``, a ``--junk`` share, 5%: about what the list finder still lets
through, decision 0050's addendum) teach the confidence what is not one reference.
The figures are printed for the mix and for the real strings alone.

The figures printed are cross-fitted: the calibration scored on fold K was fitted on the
other folds only. The file written (``--out``, default the shipped
``refmanager/parse/data/calibration.json``) is fitted on every fold, with its manifest
(``calibration.json.manifest.json``: this command, the fold models and real strings with
their hashes, the versions, the settings and the cross-fitted figures). After a new tagger
model, the same command on its fold models refits it.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
from collections.abc import Sequence
from pathlib import Path

from benchmarks.real_cv import folds_of
from refmanager.parse.confidence import CALIBRATION_FILE, score
from refmanager.parse.train import Example
from tools.fieldcorpus.calibrate import Observed, ece_auroc, fit, observe, row_observations
from tools.fieldcorpus.junk import fragment, junk_example, merged
from tools.fieldcorpus.records import RecordGenerator
from tools.manifest import command_line, write_manifest
from tools.realdata import DATA, real_files, real_strings


def junk(refs: Sequence[Example], n: int, seed: int) -> list[Example]:
    """``n`` strings that are not one whole reference (made from ``refs`` and records)."""
    rng = random.Random(seed)
    gen = RecordGenerator(seed)
    out: list[Example] = []
    for _ in range(int(n * 0.55)):
        out.append(junk_example(gen, rng))
    for _ in range(int(n * 0.3)):
        out.append(fragment(rng.choice(refs), rng))
    while len(out) < n:
        out.append(merged(rng.choice(refs), rng.choice(refs)))
    return out


def fit_both(obs: Sequence[Observed]) -> tuple[dict[str, float], dict[str, float]]:
    """The field and row weights fitted on ``obs``."""
    field_w = fit([o for _, fields, _, _ in obs for o in fields.values()])
    row_w = fit(row_observations(obs, field_w))
    return field_w, row_w


def reliability(pairs: Sequence[tuple[float, bool]]) -> str:
    """The reliability table: per confidence bin, how many, how sure, how often right."""
    lines = ["    confidence     n      mean conf  right"]
    for k in range(10):
        lo, hi = k / 10, (k + 1) / 10
        b = [(c, r) for c, r in pairs if lo <= c < hi or (k == 9 and c >= 1.0)]
        if b:
            conf = sum(c for c, _ in b) / len(b)
            right = sum(r for _, r in b) / len(b)
            lines.append(f"    {lo:.1f}-{hi:.1f}    {len(b):<6} {conf:.3f}      {right:.3f}")
    return "\n".join(lines)


def _wrong_among(pairs: Sequence[tuple[float, bool]], cut: float) -> str:
    sure = [r for c, r in pairs if c >= cut]
    return f"wrong among >= {cut}: {(len(sure) - sum(sure)) / max(len(sure), 1):.3f} of {len(sure)}"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("models", type=Path)
    ap.add_argument("--data", type=Path, default=DATA)
    ap.add_argument("--folds", type=int, default=5)
    ap.add_argument("--junk", type=float, default=0.05, help="share of non-references")
    ap.add_argument("--out", type=Path, default=Path(CALIBRATION_FILE))
    ap.add_argument("--no-write", action="store_true", help="print the figures only")
    ap.add_argument(
        "--fold-weights",
        type=Path,
        help="also write each fold's cross-fitted calibration here (fold-K.json: fitted "
        "without fold K; ``benchmarks.pdf_calibration`` scores fold K with it)",
    )
    args = ap.parse_args(argv)
    real = real_strings(args.data)
    fold_of = folds_of([g for _, g in real], args.folds)
    kept = [k for k in range(args.folds) if (args.models / f"fold-{k}.crfsuite").is_file()]
    if len(kept) < 2:
        ap.error(f"{args.models}: fewer than two fold models")
    by_fold: list[list[Observed]] = []
    real_counts: list[int] = []  # each fold's observations: its real strings, then the rest
    for k in kept:
        model = args.models / f"fold-{k}.crfsuite"
        refs = [ex for ex, g in real if fold_of[g] == k]
        extra = junk(refs, int(len(refs) * args.junk / (1 - args.junk)), seed=31 + k)
        by_fold.append(observe([*refs, *extra], model, hand_labelled=True))
        real_counts.append(len(refs))
        print(f"fold {k}: {len(refs)} real strings, {len(extra)} non-references", file=sys.stderr)
    fields_out: list[tuple[float, bool]] = []
    from_real: list[bool] = []  # whether each of ``fields_out`` is a field of a real string
    rows_out: list[tuple[float, bool]] = []
    rows_real: list[bool] = []
    for k in range(len(kept)):
        train = [o for j in range(len(kept)) if j != k for o in by_fold[j]]
        field_w, row_w = fit_both(train)
        if args.fold_weights:
            args.fold_weights.mkdir(parents=True, exist_ok=True)
            (args.fold_weights / f"fold-{kept[k]}.json").write_text(
                json.dumps({"field": field_w, "row": row_w}), encoding="utf-8"
            )
        for i, (_, fs, _, _) in enumerate(by_fold[k]):
            fields_out += [(score(field_w, f), r) for f, r in fs.values()]
            from_real += [i < real_counts[k]] * len(fs)
        rows_out += [
            (min(score(row_w, f), 1.0), r) for f, r in row_observations(by_fold[k], field_w)
        ]
        rows_real += [i < real_counts[k] for i in range(len(by_fold[k]))]
    fe, fa = ece_auroc(fields_out)
    re_, ra = ece_auroc(rows_out)
    print("Field confidence on held-out real folds (cross-fitted):")
    print(reliability(fields_out))
    wrong = [_wrong_among(fields_out, cut) for cut in (0.9, 0.8)]  # the window tints < 0.9
    print(f"fields {len(fields_out)}: ECE {fe:.3f}  AUROC {fa:.3f}  " + "; ".join(wrong))
    for name, keep in (("real strings", True), ("non-references", False)):
        part = [pair for pair, real in zip(fields_out, from_real, strict=True) if real == keep]
        e, a = ece_auroc(part) if keep else (math.nan, math.nan)
        alone = f"ECE {e:.3f}  AUROC {a:.3f}  " if keep else ""
        print(f"  of which {name}: {len(part)} fields, {alone}{_wrong_among(part, 0.9)}")
    unjudged = sum(len(o[3]) for obs in by_fold for o in obs)
    print(f"  fields a real string's labels lack, judged neither way: {unjudged}")
    print("Row confidence (every field of the row right):")
    print(reliability(rows_out))
    real_rows = [pair for pair, real in zip(rows_out, rows_real, strict=True) if real]
    rre, rra = ece_auroc(real_rows)
    print(f"rows {len(rows_out)}: ECE {re_:.3f}  AUROC {ra:.3f}")
    print(f"  of which real strings: {len(real_rows)} rows, ECE {rre:.3f}  AUROC {rra:.3f}")
    if args.no_write:
        return 0
    field_w, row_w = fit_both([o for obs in by_fold for o in obs])
    args.out.write_text(
        json.dumps({"field": field_w, "row": row_w}, indent=0, sort_keys=True) + "\n",
        encoding="utf-8",
    )
    sure = [r for c, r in fields_out if c >= 0.9]
    real_fields = [pair for pair, real in zip(fields_out, from_real, strict=True) if real]
    real_sure = [r for c, r in real_fields if c >= 0.9]
    rfe, rfa = ece_auroc(real_fields)
    figures = {
        "fields": len(fields_out),
        "field ECE": round(fe, 4),
        "field AUROC": round(fa, 4),
        "wrong among >= 0.9": round((len(sure) - sum(sure)) / max(len(sure), 1), 4),
        "fields >= 0.9": len(sure),
        "rows": len(rows_out),
        "row ECE": round(re_, 4),
        "row AUROC": round(ra, 4),
        "real strings: fields": len(real_fields),
        "real strings: field ECE": round(rfe, 4),
        "real strings: field AUROC": round(rfa, 4),
        "real strings: wrong among >= 0.9": round(
            (len(real_sure) - sum(real_sure)) / max(len(real_sure), 1), 4
        ),
        "real strings: row ECE": round(rre, 4),
        "real strings: row AUROC": round(rra, 4),
        "fields judged neither way": unjudged,
    }
    manifest = write_manifest(
        args.out,
        command=command_line("tools.realdata.calibrate", argv or sys.argv[1:]),
        inputs=[*(args.models / f"fold-{k}.crfsuite" for k in kept), *real_files(args.data)],
        packages=["python-crfsuite"],
        settings={
            "folds": kept,
            "junk share": args.junk,
            "junk seeds": [31 + k for k in kept],
            "fields the labels lack": "judged neither way",
        },
        figures={"cross-fitted on held-out real folds": figures},
    )
    print(f"-> {args.out}, {manifest}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
