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
    menus: dict[str, QMenu] = {}
    for row in range(window.model.rowCount()):
        click_row(qtbot, window, row)
        found = window.attachments.add_menu(QMenu(window))
        stored = window.session.stored(window.current_id() or 0)
        if found is not None and stored is not None:
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
    assert "Cannot open the attachment" in window.errors[-1]
