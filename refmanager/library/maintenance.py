"""Checking the library (integrity, files, counts) and repairing its search index."""

from __future__ import annotations

from refmanager.library.codec import fts_values, load_reference
from refmanager.library.connection import Connection, Store
from refmanager.library.documents import DocumentStore
from refmanager.library.normalize import space_cjk
from refmanager.library.records import CheckReport


class MaintenanceStore(Store):
    """``check``, orphan files and the search index rebuilt."""

    def __init__(self, connection: Connection, documents: DocumentStore) -> None:
        super().__init__(connection)
        self.documents = documents

    def check(self) -> CheckReport:
        """SQLite's integrity and foreign-key checks, files missing or orphaned, counts."""
        integrity = [r[0] for r in self._read("PRAGMA integrity_check")]
        fk = len(self._read("PRAGMA foreign_key_check"))
        expected: set[str] = set()
        missing: list[str] = []
        for sha, name in self._read(
            "SELECT sha256, file_name FROM documents WHERE sha256 IS NOT NULL"
        ):
            path = self.documents.stored_path(sha, name)
            expected.add(path.name)
            if not path.exists():
                missing.append(f"{name} ({path.name})")
        orphans = (
            sorted(
                p.name
                for p in self.documents.files_dir.iterdir()
                if p.is_file() and p.name not in expected
            )
            if self.documents.files_dir.exists()
            else []
        )
        counts = {
            table: int(self._read(f"SELECT count(*) FROM {table}")[0][0])
            for table in (
                "documents",
                "refs",
                "ref_data",
                "works",
                "tags",
                "ref_tags",
                "document_tags",
                "corrections",
                "saved_searches",
                "not_duplicates",
            )
        }
        counts["merged"] = int(
            self._read("SELECT count(*) FROM refs WHERE merged_into IS NOT NULL")[0][0]
        )
        fts = int(self._read("SELECT count(*) FROM refs_fts")[0][0])
        visible = counts["refs"] - counts["merged"]
        if fts != visible:
            integrity.append(f"search index has {fts} rows for {visible} visible references")
        return CheckReport(integrity, fk, missing, orphans, counts)

    def prune_orphan_files(self) -> list[str]:
        """Delete the files no document refers to (left by deletions or interrupted imports)."""
        removed = []
        for name in self.check().orphan_files:
            (self.documents.files_dir / name).unlink(missing_ok=True)
            removed.append(name)
        return removed

    def rebuild_search_index(self) -> None:
        """Rebuild the FTS indexes from the stored CSL items (``check --repair``)."""
        with self.transaction():
            self.conn.execute("DELETE FROM venues_fts")
            self.conn.executemany(
                "INSERT INTO venues_fts (rowid, name) VALUES (?, ?)",
                [
                    (venue_id, space_cjk(name))
                    for venue_id, name in self.conn.execute("SELECT id, name FROM venues")
                ],
            )
            self.conn.execute("DELETE FROM refs_fts")
            for ref_id, raw, csl in self.conn.execute(
                "SELECT d.id, d.raw, d.csl FROM ref_data d JOIN refs r ON r.id = d.id "
                "WHERE r.merged_into IS NULL"
            ):
                ref = load_reference(raw, csl)
                self.conn.execute(
                    "INSERT INTO refs_fts (rowid, title, author, venue, other) VALUES (?,?,?,?,?)",
                    (ref_id, *fts_values(ref)),
                )
