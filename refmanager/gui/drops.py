"""What a drag carries in the window, and what its drop will do (issue 25, items 15 and 2).

- Files from the desktop: dropped on a reference's row they are attached to it (Zotero's
  rule: a file dropped on an item becomes its attachment); dropped anywhere else, or on a
  row with Shift held, or when a folder is among them (a folder cannot be attached), they
  are imported. While the drag moves, the status bar says which it will be.
- The table's rows (their reference ids, :data:`REF_IDS_MIME`): dropped on a collection in
  the sidebar they are added to it.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QByteArray, QMimeData, Qt

from refmanager.service.views import plural

REF_IDS_MIME = "application/x-refmanager-reference-ids"


def ids_mime(ids: Sequence[int]) -> QMimeData:
    """A drag of the table's rows: their reference ids (no file URLs, so that a drop on
    the window never takes them for files to import)."""
    mime = QMimeData()
    mime.setData(REF_IDS_MIME, QByteArray(json.dumps(list(ids)).encode("ascii")))
    return mime


def ids_from(mime: QMimeData) -> list[int]:
    """The reference ids a drag of rows carries (none for any other drag)."""
    if not mime.hasFormat(REF_IDS_MIME):
        return []
    try:
        value = json.loads(bytes(mime.data(REF_IDS_MIME).data()).decode("ascii"))
    except (UnicodeDecodeError, json.JSONDecodeError):
        return []
    if not isinstance(value, list):
        return []
    return [i for i in value if isinstance(i, int) and not isinstance(i, bool)]


def local_paths(mime: QMimeData) -> list[Path]:
    """The local files and folders a drag from the desktop carries."""
    if not mime.hasUrls():
        return []
    return [Path(url.toLocalFile()) for url in mime.urls() if url.isLocalFile()]


@dataclass(slots=True, frozen=True)
class FileDrop:
    """What dropping ``paths`` will do: attach them to reference ``ref_id``, or import them
    (``ref_id`` None)."""

    paths: list[Path]
    ref_id: int | None = None

    def hint(self, title: str = "") -> str:
        """The status bar's line while the drag moves."""
        if self.ref_id is None:
            return f"Drop to import {plural(len(self.paths), 'file')}"
        what = self.paths[0].name if len(self.paths) == 1 else plural(len(self.paths), "file")
        target = f"\u201c{title}\u201d" if title else "this reference"
        return f"Drop to attach {what} to {target} (hold Shift to import instead)"


def plan_file_drop(
    paths: list[Path], ref_id: int | None, modifiers: Qt.KeyboardModifier, *, folder: bool
) -> FileDrop:
    """Attach to the row's reference, unless there is no row, Shift is held, or a folder is
    among the files (``folder``: it can only be imported)."""
    if ref_id is None or folder or modifiers & Qt.KeyboardModifier.ShiftModifier:
        return FileDrop(paths)
    return FileDrop(paths, ref_id)
