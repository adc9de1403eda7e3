"""Library > Delete unused files: the window lists the files, asks, and deletes only those."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from refmanager.gui.main_window import MainWindow
from refmanager.model import DocumentMeta
from refmanager.service import documents


def _orphan(win: MainWindow, tmp_path: Path) -> Path:
    lib = win.session.lib
    pdf = tmp_path / "gone.pdf"
    pdf.write_bytes(b"%PDF-1.4 gone")
    doc = lib.documents.add_document(DocumentMeta(), [], file=pdf)
    path = lib.documents.file_path(doc)
    assert path is not None
    lib.documents.delete_document(doc)
    return path


def test_the_window_asks_before_deleting_and_spares_others_files(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    del qtbot
    orphan = _orphan(window, tmp_path)
    mine = window.session.lib.files_dir / "tax2023.pdf"
    mine.write_bytes(b"taxes")
    asked: list[list[Path]] = []

    def refuse(parent: QWidget, paths: list[Path]) -> bool:
        assert parent is window
        asked.append(paths)
        return False

    assert window.files.prune_unused_files(confirm=refuse) == []
    assert asked == [[orphan]] and orphan.exists()
    assert window.files.prune_unused_files(confirm=lambda _p, _paths: True) == [orphan]
    assert not orphan.exists() and mine.read_bytes() == b"taxes"
    assert window.files.prune_unused_files(confirm=refuse) == []
    assert len(asked) == 1  # nothing left to delete: not asked again
    texts = [a.text() for a in window.findChildren(QAction)]
    assert "Delete &unused files..." in texts


def test_files_the_undo_stack_can_bring_back_are_kept(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    lib = window.session.lib
    pdf = tmp_path / "kept.pdf"
    pdf.write_bytes(b"%PDF-1.4 kept")
    doc = lib.documents.add_document(DocumentMeta(), [], file=pdf)
    stored = lib.documents.file_path(doc)
    assert stored is not None
    orphan = _orphan(window, tmp_path)  # deleted outside the window: nothing can undo it
    window.commands.run(documents.remove_document(doc))
    qtbot.waitUntil(lambda: window.undo_stack.count() == 1, timeout=10_000)
    asked: list[list[Path]] = []

    def agree(_parent: QWidget, paths: list[Path]) -> bool:
        asked.append(paths)
        return True

    assert window.files.prune_unused_files(confirm=agree) == [orphan]
    assert asked == [[orphan]]  # the removed document's file was not even offered
    assert stored.read_bytes() == b"%PDF-1.4 kept" and not orphan.exists()
    assert window.files.prune_unused_files(confirm=agree) == []
    assert len(asked) == 1

    window.undo_stack.undo()  # the document comes back, with its PDF
    qtbot.waitUntil(lambda: window.session.document_path(doc) is not None, timeout=10_000)
    window.commands.wait()
    assert window.session.document_path(doc) == stored and stored.is_file()
    window.undo_stack.redo()  # removed again: still on the stack, still kept
    qtbot.waitUntil(lambda: window.session.document_path(doc) is None, timeout=10_000)
    window.commands.wait()
    assert window.files.prune_unused_files(confirm=agree) == [] and stored.is_file()

    window.undo_stack.clear()  # nothing can bring it back now: offered and deleted
    assert window.files.prune_unused_files(confirm=agree) == [stored]
    assert not stored.exists()
