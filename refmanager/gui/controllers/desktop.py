"""The PDF handed to the desktop: opened in the system's viewer, or shown in its folder;
a reference's DOI or URL opened in the web browser. Each says so when it cannot be done."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QObject, QUrl
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import QWidget

from refmanager.gui.controllers.host import Host
from refmanager.gui.controllers.search import SearchController
from refmanager.service.attachments import online_url


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
        document_id = self._document_id()
        return self.host.session.document_path(document_id) if document_id is not None else None

    def open_pdf(self) -> bool:
        """Open the current PDF in the system's viewer."""
        path = self._pdf()
        return path is not None and self._hand_over(
            QUrl.fromLocalFile(str(path)), "open the PDF", "no PDF viewer is set up"
        )

    def show_in_folder(self) -> bool:
        """Show the current PDF in the file manager: the folder it was imported from when
        the same file is still there, else the library's copy."""
        path = self._pdf()
        if path is None:
            return False
        session, shown = self.host.session, path
        document_id = self._document_id()
        if document_id is not None:
            shown = session.lib.documents.origin(document_id) or path
        return self._hand_over(
            QUrl.fromLocalFile(str(shown.parent)),
            f"show the folder {shown.parent}",
            "no file manager is set up",
        )

    def open_online(self) -> bool:
        """Open the current reference's DOI (at doi.org) or URL in the web browser."""
        current = self.host.current_id()
        info = self.host.session.stored(current) if current is not None else None
        url = online_url(info.reference) if info is not None else None
        if url is None:
            self.host.notify("This reference has no DOI or web link", 4000)
            return False
        return self._hand_over(QUrl(url), f"open {url}", "no web browser is set up")

    def _hand_over(self, url: QUrl, what: str, why: str) -> bool:
        if self.open_url(url):
            return True
        self.host.show_error(f"The desktop could not {what}: {why}")
        return False

    def _document_id(self) -> int | None:
        session, current = self.host.session, self.host.current_id()
        info = session.stored(current) if current is not None else None
        if info is not None and info.document_id is not None:
            return info.document_id
        kind, key = self.search.scope
        return key if kind == "document" and isinstance(key, int) else None

    def _pdf(self) -> Path | None:
        path = self.current_pdf()
        if path is None or not path.is_file():
            self.host.show_error("No PDF to show: this reference was not read from a PDF")
            return None
        return path
