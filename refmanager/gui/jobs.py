"""The one background-job helper: run a callable off the GUI thread, report on the main thread.

A job's callable runs in a worker thread of a ``QThreadPool``. It receives a
:class:`JobContext` through which it reports progress, hands over partial results
(one imported document at a time) and checks whether the user pressed Cancel. It
must never touch a widget: everything it says reaches the main thread through
queued signals, where the callbacks given to :meth:`JobRunner.start` run.

Anything that touches SQLite opens its own connection inside the callable
(sqlite3 connections belong to the thread that made them).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QObject, QRunnable, QThreadPool, Signal

from refmanager.service.session import Cancelled

JobCancelled = Cancelled  # raised inside a job's callable when the user cancelled


class JobContext:
    """What a job's callable may use: progress, partial results, cancellation (the
    ``refmanager.service.session.Task`` the service's slow use cases take).

    Every method is safe to call from the worker thread.
    """

    def __init__(self, bridge: _Bridge, cancel_event: threading.Event) -> None:
        self._bridge = bridge
        self._cancel = cancel_event

    @property
    def cancelled(self) -> bool:
        return self._cancel.is_set()

    def check(self) -> None:
        """Raise :class:`JobCancelled` if the user asked to stop."""
        if self._cancel.is_set():
            raise JobCancelled

    def progress(self, done: int, total: int, message: str = "") -> None:
        """Report ``done`` of ``total`` steps (total 0: unknown) and what is happening."""
        self._bridge.progressed.emit(done, total, message)

    def partial(self, value: object) -> None:
        """Hand one intermediate result to the main thread (e.g. a finished document)."""
        self._bridge.partial.emit(_Partial(value))


class _Bridge(QObject):
    """Signals emitted from the worker thread; it lives in the main thread: delivery is queued."""

    progressed = Signal(int, int, str)
    partial = Signal(object)
    done = Signal(object)  # an _Outcome (never a bare None: PySide6 miscounts queued None)


@dataclass(frozen=True, slots=True)
class _Outcome:
    """A job's result or its exception, carried as one object through a queued signal."""

    result: object
    error: BaseException | None


@dataclass(frozen=True, slots=True)
class _Partial:
    """A partial result wrapped, for the same reason."""

    value: object


class Job(QObject):
    """A running (or finished) background job, owned by the main thread.

    Signals:
        progressed(int, int, str): done, total, message.
        partial(object): an intermediate result.
        succeeded(object): the callable's return value.
        failed(object): the exception it raised (never JobCancelled).
        cancelled(): the job stopped because the user asked.
        finished(): emitted last, whatever the outcome.
    """

    progressed = Signal(int, int, str)
    partial = Signal(object)
    succeeded = Signal(object)
    failed = Signal(object)
    cancelled = Signal()
    finished = Signal()

    def __init__(self, name: str, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.name = name
        self.running = True
        self._cancel = threading.Event()
        self.bridge = _Bridge(self)
        self.bridge.progressed.connect(self._on_progress)
        self.bridge.partial.connect(self._on_partial)
        self.bridge.done.connect(self._on_done)

    def cancel(self) -> None:
        """Ask the job to stop; the callable sees it at its next :meth:`JobContext.check`."""
        self._cancel.set()

    def context(self) -> JobContext:
        return JobContext(self.bridge, self._cancel)

    def _on_progress(self, done: int, total: int, message: str) -> None:
        self.progressed.emit(done, total, message)

    def _on_partial(self, wrapped: _Partial) -> None:
        self.partial.emit(wrapped.value)

    def _on_done(self, outcome: _Outcome) -> None:
        self.running = False
        result, error = outcome.result, outcome.error
        if isinstance(error, JobCancelled):
            self.cancelled.emit()
        elif error is not None:
            self.failed.emit(error)
        else:
            self.succeeded.emit(result)
        self.finished.emit()


class _Runnable(QRunnable):
    def __init__(self, func: Callable[[JobContext], Any], job: Job) -> None:
        super().__init__()
        self.setAutoDelete(True)
        self._func = func
        self._bridge = job.bridge
        self._context = job.context()

    def run(self) -> None:
        try:
            result = self._func(self._context)
        except BaseException as exc:  # delivered to the main thread as data
            self._bridge.done.emit(_Outcome(None, exc))
        else:
            self._bridge.done.emit(_Outcome(result, None))


class JobRunner(QObject):
    """Starts jobs on its own thread pool and keeps them alive until they finish.

    Signals:
        started(Job): a job was started (the status bar shows its progress).
        idle(): no job is running any more.
    """

    started = Signal(object)
    idle = Signal()

    def __init__(
        self, parent: QObject | None = None, max_threads: int = 2, keep_threads: bool = False
    ) -> None:
        super().__init__(parent)
        self._pool = QThreadPool(self)
        self._pool.setMaxThreadCount(max_threads)
        if keep_threads:  # threads that keep per-thread state (a reader's connection)
            self._pool.setExpiryTimeout(-1)
        self._jobs: list[Job] = []
        self._finished: list[Job] = []  # kept until the next start: never deleted mid-signal

    def start(
        self,
        name: str,
        func: Callable[[JobContext], Any],
        *,
        on_success: Callable[[Any], None] | None = None,
        on_failure: Callable[[BaseException], None] | None = None,
        on_partial: Callable[[Any], None] | None = None,
        on_progress: Callable[[int, int, str], None] | None = None,
        on_cancelled: Callable[[], None] | None = None,
    ) -> Job:
        """Run ``func(context)`` in a worker thread; the callbacks run on the main thread."""
        # The jobs finished before go now (deleted by the event loop): their connections
        # (the lambda below names the job) held them through Qt, where the cyclic
        # collector cannot see, so a job only released stayed in the process for good.
        for old in self._finished:
            old.deleteLater()
        self._finished.clear()
        job = Job(name, self)
        if on_success is not None:
            job.succeeded.connect(on_success)
        if on_failure is not None:
            job.failed.connect(on_failure)
        if on_partial is not None:
            job.partial.connect(on_partial)
        if on_progress is not None:
            job.progressed.connect(on_progress)
        if on_cancelled is not None:
            job.cancelled.connect(on_cancelled)
        job.finished.connect(lambda: self._forget(job))
        self._jobs.append(job)
        self.started.emit(job)
        self._pool.start(_Runnable(func, job))
        return job

    @property
    def jobs(self) -> list[Job]:
        return list(self._jobs)

    def busy(self) -> bool:
        return bool(self._jobs)

    def cancel_all(self) -> None:
        for job in self._jobs:
            job.cancel()

    def wait(self, msecs: int = -1) -> bool:
        """Block until every worker thread is done (used on close and in tests)."""
        return self._pool.waitForDone(msecs)

    def _forget(self, job: Job) -> None:
        if job in self._jobs:
            self._jobs.remove(job)
            self._finished.append(job)
        if not self._jobs:
            self.idle.emit()
