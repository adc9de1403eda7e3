"""References: writing them (with their search-index rows and venues) and reading them."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from refmanager.library.codec import (
    ROW_COLUMNS,
    StoredForm,
    decode_items,
    fts_values,
    load_reference,
    reference_columns,
    stored_form,
)
from refmanager.library.connection import IN_IDS, Connection, Store, ids_json, marks, timestamp
from refmanager.library.normalize import space_cjk
from refmanager.library.results import DeletedReferences, StoredReference
from refmanager.library.works import WorkStore
from refmanager.model import Reference
from refmanager.model.fields import get_field, set_field

# Where a stored form's row holds the venue and the identifiers works are found by.
_VENUE, _DOI, _ARXIV, _ISBN = (ROW_COLUMNS.index(c) for c in ("venue", "doi", "arxiv", "isbn"))


class ReferenceStore(Store):
    """The ``refs``, ``ref_data``, ``refs_fts`` and ``venues`` tables."""

    def __init__(self, connection: Connection, works: WorkStore) -> None:
        super().__init__(connection)
        self.works = works

    def add_references(
        self, references: Sequence[Reference], document_id: int | None = None
    ) -> list[int]:
        """Add references (to a document, or to none); return their ids, in order."""
        with self.transaction():
            return self.insert_references(document_id, references, timestamp())

    def insert_references(
        self, document_id: int | None, references: Sequence[Reference], now: float
    ) -> list[int]:
        """Insert references in bulk (inside the caller's transaction); their ids, in order.

        The rows of ``refs``, ``ref_data`` and the search index go in with one
        ``executemany`` each; their ids follow the largest id in use (the write lock is
        held, so no one else takes them); their works are found first, in a few set-based
        statements (:meth:`WorkStore.link_batch`), so each row is written once.
        """
        return self.insert_forms(document_id, [stored_form(ref) for ref in references], now)

    def insert_forms(
        self,
        document_id: int | None,
        forms: Sequence[StoredForm],
        now: float,
        position: int | None = None,
    ) -> list[int]:
        """:meth:`insert_references` for references already in their stored form; their
        positions start at ``position`` (default: after the document's last, or 0)."""
        if not forms:
            return []
        start = 0 if position is None else position
        if document_id is not None and position is None:
            row = self.conn.execute(
                "SELECT coalesce(max(position) + 1, 0) FROM refs WHERE document_id = ?",
                (document_id,),
            ).fetchone()
            start = int(row[0])
        first = int(self.conn.execute("SELECT coalesce(max(id), 0) + 1 FROM refs").fetchone()[0])
        venues = self._venue_ids({form.row[_VENUE] for form in forms if form.row[_VENUE]})
        works = self.works.link_batch(
            [
                (first + offset, form.row[_DOI], form.row[_ARXIV], form.row[_ISBN])
                for offset, form in enumerate(forms)
            ]
        )
        rows = [
            (
                first + offset,
                document_id,
                start + offset,
                *form.row,
                work_id,
                now,
                now,
                venues.get(form.row[_VENUE]),
            )
            for offset, (form, work_id) in enumerate(zip(forms, works, strict=True))
        ]
        data = [(first + offset, form.raw, form.csl) for offset, form in enumerate(forms)]
        self.conn.executemany(
            f"INSERT INTO refs (id, document_id, position, {', '.join(ROW_COLUMNS)}, "
            f"work_id, added, modified, venue_id) VALUES ({marks(len(ROW_COLUMNS) + 7)})",
            rows,
        )
        self.conn.executemany("INSERT INTO ref_data (id, raw, csl) VALUES (?,?,?)", data)
        self.conn.executemany(
            "INSERT INTO refs_fts (rowid, title, author, venue, other) VALUES (?,?,?,?,?)",
            [(first + offset, *form.fts) for offset, form in enumerate(forms)],
        )
        return list(range(first, first + len(rows)))

    def _venue_ids(self, names: set[str]) -> dict[str, int]:
        """The ids of these venue strings; the new ones are added (with their FTS rows)."""
        if not names:
            return {}
        select = "SELECT name, id FROM venues WHERE name IN (SELECT value FROM json_each(?))"
        wanted = json.dumps(sorted(names), ensure_ascii=False)
        found = dict(self.conn.execute(select, (wanted,)).fetchall())
        missing = sorted(names - found.keys())
        if missing:
            self.conn.executemany("INSERT INTO venues (name) VALUES (?)", [(n,) for n in missing])
            added = dict(
                self.conn.execute(select, (json.dumps(missing, ensure_ascii=False),)).fetchall()
            )
            self.conn.executemany(
                "INSERT INTO venues_fts (rowid, name) VALUES (?, ?)",
                [(venue_id, space_cjk(name)) for name, venue_id in added.items()],
            )
            found.update(added)
        return {str(k): int(v) for k, v in found.items()}

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

    def row_dicts(self, ids: Sequence[int]) -> list[dict[str, Any]]:
        """Every column of these references' ``refs`` rows, with their ``raw`` and ``csl``
        (what :meth:`write_row` writes back: a deleted row is kept whole for undo)."""
        rows = self.conn.execute(
            "SELECT r.*, d.raw, d.csl FROM refs r JOIN ref_data d ON d.id = r.id "
            f"WHERE r.id {IN_IDS}",
            (ids_json(ids),),
        )
        rows.row_factory = sqlite3.Row
        return [dict(row) for row in rows]

    def write_row(self, row: Mapping[str, Any], insert: bool) -> None:
        """Write a full refs + ref_data row (and its FTS entry, rebuilt from the CSL JSON)."""
        cols = [name for name in row if name not in ("raw", "csl")]
        if insert:
            self.conn.execute(
                f"INSERT INTO refs ({','.join(cols)}) VALUES ({marks(len(cols))})",
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

    def fts_sync(self, ref_ids: Iterable[int]) -> None:
        """Make the FTS rows of these references match their visibility (after merges)."""
        ids = (ids_json(dict.fromkeys(ref_ids)),)
        self.conn.execute(f"DELETE FROM refs_fts WHERE rowid {IN_IDS}", ids)
        rows = self.conn.execute(
            f"SELECT r.id, d.raw, d.csl FROM refs r JOIN ref_data d ON d.id = r.id "
            f"WHERE r.id {IN_IDS} AND r.merged_into IS NULL",
            ids,
        ).fetchall()
        self.conn.executemany(
            "INSERT INTO refs_fts (rowid, title, author, venue, other) VALUES (?,?,?,?,?)",
            [(ref_id, *fts_values(load_reference(raw, csl))) for ref_id, raw, csl in rows],
        )

    def store_reference(self, ref_id: int, ref: Reference, edited: Iterable[str]) -> None:
        row = self.row_dicts([ref_id])
        if not row:
            raise KeyError(ref_id)
        new = dict(row[0])
        new.update(reference_columns(ref))
        new["venue_id"] = self._venue_id(new["venue"])
        new["edited"] = " ".join(sorted(set(edited)))
        new["modified"] = timestamp()
        self.write_row(new, insert=False)

    def get_field(self, ref_id: int, name: str) -> str:
        """A field of a stored reference as a string (see :func:`get_field`)."""
        return get_field(self.reference(ref_id).reference, name)

    def set_field(
        self, ref_id: int, name: str, value: str, *, edited: bool = True
    ) -> StoredReference:
        """Set one field (CSL name: ``title``, ``container-title``, ``DOI``, ``author`` as
        ``Family, Given; ...``, ``issued`` as ``2020`` or ``2020-05-01``, ``type``...).

        With ``edited`` the field is recorded as edited by the user (re-parsing keeps it);
        without, the mark is cleared. Returns the reference as it was, which
        :meth:`restore_reference` puts back (values and marks).

        Raises:
            KeyError: no reference with this id.
        """
        with self.transaction():
            previous = self.reference(ref_id)
            ref = Reference.from_csl(previous.reference.to_csl())  # a copy to change
            set_field(ref, name, value)
            marks = set(previous.edited)
            if edited:
                marks.add(name)
            else:
                marks.discard(name)
            self.store_reference(ref_id, ref, marks)
        return previous

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
            self.store_reference(ref_id, ref, marks)
        return previous

    def restore_reference(self, previous: StoredReference) -> None:
        """Put a reference back as :meth:`replace_reference` returned it (fields and marks)."""
        with self.transaction():
            self.store_reference(previous.id, previous.reference, previous.edited)

    def delete_references(self, ref_ids: Sequence[int]) -> DeletedReferences:
        """Delete references; :meth:`restore_references` gives them back from the snapshot."""
        ids = list(dict.fromkeys(ref_ids))
        with self.transaction():
            rows = self.row_dicts(ids)
            param = (ids_json(ids),)

            def select(sql: str) -> list[Any]:
                return self.conn.execute(sql, param).fetchall()

            snapshot = DeletedReferences(
                rows,
                select(f"SELECT tag_id, ref_id FROM ref_tags WHERE ref_id {IN_IDS}"),
                select(
                    "SELECT a, b, created FROM not_duplicates WHERE a IN (SELECT value FROM "
                    "json_each(?1)) OR b IN (SELECT value FROM json_each(?1))"
                ),
                select(f"SELECT id, merged_into FROM refs WHERE merged_into {IN_IDS}"),
                select(
                    "SELECT ref_id, position, target, resolved, kind, title "
                    f"FROM ref_attachments WHERE ref_id {IN_IDS}"
                ),
                select(
                    f"SELECT ref_id, text, folded, updated FROM ref_notes WHERE ref_id {IN_IDS}"
                ),
                select(f"SELECT collection_id, ref_id FROM collection_refs WHERE ref_id {IN_IDS}"),
            )
            self.conn.execute(f"DELETE FROM refs_fts WHERE rowid {IN_IDS}", param)
            self.conn.execute(f"DELETE FROM refs WHERE id {IN_IDS}", param)
            # rows merged into a deleted one are visible again (merged_into SET NULL)
            self.fts_sync(child for child, _ in snapshot.merged_children)
        return snapshot

    def restore_references(self, snapshot: DeletedReferences) -> None:
        """Undo :meth:`delete_references`: same ids, fields, tags, collections, marks and
        merges."""
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
                self.write_row(row, insert=True)
            self.conn.executemany(
                "INSERT OR IGNORE INTO ref_tags (tag_id, ref_id) VALUES (?, ?)", snapshot.tag_links
            )
            self.conn.executemany(
                "INSERT OR IGNORE INTO not_duplicates (a, b, created) VALUES (?, ?, ?)",
                snapshot.not_duplicate_pairs,
            )
            self.conn.executemany(
                "INSERT OR IGNORE INTO ref_attachments "
                "(ref_id, position, target, resolved, kind, title) VALUES (?, ?, ?, ?, ?, ?)",
                snapshot.attachments,
            )
            self.conn.executemany(
                "INSERT OR REPLACE INTO ref_notes (ref_id, text, folded, updated) "
                "VALUES (?, ?, ?, ?)",
                snapshot.notes,
            )
            self.conn.executemany(
                "INSERT OR IGNORE INTO collection_refs (collection_id, ref_id) "
                "SELECT id, ? FROM collections WHERE id = ?",  # the collection may be gone
                [(ref_id, collection) for collection, ref_id in snapshot.collections],
            )
            self.conn.executemany(
                "UPDATE refs SET merged_into = ? WHERE id = ?",
                [(target, ref_id) for ref_id, target in snapshot.merged_children],
            )
            self.fts_sync(ref_id for ref_id, _ in snapshot.merged_children)

    def reference(self, ref_id: int) -> StoredReference:
        """One whole reference. Raises ``KeyError`` when there is no such reference."""
        found = self.references([ref_id])
        if not found:
            raise KeyError(ref_id)
        return found[0]

    def references(self, ref_ids: Sequence[int]) -> list[StoredReference]:
        """Whole references, in the order of ``ref_ids`` (missing ids are skipped)."""
        by_id: dict[int, StoredReference] = {}
        rows = self._read(
            "SELECT r.id, r.document_id, r.position, d.csl, r.edited, r.work_id, "
            "r.merged_into, (SELECT group_concat(t.name, char(31)) FROM ref_tags rt "
            "JOIN tags t ON t.id = rt.tag_id WHERE rt.ref_id = r.id), d.raw "
            f"FROM refs r JOIN ref_data d ON d.id = r.id WHERE r.id {IN_IDS}",
            (ids_json(ref_ids),),
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

    def export_rows(self, ref_ids: Sequence[int]) -> list[tuple[int, Reference, list[str]]]:
        """The ids, references and tags (sorted) of ``ref_ids``, in that order, for bulk reads.

        What :meth:`references` gives minus the library bookkeeping, read faster: only the
        stored item and its raw text, tags in one query rather than one per row, the JSON
        decoded in one call. Missing ids are skipped.
        """
        found: dict[int, Reference] = {}
        tags: dict[int, list[str]] = {}
        params = (ids_json(ref_ids),)
        rows = self._read(f"SELECT id, raw, csl FROM ref_data WHERE id {IN_IDS}", params)
        items = decode_items([r[2] for r in rows])
        for (ref_id, raw, _), item in zip(rows, items, strict=True):
            if raw:
                item["_raw"] = raw
            found[ref_id] = Reference.from_csl(item)
        for ref_id, name in self._read(
            "SELECT rt.ref_id, t.name FROM ref_tags rt JOIN tags t ON t.id = rt.tag_id "
            f"WHERE rt.ref_id {IN_IDS}",
            params,
        ):
            tags.setdefault(ref_id, []).append(name)
        return [(i, found[i], sorted(tags.get(i, ()))) for i in ref_ids if i in found]
