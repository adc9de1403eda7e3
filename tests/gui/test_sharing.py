"""A shared library in the window: sharing, live updates without F5, the conflict chooser."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from refmanager.gui.app import create_app
from refmanager.gui.controllers.sharing import state_text
from refmanager.gui.main_window import MainWindow
from refmanager.gui.share_dialogs import ConflictDialog, ConnectDialog
from refmanager.library import Library
from refmanager.model import DocumentMeta, InputError, Reference
from refmanager.service import editing, sharing
from refmanager.service.sharing import LiveState
from tests.conftest import PASSWORDS, Lab
from tests.gui.conftest import SAMPLE_PDF

pytestmark = pytest.mark.gui


@pytest.fixture
def pgpass(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "pgpass"
    monkeypatch.setenv("PGPASSFILE", str(path))
    return path


def _open(qtbot: QtBot, folder: Path) -> MainWindow:
    create_app()
    win = MainWindow(folder)
    qtbot.addWidget(win)
    win.resize(1200, 800)
    win.show()
    qtbot.waitExposed(win)
    return win


def _close(win: MainWindow) -> None:
    win.sharing.stop()
    win.jobs.cancel_all()
    win.jobs.wait(10_000)


@pytest.fixture
def lab_libraries(tmp_path: Path, pg_lab: Lab, pgpass: Path) -> tuple[Path, Path]:
    """alice's library shared (two references), bob's joined."""
    alice, bob = tmp_path / "alice", tmp_path / "bob"
    with Library.open(alice) as lib:
        lib.references.add_references(
            [
                Reference.from_csl({"type": "book", "title": "Programming pearls"}),
                Reference.from_csl({"type": "book", "title": "Other"}),
            ]
        )
    sharing.share(alice, pg_lab.url("alice"))
    with Library.open(alice) as lib:
        sharing.add_member(lib, "bob", "editor")
    sharing.join(bob, pg_lab.url("bob"))
    return alice, bob


@pytest.fixture
def bob_window(qtbot: QtBot, lab_libraries: tuple[Path, Path]) -> Iterator[MainWindow]:
    win = _open(qtbot, lab_libraries[1])
    qtbot.waitUntil(lambda: win.sharing.label.text() == "Shared: up to date", timeout=30_000)
    yield win
    _close(win)


def test_another_members_edit_shows_without_f5(
    qtbot: QtBot, bob_window: MainWindow, lab_libraries: tuple[Path, Path]
) -> None:
    alice, _ = lab_libraries
    assert bob_window.model.rowCount() == 2
    with Library.open(alice) as lib:
        lib.references.add_references([Reference.from_csl({"title": "A new paper"})])
        sharing.sync(lib)
    qtbot.waitUntil(lambda: bob_window.model.rowCount() == 3, timeout=30_000)


def test_another_members_field_edit_shows_in_its_row(
    qtbot: QtBot, bob_window: MainWindow, lab_libraries: tuple[Path, Path]
) -> None:
    alice, _ = lab_libraries
    with Library.open(alice) as lib:
        row = lib.conn.execute("SELECT id FROM refs WHERE title = 'Other'").fetchone()
        lib.references.set_field(row[0], "title", "Other, edited")
        sharing.sync(lib)

    def shown() -> bool:
        model = bob_window.model
        rows = [model.row_at(i, wait=False) for i in range(model.rowCount())]
        return any(r is not None and r.title == "Other, edited" for r in rows)

    qtbot.waitUntil(shown, timeout=30_000)
    assert bob_window.model.rowCount() == 2


def test_another_members_collection_shows_in_the_sidebar_and_its_view(
    qtbot: QtBot, bob_window: MainWindow, lab_libraries: tuple[Path, Path]
) -> None:
    alice, _ = lab_libraries
    with Library.open(alice) as lib:
        row = lib.conn.execute("SELECT id FROM refs WHERE title = 'Other'").fetchone()
        thesis = lib.collections.create("Thesis")
        sharing.sync(lib)
    top = bob_window.sidebar.collections_item
    qtbot.waitUntil(lambda: top.childCount() == 1, timeout=30_000)
    bob_thesis = bob_window.session.collections()[0].id
    bob_window.sidebar.select("collection", bob_thesis)
    qtbot.waitUntil(lambda: bob_window.model.rowCount() == 0, timeout=30_000)
    with Library.open(alice) as lib:  # alice files a reference in it: bob's view lists it
        lib.collections.add(thesis, [row[0]])
        sharing.sync(lib)
    qtbot.waitUntil(lambda: bob_window.model.rowCount() == 1, timeout=30_000)


def test_a_shared_pdf_is_fetched_when_its_reference_is_shown(
    qtbot: QtBot, bob_window: MainWindow, lab_libraries: tuple[Path, Path]
) -> None:
    alice, bob = lab_libraries
    with Library.open(alice) as lib:
        lib.documents.add_document(
            DocumentMeta(title="Sample"),
            [Reference.from_csl({"title": "Cited by the sample", "_raw": "A. Cited. 2020."})],
            file=SAMPLE_PDF,
        )
        sharing.sync(lib)
    conn = bob_window.session.lib.conn
    qtbot.waitUntil(
        lambda: (
            conn.execute("SELECT 1 FROM refs WHERE title = 'Cited by the sample'").fetchone()
            is not None
        ),
        timeout=30_000,
    )
    doc_id, sha = conn.execute("SELECT id, sha256 FROM documents").fetchone()
    stored = bob / "files" / f"{sha}.pdf"
    assert not stored.exists()  # the window's live sync does not fetch files by itself
    ref_id = conn.execute("SELECT id FROM refs WHERE document_id = ?", (doc_id,)).fetchone()[0]
    qtbot.waitUntil(lambda: bob_window.model.rowCount() == 3, timeout=30_000)
    assert bob_window.select_id(ref_id)
    bob_window.show_reference(ref_id)
    qtbot.waitUntil(stored.exists, timeout=30_000)  # fetched when it was asked for
    qtbot.waitUntil(lambda: bob_window.pdf.path == stored, timeout=30_000)


def test_an_edit_in_the_window_reaches_the_server(
    qtbot: QtBot, bob_window: MainWindow, lab_libraries: tuple[Path, Path]
) -> None:
    alice, _ = lab_libraries
    ref_id = int(
        bob_window.session.lib.conn.execute("SELECT id FROM refs WHERE title = 'Other'").fetchone()[
            0
        ]
    )
    assert bob_window.commands.run(editing.edit_field(ref_id, "volume", "9")), (
        bob_window.problems.messages
    )

    def arrived() -> bool:
        with Library.open(alice) as lib:
            sharing.sync(lib)
            return (
                lib.conn.execute(
                    'SELECT 1 FROM ref_data WHERE csl LIKE \'%"volume":"9"%\''
                ).fetchone()
                is not None
            )

    qtbot.waitUntil(arrived, timeout=30_000)


def test_the_conflict_chooser_takes_the_other_value(
    qtbot: QtBot, lab_libraries: tuple[Path, Path]
) -> None:
    alice, bob = lab_libraries
    for folder, value in ((alice, "Addison-Wesley"), (bob, "Pearson")):
        with Library.open(folder) as lib:
            row = lib.conn.execute("SELECT id FROM refs WHERE title = 'Other'").fetchone()
            lib.references.set_field(row[0], "publisher", value)
            if folder == alice:
                sharing.sync(lib)
    win = _open(qtbot, bob)
    try:
        qtbot.waitUntil(lambda: "1 conflict" in win.sharing.label.text(), timeout=30_000)
        shown: list[ConflictDialog] = []
        win.sharing.conflict_dialog(shown.append)
        dialog = shown[0]
        cells = [dialog.table.item(0, column) for column in range(4)]
        assert [cell.text() if cell else None for cell in cells[1:]] == [
            "publisher",
            "Addison-Wesley",
            "Pearson",
        ]
        dialog.take_button.click()
        qtbot.waitUntil(lambda: win.sharing.label.text() == "Shared: up to date", timeout=30_000)
    finally:
        _close(win)
    with Library.open(alice) as lib:
        sharing.sync(lib)
        assert lib.sync.conflicts() == []
        row = lib.conn.execute("SELECT id FROM refs WHERE title = 'Other'").fetchone()
        assert lib.references.reference(row[0]).reference.fields["publisher"] == "Pearson"
        assert sharing.agrees(lib) == []


def test_the_status_bar_says_up_to_date_only_when_nothing_waits_to_be_sent() -> None:
    """A conflict chosen while a sync ran (after it sent what waited, before it read the
    conflicts back) ends that sync with the conflict gone and the choice not sent: the
    window said "up to date", and closed then, left the conflict open for everyone else."""
    assert state_text(LiveState("online")) == "Shared: up to date"
    assert state_text(LiveState("online", pending=1)) == "Shared: syncing..., 1 change to send"
    assert state_text(LiveState("offline", "away", pending=2)) == (
        "Shared: offline, 2 changes to send"
    )
    # a reader's changes are refused (the message says so): they never go
    assert state_text(LiveState("online", "you are a reader", pending=1)) == "Shared: up to date"


def test_share_library_from_the_file_menu(
    qtbot: QtBot, tmp_path: Path, pg_lab: Lab, pgpass: Path
) -> None:
    folder = tmp_path / "mine"
    with Library.open(folder) as lib:
        lib.references.add_references([Reference.from_csl({"title": "Mine"})])
    win = _open(qtbot, folder)
    try:

        def fill(dialog: ConnectDialog) -> None:
            dialog.url_edit.setText(pg_lab.url("alice", password=False))
            dialog.password_edit.setText(PASSWORDS["alice"])

        win.sharing.share_dialog(fill)
        qtbot.waitUntil(lambda: win.sharing.label.text() == "Shared: up to date", timeout=30_000)
    finally:
        _close(win)
    assert PASSWORDS["alice"] in pgpass.read_text()
    assert PASSWORDS["alice"].encode() not in (folder / "library.sqlite").read_bytes()


def test_a_readers_window_offers_no_change(
    qtbot: QtBot, lab_libraries: tuple[Path, Path], pg_lab: Lab, tmp_path: Path
) -> None:
    alice, _ = lab_libraries
    with Library.open(alice) as lib:
        sharing.add_member(lib, "carol", "reader")
    carol = tmp_path / "carol"
    sharing.join(carol, pg_lab.url("carol"))
    win = _open(qtbot, carol)
    try:
        assert win.windowTitle().endswith("(reader)")
        assert not win.menu_actions.named["import"].isEnabled()
        with pytest.raises(InputError, match="reader"):
            win.session.check_writable()
        qtbot.waitUntil(lambda: win.sharing.label.text() == "Shared: up to date", timeout=30_000)
    finally:
        _close(win)


def test_stopping_the_live_sync_drops_a_refresh_still_due(window: MainWindow) -> None:
    """A burst of pulls leaves one refresh due (the cool-down timer); stopping the live sync
    (the window closes its session next) drops it, so that no refresh reads a closed
    library afterwards."""
    window.sharing.refresh_timer.start()
    window.sharing.stop()
    assert not window.sharing.refresh_timer.isActive()
