"""Files kept up to date, the citation keys written, and the library's settings.

``auto_exports`` lists the files ``refmanager watch`` (or the window) rewrites when what
they cover changes; ``citation_keys`` holds each reference's key as first written, so
that a key never changes unless the user changes the reference's own key; ``settings``
holds named values such as the pattern new keys are made from.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from refmanager.library.connection import IN_IDS, Store, ids_json, timestamp


@dataclass(slots=True, frozen=True)
class AutoExport:
    """A file kept up to date: where, in which format, covering which search."""

    id: int
    path: str
    format: str
    query: str
    created: float
    written: float | None


@dataclass(slots=True, frozen=True)
class WrittenKey:
    """The key a reference was written with, and the citation-key field it came from."""

    ref_id: int
    key: str
    source: str


class ExportStore(Store):
    """The ``auto_exports``, ``citation_keys`` and ``settings`` tables."""

    # -- files kept up to date ----------------------------------------------------------------
    def add_auto_export(self, path: str, fmt: str, query: str) -> int:
        """Keep ``path`` up to date in ``fmt`` with the references ``query`` matches (an
        existing entry for the same path is replaced); its id."""
        with self.transaction():
            self.conn.execute(
                "INSERT INTO auto_exports (path, format, query, created) VALUES (?, ?, ?, ?) "
                "ON CONFLICT (path) DO UPDATE SET format = excluded.format, "
                "query = excluded.query",
                (path, fmt, query, timestamp()),
            )
            row = self.conn.execute("SELECT id FROM auto_exports WHERE path = ?", (path,))
            return int(row.fetchone()[0])

    def auto_exports(self) -> list[AutoExport]:
        rows = self._read(
            "SELECT id, path, format, query, created, written FROM auto_exports ORDER BY path"
        )
        return [AutoExport(*row) for row in rows]

    def remove_auto_export(self, path: str) -> bool:
        """Stop keeping ``path`` up to date; whether it was kept."""
        with self.transaction():
            cur = self.conn.execute("DELETE FROM auto_exports WHERE path = ?", (path,))
            return cur.rowcount > 0

    def auto_export_written(self, export_id: int) -> None:
        with self.transaction():
            self.conn.execute(
                "UPDATE auto_exports SET written = ? WHERE id = ?", (timestamp(), export_id)
            )

    # -- citation keys ------------------------------------------------------------------------
    def written_keys(self, ref_ids: Sequence[int]) -> dict[int, WrittenKey]:
        """The keys stored for ``ref_ids``."""
        sql = f"SELECT ref_id, key, source FROM citation_keys WHERE ref_id {IN_IDS}"
        return {r[0]: WrittenKey(*r) for r in self._read(sql, (ids_json(ref_ids),))}

    def key_owners(self, keys: Sequence[str]) -> dict[str, int]:
        """Of ``keys``, those some reference holds (lower case -> the reference)."""
        sql = (
            "SELECT key, ref_id FROM citation_keys "
            "WHERE key COLLATE NOCASE IN (SELECT value FROM json_each(?))"
        )
        rows = self._read(sql, (json.dumps(list(keys), ensure_ascii=False),))
        return {str(key).lower(): int(ref_id) for key, ref_id in rows}

    def keys_starting(self, prefix: str) -> dict[str, int]:
        """Every stored key that starts with ``prefix``, case ignored (lower case -> the
        reference), in one query on the keys' index: the keys a new key with a suffix
        (``prefix`` + ``a``, ``b``, ...) must not be."""
        sql = (
            "SELECT key, ref_id FROM citation_keys "
            "WHERE key >= ? COLLATE NOCASE AND key < ? COLLATE NOCASE"
        )
        rows = self._read(sql, (prefix, prefix + "\U0010ffff"))
        lower = prefix.lower()
        return {
            str(key).lower(): int(ref_id)
            for key, ref_id in rows
            if str(key).lower().startswith(lower)
        }

    def store_keys(self, keys: Iterable[WrittenKey]) -> None:
        """Store (or replace) the keys of references."""
        with self.transaction():
            self.conn.executemany(
                "INSERT INTO citation_keys (ref_id, key, source) VALUES (?, ?, ?) "
                "ON CONFLICT (ref_id) DO UPDATE SET key = excluded.key, source = excluded.source",
                [(k.ref_id, k.key, k.source) for k in keys],
            )

    # -- settings -----------------------------------------------------------------------------
    def setting(self, name: str, default: str = "") -> str:
        rows = self._read("SELECT value FROM settings WHERE name = ?", (name,))
        return str(rows[0][0]) if rows else default

    def set_setting(self, name: str, value: str) -> None:
        with self.transaction():
            self.conn.execute(
                "INSERT INTO settings (name, value) VALUES (?, ?) "
                "ON CONFLICT (name) DO UPDATE SET value = excluded.value",
                (name, value),
            )

    def data_version(self) -> int:
        """A number that changes when another connection commits a change (SQLite's
        ``PRAGMA data_version``): cheap to poll, to see that something changed."""
        return int(self._read("PRAGMA data_version")[0][0])
