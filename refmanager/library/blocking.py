"""Duplicate detection: exact identifiers, then blocking + rapidfuzz scoring.

Exact: references sharing a DOI, arXiv id or ISBN (one pass per identifier, grouped in SQL).
Fuzzy: the visible references are streamed twice in index order, by (first author, year) and
by normalised title; consecutive rows with the same blocking key form a block and only pairs
inside a block are scored (``rapidfuzz.process.cdist`` on the folded titles). The work is
linear in the library size plus the sum of squared block sizes, and block sizes are capped by
sub-blocking on the first title word. Memory holds one block at a time plus the results.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from rapidfuzz import fuzz, process

from refmanager.library.results import DuplicateCandidate

MIN_SCORE = 0.9  # a pair scoring less is not proposed
MAX_BLOCK = 400
TITLE_PREFIX_TOKENS = 3


@dataclass(slots=True)
class _Row:
    id: int
    document_id: int | None
    title: str
    author: str
    year: int | None
    doi: str
    arxiv: str


_SELECT = (
    "SELECT id, document_id, norm_title, author_sort, year, doi, arxiv FROM refs "
    "WHERE merged_into IS NULL"
)


def _key(a: int, b: int) -> int:
    """One int for the pair (a < b): a fraction of the memory of a tuple at a million pairs."""
    return (a << 32) | b


class _Interned:
    """Shared copies of the reasons tuples and scores (few distinct values, many pairs)."""

    def __init__(self) -> None:
        self.reasons: dict[tuple[str, ...], tuple[str, ...]] = {}
        self.scores: dict[float, float] = {}

    def __call__(
        self, a: int, b: int, score: float, exact: bool, reasons: tuple[str, ...]
    ) -> DuplicateCandidate:
        rounded = round(score, 3)
        return DuplicateCandidate(
            a,
            b,
            self.scores.setdefault(rounded, rounded),
            exact,
            self.reasons.setdefault(reasons, reasons),
        )


def _exact(
    conn: sqlite3.Connection,
    skip: set[int],
    found: dict[int, DuplicateCandidate],
    make: _Interned,
) -> None:
    for column, label in (("doi", "DOI"), ("arxiv", "arXiv id"), ("isbn", "ISBN")):
        rows = conn.execute(
            f"SELECT group_concat(id) FROM refs WHERE {column} <> '' AND merged_into IS NULL "
            f"GROUP BY {column} HAVING count(*) > 1"
        )
        for (ids_text,) in rows:
            ids = sorted(int(i) for i in ids_text.split(","))
            first = ids[0]
            for other in ids[1:]:
                key = _key(first, other)
                if key in skip or key in found:
                    continue
                found[key] = make(first, other, 1.0, True, (f"{label} equal",))


def _blocks(
    conn: sqlite3.Connection, order: str, key: Callable[[_Row], object]
) -> Iterator[list[_Row]]:
    block: list[_Row] = []
    current: object = None
    cursor = conn.execute(f"{_SELECT} AND norm_title <> '' ORDER BY {order}")
    while True:
        batch = cursor.fetchmany(5000)
        if not batch:
            break
        for raw in batch:
            row = _Row(*raw)
            k = key(row)
            if k != current:
                if len(block) > 1:
                    yield block
                block = []
                current = k
            block.append(row)
    if len(block) > 1:
        yield block


def _split(block: list[_Row]) -> Iterator[list[_Row]]:
    """Cap block size: sub-block an oversized block by its first title word."""
    if len(block) <= MAX_BLOCK:
        yield block
        return
    groups: dict[str, list[_Row]] = {}
    for row in block:
        groups.setdefault(row.title.split(" ", 1)[0], []).append(row)
    for group in groups.values():
        if len(group) > 1:
            yield group


def _numbers(title: str) -> list[str]:
    return [t for t in title.split() if t.isdigit()]


def _score(a: _Row, b: _Row, title_sim: float) -> tuple[float, tuple[str, ...]] | None:
    if a.doi and b.doi and a.doi != b.doi:
        return None  # different DOIs: different works
    if a.arxiv and b.arxiv and a.arxiv != b.arxiv:
        return None
    if _numbers(a.title) != _numbers(b.title):
        return None  # "Part 1" and "Part 2", "study 111" and "study 1101": different works
    reasons = [f"title {title_sim:.2f}"]
    score = title_sim
    if a.author and a.author == b.author:
        reasons.append("same first author")
    elif a.author and b.author:
        score *= 0.9
        reasons.append("first author differs")
    if a.year is not None and b.year is not None:
        gap = abs(a.year - b.year)
        if gap == 0:
            reasons.append("same year")
        elif gap == 1:
            score *= 0.97
            reasons.append("year within 1")
        else:
            score *= 0.8
            reasons.append(f"years {a.year} and {b.year}")
    return score, tuple(reasons)


def _score_block(
    sub: list[_Row],
    *,
    skip: set[int],
    found: dict[int, DuplicateCandidate],
    make: _Interned,
) -> None:
    """Cluster a block around representatives: each row is compared with the rows not yet
    claimed, and claims the ones it matches, so a work cited 1,000 times costs 1,000
    comparisons and gives 999 pairs (not 500,000)."""
    titles = [r.title for r in sub]
    claimed = [False] * len(sub)
    for i in range(len(sub) - 1):
        if claimed[i]:
            continue
        rest = [j for j in range(i + 1, len(sub)) if not claimed[j]]
        if not rest:
            break
        matches = process.extract(
            titles[i],
            [titles[j] for j in rest],
            scorer=fuzz.ratio,
            score_cutoff=MIN_SCORE * 100 * 0.9,
            limit=None,
        )
        a = sub[i]
        for _choice, sim, k in matches:
            j = rest[k]
            b = sub[j]
            if a.document_id is not None and a.document_id == b.document_id:
                continue  # one bibliography rarely lists a work twice
            lo, hi = (a.id, b.id) if a.id < b.id else (b.id, a.id)
            key_ab = _key(lo, hi)
            if key_ab in skip:
                continue
            scored = _score(a, b, sim / 100)
            if scored is None or scored[0] < MIN_SCORE:
                continue
            claimed[j] = True
            if key_ab not in found:
                found[key_ab] = make(lo, hi, scored[0], False, scored[1])


def find_duplicates(
    conn: sqlite3.Connection,
    progress: Callable[[int, int], None] | None = None,
    exact_only: bool = False,
) -> list[DuplicateCandidate]:
    """See :meth:`refmanager.library.duplicates.DuplicateStore.find_duplicates`."""
    skip = {_key(a, b) for a, b in conn.execute("SELECT a, b FROM not_duplicates")}
    found: dict[int, DuplicateCandidate] = {}
    make = _Interned()
    _exact(conn, skip, found, make)
    if not exact_only:
        total = int(
            conn.execute(
                "SELECT count(*) FROM refs WHERE merged_into IS NULL AND norm_title <> ''"
            ).fetchone()[0]
        )
        done = 0
        passes: list[tuple[str, Callable[[_Row], object]]] = [
            ("author_sort, year", lambda r: (r.author, r.year) if r.author else None),
            (
                "norm_title",
                lambda r: " ".join(r.title.split(" ", TITLE_PREFIX_TOKENS)[:TITLE_PREFIX_TOKENS]),
            ),
        ]
        for order, key in passes:
            for block in _blocks(conn, order, key):
                done += len(block)
                if progress is not None:
                    progress(min(done, 2 * total), 2 * total)
                for sub in _split(block):
                    _score_block(sub, skip=skip, found=found, make=make)
    out = list(found.values())
    del found
    out.sort(key=lambda c: _key(c.a, c.b))
    out.sort(key=lambda c: c.score, reverse=True)  # stable: equal scores stay by (a, b)
    return out
