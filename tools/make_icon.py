"""Render resources/refmanager.svg to the PNG sizes the window and desktops use.

.venv/bin/python tools/make_icon.py
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication, QImage, QPainter
from PySide6.QtSvg import QSvgRenderer

RESOURCES = Path(__file__).resolve().parent.parent / "resources"


def render(size: int) -> Path:
    renderer = QSvgRenderer(str(RESOURCES / "refmanager.svg"))
    image = QImage(size, size, QImage.Format.Format_ARGB32)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    renderer.render(painter)
    painter.end()
    out = RESOURCES / f"refmanager-{size}.png"
    image.save(str(out))
    return out


if __name__ == "__main__":
    app = QGuiApplication(sys.argv[:1])
    for size in (256, 64):
        print(render(size))
