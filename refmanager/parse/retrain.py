"""A library's own parser model: the user's corrections on top of the shipped model.

:func:`train_library` stacks a small CRF on the shipped model's labels, trained from the
corrections (strongly weighted) and the generated strings shipped with the model
(``data/base-examples.jsonl.gz``), so it needs no CSL rendering and works in the default
install (decision 0013). The generated strings themselves, and the shipped model, are
built by ``tools/fieldcorpus`` (development only).
"""

from __future__ import annotations

import gzip
import json
import os
import time
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

from refmanager.crf.keep import Measure, train_and_keep
from refmanager.parse.features import features
from refmanager.parse.tagger import (
    DEFAULT_MODEL_FILE,
    STACKED_SUFFIX,
    field_sequence,
    open_tagger,
    stacked_marker,
    tag_sequence,
    with_base_labels,
)
from refmanager.parse.tokens import KIND_PUNCT
from refmanager.parse.train import Example, token_labels, train_sequences

# A library's own model is a fast adaptation: the user's corrections, each repeated
# LIBRARY_WEIGHT times, plus LIBRARY_SIZE generated strings that keep the general
# conventions; under a minute on one core instead of several minutes.
LIBRARY_SIZE = 2000
LIBRARY_WEIGHT = 20
LIBRARY_ITERATIONS = 100
BASE_FILE = "base-examples.jsonl.gz"


def read_examples(path: Path) -> list[Example]:
    with gzip.open(path, "rt", encoding="utf-8") as fh:
        return [Example.from_json(json.loads(line)) for line in fh if line.strip()]


def base_examples_path() -> Path:
    """The generated strings shipped with the model, for retraining without citeproc."""
    return Path(DEFAULT_MODEL_FILE).with_name(BASE_FILE)


GUARD_SIZE = 300  # shipped strings never trained on by a library model: the guard set
GUARD_TOLERANCE = 0.005


def _right_tokens(model: Path | None, examples: Sequence[Example]) -> tuple[int, int]:
    """Word tokens (not punctuation) the model labels as the examples do, and their count."""
    right = total = 0
    for ex in examples:
        toks, gold = token_labels(ex.text, ex.labels)
        labels = tag_sequence(toks, ex.styles or None, model).labels
        for tok, want, got in zip(toks, gold, labels, strict=True):
            if tok.kind != KIND_PUNCT:
                total += 1
                right += want == got
    return right, total


def token_accuracy(model: Path | None, examples: Sequence[Example]) -> float:
    """The share of word tokens (not punctuation) the model labels as the examples do."""
    right, total = _right_tokens(model, examples)
    return right / total if total else 1.0


def _stacked_sequence(
    base: Any, ex: Example, copy: bool = False
) -> tuple[list[list[str]], list[str]]:
    """An example's features for a stacked model (with the shipped model's labels), and
    its labels: the example's own, or with ``copy`` the shipped model's (so that the
    stacked model learns to repeat the shipped model wherever no correction speaks)."""
    toks, labels = token_labels(ex.text, ex.labels)
    xseq = features(toks, ex.styles or None)
    base_labels = list(base.tag(xseq)) if xseq else []
    return with_base_labels(xseq, base_labels), base_labels if copy else labels


def _field_sequences(base: Any, examples: Iterable[Example]) -> set[tuple[str, ...]]:
    """The field sequences of the examples as the base model reads them
    (``tagger.field_sequence``): the references a library model's labelling may reach
    without the veto (decision 0035)."""
    out = set()
    for ex in examples:
        toks, _ = token_labels(ex.text, ex.labels)
        xseq = features(toks, ex.styles or None)
        if xseq:
            out.add(field_sequence(list(base.tag(xseq))))
    return out


def train_library(
    out_path: Path,
    corrections: Iterable[Example],
    *,
    base: Iterable[Example] | None = None,
    guard: Sequence[Example] | None = None,
    size: int = LIBRARY_SIZE,
    weight: int = LIBRARY_WEIGHT,
    max_iterations: int = LIBRARY_ITERATIONS,
    progress: Callable[[str], None] | None = None,
    base_model: Path | None = None,
) -> dict[str, float]:
    """A library's own model: its corrections (each ``weight`` times) plus generated strings.

    ``base`` is the generated part (the strings shipped with the model when None: no CSL
    rendering, so it works in the default install); pass it to train several models on
    the same one. Corrections that align no character are left out. ``base_model`` is the
    model adapted (the shipped one by default; a benchmark adapts models that never saw
    the corrected documents).

    The marker beside the model lists the corrected references' field sequences as the
    base model reads them: where the base model reads a reference with one of them (one
    printed like a corrected reference), the library model's labelling is used unless it
    cuts a field in more pieces or leaves more words unlabelled (``tagger._label``);
    elsewhere only where it is sure the base model is wrong.

    The new model replaces the one at ``out_path`` (or the shipped model) only when it is
    at least as right on the corrected entries and, on ``guard`` (shipped strings it was
    not trained on), loses at most ``GUARD_TOLERANCE`` of token accuracy
    (:func:`refmanager.crf.keep.train_and_keep`); otherwise ``RetrainRejected`` is raised
    and nothing is written.
    """
    t0 = time.perf_counter()
    fixes = [ex for ex in corrections if any(lab != "O" for lab in ex.labels)]
    if not fixes:
        raise ValueError("no usable corrections")
    if base is None:
        shipped = read_examples(base_examples_path())
        generated = shipped[: min(size, max(0, len(shipped) - GUARD_SIZE))]
        if guard is None:
            guard = shipped[len(generated) :][:GUARD_SIZE]
    else:
        generated = list(base)
    if progress:
        progress(
            f"corpus: {len(generated)} generated + {len(fixes)} corrections x {weight} "
            f"({time.perf_counter() - t0:.1f} s)"
        )
    t1 = time.perf_counter()
    base_tagger = open_tagger(base_model)
    if base_tagger is None:
        raise OSError("the model to adapt cannot be read")
    copied = [_stacked_sequence(base_tagger, ex, copy=True) for ex in generated]

    sequences = _field_sequences(base_tagger, fixes)

    def train(trial: Path) -> dict[str, float]:
        fixed = [_stacked_sequence(base_tagger, ex) for ex in fixes]
        stats = train_sequences([*copied, *(fixed * weight)], trial, max_iterations=max_iterations)
        Path(os.fspath(trial) + STACKED_SUFFIX).write_text(
            stacked_marker(base_model, sequences=sequences), encoding="utf-8"
        )
        stats["corrections"] = float(len(fixes))
        stats["field_sequences"] = float(len(sequences))
        stats["render_seconds"] = t1 - t0
        stats["train_seconds"] = time.perf_counter() - t1
        return stats

    measures = [
        Measure(
            "corrections",
            "token accuracy on the corrected entries",
            lambda m: token_accuracy(m, fixes),
        ),
    ]
    if guard:
        measures.append(
            Measure(
                "guard",
                "token accuracy on other strings",
                lambda m: token_accuracy(m, guard),
                GUARD_TOLERANCE,
            )
        )
    stats = train_and_keep(
        out_path,
        train,
        measures,
        replaces=out_path if out_path.is_file() else base_model,
        companions=[STACKED_SUFFIX],
    )
    if progress:
        progress(
            f"trained in {stats['train_seconds']:.1f} s: {out_path} "
            f"({stats['bytes'] / 1e6:.2f} MB); corrected entries "
            f"{stats['corrections_before']:.3f} -> {stats['corrections_after']:.3f}"
        )
    return stats
