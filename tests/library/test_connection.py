"""The shared connection: nested transactions, and two writer processes at once."""

from __future__ import annotations

import multiprocessing
import traceback
from pathlib import Path

import pytest

from refmanager.library import Library
from refmanager.model import DocumentMeta, InputError

from .conftest import ATTENTION, FLASH, cited_by, make_ref


def test_transactions_nest_as_savepoints_and_roll_back(lib: Library) -> None:
    with lib.transaction():
        lib.references.add_references([FLASH])
        with pytest.raises(InputError), lib.transaction():
            lib.references.add_references([ATTENTION])
            raise InputError("test", "inner block fails")
        assert lib.search.count() == 1  # the inner block is undone, the outer goes on
    assert lib.search.count() == 1
    with pytest.raises(RuntimeError), lib.transaction():
        lib.references.add_references([ATTENTION])
        raise RuntimeError("outer block fails")
    assert lib.search.count() == 1 and not lib.conn.in_transaction


DOCS_PER_WRITER = 40


def _writer(folder: str, name: str, errors: multiprocessing.Queue) -> None:  # type: ignore[type-arg]
    try:
        with Library.open(Path(folder)) as lib:
            for i in range(DOCS_PER_WRITER):
                refs = [FLASH, ATTENTION, make_ref(f"{name} paper {i}", [("Writer", name)], 2020)]
                doc = lib.documents.add_document(
                    DocumentMeta(title=f"{name} {i}"), refs, sha256=f"{name}{i:063d}"
                )
                ids = [r.id for r in lib.documents.references_of(doc)]
                lib.tags.tag_references(ids, f"from-{name}")
                lib.tags.tag_references(ids[:1], "shared")
                lib.references.set_field(ids[0], "note", f"{name} {i}")
    except BaseException:
        errors.put(traceback.format_exc())


def test_two_processes_write_at_once_and_no_row_is_lost(tmp_path: Path) -> None:
    folder = tmp_path / "lib"
    Library.open(folder).close()
    ctx = multiprocessing.get_context("spawn")
    errors: multiprocessing.Queue = ctx.Queue()  # type: ignore[type-arg]
    procs = [ctx.Process(target=_writer, args=(str(folder), n, errors)) for n in ("a", "b")]
    for p in procs:
        p.start()
    for p in procs:
        p.join(timeout=240)
    problems = []
    while not errors.empty():
        problems.append(errors.get())
    assert problems == []
    assert all(p.exitcode == 0 for p in procs)
    with Library.open(folder) as lib:
        assert lib.documents.document_count() == 2 * DOCS_PER_WRITER
        assert lib.search.count() == 2 * DOCS_PER_WRITER * 3
        counts = {t.name: t.reference_count for t in lib.tags.tags()}
        assert counts == {
            "from-a": DOCS_PER_WRITER * 3,
            "from-b": DOCS_PER_WRITER * 3,
            "shared": 2 * DOCS_PER_WRITER,
        }
        assert lib.search.count("edited:note") == 2 * DOCS_PER_WRITER
        # every FlashAttention reference joined the one work of its DOI
        assert cited_by(lib, 1) == 2 * DOCS_PER_WRITER
        assert lib.maintenance.check().integrity == ["ok"]
