"""Write pictures of the window's main workflows to docs/screenshots/.

Run on a real X server, as a desktop user sees the window (Qt's xcb platform), e.g. under
Xvfb; without a display it falls back to offscreen:

    xvfb-run -a -s "-screen 0 1920x1080x24" .venv/bin/python tools/screenshot.py

Each picture is taken on a throw-away library and settings folder:

- ``import.png``: an import under way (progress and Cancel in the status bar);
- ``row-page.png``: a row of a Chinese paper selected and its entry outlined on the page;
- ``collections.png``: the sidebar's collections, one chosen, its references listed;
- ``low-confidence.png``: a low-confidence cell (tinted) being edited in place;
- ``list-start.png``: where the reference list starts, marked on the page;
- ``duplicates.png``: the proposed merges of two references to one work;
- ``dark-1024x700.png``: the dark theme at 1024x700.

The papers are the sample paper shipped in ``resources/`` and a short Chinese journal paper
written by ``tools/chinese_sample.py`` (its text is the project's own), or ``--pdf``.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
os.environ.setdefault("QT_QPA_PLATFORM", "xcb" if os.environ.get("DISPLAY") else "offscreen")
os.environ["XDG_CONFIG_HOME"] = tempfile.mkdtemp(prefix="refmanager-shot-config-")
sys.path.insert(0, str(REPO))

from PySide6.QtCore import Qt  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from refmanager.gui.app import create_app  # noqa: E402
from refmanager.gui.main_window import MainWindow  # noqa: E402
from refmanager.gui.table_model import COLUMN_INDEX, LOW_ROLE  # noqa: E402
from refmanager.service import collections  # noqa: E402
from tools import chinese_sample  # noqa: E402

SAMPLE = REPO / "resources" / "sample-paper.pdf"
LSTM = (
    "Hochreiter S, Schmidhuber J. Long short-term memory. Neural Computation, 1997, "
    "9(8): 1735–1780. doi:10.1162/neco.1997.9.8.1735"
)


def pump(app: QApplication, until: Callable[[], bool] = lambda: False, limit: float = 120) -> None:
    """Run the event loop until ``until()`` (or for ``limit`` seconds at most)."""
    deadline = time.monotonic() + limit
    while not until() and time.monotonic() < deadline:
        app.processEvents()
        time.sleep(0.01)


def settle(app: QApplication, seconds: float = 3.0) -> None:
    """Let pages render and timers fire."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        app.processEvents()
        time.sleep(0.02)


def idle(window: MainWindow) -> bool:
    return not window.jobs.busy() and not window.commands.busy()


def new_window(size: tuple[int, int]) -> MainWindow:
    window = MainWindow(Path(tempfile.mkdtemp(prefix="refmanager-shot-")) / "library")
    window.resize(*size)
    window.show()
    return window


def save(window: MainWindow, out: Path, name: str) -> None:
    path = out / name
    window.grab().save(str(path))
    print(path)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pdf", type=Path, help="the paper shown (default: a Chinese one)")
    parser.add_argument("--out", type=Path, default=REPO / "docs" / "screenshots")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    app = create_app()
    print(f"platform: {QApplication.platformName()}")
    if args.pdf is None:
        args.pdf = chinese_sample.write(
            Path(tempfile.mkdtemp(prefix="refmanager-zh-")) / "论文.pdf"
        )
    if not args.pdf.is_file():
        print(f"screenshot: no such PDF: {args.pdf}", file=sys.stderr)
        return 2

    # 1. an import under way, then the row <-> page link once it is done
    window = new_window((1440, 880))
    window.imports.import_paths([args.pdf, SAMPLE] if args.pdf != SAMPLE else [args.pdf])
    pump(app, window.status.progress.isVisible, 10)
    settle(app, 0.3)
    save(window, args.out, "import.png")
    pump(app, lambda: idle(window))
    # the paper asked for (the sample, imported beside it, has 12 references)
    document = next(
        d
        for d in window.session.documents()
        if d.title != "Reading Reference Lists Offline: A Small Case Study"
    )
    window.sidebar.select("document", document.id)
    row = min(5, window.model.rowCount() - 1)
    window.table.selectRow(row)
    window.table.scrollTo(window.model.index(row, 0))
    settle(app)
    save(window, args.out, "row-page.png")

    # 2. a low-confidence cell edited in place
    low = next(
        (
            (r, c)
            for r in range(window.model.rowCount())
            for c in range(window.model.columnCount())
            if window.model.index(r, c).data(LOW_ROLE)
            and window.model.flags(window.model.index(r, c)) & Qt.ItemFlag.ItemIsEditable
        ),
        (row, COLUMN_INDEX["Title"]),
    )
    index = window.model.index(*low)
    window.table.selectRow(low[0])
    window.table.scrollTo(index)
    window.table.setCurrentIndex(index)
    window.table.edit(index)
    settle(app)
    save(window, args.out, "low-confidence.png")
    window.table.closePersistentEditor(index)

    # 3. marking where the list starts (right-click on the page; the list's first entry)
    first = window.session.stored(window.model.row_at(0).id)  # type: ignore[union-attr]
    if first is not None and first.reference.location:
        where = first.reference.location[0]
        window.table.selectRow(0)
        window.table.horizontalScrollBar().setValue(0)
        settle(app)
        top = max(where.bbox[1], where.bbox[3]) + 3
        window.pdf.view.markRequested.emit("start", where.page, where.bbox[0], top)
        settle(app)
        save(window, args.out, "list-start.png")

    # 4. collections: a small tree, a reference in two, one collection chosen
    session = window.session
    thesis = session.run(collections.create_collection("Thesis"))
    chapter = session.run(collections.create_collection("Chapter 2: methods", thesis))
    reading = session.run(collections.create_collection("Reading list"))
    everything = session.lib.search.search_ids("")
    session.run(collections.add_to_collection(chapter, everything[:6]))
    session.run(collections.add_to_collection(reading, everything[3:9]))
    window.refresh_everything()
    window.sidebar.select("collection", chapter)
    pump(app, lambda: window.model.rowCount() == 6, 10)
    window.table.selectRow(3)
    settle(app)
    save(window, args.out, "collections.png")
    window.close()

    # 5. duplicates: the same work pasted twice, proposed as one merge
    window = new_window((1440, 880))
    window.imports.paste_references([LSTM, LSTM.replace("Long short-term", "Long Short-Term")])
    pump(app, lambda: idle(window))
    window.sidebar.select("duplicates")
    pump(app, lambda: idle(window))
    settle(app)
    save(window, args.out, "duplicates.png")
    window.close()

    # 6. the dark theme at 1024x700
    window = new_window((1024, 700))
    window.set_theme("dark")
    window.imports.import_paths([args.pdf])
    pump(app, lambda: idle(window))
    window.table.selectRow(min(5, window.model.rowCount() - 1))
    settle(app)
    save(window, args.out, "dark-1024x700.png")
    window.set_theme("system")
    window.close()
    QApplication.processEvents()
    return 0


if __name__ == "__main__":
    sys.exit(main())
