"""The references table: a view on :class:`ReferenceTableModel` with its columns, keys,
selection by reference id and column chooser.

The view knows rows by reference id (the model's ``ID_ROLE``): what is selected, what is
current, and choosing rows again after a refresh. Editing a cell hands the change to the
model's ``edit_handler`` once the cell's editor is closed (see :meth:`ReferenceTable.
queue_edit`), so the refresh the change brings never removes an editor the view still holds.

Drags (``refmanager.gui.drops``): the selected rows can be dragged out (onto a collection in
the sidebar); files dragged in from the desktop are attached to the row they are dropped on,
which is framed while the drag moves over it, or imported (elsewhere, with Shift, or a
folder). The table says which in ``drop_hint`` and hands the drop on in ``files_dropped``.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import (
    QItemSelection,
    QItemSelectionModel,
    QMimeData,
    QPoint,
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtGui import (
    QDrag,
    QDragEnterEvent,
    QDragLeaveEvent,
    QDragMoveEvent,
    QDropEvent,
    QPainter,
    QPaintEvent,
    QPen,
)
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QMenu, QTableView, QWidget

from refmanager.gui.delegates import FieldDelegate
from refmanager.gui.drops import FileDrop, ids_mime, local_paths, plan_file_drop
from refmanager.gui.table_model import (
    ASYNC_ROWS,
    COLUMNS,
    ID_ROLE,
    ReferenceTableModel,
    ViewRequest,
)

RESELECT_LIMIT = 2000  # a refresh keeps at most this many selected rows selected
TITLE_COLUMN = next(i for i, c in enumerate(COLUMNS) if c.attr == "title")


class ReferenceTable(QTableView):
    """The table of references (sortable, editable cells, rows chosen by id).

    Signals:
        files_dropped(object): files from the desktop were dropped: a ``drops.FileDrop``
            (attach them to its reference, or import them).
        drop_hint(str): what a drop here would do now ("" once the drag has left).
    """

    files_dropped = Signal(object)
    drop_hint = Signal(str)

    def __init__(
        self,
        model: ReferenceTableModel,
        all_ids: Callable[[str], list[int]],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("references")
        self.setAccessibleName("References")
        self.references = model
        self._all_ids = all_ids  # every id a query shows (a selection of a big table)
        self.setModel(model)
        self.setItemDelegate(FieldDelegate(self))
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.setEditTriggers(
            QAbstractItemView.EditTrigger.DoubleClicked
            | QAbstractItemView.EditTrigger.EditKeyPressed
            | QAbstractItemView.EditTrigger.AnyKeyPressed
        )
        self.setTabKeyNavigation(False)  # Tab leaves the table (search -> table -> editor)
        self.setSortingEnabled(True)
        self.sortByColumn(0, Qt.SortOrder.AscendingOrder)
        self.setAlternatingRowColors(True)
        self.setWordWrap(False)
        self.verticalHeader().setDefaultSectionSize(22)
        self.verticalHeader().hide()
        header = self.horizontalHeader()
        header.setSectionsMovable(True)
        header.setStretchLastSection(False)
        header.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        header.customContextMenuRequested.connect(self._header_menu)
        for i, col in enumerate(COLUMNS):
            self.setColumnWidth(i, col.width)
            self.setColumnHidden(i, col.hidden)
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        self.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.setDragEnabled(True)  # rows, onto a collection
        self.setAcceptDrops(True)  # files, onto a row (attach) or elsewhere (import)
        self._dragged: tuple[list[Path], bool] | None = None  # files (any folder?) coming in
        self._drop_row = -1  # the row framed as the drop's target

    # -- editing ------------------------------------------------------------------------------
    def queue_edit(self, handler: Callable[[int, str, str], object]) -> None:
        """Run the model's edits through ``handler`` on the next turn of the event loop,
        after the cell's editor has been committed and closed. (Run at once, the change's
        refresh reset the model under the open editor: Qt warned "commitData called with
        an editor that does not belong to this view" and the table lost the focus.)"""

        def later(ref_id: int, field: str, value: str) -> bool:
            QTimer.singleShot(0, self, lambda: handler(ref_id, field, value))
            return True

        self.references.edit_handler = later

    def edit_current(self) -> None:
        """Edit the current cell (or the row's title where the cell cannot be edited)."""
        index = self.currentIndex()
        if index.isValid():
            if not self.references.flags(index) & Qt.ItemFlag.ItemIsEditable:
                index = self.references.index(index.row(), TITLE_COLUMN)
                self.setCurrentIndex(index)
            self.edit(index)

    # -- rows by reference id -----------------------------------------------------------------
    def selected_ids(self) -> list[int]:
        selection = self.selectionModel().selection()
        count = self.references.rowCount()
        ranges = [selection.at(i) for i in range(selection.count())]
        if count > ASYNC_ROWS and any(r.top() == 0 and r.bottom() == count - 1 for r in ranges):
            return self._all_ids(self.references.query)  # everything shown
        rows = sorted({i.row() for i in self.selectionModel().selectedRows()})
        out = []
        for row in rows:
            ref_id = self.references.index(row, 0).data(ID_ROLE)
            if isinstance(ref_id, int):
                out.append(ref_id)
        return out

    def current_id(self) -> int | None:
        index = self.currentIndex()
        if not index.isValid():
            return None
        value = index.data(ID_ROLE)
        return value if isinstance(value, int) else None

    def select_row(self, row: int) -> bool:
        """Make ``row`` (kept within the table) the current and only selected row."""
        count = self.references.rowCount()
        if count == 0:
            return False
        index = self.references.index(max(0, min(row, count - 1)), 0)
        self.selectionModel().setCurrentIndex(
            index,
            QItemSelectionModel.SelectionFlag.ClearAndSelect
            | QItemSelectionModel.SelectionFlag.Rows,
        )
        self.scrollTo(index)
        return True

    def select_id(self, ref_id: int) -> bool:
        row = self.references.find_id(ref_id)
        return row >= 0 and self.select_row(row)

    def select_ids(self, ids: list[int], current: int | None) -> bool:
        """Select the rows of ``ids`` that are shown (the current one stays current and in
        view)."""
        selection = QItemSelection()
        for ref_id in ids[:RESELECT_LIMIT]:
            row = self.references.find_id(ref_id)
            if row >= 0:
                selection.select(self.references.index(row, 0), self.references.index(row, 0))
        if selection.isEmpty():
            return False
        model = self.selectionModel()
        flags = QItemSelectionModel.SelectionFlag
        current_row = self.references.find_id(current) if current is not None else -1
        if current_row < 0:
            current_row = selection.at(0).top()
        current_index = self.references.index(current_row, 0)
        model.setCurrentIndex(current_index, flags.NoUpdate)
        model.select(selection, flags.ClearAndSelect | flags.Rows)
        self.scrollTo(current_index)
        return True

    def reselect_quietly(self, ref_id: int) -> None:
        """Make ``ref_id`` current again without signals (a background refresh)."""
        row = self.references.row_of_id(ref_id)  # among the pages read (the first one always)
        if row >= 0:
            selection = self.selectionModel()
            selection.blockSignals(True)
            selection.setCurrentIndex(
                self.references.index(row, 0),
                QItemSelectionModel.SelectionFlag.ClearAndSelect
                | QItemSelectionModel.SelectionFlag.Rows,
            )
            selection.blockSignals(False)
            self.viewport().update()

    def view_request(self) -> ViewRequest:
        """What a background refresh reads: the rows in view, and a screenful more."""
        top = max(0, self.rowAt(0))
        shown = self.viewport().height() // self.verticalHeader().defaultSectionSize()
        return self.references.view_request(top, top + shown + 1)

    # -- columns ------------------------------------------------------------------------------
    def fill_columns_menu(self, menu: QMenu) -> None:
        menu.clear()
        header = self.horizontalHeader()
        for i, col in enumerate(COLUMNS):
            action = menu.addAction(col.header)
            action.setCheckable(True)
            action.setChecked(not header.isSectionHidden(i))
            action.toggled.connect(lambda on, i=i: self.setColumnHidden(i, not on))

    def _header_menu(self, pos: QPoint) -> None:
        menu = QMenu(self)
        self.fill_columns_menu(menu)
        menu.exec(self.horizontalHeader().mapToGlobal(pos))

    # -- drags out: rows ----------------------------------------------------------------------
    def startDrag(self, _actions: Qt.DropAction) -> None:
        """Drag the selected rows as their reference ids (not Qt's copy of their cells)."""
        mime = self.drag_mime()
        if mime is None:
            return
        drag = QDrag(self)
        drag.setMimeData(mime)
        drag.exec(Qt.DropAction.CopyAction)

    def drag_mime(self) -> QMimeData | None:
        """What a drag of the selected rows carries (None when none is selected)."""
        ids = self.selected_ids()
        return ids_mime(ids) if ids else None

    # -- drags in: files ----------------------------------------------------------------------
    def file_drop(self, event: QDropEvent) -> FileDrop | None:
        """What dropping the files of ``event`` here would do (None: not a drag of files)."""
        if self._dragged is None:
            return None
        paths, folder = self._dragged
        index = self.indexAt(event.position().toPoint())
        ref_id = index.siblingAtColumn(0).data(ID_ROLE) if index.isValid() else None
        return plan_file_drop(
            paths,
            ref_id if isinstance(ref_id, int) else None,
            event.modifiers(),
            folder=folder,
        )

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        paths = local_paths(event.mimeData())
        if not paths:
            self._dragged = None
            event.ignore()  # rows dragged over their own table: nothing to do here
            return
        self._dragged = (paths, any(p.is_dir() for p in paths))  # read once per drag
        event.acceptProposedAction()
        self._show_target(event)

    def dragMoveEvent(self, event: QDragMoveEvent) -> None:
        if self._dragged is None:
            event.ignore()
            return
        super().dragMoveEvent(event)  # scrolls when the drag nears the top or bottom
        event.acceptProposedAction()
        self._show_target(event)

    def dragLeaveEvent(self, event: QDragLeaveEvent) -> None:
        super().dragLeaveEvent(event)
        self._end_drag()

    def dropEvent(self, event: QDropEvent) -> None:
        plan = self.file_drop(event)
        self._end_drag()
        self.stopAutoScroll()
        self.setState(QAbstractItemView.State.NoState)
        if plan is None:
            event.ignore()
            return
        event.acceptProposedAction()
        self.files_dropped.emit(plan)

    def _show_target(self, event: QDropEvent) -> None:
        plan = self.file_drop(event)
        row = -1
        title = ""
        if plan is not None and plan.ref_id is not None:
            row = self.indexAt(event.position().toPoint()).row()
            title = str(self.references.index(row, TITLE_COLUMN).data() or "")
        if row != self._drop_row:
            self._drop_row = row
            self.viewport().update()
        if plan is not None:
            self.drop_hint.emit(plan.hint(title))

    def _end_drag(self) -> None:
        self._dragged = None
        if self._drop_row >= 0:
            self._drop_row = -1
            self.viewport().update()
        self.drop_hint.emit("")

    def paintEvent(self, event: QPaintEvent) -> None:
        super().paintEvent(event)
        if self._drop_row < 0:
            return
        painter = QPainter(self.viewport())
        painter.setPen(QPen(self.palette().highlight().color(), 2))
        top = self.rowViewportPosition(self._drop_row)
        painter.drawRect(
            1, top + 1, self.viewport().width() - 2, self.rowHeight(self._drop_row) - 2
        )
        painter.end()
