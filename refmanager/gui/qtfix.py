"""A work-around for a PySide6 6.12.0 defect on CPython 3.11, in one place.

With PySide6 6.12.0 on CPython 3.11, every call of a ``void`` Qt method from Python
(``setText``, ``setEnabled``, a Python ``paintEvent`` override...) returns ``None``
without taking a reference to it, and ``SignalInstance.emit()`` does the same with
``True``. Each call steals one reference from the singleton; after some tens of
thousands of calls CPython aborts with "none_dealloc: deallocating None" (or
"bool_dealloc"). The wheel appears to assume CPython 3.12's immortal singletons.
``tests/gui/test_parts.py`` shows the defect and that the work-around holds.

The work-around gives those singletons what 3.12 gives them: a reference count so large
that they can never reach zero. It is applied once, when ``refmanager.gui`` is imported,
only on CPython before 3.12, and only if the defect is measured. Remove this module when
the pinned PySide6 is fixed.

Measured on 2026-12-06 (1,000 ``setObjectName`` calls and 1,000 ``emit()`` on CPython
3.11.7): PySide6-Essentials 6.11.3 takes its references (no change of ``None``'s or
``True``'s count); 6.12.0 drops one a call. PySide6 6.11 ships QtPdf only in
PySide6-Addons (the PySide6-Pdf wheel exists for 6.12.0 alone): pinning 6.11.3 would grow
the installed PySide6 from 251 MB to 651 MB, so the choice is the project's (issue 25's
report), and this module stays until it is made or a fixed 6.12 is released.
"""

from __future__ import annotations

import ctypes
import sys

from PySide6.QtCore import QObject, Signal

PIN = 1 << 40  # more references than any process will ever drop


class _Probe(QObject):
    ping = Signal()


def void_call_steals_none() -> bool:
    """Whether a void Qt call from Python drops a reference to None (measured)."""
    probe = _Probe()
    before = sys.getrefcount(None)
    for i in range(16):
        probe.setObjectName(f"probe{i}")
    return sys.getrefcount(None) <= before - 8


def emit_steals_true() -> bool:
    """Whether ``Signal.emit()`` drops a reference to True (measured)."""
    probe = _Probe()
    before = sys.getrefcount(True)
    for _ in range(16):
        probe.ping.emit()
    return sys.getrefcount(True) <= before - 8


def _pin(obj: object) -> None:
    ctypes.c_ssize_t.from_address(id(obj)).value += PIN


def apply() -> bool:
    """Pin None, True and False if this PySide6 needs it; True if pinned."""
    if sys.implementation.name != "cpython" or sys.version_info >= (3, 12):
        return False  # immortal there already
    if not (void_call_steals_none() or emit_steals_true()):
        return False
    for obj in (None, True, False):
        _pin(obj)
    return True


PINNED = apply()
