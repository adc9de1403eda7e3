"""Drags in the window (``gui.drops``): files dropped on a reference's row are attached to
it, anywhere else imported (issue 25, item 15); rows dropped on a collection in the
sidebar are added to it (issue 25). Each says in the status bar what a drop will do and
what it did, and is undoable."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QMimeData, QPoint, QPointF, Qt, QUrl
from PySide6.QtGui import QDragEnterEvent, QDragMoveEvent, QDropEvent
from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot

from refmanager.gui.drops import ids_from
from refmanager.gui.main_window import MainWindow
from refmanager.gui.sidebar import KEY_ROLE
from refmanager.gui.table_model import ID_ROLE
from refmanager.service.attachments import attachments_of
from tests.gui.test_window import TITLE, wait_jobs

pytestmark = pytest.mark.gui
COPY = Qt.DropAction.CopyAction
LEFT = Qt.MouseButton.LeftButton
NO_KEYS = Qt.KeyboardModifier.NoModifier
SHIFT = Qt.KeyboardModifier.ShiftModifier
BIB = (
    "@article{a, author={Quill, Ada}, title={Dropped Zebra Bibliographies}, "
    "journal={Journal of Drops}, year={1997}}\n"
)


def files(*paths: Path) -> QMimeData:
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(p)) for p in paths])
    return mime


def drag_over(
    widget: QWidget, pos: QPoint, mime: QMimeData, keys: Qt.KeyboardModifier = NO_KEYS
) -> bool:
    """A drag entering ``widget`` and moving to ``pos``: whether a drop there is taken."""
    QApplication.sendEvent(widget, QDragEnterEvent(pos, COPY, mime, LEFT, keys))
    move = QDragMoveEvent(pos, COPY, mime, LEFT, keys)
    QApplication.sendEvent(widget, move)
    return move.isAccepted()


def drop_at(
    widget: QWidget, pos: QPoint, mime: QMimeData, keys: Qt.KeyboardModifier = NO_KEYS
) -> bool:
    """Drag over ``pos`` in ``widget`` and drop there: whether the drop was taken."""
    if not drag_over(widget, pos, mime, keys):
        return False
    drop = QDropEvent(QPointF(pos), COPY, mime, LEFT, keys)
    QApplication.sendEvent(widget, drop)
    return drop.isAccepted()


def row_point(win: MainWindow, row: int) -> QPoint:
    index = win.model.index(row, TITLE)
    win.table.scrollTo(index)
    return win.table.visualRect(index).center()


def test_a_file_dropped_on_a_row_is_attached_to_its_reference(
    qtbot: QtBot, paper_window: MainWindow, tmp_path: Path
) -> None:
    win = paper_window
    qtbot.waitUntil(lambda: win.model.rowCount() == 12)
    total = win.session.lib.search.count("")
    notes = tmp_path / "my notes.txt"
    notes.write_text("read again", encoding="utf-8")
    ref_id = win.model.index(2, 0).data(ID_ROLE)
    title = win.model.index(2, TITLE).data()
    viewport = win.table.viewport()

    assert drag_over(viewport, row_point(win, 2), files(notes))
    hint = f"Drop to attach my notes.txt to \u201c{title}\u201d (hold Shift to import instead)"
    assert win.statusBar().currentMessage() == hint
    mime = files(notes)  # kept: the event does not own it
    drop = QDropEvent(QPointF(row_point(win, 2)), COPY, mime, LEFT, NO_KEYS)
    QApplication.sendEvent(viewport, drop)
    assert drop.isAccepted()
    wait_jobs(qtbot, win)
    [link] = attachments_of(win.session.lib, [ref_id])[ref_id]
    assert link.resolved == str(notes)
    assert win.session.lib.search.count("") == total  # attached, not imported
    assert win.statusBar().currentMessage() == f"Attached my notes.txt to \u201c{title}\u201d"
    assert win.status.undo_offer.isVisible()
    assert win.undo_stack.undoText() == "attach my notes.txt"
    win.undo_stack.undo()
    wait_jobs(qtbot, win)
    assert attachments_of(win.session.lib, [ref_id]).get(ref_id, []) == []


def test_files_dropped_elsewhere_with_shift_or_with_a_folder_are_imported(
    qtbot: QtBot, paper_window: MainWindow, tmp_path: Path
) -> None:
    win = paper_window
    qtbot.waitUntil(lambda: win.model.rowCount() == 12)
    viewport = win.table.viewport()
    bib = tmp_path / "refs.bib"
    bib.write_text(BIB, encoding="utf-8")

    # on a row with Shift held: imported (the status bar said so before the drop)
    assert drag_over(viewport, row_point(win, 0), files(bib), SHIFT)
    assert win.statusBar().currentMessage() == "Drop to import 1 file"
    assert drop_at(viewport, row_point(win, 0), files(bib), SHIFT)
    wait_jobs(qtbot, win)
    assert win.session.lib.search.count("Zebra") == 1
    assert attachments_of(win.session.lib, win.session.lib.search.search_ids("")) == {}

    # below the last row: imported (the same file again: already there, nothing new)
    below = QPoint(40, viewport.height() - 4)
    assert not win.table.indexAt(below).isValid()
    assert drop_at(viewport, below, files(bib))
    wait_jobs(qtbot, win)
    assert win.session.lib.search.count("Zebra") == 1

    # a folder on a row: a folder cannot be attached, so it is imported
    folder = tmp_path / "more"
    folder.mkdir()
    (folder / "other.bib").write_text(BIB.replace("{a,", "{b,").replace("1997", "1998"))
    assert drag_over(viewport, row_point(win, 1), files(folder))
    assert win.statusBar().currentMessage() == "Drop to import 1 file"
    assert drop_at(viewport, row_point(win, 1), files(folder))
    wait_jobs(qtbot, win)
    assert win.session.lib.search.count("Zebra") == 2
    assert attachments_of(win.session.lib, win.session.lib.search.search_ids("")) == {}

    # and on the rest of the window, as before
    mime = files(bib)  # kept: the event does not own it
    enter = QDragEnterEvent(QPoint(5, 5), COPY, mime, LEFT, NO_KEYS)
    QApplication.sendEvent(win, enter)
    assert enter.isAccepted()
    assert win.statusBar().currentMessage() == "Drop to import 1 file"


def test_rows_dropped_on_a_collection_are_added_to_it(
    qtbot: QtBot, paper_window: MainWindow
) -> None:
    win = paper_window
    qtbot.waitUntil(lambda: win.model.rowCount() == 12)
    assert win.collections.new_dialog(name="Thesis")
    thesis = win.session.collections()[0].id
    win.table.selectRow(1)
    win.table.selectionModel().select(
        win.model.index(3, 0),
        win.table.selectionModel().SelectionFlag.Select
        | win.table.selectionModel().SelectionFlag.Rows,
    )
    chosen = win.selected_ids()
    mime = win.table.drag_mime()
    assert mime is not None and sorted(ids_from(mime)) == sorted(chosen)
    assert not mime.hasUrls()  # never taken for files by the window
    sidebar = win.sidebar
    viewport = sidebar.viewport()
    item = sidebar.collections_item.child(0)
    assert item is not None and item.data(0, KEY_ROLE) == thesis

    # rows over something that is not a collection: no drop there
    other = sidebar.visualItemRect(sidebar.all_item).center()
    assert not drag_over(viewport, other, mime)
    assert win.statusBar().currentMessage() == "Drop on a collection to add 2 references to it"
    # rows over their own table: nothing to do there
    assert not drag_over(win.table.viewport(), row_point(win, 5), mime)

    target = sidebar.visualItemRect(item).center()
    assert drag_over(viewport, target, mime)
    assert win.statusBar().currentMessage() == "Drop to add 2 references to \u201cThesis\u201d"
    assert drop_at(viewport, target, mime)
    wait_jobs(qtbot, win)
    assert sorted(win.session.lib.search.search_ids("collection:Thesis")) == sorted(chosen)
    assert win.statusBar().currentMessage() == "Added 2 references to \u201cThesis\u201d"
    assert win.status.undo_offer.isVisible()
    assert win.searching.scope != ("collection", thesis)  # the view stays where it was
    win.undo_stack.undo()
    wait_jobs(qtbot, win)
    assert win.session.lib.search.search_ids("collection:Thesis") == []
    # files dragged over the sidebar are the window's to import
    assert not drag_over(viewport, target, files(Path(__file__)))
