"""The shipped parser on citation styles it was never trained on, style by style.

    .venv/bin/python -m benchmarks.unseen_styles [--n 100] [--seed 99] [STYLE ...]

Each style (by default the generator's held-out and unseen styles and a list of mainstream
styles in other languages and fields, none of them in ``TRAIN_STYLES``) renders ``--n``
fresh records through citeproc with the generator's PDF-like noise; every string is parsed
by the shipped model and its rules, and the ten fields the end-to-end scorer scores
(author, title, container-title, issued, volume, issue, page, DOI, URL, publisher) are
compared as printed (``benchmarks.learning_curve``'s normalisation). Prints field F1 and
instance accuracy per style, worst first, then over all.

The generator's gold has its own slips in some styles (a page run that takes "(2018)." in
APS's style, an issue lost where a style prints "74 19"), so a style's figure is a floor;
read its errors with ``--show STYLE``.
"""

from __future__ import annotations

import argparse

from benchmarks.learning_curve import _norm, gold_fields, predicted_fields
from benchmarks.real_cv import SCORED
from refmanager.parse import parse_reference
from tools.fieldcorpus.build import build_corpus
from tools.fieldcorpus.render import HELDOUT_STYLES, TRAIN_STYLES, UNSEEN_STYLES

# Mainstream styles of other languages and fields that no list above names.
MORE_STYLES = (
    "associacao-brasileira-de-normas-tecnicas",
    "chicago-notes-bibliography-17th-edition",
    "american-anthropological-association",
    "apa-fr-provost",
    "chicago-author-date-de",
    "chicago-author-date-fr",
    "gost-r-7-0-5-2008",
    "iso690-numeric-fr",
    "iso690-author-date-de",
    "turabian-author-date",
    "nlm-citation-sequence",
    "acta-philosophica",
)


def score_style(style: str, n: int, seed: int, show: bool) -> tuple[int, int, int, int, int]:
    """True and false positives, false negatives, strings and strings wholly right."""
    examples = build_corpus(n, seed=seed, styles=[style], house_share=0.0, synth_share=0.0)
    tp = fp = fn = right = 0
    for ex in examples:
        gold = {f: _norm(v) for f, v in gold_fields(ex).items() if f in SCORED}
        pred = {
            f: _norm(v)
            for f, v in predicted_fields(parse_reference(ex.text)).items()
            if f in SCORED and _norm(v)
        }
        ok = True
        for f in SCORED:
            g, p = gold.get(f), pred.get(f)
            if not g and not p:
                continue
            if g and p and g == p:
                tp += 1
                continue
            ok = False
            fp += bool(p)
            fn += bool(g)
            if show and (g or p):
                print(f"  {f}: gold {g!r} | parsed {p!r}  <- {ex.text[:120]}")
        right += ok
    return tp, fp, fn, len(examples), right


def f1(tp: int, fp: int, fn: int) -> float:
    precision = tp / max(1, tp + fp)
    recall = tp / max(1, tp + fn)
    return 2 * precision * recall / max(1e-9, precision + recall)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("styles", nargs="*", help="CSL style names (default: the lists above)")
    ap.add_argument("--n", type=int, default=100, help="strings per style")
    ap.add_argument("--seed", type=int, default=99)
    ap.add_argument("--show", action="store_true", help="print every wrong field")
    args = ap.parse_args()
    styles = args.styles or list(dict.fromkeys((*HELDOUT_STYLES, *UNSEEN_STYLES, *MORE_STYLES)))
    trained = sorted(set(styles) & set(TRAIN_STYLES))
    if trained:
        print(f"note: trained on {', '.join(trained)}")
    rows = []
    for style in styles:
        tp, fp, fn, n, right = score_style(style, args.n, args.seed, args.show)
        if n:
            rows.append((f1(tp, fp, fn), right / n, style, n, (tp, fp, fn)))
    total = [sum(r[4][i] for r in rows) for i in range(3)]
    for score, inst, style, n, _ in sorted(rows):
        print(f"{style:50} n={n:4}  fields F1 {score:.3f}  instance {inst:.3f}")
    strings = sum(r[3] for r in rows)
    mean_inst = sum(r[1] * r[3] for r in rows) / max(1, strings)
    print(f"{'all':50} n={strings:4}  fields F1 {f1(*total):.3f}  instance {mean_inst:.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
