"""Search: pages of table rows for a query (see :mod:`refmanager.library.query`), counts,
ids, a table's extra columns, and suggestions when nothing matched."""

from __future__ import annotations

import json
import re
import sqlite3
from collections.abc import Sequence
from typing import Any

from rapidfuzz import fuzz, process

from refmanager.library.connection import IN_IDS, Store, ids_json
from refmanager.library.normalize import space_cjk
from refmanager.library.query import compile_query
from refmanager.library.results import ReferenceRow, RowExtras, Suggestion
from refmanager.model import InputError
from refmanager.model.options import SORT_COLUMNS
from refmanager.model.text import fold

NOTHING_EDITED: frozenset[str] = frozenset()  # the ``edited`` of every row not edited

# Sort keys (ties broken by id) and the index that yields rows in that order: one for each
# of ``model.options.SORT_COLUMNS``, the columns ``search`` can sort on (``order_by``).
_ORDER = {
    "title": "r.title COLLATE NOCASE",
    "author": "r.author_sort, r.year",
    "year": "r.year",
    "venue": "r.venue COLLATE NOCASE",
    "type": "r.type",
    "doi": "r.doi",
    "confidence": "r.confidence",
    "added": "r.added",
    "document": "r.document_id, r.position",
    "position": "r.document_id, r.position",
    "id": "r.id",
}
# CSL fields kept only in the item's JSON (no column) that ``search_ids_by_field`` sorts on.
CSL_SORT_FIELDS: tuple[str, ...] = ("volume", "issue", "page", "URL")
_SORT_INDEX = {
    "title": "refs_title",
    "author": "refs_author",
    "year": "refs_year",
    "venue": "refs_venue",
    "type": "refs_type",
    "confidence": "refs_confidence",
    "added": "refs_added",
    "document": "refs_document",
    "position": "refs_document",
}
# A query matching more rows than this is read in sort order (see SearchStore.search).
_PROBE = 2000
_ROW_COLUMNS = (
    "SELECT r.id, r.document_id, r.position, r.type, r.title, r.author, r.year, r.venue, r.doi, "
    "r.confidence, r.edited, r.work_id, "
    "(SELECT coalesce(nullif(d.title, ''), d.file_name) FROM documents d "
    "WHERE d.id = r.document_id)"
)
_ROW_SELECT = f"{_ROW_COLUMNS} FROM refs r"


class SearchStore(Store):
    """Reads of the references for tables and searches (writes none)."""

    def _order(self, order_by: str, descending: bool) -> str:
        if order_by not in _ORDER:
            raise InputError(
                "search", f"cannot sort by '{order_by}' (use one of: {', '.join(SORT_COLUMNS)})"
            )
        direction = " DESC" if descending else ""
        cols = [f"{c}{direction}" for c in _ORDER[order_by].split(", ")]
        return ", ".join([*cols, f"r.id{direction}"])

    def search(
        self,
        query: str = "",
        order_by: str = "added",
        descending: bool = False,
        offset: int = 0,
        limit: int = 100,
    ) -> list[ReferenceRow]:
        """One page of the references matching ``query`` (see :mod:`refmanager.library.query`).

        References merged into another one are left out. ``order_by`` is one of
        ``SORT_COLUMNS``; ties are broken by id, so pages are stable.

        Raises:
            InputError: the query is malformed, or ``order_by`` is unknown.
        """
        compiled = compile_query(query)
        where = f"r.merged_into IS NULL AND ({compiled.where})"
        order = self._order(order_by, descending)
        page = (limit, offset)
        index = _SORT_INDEX.get(order_by)
        if compiled.where == "1" or index is None:
            sql = f"{_ROW_SELECT} WHERE {where} ORDER BY {order} LIMIT ? OFFSET ?"
            rows = self._fts_guard(query, sql, (*compiled.params, *page))
            return [self._ref_row(row) for row in rows]
        # Probe: at most _PROBE + 1 matching ids, by whatever plan SQLite finds cheapest.
        # Few matches: sort just those. Many: walk the sort column's index in order and
        # test each row, so the first pages come without reading every match.
        if compiled.fts_match is not None:  # text only: the index holds the visible rows
            probe_sql = f"SELECT rowid FROM refs_fts WHERE refs_fts MATCH ? LIMIT {_PROBE + 1}"
            probe = self._fts_guard(query, probe_sql, (compiled.fts_match,))
        else:
            probe_sql = f"SELECT r.id FROM refs r WHERE {where} LIMIT {_PROBE + 1}"
            probe = self._fts_guard(query, probe_sql, compiled.params)
        if len(probe) <= _PROBE:
            if not probe:
                return []
            sql = (
                f"{_ROW_SELECT} WHERE r.id IN (SELECT value FROM json_each(?)) "
                f"ORDER BY {order} LIMIT ? OFFSET ?"
            )
            rows = self._read(sql, (json.dumps([r[0] for r in probe]), *page))
        else:
            sql = (
                f"{_ROW_COLUMNS} FROM refs r INDEXED BY {index} WHERE {where} "
                f"ORDER BY {order} LIMIT ? OFFSET ?"
            )
            rows = self._fts_guard(query, sql, (*compiled.params, *page))
        return [self._ref_row(row) for row in rows]

    def count(self, query: str = "") -> int:
        """How many references match ``query`` (merged-away ones left out)."""
        compiled = compile_query(query)
        if compiled.where == "1":
            # the partial index of visible rows: no table scan
            sql = "SELECT count(*) FROM refs r INDEXED BY refs_visible WHERE r.merged_into IS NULL"
            return int(self._read(sql)[0][0])
        if compiled.fts_match is not None:
            # text only: the FTS index holds exactly the visible rows
            sql = "SELECT count(*) FROM refs_fts WHERE refs_fts MATCH ?"
            return int(self._fts_guard(query, sql, (compiled.fts_match,))[0][0])
        sql = f"SELECT count(*) FROM refs r WHERE r.merged_into IS NULL AND ({compiled.where})"
        return int(self._fts_guard(query, sql, compiled.params)[0][0])

    def search_ids(self, query: str = "", order_by: str = "added") -> list[int]:
        """The ids of all references matching ``query``, in order (for bulk actions)."""
        compiled = compile_query(query)
        sql = (
            f"SELECT r.id FROM refs r WHERE r.merged_into IS NULL AND ({compiled.where}) "
            f"ORDER BY {self._order(order_by, False)}"
        )
        return [r[0] for r in self._fts_guard(query, sql, compiled.params)]

    def rows(self, ref_ids: Sequence[int]) -> list[ReferenceRow]:
        """Table rows for these ids, in that order (to refresh rows after an edit)."""
        rows = self._read(f"{_ROW_SELECT} WHERE r.id {IN_IDS}", (ids_json(ref_ids),))
        by_id = {row[0]: self._ref_row(row) for row in rows}
        return [by_id[i] for i in ref_ids if i in by_id]

    def search_ids_by_field(
        self, query: str, name: str, descending: bool = False, offset: int = 0, limit: int = 100
    ) -> list[int]:
        """One page of the ids matching ``query``, sorted on a CSL field kept only in the
        item's JSON (``CSL_SORT_FIELDS``: volume, issue, page, URL): numbers in numeric order,
        then text; ties by id. Not indexed: every match is read, so this is for a table's
        occasional sort, not for hot paths.

        Raises:
            InputError: ``name`` is not one of ``CSL_SORT_FIELDS``, or the query is malformed.
        """
        if name not in CSL_SORT_FIELDS:
            raise InputError("sort", f"cannot sort on {name!r}")
        compiled = compile_query(query)
        direction = "DESC" if descending else "ASC"
        value = "(SELECT json_extract(d.csl, ?) FROM ref_data d WHERE d.id = r.id)"
        sql = (
            f"SELECT r.id, {value} AS v FROM refs r "
            f"WHERE r.merged_into IS NULL AND ({compiled.where}) "
            f"ORDER BY CAST(v AS INTEGER) {direction}, v {direction}, r.id {direction} "
            "LIMIT ? OFFSET ?"
        )
        rows = self._fts_guard(query, sql, (f"$.{name}", *compiled.params, limit, offset))
        return [int(r[0]) for r in rows]

    def row_extras(self, ref_ids: Sequence[int]) -> dict[int, RowExtras]:
        """Volume, issue, pages, DOI, URL, number, per-field confidence and tags of these
        references, read with SQLite's JSON operators (no item parsed), so a page of a
        table costs milliseconds at any library size. Unknown ids are left out.
        """
        out: dict[int, RowExtras] = {}
        sql = (
            "SELECT d.id, d.csl ->> '$.volume', d.csl ->> '$.issue', d.csl ->> '$.page', "
            "d.csl ->> '$.DOI', d.csl ->> '$.citation-number', d.csl ->> '$._label', "
            "d.csl ->> '$._fragment', d.csl -> '$._confidence', "
            "(SELECT group_concat(t.name, char(31)) FROM ref_tags rt JOIN tags t "
            f"ON t.id = rt.tag_id WHERE rt.ref_id = d.id), d.csl ->> '$.URL' "
            f"FROM ref_data d WHERE d.id {IN_IDS}"
        )
        for row in self._read(sql, (ids_json(ref_ids),)):
            # The printed label first: a compound entry's parts show "12a", "12b"
            # (cited as 12); else the citation number.
            number = row[6] or (row[5] if row[5] is not None else "")
            try:
                conf = {str(k): float(v) for k, v in json.loads(row[8] or "{}").items()}
            except (TypeError, ValueError, AttributeError):
                conf = {}
            out[int(row[0])] = RowExtras(
                volume=str(row[1] or ""),
                issue=str(row[2] or ""),
                page=str(row[3] or ""),
                doi=str(row[4] or ""),
                number=str(number),
                fragment=bool(row[7]),
                confidence=conf,
                tags=tuple(sorted(row[9].split("\x1f"))) if row[9] else (),
                url=str(row[10] or ""),
            )
        return out

    def _fts_guard(self, query: str, sql: str, params: Sequence[Any]) -> list[Any]:
        try:
            return self._read(sql, params)
        except sqlite3.OperationalError as exc:
            # The statement is ours: a plain SQL error here is the FTS5 query's syntax.
            if exc.sqlite_errorcode == sqlite3.SQLITE_ERROR:
                raise InputError("search", f"cannot search for {query!r}: {exc}") from None
            raise

    @staticmethod
    def _ref_row(row: Sequence[Any]) -> ReferenceRow:
        return ReferenceRow(
            id=row[0],
            document_id=row[1],
            position=row[2],
            type=row[3],
            title=row[4],
            author=row[5],
            year=row[6],
            venue=row[7],
            doi=row[8],
            confidence=row[9],
            # one set for all rows not edited: a window's table keeps hundreds of rows
            edited=frozenset(row[10].split()) if row[10] else NOTHING_EDITED,
            work_id=row[11],
            document_title=row[12] or "",
        )

    def suggest(self, query: str, limit: int = 5) -> list[Suggestion]:
        """Close titles and authors for a query that found nothing (fuzzy, rapidfuzz).

        Candidates come from the FTS index (words sharing their first three, then first two
        letters with a query word; at most 4,000 rows), so the cost does not grow with the
        library; they are ranked with rapidfuzz (WRatio on titles, ratio on family names).
        """
        compiled = compile_query(query)
        text = compiled.free_text or query
        words = [w for w in re.findall(r"\w+", space_cjk(fold(text))) if len(w) >= 3]
        if not words:
            return []
        rows: list[Any] = []
        for size in (3, 2):  # a typo in the third letter still shares the first two
            match = " OR ".join(f'"{w[:size]}"*' for w in dict.fromkeys(words))
            rows += self._read(
                "SELECT r.title, r.author FROM refs_fts f JOIN refs r ON r.id = f.rowid "
                "WHERE refs_fts MATCH ? LIMIT 2000",
                (match,),
            )
        needle = fold(text)
        titles = list({fold(t): t for t, _ in rows if t}.items())
        authors: dict[str, str] = {}
        for _, author in rows:
            for part in author.split("; "):
                family = part.split(",")[0].strip()
                if family:
                    authors[fold(family)] = family
        out: list[Suggestion] = []
        keys = [key for key, _ in titles]
        for _key, score, index in process.extract(needle, keys, scorer=fuzz.WRatio, limit=limit):
            found = titles[index][1]
            phrase = " ".join(found.replace('"', " ").split())
            out.append(Suggestion(found, "title", score / 100, f'title:"{phrase}"'))
        author_keys = list(authors)
        for key, score, _ in process.extract(needle, author_keys, scorer=fuzz.ratio, limit=limit):
            name = authors[key].replace('"', " ").strip()
            term = f'author:"{name}"' if " " in name else f"author:{name}"
            out.append(Suggestion(authors[key], "author", score / 100, term))
        out.sort(key=lambda s: -s.score)
        return [s for s in out if s.score >= 0.5][:limit]
