"""The one factory for undo commands and the one helper that runs changes (after Anki's
``CollectionOp``).

Every change is a service ``Change``: :meth:`CommandFactory.run` makes it, then pushes a
command whose ``undo`` and ``redo`` call the change's ``undo`` and ``do`` again. After each
of the three the window is told what the change touched (a typed
:class:`refmanager.service.views.Changes`: rows, structure, sidebar, documents, duplicates)
and refreshes only that.

Where a change runs: a quick one (one field, a tag's colour) on the GUI thread, on the
window's connection; a slow one (``Change.slow``: re-parse, paste, merge, delete, undoing
an import) on the one background writer thread, on its own connection, never touching a
widget; a re-parse or a paste waits there while the session's worker process parses and
writes (``service.workers``: the writer's job gives it progress and Cancel). While the
writer is busy every change, undo and redo is queued behind it on that thread, so they
happen in the order the user asked for. A change that failed (bad input)
is reported and never pushed. The library saves each change as it happens.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from PySide6.QtCore import QObject
from PySide6.QtGui import QUndoCommand, QUndoStack

from refmanager.gui.jobs import JobRunner
from refmanager.model import InputError
from refmanager.service.session import Session, Task
from refmanager.service.views import Change, Changes

Work = Callable[[Any], object]  # given the connection of the thread it runs on
Done = Callable[[object], None]


class Refresher(Protocol):
    """What a command tells the window after it ran (forwards, backwards or again)."""

    def apply_changes(self, changes: Changes) -> None: ...

    def show_restored(self, ids: list[int]) -> None:
        """Select the references an undo brought back."""


def describe_error(error: BaseException) -> str:
    """A user's line for an error (an InputError says its cause; anything else is ours)."""
    if isinstance(error, InputError):
        return str(error)
    return f"internal error: {type(error).__name__}: {error}"


class ChangeCommand(QUndoCommand):
    """A change already made; undo and redo call the change's ``undo`` and ``do``."""

    def __init__(self, change: Change[Any], token: object, factory: CommandFactory) -> None:
        super().__init__(change.name)
        self.change = change
        self._token = token
        self._factory = factory
        self._first = True  # pushing a command calls redo: the change is made already

    @property
    def token(self) -> object:
        """What the change's ``undo`` needs (after an undo: what its redo needs)."""
        return self._token

    def redo(self) -> None:
        if self._first:
            self._first = False
            return
        change = self.change

        def done(token: object) -> None:
            self._token = token
            self._factory.refresh(change.changes)

        self._factory.execute(f"redo {change.name}", change.do, done, change.slow)

    def undo(self) -> None:
        change, token = self.change, self._token

        def done(_result: object) -> None:
            self._factory.refresh(change.changes)
            if change.restores is not None:
                self._factory.show_restored(change.restores(token))

        self._factory.execute(
            f"undo {change.name}", lambda lib: change.undo(lib, token), done, change.slow
        )


class CommandFactory(QObject):
    """Makes changes, off the GUI thread when they are slow, and records them on ``stack``
    (the window's one undo stack).

    ``writer`` is the background thread's runner: its ``started`` and ``idle`` signals
    drive the status bar's progress like any job's.
    """

    def __init__(
        self,
        stack: QUndoStack,
        session: Session,
        refresher: Refresher,
        report: Callable[[str], None],
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.stack = stack
        self.session = session
        self._refresher = refresher
        self._report = report
        self.writer = JobRunner(self, max_threads=1, keep_threads=True)

    def busy(self) -> bool:
        """Whether a change (or an undo or redo) is running in the background."""
        return self.writer.busy()

    def run(self, change: Change[Any], on_done: Callable[[], None] | None = None) -> bool:
        """Make ``change`` (now, or in the background if it is slow); once made, push it
        and refresh what it touched, then call ``on_done``. False if it failed at once.
        """
        ok = [True]

        def done(token: object) -> None:
            self.record(change, token)
            if on_done is not None:
                on_done()

        def failed(message: str) -> None:
            ok[0] = False
            self._report(message)

        self.execute(change.name, change.do, done, change.slow, failed)
        return ok[0]

    def record(self, change: Change[Any], token: object) -> None:
        """Push a change already made elsewhere (e.g. by a background job) with its token,
        and refresh what it touched."""
        self.push(change, token)
        self.refresh(change.changes)

    def push(self, change: Change[Any], token: object) -> None:
        """Push a change already made elsewhere with its token; the caller refreshes (an
        import, from what its job read at its end)."""
        self.stack.push(ChangeCommand(change, token, self))

    def tokens(self) -> list[object]:
        """The undo tokens of every command on the stack, to undo or to redo."""
        commands = (self.stack.command(i) for i in range(self.stack.count()))
        return [c.token for c in commands if isinstance(c, ChangeCommand)]

    def refresh(self, changes: Changes) -> None:
        self._refresher.apply_changes(changes)

    def show_restored(self, ids: list[int]) -> None:
        self._refresher.show_restored(ids)

    def execute(
        self,
        name: str,
        work: Work,
        done: Done,
        slow: bool,
        failed: Callable[[str], None] | None = None,
    ) -> None:
        """Run ``work(connection)``: on the GUI thread if it is quick and nothing waits in
        the background, else queued on the writer thread; ``done(result)`` follows on the
        GUI thread. A failure is reported (``failed``, else the window's report)."""
        report = failed or self._report
        try:
            self.session.check_writable()  # a read-only library: refused before any work
        except InputError as exc:
            report(describe_error(exc))
            return
        if not slow and not self.writer.busy():
            try:
                result = work(self.session.lib)
            except Exception as exc:  # no traceback reaches the user; the panel says what
                report(describe_error(exc))
                return
            done(result)
            return
        session = self.session

        def background(task: Task) -> object:
            # a re-parse or a paste runs in the session's worker process: this job's
            # progress and Cancel are its
            with session.worker.reporting_to(task):
                return work(session.writer())

        self.writer.start(
            name,
            background,
            on_success=done,
            on_failure=lambda exc: report(f"{name}: {describe_error(exc)}"),
        )

    def wait(self, msecs: int = -1) -> bool:
        """Block until the writer is done (on close and in tests)."""
        return self.writer.wait(msecs)
