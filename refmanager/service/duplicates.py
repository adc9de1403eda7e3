"""Duplicates as use cases: references that look like one work found (as groups, or as the
window's pairs), merged (by hand, or every exact group at once) and marked "not
duplicates". Each change is an undoable :class:`Change`; the window runs it through its
undo stack, the command line calls its ``do``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from refmanager.library import DuplicateCandidate, Library, MergeRecord, ReferenceRow
from refmanager.service.views import STRUCTURE, Change, Changes, DuplicatePair

PAIRS_SHOWN = 2000  # the window lists this many pairs, the likeliest first


def describe_row(row: ReferenceRow) -> str:
    """A reference in one line: ``Author (year). Title. Venue``."""
    year = f" ({row.year})" if row.year else ""
    return f"{row.author}{year}. {row.title}. {row.venue}".strip(". ")


@dataclass(slots=True)
class DuplicateGroup:
    """References proposed as one work: the pairs found and their rows."""

    rows: list[ReferenceRow]
    candidates: list[DuplicateCandidate]

    @property
    def exact(self) -> bool:
        return all(c.exact for c in self.candidates)


def group_candidates(candidates: Sequence[DuplicateCandidate]) -> list[list[DuplicateCandidate]]:
    """Pairs joined into groups (connected components), biggest first."""
    parent: dict[int, int] = {}

    def find(x: int) -> int:
        parent.setdefault(x, x)
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for c in candidates:
        ra, rb = find(c.a), find(c.b)
        if ra != rb:
            parent[max(ra, rb)] = min(ra, rb)
    groups: dict[int, list[DuplicateCandidate]] = {}
    for c in candidates:
        groups.setdefault(find(c.a), []).append(c)
    return sorted(groups.values(), key=lambda g: (-len(g), min(c.a for c in g)))


def find_groups(
    lib: Library, exact_only: bool = False, limit: int | None = None
) -> tuple[list[DuplicateGroup], int]:
    """Groups of references that look like one work (up to ``limit`` groups), and how many
    groups there are in all (the command line's listing)."""
    grouped = group_candidates(lib.duplicates.find_duplicates(exact_only=exact_only))
    out: list[DuplicateGroup] = []
    for group in grouped[:limit]:
        ids = sorted({c.a for c in group} | {c.b for c in group})
        out.append(DuplicateGroup(lib.search.rows(ids), group))
    return out, len(grouped)


def find_pairs(
    lib: Library, progress: Callable[[int, int], None] | None = None
) -> list[DuplicatePair]:
    """The pairs that look like one work, likeliest first, each described (the window's
    list; ``progress`` is told as the comparison goes and may raise to stop it)."""
    found = lib.duplicates.find_duplicates(progress=progress)
    ids = sorted({c.a for c in found} | {c.b for c in found})
    rows = {r.id: r for r in lib.search.rows(ids)}
    out = []
    for c in found[:PAIRS_SHOWN]:
        a, b = rows.get(c.a), rows.get(c.b)
        if a is not None and b is not None:
            out.append(
                DuplicatePair(c.a, c.b, c.score, c.reasons, describe_row(a), describe_row(b))
            )
    return out


def merge(keep: int, others: Sequence[int], choices: dict[str, int]) -> Change[MergeRecord]:
    """Merge ``others`` into ``keep``; ``choices`` maps a field to the reference id whose
    value wins."""
    rest = list(others)
    return Change(
        "merge duplicates",
        lambda lib: lib.duplicates.merge_references(keep, rest, choices),
        lambda lib, record: lib.duplicates.undo_merge(record),
        STRUCTURE,
        slow=True,
    )


def not_duplicate(a: int, b: int) -> Change[None]:
    """Two references are not one work: never proposed again."""
    return Change(
        "mark not a duplicate",
        lambda lib: lib.duplicates.mark_not_duplicate(a, b),
        lambda lib, _none: lib.duplicates.unmark_not_duplicate(a, b),
        Changes(duplicates=True),
    )


def _filled(lib: Library, ids: Sequence[int]) -> int:
    """The reference of ``ids`` with the most fields (ties: the oldest)."""
    stored = lib.references.references(list(ids))
    return max(stored, key=lambda s: (len(s.reference.to_csl()), -s.id)).id


def _merge_exact(lib: Library) -> list[MergeRecord]:
    groups = group_candidates(lib.duplicates.find_duplicates(exact_only=True))
    records: list[MergeRecord] = []
    with lib.transaction():
        for group in groups:
            ids = sorted({c.a for c in group} | {c.b for c in group})
            keep = _filled(lib, ids)
            records.append(lib.duplicates.merge_references(keep, [i for i in ids if i != keep]))
    return records


def _undo_merges(lib: Library, records: list[MergeRecord]) -> None:
    with lib.transaction():
        for record in reversed(records):
            lib.duplicates.undo_merge(record)


def merge_exact() -> Change[list[MergeRecord]]:
    """Merge every group of exact duplicates (same DOI, arXiv id or ISBN) in one
    transaction; the reference with the most fields is kept and empty fields are filled
    from the others. ``do`` returns the merge records."""
    return Change("merge exact duplicates", _merge_exact, _undo_merges, STRUCTURE, slow=True)
