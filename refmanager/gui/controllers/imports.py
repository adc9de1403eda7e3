"""Import: the file dialogs, drops, pasted references and the background import job.

An import runs as one job (files read in worker processes); each finished file shows its
problems at once and its rows soon after (refreshes are coalesced), and so does each batch
of a big bibliography file, whose progress moves the status bar batch by batch. When the
job ends the whole import becomes one undoable command.

While it runs, each refresh (at most one every ``IMPORT_REFRESH_MS``) is read by the
window's background reader: counting a million references (or a tag's, for the sidebar) and
reading a page take 50-100 ms each, which on the GUI thread froze the window. One refresh is
read at a time; a tick that comes meanwhile asks for one more after it. When the job ends it
reads the view once more itself, and the window shows that with the undoable command.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QFileDialog, QWidget

from refmanager.gui.controllers.host import Host
from refmanager.gui.dialogs import PasteDialog
from refmanager.gui.jobs import Job, JobContext
from refmanager.gui.look import resource
from refmanager.gui.table_model import ViewRequest, ViewSnapshot, read_view
from refmanager.model import InputError
from refmanager.service import documents, editing, importing
from refmanager.service.exchange import FileProgress
from refmanager.service.importing import ImportItem
from refmanager.service.views import Changes

IMPORT_REFRESH_MS = 500  # at most two table refreshes a second while an import runs


class ImportController(QObject):
    """Everything that brings references in.

    Signals:
        progressed(object): rows were stored while the import runs: a ``ViewSnapshot`` of
            the table's rows in view and the counts, read in the background (show it, keep
            the selection).
        finished(object): the import's ``ImportReport`` (also when nothing was added).
    """

    progressed = Signal(object)
    finished = Signal(object)

    def __init__(self, host: Host, parent: QWidget) -> None:
        super().__init__(parent)
        self.host = host
        self.last: importing.ImportReport | None = None
        self.refresh_timer = QTimer(self)
        self.refresh_timer.setSingleShot(True)
        self.refresh_timer.setInterval(IMPORT_REFRESH_MS)
        self.refresh_timer.timeout.connect(self._read_view)
        # what the table shows (the window sets it): the refresh reads that
        self.view_wanted: Callable[[], ViewRequest] | None = None
        self._reading = False  # a refresh is being read
        self._again = False  # a tick came while it was: read one more after it
        self._serial = 0  # bumped when the import ends: a refresh read before is dropped

    # -- dialogs ------------------------------------------------------------------------------
    def pdfs_dialog(self) -> None:
        names, _ = QFileDialog.getOpenFileNames(
            self.host.widget(), "Import PDFs", "", "PDF files (*.pdf)"
        )
        if names:
            self.import_paths([Path(n) for n in names])

    def bibliographies_dialog(self) -> None:
        names, _ = QFileDialog.getOpenFileNames(
            self.host.widget(),
            "Import bibliography files",
            "",
            "Bibliographies (*.bib *.ris *.json)",
        )
        if names:
            self.import_paths([Path(n) for n in names])

    def folder_dialog(self) -> None:
        name = QFileDialog.getExistingDirectory(self.host.widget(), "Import a folder of PDFs")
        if name:
            self.import_paths([Path(name)])

    def open_sample(self) -> None:
        self.import_paths([resource("sample-paper.pdf")])

    # -- the job ------------------------------------------------------------------------------
    def import_paths(self, paths: list[Path]) -> Job | None:
        """Import files and folders in the background; rows appear as documents finish."""
        session = self.host.session
        try:
            session.check_writable()
        except InputError as exc:
            self.host.show_error(str(exc))
            return None
        files = importing.collect_paths(paths)[0]
        if not files:
            self.host.show_error(
                "Nothing to import: no PDF, .bib, .ris or .json file in what was given"
            )
            return None
        # the view when it ends is read by the job too, off the GUI thread: what the table
        # shows now (a different query or order by then is read again by the window)
        request = self.view_wanted() if self.view_wanted is not None else None

        def work(ctx: JobContext) -> tuple[importing.ImportReport, ViewSnapshot | None]:
            report = session.import_files(files, ctx)
            if request is None:
                return report, None
            with session.own_reads() as reads:
                return report, read_view(reads, request)

        return self.host.jobs.start(
            f"Importing {len(files)} file{'s' if len(files) > 1 else ''}",
            work,
            on_success=self._done,
            on_failure=self.host.job_failed,
            on_partial=self._file_done,
            on_progress=self.host.job_progress,
            on_cancelled=self._cancelled,
        )

    def _file_done(self, item: ImportItem | FileProgress) -> None:
        """A file finished: report its problems now (a PDF that could not be read is kept,
        marked failed, in the sidebar), show its rows soon. A batch of a bibliography file
        was stored: show its rows soon (the progress bar moves through ``job_progress``)."""
        if isinstance(item, FileProgress):
            if item.references and not self.refresh_timer.isActive():
                self.refresh_timer.start()
            return
        if item.status is importing.ImportStatus.ALREADY:
            return
        for line in item.lines():
            self.host.show_error(line)
        if (item.created or item.references) and not self.refresh_timer.isActive():
            self.refresh_timer.start()

    # -- refreshing while it runs --------------------------------------------------------------
    def _read_view(self) -> None:
        """Read the counts and the rows in view on the background reader, never two at once."""
        if self.view_wanted is None:
            return
        if self._reading:
            self._again = True
            return
        self._reading, self._again = True, False
        request, serial, session = self.view_wanted(), self._serial, self.host.session
        self.host.reader.start(
            "import refresh",
            lambda _ctx: read_view(session.reads(), request),
            on_success=lambda view: self._view_read(serial, view),
            on_failure=lambda exc: self._view_failed(serial, exc),
        )

    def _view_read(self, serial: int, view: ViewSnapshot) -> None:
        if serial != self._serial:
            return
        self._reading = False
        self.progressed.emit(view)
        self._read_again()

    def _view_failed(self, serial: int, error: BaseException) -> None:
        if serial != self._serial:
            return
        self._reading = False
        if not isinstance(error, InputError):  # a bad query is the search box's to report
            self.host.job_failed(error)
        self._read_again()

    def _read_again(self) -> None:
        if self._again and not self.refresh_timer.isActive():
            self.refresh_timer.start()
        self._again = False

    def stop_refreshing(self) -> None:
        """No more refreshes; one being read is dropped (the import ended, the window closes)."""
        self.refresh_timer.stop()
        self._serial += 1
        self._reading = self._again = False

    def _done(self, result: tuple[importing.ImportReport, ViewSnapshot | None]) -> None:
        """The import ended: it becomes one undoable command, and the window shows the
        counts, rows and sidebar the job read at its end (a million references counted
        on the GUI thread stalled the window)."""
        summary, view = result
        self.stop_refreshing()
        self.last = summary
        if summary.changed_anything:
            change = documents.imported(summary)
            self.host.commands.push(change, summary)
            self.host.apply_changes(change.changes, view)
        else:
            self.host.apply_changes(Changes(sidebar=True), view)
        self.host.notify(f"Imported {summary.describe()}")
        self.finished.emit(summary)

    def _cancelled(self) -> None:
        self.stop_refreshing()
        self.host.notify("Import cancelled: the documents already read were kept")
        self._read_view()  # show what was kept

    # -- pasted references --------------------------------------------------------------------
    def paste_dialog(self, hook: Callable[[PasteDialog], object] | None = None) -> None:
        dialog = PasteDialog(QGuiApplication.clipboard().text(), self.host.widget())
        if hook is not None:
            hook(dialog)
        elif dialog.exec() != PasteDialog.DialogCode.Accepted:
            return
        self.paste_references(dialog.references())

    def paste_references(self, texts: list[str]) -> bool:
        if not texts:
            return False
        return self.host.commands.run(editing.paste(texts, self.host.session.worker))
