"""The library's own files: Library > Delete unused files (listed, asked, then deleted)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QWidget

from refmanager.gui.controllers.host import Host
from refmanager.gui.dialogs import confirm_prune
from refmanager.model import InputError
from refmanager.service import maintenance


class FilesController(QObject):
    """Deleting the stored files no document refers to, after the user saw and agreed."""

    def __init__(self, host: Host, parent: QWidget) -> None:
        super().__init__(parent)
        self.host = host

    def prune_unused_files(
        self, confirm: Callable[[QWidget, list[Path]], bool] = confirm_prune
    ) -> list[Path]:
        """List the library's unused stored files, ask, then delete them; those deleted.

        The files of documents the undo stack can still bring back are left out (and said
        so): deleting one would make its undo bring back a document without its PDF.
        """
        session = self.host.session
        try:
            session.check_writable()
            plan = maintenance.prune_plan(session.lib, self.host.commands.tokens())
            kept = f" ({len(plan.kept)} kept: Undo can bring back their documents)"
            kept = kept if plan.kept else ""
            if not plan.delete:
                if plan.kept:
                    self.host.notify("No unused files to delete" + kept)
                else:
                    self.host.notify("No unused files: every stored file belongs to a document")
                return []
            if not confirm(self.host.widget(), plan.delete):
                return []
            removed = maintenance.prune_files(session.lib, plan.delete)
        except InputError as exc:
            self.host.show_error(str(exc))
            return []
        self.host.notify(f"Deleted {len(removed)} unused file(s){kept}")
        return removed
