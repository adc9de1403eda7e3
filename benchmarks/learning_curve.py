"""Learning from corrections: field F1 on a badly handled style after 0/5/10/20 corrections.

    .venv/bin/python -m benchmarks.learning_curve [--scan 40] [--eval 200] [--size 3000]
    .venv/bin/python -m benchmarks.learning_curve --scan-only   # step 1's figures only

1. Renders fresh records in every style never used for training (``HELDOUT_STYLES`` and
   ``UNSEEN_STYLES``) and finds the one the shipped model handles worst (field F1).
2. Renders 20 + ``--eval`` new entries of that style. For k = 0, 5, 10, 20 the first k are
   "corrected" (their true fields set on the item, as a user would in the window), turned
   into training examples by ``refmanager.parse.example_from_correction`` (alignment of
   values with the raw text), and a library model is trained as ``refmanager train
   --with-corrections`` does (``train_library``: corrections repeated plus generated
   strings; k = 0 is that model without corrections).
3. Reports field F1 on the ``--eval`` entries (never among the k), the training time, and
   F1 on the other unseen styles' entries (corrections of one style must not hurt others).
"""

from __future__ import annotations

import argparse
import re
import sys
import tempfile
import time
from pathlib import Path

from refmanager.model import Date, Reference
from refmanager.parse import Example, example_from_correction, parse_reference, parse_text
from refmanager.parse.names import split_names
from refmanager.parse.retrain import LIBRARY_ITERATIONS, LIBRARY_SIZE, train_library
from refmanager.parse.train import train_model
from tools.fieldcorpus.build import build_corpus
from tools.fieldcorpus.render import HELDOUT_STYLES, UNSEEN_STYLES


def _norm(text: str) -> str:
    return re.sub(r"[\W_]+", "", text.casefold())


def gold_fields(ex: Example) -> dict[str, str]:
    """Field -> text of its first labelled run."""
    out: dict[str, str] = {}
    i = 0
    while i < len(ex.labels):
        lab = ex.labels[i]
        j = i
        while j < len(ex.labels) and ex.labels[j] == lab:
            j += 1
        if lab != "O" and lab not in out:
            out[lab] = ex.text[i:j]
        i = j
    return out


def predicted_fields(ref: Reference) -> dict[str, str]:
    """What the parser made of each field: the item's values (DOI without its URL prefix,
    the year), and for names the span of text labelled as the name list."""
    out: dict[str, str] = {}
    for role in ("author", "editor"):
        spans = [t for t in ref.tokens if t.label == role]
        if spans:
            first = spans[0]
            end = first.end
            for tok in spans[1:]:
                if ref.raw[end : tok.start].strip():
                    break
                end = tok.end
            out[role] = ref.raw[first.start : end]
    for key, value in ref.fields.items():
        if key == "genre" and value == "preprint":
            continue  # set by the arXiv rule, never printed as such
        out[key] = value
    if ref.issued and ref.issued.year:
        out["issued"] = str(ref.issued.year)
    return out


def field_f1(examples: list[Example], model: Path | None, styles: bool = False) -> float:
    """Field F1 over the fields as printed; with ``styles`` the tagger sees the examples'
    font styles (strings read from PDFs carry them)."""
    tp = fp = fn = 0
    for ex in examples:
        gold = {k: _norm(v) for k, v in gold_fields(ex).items()}
        if styles:
            parsed, _ = parse_text(ex.text, model, ex.styles or None)
        else:
            parsed = parse_reference(ex.text, model)
        pred = {k: _norm(v) for k, v in predicted_fields(parsed).items()}
        for key, value in gold.items():
            if pred.get(key) == value:
                tp += 1
            else:
                fn += 1
                if key in pred:
                    fp += 1
        fp += sum(1 for key in pred if key not in gold)
    return 2 * tp / (2 * tp + fp + fn) if tp else 0.0


def corrected_item(ex: Example) -> Reference:
    """The item a user ends with after correcting every field of an entry."""
    ref = Reference(raw=ex.text)
    for key, printed in gold_fields(ex).items():
        value = printed.strip(" ,;:\u201c\u201d")
        if value.count("(") < value.count(")"):
            value = value.rstrip(")")
        if key not in ("author", "editor"):
            value = value.rstrip(".")
        if key in ("author", "editor"):
            names, _ = split_names(value)
            setattr(ref, key, names)
        elif key == "issued":
            m = re.search(r"\d{4}", value)
            ref.issued = Date(year=int(m.group())) if m else None
        else:
            ref.set(key, value)
    return ref


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--scan", type=int, default=40, help="entries per style for the search")
    ap.add_argument("--eval", type=int, default=200, help="entries of the worst style scored")
    ap.add_argument("--size", type=int, default=LIBRARY_SIZE, help="generated training strings")
    ap.add_argument(
        "--scan-only", action="store_true", help="print only the shipped model's per-style F1"
    )
    args = ap.parse_args()
    t0 = time.perf_counter()
    scores: dict[str, float] = {}
    per_style: dict[str, list[Example]] = {}
    for i, style in enumerate((*HELDOUT_STYLES, *UNSEEN_STYLES)):
        exs = build_corpus(
            args.scan, seed=500 + i, styles=(style,), house_share=0.0, synth_share=0.0
        )
        exs = [e for e in exs if e.source == style]
        if len(exs) < args.scan // 2:
            continue
        per_style[style] = exs
        scores[style] = field_f1(exs, None)
        print(f"shipped model on unseen style {style:48s} field F1 {scores[style]:.3f}")
    if args.scan_only:
        every = [e for exs in per_style.values() for e in exs]
        print(
            f"mean over {len(scores)} styles {sum(scores.values()) / len(scores):.3f}; "
            f"pooled field F1 {field_f1(every, None):.3f} ({len(every)} entries)"
        )
        return 0
    worst = min(scores, key=lambda s: scores[s])
    others = [e for style, exs in per_style.items() if style != worst for e in exs]
    fresh = build_corpus(
        20 + args.eval, seed=900, styles=(worst,), house_share=0.0, synth_share=0.0
    )
    examples = [e for e in fresh if e.source == worst]
    pool, rest = examples[:20], examples[20:]
    print(
        f"\nworst style: {worst}; scoring on {len(rest)} new entries of it "
        f"(shipped model: {field_f1(rest, None):.3f}; on the other styles' "
        f"{len(others)} entries: {field_f1(others, None):.3f})"
    )
    base = build_corpus(args.size, seed=7)
    print(f"generated strings: {len(base)} ({time.perf_counter() - t0:.0f} s so far)")
    with tempfile.TemporaryDirectory() as tmp:
        for k in (0, 5, 10, 20):
            fixes = [example_from_correction(e.text, corrected_item(e)) for e in pool[:k]]
            path = Path(tmp) / f"k{k}.crfsuite"  # one path per model: taggers are cached
            t1 = time.perf_counter()
            if fixes:
                train_library(path, fixes, base=base)
            else:
                train_model(base, path, max_iterations=LIBRARY_ITERATIONS)
            seconds = time.perf_counter() - t1
            print(
                f"corrections {k:2d}: field F1 {field_f1(rest, path):.3f} on {len(rest)} entries "
                f"(trained in {seconds:.0f} s; other styles {field_f1(others, path):.3f})"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
