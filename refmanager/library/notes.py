"""Notes: the user's own text on a reference (``ref_notes``), searchable as ``notes:``."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from refmanager.library.connection import Store, chunks, marks, timestamp
from refmanager.model.text import fold


class NoteStore(Store):
    """The ``ref_notes`` table."""

    def note(self, ref_id: int) -> str:
        """The note on a reference ("" when it has none)."""
        row = self._read("SELECT text FROM ref_notes WHERE ref_id = ?", (ref_id,))
        return str(row[0][0]) if row else ""

    def notes_of(self, ref_ids: Sequence[int]) -> dict[int, str]:
        """The notes of these references (those that have one)."""
        out: dict[int, str] = {}
        for chunk in chunks(list(ref_ids)):
            sql = f"SELECT ref_id, text FROM ref_notes WHERE ref_id IN ({marks(len(chunk))})"
            out.update((int(r[0]), str(r[1])) for r in self._read(sql, tuple(chunk)))
        return out

    def set_note(self, ref_id: int, text: str) -> str:
        """Set (an empty text removes) the note on a reference; the previous note."""
        with self.transaction():
            previous = self.note(ref_id)
            self.put_notes({ref_id: text})
        return previous

    def put_notes(self, notes: Mapping[int, str]) -> None:
        """Set several notes at once (undo puts notes back this way)."""
        with self.transaction():
            now = timestamp()
            for ref_id, text in notes.items():
                if text.strip():
                    self.conn.execute(
                        "INSERT INTO ref_notes (ref_id, text, folded, updated) "
                        "VALUES (?, ?, ?, ?) ON CONFLICT(ref_id) DO UPDATE SET "
                        "text = excluded.text, folded = excluded.folded, "
                        "updated = excluded.updated",
                        (ref_id, text, fold(text), now),
                    )
                else:
                    self.conn.execute("DELETE FROM ref_notes WHERE ref_id = ?", (ref_id,))
