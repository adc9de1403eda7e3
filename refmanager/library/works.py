"""Works: the publication a reference cites, shared by every reference to it, and the
library document that is that publication (citations between documents)."""

from __future__ import annotations

from collections.abc import Sequence

from refmanager.library.connection import Store
from refmanager.library.normalize import norm_title

# The identifiers a work is known by, in the order references are matched on them.
_KEYS = ("doi", "arxiv", "isbn")


class WorkStore(Store):
    """Works and the citation links between documents."""

    def new_work(self) -> int:
        """A new work without identifiers (for a reference that had none)."""
        cur = self.conn.execute("INSERT INTO works (doi, arxiv, isbn) VALUES ('', '', '')")
        return int(cur.lastrowid or 0)

    def link_batch(self, keys: Sequence[tuple[int, str, str, str]]) -> list[int]:
        """The works of references about to be inserted, in set-based statements whatever
        their number: ``keys`` are their ``(id, doi, arxiv, isbn)`` in id order; their work
        ids come back in that order, so each row is written once, with its work.

        Each reference joins a work that shares its DOI, else its arXiv id, else its ISBN,
        looked up in that order; the works it joins gain the identifiers they lacked. The
        references left start works of their own: one per DOI (then arXiv id, then ISBN)
        among them, linked to the library document with that DOI or arXiv id; and one each
        for references without any identifier. The keys are held in a temporary table of
        the connection (``temp.link_batch``, in memory): the statements read and update it,
        never ``refs``.
        """
        self.conn.execute(
            "CREATE TEMP TABLE IF NOT EXISTS link_batch (id INTEGER PRIMARY KEY, "
            "doi TEXT NOT NULL, arxiv TEXT NOT NULL, isbn TEXT NOT NULL, work_id INTEGER)"
        )
        self.conn.execute("CREATE INDEX IF NOT EXISTS temp.link_batch_work ON link_batch(work_id)")
        self.conn.execute("DELETE FROM link_batch")
        self.conn.executemany(
            "INSERT INTO link_batch (id, doi, arxiv, isbn) VALUES (?, ?, ?, ?)", keys
        )
        for key in _KEYS:
            self._join_existing(key)
        self._fill_identifiers()
        for key in _KEYS:
            self._join_existing(key)
            self.conn.execute(
                "INSERT INTO works (doi, arxiv, isbn, document_id) "
                "SELECT r.doi, r.arxiv, r.isbn, (SELECT d.id FROM documents d "
                "WHERE (r.doi <> '' AND d.doi <> '' AND d.doi = r.doi) "
                "OR (r.arxiv <> '' AND d.arxiv <> '' AND d.arxiv = r.arxiv) LIMIT 1) "
                "FROM link_batch r WHERE r.id IN (SELECT min(id) FROM link_batch "
                f"WHERE work_id IS NULL AND {key} <> '' GROUP BY {key}) ORDER BY r.id"
            )
            self._join_existing(key)
            self._fill_identifiers()
        base = int(self.conn.execute("SELECT coalesce(max(id), 0) FROM works").fetchone()[0])
        numbered = (
            "SELECT id, :base + row_number() OVER (ORDER BY id) AS w FROM link_batch "
            "WHERE work_id IS NULL"
        )
        self.conn.execute(
            f"INSERT INTO works (id, doi, arxiv, isbn) SELECT w, '', '', '' FROM ({numbered})",
            {"base": base},
        )
        self.conn.execute(
            f"UPDATE link_batch SET work_id = n.w FROM ({numbered}) AS n "
            "WHERE link_batch.id = n.id",
            {"base": base},
        )
        rows = self.conn.execute("SELECT work_id FROM link_batch ORDER BY id").fetchall()
        return [row[0] for row in rows]

    def _join_existing(self, key: str) -> None:
        """References of the batch without a work join the work with their ``key``."""
        self.conn.execute(
            f"UPDATE link_batch SET work_id = (SELECT min(w.id) FROM works w WHERE w.{key} <> '' "
            f"AND w.{key} = link_batch.{key}) WHERE work_id IS NULL AND {key} <> ''"
        )

    def _fill_identifiers(self) -> None:
        """Works joined by references of the batch take the identifiers they lacked (only
        the works that gain one are written)."""
        for key in _KEYS:
            self.conn.execute(
                f"UPDATE works SET {key} = (SELECT r.{key} FROM link_batch r "
                f"WHERE r.work_id = works.id AND r.{key} <> '' ORDER BY r.id LIMIT 1) "
                f"WHERE {key} = '' AND id IN (SELECT work_id FROM link_batch "
                f"WHERE work_id IS NOT NULL AND {key} <> '')"
            )

    def link_document(self, document_id: int) -> None:
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
