"""The import controller: a big bibliography file moves the window's progress bar batch by
batch, with every progress signal delivered on the GUI thread."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from refmanager.gui.main_window import MainWindow
from refmanager.service import tags
from refmanager.service.exchange import BATCH_REFERENCES
from refmanager.service.views import STRUCTURE
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
    assert window.session.lib.search.count("") == count
    assert window.imports.last is not None and window.imports.last.references == count


def test_an_import_refresh_counts_and_reads_rows_off_the_gui_thread(
    qtbot: QtBot, window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Counting a million references and reading a page take 50-100 ms each: the refresh
    an import's timer asks for reads them on the background reader, one read at a time,
    and the window shows what it read."""
    job = window.imports.import_paths([csl_json_file(tmp_path / "some.json", 450)])
    assert job is not None
    wait_jobs(qtbot, window)
    documents = window.session.lib.documents.document_count()
    gui_thread = threading.current_thread()
    on_gui: list[str] = []
    lib = window.session.lib

    def watch(owner: object, name: str) -> None:
        real = getattr(owner, name)

        def watched(*args: object, **kwargs: object) -> object:
            if threading.current_thread() is gui_thread:
                on_gui.append(name)
            return real(*args, **kwargs)

        monkeypatch.setattr(owner, name, watched)

    watch(lib.search, "count")
    watch(lib.documents, "document_count")
    watch(window.session, "rows")
    reads: list[str] = []
    window.reader.started.connect(lambda started: reads.append(started.name))
    window.totals = (0, 0)  # forgotten: the refresh must count again
    window.model.set_query("", 0)  # an empty table: the refresh must fill it in

    window.imports.refresh_timer.timeout.emit()  # two ticks of the import's refresh timer
    window.imports.refresh_timer.timeout.emit()
    assert on_gui == []
    assert reads.count("import refresh") == 1  # the second waits for the first

    qtbot.waitUntil(lambda: window.totals[0] == 450, timeout=10_000)
    assert window.totals == (450, documents)
    assert on_gui == []
    assert window.model.rowCount() == 450
    first = window.model.row_at(0, wait=False)
    assert first is not None and first.title == "Study number 0"  # read with the counts
    assert on_gui == []
    assert "450 references" in window.status.counts_label.text()
    # the tick that came during the read asked for one more read after it
    qtbot.waitUntil(lambda: reads.count("import refresh") == 2, timeout=5_000)


def test_after_an_import_the_whole_table_is_counted_once(
    qtbot: QtBot, window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Counting a million references takes 50-100 ms on the GUI thread: the refresh after
    references come or go counts the library once and the whole table reuses it."""
    job = window.imports.import_paths([csl_json_file(tmp_path / "some.json", 30)])
    assert job is not None
    wait_jobs(qtbot, window)
    queries: list[str] = []
    search = window.session.lib.search
    real = search.count

    def counted(query: str) -> int:
        queries.append(query)
        return real(query)

    monkeypatch.setattr(search, "count", counted)
    window.apply_changes(STRUCTURE)
    assert queries == [""]
    assert window.model.rowCount() == 30 and window.totals[0] == 30


def test_an_import_counts_nothing_on_the_gui_thread_while_it_runs_or_when_it_ends(
    qtbot: QtBot, window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """At the end of a 1,000,000-reference import, counting the references and the tags'
    references for the table and the sidebar took 76 ms of the window's thread (a 105 ms
    stall, benchmarks/gui_stall_trace.py --import): the job reads them at its end, and
    the refreshes while it runs read the sidebar with the rows."""
    window.session.run(tags.tag([], "kept"))  # a tag: the sidebar counts its references
    gui_thread = threading.current_thread()
    on_gui: list[str] = []
    lib = window.session.lib

    def watch(owner: object, name: str) -> None:
        real = getattr(owner, name)

        def watched(*args: object, **kwargs: object) -> object:
            if threading.current_thread() is gui_thread:
                on_gui.append(name)
            return real(*args, **kwargs)

        monkeypatch.setattr(owner, name, watched)

    for owner, name in (
        (lib.search, "count"),
        (lib.tags, "tags"),
        (lib.documents, "document_count"),
        (lib.documents, "documents"),
        (lib.collections, "collections"),
    ):
        watch(owner, name)
    count = 2 * BATCH_REFERENCES + 5
    job = window.imports.import_paths([csl_json_file(tmp_path / "many.json", count)])
    assert job is not None
    wait_jobs(qtbot, window)
    assert on_gui == []
    assert window.totals[0] == count and window.model.rowCount() == count
    assert f"{count:,} references" in window.status.counts_label.text()
    assert "import" in window.undo_stack.undoText()
    window.undo_stack.undo()  # the undo refreshes as any change does (on the GUI thread)
    wait_jobs(qtbot, window)
    assert window.totals[0] == 0 and window.model.rowCount() == 0
