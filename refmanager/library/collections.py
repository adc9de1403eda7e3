"""Collections (Zotero's collections, JabRef's groups): a tree of named folders, and the
references in each; a reference may be in any number of them."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from refmanager.library.connection import IN_IDS, Store, ids_json
from refmanager.model import InputError


@dataclass(slots=True, frozen=True)
class CollectionInfo:
    """One collection: its parent (None at the top), its place among its siblings, and
    how many references are in it (not counting its sub-collections')."""

    id: int
    name: str
    parent_id: int | None
    position: int
    count: int


@dataclass(slots=True)
class DeletedCollection:
    """A removed collection, its sub-collections and their memberships (the undo state)."""

    rows: list[tuple[int, str, int | None, int]] = field(default_factory=list)
    members: list[tuple[int, int]] = field(default_factory=list)  # (collection, reference)


class CollectionStore(Store):
    """The ``collections`` and ``collection_refs`` tables."""

    def collections(self) -> list[CollectionInfo]:
        """Every collection, parents before their children, siblings in order."""
        rows = self._read(
            "SELECT c.id, c.name, c.parent_id, c.position, "
            "(SELECT count(*) FROM collection_refs cr JOIN refs r ON r.id = cr.ref_id "
            " WHERE cr.collection_id = c.id AND r.merged_into IS NULL) "
            "FROM collections c ORDER BY c.position, c.name COLLATE NOCASE"
        )
        by_parent: dict[int | None, list[CollectionInfo]] = {}
        for row in rows:
            info = CollectionInfo(int(row[0]), str(row[1]), row[2], int(row[3]), int(row[4]))
            by_parent.setdefault(info.parent_id, []).append(info)
        out: list[CollectionInfo] = []

        def walk(parent: int | None) -> None:
            for info in by_parent.get(parent, []):
                out.append(info)
                walk(info.id)

        walk(None)
        return out

    def create(self, name: str, parent_id: int | None = None) -> int:
        """A new collection (under ``parent_id``); its id.

        Raises:
            InputError: no name, the parent is gone, or a sibling has that name already.
        """
        name = name.strip()
        if not name:
            raise InputError("collection", "a collection needs a name")
        with self.transaction():
            if parent_id is not None and not self._exists(parent_id):
                raise InputError(name, "the collection it was to go into is gone")
            if self._child(parent_id, name) is not None:
                raise InputError(name, "a collection of that name is there already")
            position = self._read(
                "SELECT coalesce(max(position) + 1, 0) FROM collections WHERE parent_id IS ?",
                (parent_id,),
            )[0][0]
            cur = self.conn.execute(
                "INSERT INTO collections (name, parent_id, position) VALUES (?, ?, ?)",
                (name, parent_id, int(position)),
            )
        return int(cur.lastrowid or 0)

    def set_name(self, collection_id: int, name: str) -> str:
        """Rename a collection; its old name.

        Raises:
            InputError: no name, or a sibling has that name already.
        """
        name = name.strip()
        if not name:
            raise InputError("collection", "a collection needs a name")
        with self.transaction():
            row = self._read(
                "SELECT name, parent_id FROM collections WHERE id = ?", (collection_id,)
            )
            if not row:
                raise InputError(name, "the collection is gone")
            old, parent = str(row[0][0]), row[0][1]
            other = self._child(parent, name)
            if other is not None and other != collection_id:
                raise InputError(name, "a collection of that name is there already")
            self.conn.execute("UPDATE collections SET name = ? WHERE id = ?", (name, collection_id))
        return old

    def path_id(self, path: Sequence[str]) -> int:
        """The collection at ``path`` (names from the top), made where missing."""
        parent: int | None = None
        with self.transaction():
            for name in path:
                found = self._child(parent, name.strip())
                parent = found if found is not None else self.create(name, parent)
        if parent is None:
            raise InputError("collection", "a collection needs a name")
        return parent

    def add(self, collection_id: int, ref_ids: Sequence[int]) -> list[int]:
        """Put references in a collection; the ids that were not in it (for undo)."""
        with self.transaction():
            if not self._exists(collection_id):
                raise InputError("collection", "the collection is gone")
            have = {
                int(r[0])
                for r in self._read(
                    "SELECT ref_id FROM collection_refs WHERE collection_id = ? "
                    f"AND ref_id {IN_IDS}",
                    (collection_id, ids_json(ref_ids)),
                )
            }
            added = [i for i in dict.fromkeys(ref_ids) if i not in have]
            self.conn.executemany(
                "INSERT INTO collection_refs (collection_id, ref_id) VALUES (?, ?)",
                [(collection_id, i) for i in added],
            )
        return added

    def remove(self, collection_id: int, ref_ids: Sequence[int]) -> list[int]:
        """Take references out of a collection (never out of the library); those that
        were in it."""
        with self.transaction():
            rows = self.conn.execute(
                "DELETE FROM collection_refs WHERE collection_id = ? "
                f"AND ref_id {IN_IDS} RETURNING ref_id",
                (collection_id, ids_json(ref_ids)),
            ).fetchall()
        return [int(r[0]) for r in rows]

    def delete(self, collection_id: int) -> DeletedCollection:
        """Remove a collection and its sub-collections (their references stay in the
        library); what :meth:`restore` puts back."""
        with self.transaction():
            tree = self._read(
                "WITH RECURSIVE sub(id) AS (SELECT ? UNION ALL "
                "SELECT c.id FROM collections c JOIN sub ON c.parent_id = sub.id) "
                "SELECT c.id, c.name, c.parent_id, c.position FROM collections c "
                "JOIN sub ON sub.id = c.id",
                (collection_id,),
            )
            ids = [int(r[0]) for r in tree]
            members = self._read(
                f"SELECT collection_id, ref_id FROM collection_refs WHERE collection_id {IN_IDS}",
                (ids_json(ids),),
            )
            self.conn.execute("DELETE FROM collections WHERE id = ?", (collection_id,))
        return DeletedCollection(
            rows=[(int(r[0]), str(r[1]), r[2], int(r[3])) for r in tree],
            members=[(int(c), int(r)) for c, r in members],
        )

    def restore(self, snapshot: DeletedCollection) -> None:
        """Put back what :meth:`delete` removed (same ids, parents first)."""
        with self.transaction():
            self.conn.executemany(
                "INSERT INTO collections (id, name, parent_id, position) VALUES (?, ?, ?, ?)",
                snapshot.rows,
            )
            self.conn.executemany(
                "INSERT OR IGNORE INTO collection_refs (collection_id, ref_id) "
                "SELECT ?, id FROM refs WHERE id = ?",
                snapshot.members,
            )

    def collections_of(self, ref_id: int) -> list[int]:
        """The collections a reference is in."""
        rows = self._read("SELECT collection_id FROM collection_refs WHERE ref_id = ?", (ref_id,))
        return [int(r[0]) for r in rows]

    def _exists(self, collection_id: int) -> bool:
        return bool(self._read("SELECT 1 FROM collections WHERE id = ?", (collection_id,)))

    def _child(self, parent_id: int | None, name: str) -> int | None:
        row = self._read(
            "SELECT id FROM collections WHERE parent_id IS ? AND name = ? COLLATE NOCASE",
            (parent_id, name),
        )
        return int(row[0][0]) if row else None
