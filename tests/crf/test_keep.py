"""Train, compare, keep or reject (crf.keep): the one routine both readers' library models
go through."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from refmanager.crf.keep import Measure, RetrainRejected, train_and_keep


def _trainer(text: str, companion: str = ".stacked") -> Callable[[Path], dict[str, float]]:
    def train(trial: Path) -> dict[str, float]:
        trial.write_text(text)
        Path(f"{trial}{companion}").write_text("marker " + text)
        return {"examples": 3.0}

    return train


def _scores(table: dict[str, float]) -> Callable[[Path | None], float]:
    """A score read from the model file's text (None: the shipped model)."""
    return lambda model: table[model.read_text() if model is not None else "shipped"]


def test_a_model_as_good_as_the_one_it_replaces_is_kept(tmp_path: Path) -> None:
    out = tmp_path / "model.crfsuite"
    out.write_text("old")
    Path(f"{out}.stacked").write_text("marker old")
    stats = train_and_keep(
        out,
        _trainer("new"),
        [Measure("fixes", "corrected entries", _scores({"old": 0.5, "new": 0.5}))],
        replaces=out,
        companions=[".stacked"],
    )
    assert out.read_text() == "new" and Path(f"{out}.stacked").read_text() == "marker new"
    assert stats == {"examples": 3.0, "fixes_before": 0.5, "fixes_after": 0.5}
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "model.crfsuite",
        "model.crfsuite.stacked",
    ]


def test_a_worse_model_is_rejected_and_nothing_is_written(tmp_path: Path) -> None:
    out = tmp_path / "model.crfsuite"
    measures = [
        Measure("fixes", "corrected entries", _scores({"shipped": 0.4, "new": 0.9})),
        Measure("guard", "other strings", _scores({"shipped": 0.9, "new": 0.8}), 0.05),
    ]
    with pytest.raises(RetrainRejected) as caught:
        train_and_keep(out, _trainer("new"), measures, replaces=None, companions=[".stacked"])
    assert str(caught.value) == (
        "the retrained model was not kept: corrected entries 0.400 -> 0.900,"
        " other strings 0.900 -> 0.800 (other strings got worse)"
    )
    assert list(tmp_path.iterdir()) == []


def test_a_loss_within_the_tolerance_is_kept(tmp_path: Path) -> None:
    out = tmp_path / "lines.crfsuite"
    measure = Measure("guard", "other strings", _scores({"shipped": 0.9, "new": 0.88}), 0.05)
    train_and_keep(out, _trainer("new"), [measure], replaces=None)
    assert out.read_text() == "new"


def test_a_failed_training_leaves_no_trial_files(tmp_path: Path) -> None:
    out = tmp_path / "model.crfsuite"

    def train(trial: Path) -> dict[str, float]:
        trial.write_text("half")
        raise OSError("disk full")

    with pytest.raises(OSError, match="disk full"):
        train_and_keep(out, train, [], replaces=None)
    assert list(tmp_path.iterdir()) == []
