"""Dialogs: About, Merge (pick each field from one of two items), Export, Delete unused files."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QButtonGroup,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPushButton,
    QRadioButton,
    QScrollArea,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from refmanager import __version__
from refmanager.gui.entry_editor import FORM_FIELDS
from refmanager.gui.look import plain_label, plain_tip
from refmanager.model import Reference
from refmanager.model.fields import get_field

EXPORT_FORMATS: tuple[tuple[str, str, str], ...] = (
    ("bibtex", "BibTeX", "bib"),
    ("biblatex", "BibLaTeX", "bib"),
    ("ris", "RIS", "ris"),
    ("csl-json", "CSL-JSON", "json"),
    ("csv", "CSV", "csv"),
)
EXPORT_SCOPES: tuple[tuple[str, str], ...] = (
    ("selection", "Selected references"),
    ("document", "The current document"),
    ("tag", "The current tag"),
    ("search", "The current search"),
    ("all", "The whole library"),
)


def about(parent: QWidget | None) -> None:
    QMessageBox.about(
        parent,
        "About refmanager",
        f"<h3>refmanager {__version__}</h3>"
        "<p>An offline reference manager that reads the bibliographies of scholarly PDFs: "
        "drop a paper in, see it beside the table of its references, correct what the "
        "parser got wrong.</p><p>Everything stays in a local SQLite library.</p>"
        "<p>MIT licence. Built with PySide6 (Qt), pypdf, bibtexparser and rapidfuzz.</p>",
    )


def confirm_prune(parent: QWidget | None, paths: list[Path]) -> bool:
    """Ask before deleting the library's unused stored files; the list is shown in full
    (as plain text: the names come from the disk)."""
    box = QMessageBox(parent)
    box.setIcon(QMessageBox.Icon.Warning)
    box.setWindowTitle("Delete unused files")
    box.setTextFormat(Qt.TextFormat.PlainText)
    box.setText(
        f"Delete {len(paths)} file(s) the library stored for documents that are no longer "
        "in it? This cannot be undone. Files the library did not store are never deleted."
    )
    box.setDetailedText("\n".join(str(p) for p in paths))
    box.setStandardButtons(QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.Cancel)
    box.setDefaultButton(QMessageBox.StandardButton.Cancel)
    return box.exec() == QMessageBox.StandardButton.Yes


MERGE_VALUE_MIN_WIDTH = 120  # pixels: a value in the merge dialog shows a few words


def confirm_remove_document(parent: QWidget | None, title: str, count: int) -> bool:
    """Ask before removing a document and its references (Undo brings them back)."""
    box = QMessageBox(parent)
    box.setIcon(QMessageBox.Icon.Question)
    box.setWindowTitle("Remove document")
    box.setTextFormat(Qt.TextFormat.PlainText)  # the title comes from a file
    box.setText(
        f"Remove “{title}” and its {count} reference(s) from the library? "
        "Edit > Undo brings them back."
    )
    box.setStandardButtons(QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.Cancel)
    box.setDefaultButton(QMessageBox.StandardButton.Cancel)
    return box.exec() == QMessageBox.StandardButton.Yes


# Fields the merge dialog offers, with the CSL type first.
MERGE_FIELDS: tuple[tuple[str, str], ...] = (("type", "Type"), *FORM_FIELDS)


class MergeDialog(QDialog):
    """Both items side by side; for each field where they differ the user picks a side."""

    def __init__(
        self,
        left: Reference,
        right: Reference,
        reasons: str = "",
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle("Merge duplicates")
        self.left = left
        self.right = right
        self.groups: dict[str, QButtonGroup] = {}
        self.keep_left = QRadioButton("Keep the left item (its id, tags stay with it)", self)
        self.keep_right = QRadioButton("Keep the right item", self)
        self.keep_left.setChecked(True)

        grid_host = QWidget(self)
        grid = QGridLayout(grid_host)
        grid.addWidget(QLabel("<b>Field</b>"), 0, 0)
        grid.addWidget(QLabel("<b>Left</b>"), 0, 1)
        grid.addWidget(QLabel("<b>Right</b>"), 0, 2)
        row = 1
        for name, label in MERGE_FIELDS:
            a = get_field(left, name)
            b = get_field(right, name)
            if not a and not b:
                continue
            group = QButtonGroup(self)
            ra = QRadioButton(a or "(empty)", grid_host)
            rb = QRadioButton(b or "(empty)", grid_host)
            for button in (ra, rb):
                button.setToolTip(plain_tip(button.text()))
                # a long value is cut at its column's edge (its tooltip is whole): both
                # columns always fit the dialog, never behind a horizontal scroll bar
                button.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
                button.setMinimumWidth(MERGE_VALUE_MIN_WIDTH)
            group.addButton(ra, 0)
            group.addButton(rb, 1)
            # Default: the non-empty value, else the longer one (more complete), else left.
            (rb if (not a and b) or (a and b and len(b) > len(a)) else ra).setChecked(True)
            if a == b:
                ra.setEnabled(False)
                rb.setEnabled(False)
            grid.addWidget(QLabel(label), row, 0)
            grid.addWidget(ra, row, 1)
            grid.addWidget(rb, row, 2)
            self.groups[name] = group
            row += 1
        grid.setColumnStretch(1, 1)
        grid.setColumnStretch(2, 1)
        grid.setRowStretch(row, 1)  # room to spare goes below the rows, not above the header
        scroll = QScrollArea(self)
        scroll.setWidgetResizable(True)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroll.setWidget(grid_host)

        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self
        )
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText("&Merge")
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        if reasons:
            why = plain_label(QLabel(f"Why they look like one work: {reasons}", self))
            layout.addWidget(why)
        layout.addWidget(scroll, 1)
        layout.addWidget(self.keep_left)
        layout.addWidget(self.keep_right)
        layout.addWidget(buttons)
        self.resize(820, 560)

    def keeps_left(self) -> bool:
        return self.keep_left.isChecked()

    def choices(self) -> dict[str, int]:
        """Field -> the side whose value wins (0 left, 1 right), where the two differ."""
        out: dict[str, int] = {}
        for name, group in self.groups.items():
            a = get_field(self.left, name)
            b = get_field(self.right, name)
            if a != b:
                out[name] = max(0, group.checkedId())
        return out

    def choose(self, name: str, side: int) -> None:
        """Pick side 0 (left) or 1 (right) for ``name`` (used by keyboard users and tests)."""
        button = self.groups[name].button(side)
        if button is not None:
            button.setChecked(True)


class ExportDialog(QDialog):
    """Format, scope and target file for File > Export."""

    def __init__(
        self,
        parent: QWidget | None = None,
        available_scopes: tuple[str, ...] = ("selection", "all"),
        default_scope: str = "all",
        start_dir: str = "",
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle("Export references")
        self.format_box = QComboBox(self)
        for key, label, _ext in EXPORT_FORMATS:
            self.format_box.addItem(label, key)
        self.scope_box = QComboBox(self)
        for key, label in EXPORT_SCOPES:
            if key in available_scopes:
                self.scope_box.addItem(label, key)
        index = self.scope_box.findData(default_scope)
        if index >= 0:
            self.scope_box.setCurrentIndex(index)
        self.path_edit = QLineEdit(self)
        self.path_edit.setText(str(Path(start_dir or Path.home()) / "references.bib"))
        browse = QPushButton("Browse...", self)
        browse.clicked.connect(self._browse)
        self.format_box.currentIndexChanged.connect(self._fix_extension)
        path_row = QHBoxLayout()
        path_row.addWidget(self.path_edit, 1)
        path_row.addWidget(browse)
        form = QFormLayout()
        form.addRow("&Format", self.format_box)
        form.addRow("&Scope", self.scope_box)
        file_label = QLabel("&File", self)  # a label over a layout needs its buddy set
        file_label.setBuddy(self.path_edit)
        form.addRow(file_label, path_row)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self
        )
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText("&Export")
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(buttons)
        self.setMinimumWidth(520)

    def fmt(self) -> str:
        return str(self.format_box.currentData())

    def scope(self) -> str:
        return str(self.scope_box.currentData())

    def path(self) -> Path:
        return Path(self.path_edit.text()).expanduser()

    def set_values(self, fmt: str, scope: str, path: Path) -> None:
        self.format_box.setCurrentIndex(max(0, self.format_box.findData(fmt)))
        index = self.scope_box.findData(scope)
        if index >= 0:
            self.scope_box.setCurrentIndex(index)
        self.path_edit.setText(str(path))

    def _extension(self) -> str:
        for key, _label, ext in EXPORT_FORMATS:
            if key == self.fmt():
                return ext
        return "txt"

    def _fix_extension(self, _index: int) -> None:
        path = self.path()
        self.path_edit.setText(str(path.with_suffix("." + self._extension())))

    def _browse(self) -> None:
        name, _ = QFileDialog.getSaveFileName(
            self, "Export to", str(self.path()), f"*.{self._extension()}"
        )
        if name:
            self.path_edit.setText(name)


class TextPrompt(QDialog):
    """A one-line text prompt whose question is plain text: it names a tag, which can come
    from a file (a .bib ``groups`` field), and QInputDialog reads a label that looks like
    HTML as HTML (styling it, loading a local image)."""

    def __init__(self, parent: QWidget | None, title: str, label: str, text: str = "") -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        self.label = plain_label(QLabel(label, self))
        self.label.setWordWrap(True)
        self.edit = QLineEdit(text, self)
        self.edit.selectAll()
        self.label.setBuddy(self.edit)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.label)
        layout.addWidget(self.edit)
        layout.addWidget(buttons)

    def value(self) -> str | None:
        """The text given, stripped; None when empty."""
        return self.edit.text().strip() or None


def ask_text(parent: QWidget | None, title: str, label: str, text: str = "") -> str | None:
    """A one-line text prompt; None when cancelled."""
    prompt = TextPrompt(parent, title, label, text)
    return prompt.value() if prompt.exec() == QDialog.DialogCode.Accepted else None


class PasteDialog(QDialog):
    """Edit > Paste references: plain text, one reference per line (or blank-line separated)."""

    def __init__(self, text: str = "", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        from PySide6.QtWidgets import QCheckBox, QPlainTextEdit

        self.setWindowTitle("Paste references")
        self.edit = QPlainTextEdit(self)
        self.edit.setPlainText(text)
        self.edit.setPlaceholderText("One reference per line, as copied from a paper or a web page")
        self.paragraphs = QCheckBox("References are separated by blank lines", self)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self
        )
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText("&Parse and add")
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.edit, 1)
        layout.addWidget(self.paragraphs)
        layout.addWidget(buttons)
        self.resize(700, 420)

    def references(self) -> list[str]:
        text = self.edit.toPlainText()
        if self.paragraphs.isChecked():
            parts = [" ".join(block.split()) for block in text.split("\n\n")]
        else:
            parts = [line.strip() for line in text.splitlines()]
        return [p for p in parts if p]


__all__ = ["ExportDialog", "MergeDialog", "PasteDialog", "about", "ask_text"]
