"""Changes other processes write to the window's library, shown without F5.

Every ``POLL_MS`` the window's connection is asked SQLite's ``data_version`` (one cheap
pragma on the GUI thread). When it moved, what changed is worked out on the background
reader's connection (``Session.outside_changes``: a summary of the library compared with
the last one seen) and the window refreshes only that, as after its own changes. Nothing
is asked while the window's own imports or changes run; after each of its own changes the
window calls :meth:`OutsideWatch.own_change`, so that what it did itself is not taken for
another's change.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, QTimer

from refmanager.gui.jobs import JobRunner
from refmanager.service.session import Session
from refmanager.service.views import Changes

POLL_MS = 1000


class OutsideWatch(QObject):
    """Polls the library for other processes' writes and hands them to ``apply``."""

    def __init__(
        self,
        session: Session,
        reader: JobRunner,
        busy: Callable[[], bool],
        apply: Callable[[Changes], None],
        parent: QObject,
    ) -> None:
        super().__init__(parent)
        self.session = session
        self.reader = reader
        self._busy = busy
        self._apply = apply
        self._seen = -1
        self._asking = False
        self._applying = False
        self.timer = QTimer(self)
        self.timer.setInterval(POLL_MS)
        self.timer.timeout.connect(self.poll)

    def start(self) -> None:
        """Take the library as it is now as seen, and start watching."""
        self._seen = self.session.data_version()
        self.own_change()
        self.timer.start()

    def own_change(self) -> None:
        """The window changed the library itself: take that as seen (not while it shows
        others' changes: what they wrote meanwhile is still to be shown)."""
        if self._applying:
            return
        self.reader.start("catch up", lambda _task: self.session.catch_up_outside())

    def poll(self) -> bool:
        """Look once; True when a look for what changed was started."""
        if self._asking or self._busy():
            return False
        version = self.session.data_version()
        if version == self._seen:
            return False
        self._seen = version
        self._asking = True
        self.reader.start(
            "changes from outside",
            lambda _task: self.session.outside_changes(),
            on_success=self._changed,
            on_failure=lambda _exc: self._done(),
        )
        return True

    def _done(self) -> None:
        self._asking = False

    def _changed(self, changes: object) -> None:
        self._asking = False
        if isinstance(changes, Changes) and changes != Changes():
            self._applying = True
            try:
                self._apply(changes)
            finally:
                self._applying = False
