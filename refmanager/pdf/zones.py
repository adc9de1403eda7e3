"""The learned line model: which lines are the bibliography, its entries' starts, and
page furniture (labels in :data:`refmanager.pdf.linefeatures.LABELS`).

A linear-chain CRF (python-crfsuite) over the lines of the pages read, trained on the
generated document corpus (``tools/corpus``; ``python -m refmanager.pdf.linetrain``).
The model file ships in ``refmanager/pdf/data/lines.crfsuite``; without it the caller
keeps to the rules.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from refmanager.pdf.layout import Line
from refmanager.pdf.linefeatures import LineRow, featurize

MODEL_PATH = Path(__file__).resolve().parent / "data" / "lines.crfsuite"

_lock = threading.Lock()
_taggers: dict[str, Any] = {}


def _tagger(path: Path) -> Any | None:
    key = str(path)
    with _lock:
        if key in _taggers:
            return _taggers[key]
        tagger = None
        if path.exists():
            import pycrfsuite

            tagger = pycrfsuite.Tagger()
            tagger.open(key)
        _taggers[key] = tagger
        return tagger


def available(path: Path = MODEL_PATH) -> bool:
    return _tagger(path) is not None


def tag_lines(
    lines: Sequence[Line], heights: dict[int, float], path: Path = MODEL_PATH
) -> list[str]:
    """One label per line (reading order, all pages read); [] without a model."""
    tagger = _tagger(path)
    if tagger is None or not lines:
        return []
    rows = [LineRow.of(ln) for ln in lines]
    with _lock:
        return list(tagger.tag(featurize(rows, heights)))


def list_marginals(
    lines: Sequence[Line], heights: dict[int, float], path: Path = MODEL_PATH
) -> tuple[list[str], list[float], list[float]]:
    """Labels, and per line the model's probability that it is part of the list
    (``start`` or ``in``) and that it is page furniture; empty lists without a model."""
    tagger = _tagger(path)
    if tagger is None or not lines:
        return [], [], []
    rows = [LineRow.of(ln) for ln in lines]
    with _lock:  # a Tagger holds the last sequence it tagged
        labels = list(tagger.tag(featurize(rows, heights)))
        listed = [tagger.marginal("start", i) + tagger.marginal("in", i) for i in range(len(rows))]
        furn = [tagger.marginal("furn", i) for i in range(len(rows))]
    return labels, listed, furn
