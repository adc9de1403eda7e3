"""Search: the box (search as you type), the scope it applies to, and what it found.

The scope (All references, a document, a tag, a saved search) is chosen in the sidebar and
always named under the box, so a search limited to one document says so; with nothing
found there, the same search over the whole library is offered.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtWidgets import QLabel, QLineEdit, QMessageBox, QPushButton, QWidget

from refmanager.gui.controllers.host import Host
from refmanager.gui.dialogs import ask_text
from refmanager.gui.look import plain_label
from refmanager.gui.table_model import ASYNC_ROWS, ReferenceTableModel
from refmanager.model import InputError
from refmanager.service import search
from refmanager.service.views import Changes

SEARCH_DELAY_MS = 300


def quote_value(value: str) -> str:
    return f'"{value}"' if any(c.isspace() or c in '():"' for c in value) else value


class SearchController(QObject):
    """The search box over the references table.

    Signals:
        shown(): a query's rows are in the table (counts, selection may follow).
        wholeLibraryRequested(): the user asked to search everything instead of the scope.
    """

    shown = Signal()
    wholeLibraryRequested = Signal()

    def __init__(self, host: Host, model: ReferenceTableModel, parent: QWidget) -> None:
        super().__init__(parent)
        self.host = host
        self.model = model
        self.scope: tuple[str, Any] = ("all", None)
        self.scope_title = ""
        self.total = 0  # references in the library (big ones are counted in the background)
        self._serial = 0

        self.box = QLineEdit(parent)
        self.box.setObjectName("search")
        self.box.setPlaceholderText(
            'Search (Ctrl+F): words, author:dao, year:2020..2023, tag:to-read, "a phrase"'
        )
        self.box.setClearButtonEnabled(True)
        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.setInterval(SEARCH_DELAY_MS)
        self.timer.timeout.connect(self.apply)
        self.box.textChanged.connect(lambda _t: self.timer.start())
        self.box.returnPressed.connect(self.apply)
        self.message = plain_label(QLabel(parent))
        self.message.setObjectName("searchMessage")
        self.message.setWordWrap(True)
        self.message.hide()
        self.scope_label = plain_label(QLabel(parent))
        self.scope_label.setObjectName("searchScope")
        self.scope_label.hide()
        self.everywhere = QPushButton("Search all references", parent)
        self.everywhere.setObjectName("searchEverywhere")
        self.everywhere.setFlat(True)
        self.everywhere.clicked.connect(lambda _c=False: self.wholeLibraryRequested.emit())
        self.everywhere.hide()
        self.extraction_note = plain_label(QLabel(parent))  # why a document has no references
        self.extraction_note.setObjectName("extractionNote")
        self.extraction_note.setWordWrap(True)
        self.extraction_note.hide()

    # -- the query ----------------------------------------------------------------------------
    def set_scope(self, kind: str, key: object, title: str = "") -> None:
        self.scope = (kind, key)
        self.scope_title = title
        if kind == "all":
            self.scope_label.hide()
        else:
            what = {
                "document": "the document",
                "collection": "the collection",
                "tag": "the tag",
                "search": "the saved search",
            }
            self.scope_label.setText(f"Searching in {what.get(kind, kind)} “{title or key}”")
            self.scope_label.show()

    def scope_query(self) -> str:
        kind, key = self.scope
        if kind == "document" and key is not None:
            return f"in:{int(key)}"
        if kind == "tag" and key is not None:
            return f"tag:{quote_value(str(key))}"
        if kind == "collection" and isinstance(key, int):
            return f"collection:{key}"
        if kind == "search" and key is not None:
            return f"({key})"
        return ""

    def text(self) -> str:
        return self.box.text().strip()

    def full_query(self) -> str:
        scope = self.scope_query()
        text = self.text()
        if scope and text:
            return f"{scope} ({text})"
        return scope or text

    def focus(self) -> None:
        self.box.setFocus()
        self.box.selectAll()

    # -- running it ---------------------------------------------------------------------------
    def apply(self) -> None:
        self.timer.stop()
        query = self.full_query()
        self._serial += 1
        if self.total > ASYNC_ROWS:
            # a broad query over a big library can take seconds to count: count it in the
            # background and keep the window live; only the newest query is shown
            serial = self._serial
            self._say("Searching…")
            self.host.reader.start(
                "count",
                lambda _ctx: self.host.session.count_in_reader(query),
                on_success=lambda n: self._show(serial, query, n),
                on_failure=lambda exc: self._failed(serial, exc),
            )
            return
        self._show(self._serial, query, None)

    def _failed(self, serial: int, error: BaseException) -> None:
        if serial != self._serial:
            return
        if isinstance(error, InputError):
            self._say(error.cause)
        else:
            self.host.job_failed(error)

    def _say(self, text: str) -> None:
        self.message.setText(text)
        self.message.setVisible(bool(text))

    def _show(self, serial: int, query: str, count: int | None) -> None:
        if serial != self._serial:
            return  # a newer query was typed meanwhile
        try:
            self.model.set_query(query, count)
        except InputError as exc:
            self._say(exc.cause)
            return
        scoped = self.scope[0] != "all"
        text = self.text()
        if self.model.rowCount() == 0 and text:
            if scoped and self.host.session.count(text):
                self._say(f"Nothing found in “{self.scope_title or self.scope[1]}”.")
                self.everywhere.show()
            else:
                hints = [
                    h
                    for h in search.suggest(self.host.session.lib, text)
                    if h.casefold() != text.casefold()
                ]
                self._say(
                    "Nothing found." + (f" Did you mean: {', '.join(hints)}?" if hints else "")
                )
                self.everywhere.setVisible(scoped)
        else:
            self._say("")
            self.everywhere.hide()
        self.note_extraction()
        self.shown.emit()

    def note_extraction(self) -> None:
        """A document without references says why, in the extractor's words (and says
        nothing once it has some: called again after every change)."""
        kind, key = self.scope
        note = ""
        if kind == "document" and self.model.rowCount() == 0 and not self.text():
            entry = next((d for d in self.host.session.documents() if d.id == key), None)
            if entry is not None and entry.count == 0:
                reason = entry.message or (
                    "it could not be read" if entry.status == "failed" else "no reason was given"
                )
                note = f"No references were read from “{entry.title}”: {reason}."
        self.extraction_note.setText(note)
        self.extraction_note.setVisible(bool(note))

    # -- help and saved searches --------------------------------------------------------------
    def show_help(self) -> None:
        QMessageBox.information(self.host.widget(), "Search syntax", search.query_help())

    def save_dialog(self, name: str | None = None) -> bool:
        query = self.full_query()
        if not query:
            self.host.notify("Type a search first", 4000)
            return False
        name = name or ask_text(
            self.host.widget(), "Save search", "Name of the saved search:", self.box.text()
        )
        if not name:
            return False
        self.host.session.lib.saved_searches.save_search(name, query)
        self.host.apply_changes(Changes(sidebar=True))
        return True
