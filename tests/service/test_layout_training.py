"""Layout corrections handed to the line model's trainer: the file written is what
``refmanager.pdf.linetrain`` reads and trains on, and a model trained on it labels lines."""

from __future__ import annotations

from pathlib import Path

import pytest

from refmanager.cli.main import main
from refmanager.model import InputError, Mark
from refmanager.pdf.linetrain import read_packed, rows_of
from refmanager.service import fixing
from refmanager.service.session import Session
from refmanager.service.training import (
    layout_correction_counts,
    retrain_library,
    write_layout_examples,
)
from tests.service.test_fixing import _document
from tools.corpus.linemodel import train, write_packed


def _corrected(tmp_path: Path) -> Path:
    session = Session(tmp_path / "lib")
    try:
        doc = _document(session, tmp_path)
        fixing.extract_between(doc, Mark(2, 752), Mark(2, 700)).do(session.lib)
        first = session.lib.documents.references_of(doc)[0].id
        fixing.merge_rows([first]).do(session.lib)
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


@pytest.mark.usefixtures("small_base")
def test_learning_from_layout_corrections_alone_trains_the_line_model_only(
    tmp_path: Path,
) -> None:
    from refmanager.service.parsing import model_for
    from refmanager.service.training import retrain_library

    library = _corrected(tmp_path)
    fields, stats = retrain_library(library)
    assert fields == 0 and stats["lines_documents"] == 1
    assert model_for(library) is None  # no field corrections: no parser model


@pytest.fixture
def small_base(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A few of the shipped base documents, so that training takes seconds here."""
    from refmanager.pdf import linetrain

    docs = list(read_packed(linetrain.BASE_PATH))[:6]
    small = tmp_path / "base.jsonl.gz"
    write_packed(docs, small)
    monkeypatch.setattr(linetrain, "BASE_PATH", small)


@pytest.mark.usefixtures("small_base")
def test_layout_corrections_train_the_library_line_model_that_imports_then_use(
    tmp_path: Path,
) -> None:
    from refmanager.service.extract import extract_pdf
    from refmanager.service.training import learnt, line_model_for, retrain_library

    library = tmp_path / "lib"
    session = Session(library)
    session.use_processes = False
    try:
        doc = _document(session, tmp_path)
        pdf = session.lib.documents.file_path(doc)
        assert pdf is not None
        wrong = [e.raw for e in extract_pdf(pdf).references]
        assert any("Department" in raw for raw in wrong)  # the shipped model's reading
        fixing.extract_between(doc, Mark(2, 752), Mark(2, 700)).do(session.lib)
        fixed = [s.reference.raw for s in session.lib.documents.references_of(doc)]
    finally:
        session.close()
    assert line_model_for(library) is None
    result = retrain_library(library)
    assert result[0] == 0 and result[1]["lines_documents"] == 1
    assert result[1]["lines_entries_after"] >= result[1]["lines_entries_before"]
    assert "list finder learnt from 1 corrected document" in learnt(result)
    model = line_model_for(library)
    assert model is not None
    # Read again with the library's model, the paper gives what the user made of it.
    again = extract_pdf(pdf, line_model=model)
    assert [e.raw for e in again.references] == fixed


@pytest.mark.usefixtures("small_base")
def test_refmanager_train_with_corrections_trains_the_line_model(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from refmanager.service.training import line_model_for

    library = _corrected(tmp_path)
    assert main(["train", "--with-corrections", "--library", str(library)]) == 0
    err = capsys.readouterr().err
    assert "2 layout corrections (1 bounds, 1 merge): training the line model" in err
    assert "corrected entries found" in err
    assert line_model_for(library) is not None


@pytest.mark.usefixtures("small_base")
def test_a_new_line_model_is_compared_with_the_library_model_it_replaces(
    tmp_path: Path,
) -> None:
    # crf.keep, as for the parser's library model: before, the shipped model was the
    # measure whatever library model the new one replaced
    import pycrfsuite

    from refmanager.pdf.linetrain import train_library
    from refmanager.service.training import _layout_documents, line_model_path

    library = _corrected(tmp_path)
    docs = _layout_documents(library)
    shipped = train_library(docs, tmp_path / "fresh.crfsuite")
    blind = pycrfsuite.Trainer(verbose=False)  # a library model that finds no entry
    blind.append([["b=other"], ["b=in"]], ["other", "other"])
    out = line_model_path(library)
    blind.train(str(out))
    stats = train_library(docs, out)
    assert stats["entries_before"] < shipped["entries_before"]
    assert stats["entries_after"] >= stats["entries_before"]


def test_layout_examples_over_the_library_database_are_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # issue 26 defect 1: gzip data was written over the library's database
    library = _corrected(tmp_path)
    database = library / "library.sqlite"
    before = database.read_bytes()
    argv = ["train", "--library", str(library), "--layout-examples", str(database)]
    assert main(argv) == 2
    assert "inside the library folder" in capsys.readouterr().err
    assert database.read_bytes() == before
    assert layout_correction_counts(library) == {"bounds": 1, "merge": 1}  # it still opens


def test_a_model_out_inside_the_library_is_refused_before_training(tmp_path: Path) -> None:
    Session(tmp_path / "empty").close()  # no corrections: the file name is checked first
    with pytest.raises(InputError, match="inside the library folder"):
        retrain_library(tmp_path / "empty", tmp_path / "empty" / "library.sqlite")


def test_a_damaged_library_line_model_is_not_used(tmp_path: Path) -> None:
    from refmanager.pdf.zones import MODEL_PATH
    from refmanager.service.training import line_model_for, line_model_path

    folder = tmp_path / "lib"
    folder.mkdir()
    data = bytearray(MODEL_PATH.read_bytes())
    line_model_path(folder).write_bytes(bytes(data[: len(data) // 2]))  # truncated
    assert line_model_for(folder) is None  # imports read with the shipped model
    line_model_path(folder).write_bytes(bytes(data))
    assert line_model_for(folder) == line_model_path(folder)
