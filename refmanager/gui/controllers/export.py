"""Export and copy: File > Export (in the background) and Copy as BibTeX / citation."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QObject, QTimer
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QWidget

from refmanager.gui.controllers.host import Host
from refmanager.gui.dialogs import ExportDialog
from refmanager.gui.jobs import Job
from refmanager.model import InputError
from refmanager.service import auto_export, citations, exchange


class ExportController(QObject):
    """What leaves the library; ``scopes`` says what the window can offer to export."""

    def __init__(
        self,
        host: Host,
        scopes: Callable[[], dict[str, str]],
        parent: QWidget,
    ) -> None:
        super().__init__(parent)
        self.host = host
        self._scopes = scopes  # scope name -> query ("selection" is the selected ids)
        self.last_job: Job | None = None
        # what went wrong keeping files up to date (on the watcher's thread) reaches the
        # Problems panel from here, on the GUI thread
        self.problem_timer = QTimer(self)
        self.problem_timer.setInterval(1000)
        self.problem_timer.timeout.connect(self.show_auto_export_problems)
        self.problem_timer.start()

    def show_auto_export_problems(self) -> None:
        for problem in self.host.session.auto_export_problems():
            self.host.show_error(problem)

    def export_dialog(
        self, scope: str | None = None, dialog_hook: Callable[[ExportDialog], object] | None = None
    ) -> Job | None:
        """Ask for a format, scope and file, then export in the background."""
        scopes = self._scopes()
        selected = self.host.selected_ids()
        available = (["selection"] if selected else []) + list(scopes)
        default = scope or ("selection" if len(selected) > 1 else "all")
        dialog = ExportDialog(self.host.widget(), tuple(available), default)
        if dialog_hook is not None:
            dialog_hook(dialog)
        elif dialog.exec() != ExportDialog.DialogCode.Accepted:
            return None
        chosen = dialog.scope()
        ids = selected if chosen == "selection" else None
        return self.export(dialog.fmt(), dialog.path(), ids=ids, query=scopes.get(chosen, ""))

    def export(self, fmt: str, path: Path, ids: list[int] | None, query: str) -> Job:
        """Write the references in the background (a read on the job's own connection,
        a batch at a time, with progress and Cancel); never touches a widget meanwhile."""
        session = self.host.session
        self.last_job = self.host.jobs.start(
            f"Exporting to {path.name}",
            lambda task: session.export(fmt, path, ids=ids, query=query, task=task),
            on_success=lambda count: self.host.notify(f"Exported {count} references to {path}"),
            on_failure=self.host.job_failed,
            on_progress=self.host.job_progress,
            on_cancelled=lambda: self.host.notify(f"Export cancelled: {path} not written"),
        )
        return self.last_job

    def keep_updated_dialog(
        self, dialog_hook: Callable[[ExportDialog], object] | None = None
    ) -> bool:
        """Ask for a format, a scope (a tag, the search, everything) and a file, then keep
        that file up to date (written now, rewritten on every change while the window or
        ``refmanager watch`` runs)."""
        scopes = self._scopes()
        dialog = ExportDialog(self.host.widget(), tuple(scopes), "all")
        dialog.setWindowTitle("Keep a file up to date")
        if dialog_hook is not None:
            dialog_hook(dialog)
        elif dialog.exec() != ExportDialog.DialogCode.Accepted:
            return False
        path = dialog.path()
        try:
            auto_export.keep_updated(
                self.host.session.lib, dialog.fmt(), path, scopes.get(dialog.scope(), "")
            )
        except InputError as exc:
            self.host.show_error(str(exc))
            return False
        self.host.notify(f"{path} is kept up to date while refmanager runs")
        return True

    def copy_selected(self, kind: str) -> None:
        ids = self.host.selected_ids()
        if not ids:
            return
        lib = self.host.session.lib
        if kind == "bibtex":
            text = exchange.format_library_references(lib, ids, "bibtex")
        else:
            text = citations.citations(s.reference for s in lib.references.references(ids))
        QGuiApplication.clipboard().setText(text)
        self.host.notify(f"Copied {len(ids)} as {kind}", 3000)
