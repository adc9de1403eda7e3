"""The Problems panel: a non-blocking list of what went wrong, docked at the bottom."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QDockWidget, QListWidget, QMainWindow

MIN_HEIGHT = 80
SHOWN_MS = 8000  # how long the status bar repeats a problem


class ProblemsPanel:
    """A dock with one line per problem; it opens (a strip, a sixth of the window) at the
    first one and stays until the user closes it."""

    def __init__(self, window: QMainWindow) -> None:
        self.window = window
        self.messages: list[str] = []
        self.list = QListWidget(window)
        self.list.setObjectName("errors")
        self.list.setMinimumHeight(MIN_HEIGHT - 30)
        self.dock = QDockWidget("Problems", window)
        self.dock.setObjectName("errorDock")
        self.dock.setWidget(self.list)
        window.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, self.dock)
        self.dock.hide()

    @property
    def dock_action(self) -> QAction:
        """View > Problems: shows or hides the panel."""
        return self.dock.toggleViewAction()

    def add(self, message: str) -> None:
        self.messages.append(message)
        self.list.addItem(message)
        self.list.scrollToBottom()
        if not self.dock.isVisible():
            self.dock.show()
            strip = max(MIN_HEIGHT, self.window.height() // 6)
            self.window.resizeDocks([self.dock], [strip], Qt.Orientation.Vertical)
        self.window.statusBar().showMessage(message, SHOWN_MS)
