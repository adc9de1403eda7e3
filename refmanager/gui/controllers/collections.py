"""Collections in the window: making, renaming and deleting them (the sidebar's menus),
and putting the selected references in one (the row menu, or rows dragged onto it in the
sidebar) or taking them out (the row menu). Each is an
undoable command over the service's use cases (``service.collections``), the same the
command line runs."""

from __future__ import annotations

from PySide6.QtWidgets import QMenu, QWidget

from refmanager.gui.controllers.host import Host
from refmanager.gui.controllers.search import SearchController
from refmanager.gui.dialogs import ask_text
from refmanager.service import collections as use
from refmanager.service.views import plural


class CollectionController:
    """The window's collection actions (its ``Host`` runs the changes)."""

    def __init__(self, host: Host, search: SearchController, parent: QWidget) -> None:
        self.host = host
        self.search = search
        self.parent = parent

    def new_dialog(self, parent_id: int | None = None, name: str | None = None) -> bool:
        """Ask for a name and make a collection (inside ``parent_id``, or at the top)."""
        where = "inside the chosen collection" if parent_id is not None else "at the top"
        name = name or ask_text(self.host.widget(), "New collection", f"Name ({where}):")
        if not name:
            return False
        return self.host.commands.run(use.create_collection(name, parent_id))

    def rename_dialog(self, collection_id: int, name: str | None = None) -> bool:
        entry = next((c for c in self.host.session.collections() if c.id == collection_id), None)
        if entry is None:
            return False
        name = name or ask_text(self.host.widget(), "Rename collection", "New name:", entry.name)
        if not name or name == entry.name:
            return False
        return self.host.commands.run(use.rename_collection(collection_id, name))

    def delete(self, collection_id: int) -> bool:
        """Delete a collection and its sub-collections (their references stay; undoable)."""
        message = "Collection deleted (its references stay in the library)"
        return self.host.commands.run(
            use.delete_collection(collection_id), on_done=lambda: self.host.offer_undo(message)
        )

    def fill_menu(self, menu: QMenu) -> None:
        """The row menu's "Add to collection": every collection by its path."""
        menu.clear()
        tree = self.host.session.collections()
        if not tree:
            menu.addAction("No collections yet: New collection...", self.new_dialog)
            return
        for entry in tree:
            action = menu.addAction(f"{'    ' * entry.depth}{entry.name}")
            action.setToolTip(entry.path)
            action.triggered.connect(lambda _c=False, i=entry.id: self.add_selected(i))

    def add_selected(self, collection_id: int) -> bool:
        return self.add(collection_id, self.host.selected_ids())

    def add(self, collection_id: int, ids: list[int]) -> bool:
        """Put references in a collection (the row menu's "Add to collection", or rows
        dropped on it in the sidebar); the status bar says so and offers Undo."""
        if not ids:
            return False
        entry = next((c for c in self.host.session.collections() if c.id == collection_id), None)
        where = f"\u201c{entry.path}\u201d" if entry is not None else "the collection"
        message = f"Added {plural(len(ids), 'reference')} to {where}"
        return self.host.commands.run(
            use.add_to_collection(collection_id, ids),
            on_done=lambda: self.host.offer_undo(message),
        )

    def remove_selected(self) -> bool:
        """Take the selected references out of the collection shown (not the library)."""
        kind, key = self.search.scope
        ids = self.host.selected_ids()
        if kind != "collection" or not isinstance(key, int):
            self.host.notify("Choose a collection in the sidebar first", 4000)
            return False
        if not ids:
            return False
        message = f"Removed {plural(len(ids), 'reference')} from the collection"
        return self.host.commands.run(
            use.remove_from_collection(key, ids), on_done=lambda: self.host.offer_undo(message)
        )
