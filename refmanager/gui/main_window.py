"""The main window: library sidebar | PDF | table over the entry editor.

Menus File, Edit, View, Library, Help; a status bar with counts and the progress of the
running job (with Cancel); a non-blocking error panel; splitters, columns and geometry kept
in QSettings. All library work goes through :class:`refmanager.gui.backend.Backend`, which
calls ``refmanager.service``.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from PySide6.QtCore import (
    QByteArray,
    QItemSelection,
    QItemSelectionModel,
    QModelIndex,
    QPoint,
    QSettings,
    Qt,
    QTimer,
    QUrl,
)
from PySide6.QtGui import (
    QAction,
    QActionGroup,
    QCloseEvent,
    QDesktopServices,
    QDragEnterEvent,
    QDropEvent,
    QGuiApplication,
    QKeySequence,
    QUndoStack,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QColorDialog,
    QDockWidget,
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QListWidget,
    QMainWindow,
    QMenu,
    QMessageBox,
    QProgressBar,
    QPushButton,
    QSplitter,
    QStackedWidget,
    QTableView,
    QTableWidget,
    QTableWidgetItem,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from refmanager.gui.app import THEMES, apply_theme, resource
from refmanager.gui.backend import Backend, DuplicatePair, ImportItem, ImportSummary
from refmanager.gui.delegates import FieldDelegate
from refmanager.gui.dialogs import ExportDialog, MergeDialog, PasteDialog, about, ask_text
from refmanager.gui.entry_editor import EntryEditor
from refmanager.gui.jobs import Job, JobRunner
from refmanager.gui.pdf_pane import PdfPane
from refmanager.gui.sidebar import KEY_ROLE, KIND_ROLE, Sidebar
from refmanager.gui.table_model import (
    ASYNC_ROWS,
    COLUMNS,
    ID_ROLE,
    PageRequest,
    ReferenceTableModel,
)
from refmanager.gui.undo import BackendCommand
from refmanager.model import InputError

SEARCH_DELAY_MS = 300
IMPORT_REFRESH_MS = 500  # at most two table refreshes a second while an import runs


def quote_value(value: str) -> str:
    return f'"{value}"' if any(c.isspace() or c in '():"' for c in value) else value


class MainWindow(QMainWindow):
    """The refmanager window on one library."""

    def __init__(self, library: Path, backend: Backend | None = None) -> None:
        super().__init__()
        self.setWindowTitle(f"refmanager — {library}")
        self.setAcceptDrops(True)
        self.backend = backend if backend is not None else Backend(library)
        self.jobs = JobRunner(self)
        # Reads for the table run on one long-lived thread with its own connection.
        self.reader = JobRunner(self, max_threads=1, keep_threads=True)
        self._query_serial = 0
        self.undo_stack = QUndoStack(self)
        self.scope: tuple[str, Any] = ("all", None)
        self.errors: list[str] = []
        self.last_import: ImportSummary | None = None
        self._shown_document: int | None = None
        self._duplicates: list[DuplicatePair] = []
        self.totals = (0, 0)  # references, documents

        self._build_widgets()
        self._build_menus()
        self._build_status_bar()
        self.restore_settings()
        self.refresh_totals()
        self.refresh_sidebar()
        self._update_start_screen()
        self._update_counts()

    # ------------------------------------------------------------------ construction
    def _build_widgets(self) -> None:
        self.sidebar = Sidebar(self)
        self.sidebar.chosen.connect(self.choose_scope)
        self.sidebar.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.sidebar.customContextMenuRequested.connect(self._sidebar_menu)

        self.pdf = PdfPane(self)
        self.pdf.pageClicked.connect(self._pdf_clicked)
        self.start_button = QPushButton("Open the sample paper", self.pdf)
        self.start_button.setObjectName("sampleButton")
        self.start_button.clicked.connect(self.open_sample)
        pdf_layout = self.pdf.layout()
        if pdf_layout is not None:
            pdf_layout.addWidget(self.start_button)

        self.search = QLineEdit(self)
        self.search.setObjectName("search")
        self.search.setPlaceholderText(
            'Search (Ctrl+F): words, author:dao, year:2020..2023, tag:to-read, "a phrase"'
        )
        self.search.setClearButtonEnabled(True)
        self.search_timer = QTimer(self)
        self.search_timer.setSingleShot(True)
        self.search_timer.setInterval(SEARCH_DELAY_MS)
        self.search_timer.timeout.connect(self.apply_query)
        self.search.textChanged.connect(lambda _t: self.search_timer.start())
        self.search.returnPressed.connect(self.apply_query)
        self.show_timer = QTimer(self)
        self.show_timer.setSingleShot(True)
        self.show_timer.setInterval(0)
        self.show_timer.timeout.connect(self._show_current)
        self.import_refresh = QTimer(self)
        self.import_refresh.setSingleShot(True)
        self.import_refresh.setInterval(IMPORT_REFRESH_MS)
        self.import_refresh.timeout.connect(self._refresh_during_import)
        self.search_message = QLabel(self)
        self.search_message.setObjectName("searchMessage")
        self.search_message.setWordWrap(True)
        self.search_message.hide()

        self.model = ReferenceTableModel(self.backend, self)
        self.model.edit_handler = self.request_edit
        self.model.page_loader = self._load_page
        self.model.countChanged.connect(lambda _n: self._update_counts())
        self.model.failed.connect(self.show_error, Qt.ConnectionType.QueuedConnection)
        self.table = QTableView(self)
        self.table.setObjectName("references")
        self.table.setModel(self.model)
        self.table.setItemDelegate(FieldDelegate(self.table))
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.table.setEditTriggers(
            QAbstractItemView.EditTrigger.DoubleClicked
            | QAbstractItemView.EditTrigger.EditKeyPressed
            | QAbstractItemView.EditTrigger.AnyKeyPressed
        )
        self.table.setSortingEnabled(True)
        self.table.sortByColumn(0, Qt.SortOrder.AscendingOrder)
        self.table.setAlternatingRowColors(True)
        self.table.setWordWrap(False)
        self.table.verticalHeader().setDefaultSectionSize(22)
        self.table.verticalHeader().hide()
        header = self.table.horizontalHeader()
        header.setSectionsMovable(True)
        header.setStretchLastSection(False)
        header.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        header.customContextMenuRequested.connect(self._header_menu)
        for i, col in enumerate(COLUMNS):
            self.table.setColumnWidth(i, col.width)
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        self.table.selectionModel().selectionChanged.connect(self._selection_changed)
        self.table.selectionModel().currentRowChanged.connect(self._current_changed)
        self.table.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.table.customContextMenuRequested.connect(self._table_menu)

        table_host = QWidget(self)
        table_layout = QVBoxLayout(table_host)
        table_layout.setContentsMargins(0, 0, 0, 0)
        table_layout.setSpacing(2)
        table_layout.addWidget(self.search)
        table_layout.addWidget(self.search_message)
        table_layout.addWidget(self.table, 1)

        self.duplicates = QTableWidget(0, 4, self)
        self.duplicates.setObjectName("duplicates")
        self.duplicates.setHorizontalHeaderLabels(["Left", "Right", "Score", "Why"])
        self.duplicates.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.duplicates.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.duplicates.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.duplicates.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.duplicates.horizontalHeader().setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        self.duplicates.doubleClicked.connect(lambda _i: self.merge_selected_pair())
        merge_button = QPushButton("&Merge...", self)
        merge_button.clicked.connect(self.merge_selected_pair)
        not_dup_button = QPushButton("&Not a duplicate", self)
        not_dup_button.clicked.connect(self.mark_not_duplicate)
        self.duplicates_status = QLabel(self)
        dup_host = QWidget(self)
        dup_layout = QVBoxLayout(dup_host)
        dup_layout.setContentsMargins(0, 0, 0, 0)
        dup_layout.addWidget(self.duplicates_status)
        dup_layout.addWidget(self.duplicates, 1)
        dup_buttons = QHBoxLayout()
        dup_buttons.addWidget(merge_button)
        dup_buttons.addWidget(not_dup_button)
        dup_buttons.addStretch(1)
        dup_layout.addLayout(dup_buttons)

        self.stack = QStackedWidget(self)
        self.stack.addWidget(table_host)
        self.stack.addWidget(dup_host)

        self.editor = EntryEditor(self)
        self.editor.fieldEdited.connect(self.request_edit)
        self.editor.spanAssigned.connect(self.request_span)
        self.editor.reparseRequested.connect(self.reparse_selected)

        self.right_splitter = QSplitter(Qt.Orientation.Vertical, self)
        self.right_splitter.setObjectName("rightSplitter")
        self.right_splitter.addWidget(self.stack)
        self.right_splitter.addWidget(self.editor)
        self.right_splitter.setStretchFactor(0, 3)
        self.right_splitter.setStretchFactor(1, 2)

        self.main_splitter = QSplitter(Qt.Orientation.Horizontal, self)
        self.main_splitter.setObjectName("mainSplitter")
        self.main_splitter.addWidget(self.sidebar)
        self.main_splitter.addWidget(self.pdf)
        self.main_splitter.addWidget(self.right_splitter)
        self.main_splitter.setStretchFactor(0, 0)
        self.main_splitter.setStretchFactor(1, 3)
        self.main_splitter.setStretchFactor(2, 4)
        self.main_splitter.setSizes([220, 560, 700])
        # "Table below the PDF" moves the PDF and the table into this vertical splitter
        self.below_splitter = QSplitter(Qt.Orientation.Vertical, self)
        self.below_splitter.setObjectName("belowSplitter")
        self.main_splitter.addWidget(self.below_splitter)
        self.below_splitter.hide()
        self.table_below = False
        self.setCentralWidget(self.main_splitter)

        self.error_list = QListWidget(self)
        self.error_list.setObjectName("errors")
        self.error_dock = QDockWidget("Problems", self)
        self.error_dock.setObjectName("errorDock")
        self.error_dock.setWidget(self.error_list)
        self.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, self.error_dock)
        self.error_dock.hide()

    def _action(
        self,
        menu: QMenu,
        text: str,
        slot: Any,
        shortcut: QKeySequence | QKeySequence.StandardKey | str | None = None,
    ) -> QAction:
        action = QAction(text, self)
        if shortcut is not None:
            action.setShortcut(
                shortcut if isinstance(shortcut, QKeySequence) else QKeySequence(shortcut)
            )
        action.triggered.connect(lambda _checked=False: slot())
        menu.addAction(action)
        return action

    def _build_menus(self) -> None:
        bar = self.menuBar()
        file_menu = bar.addMenu("&File")
        self.act_import = self._action(
            file_menu, "&Import PDFs...", self.import_pdfs_dialog, QKeySequence.StandardKey.Open
        )
        self._action(file_menu, "Import &BibTeX/RIS/CSL-JSON...", self.import_bib_dialog)
        self._action(file_menu, "Import &folder...", self.import_folder_dialog)
        file_menu.addSeparator()
        self.act_export = self._action(
            file_menu, "&Export...", self.export_dialog, QKeySequence("Ctrl+E")
        )
        file_menu.addSeparator()
        self._action(file_menu, "&Quit", self.close, QKeySequence.StandardKey.Quit)

        edit_menu = bar.addMenu("&Edit")
        self.act_undo = self.undo_stack.createUndoAction(self, "&Undo")
        self.act_undo.setShortcut(QKeySequence.StandardKey.Undo)
        self.act_redo = self.undo_stack.createRedoAction(self, "&Redo")
        self.act_redo.setShortcuts([QKeySequence("Ctrl+Shift+Z"), QKeySequence("Ctrl+Y")])
        edit_menu.addAction(self.act_undo)
        edit_menu.addAction(self.act_redo)
        edit_menu.addSeparator()
        self.act_edit = self._action(edit_menu, "&Edit cell", self.edit_current, "F2")
        self.act_delete = self._action(
            edit_menu, "&Delete references", self.delete_selected, QKeySequence.StandardKey.Delete
        )
        self._action(edit_menu, "&Paste references...", self.paste_dialog, "Ctrl+Shift+V")
        self._action(
            edit_menu, "Copy as &BibTeX", lambda: self.copy_selected("bibtex"), "Ctrl+Shift+C"
        )
        self._action(edit_menu, "Copy as &citation", lambda: self.copy_selected("citation"))
        edit_menu.addSeparator()
        self._action(edit_menu, "&Tag selected...", self.tag_selected_dialog, "Ctrl+T")
        self._action(edit_menu, "&Untag selected...", self.untag_selected_dialog)
        self._action(edit_menu, "&Re-parse selected", self.reparse_selected, "Ctrl+R")
        edit_menu.addSeparator()
        self.act_find = self._action(
            edit_menu, "&Find", self.focus_search, QKeySequence.StandardKey.Find
        )
        self._action(
            edit_menu, "Select &all", self.table.selectAll, QKeySequence.StandardKey.SelectAll
        )

        view_menu = bar.addMenu("&View")
        self.columns_menu = view_menu.addMenu("&Columns")
        self.columns_menu.aboutToShow.connect(lambda: self._fill_columns_menu(self.columns_menu))
        view_menu.addAction(self.pdf.act_zoom_in)
        view_menu.addAction(self.pdf.act_zoom_out)
        view_menu.addAction(self.pdf.act_fit_width)
        view_menu.addAction(self.pdf.act_prev)
        view_menu.addAction(self.pdf.act_next)
        self._action(view_menu, "Find in &PDF", self.pdf.find_edit.setFocus, "Ctrl+Shift+F")
        view_menu.addSeparator()
        self.act_below = QAction("Table &below the PDF", self, checkable=True)
        self.act_below.toggled.connect(self.set_table_below)
        view_menu.addAction(self.act_below)
        view_menu.addAction(self.error_dock.toggleViewAction())
        theme_menu = view_menu.addMenu("&Theme")
        group = QActionGroup(self)
        current = str(QSettings().value("view/theme", "system"))
        for theme in THEMES:
            action = QAction(theme.capitalize(), self, checkable=True)
            action.setChecked(theme == current)
            action.triggered.connect(lambda _c=False, t=theme: self.set_theme(t))
            group.addAction(action)
            theme_menu.addAction(action)

        library_menu = bar.addMenu("&Library")
        self._action(library_menu, "&All references", lambda: self.sidebar.select("all"))
        self._action(library_menu, "Find &duplicates", lambda: self.sidebar.select("duplicates"))
        self._action(library_menu, "&Save this search...", self.save_search_dialog)
        self._action(library_menu, "&Remove document...", self.remove_document)
        self._action(library_menu, "&Learn from my corrections", self.retrain)
        self._action(library_menu, "&Refresh", self.reload, QKeySequence.StandardKey.Refresh)

        help_menu = bar.addMenu("&Help")
        self._action(help_menu, "&Search syntax", self.show_search_help)
        self._action(help_menu, "&About refmanager", lambda: about(self))

    def _build_status_bar(self) -> None:
        status = self.statusBar()
        self.counts_label = QLabel(self)
        self.counts_label.setObjectName("counts")
        status.addPermanentWidget(self.counts_label)
        self.job_label = QLabel(self)
        self.progress = QProgressBar(self)
        self.progress.setMaximumWidth(200)
        self.progress.setTextVisible(True)
        self.cancel_button = QToolButton(self)
        self.cancel_button.setText("Cancel")
        self.cancel_button.clicked.connect(self.jobs.cancel_all)
        for widget in (self.job_label, self.progress, self.cancel_button):
            status.addPermanentWidget(widget)
            widget.hide()
        self.jobs.started.connect(self._job_started)
        self.jobs.idle.connect(self._jobs_idle)

    # ------------------------------------------------------------------ settings
    def restore_settings(self) -> None:
        settings = QSettings()
        geometry = settings.value("window/geometry")
        if isinstance(geometry, QByteArray):
            self.restoreGeometry(geometry)
        else:
            self.resize(1440, 880)
        state = settings.value("window/state")
        if isinstance(state, QByteArray):
            self.restoreState(state)
        self.set_table_below(str(settings.value("view/tableBelow", "false")) == "true")
        for splitter in (
            self.main_splitter,
            self.below_splitter,
            self.right_splitter,
            self.editor.splitter,
        ):
            value = settings.value(f"splitters/{splitter.objectName()}")
            if isinstance(value, QByteArray):
                splitter.restoreState(value)
        header = settings.value("table/header")
        if isinstance(header, QByteArray):
            self.table.horizontalHeader().restoreState(header)

    def save_settings(self) -> None:
        settings = QSettings()
        settings.setValue("window/geometry", self.saveGeometry())
        settings.setValue("window/state", self.saveState())
        for splitter in (
            self.main_splitter,
            self.below_splitter,
            self.right_splitter,
            self.editor.splitter,
        ):
            settings.setValue(f"splitters/{splitter.objectName()}", splitter.saveState())
        settings.setValue("table/header", self.table.horizontalHeader().saveState())
        settings.setValue("view/tableBelow", "true" if self.table_below else "false")
        settings.sync()

    def set_table_below(self, below: bool) -> None:
        """Put the table (and the editor) below the PDF, or back beside it."""
        if below == self.table_below:
            return
        self.table_below = below
        if below:
            self.below_splitter.addWidget(self.pdf)
            self.below_splitter.addWidget(self.right_splitter)
            self.below_splitter.show()
        else:
            self.main_splitter.insertWidget(1, self.pdf)
            self.main_splitter.insertWidget(2, self.right_splitter)
            self.below_splitter.hide()
        self.act_below.blockSignals(True)
        self.act_below.setChecked(below)
        self.act_below.blockSignals(False)

    def set_theme(self, theme: str) -> None:
        QSettings().setValue("view/theme", theme)
        app = QApplication.instance()
        if isinstance(app, QApplication):
            apply_theme(app, theme)

    def closeEvent(self, event: QCloseEvent) -> None:
        self.save_settings()
        self.jobs.cancel_all()
        self.jobs.wait(10_000)
        self.reader.wait(10_000)
        self.backend.close()
        super().closeEvent(event)

    # ------------------------------------------------------------------ columns
    def _fill_columns_menu(self, menu: QMenu) -> None:
        menu.clear()
        header = self.table.horizontalHeader()
        for i, col in enumerate(COLUMNS):
            action = menu.addAction(col.header)
            action.setCheckable(True)
            action.setChecked(not header.isSectionHidden(i))
            action.toggled.connect(lambda on, i=i: self.table.setColumnHidden(i, not on))

    def _header_menu(self, pos: QPoint) -> None:
        menu = QMenu(self)
        self._fill_columns_menu(menu)
        menu.exec(self.table.horizontalHeader().mapToGlobal(pos))

    # ------------------------------------------------------------------ scope and search
    def scope_query(self) -> str:
        kind, key = self.scope
        if kind == "document" and key is not None:
            return f"in:{int(key)}"
        if kind == "tag" and key is not None:
            return f"tag:{quote_value(str(key))}"
        if kind == "search" and key is not None:
            return f"({key})"
        return ""

    def full_query(self) -> str:
        scope = self.scope_query()
        text = self.search.text().strip()
        if scope and text:
            return f"{scope} ({text})"
        return scope or text

    def choose_scope(self, kind: str, key: object) -> None:
        if kind == "duplicates":
            self.stack.setCurrentIndex(1)
            self.find_duplicates()
            return
        self.stack.setCurrentIndex(0)
        self.scope = (kind, key)
        if kind == "document" and isinstance(key, int):
            self.show_document(key)
        self.apply_query()

    def apply_query(self) -> None:
        self.search_timer.stop()
        query = self.full_query()
        self._query_serial += 1
        if self.totals[0] > ASYNC_ROWS:
            # a broad query over a big library can take seconds to count: count it in the
            # background and keep the window live; only the newest query is shown
            serial = self._query_serial
            self.search_message.setText("Searching…")
            self.search_message.show()
            self.reader.start(
                "count",
                lambda _ctx: self.backend.count_in_reader(query),
                on_success=lambda n: self._show_query(serial, query, n),
                on_failure=lambda exc: self._query_failed(serial, exc),
            )
            return
        self._show_query(self._query_serial, query, None)

    def _query_failed(self, serial: int, error: BaseException) -> None:
        if serial != self._query_serial:
            return
        if isinstance(error, InputError):
            self.search_message.setText(error.cause)
            self.search_message.show()
        else:
            self._job_failed(error)

    def _show_query(self, serial: int, query: str, count: int | None) -> None:
        if serial != self._query_serial:
            return  # a newer query was typed meanwhile
        try:
            self.model.set_query(query, count)
        except InputError as exc:
            self.search_message.setText(exc.cause)
            self.search_message.show()
            return
        if self.model.rowCount() == 0 and self.search.text().strip():
            hints = self.backend.suggest(self.search.text().strip())
            self.search_message.setText(
                "Nothing found." + (f" Did you mean: {', '.join(hints)}?" if hints else "")
            )
            self.search_message.show()
        else:
            self.search_message.clear()
            self.search_message.hide()
        self._update_counts()
        if self.model.rowCount() and not self.table.selectionModel().hasSelection():
            self.table.selectRow(0)
        elif not self.model.rowCount():
            self.editor.set_reference(None, None)

    def focus_search(self) -> None:
        self.search.setFocus()
        self.search.selectAll()

    def show_search_help(self) -> None:
        QMessageBox.information(self, "Search syntax", self.backend.query_help())

    def save_search_dialog(self) -> None:
        query = self.full_query()
        if not query:
            self.statusBar().showMessage("Type a search first", 4000)
            return
        name = ask_text(self, "Save search", "Name of the saved search:", self.search.text())
        if name:
            self.backend.save_search(name, query)
            self.refresh_sidebar()

    def _load_page(self, request: PageRequest) -> None:
        self.reader.start(
            "page",
            lambda _ctx: self.backend.read_page(request),
            on_success=lambda rows: self.model.deliver(request, rows),
            on_failure=lambda exc: self._page_failed(request, exc),
        )

    def _page_failed(self, request: PageRequest, error: BaseException) -> None:
        self.model.page_failed(request)
        self._job_failed(error)

    # ------------------------------------------------------------------ selection and PDF
    def selected_ids(self) -> list[int]:
        selection = self.table.selectionModel().selection()
        count = self.model.rowCount()
        ranges = [selection.at(i) for i in range(selection.count())]
        if count > ASYNC_ROWS and any(r.top() == 0 and r.bottom() == count - 1 for r in ranges):
            return self.backend.search_ids(self.model.query)  # everything shown
        rows = sorted({i.row() for i in self.table.selectionModel().selectedRows()})
        out = []
        for row in rows:
            ref_id = self.model.index(row, 0).data(ID_ROLE)
            if isinstance(ref_id, int):
                out.append(ref_id)
        return out

    def current_id(self) -> int | None:
        index = self.table.currentIndex()
        if not index.isValid():
            return None
        value = index.data(ID_ROLE)
        return value if isinstance(value, int) else None

    def select_id(self, ref_id: int) -> bool:
        row = self.model.find_id(ref_id)
        if row < 0:
            return False
        index = self.model.index(row, 0)
        self.table.selectionModel().setCurrentIndex(
            index,
            QItemSelectionModel.SelectionFlag.ClearAndSelect
            | QItemSelectionModel.SelectionFlag.Rows,
        )
        self.table.scrollTo(index)
        return True

    def _selection_changed(self, _sel: QItemSelection, _desel: QItemSelection) -> None:
        self._update_counts()

    def _current_changed(self, _current: QModelIndex, _previous: QModelIndex) -> None:
        # Shown on the next turn of the event loop: a key held down in the table, or a
        # refresh that reselects, costs one editor and PDF update, not one per row.
        self.show_timer.start()

    def _show_current(self) -> None:
        self.show_reference(self.current_id())

    def show_reference(self, ref_id: int | None) -> None:
        """Show a reference in the editor, and its place in its PDF."""
        if ref_id is None:
            self.editor.set_reference(None, None)
            return
        info = self.backend.stored(ref_id)
        if info is None:
            self.editor.set_reference(None, None)
            return
        self.editor.set_reference(ref_id, info.reference, info.heading)
        if info.document_id is not None:
            self.show_document(info.document_id)
            if self._shown_document == info.document_id:
                self.pdf.show_locations(info.reference.location)

    def show_document(self, document_id: int) -> None:
        if self._shown_document == document_id and self.pdf.path is not None:
            return
        path = self.backend.document_path(document_id)
        self._shown_document = document_id if self.pdf.load(path) else None
        self._update_start_screen()

    def _pdf_clicked(self, page: int, x: float, y: float) -> None:
        if self._shown_document is None:
            return
        ref_id = self.backend.locate(self._shown_document, page, x, y)
        if ref_id is None:
            return
        if not self.select_id(ref_id):
            self.sidebar.select("document", self._shown_document)
            self.select_id(ref_id)

    # ------------------------------------------------------------------ refreshing
    def rows_changed(self, ids: Sequence[int]) -> None:
        self.model.refresh_ids(ids)
        current = self.current_id()
        if current is not None and current in ids:
            self.show_reference(current)

    def library_changed(self) -> None:
        keep = self.current_id()
        try:
            self.model.refresh()
        except InputError:
            self.scope = ("all", None)
            self.model.set_query("")
        self.refresh_totals()
        self.refresh_sidebar()
        if keep is not None and not self.select_id(keep):
            self.show_reference(self.current_id())
        elif keep is None and self.model.rowCount():
            self.table.selectRow(0)
        self._update_start_screen()
        self._update_counts()

    def reload(self) -> None:
        self.library_changed()

    def refresh_totals(self) -> None:
        """Re-count references and documents (after anything that adds or removes some)."""
        self.totals = (self.backend.total(), self.backend.document_count())

    def refresh_sidebar(self) -> None:
        self.sidebar.populate(
            self.totals[0],
            self.backend.documents(),
            self.backend.tags(),
            self.backend.saved_searches(),
            len(self._duplicates) if self._duplicates else None,
        )
        self.model.tag_colours = {t.name: t.colour for t in self.backend.tags()}

    def _update_counts(self) -> None:
        selected = len(self.table.selectionModel().selectedRows())
        text = f"{self.model.rowCount():,} shown · {self.totals[0]:,} references · " + (
            f"{self.totals[1]:,} documents"
        )
        if selected:
            text += f" · {selected} selected"
        self.counts_label.setText(text)

    def _update_start_screen(self) -> None:
        empty = self.totals == (0, 0)
        self.start_button.setVisible(empty and resource("sample-paper.pdf").is_file())
        if empty:
            self.pdf.placeholder.setText(
                "Your library is empty.\n\nDrop PDFs (or a folder, or a .bib file) here,\n"
                "or use File > Import PDFs... (Ctrl+O),\n"
                "or open the sample paper to see how it works."
            )
        elif self.pdf.path is None:
            self.pdf.placeholder.setText("Select a reference or a document to see its PDF.")

    # ------------------------------------------------------------------ editing
    def request_edit(self, ref_id: int, field: str, value: str) -> bool:
        """Push an undoable edit of one field (from the table or the entry editor)."""
        label = field.replace("container-title", "container").replace("issued", "year")
        try:
            self.backend.check_field(field, value)
        except InputError as exc:
            self.show_error(str(exc))
            return False
        self.undo_stack.push(
            BackendCommand(
                f"edit {label}",
                lambda: self.backend.set_field(ref_id, field, value),
                self.backend.undo_field,
                self,
                ids=[ref_id],
            )
        )
        return True

    def request_span(self, ref_id: int, field: str, start: int, end: int) -> None:
        self.undo_stack.push(
            BackendCommand(
                f"assign text to {field}",
                lambda: self.backend.assign_span(ref_id, field, start, end),
                self.backend.undo_assign,
                self,
                ids=[ref_id],
            )
        )

    def edit_current(self) -> None:
        index = self.table.currentIndex()
        if index.isValid():
            if not self.model.flags(index) & Qt.ItemFlag.ItemIsEditable:
                index = self.model.index(index.row(), 3)  # the title
                self.table.setCurrentIndex(index)
            self.table.edit(index)

    def delete_selected(self) -> None:
        focus = QApplication.focusWidget()
        if self.search.hasFocus() or (focus is not None and self.editor.isAncestorOf(focus)):
            return  # Delete belongs to the text being edited there
        ids = self.selected_ids()
        if not ids:
            return
        self.undo_stack.push(
            BackendCommand(
                f"delete {len(ids)} reference{'s' if len(ids) > 1 else ''}",
                lambda: self.backend.delete(ids),
                self.backend.restore,
                self,
                structural=True,
            )
        )

    def tag_selected(self, tag: str, add: bool = True) -> None:
        ids = self.selected_ids()
        if not ids or not tag:
            return
        verb = "tag" if add else "untag"
        self.undo_stack.push(
            BackendCommand(
                f"{verb} {len(ids)} as {tag}",
                lambda: self.backend.tag(ids, tag, add),
                self.backend.undo_tag,
                self,
                structural=True,
            )
        )

    def tag_selected_dialog(self) -> None:
        tag = ask_text(self, "Tag", f"Tag the {len(self.selected_ids())} selected references with:")
        if tag:
            self.tag_selected(tag, True)

    def untag_selected_dialog(self) -> None:
        tag = ask_text(self, "Untag", "Remove the tag:")
        if tag:
            self.tag_selected(tag, False)

    def reparse_selected(self) -> None:
        current = self.current_id()
        clean = self.selected_ids() or ([current] if current is not None else [])
        if not clean:
            return
        self.undo_stack.push(
            BackendCommand(
                f"re-parse {len(clean)} reference{'s' if len(clean) > 1 else ''}",
                lambda: self.backend.reparse(clean),
                self.backend.undo_reparse,
                self,
                ids=clean,
            )
        )

    def copy_selected(self, kind: str) -> None:
        ids = self.selected_ids()
        if not ids:
            return
        text = self.backend.bibtex(ids) if kind == "bibtex" else self.backend.citations(ids)
        clipboard = QGuiApplication.clipboard()
        clipboard.setText(text)
        self.statusBar().showMessage(f"Copied {len(ids)} as {kind}", 3000)

    def _table_menu(self, pos: QPoint) -> None:
        menu = QMenu(self)
        menu.addAction(self.act_edit)
        menu.addAction("Tag selected...", self.tag_selected_dialog)
        menu.addAction("Untag selected...", self.untag_selected_dialog)
        menu.addAction("Re-parse selected", self.reparse_selected)
        menu.addAction("Copy as BibTeX", lambda: self.copy_selected("bibtex"))
        menu.addAction("Copy as citation", lambda: self.copy_selected("citation"))
        menu.addAction("Export selected...", lambda: self.export_dialog("selection"))
        menu.addSeparator()
        menu.addAction(self.act_delete)
        menu.exec(self.table.viewport().mapToGlobal(pos))

    def retrain(self) -> None:
        """Retrain the parser with the corrections kept in this library (background)."""
        self.jobs.start(
            "Training the parser",
            self.backend.retrain,
            on_success=lambda result: self.statusBar().showMessage(
                f"The parser learnt from {result[0]} corrections; new imports and "
                "Re-parse use it now",
                10_000,
            ),
            on_failure=self._job_failed,
            on_progress=self._job_progress,
        )

    # ------------------------------------------------------------------ sidebar items
    def _sidebar_menu(self, pos: QPoint) -> None:
        item = self.sidebar.itemAt(pos)
        if item is None:
            return
        kind, key = item.data(0, KIND_ROLE), item.data(0, KEY_ROLE)
        menu = QMenu(self)
        if kind == "tag" and isinstance(key, str):
            menu.addAction("Set colour...", lambda: self.choose_tag_colour(key))
            menu.addAction("Rename...", lambda: self.rename_tag_dialog(key))
            menu.addAction("Delete tag", lambda: self.delete_tag(key))
        elif kind == "search" and isinstance(key, str):
            menu.addAction("Delete saved search", lambda: self.delete_saved_search(item.text(0)))
        elif kind == "document":
            menu.addAction("Remove document", self.remove_document)
        else:
            return
        menu.exec(self.sidebar.viewport().mapToGlobal(pos))

    def choose_tag_colour(self, tag: str, colour: str | None = None) -> None:
        if colour is None:
            chosen = QColorDialog.getColor(parent=self, title=f"Colour of {tag}")
            if not chosen.isValid():
                return
            colour = chosen.name()
        self.undo_stack.push(
            BackendCommand(
                f"colour tag {tag}",
                lambda: self.backend.set_tag_colour(tag, colour),
                self.backend.undo_tag_colour,
                self,
                structural=True,
            )
        )

    def rename_tag_dialog(self, tag: str, new: str | None = None) -> None:
        new = new or ask_text(self, "Rename tag", f"New name for {tag}:", tag)
        if not new or new == tag:
            return
        if self.scope == ("tag", tag):
            self.scope = ("tag", new)
        self.undo_stack.push(
            BackendCommand(
                f"rename tag {tag}",
                lambda: self.backend.rename_tag(tag, new),
                self.backend.undo_rename_tag,
                self,
                structural=True,
            )
        )

    def delete_tag(self, tag: str) -> None:
        if self.scope == ("tag", tag):
            self.sidebar.select("all")
        self.undo_stack.push(
            BackendCommand(
                f"delete tag {tag}",
                lambda: self.backend.delete_tag(tag),
                self.backend.restore_tag,
                self,
                structural=True,
            )
        )

    def delete_saved_search(self, name: str) -> None:
        self.backend.delete_saved_search(name)
        self.refresh_sidebar()

    # ------------------------------------------------------------------ duplicates
    def find_duplicates(self) -> None:
        self.duplicates_status.setText("Looking for duplicates...")
        self.duplicates.setRowCount(0)
        self.jobs.start(
            "Finding duplicates",
            self.backend.find_duplicates,
            on_success=self._show_duplicates,
            on_failure=self._job_failed,
        )

    def _show_duplicates(self, pairs: list[DuplicatePair]) -> None:
        self._duplicates = pairs
        self.duplicates.setRowCount(len(pairs))
        for row, pair in enumerate(pairs):
            for col, text in enumerate(
                (pair.left_text, pair.right_text, f"{pair.score:.2f}", "; ".join(pair.reasons))
            ):
                item = QTableWidgetItem(text)
                item.setToolTip(text)
                self.duplicates.setItem(row, col, item)
        self.duplicates_status.setText(
            f"{len(pairs)} proposed merges" if pairs else "No duplicates found."
        )
        if pairs:
            self.duplicates.selectRow(0)
        self.sidebar.duplicates_item.setText(0, f"Duplicates ({len(pairs)})")

    def selected_pair(self) -> DuplicatePair | None:
        row = self.duplicates.currentRow()
        return self._duplicates[row] if 0 <= row < len(self._duplicates) else None

    def merge_selected_pair(self, dialog_hook: Any = None) -> None:
        pair = self.selected_pair()
        if pair is None:
            return
        left = self.backend.stored(pair.a)
        right = self.backend.stored(pair.b)
        if left is None or right is None:
            return
        dialog = MergeDialog(left.reference, right.reference, "; ".join(pair.reasons), self)
        if dialog_hook is not None:
            dialog_hook(dialog)
        elif dialog.exec() != MergeDialog.DialogCode.Accepted:
            return
        keep, other = (pair.a, pair.b) if dialog.keeps_left() else (pair.b, pair.a)
        sides = (pair.a, pair.b)
        choices = {name: sides[side] for name, side in dialog.choices().items()}
        self.undo_stack.push(
            BackendCommand(
                "merge duplicates",
                lambda: self.backend.merge(keep, [other], choices),
                self.backend.undo_merge,
                self,
                structural=True,
            )
        )
        self._remove_pair(pair)

    def mark_not_duplicate(self) -> None:
        pair = self.selected_pair()
        if pair is None:
            return
        self.undo_stack.push(
            BackendCommand(
                "mark not a duplicate",
                lambda: self.backend.not_duplicate(pair.a, pair.b),
                self.backend.undo_not_duplicate,
                self,
                structural=True,
            )
        )
        self._remove_pair(pair)

    def _remove_pair(self, pair: DuplicatePair) -> None:
        if pair in self._duplicates:
            row = self._duplicates.index(pair)
            self._duplicates.pop(row)
            self.duplicates.removeRow(row)
            self.duplicates_status.setText(f"{len(self._duplicates)} proposed merges")

    # ------------------------------------------------------------------ import
    def import_pdfs_dialog(self) -> None:
        names, _ = QFileDialog.getOpenFileNames(self, "Import PDFs", "", "PDF files (*.pdf)")
        if names:
            self.import_paths([Path(n) for n in names])

    def import_bib_dialog(self) -> None:
        names, _ = QFileDialog.getOpenFileNames(
            self, "Import bibliography files", "", "Bibliographies (*.bib *.ris *.json)"
        )
        if names:
            self.import_paths([Path(n) for n in names])

    def import_folder_dialog(self) -> None:
        name = QFileDialog.getExistingDirectory(self, "Import a folder of PDFs")
        if name:
            self.import_paths([Path(name)])

    def open_sample(self) -> None:
        self.import_paths([resource("sample-paper.pdf")])

    def import_paths(self, paths: list[Path]) -> Job | None:
        """Import files and folders in the background; rows appear as documents finish."""
        files = self.backend.importable(paths)
        if not files:
            self.show_error("Nothing to import: no PDF, .bib, .ris or .json file in what was given")
            return None
        return self.jobs.start(
            f"Importing {len(files)} file{'s' if len(files) > 1 else ''}",
            lambda ctx: self.backend.import_files(files, ctx),
            on_success=self._import_done,
            on_failure=self._job_failed,
            on_partial=self._import_progress,
            on_progress=self._job_progress,
            on_cancelled=self._import_cancelled,
        )

    def _import_progress(self, item: ImportItem) -> None:
        """A file finished: report its problems now (a PDF that could not be read is kept,
        marked failed, in the sidebar), show its rows soon (refreshes are coalesced, so a
        fast import does not keep the main thread busy)."""
        if item.status == "already":
            return
        for line in item.lines():
            self.show_error(line)
        if (item.created or item.references) and not self.import_refresh.isActive():
            self.import_refresh.start()

    def _refresh_during_import(self) -> None:
        """New rows and documents appear; the selection and the editor are left alone."""
        self.refresh_totals()
        try:
            keep = self.current_id()
            self.model.refresh()
            if keep is not None:
                self._reselect_quietly(keep)
        except InputError:
            pass
        self.refresh_sidebar()
        self._update_start_screen()
        self._update_counts()

    def _reselect_quietly(self, ref_id: int) -> None:
        row = self.model.row_of_id(ref_id)
        if row < 0 and self.model.rowCount():
            self.model.row_at(0)
            row = self.model.row_of_id(ref_id)
        if row >= 0:
            selection = self.table.selectionModel()
            selection.blockSignals(True)
            selection.setCurrentIndex(
                self.model.index(row, 0),
                QItemSelectionModel.SelectionFlag.ClearAndSelect
                | QItemSelectionModel.SelectionFlag.Rows,
            )
            selection.blockSignals(False)
            self.table.viewport().update()

    def _import_done(self, summary: ImportSummary) -> None:
        self.import_refresh.stop()
        self.last_import = summary
        if summary.token is not None and (summary.document_ids or summary.reference_ids):
            self.undo_stack.push(
                BackendCommand(
                    f"import {summary.describe()}",
                    lambda: self.backend.redo_import(summary),
                    lambda _t: self.backend.undo_import(summary),
                    self,
                    structural=True,
                    already_done=summary.token,
                )
            )
        self.statusBar().showMessage(f"Imported {summary.describe()}", 6000)
        self.library_changed()  # once: the command above does not refresh on its first run
        if summary.document_ids and self._shown_document is None:
            last = summary.document_ids[-1]
            QTimer.singleShot(0, self, lambda: self.show_document(last))

    def _import_cancelled(self) -> None:
        self.import_refresh.stop()
        self.statusBar().showMessage("Import cancelled: the documents already read were kept", 6000)
        self.library_changed()

    def paste_dialog(self) -> None:
        dialog = PasteDialog(QGuiApplication.clipboard().text(), self)
        if dialog.exec() == PasteDialog.DialogCode.Accepted:
            self.paste_references(dialog.references())

    def paste_references(self, texts: list[str]) -> None:
        if not texts:
            return
        self.undo_stack.push(
            BackendCommand(
                f"paste {len(texts)} reference{'s' if len(texts) > 1 else ''}",
                lambda: self.backend.add_texts(texts),
                self.backend.remove_added,
                self,
                structural=True,
            )
        )

    def remove_document(self) -> None:
        kind, key = self.scope
        if kind != "document" or not isinstance(key, int):
            self.statusBar().showMessage("Choose a document in the sidebar first", 4000)
            return
        self.undo_stack.push(
            BackendCommand(
                "remove document",
                lambda: self.backend.remove_document(key),
                self.backend.restore_document,
                self,
                structural=True,
            )
        )
        self.pdf.load(None)
        self._shown_document = None
        self.sidebar.select("all")

    # ------------------------------------------------------------------ export
    def export_dialog(self, scope: str | None = None, dialog_hook: Any = None) -> None:
        available = ["all"]
        if self.selected_ids():
            available.insert(0, "selection")
        if self.scope[0] == "document":
            available.append("document")
        if self.scope[0] == "tag":
            available.append("tag")
        if self.full_query():
            available.append("search")
        default = scope or ("selection" if len(self.selected_ids()) > 1 else "all")
        dialog = ExportDialog(self, tuple(available), default)
        if dialog_hook is not None:
            dialog_hook(dialog)
        elif dialog.exec() != ExportDialog.DialogCode.Accepted:
            return
        chosen = dialog.scope()
        ids: list[int] | None = None
        query = ""
        if chosen == "selection":
            ids = self.selected_ids()
        elif chosen in ("document", "tag"):
            query = self.scope_query()
        elif chosen == "search":
            query = self.full_query()
        try:
            count = self.backend.export(dialog.fmt(), dialog.path(), ids=ids, query=query)
        except InputError as exc:
            self.show_error(str(exc))
            return
        self.statusBar().showMessage(f"Exported {count} references to {dialog.path()}", 6000)

    # ------------------------------------------------------------------ drag and drop
    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        if event.mimeData().hasUrls():
            event.acceptProposedAction()

    def dropEvent(self, event: QDropEvent) -> None:
        paths = [Path(u.toLocalFile()) for u in event.mimeData().urls() if u.isLocalFile()]
        if paths:
            event.acceptProposedAction()
            self.import_paths(paths)

    # ------------------------------------------------------------------ jobs and errors
    def _job_started(self, job: Job) -> None:
        self.job_label.setText(job.name)
        self.progress.setRange(0, 0)
        for widget in (self.job_label, self.progress, self.cancel_button):
            widget.show()

    def _job_progress(self, done: int, total: int, message: str) -> None:
        if total > 0:
            self.progress.setRange(0, total)
            self.progress.setValue(done)
        if message:
            self.job_label.setText(message)

    def _jobs_idle(self) -> None:
        for widget in (self.job_label, self.progress, self.cancel_button):
            widget.hide()

    def _job_failed(self, error: BaseException) -> None:
        if isinstance(error, InputError):
            self.show_error(str(error))
        else:
            self.show_error(f"internal error: {type(error).__name__}: {error}")

    def show_error(self, message: str) -> None:
        """Add a line to the Problems panel (never a blocking dialog)."""
        self.errors.append(message)
        self.error_list.addItem(message)
        self.error_list.scrollToBottom()
        self.error_dock.show()
        self.statusBar().showMessage(message, 8000)

    def open_url(self, url: str) -> None:
        QDesktopServices.openUrl(QUrl(url))


__all__ = ["MainWindow"]
