"""PDFs written by Qt: HTML laid out by QTextDocument and printed through QPdfWriter.

The text layer is Qt's (decision 0042). Used by ``tools/chinese_sample.py`` (one column,
``QTextDocument.print_``) and ``benchmarks/real_in_pdf.py`` (one or two columns).
Lengths in the HTML's styles are the writer's device pixels: ``px(points)`` gives them.

Needs a QGuiApplication (``application()`` makes one, offscreen unless a platform is set).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

RESOLUTION = 1200  # the writer's dots per inch (QPdfWriter's default)


def px(points: float) -> int:
    """A length in points as the device pixels the writer's HTML styles are read in."""
    return round(points * RESOLUTION / 72)


def application() -> Any:
    """The process's QGuiApplication (made on the first call)."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtGui import QGuiApplication

    return QGuiApplication.instance() or QGuiApplication([])


def write_html(
    out: Path,
    html: str,
    font: str,
    size: float,
    *,
    columns: int = 1,
    margin_mm: float = 20,
    gap_mm: float = 6,
    title: str = "",
    creator: str = "refmanager tools/qtpdf.py",
) -> Path:
    """Write ``html`` in ``font`` at ``size`` points to ``out`` on A4 pages.

    One column is Qt's own printing (``print_``, which adds a 2 cm margin of its own).
    More columns are laid out as pages one column wide, drawn side by side, each line on
    the sheet and in the column its page falls in.
    """
    from PySide6.QtCore import QMarginsF, QPointF, QSizeF
    from PySide6.QtGui import QFont, QPageLayout, QPageSize, QPainter, QPdfWriter, QTextDocument

    writer = QPdfWriter(str(out))
    writer.setResolution(RESOLUTION)
    writer.setPageSize(QPageSize(QPageSize.PageSizeId.A4))
    writer.setPageMargins(
        QMarginsF(margin_mm, margin_mm, margin_mm, margin_mm), QPageLayout.Unit.Millimeter
    )
    writer.setTitle(title)
    writer.setCreator(creator)
    document = QTextDocument()
    face = QFont(font)
    face.setPointSizeF(size)
    document.setDefaultFont(face)
    if columns <= 1:
        document.setHtml(html)
        document.print_(writer)
        return out
    document.documentLayout().setPaintDevice(writer)
    document.setDocumentMargin(0)
    document.setHtml(html)
    body = writer.pageLayout().paintRectPixels(RESOLUTION)
    gap = gap_mm / 25.4 * RESOLUTION
    width = (body.width() - gap * (columns - 1)) / columns
    height = float(body.height())
    document.setPageSize(QSizeF(width, height))
    layout = document.documentLayout()
    painter = QPainter(writer)
    sheet = 0
    block = document.begin()
    while block.isValid():
        top = layout.blockBoundingRect(block).topLeft()
        lines = block.layout()
        for i in range(lines.lineCount()):
            line = lines.lineAt(i)
            y = top.y() + line.y()
            page = int((y + line.height() / 2) // height)
            while sheet < page // columns:
                writer.newPage()
                sheet += 1
            x = (page % columns) * (width + gap)
            line.draw(painter, QPointF(x + top.x(), top.y() - page * height))
        block = block.next()
    painter.end()
    return out
