"""Checking the library (integrity, files, counts) and repairing its search index."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from refmanager.library.codec import fts_values, load_reference
from refmanager.library.connection import Connection, Store
from refmanager.library.documents import DocumentStore, file_sha256, stored_sha
from refmanager.library.normalize import space_cjk
from refmanager.library.results import CheckReport
from refmanager.model import InputError


class MaintenanceStore(Store):
    """``check``, orphan files and the search index rebuilt."""

    def __init__(self, connection: Connection, documents: DocumentStore) -> None:
        super().__init__(connection)
        self.documents = documents

    def check(self) -> CheckReport:
        """SQLite's integrity and foreign-key checks, files missing or orphaned, counts."""
        integrity = [r[0] for r in self._read("PRAGMA integrity_check")]
        fk = len(self._read("PRAGMA foreign_key_check"))
        stored = self._stored_files()
        missing = [f"{name} ({path.name})" for name, path in stored if not path.exists()]
        orphans, foreign = self._unreferenced_files({path.name for _, path in stored})
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
        return CheckReport(integrity, fk, missing, orphans, counts, foreign)

    def _stored_files(self) -> list[tuple[str, Path]]:
        """``(file name, where it is kept)`` of every document's stored file."""
        rows = self._read("SELECT sha256, file_name FROM documents WHERE sha256 IS NOT NULL")
        return [(name, self.documents.stored_path(sha, name)) for sha, name in rows]

    def _unreferenced_files(self, expected: set[str]) -> tuple[list[str], list[str]]:
        """The files of ``files/`` no document refers to: the library's own (orphans: named
        by a content hash it recorded, and still holding that content, or its interrupted
        ``.part`` copy), and the rest (anything else someone put there)."""
        folder = self.documents.files_dir
        if not folder.is_dir():
            return [], []
        recorded = {r[0] for r in self._read("SELECT sha256 FROM stored_files")}
        orphans: list[str] = []
        foreign: list[str] = []
        for path in sorted(folder.iterdir()):
            if path.name in expected:
                continue
            (orphans if self._ours(path, recorded) else foreign).append(path.name)
        return orphans, foreign

    @staticmethod
    def _ours(path: Path, recorded: set[str]) -> bool:
        sha = stored_sha(path.name)
        if sha not in recorded or path.is_symlink() or not path.is_file():
            return False
        if path.name.endswith(".part"):  # a copy interrupted before its rename
            return True
        try:
            return file_sha256(path) == sha
        except OSError:
            return False

    def prune_orphan_files(self, names: Iterable[str] | None = None) -> list[str]:
        """Delete the library's own files no document refers to (left by deletions or
        interrupted imports): only those :meth:`check` lists as ``orphan_files``, checked
        again now, and of them only ``names`` when given (what the user agreed to). Files
        the library did not store are never deleted. Returns the names deleted.

        Raises:
            InputError: a file could not be deleted (read-only folder, permissions).
        """
        expected = {path.name for _, path in self._stored_files()}
        orphans, _ = self._unreferenced_files(expected)
        chosen = orphans if names is None else [n for n in orphans if n in set(names)]
        removed: list[str] = []
        for name in chosen:
            path = self.documents.files_dir / name
            try:
                path.unlink(missing_ok=True)
            except OSError as exc:
                raise InputError(str(path), f"cannot delete: {exc.strerror or exc}") from None
            removed.append(name)
        gone = {stored_sha(name) for name in removed} - {stored_sha(name) for name in expected}
        if gone:
            still = {stored_sha(p.name) for p in self.documents.files_dir.iterdir()}
            with self.transaction():
                self.conn.executemany(
                    "DELETE FROM stored_files WHERE sha256 = ?",
                    [(sha,) for sha in sorted(gone - still)],
                )
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
