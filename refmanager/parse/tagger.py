"""The field parser's CRF tagger: the shipped model file, stacked library models, marginals."""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from refmanager.crf.taggers import open_tagger as crf_tagger
from refmanager.parse.features import encoded_features, features
from refmanager.parse.tokens import KIND_PUNCT, Tok

# The shipped model.
DEFAULT_MODEL = Path(__file__).resolve().parent / "data" / "parser.crfsuite"
DEFAULT_MODEL_FILE = os.fspath(DEFAULT_MODEL)


def open_tagger(model_path: Path | None = None) -> Any | None:
    """An open tagger for the model (the shipped one by default), or None: from the one
    cache of open taggers (:func:`refmanager.crf.taggers.open_tagger`: per thread and file
    version; a model other than the shipped one only once ``modelcheck`` found it safe)."""
    path = os.fspath(model_path) if model_path else DEFAULT_MODEL_FILE
    return crf_tagger(path, shipped=path == DEFAULT_MODEL_FILE)


STACKED_SUFFIX = ".stacked"


def is_stacked(model_path: Path | None) -> bool:
    """Whether a model adapts another: it reads that model's labels as features (a library
    model trained from corrections, decision 0013)."""
    return model_path is not None and os.path.isfile(os.fspath(model_path) + STACKED_SUFFIX)


# The marker's line of a stacked model whose own labelling is used wherever it differs
# from the base model's (no veto, see ``KEEP_BASE_ABOVE``): its lessons were checked on
# corrections it was not trained on (``parse.retrain``, decision 0035).
REACHES_FURTHER = "reaches further"
# The marker's lines of the field sequences of the corrected references as the base model
# reads them (``field_sequence``): a reference the base model reads with one of them is
# printed like a corrected one, and the stacked model's labelling may reach it (decision
# 0035, ``no_worse_shape``).
READS_LIKE = "reads like "


def field_sequence(labels: Sequence[str]) -> tuple[str, ...]:
    """The fields of a labelling in the order they come, each run once (tokens outside
    every field skipped): ("author", "title", "container-title", "volume", "page")."""
    out: list[str] = []
    for label in labels:
        if label != "O" and (not out or out[-1] != label):
            out.append(label)
    return tuple(out)


def stacked_marker(
    base_model: Path | None,
    *,
    further: bool = False,
    sequences: Iterable[tuple[str, ...]] = (),
) -> str:
    """The text of a stacked model's marker file: the model it adapts (the shipped one
    when the marker names none), with ``further`` that no veto applies, and the field
    sequences its labelling may reach (``sequences``, see ``READS_LIKE``)."""
    head = f"adapts {os.fspath(base_model)}\n" if base_model else "adapts the shipped model\n"
    lines = [REACHES_FURTHER] if further else []
    lines += [READS_LIKE + " ".join(seq) for seq in sorted(set(sequences)) if seq]
    return head + "".join(line + "\n" for line in lines)


@dataclass(frozen=True, slots=True)
class Marker:
    """What a stacked model's marker file says: the model it adapts (None: the shipped
    one), whether it reaches further, and the field sequences its labelling may reach."""

    base: Path | None = None
    further: bool = False
    sequences: frozenset[tuple[str, ...]] = frozenset()


def read_marker(model_path: Path) -> Marker:
    """What the marker file beside a stacked model says (nothing for a plain model)."""
    try:
        text = Path(os.fspath(model_path) + STACKED_SUFFIX).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return Marker()
    lines = text.splitlines() or [""]
    name = lines[0].strip().removeprefix("adapts ")
    base = Path(name) if name != "the shipped model" and os.path.isfile(name) else None
    rest = [line.strip() for line in lines[1:]]
    sequences = frozenset(
        tuple(line.removeprefix(READS_LIKE.strip()).split())
        for line in rest
        if line.startswith(READS_LIKE.strip())
    )
    return Marker(base, REACHES_FURTHER in rest, sequences)


def base_of(model_path: Path) -> Path | None:
    """The model a stacked model adapts, from its marker file (None: the shipped one)."""
    return read_marker(model_path).base


def reaches_further(model_path: Path) -> bool:
    """Whether a stacked model's own labelling is used wherever it differs from the base
    model's (its marker says so), instead of only where it is sure the base is wrong."""
    return read_marker(model_path).further


_KEEP_PREFIXES = ("w=", "sh=", "k=", "w-1=", "w+1=")


def with_base_labels(xseq: list[list[str]], base: list[str]) -> list[list[str]]:
    """The features of a stacked model: the shipped model's label of the token and of its
    neighbours, alone and joined with the token's word, shape and kind and its
    neighbours' words. Nothing else: where the corrections say nothing, the stacked
    model repeats the shipped model's labels (decision 0013)."""
    n = len(base)
    out = []
    for i, feats in enumerate(xseq):
        b = base[i]
        prev = base[i - 1] if i else "^"
        nxt = base[i + 1] if i + 1 < n else "$"
        row = ["b=" + b, "b-1=" + prev, "b+1=" + nxt, f"b-+={prev}|{b}|{nxt}"]
        row += [f"b={b}|{f}" for f in feats if f.startswith(_KEEP_PREFIXES)]
        out.append(row)
    return out


# A stacked model's labelling replaces the shipped model's when it is sure the shipped
# one is wrong (it gives the shipped labelling less than this probability), or else, for
# a reference the shipped model reads like a corrected one, when its labelling is no
# worse in shape (``no_worse_shape``).
KEEP_BASE_ABOVE = 0.05


def _shape_faults(toks: list[Tok], labels: list[str]) -> tuple[int, int]:
    """How far a labelling is from one value per field: the runs of a field beyond its
    first (punctuation outside every field does not end a run), and the words left
    outside every field."""
    runs: dict[str, int] = {}
    previous = None
    unlabelled = 0
    for tok, label in zip(toks, labels, strict=True):
        if label == "O":
            if tok.kind == KIND_PUNCT:
                continue
            unlabelled += 1
        if label != previous:
            runs[label] = runs.get(label, 0) + 1
            previous = label
    return sum(n - 1 for label, n in runs.items() if label != "O"), unlabelled


def no_worse_shape(toks: list[Tok], labels: list[str], than: list[str]) -> bool:
    """Whether ``labels`` cuts no field into more pieces and leaves no more words outside
    every field than ``than``: a lesson of the corrections that reaches a reference
    printed otherwise tends to do one or the other (a series letter and volume read as
    a second page; a volume left unlabelled), decision 0035."""
    split, unlabelled = _shape_faults(toks, labels)
    split_than, unlabelled_than = _shape_faults(toks, than)
    return split <= split_than and unlabelled <= unlabelled_than


def _label(
    tagger: Any, model_path: Path | None, toks: list[Tok], styles: list[tuple[int, int, str]] | None
) -> tuple[list[str], Any]:
    """The labels of ``toks`` and the tagger whose marginals go with them; a stacked
    model's labels are its own where it is sure, or where the base model reads a corrected
    reference's field sequence and they are no worse in shape, or wherever they differ
    when it reaches further."""
    if model_path is None or not is_stacked(model_path):
        # a plain model: given the features as UTF-8 bytes (the same attributes)
        return list(tagger.tag(encoded_features(toks, styles))), tagger
    xseq = features(toks, styles)
    marker = read_marker(model_path)
    base = open_tagger(marker.base)
    if base is None:  # no shipped model for a stacked one to read
        return list(tagger.tag(xseq)), tagger
    base_labels = list(base.tag(xseq))
    labels = list(tagger.tag(with_base_labels(xseq, base_labels)))
    if labels == base_labels or marker.further:
        return labels, tagger
    try:
        p_base = tagger.probability(base_labels)
    except RuntimeError:  # a label the stacked model never saw: it cannot judge
        base.tag(xseq)  # the shipped tagger's state again, for its marginals
        return base_labels, base
    if p_base <= KEEP_BASE_ABOVE or (
        field_sequence(base_labels) in marker.sequences
        and no_worse_shape(toks, labels, base_labels)
    ):
        return labels, tagger
    return base_labels, tagger


@dataclass(slots=True)
class Tagging:
    """What the tagger says about one token sequence: the best labels, each one's marginal
    probability, the probability of the whole labelling, and ``marginal(label, i)`` for any
    label (valid until the same thread tags another sequence)."""

    tagger: Any | None = field(repr=False)
    labels: list[str]
    probs: list[float]
    sequence_prob: float = field(init=False, default=0.0)

    def __post_init__(self) -> None:
        if self.tagger is not None and self.labels:
            self.sequence_prob = self.tagger.probability(self.labels)

    def marginal(self, label: str, i: int) -> float:
        if self.tagger is None or not 0 <= i < len(self.labels):
            return 0.0
        try:
            return float(self.tagger.marginal(label, i))
        except ValueError:  # a label this model does not know
            return 0.0

    def outer_marginal(self, label: str, a: int, b: int) -> float:
        """The larger of ``marginal(label, a - 1)`` and ``marginal(label, b)``: how likely
        the tokens just outside ``a`` to ``b`` are to hold the label too."""
        tagger = self.tagger
        if tagger is None:
            return 0.0
        n = len(self.labels)
        try:
            before = float(tagger.marginal(label, a - 1)) if 0 < a <= n else 0.0
            after = float(tagger.marginal(label, b)) if 0 <= b < n else 0.0
        except ValueError:  # a label this model does not know
            return 0.0
        return max(before, after)


def tag_sequence(
    toks: list[Tok],
    styles: list[tuple[int, int, str]] | None = None,
    model_path: Path | None = None,
) -> Tagging:
    """Tag ``toks`` and keep the evidence the confidence is computed from."""
    if not toks:
        return Tagging(None, [], [])
    tagger = open_tagger(model_path)
    if tagger is None:
        return Tagging(None, ["O"] * len(toks), [0.0] * len(toks))
    labels, source = _label(tagger, model_path, toks, styles)
    return Tagging(source, labels, list(map(source.marginal, labels, range(len(labels)))))
