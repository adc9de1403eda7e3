"""The one factory for undo commands: every change is a service ``Change`` on the QUndoStack.

:meth:`CommandFactory.run` makes the change (its ``do``), then pushes a command whose
``undo`` and ``redo`` call the change's ``undo`` and ``do`` again; after each of the three
the window is told what the change touched (:class:`refmanager.service.views.Changes`), and
refreshes only that. A change that failed (bad input) is reported and never pushed. The
library saves each change as it happens, so nothing waits for a Save button.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from PySide6.QtGui import QUndoCommand, QUndoStack

from refmanager.model import InputError
from refmanager.service.views import Change, Changes


class Refresher(Protocol):
    """What a command tells the window after it ran (forwards, backwards or again)."""

    def apply_changes(self, changes: Changes) -> None: ...


def describe_error(error: BaseException) -> str:
    """A user's line for an error (an InputError says its cause; anything else is ours)."""
    if isinstance(error, InputError):
        return str(error)
    return f"internal error: {type(error).__name__}: {error}"


class ChangeCommand(QUndoCommand):
    """A change already made; undo and redo call the change's ``undo`` and ``do``."""

    def __init__(
        self,
        change: Change[Any],
        token: object,
        refresher: Refresher,
        report: Callable[[str], None],
    ) -> None:
        super().__init__(change.name)
        self.change = change
        self._token = token
        self._refresher = refresher
        self._report = report
        self._first = True  # pushing a command calls redo: the change is made already

    def redo(self) -> None:
        if self._first:
            self._first = False
            return
        try:
            self._token = self.change.do()
        except Exception as exc:  # no traceback reaches the user; the panel says what
            self._report(f"Could not redo {self.change.name}: {describe_error(exc)}")
        self._refresher.apply_changes(self.change.changes)

    def undo(self) -> None:
        try:
            self.change.undo(self._token)
        except Exception as exc:
            self._report(f"Could not undo {self.change.name}: {describe_error(exc)}")
        self._refresher.apply_changes(self.change.changes)


class CommandFactory:
    """Makes changes and records them on ``stack`` (the window's one undo stack)."""

    def __init__(
        self, stack: QUndoStack, refresher: Refresher, report: Callable[[str], None]
    ) -> None:
        self.stack = stack
        self._refresher = refresher
        self._report = report

    def run(self, change: Change[Any]) -> bool:
        """Make ``change`` now; on success push it and refresh what it touched.

        A failure (bad input) goes to ``report`` and nothing is pushed.
        """
        try:
            token = change.do()
        except InputError as exc:
            self._report(str(exc))
            return False
        self.record(change, token)
        return True

    def record(self, change: Change[Any], token: object) -> None:
        """Push a change already made elsewhere (e.g. by a background job) with its token."""
        self.stack.push(ChangeCommand(change, token, self._refresher, self._report))
        self._refresher.apply_changes(change.changes)
