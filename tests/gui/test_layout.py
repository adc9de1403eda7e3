"""The window at small desktop sizes: every editor usable, toolbars whole, the table wide
enough, the Problems panel modest (issue 12, layout)."""

from __future__ import annotations

import os
from collections.abc import Callable

import pytest
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QComboBox,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QTableView,
    QTextEdit,
    QWidget,
)
from pytestqt.qtbot import QtBot

from refmanager.gui.main_window import MainWindow
from tests.gui.test_window import click_row

pytestmark = pytest.mark.gui

EDITORS = (QLineEdit, QComboBox, QTextEdit, QPlainTextEdit, QAbstractSpinBox, QTableView)
SIZES = ((1024, 700), (1280, 800))


# How long a layout may take to settle (a few event-loop turns; far more under load).
SETTLED = 5000


def settled(qtbot: QtBot, laid_out: Callable[[], None]) -> None:
    """Wait until the window's layout is what ``laid_out`` asserts: a resize, a panel shown
    or a row clicked is laid out over some event-loop turns, after a fixed wait of 50 ms
    only on an idle machine. If the layout never gets there, the timeout is raised from
    its last assertion."""
    qtbot.waitUntil(laid_out, timeout=SETTLED)


def _visible_editors(win: MainWindow) -> list[QWidget]:
    out: list[QWidget] = []
    for kind in EDITORS:
        for widget in win.findChildren(kind):
            parent = widget.parentWidget()
            if widget.isVisible() and not isinstance(parent, (QComboBox, QAbstractSpinBox)):
                out.append(widget)
    return out


def test_the_platform_is_the_one_asked_for(qapp: object) -> None:
    """The GUI tests run offscreen and again under Xvfb with xcb (tools/check.sh)."""
    asked = os.environ.get("QT_QPA_PLATFORM", "offscreen")
    assert QGuiApplication.platformName() == asked


@pytest.mark.parametrize("size", SIZES)
def test_no_visible_editor_has_zero_size(
    qtbot: QtBot, paper_window: MainWindow, size: tuple[int, int]
) -> None:
    win = paper_window
    win.resize(*size)
    win.show_error("a problem shows the Problems panel too")
    qtbot.waitUntil(win.problems.dock.isVisible, timeout=SETTLED)
    click_row(qtbot, win, 2)

    def laid_out() -> None:
        editors = _visible_editors(win)
        assert len(editors) > 10
        squashed = [
            (type(w).__name__, w.objectName() or w.accessibleName(), w.width(), w.height())
            for w in editors
            if w.width() < 32 or w.height() < 12
        ]
        # the entry editor's boxes show a few words, not a letter or two
        edits = win.editor.edits.items()
        narrow = [(name, box.width()) for name, box in edits if box.width() < 110]
        assert narrow == []
        assert squashed == []

    settled(qtbot, laid_out)


@pytest.mark.parametrize("size", SIZES)
def test_the_pdf_toolbar_fits_and_the_table_shows_its_main_columns(
    qtbot: QtBot, paper_window: MainWindow, size: tuple[int, int]
) -> None:
    win = paper_window
    win.resize(*size)

    def laid_out() -> None:
        bar = win.pdf.toolbar
        for action in bar.actions():
            widget = bar.widgetForAction(action)
            if widget is None or action.isSeparator():
                continue
            assert widget.isVisible(), f"{action.text() or widget} is pushed out of the toolbar"
            assert bar.rect().contains(widget.geometry()), action.text()
        header = win.table.horizontalHeader()
        width = win.table.viewport().width()
        shown = [
            i
            for i in range(header.count())
            if not header.isSectionHidden(i) and header.sectionViewportPosition(i) < width
        ]
        assert len(shown) >= 5  # #, Authors, Year, Title and the source at least

    settled(qtbot, laid_out)


def test_the_problems_panel_takes_a_strip_not_half_the_window(
    qtbot: QtBot, window: MainWindow
) -> None:
    window.resize(1280, 800)
    window.show_error("something went wrong")

    def laid_out() -> None:
        assert window.problems.dock.isVisible()
        assert window.problems.dock.height() <= window.height() // 4

    settled(qtbot, laid_out)


def test_the_start_button_is_on_screen_at_1024x700(qtbot: QtBot, window: MainWindow) -> None:
    window.resize(1024, 700)

    def laid_out() -> None:
        button = window.findChild(QPushButton, "sampleButton")
        assert button is not None and button.isVisible()
        assert window.rect().contains(button.mapTo(window, button.rect().bottomRight()))

    settled(qtbot, laid_out)


def test_all_references_names_each_rows_source_document_and_sorts_by_it(
    qtbot: QtBot, window: MainWindow, tmp_path: object
) -> None:
    from pathlib import Path

    from PySide6.QtCore import Qt

    from refmanager.gui.table_model import COLUMN_INDEX
    from tests.gui.test_window import wait_jobs
    from tests.service.test_importing import ENTRIES, make_pdf

    assert isinstance(tmp_path, Path)
    pdfs = [make_pdf(tmp_path / f"{n}.pdf", f"Paper {n}", ENTRIES[:2]) for n in ("A", "B")]
    window.imports.import_paths(pdfs)
    wait_jobs(qtbot, window)
    window.sidebar.select("all")
    source = COLUMN_INDEX["Source"]
    window.model.sort(source, Qt.SortOrder.AscendingOrder)
    texts = [window.model.index(r, source).data() for r in range(window.model.rowCount())]
    assert len(texts) == 4 and set(texts) == {"Paper A", "Paper B"}
    assert texts[0] != texts[-1]
    assert texts == [texts[0]] * 2 + [texts[-1]] * 2  # grouped by document
