"""The library's rows as a shared library's entities: read as fields, written back from them.

An entity is a ``kind``, a stable ``uid`` and a flat map of fields with JSON values
(decision 0031): a reference's fields are the keys of its CSL item (``_raw`` included) and
``edited``, ``document``, ``position``, ``note``, ``attachments``, ``merged_into`` and one
``tag/<tag uid>`` per tag; a document's are its columns and its tags; a tag's its name and
colour; a saved search's its name and query; corrections and layout corrections (append-only)
their columns. A field that is absent and a field set to None are the same thing.

Rows are read and written through the stores of :class:`~refmanager.library.Library`
(references keep their search index, works and venues), inside the caller's transaction.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import uuid
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from refmanager.library.codec import stored_form
from refmanager.library.connection import IN_IDS, Connection, Store, ids_json, timestamp
from refmanager.library.documents import DocumentStore
from refmanager.library.references import ReferenceStore
from refmanager.library.tags import TagStore
from refmanager.model import Attachment, Reference
from refmanager.model.text import fold

Fields = dict[str, Any]
# the kinds in the order they are written: what a row refers to comes first
KINDS = ("tag", "document", "ref", "search", "correction", "layout")
TAG_PREFIX = "tag/"
# a reference's fields that are not keys of its CSL item
REF_META = ("document", "position", "note", "attachments", "merged_into")
EDITED_PREFIX = "edited/"  # a field the user edited (re-parsing keeps it): one flag per field
_TABLE = {
    "tag": "tags",
    "document": "documents",
    "ref": "refs",
    "search": "saved_searches",
    "correction": "corrections",
    "layout": "layout_corrections",
}
_DOC_COLUMNS = (
    "sha256", "file_name", "source", "page_count", "title", "authors", "year", "doi",
    "arxiv", "status", "message",
)  # fmt: skip


def _clean(fields: Mapping[str, Any]) -> Fields:
    """Fields without the absent ones (None, "" and empty lists are absent)."""
    return {k: v for k, v in fields.items() if v is not None and v not in ("", [])}


def _edited(fields: Fields) -> str:
    """A reference's ``edited`` column from its ``edited/<field>`` flags."""
    return " ".join(
        sorted(
            k[len(EDITED_PREFIX) :] for k, v in fields.items() if k.startswith(EDITED_PREFIX) and v
        )
    )


def random_uid(kind: str) -> str:
    return f"{kind}:{uuid.uuid4().hex}"


class EntityRows(Store):
    """Reading and writing the library's shared rows as entities, by local id.

    ``uid_of(kind, local_id)`` and ``local_of(uid)`` translate between the library's ids and
    the shared uids (``sync_ids``, kept by :class:`~refmanager.library.syncstate.SyncStore`).
    """

    def __init__(
        self,
        connection: Connection,
        refs: ReferenceStore,
        documents: DocumentStore,
        tags: TagStore,
    ) -> None:
        super().__init__(connection)
        self.refs = refs
        self.documents = documents
        self.tags = tags
        self._uids: dict[tuple[str, int], str] = {}

    def forget(self) -> None:
        """Drop the ids remembered (call at the start of each transaction that uses them:
        a rolled-back one may have bound ids that are not there)."""
        self._uids.clear()

    # ------------------------------------------------------------ ids

    def uid_of(self, kind: str, local_id: int | None) -> str | None:
        """The uid of a local row, given one now when it has none yet (None for None)."""
        if local_id is None:
            return None
        known = self._uids.get((kind, local_id))
        if known is not None:
            return known
        row = self.conn.execute(
            "SELECT uid FROM sync_ids WHERE kind = ? AND local_id = ?", (kind, local_id)
        ).fetchone()
        if row:
            uid = str(row[0])
        else:
            uid = self._new_uid(kind, local_id)
            self.conn.execute(
                "INSERT INTO sync_ids (kind, local_id, uid) VALUES (?, ?, ?)",
                (kind, local_id, uid),
            )
        self._uids[kind, local_id] = uid
        return uid

    def _new_uid(self, kind: str, local_id: int) -> str:
        """A deterministic uid where two members would make the same entity (a tag's name,
        a document's content hash, a reference of one PDF), unless it is taken already."""
        candidate: str | None = None
        if kind in ("tag", "search"):
            column = "name"
            row = self.conn.execute(
                f"SELECT {column} FROM {_TABLE[kind]} WHERE id = ?", (local_id,)
            ).fetchone()
            if row:
                candidate = f"{kind}:{fold(str(row[0])).strip()}"
        elif kind == "document":
            row = self.conn.execute(
                "SELECT sha256 FROM documents WHERE id = ?", (local_id,)
            ).fetchone()
            if row and row[0]:
                candidate = f"doc:{row[0]}"
        elif kind == "ref":
            row = self.conn.execute(
                "SELECT d.sha256, r.position, coalesce(nullif(x.raw, ''), x.csl) "
                "FROM refs r JOIN documents d "
                "ON d.id = r.document_id JOIN ref_data x ON x.id = r.id WHERE r.id = ?",
                (local_id,),
            ).fetchone()
            if row and row[0] and row[2]:
                digest = hashlib.sha256(f"{row[0]}\x1f{row[1]}\x1f{row[2]}".encode()).hexdigest()
                candidate = f"ref:{digest[:40]}"
        if candidate is not None and not self._uid_taken(candidate):
            return candidate
        return random_uid(kind)

    def _uid_taken(self, uid: str) -> bool:
        return bool(
            self.conn.execute("SELECT 1 FROM sync_ids WHERE uid = ?", (uid,)).fetchone()
            or self.conn.execute(
                "SELECT 1 FROM sync_shadow WHERE uid = ? AND deleted = 1", (uid,)
            ).fetchone()
        )

    def local_of(self, uid: str | None) -> int | None:
        if uid is None:
            return None
        row = self.conn.execute("SELECT local_id FROM sync_ids WHERE uid = ?", (uid,)).fetchone()
        return int(row[0]) if row else None

    def bind(self, kind: str, local_id: int, uid: str) -> None:
        self._uids[kind, local_id] = uid
        self.conn.execute(
            "INSERT OR REPLACE INTO sync_ids (kind, local_id, uid) VALUES (?, ?, ?)",
            (kind, local_id, uid),
        )

    def unbind(self, kind: str, local_id: int) -> None:
        self._uids.pop((kind, local_id), None)
        self.conn.execute("DELETE FROM sync_ids WHERE kind = ? AND local_id = ?", (kind, local_id))

    def all_ids(self, kind: str) -> list[int]:
        return [r[0] for r in self.conn.execute(f"SELECT id FROM {_TABLE[kind]}")]

    # ------------------------------------------------------------ reading

    def read(self, kind: str, ids: Sequence[int]) -> dict[int, Fields]:
        """The fields of these rows (ids with no row are left out: deleted)."""
        readers: dict[str, Callable[[Sequence[int]], dict[int, Fields]]] = {
            "tag": self._read_tags,
            "document": self._read_documents,
            "ref": self._read_refs,
            "search": self._read_searches,
            "correction": self._read_corrections,
            "layout": self._read_layouts,
        }
        out: dict[int, Fields] = {}
        for start in range(0, len(ids), 5000):
            out.update(readers[kind](ids[start : start + 5000]))
        return out

    def _rows(self, sql: str, ids: Sequence[int]) -> list[Any]:
        return self.conn.execute(sql, (ids_json(ids),)).fetchall()

    def _read_tags(self, ids: Sequence[int]) -> dict[int, Fields]:
        rows = self._rows(f"SELECT id, name, colour FROM tags WHERE id {IN_IDS}", ids)
        return {r[0]: _clean({"name": r[1], "colour": r[2]}) for r in rows}

    def _read_searches(self, ids: Sequence[int]) -> dict[int, Fields]:
        rows = self._rows(f"SELECT id, name, query FROM saved_searches WHERE id {IN_IDS}", ids)
        return {r[0]: _clean({"name": r[1], "query": r[2]}) for r in rows}

    def _read_corrections(self, ids: Sequence[int]) -> dict[int, Fields]:
        rows = self._rows(
            f"SELECT id, reference_id, raw, csl, created FROM corrections WHERE id {IN_IDS}", ids
        )
        return {
            r[0]: _clean(
                {"reference": self.uid_of("ref", r[1]), "raw": r[2], "csl": r[3], "created": r[4]}
            )
            for r in rows
        }

    def _read_layouts(self, ids: Sequence[int]) -> dict[int, Fields]:
        rows = self._rows(
            "SELECT id, document_id, kind, example, created FROM layout_corrections "
            f"WHERE id {IN_IDS}",
            ids,
        )
        return {
            r[0]: _clean(
                {
                    "document": self.uid_of("document", r[1]),
                    "kind": r[2],
                    "example": r[3],
                    "created": r[4],
                }
            )
            for r in rows
        }

    def _tag_fields(self, table: str, column: str, ids: Sequence[int]) -> dict[int, Fields]:
        out: dict[int, Fields] = {}
        for owner, tag_id in self._rows(
            f"SELECT {column}, tag_id FROM {table} WHERE {column} {IN_IDS}", ids
        ):
            out.setdefault(owner, {})[f"{TAG_PREFIX}{self.uid_of('tag', tag_id)}"] = True
        return out

    def _read_documents(self, ids: Sequence[int]) -> dict[int, Fields]:
        rows = self._rows(
            f"SELECT id, {', '.join(_DOC_COLUMNS)} FROM documents WHERE id {IN_IDS}", ids
        )
        tags = self._tag_fields("document_tags", "document_id", ids)
        out: dict[int, Fields] = {}
        for row in rows:
            fields = _clean(dict(zip(_DOC_COLUMNS, row[1:], strict=True)))
            fields.update(tags.get(row[0], {}))
            out[row[0]] = fields
        return out

    def _read_refs(self, ids: Sequence[int]) -> dict[int, Fields]:
        rows = self._rows(
            "SELECT r.id, r.document_id, r.position, r.edited, r.merged_into, d.raw, d.csl "
            f"FROM refs r JOIN ref_data d ON d.id = r.id WHERE r.id {IN_IDS}",
            ids,
        )
        notes = dict(self._rows(f"SELECT ref_id, text FROM ref_notes WHERE ref_id {IN_IDS}", ids))
        links: dict[int, list[list[str]]] = {}
        for ref_id, *link in self._rows(
            "SELECT ref_id, target, resolved, kind, title FROM ref_attachments "
            f"WHERE ref_id {IN_IDS} ORDER BY ref_id, position",
            ids,
        ):
            links.setdefault(ref_id, []).append(list(link))
        tags = self._tag_fields("ref_tags", "ref_id", ids)
        out: dict[int, Fields] = {}
        for ref_id, document_id, position, edited, merged_into, raw, csl in rows:
            fields: Fields = json.loads(csl)
            fields["_raw"] = raw
            fields.update({f"{EDITED_PREFIX}{name}": True for name in edited.split()})
            fields["document"] = self.uid_of("document", document_id)
            fields["position"] = position if document_id is not None else None
            fields["note"] = notes.get(ref_id)
            fields["attachments"] = links.get(ref_id)
            fields["merged_into"] = self.uid_of("ref", merged_into)
            fields = _clean(fields)
            fields.update(tags.get(ref_id, {}))
            out[ref_id] = fields
        return out

    # ------------------------------------------------------------ writing

    def write(self, kind: str, local_id: int | None, fields: Fields) -> int:
        """Make the row hold these fields (inserting it when ``local_id`` is None); its id."""
        writers: dict[str, Callable[[int | None, Fields], int]] = {
            "tag": self._write_tag,
            "document": self._write_document,
            "ref": self._write_ref,
            "search": self._write_search,
            "correction": self._write_correction,
            "layout": self._write_layout,
        }
        return writers[kind](local_id, fields)

    def check(self, kind: str, fields: Fields) -> None:
        """Raise (TypeError, ValueError, KeyError, AttributeError) when these fields cannot
        be stored as a ``kind`` row: checked before anything is written, so a row another
        client wrote wrong is left out whole (no savepoint per row: they slow SQLite's bulk
        inserts several times over)."""
        if kind == "ref":
            item = {
                k: v
                for k, v in fields.items()
                if k not in REF_META and not k.startswith((TAG_PREFIX, EDITED_PREFIX))
            }
            stored_form(Reference.from_csl(item))
            int(fields.get("position") or 0)
            for link in fields.get("attachments") or ():
                Attachment(*link)
            str(fields.get("note") or "")
        elif kind == "document":
            for column in ("page_count", "year"):
                if fields.get(column) is not None:
                    int(fields[column])
        elif kind in ("correction", "layout"):
            float(fields.get("created") or 0)
        if not isinstance(fields, dict):
            raise TypeError(f"fields are a {type(fields).__name__}, not an object")

    def delete(self, kind: str, local_id: int) -> None:
        if kind == "ref":
            self.refs.delete_references([local_id])
        elif kind == "document":
            with contextlib.suppress(KeyError):  # gone already
                self.documents.delete_document(local_id)
        else:
            self.conn.execute(f"DELETE FROM {_TABLE[kind]} WHERE id = ?", (local_id,))

    def _write_tag(self, local_id: int | None, fields: Fields) -> int:
        name = str(fields.get("name") or "tag")
        colour = str(fields.get("colour") or "")
        if local_id is None:
            row = self.conn.execute("SELECT id FROM tags WHERE name = ?", (name,)).fetchone()
            if (
                row
                and not self.conn.execute(
                    "SELECT 1 FROM sync_ids WHERE kind = 'tag' AND local_id = ?", (row[0],)
                ).fetchone()
            ):
                local_id = int(row[0])  # the same tag made here before it was shared
            elif row:
                name = f"{name} ({uuid.uuid4().hex[:4]})"
        if local_id is None:
            cur = self.conn.execute("INSERT INTO tags (name, colour) VALUES (?, ?)", (name, colour))
            return int(cur.lastrowid or 0)
        self.conn.execute(
            "UPDATE tags SET name = ?, colour = ? WHERE id = ?", (name, colour, local_id)
        )
        return local_id

    def _write_search(self, local_id: int | None, fields: Fields) -> int:
        name = str(fields.get("name") or "search")
        query = str(fields.get("query") or "")
        if local_id is None:
            cur = self.conn.execute(
                "INSERT INTO saved_searches (name, query, created) VALUES (?, ?, ?) "
                "ON CONFLICT(name) DO UPDATE SET query = excluded.query RETURNING id",
                (name, query, timestamp()),
            )
            return int(cur.fetchone()[0])
        self.conn.execute(
            "UPDATE saved_searches SET name = ?, query = ? WHERE id = ?", (name, query, local_id)
        )
        return local_id

    def _write_correction(self, local_id: int | None, fields: Fields) -> int:
        values = (
            self.local_of(fields.get("reference")),
            str(fields.get("raw") or ""),
            str(fields.get("csl") or "{}"),
            float(fields.get("created") or timestamp()),
        )
        if local_id is None:
            cur = self.conn.execute(
                "INSERT INTO corrections (reference_id, raw, csl, created) VALUES (?, ?, ?, ?)",
                values,
            )
            return int(cur.lastrowid or 0)
        self.conn.execute(
            "UPDATE corrections SET reference_id = ?, raw = ?, csl = ?, created = ? WHERE id = ?",
            (*values, local_id),
        )
        return local_id

    def _write_layout(self, local_id: int | None, fields: Fields) -> int:
        values = (
            self.local_of(fields.get("document")),
            str(fields.get("kind") or ""),
            str(fields.get("example") or "{}"),
            float(fields.get("created") or timestamp()),
        )
        if local_id is None:
            cur = self.conn.execute(
                "INSERT INTO layout_corrections (document_id, kind, example, created) "
                "VALUES (?, ?, ?, ?)",
                values,
            )
            return int(cur.lastrowid or 0)
        self.conn.execute(
            "UPDATE layout_corrections SET document_id = ?, kind = ?, example = ?, created = ? "
            "WHERE id = ?",
            (*values, local_id),
        )
        return local_id

    def _set_tags(self, table: str, column: str, local_id: int, fields: Fields) -> None:
        wanted = {
            tag_id
            for key, value in fields.items()
            if key.startswith(TAG_PREFIX) and value
            for tag_id in [self.local_of(key[len(TAG_PREFIX) :])]
            if tag_id is not None
        }
        have = {
            r[0]
            for r in self.conn.execute(
                f"SELECT tag_id FROM {table} WHERE {column} = ?", (local_id,)
            )
        }
        self.conn.executemany(
            f"DELETE FROM {table} WHERE {column} = ? AND tag_id = ?",
            [(local_id, t) for t in have - wanted],
        )
        self.conn.executemany(
            f"INSERT INTO {table} (tag_id, {column}) VALUES (?, ?)",
            [(t, local_id) for t in wanted - have],
        )

    def _write_document(self, local_id: int | None, fields: Fields) -> int:
        values = {c: fields.get(c) for c in _DOC_COLUMNS}
        values["sha256"] = values["sha256"] or None
        for column, default in (("file_name", ""), ("source", "pdf"), ("title", "")):
            values[column] = values[column] or default
        values["page_count"] = values["page_count"] or 0
        values["authors"] = values["authors"] or "[]"
        for column in ("doi", "arxiv", "message"):
            values[column] = values[column] or ""
        values["status"] = values["status"] or "ok"
        if local_id is None and values["sha256"]:
            local_id = self.documents.document_id_for_hash(str(values["sha256"]))
        if local_id is None:
            columns = [*_DOC_COLUMNS, "added"]
            cur = self.conn.execute(
                f"INSERT INTO documents ({', '.join(columns)}) VALUES "
                f"({', '.join('?' * len(columns))})",
                [*(values[c] for c in _DOC_COLUMNS), timestamp()],
            )
            local_id = int(cur.lastrowid or 0)
            self.refs.works.link_document(local_id)
        else:
            self.conn.execute(
                f"UPDATE documents SET {', '.join(f'{c} = ?' for c in _DOC_COLUMNS)} WHERE id = ?",
                [*(values[c] for c in _DOC_COLUMNS), local_id],
            )
        self._set_tags("document_tags", "document_id", local_id, fields)
        return local_id

    def write_new_refs(self, entities: Sequence[Fields]) -> list[int]:
        """Insert references that are not here yet, in bulk (a new member's first pull);
        their ids, in order. Their ``merged_into`` is set later (:meth:`set_merged`)."""
        forms = []
        for fields in entities:
            item = {
                k: v
                for k, v in fields.items()
                if k not in REF_META and not k.startswith((TAG_PREFIX, EDITED_PREFIX))
            }
            forms.append(stored_form(Reference.from_csl(item)))
        ids = self.refs.insert_forms(None, forms, timestamp(), 0)
        self.conn.executemany(
            "UPDATE refs SET document_id = ?, position = ?, edited = ? WHERE id = ?",
            [
                (
                    self.local_of(fields.get("document")),
                    int(fields.get("position") or 0),
                    _edited(fields),
                    ref_id,
                )
                for ref_id, fields in zip(ids, entities, strict=True)
            ],
        )
        now = timestamp()
        self.conn.executemany(
            "INSERT INTO ref_notes (ref_id, text, folded, updated) VALUES (?, ?, ?, ?)",
            [
                (ref_id, str(fields["note"]), fold(str(fields["note"])), now)
                for ref_id, fields in zip(ids, entities, strict=True)
                if fields.get("note")
            ],
        )
        self.conn.executemany(
            "INSERT INTO ref_attachments (ref_id, position, target, resolved, kind, title) "
            "VALUES (?, ?, ?, ?, ?, ?)",
            [
                (ref_id, i, *link)
                for ref_id, fields in zip(ids, entities, strict=True)
                for i, link in enumerate(fields.get("attachments") or ())
            ],
        )
        self.conn.executemany(
            "INSERT OR IGNORE INTO ref_tags (tag_id, ref_id) VALUES (?, ?)",
            [
                (tag_id, ref_id)
                for ref_id, fields in zip(ids, entities, strict=True)
                for key, value in fields.items()
                if key.startswith(TAG_PREFIX) and value
                for tag_id in [self.local_of(key[len(TAG_PREFIX) :])]
                if tag_id is not None
            ],
        )
        return ids

    def _write_ref(self, local_id: int | None, fields: Fields) -> int:
        item = {
            k: v
            for k, v in fields.items()
            if k not in REF_META and not k.startswith((TAG_PREFIX, EDITED_PREFIX))
        }
        ref = Reference.from_csl(item)
        edited = set(_edited(fields).split())
        document_id = self.local_of(fields.get("document"))
        position = int(fields.get("position") or 0)
        if local_id is None:
            local_id = self.refs.insert_forms(document_id, [stored_form(ref)], timestamp(), 0)[0]
            self.conn.execute(
                "UPDATE refs SET position = ?, edited = ? WHERE id = ?",
                (position, _edited(fields), local_id),
            )
        else:
            self.refs.store_reference(local_id, ref, edited)
            self.conn.execute(
                "UPDATE refs SET document_id = ?, position = ? WHERE id = ?",
                (document_id, position, local_id),
            )
        note = str(fields.get("note") or "")
        if note:
            self.conn.execute(
                "INSERT INTO ref_notes (ref_id, text, folded, updated) VALUES (?, ?, ?, ?) "
                "ON CONFLICT(ref_id) DO UPDATE SET text = excluded.text, "
                "folded = excluded.folded, updated = excluded.updated",
                (local_id, note, fold(note), timestamp()),
            )
        else:
            self.conn.execute("DELETE FROM ref_notes WHERE ref_id = ?", (local_id,))
        links = [Attachment(*link) for link in fields.get("attachments") or ()]
        current = [
            Attachment(*r)
            for r in self.conn.execute(
                "SELECT target, resolved, kind, title FROM ref_attachments WHERE ref_id = ? "
                "ORDER BY position",
                (local_id,),
            )
        ]
        if current != links:
            self.conn.execute("DELETE FROM ref_attachments WHERE ref_id = ?", (local_id,))
            self.conn.executemany(
                "INSERT INTO ref_attachments (ref_id, position, target, resolved, kind, title) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                [(local_id, i, a.target, a.resolved, a.kind, a.title) for i, a in enumerate(links)],
            )
        self._set_tags("ref_tags", "ref_id", local_id, fields)
        return local_id

    def set_merged(self, local_id: int, fields: Fields) -> None:
        """A reference's ``merged_into`` (written after every reference of a pull exists)."""
        target = self.local_of(fields.get("merged_into"))
        row = self.conn.execute("SELECT merged_into FROM refs WHERE id = ?", (local_id,)).fetchone()
        if row is not None and row[0] != target:
            self.conn.execute("UPDATE refs SET merged_into = ? WHERE id = ?", (target, local_id))
            self.refs.fts_sync([local_id])
