"""The window on a big library: open time, scrolling, sorting, searching, memory.

    .venv/bin/python benchmarks/gui_scale.py                  # 1,000,000 references (minutes)
    .venv/bin/python benchmarks/gui_scale.py --n 100000       # a quicker run
    .venv/bin/python benchmarks/gui_scale.py --keep /tmp/big  # build once, reuse after

The library is made by the library benchmark's generator (benchmarks/library_scale.py) in
a child process, so the peak memory printed is the window's own. Targets (issue 5): the
window opens in under 2 s, scrolling and sorting stay smooth, memory under 600 MB.
Runs offscreen; every step repaints the table for real (``viewport().repaint()``).
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("XDG_CONFIG_HOME", tempfile.mkdtemp(prefix="refmanager-bench-config-"))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks._util import median, peak_rss_mb, percentile


def _ms(values: list[float]) -> str:
    ms = [v * 1000 for v in values]
    return f"median {median(ms):.1f} ms, p95 {percentile(ms, 95):.1f} ms, max {max(ms):.1f} ms"


def rss_mb() -> float:
    """Resident memory now (Linux), in MB."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return float("nan")


def settle(app: object, model: object, limit: float = 30.0) -> float:
    """Process events until the table has no page in flight; seconds waited."""
    start = time.perf_counter()
    while model.loading() and time.perf_counter() - start < limit:  # type: ignore[attr-defined]
        app.processEvents()  # type: ignore[attr-defined]
        time.sleep(0.001)
    return time.perf_counter() - start


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--n", type=int, default=1_000_000, help="references (default 1,000,000)")
    parser.add_argument("--keep", metavar="DIR", help="build (or reuse) the library in DIR")
    parser.add_argument("--steps", type=int, default=200, help="scroll steps to time")
    args = parser.parse_args(argv)
    tmp = Path(tempfile.mkdtemp(prefix="refmanager-guiscale-"))
    folder = Path(args.keep) if args.keep else tmp / "library"
    try:
        if not (folder / "library.sqlite").exists():
            from benchmarks.library_scale import _generate_in_child

            docs = max(1, round(args.n / 33.3))
            took = _generate_in_child(folder, args.n, docs, 2000)
            print(f"generated {args.n:,} references over {docs:,} documents in {took:.1f} s")

        # 1. open: Qt and refmanager imports, the window, its first painted page of rows
        t0 = time.perf_counter()
        from PySide6.QtCore import Qt
        from PySide6.QtWidgets import QApplication

        from refmanager.gui.app import create_app
        from refmanager.gui.main_window import MainWindow

        app = create_app()
        t_import = time.perf_counter() - t0
        window = MainWindow(folder)
        window.resize(1500, 900)
        window.show()
        app.processEvents()
        window.table.viewport().repaint()
        model = window.model
        settle(app, model)
        window.table.viewport().repaint()
        t_open = time.perf_counter() - t0
        print(
            f"open window on {model.rowCount():,} references: {t_open:.2f} s "
            f"(imports {t_import:.2f} s)  target < 2 s; memory {rss_mb():.0f} MB"
        )

        # 2. scrolling: page steps, drags to random places, end and home
        bar = window.table.verticalScrollBar()
        rng = random.Random(5)
        steps: list[float] = []  # the main thread's time per step (what could freeze it)
        shown: list[float] = []  # until the rows of the new position are on screen
        for i in range(args.steps + 2):
            if i == args.steps:
                target = bar.maximum()
            elif i == args.steps + 1:
                target = 0
            elif i % 4 == 3:
                target = rng.randrange(bar.maximum() + 1)
            else:
                target = min(bar.maximum(), bar.value() + bar.pageStep())
            s0 = time.perf_counter()
            bar.setValue(target)
            window.table.viewport().repaint()
            steps.append(time.perf_counter() - s0)
            settle(app, model)
            window.table.viewport().repaint()
            shown.append(time.perf_counter() - s0)
        print(f"scroll ({len(steps)} steps incl. random jumps and both ends)")
        print(f"  main thread per step: {_ms(steps)}")
        print(f"  until the rows are shown: {_ms(shown)}")
        print(f"  pages read on the main thread: {model.fetches}, cached: {model.cached_pages()}")
        print(f"  memory now {rss_mb():.0f} MB, peak {peak_rss_mb():.0f} MB")

        # 3. sorting on columns (SQL ORDER BY), each followed by a painted first page
        sorts: list[tuple[str, float]] = []
        horizontal = Qt.Orientation.Horizontal
        headers = [model.headerData(c, horizontal) for c in range(model.columnCount())]
        for name in ("Title", "Year", "Authors", "Confidence", "DOI", "Container", "#"):
            column = headers.index(name)
            for order in (Qt.SortOrder.AscendingOrder, Qt.SortOrder.DescendingOrder):
                s0 = time.perf_counter()
                window.table.sortByColumn(column, order)
                window.table.viewport().repaint()
                settle(app, model)
                window.table.viewport().repaint()
                sorts.append(
                    (
                        f"{name} {'asc' if order == Qt.SortOrder.AscendingOrder else 'desc'}",
                        time.perf_counter() - s0,
                    )
                )
        print(f"sort until the first rows are shown: {_ms([t for _, t in sorts])}")
        print(f"  memory now {rss_mb():.0f} MB, peak {peak_rss_mb():.0f} MB")
        print("  " + ", ".join(f"{n} {t * 1000:.0f} ms" for n, t in sorts))
        s0 = time.perf_counter()
        bar.setValue(bar.maximum() // 2)
        window.table.viewport().repaint()
        settle(app, model)
        took_ms = (time.perf_counter() - s0) * 1000
        print(f"  then jump to the middle of the sorted table: {took_ms:.0f} ms")

        # 4. search box queries (debounce skipped: apply directly)
        searched: list[float] = []
        for query in ("year:2020", "type:book", "confidence:<0.8", "year:2015..2018 -type:book"):
            window.search.setText(query)
            s0 = time.perf_counter()
            window.searching.apply()
            blocked = time.perf_counter() - s0
            while window.searching.message.text() == "Searching…" and time.perf_counter() - s0 < 60:
                app.processEvents()
                time.sleep(0.001)
            settle(app, model)
            window.table.viewport().repaint()
            searched.append(time.perf_counter() - s0)
            print(f"  (main thread busy {blocked * 1000:.0f} ms while counting)")
            print(f"  search {query!r}: {model.rowCount():,} rows in {searched[-1] * 1000:.0f} ms")
        print(f"search until the rows are shown: {_ms(searched)}")
        print(f"  memory now {rss_mb():.0f} MB, peak {peak_rss_mb():.0f} MB")

        # 5. selecting rows (editor filled, counts updated)
        window.search.setText("")
        window.searching.apply()
        s0 = time.perf_counter()
        while window.searching.message.text() == "Searching…" and time.perf_counter() - s0 < 60:
            app.processEvents()
            time.sleep(0.001)
        settle(app, model)
        clicks: list[float] = []
        for _ in range(30):
            row = rng.randrange(min(model.rowCount(), 5000))
            s0 = time.perf_counter()
            window.table.selectRow(row)
            app.processEvents()
            settle(app, model)
            clicks.append(time.perf_counter() - s0)
        print(f"select a row (editor + status bar): {_ms(clicks)}")
        print(f"peak memory of the window process: {peak_rss_mb():.0f} MB  target < 600 MB")
        window.close()
        QApplication.processEvents()
    finally:
        if not args.keep:
            shutil.rmtree(tmp, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
