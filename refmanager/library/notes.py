"""Notes: the user's own text on a reference (``ref_notes``), searchable as ``notes:``.

A deleted reference's note goes with it and comes back with its undo
(``DeletedReferences.notes``).
"""

from __future__ import annotations

from refmanager.library.connection import Store, timestamp
from refmanager.model.text import fold


class NoteStore(Store):
    """The ``ref_notes`` table."""

    def note(self, ref_id: int) -> str:
        """The note on a reference ("" when it has none)."""
        row = self._read("SELECT text FROM ref_notes WHERE ref_id = ?", (ref_id,))
        return str(row[0][0]) if row else ""

    def set_note(self, ref_id: int, text: str) -> str:
        """Set (an empty text removes) the note on a reference; the previous note."""
        with self.transaction():
            previous = self.note(ref_id)
            if text.strip():
                self.conn.execute(
                    "INSERT INTO ref_notes (ref_id, text, folded, updated) "
                    "VALUES (?, ?, ?, ?) ON CONFLICT(ref_id) DO UPDATE SET "
                    "text = excluded.text, folded = excluded.folded, "
                    "updated = excluded.updated",
                    (ref_id, text, fold(text), timestamp()),
                )
            else:
                self.conn.execute("DELETE FROM ref_notes WHERE ref_id = ?", (ref_id,))
        return previous
