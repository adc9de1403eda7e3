"""Use case: noticing what other processes wrote to a library (an import or a re-parse
from the command line, ``refmanager watch``, a shared library's sync), and saying what a
window must read again, as the :class:`Changes` its own changes give.

A front end polls :func:`moved` (SQLite's ``data_version`` on its connection: one cheap
pragma) and, when it moved, asks :meth:`OutsideChanges.changes` on another connection
(its background reader): a summary of the library (:class:`LibraryState`) compared with
the one seen last. References changed in place are named (their rows are read again);
references or documents added or removed, tags, collections or saved searches changed make
the listing be read again. After its own changes the front end calls
:meth:`OutsideChanges.catch_up`, so that what it did is not taken for another's change.
"""

from __future__ import annotations

from refmanager.library import Library, LibraryState
from refmanager.service.views import STRUCTURE, Changes

ROWS_NAMED = 500  # more references changed in place than this: the listing is read again


def moved(lib: Library) -> int:
    """SQLite's ``data_version`` on ``lib``'s connection: it moves when another connection
    (another process, or the front end's own background writer) commits."""
    return lib.changes.version()


class OutsideChanges:
    """What changed in a library since it was last looked at (see the module)."""

    def __init__(self) -> None:
        self._seen: LibraryState | None = None

    def catch_up(self, lib: Library) -> None:
        """Take the library as it is now as seen (after the front end's own changes)."""
        self._seen = lib.changes.state()

    def changes(self, lib: Library) -> Changes:
        """What changed since last seen (an empty :class:`Changes` when nothing did); the
        library as it is now is then taken as seen."""
        before, now = self._seen, lib.changes.state()
        self._seen = now
        if before is None:
            return Changes()
        structure = (
            before.references != now.references
            or before.last_reference != now.last_reference
            or before.documents != now.documents
            or before.last_document != now.last_document
        )
        if structure:
            return STRUCTURE
        out = Changes()
        if before.tags != now.tags:
            out = out | Changes(structure=True, sidebar=True)  # rows show their tags
        if before.searches != now.searches:
            out = out | Changes(sidebar=True)
        if before.collections != now.collections:  # a collection's view lists its members
            out = out | Changes(structure=True, sidebar=True)
        rows: list[int] = []
        if now.modified > before.modified:
            rows += lib.changes.modified_since(before.modified, ROWS_NAMED + 1)
        if now.notes != before.notes:
            rows += lib.changes.notes_since(before.notes[0], ROWS_NAMED + 1)
        if len(rows) > ROWS_NAMED:
            return out | Changes(structure=True, duplicates=True)
        if rows:
            out = out | Changes.of_rows(rows) | Changes(duplicates=True)
        return out
