"""Field accuracy of the parser on gold entry strings (no PDF extraction involved).

    .venv/bin/python -m benchmarks.parse_strings [--set dev|seed|realdev|both] [--model FILE]
        [--show N]

Feeds each gold item's `_raw` through parse_reference and scores the fields exactly as
/work/shared/bench/score.py does (its normalisation functions are imported). Measuring
only: nothing here is used for training or for tuning rules.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

from benchmarks._util import SHARED, bench_scorer
from refmanager.parse import parse_reference


def gold_files(which: str) -> list[Path]:
    files: list[Path] = []
    if which in ("dev", "both"):
        files += sorted((SHARED / "bench" / "dev").glob("*.gold.json"))
    if which in ("seed", "both"):
        files.append(SHARED / "seed" / "seed-pages.gold.json")
    if which == "realdev":
        files += sorted((SHARED / "bench" / "realdev").glob("*.gold.json"))
    return files


def score_file(
    sc: ModuleType, path: Path, model: Path | None, show: int
) -> tuple[int, int, int, int, int]:
    gold: list[dict[str, Any]] = json.loads(path.read_text(encoding="utf-8"))
    tp = fp = fn = right = 0
    shown = 0
    for g in gold:
        raw = g.get("_raw", "")
        p = parse_reference(raw, model).to_csl()
        ok = True
        bad = []
        for f in sc.FIELDS:
            gv, pv = sc.field_value(g, f), sc.field_value(p, f)
            if gv is not None:
                if sc.values_equal(f, pv, gv):
                    tp += 1
                else:
                    ok = False
                    fn += 1
                    if pv is not None:
                        fp += 1
                    bad.append((f, gv, pv))
            elif pv is not None and not sc.supported_by_raw(f, pv, raw):
                fp += 1
                bad.append((f, None, pv))
        right += ok
        if bad and shown < show:
            shown += 1
            print(f"  {raw}")
            for f, gv, pv in bad:
                print(f"    {f}: gold={gv!r} got={pv!r}")
    return tp, fp, fn, right, len(gold)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--set", default="both", choices=("dev", "seed", "realdev", "both"))
    ap.add_argument("--model", type=Path, default=None)
    ap.add_argument("--show", type=int, default=0, help="print up to N wrong entries per file")
    args = ap.parse_args()
    sc = bench_scorer()
    totals: dict[str, list[int]] = {}
    for path in gold_files(args.set):
        tp, fp, fn, right, n = score_file(sc, path, args.model, args.show)
        group = "seed" if "seed" in path.name else path.parent.name
        t = totals.setdefault(group, [0, 0, 0, 0, 0])
        for i, v in enumerate((tp, fp, fn, right, n)):
            t[i] += v
        f1 = 2 * tp / (2 * tp + fp + fn) if tp else 0.0
        print(f"{path.name:34s} field F1 {f1:.3f}  instance acc {right / n:.3f}  ({n} refs)")
    for group, (tp, fp, fn, right, n) in totals.items():
        p = tp / (tp + fp) if tp + fp else 0.0
        r = tp / (tp + fn) if tp + fn else 0.0
        f1 = 2 * p * r / (p + r) if p + r else 0.0
        print(
            f"== {group}: field micro P {p:.3f} R {r:.3f} F1 {f1:.3f}; "
            f"instance accuracy {right / n:.3f} ({n} refs)"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
