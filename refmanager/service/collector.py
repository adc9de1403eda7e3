"""What slow work on a background thread does so that the window's thread keeps running:
the cyclic garbage collector paused around it, and the GIL shared while it parses."""

from __future__ import annotations

import gc
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager


@contextmanager
def cycle_collector_paused() -> Iterator[None]:
    """Pause Python's cyclic garbage collector while an export or a slow change runs.

    Both make many short-lived objects that hold no reference cycles (decoded JSON,
    references, entries, rows), so reference counting frees them all; the cyclic collector
    would only rescan everything alive in the process, again and again, holding the GIL.
    Measured: 1 to 3 s of a 100,000-reference export, more the more the process holds; and
    120-160 ms per full collection during a 1,000-reference re-parse in the background
    (benchmarks/gui_ops.py), for which the window's thread froze as long. The collector is
    enabled again afterwards, unless it was off before.
    """
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


class GilSharing:
    """Called often by CPU-bound work on a background thread (after each parsed reference):
    at most every ``every`` seconds it sleeps ``pause`` seconds, so that the window's thread
    takes the GIL.

    Why: the parser calls python-crfsuite and SQLite many times a reference, and each call
    releases the GIL for a moment and takes it back at once. The window's thread, woken by
    each release, loses that race again and again, and Python's switch interval never
    forces a hand-over, since the GIL did change hands (a "convoy"). A 1,000-reference
    re-parse froze the window for 214-686 ms on an idle machine (benchmarks/gui_ops.py),
    whatever the switch interval; with a 1 ms sleep every 20 ms of parsing, 22-42 ms, and
    the re-parse took as long. Only the window's background changes use it.
    """

    def __init__(
        self,
        every: float = 0.02,
        pause: float = 0.001,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        self.every = every
        self.pause = pause
        self._clock = clock
        self._sleep = sleep
        self._next = clock() + every

    def __call__(self) -> None:
        if self._clock() >= self._next:
            self._sleep(self.pause)
            self._next = self._clock() + self.every
