"""Calibrated confidence: the probability that a field is right, and that a whole row is.

The evidence for a field is what the CRF says about its tokens (the mean and the lowest
marginal probability of their labels, how likely the tokens just outside the field are
to belong to it, whether the rules changed the tagger's labels, how many separate runs
it has) and about the entry as a whole (the probability of the whole labelling per
token, the share of unlabelled tokens, which fields were found, e-mail addresses, the
length): text that is not a reference at all reads unlike one on all of these.

Two logistic models turn the evidence into probabilities: one for a field, one for the
row (every field right). They are fitted by ``tools.fieldcorpus.calibrate`` on
strings in style families the field parser never saw and on generated non-references,
fragments and merged entries, and shipped as ``data/calibration.json``. Without that
file the builder's raw confidences are kept.
"""

from __future__ import annotations

import functools
import json
import math
import os

from refmanager.model import Reference
from refmanager.parse.tagger import Tagging
from refmanager.parse.tokens import label_runs

ROW = "_row"  # the key of the row's confidence in ``Reference.confidence``
CALIBRATION_FILE = os.path.join(
    os.path.dirname(os.path.realpath(__file__)), "data", "calibration.json"
)
_NOT_FIELDS = frozenset({"type", ROW})

Features = list[tuple[str, float]]


@functools.cache
def _weights() -> dict[str, dict[str, float]] | None:
    try:
        with open(CALIBRATION_FILE, encoding="utf-8") as fh:
            data = json.load(fh)
        return {"field": data["field"], "row": data["row"]}
    except (OSError, ValueError, KeyError, TypeError):
        return None


def _logit(p: float) -> float:
    p = min(max(p, 1e-6), 1 - 1e-6)
    return math.log(p / (1 - p)) / 5.0


def _bucket(value: float, edges: tuple[float, ...]) -> int:
    for k, edge in enumerate(edges):
        if value < edge:
            return k
    return len(edges)


_PROB_EDGES = (0.5, 0.7, 0.85, 0.95, 0.99, 0.999)


def sigmoid(z: float) -> float:
    if z >= 0:
        return 1.0 / (1.0 + math.exp(-z))
    e = math.exp(z)
    return e / (1.0 + e)


def _dot(weights: dict[str, float], feats: Features) -> float:
    get = weights.get
    return sum(get(name, 0.0) * value for name, value in feats)


def score(weights: dict[str, float], feats: Features) -> float:
    return sigmoid(_dot(weights, feats))


def entry_features(ref: Reference, tagging: Tagging, final: list[str]) -> Features:
    """Evidence about the entry as a whole."""
    n = len(final)
    raw = ref.raw
    feats: Features = [("bias", 1.0)]
    if not n:
        return [*feats, ("empty", 1.0)]
    seq = tagging.sequence_prob
    per_token = math.log(max(seq, 1e-300)) / n
    feats.append(("seq", max(per_token, -3.0)))
    feats.append((f"seqb={_bucket(-per_token, (0.005, 0.02, 0.05, 0.1, 0.2, 0.5))}", 1.0))
    mean = sum(tagging.probs) / n if tagging.probs else 0.0
    feats.append(("mean", _logit(mean)))
    feats.append((f"minb={_bucket(min(tagging.probs or [0.0]), _PROB_EDGES)}", 1.0))
    share_o = sum(1 for lab in final if lab == "O") / n
    feats.append(("o", share_o))
    feats.append((f"ntok={_bucket(n, (4, 8, 14, 25, 45, 80))}", 1.0))
    found = {lab for lab in final if lab != "O"}
    for key in ("author", "title", "container-title", "issued", "publisher", "page", "volume"):
        feats.append((("has=" if key in found else "no=") + key, 1.0))
    if ref.issued is None or not ref.issued.year:
        feats.append(("noyear", 1.0))
    feats.append(("nf", len(found) / 8.0))
    if "@" in raw:
        feats.append(("email", 1.0))
    if ref.label:
        feats.append(("label", 1.0))
    text = raw.rstrip()
    if text.endswith("."):
        feats.append(("stop", 1.0))
    digits = sum(map(str.isdigit, raw))
    feats.append(
        (f"digits={_bucket(digits / max(len(raw), 1), (0.02, 0.05, 0.1, 0.2, 0.35))}", 1.0)
    )
    if raw[:1].islower():
        feats.append(("lowerstart", 1.0))
    return feats


def field_features(
    field: str, prior: float, tagging: Tagging, runs: list[tuple[int, int]], entry: Features
) -> Features:
    """Evidence about one field (``prior``: the builder's raw confidence; ``runs``: the
    token runs labelled with it) and, prefixed "e:", about its entry."""
    return [*_own_features(field, prior, tagging, runs), *_entry_part(entry)]


def _entry_part(entry: Features) -> Features:
    return [("e:" + name, value) for name, value in entry]


def _own_features(
    field: str, prior: float, tagging: Tagging, runs: list[tuple[int, int]]
) -> Features:
    """The evidence of ``field_features`` about the field itself."""
    idx = [i for a, b in runs for i in range(a, b)]
    f = field
    feats: Features = [("f=" + f, 1.0), (f"prior={_bucket(prior, _PROB_EDGES)}|{f}", 1.0)]
    if idx and tagging.probs:
        probs = [tagging.probs[i] for i in idx]
        mean = sum(probs) / len(probs)
        low = min(probs)
        a, b = runs[0][0], runs[-1][1]
        edge = max(tagging.marginal(field, a - 1), tagging.marginal(field, b))
        agree = all(tagging.labels[i] == field for i in idx)
        feats += [
            ("lm", _logit(mean)),
            ("lm|" + f, _logit(mean)),
            ("ln", _logit(low)),
            ("le", _logit(edge)),
            (f"mb={_bucket(mean, _PROB_EDGES)}|{f}", 1.0),
            (f"nb={_bucket(low, _PROB_EDGES)}", 1.0),
            (f"eb={_bucket(edge, (0.01, 0.05, 0.15, 0.3, 0.5))}|{f}", 1.0),
            (f"ntok={_bucket(len(idx), (2, 3, 5, 9, 16, 30))}|{f}", 1.0),
        ]
        if not agree:
            feats.append(("relabelled|" + f, 1.0))
        if len(runs) > 1:
            feats.append(("runs|" + f, 1.0))
    else:
        feats.append(("notok|" + f, 1.0))
    return feats


def row_features(entry: Features, field_probs: list[float]) -> Features:
    if not field_probs:
        return [*entry, ("nofields", 1.0)]
    logs = sum(math.log(max(p, 1e-6)) for p in field_probs)
    low = min(field_probs)
    return [
        *entry,
        ("sumlog", max(logs, -20.0) / 4.0),
        ("minp", _logit(low)),
        (f"minb={_bucket(low, _PROB_EDGES)}", 1.0),
    ]


def _labels_and_runs(ref: Reference) -> tuple[list[str], dict[str, list[tuple[int, int]]]]:
    """The tagged tokens' final labels (the printed label left out) and each label's runs."""
    tokens = ref.tokens
    off = 1 if tokens and tokens[0].label == "label" else 0
    final = [t.label for t in tokens[off:]]
    runs: dict[str, list[tuple[int, int]]] = {}
    for label, a, b in label_runs(final):
        runs.setdefault(label, []).append((a, b))
    return final, runs


def evidence(ref: Reference, tagging: Tagging) -> tuple[Features, dict[str, Features]]:
    """The entry's features and each scored field's features."""
    final, runs = _labels_and_runs(ref)
    entry = entry_features(ref, tagging, final)
    fields = {
        key: field_features(key, value, tagging, runs.get(key, []), entry)
        for key, value in ref.confidence.items()
        if key not in _NOT_FIELDS
    }
    return entry, fields


def calibrate(ref: Reference, tagging: Tagging) -> None:
    """Replace the builder's raw field confidences with calibrated probabilities and add
    the row's (``ROW``). Nothing changes when no calibration is shipped."""
    weights = _weights()
    if weights is None:
        return
    final, runs = _labels_and_runs(ref)
    entry = entry_features(ref, tagging, final)
    # the entry's part of every field's score, summed once (``field_features`` = own + it)
    field_weights = weights["field"]
    entry_z = _dot(field_weights, _entry_part(entry))
    probs: list[float] = []
    for key, value in ref.confidence.items():
        if key in _NOT_FIELDS:
            continue
        own = _own_features(key, value, tagging, runs.get(key, []))
        p = sigmoid(entry_z + _dot(field_weights, own))
        ref.confidence[key] = p
        probs.append(p)
    row = score(weights["row"], row_features(entry, probs))
    ref.confidence[ROW] = min(row, *probs) if probs else row
