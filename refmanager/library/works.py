"""Works: the publication a reference cites, shared by every reference to it, and the
library document that is that publication (citations between documents)."""

from __future__ import annotations

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

    def link_references(self, first: int, last: int) -> None:
        """Give the references with ids ``first..last`` (just inserted, no work yet) their
        works, in set-based statements whatever their number.

        Each reference joins a work that shares its DOI, else its arXiv id, else its ISBN,
        looked up in that order; the works it joins gain the identifiers they lacked. The
        references left start works of their own: one per DOI (then arXiv id, then ISBN)
        among them, linked to the library document with that DOI or arXiv id; and one each
        for references without any identifier.
        """
        span = {"lo": first, "hi": last}
        for key in _KEYS:
            self._join_existing(key, span)
        self._fill_identifiers(span)
        for key in _KEYS:
            self._join_existing(key, span)
            self.conn.execute(
                "INSERT INTO works (doi, arxiv, isbn, document_id) "
                "SELECT r.doi, r.arxiv, r.isbn, (SELECT d.id FROM documents d "
                "WHERE (r.doi <> '' AND d.doi <> '' AND d.doi = r.doi) "
                "OR (r.arxiv <> '' AND d.arxiv <> '' AND d.arxiv = r.arxiv) LIMIT 1) "
                "FROM refs r WHERE r.id IN (SELECT min(id) FROM refs "
                f"WHERE id BETWEEN :lo AND :hi AND work_id IS NULL AND {key} <> '' "
                f"GROUP BY {key}) ORDER BY r.id",
                span,
            )
            self._join_existing(key, span)
            self._fill_identifiers(span)
        base = int(self.conn.execute("SELECT coalesce(max(id), 0) FROM works").fetchone()[0])
        numbered = (
            "SELECT id, :base + row_number() OVER (ORDER BY id) AS w FROM refs "
            "WHERE id BETWEEN :lo AND :hi AND work_id IS NULL"
        )
        self.conn.execute(
            f"INSERT INTO works (id, doi, arxiv, isbn) SELECT w, '', '', '' FROM ({numbered})",
            {**span, "base": base},
        )
        self.conn.execute(
            f"UPDATE refs SET work_id = n.w FROM ({numbered}) AS n WHERE refs.id = n.id",
            {**span, "base": base},
        )

    def _join_existing(self, key: str, span: dict[str, int]) -> None:
        """References of the span without a work join the work with their ``key``."""
        self.conn.execute(
            f"UPDATE refs SET work_id = (SELECT min(w.id) FROM works w WHERE w.{key} <> '' "
            f"AND w.{key} = refs.{key}) WHERE id BETWEEN :lo AND :hi AND work_id IS NULL "
            f"AND {key} <> ''",
            span,
        )

    def _fill_identifiers(self, span: dict[str, int]) -> None:
        """Works joined by references of the span take the identifiers they lacked (only
        the works that gain one are written)."""
        for key in _KEYS:
            self.conn.execute(
                f"UPDATE works SET {key} = (SELECT r.{key} FROM refs r "
                f"WHERE r.work_id = works.id AND r.id BETWEEN :lo AND :hi AND r.{key} <> '' "
                f"ORDER BY r.id LIMIT 1) WHERE {key} = '' AND id IN (SELECT work_id FROM refs "
                f"WHERE id BETWEEN :lo AND :hi AND work_id IS NOT NULL AND {key} <> '')",
                span,
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
