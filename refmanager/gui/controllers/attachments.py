"""The table's "Open attachment" menu: a reference's links (decision 0022), each opened by
the desktop only when the user clicks it; nothing is read or looked for before."""

from __future__ import annotations

import functools
from collections.abc import Callable
from pathlib import PurePath

from PySide6.QtCore import QObject, QUrl
from PySide6.QtWidgets import QMenu, QWidget

from refmanager.gui.controllers.host import Host
from refmanager.gui.look import plain_tip
from refmanager.model import Attachment
from refmanager.service.attachments import attachments_of, open_url


def _label(link: Attachment) -> str:
    """``Full Text: a.pdf (PDF)``: the description, the file's name and its kind."""
    name = PurePath(link.target.replace("\\", "/")).name if not link.is_url else link.target
    text = f"{link.title}: {name}" if link.title else name or link.target
    return f"{text} ({link.kind})" if link.kind else text


class AttachmentController(QObject):
    """Lists the current reference's links in a submenu; opens one on the user's click."""

    def __init__(self, host: Host, opener: Callable[[QUrl], bool], parent: QWidget) -> None:
        super().__init__(parent)
        self.host = host
        self.opener = opener

    def add_menu(self, menu: QMenu) -> QMenu | None:
        """An "Open attachment" submenu in ``menu`` for the current reference, when it has
        links (None otherwise)."""
        ref_id = self.host.current_id()
        links = (
            attachments_of(self.host.session.lib, [ref_id]).get(ref_id, [])
            if ref_id is not None
            else []
        )
        if not links:
            return None
        sub = menu.addMenu("Open attachment")
        for link in links:
            action = sub.addAction(_label(link))
            action.setToolTip(plain_tip(link.location))  # a path from a file
            action.triggered.connect(functools.partial(self._clicked, link))
        return sub

    def _clicked(self, link: Attachment, _checked: bool = False) -> None:
        self.open(link)

    def open(self, link: Attachment) -> bool:
        """Hand one link to the desktop (the user asked for it); False when it cannot be."""
        target = open_url(link)
        if target is None:
            self.host.show_error(
                f"Cannot open the attachment {link.target!r}: it is not a file path or web "
                "link this computer can open"
            )
            return False
        url = QUrl.fromLocalFile(target.path) if target.path else QUrl(target.url)
        if not self.opener(url):
            self.host.show_error(f"The desktop could not open {link.location}")
            return False
        return True
