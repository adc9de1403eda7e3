"""The window on a library open read-only (a read-only medium or folder): the title bar and
the status bar say so, and the actions that would change the library are disabled. What can
still ask for a change (a cell typed into, a context menu, a drop) is refused with the
library's message, by the command factory and the controllers (``Session.check_writable``).
"""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QAbstractItemView, QLabel, QMainWindow, QTableView

from refmanager.gui.look import plain_label

NOTE = "Read-only"
EXPLANATION = (
    "This library cannot be written here (a read-only medium or folder): it can be "
    "searched, read and exported, and nothing in it can be changed. Copy it somewhere "
    "writable to change it."
)


READER_NOTE = "Reader"
READER_EXPLANATION = (
    "This library is shared with you as a reader: it can be searched, read and exported, "
    "and it follows the other members' changes; nothing in it can be changed here (the "
    "shared library's owner can make you an editor)."
)


def show_read_only(
    window: QMainWindow,
    table: QTableView,
    changes: Iterable[QAction],
    note: str = NOTE,
    explanation: str = EXPLANATION,
) -> QLabel:
    """Say in the title and the status bar that the library is read-only (or, with
    ``note`` and ``explanation``, why it cannot be changed); disable the actions in
    ``changes`` and editing in ``table``. The status bar's label is returned."""
    window.setWindowTitle(f"{window.windowTitle()} ({note.lower()})")
    label = plain_label(QLabel(note, window.statusBar()))
    label.setObjectName("readOnly")
    label.setToolTip(explanation)
    window.statusBar().addPermanentWidget(label)
    for action in changes:
        action.setEnabled(False)
        action.setToolTip(explanation)
    table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    return label
