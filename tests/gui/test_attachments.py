"""The table's "Open attachment" menu: a reference's links listed, handed to the desktop
only when the user clicks one (decision 0022)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from PySide6.QtCore import QUrl
from PySide6.QtWidgets import QMenu
from pytestqt.qtbot import QtBot

from refmanager.gui.main_window import MainWindow
from refmanager.model import Attachment
from refmanager.service.attachments import attachments_of
from tests.gui.test_window import click_row, wait_jobs

pytestmark = pytest.mark.gui
DATA = Path(__file__).parents[1] / "formats" / "data"


def test_open_attachment_lists_links_and_opens_only_the_one_clicked(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    opened: list[QUrl] = []

    def opener(url: QUrl) -> bool:
        opened.append(url)
        return True

    window.attachments.opener = opener
    bib = tmp_path / "jabref.bib"
    shutil.copy(DATA / "jabref.bib", bib)
    window.imports.import_paths([bib])
    wait_jobs(qtbot, window)
    (tmp_path / "mueller2020-supp.zip").write_bytes(b"PK")
    menus: dict[str, QMenu] = {}
    for row in range(window.model.rowCount()):
        click_row(qtbot, window, row)
        found = QMenu(window)
        window.attachments.fill_menu(found)
        stored = window.session.stored(window.current_id() or 0)
        if found.actions()[0].isEnabled() and stored is not None:
            menus[stored.reference.id] = found
    assert sorted(menus) == ["mueller2020", "tan2019efficientnet"]
    actions = menus["mueller2020"].actions()
    assert [a.text() for a in actions] == [
        "Full Text: mueller2020.pdf (PDF)",
        "Supplement: mueller2020-supp.zip (ZIP)",
    ]
    assert opened == []  # listing opens nothing
    actions[1].trigger()
    assert [u.toLocalFile() for u in opened] == [str(tmp_path / "mueller2020-supp.zip")]


def test_a_link_that_names_nothing_openable_is_refused(window: MainWindow) -> None:
    opened: list[QUrl] = []

    def opener(url: QUrl) -> bool:
        opened.append(url)
        return True

    window.attachments.opener = opener
    assert not window.attachments.open(Attachment("internal-pdf://1/a.pdf"))
    assert not window.attachments.open(Attachment("relative/to/nothing.pdf"))
    assert opened == []
    assert "Cannot open the attachment" in window.problems.messages[-1]


def test_opening_what_is_not_there_or_cannot_be_opened_says_why(
    window: MainWindow, tmp_path: Path
) -> None:
    """Issue 25, item 9: "Open attachment" said nothing when the desktop could not open
    the file."""
    window.attachments.opener = lambda _url: False
    missing = tmp_path / "gone.pdf"
    assert not window.attachments.open(Attachment(str(missing), str(missing)))
    assert "does not exist" in window.problems.messages[-1]
    there = tmp_path / "there.pdf"
    there.write_bytes(b"%PDF-1.4")
    assert not window.attachments.open(Attachment(str(there), str(there)))
    assert "could not open" in window.problems.messages[-1]


def test_a_file_attached_by_hand_is_listed_and_its_undo_removes_it(
    qtbot: QtBot, paper_window: MainWindow, tmp_path: Path
) -> None:
    """Issue 25, item 15: attach a file to a reference (Add attachment..., or a drop on
    its row)."""
    window = paper_window
    qtbot.waitUntil(lambda: window.current_id() is not None)
    ref_id = window.current_id()
    assert ref_id is not None
    notes = tmp_path / "my notes.txt"
    notes.write_text("read again", encoding="utf-8")
    assert window.attachments.attach(ref_id, [notes])
    wait_jobs(qtbot, window)
    [link] = attachments_of(window.session.lib, [ref_id]).get(ref_id, [])
    assert link.resolved == str(notes) and link.kind == "TXT"
    menu = QMenu(window)
    window.attachments.fill_menu(menu)
    assert [a.text() for a in menu.actions()] == ["my notes.txt: my notes.txt (TXT)"]
    window.undo_stack.undo()
    wait_jobs(qtbot, window)
    assert attachments_of(window.session.lib, [ref_id]).get(ref_id, []) == []
    assert not window.attachments.attach(ref_id, [tmp_path / "nothing-here"])
    assert "is not a file" in window.problems.messages[-1]
