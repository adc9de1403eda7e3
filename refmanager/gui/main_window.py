"""The main window: library sidebar | PDF | table over the entry editor.

The window lays the widgets out, keeps the table, the editor and the PDF pane in step, and
refreshes what a change touched (:meth:`MainWindow.apply_changes`). Its parts live in
modules of their own: the menus as tables (``menus``), the references table
(``reference_table``), the Problems panel (``problems``), the status bar (``status``),
the keyboard's Undo (``undo_keys``), and one controller per concern in
``refmanager.gui.controllers``. Every change goes through the one command factory
(``refmanager.gui.commands``); every use case is a method of the service ``Session``.
"""

from __future__ import annotations

import itertools
from pathlib import Path

from PySide6.QtCore import QModelIndex, QPoint, QSettings, Qt, QTimer
from PySide6.QtGui import (
    QAction,
    QActionGroup,
    QCloseEvent,
    QDragEnterEvent,
    QDragLeaveEvent,
    QDropEvent,
    QKeySequence,
    QUndoStack,
)
from PySide6.QtWidgets import (
    QApplication,
    QFrame,
    QMainWindow,
    QMenu,
    QPushButton,
    QScrollArea,
    QSplitter,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from refmanager.gui import menus, window_state
from refmanager.gui.cjk_font import missing_chinese_font
from refmanager.gui.commands import CommandFactory, describe_error
from refmanager.gui.controllers.attachments import AttachmentController
from refmanager.gui.controllers.collections import CollectionController
from refmanager.gui.controllers.desktop import DesktopController
from refmanager.gui.controllers.duplicates import DuplicatesController
from refmanager.gui.controllers.editing import EditController
from refmanager.gui.controllers.export import ExportController
from refmanager.gui.controllers.files import FilesController
from refmanager.gui.controllers.imports import ImportController
from refmanager.gui.controllers.search import SearchController
from refmanager.gui.controllers.sharing import SharingController
from refmanager.gui.dialogs import about
from refmanager.gui.drops import FileDrop, local_paths
from refmanager.gui.entry_editor import EntryEditor
from refmanager.gui.jobs import JobRunner
from refmanager.gui.look import THEMES, apply_theme, resource
from refmanager.gui.outside_watch import OutsideWatch
from refmanager.gui.pdf_pane import PdfPane
from refmanager.gui.problems import ProblemsPanel
from refmanager.gui.read_only import READER_EXPLANATION, READER_NOTE, show_read_only
from refmanager.gui.reference_table import ReferenceTable
from refmanager.gui.sidebar import KEY_ROLE, KIND_ROLE, NAME_ROLE, Sidebar
from refmanager.gui.status import StatusArea
from refmanager.gui.table_model import PAGE_SIZE, PageRequest, ReferenceTableModel, ViewSnapshot
from refmanager.gui.undo_keys import UndoKeys
from refmanager.model import InputError
from refmanager.service import page_links
from refmanager.service.importing import ImportReport
from refmanager.service.session import Session
from refmanager.service.views import STRUCTURE, Changes, SidebarContents

SPLIT = (180, 370, 500)  # sidebar, PDF, table and editor: the shares of a first window
NARROW = 1200  # a window narrower than this opens with the table below the PDF


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
        self.undo_action = self.undo_stack.createUndoAction(self, "&Undo")
        self.undo_action.setShortcut(QKeySequence.StandardKey.Undo)
        self.redo_action = self.undo_stack.createRedoAction(self, "&Redo")
        self.redo_action.setShortcuts([QKeySequence("Ctrl+Shift+Z"), QKeySequence("Ctrl+Y")])
        self.problems = ProblemsPanel(self)
        self.commands = CommandFactory(self.undo_stack, self.session, self, self.show_error, self)
        self._shown_document: int | None = None
        self.totals = (0, 0)  # references, documents

        self._build_widgets()
        self.menu_actions = menus.build(self.menuBar(), self)
        self.status = StatusArea(
            self.statusBar(), self.undo_stack, (self.jobs, self.commands.writer)
        )
        self.table.drop_hint.connect(self.status.hint)  # what a drop of files would do
        self.sidebar.drop_hint.connect(self.status.hint)  # ... of rows on a collection
        self._set_tab_order()
        self.undo_keys = UndoKeys(self)
        if self.session.read_only:
            show_read_only(self, self.table, self.menu_actions.changes)
        elif self.sharing.reader():
            show_read_only(
                self, self.table, self.menu_actions.changes, READER_NOTE, READER_EXPLANATION
            )
        self.restore_settings()
        self.refresh_totals()
        self.refresh_sidebar()
        self.session.start_auto_export()  # files set up with export --keep-updated
        self.sharing.start()  # a shared library syncs while the window is open
        # writes by other processes (the command line, a shared library's sync) appear
        self.outside = OutsideWatch(
            self.session, self.reader, self._working, self.apply_changes, self
        )
        self.outside.start()
        self._update_start_screen()
        self._update_counts()
        self.say_if_no_chinese_font()
        if self.model.rowCount():
            self.table.select_row(0)  # the editor and the page show a reference at once

    def say_if_no_chinese_font(self) -> bool:
        """Say once, at start, when no installed font covers Chinese; True if it did."""
        no_font = missing_chinese_font()
        if no_font is not None:
            self.show_error(no_font)
        return no_font is not None

    # ------------------------------------------------------------------ Host (controllers)
    def widget(self) -> QWidget:
        return self

    def notify(self, message: str, msecs: int = 6000) -> None:
        self.status.notify(message, msecs)

    def offer_undo(self, message: str) -> None:
        self.status.offer_undo(message)

    def job_progress(self, done: int, total: int, message: str) -> None:
        self.status.job_progress(done, total, message)

    def selected_ids(self) -> list[int]:
        return self.table.selected_ids()

    def current_id(self) -> int | None:
        return self.table.current_id()

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
        self.table = ReferenceTable(self.model, self.session.lib.search.search_ids, self)
        self.table.selectionModel().selectionChanged.connect(lambda _s, _d: self._update_counts())
        self.table.selectionModel().currentRowChanged.connect(self._current_changed)
        self.table.customContextMenuRequested.connect(self._table_menu)

        self.searching = SearchController(self, self.model, self)
        self.searching.shown.connect(self._query_shown)
        self.searching.wholeLibraryRequested.connect(lambda: self.sidebar.select("all"))
        self.search = self.searching.box
        self.dups = DuplicatesController(self, self)
        self.dups.counted.connect(
            lambda n: self.sidebar.duplicates_item.setText(0, f"Duplicates ({n})")
        )
        self.imports = ImportController(self, self)
        self.imports.view_wanted = self.table.view_request
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
        self.collections = CollectionController(self, self.searching, self)
        self.table.queue_edit(self.edits.request_edit)
        self.table.files_dropped.connect(self.drop_files)
        self.sidebar.references_dropped.connect(self.collections.add)

        table_host = QWidget(self)
        table_layout = QVBoxLayout(table_host)
        table_layout.setContentsMargins(0, 0, 0, 0)
        table_layout.setSpacing(2)
        table_layout.addWidget(self.search)
        table_layout.addWidget(self.searching.scope_label)
        table_layout.addWidget(self.searching.message)
        table_layout.addWidget(self.searching.everywhere)
        table_layout.addWidget(self.searching.extraction_note)
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
        # the editor scrolls when the window is short (1024x700, the table below the PDF)
        # rather than squeezing the table to two rows
        editor_area = QScrollArea(self)
        editor_area.setObjectName("editorArea")
        editor_area.setWidgetResizable(True)
        editor_area.setFrameShape(QFrame.Shape.NoFrame)
        editor_area.setWidget(self.editor)
        self.right_splitter.addWidget(editor_area)
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

    def _set_tab_order(self) -> None:
        """Tab goes sidebar -> search -> table -> editor (its form top to bottom, the raw
        text, the notes) -> PDF (page, find, the page itself), and round again."""
        chain: list[QWidget] = [
            self.sidebar,
            self.search,
            self.table,
            *self.editor.focus_chain(),
            self.pdf.page_spin,
            self.pdf.find_edit,
            self.pdf.view,
        ]
        for first, second in itertools.pairwise(chain):
            QWidget.setTabOrder(first, second)

    # ------------------------------------------------------------------ menus
    def fill_theme_menu(self, menu: QMenu) -> None:
        menu.clear()
        group = QActionGroup(menu)
        current = str(QSettings().value("view/theme", "system"))
        for theme in THEMES:
            action = QAction(theme.capitalize(), menu, checkable=True)
            action.setChecked(theme == current)
            action.triggered.connect(lambda _c=False, t=theme: self.set_theme(t))
            group.addAction(action)
            menu.addAction(action)

    def show_about(self) -> None:
        about(self)

    def refresh_everything(self) -> None:
        self.apply_changes(STRUCTURE)

    def _table_menu(self, pos: QPoint) -> None:
        menu = menus.popup(menus.ROW, self, self.session.read_only)
        menu.exec(self.table.viewport().mapToGlobal(pos))

    def _sidebar_menu(self, pos: QPoint) -> None:
        item = self.sidebar.itemAt(pos)
        kind = item.data(0, KIND_ROLE) if item is not None else None
        if item is None or kind not in menus.SIDEBAR:
            return
        key = item.data(0, NAME_ROLE) if kind == "search" else item.data(0, KEY_ROLE)
        extra = () if kind in ("document", "collections") else (key,)
        if kind == "document":
            self.sidebar.setCurrentItem(item)  # its menu acts on the document shown
        menu = menus.popup(menus.SIDEBAR[str(kind)], self, self.session.read_only, extra)
        menu.exec(self.sidebar.viewport().mapToGlobal(pos))

    def mark_list_at_cursor(self, kind: str) -> bool:
        """The list starts (or ends) on the PDF's line the user last clicked or found:
        the keyboard's way to what the page's right-click menu does."""
        cursor = self.pdf.cursor_point()
        if cursor is None:
            self.notify("Click a line of the PDF, or find its text (Ctrl+Shift+F), first", 6000)
            return False
        page, x, y = cursor
        return self.edits.mark_list(kind, self._shown_document, page, x, y)

    # ------------------------------------------------------------------ settings
    def _splitters(self) -> tuple[QSplitter, ...]:
        return (self.main_splitter, self.below_splitter, self.right_splitter, self.editor.splitter)

    def restore_settings(self) -> None:
        header = self.table.horizontalHeader()
        below = window_state.restore(self, header)
        self.set_table_below(bool(below))
        self._share_width()
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
        self._share_width()
        below_action = (
            self.menu_actions.named.get("below") if hasattr(self, "menu_actions") else None
        )
        if below_action is not None:
            below_action.blockSignals(True)
            below_action.setChecked(below)
            below_action.blockSignals(False)

    def _share_width(self) -> None:
        """Give the panes their shares of the window: a narrow sidebar; beside each other,
        the PDF at least 48% of a narrow window (a page under 400 px cannot be read); the
        table below the PDF, the page 40% of the height and the table most of the rest."""
        width, height = max(1, self.width()), max(1, self.height())
        side = min(SPLIT[0], width // 8 if width >= NARROW else width // 10)
        if self.table_below:
            shares: dict[QWidget | None, int] = {
                self.sidebar: side,
                self.below_splitter: width - side,
            }
            self.below_splitter.setSizes([height * 40 // 100, height * 60 // 100])
            self.right_splitter.setSizes([height * 36 // 100, height * 24 // 100])
        else:
            total = sum(SPLIT)
            pdf = max(width * SPLIT[1] // total, width * 48 // 100 if width < NARROW else 0)
            shares = {self.sidebar: side, self.pdf: pdf, self.right_splitter: width - side - pdf}
        splitter = self.main_splitter
        sizes = [shares.get(splitter.widget(i), 0) for i in range(splitter.count())]
        splitter.setSizes([max(0, size) for size in sizes])

    def set_theme(self, theme: str) -> None:
        QSettings().setValue("view/theme", theme)
        app = QApplication.instance()
        if isinstance(app, QApplication):
            apply_theme(app, theme)
        self.editor.refresh_colours()

    def closeEvent(self, event: QCloseEvent) -> None:
        self.outside.timer.stop()  # the session's connections close below
        self.show_timer.stop()
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
        if kind in ("document", "tag", "collection"):
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
    def select_id(self, ref_id: int) -> bool:
        return self.table.select_id(ref_id)

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
        self.editor.set_reference(
            info.id, info.reference, info.heading, info.notes, frozenset(info.edited)
        )
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
    def apply_changes(self, changes: Changes, view: ViewSnapshot | None = None) -> None:
        """Refresh what a change (or its undo or redo) touched, and nothing else. With
        ``view`` (read off the GUI thread: an import's end) the totals, the rows in view and
        the sidebar are taken from it instead of read here."""
        if changes.structure:
            if view is not None:
                self.totals = (view.total, view.documents)
                self.searching.total = view.total
            else:
                self.refresh_totals()  # first: the whole table's count is the library's total
        if changes.structure or (changes.rows and self.searching.scope[0] != "all"):
            self._reread(view)  # rows come and go (or may leave a tag's or a search's scope)
        elif changes.rows:
            self.model.refresh_ids(changes.rows)
            current = self.current_id()
            if current is not None and current in changes.rows:
                self.show_reference(current)
        if changes.sidebar or changes.structure:
            self.refresh_sidebar(view.sidebar if view is not None else None)
        shown = self._shown_document
        if shown in changes.documents and self.session.document_path(shown) is None:
            self.show_reference(self.current_id())
        self.dups.changed(changes)
        self.searching.note_extraction()
        self._update_start_screen()
        self._update_counts()
        if hasattr(self, "outside"):
            self.outside.own_change()  # what this window did is not another's change

    def _working(self) -> bool:
        """Whether the window's own imports or changes are running (their writes are not
        others' changes)."""
        return self.jobs.busy() or self.commands.busy()

    def show_restored(self, ids: list[int]) -> None:
        """After an undo brought references back: select them (the first current)."""
        if ids and self.table.select_ids(ids, ids[0]):
            self.show_reference(self.current_id())

    def _reread(self, view: ViewSnapshot | None = None) -> None:
        """Read the table again (or show ``view``, read in the background, when it answers
        the table's query and order), keeping the selection and the current row where they
        are still shown; else the row now at the current row's place (the one after a
        deleted row), so the view stays where the user was."""
        keep, selected = self.current_id(), self.selected_ids()
        place = self.table.currentIndex().row()
        try:
            if view is None or not self.model.show_view(view):
                self.model.refresh(None if self.model.query else self.totals[0])
        except InputError:
            self.searching.set_scope("all", None)
            self.model.set_query("")
        if selected and self.table.select_ids(selected, keep):
            self.show_reference(self.current_id())
            return
        if keep is not None and self.select_id(keep):
            return
        if self.model.rowCount():
            self.table.select_row(max(0, place))
        else:
            self.show_reference(None)

    def _refresh_during_import(self, view: ViewSnapshot) -> None:
        """New rows and documents appear (read in the background); the selection stays."""
        self.totals = (view.total, view.documents)
        self.searching.total = view.total
        keep = self.current_id()
        if self.model.show_view(view) and keep is not None:
            self.table.reselect_quietly(keep)
        self.refresh_sidebar(view.sidebar)
        self._update_start_screen()
        self._update_counts()

    def _import_finished(self, summary: ImportReport) -> None:
        if summary.document_ids and self.current_id() is None:
            self.sidebar.select("document", summary.document_ids[-1])

    def refresh_totals(self) -> None:
        """Re-count references and documents (after anything that adds or removes some)."""
        lib = self.session.lib
        self.totals = (lib.search.count(""), lib.documents.document_count())
        self.searching.total = self.totals[0]

    def refresh_sidebar(self, contents: SidebarContents | None = None) -> None:
        """Fill the sidebar: with ``contents`` read in the background, else read here."""
        shown = contents if contents is not None else self.session.sidebar()
        self.sidebar.populate(
            self.totals[0],
            shown.documents,
            shown.tags,
            shown.searches,
            len(self.dups.pairs) if self.dups.pairs else None,
            collections=shown.collections,
        )
        self.model.tag_colours = {t.name: t.colour for t in shown.tags}

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
    def delete_selected(self) -> None:
        focus = QApplication.focusWidget()
        if self.search.hasFocus() or (focus is not None and self.editor.isAncestorOf(focus)):
            return  # Delete belongs to the text being edited there
        self.edits.delete_selected()

    # ------------------------------------------------------------------ drag and drop
    # Files dropped on a reference's row are attached to it (the table's own drop, see
    # ``gui.drops``); dropped anywhere else in the window they are imported.
    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        paths = local_paths(event.mimeData())
        if paths:
            event.acceptProposedAction()
            self.status.hint(FileDrop(paths).hint())

    def dragLeaveEvent(self, event: QDragLeaveEvent) -> None:
        self.status.hint("")
        super().dragLeaveEvent(event)

    def dropEvent(self, event: QDropEvent) -> None:
        self.status.hint("")
        paths = local_paths(event.mimeData())
        if paths:
            event.acceptProposedAction()
            self.drop_files(FileDrop(paths))

    def drop_files(self, drop: FileDrop) -> None:
        """Import the dropped files, or attach them to the reference they were dropped on."""
        self.status.hint("")
        if drop.ref_id is None:
            self.imports.import_paths(drop.paths)
        else:
            self.attachments.attach(drop.ref_id, drop.paths)

    # ------------------------------------------------------------------ jobs and errors
    def job_failed(self, error: BaseException) -> None:
        self.show_error(describe_error(error))

    def show_error(self, message: str) -> None:
        """Add a line to the Problems panel (never a blocking dialog)."""
        self.problems.add(message)


__all__ = ["MainWindow"]
