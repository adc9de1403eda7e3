"""Use cases on the library: search, table pages, tags, duplicates, corrections, check."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from refmanager.library import Library
from refmanager.model import DocumentMeta, Reference
from refmanager.service import editing
from refmanager.service import library_ops as ops
from refmanager.service.importing import import_paths
from tests.service.test_importing import ENTRIES, make_pdf


@pytest.fixture
def lib(tmp_path: Path) -> Iterator[Library]:
    library = ops.open_library(tmp_path / "lib")
    yield library
    library.close()


def test_search_offers_suggestions_when_nothing_matches(lib: Library, tmp_path: Path) -> None:
    import_paths(lib, [make_pdf(tmp_path / "a.pdf", "Paper", ENTRIES)], jobs=1)
    found = ops.search(lib, "knuth")  # found by its raw text whatever the parser made of it
    assert found.total == 1 and not found.suggestions
    missed = ops.search(lib, "atention")
    assert missed.total == 0 and missed.rows == []
    lib.references.add_references([Reference.from_csl({"title": "Attention is all you need"})])
    missed = ops.search(lib, "atention")
    assert any("Attention" in s.text for s in missed.suggestions)


def _refs(lib: Library) -> list[int]:
    doi = Reference.from_csl(
        {
            "title": "Deep learning",
            "DOI": "10.1038/nature14539",
            "author": [{"family": "LeCun", "given": "Yann"}],
            "issued": {"date-parts": [[2015]]},
            "_raw": "LeCun. Deep learning.",
        }
    )
    other = Reference.from_csl(
        {
            "title": "Deep learning",
            "DOI": "10.1038/NATURE14539",
            "author": [{"family": "LeCun"}],
            "container-title": "Nature",
            "issued": 2015,
            "_raw": "LeCun Y. Deep learning. Nature.",
        }
    )
    a = lib.documents.add_document(DocumentMeta(title="x"), [doi], sha256="1" * 64)
    b = lib.documents.add_document(DocumentMeta(title="y"), [other], sha256="2" * 64)
    return [lib.documents.references_of(a)[0].id, lib.documents.references_of(b)[0].id]


def test_tags_through_the_use_cases(lib: Library) -> None:
    ids = _refs(lib)
    assert ops.tag_add(lib, "dl", "deep") == 2
    assert ops.tag_add(lib, "dl", "deep") == 0
    assert ops.tag_add(lib, "nature", "venue:nature") == 1
    assert ops.tag_remove(lib, "dl", "venue:nature") == 1
    ops.tag_rename(lib, "dl", "nature", merge=True)
    assert [(t.name, t.reference_count) for t in ops.tag_list(lib)] == [("nature", 2)]
    assert ops.tag_colour(lib, "nature", "#AA0000") == ""
    assert ops.tag_colour(lib, "nature", "") == "#aa0000"  # the previous colour
    assert ops.tag_remove(lib, "nature") == 2
    assert lib.references.reference(ids[0]).tags == []


def test_duplicates_grouped_and_merge_exact(lib: Library) -> None:
    ids = _refs(lib)
    groups, total = ops.find_duplicates(lib)
    assert total == 1 and groups[0].exact and [r.id for r in groups[0].rows] == ids
    records = ops.merge_exact(lib)
    assert len(records) == 1
    kept = lib.references.reference(records[0].keep)
    assert kept.reference.get("container-title") == "Nature"  # the fuller entry is kept
    assert lib.search.count() == 1
    assert ops.find_duplicates(lib) == ([], 0)
    lib.duplicates.undo_merge(records[0])
    assert lib.search.count() == 2


def test_corrections_and_check(lib: Library) -> None:
    ids = _refs(lib)
    lib.references.set_field(ids[0], "container-title", "Nature")
    cid = editing.store_correction(lib, ids[0])
    assert cid is not None
    [example] = lib.corrections.corrections()
    assert example.raw == "LeCun. Deep learning." and example.csl["container-title"] == "Nature"
    assert "_confidence" not in example.csl
    (lib.files_dir / "stray.pdf").write_bytes(b"x")
    report = ops.check(lib, repair_index=True)
    assert report.integrity == ["ok"] and report.orphan_files == []
    assert report.foreign_files == ["stray.pdf"]
    assert ops.prune_files(lib, [lib.files_dir / "stray.pdf"]) == []
    assert (lib.files_dir / "stray.pdf").exists()  # not the library's: never deleted
    assert lib.search.count("deep learning") == 2  # the rebuilt index still finds them


def test_reparse_keeps_the_fields_the_user_edited(lib: Library, tmp_path: Path) -> None:
    import_paths(lib, [make_pdf(tmp_path / "a.pdf", "Paper", ENTRIES)], jobs=1)
    knuth = lib.search.search_ids("knuth")[0]
    lib.references.set_field(knuth, "title", "TAOCP (edited)")
    lib.references.set_field(knuth, "publisher", "")
    lib.references.set_field(knuth, "publisher", "", edited=False)
    assert editing.reparse_matching(lib, "") == 3
    stored = lib.references.reference(knuth)
    assert stored.reference.get("title") == "TAOCP (edited)"
    assert stored.edited == {"title"}


def test_prune_plan_then_prune_what_was_agreed(lib: Library, tmp_path: Path) -> None:
    from refmanager.model import DocumentMeta

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
    plan = ops.prune_plan(lib)
    assert sorted(plan) == sorted(paths)
    assert ops.prune_files(lib, [paths[0], lib.files_dir / "mine.pdf"]) == [paths[0]]
    assert not paths[0].exists() and paths[1].exists() and (lib.files_dir / "mine.pdf").exists()
