"""Corrections: raw reference strings with the CSL item the user corrected them to."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from refmanager.library.connection import Store, timestamp
from refmanager.library.results import Correction


class CorrectionStore(Store):
    """The ``corrections`` table (labelled examples for the parser)."""

    def add_correction(
        self, raw: str, csl: Mapping[str, Any], reference_id: int | None = None
    ) -> int:
        """Store a labelled example: the raw reference string and its corrected CSL item."""
        with self.transaction():
            cur = self.conn.execute(
                "INSERT INTO corrections (reference_id, raw, csl, created) VALUES (?, ?, ?, ?)",
                (reference_id, raw, json.dumps(dict(csl), ensure_ascii=False), timestamp()),
            )
            return int(cur.lastrowid or 0)

    def corrections(self) -> list[Correction]:
        rows = self._read("SELECT id, reference_id, raw, csl, created FROM corrections ORDER BY id")
        return [Correction(r[0], r[1], r[2], json.loads(r[3]), r[4]) for r in rows]

    def delete_correction(self, correction_id: int) -> None:
        with self.transaction():
            self.conn.execute("DELETE FROM corrections WHERE id = ?", (correction_id,))
