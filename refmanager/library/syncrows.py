"""The library's rows as a shared library's entities: read as fields, written back from them.

An entity is a ``kind``, a stable ``uid`` and a flat map of fields with JSON values
(decision 0031): a reference's fields are the keys of its CSL item (``_raw`` included) and
``edited``, ``document``, ``position``, ``note``, ``attachments``, ``merged_into``, one
``tag/<tag uid>`` per tag, one ``collection/<collection uid>`` per collection it is in and
one ``distinct/<reference uid>`` per reference marked "not a duplicate" of it (held by the
one of the pair whose uid sorts first); a document's are its columns and its tags; a tag's
its name and colour; a collection's its name, ``parent`` (a uid) and position; a saved
search's its name and query; corrections and layout corrections (append-only) their columns.
A field that is absent and a field set to None are the same thing. A link to a tag,
collection or reference that is not here yet (it comes in a later batch of the pull) waits
in ``sync_waiting`` and is made when it comes.

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
KINDS = ("tag", "collection", "document", "ref", "search", "correction", "layout")
TAG_PREFIX = "tag/"
COLLECTION_PREFIX = "collection/"
# "not duplicates": a field of the pair's reference whose uid sorts first, naming the other
DISTINCT_PREFIX = "distinct/"
LINK_PREFIXES = (TAG_PREFIX, COLLECTION_PREFIX, DISTINCT_PREFIX)  # fields linking to others
# a reference's fields that are not keys of its CSL item
REF_META = ("document", "position", "note", "attachments", "merged_into")
EDITED_PREFIX = "edited/"  # a field the user edited (re-parsing keeps it): one flag per field
_TABLE = {
    "tag": "tags",
    "collection": "collections",
    "document": "documents",
    "ref": "refs",
    "search": "saved_searches",
    "correction": "corrections",
    "layout": "layout_corrections",
}
# the tables of links: (owner kind, target kind) -> (table, owner column, target column)
_LINKS = {
    ("ref", "tag"): ("ref_tags", "ref_id", "tag_id"),
    ("document", "tag"): ("document_tags", "document_id", "tag_id"),
    ("ref", "collection"): ("collection_refs", "ref_id", "collection_id"),
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
        elif kind == "collection":  # two members making "Thesis" at one place make one
            row = self.conn.execute(
                "SELECT name, parent_id FROM collections WHERE id = ?", (local_id,)
            ).fetchone()
            if row:
                parent = self.uid_of("collection", row[1]) or ""
                key = f"{parent}\x1f{fold(str(row[0])).strip()}"
                candidate = f"collection:{hashlib.sha256(key.encode()).hexdigest()[:40]}"
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
            "collection": self._read_collections,
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

    def _read_collections(self, ids: Sequence[int]) -> dict[int, Fields]:
        rows = self._rows(
            f"SELECT id, name, parent_id, position FROM collections WHERE id {IN_IDS}", ids
        )
        return {
            r[0]: _clean(
                {"name": r[1], "parent": self.uid_of("collection", r[2]), "position": r[3]}
            )
            for r in rows
        }

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

    def _link_fields(self, kind: str, ids: Sequence[int]) -> dict[int, Fields]:
        """The ``tag/<uid>`` (and, for references, ``collection/<uid>`` and
        ``distinct/<uid>``) fields of rows."""
        out: dict[int, Fields] = {}
        if kind == "ref":
            wanted = set(ids)
            for a, b in self.conn.execute(
                f"SELECT a, b FROM not_duplicates WHERE a {IN_IDS} OR b {IN_IDS}",
                (ids_json(ids), ids_json(ids)),
            ):
                first, second = sorted(
                    ((str(self.uid_of("ref", a)), a), (str(self.uid_of("ref", b)), b))
                )
                if first[1] in wanted:
                    out.setdefault(first[1], {})[f"{DISTINCT_PREFIX}{second[0]}"] = True
        for (owner_kind, target_kind), (table, column, target) in _LINKS.items():
            if owner_kind != kind:
                continue
            for owner, target_id in self._rows(
                f"SELECT {column}, {target} FROM {table} WHERE {column} {IN_IDS}", ids
            ):
                uid = self.uid_of(target_kind, target_id)
                out.setdefault(owner, {})[f"{target_kind}/{uid}"] = True
        return out

    def _read_documents(self, ids: Sequence[int]) -> dict[int, Fields]:
        rows = self._rows(
            f"SELECT id, {', '.join(_DOC_COLUMNS)} FROM documents WHERE id {IN_IDS}", ids
        )
        tags = self._link_fields("document", ids)
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
        tags = self._link_fields("ref", ids)
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
            "collection": self._write_collection,
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
                if k not in REF_META and not k.startswith((*LINK_PREFIXES, EDITED_PREFIX))
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
        elif kind == "collection":
            int(fields.get("position") or 0)
            str(fields.get("name") or "")
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

    def _write_collection(self, local_id: int | None, fields: Fields) -> int:
        name = str(fields.get("name") or "collection").strip() or "collection"
        position = int(fields.get("position") or 0)
        parent = self.local_of(fields.get("parent"))
        if parent is not None and local_id is not None and self._within(parent, local_id):
            parent = None  # never a collection inside itself (two members' moves crossed)
        # its parent comes in a later batch: at the top until then
        waits = bool(fields.get("parent")) and self.local_of(fields.get("parent")) is None
        sibling = self.conn.execute(
            "SELECT id FROM collections WHERE parent_id IS ? AND name = ? COLLATE NOCASE "
            "AND id IS NOT ?",
            (parent, name, local_id),
        ).fetchone()
        if sibling and local_id is None and not self._bound("collection", int(sibling[0])):
            local_id = int(sibling[0])  # the same collection made here before it was shared
        elif sibling:
            name = f"{name} ({uuid.uuid4().hex[:4]})"  # another member's of the same name
        if local_id is None:
            cur = self.conn.execute(
                "INSERT INTO collections (name, parent_id, position) VALUES (?, ?, ?)",
                (name, parent, position),
            )
            local_id = int(cur.lastrowid or 0)
        else:
            self.conn.execute(
                "UPDATE collections SET name = ?, parent_id = ?, position = ? WHERE id = ?",
                (name, parent, position, local_id),
            )
        if waits:
            self._wait(str(fields["parent"]), "collection", local_id)
        return local_id

    def _within(self, collection_id: int, ancestor: int) -> bool:
        """Whether ``collection_id`` is ``ancestor`` or inside it."""
        row = self.conn.execute(
            "WITH RECURSIVE up(id) AS (SELECT ? UNION SELECT c.parent_id FROM collections c "
            "JOIN up ON c.id = up.id WHERE c.parent_id IS NOT NULL) "
            "SELECT 1 FROM up WHERE id = ?",
            (collection_id, ancestor),
        ).fetchone()
        return row is not None

    def _bound(self, kind: str, local_id: int) -> bool:
        return bool(
            self.conn.execute(
                "SELECT 1 FROM sync_ids WHERE kind = ? AND local_id = ?", (kind, local_id)
            ).fetchone()
        )

    def linked_to(self, kind: str, local_id: int) -> list[tuple[str, int, str]]:
        """What deleting this tag or collection takes with it here: ``(kind, local id,
        field)`` of each row tagged with it or in it (the field naming it), and of its
        sub-collections (deleted with it: no field) and what is in them."""
        if kind == "tag":
            field = f"{TAG_PREFIX}{self.uid_of('tag', local_id)}"
            return [
                (owner, int(r[0]), field)
                for owner, table, column in (
                    ("ref", "ref_tags", "ref_id"),
                    ("document", "document_tags", "document_id"),
                )
                for r in self.conn.execute(
                    f"SELECT {column} FROM {table} WHERE tag_id = ?", (local_id,)
                )
            ]
        if kind != "collection":
            return []
        below = [
            int(r[0])
            for r in self.conn.execute(
                "WITH RECURSIVE down(id) AS (SELECT ? UNION SELECT c.id FROM collections c "
                "JOIN down ON c.parent_id = down.id) SELECT id FROM down",
                (local_id,),
            )
        ]
        out: list[tuple[str, int, str]] = [("collection", i, "") for i in below if i != local_id]
        for collection_id, ref_id in self.conn.execute(
            f"SELECT collection_id, ref_id FROM collection_refs WHERE collection_id {IN_IDS}",
            (ids_json(below),),
        ).fetchall():
            field = f"{COLLECTION_PREFIX}{self.uid_of('collection', collection_id)}"
            out.append(("ref", int(ref_id), field))
        return out

    def send_cascade(self, rows: Sequence[tuple[str, int, str]]) -> None:
        """Make what a pulled delete took with it here a change of this member's, for its
        next capture: the rows are marked written, and a link removed is put back in the
        row's shadow (a pull may have just stored the row without it), so the capture
        sends its removal."""
        self.conn.executemany(
            "INSERT OR IGNORE INTO sync_dirty (kind, local_id) VALUES (?, ?)",
            [(kind, local_id) for kind, local_id, _field in rows],
        )
        self.conn.executemany(
            "UPDATE sync_shadow SET fields = json_set(fields, ?, json('true')) WHERE uid = "
            "(SELECT uid FROM sync_ids WHERE kind = ? AND local_id = ?) AND NOT deleted",
            [(f'$."{field}"', kind, local_id) for kind, local_id, field in rows if field],
        )

    def _wait(self, target: str, kind: str, local_id: int | None) -> None:
        """Remember a link to ``target``, not here yet, to make when it comes (never one
        to what was deleted: it will not come)."""
        gone = self.conn.execute(
            "SELECT 1 FROM sync_shadow WHERE uid = ? AND deleted = 1", (target,)
        ).fetchone()
        if local_id is not None and not gone:
            self.conn.execute(
                "INSERT OR IGNORE INTO sync_waiting (target, kind, local_id) VALUES (?, ?, ?)",
                (target, kind, local_id),
            )

    def make_waiting_links(self) -> int:
        """Make the links that waited for entities a pull has brought now (a reference
        tagged, or put in a collection, before the tag or collection came; a collection
        inside one that came later); how many. The shadows take the links as pulled, so
        they are not sent back as changes."""
        rows = self.conn.execute(
            "SELECT w.target, w.kind, w.local_id, i.kind, i.local_id, s.uid FROM sync_waiting w "
            "JOIN sync_ids i ON i.uid = w.target "
            "LEFT JOIN sync_ids s ON s.kind = w.kind AND s.local_id = w.local_id"
        ).fetchall()
        for target, kind, local_id, target_kind, target_id, uid in rows:
            if kind == "collection" and target_kind == "collection":
                if not self._within(target_id, local_id):
                    self.conn.execute(
                        "UPDATE collections SET parent_id = ? WHERE id = ?", (target_id, local_id)
                    )
                    field, value = "parent", json.dumps(target)
                else:
                    continue
            elif kind == "ref" and target_kind == "ref":
                self._mark_distinct([(local_id, target_id)])
                field, value = f"{DISTINCT_PREFIX}{target}", "true"
            elif (kind, target_kind) in _LINKS:
                table, column, target_column = _LINKS[kind, target_kind]
                owner = "refs" if kind == "ref" else "documents"
                self.conn.execute(
                    f"INSERT OR IGNORE INTO {table} ({target_column}, {column}) "
                    f"SELECT ?, id FROM {owner} WHERE id = ?",
                    (target_id, local_id),
                )
                field, value = f"{target_kind}/{target}", "true"
            else:
                continue
            if uid is not None:
                self.conn.execute(
                    "UPDATE sync_shadow SET fields = json_set(fields, ?, json(?)) WHERE uid = ?",
                    (f'$."{field}"', value, uid),
                )
        self.conn.execute(
            "DELETE FROM sync_waiting WHERE target IN (SELECT uid FROM sync_ids) "
            "OR NOT EXISTS (SELECT 1 FROM sync_ids s WHERE s.kind = sync_waiting.kind "
            "AND s.local_id = sync_waiting.local_id)"
        )
        return len(rows)

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

    def _set_links(self, kind: str, local_id: int, fields: Fields) -> None:
        """Make a row's tags (and a reference's collections) those its fields name; a link
        to one not here yet waits for it (:meth:`make_waiting_links`)."""
        for (owner_kind, target_kind), (table, column, target) in _LINKS.items():
            if owner_kind != kind:
                continue
            prefix = f"{target_kind}/"
            wanted: set[int] = set()
            for key, value in fields.items():
                if not key.startswith(prefix) or not value:
                    continue
                target_id = self.local_of(key[len(prefix) :])
                if target_id is None:
                    self._wait(key[len(prefix) :], kind, local_id)
                else:
                    wanted.add(target_id)
            have = {
                r[0]
                for r in self.conn.execute(
                    f"SELECT {target} FROM {table} WHERE {column} = ?", (local_id,)
                )
            }
            self.conn.executemany(
                f"DELETE FROM {table} WHERE {column} = ? AND {target} = ?",
                [(local_id, t) for t in have - wanted],
            )
            self.conn.executemany(
                f"INSERT INTO {table} ({target}, {column}) VALUES (?, ?)",
                [(t, local_id) for t in wanted - have],
            )
        if kind == "ref":
            self._set_distinct(local_id, fields)

    def _set_distinct(self, local_id: int, fields: Fields) -> None:
        """Make the "not duplicates" pairs this reference holds (those with references whose
        uid sorts after its own) those its fields name."""
        wanted: set[int] = set()
        for key, value in fields.items():
            if key.startswith(DISTINCT_PREFIX) and value:
                other = self.local_of(key[len(DISTINCT_PREFIX) :])
                if other is None:
                    self._wait(key[len(DISTINCT_PREFIX) :], "ref", local_id)
                elif other != local_id:
                    wanted.add(other)
        row = self.conn.execute(
            "SELECT uid FROM sync_ids WHERE kind = 'ref' AND local_id = ?", (local_id,)
        ).fetchone()
        have: set[int] = set()
        if row is not None:  # a reference new here holds no pair yet
            for (other,) in self.conn.execute(
                "SELECT CASE WHEN a = ? THEN b ELSE a END FROM not_duplicates WHERE a = ? OR b = ?",
                (local_id, local_id, local_id),
            ).fetchall():
                if str(row[0]) < str(self.uid_of("ref", other)):
                    have.add(int(other))
        self.conn.executemany(
            "DELETE FROM not_duplicates WHERE a = ? AND b = ?",
            [tuple(sorted((local_id, other))) for other in have - wanted],
        )
        self._mark_distinct([(local_id, other) for other in wanted - have])

    def _mark_distinct(self, pairs: Sequence[tuple[int, int]]) -> None:
        now = timestamp()
        self.conn.executemany(
            "INSERT OR IGNORE INTO not_duplicates (a, b, created) SELECT ?, ?, ? "
            "WHERE EXISTS (SELECT 1 FROM refs WHERE id = ?) "
            "AND EXISTS (SELECT 1 FROM refs WHERE id = ?)",
            [(*sorted((a, b)), now, a, b) for a, b in pairs if a != b],
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
        self._set_links("document", local_id, fields)
        return local_id

    def write_new_refs(self, entities: Sequence[Fields]) -> list[int]:
        """Insert references that are not here yet, in bulk (a new member's first pull);
        their ids, in order. Their ``merged_into`` is set later (:meth:`set_merged`)."""
        forms = []
        for fields in entities:
            item = {
                k: v
                for k, v in fields.items()
                if k not in REF_META and not k.startswith((*LINK_PREFIXES, EDITED_PREFIX))
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
        for (owner_kind, target_kind), (table, column, target) in _LINKS.items():
            if owner_kind != "ref":
                continue
            prefix = f"{target_kind}/"
            links: list[tuple[int, int]] = []
            for ref_id, fields in zip(ids, entities, strict=True):
                for key, value in fields.items():
                    if not key.startswith(prefix) or not value:
                        continue
                    target_id = self.local_of(key[len(prefix) :])
                    if target_id is None:
                        self._wait(key[len(prefix) :], "ref", ref_id)
                    else:
                        links.append((target_id, ref_id))
            self.conn.executemany(
                f"INSERT OR IGNORE INTO {table} ({target}, {column}) VALUES (?, ?)", links
            )
        pairs: list[tuple[int, int]] = []
        for ref_id, fields in zip(ids, entities, strict=True):
            for key, value in fields.items():
                if key.startswith(DISTINCT_PREFIX) and value:
                    other = self.local_of(key[len(DISTINCT_PREFIX) :])
                    if other is None:  # not here yet (or in this batch, bound after it)
                        self._wait(key[len(DISTINCT_PREFIX) :], "ref", ref_id)
                    else:
                        pairs.append((ref_id, other))
        self._mark_distinct(pairs)
        return ids

    def _write_ref(self, local_id: int | None, fields: Fields) -> int:
        item = {
            k: v
            for k, v in fields.items()
            if k not in REF_META and not k.startswith((*LINK_PREFIXES, EDITED_PREFIX))
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
        self._set_links("ref", local_id, fields)
        return local_id

    def set_merged(self, local_id: int, fields: Fields) -> None:
        """A reference's ``merged_into`` (written after every reference of a pull exists)."""
        target = self.local_of(fields.get("merged_into"))
        row = self.conn.execute("SELECT merged_into FROM refs WHERE id = ?", (local_id,)).fetchone()
        if row is not None and row[0] != target:
            self.conn.execute("UPDATE refs SET merged_into = ? WHERE id = ?", (target, local_id))
            self.refs.fts_sync([local_id])
