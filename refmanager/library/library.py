"""The library: one folder holding ``library.sqlite`` and ``files/<sha256>.<ext>``.

Usage::

    with Library.open(folder) as lib:
        doc_id = lib.documents.add_document(meta, refs, file=Path("paper.pdf"))
        rows = lib.search.search("author:dao year:>=2020", order_by="year", limit=50)

:class:`Library` opens the folder (creating and migrating it) and holds one store per
concern, each over the one connection (``docs/architecture.md`` lists them). Callers use
the store that owns the concern: ``lib.tags.tag_references(ids, "to-read")``.

Threads: a ``Library`` may be handed from one thread to another but must not be used by two
threads at once; a background worker opens its own ``Library`` on the same folder (SQLite in
WAL mode lets readers and one writer work together; other writers wait, up to 30 s, and are
retried, so "database is locked" does not reach the user).

Every write method runs in its own transaction unless called inside ``with lib.transaction():``,
in which case it joins it (nested blocks become savepoints).
"""

from __future__ import annotations

import sqlite3
from contextlib import AbstractContextManager, suppress
from pathlib import Path
from types import TracebackType

from refmanager.library import db
from refmanager.library.attachments import AttachmentStore
from refmanager.library.changes import ChangeStore
from refmanager.library.collections import CollectionStore
from refmanager.library.connection import Connection
from refmanager.library.corrections import CorrectionStore
from refmanager.library.documents import DocumentStore
from refmanager.library.duplicates import DuplicateStore
from refmanager.library.exports import ExportStore
from refmanager.library.imports import ImportStore
from refmanager.library.layout_corrections import LayoutStore
from refmanager.library.maintenance import MaintenanceStore
from refmanager.library.notes import NoteStore
from refmanager.library.references import ReferenceStore
from refmanager.library.saved_searches import SavedSearchStore
from refmanager.library.search import SearchStore
from refmanager.library.syncrows import EntityRows
from refmanager.library.syncstate import SyncStore
from refmanager.library.tags import TagStore
from refmanager.library.works import WorkStore
from refmanager.model import InputError

DB_NAME = "library.sqlite"
FILES_DIR = "files"


class Library:
    """An open library folder. Create with :meth:`open`; close with :meth:`close` or ``with``.

    Attributes:
        folder: the library folder.
        db_path: ``folder / "library.sqlite"``.
        files_dir: ``folder / "files"``, where imported files are kept by content hash.
        conn: the SQLite connection (autocommit; use :meth:`transaction` to group writes).
        migrated_from: the schema version the file had before opening (0 for a new library).
    """

    def __init__(
        self, folder: Path, conn: sqlite3.Connection, migrated_from: int, read_only: bool = False
    ) -> None:
        self.folder = folder
        self.db_path = folder / DB_NAME
        self.files_dir = folder / FILES_DIR
        self.conn = conn
        self.migrated_from = migrated_from
        self.read_only = read_only
        shared = Connection(conn, str(folder) if read_only else None)
        self._connection = shared
        self.works = WorkStore(shared)
        self.references = ReferenceStore(shared, self.works)
        self.tags = TagStore(shared)
        self.documents = DocumentStore(
            shared, self.files_dir, self.references, self.works, self.tags
        )
        self.duplicates = DuplicateStore(shared, self.references, self.works)
        self.search = SearchStore(shared)
        self.corrections = CorrectionStore(shared)
        self.layout = LayoutStore(shared)
        self.saved_searches = SavedSearchStore(shared)
        self.notes = NoteStore(shared)
        self.maintenance = MaintenanceStore(shared, self.documents)
        self.attachments = AttachmentStore(shared)
        self.collections = CollectionStore(shared)
        self.imports = ImportStore(
            shared, self.references, self.tags, self.attachments, self.collections
        )
        self.exports = ExportStore(shared)
        self.changes = ChangeStore(shared)
        self.sync = SyncStore(
            shared, EntityRows(shared, self.references, self.documents, self.tags)
        )
        self.sync.refuse_if_reader()

    # ------------------------------------------------------------ opening

    @classmethod
    def open(
        cls, folder: Path | str, create: bool = True, read_only: bool | None = None
    ) -> Library:
        """Open (or, with ``create``, create) the library in ``folder``; migrate it if needed.

        A backup ``library.sqlite.vN.bak`` is written before any migration. A library that
        cannot be written (a read-only medium or folder, or ``read_only``) is opened
        read-only: it can be searched and exported; every change raises ``InputError``.
        ``read_only=False`` insists on writing (an unwritable library is an error).

        Raises:
            InputError: the folder is not a library and ``create`` is false, the file is not
                an SQLite database, it was written by a newer refmanager, or it needs
                upgrading and cannot be written.
        """
        folder = Path(folder).expanduser()
        path = folder / DB_NAME
        if not path.exists():
            if not create:
                raise InputError(str(folder), "no refmanager library here (library.sqlite missing)")
            if folder.exists() and not folder.is_dir():
                raise InputError(str(folder), "not a folder")
            try:
                folder.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                raise InputError(
                    str(folder), f"cannot create the library: {exc.strerror}"
                ) from None
        writable = db.writable(path)
        if read_only is False and not writable:
            raise InputError(str(folder), "the library cannot be written here (read-only)")
        if read_only or not writable:
            return cls._open_read_only(folder, path)
        (folder / FILES_DIR).mkdir(exist_ok=True)
        try:
            conn = db.connect(path)
        except sqlite3.DatabaseError as exc:
            raise InputError(str(path), f"cannot open the library: {exc}") from None
        try:
            library = cls(folder, conn, db.migrate(conn, path))
            library.imports.restore_indexes()  # set aside by a large import that was stopped
        except sqlite3.DatabaseError as exc:
            conn.close()
            raise InputError(str(path), f"not a usable library file: {exc}") from None
        except BaseException:
            conn.close()
            raise
        return library

    @classmethod
    def _open_read_only(cls, folder: Path, path: Path) -> Library:
        try:
            conn = db.connect_read_only(path)
        except sqlite3.DatabaseError as exc:
            raise InputError(str(path), f"cannot open the library read-only: {exc}") from None
        try:
            return cls(folder, conn, db.check_version(conn, path), read_only=True)
        except sqlite3.DatabaseError as exc:
            conn.close()
            raise InputError(str(path), f"not a usable library file: {exc}") from None
        except BaseException:
            conn.close()
            raise

    def close(self) -> None:
        """Close the connection (pending transactions are rolled back)."""
        self.conn.close()

    def optimize(self) -> None:
        """Refresh the query planner's statistics where they are stale (``PRAGMA optimize``).

        Takes a second or two on a million references: call it after a large import, not on
        every close.
        """
        with suppress(sqlite3.Error):
            self.conn.execute("PRAGMA optimize")

    def __enter__(self) -> Library:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    def transaction(self) -> AbstractContextManager[None]:
        """See :meth:`Connection.transaction`."""
        return self._connection.transaction()
