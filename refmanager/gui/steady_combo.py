"""A combo box whose value only the user's explicit choice changes.

Qt's ``QComboBox`` steps to the next or previous item on Up, Down, Page Up and Page Down
while it is closed, and on the mouse wheel over it while another widget has the focus: a
user moving through the editor's form with the arrow keys, or scrolling it, silently
changed a reference's type. Here a closed combo ignores those keys (Alt+Down and F4 still
open it; in the open list the arrows choose as usual) and the wheel scrolls the form
unless the combo has the focus.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeyEvent, QWheelEvent
from PySide6.QtWidgets import QComboBox

STEPPING_KEYS = frozenset({Qt.Key.Key_Up, Qt.Key.Key_Down, Qt.Key.Key_PageUp, Qt.Key.Key_PageDown})


class SteadyComboBox(QComboBox):
    """A ``QComboBox`` that arrows and a passing wheel do not change while it is closed."""

    def keyPressEvent(self, event: QKeyEvent) -> None:
        alt = bool(event.modifiers() & Qt.KeyboardModifier.AltModifier)
        if Qt.Key(event.key()) in STEPPING_KEYS and not alt:
            event.accept()  # closed: the value stays (the open list handles its own keys)
            return
        super().keyPressEvent(event)

    def wheelEvent(self, event: QWheelEvent) -> None:
        if not self.hasFocus():
            event.ignore()  # the form around it scrolls
            return
        super().wheelEvent(event)
