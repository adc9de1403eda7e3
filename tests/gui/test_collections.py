"""Collections in the window (issue 25, item 12): the sidebar's tree, a reference in
several, each change undoable; JabRef groups arrive as collections."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from PySide6.QtWidgets import QMenu
from pytestqt.qtbot import QtBot

from refmanager.gui.main_window import MainWindow
from refmanager.gui.sidebar import KEY_ROLE
from tests.gui.test_window import click_row, wait_jobs

pytestmark = pytest.mark.gui
DATA = Path(__file__).parents[1] / "formats" / "data"


def test_make_fill_show_and_undo_collections(qtbot: QtBot, paper_window: MainWindow) -> None:
    win = paper_window
    assert win.collections.new_dialog(name="Thesis")
    thesis = win.session.collections()[0].id
    assert win.collections.new_dialog(thesis, name="Chapter 2")
    chapter = next(c.id for c in win.session.collections() if c.name == "Chapter 2")
    top = win.sidebar.collections_item
    assert top.childCount() == 1
    thesis_item = top.child(0)
    assert thesis_item is not None and thesis_item.child(0) is not None
    assert thesis_item.child(0).data(0, KEY_ROLE) == chapter  # type: ignore[union-attr]

    click_row(qtbot, win, 0)
    win.table.selectRow(1)
    win.table.selectionModel().select(
        win.model.index(0, 0),
        win.table.selectionModel().SelectionFlag.Select
        | win.table.selectionModel().SelectionFlag.Rows,
    )
    chosen = win.selected_ids()
    assert len(chosen) == 2
    menu = QMenu(win)
    win.collections.fill_menu(menu)
    assert [a.text().strip() for a in menu.actions()] == ["Thesis", "Chapter 2"]
    menu.actions()[1].trigger()
    wait_jobs(qtbot, win)
    menu.actions()[0].trigger()  # a reference can be in several collections
    wait_jobs(qtbot, win)
    win.sidebar.select("collection", chapter)
    qtbot.waitUntil(lambda: win.model.rowCount() == 2)
    assert win.searching.scope == ("collection", chapter)
    win.table.selectRow(0)
    assert win.collections.remove_selected()
    wait_jobs(qtbot, win)
    qtbot.waitUntil(lambda: win.model.rowCount() == 1)
    win.undo_stack.undo()
    wait_jobs(qtbot, win)
    qtbot.waitUntil(lambda: win.model.rowCount() == 2)
    total = win.session.lib.search.count("")
    assert win.collections.delete(thesis)
    wait_jobs(qtbot, win)
    assert win.session.collections() == [] and win.session.lib.search.count("") == total
    win.undo_stack.undo()
    wait_jobs(qtbot, win)
    assert [c.name for c in win.session.collections()] == ["Thesis", "Chapter 2"]


def test_jabref_groups_arrive_as_collections(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    bib = tmp_path / "groups.bib"
    shutil.copy(DATA / "jabref5-groups.bib", bib)
    window.imports.import_paths([bib])
    wait_jobs(qtbot, window)
    paths = [c.path for c in window.session.collections()]
    assert "Deep learning/Transformers" in paths and "Reading list" in paths
    assert window.session.tags() == []  # no longer tags named by their path
