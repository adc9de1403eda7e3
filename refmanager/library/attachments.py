"""Attachments: a reference's links to files and web pages (``ref_attachments``), as the
bibliography file it came from gave them. Only strings are stored and given back: this
store never looks at what a link names (decision 0022)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from refmanager.library.connection import IN_IDS, Store, ids_json
from refmanager.model import Attachment


class AttachmentStore(Store):
    """The ``ref_attachments`` table."""

    def add_new_attachments(self, links: Iterable[tuple[int, Sequence[Attachment]]]) -> None:
        """Links of references just inserted (they have none yet), kept in their order:
        one ``executemany``, no lookups (an import's batches)."""
        with self.transaction():
            self.conn.executemany(
                "INSERT OR REPLACE INTO ref_attachments "
                "(ref_id, position, target, resolved, kind, title) VALUES (?, ?, ?, ?, ?, ?)",
                [
                    (ref_id, i, a.target, a.resolved, a.kind, a.title)
                    for ref_id, attachments in links
                    for i, a in enumerate(attachments)
                ],
            )

    def attachments_of(
        self, ref_ids: Sequence[int], merged: bool = False
    ) -> dict[int, list[Attachment]]:
        """The links of these references (those that have some), each list in order; with
        ``merged``, followed by those of the duplicates merged into them (hidden rows keep
        their own links), a link given twice listed once."""
        out: dict[int, list[Attachment]] = {}
        rows = self._read(
            "SELECT ref_id, position, target, resolved, kind, title FROM ref_attachments "
            f"WHERE ref_id {IN_IDS} ORDER BY ref_id, position",
            (ids_json(ref_ids),),
        )
        if merged:
            rows += self._read(
                "SELECT r.merged_into, 0, a.target, a.resolved, a.kind, a.title "
                "FROM refs r JOIN ref_attachments a ON a.ref_id = r.id "
                f"WHERE r.merged_into {IN_IDS} ORDER BY r.merged_into, r.id, a.position",
                (ids_json(ref_ids),),
            )
        for ref_id, _, target, resolved, kind, title in rows:
            links = out.setdefault(ref_id, [])
            link = Attachment(target, resolved, kind, title)
            if all(link.location != have.location for have in links):
                links.append(link)
        return out

    def add_attachment(self, ref_id: int, link: Attachment) -> int:
        """Add one link after a reference's others (the user attached a file); its
        position."""
        with self.transaction():
            row = self._read(
                "SELECT coalesce(max(position) + 1, 0) FROM ref_attachments WHERE ref_id = ?",
                (ref_id,),
            )
            position = int(row[0][0])
            self.conn.execute(
                "INSERT INTO ref_attachments (ref_id, position, target, resolved, kind, title) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                (ref_id, position, link.target, link.resolved, link.kind, link.title),
            )
        return position

    def remove_attachment(self, ref_id: int, position: int) -> None:
        """Remove the link at ``position`` (the undo of :meth:`add_attachment`)."""
        with self.transaction():
            self.conn.execute(
                "DELETE FROM ref_attachments WHERE ref_id = ? AND position = ?",
                (ref_id, position),
            )
