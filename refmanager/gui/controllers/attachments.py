"""The table's "Open attachment" menu: a reference's links (decision 0022), each opened by
the desktop only when the user clicks it; nothing is read or looked for before. And
"Add attachment..." (or a file dropped on a row): a link to a file the user chose."""

from __future__ import annotations

import functools
from collections.abc import Callable
from pathlib import Path, PurePath

from PySide6.QtCore import QObject, QSettings, QUrl
from PySide6.QtWidgets import QFileDialog, QMenu, QWidget

from refmanager.gui.controllers.host import Host
from refmanager.gui.look import plain_tip
from refmanager.model import Attachment
from refmanager.service.attachments import attach, attachments_of, open_url


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

    def fill_menu(self, menu: QMenu) -> None:
        """The "Open attachment" submenu: the current reference's links (or why none)."""
        menu.clear()
        ref_id = self.host.current_id()
        lib = self.host.session.lib
        links = attachments_of(lib, [ref_id]).get(ref_id, []) if ref_id is not None else []
        if not links:
            menu.addAction("No attachments").setEnabled(False)
            return
        for link in links:
            action = menu.addAction(_label(link))
            action.setToolTip(plain_tip(link.location))  # a path from a file
            action.triggered.connect(functools.partial(self._clicked, link))

    def add_dialog(self) -> bool:
        """Choose a file and attach it to the current reference."""
        ref_id = self.host.current_id()
        if ref_id is None:
            self.host.notify("Choose a reference to attach a file to", 4000)
            return False
        folder = str(QSettings().value("attachments/folder", str(Path.home())))
        name, _ = QFileDialog.getOpenFileName(self.host.widget(), "Attach a file", folder)
        if not name:
            return False
        QSettings().setValue("attachments/folder", str(Path(name).parent))
        return self.attach(ref_id, [Path(name)])

    def attach(self, ref_id: int, paths: list[Path]) -> bool:
        """Attach files to a reference (one undoable change); the status bar says so and
        offers Undo."""
        info = self.host.session.stored(ref_id)
        title = info.reference.get("title") if info is not None else ""
        names = ", ".join(p.name for p in paths)
        target = f" to \u201c{title}\u201d" if title else ""
        return self.host.commands.run(
            attach(ref_id, paths), on_done=lambda: self.host.offer_undo(f"Attached {names}{target}")
        )

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
        if target.path and not Path(target.path).exists():
            self.host.show_error(f"Cannot open the attachment: {target.path} does not exist")
            return False
        if not self.opener(url):
            self.host.show_error(
                f"The desktop could not open {link.location}: no application is set up to open it"
            )
            return False
        return True
