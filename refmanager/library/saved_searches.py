"""Saved searches: named queries."""

from __future__ import annotations

from refmanager.library.connection import Store, timestamp
from refmanager.library.query import compile_query
from refmanager.library.results import SavedSearch
from refmanager.model import InputError


class SavedSearchStore(Store):
    """The ``saved_searches`` table."""

    def save_search(self, name: str, query: str) -> int:
        """Save (or replace) a named search; the query is checked first (InputError if bad)."""
        compile_query(query)
        if not name.strip():
            raise InputError("saved search", "a saved search needs a name")
        with self.transaction():
            self.conn.execute(
                "INSERT INTO saved_searches (name, query, created) VALUES (?, ?, ?) "
                "ON CONFLICT(name) DO UPDATE SET query = excluded.query",
                (name.strip(), query, timestamp()),
            )
            return int(
                self.conn.execute(
                    "SELECT id FROM saved_searches WHERE name = ?", (name.strip(),)
                ).fetchone()[0]
            )

    def saved_searches(self) -> list[SavedSearch]:
        rows = self._read("SELECT id, name, query FROM saved_searches ORDER BY name COLLATE NOCASE")
        return [SavedSearch(*r) for r in rows]

    def delete_saved_search(self, name: str) -> None:
        with self.transaction():
            self.conn.execute("DELETE FROM saved_searches WHERE name = ?", (name,))
