"""CPU-heavy use cases in a worker process, so that the caller's process (a window's) keeps
its interpreter for itself: re-parsing, parsing pasted text, large exports, training.

A :class:`WorkerProcess` is one process, started with ``spawn`` on first use (safe from a
process running threads) and kept, so that what it loads (the parser's model) stays
loaded between calls. :meth:`WorkerProcess.call` runs a module-level function there,
``fn(*args, report)``, and waits for its result on the calling thread; ``report(done,
total, message)`` is how the function tells its progress, and where it stops when the
caller's :class:`Task` is cancelled (it raises :class:`Cancelled`). A function that does not
stop within ``GRACE_SECONDS`` of a cancel has its process stopped; the next call starts
another. An ``InputError`` raised in the worker is raised again in the caller; anything
else comes back as :class:`WorkerFailed` (a bug, with the worker's traceback).
"""

from __future__ import annotations

import multiprocessing
import threading
import time
import traceback
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from multiprocessing.synchronize import Event
from typing import Any, Protocol, TypeVar

from refmanager.model import InputError

T = TypeVar("T")
POLL_SECONDS = 0.05
GRACE_SECONDS = 2.0  # a function that ignores a cancel this long has its process stopped


class Cancelled(Exception):
    """Raised inside a task (by :meth:`Task.check`, or a worker's ``report``) when the user
    asked to stop."""


class WorkerFailed(RuntimeError):
    """A function run in a worker process failed with a bug (the message has its
    traceback), or the process stopped (out of memory, killed)."""


class Task(Protocol):
    """What a slow use case may use while it runs on a worker thread."""

    @property
    def cancelled(self) -> bool: ...

    def check(self) -> None:
        """Raise :class:`Cancelled` if the user asked to stop."""

    def progress(self, done: int, total: int, message: str = "") -> None: ...

    def partial(self, value: object) -> None: ...


class Report(Protocol):
    """What a function run in a worker is given: its progress, with a partial result for
    the caller's task (raises :class:`Cancelled` when the caller's task was cancelled),
    and whether the caller cancelled (for a function that stops cleanly by itself)."""

    def __call__(
        self, done: int, total: int, message: str = "", partial: object = None
    ) -> None: ...

    @property
    def cancelled(self) -> bool: ...


class WorkerProcess:
    """One worker process, started on first use and kept; one call at a time."""

    def __init__(self, name: str = "refmanager-worker", daemon: bool = True) -> None:
        """``daemon``: the process stops with its caller's; a worker that starts processes
        of its own (an import's reader) cannot be one, and must be closed."""
        self.name = name
        self.daemon = daemon
        self._lock = threading.Lock()
        self._context = multiprocessing.get_context("spawn")
        self._process: BaseProcess | None = None
        self._pipe: Connection | None = None
        self._cancel: Event | None = None
        self._task: Task | None = None

    @contextmanager
    def reporting_to(self, task: Task) -> Iterator[None]:
        """Calls made inside the block that name no task report to (and stop with) ``task``:
        how a window's writer thread lends its job to the changes it runs."""
        self._task = task
        try:
            yield
        finally:
            self._task = None

    def call(
        self, fn: Callable[..., T], /, *args: Any, task: Task | None = None, **kwargs: Any
    ) -> T:
        """``fn(*args, report, **kwargs)`` in the worker process; its result.

        Raises:
            Cancelled: the task was cancelled.
            InputError: as ``fn`` raised it.
            WorkerFailed: ``fn`` failed otherwise, or the process stopped.
        """
        task = task if task is not None else self._task
        with self._lock:
            pipe, cancel = self._started()
            cancel.clear()
            pipe.send((fn, args, kwargs))
            asked: float | None = None
            while True:
                if asked is None and task is not None and task.cancelled:
                    cancel.set()
                    asked = time.monotonic()
                if asked is not None and time.monotonic() - asked > GRACE_SECONDS:
                    self._stop()
                    raise Cancelled
                if not pipe.poll(POLL_SECONDS):
                    if self._process is not None and not self._process.is_alive():
                        self._stop()
                        raise WorkerFailed("the worker process stopped (out of memory?)")
                    continue
                try:
                    kind, *rest = pipe.recv()
                except (EOFError, OSError):
                    self._stop()
                    raise WorkerFailed("the worker process stopped (out of memory?)") from None
                if kind == "progress":
                    done, total, message, partial = rest
                    if task is not None and asked is None:
                        task.progress(done, total, message)
                        if partial is not None:
                            task.partial(partial)
                elif kind == "done":
                    result: T = rest[0]
                    return result
                elif kind == "cancelled":
                    raise Cancelled
                elif kind == "input":
                    raise InputError(*rest)
                else:
                    raise WorkerFailed(rest[0])

    def close(self) -> None:
        """Stop the process (a call running in it is lost)."""
        with self._lock:
            self._stop()

    def _started(self) -> tuple[Connection, Event]:
        if self._process is not None and self._process.is_alive():
            assert self._pipe is not None and self._cancel is not None
            return self._pipe, self._cancel
        self._stop()
        mine, theirs = self._context.Pipe(duplex=True)
        cancel = self._context.Event()
        process = self._context.Process(
            target=_serve, args=(theirs, cancel), name=self.name, daemon=self.daemon
        )
        process.start()
        theirs.close()
        self._process, self._pipe, self._cancel = process, mine, cancel
        return mine, cancel

    def _stop(self) -> None:
        process, pipe = self._process, self._pipe
        self._process = self._pipe = self._cancel = None
        if pipe is not None:
            pipe.close()  # the worker's next receive ends: it returns
        if process is not None:
            process.join(0.5)
            if process.is_alive():
                process.terminate()
                process.join()


class _Reporter:
    """The worker's side of :class:`Report`."""

    def __init__(self, pipe: Connection, cancel: Event) -> None:
        self._pipe = pipe
        self._cancel = cancel

    def __call__(self, done: int, total: int, message: str = "", partial: object = None) -> None:
        if self._cancel.is_set():
            raise Cancelled
        self._pipe.send(("progress", done, total, message, partial))

    @property
    def cancelled(self) -> bool:
        return self._cancel.is_set()


def _serve(pipe: Connection, cancel: Event) -> None:
    """The worker: run each function sent, send back its progress and its outcome."""

    report = _Reporter(pipe, cancel)

    while True:
        try:
            fn, args, kwargs = pipe.recv()
        except (EOFError, OSError):
            return  # the caller closed its end
        try:
            result = fn(*args, report, **kwargs)
        except Cancelled:
            outcome: tuple[Any, ...] = ("cancelled",)
        except InputError as exc:  # (a subclass may not pickle back: sent as its parts)
            outcome = ("input", exc.source, exc.cause)
        except Exception as exc:
            outcome = ("failed", f"{type(exc).__name__}: {exc}\n{traceback.format_exc()}")
        else:
            outcome = ("done", result)
        try:
            pipe.send(outcome)
        except (BrokenPipeError, OSError):
            return  # the caller is gone
        except Exception as exc:  # the result would not pickle: a bug, told as one
            pipe.send(("failed", f"the result cannot be sent back: {exc}"))
