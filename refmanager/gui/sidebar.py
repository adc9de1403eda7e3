"""The library sidebar: All references, Documents, Collections (a tree), Tags, Saved
searches, Duplicates. Rows dragged from the table onto a collection are added to it (the
collection is framed while the drag is over it, and ``drop_hint`` says what a drop does)."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import (
    QColor,
    QDragEnterEvent,
    QDragLeaveEvent,
    QDragMoveEvent,
    QDropEvent,
    QIcon,
    QPainter,
    QPaintEvent,
    QPen,
    QPixmap,
)
from PySide6.QtWidgets import QTreeWidget, QTreeWidgetItem, QWidget

from refmanager.gui.drops import ids_from
from refmanager.gui.look import plain_tip
from refmanager.service.views import (
    CollectionEntry,
    DocumentEntry,
    SearchEntry,
    TagEntry,
    plural,
)

KIND_ROLE = Qt.ItemDataRole.UserRole + 10
KEY_ROLE = Qt.ItemDataRole.UserRole + 11
NAME_ROLE = Qt.ItemDataRole.UserRole + 12  # what the item names (a title, a tag)


def swatch(colour: str, size: int = 12) -> QIcon:
    pixmap = QPixmap(size, size)
    pixmap.fill(QColor(colour) if colour else QColor(150, 150, 150))
    return QIcon(pixmap)


class Sidebar(QTreeWidget):
    """The library's sections.

    Signals:
        chosen(str, object): kind ("all", "document", "collection", "tag", "search",
            "duplicates") and key (document id, collection id, tag name, query, or None).
        references_dropped(int, list): rows of the table (their reference ids) were
            dropped on a collection (its id).
        drop_hint(str): what a drop here would do now ("" once the drag has left).
    """

    chosen = Signal(str, object)
    references_dropped = Signal(int, list)
    drop_hint = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setHeaderHidden(True)
        self.setColumnCount(1)
        self.setAccessibleName("Library")
        self.setObjectName("sidebar")
        # names that start alike ("Lessons Learned from ...") differ at their ends: a
        # narrow sidebar cuts them in the middle, and keeps each one's count in view
        self.setTextElideMode(Qt.TextElideMode.ElideMiddle)
        self.all_item = self._section("All references", "all")
        self.documents_item = self._section("Documents", "documents")
        self.collections_item = self._section("Collections", "collections")
        self.tags_item = self._section("Tags", "tags")
        self.searches_item = self._section("Saved searches", "searches")
        self.duplicates_item = self._section("Duplicates", "duplicates")
        self.currentItemChanged.connect(self._changed)
        self._silent = False
        self.setAcceptDrops(True)  # the table's rows, onto a collection
        self._drop_item: QTreeWidgetItem | None = None  # the collection framed as the target

    def _section(self, text: str, kind: str) -> QTreeWidgetItem:
        item = QTreeWidgetItem(self, [text])
        item.setData(0, KIND_ROLE, kind)
        font = item.font(0)
        font.setBold(True)
        item.setFont(0, font)
        item.setExpanded(True)
        return item

    def populate(
        self,
        total: int,
        documents: list[DocumentEntry],
        tags: list[TagEntry],
        searches: list[SearchEntry],
        duplicates: int | None = None,
        *,
        collections: list[CollectionEntry] | None = None,
    ) -> None:
        """Fill the sections, keeping the current choice selected."""
        current = self.current_choice()
        self._silent = True
        self.all_item.setText(0, f"All references ({total})")
        for parent in (
            self.documents_item,
            self.collections_item,
            self.tags_item,
            self.searches_item,
        ):
            parent.takeChildren()
        self._fill_collections(collections or [])
        self.documents_item.setText(0, f"Documents ({len(documents)})")
        for doc in documents:
            year = f" ({doc.year})" if doc.year else ""
            authors = f"{doc.authors}{year}" if doc.authors else year.strip()
            status = "" if doc.status == "ok" else f" [{doc.status}]"
            # the title alone (its authors are in the tooltip): the sidebar is narrow
            item = QTreeWidgetItem(self.documents_item, [f"{doc.title}{status}  ·  {doc.count}"])
            item.setData(0, KIND_ROLE, "document")
            item.setData(0, KEY_ROLE, doc.id)
            item.setData(0, NAME_ROLE, doc.title)
            tip = f"{doc.title}\n{authors}\n{doc.count} references · {doc.status}"
            if doc.message:
                tip += f"\n{doc.message}"
            item.setToolTip(0, plain_tip(tip))
        self.tags_item.setText(0, f"Tags ({len(tags)})")
        for tag in tags:
            item = QTreeWidgetItem(self.tags_item, [f"{tag.name}  ·  {tag.count}"])
            item.setIcon(0, swatch(tag.colour))
            item.setData(0, KIND_ROLE, "tag")
            item.setData(0, KEY_ROLE, tag.name)
            item.setData(0, NAME_ROLE, tag.name)
        for search in searches:
            item = QTreeWidgetItem(self.searches_item, [search.name])
            item.setToolTip(0, plain_tip(search.query))
            item.setData(0, KIND_ROLE, "search")
            item.setData(0, KEY_ROLE, search.query)
            item.setData(0, NAME_ROLE, search.name)
        self.duplicates_item.setText(
            0, "Duplicates" if duplicates is None else f"Duplicates ({duplicates})"
        )
        self._select(current)
        self._silent = False

    def _fill_collections(self, collections: list[CollectionEntry]) -> None:
        self.collections_item.setText(0, f"Collections ({len(collections)})")
        items: dict[int, QTreeWidgetItem] = {}
        for entry in collections:  # parents come before their children
            parent = items.get(entry.parent_id or -1, self.collections_item)
            item = QTreeWidgetItem(parent, [f"{entry.name}  ·  {entry.count}"])
            item.setData(0, KIND_ROLE, "collection")
            item.setData(0, KEY_ROLE, entry.id)
            item.setData(0, NAME_ROLE, entry.path)
            item.setToolTip(0, plain_tip(f"{entry.path}\n{entry.count} references"))
            item.setExpanded(True)
            items[entry.id] = item

    def current_name(self) -> str:
        """What the current item names (a document's title, a tag, a search's name)."""
        item = self.currentItem()
        name = item.data(0, NAME_ROLE) if item is not None else None
        return name if isinstance(name, str) else ""

    def current_choice(self) -> tuple[str, object]:
        item = self.currentItem()
        if item is None:
            return ("all", None)
        return (str(item.data(0, KIND_ROLE)), item.data(0, KEY_ROLE))

    def _select(self, choice: tuple[str, object]) -> None:
        kind, key = choice
        for item in self._items():
            if item.data(0, KIND_ROLE) == kind and item.data(0, KEY_ROLE) == key:
                self.setCurrentItem(item)
                return
        self.setCurrentItem(self.all_item)

    def select(self, kind: str, key: object = None) -> None:
        """Choose a section (emits ``chosen``)."""
        for item in self._items():
            if item.data(0, KIND_ROLE) == kind and item.data(0, KEY_ROLE) == key:
                if self.currentItem() is item:
                    self._changed(item, None)
                else:
                    self.setCurrentItem(item)
                return

    def _items(self) -> list[QTreeWidgetItem]:
        out: list[QTreeWidgetItem] = []

        def walk(item: QTreeWidgetItem) -> None:
            out.append(item)
            for j in range(item.childCount()):
                child = item.child(j)
                if child is not None:
                    walk(child)

        for i in range(self.topLevelItemCount()):
            top = self.topLevelItem(i)
            if top is not None:
                walk(top)
        return out

    def _changed(self, item: QTreeWidgetItem | None, _previous: QTreeWidgetItem | None) -> None:
        if self._silent or item is None:
            return
        kind = str(item.data(0, KIND_ROLE))
        if kind in ("documents", "collections", "tags", "searches"):
            kind = "all"
        self.chosen.emit(kind, item.data(0, KEY_ROLE))

    # -- rows dragged onto a collection -------------------------------------------------------
    def collection_at(self, event: QDropEvent) -> QTreeWidgetItem | None:
        """The collection under a drag (None elsewhere)."""
        item = self.itemAt(event.position().toPoint())
        if item is None or item.data(0, KIND_ROLE) != "collection":
            return None
        return item

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        if ids_from(event.mimeData()):
            event.acceptProposedAction()
            self._show_target(event)
        else:
            event.ignore()  # files: the window imports them wherever they are dropped

    def dragMoveEvent(self, event: QDragMoveEvent) -> None:
        ids = ids_from(event.mimeData())
        if not ids:
            event.ignore()
            return
        super().dragMoveEvent(event)  # scrolls near the edges, opens nothing
        if self._show_target(event) is None:
            event.ignore()  # not a collection: no drop here
        else:
            event.acceptProposedAction()

    def dragLeaveEvent(self, event: QDragLeaveEvent) -> None:
        super().dragLeaveEvent(event)
        self._frame(None)
        self.drop_hint.emit("")

    def dropEvent(self, event: QDropEvent) -> None:
        item = self.collection_at(event)
        ids = ids_from(event.mimeData())
        self._frame(None)
        self.drop_hint.emit("")
        self.stopAutoScroll()
        self.setState(QTreeWidget.State.NoState)
        if item is None or not ids:
            event.ignore()
            return
        event.acceptProposedAction()
        self.references_dropped.emit(int(item.data(0, KEY_ROLE)), ids)

    def _show_target(self, event: QDropEvent) -> QTreeWidgetItem | None:
        item = self.collection_at(event)
        self._frame(item)
        count = plural(len(ids_from(event.mimeData())), "reference")
        if item is None:
            self.drop_hint.emit(f"Drop on a collection to add {count} to it")
        else:
            self.drop_hint.emit(f"Drop to add {count} to \u201c{item.data(0, NAME_ROLE)}\u201d")
        return item

    def _frame(self, item: QTreeWidgetItem | None) -> None:
        if item is not self._drop_item:
            self._drop_item = item
            self.viewport().update()

    def paintEvent(self, event: QPaintEvent) -> None:
        super().paintEvent(event)
        if self._drop_item is None:
            return
        painter = QPainter(self.viewport())
        painter.setPen(QPen(self.palette().highlight().color(), 2))
        painter.drawRect(self.visualItemRect(self._drop_item).adjusted(1, 1, -1, -1))
        painter.end()
