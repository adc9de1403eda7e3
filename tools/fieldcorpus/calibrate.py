"""Fit the confidence calibration (``parse/data/calibration.json``) for a tagger model.

    python -m tools.fieldcorpus.calibrate STYLE_CACHE [--model M] [--out FILE]

The fitting strings are what the field parser never trained on: styles of the held-out
families (``build.heldout_family``) rendered in the style cache, with the same PDF-like
noise as the training strings, plus non-references, reference tails and merged pairs
(``training.junk``). Each string is parsed with the model; every field the parser sets
is judged right or wrong against the generator's labels, and two logistic regressions
(field right; whole row right) are fitted by plain stochastic gradient descent on the
features of ``refmanager.parse.confidence``. A second, disjoint set reports the expected
calibration error and the AUROC.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from refmanager.model import Reference
from refmanager.model.identifiers import find_doi
from refmanager.parse.confidence import (
    CALIBRATION_FILE,
    ROW,
    Features,
    evidence,
    row_features,
    score,
)
from refmanager.parse.parser import parse_uncalibrated
from refmanager.parse.train import Example, token_labels
from tools.fieldcorpus.build import (
    build_corpus,
    heldout_family,
    load_style_cache,
)
from tools.fieldcorpus.junk import JUNK, fragment, junk_example, merged
from tools.fieldcorpus.records import RecordGenerator
from tools.fieldcorpus.render import HELDOUT_STYLES, UNSEEN_STYLES

_NEVER = frozenset((*HELDOUT_STYLES, *UNSEEN_STYLES))


def calibration_examples(cache_path: Path, n: int, seed: int) -> list[Example]:
    """``n`` strings: 80% references in unseen style families, 20% text that is not one."""
    cache = load_style_cache(cache_path)
    refs = build_corpus(
        int(n * 0.8),
        seed=seed,
        cache=cache,
        keep=lambda style, family: heldout_family(family) and style not in _NEVER,
        synth_share=0.15,
        house_share=0.1,
    )
    rng = random.Random(seed)
    gen = RecordGenerator(seed + 1)
    out = list(refs)
    for _ in range(int(n * 0.11)):
        out.append(junk_example(gen, rng))
    for _ in range(int(n * 0.06)):
        out.append(fragment(rng.choice(refs), rng))
    for _ in range(int(n * 0.03)):
        out.append(merged(rng.choice(refs), rng.choice(refs)))
    rng.shuffle(out)
    return out


def _value_text(ex: Example, label: str) -> str:
    return "".join(ch for ch, lab in zip(ex.text, ex.labels, strict=True) if lab == label)


def _word_set(idx_labels: Sequence[str], kinds: Sequence[str], label: str) -> frozenset[int]:
    return frozenset(
        i
        for i, (lab, kind) in enumerate(zip(idx_labels, kinds, strict=True))
        if lab == label and kind != "other"
    )


# fields the rules derive from another field's text (an arXiv number's "preprint")
_DERIVED = frozenset({"genre", "number"})


def unlabelled_fields(ex: Example, ref: Reference) -> frozenset[str]:
    """The fields ``ref`` sets that a hand-labelled reference ``ex`` labels nowhere.

    Hand labels leave fields out (GROBID's omit pages, volumes, places and publishers
    now and then, decision 0050), so such a field is not known to be wrong: it is
    judged neither way, as ``../shared/bench/score.py`` ignores a field the gold lacks
    that the entry prints. A string that is no reference (``JUNK``) has none."""
    labels = set(ex.labels)
    if JUNK in labels:
        return frozenset()
    return frozenset(
        key
        for key in ref.confidence
        if key not in labels and key not in _DERIVED and key not in ("type", ROW)
    )


def judge(
    ex: Example, ref: Reference, unjudged: frozenset[str] = frozenset()
) -> tuple[dict[str, bool], bool]:
    """Whether each field the parser set is right, and whether the whole row is; the
    fields ``unjudged`` are left out of both."""
    toks, gold = token_labels(ex.text, ex.labels)
    kinds = [t.kind for t in toks]
    off = 1 if ref.tokens and ref.tokens[0].label == "label" else 0
    final = [t.label for t in ref.tokens[off:]]
    if len(final) != len(toks):
        final = ["O"] * len(toks)
    right: dict[str, bool] = {}
    for key in ref.confidence:
        if key in ("type", ROW) or key in unjudged:
            continue
        if key == "issued":
            year = str(ref.issued.year) if ref.issued and ref.issued.year else ""
            right[key] = bool(year) and year in _value_text(ex, "issued")
        elif key == "DOI":
            gold_doi = find_doi("".join(_value_text(ex, "DOI").split()))
            right[key] = bool(gold_doi) and find_doi(ref.get("DOI").replace(" ", "")) == gold_doi
        elif key == "URL":
            gold_url = "".join(_value_text(ex, "URL").split()).rstrip(".,;")
            right[key] = bool(gold_url) and ref.get("URL").rstrip(".,;") == gold_url
        elif key == "number" and ref.get("number").startswith("arXiv:"):
            right[key] = ref.get("number")[6:] in ex.text and "JUNK" not in ex.labels
        elif key == "genre" and "genre" not in final:
            # derived, not read: "preprint" because the entry cites an arXiv identifier.
            # Right when the entry is a reference that does (no word of it to compare).
            number = ref.get("number")
            right[key] = (
                ref.get("genre") == "preprint"
                and number.startswith("arXiv:")
                and number[6:] in ex.text
                and "JUNK" not in ex.labels
            )
        else:
            want = _word_set(gold, kinds, key)
            right[key] = bool(want) and _word_set(final, kinds, key) == want
    gold_fields = {
        lab for lab, kind in zip(gold, kinds, strict=True) if lab not in ("O",) and kind != "other"
    }
    missing = any(f not in right and f != "JUNK" for f in gold_fields)
    row = bool(right) and all(right.values()) and not missing and "JUNK" not in gold_fields
    return right, row


Observation = tuple[Features, bool]
# an entry's evidence, its judged fields, whether the row is right, and the evidence of
# the fields it sets that are judged neither way (the row's probability reads them too)
Observed = tuple[Features, dict[str, Observation], bool, list[Features]]


def observe(
    examples: Sequence[Example], model: Path | None, *, hand_labelled: bool = False
) -> list[Observed]:
    """Each example parsed, its evidence and the verdicts; with ``hand_labelled`` the
    fields a reference's labels lack are judged neither way (``unlabelled_fields``)."""
    out = []
    for ex in examples:
        ref, _same, tagging = parse_uncalibrated(ex.text, model, ex.styles or None)
        entry, fields = evidence(ref, tagging)
        unjudged = unlabelled_fields(ex, ref) if hand_labelled else frozenset()
        right, row = judge(ex, ref, unjudged)
        judged = {k: (fields[k], right[k]) for k in fields if k in right}
        out.append((entry, judged, row, [fields[k] for k in fields if k in unjudged]))
    return out


def row_observations(obs: Sequence[Observed], field_w: dict[str, float]) -> list[Observation]:
    """The row model's observations: each entry's evidence with its fields' probabilities
    under the field weights ``field_w`` (judged or not: the app reads them all), and
    whether the whole row was right."""
    out = []
    for entry, fields, row, others in obs:
        probs = [score(field_w, f) for f in (*(f for f, _ in fields.values()), *others)]
        out.append((row_features(entry, probs), row))
    return out


def fit(
    data: Sequence[Observation],
    epochs: int = 12,
    rate: float = 0.2,
    l2: float = 1e-5,
    seed: int = 3,
) -> dict[str, float]:
    """Logistic regression by stochastic gradient descent with AdaGrad steps."""
    w: dict[str, float] = {}
    g2: dict[str, float] = {}
    order = list(range(len(data)))
    rng = random.Random(seed)
    for _ in range(epochs):
        rng.shuffle(order)
        for k in order:
            feats, y = data[k]
            p = score(w, feats)
            grad = p - (1.0 if y else 0.0)
            for name, value in feats:
                g = grad * value + l2 * w.get(name, 0.0)
                acc = g2.get(name, 1e-8) + g * g
                g2[name] = acc
                w[name] = w.get(name, 0.0) - rate * g / math.sqrt(acc)
    return {k: round(v, 4) for k, v in w.items() if abs(v) >= 1e-4}


def ece_auroc(pairs: Sequence[tuple[float, bool]]) -> tuple[float, float]:
    n = len(pairs)
    if not n:
        return float("nan"), float("nan")
    ece = 0.0
    for k in range(10):
        b = [(c, r) for c, r in pairs if k / 10 <= c < (k + 1) / 10 or (k == 9 and c >= 1.0)]
        if b:
            ece += len(b) / n * abs(sum(c for c, _ in b) / len(b) - sum(r for _, r in b) / len(b))
    pos = sorted(c for c, r in pairs if r)
    neg = sorted(c for c, r in pairs if not r)
    if not pos or not neg:
        return ece, float("nan")
    import bisect

    auc = sum(
        bisect.bisect_left(neg, c)
        + 0.5 * (bisect.bisect_right(neg, c) - bisect.bisect_left(neg, c))
        for c in pos
    )
    return ece, auc / (len(pos) * len(neg))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("cache", type=Path, help="the style cache (stylecorpus output)")
    ap.add_argument("--model", type=Path, default=None, help="tagger model (default: shipped)")
    ap.add_argument("--out", type=Path, default=Path(CALIBRATION_FILE))
    ap.add_argument("--size", type=int, default=5000)
    args = ap.parse_args(argv)
    t0 = time.perf_counter()
    train_obs = observe(calibration_examples(args.cache, args.size, seed=21), args.model)
    test_obs = observe(calibration_examples(args.cache, args.size // 2, seed=22), args.model)
    t1 = time.perf_counter()
    field_w = fit([o for _, fields, _, _ in train_obs for o in fields.values()])

    row_w = fit(row_observations(train_obs, field_w))
    args.out.write_text(
        json.dumps({"field": field_w, "row": row_w}, indent=0, sort_keys=True) + "\n",
        encoding="utf-8",
    )
    fields_test = [
        (score(field_w, f), r) for _, fields, _, _ in test_obs for f, r in fields.values()
    ]
    rows_test = [(min(score(row_w, f), 1.0), r) for f, r in row_observations(test_obs, field_w)]
    fe, fa = ece_auroc(fields_test)
    re_, ra = ece_auroc(rows_test)
    print(
        f"fitted on {len(train_obs)} strings ({sum(len(f) for _, f, _, _ in train_obs)} fields) "
        f"in {time.perf_counter() - t1:.1f} s (parsing {t1 - t0:.1f} s); held-out "
        f"{len(test_obs)} strings: fields ECE {fe:.3f} AUROC {fa:.3f} "
        f"(right {sum(r for _, r in fields_test) / max(len(fields_test), 1):.3f}); "
        f"rows ECE {re_:.3f} AUROC {ra:.3f} -> {args.out}",
        file=sys.stderr,
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
