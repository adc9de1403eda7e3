"""Pausing Python's cyclic garbage collector around slow work that makes no cycles."""

from __future__ import annotations

import gc
from collections.abc import Iterator
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
