"""Every change is a named, undoable command on the window's QUndoStack.

A command calls the backend (which calls ``refmanager.service``) in ``redo`` and reverts with
the token the backend returned in ``undo``; then it tells the window what to refresh. The
library saves each change as it happens, so nothing waits for a Save button.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol

from PySide6.QtGui import QUndoCommand


class Refresher(Protocol):
    """What a command tells the window after it ran."""

    def rows_changed(self, ids: Sequence[int]) -> None: ...

    def library_changed(self) -> None: ...


class BackendCommand(QUndoCommand):
    """A command made of a ``do`` returning an undo token and an ``undo`` taking it back.

    ``already_done`` (e.g. an import the job already wrote) skips the first ``redo`` and its
    refresh (the caller has refreshed).
    ``structural`` changes add or remove rows (the table is re-read); otherwise only the rows
    ``ids`` are re-read.
    """

    def __init__(
        self,
        text: str,
        do: Callable[[], Any],
        undo: Callable[[Any], Any],
        refresher: Refresher,
        *,
        ids: Sequence[int] = (),
        structural: bool = False,
        already_done: Any = None,
    ) -> None:
        super().__init__(text)
        self._do = do
        self._undo = undo
        self._refresher = refresher
        self._ids = list(ids)
        self._structural = structural
        self._token: Any = already_done
        self._skip_first = already_done is not None

    def redo(self) -> None:
        if self._skip_first:
            self._skip_first = False
            return
        self._token = self._do()
        self._notify()

    def undo(self) -> None:
        self._undo(self._token)
        self._notify()

    def _notify(self) -> None:
        if self._structural:
            self._refresher.library_changed()
        else:
            self._refresher.rows_changed(self._ids)
