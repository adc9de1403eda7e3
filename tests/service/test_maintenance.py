"""Looking after a library (``service.maintenance``): check, and pruning only its own files."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from refmanager.library import Library
from refmanager.model import DocumentMeta
from refmanager.service import editing, maintenance
from refmanager.service.opening import open_library
from tests.service.records import two_of_one_work as _refs


@pytest.fixture
def lib(tmp_path: Path) -> Iterator[Library]:
    library = open_library(tmp_path / "lib")
    yield library
    library.close()


def test_corrections_and_check(lib: Library) -> None:
    ids = _refs(lib)
    lib.references.set_field(ids[0], "container-title", "Nature")
    cid = editing.store_correction(lib, ids[0])
    assert cid is not None
    [example] = lib.corrections.corrections()
    assert example.raw == "LeCun. Deep learning." and example.csl["container-title"] == "Nature"
    assert "_confidence" not in example.csl
    (lib.files_dir / "stray.pdf").write_bytes(b"x")
    report = maintenance.check(lib, repair_index=True)
    assert report.integrity == ["ok"] and report.orphan_files == []
    assert report.foreign_files == ["stray.pdf"]
    assert maintenance.prune_files(lib, [lib.files_dir / "stray.pdf"]) == []
    assert (lib.files_dir / "stray.pdf").exists()  # not the library's: never deleted
    assert lib.search.count("deep learning") == 2  # the rebuilt index still finds them


def test_prune_plan_then_prune_what_was_agreed(lib: Library, tmp_path: Path) -> None:
    paths = []
    for i in range(2):
        pdf = tmp_path / f"p{i}.pdf"
        pdf.write_bytes(f"%PDF {i}".encode())
        doc = lib.documents.add_document(DocumentMeta(), [], file=pdf)
        path = lib.documents.file_path(doc)
        assert path is not None
        paths.append(path)
        lib.documents.delete_document(doc)
    (lib.files_dir / "mine.pdf").write_bytes(b"x")
    plan = maintenance.prune_plan(lib)
    assert sorted(plan.delete) == sorted(paths) and plan.kept == []
    assert maintenance.prune_files(lib, [paths[0], lib.files_dir / "mine.pdf"]) == [paths[0]]
    assert not paths[0].exists() and paths[1].exists() and (lib.files_dir / "mine.pdf").exists()
