"""The window's parts on their own: job helper, paged table model, PDF geometry, editors."""

from __future__ import annotations

import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtCore import QModelIndex, QObject, QPointF, Qt, Signal
from PySide6.QtGui import QValidator
from pytestqt.qtbot import QtBot

from refmanager.gui.delegates import DoiValidator, lines_to_names, names_to_lines
from refmanager.gui.jobs import JobContext, JobRunner
from refmanager.gui.pdf_pane import PdfPane
from refmanager.gui.table_model import (
    COLUMNS,
    LOW_ROLE,
    MAX_PAGES,
    PAGE_SIZE,
    ReferenceTableModel,
)
from refmanager.model import InputError, Location
from refmanager.service.views import TableRow
from tests.gui.test_pdf_pane import checked

pytestmark = pytest.mark.gui
SAMPLE = Path(__file__).resolve().parents[2] / "resources" / "sample-paper.pdf"


class FakeSource:
    """A million virtual rows, made on demand; records what was asked."""

    def __init__(self, total: int = 1_000_000) -> None:
        self.total = total
        self.calls: list[tuple[str, str, bool, int, int]] = []

    def count(self, query: str) -> int:
        if query == "bad(":
            raise InputError("search", "unbalanced parenthesis")
        return self.total if not query else self.total // 10

    def rows(
        self, query: str, order_by: str, descending: bool, offset: int, limit: int
    ) -> list[TableRow]:
        self.calls.append((query, order_by, descending, offset, limit))
        n = self.count(query)
        end = min(n, offset + limit)
        out = []
        for i in range(offset, end):
            key = n - 1 - i if descending else i
            out.append(
                TableRow(
                    id=key + 1,
                    number=str(key + 1),
                    title=f"Title {key:07d}",
                    year="2020",
                    confidence=0.5 if key % 7 == 0 else 0.95,
                    field_confidence={"title": 0.5} if key % 7 == 0 else {},
                )
            )
        return out


def test_model_reads_pages_on_demand_never_all_rows(qtmodeltester: object) -> None:
    source = FakeSource()
    model = ReferenceTableModel(source)
    assert model.rowCount() == 1_000_000
    assert source.calls == []  # nothing read until something is shown
    assert model.index(999_999, 3).data() == "Title 0999999"
    assert source.calls[-1][3:] == (999_800, PAGE_SIZE)
    for row in range(0, 1_000_000, 9_973):  # scrolling through everything
        model.index(row, 0).data()
    assert model.cached_pages() <= MAX_PAGES
    model.sort(3, Qt.SortOrder.DescendingOrder)
    assert model.index(0, 3).data() == "Title 0999999"
    assert source.calls[-1][1:3] == ("title", True)
    assert model.index(0, 3).data(LOW_ROLE) is True  # key 999999 % 7 == 0: low confidence
    assert model.index(1, 3).data(LOW_ROLE) is False
    source.total = 2_000
    model.refresh()
    qtmodeltester.check(model)  # type: ignore[attr-defined]


def test_fields_under_the_confidence_untinted_cells_need_are_tinted() -> None:
    # untinted means 0.9 or more: on real strings, 2.9% of those fields were wrong, 4.5%
    # of those at 0.8 or more
    source = FakeSource(total=1)
    model = ReferenceTableModel(source)
    title = next(i for i, c in enumerate(COLUMNS) if c.csl == "title")

    def low(conf: float) -> bool:
        row = TableRow(id=1, number="1", title="T", year="2020", confidence=0.95)
        row.field_confidence = {"title": conf}
        source.rows = lambda *_: [row]  # type: ignore[method-assign]
        model.refresh()
        return bool(model.index(0, title).data(LOW_ROLE))

    assert low(0.85)
    assert not low(0.92)


def test_bad_query_leaves_the_model_as_it_was() -> None:
    model = ReferenceTableModel(FakeSource(1000))
    with pytest.raises(InputError):
        model.set_query("bad(")
    assert model.rowCount() == 1000 and model.query == ""


def test_edits_go_to_the_handler_not_the_source() -> None:
    model = ReferenceTableModel(FakeSource(10))
    seen: list[tuple[int, str, str]] = []

    def handler(ref_id: int, field: str, value: str) -> bool:
        seen.append((ref_id, field, value))
        return True

    model.edit_handler = handler
    title = [c.header for c in COLUMNS].index("Title")
    assert model.setData(model.index(2, title), "  New title ")
    assert seen == [(3, "title", "New title")]
    assert not model.setData(model.index(2, 0), "9")  # # is not editable
    assert not model.flags(model.index(2, 0)) & Qt.ItemFlag.ItemIsEditable


def test_job_runs_off_the_main_thread_and_reports_on_it(qtbot: QtBot) -> None:
    runner = JobRunner()
    main = threading.get_ident()
    progress: list[tuple[int, int, str]] = []
    partial: list[object] = []
    seen: dict[str, object] = {}

    def work(ctx: JobContext) -> int:
        seen["worker"] = threading.get_ident()
        for i in range(3):
            ctx.progress(i, 3, f"step {i}")
            ctx.partial(i)
        return 42

    def on_progress(done: int, total: int, message: str) -> None:
        assert threading.get_ident() == main
        progress.append((done, total, message))

    def on_partial(value: object) -> None:
        assert threading.get_ident() == main
        partial.append(value)

    with qtbot.waitSignal(runner.idle, timeout=5000):
        runner.start(
            "t",
            work,
            on_success=lambda r: seen.update(result=r),
            on_partial=on_partial,
            on_progress=on_progress,
        )
    assert seen["worker"] != main
    assert seen["result"] == 42
    assert partial == [0, 1, 2]
    assert progress[-1] == (2, 3, "step 2")
    assert not runner.busy()


def test_job_failure_and_cancel_are_reported(qtbot: QtBot) -> None:
    runner = JobRunner()
    errors: list[BaseException] = []
    with qtbot.waitSignal(runner.idle, timeout=5000):
        runner.start("bad", lambda _ctx: 1 / 0, on_failure=errors.append)
    assert isinstance(errors[0], ZeroDivisionError)

    started = threading.Event()

    def slow(ctx: JobContext) -> None:
        started.set()
        while True:
            ctx.check()
            time.sleep(0.005)

    cancelled: list[bool] = []
    with qtbot.waitSignal(runner.idle, timeout=5000):
        job = runner.start(
            "slow", slow, on_cancelled=lambda: cancelled.append(True), on_failure=errors.append
        )
        started.wait(2)
        job.cancel()
    assert cancelled == [True] and len(errors) == 1


def test_finished_jobs_are_freed_not_kept_by_their_connections(qtbot: QtBot) -> None:
    """A finished job goes once the next one starts: its signals' connections (a lambda
    naming the job among them) held it through Qt, out of the collector's reach, so every
    job a window ran (two a second while an import runs) stayed in its process."""
    import gc

    from PySide6.QtCore import QCoreApplication, QEvent

    from refmanager.gui.jobs import Job

    runner = JobRunner()
    results: list[int] = []

    def number(i: int) -> Callable[[JobContext], int]:
        return lambda _ctx: i

    for i in range(30):
        with qtbot.waitSignal(runner.idle, timeout=5000):
            runner.start("one of thirty", number(i), on_success=results.append)
        QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete.value)
    gc.collect()
    assert results == list(range(30))
    kept = [o for o in gc.get_objects() if isinstance(o, Job) and o.name == "one of thirty"]
    assert len(kept) <= 1  # the last one, until the next job starts


class _Pinger(QObject):
    ping = Signal()


def test_qt_calls_keep_their_references_to_none_and_true() -> None:
    """The pinned PySide6 takes the references it returns (decision 0037): every 6.12 wheel
    drops one to None on each void call and one to True on each emit() on Python 3.11
    (PYSIDE-3474), and the interpreter aborts once a count reaches zero."""
    probe = _Pinger()
    calls = 200  # fewer than True's own count at start-up: 6.12 fails here, not by abort
    before = sys.getrefcount(None)
    for i in range(calls):
        probe.setObjectName("x" if i % 2 else "y")
    none_lost = before - sys.getrefcount(None)
    before = sys.getrefcount(True)
    for _ in range(calls):
        probe.ping.emit()
    true_lost = before - sys.getrefcount(True)
    assert none_lost < calls // 2 and true_lost < calls // 2, (none_lost, true_lost)


def test_pdf_geometry_round_trips_and_highlights(qtbot: QtBot) -> None:
    pane = PdfPane()
    qtbot.addWidget(pane)
    pane.resize(700, 900)
    pane.show()
    checked(qtbot, pane, SAMPLE)
    assert pane.load(SAMPLE)
    loc = Location(1, (72.0, 300.0, 520.0, 330.0))
    pane.show_locations([loc])
    rect = pane.view.points_to_viewport(1, loc.bbox)
    assert pane.view.viewport().rect().contains(rect.center().toPoint())
    hit = pane.view.viewport_to_points(rect.center())
    assert hit is not None
    page, x, y = hit
    assert page == 1 and abs(x - 296) < 2 and abs(y - 315) < 2
    # the highlight is painted where the geometry says (orange over the white page)
    image = pane.view.viewport().grab().toImage()
    colour = image.pixelColor(rect.center().toPoint() + QPointF(0, 0).toPoint())
    assert colour.red() > colour.blue() + 30
    pane.view.set_zoom(2.0)
    assert not pane.view.fit_width()
    assert pane.view.zoomFactor() == 2.0
    pane.act_fit_width.setChecked(True)
    assert pane.view.fit_width()
    pane.find_edit.setText("Hochreiter")
    pane._apply_find()
    qtbot.waitUntil(lambda: pane.search_model.rowCount(QModelIndex()) > 0, timeout=3000)
    pane.find_next()
    assert "of" in pane.find_status.text()


def test_field_editors_check_their_input() -> None:
    validator = DoiValidator()
    assert validator.validate("10.1162/neco.1997.9.8.1735", 0)[0] == QValidator.State.Acceptable
    assert validator.validate("https://doi.org/10.1000/xyz", 0)[0] == QValidator.State.Acceptable
    assert validator.validate("10.1", 0)[0] == QValidator.State.Intermediate
    assert validator.validate("banana", 0)[0] == QValidator.State.Invalid
    assert names_to_lines("Dao, Tri; Fu, Daniel Y.") == "Dao, Tri\nFu, Daniel Y."
    assert lines_to_names("Dao, Tri\n\n Fu, Daniel Y. \n") == "Dao, Tri; Fu, Daniel Y."


def test_gui_command_is_registered() -> None:
    from refmanager.cli.arguments import COMMANDS, build_parser

    assert COMMANDS["gui"].module == "refmanager.cli.gui_cmd"
    args = build_parser().parse_args(["gui", "--library", "/tmp/x", "a.pdf", "b.pdf"])
    assert args.files == ["a.pdf", "b.pdf"] and args.library == "/tmp/x"


def test_no_command_opens_the_window(monkeypatch: pytest.MonkeyPatch) -> None:
    import argparse

    from refmanager.cli import gui_cmd, main

    opened: list[argparse.Namespace] = []

    def fake_run(args: argparse.Namespace) -> int:
        opened.append(args)
        return 0

    monkeypatch.setattr(gui_cmd, "run", fake_run)
    assert main.main([]) == 0
    assert main.main(["--library", "/tmp/somewhere"]) == 0
    assert main.main(["--library=/tmp/elsewhere"]) == 0
    assert [a.library for a in opened] == [None, "/tmp/somewhere", "/tmp/elsewhere"]


def test_big_tables_read_pages_in_the_background_and_drop_stale_answers() -> None:
    from refmanager.gui.table_model import ASYNC_ROWS, PageRequest

    source = FakeSource(ASYNC_ROWS * 10)
    model = ReferenceTableModel(source)
    asked: list[PageRequest] = []
    model.page_loader = asked.append
    assert model.index(5_000, 3).data() is None  # not read yet: asked for, not waited for
    assert model.index(5_000, 0).data() == "…"
    assert [r.page for r in asked] == [5_000 // PAGE_SIZE]
    assert model.loading() and source.calls == []
    model.index(5_001, 3).data()
    assert len(asked) == 1  # the same page is asked once
    request = asked[0]
    model.deliver(
        request,
        source.rows(request.query, request.order_by, request.descending, request.offset, PAGE_SIZE),
    )
    assert model.index(5_000, 3).data() == "Title 0005000" and not model.loading()
    model.index(90_000, 3).data()
    stale = asked[-1]
    model.sort(3, Qt.SortOrder.DescendingOrder)  # a reset: the pending answer is stale
    model.deliver(stale, [TableRow(id=1, title="stale")])
    assert model.index(90_000, 3).data() is None
    assert asked[-1].generation != stale.generation and asked[-1].descending


def test_changed_rows_of_a_big_table_are_read_again_in_the_background() -> None:
    from refmanager.gui.table_model import ASYNC_ROWS, PageRequest

    source = FakeSource(ASYNC_ROWS * 10)
    model = ReferenceTableModel(source)
    asked: list[PageRequest] = []
    model.page_loader = asked.append
    deep = 90_000  # a deep page: slow to read
    model.index(deep, 3).data()
    model.deliver(asked[0], source.rows("", "position", False, asked[0].offset, PAGE_SIZE))
    source.calls.clear()
    model.refresh_ids([deep + 1])  # its row changed (a tag, an edit, a re-parse)
    assert source.calls == []  # not read on the GUI thread...
    assert [r.page for r in asked] == [deep // PAGE_SIZE] * 2  # ...but asked for again
    assert model.index(deep, 3).data() == f"Title {deep:07d}"  # the old row until it comes
    changed: list[int] = []
    model.dataChanged.connect(lambda top, _bottom: changed.append(top.row()))
    model.deliver(asked[1], [TableRow(id=deep + 1, title="Retitled")])
    assert model.index(deep, 3).data() == "Retitled" and changed == [deep]


def test_big_library_counts_queries_in_the_background(
    qtbot: QtBot, paper_window: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    from refmanager.gui import main_window

    win = paper_window
    assert isinstance(win, main_window.MainWindow)
    from refmanager.gui.controllers import search

    monkeypatch.setattr(search, "ASYNC_ROWS", 10)  # the sample library counts as big
    win.search.setText("year:2015")
    win.searching.apply()
    assert win.searching.message.text() == "Searching…"
    qtbot.waitUntil(lambda: win.model.query.endswith("(year:2015)"), timeout=5000)
    assert not win.searching.message.isVisible() and win.searching.message.text() == ""
    win.search.setText('title:"unclosed')
    win.searching.apply()
    qtbot.waitUntil(lambda: win.searching.message.text() not in ("", "Searching…"), timeout=5000)
    assert win.model.query.endswith("(year:2015)")


def test_menus_carry_the_standard_shortcuts_and_themes_switch(qtbot: QtBot, window: object) -> None:
    from PySide6.QtGui import QKeySequence
    from PySide6.QtWidgets import QApplication

    from refmanager.gui.main_window import MainWindow

    win = window
    assert isinstance(win, MainWindow)
    menus = [a.text().replace("&", "") for a in win.menuBar().actions()]
    assert menus == ["File", "Edit", "View", "Library", "Help"]
    native = QKeySequence.SequenceFormat.PortableText
    assert win.menu_actions.named["import"].shortcut().toString(native) == "Ctrl+O"
    assert win.menu_actions.named["find"].shortcut().toString(native) == "Ctrl+F"
    assert win.menu_actions.named["delete"].shortcut().toString(native) == "Del"
    assert win.menu_actions.named["edit"].shortcut().toString(native) == "F2"
    assert win.undo_action.shortcut().toString(native) == "Ctrl+Z"
    assert "Ctrl+Shift+Z" in [s.toString(native) for s in win.redo_action.shortcuts()]
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    win.set_theme("dark")
    assert app.palette().window().color().lightness() < 100
    win.set_theme("light")
    assert app.palette().window().color().lightness() > 150
    win.set_theme("system")


def test_resources_come_from_the_checkout_else_from_the_installed_share_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from refmanager.gui import look

    assert look.resource("sample-paper.pdf") == SAMPLE  # a checkout: the repository's folder
    installed = tmp_path / "share" / "refmanager"
    installed.mkdir(parents=True)
    (installed / "refmanager.svg").write_text("<svg/>", encoding="utf-8")
    monkeypatch.setattr(look, "RESOURCES", tmp_path / "no-checkout")
    monkeypatch.setattr(look, "INSTALLED_RESOURCES", installed)
    assert look.resource("refmanager.svg") == installed / "refmanager.svg"
    assert not look.resource("sample-paper.pdf").is_file()  # missing: the caller checks
