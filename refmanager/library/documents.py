"""Documents (the PDFs and files imported) and their stored files."""

from __future__ import annotations

import contextlib
import hashlib
import json
import sqlite3
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from refmanager.library import db
from refmanager.library.connection import Connection, Store, marks, timestamp
from refmanager.library.references import ReferenceStore
from refmanager.library.results import DeletedDocument, DocumentRecord, StoredReference
from refmanager.library.tags import TagStore
from refmanager.library.works import WorkStore
from refmanager.model import AlreadyInLibrary, DocumentMeta, InputError, Name, Reference
from refmanager.model.identifiers import doi_key


def file_sha256(path: Path) -> str:
    """The SHA-256 of a file's content, as 64 hex digits."""
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def stored_sha(name: str) -> str:
    """The content hash a stored file is named by (``files/<sha256>.<suffix>``)."""
    return name.split(".", 1)[0]


# a document's columns as DocumentStore._document_record reads them
_SELECT = (
    "SELECT d.id, d.sha256, d.file_name, d.source, d.page_count, d.title, d.authors, "
    "d.year, d.doi, d.arxiv, d.added, d.status, d.message, "
    "(SELECT count(*) FROM refs r WHERE r.document_id = d.id), "
    "(SELECT group_concat(t.name, char(31)) FROM document_tags dt JOIN tags t "
    "ON t.id = dt.tag_id WHERE dt.document_id = d.id) FROM documents d"
)


class DocumentStore(Store):
    """The ``documents`` table and the files kept in ``files_dir`` by content hash."""

    def __init__(
        self,
        connection: Connection,
        files_dir: Path,
        refs: ReferenceStore,
        works: WorkStore,
        tags: TagStore,
    ) -> None:
        super().__init__(connection)
        self.files_dir = files_dir
        self.refs = refs
        self.works = works
        self.tags = tags

    def document_id_for_hash(self, sha256: str) -> int | None:
        """The document imported from a file with this content hash, or None."""
        row = self._read("SELECT id FROM documents WHERE sha256 = ?", (sha256,))
        return int(row[0][0]) if row else None

    def file_path(self, document_id: int) -> Path | None:
        """Where the library keeps the document's file, or None (no file)."""
        row = self._read("SELECT sha256, file_name FROM documents WHERE id = ?", (document_id,))
        if not row or not row[0][0]:
            return None
        return self.stored_path(row[0][0], row[0][1])

    def origin(self, document_id: int) -> Path | None:
        """The file the document was imported from, when it is still there with the same
        content (None otherwise: moved, changed, or not known)."""
        row = self._read("SELECT origin, sha256 FROM documents WHERE id = ?", (document_id,))
        if not row or not row[0][0] or not row[0][1]:
            return None
        path = Path(row[0][0])
        try:
            same = path.is_file() and file_sha256(path) == row[0][1]
        except OSError:
            return None
        return path if same else None

    def stored_path(self, sha256: str, file_name: str) -> Path:
        suffix = Path(file_name).suffix.lower() or ".pdf"
        return self.files_dir / f"{sha256}{suffix}"

    def record_stored_file(self, sha256: str) -> None:
        """Note that the library keeps (or is about to write) ``files/<sha256>.*``: only
        files recorded so are ever deleted by :meth:`MaintenanceStore.prune_orphan_files`."""
        with self.transaction():
            self.conn.execute(
                "INSERT OR IGNORE INTO stored_files (sha256, stored) VALUES (?, ?)",
                (sha256, timestamp()),
            )

    def add_document(
        self,
        meta: DocumentMeta,
        references: Sequence[Reference],
        *,
        file: Path | None = None,
        sha256: str | None = None,
        file_name: str = "",
        source: str = "pdf",
        status: str = "ok",
        message: str = "",
        tags: Iterable[str] = (),
    ) -> int:
        """Add one document and its references in one transaction; return the document id.

        With ``file``, the file is copied to ``files/<sha256><suffix>`` (before the
        transaction commits; a crash in between leaves only an orphan file that ``check``
        reports). Each reference joins an existing work with the same DOI, arXiv id or ISBN,
        or starts a new one; works citing this document (same DOI/arXiv id, or same title and
        year) are linked to it.

        Raises:
            InputError: a document with the same content hash is already in the library.
        """
        if file is not None:
            sha256 = sha256 or file_sha256(file)
            file_name = file_name or file.name
        if sha256 is not None and self.document_id_for_hash(sha256) is not None:
            raise AlreadyInLibrary(file_name or sha256)
        copied: Path | None = None
        if file is not None and sha256 is not None:
            dest = self.stored_path(sha256, file_name)
            # recorded before the copy: a copy a crash leaves behind is still known as ours
            self.record_stored_file(sha256)
            if not dest.exists():
                try:
                    db.copy_file(file, dest)
                except OSError as exc:
                    raise InputError(
                        str(file), f"cannot be stored in the library ({exc.strerror or exc})"
                    ) from None
                copied = dest
        try:
            return self._insert_document(
                meta,
                references,
                sha256,
                file_name=file_name,
                origin=str(file.resolve()) if file is not None else "",
                source=source,
                status=status,
                message=message,
                tags=tags,
            )
        except BaseException:
            if copied is not None and sha256 is not None:
                # the file just copied is no document's (a full disk stopped the insert)
                with contextlib.suppress(sqlite3.Error, OSError):
                    if self.document_id_for_hash(sha256) is None:
                        copied.unlink(missing_ok=True)
            raise

    def _insert_document(
        self,
        meta: DocumentMeta,
        references: Sequence[Reference],
        sha256: str | None,
        *,
        file_name: str,
        origin: str,
        source: str,
        status: str,
        message: str,
        tags: Iterable[str],
    ) -> int:
        now = timestamp()
        with self.transaction():
            # checked again under the write lock: another process may have added it meanwhile
            if sha256 is not None and self.document_id_for_hash(sha256) is not None:
                raise AlreadyInLibrary(file_name or sha256)
            cur = self.conn.execute(
                "INSERT INTO documents (sha256, file_name, source, page_count, title, authors, "
                "year, doi, arxiv, added, status, message, origin) "
                "VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)",
                (sha256, file_name, source, *_meta_columns(meta), now, status, message, origin),
            )
            doc_id = int(cur.lastrowid or 0)
            self.refs.insert_references(doc_id, references, now)
            self.works.link_document(doc_id)
            for tag in tags:
                self.tags.tag_documents([doc_id], tag)
        return doc_id

    def complete_document(
        self,
        document_id: int,
        meta: DocumentMeta,
        references: Sequence[Reference],
        *,
        status: str = "ok",
        message: str = "",
    ) -> list[int]:
        """Give a document read again (one whose reading had failed) its metadata, its
        references (appended) and its new status, in one transaction; the new references'
        ids. The id, the stored file and the tags stay.

        Raises:
            KeyError: no such document.
        """
        with self.transaction():
            cur = self.conn.execute(
                "UPDATE documents SET page_count = ?, title = ?, authors = ?, year = ?, "
                "doi = ?, arxiv = ?, status = ?, message = ? WHERE id = ?",
                (*_meta_columns(meta), status, message, document_id),
            )
            if cur.rowcount == 0:
                raise KeyError(document_id)
            ids = self.refs.insert_references(document_id, references, timestamp())
            self.works.link_document(document_id)
        return ids

    def set_document_status(self, document_id: int, status: str, message: str = "") -> None:
        """Record how extraction went (``ok``, ``partial``, ``failed``) and why."""
        with self.transaction():
            self.conn.execute(
                "UPDATE documents SET status = ?, message = ? WHERE id = ?",
                (status, message, document_id),
            )

    def document_count(self) -> int:
        return int(self._read("SELECT count(*) FROM documents")[0][0])

    def documents(self, limit: int | None = None) -> list[DocumentRecord]:
        """Documents, newest first."""
        sql = f"{_SELECT} ORDER BY d.added DESC, d.id DESC LIMIT ?"
        rows = self._read(sql, (-1 if limit is None else limit,))
        return [self._document_record(row) for row in rows]

    def document(self, document_id: int) -> DocumentRecord:
        """One document. Raises ``KeyError`` when there is no such document."""
        rows = self._read(f"{_SELECT} WHERE d.id = ?", (document_id,))
        if not rows:
            raise KeyError(document_id)
        return self._document_record(rows[0])

    @staticmethod
    def _document_record(row: Sequence[Any]) -> DocumentRecord:
        authors = [Name.from_csl(a) for a in json.loads(row[6] or "[]")]
        meta = DocumentMeta(
            title=row[5],
            authors=authors,
            year=row[7],
            doi=row[8],
            arxiv=row[9],
            page_count=row[4],
        )
        tags = tuple(sorted(row[14].split("\x1f"))) if row[14] else ()
        return DocumentRecord(
            id=row[0],
            sha256=row[1],
            file_name=row[2],
            source=row[3],
            meta=meta,
            added=row[10],
            status=row[11],
            message=row[12],
            reference_count=row[13],
            tags=tags,
        )

    def references_of(self, document_id: int) -> list[StoredReference]:
        """A document's references in bibliography order (merged-away ones included)."""
        rows = self._read(
            "SELECT id FROM refs WHERE document_id = ? ORDER BY position, id", (document_id,)
        )
        return self.refs.references([r[0] for r in rows])

    def delete_document(self, document_id: int) -> DeletedDocument:
        """Delete a document and its references; the snapshot returned restores them.

        The stored file stays until :meth:`prune_orphan_files` (so undo can restore it).
        """
        with self.transaction():
            cur = self.conn.execute("SELECT * FROM documents WHERE id = ?", (document_id,))
            cur.row_factory = sqlite3.Row
            row = cur.fetchone()
            if row is None:
                raise KeyError(document_id)
            key = (document_id,)
            refs = self.conn.execute("SELECT id FROM refs WHERE document_id = ?", key)
            deleted_refs = self.refs.delete_references([r[0] for r in refs.fetchall()])
            links = self.conn.execute(
                "SELECT tag_id, document_id FROM document_tags WHERE document_id = ?", key
            ).fetchall()
            works = self.conn.execute("SELECT id FROM works WHERE document_id = ?", key)
            linked = [r[0] for r in works.fetchall()]
            self.conn.execute("DELETE FROM documents WHERE id = ?", key)
        return DeletedDocument(dict(row), deleted_refs, links, linked)

    def restore_document(self, snapshot: DeletedDocument) -> None:
        """Undo :meth:`delete_document`: the same ids, references, tags and links."""
        with self.transaction():
            cols = list(snapshot.row)
            self.conn.execute(
                f"INSERT INTO documents ({','.join(cols)}) VALUES ({marks(len(cols))})",
                [snapshot.row[c] for c in cols],
            )
            self.refs.restore_references(snapshot.references)
            self.conn.executemany(
                "INSERT OR IGNORE INTO document_tags (tag_id, document_id) VALUES (?, ?)",
                snapshot.tag_links,
            )
            self.conn.executemany(
                "UPDATE works SET document_id = ? WHERE id = ?",
                [(snapshot.row["id"], w) for w in snapshot.linked_works],
            )


def _meta_columns(meta: DocumentMeta) -> tuple[object, ...]:
    """A document's metadata as its columns: page_count, title, authors, year, doi, arxiv."""
    return (
        meta.page_count,
        meta.title,
        json.dumps([n.to_csl() for n in meta.authors], ensure_ascii=False),
        meta.year,
        doi_key(meta.doi),
        meta.arxiv.lower().strip(),
    )
