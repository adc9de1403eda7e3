"""Write docs/screenshot.png: the seed PDF beside its table, one row selected and highlighted.

Runs offscreen (or under Xvfb with QT_QPA_PLATFORM=xcb) on a throw-away library:

    .venv/bin/python tools/screenshot.py [--pdf ../shared/seed/seed-pages.pdf] [--row 24]
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ["XDG_CONFIG_HOME"] = tempfile.mkdtemp(prefix="refmanager-shot-config-")
sys.path.insert(0, str(REPO))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    seed = REPO.parent / "shared" / "seed" / "seed-pages.pdf"
    parser.add_argument("--pdf", type=Path, default=seed)
    parser.add_argument("--row", default="24", help="the citation number of the row to select")
    parser.add_argument("--out", type=Path, default=REPO / "docs" / "screenshot.png")
    args = parser.parse_args()
    if not args.pdf.is_file():
        print(f"screenshot: no such PDF: {args.pdf}", file=sys.stderr)
        return 2

    from PySide6.QtWidgets import QApplication

    from refmanager.gui.app import create_app
    from refmanager.gui.main_window import MainWindow

    app = create_app()
    library = Path(tempfile.mkdtemp(prefix="refmanager-shot-")) / "library"
    window = MainWindow(library)
    window.resize(1600, 960)
    window.main_splitter.setSizes([230, 640, 730])
    window.right_splitter.setSizes([600, 330])
    window.show()
    window.imports.import_paths([args.pdf])
    deadline = time.monotonic() + 120
    while window.jobs.busy() and time.monotonic() < deadline:
        app.processEvents()
        time.sleep(0.01)
    if window.errors:
        print("screenshot: " + "; ".join(window.errors), file=sys.stderr)
    row = -1
    for r in range(window.model.rowCount()):
        found = window.model.row_at(r)
        if found is not None and found.number == args.row:
            row = r
            break
    if row < 0:
        print(f"screenshot: no row numbered {args.row}", file=sys.stderr)
        return 1
    window.table.selectRow(row)
    window.table.scrollTo(window.model.index(row, 0))
    for _ in range(20):  # let the PDF pages render
        app.processEvents()
        time.sleep(0.05)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    window.grab().save(str(args.out))
    print(args.out)
    window.close()
    QApplication.processEvents()
    return 0


if __name__ == "__main__":
    sys.exit(main())
