"""Bibliography-file imports: batches counted with their references, runs resumed or
reported, and forgotten when their references are gone."""

from __future__ import annotations

from refmanager.library import Library
from refmanager.library.imports import CHECKPOINT_PAGES, LARGE_IMPORT_CHECKPOINT_PAGES
from refmanager.model import Reference

from .conftest import make_ref


def _refs(count: int, start: int = 0) -> list[Reference]:
    return [make_ref(f"Paper {n}", [("Doe", "J.")], 2000) for n in range(start, start + count)]


def test_a_run_counts_its_batches_and_an_interrupted_one_goes_on(lib: Library) -> None:
    run = lib.imports.begin_import("a" * 64, "refs.bib", "bibtex")
    assert (run.added, run.finished, run.resumed) == (0, None, False)
    ids = lib.imports.add_import_batch(run, _refs(3), tag="new")
    assert run.added == 3 and lib.search.count("tag:new") == 3 and ids == sorted(ids)
    again = lib.imports.begin_import("a" * 64, "refs.bib", "bibtex")  # as after a crash
    assert (again.id, again.added, again.resumed) == (run.id, 3, True)
    lib.imports.add_import_batch(again, _refs(2, 3))
    lib.imports.finish_import(again)
    done = lib.imports.begin_import("a" * 64, "refs.bib", "bibtex")
    assert done.finished is not None and done.added == 5


def test_a_run_whose_references_were_deleted_starts_afresh(lib: Library) -> None:
    run = lib.imports.begin_import("b" * 64, "x.ris", "ris")
    ids = lib.imports.add_import_batch(run, _refs(2))
    lib.imports.finish_import(run)
    lib.references.delete_references(ids)
    fresh = lib.imports.begin_import("b" * 64, "x.ris", "ris")
    assert fresh.added == 0 and fresh.finished is None and not fresh.resumed
    partial = lib.imports.begin_import("c" * 64, "y.ris", "ris")
    first = lib.imports.add_import_batch(partial, _refs(2))
    lib.references.delete_references(first[:1])  # some of an interrupted run's references gone
    assert lib.imports.begin_import("c" * 64, "y.ris", "ris").added == 0


def test_a_forgotten_run_leaves_no_trace(lib: Library) -> None:
    run = lib.imports.begin_import("d" * 64, "z.json", "csl-json")
    lib.imports.forget_import(run)
    assert lib.conn.execute("SELECT count(*) FROM imports").fetchone()[0] == 0


def _refs_indexes(lib: Library) -> set[str]:
    rows = lib.conn.execute(
        "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'refs' "
        "AND sql IS NOT NULL"
    ).fetchall()
    return {row[0] for row in rows}


def test_indexes_set_aside_for_a_large_import_come_back_whole(lib: Library) -> None:
    every = _refs_indexes(lib)
    lib.imports.defer_indexes()
    kept = _refs_indexes(lib)
    assert kept < every and "refs_work" in kept and "refs_title" not in kept
    assert {name for name, _ in lib.imports.deferred_indexes()} == every - kept
    run = lib.imports.begin_import("d" * 64, "big.json", "csl-json")
    lib.imports.add_import_batch(run, _refs(5))
    lib.imports.restore_indexes()
    assert _refs_indexes(lib) == every and lib.imports.deferred_indexes() == []
    assert lib.search.count("title:paper year:2000") == 5
    assert lib.maintenance.check().integrity == ["ok"]


def test_indexes_left_aside_by_a_crash_are_built_when_the_library_opens(lib: Library) -> None:
    every = _refs_indexes(lib)
    lib.imports.defer_indexes()  # and the process dies before restore_indexes
    lib.close()
    with Library.open(lib.folder) as again:
        assert _refs_indexes(again) == every and again.imports.deferred_indexes() == []


def test_a_large_import_checkpoints_less_often_until_its_indexes_are_back(lib: Library) -> None:
    def setting(name: str) -> int:
        return int(lib.conn.execute(f"PRAGMA {name}").fetchone()[0])

    assert setting("wal_autocheckpoint") == CHECKPOINT_PAGES
    lib.imports.defer_indexes()
    assert setting("wal_autocheckpoint") == LARGE_IMPORT_CHECKPOINT_PAGES
    run = lib.imports.begin_import("e" * 64, "big.json", "csl-json")
    lib.imports.add_import_batch(run, _refs(3))
    lib.imports.restore_indexes()
    assert setting("wal_autocheckpoint") == CHECKPOINT_PAGES and setting("threads") == 0
    assert lib.search.count("title:paper") == 3
