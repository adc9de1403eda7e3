"""The entry editor below the table: every field of the selected reference, and its raw text
with each token coloured by the field the parser gave it.

Selecting a span of the raw text and choosing a field (the "Assign to" menu, the context
menu, or Ctrl+1..Ctrl+9 for the first nine fields) reassigns it; "Re-parse" runs the parser
again. The widget only emits requests; the window turns them into undoable commands.
"""

from __future__ import annotations

import hashlib

from PySide6.QtCore import QEvent, QPoint, Qt, Signal
from PySide6.QtGui import QAction, QColor, QFocusEvent, QKeySequence, QTextCursor
from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QScrollArea,
    QSplitter,
    QTextEdit,
    QVBoxLayout,
    QWidget,
)

from refmanager.gui.delegates import DoiValidator
from refmanager.gui.look import plain_label
from refmanager.gui.steady_combo import SteadyComboBox
from refmanager.gui.table_model import LOW_CONFIDENCE
from refmanager.model import CSL_FIELDS, Reference
from refmanager.model.fields import get_field
from refmanager.model.identifiers import strip_doi_prefix

CSL_TYPES = (
    "article-journal",
    "paper-conference",
    "article",
    "book",
    "chapter",
    "thesis",
    "report",
    "webpage",
    "software",
    "standard",
    "patent",
    "dataset",
    "manuscript",
)
# Fields shown in the form, in order: (CSL name, label).
FORM_FIELDS: tuple[tuple[str, str], ...] = (
    ("author", "Authors"),
    ("issued", "Date"),
    ("title", "Title"),
    ("container-title", "Container"),
    ("volume", "Volume"),
    ("issue", "Issue"),
    ("page", "Pages"),
    ("DOI", "DOI"),
    ("editor", "Editors"),
    *(
        (f, f.replace("-", " ").capitalize())
        for f in CSL_FIELDS
        if f not in ("title", "container-title", "volume", "issue", "page", "DOI")
    ),
)
# Span labels offered for reassignment (Ctrl+1.. for the first nine); "O" is the parser's
# label for text that belongs to no field (punctuation, the printed label, "In:").
SPAN_LABELS: tuple[str, ...] = (
    "author",
    "title",
    "container-title",
    "issued",
    "volume",
    "issue",
    "page",
    "DOI",
    "publisher",
    "publisher-place",
    "editor",
    "URL",
    "number",
    "note",
    "O",
)
LABEL_COLOURS: dict[str, str] = {
    "author": "#e6194b",
    "editor": "#f58231",
    "title": "#4363d8",
    "container-title": "#3cb44b",
    "collection-title": "#469990",
    "issued": "#911eb4",
    "year": "#911eb4",
    "date": "#911eb4",
    "volume": "#9a6324",
    "issue": "#808000",
    "page": "#f032e6",
    "DOI": "#008080",
    "URL": "#000075",
    "publisher": "#aa6e28",
    "publisher-place": "#bfa000",
    "number": "#800000",
    "genre": "#800000",
    "note": "#a9a9a9",
    "O": "#8c8c8c",
    "edition": "#42d4f4",
    "ISBN": "#008080",
    "ISSN": "#008080",
    "medium": "#a9a9a9",
    "accessed": "#911eb4",
    "label": "#808080",
    "citation-number": "#808080",
}


def label_colour(label: str) -> QColor:
    """A stable colour per token label (known labels fixed, others hashed)."""
    name = LABEL_COLOURS.get(label)
    if name is None:
        digest = hashlib.sha1(label.encode()).digest()
        return QColor.fromHsv(digest[0] * 360 // 256, 140, 200)
    return QColor(name)


def luminance(colour: QColor) -> float:
    """WCAG relative luminance of a colour."""

    def channel(c: float) -> float:
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    return (
        0.2126 * channel(colour.redF())
        + 0.7152 * channel(colour.greenF())
        + 0.0722 * channel(colour.blueF())
    )


def contrast(a: QColor, b: QColor) -> float:
    """WCAG contrast ratio of two colours (1 to 21)."""
    la, lb = luminance(a), luminance(b)
    return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)


READABLE = 4.5  # WCAG AA for body text
FIELD_MIN_WIDTH = 120  # pixels: a field box always shows a few words
SCROLLBAR_ROOM = 24


def readable_on(colour: QColor, background: QColor) -> QColor:
    """``colour`` made lighter (on a dark background) or darker (on a light one) until its
    text reads on ``background`` (contrast at least 4.5:1); its hue is kept."""
    dark = luminance(background) < 0.2
    out = QColor(colour)
    for _ in range(40):
        if contrast(out, background) >= READABLE:
            return out
        light = out.lightnessF()
        light = min(1.0, light + 0.05) if dark else max(0.0, light - 0.05)
        out = QColor.fromHslF(max(out.hslHueF(), 0.0), out.hslSaturationF(), light, out.alphaF())
    return QColor("white") if dark else QColor("black")


class RawTextView(QTextEdit):
    """The raw text, read-only, with coloured tokens and a context menu to reassign a span.

    Signals:
        assign(str): the user chose a field for the selected span.
    """

    assign = Signal(str)
    split = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setReadOnly(True)
        self.setTextInteractionFlags(
            Qt.TextInteractionFlag.TextSelectableByMouse
            | Qt.TextInteractionFlag.TextSelectableByKeyboard
        )
        self.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.customContextMenuRequested.connect(self._menu)

    def _menu(self, pos: QPoint) -> None:
        menu = self.createStandardContextMenu()
        menu.addSeparator()
        cursor = self.cursorForPosition(pos)

        def split_here() -> None:
            self.setTextCursor(cursor)
            self.split.emit()

        menu.addAction("Split the entry here", split_here)
        if self.textCursor().hasSelection():
            menu.addSeparator()
            sub = menu.addMenu("Assign selection to")
            for label in SPAN_LABELS:
                action = sub.addAction(label)
                action.triggered.connect(lambda _c=False, lab=label: self.assign.emit(lab))
        menu.exec(self.mapToGlobal(pos))


class NotesEdit(QPlainTextEdit):
    """The notes box; ``left`` when it loses the focus (the note is saved then).

    Signals:
        left(): the focus went elsewhere.
    """

    left = Signal()

    def focusOutEvent(self, event: QFocusEvent) -> None:
        super().focusOutEvent(event)
        self.left.emit()


class EntryEditor(QWidget):
    """Fields and coloured raw text of one reference.

    Signals:
        fieldEdited(int, str, str): reference id, CSL field, new value.
        spanAssigned(int, str, int, int): reference id, field, start, end in the raw text.
        reparseRequested(): re-run the parser on the selected reference(s).
    """

    fieldEdited = Signal(int, str, str)
    spanAssigned = Signal(int, str, int, int)
    reparseRequested = Signal()
    noteEdited = Signal(int, str)
    splitRequested = Signal(int, int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ref_id: int | None = None
        self.reference: Reference | None = None
        self.edits: dict[str, QLineEdit | QComboBox] = {}
        self._values: dict[str, str] = {}
        self._note = ""

        self.heading = plain_label(QLabel("No reference selected", self))
        self.heading.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.heading.setWordWrap(True)

        form_host = QWidget(self)
        form = QFormLayout(form_host)
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.ExpandingFieldsGrow)
        type_box = SteadyComboBox(form_host)
        type_box.setEditable(True)
        type_box.addItems(CSL_TYPES)
        type_box.setAccessibleName("Type")
        type_box.activated.connect(lambda _i: self._commit("type"))
        type_edit = type_box.lineEdit()
        if type_edit is not None:
            type_edit.editingFinished.connect(lambda: self._commit("type"))
        self.edits["type"] = type_box
        form.addRow("&Type", type_box)
        for name, label in FORM_FIELDS:
            edit = QLineEdit(form_host)
            edit.setAccessibleName(label)
            edit.setObjectName(f"field-{name}")
            if name in ("author", "editor"):
                edit.setPlaceholderText("Family, Given; Family, Given")
            elif name == "DOI":
                edit.setValidator(DoiValidator(edit))
            edit.editingFinished.connect(lambda n=name: self._commit(n))
            self.edits[name] = edit
            form.addRow(label, edit)
        for box in self.edits.values():
            box.setMinimumWidth(FIELD_MIN_WIDTH)  # a narrow window never squeezes them away
        scroll = QScrollArea(self)
        scroll.setWidgetResizable(True)
        scroll.setWidget(form_host)
        scroll.setMinimumWidth(form_host.minimumSizeHint().width() + SCROLLBAR_ROOM)

        self.raw = RawTextView(self)
        self.raw.setAccessibleName("Raw text")
        self.raw.assign.connect(self._assign_selection)
        self.raw.split.connect(self.request_split)
        self.legend = QLabel(self)
        self.legend.setWordWrap(True)
        self.legend.setTextFormat(Qt.TextFormat.RichText)
        self.assign_box = SteadyComboBox(self)
        self.assign_box.addItems(SPAN_LABELS)
        self.assign_box.setAccessibleName("Field for the selected text")
        self.assign_button = QPushButton("&Assign selection", self)
        self.assign_button.setToolTip("Give the selected raw text to the chosen field (Ctrl+1..9)")
        self.assign_button.clicked.connect(
            lambda: self._assign_selection(self.assign_box.currentText())
        )
        self.reparse_button = QPushButton("&Re-parse", self)
        self.reparse_button.setToolTip("Run the parser again on the selected reference(s)")
        self.reparse_button.clicked.connect(self.reparseRequested)
        for i, label in enumerate(SPAN_LABELS[:9], start=1):
            action = QAction(f"Assign to {label}", self)
            action.setShortcut(QKeySequence(f"Ctrl+{i}"))
            action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            action.triggered.connect(lambda _c=False, lab=label: self._assign_selection(lab))
            self.raw.addAction(action)

        # the field list above its buttons: the raw text stays usable in a narrow window
        buttons = QVBoxLayout()
        buttons.addWidget(self.assign_box)
        button_row = QHBoxLayout()
        button_row.addWidget(self.assign_button, 1)
        button_row.addWidget(self.reparse_button, 1)
        buttons.addLayout(button_row)
        raw_host = QWidget(self)
        raw_layout = QVBoxLayout(raw_host)
        raw_layout.setContentsMargins(0, 0, 0, 0)
        raw_layout.addWidget(QLabel("Raw text (select a span to reassign it):", raw_host))
        raw_layout.addWidget(self.raw, 1)
        raw_layout.addWidget(self.legend)
        raw_layout.addLayout(buttons)
        self.notes = NotesEdit(raw_host)
        self.notes.setObjectName("notes")
        self.notes.setAccessibleName("Notes")
        self.notes.setPlaceholderText("Your notes on this reference (searchable: notes:word)")
        self.notes.setMaximumHeight(70)
        self.notes.setTabChangesFocus(True)  # Tab leaves the notes (no trap for the keyboard)
        self.notes.left.connect(self._commit_note)
        notes_label = QLabel("&Notes:", raw_host)
        notes_label.setBuddy(self.notes)
        raw_layout.addWidget(notes_label)
        raw_layout.addWidget(self.notes)

        self.splitter = QSplitter(Qt.Orientation.Horizontal, self)
        self.splitter.setObjectName("editorSplitter")
        self.splitter.addWidget(scroll)
        self.splitter.addWidget(raw_host)
        self.splitter.setStretchFactor(0, 3)
        self.splitter.setStretchFactor(1, 2)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.heading)
        layout.addWidget(self.splitter, 1)
        self.set_reference(None, None)

    def focus_chain(self) -> list[QWidget]:
        """The editor's widgets in the order Tab visits them: the form top to bottom, the
        raw text, the field to assign and its buttons, the notes."""
        return [
            *self.edits.values(),
            self.raw,
            self.assign_box,
            self.assign_button,
            self.reparse_button,
            self.notes,
        ]

    # -- showing ------------------------------------------------------------------------------
    def set_reference(
        self,
        ref_id: int | None,
        ref: Reference | None,
        heading: str = "",
        notes: str = "",
        edited: frozenset[str] = frozenset(),
    ) -> None:
        """Show ``ref`` and the user's ``notes`` on it (None: clear and disable); the
        fields in ``edited`` are the user's, never tinted as the parser's doubts."""
        if self.ref_id is not None and self.ref_id != ref_id:
            self._commit_note()  # a note being typed is kept when another row is chosen
        self.ref_id = ref_id
        self.reference = ref
        enabled = ref is not None
        for edit in self.edits.values():
            edit.setEnabled(enabled)
        self.assign_button.setEnabled(enabled)
        self.reparse_button.setEnabled(enabled)
        self._values = {}
        if ref is None:
            self.heading.setText("No reference selected")
            for edit in self.edits.values():
                self._set_text(edit, "")
            self.raw.clear()
            self.legend.clear()
            self.notes.setPlainText("")
            self.notes.setEnabled(False)
            return
        self.heading.setText(heading or f"Reference {ref.label or ref.id}")
        for name, edit in self.edits.items():
            text = get_field(ref, name)
            self._values[name] = text
            self._set_text(edit, text)
            if isinstance(edit, QLineEdit):
                conf = ref.confidence.get(name)
                edit.setToolTip(f"parser confidence {conf:.2f}" if conf is not None else "")
                low = conf is not None and conf < LOW_CONFIDENCE and bool(text)
                low = low and name not in edited  # the user's value: no doubt to show
                edit.setStyleSheet("background-color: rgba(240,160,40,70);" if low else "")
        self._show_raw(ref)
        self.notes.setEnabled(True)
        self._note = notes
        self.notes.setPlainText(notes)

    def refresh_colours(self) -> None:
        """Colour the raw text again for the current palette (after a theme change)."""
        if self.reference is not None:
            self._show_raw(self.reference)

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange:
            self.refresh_colours()

    @staticmethod
    def _set_text(edit: QLineEdit | QComboBox, text: str) -> None:
        edit.blockSignals(True)
        if isinstance(edit, QComboBox):
            edit.setEditText(text)
        else:
            edit.setText(text)
            edit.setCursorPosition(0)
        edit.blockSignals(False)

    def _show_raw(self, ref: Reference) -> None:
        """The raw text with each token's field as a coloured extra selection (drawn over the
        text, so the document is not re-laid out once per token)."""
        self.raw.setPlainText(ref.raw)
        # the application's palette: a widget's own follows a theme change only later
        # (Dark -> Light kept the dark colours until the theme was chosen twice)
        base = QApplication.palette().base().color()
        selections: list[QTextEdit.ExtraSelection] = []
        used: list[str] = []
        for token in ref.tokens:
            if token.end <= token.start or token.end > len(ref.raw):
                continue
            colour = label_colour(token.label)
            background = QColor(colour)
            background.setAlpha(55)
            selection = QTextEdit.ExtraSelection()
            selection.format.setBackground(background)
            selection.format.setForeground(readable_on(colour, base))
            selection.format.setToolTip(token.label)
            cursor = QTextCursor(self.raw.document())
            cursor.setPosition(token.start)
            cursor.setPosition(token.end, QTextCursor.MoveMode.KeepAnchor)
            selection.cursor = cursor
            selections.append(selection)
            if token.label not in used:
                used.append(token.label)
        self.raw.setExtraSelections(selections)
        self.legend.setText(
            " ".join(
                f'<span style="color:{readable_on(label_colour(lab), base).name()}">'
                f"&#9632; {lab}</span>"
                for lab in used
            )
        )

    # -- requests -----------------------------------------------------------------------------
    def _commit(self, name: str) -> None:
        if self.ref_id is None:
            return
        edit = self.edits[name]
        text = edit.currentText() if isinstance(edit, QComboBox) else edit.text()
        text = text.strip()
        if name == "DOI":
            text = strip_doi_prefix(text)
        if text == self._values.get(name, ""):
            return
        self._values[name] = text
        self.fieldEdited.emit(self.ref_id, name, text)

    def request_split(self) -> None:
        """Ask to cut the entry in two at the raw text's cursor."""
        offset = self.raw.textCursor().position()
        if self.ref_id is None or self.reference is None:
            return
        if 0 < offset < len(self.reference.raw):
            self.splitRequested.emit(self.ref_id, offset)

    def _commit_note(self) -> None:
        text = self.notes.toPlainText().strip()
        if self.ref_id is None or text == self._note.strip():
            return
        self._note = text
        self.noteEdited.emit(self.ref_id, text)

    def selected_span(self) -> tuple[int, int] | None:
        cursor = self.raw.textCursor()
        if not cursor.hasSelection():
            return None
        return cursor.selectionStart(), cursor.selectionEnd()

    def select_span(self, start: int, end: int) -> None:
        cursor = self.raw.textCursor()
        cursor.setPosition(start)
        cursor.setPosition(end, QTextCursor.MoveMode.KeepAnchor)
        self.raw.setTextCursor(cursor)

    def _assign_selection(self, label: str) -> None:
        span = self.selected_span()
        if self.ref_id is None or span is None:
            return
        self.spanAssigned.emit(self.ref_id, label, span[0], span[1])
