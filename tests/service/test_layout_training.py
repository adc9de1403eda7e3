"""Layout corrections handed to the line model's trainer: the file written is what
``refmanager.pdf.linetrain`` reads and trains on, and a model trained on it labels lines."""

from __future__ import annotations

from pathlib import Path

import pytest

from refmanager.cli.main import main
from refmanager.model import InputError
from refmanager.pdf.linetrain import read_packed, rows_of, train
from refmanager.service.fixing import Mark
from refmanager.service.session import Session
from refmanager.service.training import layout_correction_counts, write_layout_examples
from tests.service.test_fixing import _document


def _corrected(tmp_path: Path) -> Path:
    session = Session(tmp_path / "lib")
    try:
        doc = _document(session, tmp_path)
        session.extract_between(doc, Mark(2, 752), Mark(2, 700)).do(session.lib)
        first = session.lib.documents.references_of(doc)[0].id
        session.merge_rows([first]).do(session.lib)
    finally:
        session.close()
    return tmp_path / "lib"


def test_the_written_examples_train_a_line_model_that_labels_lines(tmp_path: Path) -> None:
    library = _corrected(tmp_path)
    assert layout_correction_counts(library) == {"bounds": 1, "merge": 1}
    out = tmp_path / "layout.jsonl.gz"
    assert write_layout_examples(library, out) == 1  # one document, its newest state
    [doc] = list(read_packed(out))
    rows, labels, heights = rows_of(doc)
    assert labels.count("start") == 2 and "in" in labels and set(heights) == {1, 2}
    model = tmp_path / "lines.crfsuite"
    assert train([doc], model, iterations=20) == 1
    import pycrfsuite

    from refmanager.pdf.linefeatures import featurize

    tagger = pycrfsuite.Tagger()
    tagger.open(str(model))
    predicted = tagger.tag(featurize(rows, heights))
    assert len(predicted) == len(rows) and set(predicted) <= {"start", "in", "other", "furn"}


def test_without_layout_corrections_the_file_is_refused(tmp_path: Path) -> None:
    Session(tmp_path / "empty").close()
    with pytest.raises(InputError, match="no layout corrections yet"):
        write_layout_examples(tmp_path / "empty", tmp_path / "out.jsonl.gz")
    assert not (tmp_path / "out.jsonl.gz").exists()


def test_refmanager_train_writes_them_for_the_trainer(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    library = _corrected(tmp_path)
    out = tmp_path / "mine.jsonl.gz"
    assert main(["train", "--library", str(library), "--layout-examples", str(out)]) == 0
    assert "1 corrected document written" in capsys.readouterr().err
    assert len(list(read_packed(out))) == 1


def test_learning_from_corrections_without_field_edits_names_the_layout_ones(
    tmp_path: Path,
) -> None:
    from refmanager.service.training import retrain_library

    library = _corrected(tmp_path)
    with pytest.raises(InputError, match="no corrections yet") as caught:
        retrain_library(library)
    assert "2 layout corrections are kept" in str(caught.value)
