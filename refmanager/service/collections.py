"""Use cases: collections (Zotero's collections, JabRef's groups), a tree of folders a
reference can be in several of. Each change is an undoable :class:`Change` that the
window runs through its undo stack and the command line runs once (``change.do(lib)``);
reading the tree and finding a collection by its path are shared the same way.
"""

from __future__ import annotations

from collections.abc import Sequence

from refmanager.library import DeletedCollection, Library
from refmanager.model import InputError
from refmanager.service.views import Change, Changes, CollectionEntry, plural

SEPARATOR = "/"  # a collection's path: its names from the top, "Thesis/Chapter 2"
# collections are listed in the sidebar; membership shows in the rows of a collection's view
TREE = Changes(sidebar=True)
MEMBERS = Changes(structure=True, sidebar=True)


def collection_tree(lib: Library) -> list[CollectionEntry]:
    """Every collection, parents before their children, with its depth and its path."""
    paths: dict[int, str] = {}
    depths: dict[int, int] = {}
    out = []
    for info in lib.collections.collections():
        parent = info.parent_id
        depth = depths[parent] + 1 if parent is not None and parent in depths else 0
        path = f"{paths[parent]}{SEPARATOR}{info.name}" if parent in paths else info.name
        paths[info.id], depths[info.id] = path, depth
        out.append(CollectionEntry(info.id, info.name, parent, depth, info.count, path))
    return out


def find_collection(lib: Library, path: str) -> int:
    """The id of the collection at ``path`` (``A/B``: B inside A).

    Raises:
        InputError: no collection has that path.
    """
    wanted = path.strip(SEPARATOR).casefold()
    for entry in collection_tree(lib):
        if entry.path.casefold() == wanted:
            return entry.id
    raise InputError(path, "no collection has that path (refmanager collection list)")


def create_collection(name: str, parent_id: int | None = None) -> Change[int]:
    """A new collection, at the top or inside ``parent_id``."""
    return Change(
        f"new collection {name}",
        lambda lib: lib.collections.create(name, parent_id),
        lambda lib, made: lib.collections.delete(made),
        TREE,
    )


def rename_collection(collection_id: int, name: str) -> Change[str]:
    return Change(
        f"rename collection to {name}",
        lambda lib: lib.collections.set_name(collection_id, name),
        lambda lib, old: lib.collections.set_name(collection_id, old),
        TREE,
    )


def delete_collection(collection_id: int) -> Change[DeletedCollection]:
    """Remove a collection and its sub-collections (never a reference)."""
    return Change(
        "delete collection",
        lambda lib: lib.collections.delete(collection_id),
        lambda lib, snapshot: lib.collections.restore(snapshot),
        MEMBERS,
    )


def add_to_collection(collection_id: int, ref_ids: Sequence[int]) -> Change[list[int]]:
    """Put references in a collection (they stay in the others they are in)."""
    chosen = list(ref_ids)
    return Change(
        f"add {plural(len(chosen), 'reference')} to a collection",
        lambda lib: lib.collections.add(collection_id, chosen),
        lambda lib, added: lib.collections.remove(collection_id, added),
        MEMBERS,
    )


def remove_from_collection(collection_id: int, ref_ids: Sequence[int]) -> Change[list[int]]:
    """Take references out of a collection (not out of the library)."""
    chosen = list(ref_ids)
    return Change(
        f"remove {plural(len(chosen), 'reference')} from a collection",
        lambda lib: lib.collections.remove(collection_id, chosen),
        lambda lib, removed: lib.collections.add(collection_id, removed),
        MEMBERS,
    )
