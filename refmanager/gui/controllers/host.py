"""What a controller may use of the window (the window implements this)."""

from __future__ import annotations

from typing import Protocol

from PySide6.QtWidgets import QWidget

from refmanager.gui.commands import CommandFactory
from refmanager.gui.jobs import JobRunner
from refmanager.gui.table_model import ViewSnapshot
from refmanager.service.session import Session
from refmanager.service.views import Changes


class Host(Protocol):
    """The window, as its controllers see it."""

    session: Session
    commands: CommandFactory
    jobs: JobRunner  # background jobs with progress in the status bar
    reader: JobRunner  # the one background reader (table pages, counts)

    def widget(self) -> QWidget:
        """The window itself, as the parent of dialogs."""

    def selected_ids(self) -> list[int]: ...

    def current_id(self) -> int | None: ...

    def apply_changes(self, changes: Changes, view: ViewSnapshot | None = None) -> None:
        """Refresh what ``changes`` touched (from ``view`` where one was read off the GUI
        thread)."""

    def show_error(self, message: str) -> None: ...

    def job_failed(self, error: BaseException) -> None: ...

    def job_progress(self, done: int, total: int, message: str) -> None: ...

    def notify(self, message: str, msecs: int = 6000) -> None:
        """A line in the status bar."""

    def offer_undo(self, message: str) -> None:
        """A line in the status bar with an Undo button (for the change just made)."""
