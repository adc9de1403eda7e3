"""The references table model: pages of rows read from SQLite on demand, sorted in SQL.

The model never holds all rows. ``rowCount`` is the library's ``count(query)``; ``data``
asks the row source for the page (``PAGE_SIZE`` rows) that holds the row it needs and keeps
at most ``MAX_PAGES`` pages in an LRU cache. Sorting changes the SQL ``ORDER BY`` and
resets the model. Edits do not write anything here: ``setData`` hands the change to the
``edit_handler`` (the window turns it into an undoable command), which calls
:meth:`ReferenceTableModel.refresh_ids` once the library has it.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, Protocol

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QPersistentModelIndex,
    Qt,
    Signal,
)
from PySide6.QtGui import QBrush, QColor, QFont, QIcon, QPainter, QPixmap

from refmanager.gui.look import plain_tip
from refmanager.model import InputError
from refmanager.service.views import SidebarContents, TableRow

PAGE_SIZE = 200
MAX_PAGES = 40
# Cells and rows under this confidence are tinted for a look. The confidences are
# calibrated on real strings held out by document: of the fields at 0.9 or more, 2.9% were
# wrong (benchmarks.real_calibration), against 4.5% of those at 0.8 or more.
LOW_CONFIDENCE = 0.9
# Tables bigger than this read their pages in the background (a deep OFFSET or an unindexed
# sort can take a second on a million rows); smaller ones read them at once.
ASYNC_ROWS = 20_000

ModelIndex = QModelIndex | QPersistentModelIndex


@dataclass(frozen=True, slots=True)
class Column:
    """A table column: header, TableRow attribute, CSL field edited, SQL sort key."""

    header: str
    attr: str
    csl: str  # the CSL variable an edit of this cell changes ("" = not editable)
    sort_key: str  # what the row source sorts on ("" = position order)
    width: int
    hidden: bool = False  # hidden until the user shows it (View > Columns)


COLUMNS: tuple[Column, ...] = (
    Column("#", "number", "", "position", 44),
    Column("Authors", "authors", "author", "author", 140),
    Column("Year", "year", "issued", "year", 50),
    Column("Title", "title", "title", "title", 220),
    Column("Source", "source", "", "document", 140),  # the document it was read from
    Column("Container", "container", "container-title", "venue", 160),
    Column("Volume", "volume", "volume", "volume", 60),
    Column("Issue", "issue", "issue", "issue", 50),
    Column("Pages", "pages", "page", "page", 80),
    Column("DOI", "doi", "DOI", "doi", 160),
    Column("Type", "type", "type", "type", 110, hidden=True),
    Column("URL", "url", "URL", "URL", 160, hidden=True),
    Column("Tags", "tags", "", "", 100),
    Column("Confidence", "confidence", "", "confidence", 80),
)
COLUMN_INDEX = {c.header: i for i, c in enumerate(COLUMNS)}

ID_ROLE = Qt.ItemDataRole.UserRole + 1
CSL_ROLE = Qt.ItemDataRole.UserRole + 2
EDITED_ROLE = Qt.ItemDataRole.UserRole + 3
LOW_ROLE = Qt.ItemDataRole.UserRole + 4


_EDITED_MARK: list[QIcon] = []


def edited_mark() -> QIcon:
    """The small green dot in cells the user edited (made once)."""
    if not _EDITED_MARK:
        pixmap = QPixmap(8, 8)
        pixmap.fill(Qt.GlobalColor.transparent)
        painter = QPainter(pixmap)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setBrush(QColor(40, 150, 60))
        painter.setPen(Qt.PenStyle.NoPen)
        painter.drawEllipse(1, 1, 6, 6)
        painter.end()
        _EDITED_MARK.append(QIcon(pixmap))
    return _EDITED_MARK[0]


class RowSource(Protocol):
    """Where the model reads its rows (the window's service-backed adapter, or a test fake)."""

    def count(self, query: str) -> int: ...

    def rows(
        self, query: str, order_by: str, descending: bool, offset: int, limit: int
    ) -> list[TableRow]: ...


EditHandler = Callable[[int, str, str], bool]


@dataclass(frozen=True, slots=True)
class PageRequest:
    """A page the model wants read in the background; ``generation`` tells stale answers."""

    generation: int
    page: int
    query: str
    order_by: str
    descending: bool

    @property
    def offset(self) -> int:
        return self.page * PAGE_SIZE


PageLoader = Callable[[PageRequest], None]
VIEW_PAGES = 4  # at most this many pages of rows in view are read ahead for a refresh


@dataclass(frozen=True, slots=True)
class ViewRequest:
    """What a refresh read in the background must bring: the counts, and the pages of the
    rows in view (always the first page too) for the model's query and order."""

    query: str
    order_by: str
    descending: bool
    pages: tuple[int, ...]


@dataclass(slots=True)
class ViewSnapshot:
    """A :class:`ViewRequest` answered: the library's totals, the query's row count, the
    pages read (page -> rows) and what the sidebar lists (its tags' counts too)."""

    request: ViewRequest
    total: int
    documents: int
    count: int
    pages: dict[int, list[TableRow]]
    sidebar: SidebarContents


class ViewSource(Protocol):
    """The reads of a :class:`ViewRequest` on a connection other than the GUI thread's
    (``Session.reads``, ``Session.own_reads``: ``service.session.LibraryReads``)."""

    def count(self, query: str) -> int: ...

    def document_count(self) -> int: ...

    def rows(
        self, query: str, order_by: str, descending: bool, offset: int, limit: int
    ) -> list[TableRow]: ...

    def sidebar(self) -> SidebarContents: ...


def read_view(source: ViewSource, request: ViewRequest) -> ViewSnapshot:
    """Answer ``request`` (runs off the GUI thread; it touches no widget)."""
    total = source.count("")
    count = source.count(request.query) if request.query else total
    pages = {
        page: source.rows(
            request.query, request.order_by, request.descending, page * PAGE_SIZE, PAGE_SIZE
        )
        for page in request.pages
        if page * PAGE_SIZE < count
    }
    return ViewSnapshot(request, total, source.document_count(), count, pages, source.sidebar())


class ReferenceTableModel(QAbstractTableModel):
    """Columns #, Authors, Year, Title, Container, Volume, Issue, Pages, DOI, Tags, Confidence.

    Pages of big tables are read in the background when ``page_loader`` is set: ``data``
    shows an empty row meanwhile and :meth:`deliver` fills it in.

    Signals:
        countChanged(int): the number of rows after a query, sort or refresh.
        failed(str): reading a page failed (the message says why).
    """

    countChanged = Signal(int)
    failed = Signal(str)

    def __init__(self, source: RowSource, parent: Any = None) -> None:
        super().__init__(parent)
        self._source = source
        self._query = ""
        self._order_by = "position"
        self._descending = False
        self._count = 0
        self._pages: OrderedDict[int, list[TableRow]] = OrderedDict()
        self.edit_handler: EditHandler | None = None
        self.tag_colours: dict[str, str] = {}
        self.fetches = 0  # pages read from the source (for benchmarks and tests)
        self.page_loader: PageLoader | None = None
        self._generation = 0  # bumped at every reset: answers for older pages are dropped
        self._pending: set[int] = set()
        self._recount()

    # -- state --------------------------------------------------------------------------------
    @property
    def query(self) -> str:
        return self._query

    @property
    def order(self) -> tuple[str, bool]:
        return self._order_by, self._descending

    def _reset(self) -> None:
        self._pages.clear()
        self._pending.clear()
        self._generation += 1

    def set_query(self, query: str, count: int | None = None) -> None:
        """Show the rows matching ``query``; ``count`` when it was counted elsewhere (in the
        background). InputError propagates: the window reports it."""
        if count is None:
            count = self._source.count(query)  # a bad query raises before the model changes
        self.beginResetModel()
        self._query = query
        self._reset()
        self._count = count
        self.endResetModel()
        self.countChanged.emit(self._count)

    def refresh(self, count: int | None = None) -> None:
        """Re-read everything (rows added or removed): a model reset; ``count`` when the
        query's rows were counted already."""
        self.beginResetModel()
        self._reset()
        if count is None:
            self._recount()
        else:
            self._count = count
        self.endResetModel()
        self.countChanged.emit(self._count)

    def view_request(self, first: int, last: int) -> ViewRequest:
        """What a background refresh must read to show rows ``first`` to ``last`` at once."""
        top = max(0, first) // PAGE_SIZE
        bottom = min(max(first, last) // PAGE_SIZE, top + VIEW_PAGES - 1)
        pages = tuple(sorted({0, *range(top, bottom + 1)}))
        return ViewRequest(self._query, self._order_by, self._descending, pages)

    def show_view(self, view: ViewSnapshot) -> bool:
        """Show a refresh read in the background (a model reset that reads nothing); False,
        showing nothing, when the query or the order changed since it was asked for."""
        asked = view.request
        if (asked.query, asked.order_by, asked.descending) != (
            self._query,
            self._order_by,
            self._descending,
        ):
            return False
        self.beginResetModel()
        self._reset()
        self._count = view.count
        for page, rows in view.pages.items():
            self._store(page, rows)
        self.endResetModel()
        self.countChanged.emit(self._count)
        return True

    def deliver(self, request: PageRequest, rows: list[TableRow]) -> None:
        """A page read in the background: shown if the model still wants it."""
        if request.generation != self._generation:
            return
        self._pending.discard(request.page)
        self._store(request.page, rows)
        if rows:
            first = request.offset
            last = min(self._count, first + len(rows)) - 1
            if last >= first:
                self.dataChanged.emit(self.index(first, 0), self.index(last, len(COLUMNS) - 1))

    def page_failed(self, request: PageRequest) -> None:
        """A background read failed: forget it, so the next paint asks again."""
        if request.generation == self._generation:
            self._pending.discard(request.page)

    def loading(self) -> bool:
        """Whether pages are being read in the background."""
        return bool(self._pending)

    def refresh_ids(self, ids: Iterable[int]) -> None:
        """Re-read the cached pages holding ``ids`` (their rows changed, none came or went):
        now, or for a big table with a page loader in the background (a deep page of a
        100,000-row table took 30-120 ms of CPU to read, on the GUI thread), its old rows
        shown until :meth:`deliver` replaces them."""
        wanted = set(ids)
        for page, rows in list(self._pages.items()):
            if not any(r.id in wanted for r in rows):
                continue
            if self._in_background():
                self._request(page)  # asked again even if pending: that answer may be older
                continue
            self._pages[page] = self._fetch(page)
            first = page * PAGE_SIZE
            last = first + len(rows) - 1
            self.dataChanged.emit(self.index(first, 0), self.index(last, len(COLUMNS) - 1))

    def _recount(self) -> None:
        self._count = self._source.count(self._query)

    # -- paging -------------------------------------------------------------------------------
    def _fetch(self, page: int) -> list[TableRow]:
        """One page from the source; a source error shows as empty rows and ``failed``
        (this runs inside Qt's calls into the model, where an exception must not escape)."""
        self.fetches += 1
        try:
            return self._source.rows(
                self._query, self._order_by, self._descending, page * PAGE_SIZE, PAGE_SIZE
            )
        except InputError as exc:
            self.failed.emit(str(exc))
            return []

    def _store(self, page: int, rows: list[TableRow]) -> None:
        self._pages[page] = rows
        while len(self._pages) > MAX_PAGES:
            self._pages.popitem(last=False)

    def row_at(self, row: int, wait: bool = True) -> TableRow | None:
        """The row at ``row``, or None past the end. Its page is read now; or, for a big
        table with a page loader and ``wait`` false, requested in the background (None
        until it arrives)."""
        if row < 0 or row >= self._count:
            return None
        page = row // PAGE_SIZE
        rows = self._pages.get(page)
        if rows is None:
            if not wait and self._in_background():
                if page not in self._pending:
                    self._request(page)
                return None
            rows = self._fetch(page)
            self._store(page, rows)
        else:
            self._pages.move_to_end(page)
        offset = row - page * PAGE_SIZE
        return rows[offset] if offset < len(rows) else None

    def _in_background(self) -> bool:
        """Whether pages are read in the background (a big table with a page loader)."""
        return self.page_loader is not None and self._count > ASYNC_ROWS

    def _request(self, page: int) -> None:
        if self.page_loader is not None:
            self._pending.add(page)
            self.page_loader(
                PageRequest(self._generation, page, self._query, self._order_by, self._descending)
            )

    def row_of_id(self, ref_id: int) -> int:
        """The row showing reference ``ref_id`` among the cached pages, else -1."""
        for page, rows in self._pages.items():
            for i, r in enumerate(rows):
                if r.id == ref_id:
                    return page * PAGE_SIZE + i
        return -1

    def find_id(self, ref_id: int, limit: int = 5000) -> int:
        """The row of ``ref_id``, reading pages from the top up to ``limit`` rows; else -1."""
        cached = self.row_of_id(ref_id)
        if cached >= 0:
            return cached
        for start in range(0, min(self._count, limit), PAGE_SIZE):
            row = self.row_at(start)
            if row is None:
                break
            found = self.row_of_id(ref_id)
            if found >= 0:
                return found
        return -1

    def cached_pages(self) -> int:
        return len(self._pages)

    # -- Qt model API -------------------------------------------------------------------------
    def rowCount(self, parent: ModelIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else self._count

    def columnCount(self, parent: ModelIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(COLUMNS)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation == Qt.Orientation.Horizontal and 0 <= section < len(COLUMNS):
            if role == Qt.ItemDataRole.DisplayRole:
                return COLUMNS[section].header
            if role == Qt.ItemDataRole.ToolTipRole and COLUMNS[section].csl:
                return f"CSL field: {COLUMNS[section].csl}"
        if orientation == Qt.Orientation.Vertical and role == Qt.ItemDataRole.DisplayRole:
            return section + 1
        return None

    def flags(self, index: ModelIndex) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        # rows can be dragged (onto a collection in the sidebar)
        base = (
            Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable | Qt.ItemFlag.ItemIsDragEnabled
        )
        if COLUMNS[index.column()].csl:
            base |= Qt.ItemFlag.ItemIsEditable
        return base

    def data(self, index: ModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or index.column() >= len(COLUMNS):
            return None
        row = self.row_at(index.row(), wait=False)
        if row is None:
            if role == Qt.ItemDataRole.DisplayRole and index.column() == 0:
                return "…"  # being read
            return None
        col = COLUMNS[index.column()]
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.EditRole):
            return self._text(row, col)
        if role == ID_ROLE:
            return row.id
        if role == CSL_ROLE:
            return col.csl
        if role == EDITED_ROLE:
            return bool(col.csl) and col.csl in row.edited
        if role == LOW_ROLE:
            return self._low(row, col)
        if role == Qt.ItemDataRole.BackgroundRole:
            if bool(col.csl) and col.csl in row.edited:
                return QBrush(QColor(80, 170, 90, 60))
            if self._low(row, col):
                return QBrush(QColor(240, 160, 40, 70))
            if col.attr == "tags" and row.tags:
                colour = self.tag_colours.get(row.tags[0], "")
                if colour:
                    tint = QColor(colour)
                    tint.setAlpha(60)
                    return QBrush(tint)
            return None
        if role == Qt.ItemDataRole.DecorationRole and col.csl and col.csl in row.edited:
            return edited_mark()
        if role == Qt.ItemDataRole.FontRole and row.fragment:
            font = QFont()
            font.setItalic(True)
            return font
        if role == Qt.ItemDataRole.ToolTipRole:
            return self._tooltip(row, col)
        numeric = col.attr in ("number", "year", "confidence")
        if role == Qt.ItemDataRole.TextAlignmentRole and numeric:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None

    def setData(self, index: ModelIndex, value: Any, role: int = Qt.ItemDataRole.EditRole) -> bool:
        if role != Qt.ItemDataRole.EditRole or not index.isValid():
            return False
        col = COLUMNS[index.column()]
        row = self.row_at(index.row())
        if row is None or not col.csl or self.edit_handler is None:
            return False
        text = "" if value is None else str(value).strip()
        if text == self._text(row, col):
            return False
        return self.edit_handler(row.id, col.csl, text)

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        if not 0 <= column < len(COLUMNS):
            return
        key = COLUMNS[column].sort_key or "position"
        self.beginResetModel()
        self._order_by = key
        self._descending = order == Qt.SortOrder.DescendingOrder
        self._reset()
        self.endResetModel()

    # -- helpers ------------------------------------------------------------------------------
    @staticmethod
    def _text(row: TableRow, col: Column) -> str:
        if col.attr == "tags":
            return ", ".join(row.tags)
        if col.attr == "confidence":
            return "" if row.confidence is None else f"{row.confidence:.2f}"
        return str(getattr(row, col.attr))

    @staticmethod
    def _low(row: TableRow, col: Column) -> bool:
        if col.attr == "confidence":
            return row.confidence is not None and row.confidence < LOW_CONFIDENCE
        if not col.csl:
            return False
        value = row.field_confidence.get(col.csl)
        return value is not None and value < LOW_CONFIDENCE and col.csl not in row.edited

    def _tooltip(self, row: TableRow, col: Column) -> str | None:
        notes: list[str] = []
        if col.csl and col.csl in row.edited:
            notes.append("edited by you")
        value = row.field_confidence.get(col.csl) if col.csl else None
        if value is not None:
            notes.append(f"parser confidence {value:.2f}")
        if row.fragment:
            notes.append("fragment: the start of this entry is not in the document")
        text = self._text(row, col)
        if not notes:
            return plain_tip(text) or None
        tip = f"{text}\n({'; '.join(notes)})" if text else f"({'; '.join(notes)})"
        return plain_tip(tip)
