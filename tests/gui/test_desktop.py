"""The window on a desktop: one window per library (a second launch hands its files over),
and the PDF opened in the system viewer or shown in its folder."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QUrl
from pytestqt.qtbot import QtBot

from refmanager.gui.app import listen_for_later_launches
from refmanager.gui.instance import hand_over, server_name
from refmanager.gui.main_window import MainWindow
from tests.gui.test_window import click_row, wait_jobs
from tests.service.test_importing import ENTRIES, make_pdf

pytestmark = pytest.mark.gui


def test_a_second_launch_hands_its_files_to_the_open_window(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    folder = window.session.folder
    assert not hand_over(folder, [])  # no window listens yet: a launch opens one
    server = listen_for_later_launches(window, folder)
    assert server.listening() and server.name == server_name(folder)
    assert server_name(folder) != server_name(tmp_path / "another library")
    pdf = make_pdf(tmp_path / "later.pdf", "Handed over", ENTRIES)
    # the window reads the hand-over on a later turn of its event loop, then imports the
    # PDF in a worker process it starts for it (seconds on a loaded machine): its end is
    # the import's signal, not a document seen within a few seconds
    with qtbot.waitSignal(window.imports.finished, timeout=60_000):
        assert hand_over(folder, [pdf])
    wait_jobs(qtbot, window)
    assert window.session.lib.documents.document_count() == 1
    assert window.session.lib.search.count("") == len(ENTRIES)


def test_the_pdf_opens_in_the_system_viewer_and_its_folder(
    qtbot: QtBot, window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    opened: list[QUrl] = []

    def open_url(url: QUrl) -> bool:
        opened.append(url)
        return True

    monkeypatch.setattr(window.desktop, "open_url", open_url)
    assert not window.desktop.open_pdf()  # nothing chosen: says so, opens nothing
    window.imports.import_paths([make_pdf(tmp_path / "p.pdf", "A paper", ENTRIES)])
    wait_jobs(qtbot, window)
    click_row(qtbot, window, 0)
    assert window.desktop.open_pdf()
    assert window.desktop.show_in_folder()
    stored = window.desktop.current_pdf()
    assert stored is not None
    # the folder the paper was imported from (issue 25, item 9: not the library's files/)
    assert [u.toLocalFile() for u in opened] == [str(stored), str(tmp_path)]
    (tmp_path / "p.pdf").unlink()  # moved away: the library's own copy is shown
    assert window.desktop.show_in_folder()
    assert opened[-1].toLocalFile() == str(stored.parent)
    monkeypatch.setattr(window.desktop, "open_url", lambda _url: False)
    assert not window.desktop.open_pdf()  # the desktop cannot: the user is told
    assert "could not open the PDF" in window.problems.messages[-1]
