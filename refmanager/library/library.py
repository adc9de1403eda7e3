"""The library: one folder holding ``library.sqlite`` and ``files/<sha256>.<ext>``.

Usage::

    with Library.open(folder) as lib:
        doc_id = lib.add_document(meta, refs, file=Path("paper.pdf"))
        rows = lib.search("author:dao year:>=2020", order_by="year", limit=50)

Threads: a ``Library`` may be handed from one thread to another but must not be used by two
threads at once; a background worker opens its own ``Library`` on the same folder (SQLite in
WAL mode lets readers and one writer work together; other writers wait, up to 30 s, and are
retried, so "database is locked" does not reach the user).

Every write method runs in its own transaction unless called inside ``with lib.transaction():``,
in which case it joins it (nested blocks become savepoints).
"""

from __future__ import annotations

import hashlib
import json
import re
import sqlite3
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager, suppress
from pathlib import Path
from types import TracebackType
from typing import Any

from refmanager.library import db
from refmanager.library.normalize import (
    arxiv_of,
    first_author_key,
    fold,
    names_text,
    norm_doi,
    norm_isbn,
    norm_title,
    parse_names,
    space_cjk,
)
from refmanager.library.query import compile_query
from refmanager.library.records import (
    CSL_SORT_FIELDS,
    SORT_COLUMNS,
    CheckReport,
    Correction,
    DeletedDocument,
    DeletedReferences,
    DeletedTag,
    DocumentRecord,
    DuplicateCandidate,
    FieldChange,
    MergeRecord,
    ReferenceRow,
    RowExtras,
    SavedSearch,
    StoredReference,
    Suggestion,
    TagInfo,
)
from refmanager.model import Date, DocumentMeta, InputError, Name, Reference

DB_NAME = "library.sqlite"
FILES_DIR = "files"

# Sort keys (ties broken by id) and the index that yields rows in that order.
_ORDER = {
    "title": "r.title COLLATE NOCASE",
    "author": "r.author_sort, r.year",
    "year": "r.year",
    "venue": "r.venue COLLATE NOCASE",
    "type": "r.type",
    "doi": "r.doi",
    "confidence": "r.confidence",
    "added": "r.added",
    "document": "r.document_id, r.position",
    "position": "r.document_id, r.position",
    "id": "r.id",
}
_SORT_INDEX = {
    "title": "refs_title",
    "author": "refs_author",
    "year": "refs_year",
    "venue": "refs_venue",
    "type": "refs_type",
    "confidence": "refs_confidence",
    "added": "refs_added",
    "document": "refs_document",
    "position": "refs_document",
}
# A query matching more rows than this is read in sort order (see Library.search).
_PROBE = 2000
_REF_COLUMNS = (
    "id",
    "document_id",
    "position",
    "type",
    "title",
    "author",
    "author_sort",
    "year",
    "venue",
    "doi",
    "arxiv",
    "isbn",
    "confidence",
    "edited",
    "norm_title",
    "work_id",
    "merged_into",
    "added",
    "modified",
    "venue_id",
)
_ROW_COLUMNS = (
    "SELECT r.id, r.document_id, r.position, r.type, r.title, r.author, r.year, r.venue, r.doi, "
    "r.confidence, r.edited, r.work_id, "
    "(SELECT count(DISTINCT r2.document_id) FROM refs r2 WHERE r2.work_id = r.work_id), "
    "(SELECT coalesce(nullif(d.title, ''), d.file_name) FROM documents d "
    "WHERE d.id = r.document_id)"
)
_ROW_SELECT = f"{_ROW_COLUMNS} FROM refs r"
_COLOUR = re.compile(r"^#[0-9a-fA-F]{6}$")
# Fields whose string form is special (see get_field / set_field).
SPECIAL_FIELDS = ("type", "author", "editor", "issued", "accessed")


def csl_json(ref: Reference) -> str:
    """The CSL JSON stored in ``ref_data.csl`` (the raw text is in its own column)."""
    item = ref.to_csl()
    item.pop("_raw", None)
    return json.dumps(item, ensure_ascii=False, separators=(",", ":"))


def load_reference(raw: str, csl: str) -> Reference:
    """The inverse of :func:`csl_json`."""
    item = json.loads(csl)
    if raw:
        item["_raw"] = raw
    return Reference.from_csl(item)


def _decode_items(texts: list[str]) -> list[dict[str, Any]]:
    """Stored CSL JSON objects decoded in one call (one by one if that does not give them)."""
    try:
        items = json.loads("[" + ",".join(texts) + "]")
    except ValueError:
        items = None
    if (
        isinstance(items, list)
        and len(items) == len(texts)
        and all(item.__class__ is dict for item in items)
    ):
        return items
    return [json.loads(text) for text in texts]


def reference_columns(ref: Reference) -> dict[str, Any]:
    """The columns of ``refs`` and ``ref_data`` derived from a reference (no ids, no times)."""
    names = ref.author or ref.editor
    conf = [v for v in ref.confidence.values() if isinstance(v, (int, float))]
    title = ref.get("title")
    return {
        "raw": ref.raw,
        "csl": csl_json(ref),
        "type": ref.type or "article",
        "title": title,
        "author": names_text(names),
        "author_sort": first_author_key(names),
        "year": ref.year,
        "venue": ref.get("container-title") or ref.get("publisher"),
        "doi": norm_doi(ref.get("DOI")),
        "arxiv": arxiv_of(ref),
        "isbn": norm_isbn(ref.get("ISBN")),
        "confidence": min(conf) if conf else None,
        "norm_title": norm_title(title),
    }


def fts_values(ref: Reference) -> tuple[str, str, str, str]:
    """The four FTS columns (title, author, venue, other) of a reference."""
    names = " ; ".join(n.display() for n in [*ref.author, *ref.editor])
    # the raw text too: a badly parsed reference stays findable by what is printed
    other_parts = [ref.get("publisher"), ref.get("collection-title"), ref.get("note"), ref.raw]
    return (
        space_cjk(ref.get("title")),
        space_cjk(names),
        space_cjk(ref.get("container-title")),
        space_cjk(" ".join(p for p in other_parts if p)),
    )


def get_field(ref: Reference, name: str) -> str:
    """A field of ``ref`` as a string (names as ``Family, Given; ...``, dates as ``Y-M-D``)."""
    if name == "type":
        return ref.type
    if name in ("author", "editor"):
        return names_text(ref.author if name == "author" else ref.editor)
    if name in ("issued", "accessed", "year"):
        date = ref.issued if name != "accessed" else ref.accessed
        if date is None:
            return ""
        if date.year is None:
            return date.literal
        parts = [f"{date.year:04d}"]
        if date.month is not None:
            parts.append(f"{date.month:02d}")
            if date.day is not None:
                parts.append(f"{date.day:02d}")
        return "-".join(parts)
    return ref.get(name)


def set_field(ref: Reference, name: str, value: str) -> None:
    """Set a field from its string form (the inverse of :func:`get_field`)."""
    value = value.strip()
    if name == "type":
        ref.type = value or "article"
    elif name in ("author", "editor"):
        names: list[Name] = parse_names(value)
        if name == "author":
            ref.author = names
        else:
            ref.editor = names
    elif name in ("issued", "year"):
        ref.issued = Date.from_csl(value) if value else None
    elif name == "accessed":
        ref.accessed = Date.from_csl(value) if value else None
    else:
        ref.set(name, value)


def file_sha256(path: Path) -> str:
    """The SHA-256 of a file's content, as 64 hex digits."""
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def _now() -> float:
    return time.time()


def _chunks(items: Sequence[int], size: int = 900) -> Iterator[Sequence[int]]:
    for start in range(0, len(items), size):
        yield items[start : start + size]


def _marks(count: int) -> str:
    return ",".join("?" * count)


class Library:
    """An open library folder. Create with :meth:`open`; close with :meth:`close` or ``with``.

    Attributes:
        folder: the library folder.
        db_path: ``folder / "library.sqlite"``.
        files_dir: ``folder / "files"``, where imported files are kept by content hash.
        conn: the SQLite connection (autocommit; use :meth:`transaction` to group writes).
        migrated_from: the schema version the file had before opening (0 for a new library).
    """

    def __init__(self, folder: Path, conn: sqlite3.Connection, migrated_from: int) -> None:
        self.folder = folder
        self.db_path = folder / DB_NAME
        self.files_dir = folder / FILES_DIR
        self.conn = conn
        self.migrated_from = migrated_from
        self._depth = 0

    # ------------------------------------------------------------ opening

    @classmethod
    def open(cls, folder: Path | str, create: bool = True) -> Library:
        """Open (or, with ``create``, create) the library in ``folder``; migrate it if needed.

        A backup ``library.sqlite.vN.bak`` is written before any migration.

        Raises:
            InputError: the folder is not a library and ``create`` is false, the file is not
                an SQLite database, or it was written by a newer refmanager.
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
        (folder / FILES_DIR).mkdir(exist_ok=True)
        try:
            conn = db.connect(path)
        except sqlite3.DatabaseError as exc:
            raise InputError(str(path), f"cannot open the library: {exc}") from None
        try:
            migrated_from = db.migrate(conn, path)
        except sqlite3.DatabaseError as exc:
            conn.close()
            raise InputError(str(path), f"not a usable library file: {exc}") from None
        except BaseException:
            conn.close()
            raise
        return cls(folder, conn, migrated_from)

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

    @contextmanager
    def transaction(self) -> Iterator[None]:
        """Group writes: all or nothing. Nested blocks are savepoints of the outer one.

        The outer block takes the write lock at once (``BEGIN IMMEDIATE``), waiting for other
        writers (and retrying) instead of failing with "database is locked".
        """
        if self._depth:
            name = f"sp{self._depth}"
            self.conn.execute(f"SAVEPOINT {name}")
            self._depth += 1
            try:
                yield
            except BaseException:
                if self.conn.in_transaction:
                    self.conn.execute(f"ROLLBACK TO {name}")
                    self.conn.execute(f"RELEASE {name}")
                raise
            else:
                self.conn.execute(f"RELEASE {name}")
            finally:
                self._depth -= 1
            return
        db.retry_locked(lambda: self.conn.execute("BEGIN IMMEDIATE"))
        self._depth = 1
        try:
            yield
            db.retry_locked(lambda: self.conn.execute("COMMIT"))
        except BaseException:
            # SQLite may have rolled back already (disk full, I/O error): do not mask the cause
            if self.conn.in_transaction:
                self.conn.execute("ROLLBACK")
            raise
        finally:
            self._depth = 0

    def _read(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        return db.retry_locked(lambda: self.conn.execute(sql, params).fetchall())

    # ------------------------------------------------------------ documents

    def document_id_for_hash(self, sha256: str) -> int | None:
        """The document imported from a file with this content hash, or None."""
        row = self._read("SELECT id FROM documents WHERE sha256 = ?", (sha256,))
        return int(row[0][0]) if row else None

    def file_path(self, document_id: int) -> Path | None:
        """Where the library keeps the document's file, or None (no file)."""
        row = self._read("SELECT sha256, file_name FROM documents WHERE id = ?", (document_id,))
        if not row or not row[0][0]:
            return None
        return self._stored_path(row[0][0], row[0][1])

    def _stored_path(self, sha256: str, file_name: str) -> Path:
        suffix = Path(file_name).suffix.lower() or ".pdf"
        return self.files_dir / f"{sha256}{suffix}"

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
            raise InputError(file_name or sha256, "already in the library")
        if file is not None and sha256 is not None:
            dest = self._stored_path(sha256, file_name)
            if not dest.exists():
                db.copy_file(file, dest)
        now = _now()
        with self.transaction():
            # checked again under the write lock: another process may have added it meanwhile
            if sha256 is not None and self.document_id_for_hash(sha256) is not None:
                raise InputError(file_name or sha256, "already in the library")
            cur = self.conn.execute(
                "INSERT INTO documents (sha256, file_name, source, page_count, title, authors, "
                "year, doi, arxiv, added, status, message) VALUES (?,?,?,?,?,?,?,?,?,?,?,?)",
                (
                    sha256,
                    file_name,
                    source,
                    meta.page_count,
                    meta.title,
                    json.dumps([n.to_csl() for n in meta.authors], ensure_ascii=False),
                    meta.year,
                    norm_doi(meta.doi),
                    meta.arxiv.lower().strip(),
                    now,
                    status,
                    message,
                ),
            )
            doc_id = int(cur.lastrowid or 0)
            self._insert_references(doc_id, references, now)
            self._link_document(doc_id)
            for tag in tags:
                self.tag_documents([doc_id], tag)
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
                (
                    meta.page_count,
                    meta.title,
                    json.dumps([n.to_csl() for n in meta.authors], ensure_ascii=False),
                    meta.year,
                    norm_doi(meta.doi),
                    meta.arxiv.lower().strip(),
                    status,
                    message,
                    document_id,
                ),
            )
            if cur.rowcount == 0:
                raise KeyError(document_id)
            ids = self._insert_references(document_id, references, _now())
            self._link_document(document_id)
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

    def documents(
        self, offset: int = 0, limit: int | None = None, query: str = ""
    ) -> list[DocumentRecord]:
        """Documents, newest first; ``query`` filters on file name or title (substring)."""
        where, params = "1", []
        if query:
            where = "(d.title LIKE ? ESCAPE '\\' OR d.file_name LIKE ? ESCAPE '\\')"
            pattern = "%" + query.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
            params = [pattern + "%", pattern + "%"]
        sql = (
            "SELECT d.id, d.sha256, d.file_name, d.source, d.page_count, d.title, d.authors, "
            "d.year, d.doi, d.arxiv, d.added, d.status, d.message, "
            "(SELECT count(*) FROM refs r WHERE r.document_id = d.id), "
            "(SELECT group_concat(t.name, char(31)) FROM document_tags dt JOIN tags t "
            "ON t.id = dt.tag_id WHERE dt.document_id = d.id) "
            f"FROM documents d WHERE {where} ORDER BY d.added DESC, d.id DESC LIMIT ? OFFSET ?"
        )
        rows = self._read(sql, (*params, -1 if limit is None else limit, offset))
        return [self._document_record(row) for row in rows]

    def document(self, document_id: int) -> DocumentRecord:
        """One document. Raises ``KeyError`` when there is no such document."""
        sql = (
            "SELECT d.id, d.sha256, d.file_name, d.source, d.page_count, d.title, d.authors, "
            "d.year, d.doi, d.arxiv, d.added, d.status, d.message, "
            "(SELECT count(*) FROM refs r WHERE r.document_id = d.id), "
            "(SELECT group_concat(t.name, char(31)) FROM document_tags dt JOIN tags t "
            "ON t.id = dt.tag_id WHERE dt.document_id = d.id) FROM documents d WHERE d.id = ?"
        )
        rows = self._read(sql, (document_id,))
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
        return self.references([r[0] for r in rows])

    def delete_document(self, document_id: int) -> DeletedDocument:
        """Delete a document and its references; the snapshot returned restores them.

        The stored file stays until :meth:`prune_orphan_files` (so undo can restore it).
        """
        with self.transaction():
            cols = [c[1] for c in self.conn.execute("PRAGMA table_info(documents)")]
            row = self.conn.execute(
                "SELECT * FROM documents WHERE id = ?", (document_id,)
            ).fetchone()
            if row is None:
                raise KeyError(document_id)
            ref_ids = [
                r[0]
                for r in self.conn.execute(
                    "SELECT id FROM refs WHERE document_id = ?", (document_id,)
                )
            ]
            deleted_refs = self.delete_references(ref_ids)
            links = [
                (r[0], r[1])
                for r in self.conn.execute(
                    "SELECT tag_id, document_id FROM document_tags WHERE document_id = ?",
                    (document_id,),
                )
            ]
            works = [
                r[0]
                for r in self.conn.execute(
                    "SELECT id FROM works WHERE document_id = ?", (document_id,)
                )
            ]
            self.conn.execute("DELETE FROM documents WHERE id = ?", (document_id,))
        return DeletedDocument(dict(zip(cols, row, strict=True)), deleted_refs, links, works)

    def restore_document(self, snapshot: DeletedDocument) -> None:
        """Undo :meth:`delete_document`: the same ids, references, tags and links."""
        with self.transaction():
            cols = list(snapshot.row)
            self.conn.execute(
                f"INSERT INTO documents ({','.join(cols)}) VALUES ({_marks(len(cols))})",
                [snapshot.row[c] for c in cols],
            )
            self.restore_references(snapshot.references)
            self.conn.executemany(
                "INSERT OR IGNORE INTO document_tags (tag_id, document_id) VALUES (?, ?)",
                snapshot.tag_links,
            )
            self.conn.executemany(
                "UPDATE works SET document_id = ? WHERE id = ?",
                [(snapshot.row["id"], w) for w in snapshot.linked_works],
            )

    # ------------------------------------------------------------ references: writing

    def add_references(
        self, references: Sequence[Reference], document_id: int | None = None
    ) -> list[int]:
        """Add references (to a document, or to none); return their ids, in order."""
        with self.transaction():
            return self._insert_references(document_id, references, _now())

    def _insert_references(
        self, document_id: int | None, references: Sequence[Reference], now: float
    ) -> list[int]:
        start = 0
        if document_id is not None:
            row = self.conn.execute(
                "SELECT coalesce(max(position) + 1, 0) FROM refs WHERE document_id = ?",
                (document_id,),
            ).fetchone()
            start = int(row[0])
        ids: list[int] = []
        for offset, ref in enumerate(references):
            cols = reference_columns(ref)
            work_id = self._work_for(cols["doi"], cols["arxiv"], cols["isbn"])
            cur = self.conn.execute(
                "INSERT INTO refs (document_id, position, type, title, author, "
                "author_sort, year, venue, doi, arxiv, isbn, confidence, norm_title, work_id, "
                "added, modified, venue_id) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
                (
                    document_id,
                    start + offset,
                    cols["type"],
                    cols["title"],
                    cols["author"],
                    cols["author_sort"],
                    cols["year"],
                    cols["venue"],
                    cols["doi"],
                    cols["arxiv"],
                    cols["isbn"],
                    cols["confidence"],
                    cols["norm_title"],
                    work_id,
                    now,
                    now,
                    self._venue_id(cols["venue"]),
                ),
            )
            ref_id = int(cur.lastrowid or 0)
            self.conn.execute(
                "INSERT INTO ref_data (id, raw, csl) VALUES (?,?,?)",
                (ref_id, cols["raw"], cols["csl"]),
            )
            self.conn.execute(
                "INSERT INTO refs_fts (rowid, title, author, venue, other) VALUES (?,?,?,?,?)",
                (ref_id, *fts_values(ref)),
            )
            ids.append(ref_id)
        return ids

    def _venue_id(self, name: str) -> int | None:
        """The id of a venue string (added, with its FTS entry, when new); None for ""."""
        if not name:
            return None
        row = self.conn.execute("SELECT id FROM venues WHERE name = ?", (name,)).fetchone()
        if row:
            return int(row[0])
        cur = self.conn.execute("INSERT INTO venues (name) VALUES (?)", (name,))
        venue_id = int(cur.lastrowid or 0)
        self.conn.execute(
            "INSERT INTO venues_fts (rowid, name) VALUES (?, ?)", (venue_id, space_cjk(name))
        )
        return venue_id

    def _work_for(self, doi: str, arxiv: str, isbn: str) -> int:
        """The work with one of these identifiers, or a new work (linked to a document)."""
        for column, value in (("doi", doi), ("arxiv", arxiv), ("isbn", isbn)):
            if value:
                row = self.conn.execute(
                    f"SELECT id FROM works WHERE {column} = ? LIMIT 1", (value,)
                ).fetchone()
                if row:
                    self.conn.execute(
                        "UPDATE works SET doi = CASE WHEN doi = '' THEN ? ELSE doi END, "
                        "arxiv = CASE WHEN arxiv = '' THEN ? ELSE arxiv END, "
                        "isbn = CASE WHEN isbn = '' THEN ? ELSE isbn END WHERE id = ?",
                        (doi, arxiv, isbn, row[0]),
                    )
                    return int(row[0])
        document_id = None
        if doi or arxiv:
            row = self.conn.execute(
                "SELECT id FROM documents WHERE (doi <> '' AND doi = ?) "
                "OR (arxiv <> '' AND arxiv = ?) LIMIT 1",
                (doi, arxiv),
            ).fetchone()
            document_id = row[0] if row else None
        cur = self.conn.execute(
            "INSERT INTO works (doi, arxiv, isbn, document_id) VALUES (?,?,?,?)",
            (doi, arxiv, isbn, document_id),
        )
        return int(cur.lastrowid or 0)

    def _link_document(self, document_id: int) -> None:
        """Point the works that cite this document (DOI, arXiv id, or title + year) at it."""
        doc = self.conn.execute(
            "SELECT doi, arxiv, title, year FROM documents WHERE id = ?", (document_id,)
        ).fetchone()
        doi, arxiv, title, year = doc
        if doi:
            self.conn.execute(
                "UPDATE works SET document_id = ? WHERE doi = ? AND document_id IS NULL",
                (document_id, doi),
            )
        if arxiv:
            self.conn.execute(
                "UPDATE works SET document_id = ? WHERE arxiv = ? AND document_id IS NULL",
                (document_id, arxiv),
            )
        key = norm_title(title)
        if len(key.split()) >= 3:
            self.conn.execute(
                "UPDATE works SET document_id = ? WHERE document_id IS NULL AND id IN "
                "(SELECT work_id FROM refs WHERE norm_title = ? AND document_id IS NOT ? "
                "AND (? IS NULL OR year IS NULL OR abs(year - ?) <= 1))",
                (document_id, key, document_id, year, year),
            )

    def _row_dicts(self, ids: Sequence[int]) -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = []
        for chunk in _chunks(ids):
            cols = ",".join(f"r.{c}" for c in _REF_COLUMNS)
            rows = self.conn.execute(
                f"SELECT {cols}, d.raw, d.csl FROM refs r JOIN ref_data d ON d.id = r.id "
                f"WHERE r.id IN ({_marks(len(chunk))})",
                tuple(chunk),
            ).fetchall()
            names = (*_REF_COLUMNS, "raw", "csl")
            out.extend(dict(zip(names, row, strict=True)) for row in rows)
        return out

    def _write_row(self, row: Mapping[str, Any], insert: bool) -> None:
        """Write a full refs + ref_data row (and its FTS entry, rebuilt from the CSL JSON)."""
        cols = list(_REF_COLUMNS)
        if insert:
            self.conn.execute(
                f"INSERT INTO refs ({','.join(cols)}) VALUES ({_marks(len(cols))})",
                [row[c] for c in cols],
            )
            self.conn.execute(
                "INSERT INTO ref_data (id, raw, csl) VALUES (?,?,?)",
                (row["id"], row["raw"], row["csl"]),
            )
        else:
            self.conn.execute(
                "UPDATE ref_data SET raw = ?, csl = ? WHERE id = ?",
                (row["raw"], row["csl"], row["id"]),
            )
            sets = ",".join(f"{c} = ?" for c in cols if c != "id")
            self.conn.execute(
                f"UPDATE refs SET {sets} WHERE id = ?",
                [*(row[c] for c in cols if c != "id"), row["id"]],
            )
            self.conn.execute("DELETE FROM refs_fts WHERE rowid = ?", (row["id"],))
        if row["merged_into"] is None:  # the index holds visible rows only
            ref = load_reference(row["raw"], row["csl"])
            self.conn.execute(
                "INSERT INTO refs_fts (rowid, title, author, venue, other) VALUES (?,?,?,?,?)",
                (row["id"], *fts_values(ref)),
            )

    def _fts_sync(self, ref_ids: Iterable[int]) -> None:
        """Make the FTS rows of these references match their visibility (after merges)."""
        ids = list(dict.fromkeys(ref_ids))
        for chunk in _chunks(ids):
            m = _marks(len(chunk))
            self.conn.execute(f"DELETE FROM refs_fts WHERE rowid IN ({m})", tuple(chunk))
            rows = self.conn.execute(
                f"SELECT r.id, d.raw, d.csl FROM refs r JOIN ref_data d ON d.id = r.id "
                f"WHERE r.id IN ({m}) AND r.merged_into IS NULL",
                tuple(chunk),
            ).fetchall()
            self.conn.executemany(
                "INSERT INTO refs_fts (rowid, title, author, venue, other) VALUES (?,?,?,?,?)",
                [(ref_id, *fts_values(load_reference(raw, csl))) for ref_id, raw, csl in rows],
            )

    def _store_reference(self, ref_id: int, ref: Reference, edited: Iterable[str]) -> None:
        row = self._row_dicts([ref_id])
        if not row:
            raise KeyError(ref_id)
        new = dict(row[0])
        new.update(reference_columns(ref))
        new["venue_id"] = self._venue_id(new["venue"])
        new["edited"] = " ".join(sorted(set(edited)))
        new["modified"] = _now()
        self._write_row(new, insert=False)

    def get_field(self, ref_id: int, name: str) -> str:
        """A field of a stored reference as a string (see :func:`get_field`)."""
        return get_field(self.reference(ref_id).reference, name)

    def set_field(
        self, ref_id: int, name: str, value: str, *, edited: bool | None = True
    ) -> FieldChange:
        """Set one field (CSL name: ``title``, ``container-title``, ``DOI``, ``author`` as
        ``Family, Given; ...``, ``issued`` as ``2020`` or ``2020-05-01``, ``type``...).

        With ``edited=True`` the field is recorded as edited by the user (re-parsing keeps
        it); ``False`` clears the mark; ``None`` leaves it as it is. Returns the change, which
        :meth:`undo_field_change` reverts (value and mark).

        Raises:
            KeyError: no reference with this id.
        """
        with self.transaction():
            stored = self.reference(ref_id)
            ref = stored.reference
            old_value = get_field(ref, name)
            old_edited = name in stored.edited
            set_field(ref, name, value)
            marks = set(stored.edited)
            new_edited = old_edited if edited is None else edited
            if new_edited:
                marks.add(name)
            else:
                marks.discard(name)
            self._store_reference(ref_id, ref, marks)
            return FieldChange(
                ref_id, name, old_value, get_field(ref, name), old_edited, new_edited
            )

    def undo_field_change(self, change: FieldChange) -> None:
        """Put back the value and the edited mark a :meth:`set_field` call replaced."""
        self.set_field(change.ref_id, change.name, change.old_value, edited=change.old_edited)

    def replace_reference(
        self, ref_id: int, ref: Reference, *, keep_edited: bool = True
    ) -> StoredReference:
        """Replace a reference's fields (re-parsing); return the previous state for undo.

        With ``keep_edited`` the fields the user edited keep their values and marks.
        Undo with ``replace_reference(id, previous.reference, keep_edited=False)`` followed
        by nothing else: the marks are restored from ``previous.edited``.
        """
        with self.transaction():
            previous = self.reference(ref_id)
            if keep_edited:
                for name in previous.edited:
                    set_field(ref, name, get_field(previous.reference, name))
                marks = set(previous.edited)
            else:
                marks = set()
            self._store_reference(ref_id, ref, marks)
        return previous

    def restore_reference(self, previous: StoredReference) -> None:
        """Put a reference back as :meth:`replace_reference` returned it (fields and marks)."""
        with self.transaction():
            self._store_reference(previous.id, previous.reference, previous.edited)

    def delete_references(self, ref_ids: Sequence[int]) -> DeletedReferences:
        """Delete references; :meth:`restore_references` gives them back from the snapshot."""
        ids = list(dict.fromkeys(ref_ids))
        with self.transaction():
            rows = self._row_dicts(ids)
            links: list[tuple[int, int]] = []
            pairs: list[tuple[int, int, float]] = []
            children: list[tuple[int, int]] = []
            for chunk in _chunks(ids, 400):
                m = _marks(len(chunk))
                links += self.conn.execute(
                    f"SELECT tag_id, ref_id FROM ref_tags WHERE ref_id IN ({m})", tuple(chunk)
                ).fetchall()
                pairs += self.conn.execute(
                    f"SELECT a, b, created FROM not_duplicates WHERE a IN ({m}) OR b IN ({m})",
                    (*chunk, *chunk),
                ).fetchall()
                children += self.conn.execute(
                    f"SELECT id, merged_into FROM refs WHERE merged_into IN ({m})", tuple(chunk)
                ).fetchall()
                self.conn.execute(f"DELETE FROM refs_fts WHERE rowid IN ({m})", tuple(chunk))
                self.conn.execute(f"DELETE FROM refs WHERE id IN ({m})", tuple(chunk))
            # rows merged into a deleted one are visible again (merged_into SET NULL)
            self._fts_sync(child for child, _ in children)
        return DeletedReferences(rows, links, list(dict.fromkeys(pairs)), children)

    def restore_references(self, snapshot: DeletedReferences) -> None:
        """Undo :meth:`delete_references`: same ids, fields, tags, marks and merges."""
        with self.transaction():
            for row in sorted(snapshot.rows, key=lambda r: r["merged_into"] is not None):
                work = row["work_id"]
                if (
                    work is not None
                    and not self.conn.execute(
                        "SELECT 1 FROM works WHERE id = ?", (work,)
                    ).fetchone()
                ):
                    self.conn.execute("INSERT INTO works (id) VALUES (?)", (work,))
                self._write_row(row, insert=True)
            self.conn.executemany(
                "INSERT OR IGNORE INTO ref_tags (tag_id, ref_id) VALUES (?, ?)", snapshot.tag_links
            )
            self.conn.executemany(
                "INSERT OR IGNORE INTO not_duplicates (a, b, created) VALUES (?, ?, ?)",
                snapshot.not_duplicate_pairs,
            )
            self.conn.executemany(
                "UPDATE refs SET merged_into = ? WHERE id = ?",
                [(target, ref_id) for ref_id, target in snapshot.merged_children],
            )
            self._fts_sync(ref_id for ref_id, _ in snapshot.merged_children)

    # ------------------------------------------------------------ references: reading

    def reference(self, ref_id: int) -> StoredReference:
        """One whole reference. Raises ``KeyError`` when there is no such reference."""
        found = self.references([ref_id])
        if not found:
            raise KeyError(ref_id)
        return found[0]

    def references(self, ref_ids: Sequence[int]) -> list[StoredReference]:
        """Whole references, in the order of ``ref_ids`` (missing ids are skipped)."""
        by_id: dict[int, StoredReference] = {}
        for chunk in _chunks(list(ref_ids)):
            m = _marks(len(chunk))
            rows = self._read(
                "SELECT r.id, r.document_id, r.position, d.csl, r.edited, r.work_id, "
                "r.merged_into, (SELECT group_concat(t.name, char(31)) FROM ref_tags rt "
                "JOIN tags t ON t.id = rt.tag_id WHERE rt.ref_id = r.id), d.raw "
                f"FROM refs r JOIN ref_data d ON d.id = r.id WHERE r.id IN ({m})",
                tuple(chunk),
            )
            for row in rows:
                by_id[row[0]] = StoredReference(
                    id=row[0],
                    document_id=row[1],
                    position=row[2],
                    reference=load_reference(row[8], row[3]),
                    edited=frozenset(row[4].split()),
                    work_id=row[5],
                    merged_into=row[6],
                    tags=sorted(row[7].split("\x1f")) if row[7] else [],
                )
        return [by_id[i] for i in ref_ids if i in by_id]

    def references_for_export(self, ref_ids: Sequence[int]) -> list[tuple[Reference, list[str]]]:
        """The references of ``ref_ids`` and their tags (sorted), in that order, for bulk reads.

        What :meth:`references` gives minus the library bookkeeping, read faster: only the
        stored item and its raw text, tags in one query per chunk rather than one per row,
        the JSON of a chunk decoded in one call. Missing ids are skipped.
        """
        found: dict[int, Reference] = {}
        tags: dict[int, list[str]] = {}
        for chunk in _chunks(list(ref_ids)):
            params = tuple(chunk)
            m = _marks(len(chunk))
            rows = self._read(f"SELECT id, raw, csl FROM ref_data WHERE id IN ({m})", params)
            items = _decode_items([r[2] for r in rows])
            for (ref_id, raw, _), item in zip(rows, items, strict=True):
                if raw:
                    item["_raw"] = raw
                found[ref_id] = Reference.from_csl(item)
            for ref_id, name in self._read(
                "SELECT rt.ref_id, t.name FROM ref_tags rt JOIN tags t ON t.id = rt.tag_id "
                f"WHERE rt.ref_id IN ({m})",
                params,
            ):
                tags.setdefault(ref_id, []).append(name)
        return [(found[i], sorted(tags.get(i, ()))) for i in ref_ids if i in found]

    def _order(self, order_by: str, descending: bool) -> str:
        if order_by not in _ORDER:
            raise InputError(
                "search", f"cannot sort by '{order_by}' (use one of: {', '.join(SORT_COLUMNS)})"
            )
        direction = " DESC" if descending else ""
        cols = [f"{c}{direction}" for c in _ORDER[order_by].split(", ")]
        return ", ".join([*cols, f"r.id{direction}"])

    def search(
        self,
        query: str = "",
        order_by: str = "added",
        descending: bool = False,
        offset: int = 0,
        limit: int = 100,
    ) -> list[ReferenceRow]:
        """One page of the references matching ``query`` (see :mod:`refmanager.library.query`).

        References merged into another one are left out. ``order_by`` is one of
        ``SORT_COLUMNS``; ties are broken by id, so pages are stable.

        Raises:
            InputError: the query is malformed, or ``order_by`` is unknown.
        """
        compiled = compile_query(query)
        where = f"r.merged_into IS NULL AND ({compiled.where})"
        order = self._order(order_by, descending)
        page = (limit, offset)
        index = _SORT_INDEX.get(order_by)
        if compiled.where == "1" or index is None:
            sql = f"{_ROW_SELECT} WHERE {where} ORDER BY {order} LIMIT ? OFFSET ?"
            rows = self._fts_guard(query, sql, (*compiled.params, *page))
            return [self._ref_row(row) for row in rows]
        # Probe: at most _PROBE + 1 matching ids, by whatever plan SQLite finds cheapest.
        # Few matches: sort just those. Many: walk the sort column's index in order and
        # test each row, so the first pages come without reading every match.
        if compiled.fts_match is not None:  # text only: the index holds the visible rows
            probe_sql = f"SELECT rowid FROM refs_fts WHERE refs_fts MATCH ? LIMIT {_PROBE + 1}"
            probe = self._fts_guard(query, probe_sql, (compiled.fts_match,))
        else:
            probe_sql = f"SELECT r.id FROM refs r WHERE {where} LIMIT {_PROBE + 1}"
            probe = self._fts_guard(query, probe_sql, compiled.params)
        if len(probe) <= _PROBE:
            if not probe:
                return []
            sql = (
                f"{_ROW_SELECT} WHERE r.id IN (SELECT value FROM json_each(?)) "
                f"ORDER BY {order} LIMIT ? OFFSET ?"
            )
            rows = self._read(sql, (json.dumps([r[0] for r in probe]), *page))
        else:
            sql = (
                f"{_ROW_COLUMNS} FROM refs r INDEXED BY {index} WHERE {where} "
                f"ORDER BY {order} LIMIT ? OFFSET ?"
            )
            rows = self._fts_guard(query, sql, (*compiled.params, *page))
        return [self._ref_row(row) for row in rows]

    def count(self, query: str = "") -> int:
        """How many references match ``query`` (merged-away ones left out)."""
        compiled = compile_query(query)
        if compiled.where == "1":
            # the partial index of visible rows: no table scan
            sql = "SELECT count(*) FROM refs r INDEXED BY refs_visible WHERE r.merged_into IS NULL"
            return int(self._read(sql)[0][0])
        if compiled.fts_match is not None:
            # text only: the FTS index holds exactly the visible rows
            sql = "SELECT count(*) FROM refs_fts WHERE refs_fts MATCH ?"
            return int(self._fts_guard(query, sql, (compiled.fts_match,))[0][0])
        sql = f"SELECT count(*) FROM refs r WHERE r.merged_into IS NULL AND ({compiled.where})"
        return int(self._fts_guard(query, sql, compiled.params)[0][0])

    def search_ids(
        self, query: str = "", order_by: str = "added", descending: bool = False
    ) -> list[int]:
        """The ids of all references matching ``query``, in order (for bulk actions)."""
        compiled = compile_query(query)
        sql = (
            f"SELECT r.id FROM refs r WHERE r.merged_into IS NULL AND ({compiled.where}) "
            f"ORDER BY {self._order(order_by, descending)}"
        )
        return [r[0] for r in self._fts_guard(query, sql, compiled.params)]

    def rows(self, ref_ids: Sequence[int]) -> list[ReferenceRow]:
        """Table rows for these ids, in that order (to refresh rows after an edit)."""
        by_id: dict[int, ReferenceRow] = {}
        for chunk in _chunks(list(ref_ids)):
            for row in self._read(
                f"{_ROW_SELECT} WHERE r.id IN ({_marks(len(chunk))})", tuple(chunk)
            ):
                by_id[row[0]] = self._ref_row(row)
        return [by_id[i] for i in ref_ids if i in by_id]

    def search_ids_by_field(
        self, query: str, name: str, descending: bool = False, offset: int = 0, limit: int = 100
    ) -> list[int]:
        """One page of the ids matching ``query``, sorted on a CSL field kept only in the
        item's JSON (``CSL_SORT_FIELDS``: volume, issue, page): numbers in numeric order,
        then text; ties by id. Not indexed: every match is read, so this is for a table's
        occasional sort, not for hot paths.

        Raises:
            InputError: ``name`` is not one of ``CSL_SORT_FIELDS``, or the query is malformed.
        """
        if name not in CSL_SORT_FIELDS:
            raise InputError("sort", f"cannot sort on {name!r}")
        compiled = compile_query(query)
        direction = "DESC" if descending else "ASC"
        value = "(SELECT json_extract(d.csl, ?) FROM ref_data d WHERE d.id = r.id)"
        sql = (
            f"SELECT r.id, {value} AS v FROM refs r "
            f"WHERE r.merged_into IS NULL AND ({compiled.where}) "
            f"ORDER BY CAST(v AS INTEGER) {direction}, v {direction}, r.id {direction} "
            "LIMIT ? OFFSET ?"
        )
        rows = self._fts_guard(query, sql, (f"$.{name}", *compiled.params, limit, offset))
        return [int(r[0]) for r in rows]

    def row_extras(self, ref_ids: Sequence[int]) -> dict[int, RowExtras]:
        """Volume, issue, pages, DOI, number, per-field confidence and tags of these
        references, read with SQLite's JSON operators (no item parsed), so a page of a
        table costs milliseconds at any library size. Unknown ids are left out.
        """
        out: dict[int, RowExtras] = {}
        for chunk in _chunks(list(ref_ids), 500):
            sql = (
                "SELECT d.id, d.csl ->> '$.volume', d.csl ->> '$.issue', d.csl ->> '$.page', "
                "d.csl ->> '$.DOI', d.csl ->> '$.citation-number', d.csl ->> '$._label', "
                "d.csl ->> '$._fragment', d.csl -> '$._confidence', "
                "(SELECT group_concat(t.name, char(31)) FROM ref_tags rt JOIN tags t "
                "ON t.id = rt.tag_id WHERE rt.ref_id = d.id) "
                f"FROM ref_data d WHERE d.id IN ({_marks(len(chunk))})"
            )
            for row in self._read(sql, tuple(chunk)):
                number = row[5] if row[5] is not None else (row[6] or "")
                try:
                    conf = {str(k): float(v) for k, v in json.loads(row[8] or "{}").items()}
                except (TypeError, ValueError, AttributeError):
                    conf = {}
                out[int(row[0])] = RowExtras(
                    volume=str(row[1] or ""),
                    issue=str(row[2] or ""),
                    page=str(row[3] or ""),
                    doi=str(row[4] or ""),
                    number=str(number),
                    fragment=bool(row[7]),
                    confidence=conf,
                    tags=tuple(sorted(row[9].split("\x1f"))) if row[9] else (),
                )
        return out

    def _fts_guard(self, query: str, sql: str, params: Sequence[Any]) -> list[Any]:
        try:
            return self._read(sql, params)
        except sqlite3.OperationalError as exc:
            if "fts5" in str(exc).lower() or "match" in str(exc).lower():
                raise InputError("search", f"cannot search for {query!r}: {exc}") from None
            raise

    @staticmethod
    def _ref_row(row: Sequence[Any]) -> ReferenceRow:
        return ReferenceRow(
            id=row[0],
            document_id=row[1],
            position=row[2],
            type=row[3],
            title=row[4],
            author=row[5],
            year=row[6],
            venue=row[7],
            doi=row[8],
            confidence=row[9],
            edited=frozenset(row[10].split()),
            work_id=row[11],
            cited_by=row[12] or 0,
            document_title=row[13] or "",
        )

    def suggest(self, query: str, limit: int = 5) -> list[Suggestion]:
        """Close titles and authors for a query that found nothing (fuzzy, rapidfuzz).

        Candidates come from the FTS index (words sharing their first three, then first two
        letters with a query word; at most 4,000 rows), so the cost does not grow with the
        library; they are ranked with rapidfuzz (WRatio on titles, ratio on family names).
        """
        from rapidfuzz import fuzz, process

        compiled = compile_query(query)
        text = compiled.free_text or query
        words = [w for w in re.findall(r"\w+", space_cjk(fold(text))) if len(w) >= 3]
        if not words:
            return []
        rows: list[Any] = []
        for size in (3, 2):  # a typo in the third letter still shares the first two
            match = " OR ".join(f'"{w[:size]}"*' for w in dict.fromkeys(words))
            rows += self._read(
                "SELECT r.title, r.author FROM refs_fts f JOIN refs r ON r.id = f.rowid "
                "WHERE refs_fts MATCH ? LIMIT 2000",
                (match,),
            )
        needle = fold(text)
        titles = list({fold(t): t for t, _ in rows if t}.items())
        authors: dict[str, str] = {}
        for _, author in rows:
            for part in author.split("; "):
                family = part.split(",")[0].strip()
                if family:
                    authors[fold(family)] = family
        out: list[Suggestion] = []
        keys = [key for key, _ in titles]
        for _key, score, index in process.extract(needle, keys, scorer=fuzz.WRatio, limit=limit):
            found = titles[index][1]
            phrase = " ".join(found.replace('"', " ").split())
            out.append(Suggestion(found, "title", score / 100, f'title:"{phrase}"'))
        author_keys = list(authors)
        for key, score, _ in process.extract(needle, author_keys, scorer=fuzz.ratio, limit=limit):
            name = authors[key].replace('"', " ").strip()
            term = f'author:"{name}"' if " " in name else f"author:{name}"
            out.append(Suggestion(authors[key], "author", score / 100, term))
        out.sort(key=lambda s: -s.score)
        return [s for s in out if s.score >= 0.5][:limit]

    # ------------------------------------------------------------ tags

    def _tag_id(self, name: str, create: bool) -> int | None:
        name = name.strip()
        if not name:
            raise InputError("tag", "a tag needs a name")
        row = self.conn.execute("SELECT id FROM tags WHERE name = ?", (name,)).fetchone()
        if row:
            return int(row[0])
        if not create:
            return None
        cur = self.conn.execute("INSERT INTO tags (name) VALUES (?)", (name,))
        return int(cur.lastrowid or 0)

    def create_tag(self, name: str, colour: str = "") -> int:
        """The tag's id, creating it if needed (names are case-insensitive)."""
        with self.transaction():
            tag_id = self._tag_id(name, create=True)
            assert tag_id is not None
            if colour:
                self.set_tag_colour(name, colour)
            return tag_id

    def tags(self) -> list[TagInfo]:
        """Every tag with its colour and counts, by name."""
        rows = self._read(
            "SELECT t.id, t.name, t.colour, "
            "(SELECT count(*) FROM ref_tags rt WHERE rt.tag_id = t.id), "
            "(SELECT count(*) FROM document_tags dt WHERE dt.tag_id = t.id) "
            "FROM tags t ORDER BY t.name COLLATE NOCASE"
        )
        return [TagInfo(*row) for row in rows]

    def tag_references(self, ref_ids: Sequence[int], name: str) -> list[int]:
        """Tag references (creating the tag); return the ids that did not have it (for undo)."""
        with self.transaction():
            tag_id = self._tag_id(name, create=True)
            have: set[int] = set()
            for chunk in _chunks(list(ref_ids)):
                have.update(
                    r[0]
                    for r in self.conn.execute(
                        f"SELECT ref_id FROM ref_tags WHERE tag_id = ? AND ref_id IN "
                        f"({_marks(len(chunk))})",
                        (tag_id, *chunk),
                    )
                )
            added = [i for i in dict.fromkeys(ref_ids) if i not in have]
            self.conn.executemany(
                "INSERT INTO ref_tags (tag_id, ref_id) VALUES (?, ?)", [(tag_id, i) for i in added]
            )
        return added

    def untag_references(self, ref_ids: Sequence[int], name: str) -> list[int]:
        """Remove a tag from references; return the ids that had it (for undo)."""
        with self.transaction():
            tag_id = self._tag_id(name, create=False)
            if tag_id is None:
                return []
            removed: list[int] = []
            for chunk in _chunks(list(dict.fromkeys(ref_ids))):
                removed += [
                    r[0]
                    for r in self.conn.execute(
                        f"DELETE FROM ref_tags WHERE tag_id = ? AND ref_id IN "
                        f"({_marks(len(chunk))}) RETURNING ref_id",
                        (tag_id, *chunk),
                    ).fetchall()
                ]
        return removed

    def tag_documents(self, document_ids: Sequence[int], name: str) -> list[int]:
        """Tag documents (creating the tag); return the ids that did not have it."""
        with self.transaction():
            tag_id = self._tag_id(name, create=True)
            added: list[int] = []
            for doc_id in dict.fromkeys(document_ids):
                cur = self.conn.execute(
                    "INSERT OR IGNORE INTO document_tags (tag_id, document_id) VALUES (?, ?)",
                    (tag_id, doc_id),
                )
                if cur.rowcount:
                    added.append(doc_id)
        return added

    def untag_documents(self, document_ids: Sequence[int], name: str) -> list[int]:
        """Remove a tag from documents; return the ids that had it."""
        with self.transaction():
            tag_id = self._tag_id(name, create=False)
            if tag_id is None:
                return []
            removed: list[int] = []
            for doc_id in dict.fromkeys(document_ids):
                cur = self.conn.execute(
                    "DELETE FROM document_tags WHERE tag_id = ? AND document_id = ?",
                    (tag_id, doc_id),
                )
                if cur.rowcount:
                    removed.append(doc_id)
        return removed

    def tagged_references(self, name: str) -> list[int]:
        """The ids of the references carrying tag ``name`` themselves (not via a document)."""
        rows = self._read(
            "SELECT rt.ref_id FROM ref_tags rt JOIN tags t ON t.id = rt.tag_id "
            "WHERE t.name = ? ORDER BY rt.ref_id",
            (name.strip(),),
        )
        return [r[0] for r in rows]

    def tags_of(self, ref_id: int) -> list[str]:
        """The tags on one reference, by name."""
        rows = self._read(
            "SELECT t.name FROM ref_tags rt JOIN tags t ON t.id = rt.tag_id WHERE rt.ref_id = ? "
            "ORDER BY t.name COLLATE NOCASE",
            (ref_id,),
        )
        return [r[0] for r in rows]

    def rename_tag(self, old: str, new: str) -> None:
        """Rename a tag (or change its case).

        Raises:
            InputError: ``old`` does not exist, or ``new`` is another tag (use merge_tags).
        """
        with self.transaction():
            old_id = self._tag_id(old, create=False)
            if old_id is None:
                raise InputError("tag", f"no tag named '{old}'")
            new_id = self._tag_id(new, create=False)
            if new_id is not None and new_id != old_id:
                raise InputError("tag", f"'{new}' already exists; merge the tags instead")
            self.conn.execute("UPDATE tags SET name = ? WHERE id = ?", (new.strip(), old_id))

    def merge_tags(self, sources: Sequence[str], target: str) -> None:
        """Move the links of ``sources`` to ``target`` (created if needed); drop ``sources``."""
        with self.transaction():
            target_id = self._tag_id(target, create=True)
            for source in sources:
                source_id = self._tag_id(source, create=False)
                if source_id is None:
                    raise InputError("tag", f"no tag named '{source}'")
                if source_id == target_id:
                    continue
                self.conn.execute(
                    "INSERT OR IGNORE INTO ref_tags (tag_id, ref_id) "
                    "SELECT ?, ref_id FROM ref_tags WHERE tag_id = ?",
                    (target_id, source_id),
                )
                self.conn.execute(
                    "INSERT OR IGNORE INTO document_tags (tag_id, document_id) "
                    "SELECT ?, document_id FROM document_tags WHERE tag_id = ?",
                    (target_id, source_id),
                )
                self.conn.execute("DELETE FROM tags WHERE id = ?", (source_id,))

    def set_tag_colour(self, name: str, colour: str) -> str:
        """Set a tag's colour (``#rrggbb``, or "" for none); return the previous colour.

        Raises:
            InputError: no such tag, or the colour is not ``#rrggbb``.
        """
        if colour and not _COLOUR.match(colour):
            raise InputError("tag", f"colour '{colour}' is not of the form #rrggbb")
        with self.transaction():
            tag_id = self._tag_id(name, create=False)
            if tag_id is None:
                raise InputError("tag", f"no tag named '{name}'")
            old = self.conn.execute("SELECT colour FROM tags WHERE id = ?", (tag_id,)).fetchone()[0]
            self.conn.execute("UPDATE tags SET colour = ? WHERE id = ?", (colour.lower(), tag_id))
        return str(old)

    def delete_tag(self, name: str) -> DeletedTag:
        """Delete a tag and its links; :meth:`restore_tag` puts them back."""
        with self.transaction():
            tag_id = self._tag_id(name, create=False)
            if tag_id is None:
                raise InputError("tag", f"no tag named '{name}'")
            row = self.conn.execute(
                "SELECT id, name, colour FROM tags WHERE id = ?", (tag_id,)
            ).fetchone()
            refs = [
                r[0]
                for r in self.conn.execute(
                    "SELECT ref_id FROM ref_tags WHERE tag_id = ?", (tag_id,)
                )
            ]
            docs = [
                r[0]
                for r in self.conn.execute(
                    "SELECT document_id FROM document_tags WHERE tag_id = ?", (tag_id,)
                )
            ]
            self.conn.execute("DELETE FROM tags WHERE id = ?", (tag_id,))
        return DeletedTag({"id": row[0], "name": row[1], "colour": row[2]}, refs, docs)

    def restore_tag(self, snapshot: DeletedTag) -> None:
        """Undo :meth:`delete_tag`."""
        with self.transaction():
            tag_id = snapshot.row["id"]
            self.conn.execute(
                "INSERT INTO tags (id, name, colour) VALUES (?, ?, ?)",
                (tag_id, snapshot.row["name"], snapshot.row["colour"]),
            )
            self.conn.executemany(
                "INSERT OR IGNORE INTO ref_tags (tag_id, ref_id) "
                "SELECT ?, id FROM refs WHERE id = ?",
                [(tag_id, i) for i in snapshot.ref_ids],
            )
            self.conn.executemany(
                "INSERT OR IGNORE INTO document_tags (tag_id, document_id) "
                "SELECT ?, id FROM documents WHERE id = ?",
                [(tag_id, i) for i in snapshot.document_ids],
            )

    # ------------------------------------------------------------ duplicates and works

    def find_duplicates(
        self,
        min_score: float = 0.9,
        progress: Callable[[int, int], None] | None = None,
        exact_only: bool = False,
    ) -> list[DuplicateCandidate]:
        """Pairs of visible references that look like the same work, best first.

        Exact on DOI, arXiv id or ISBN; otherwise blocked (first author + year, and title
        prefix) and scored with rapidfuzz inside each block, so the cost grows with the
        library, not its square. Pairs marked "not a duplicate" are left out.
        ``progress(done, total)`` is called now and then.
        """
        from refmanager.library.duplicates import find_duplicates

        return find_duplicates(
            self.conn, min_score=min_score, progress=progress, exact_only=exact_only
        )

    def merge_references(
        self, keep: int, others: Sequence[int], choices: Mapping[str, int] | None = None
    ) -> MergeRecord:
        """Merge ``others`` into ``keep``: one row shows the work, the others are hidden.

        ``choices`` maps a field name (as :meth:`set_field` takes) to the reference id whose
        value wins; fields not chosen keep ``keep``'s value, or take the first non-empty value
        among ``others`` when ``keep`` has none. The hidden references stay in their documents'
        bibliographies (``merged_into = keep``) and all share ``keep``'s work. Undo with
        :meth:`undo_merge`.
        """
        others = [o for o in dict.fromkeys(others) if o != keep]
        with self.transaction():
            keep_row = self._row_dicts([keep])
            if not keep_row:
                raise KeyError(keep)
            stored = {s.id: s for s in self.references([keep, *others])}
            missing = [o for o in others if o not in stored]
            if missing:
                raise KeyError(missing[0])
            merged = Reference.from_csl(stored[keep].reference.to_csl())
            candidates = [stored[o].reference for o in others]
            names = set(merged.fields) | {"author", "editor", "issued", "type"}
            for cand in candidates:
                names |= set(cand.fields)
            for name in sorted(names):
                if choices and name in choices:
                    source = stored.get(choices[name])
                    if source is None:
                        raise KeyError(choices[name])
                    set_field(merged, name, get_field(source.reference, name))
                elif not get_field(merged, name):
                    for cand in candidates:
                        value = get_field(cand, name)
                        if value:
                            set_field(merged, name, value)
                            break
            keep_work = keep_row[0]["work_id"]
            if keep_work is None:
                keep_work = self._work_for("", "", "")
                self.conn.execute("UPDATE refs SET work_id = ? WHERE id = ?", (keep_work, keep))
            work_cols = ("id", "doi", "arxiv", "isbn", "document_id")
            work_before = dict(
                zip(
                    work_cols,
                    self.conn.execute(
                        f"SELECT {','.join(work_cols)} FROM works WHERE id = ?", (keep_work,)
                    ).fetchone(),
                    strict=True,
                )
            )
            other_works = {stored[o].work_id for o in others} - {None, keep_work}
            moved: dict[int, tuple[int | None, int | None]] = {}
            for work in other_works:
                for ref_id, merged_into in self.conn.execute(
                    "SELECT id, merged_into FROM refs WHERE work_id = ?", (work,)
                ).fetchall():
                    moved[ref_id] = (work, merged_into)
                wrow = self.conn.execute(
                    "SELECT doi, arxiv, isbn, document_id FROM works WHERE id = ?", (work,)
                ).fetchone()
                self.conn.execute(
                    "UPDATE works SET doi = CASE WHEN doi = '' THEN ? ELSE doi END, "
                    "arxiv = CASE WHEN arxiv = '' THEN ? ELSE arxiv END, "
                    "isbn = CASE WHEN isbn = '' THEN ? ELSE isbn END, "
                    "document_id = coalesce(document_id, ?) WHERE id = ?",
                    (*wrow, keep_work),
                )
                self.conn.execute(
                    "UPDATE refs SET work_id = ? WHERE work_id = ?", (keep_work, work)
                )
            for other in others:
                if other not in moved:
                    moved[other] = (stored[other].work_id, stored[other].merged_into)
                self.conn.execute(
                    "UPDATE refs SET work_id = ?, merged_into = ? WHERE id = ?",
                    (keep_work, keep, other),
                )
            # rows that were merged into one of the others now point at keep
            for other in others:
                for (child,) in self.conn.execute(
                    "SELECT id FROM refs WHERE merged_into = ?", (other,)
                ).fetchall():
                    moved.setdefault(child, (keep_work, other))
                    self.conn.execute("UPDATE refs SET merged_into = ? WHERE id = ?", (keep, child))
            self._store_reference(keep, merged, stored[keep].edited)
            self._fts_sync(moved)
        return MergeRecord(keep, others, keep_row[0], moved, work_before)

    def undo_merge(self, record: MergeRecord) -> None:
        """Undo :meth:`merge_references`: the kept row, the hidden rows and the work as before."""
        with self.transaction():
            wb = record.work_before
            self.conn.execute(
                "UPDATE works SET doi = ?, arxiv = ?, isbn = ?, document_id = ? WHERE id = ?",
                (wb["doi"], wb["arxiv"], wb["isbn"], wb["document_id"], wb["id"]),
            )
            for ref_id, (work_id, merged_into) in record.others_before.items():
                self.conn.execute(
                    "UPDATE refs SET work_id = ?, merged_into = ? WHERE id = ?",
                    (work_id, merged_into, ref_id),
                )
            self._write_row(record.keep_before, insert=False)
            self._fts_sync(record.others_before)

    def mark_not_duplicate(self, a: int, b: int) -> None:
        """Remember that two references are different works (duplicates never proposes them)."""
        lo, hi = sorted((a, b))
        with self.transaction():
            self.conn.execute(
                "INSERT OR IGNORE INTO not_duplicates (a, b, created) VALUES (?, ?, ?)",
                (lo, hi, _now()),
            )

    def unmark_not_duplicate(self, a: int, b: int) -> None:
        lo, hi = sorted((a, b))
        with self.transaction():
            self.conn.execute("DELETE FROM not_duplicates WHERE a = ? AND b = ?", (lo, hi))

    def is_not_duplicate(self, a: int, b: int) -> bool:
        lo, hi = sorted((a, b))
        return bool(self._read("SELECT 1 FROM not_duplicates WHERE a = ? AND b = ?", (lo, hi)))

    def cited_by(self, work_id: int) -> list[int]:
        """The ids of the documents whose bibliographies cite this work."""
        rows = self._read(
            "SELECT DISTINCT document_id FROM refs WHERE work_id = ? AND document_id IS NOT NULL "
            "ORDER BY document_id",
            (work_id,),
        )
        return [r[0] for r in rows]

    def work_document(self, work_id: int) -> int | None:
        """The library document that is this work (the cited paper itself), or None."""
        rows = self._read("SELECT document_id FROM works WHERE id = ?", (work_id,))
        return rows[0][0] if rows else None

    def linked_references(self, document_id: int) -> list[tuple[int, int]]:
        """``(ref_id, document_id)``: references of a document that cite a library document."""
        rows = self._read(
            "SELECT r.id, w.document_id FROM refs r JOIN works w ON w.id = r.work_id "
            "WHERE r.document_id = ? AND w.document_id IS NOT NULL ORDER BY r.position",
            (document_id,),
        )
        return [(r[0], r[1]) for r in rows]

    def citing_documents(self, document_id: int) -> list[int]:
        """The documents of the library whose bibliographies cite this document."""
        rows = self._read(
            "SELECT DISTINCT r.document_id FROM works w JOIN refs r ON r.work_id = w.id "
            "WHERE w.document_id = ? AND r.document_id IS NOT NULL ORDER BY r.document_id",
            (document_id,),
        )
        return [r[0] for r in rows]

    def most_cited(self, limit: int = 20) -> list[tuple[int, int]]:
        """``(work_id, number of citing documents)``, most cited first."""
        rows = self._read(
            "SELECT work_id, count(DISTINCT document_id) AS n FROM refs "
            "WHERE work_id IS NOT NULL AND document_id IS NOT NULL "
            "GROUP BY work_id ORDER BY n DESC, work_id LIMIT ?",
            (limit,),
        )
        return [(r[0], r[1]) for r in rows]

    # ------------------------------------------------------------ corrections, saved searches

    def add_correction(
        self, raw: str, csl: Mapping[str, Any], reference_id: int | None = None
    ) -> int:
        """Store a labelled example: the raw reference string and its corrected CSL item."""
        with self.transaction():
            cur = self.conn.execute(
                "INSERT INTO corrections (reference_id, raw, csl, created) VALUES (?, ?, ?, ?)",
                (reference_id, raw, json.dumps(dict(csl), ensure_ascii=False), _now()),
            )
            return int(cur.lastrowid or 0)

    def corrections(self) -> list[Correction]:
        rows = self._read("SELECT id, reference_id, raw, csl, created FROM corrections ORDER BY id")
        return [Correction(r[0], r[1], r[2], json.loads(r[3]), r[4]) for r in rows]

    def delete_correction(self, correction_id: int) -> None:
        with self.transaction():
            self.conn.execute("DELETE FROM corrections WHERE id = ?", (correction_id,))

    def save_search(self, name: str, query: str) -> int:
        """Save (or replace) a named search; the query is checked first (InputError if bad)."""
        compile_query(query)
        if not name.strip():
            raise InputError("saved search", "a saved search needs a name")
        with self.transaction():
            self.conn.execute(
                "INSERT INTO saved_searches (name, query, created) VALUES (?, ?, ?) "
                "ON CONFLICT(name) DO UPDATE SET query = excluded.query",
                (name.strip(), query, _now()),
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

    # ------------------------------------------------------------ checking

    def check(self) -> CheckReport:
        """SQLite's integrity and foreign-key checks, files missing or orphaned, counts."""
        integrity = [r[0] for r in self._read("PRAGMA integrity_check")]
        fk = len(self._read("PRAGMA foreign_key_check"))
        expected: set[str] = set()
        missing: list[str] = []
        for sha, name in self._read(
            "SELECT sha256, file_name FROM documents WHERE sha256 IS NOT NULL"
        ):
            path = self._stored_path(sha, name)
            expected.add(path.name)
            if not path.exists():
                missing.append(f"{name} ({path.name})")
        orphans = (
            sorted(
                p.name for p in self.files_dir.iterdir() if p.is_file() and p.name not in expected
            )
            if self.files_dir.exists()
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
            (self.files_dir / name).unlink(missing_ok=True)
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
