"""What another connection wrote, said as the Changes a window refreshes (issue 25,
item 7; the same path serves a shared library's sync, which writes the local file)."""

from __future__ import annotations

from pathlib import Path

from refmanager.service import collections, editing, outside_changes, tags
from refmanager.service.outside_changes import OutsideChanges
from refmanager.service.session import Session
from refmanager.service.views import STRUCTURE, Changes


def test_rows_in_place_tags_and_new_references_are_told_apart(tmp_path: Path) -> None:
    mine, other = Session(tmp_path / "lib"), Session(tmp_path / "lib")
    try:
        [a, b] = editing.paste(["Doe, J. (2020). One. J 1.", "Roe, K. (2021). Two."]).do(other.lib)
        seen = OutsideChanges()
        seen.catch_up(mine.lib)
        version = outside_changes.moved(mine.lib)
        assert seen.changes(mine.lib) == Changes()  # nothing since
        other.run(editing.edit_field(a, "title", "One, edited"))
        assert outside_changes.moved(mine.lib) != version  # the cheap poll sees it
        assert seen.changes(mine.lib) == Changes.of_rows([a]) | Changes(duplicates=True)
        other.run(editing.set_note(b, "a note"))
        assert seen.changes(mine.lib).rows == frozenset([b])
        other.run(tags.tag([a], "later"))
        tagged = seen.changes(mine.lib)
        assert tagged.structure and tagged.sidebar
        # a collection made, filled or renamed elsewhere (refmanager collection ...)
        thesis = collections.create_collection("Thesis").do(other.lib)
        assert seen.changes(mine.lib) == Changes(structure=True, sidebar=True)
        collections.add_to_collection(thesis, [b]).do(other.lib)
        assert seen.changes(mine.lib) == Changes(structure=True, sidebar=True)
        collections.rename_collection(thesis, "PhD").do(other.lib)
        assert seen.changes(mine.lib) == Changes(structure=True, sidebar=True)
        editing.paste(["Poe, E. (1845). Three."]).do(other.lib)
        assert seen.changes(mine.lib) == STRUCTURE
        other.run(editing.delete([a]))
        assert seen.changes(mine.lib) == STRUCTURE
    finally:
        mine.close()
        other.close()
