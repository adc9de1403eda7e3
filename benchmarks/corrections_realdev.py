"""Learning from corrections on real papers, the user's way.

    .venv/bin/python -m benchmarks.corrections_realdev [--set ../shared/bench/realdev] [--k 10]

For each paper of the set: import the PDF into a new library (``import_paths``), take the
first ``k`` extracted references that match a gold entry and have a wrong field, and
correct every field that is wrong, as a user would in the window (``edit_field``,
values from the gold); retrain the library's model (``retrain_library``: what
``refmanager train --with-corrections`` and "Learn from my corrections" run), re-parse the
library (``reparse_matching``: edited fields are kept), and score the paper's *other*
references (gold entries not among the ``k``, predicted entries other than the corrected
ones). Prints their field micro F1 as imported, re-parsed by the shipped model (from the
stored text and font styles: the baseline of what retraining changes) and after
retraining, the gain over that baseline (and, over the set, the most any retraining could
gain: the mean of one less the baseline), the retraining time, and whether the retrained
model was kept (the check in ``train_library`` rejects a model that gets worse). The gold
is only read to measure and to play the user; nothing of it is trained on except the
corrections the benchmark makes, which is the point.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import tempfile
import time
from pathlib import Path
from types import ModuleType
from typing import Any

from refmanager.model import InputError
from refmanager.service.editing import edit_field, reparse_matching
from refmanager.service.importing import import_paths
from refmanager.service.opening import open_library
from refmanager.service.parsing import parse_again
from refmanager.service.training import retrain_library

SCORED = (
    "author",
    "title",
    "container-title",
    "year",
    "volume",
    "issue",
    "page",
    "DOI",
    "URL",
    "publisher",
)


def _score_module(bench: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location("score", bench / "score.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _names(gold: dict[str, Any]) -> str:
    out = []
    for name in gold.get("author") or []:
        if name.get("literal"):
            out.append(name["literal"])
        else:
            out.append(", ".join(p for p in (name.get("family", ""), name.get("given", "")) if p))
    return "; ".join(out)


def _gold_value(S: ModuleType, gold: dict[str, Any], field: str) -> str:
    if field == "author":
        return _names(gold)
    if field == "year":
        year = S.year_of(gold)
        return str(year) if year else ""
    value = gold.get(field)
    return str(value) if value else ""


def _wrong_fields(S: ModuleType, p: dict[str, Any], g: dict[str, Any]) -> list[tuple[str, str]]:
    """The fields a user would correct, with the gold value ("" to clear a field)."""
    out = []
    for field in SCORED:
        pv, gv = S.field_value(p, field), S.field_value(g, field)
        if gv is not None and (pv is None or not S.values_equal(field, pv, gv)):
            out.append((field, _gold_value(S, g, field)))
        elif gv is None and pv is not None and not S.supported_by_raw(field, pv, g.get("_raw", "")):
            out.append((field, ""))
    return out


def _micro(S: ModuleType, pred: list[dict[str, Any]], gold: list[dict[str, Any]]) -> float:
    counts = S.score_doc(pred, gold, 0.5)["fields"]
    tp = sum(c["tp"] for c in counts.values())
    fp = sum(c["fp"] for c in counts.values())
    fn = sum(c["fn"] for c in counts.values())
    return float(S.prf(tp, fp, fn)[2])


def run_paper(
    S: ModuleType, pdf: Path, gold: list[dict[str, Any]], k: int, no_train: bool = False
) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "lib"
        with open_library(folder) as lib:
            import_paths(lib, [pdf], jobs=1)
            ids = lib.search.search_ids("", order_by="id")
            stored = lib.references.references(ids)
            pred = [s.reference.to_csl() for s in stored]
            w = [[S.similarity(p, g) for g in gold] for p in pred]
            pairs = sorted((i, j) for i, j in S.hungarian_max(w) if w[i][j] >= 0.5) if pred else []
            # a user corrects references that have something wrong
            chosen = [(i, j) for i, j in pairs if _wrong_fields(S, pred[i], gold[j])][:k]
            fixed_pred = {i for i, _ in chosen}
            fixed_gold = {j for _, j in chosen}
            corrections = 0
            for i, j in chosen:
                for field, value in _wrong_fields(S, pred[i], gold[j]):
                    edit_field(stored[i].id, "issued" if field == "year" else field, value).do(lib)
                    corrections += 1
            others_gold = [g for j, g in enumerate(gold) if j not in fixed_gold]
            before = _micro(S, [p for i, p in enumerate(pred) if i not in fixed_pred], others_gold)
            # re-parsing alone (the shipped model, from the stored raw text): the baseline of
            # what retraining changes
            again = [
                r.to_csl()
                for r in parse_again([s.reference for s in lib.references.references(ids)])
            ]
            reparsed = _micro(
                S, [p for i, p in enumerate(again) if i not in fixed_pred], others_gold
            )
        kept = True
        message = ""
        t0 = time.perf_counter()
        try:
            if not no_train:
                retrain_library(folder)
        except InputError as exc:
            kept = False
            message = str(exc)
        seconds = time.perf_counter() - t0
        with open_library(folder, create=False) as lib:
            if kept:
                reparse_matching(lib)
            after_refs = [s.reference.to_csl() for s in lib.references.references(ids)]
        after = _micro(S, [p for i, p in enumerate(after_refs) if i not in fixed_pred], others_gold)
    return {
        "before": before,
        "reparsed": reparsed,
        "after": after,
        "seconds": seconds,
        "kept": kept,
        "message": message,
        "corrections": corrections,
        "others": len(others_gold),
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--set", type=Path, default=Path("../shared/bench/realdev"))
    ap.add_argument("--k", type=int, default=10)
    ap.add_argument("--only", default="", help="only papers whose name contains this")
    ap.add_argument(
        "--no-train", action="store_true", help="re-parse without retraining (the baseline)"
    )
    args = ap.parse_args(argv)
    S = _score_module(args.set.resolve().parent)
    rows = []
    head = ("paper", "fixes", "others", "import", "reparse", "after", "gain", "train s")
    print(f"{head[0]:24} " + " ".join(f"{h:>7}" for h in head[1:]) + " kept")
    for pdf in sorted(args.set.glob("*.pdf")):
        gold_path = pdf.with_suffix(".gold.json")
        if not gold_path.is_file() or args.only not in pdf.stem:
            continue
        gold = json.loads(gold_path.read_text(encoding="utf-8"))
        r = run_paper(S, pdf, gold, args.k, args.no_train)
        rows.append(r)
        kept = "yes" if r["kept"] else "no: " + r["message"]
        print(
            f"{pdf.stem:24} {r['corrections']:7d} {r['others']:7d} {r['before']:7.3f} "
            f"{r['reparsed']:7.3f} {r['after']:7.3f} {r['after'] - r['reparsed']:+7.3f} "
            f"{r['seconds']:7.1f} {kept}"
        )
    if rows:
        gains = [r["after"] - r["reparsed"] for r in rows]
        # The most any retraining could gain: every other reference right after it.
        ceiling = sum(1.0 - r["reparsed"] for r in rows) / len(rows)
        print(
            f"mean gain {sum(gains) / len(gains):+.3f} (at most {ceiling:+.3f}: every other "
            f"reference right); worst {min(gains):+.3f}; "
            f"retraining {max(r['seconds'] for r in rows):.1f} s at most"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
