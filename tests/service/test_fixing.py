"""Fixing a failed extraction without Qt: the list re-read between marks, rows merged, split
and marked not a reference; each undoable, each kept as a labelled layout example."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from refmanager.model import InputError, Mark
from refmanager.pdf.linetrain import rows_of
from refmanager.service import editing, fixing, importing
from refmanager.service.session import Session
from refmanager.service.views import Change
from refmanager.service.workers import WorkerProcess
from tests.pdf.pdfbuild import Text, column, write_pdf

AFFILIATIONS = [
    "1. Department of Physics, University of Somewhere, Street 1, City",
    "2. Institute for Studies, Another University, Road 2, Town, 2019",
    "3. Laboratory of Things, Third University, Avenue 3, Village, 2020",
]
LIST = [
    "[1] J. Smith. A first title about extraction. Journal of Tests 3, 1-9 (2019).",
    "[2] K. Jones and M. Lee. A second title on reading. Proc. of Things, 2020.",
    "  Further words of the second entry, pages 10-20.",
    "[3] P. Brown. A third title of a book. Publisher, City, 2018.",
]


@pytest.fixture
def session(tmp_path: Path) -> Iterator[Session]:
    s = Session(tmp_path / "lib")
    s.use_processes = False
    yield s
    s.close()


def _document(session: Session, tmp_path: Path) -> int:
    page1 = [
        Text(72, 780, "A Paper Without a Heading", 16),
        *column(72, 740, AFFILIATIONS),
        *column(72, 690, ["Body text of the paper goes on here for a while and ends."] * 3),
    ]
    page2 = [
        *column(72, 780, ["More body text that is not a reference at all, just words."] * 2),
        *column(72, 740, LIST, indent=12),
    ]
    pdf = write_pdf(tmp_path / "paper.pdf", [page1, page2])
    report = importing.import_paths(session.lib, [pdf], jobs=1)
    [item] = report.items
    assert item.document_id is not None
    return item.document_id


def _raws(session: Session, document_id: int) -> list[str]:
    return [s.reference.raw for s in session.lib.documents.references_of(document_id)]


def _positions(session: Session, document_id: int) -> list[int]:
    return [s.position for s in session.lib.documents.references_of(document_id)]


def _between(session: Session, doc: int) -> fixing.Extracted:
    token = fixing.extract_between(doc, Mark(2, 752), Mark(2, 700)).do(session.lib)
    assert isinstance(token, fixing.Extracted)
    return token


def test_marks_replace_the_references_and_undo_puts_the_old_ones_back(
    session: Session, tmp_path: Path
) -> None:
    doc = _document(session, tmp_path)
    before = _raws(session, doc)
    assert any("Department" in raw for raw in before)  # the finder took the affiliations
    session.lib.notes.set_note(session.lib.documents.references_of(doc)[0].id, "mine")
    change = fixing.extract_between(doc, Mark(2, 752), Mark(2, 700))
    assert change.slow and change.changes.structure and doc in change.changes.documents
    token = change.do(session.lib)
    after = _raws(session, doc)
    assert len(after) == 3 and after[0].startswith("[1] J. Smith")
    assert not any("Department" in raw for raw in after)
    assert session.lib.documents.document(doc).status == "ok"
    [kept] = session.lib.layout.layout_corrections()
    assert kept.kind == "bounds" and kept.document_id == doc
    _rows, labels, _ = rows_of(kept.example)
    assert labels.count("start") == 3
    change.undo(session.lib, token)
    assert _raws(session, doc) == before
    assert session.lib.layout.layout_corrections() == []
    assert session.lib.notes.note(session.lib.documents.references_of(doc)[0].id) == "mine"
    change.do(session.lib)  # redo
    assert _raws(session, doc) == after


def test_marks_with_nothing_between_say_why_on_the_document(
    session: Session, tmp_path: Path
) -> None:
    doc = _document(session, tmp_path)
    token = fixing.extract_between(doc, Mark(1, 100), Mark(1, 90)).do(session.lib)
    assert isinstance(token, fixing.Extracted)
    record = session.lib.documents.document(doc)
    assert _raws(session, doc) == []
    assert record.status == "failed" and "no bibliography found" in record.message
    assert any("between the marks" in n for n in token.notes)
    [entry] = [d for d in session.documents() if d.id == doc]
    assert "between the marks" in entry.message


def test_a_document_without_a_pdf_and_bad_marks_are_refused(
    session: Session, tmp_path: Path
) -> None:
    doc = _document(session, tmp_path)
    with pytest.raises(InputError, match="end is before its start"):
        fixing.extract_between(doc, Mark(2, 600), Mark(2, 752)).do(session.lib)
    from refmanager.model import DocumentMeta

    bare = session.lib.documents.add_document(DocumentMeta(title="No file"), [], source="bibtex")
    with pytest.raises(InputError, match="no PDF"):
        fixing.extract_between(bare, Mark(1, 700), Mark(1, 600)).do(session.lib)


def test_merge_with_next_joins_two_rows_renumbers_and_undoes(
    session: Session, tmp_path: Path
) -> None:
    doc = _document(session, tmp_path)
    _between(session, doc)
    ids = [s.id for s in session.lib.documents.references_of(doc)]
    change = fixing.merge_rows([ids[0]])
    token = change.do(session.lib)
    raws = _raws(session, doc)
    assert len(raws) == 2
    assert raws[0].startswith("[1] J. Smith") and "K. Jones" in raws[0]
    assert _positions(session, doc) == [0, 1]
    merged = session.lib.references.reference(ids[0]).reference
    assert len(merged.location) == 2
    kinds = [c.kind for c in session.lib.layout.layout_corrections()]
    assert kinds == ["bounds", "merge"]
    latest = fixing.layout_training_documents(session.lib)
    assert len(latest) == 1  # one document, its newest correction
    assert rows_of(latest[0])[1].count("start") == 2
    change.undo(session.lib, token)
    assert [s.id for s in session.lib.documents.references_of(doc)] == ids
    assert _positions(session, doc) == [0, 1, 2]
    assert [c.kind for c in session.lib.layout.layout_corrections()] == ["bounds"]


def test_merge_needs_a_next_row_or_two_rows_of_one_document(
    session: Session, tmp_path: Path
) -> None:
    doc = _document(session, tmp_path)
    _between(session, doc)
    ids = [s.id for s in session.lib.documents.references_of(doc)]
    with pytest.raises(InputError, match="last reference"):
        fixing.merge_rows([ids[-1]]).do(session.lib)
    with pytest.raises(InputError, match="one row"):
        fixing.merge_rows(ids)
    [pasted] = editing.paste(["D. Knuth. The Art of Computer Programming. 1968."]).do(session.lib)
    with pytest.raises(InputError, match="different documents"):
        fixing.merge_rows([ids[0], pasted]).do(session.lib)
    # two given rows merge in their document's order
    token = fixing.merge_rows([ids[2], ids[1]]).do(session.lib)
    assert token.kept == ids[1]
    second = _raws(session, doc)[1]
    assert second.startswith("[2] K. Jones") and "P. Brown" in second


def test_split_at_the_cursor_makes_two_rows_in_place_and_undoes(
    session: Session, tmp_path: Path
) -> None:
    doc = _document(session, tmp_path)
    _between(session, doc)
    ids = [s.id for s in session.lib.documents.references_of(doc)]
    fixing.merge_rows([ids[0]]).do(session.lib)
    joined = session.lib.references.reference(ids[0]).reference
    cut = joined.raw.index("[2]")
    change = fixing.split_row(ids[0], cut)
    token = change.do(session.lib)
    raws = _raws(session, doc)
    assert len(raws) == 3
    assert raws[0].startswith("[1] J. Smith") and "Jones" not in raws[0]
    assert raws[1].startswith("[2] K. Jones") and raws[2].startswith("[3] P. Brown")
    assert _positions(session, doc) == [0, 1, 2]
    first, second = (s.reference for s in session.lib.documents.references_of(doc)[:2])
    assert first.location[0].bbox[1] > second.location[0].bbox[1]  # boxes cut between them
    assert second.citation_number == 2
    assert session.lib.layout.layout_corrections()[-1].kind == "split"
    change.undo(session.lib, token)
    assert len(_raws(session, doc)) == 2
    assert session.lib.references.reference(ids[0]).reference.raw == joined.raw
    with pytest.raises(InputError, match="cursor"):
        fixing.split_row(ids[0], 0).do(session.lib)


def test_not_a_reference_removes_rows_keeps_a_negative_example_and_undoes(
    session: Session, tmp_path: Path
) -> None:
    doc = _document(session, tmp_path)
    fixing.extract_between(doc, Mark(1, 752), Mark(2, 700)).do(session.lib)
    rows = session.lib.documents.references_of(doc)
    wrong = [s.id for s in rows if "University" in s.reference.raw]
    assert wrong
    change = fixing.not_reference(wrong)
    token = change.do(session.lib)
    raws = _raws(session, doc)
    assert not any("University" in raw for raw in raws)
    assert _positions(session, doc) == list(range(len(raws)))
    assert session.lib.search.search_ids("Physics") == []  # out of searches and exports
    latest = session.lib.layout.layout_corrections()[-1]
    assert latest.kind == "not-reference"
    texts, labels = [r.text for r in rows_of(latest.example)[0]], rows_of(latest.example)[1]
    assert labels[texts.index(AFFILIATIONS[0])] == "other"
    assert session.lib.layout.layout_correction_counts()["not-reference"] == 1
    change.undo(session.lib, token)
    assert [s.id for s in session.lib.documents.references_of(doc)] == [s.id for s in rows]
    assert _positions(session, doc) == [s.position for s in rows]
    assert "not-reference" not in session.lib.layout.layout_correction_counts()


def test_font_styles_follow_the_text_into_joined_and_cut_rows() -> None:
    styles = [(0, 4, "bold"), (10, 20, "italic")]
    assert fixing.shifted_styles(styles, 0, 15) == [(0, 4, "bold"), (10, 15, "italic")]
    assert fixing.shifted_styles(styles, 30, 40) == [(30, 34, "bold"), (40, 50, "italic")]
    assert fixing.shifted_styles(styles, -12, 40) == [(0, 8, "italic")]


def test_a_split_inside_a_word_moves_to_the_word_and_the_part_gets_its_own_label(
    session: Session, tmp_path: Path
) -> None:
    """Issue 25, item 4: a split went exactly where the pointer was ("… B. U" + "sing
    DeepSpeed"), and the part split off showed the next row's number ([22] twice)."""
    assert fixing.word_boundary("Smith, B. Using DeepSpeed", 11) == 10  # "U|sing"
    assert fixing.word_boundary("Smith, B. Using DeepSpeed", 10) == 10  # already between
    assert fixing.word_boundary("Catanzaro rest", 4) == 9  # the first word: to its end
    assert fixing.word_boundary("张三. 基于深度学习", 6) == 6  # Chinese has no spaces
    assert fixing.second_label("[22]") == "[22b]" and fixing.second_label("22.") == "22b."
    assert fixing.second_label("") == ""
    assert fixing.joint("Catanza", "ro") == " " and fixing.joint("基于深度", "学习") == ""
    doc = _document(session, tmp_path)
    _between(session, doc)
    first = session.lib.documents.references_of(doc)[0]
    raw = first.reference.raw
    inside = raw.index("Smith") + 2  # "Sm|ith"
    fixing.split_row(first.id, inside).do(session.lib)
    parts = _raws(session, doc)[:2]
    assert parts[1].startswith("Smith")
    assert session.lib.documents.references_of(doc)[1].reference.label != first.reference.label


def test_each_fix_runs_in_a_worker_process_and_undoes_here(
    session: Session, tmp_path: Path
) -> None:
    """Given a window's worker process, a fix reads the PDF and parses there, on its own
    connection (the window's process loads neither); the undo writes here."""
    doc = _document(session, tmp_path)
    before = _raws(session, doc)
    worker = WorkerProcess("test-fixer")
    done: list[tuple[Change[Any], Any]] = []

    def make(change: Change[Any]) -> Any:
        token = change.do(session.lib)
        done.append((change, token))
        return token

    try:
        extracted = make(fixing.extract_between(doc, Mark(2, 752), Mark(2, 700), worker))
        assert isinstance(extracted, fixing.Extracted) and len(extracted.added) == 3
        ids = [s.id for s in session.lib.documents.references_of(doc)]
        assert ids == extracted.added
        joined = make(fixing.merge_rows([ids[0]], worker))
        assert joined.kept == ids[0] and len(_raws(session, doc)) == 2
        cut = session.lib.references.reference(ids[0]).reference.raw.index("[2]")
        split = make(fixing.split_row(ids[0], cut, worker))
        assert _raws(session, doc)[1].startswith("[2] K. Jones") and split.added not in ids
        rejected = make(fixing.not_reference([split.added], worker))
        assert rejected.removed.ids() == [split.added] and len(_raws(session, doc)) == 2
        kinds = [c.kind for c in session.lib.layout.layout_corrections()]
        assert kinds == ["bounds", "merge", "split", "not-reference"]
    finally:
        worker.close()
    for change, token in reversed(done):  # here, on this connection
        change.undo(session.lib, token)
    assert _raws(session, doc) == before
    assert session.lib.layout.layout_corrections() == []
