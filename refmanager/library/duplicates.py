"""Duplicates: finding them, merging them (and undoing it), pairs marked "not duplicates"."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Mapping, Sequence

from refmanager.library.blocking import find_duplicates
from refmanager.library.connection import Connection, Store, timestamp
from refmanager.library.references import ReferenceStore
from refmanager.library.results import DuplicateCandidate, MergeRecord
from refmanager.library.works import WorkStore
from refmanager.model import Reference
from refmanager.model.fields import get_field, set_field


class DuplicateStore(Store):
    """Merges of references into one work and the ``not_duplicates`` pairs."""

    def __init__(self, connection: Connection, refs: ReferenceStore, works: WorkStore) -> None:
        super().__init__(connection)
        self.refs = refs
        self.works = works

    def find_duplicates(
        self, progress: Callable[[int, int], None] | None = None, exact_only: bool = False
    ) -> list[DuplicateCandidate]:
        """Pairs of visible references that look like the same work, best first.

        Exact on DOI, arXiv id or ISBN; otherwise blocked (first author + year, and title
        prefix) and scored with rapidfuzz inside each block, so the cost grows with the
        library, not its square. Pairs marked "not a duplicate" are left out.
        ``progress(done, total)`` is called now and then.
        """
        return find_duplicates(self.conn, progress, exact_only)

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
            keep_row = self.refs.row_dicts([keep])
            if not keep_row:
                raise KeyError(keep)
            stored = {s.id: s for s in self.refs.references([keep, *others])}
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
                keep_work = self.works.new_work()
                self.conn.execute("UPDATE refs SET work_id = ? WHERE id = ?", (keep_work, keep))
            cur = self.conn.execute(
                "SELECT id, doi, arxiv, isbn, document_id FROM works WHERE id = ?", (keep_work,)
            )
            cur.row_factory = sqlite3.Row
            work_before = dict(cur.fetchone())
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
            self.refs.store_reference(keep, merged, stored[keep].edited)
            self.refs.fts_sync(moved)
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
            self.refs.write_row(record.keep_before, insert=False)
            self.refs.fts_sync(record.others_before)

    def mark_not_duplicate(self, a: int, b: int) -> None:
        """Remember that two references are different works (duplicates never proposes them)."""
        lo, hi = sorted((a, b))
        with self.transaction():
            self.conn.execute(
                "INSERT OR IGNORE INTO not_duplicates (a, b, created) VALUES (?, ?, ?)",
                (lo, hi, timestamp()),
            )

    def unmark_not_duplicate(self, a: int, b: int) -> None:
        lo, hi = sorted((a, b))
        with self.transaction():
            self.conn.execute("DELETE FROM not_duplicates WHERE a = ? AND b = ?", (lo, hi))
