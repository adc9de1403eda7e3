"""The main window: library sidebar | PDF | table over the entry editor.

Menus File, Edit, View, Library, Help; a status bar with counts, the progress of the
running job (with Cancel) and Undo after a delete or a tag; a non-blocking Problems panel;
splitters, columns and geometry kept in QSettings.

The window lays out the widgets, keeps the table, the editor and the PDF pane in step, and
refreshes what a change touched (:meth:`MainWindow.apply_changes`). The concerns live in
``refmanager.gui.controllers``. Every change goes through the one command factory
(``refmanager.gui.commands``); every use case is a method of the service ``Session``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import (
    QItemSelection,
    QItemSelectionModel,
    QModelIndex,
    QPoint,
    QSettings,
    Qt,
    QTimer,
)
from PySide6.QtGui import (
    QAction,
    QActionGroup,
    QCloseEvent,
    QDragEnterEvent,
    QDropEvent,
    QKeySequence,
    QUndoStack,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QDockWidget,
    QHeaderView,
    QListWidget,
    QMainWindow,
    QMenu,
    QPushButton,
    QSplitter,
    QStackedWidget,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from refmanager.gui import window_state
from refmanager.gui.commands import CommandFactory, describe_error
from refmanager.gui.controllers.attachments import AttachmentController
from refmanager.gui.controllers.desktop import DesktopController
from refmanager.gui.controllers.duplicates import DuplicatesController
from refmanager.gui.controllers.editing import EditController
from refmanager.gui.controllers.export import ExportController
from refmanager.gui.controllers.files import FilesController
from refmanager.gui.controllers.imports import ImportController
from refmanager.gui.controllers.search import SearchController
from refmanager.gui.controllers.sharing import SharingController
from refmanager.gui.delegates import FieldDelegate
from refmanager.gui.dialogs import about
from refmanager.gui.entry_editor import EntryEditor
from refmanager.gui.jobs import JobRunner
from refmanager.gui.look import THEMES, apply_theme, resource
from refmanager.gui.pdf_pane import PdfPane
from refmanager.gui.read_only import READER_EXPLANATION, READER_NOTE, show_read_only
from refmanager.gui.sidebar import KEY_ROLE, KIND_ROLE, Sidebar
from refmanager.gui.status import StatusArea
from refmanager.gui.table_model import (
    ASYNC_ROWS,
    COLUMNS,
    ID_ROLE,
    PAGE_SIZE,
    PageRequest,
    ReferenceTableModel,
    ViewRequest,
    ViewSnapshot,
)
from refmanager.model import InputError
from refmanager.service import page_links
from refmanager.service.importing import ImportReport
from refmanager.service.session import Session
from refmanager.service.views import STRUCTURE, Changes

RESELECT_LIMIT = 2000  # a refresh keeps at most this many selected rows selected
PROBLEMS_MIN_HEIGHT = 80
Shortcut = QKeySequence | QKeySequence.StandardKey | str | None
SPLIT = (130, 370, 500)  # sidebar, PDF, table and editor: the shares of a first window


class MainWindow(QMainWindow):
    """The refmanager window on one library."""

    def __init__(self, library: Path, session: Session | None = None) -> None:
        super().__init__()
        self.setWindowTitle(f"refmanager — {library}")
        self.setAcceptDrops(True)
        self.session = session if session is not None else Session(library)
        self.jobs = JobRunner(self)
        # Reads for the table run on one long-lived thread with its own connection.
        self.reader = JobRunner(self, max_threads=1, keep_threads=True)
        self.undo_stack = QUndoStack(self)
        self.commands = CommandFactory(self.undo_stack, self.session, self, self.show_error, self)
        self.errors: list[str] = []
        self._shown_document: int | None = None
        self.totals = (0, 0)  # references, documents

        self._build_widgets()
        self._build_menus()
        self._build_status_bar()
        if self.session.read_only:
            show_read_only(self, self.table, self.change_actions)
        elif self.sharing.reader():
            show_read_only(self, self.table, self.change_actions, READER_NOTE, READER_EXPLANATION)
        self.restore_settings()
        self.refresh_totals()
        self.refresh_sidebar()
        self.session.start_auto_export()  # files set up with export --keep-updated
        self.sharing.start()  # a shared library syncs while the window is open
        self._update_start_screen()
        self._update_counts()

    # ------------------------------------------------------------------ Host (controllers)
    def widget(self) -> QWidget:
        return self

    def notify(self, message: str, msecs: int = 6000) -> None:
        self.status.notify(message, msecs)

    def offer_undo(self, message: str) -> None:
        self.status.offer_undo(message)

    def job_progress(self, done: int, total: int, message: str) -> None:
        self.status.job_progress(done, total, message)

    # ------------------------------------------------------------------ construction
    def _build_widgets(self) -> None:
        self.sidebar = Sidebar(self)
        self.sidebar.chosen.connect(self.choose_scope)
        self.sidebar.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.sidebar.customContextMenuRequested.connect(self._sidebar_menu)

        self.pdf = PdfPane(self)
        self.pdf.pageClicked.connect(self._pdf_clicked)
        self.pdf.loaded.connect(self._pdf_loaded)
        self._checking_document: int | None = None
        self.start_button = QPushButton("Open the sample paper", self.pdf)
        self.start_button.setObjectName("sampleButton")
        pdf_layout = self.pdf.layout()
        if pdf_layout is not None:
            pdf_layout.addWidget(self.start_button)

        self.show_timer = QTimer(self)
        self.show_timer.setSingleShot(True)
        self.show_timer.setInterval(0)
        self.show_timer.timeout.connect(self._show_current)

        self.model = ReferenceTableModel(self.session, self)
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
        self.table.selectionModel().selectionChanged.connect(lambda _s, _d: self._update_counts())
        self.table.selectionModel().currentRowChanged.connect(self._current_changed)
        self.table.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.table.customContextMenuRequested.connect(self._table_menu)

        self.searching = SearchController(self, self.model, self)
        self.searching.shown.connect(self._query_shown)
        self.searching.wholeLibraryRequested.connect(lambda: self.sidebar.select("all"))
        self.search = self.searching.box
        self.search_message = self.searching.message
        self.dups = DuplicatesController(self, self)
        self.dups.counted.connect(
            lambda n: self.sidebar.duplicates_item.setText(0, f"Duplicates ({n})")
        )
        self.imports = ImportController(self, self)
        self.imports.view_wanted = self._view_wanted
        self.imports.progressed.connect(self._refresh_during_import)
        self.imports.finished.connect(self._import_finished)
        self.start_button.clicked.connect(self.imports.open_sample)
        self.exports = ExportController(self, self._export_scopes, self)
        self.edits = EditController(self, self.searching, self.sidebar, self)
        self.desktop = DesktopController(self, self.searching, self)
        self.files = FilesController(self, self)
        self.attachments = AttachmentController(self, self.desktop.open_url, self)
        self.sharing = SharingController(
            self, self.statusBar(), self._open_window, self._file_arrived, self
        )
        self._other_windows: list[MainWindow] = []  # shared libraries joined from here
        self.model.edit_handler = self.edits.request_edit

        table_host = QWidget(self)
        table_layout = QVBoxLayout(table_host)
        table_layout.setContentsMargins(0, 0, 0, 0)
        table_layout.setSpacing(2)
        table_layout.addWidget(self.search)
        table_layout.addWidget(self.searching.scope_label)
        table_layout.addWidget(self.search_message)
        table_layout.addWidget(self.searching.everywhere)
        self.extraction_note = self.searching.extraction_note
        table_layout.addWidget(self.extraction_note)
        table_layout.addWidget(self.table, 1)

        self.stack = QStackedWidget(self)
        self.stack.addWidget(table_host)
        self.stack.addWidget(self.dups.view)

        self.editor = EntryEditor(self)
        self.editor.fieldEdited.connect(self.edits.request_edit)
        self.editor.spanAssigned.connect(self.edits.request_span)
        self.editor.reparseRequested.connect(self.edits.reparse_selected)
        self.editor.noteEdited.connect(self.edits.request_note)
        self.editor.splitRequested.connect(self.edits.split_row)
        self.edits.marked.connect(self.pdf.set_marks)
        self.pdf.markRequested.connect(
            lambda kind, page, x, y: self.edits.mark_list(kind, self._shown_document, page, x, y)
        )

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
        self.main_splitter.setSizes(list(SPLIT))
        # "Table below the PDF" moves the PDF and the table into this vertical splitter
        self.below_splitter = QSplitter(Qt.Orientation.Vertical, self)
        self.below_splitter.setObjectName("belowSplitter")
        self.main_splitter.addWidget(self.below_splitter)
        self.below_splitter.hide()
        self.table_below = False
        self.setCentralWidget(self.main_splitter)

        self.error_list = QListWidget(self)
        self.error_list.setObjectName("errors")
        self.error_list.setMinimumHeight(PROBLEMS_MIN_HEIGHT - 30)
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
        shortcut: Shortcut = None,
    ) -> QAction:
        action = QAction(text, self)
        if shortcut is not None:
            action.setShortcut(
                shortcut if isinstance(shortcut, QKeySequence) else QKeySequence(shortcut)
            )
        action.triggered.connect(lambda _checked=False: slot())
        menu.addAction(action)
        return action

    def _change(self, menu: QMenu, text: str, slot: Any, shortcut: Shortcut = None) -> QAction:
        """An action that changes the library (disabled when it is read-only)."""
        action = self._action(menu, text, slot, shortcut)
        self.change_actions.append(action)
        return action

    def _build_menus(self) -> None:
        self.change_actions: list[QAction] = []
        bar = self.menuBar()
        imports, exports, edits = self.imports, self.exports, self.edits
        file_menu = bar.addMenu("&File")
        self.act_import = self._change(
            file_menu, "&Import PDFs...", imports.pdfs_dialog, QKeySequence.StandardKey.Open
        )
        self._change(file_menu, "Import &BibTeX/RIS/CSL-JSON...", imports.bibliographies_dialog)
        self._change(file_menu, "Import &folder...", imports.folder_dialog)
        file_menu.addSeparator()
        self.act_export = self._action(
            file_menu, "&Export...", exports.export_dialog, QKeySequence("Ctrl+E")
        )
        self._change(file_menu, "&Keep a file up to date...", exports.keep_updated_dialog)
        file_menu.addSeparator()
        self._change(file_menu, "&Share library...", self.sharing.share_dialog)
        self._action(file_menu, "&Join shared library...", self.sharing.join_dialog)
        self._action(file_menu, "Shared library &conflicts...", self.sharing.conflict_dialog)
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
        self.act_edit = self._change(edit_menu, "&Edit cell", self.edit_current, "F2")
        self.act_delete = self._change(
            edit_menu, "&Delete references", self.delete_selected, QKeySequence.StandardKey.Delete
        )
        self._change(edit_menu, "&Paste references...", imports.paste_dialog, "Ctrl+Shift+V")
        self._action(
            edit_menu, "Copy as &BibTeX", lambda: exports.copy_selected("bibtex"), "Ctrl+Shift+C"
        )
        self._action(edit_menu, "Copy as &citation", lambda: exports.copy_selected("citation"))
        edit_menu.addSeparator()
        self._change(edit_menu, "&Tag selected...", edits.tag_selected_dialog, "Ctrl+T")
        self._change(edit_menu, "&Untag selected...", edits.untag_selected_dialog)
        self._change(edit_menu, "&Re-parse selected", edits.reparse_selected, "Ctrl+R")
        edit_menu.addSeparator()
        self._change(edit_menu, "&Merge rows into one entry", edits.merge_rows, "Ctrl+M")
        self._change(edit_menu, "&Split the entry at the cursor", self.editor.request_split)
        self._change(edit_menu, "&Not a reference", edits.mark_not_references, "Ctrl+Shift+N")
        edit_menu.addSeparator()
        self.act_find = self._action(
            edit_menu, "&Find", self.searching.focus, QKeySequence.StandardKey.Find
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
        self._change(library_menu, "&Save this search...", self.searching.save_dialog)
        self._change(library_menu, "&Remove document...", edits.remove_document)
        library_menu.addSeparator()
        self._action(
            library_menu, "&Open PDF in the system viewer", self.desktop.open_pdf, "Ctrl+Shift+O"
        )
        self._action(library_menu, "Show PDF in &folder", self.desktop.show_in_folder)
        library_menu.addSeparator()
        self._change(library_menu, "&Learn from my corrections", edits.retrain)
        self._change(library_menu, "Delete &unused files...", self.files.prune_unused_files)
        self._action(
            library_menu,
            "&Refresh",
            lambda: self.apply_changes(STRUCTURE),
            QKeySequence.StandardKey.Refresh,
        )

        help_menu = bar.addMenu("&Help")
        self._action(help_menu, "&Search syntax", self.searching.show_help)
        self._action(help_menu, "&About refmanager", lambda: about(self))

    def _build_status_bar(self) -> None:
        self.status = StatusArea(
            self.statusBar(), self.undo_stack, (self.jobs, self.commands.writer)
        )

    # ------------------------------------------------------------------ settings
    def _splitters(self) -> tuple[QSplitter, ...]:
        return (self.main_splitter, self.below_splitter, self.right_splitter, self.editor.splitter)

    def restore_settings(self) -> None:
        header = self.table.horizontalHeader()
        self.set_table_below(window_state.restore(self, header))
        window_state.restore_splitters(self._splitters())

    def save_settings(self) -> None:
        header = self.table.horizontalHeader()
        window_state.save(self, self._splitters(), header, self.table_below)

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
        self.editor.refresh_colours()

    def closeEvent(self, event: QCloseEvent) -> None:
        self.save_settings()
        self.pdf.safety.stop()  # a PDF still being checked is not shown any more
        self.jobs.cancel_all()
        self.imports.stop_refreshing()
        self.jobs.wait(10_000)
        self.commands.wait(60_000)  # a change under way is finished, never cut off
        self.reader.wait(10_000)
        self.sharing.stop()
        self.session.close()
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

    # ------------------------------------------------------------------ scope
    def choose_scope(self, kind: str, key: object) -> None:
        if kind == "duplicates":
            self.stack.setCurrentIndex(1)
            self.dups.show()
            return
        self.dups.hide()
        self.stack.setCurrentIndex(0)
        self.searching.set_scope(kind, key, self.sidebar.current_name())
        if kind == "document" and isinstance(key, int):
            self.show_document(key)
        self.searching.apply()

    def _query_shown(self) -> None:
        self._update_counts()
        if self.model.rowCount() and not self.table.selectionModel().hasSelection():
            self.table.selectRow(0)
        elif not self.model.rowCount():
            self.show_reference(None)

    def _export_scopes(self) -> dict[str, str]:
        """What File > Export offers besides the selection: scope name -> query."""
        scopes = {"all": ""}
        kind = self.searching.scope[0]
        if kind in ("document", "tag"):
            scopes[kind] = self.searching.scope_query()
        query = self.searching.full_query()
        if query:
            scopes["search"] = query
        return scopes

    def _load_page(self, request: PageRequest) -> None:
        self.reader.start(
            "page",
            lambda _ctx: self.session.read_rows(
                request.query, request.order_by, request.descending, request.offset, PAGE_SIZE
            ),
            on_success=lambda rows: self.model.deliver(request, rows),
            on_failure=lambda exc: self._page_failed(request, exc),
        )

    def _page_failed(self, request: PageRequest, error: BaseException) -> None:
        self.model.page_failed(request)
        self.job_failed(error)

    # ------------------------------------------------------------------ selection and PDF
    def selected_ids(self) -> list[int]:
        selection = self.table.selectionModel().selection()
        count = self.model.rowCount()
        ranges = [selection.at(i) for i in range(selection.count())]
        if count > ASYNC_ROWS and any(r.top() == 0 and r.bottom() == count - 1 for r in ranges):
            return self.session.lib.search.search_ids(self.model.query)  # everything shown
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

    def select_ids(self, ids: list[int], current: int | None) -> bool:
        """Select the rows of ``ids`` that are shown (the current one stays current)."""
        selection = QItemSelection()
        for ref_id in ids[:RESELECT_LIMIT]:
            row = self.model.find_id(ref_id)
            if row >= 0:
                selection.select(self.model.index(row, 0), self.model.index(row, 0))
        if selection.isEmpty():
            return False
        model = self.table.selectionModel()
        flags = QItemSelectionModel.SelectionFlag
        current_row = self.model.find_id(current) if current is not None else -1
        if current_row >= 0:
            model.setCurrentIndex(self.model.index(current_row, 0), flags.NoUpdate)
        model.select(selection, flags.ClearAndSelect | flags.Rows)
        return True

    def _current_changed(self, _current: QModelIndex, _previous: QModelIndex) -> None:
        # Shown on the next turn of the event loop: a key held down in the table, or a
        # refresh that reselects, costs one editor and PDF update, not one per row.
        self.show_timer.start()

    def _show_current(self) -> None:
        self.show_reference(self.current_id())

    def show_reference(self, ref_id: int | None) -> None:
        """Show a reference in the editor, and its place in its PDF (no PDF: none shown)."""
        info = self.session.stored(ref_id) if ref_id is not None else None
        if info is None:
            self.editor.set_reference(None, None)
            self.pdf.view.set_highlights([])
            return
        self.editor.set_reference(info.id, info.reference, info.heading, info.notes)
        if info.document_id is None:
            self.show_no_document()
            return
        self.show_document(info.document_id)
        if self._shown_document == info.document_id:
            self.pdf.show_locations(info.reference.location)
        else:
            self.pdf.view.set_highlights([])

    def show_document(self, document_id: int) -> None:
        """Show a document's PDF (highlights of another paper are never kept)."""
        path = self.session.document_path(document_id)
        if self._shown_document == document_id and path is not None and self.pdf.path == path:
            return
        self.pdf.view.set_highlights([])
        self._shown_document = document_id if self.pdf.load(path) else None
        self._checking_document = document_id if self.pdf.checking() else None
        if path is not None and not path.is_file() and self.sharing.live is not None:
            self.pdf.placeholder.setText(
                "This PDF is still on its way from the shared library: it shows here as "
                "soon as it has arrived."
            )
            self.sharing.fetch_file(document_id)
        self._update_start_screen()

    def _pdf_loaded(self) -> None:
        """A PDF that was checked before it was shown is shown now: its document (and the
        current reference's place on it) as if it had loaded at once."""
        document_id, self._checking_document = self._checking_document, None
        if document_id is None:
            return
        self.show_document(document_id)
        current = self.current_id()
        if current is not None:
            self.show_reference(current)

    def _file_arrived(self, document_id: int) -> None:
        """A shared document's file arrived: show it if its reference is still shown."""
        current = self.current_id()
        if current is not None and self._shown_document is None:
            self.show_reference(current)
        elif self.searching.scope == ("document", document_id):
            self.show_document(document_id)

    def _open_window(self, folder: Path) -> None:
        """A window on another library (a shared library just joined)."""
        window = MainWindow(folder)
        self._other_windows.append(window)
        window.show()

    def show_no_document(self) -> None:
        self.pdf.load(None)
        self._shown_document = None
        self._update_start_screen()
        self.pdf.placeholder.setText("This reference was not read from a PDF.")

    def _pdf_clicked(self, page: int, x: float, y: float) -> None:
        if self._shown_document is None:
            return
        ref_id = page_links.reference_at(self.session.lib, self._shown_document, page, x, y)
        if ref_id is None:
            return
        if not self.select_id(ref_id):
            self.sidebar.select("document", self._shown_document)
            self.select_id(ref_id)

    # ------------------------------------------------------------------ refreshing
    def apply_changes(self, changes: Changes) -> None:
        """Refresh what a change (or its undo or redo) touched, and nothing else."""
        if changes.structure:
            self.refresh_totals()  # first: the whole table's count is the library's total
        if changes.structure or (changes.rows and self.searching.scope[0] != "all"):
            self._reread()  # rows come and go (or may leave a tag's or a search's scope)
        elif changes.rows:
            self.model.refresh_ids(changes.rows)
            current = self.current_id()
            if current is not None and current in changes.rows:
                self.show_reference(current)
        if changes.sidebar or changes.structure:
            self.refresh_sidebar()
        shown = self._shown_document
        if shown in changes.documents and self.session.document_path(shown) is None:
            self.show_reference(self.current_id())
        self.dups.changed(changes)
        self._update_start_screen()
        self._update_counts()

    def _reread(self) -> None:
        """Read the table again, keeping the selection and the current row where they are
        still shown."""
        keep, selected = self.current_id(), self.selected_ids()
        try:
            self.model.refresh(None if self.model.query else self.totals[0])
        except InputError:
            self.searching.set_scope("all", None)
            self.model.set_query("")
        if selected and self.select_ids(selected, keep):
            if keep is not None and self.current_id() == keep:
                self.show_reference(keep)
            else:
                self.show_reference(self.current_id())
            return
        if keep is not None and self.select_id(keep):
            return
        if self.model.rowCount():
            self.table.selectRow(0)
        else:
            self.show_reference(None)

    def _view_wanted(self) -> ViewRequest:
        """What an import's background refresh reads: the rows in view, and a screenful more."""
        top = max(0, self.table.rowAt(0))
        shown = self.table.viewport().height() // self.table.verticalHeader().defaultSectionSize()
        return self.model.view_request(top, top + shown + 1)

    def _refresh_during_import(self, view: ViewSnapshot) -> None:
        """New rows and documents appear (read in the background); the selection stays."""
        self.totals = (view.total, view.documents)
        self.searching.total = view.total
        keep = self.current_id()
        if self.model.show_view(view) and keep is not None:
            self._reselect_quietly(keep)
        self.refresh_sidebar()
        self._update_start_screen()
        self._update_counts()

    def _reselect_quietly(self, ref_id: int) -> None:
        row = self.model.row_of_id(ref_id)  # among the pages read (the first one always)
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

    def _import_finished(self, summary: ImportReport) -> None:
        if not summary.changed_anything:
            self.apply_changes(Changes(sidebar=True))
        if summary.document_ids and self.current_id() is None:
            self.sidebar.select("document", summary.document_ids[-1])

    def refresh_totals(self) -> None:
        """Re-count references and documents (after anything that adds or removes some)."""
        lib = self.session.lib
        self.totals = (lib.search.count(""), lib.documents.document_count())
        self.searching.total = self.totals[0]

    def refresh_sidebar(self) -> None:
        tags = self.session.tags()
        self.sidebar.populate(
            self.totals[0],
            self.session.documents(),
            tags,
            self.session.saved_searches(),
            len(self.dups.pairs) if self.dups.pairs else None,
        )
        self.model.tag_colours = {t.name: t.colour for t in tags}

    def _update_counts(self) -> None:
        selected = len(self.table.selectionModel().selectedRows())
        refs, docs = self.totals
        text = f"{self.model.rowCount():,} shown · {refs:,} references · {docs:,} documents"
        if selected:
            text += f" · {selected} selected"
        self.status.counts_label.setText(text)

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

    # ------------------------------------------------------------------ table actions
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
        self.edits.delete_selected()

    def _table_menu(self, pos: QPoint) -> None:
        menu = QMenu(self)
        menu.addAction(self.act_edit)
        menu.addAction("Tag selected...", self.edits.tag_selected_dialog)
        menu.addAction("Untag selected...", self.edits.untag_selected_dialog)
        menu.addAction("Re-parse selected", self.edits.reparse_selected)
        menu.addAction("Merge into one entry", self.edits.merge_rows)
        menu.addAction("Not a reference", self.edits.mark_not_references)
        menu.addAction("Copy as BibTeX", lambda: self.exports.copy_selected("bibtex"))
        menu.addAction("Copy as citation", lambda: self.exports.copy_selected("citation"))
        menu.addAction("Export selected...", lambda: self.exports.export_dialog("selection"))
        menu.addAction("Open PDF in the system viewer", self.desktop.open_pdf)
        menu.addAction("Show PDF in folder", self.desktop.show_in_folder)
        self.attachments.add_menu(menu)
        menu.addSeparator()
        menu.addAction(self.act_delete)
        menu.exec(self.table.viewport().mapToGlobal(pos))

    def _sidebar_menu(self, pos: QPoint) -> None:
        item = self.sidebar.itemAt(pos)
        if item is None:
            return
        kind, key = item.data(0, KIND_ROLE), item.data(0, KEY_ROLE)
        menu = QMenu(self)
        edits = self.edits
        if kind == "tag" and isinstance(key, str):
            menu.addAction("Set colour...", lambda: edits.choose_tag_colour(key))
            menu.addAction("Rename...", lambda: edits.rename_tag_dialog(key))
            menu.addAction("Delete tag", lambda: edits.delete_tag(key))
        elif kind == "search" and isinstance(key, str):
            menu.addAction("Delete saved search", lambda: edits.delete_saved_search(item.text(0)))
        elif kind == "document":
            menu.addAction("Open PDF in the system viewer", self.desktop.open_pdf)
            menu.addAction("Show PDF in folder", self.desktop.show_in_folder)
            menu.addAction("Remove document", edits.remove_document)
        else:
            return
        menu.exec(self.sidebar.viewport().mapToGlobal(pos))

    # ------------------------------------------------------------------ drag and drop
    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        if event.mimeData().hasUrls():
            event.acceptProposedAction()

    def dropEvent(self, event: QDropEvent) -> None:
        paths = [Path(u.toLocalFile()) for u in event.mimeData().urls() if u.isLocalFile()]
        if paths:
            event.acceptProposedAction()
            self.imports.import_paths(paths)

    # ------------------------------------------------------------------ jobs and errors
    def job_failed(self, error: BaseException) -> None:
        self.show_error(describe_error(error))

    def show_error(self, message: str) -> None:
        """Add a line to the Problems panel (never a blocking dialog): a strip at the
        bottom, a sixth of the window, when it opens."""
        self.errors.append(message)
        self.error_list.addItem(message)
        self.error_list.scrollToBottom()
        if not self.error_dock.isVisible():
            self.error_dock.show()
            strip = max(PROBLEMS_MIN_HEIGHT, self.height() // 6)
            self.resizeDocks([self.error_dock], [strip], Qt.Orientation.Vertical)
        self.statusBar().showMessage(message, 8000)


__all__ = ["MainWindow"]
