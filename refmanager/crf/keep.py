"""Train, compare, keep or reject: how a library's own model replaces the one it reads with.

Both learned readers retrain from a user's corrections (the field parser,
``parse.retrain``; the line model, ``pdf.linetrain``) through :func:`train_and_keep`: the
new model is trained beside the one it would replace (``NAME.new``), both are scored on
the reader's :class:`Measure` s, and the new one replaces the old only when no measure got
worse by more than its tolerance. Otherwise nothing is written and
:class:`RetrainRejected` says what got worse.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path


class RetrainRejected(Exception):
    """A retrained model got worse than the model it would replace: it was not kept."""


@dataclass(slots=True)
class Measure:
    """One comparison: ``score(model)`` (higher is better; the model file to score, or
    None for the reader's shipped model alone) under ``key`` in the figures
    (``KEY_before``, ``KEY_after``) and ``name`` in words; the new model may score at most
    ``tolerance`` less than the model it replaces. ``digits``: how the figures are said."""

    key: str
    name: str
    score: Callable[[Path | None], float]
    tolerance: float = 0.0
    digits: int = 3


def train_and_keep(
    out: Path,
    train: Callable[[Path], dict[str, float]],
    measures: Sequence[Measure],
    *,
    replaces: Path | None,
    what: str = "model",
    companions: Sequence[str] = (),
) -> dict[str, float]:
    """Train a model into ``out`` if it is at least as good as the model it replaces.

    ``train(trial)`` writes the new model at ``trial`` (``out`` with ``.new`` added; beside
    it ``trial + suffix`` for each of ``companions``, files that go with the model) and
    returns its figures. ``replaces`` is the model compared against (the one at ``out``, or
    the one the reader uses without it; None: the shipped model alone). Returns the
    figures with each measure's before and after; the new files are moved over ``out``'s
    only when kept.

    Raises:
        RetrainRejected: a measure got worse than its tolerance; the new files are deleted.
    """
    trial = out.with_name(out.name + ".new")
    files = [(Path(os.fspath(trial) + s), Path(os.fspath(out) + s)) for s in ("", *companions)]
    try:
        stats = dict(train(trial))
        worse: list[str] = []
        said: list[str] = []
        for m in measures:
            before, after = m.score(replaces), m.score(trial)
            stats[f"{m.key}_before"], stats[f"{m.key}_after"] = before, after
            said.append(f"{m.name} {before:.{m.digits}f} -> {after:.{m.digits}f}")
            if after < before - m.tolerance:
                worse.append(m.name)
    except BaseException:
        for new, _ in files:
            new.unlink(missing_ok=True)
        raise
    if worse:
        for new, _ in files:
            new.unlink(missing_ok=True)
        raise RetrainRejected(
            f"the retrained {what} was not kept: {', '.join(said)}"
            f" ({' and '.join(worse)} got worse)"
        )
    for new, final in files:
        new.replace(final)
    return stats
