"""pytest-qt set-up for the window tests: offscreen Qt, settings and library in tmp folders."""

from __future__ import annotations

import os
import tempfile

# Before any Qt import: no display needed, and QSettings writes under a throw-away folder.
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ["XDG_CONFIG_HOME"] = tempfile.mkdtemp(prefix="refmanager-qt-config-")

from collections.abc import Iterator
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from refmanager.gui.app import create_app
from refmanager.gui.main_window import MainWindow

REPO = Path(__file__).resolve().parents[2]
SAMPLE_PDF = REPO / "resources" / "sample-paper.pdf"  # in the checkout: CI has it too
SHARED = REPO.parent / "shared"
SEED_PDF = SHARED / "seed" / "seed-pages.pdf"


@pytest.fixture(scope="session")
def qapp_cls() -> type:
    from PySide6.QtWidgets import QApplication

    return QApplication


@pytest.fixture
def window(qtbot: QtBot, tmp_path: Path) -> Iterator[MainWindow]:
    """A real window on an empty library in a tmp folder, shown offscreen."""
    create_app()
    win = MainWindow(tmp_path / "library")
    qtbot.addWidget(win)
    win.resize(1400, 900)
    win.show()
    qtbot.waitExposed(win)
    yield win
    win.jobs.cancel_all()
    win.jobs.wait(10_000)


@pytest.fixture
def seed_pdf() -> Path:
    if not SEED_PDF.is_file():
        pytest.skip(f"the shared seed PDF is not here: {SEED_PDF} (../shared missing)")
    return SEED_PDF


@pytest.fixture(scope="session")
def paper_library_template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A library with the sample paper (``resources/sample-paper.pdf``, 12 references on
    its one page) imported once per session through the service. The paper is in the
    checkout, so these tests run wherever the code does (CI has no ``../shared``)."""
    from refmanager.service.importing import import_paths
    from refmanager.service.opening import open_library

    folder = tmp_path_factory.mktemp("paper-template") / "library"
    lib = open_library(folder)
    try:
        report = import_paths(lib, [SAMPLE_PDF], jobs=1)
        assert [(i.status.value, i.references) for i in report.items] == [("added", 12)], (
            report.items
        )
    finally:
        lib.close()
    return folder


@pytest.fixture
def paper_window(
    qtbot: QtBot, tmp_path: Path, paper_library_template: Path
) -> Iterator[MainWindow]:
    """A window on a copy of the sample paper's library, its document chosen in the sidebar."""
    import shutil

    folder = tmp_path / "library"
    shutil.copytree(paper_library_template, folder)
    create_app()
    win = MainWindow(folder)
    qtbot.addWidget(win)
    win.resize(1400, 900)
    win.show()
    qtbot.waitExposed(win)
    doc_id = win.session.documents()[0].id
    win.sidebar.select("document", doc_id)
    yield win
    win.jobs.cancel_all()
    win.jobs.wait(10_000)
