"""The defects of issue 12, each as the user met it (every test failed before its fix)."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QItemSelectionModel, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QLabel
from pytestqt.qtbot import QtBot

from refmanager.gui.dialogs import ExportDialog
from refmanager.gui.entry_editor import READABLE, contrast
from refmanager.gui.main_window import MainWindow
from tests.gui.test_window import click_row, shown, wait_jobs
from tests.service.test_importing import ENTRIES, make_pdf

pytestmark = pytest.mark.gui

LSTM = (
    "[7] Hochreiter S, Schmidhuber J. Long short-term memory. Neural Computation, 1997, "
    "9(8): 1735–1780. [doi: 10.1162/neco.1997.9.8.1735]"
)


def _two_duplicates(qtbot: QtBot, win: MainWindow) -> None:
    win.imports.paste_references([LSTM, LSTM.replace("Long short-term", "Long Short-Term")])
    wait_jobs(qtbot, win)
    win.sidebar.select("duplicates")
    wait_jobs(qtbot, win)
    assert win.dups.pairs


def test_the_merge_button_merges_the_selected_pair(qtbot: QtBot, window: MainWindow) -> None:
    """Merge... called merge_selected_pair(False): 'bool' object is not callable."""
    _two_duplicates(qtbot, window)
    total = window.session.lib.search.count("")
    opened: list[object] = []

    def accept_dialog() -> None:
        dialog = QApplication.activeModalWidget()
        if dialog is None:
            QTimerHook.retry(accept_dialog)
            return
        opened.append(dialog)
        dialog.accept()  # type: ignore[attr-defined]

    QTimerHook.retry(accept_dialog)
    QTest.mouseClick(window.dups.merge_button, Qt.MouseButton.LeftButton)
    wait_jobs(qtbot, window)
    assert opened, "the merge dialog opened"
    assert window.session.lib.search.count("") == total - 1
    assert window.undo_stack.undoText() == "merge duplicates"


class QTimerHook:
    """Run a function once the modal dialog's event loop turns."""

    @staticmethod
    def retry(func: object) -> None:
        from PySide6.QtCore import QTimer

        QTimer.singleShot(50, func)  # type: ignore[call-overload]


def test_the_duplicates_list_follows_undo(qtbot: QtBot, window: MainWindow) -> None:
    _two_duplicates(qtbot, window)
    window.dups.table.selectRow(0)
    assert window.dups.merge_selected_pair(dialog_hook=lambda _d: None)
    wait_jobs(qtbot, window)
    assert window.dups.pairs == []
    window.undo_stack.undo()  # the two are back: so is the proposed merge
    wait_jobs(qtbot, window)
    assert len(window.dups.pairs) == 1


def test_tagging_a_selection_keeps_it_selected(qtbot: QtBot, paper_window: MainWindow) -> None:
    win = paper_window
    win.table.selectRow(1)
    for row in range(2, 8):
        win.table.selectionModel().select(
            win.model.index(row, 0),
            QItemSelectionModel.SelectionFlag.Select | QItemSelectionModel.SelectionFlag.Rows,
        )
    ids = win.selected_ids()
    assert len(ids) == 7
    assert win.edits.tag_selected("to read")
    wait_jobs(qtbot, win)
    assert sorted(win.selected_ids()) == sorted(ids)
    assert win.status.undo_offer.isVisible()  # the status bar offers Undo
    QTest.mouseClick(win.status.undo_offer, Qt.MouseButton.LeftButton)
    wait_jobs(qtbot, win)
    assert win.session.lib.tags.tagged_references("to read") == []
    assert sorted(win.selected_ids()) == sorted(ids)


def test_search_names_its_scope_and_offers_the_whole_library(
    qtbot: QtBot, paper_window: MainWindow
) -> None:
    win = paper_window
    win.imports.paste_references(["Knuth D. E. The Art of Computer Programming. 1968."])
    wait_jobs(qtbot, win)
    doc_id = win.session.documents()[0].id
    win.sidebar.select("document", doc_id)
    label = win.searching.scope_label
    assert label.isVisible() and "document" in label.text()
    win.search.setText("knuth")
    win.searching.apply()
    assert win.model.rowCount() == 0
    assert "Nothing found in" in win.searching.message.text()
    assert "Did you mean" not in win.searching.message.text()
    assert win.searching.everywhere.isVisible()
    QTest.mouseClick(win.searching.everywhere, Qt.MouseButton.LeftButton)
    assert win.model.rowCount() == 1 and not label.isVisible()


def test_the_pdf_pane_shows_the_paper_of_the_current_reference(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    pdfs = [
        make_pdf(tmp_path / f"{name}.pdf", f"Paper {name}", ENTRIES) for name in ("A", "B", "C")
    ]
    window.imports.import_paths(pdfs)
    wait_jobs(qtbot, window)
    qtbot.waitUntil(lambda: window.current_id() is not None, timeout=3000)
    shown(qtbot, window)
    for row in range(window.model.rowCount()):
        click_row(qtbot, window, row)
        info = window.session.stored(window.current_id())  # type: ignore[arg-type]
        assert info is not None and info.document_id is not None
        assert window.pdf.path == window.session.document_path(info.document_id)
        assert window.pdf.view.highlights() == info.reference.location

    # a pasted reference has no PDF: no paper stays on screen
    window.sidebar.select("all")
    window.imports.paste_references(["Hoare C. A. R. Quicksort. The Computer Journal, 1962."])
    wait_jobs(qtbot, window)
    [pasted] = window.session.lib.search.search_ids("quicksort")
    window.search.setText("quicksort")
    window.searching.apply()
    assert window.select_id(pasted)
    shown(qtbot, window)
    assert window.pdf.path is None and window.pdf.view.highlights() == []

    # a deleted entry is not left outlined
    window.search.clear()
    window.searching.apply()
    with_pdf = [
        r
        for r in range(window.model.rowCount())
        if window.model.row_at(r).document_id  # type: ignore[union-attr]
    ]
    click_row(qtbot, window, with_pdf[0])
    assert window.pdf.view.highlights()
    deleted = window.current_id()
    window.table.setFocus()
    window.delete_selected()
    wait_jobs(qtbot, window)
    shown(qtbot, window)
    current = window.session.stored(window.current_id())  # type: ignore[arg-type]
    assert current is not None and current.id != deleted
    assert window.pdf.view.highlights() == current.reference.location


def test_the_export_dialog_has_no_literal_ampersand(window: MainWindow) -> None:
    dialog = ExportDialog(window, ("all",), "all")
    texts = [label.text() for label in dialog.findChildren(QLabel) if label.isVisibleTo(dialog)]
    assert "&File" in texts  # a mnemonic ...
    file_label = next(lab for lab in dialog.findChildren(QLabel) if lab.text() == "&File")
    assert file_label.buddy() is dialog.path_edit  # ... shown as one, with its buddy


def test_raw_text_spans_read_well_in_the_dark_theme(qtbot: QtBot, paper_window: MainWindow) -> None:
    win = paper_window
    try:
        win.set_theme("dark")
        click_row(qtbot, win, 3)
        base = win.editor.raw.palette().base().color()
        assert base.lightness() < 100
        spans = win.editor.raw.extraSelections()
        assert spans
        for span in spans:
            assert contrast(span.format.foreground().color(), base) >= READABLE
    finally:
        win.set_theme("system")
