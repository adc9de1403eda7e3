"""Opening a library folder: what every front end and background connection does first."""

from __future__ import annotations

from pathlib import Path

from refmanager.library import Library


def open_library(folder: Path, create: bool = True, read_only: bool | None = None) -> Library:
    """The library in ``folder`` (created when missing and ``create``; read-only when it
    cannot be written, or when ``read_only``). See :meth:`Library.open`.

    Raises:
        InputError: no library there (and not ``create``), or one newer than this program.
    """
    return Library.open(folder, create=create, read_only=read_only)
