"""Attachments: a reference's links to files and web pages (``ref_attachments``), as the
bibliography file it came from gave them. Only strings are stored and given back: this
store never looks at what a link names (decision 0022)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from refmanager.library.connection import Store, chunks, marks
from refmanager.model import Attachment

AttachmentRow = tuple[int, int, str, str, str, str]
"""``(ref_id, position, target, resolved, kind, title)``: one stored link (undo keeps them)."""


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
        rows = self.attachment_rows(ref_ids)
        if merged:
            for chunk in chunks(list(dict.fromkeys(ref_ids))):
                rows += [
                    (int(r[0]), 0, str(r[1]), str(r[2]), str(r[3]), str(r[4]))
                    for r in self._read(
                        "SELECT r.merged_into, a.target, a.resolved, a.kind, a.title "
                        "FROM refs r JOIN ref_attachments a ON a.ref_id = r.id "
                        f"WHERE r.merged_into IN ({marks(len(chunk))}) "
                        "ORDER BY r.merged_into, r.id, a.position",
                        tuple(chunk),
                    )
                ]
        for ref_id, _, target, resolved, kind, title in rows:
            links = out.setdefault(ref_id, [])
            link = Attachment(target, resolved, kind, title)
            if all(link.location != have.location for have in links):
                links.append(link)
        return out

    def attachment_rows(self, ref_ids: Sequence[int]) -> list[AttachmentRow]:
        """The stored rows of these references' links, by reference and position."""
        rows: list[AttachmentRow] = []
        for chunk in chunks(list(dict.fromkeys(ref_ids))):
            rows += self._read(
                "SELECT ref_id, position, target, resolved, kind, title FROM ref_attachments "
                f"WHERE ref_id IN ({marks(len(chunk))}) ORDER BY ref_id, position",
                tuple(chunk),
            )
        return [(int(r[0]), int(r[1]), str(r[2]), str(r[3]), str(r[4]), str(r[5])) for r in rows]
