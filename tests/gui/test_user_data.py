"""Data from files is shown as plain text everywhere (issue 13's rule), and a document with
no references says why (issue 12)."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel
from pytestqt.qtbot import QtBot

from refmanager.gui.main_window import MainWindow
from refmanager.gui.table_model import COLUMN_INDEX
from tests.gui.test_window import shown, wait_jobs
from tests.pdf.pdfbuild import Text, column, write_pdf
from tests.service.test_importing import ENTRIES, make_pdf

pytestmark = pytest.mark.gui

EVIL = '<b>Bold</b><img src="file:///etc/hostname"> & co'


def _item_tips(win: MainWindow) -> list[str]:
    out = []
    docs = win.sidebar.documents_item
    for i in range(docs.childCount()):
        child = docs.child(i)
        if child is not None:
            out.append(child.toolTip(0))
    return out


def test_a_pdf_title_that_looks_like_html_is_shown_as_text(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    pdf = make_pdf(tmp_path / "evil.pdf", "A paper", ENTRIES)
    from tests.pdf.pdfbuild import build_pdf

    pages = [[Text(72, 760, "A paper", 16), Text(72, 660, "References", 13, "F3")]]
    pages[0] += column(72, 640, [f"[{i}] {e}" for i, e in enumerate(ENTRIES, 1)], indent=15)
    pdf.write_bytes(build_pdf(pages, info={"Title": EVIL}))
    window.imports.import_paths([pdf])
    wait_jobs(qtbot, window)
    qtbot.waitUntil(lambda: window.current_id() is not None, timeout=3000)
    shown(qtbot, window)
    assert EVIL in window.editor.heading.text()  # the title as it is, not rendered
    for label in window.findChildren(QLabel):
        if "<img" in label.text() or "<b>" in label.text():
            assert label.textFormat() == Qt.TextFormat.PlainText, label.objectName()
    tips = _item_tips(window)
    assert tips and all("<img" not in t and "&lt;img" in t for t in tips)
    source = window.model.index(0, COLUMN_INDEX["Source"])
    tip = str(source.data(Qt.ItemDataRole.ToolTipRole) or "")
    assert "<img" not in tip


def test_a_document_without_references_says_why(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    body = [Text(72, 760, "Notes without a bibliography", 16)]
    body += column(72, 720, ["Some body text about things, and more of it."] * 12)
    pdf = write_pdf(tmp_path / "notes.pdf", [body])
    window.imports.import_paths([pdf])
    wait_jobs(qtbot, window)
    [doc] = window.session.documents()
    window.sidebar.select("document", doc.id)
    note = window.searching.extraction_note
    assert note.isVisible()
    assert "No references were read" in note.text() and "no bibliography found" in note.text()
    window.sidebar.select("all")
    assert not note.isVisible()


def test_a_note_typed_in_the_editor_is_kept_and_undoable(qtbot: QtBot, window: MainWindow) -> None:
    window.imports.paste_references(["Hoare C. A. R. Quicksort. The Computer Journal, 1962."])
    wait_jobs(qtbot, window)
    shown(qtbot, window)
    ref_id = window.current_id()
    assert ref_id is not None
    notes = window.editor.notes
    notes.setPlainText("compare with merge sort")
    notes.left.emit()  # the box lost the focus: the note is saved
    qtbot.waitUntil(lambda: window.session.lib.notes.note(ref_id) != "", timeout=3000)
    assert window.undo_stack.undoText() == "edit note"
    assert window.session.lib.search.search_ids("notes:merge") == [ref_id]
    window.undo_stack.undo()
    assert window.session.lib.notes.note(ref_id) == ""
    assert window.editor.notes.toPlainText() == ""
