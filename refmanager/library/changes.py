"""What another connection changed: a cheap summary of the library's state, and the
references written since a time. Two summaries that differ say what to read again."""

from __future__ import annotations

from dataclasses import dataclass

from refmanager.library.connection import Store


@dataclass(slots=True, frozen=True)
class LibraryState:
    """A summary of the library that moves when anything a window shows changes.

    Attributes:
        version: SQLite's ``data_version`` of the connection that read it (moves when
            another connection commits).
        references, last_reference: how many references are shown, and the highest id.
        modified: the newest ``modified`` time of a reference.
        documents, last_document: how many documents, and the highest id.
        tags: the number of tagged references and documents, and every tag's id, name
            and colour.
        notes: the newest note's time and the number of notes.
        searches: the number of saved searches.
        collections: the number of memberships, and every collection's id, parent,
            position and name.
    """

    version: int
    references: int
    last_reference: int
    modified: float
    documents: int
    last_document: int
    tags: tuple[int, int, str]
    notes: tuple[float, int]
    searches: int
    collections: tuple[int, str] = (0, "")


class ChangeStore(Store):
    """Reads :class:`LibraryState` and the references changed since a time."""

    def state(self) -> LibraryState:
        """The library's state now (one read; a million references take some tens of
        milliseconds: read it off a window's GUI thread)."""
        version = int(self._read("PRAGMA data_version")[0][0])
        row = self._read(
            "SELECT (SELECT count(*) FROM refs WHERE merged_into IS NULL), "
            "(SELECT coalesce(max(id), 0) FROM refs), "
            "(SELECT coalesce(max(modified), 0) FROM refs), "
            "(SELECT count(*) FROM documents), (SELECT coalesce(max(id), 0) FROM documents), "
            "(SELECT count(*) FROM ref_tags), (SELECT count(*) FROM document_tags), "
            "(SELECT coalesce(group_concat(id || ':' || colour || ':' || name, char(31)), '') "
            "FROM tags), "
            "(SELECT coalesce(max(updated), 0) FROM ref_notes), "
            "(SELECT count(*) FROM ref_notes), (SELECT count(*) FROM saved_searches), "
            "(SELECT count(*) FROM collection_refs), "
            "(SELECT coalesce(group_concat(id || ':' || coalesce(parent_id, '') || ':' || "
            "position || ':' || name, char(31)), '') FROM collections)"
        )[0]
        return LibraryState(
            version=version,
            references=int(row[0]),
            last_reference=int(row[1]),
            modified=float(row[2]),
            documents=int(row[3]),
            last_document=int(row[4]),
            tags=(int(row[5]), int(row[6]), str(row[7])),
            notes=(float(row[8]), int(row[9])),
            searches=int(row[10]),
            collections=(int(row[11]), str(row[12])),
        )

    def version(self) -> int:
        """SQLite's ``data_version`` on this connection: it moves when another connection
        commits (cheap: poll it, then read :meth:`state` when it moved)."""
        return int(self._read("PRAGMA data_version")[0][0])

    def modified_since(self, since: float, limit: int) -> list[int]:
        """The ids of references changed after ``since`` (at most ``limit``, newest last)."""
        rows = self._read(
            "SELECT id FROM refs WHERE modified > ? ORDER BY modified LIMIT ?", (since, limit)
        )
        return [int(r[0]) for r in rows]

    def notes_since(self, since: float, limit: int) -> list[int]:
        """The ids of references whose note was written after ``since`` (at most ``limit``)."""
        rows = self._read(
            "SELECT ref_id FROM ref_notes WHERE updated > ? ORDER BY updated LIMIT ?",
            (since, limit),
        )
        return [int(r[0]) for r in rows]
