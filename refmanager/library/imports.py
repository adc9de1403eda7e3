"""Imports of bibliography files: references stored a batch at a time, each batch in one
transaction with the count of the file's references stored so far, so that importing an
interrupted file again goes on from where it stopped.

A large import sets most indexes of ``refs`` aside (:meth:`ImportStore.defer_indexes`)
and builds them again at its end (:meth:`ImportStore.restore_indexes`), one sort each
instead of a million scattered B-tree inserts. What was set aside is written in the same
transaction that drops it (the ``settings`` row ``deferred_indexes``), so an import
stopped by a crash leaves the list, and opening the library builds them.
"""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from dataclasses import dataclass

from refmanager.library.attachments import AttachmentStore
from refmanager.library.codec import StoredForm, stored_form
from refmanager.library.collections import CollectionStore
from refmanager.library.connection import Connection, Store, timestamp
from refmanager.library.references import ReferenceStore
from refmanager.library.tags import TagStore
from refmanager.model import Reference

# Indexes of ``refs`` kept up to date during a large import: linking works reads
# refs_work; the table's default order (document, position) and the visible rows read
# the others, whose keys mostly grow with the id. The rest are set aside.
KEPT_INDEXES = frozenset({"refs_work", "refs_document", "refs_visible", "refs_added"})
DEFERRED_SETTING = "deferred_indexes"  # [[name, CREATE INDEX statement], ...] as JSON
# Pending full-text terms held in memory before they are written as a segment (SQLite's
# default is 1 MB): fewer, larger segments, so far less merging while a big file goes in.
FTS_HASH_BYTES = 16 << 20
# While a large import runs, the write-ahead log is copied into the database once it holds
# this many pages (400 MB; SQLite's default is 1,000 pages: after every batch). The pages
# each batch rewrites (index pages all over refs_work and works_doi, the full-text index)
# are copied, and the files synced, once per checkpoint instead of once per batch.
# Commits stay as safe: a crash leaves the log, which SQLite reads back on opening.
LARGE_IMPORT_CHECKPOINT_PAGES = 100_000
CHECKPOINT_PAGES = 1000  # SQLite's default
# Sort threads SQLite may use while building the indexes set aside (PRAGMA threads): the
# file's reading is over by then, so the other cores are free.
INDEX_SORT_THREADS = min(4, os.cpu_count() or 1)


@dataclass(slots=True)
class ImportRun:
    """One file's import.

    Attributes:
        id: its row in ``imports``.
        added: how many of the file's references (in file order) are stored.
        finished: when the whole file was imported (None while it is not).
        resumed: the run goes on with an import interrupted before.
    """

    id: int
    added: int
    finished: float | None
    resumed: bool = False


class ImportStore(Store):
    """The ``imports`` table and the batches written with it."""

    def __init__(
        self,
        connection: Connection,
        refs: ReferenceStore,
        tags: TagStore,
        attachments: AttachmentStore,
        collections: CollectionStore,
    ) -> None:
        super().__init__(connection)
        self.refs = refs
        self.tags = tags
        self.attachments = attachments
        self.collections = collections

    def begin_import(self, sha256: str, file_name: str, fmt: str) -> ImportRun:
        """The import of the file with this content hash: the last one when its references
        are still in the library (finished: to report; interrupted: to go on with), else a
        new one."""
        with self.transaction():
            row = self.conn.execute(
                "SELECT id, added, finished, (SELECT count(*) FROM refs r "
                "WHERE r.id BETWEEN i.first_ref AND i.last_ref AND r.added >= i.started) "
                "FROM imports i WHERE sha256 = ? ORDER BY id DESC LIMIT 1",
                (sha256,),
            ).fetchone()
            if row is not None:
                run_id, added, finished, present = int(row[0]), int(row[1]), row[2], row[3]
                if finished is not None and present:
                    return ImportRun(run_id, added, finished)
                if finished is None and present == added:
                    return ImportRun(run_id, added, None, resumed=added > 0)
                # its references were deleted since: the file is imported afresh
                self.conn.execute("DELETE FROM imports WHERE id = ?", (run_id,))
            cur = self.conn.execute(
                "INSERT INTO imports (sha256, file_name, format, started) VALUES (?, ?, ?, ?)",
                (sha256, file_name, fmt, timestamp()),
            )
            return ImportRun(int(cur.lastrowid or 0), 0, None)

    def add_import_batch(
        self, run: ImportRun, references: Sequence[Reference], tag: str | None = None
    ) -> list[int]:
        """Store a batch of the file's references (tagged ``tag``, in the collections their
        JabRef groups name, and their attachments) and count them in the run, in one transaction;
        their ids."""
        return self.add_import_forms(run, [stored_form(ref) for ref in references], tag)

    def add_import_forms(
        self, run: ImportRun, forms: Sequence[StoredForm], tag: str | None = None
    ) -> list[int]:
        """:meth:`add_import_batch` for references already in their stored form (derived
        where the file was read). Their positions are their places in the file, so the
        file's order is kept across batches (and the ``refs_document`` index grows at its
        end)."""
        with self.transaction():
            ids = self.refs.insert_forms(None, forms, timestamp(), position=run.added)
            if tag and ids:
                self.tags.tag_references(ids, tag)
            self.attachments.add_new_attachments(
                (ref_id, form.attachments)
                for ref_id, form in zip(ids, forms, strict=True)
                if form.attachments
            )
            by_group: dict[str, list[int]] = {}
            for ref_id, form in zip(ids, forms, strict=True):
                for group in form.groups:
                    by_group.setdefault(group, []).append(ref_id)
            for group, members in by_group.items():
                # a JabRef group is a collection at its path in the group tree
                path = [part for part in group.split("/") if part.strip()]
                if path:
                    self.collections.add(self.collections.path_id(path), members)
            if ids:
                self.conn.execute(
                    "UPDATE imports SET added = added + ?, first_ref = coalesce(first_ref, ?), "
                    "last_ref = ? WHERE id = ?",
                    (len(ids), ids[0], ids[-1], run.id),
                )
        run.added += len(ids)
        return ids

    def finish_import(self, run: ImportRun) -> None:
        """Mark the file as imported whole."""
        with self.transaction():
            run.finished = timestamp()
            self.conn.execute(
                "UPDATE imports SET finished = ? WHERE id = ?", (run.finished, run.id)
            )

    def forget_import(self, run: ImportRun) -> None:
        """Forget a run (its references were taken out again: importing the file again
        starts from its beginning)."""
        with self.transaction():
            self.conn.execute("DELETE FROM imports WHERE id = ?", (run.id,))

    # -- indexes set aside during a large import -----------------------------------------------
    def deferred_indexes(self) -> list[tuple[str, str]]:
        """The indexes of ``refs`` set aside (name, statement), none when all are there."""
        rows = self._read("SELECT value FROM settings WHERE name = ?", (DEFERRED_SETTING,))
        return [(str(name), str(sql)) for name, sql in json.loads(rows[0][0])] if rows else []

    def defer_indexes(self) -> None:
        """Drop the indexes of ``refs`` outside ``KEPT_INDEXES``, writing them down in the
        same transaction; let the full-text index hold more terms in memory, and the log
        more pages between checkpoints (until :meth:`restore_indexes`)."""
        self.conn.execute(f"PRAGMA wal_autocheckpoint = {LARGE_IMPORT_CHECKPOINT_PAGES}")
        with self.transaction():
            rows = self.conn.execute(
                "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'refs' "
                "AND sql IS NOT NULL ORDER BY name"
            ).fetchall()
            dropped = [(str(n), str(sql)) for n, sql in rows if n not in KEPT_INDEXES]
            self.conn.execute(
                "INSERT INTO refs_fts (refs_fts, rank) VALUES ('hashsize', ?)", (FTS_HASH_BYTES,)
            )
            if not dropped:
                return
            self.conn.execute(
                "INSERT INTO settings (name, value) VALUES (?, ?) "
                "ON CONFLICT (name) DO UPDATE SET value = excluded.value",
                (DEFERRED_SETTING, json.dumps(self.deferred_indexes() + dropped)),
            )
            for name, _ in dropped:
                self.conn.execute(f'DROP INDEX "{name}"')

    def restore_indexes(self) -> None:
        """Build the indexes :meth:`defer_indexes` set aside (one transaction, sorting on
        ``INDEX_SORT_THREADS`` threads); nothing to do when none were. Checkpoints come
        back to SQLite's default."""
        self.conn.execute(f"PRAGMA wal_autocheckpoint = {CHECKPOINT_PAGES}")
        if not self.deferred_indexes():
            return
        self.conn.execute(f"PRAGMA threads = {INDEX_SORT_THREADS}")
        try:
            with self.transaction():
                present = {
                    row[0]
                    for row in self.conn.execute(
                        "SELECT name FROM sqlite_master WHERE type = 'index'"
                    )
                }
                for name, sql in self.deferred_indexes():
                    if name not in present:
                        self.conn.execute(sql)
                self.conn.execute("DELETE FROM settings WHERE name = ?", (DEFERRED_SETTING,))
        finally:
            self.conn.execute("PRAGMA threads = 0")
