"""Tags on references and documents, with their colours."""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Sequence

from refmanager.library.connection import IN_IDS, Store, ids_json
from refmanager.library.results import DeletedTag, TagInfo
from refmanager.model import InputError

_COLOUR = re.compile(r"^#[0-9a-fA-F]{6}$")


class TagStore(Store):
    """The ``tags``, ``ref_tags`` and ``document_tags`` tables."""

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
            sql = f"SELECT ref_id FROM ref_tags WHERE tag_id = ? AND ref_id {IN_IDS}"
            have = {r[0] for r in self.conn.execute(sql, (tag_id, ids_json(ref_ids)))}
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
            sql = f"DELETE FROM ref_tags WHERE tag_id = ? AND ref_id {IN_IDS} RETURNING ref_id"
            removed = [r[0] for r in self.conn.execute(sql, (tag_id, ids_json(ref_ids)))]
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
        """Take a tag off documents; return the ids that had it."""
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
            key = (tag_id,)
            cur = self.conn.execute("SELECT id, name, colour FROM tags WHERE id = ?", key)
            cur.row_factory = sqlite3.Row
            row = dict(cur.fetchone())
            refs = self.conn.execute("SELECT ref_id FROM ref_tags WHERE tag_id = ?", key)
            ref_ids = [r[0] for r in refs.fetchall()]
            docs = self.conn.execute("SELECT document_id FROM document_tags WHERE tag_id = ?", key)
            document_ids = [r[0] for r in docs.fetchall()]
            self.conn.execute("DELETE FROM tags WHERE id = ?", key)
        return DeletedTag(row, ref_ids, document_ids)

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
