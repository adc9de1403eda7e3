"""Does the row's confidence mean what it says? The probability that the whole row is right.

    .venv/bin/python -m benchmarks.row_calibration [--sets seed,dev,realdev]

Extracts each PDF of a set (``extract_pdf``, the shipped model), aligns the rows with the
gold exactly as ``../shared/bench/score.py`` does, and judges a row right when score.py
counts it in the instance accuracy (aligned, every scored gold field right, nothing
unsupported added); a row that matches no gold entry is wrong. The row's confidence is
``_confidence["_row"]``. Prints, per set, the rows, the share right, the mean confidence,
the expected calibration error (10 bins) and the AUROC of the row confidence for telling
right rows from wrong ones. The sets are only measured, never trained on.
"""

from __future__ import annotations

import argparse
import json
from bisect import bisect_left, bisect_right
from pathlib import Path
from types import ModuleType

from benchmarks._util import SHARED, bench_scorer
from refmanager.parse.confidence import ROW
from refmanager.service.extract import extract_pdf


def ece_auroc(obs: list[tuple[float, bool]]) -> tuple[float, float]:
    n = len(obs)
    ece = 0.0
    for k in range(10):
        b = [(c, r) for c, r in obs if k / 10 <= c < (k + 1) / 10 or (k == 9 and c >= 1.0)]
        if b:
            ece += len(b) / n * abs(sum(c for c, _ in b) / len(b) - sum(r for _, r in b) / len(b))
    pos = [c for c, r in obs if r]
    neg = sorted(c for c, r in obs if not r)
    if not pos or not neg:
        return ece, float("nan")
    auc = sum(bisect_left(neg, c) + 0.5 * (bisect_right(neg, c) - bisect_left(neg, c)) for c in pos)
    return ece, auc / (len(pos) * len(neg))


def observe(S: ModuleType, folder: Path) -> list[tuple[float, bool]]:
    obs: list[tuple[float, bool]] = []
    for pdf in sorted(folder.glob("*.pdf")):
        gold_path = pdf.with_suffix(".gold.json")
        if not gold_path.is_file():
            continue
        gold = json.loads(gold_path.read_text(encoding="utf-8"))
        pred = S.drop_fragments([r.to_csl() for r in extract_pdf(pdf).references])
        right = {
            p["pred_index"]: bool(p["all_fields_right"])
            for p in S.score_doc(pred, gold, 0.5)["pairs"]
            if p["pred_index"] is not None
        }
        for i, item in enumerate(pred):
            conf = (item.get("_confidence") or {}).get(ROW)
            if isinstance(conf, (int, float)):
                obs.append((float(conf), right.get(i, False)))
    return obs


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sets", default="seed,dev,realdev")
    args = ap.parse_args(argv)
    S = bench_scorer()
    print(f"{'set':8} {'rows':>6} {'right':>7} {'mean conf':>10} {'ECE':>7} {'AUROC':>7}")
    for name in args.sets.split(","):
        folder = SHARED / "seed" if name == "seed" else SHARED / "bench" / name
        obs = observe(S, folder)
        if not obs:
            print(f"{name:8} no rows with a confidence")
            continue
        ece, auc = ece_auroc(obs)
        right = sum(r for _, r in obs) / len(obs)
        mean = sum(c for c, _ in obs) / len(obs)
        print(f"{name:8} {len(obs):6d} {right:7.3f} {mean:10.3f} {ece:7.3f} {auc:7.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
