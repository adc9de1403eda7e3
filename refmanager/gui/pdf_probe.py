"""Whether QtPdf can show a PDF without taking the window down, asked of a throwaway
process (issue 26 defect 3): a 1 KB form that draws itself or a 3 KB Flate bomb made the
window's PDF view take 5-24 GB in seconds.

``python -m refmanager.gui.pdf_probe FILE`` renders every page of ``FILE`` small with QtPdf
(the renderer the window uses) within a memory limit (``RLIMIT_DATA``) and a CPU
limit, printing each page's number once it is drawn. The window (``pdf_pane``) runs it
with a wall-clock limit as well and shows a PDF only when every page was drawn; a page
that runs out of memory or time, or crashes the renderer, ends it, and the window shows
"this PDF cannot be shown safely" instead.
"""

from __future__ import annotations

import os
import resource
import sys

# What the probe may use: data memory (RLIMIT_DATA: pdfium reserves some 32 GB of address
# space it never touches, so RLIMIT_AS cannot bound it) and CPU seconds. The window also
# watches the probe's resident memory and time (pdf_pane), and stops it sooner.
MEMORY_LIMIT = 1024 * 1024 * 1024
CPU_SECONDS = 30
PROBE_WIDTH = 400  # pixels: the content is parsed whole whatever the size drawn

EXIT_UNREADABLE = 3  # QtPdf cannot open the file (the window says why itself)
EXIT_BLANK = 4  # a page came back without an image: the renderer gave up on it


def _limit() -> None:
    resource.setrlimit(resource.RLIMIT_DATA, (MEMORY_LIMIT, MEMORY_LIMIT))
    resource.setrlimit(resource.RLIMIT_CPU, (CPU_SECONDS, CPU_SECONDS))


def main(argv: list[str]) -> int:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QSize
    from PySide6.QtGui import QGuiApplication
    from PySide6.QtPdf import QPdfDocument

    app = QGuiApplication(["pdf_probe"])
    document = QPdfDocument(app)
    _limit()
    if document.load(argv[0]) != QPdfDocument.Error.None_:
        return EXIT_UNREADABLE
    for page in range(document.pageCount()):
        points = document.pagePointSize(page)
        scale = PROBE_WIDTH / points.width() if points.width() > 0 else 1.0
        size = QSize(PROBE_WIDTH, max(1, min(4 * PROBE_WIDTH, int(points.height() * scale))))
        image = document.render(page, size)
        if image.isNull():
            return EXIT_BLANK
        print(page + 1, flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
