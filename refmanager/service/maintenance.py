"""Looking after a library: its integrity check, and deleting the stored files no document
refers to (only the library's own, and never one an undo can still bring back)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path

from refmanager.library import CheckReport, Library, stored_sha
from refmanager.service.documents import restorable_documents
from refmanager.service.views import PrunePlan


def check(lib: Library, repair_index: bool = False) -> CheckReport:
    """Integrity check, files missing or orphaned (:func:`prune_files` deletes those),
    counts; ``repair_index`` rebuilds the search index first."""
    if repair_index:
        lib.maintenance.rebuild_search_index()
    report = lib.maintenance.check()
    lib.optimize()
    return report


def prune_plan(lib: Library, restorable: Iterable[object] = ()) -> PrunePlan:
    """The library's own stored files that no document refers to: what :func:`prune_files`
    would delete, shown to the user to agree to first.

    ``restorable``: the undo tokens of the changes a front end can still undo or redo
    (a window's undo stack). The stored file of a deleted document one of them would
    bring back is kept out of ``delete`` (it is in ``kept``): the undo restores the
    document's row, and its PDF must still be there.
    """
    keep = {str(d.row.get("sha256")) for d in restorable_documents(restorable)}
    plan = [lib.files_dir / name for name in lib.maintenance.check().orphan_files]
    return PrunePlan(
        delete=[p for p in plan if stored_sha(p.name) not in keep],
        kept=[p for p in plan if stored_sha(p.name) in keep],
    )


def prune_files(lib: Library, agreed: Sequence[Path]) -> list[Path]:
    """Delete those of ``agreed`` (from :func:`prune_plan`) that are still the library's own
    unreferenced files; the ones deleted. Not undoable: ask first.

    Raises:
        InputError: a file could not be deleted.
    """
    names = [p.name for p in agreed if p.parent == lib.files_dir]
    return [lib.files_dir / name for name in lib.maintenance.prune_orphan_files(names)]
