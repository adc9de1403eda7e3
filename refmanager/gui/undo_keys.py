"""Undo and Redo wherever the keyboard focus is.

A text box (the search box, an editor field, the type combo's line) claims Ctrl+Z and
Ctrl+Shift+Z for its own typing, so the window's Undo did nothing while the focus stayed
in one, even with nothing typed there. :class:`UndoKeys` lets a text box keep those keys
only while it has typing of its own to undo or redo; otherwise they reach the window's
Undo and Redo actions (the undo stack of every change).
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QKeyCombination, QObject, Qt
from PySide6.QtGui import QKeyEvent, QKeySequence
from PySide6.QtWidgets import QApplication, QComboBox, QLineEdit, QPlainTextEdit, QTextEdit, QWidget

_CTRL, _SHIFT = Qt.KeyboardModifier.ControlModifier, Qt.KeyboardModifier.ShiftModifier
REDO_KEYS = frozenset(
    QKeyCombination(modifiers, key).toCombined()
    for modifiers, key in ((_CTRL | _SHIFT, Qt.Key.Key_Z), (_CTRL, Qt.Key.Key_Y))
)


def _typing_box(widget: QObject | None) -> QLineEdit | QPlainTextEdit | QTextEdit | None:
    if isinstance(widget, QComboBox):
        return widget.lineEdit()
    if isinstance(widget, (QLineEdit, QPlainTextEdit, QTextEdit)):
        return widget
    return None


def has_own(box: QLineEdit | QPlainTextEdit | QTextEdit, redo: bool) -> bool:
    """Whether ``box`` has typing of its own to undo (or redo)."""
    if isinstance(box, QLineEdit):
        return box.isRedoAvailable() if redo else box.isUndoAvailable()
    if box.isReadOnly():
        return False
    document = box.document()
    return document.isRedoAvailable() if redo else document.isUndoAvailable()


class UndoKeys(QObject):
    """Watches the focused widget of ``window``: a text box with nothing of its own to
    undo gives Undo and Redo up to the window's actions."""

    def __init__(self, window: QWidget) -> None:
        super().__init__(window)
        self._window = window
        app = QApplication.instance()
        if isinstance(app, QApplication):
            app.focusChanged.connect(self._focus_changed)

    def _focus_changed(self, _old: QWidget | None, new: QWidget | None) -> None:
        if new is not None and _typing_box(new) is not None and self._window.isAncestorOf(new):
            new.installEventFilter(self)  # once per widget: Qt keeps a filter only once

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() != QEvent.Type.ShortcutOverride or not isinstance(event, QKeyEvent):
            return False
        box = _typing_box(watched)
        if box is None:
            return False
        pressed = event.keyCombination().toCombined()
        redo = event.matches(QKeySequence.StandardKey.Redo) or pressed in REDO_KEYS
        if not redo and not event.matches(QKeySequence.StandardKey.Undo):
            return False
        if has_own(box, redo):
            return False  # the box undoes its own typing
        event.ignore()
        return True  # not claimed: the window's shortcut runs
