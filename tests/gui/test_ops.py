"""The change helper (after Anki's CollectionOp): slow changes run off the GUI thread, are
registered for undo when done, and what they touched drives the refresh; changes asked for
meanwhile wait their turn."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import pytest
from pytestqt.qtbot import QtBot

from refmanager.gui.main_window import MainWindow
from refmanager.service import editing
from refmanager.service.views import Changes
from refmanager.service.workers import WorkerProcess
from tests.gui.test_window import wait_jobs

pytestmark = pytest.mark.gui


def test_a_slow_change_runs_off_the_gui_thread_then_is_undoable(
    qtbot: QtBot, window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls: list[tuple[threading.Thread, object]] = []
    real = WorkerProcess.call

    def call(self: WorkerProcess, fn: Any, /, *args: Any, **kwargs: Any) -> Any:
        calls.append((threading.current_thread(), fn))
        return real(self, fn, *args, **kwargs)

    monkeypatch.setattr(WorkerProcess, "call", call)
    refreshed: list[Changes] = []
    original = window.apply_changes

    def spy(changes: Changes) -> None:
        refreshed.append(changes)
        original(changes)

    monkeypatch.setattr(window, "apply_changes", spy)

    window.imports.paste_references(["Hoare C. A. R. Quicksort. The Computer Journal, 1962."])
    assert window.undo_stack.count() == 0  # registered only once made
    wait_jobs(qtbot, window)
    # parsed and stored in the session's worker process, waited for off the GUI thread
    assert [fn for _thread, fn in calls] == [editing.add_texts_in_folder]
    assert calls[0][0] is not threading.main_thread()
    assert window.undo_stack.undoText() == "paste 1 reference"
    assert window.model.rowCount() == 1 and window.totals[0] == 1
    assert refreshed and refreshed[-1].structure

    window.undo_stack.undo()  # the undo of a slow change is slow too: in the background
    wait_jobs(qtbot, window)
    assert window.session.lib.search.count("") == 0 and window.model.rowCount() == 0


def test_changes_asked_for_during_a_slow_one_happen_after_it_in_order(
    qtbot: QtBot, window: MainWindow
) -> None:
    texts = [f"Author{i} A. Title number {i}. Journal, 2001." for i in range(20)]
    window.imports.paste_references(texts)
    assert window.commands.busy()
    window.imports.paste_references(["Hoare C. A. R. Quicksort. The Computer Journal, 1962."])
    wait_jobs(qtbot, window)
    assert window.session.lib.search.count("") == 21
    assert window.undo_stack.count() == 2
    window.undo_stack.undo()
    window.undo_stack.undo()
    wait_jobs(qtbot, window)
    assert window.session.lib.search.count("") == 0
    window.undo_stack.redo()
    wait_jobs(qtbot, window)
    assert window.session.lib.search.count("") == 20


def test_a_failed_extraction_is_fixed_in_a_few_undoable_clicks(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    from refmanager.service.views import STRUCTURE
    from tests.gui.test_window import click_row
    from tests.service.test_fixing import _document

    doc = _document(window.session, tmp_path)  # its affiliations were taken for the list
    window.apply_changes(STRUCTURE)
    window.sidebar.select("document", doc)
    wait_jobs(qtbot, window)  # the paper is checked, then shown
    before = window.model.rowCount()

    # marks on the page (the view's right-click menu): the list is read between them
    window.pdf.view.markRequested.emit("start", 2, 72.0, 752.0)
    assert not window.commands.busy()  # one mark: it asks for the other
    assert window.pdf.view.marks() == {"start": (2, 752.0)}  # drawn on the page
    window.pdf.view.markRequested.emit("end", 2, 72.0, 700.0)
    wait_jobs(qtbot, window)
    assert window.pdf.view.marks() == {}
    assert window.undo_stack.undoText() == "extract between the marks"
    rows = window.model.rowCount()
    assert rows == 3 != before
    assert window.session.lib.layout.layout_corrections()

    # two rows that are one entry, then a row that is none; each undoable
    click_row(qtbot, window, 0)
    assert window.edits.merge_rows()
    wait_jobs(qtbot, window)
    assert window.model.rowCount() == 2
    window.undo_stack.undo()
    wait_jobs(qtbot, window)
    assert window.model.rowCount() == 3
    click_row(qtbot, window, 2)
    assert window.edits.mark_not_references()
    wait_jobs(qtbot, window)
    assert window.model.rowCount() == 2 and window.status.undo_offer.isVisible()
    window.undo_stack.undo()
    wait_jobs(qtbot, window)

    # a row cut in two at the cursor of its raw text
    click_row(qtbot, window, 0)
    raw = window.editor.reference.raw if window.editor.reference else ""
    cut = raw.index(" A first")
    window.editor.select_span(cut, cut)
    window.editor.request_split()
    wait_jobs(qtbot, window)
    assert window.model.rowCount() == 4
    window.undo_stack.undo()
    window.undo_stack.undo()  # and the marks' extraction: the affiliations are back
    wait_jobs(qtbot, window)
    assert window.model.rowCount() == before
    assert window.session.lib.layout.layout_corrections() == []  # undone fixes teach nothing


def test_an_export_runs_in_a_worker_process_with_progress_and_stops_at_cancel(
    qtbot: QtBot, paper_window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from refmanager.service import exchange, workers

    ran: list[object] = []
    real_call = workers.WorkerProcess.call

    def call(self: workers.WorkerProcess, fn: Any, /, *args: Any, **kwargs: Any) -> Any:
        ran.append(fn)
        return real_call(self, fn, *args, **kwargs)

    monkeypatch.setattr(workers.WorkerProcess, "call", call)
    win = paper_window
    target = tmp_path / "all.bib"
    job = win.exports.export("bibtex", target, ids=None, query="")
    steps: list[tuple[int, int]] = []
    job.progressed.connect(lambda done, total, _m: steps.append((done, total)))
    wait_jobs(qtbot, win)
    assert ran == [exchange.export_in_folder]  # formatted in a process of its own
    assert steps[-1] == (12, 12)  # each batch told (the sample paper's 12 references: one)
    assert target.read_text(encoding="utf-8").count("@") == 12

    # Cancel stops it before the next batch; the file written before is left as it was
    before = target.read_bytes()
    job = win.exports.export("bibtex", target, ids=None, query="year:2015")
    cancelled: list[bool] = []
    job.cancelled.connect(lambda: cancelled.append(True))
    job.cancel()
    wait_jobs(qtbot, win)
    assert cancelled and target.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith("all")) == ["all.bib"]
    assert "Export cancelled" in win.statusBar().currentMessage()
