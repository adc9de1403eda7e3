"""Dialogs of a shared library: the server to share on or join, and the conflict chooser."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from pathlib import Path
from urllib.parse import quote, urlsplit, urlunsplit

from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from refmanager.service.sharing import Conflict

URL_HINT = "postgresql://you@server.lab.example/library?sslmode=verify-full"


def with_password(url: str, password: str) -> str:
    """``url`` with ``password`` put in (libpq's password file keeps it; never stored)."""
    if not password:
        return url
    parts = urlsplit(url)
    host = parts.netloc.rsplit("@", 1)[-1]
    user = parts.username or ""
    return urlunsplit(parts._replace(netloc=f"{user}:{quote(password, safe='')}@{host}"))


class ConnectDialog(QDialog):
    """The database's URI, a password (kept in libpq's password file, never in the
    library), and for joining, the folder of the new library."""

    def __init__(self, parent: QWidget | None, title: str, *, folder: bool) -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        form = QFormLayout()
        self.url_edit = QLineEdit(self)
        self.url_edit.setPlaceholderText(URL_HINT)
        self.url_edit.setMinimumWidth(420)
        form.addRow("Database &URL:", self.url_edit)
        self.password_edit = QLineEdit(self)
        self.password_edit.setEchoMode(QLineEdit.EchoMode.Password)
        form.addRow("&Password:", self.password_edit)
        self.folder_edit: QLineEdit | None = None
        if folder:
            self.folder_edit = QLineEdit(self)
            browse = QPushButton("Browse...", self)
            browse.clicked.connect(self._browse)
            row = QHBoxLayout()
            row.addWidget(self.folder_edit)
            row.addWidget(browse)
            form.addRow("New library &folder:", row)
        note = QLabel(
            "The password goes to libpq's password file (~/.pgpass), never into the library.",
            self,
        )
        note.setWordWrap(True)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(note)
        layout.addWidget(buttons)

    def _browse(self) -> None:
        chosen = QFileDialog.getExistingDirectory(self, "Folder of the new library")
        if chosen and self.folder_edit is not None:
            self.folder_edit.setText(str(Path(chosen) / "shared-library"))

    def url(self) -> str:
        return with_password(self.url_edit.text().strip(), self.password_edit.text())

    def folder(self) -> Path | None:
        if self.folder_edit is None or not self.folder_edit.text().strip():
            return None
        return Path(self.folder_edit.text().strip()).expanduser()


def _shown(value: object) -> str:
    if value is None:
        return "(none)"
    if isinstance(value, str):
        return value
    return json.dumps(value, ensure_ascii=False)


class ConflictDialog(QDialog):
    """The conflicts that wait: for each, the value the server kept and the other one; the
    user keeps one of them (``choose(conflict, take_other)``, an undoable change)."""

    def __init__(
        self,
        parent: QWidget | None,
        conflicts: Sequence[Conflict],
        choose: Callable[[Conflict, bool], None],
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle("Conflicts in the shared library")
        self.conflicts = list(conflicts)
        self.choose = choose
        self.table = QTableWidget(len(self.conflicts), 5, self)
        self.table.setHorizontalHeaderLabels(["Item", "Field", "Kept", "Other", "Other by"])
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        for row, conflict in enumerate(self.conflicts):
            values = (
                conflict.title or conflict.uid,
                conflict.field,
                _shown(conflict.kept),
                _shown(conflict.other),
                conflict.author,
            )
            for column, text in enumerate(values):
                item = QTableWidgetItem(text)
                item.setToolTip(text)
                self.table.setItem(row, column, item)
        self.table.resizeColumnsToContents()
        if self.conflicts:
            self.table.selectRow(0)
        self.keep_button = QPushButton("&Keep the kept value", self)
        self.take_button = QPushButton("&Take the other value", self)
        self.keep_button.clicked.connect(lambda: self._chosen(False))
        self.take_button.clicked.connect(lambda: self._chosen(True))
        close = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        close.rejected.connect(self.reject)
        buttons = QHBoxLayout()
        buttons.addWidget(self.keep_button)
        buttons.addWidget(self.take_button)
        buttons.addStretch(1)
        buttons.addWidget(close)
        layout = QVBoxLayout(self)
        layout.addWidget(self.table)
        layout.addLayout(buttons)
        self.resize(760, 320)

    def _chosen(self, take_other: bool) -> None:
        row = self.table.currentRow()
        if row < 0 or row >= len(self.conflicts):
            return
        conflict = self.conflicts.pop(row)
        self.table.removeRow(row)
        self.choose(conflict, take_other)
        if not self.conflicts:
            self.accept()
