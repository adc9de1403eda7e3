"""A shared library in the window: File > Share library..., File > Join shared library...,
the connection's state in the status bar, continuous sync in a worker process, and the
conflict chooser (decision 0031)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtWidgets import QStatusBar, QToolButton, QWidget

from refmanager.gui.controllers.host import Host
from refmanager.gui.share_dialogs import ConflictDialog, ConnectDialog
from refmanager.service import sharing
from refmanager.service.sharing import Conflict, LiveState, LiveSyncProcess
from refmanager.service.views import Changes, plural

# how often at most the window re-reads what other members changed (pulls come in bursts
# while several members edit; each would otherwise re-read the table and the sidebar)
REFRESH_MS = 250
# what arriving files may have changed: the PDF pane (the duplicates are looked for again
# when the user asks, not on every pull)
FILES = Changes(structure=True, sidebar=True)


STATUS_TEXT = {
    "connecting": "Shared: connecting...",
    "syncing": "Shared: syncing...",
    "online": "Shared: up to date",
    "offline": "Shared: offline",
    "stopped": "Shared: stopped",
}


def state_text(state: LiveState) -> str:
    """The status bar's words for a state of the live sync. "Up to date" only when nothing
    waits to be sent: a sync that ends with changes pending had them made while it ran (a
    conflict chosen, an edit), and the live sync starts the next one at once (they moved the
    library's data version); saying "up to date" then was untrue, and a window closed on it
    left them unsent, the conflict still open for the other members. (A reader's refused
    changes, ``online`` with a message, never go: that state stays "up to date".)"""
    shown = state.status
    if shown == "online" and state.pending and not state.message:
        shown = "syncing"
    text = STATUS_TEXT.get(shown, shown)
    if state.pending and shown != "online":
        text += f", {plural(state.pending, 'change')} to send"
    if state.conflicts:
        text += f", {plural(len(state.conflicts), 'conflict')}"
    return text


class _Bridge(QObject):
    """Carries the live sync's states from its thread to the GUI thread (queued)."""

    state = Signal(object)


class SharingController(QObject):
    """Shares, joins and keeps the window's library in step with its server while it runs.

    ``open_window(folder)`` opens a window on a library just joined.
    """

    def __init__(
        self,
        host: Host,
        bar: QStatusBar,
        open_window: Callable[[Path], None],
        file_arrived: Callable[[int], None],
        parent: QWidget,
    ) -> None:
        super().__init__(parent)
        self.host = host
        self.open_window = open_window
        self.file_arrived = file_arrived
        self._fetching: set[int] = set()  # documents whose file is on its way
        self.live: LiveSyncProcess | None = None
        self.last: LiveState | None = None
        self.conflicts: list[Conflict] = []
        self._bridge = _Bridge(self)
        self._bridge.state.connect(self._state)
        self.label = QToolButton(bar)
        self.label.setObjectName("shareState")
        self.label.setAutoRaise(True)
        self.label.clicked.connect(self._clicked)
        self.label.hide()
        bar.addPermanentWidget(self.label)
        self.refresh_timer = QTimer(self)
        self.refresh_timer.setSingleShot(True)
        self.refresh_timer.setInterval(REFRESH_MS)
        self.refresh_timer.timeout.connect(self._cooled)
        self._due = Changes()

    def reader(self) -> bool:
        """Whether the window's library is shared with its user as a reader."""
        shared = sharing.status(self.host.session.lib)
        return shared is not None and shared.role == "reader"

    # ------------------------------------------------------------ live

    def start(self) -> None:
        """Sync continuously when the window's library is shared."""
        if self.live is not None or sharing.status(self.host.session.lib) is None:
            return
        self.live = LiveSyncProcess(self.host.session.folder, self._bridge.state.emit)
        self.label.show()
        self.label.setText("Shared: connecting...")
        self.live.start()

    def stop(self) -> None:
        """Stop the live sync; a refresh still due is dropped (the window closes its
        session next: a refresh after it read a closed library)."""
        if self.live is not None:
            self.live.stop()
            self.live = None
        self.refresh_timer.stop()
        self._due = Changes()

    def sync_now(self) -> None:
        if self.live is not None:
            self.live.sync_now()

    def _state(self, state: LiveState) -> None:
        """A state of the live sync, on the GUI thread: the status bar, and the table when
        another member's changes arrived."""
        if self.live is None:  # stopped (the window closes): a state sent before is late
            return
        self.last = state
        self.conflicts = state.conflicts
        self.label.setText(state_text(state))
        self.label.setToolTip(state.message or "Click to sync now")
        if state.status in {"offline", "stopped"} and state.message:
            self.host.notify(state.message)
        elif state.status == "online" and state.message:
            self.host.show_error(state.message)  # a reader's changes were refused
        report = state.report
        for problem in report.changed.problems if report is not None else ():
            self.host.show_error(f"Shared library: {problem}")
        if report is not None and (report.pulled or report.files):
            changed = report.changed
            self._pulled(
                Changes(
                    rows=frozenset(changed.rows),
                    structure=changed.structure,
                    sidebar=changed.sidebar,
                )
                | (FILES if report.files else Changes())
            )

    def _pulled(self, changes: Changes) -> None:
        """Re-read what other members changed (only that): at once, then at most once per
        ``REFRESH_MS`` while pulls keep coming (one refresh for a burst)."""
        self._due = self._due | changes
        if self.refresh_timer.isActive():
            return
        due, self._due = self._due, Changes()
        self.host.apply_changes(due)
        self.refresh_timer.start()

    def _cooled(self) -> None:
        if self._due != Changes():
            self._pulled(Changes())

    def fetch_file(self, document_id: int) -> None:
        """Fetch a shared document's file in the background (once at a time per document);
        ``file_arrived(document_id)`` when it is here."""
        if self.live is None or document_id in self._fetching:
            return
        self._fetching.add(document_id)
        folder = self.host.session.folder

        def done(path: Path | None) -> None:
            self._fetching.discard(document_id)
            if path is not None:
                self.file_arrived(document_id)

        def failed(error: BaseException) -> None:
            self._fetching.discard(document_id)
            self.host.notify(f"The PDF could not be fetched: {error}")

        self.host.jobs.start(
            "Fetching a PDF from the shared library",
            lambda _task: sharing.fetch_document_file(folder, document_id),
            on_success=done,
            on_failure=failed,
        )

    def _clicked(self) -> None:
        if self.conflicts:
            self.conflict_dialog()
        else:
            self.sync_now()

    # ------------------------------------------------------------ dialogs

    def conflict_dialog(
        self, dialog_hook: Callable[[ConflictDialog], object] | None = None
    ) -> None:
        dialog = ConflictDialog(self.host.widget(), self.conflicts, self.choose)
        if dialog_hook is not None:
            dialog_hook(dialog)
        else:
            dialog.exec()

    def choose(self, conflict: Conflict, take_other: bool) -> None:
        """A person's choice, an undoable change; the live sync sends it."""
        change = sharing.choose_conflict(conflict, take_other=take_other)
        self.host.commands.run(change, self.sync_now)

    def share_dialog(self, dialog_hook: Callable[[ConnectDialog], object] | None = None) -> None:
        """Ask for the database, then publish the library to it in the background."""
        dialog = ConnectDialog(self.host.widget(), "Share library", folder=False)
        if dialog_hook is not None:
            dialog_hook(dialog)
        elif dialog.exec() != ConnectDialog.DialogCode.Accepted:
            return
        url, folder = dialog.url(), self.host.session.folder
        self.host.jobs.start(
            "Sharing the library",
            lambda _task: sharing.share(folder, url),
            on_success=lambda report: self._shared(report.pushed),
            on_failure=self.host.job_failed,
        )

    def _shared(self, pushed: int) -> None:
        self.host.notify(f"The library is shared: {plural(pushed, 'change')} sent")
        self.start()

    def join_dialog(self, dialog_hook: Callable[[ConnectDialog], object] | None = None) -> None:
        """Ask for the database and a folder, join in the background, open the new library."""
        dialog = ConnectDialog(self.host.widget(), "Join shared library", folder=True)
        if dialog_hook is not None:
            dialog_hook(dialog)
        elif dialog.exec() != ConnectDialog.DialogCode.Accepted:
            return
        url, folder = dialog.url(), dialog.folder()
        if folder is None:
            self.host.show_error("Join shared library: choose a folder for the new library")
            return
        self.host.jobs.start(
            "Joining the shared library",
            lambda _task: sharing.join(folder, url),
            on_success=lambda _report: self.open_window(folder),
            on_failure=self.host.job_failed,
        )
