"""Works: the publication a reference cites, shared by every reference to it, and the
library document that is that publication (citations between documents)."""

from __future__ import annotations

from refmanager.library.connection import Store
from refmanager.library.normalize import norm_title


class WorkStore(Store):
    """Works and the citation links between documents."""

    def work_for(self, doi: str, arxiv: str, isbn: str) -> int:
        """The work with one of these identifiers, or a new work (linked to a document)."""
        for column, value in (("doi", doi), ("arxiv", arxiv), ("isbn", isbn)):
            if value:
                row = self.conn.execute(
                    f"SELECT id FROM works WHERE {column} = ? LIMIT 1", (value,)
                ).fetchone()
                if row:
                    self.conn.execute(
                        "UPDATE works SET doi = CASE WHEN doi = '' THEN ? ELSE doi END, "
                        "arxiv = CASE WHEN arxiv = '' THEN ? ELSE arxiv END, "
                        "isbn = CASE WHEN isbn = '' THEN ? ELSE isbn END WHERE id = ?",
                        (doi, arxiv, isbn, row[0]),
                    )
                    return int(row[0])
        document_id = None
        if doi or arxiv:
            row = self.conn.execute(
                "SELECT id FROM documents WHERE (doi <> '' AND doi = ?) "
                "OR (arxiv <> '' AND arxiv = ?) LIMIT 1",
                (doi, arxiv),
            ).fetchone()
            document_id = row[0] if row else None
        cur = self.conn.execute(
            "INSERT INTO works (doi, arxiv, isbn, document_id) VALUES (?,?,?,?)",
            (doi, arxiv, isbn, document_id),
        )
        return int(cur.lastrowid or 0)

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

    def cited_by(self, work_id: int) -> list[int]:
        """The ids of the documents whose bibliographies cite this work."""
        rows = self._read(
            "SELECT DISTINCT document_id FROM refs WHERE work_id = ? AND document_id IS NOT NULL "
            "ORDER BY document_id",
            (work_id,),
        )
        return [r[0] for r in rows]

    def work_document(self, work_id: int) -> int | None:
        """The library document that is this work (the cited paper itself), or None."""
        rows = self._read("SELECT document_id FROM works WHERE id = ?", (work_id,))
        return rows[0][0] if rows else None

    def linked_references(self, document_id: int) -> list[tuple[int, int]]:
        """``(ref_id, document_id)``: references of a document that cite a library document."""
        rows = self._read(
            "SELECT r.id, w.document_id FROM refs r JOIN works w ON w.id = r.work_id "
            "WHERE r.document_id = ? AND w.document_id IS NOT NULL ORDER BY r.position",
            (document_id,),
        )
        return [(r[0], r[1]) for r in rows]

    def citing_documents(self, document_id: int) -> list[int]:
        """The documents of the library whose bibliographies cite this document."""
        rows = self._read(
            "SELECT DISTINCT r.document_id FROM works w JOIN refs r ON r.work_id = w.id "
            "WHERE w.document_id = ? AND r.document_id IS NOT NULL ORDER BY r.document_id",
            (document_id,),
        )
        return [r[0] for r in rows]

    def most_cited(self, limit: int = 20) -> list[tuple[int, int]]:
        """``(work_id, number of citing documents)``, most cited first."""
        rows = self._read(
            "SELECT work_id, count(DISTINCT document_id) AS n FROM refs "
            "WHERE work_id IS NOT NULL AND document_id IS NOT NULL "
            "GROUP BY work_id ORDER BY n DESC, work_id LIMIT ?",
            (limit,),
        )
        return [(r[0], r[1]) for r in rows]
