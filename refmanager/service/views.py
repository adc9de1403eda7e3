"""Plain records a front end shows: table rows, sidebar entries, a whole reference for the
editor, duplicate pairs, an import's summary, and :class:`Changes`, the typed set of what a
change touched (which drives what a window refreshes).

No Qt here: the window turns these into widgets; tests read them directly.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Generic, TypeVar

from refmanager.library import Library
from refmanager.model import Reference


@dataclass(slots=True)
class TableRow:
    """One displayed reference: display strings plus what the tints need."""

    id: int
    number: str = ""
    authors: str = ""
    year: str = ""
    title: str = ""
    container: str = ""
    volume: str = ""
    issue: str = ""
    pages: str = ""
    doi: str = ""
    tags: tuple[str, ...] = ()  # strings only: no object of its own for the collector
    confidence: float | None = None
    field_confidence: dict[str, float] = field(default_factory=dict)
    edited: frozenset[str] = frozenset()
    document_id: int | None = None
    fragment: bool = False
    source: str = ""  # the title of the document the reference was read from
    type: str = ""  # the CSL type
    url: str = ""


@dataclass(slots=True, frozen=True)
class CollectionEntry:
    """A collection as the sidebar lists it (parents before children)."""

    id: int
    name: str
    parent_id: int | None
    depth: int
    count: int  # references in it (not in its sub-collections)
    path: str  # its names from the top, "Thesis/Chapter 2"


@dataclass(slots=True, frozen=True)
class DocumentEntry:
    id: int
    title: str
    authors: str
    year: int | None
    count: int
    status: str
    message: str = ""


@dataclass(slots=True, frozen=True)
class TagEntry:
    name: str
    count: int
    colour: str = ""


@dataclass(slots=True, frozen=True)
class SearchEntry:
    name: str
    query: str


@dataclass(slots=True)
class SidebarContents:
    """What the sidebar lists: documents (newest first), tags with their counts, saved
    searches, and collections (parents before children)."""

    documents: list[DocumentEntry]
    tags: list[TagEntry]
    searches: list[SearchEntry]
    collections: list[CollectionEntry]


@dataclass(slots=True)
class RefInfo:
    """A whole reference for the entry editor and the PDF link."""

    id: int
    reference: Reference
    document_id: int | None
    edited: frozenset[str]
    tags: list[str]
    heading: str
    notes: str = ""


@dataclass(slots=True, frozen=True)
class DuplicatePair:
    a: int
    b: int
    score: float
    reasons: tuple[str, ...]
    left_text: str
    right_text: str


@dataclass(slots=True, frozen=True)
class PrunePlan:
    """What deleting the library's unused stored files would do: ``delete`` (shown to the
    user to agree to), and ``kept``, the files of documents that Undo or Redo in the window
    can still bring back (deleting those would bring a document back without its PDF)."""

    delete: list[Path]
    kept: list[Path]


@dataclass(slots=True, frozen=True)
class Changes:
    """What a change touched (after Anki's ``OpChanges``); a window refreshes only that.

    ``rows``: references changed in place (re-read those rows and the editor).
    ``structure``: references added or removed (re-read the table and the totals).
    ``sidebar``: documents, tags or saved searches changed (re-read the sidebar).
    ``documents``: documents added or removed (the PDF pane may show another one).
    ``duplicates``: duplicate candidates may have changed (look for them again).
    """

    rows: frozenset[int] = frozenset()
    structure: bool = False
    sidebar: bool = False
    documents: frozenset[int] = frozenset()
    duplicates: bool = False

    @classmethod
    def of_rows(cls, ids: Iterable[int]) -> Changes:
        return cls(rows=frozenset(ids))

    def __or__(self, other: Changes) -> Changes:
        """What either touched (sets joined, flags or-ed)."""
        return Changes(
            **{f.name: getattr(self, f.name) | getattr(other, f.name) for f in fields(self)}
        )


# A change that adds or removes references: everything that lists them is re-read.
STRUCTURE = Changes(structure=True, sidebar=True, duplicates=True)
# A change of tags (names, colours, who has them): the rows show tags, the sidebar lists them.
TAGS = Changes(structure=True, sidebar=True)

T = TypeVar("T")


@dataclass(slots=True)
class Change(Generic[T]):
    """One undoable change: ``do(lib)`` makes it and returns what ``undo(lib, token)`` needs
    to take it back, on whichever connection the caller's thread owns.

    ``do`` may run again after an ``undo`` (redo). ``changes`` says what both touch;
    ``slow`` changes (many references, the parser) run off a window's GUI thread.
    ``restores``, given the undo state, names the references an undo brings back (a
    window selects them: the user sees what came back, not the table's first row).
    """

    name: str
    do: Callable[[Library], T]
    undo: Callable[[Library, T], object]
    changes: Changes
    slow: bool = False
    restores: Callable[[T], list[int]] | None = None


def plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"
