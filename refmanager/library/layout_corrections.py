"""Layout corrections (``layout_corrections``: labelled documents for the line model) and
the order of a document's references (``refs.position``) as corrections change it."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from refmanager.library.connection import Store, timestamp
from refmanager.library.results import LayoutCorrection


class LayoutStore(Store):
    """The ``layout_corrections`` table and the positions of a document's references."""

    def add_layout_correction(
        self, document_id: int | None, kind: str, example: Mapping[str, Any]
    ) -> int:
        """Store a document's lines labelled as a correction left them; its id."""
        with self.transaction():
            cur = self.conn.execute(
                "INSERT INTO layout_corrections (document_id, kind, example, created) "
                "VALUES (?, ?, ?, ?)",
                (document_id, kind, json.dumps(dict(example), ensure_ascii=False), timestamp()),
            )
            return int(cur.lastrowid or 0)

    def layout_corrections(self, latest_only: bool = False) -> list[LayoutCorrection]:
        """The stored examples, oldest first; with ``latest_only``, each document's newest
        (it holds all of that document's corrections so far)."""
        sql = "SELECT id, document_id, kind, example, created FROM layout_corrections"
        if latest_only:
            sql += (
                " WHERE id IN (SELECT max(id) FROM layout_corrections"
                " GROUP BY coalesce(document_id, -id))"
            )
        rows = self._read(sql + " ORDER BY id")
        return [LayoutCorrection(r[0], r[1], r[2], json.loads(r[3]), r[4]) for r in rows]

    def layout_correction_counts(self) -> dict[str, int]:
        """How many corrections of each kind are stored."""
        rows = self._read("SELECT kind, count(*) FROM layout_corrections GROUP BY kind")
        return {str(r[0]): int(r[1]) for r in rows}

    def delete_layout_correction(self, correction_id: int) -> None:
        with self.transaction():
            self.conn.execute("DELETE FROM layout_corrections WHERE id = ?", (correction_id,))

    def shift_positions(self, document_id: int, after: int, delta: int) -> None:
        """Move the references of a document placed after ``after`` by ``delta`` places."""
        with self.transaction():
            self.conn.execute(
                "UPDATE refs SET position = position + ? WHERE document_id = ? AND position > ?",
                (delta, document_id, after),
            )

    def set_position(self, ref_id: int, position: int) -> None:
        with self.transaction():
            self.conn.execute("UPDATE refs SET position = ? WHERE id = ?", (position, ref_id))
