"""Text from a file is shown as text, never read as HTML (issue 26 defects 11 and 12): the
whole window is walked with HTML-laden data, and nothing shows it as rich text."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QLabel,
    QMenu,
    QToolBar,
    QWidget,
)
from pytestqt.qtbot import QtBot

from refmanager.gui.app import create_app
from refmanager.gui.dialogs import TextPrompt
from refmanager.gui.main_window import MainWindow
from tests.gui.test_window import click_row, wait_jobs

pytestmark = pytest.mark.gui

# What a hostile .bib can hold: markup that styles the window and an image that Qt would
# load from the disk.
IMG = "<img src='file:///etc/refmanager-probe.png'>"
EVIL = f"<b>Bold</b>{IMG}<a href='x'>link</a>"
BIB = f"""@article{{evil,
  author = {{{{<i>Evil</i> Corp}} and Smith, <b>Jan</b>}},
  title = {{Title {EVIL}}},
  journal = {{Journal <u>under</u>}},
  year = 2020,
  keywords = {{<s>strike</s>}},
  groups = {{<img src=x> group}},
  note = {{Note {EVIL}}},
  file = {{:<b>paper</b>.pdf:PDF}}
}}
"""


@pytest.fixture
def html_window(qtbot: QtBot, tmp_path: Path) -> Iterator[MainWindow]:
    from refmanager.service.importing import import_paths
    from refmanager.service.opening import open_library

    bib = tmp_path / "evil.bib"
    bib.write_text(BIB, encoding="utf-8")
    folder = tmp_path / "library"
    lib = open_library(folder)
    try:
        import_paths(lib, [bib], jobs=1)
    finally:
        lib.close()
    create_app()
    win = MainWindow(folder)
    qtbot.addWidget(win)
    win.resize(1400, 900)
    win.show()
    qtbot.waitExposed(win)
    yield win
    win.jobs.cancel_all()
    win.jobs.wait(10_000)


def _raw_markup(text: str) -> bool:
    """Whether ``text``, shown as rich text, would hold the data's markup as markup."""
    return any(tag in text for tag in ("<img", "<b>", "<i>", "<u>", "<s>", "<a href"))


def _shows_tooltips(widget: QWidget) -> bool:
    """Whether ``widget`` shows its actions' tooltips (a menu does only when asked to)."""
    if isinstance(widget, QMenu):
        return widget.toolTipsVisible()
    return isinstance(widget, QToolBar)


def _rich_texts(root: QWidget) -> list[str]:
    """Every place under ``root`` where the data's markup would be read as HTML: labels
    not set to plain text, tooltips (of widgets, of the actions a toolbar or a menu shows,
    of an item view's items) holding it unescaped."""
    found: list[str] = []
    for widget in [root, *root.findChildren(QWidget)]:
        name = f"{type(widget).__name__} {widget.objectName()!r}"
        plain = isinstance(widget, QLabel) and widget.textFormat() == Qt.TextFormat.PlainText
        if isinstance(widget, QLabel) and _raw_markup(widget.text()) and not plain:
            found.append(f"{name}: label {widget.text()[:60]!r}")
        if _raw_markup(widget.toolTip()):
            found.append(f"{name}: tooltip {widget.toolTip()[:60]!r}")
        if _shows_tooltips(widget):
            for action in widget.actions():
                if _raw_markup(action.toolTip()):
                    found.append(f"{name}: action tooltip {action.toolTip()[:60]!r}")
        if isinstance(widget, QAbstractItemView) and widget.model() is not None:
            model = widget.model()
            for row in range(min(model.rowCount(), 50)):
                for col in range(model.columnCount()):
                    tip = model.index(row, col).data(Qt.ItemDataRole.ToolTipRole)
                    if isinstance(tip, str) and _raw_markup(tip):
                        found.append(f"{name}: item tooltip {tip[:60]!r}")
    return found


def test_no_widget_reads_file_text_as_html(qtbot: QtBot, html_window: MainWindow) -> None:
    win = html_window
    win.sidebar.select("all")
    wait_jobs(qtbot, win)
    assert win.model.rowCount() == 1
    click_row(qtbot, win, 0)
    # a JabRef group arrives as a collection (the sidebar shows its name as text)
    assert any("<img" in c.name for c in win.session.collections())
    assert win.edits.tag_selected(f"{EVIL} first")
    wait_jobs(qtbot, win)
    tag = next(t.name for t in win.session.tags() if "<img" in t.name)
    assert win.edits.rename_tag_dialog(tag, f"{EVIL} renamed")
    wait_jobs(qtbot, win)
    # the status bar's Undo offer names the change, which names the tag (defect 12)
    assert win.edits.tag_selected(f"{EVIL} tag")
    wait_jobs(qtbot, win)
    qtbot.waitUntil(win.status.undo_offer.isVisible, timeout=3000)
    assert "<img" in win.undo_stack.undoText()
    assert _rich_texts(win) == []
    for widget in QApplication.topLevelWidgets():
        if widget.isVisible():
            assert _rich_texts(widget) == []


def test_the_rename_tag_prompt_shows_the_tag_as_text(qtbot: QtBot) -> None:
    # defect 11: QInputDialog read the label "New name for <img ...>:" as HTML
    create_app()
    prompt = TextPrompt(None, "Rename tag", f"New name for {EVIL}:", EVIL)
    qtbot.addWidget(prompt)
    labels = [w for w in prompt.findChildren(QLabel) if "<img" in w.text()]
    assert labels and all(w.textFormat() == Qt.TextFormat.PlainText for w in labels)
    assert prompt.edit.text() == EVIL
    assert prompt.value() == EVIL
