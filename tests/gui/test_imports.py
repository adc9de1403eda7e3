"""The import controller: a big bibliography file moves the window's progress bar batch by
batch, with every progress signal delivered on the GUI thread."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from refmanager.gui.main_window import MainWindow
from refmanager.service.exchange import BATCH_REFERENCES
from tests.gui.test_window import wait_jobs
from tests.service.test_session import csl_json_file

pytestmark = pytest.mark.gui


def test_a_big_bibliography_file_moves_the_progress_bar_batch_by_batch(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    count = 25_000
    assert count > 2 * BATCH_REFERENCES  # three batches
    big = csl_json_file(tmp_path / "big.json", count)
    gui_thread = threading.current_thread()
    seen: list[tuple[int, int, str, bool]] = []

    def record(done: int, total: int, message: str) -> None:
        bar = window.status.progress
        seen.append((bar.value(), bar.maximum(), message, threading.current_thread() is gui_thread))

    job = window.imports.import_paths([big])
    assert job is not None
    job.progressed.connect(record)
    wait_jobs(qtbot, window)

    assert all(on_gui for *_, on_gui in seen)
    batches = [(value, top, msg) for value, top, msg, _ in seen if msg.startswith("Importing")]
    assert [msg for *_, msg in batches] == [
        "Importing big.json: 10,000 references stored",
        "Importing big.json: 20,000 references stored",
        "Importing big.json: 25,000 references stored",
    ]
    values = [value for value, _, _ in batches]
    top = batches[0][1]
    # the bar moved on within the file, before the file was finished, and never back
    assert 0 < values[0] < top and values == sorted(values) and values[-1] < top
    assert seen[-1][:3] == (top, top, "Imported big.json (1/1)")
    assert window.session.total() == count
    assert window.imports.last is not None and window.imports.last.references_added == count
