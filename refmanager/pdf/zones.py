"""The learned line model: which lines are the bibliography, its entries' starts, and
page furniture (labels in :data:`refmanager.pdf.linefeatures.LABELS`).

A linear-chain CRF (python-crfsuite) over the lines of the pages read, trained on the
generated document corpus (``tools/corpus``; ``python -m tools.corpus.linemodel``).
The model file ships in ``refmanager/pdf/data/lines.crfsuite``; without it the caller
keeps to the rules.

A library may have a line model of its own, trained on its layout corrections
(:func:`refmanager.pdf.linetrain.train_library`): it is stacked on the shipped model (its
features are the shipped model's, plus the shipped model's label of each line and of
its neighbours), so each function here takes the library model's path as ``library``.
Taggers come from the one cache of open models (:mod:`refmanager.crf.taggers`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from refmanager.crf.taggers import open_tagger
from refmanager.pdf.layout import Line
from refmanager.pdf.linefeatures import featurize, with_base_labels

MODEL_PATH = Path(__file__).resolve().parent / "data" / "lines.crfsuite"

# How sure the model must be of a line's label (its marginal probability) to decide it
# against the rules.
SURE = 0.9


def _tagged(
    lines: Sequence[Line], heights: dict[int, float], path: Path, library: Path | None
) -> tuple[Any, list[str]] | None:
    """Tag ``lines``: the tagger that decided (this thread's: it keeps the sequence for its
    marginals) and its labels; None without a model. ``path`` is the shipped model (or one
    a benchmark trained); ``library`` a library's own, opened only once found safe."""
    base = open_tagger(path, shipped=True)
    top = open_tagger(library) if library is not None else None
    if base is None or not lines:
        return None
    feats = featurize(lines, heights)
    labels = list(base.tag(feats))
    if top is None:
        return base, labels
    return top, list(top.tag(with_base_labels(feats, labels)))


@dataclass(slots=True)
class Reading:
    """The model's reading of a run of lines: a label per line, whether it is sure of it
    (its marginal probability at least :data:`SURE`), and per line its probability that
    the line is part of the list (``start`` or ``in``) and that it is page furniture."""

    labels: list[str]
    sure: list[bool]
    listed: list[float]
    furn: list[float]

    def decide(self, rules: Sequence[str]) -> list[str]:
        """One label per line: the model's where it is sure of it, else the rules'
        (``rules``, one label per line as the rules decided)."""
        return [lab if ok else rule
                for lab, ok, rule in zip(self.labels, self.sure, rules, strict=True)]  # fmt: skip


def read_lines(
    lines: Sequence[Line],
    heights: dict[int, float],
    path: Path = MODEL_PATH,
    library: Path | None = None,
) -> Reading | None:
    """The model's reading of ``lines`` (reading order, all pages read), tagged once;
    None without a model."""
    done = _tagged(lines, heights, path, library)
    if done is None:
        return None
    tagger, labels = done
    n = len(labels)
    sure = [tagger.marginal(lab, i) >= SURE for i, lab in enumerate(labels)]
    listed = [tagger.marginal("start", i) + tagger.marginal("in", i) for i in range(n)]
    furn = [tagger.marginal("furn", i) for i in range(n)]
    return Reading(labels, sure, listed, furn)


def tag_lines(
    lines: Sequence[Line],
    heights: dict[int, float],
    path: Path = MODEL_PATH,
    library: Path | None = None,
) -> list[str]:
    """One label per line (reading order, all pages read); [] without a model."""
    done = _tagged(lines, heights, path, library)
    return done[1] if done is not None else []


def decide(
    lines: Sequence[Line],
    heights: dict[int, float],
    rules: Sequence[str],
    path: Path = MODEL_PATH,
    library: Path | None = None,
) -> list[str]:
    """One label per line: the model's where it is sure of it, else the rules' (``rules``,
    one label per line as the rules decided); [] without a model."""
    reading = read_lines(lines, heights, path, library)
    return reading.decide(rules) if reading is not None else []
