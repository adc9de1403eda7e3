"""Field-aware cell editors: authors as a list, year as a number, DOI checked."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import (
    QAbstractItemModel,
    QEvent,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
)
from PySide6.QtGui import QKeyEvent, QValidator
from PySide6.QtWidgets import (
    QLineEdit,
    QPlainTextEdit,
    QSpinBox,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QWidget,
)

from refmanager.gui.table_model import CSL_ROLE
from refmanager.model.identifiers import bare_doi, strip_doi_prefix

ModelIndex = QModelIndex | QPersistentModelIndex


class DoiValidator(QValidator):
    """Accepts an empty string or ``10.NNNN/suffix`` (a resolver URL or ``doi:`` is stripped)."""

    def validate(self, text: str, pos: int) -> tuple[QValidator.State, str, int]:
        bare = strip_doi_prefix(text)
        if not bare or bare_doi(bare):
            return QValidator.State.Acceptable, text, pos
        if "10.".startswith(bare[:3]) or bare.startswith("10."):
            return QValidator.State.Intermediate, text, pos
        if text.lower().startswith(("h", "d")):
            return QValidator.State.Intermediate, text, pos
        return QValidator.State.Invalid, text, pos


def names_to_lines(text: str) -> str:
    """``Family, Given; Family, Given`` (the table's display) as one name per line."""
    return "\n".join(p.strip() for p in text.split(";") if p.strip())


def lines_to_names(text: str) -> str:
    return "; ".join(line.strip() for line in text.splitlines() if line.strip())


class _AuthorEditor(QPlainTextEdit):
    """One author per line; Enter commits, Shift+Enter adds a line."""

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and not (
            event.modifiers() & Qt.KeyboardModifier.ShiftModifier
        ):
            event.ignore()  # let the delegate's event filter commit and close
            return
        super().keyPressEvent(event)


class FieldDelegate(QStyledItemDelegate):
    """Chooses the editor from the column's CSL field. (Painting stays in C++: the edited
    mark and the tints come from the model's roles, so scrolling calls no Python paint.)"""

    def createEditor(
        self, parent: QWidget, option: QStyleOptionViewItem, index: ModelIndex
    ) -> QWidget:
        del option  # the editor depends on the field, not on the style
        field = index.data(CSL_ROLE)
        if field == "author":
            editor = _AuthorEditor(parent)
            editor.setPlaceholderText("Family, Given (one per line)")
            editor.setTabChangesFocus(True)
            editor.setMinimumHeight(90)
            return editor
        if field == "issued":
            spin = QSpinBox(parent)
            spin.setRange(0, 2999)
            spin.setSpecialValueText(" ")  # 0 shows blank: no year
            return spin
        line = QLineEdit(parent)
        if field == "DOI":
            line.setValidator(DoiValidator(line))
            line.setPlaceholderText("10.xxxx/...")
        return line

    def updateEditorGeometry(
        self, editor: QWidget, option: QStyleOptionViewItem, index: ModelIndex
    ) -> None:
        del index  # every field's editor sits on its cell
        rect = option.rect
        if isinstance(editor, QPlainTextEdit):
            editor.setGeometry(rect.x(), rect.y(), max(rect.width(), 220), max(rect.height(), 90))
        else:
            editor.setGeometry(rect)

    def setEditorData(self, editor: QWidget, index: ModelIndex) -> None:
        text = str(index.data(Qt.ItemDataRole.EditRole) or "")
        if isinstance(editor, QPlainTextEdit):
            editor.setPlainText(names_to_lines(text))
        elif isinstance(editor, QSpinBox):
            editor.setValue(int(text) if text.isdigit() else 0)
        elif isinstance(editor, QLineEdit):
            editor.setText(text)

    def setModelData(self, editor: QWidget, model: QAbstractItemModel, index: ModelIndex) -> None:
        value: Any
        if isinstance(editor, QPlainTextEdit):
            value = lines_to_names(editor.toPlainText())
        elif isinstance(editor, QSpinBox):
            value = str(editor.value()) if editor.value() else ""
        elif isinstance(editor, QLineEdit):
            if not editor.hasAcceptableInput():
                return  # an invalid DOI is not written
            value = editor.text()
            if index.data(CSL_ROLE) == "DOI":
                value = strip_doi_prefix(value)
        else:
            return
        model.setData(index, value, Qt.ItemDataRole.EditRole)

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:
        if (
            isinstance(obj, QPlainTextEdit)
            and event.type() == QEvent.Type.KeyPress
            and isinstance(event, QKeyEvent)
            and event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter)
            and not (event.modifiers() & Qt.KeyboardModifier.ShiftModifier)
        ):
            self.commitData.emit(obj)
            self.closeEditor.emit(obj, QStyledItemDelegate.EndEditHint.NoHint)
            return True
        return super().eventFilter(obj, event)
