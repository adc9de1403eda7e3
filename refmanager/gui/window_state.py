"""What the window keeps between runs in QSettings: geometry, docks, splitters, the table's
columns, and whether the table sits below the PDF; and the size of a first window."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QByteArray, QSettings
from PySide6.QtWidgets import QHeaderView, QMainWindow, QSplitter

DEFAULT_SIZE = (1440, 880)  # the first window, if the screen is that big


def first_size(window: QMainWindow) -> tuple[int, int]:
    """The size of a first window: the default, or what the screen has room for."""
    room = window.screen().availableGeometry()
    width = min(DEFAULT_SIZE[0], room.width() * 95 // 100)
    height = min(DEFAULT_SIZE[1], room.height() * 92 // 100)
    return width, height


def restore(window: QMainWindow, header: QHeaderView) -> bool | None:
    """Put the window back as it was saved; whether the table was below the PDF (the
    caller moves it there before the splitters are restored, see :func:`restore_splitters`),
    None for a first window (the caller chooses by its width)."""
    settings = QSettings()
    geometry = settings.value("window/geometry")
    if isinstance(geometry, QByteArray):
        window.restoreGeometry(geometry)
    else:
        window.resize(*first_size(window))
    state = settings.value("window/state")
    if isinstance(state, QByteArray):
        window.restoreState(state)
    saved = settings.value("table/header")
    if isinstance(saved, QByteArray):
        header.restoreState(saved)
    below = settings.value("view/tableBelow")
    return None if below is None else str(below) == "true"


def restore_splitters(splitters: Sequence[QSplitter]) -> None:
    settings = QSettings()
    for splitter in splitters:
        value = settings.value(f"splitters/{splitter.objectName()}")
        if isinstance(value, QByteArray):
            splitter.restoreState(value)


def save(
    window: QMainWindow, splitters: Sequence[QSplitter], header: QHeaderView, table_below: bool
) -> None:
    settings = QSettings()
    settings.setValue("window/geometry", window.saveGeometry())
    settings.setValue("window/state", window.saveState())
    for splitter in splitters:
        settings.setValue(f"splitters/{splitter.objectName()}", splitter.saveState())
    settings.setValue("table/header", header.saveState())
    settings.setValue("view/tableBelow", "true" if table_below else "false")
    settings.sync()
