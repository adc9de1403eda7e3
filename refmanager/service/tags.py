"""Tags as use cases: tag and untag references, rename (onto an existing tag: merged), colour,
delete. Each is an undoable :class:`Change`; the window runs it through its undo stack,
the command line calls its ``do``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from refmanager.library import DeletedTag, Library, TagInfo
from refmanager.service.views import TAGS, Change, Changes

SLOW_ROWS = 500  # tagging more references than this runs off a window's GUI thread


def tag(ids: Sequence[int], name: str, add: bool = True) -> Change[list[int]]:
    """Add (or remove) a tag on references; ``do`` returns those it changed, and the undo
    takes it from (or gives it back to) those only."""
    chosen = list(ids)

    def apply(lib: Library, refs: list[int], on: bool) -> list[int]:
        if on:
            return lib.tags.tag_references(refs, name)
        return lib.tags.untag_references(refs, name)

    return Change(
        f"{'tag' if add else 'untag'} {len(chosen)} as {name}",
        lambda lib: apply(lib, chosen, add),
        lambda lib, changed: apply(lib, changed, not add),
        Changes(rows=frozenset(chosen), sidebar=True),
        slow=len(chosen) > SLOW_ROWS,
    )


def set_colour(name: str, colour: str) -> Change[str]:
    """A tag's colour (``#rrggbb``, or "" for none); ``do`` returns the previous one."""
    return Change(
        f"colour tag {name}",
        lambda lib: lib.tags.set_tag_colour(name, colour),
        lambda lib, previous: lib.tags.set_tag_colour(name, previous),
        TAGS,
    )


@dataclass(slots=True)
class Renamed:
    """What a rename did: renamed ``old`` (``merged`` None), or merged it into the existing
    ``new`` (``merged``: the old tag as it was; ``added_refs``/``added_documents``: the links
    ``new`` gained)."""

    old: str
    new: str
    merged: DeletedTag | None = None
    added_refs: list[int] = field(default_factory=list)
    added_documents: list[int] = field(default_factory=list)


def _exists(lib: Library, name: str) -> bool:
    return any(t.name.casefold() == name.strip().casefold() for t in lib.tags.tags())


def _rename(lib: Library, old: str, new: str) -> Renamed:
    with lib.transaction():
        if old.strip().casefold() == new.strip().casefold() or not _exists(lib, new):
            lib.tags.rename_tag(old, new)
            return Renamed(old, new)
        merged = lib.tags.delete_tag(old)
        return Renamed(
            old,
            new,
            merged,
            lib.tags.tag_references(merged.ref_ids, new),
            lib.tags.tag_documents(merged.document_ids, new),
        )


def _undo_rename(lib: Library, done: Renamed) -> None:
    with lib.transaction():
        if done.merged is None:
            lib.tags.rename_tag(done.new, done.old)
            return
        lib.tags.untag_references(done.added_refs, done.new)
        lib.tags.untag_documents(done.added_documents, done.new)
        lib.tags.restore_tag(done.merged)


def rename_tag(old: str, new: str) -> Change[Renamed]:
    """Rename a tag; onto another existing tag, the two are merged (its references and
    documents get ``new``; the undo gives ``old`` back and takes ``new`` from those only).

    ``do`` raises InputError when ``old`` does not exist.
    """
    return Change(f"rename tag {old}", lambda lib: _rename(lib, old, new), _undo_rename, TAGS)


def delete(name: str) -> Change[DeletedTag]:
    """Delete a tag and its links; the undo puts them back."""
    return Change(
        f"delete tag {name}",
        lambda lib: lib.tags.delete_tag(name),
        lambda lib, snapshot: lib.tags.restore_tag(snapshot),
        TAGS,
    )


def tagged(lib: Library, name: str, query: str = "") -> list[int]:
    """The references a tag change applies to: those matching ``query``, else those that
    carry the tag themselves."""
    return lib.search.search_ids(query) if query.strip() else lib.tags.tagged_references(name)


def tag_list(lib: Library) -> list[TagInfo]:
    """Every tag with its counts and colour."""
    return lib.tags.tags()
