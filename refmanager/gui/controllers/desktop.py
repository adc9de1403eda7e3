"""The PDF handed to the desktop: opened in the system's viewer, or shown in its folder."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QObject, QUrl
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import QWidget

from refmanager.gui.controllers.host import Host
from refmanager.gui.controllers.search import SearchController


class DesktopController(QObject):
    """Open PDF in the system viewer, Show PDF in folder."""

    def __init__(self, host: Host, search: SearchController, parent: QWidget) -> None:
        super().__init__(parent)
        self.host = host
        self.search = search

    def open_url(self, url: QUrl) -> bool:
        """Hand a URL to the desktop (the system's PDF viewer, its file manager)."""
        return QDesktopServices.openUrl(url)

    def current_pdf(self) -> Path | None:
        """The PDF of the current reference, else of the document chosen in the sidebar."""
        session, current = self.host.session, self.host.current_id()
        info = session.stored(current) if current is not None else None
        document_id = info.document_id if info is not None else None
        kind, key = self.search.scope
        if document_id is None and kind == "document" and isinstance(key, int):
            document_id = key
        return session.document_path(document_id) if document_id is not None else None

    def open_pdf(self) -> bool:
        """Open the current PDF in the system's viewer."""
        path = self._pdf()
        return path is not None and self.open_url(QUrl.fromLocalFile(str(path)))

    def show_in_folder(self) -> bool:
        """Open the folder that holds the current PDF in the file manager."""
        path = self._pdf()
        return path is not None and self.open_url(QUrl.fromLocalFile(str(path.parent)))

    def _pdf(self) -> Path | None:
        path = self.current_pdf()
        if path is None or not path.is_file():
            self.host.notify("No PDF for this reference", 4000)
            return None
        return path
