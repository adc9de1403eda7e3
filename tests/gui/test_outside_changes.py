"""Changes from outside need no F5 (issue 25, item 7): writes by another process to the
window's library appear, rows in place, new references and tags in the listing."""

from __future__ import annotations

import pytest
from pytestqt.qtbot import QtBot

from refmanager.gui.main_window import MainWindow
from refmanager.gui.table_model import COLUMN_INDEX
from refmanager.service import collections, editing, tags
from refmanager.service.session import Session
from tests.gui.test_window import wait_jobs

pytestmark = pytest.mark.gui
TITLE = COLUMN_INDEX["Title"]


def test_another_process_edit_and_paste_appear_without_f5(
    qtbot: QtBot, paper_window: MainWindow
) -> None:
    win = paper_window
    win.sidebar.select("all")
    wait_jobs(qtbot, win)
    first = win.model.row_at(0)
    assert first is not None
    total = win.model.rowCount()
    resets: list[int] = []
    win.model.modelReset.connect(lambda: resets.append(1))
    other = Session(win.session.folder)  # another process's connection to the library
    try:
        other.run(editing.edit_field(first.id, "title", "Changed from the command line"))
        qtbot.waitUntil(
            lambda: win.model.index(0, TITLE).data() == "Changed from the command line",
            timeout=5000,
        )
        assert resets == []  # a row changed in place: no reset of the table
        other.run(tags.tag([first.id], "from-outside"))
        tag_items = win.sidebar.tags_item
        qtbot.waitUntil(
            lambda: any(
                "from-outside" in (getattr(tag_items.child(i), "text", lambda _c: "")(0))
                for i in range(tag_items.childCount())
            ),
            timeout=5000,
        )
        editing.paste(["Doe, J. (2020). An added paper. Journal 1, 2-3."]).do(other.lib)
        qtbot.waitUntil(lambda: win.model.rowCount() == total + 1, timeout=5000)
    finally:
        other.close()


def test_a_collection_made_and_filled_by_another_process_appears_without_f5(
    qtbot: QtBot, paper_window: MainWindow
) -> None:
    win = paper_window
    wait_jobs(qtbot, win)
    first = win.model.row_at(0)
    assert first is not None
    other = Session(win.session.folder)  # refmanager collection new / add, elsewhere
    try:
        thesis = other.run(collections.create_collection("Thesis"))
        top = win.sidebar.collections_item
        qtbot.waitUntil(lambda: top.childCount() == 1, timeout=5000)
        win.sidebar.select("collection", thesis)
        qtbot.waitUntil(lambda: win.model.rowCount() == 0, timeout=5000)
        other.run(collections.add_to_collection(thesis, [first.id]))
        qtbot.waitUntil(lambda: win.model.rowCount() == 1, timeout=5000)
        item = top.child(0)
        assert item is not None and item.text(0).endswith("1")  # its count
    finally:
        other.close()


def test_the_windows_own_changes_are_not_taken_for_anothers(
    qtbot: QtBot, paper_window: MainWindow
) -> None:
    win = paper_window
    first = win.model.row_at(0)
    assert first is not None
    win.edits.request_edit(first.id, "title", "My own edit")
    win.edits.delete_selected()
    wait_jobs(qtbot, win)
    qtbot.waitUntil(lambda: not win.reader.busy())
    resets: list[int] = []
    win.model.modelReset.connect(lambda: resets.append(1))
    win.outside.poll()  # the window's own writes moved data_version: a look, nothing found
    qtbot.waitUntil(lambda: not win.reader.busy())
    qtbot.wait(50)
    assert resets == []  # not read again as if another process had changed it
