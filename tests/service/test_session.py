"""The window's session on a library, without Qt: reads, undoable changes and what each
says it touched, imports and exports run as tasks."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from refmanager.formats import stream
from refmanager.model import InputError, Name, Reference
from refmanager.service import documents, duplicates, editing, exchange, maintenance
from refmanager.service.importing import ImportItem
from refmanager.service.session import STEPS_PER_FILE, Cancelled, Session


class FakeTask:
    """A task as a worker thread would get it: progress and partial results recorded."""

    def __init__(self, cancel: bool = False) -> None:
        self.cancel = cancel
        self.progressed: list[tuple[int, int, str]] = []
        self.partials: list[object] = []

    @property
    def cancelled(self) -> bool:
        return self.cancel

    def check(self) -> None:
        if self.cancel:
            raise Cancelled

    def progress(self, done: int, total: int, message: str = "") -> None:
        self.progressed.append((done, total, message))

    def partial(self, value: object) -> None:
        self.partials.append(value)


@pytest.fixture
def session(tmp_path: Path) -> Iterator[Session]:
    s = Session(tmp_path / "lib")
    s.use_processes = False
    yield s
    s.close()


def _add(session: Session, title: str, family: str = "Knuth", year: int = 1968) -> int:
    ref = Reference(raw=f"{family}. {title}. {year}.", author=[Name(family=family, given="D.")])
    ref.set("title", title)
    [ref_id] = session.lib.references.add_references([ref])
    return ref_id


def test_rows_and_the_editor_heading_come_as_plain_records(session: Session) -> None:
    ref_id = _add(session, "The Art of Computer Programming")
    [row] = session.rows("", "position", False, 0, 10)
    assert (row.id, row.title, row.authors) == (
        ref_id,
        "The Art of Computer Programming",
        row.authors,
    )
    assert row.number == "1"
    info = session.stored(ref_id)
    assert info is not None and info.heading.startswith("Reference 1")
    assert session.stored(ref_id + 100) is None
    assert session.lib.search.count("") == 1 and session.lib.search.count("knuth") == 1


def test_a_compound_entrys_part_shows_its_own_label(session: Session) -> None:
    # "[12] a) ...; b) ..." cut into its works (decision 0053): the part is "12b", cited
    # as 12; the table and the editor show "12b".
    ref = Reference(raw="b) B. Abe, Org. Lett. 2002, 4, 100.", label="12b", citation_number=12)
    [ref_id] = session.lib.references.add_references([ref])
    [row] = session.rows("", "position", False, 0, 10)
    assert row.number == "12b"
    info = session.stored(ref_id)
    assert info is not None and info.heading.startswith("Reference 12b")


def test_an_edit_is_a_change_that_undoes_and_redoes(session: Session) -> None:
    ref_id = _add(session, "The Art of Computer")
    change = editing.edit_field(ref_id, "title", "The Art of Computer Programming")
    assert change.name == "edit title"
    assert change.changes.rows == {ref_id} and not change.changes.structure
    token = session.run(change)
    assert session.lib.references.get_field(ref_id, "title") == "The Art of Computer Programming"
    change.undo(session.lib, token)
    assert session.lib.references.get_field(ref_id, "title") == "The Art of Computer"
    with pytest.raises(InputError, match="not a year"):
        editing.edit_field(ref_id, "issued", "soon")


def test_delete_merge_and_paste_say_they_change_the_structure(session: Session) -> None:
    a, b = _add(session, "Same Paper"), _add(session, "Same Paper")
    merge = duplicates.merge(a, [b], {})
    assert merge.changes.structure and merge.changes.duplicates
    record = session.run(merge)
    assert session.lib.search.count("") == 1
    merge.undo(session.lib, record)
    assert session.lib.search.count("") == 2

    delete = editing.delete([a])
    snapshot = session.run(delete)
    assert session.lib.search.count("") == 1 and delete.name == "delete 1 reference"
    delete.undo(session.lib, snapshot)
    assert session.lib.search.count("") == 2

    paste = editing.paste(["Hoare C. A. R. Quicksort. The Computer Journal, 1962."])
    ids = session.run(paste)
    assert len(ids) == 1 and session.lib.search.count("") == 3 and paste.changes.structure
    paste.undo(session.lib, ids)
    assert session.lib.search.count("") == 2


def test_an_import_runs_as_a_task_and_its_undo_redo_keep_the_ids(
    session: Session, tmp_path: Path
) -> None:
    bib = tmp_path / "refs.bib"
    bib.write_text(
        "@article{k, author={Knuth, Donald}, title={Sorting}, year={1973}}\n", encoding="utf-8"
    )
    task = FakeTask()
    summary = session.import_files([bib], task)
    assert summary.references == 1 and summary.changed_anything
    assert [type(p) for p in task.partials] == [exchange.FileProgress, ImportItem]
    assert task.progressed
    change = documents.imported(summary)
    assert change.changes.structure
    change.undo(session.lib, summary)
    assert session.lib.search.count("") == 0
    session.run(change)
    assert session.lib.search.count("") == 1 and session.lib.search.search_ids("sorting") == list(
        summary.reference_ids
    )


def csl_json_file(path: Path, count: int) -> Path:
    """A CSL-JSON file of ``count`` references, one field a line (as Zotero writes it)."""
    items = [
        {
            "id": f"r{i}",
            "type": "article-journal",
            "title": f"Study number {i}",
            "author": [{"family": "Smith", "given": "J."}],
            "issued": {"date-parts": [[2000 + i % 20]]},
        }
        for i in range(count)
    ]
    path.write_text(json.dumps(items, indent=1), encoding="utf-8")
    return path


def test_an_import_reports_progress_batch_by_batch(
    session: Session, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # small batches and blocks stand for a file of a million references
    monkeypatch.setattr(exchange, "BATCH_REFERENCES", 100)
    monkeypatch.setattr(stream, "BLOCK_BYTES", 8192)
    first = csl_json_file(tmp_path / "a.json", 450)
    second = csl_json_file(tmp_path / "b.json", 20)
    task = FakeTask()
    summary = session.import_files([first, second], task)
    assert summary.references == 470

    assert task.progressed[0] == (0, 0, "Reading")
    steps = task.progressed[1:]
    assert {total for _, total, _ in steps} == {2 * STEPS_PER_FILE}
    done = [d for d, _, _ in steps]
    assert done == sorted(done) and done[-1] == 2 * STEPS_PER_FILE
    # the first file's five batches move the bar within its share, before it is finished
    within_first = [d for d in done if 0 < d < STEPS_PER_FILE]
    assert len(set(within_first)) > 1
    assert steps[0][2] == "Importing a.json: 100 references stored"
    # each batch is handed over (the window shows its rows), then the finished file
    batches = [p for p in task.partials if isinstance(p, exchange.FileProgress)]
    assert [b.references for b in batches if b.path == first] == [100, 200, 300, 400, 450]
    items = [p for p in task.partials if isinstance(p, ImportItem)]
    assert [i.path for i in items] == [first, second]
    assert task.partials.index(items[0]) == 5  # after the first file's five batches


def test_a_cancelled_import_raises_cancelled(session: Session, tmp_path: Path) -> None:
    bib = tmp_path / "refs.bib"
    bib.write_text("@misc{k, title={A}}\n", encoding="utf-8")
    with pytest.raises(Cancelled):
        session.import_files([bib], FakeTask(cancel=True))


def test_duplicates_and_export_run_on_their_own_connection(
    session: Session, tmp_path: Path
) -> None:
    a, b = (
        _add(session, "Attention Is All You Need", "Vaswani", 2017),
        _add(session, "Attention is all you need", "Vaswani", 2017),
    )
    [pair] = session.find_duplicates(FakeTask())
    assert {pair.a, pair.b} == {a, b} and "Vaswani" in pair.left_text
    target = tmp_path / "out.bib"
    assert session.export("bibtex", target, task=FakeTask()) == 2
    assert "Attention" in target.read_text(encoding="utf-8")
    not_dup = duplicates.not_duplicate(a, b)
    session.run(not_dup)
    assert session.find_duplicates(FakeTask()) == []
    not_dup.undo(session.lib, None)
    assert len(session.find_duplicates(FakeTask())) == 1


def test_notes_are_undoable_searchable_and_survive_a_deleted_reference_coming_back(
    session: Session,
) -> None:
    a = _add(session, "One")
    note = editing.set_note(a, "Reread section 3 — Über important")
    previous = session.run(note)
    assert previous == "" and session.lib.notes.note(a).startswith("Reread")
    info = session.stored(a)
    assert info is not None and info.notes.startswith("Reread")
    assert session.lib.search.search_ids("notes:uber") == [a]  # accents and case ignored
    assert session.lib.search.search_ids("has:notes") == [a]
    delete = editing.delete([a])
    token = session.run(delete)
    assert session.lib.search.search_ids("notes:reread") == []
    delete.undo(session.lib, token)
    assert session.lib.notes.note(a).startswith("Reread")
    note.undo(session.lib, previous)
    assert session.lib.notes.note(a) == "" and session.lib.search.search_ids("has:notes") == []


def test_a_read_only_session_says_so_and_refuses_changes_before_they_start(
    tmp_path: Path,
) -> None:
    writable = Session(tmp_path / "lib")
    ref_id = _add(writable, "The Art of Computer Programming")
    assert not writable.read_only
    writable.check_writable()  # nothing to refuse
    writable.close()
    session = Session(tmp_path / "lib", read_only=True)
    try:
        assert session.read_only
        with pytest.raises(InputError, match="open read-only"):
            session.check_writable()
        with pytest.raises(InputError, match="open read-only"):
            session.run(editing.edit_field(ref_id, "title", "Changed"))
        # the other connections (background reader and writer, workers) are read-only too
        assert session.writer().read_only and session.reader().read_only
        info = session.stored(ref_id)
        assert info is not None and info.reference.get("title") == "The Art of Computer Programming"
    finally:
        session.close()


def test_the_prune_plan_keeps_files_that_an_undo_or_a_redo_brings_back(
    session: Session, tmp_path: Path
) -> None:
    from refmanager.model import DocumentMeta
    from refmanager.service.importing import ImportItem, ImportReport, ImportStatus

    pdf = tmp_path / "paper.pdf"
    pdf.write_bytes(b"%PDF-1.4 paper")
    doc = session.lib.documents.add_document(DocumentMeta(), [], file=pdf)
    stored = session.lib.documents.file_path(doc)
    assert stored is not None
    token = session.run(documents.remove_document(doc))
    assert maintenance.prune_plan(session.lib).delete == [stored]
    plan = maintenance.prune_plan(session.lib, [token])  # the removal can be undone
    assert (plan.delete, plan.kept) == ([], [stored])
    added = [ImportItem(pdf, ImportStatus.ADDED, doc, created=True)]
    undone_import = ImportReport(added, snapshots=[token])
    assert maintenance.prune_plan(session.lib, [undone_import]).kept == [stored]  # its redo
    assert maintenance.prune_plan(session.lib, [ImportReport(added)]).delete == [stored]


def test_a_large_bibliography_file_is_read_and_stored_in_a_worker_process(
    session: Session, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # nothing of a large import runs in the window's process (its collector passes stalled
    # the window): the session's import hands the file to a worker with its own connection
    from refmanager.service import importing, workers

    monkeypatch.setattr(importing, "WORKER_BYTES", 0)  # every file is a large one here
    ran: list[object] = []
    real = workers.WorkerProcess.call

    def call(self: workers.WorkerProcess, fn: Any, /, *args: Any, **kwargs: Any) -> Any:
        ran.append(fn)
        return real(self, fn, *args, **kwargs)

    monkeypatch.setattr(workers.WorkerProcess, "call", call)
    path = csl_json_file(tmp_path / "refs.json", 30)
    task = FakeTask()
    report = session.import_files([path], task)
    assert ran == [exchange.import_file_in_folder]
    assert report.references == 30 and session.lib.search.count("") == 30
    assert [p.references for p in task.partials if isinstance(p, exchange.FileProgress)][-1] == 30
