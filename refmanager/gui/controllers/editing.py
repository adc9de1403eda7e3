"""Changing references by hand: fields, spans of the raw text, tags, delete, re-parse,
removing a document, and the tags' own names and colours. Each is one undoable command
(through the command factory); a delete or a tag also offers Undo in the status bar.
Learning from the corrections (retraining the parser) starts here too.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QColorDialog, QWidget

from refmanager.gui.controllers.host import Host
from refmanager.gui.controllers.search import SearchController
from refmanager.gui.dialogs import ask_text, confirm_remove_document
from refmanager.gui.sidebar import Sidebar
from refmanager.model import InputError, Mark
from refmanager.service import documents, editing, fixing, tags
from refmanager.service.training import learnt
from refmanager.service.views import Changes

Confirm = Callable[[str, int], bool]  # a document's title and reference count: remove it?


class EditController(QObject):
    """The Edit menu's changes and the sidebar's tag and document actions.

    Signals:
        marked(dict): the marks of the list's start and end so far, ``{kind: (page, y)}``.
    """

    marked = Signal(dict)

    def __init__(
        self, host: Host, search: SearchController, sidebar: Sidebar, parent: QWidget
    ) -> None:
        super().__init__(parent)
        self.host = host
        self.search = search
        self.sidebar = sidebar
        self._marks_of: int | None = None  # the document the marks below are on
        self._marks: dict[str, Mark] = {}

    # -- one reference ------------------------------------------------------------------------
    def request_edit(self, ref_id: int, field: str, value: str) -> bool:
        """An undoable edit of one field (from the table or the entry editor)."""
        try:
            change = editing.edit_field(ref_id, field, value)
        except InputError as exc:
            self.host.show_error(str(exc))
            return False
        return self.host.commands.run(change)

    def request_span(self, ref_id: int, field: str, start: int, end: int) -> bool:
        return self.host.commands.run(editing.assign_span(ref_id, field, start, end))

    def request_note(self, ref_id: int, text: str) -> bool:
        return self.host.commands.run(editing.set_note(ref_id, text))

    # -- the selection ------------------------------------------------------------------------
    def delete_selected(self) -> bool:
        ids = self.host.selected_ids()
        if not ids:
            return False
        message = f"Deleted {len(ids)} reference{'s' if len(ids) > 1 else ''}"
        return self.host.commands.run(
            editing.delete(ids), on_done=lambda: self.host.offer_undo(message)
        )

    def tag_selected(self, tag: str, add: bool = True) -> bool:
        ids = self.host.selected_ids()
        if not ids or not tag:
            return False
        verb = "Tagged" if add else "Untagged"
        message = f"{verb} {len(ids)} reference{'s' if len(ids) > 1 else ''}: {tag}"
        return self.host.commands.run(
            tags.tag(ids, tag, add), on_done=lambda: self.host.offer_undo(message)
        )

    # -- fixing a failed extraction (service.fixing): each undoable -------------------------
    def mark_not_references(self) -> bool:
        """The selected rows are not references (an affiliation, a heading read as one)."""
        ids = self.host.selected_ids()
        if not ids:
            return False
        message = f"{len(ids)} row{'s' if len(ids) > 1 else ''} marked not a reference"
        return self.host.commands.run(
            fixing.not_reference(ids, self.host.session.worker),
            on_done=lambda: self.host.offer_undo(message),
        )

    def merge_rows(self) -> bool:
        """The two selected rows (or the current one and the next) are one entry."""
        ids = self.host.selected_ids()
        try:
            change = fixing.merge_rows(ids, self.host.session.worker)
        except InputError as exc:
            self.host.show_error(str(exc))
            return False
        return self.host.commands.run(change)

    def split_row(self, ref_id: int, offset: int) -> bool:
        """The row holds two entries: cut it at ``offset`` in its raw text."""
        return self.host.commands.run(fixing.split_row(ref_id, offset, self.host.session.worker))

    def mark_list(self, kind: str, document_id: int | None, page: int, x: float, y: float) -> bool:
        """The user marked where the document's list starts or ends; with both marks the
        list is read again between them."""
        if document_id is None:
            return False
        if self._marks_of != document_id:
            self._marks_of, self._marks = document_id, {}
        self._marks[kind] = Mark(page, y, x)
        self.marked.emit({k: (m.page, m.y) for k, m in self._marks.items()})
        start, end = self._marks.get("start"), self._marks.get("end")
        if start is None or end is None:
            other = "ends" if end is None else "starts"
            self.host.notify(
                f"List {kind} marked on page {page}: now right-click where it {other}", 10_000
            )
            return False
        self._marks = {}
        self.marked.emit({})
        return self.host.commands.run(
            fixing.extract_between(document_id, start, end, self.host.session.worker)
        )

    def tag_selected_dialog(self) -> None:
        count = len(self.host.selected_ids())
        tag = ask_text(self.host.widget(), "Tag", f"Tag the {count} selected references with:")
        if tag:
            self.tag_selected(tag, True)

    def untag_selected_dialog(self) -> None:
        tag = ask_text(self.host.widget(), "Untag", "Remove the tag:")
        if tag:
            self.tag_selected(tag, False)

    def reparse_selected(self) -> bool:
        current = self.host.current_id()
        ids = self.host.selected_ids() or ([current] if current is not None else [])
        if not ids:
            return False
        return self.host.commands.run(editing.reparse(ids, self.host.session.worker))

    def remove_document(self, confirm: Confirm | None = None) -> bool:
        """Remove the document chosen in the sidebar and its references, once the user
        agreed (the "..." of its menu item: a dialog naming it; Undo brings it back)."""
        kind, key = self.search.scope
        if kind != "document" or not isinstance(key, int):
            self.host.notify("Choose a document in the sidebar first", 4000)
            return False
        entry = next((d for d in self.host.session.documents() if d.id == key), None)
        title = entry.title if entry is not None else self.search.scope_title
        count = entry.count if entry is not None else 0
        agreed = (confirm or self._confirm_remove)(title, count)
        if not agreed:
            return False
        self.sidebar.select("all")
        return self.host.commands.run(documents.remove_document(key))

    def _confirm_remove(self, title: str, count: int) -> bool:
        return confirm_remove_document(self.host.widget(), title, count)

    # -- tags and saved searches --------------------------------------------------------------
    def choose_tag_colour(self, tag: str, colour: str | None = None) -> bool:
        if colour is None:
            chosen = QColorDialog.getColor(parent=self.host.widget(), title=f"Colour of {tag}")
            if not chosen.isValid():
                return False
            colour = chosen.name()
        return self.host.commands.run(tags.set_colour(tag, colour))

    def rename_tag_dialog(self, tag: str, new: str | None = None) -> bool:
        new = new or ask_text(self.host.widget(), "Rename tag", f"New name for {tag}:", tag)
        if not new or new == tag:
            return False
        if self.search.scope == ("tag", tag):
            self.search.set_scope("tag", new, new)
        return self.host.commands.run(tags.rename_tag(tag, new))

    def delete_tag(self, tag: str) -> bool:
        if self.search.scope == ("tag", tag):
            self.sidebar.select("all")
        return self.host.commands.run(tags.delete(tag))

    def delete_saved_search(self, name: str) -> None:
        self.host.session.lib.saved_searches.delete_saved_search(name)
        self.host.apply_changes(Changes(sidebar=True))

    # -- learning -------------------------------------------------------------------------------
    def retrain(self) -> None:
        """Retrain the parser and the list finder with the corrections kept in this library
        (background)."""
        host = self.host
        host.jobs.start(
            "Training the parser",
            host.session.retrain,
            on_success=lambda result: host.notify(learnt(result), 10_000),
            on_failure=host.job_failed,
            on_progress=host.job_progress,
        )
