"""Duplicates: the proposed merges (found in the background), Merge... and Not a duplicate.

The list is looked for again whenever a change (or its undo) may have changed what is
duplicated, if it is on screen; otherwise the next time it is shown.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from refmanager.gui.controllers.host import Host
from refmanager.gui.dialogs import MergeDialog
from refmanager.gui.look import plain_label, plain_tip
from refmanager.service import duplicates
from refmanager.service.views import Changes, DuplicatePair

DialogHook = Callable[[MergeDialog], object]


class DuplicatesController(QObject):
    """The Duplicates view and its actions.

    Signals:
        counted(int): how many proposed merges are listed (after each search).
    """

    counted = Signal(int)

    def __init__(self, host: Host, parent: QWidget) -> None:
        super().__init__(parent)
        self.host = host
        self.pairs: list[DuplicatePair] = []
        self.stale = True  # the list may not match the library any more
        self.visible = False  # the Duplicates view is the one on screen

        self.table = QTableWidget(0, 4, parent)
        self.table.setObjectName("duplicates")
        self.table.setHorizontalHeaderLabels(["Left", "Right", "Score", "Why"])
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.ResizeToContents)
        # the reasons are read whole: their column takes what they need (a tooltip too)
        header.setSectionResizeMode(3, QHeaderView.ResizeMode.ResizeToContents)
        self.table.doubleClicked.connect(lambda _index: self.merge_selected_pair())
        self.merge_button = QPushButton("&Merge...", parent)
        self.merge_button.setObjectName("mergeButton")
        # clicked(bool) carries "checked": never let it reach the dialog hook parameter
        self.merge_button.clicked.connect(lambda _checked=False: self.merge_selected_pair())
        self.not_button = QPushButton("&Not a duplicate", parent)
        self.not_button.clicked.connect(lambda _checked=False: self.mark_not_duplicate())
        self.status = plain_label(QLabel(parent))

        self.view = QWidget(parent)
        layout = QVBoxLayout(self.view)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.status)
        layout.addWidget(self.table, 1)
        buttons = QHBoxLayout()
        buttons.addWidget(self.merge_button)
        buttons.addWidget(self.not_button)
        buttons.addStretch(1)
        layout.addLayout(buttons)

    # -- finding ------------------------------------------------------------------------------
    def show(self) -> None:
        """The view came on screen: look again if the list may be stale."""
        self.visible = True
        if self.stale:
            self.find()

    def hide(self) -> None:
        self.visible = False

    def find(self) -> None:
        self.stale = False
        self.status.setText("Looking for duplicates...")
        self.table.setRowCount(0)
        self.pairs = []
        self.host.jobs.start(
            "Finding duplicates",
            self.host.session.find_duplicates,
            on_success=self._show,
            on_failure=self.host.job_failed,
        )

    def changed(self, changes: Changes) -> None:
        """A change (or its undo) happened: the list is looked for again if it may differ."""
        if not changes.duplicates:
            return
        self.stale = True
        if self.visible:
            self.find()

    def _show(self, pairs: list[DuplicatePair]) -> None:
        self.pairs = list(pairs)
        self.table.setRowCount(len(pairs))
        for row, pair in enumerate(pairs):
            texts = (pair.left_text, pair.right_text, f"{pair.score:.2f}", "; ".join(pair.reasons))
            for col, text in enumerate(texts):
                item = QTableWidgetItem(text)
                item.setToolTip(plain_tip(text))
                self.table.setItem(row, col, item)
        self._say()
        if pairs:
            self.table.selectRow(0)

    def _say(self) -> None:
        n = len(self.pairs)
        self.status.setText(f"{n} proposed merges" if n else "No duplicates found.")
        self.counted.emit(n)

    # -- acting -------------------------------------------------------------------------------
    def selected_pair(self) -> DuplicatePair | None:
        row = self.table.currentRow()
        return self.pairs[row] if 0 <= row < len(self.pairs) else None

    def merge_selected_pair(self, dialog_hook: DialogHook | None = None) -> bool:
        """Ask which fields to keep (``dialog_hook`` fills the dialog instead, in tests)
        and merge the selected pair; True if merged."""
        pair = self.selected_pair()
        if pair is None:
            return False
        session = self.host.session
        left, right = session.stored(pair.a), session.stored(pair.b)
        if left is None or right is None:
            return False
        dialog = MergeDialog(
            left.reference, right.reference, "; ".join(pair.reasons), self.host.widget()
        )
        if dialog_hook is not None:
            dialog_hook(dialog)
        elif dialog.exec() != MergeDialog.DialogCode.Accepted:
            return False
        keep, other = (pair.a, pair.b) if dialog.keeps_left() else (pair.b, pair.a)
        sides = (pair.a, pair.b)
        choices = {name: sides[side] for name, side in dialog.choices().items()}
        return self.host.commands.run(duplicates.merge(keep, [other], choices))

    def mark_not_duplicate(self) -> bool:
        pair = self.selected_pair()
        if pair is None:
            return False
        return self.host.commands.run(duplicates.not_duplicate(pair.a, pair.b))
