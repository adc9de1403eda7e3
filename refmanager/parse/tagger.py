"""The CRF tagger: the shipped model file, one open tagger per thread and model, marginals."""

from __future__ import annotations

import os
import threading
from pathlib import Path
from typing import Any

import pycrfsuite

from refmanager.parse.features import features
from refmanager.parse.tokens import Tok

# The shipped model.
DEFAULT_MODEL = Path(__file__).resolve().parent / "data" / "parser.crfsuite"
DEFAULT_MODEL_FILE = os.fspath(DEFAULT_MODEL)

_local_data = threading.local()


def _tagger(model_path: Path | None) -> Any | None:
    """An open pycrfsuite.Tagger for the model, or None.

    Cached per thread and path, and reopened when the file changes (a library's model is
    rewritten in place by retraining while the window keeps parsing).
    """
    path = os.fspath(model_path) if model_path else DEFAULT_MODEL_FILE
    key = path
    cache: dict[str, tuple[tuple[int, int] | None, Any]] = (
        getattr(_local_data, "taggers", None) or {}
    )
    _local_data.taggers = cache
    try:
        info = os.stat(path)
        stamp: tuple[int, int] | None = (info.st_mtime_ns, info.st_size)
    except OSError:
        stamp = None
    cached = cache.get(key)
    if cached is not None and cached[0] == stamp:
        return cached[1]
    tagger: Any | None = None
    if stamp is not None:
        tagger = pycrfsuite.Tagger()
        try:
            tagger.open(key)
        except Exception:  # a corrupt model file: parse with the rules only
            tagger = None
    cache[key] = (stamp, tagger)
    return tagger


class Tagging:
    """What the tagger says about one token sequence: the best labels, each one's marginal
    probability, the probability of the whole labelling, and ``marginal(label, i)`` for any
    label (valid until the same thread tags another sequence)."""

    __slots__ = ("_tagger", "labels", "probs", "sequence_prob")

    def __init__(self, tagger: Any | None, labels: list[str], probs: list[float]) -> None:
        self._tagger = tagger
        self.labels = labels
        self.probs = probs
        self.sequence_prob = tagger.probability(labels) if tagger is not None and labels else 0.0

    def marginal(self, label: str, i: int) -> float:
        if self._tagger is None or not 0 <= i < len(self.labels):
            return 0.0
        try:
            return float(self._tagger.marginal(label, i))
        except ValueError:  # a label this model does not know
            return 0.0


def tag_sequence(
    toks: list[Tok],
    styles: list[tuple[int, int, str]] | None = None,
    model_path: Path | None = None,
) -> Tagging:
    """Tag ``toks`` and keep the evidence the confidence is computed from."""
    if not toks:
        return Tagging(None, [], [])
    tagger = _tagger(model_path)
    if tagger is None:
        return Tagging(None, ["O"] * len(toks), [0.0] * len(toks))
    labels: list[str] = list(tagger.tag(features(toks, styles)))
    return Tagging(tagger, labels, [tagger.marginal(y, i) for i, y in enumerate(labels)])


def tag_tokens(
    toks: list[Tok],
    styles: list[tuple[int, int, str]] | None = None,
    model_path: Path | None = None,
) -> tuple[list[str], list[float]]:
    """CRF labels and their marginal probabilities, one per token."""
    if not toks:
        return [], []
    tagger = _tagger(model_path)
    if tagger is None:
        return ["O"] * len(toks), [0.0] * len(toks)
    xseq = features(toks, styles)
    labels: list[str] = list(tagger.tag(xseq))
    probs = [tagger.marginal(y, i) for i, y in enumerate(labels)]
    return labels, probs
