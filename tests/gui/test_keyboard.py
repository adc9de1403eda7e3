"""The keyboard without traps (issue 25, item 2): a written tab order, combo boxes that
arrows do not change while closed, Undo wherever the focus is, and an F2 edit that leaves
the focus in the table."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QComboBox, QLineEdit, QWidget
from pytestqt.qtbot import QtBot

from refmanager.gui.main_window import MainWindow
from refmanager.gui.table_model import COLUMN_INDEX
from tests.gui.test_window import click_row, shown, wait_jobs

pytestmark = pytest.mark.gui
TITLE = COLUMN_INDEX["Title"]


def activate(qtbot: QtBot, win: MainWindow) -> None:
    """Give the window the keyboard (under xcb without a window manager it has none)."""
    win.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is win, timeout=5000)


def tabbed(qtbot: QtBot, start: QWidget, steps: int) -> list[QWidget]:
    """The widgets Tab visits from ``start`` (an editable combo counts as itself)."""
    start.setFocus()
    qtbot.waitUntil(start.hasFocus)
    out = [start]
    for _ in range(steps):
        focus = QApplication.focusWidget()
        assert focus is not None
        QTest.keyClick(focus, Qt.Key.Key_Tab)
        focus = QApplication.focusWidget()
        assert focus is not None
        parent = focus.parentWidget()
        out.append(parent if isinstance(parent, QComboBox) else focus)
    return out


def test_tab_goes_search_table_editor_pdf(qtbot: QtBot, paper_window: MainWindow) -> None:
    win = paper_window
    win.activateWindow()
    qtbot.waitUntil(win.pdf.page_spin.isEnabled, timeout=20_000)  # the PDF is shown
    editor = win.editor.focus_chain()
    chain = tabbed(qtbot, win.search, len(editor) + 4)
    assert chain[1] is win.table  # not past the table into the editor's type box
    assert chain[2 : 2 + len(editor)] == editor  # the form top to bottom, raw text, notes
    assert chain[2 + len(editor) :][:2] == [win.pdf.page_spin, win.pdf.find_edit]
    assert tabbed(qtbot, win.sidebar, 1) == [win.sidebar, win.search]


def test_arrows_never_change_a_closed_type_box(qtbot: QtBot, paper_window: MainWindow) -> None:
    win = paper_window
    activate(qtbot, win)
    click_row(qtbot, win, 0)
    box = win.editor.edits["type"]
    assert isinstance(box, QComboBox)
    before = box.currentText()
    box.setFocus()
    for key in (Qt.Key.Key_Down, Qt.Key.Key_Down, Qt.Key.Key_Up, Qt.Key.Key_PageDown):
        QTest.keyClick(box, key)
    qtbot.wait(10)
    assert box.currentText() == before
    assert win.undo_stack.count() == 0  # nothing was changed


def test_undo_works_with_the_focus_in_the_type_box(qtbot: QtBot, paper_window: MainWindow) -> None:
    win = paper_window
    activate(qtbot, win)
    click_row(qtbot, win, 0)
    ref_id = win.current_id()
    assert ref_id is not None
    box = win.editor.edits["type"]
    assert isinstance(box, QComboBox)
    box.setFocus()
    box.setCurrentText("book")
    box.activated.emit(box.currentIndex())
    wait_jobs(qtbot, win)
    assert win.session.stored(ref_id).reference.type == "book"  # type: ignore[union-attr]
    qtbot.waitUntil(lambda: QApplication.focusWidget() in (box, box.lineEdit()))
    focus = QApplication.focusWidget()
    assert focus is not None
    QTest.keyClick(focus, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    wait_jobs(qtbot, win)
    assert win.session.stored(ref_id).reference.type != "book"  # type: ignore[union-attr]


def test_typing_in_a_field_is_undone_there_first(qtbot: QtBot, paper_window: MainWindow) -> None:
    win = paper_window
    activate(qtbot, win)
    click_row(qtbot, win, 0)
    title = win.editor.edits["title"]
    assert isinstance(title, QLineEdit)
    title.setFocus()
    qtbot.waitUntil(title.hasFocus)
    QTest.keyClicks(title, "xyz")
    QTest.keyClick(title, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert not title.text().endswith("xyz")  # the box's own typing
    assert win.undo_stack.count() == 0


def test_f2_edit_in_a_document_keeps_the_focus_and_down_moves_on(
    qtbot: QtBot, paper_window: MainWindow
) -> None:
    """After an F2 edit in a document's view, the table kept no focus and Down did nothing
    (and Qt warned "commitData called with an editor that does not belong to this view",
    which fails any GUI test now: pyproject's qt_log_level_fail)."""
    win = paper_window
    activate(qtbot, win)
    assert win.searching.scope[0] == "document"
    click_row(qtbot, win, 2)
    win.table.setFocus()
    win.table.setCurrentIndex(win.model.index(2, TITLE))
    QTest.keyClick(win.table, Qt.Key.Key_F2)
    editor = win.table.viewport().findChild(QLineEdit)
    assert editor is not None
    editor.selectAll()
    QTest.keyClicks(editor, "Edited by the keyboard")
    QTest.keyClick(editor, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: win.model.index(2, TITLE).data() == "Edited by the keyboard")
    wait_jobs(qtbot, win)
    qtbot.waitUntil(win.table.hasFocus)
    assert win.table.currentIndex().row() == 2
    QTest.keyClick(win.table, Qt.Key.Key_Down)
    assert win.table.currentIndex().row() == 3
    shown(qtbot, win)


def test_the_sidebar_and_the_list_marks_are_reached_from_the_keyboard(
    qtbot: QtBot, paper_window: MainWindow
) -> None:
    win = paper_window
    activate(qtbot, win)
    named = {a.text().replace("&", ""): a for a in win.findChildren(type(win.undo_action))}
    named["Go to the library sidebar"].trigger()
    assert win.sidebar.hasFocus() or QApplication.focusWidget() is win.sidebar
    assert "The list starts at the PDF's cursor" in named
    assert not win.mark_list_at_cursor("start")  # nothing pointed at yet: says how
    win.pdf.find_edit.setText("References")
    win.pdf._apply_find()
    qtbot.waitUntil(
        lambda: win.pdf.search_model.rowCount(win.pdf.search_model.index(0, 0).parent()) > 0
    )
    win.pdf.find_next()
    assert win.pdf.cursor_point() is not None
    assert not win.mark_list_at_cursor("start")  # one mark: waits for the other
    assert win.pdf.view.marks().get("start") is not None
