"""Use cases on the library: import (parallel), search, tags, duplicates, reparse, check."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from refmanager.library import Library
from refmanager.model import DocumentMeta, Reference
from refmanager.service import library_ops as ops
from tests.pdf.pdfbuild import Text, column, write_pdf


def make_pdf(path: Path, title: str, entries: list[str]) -> Path:
    rows: list[str] = []
    for i, entry in enumerate(entries, start=1):
        rows.append(f"[{i}] {entry}")
    page = [
        Text(72, 760, title, 16),
        *column(72, 720, [f"Body text of {title} goes here, about things."] * 3),
        Text(72, 660, "References", 13, "F3"),
        *column(72, 640, rows, indent=15),
    ]
    return write_pdf(path, [page])


ENTRIES = [
    "A. Vaswani and N. Shazeer. Attention is all you need. In Advances in Neural "
    "Information Processing Systems, 2017.",
    "T. Dao. FlashAttention: fast and memory-efficient exact attention. NeurIPS, 2022.",
    "D. E. Knuth. The Art of Computer Programming. Addison-Wesley, 1968.",
]


@pytest.fixture
def lib(tmp_path: Path) -> Iterator[Library]:
    library = ops.open_library(tmp_path / "lib")
    yield library
    library.close()


def test_import_folder_in_parallel_with_summary(lib: Library, tmp_path: Path) -> None:
    src = tmp_path / "pdfs"
    (src / "sub").mkdir(parents=True)
    make_pdf(src / "one.pdf", "First paper", ENTRIES)
    make_pdf(src / "sub" / "two.pdf", "Second paper", ENTRIES[:2])
    (src / "copy.pdf").write_bytes((src / "one.pdf").read_bytes())
    (src / "broken.pdf").write_bytes(b"not a pdf at all")
    (src / "notes.txt").write_text("ignored in a folder")
    stray = tmp_path / "stray.txt"
    stray.write_text("named explicitly: reported")
    seen: list[tuple[int, int]] = []
    report = ops.import_paths(
        lib,
        [src, stray, tmp_path / "missing.pdf"],
        tag="inbox",
        jobs=2,
        progress=lambda done, total, _path: seen.append((done, total)),
    )
    by_name = {item.path.name: item for item in report.items}
    # copy.pdf comes first (sorted), so one.pdf, with the same content, is already there
    assert by_name["copy.pdf"].status == "added" and by_name["copy.pdf"].references == 3
    assert by_name["two.pdf"].status == "added" and by_name["two.pdf"].references == 2
    assert by_name["one.pdf"].status == "already"
    assert by_name["broken.pdf"].status == "failed" and by_name["broken.pdf"].message
    assert by_name["stray.txt"].status == "failed"
    assert by_name["missing.pdf"].message == "no such file or folder"
    assert "notes.txt" not in by_name
    assert report.summary() == "2 added (5 references), 1 already there, 3 failed"
    assert seen[-1] == (4, 4)
    assert lib.document_count() == 2 and lib.count() == 5
    assert {d.tags for d in lib.documents()} == {("inbox",)}
    assert lib.count("tag:inbox") == 5
    again = ops.import_paths(lib, [src / "one.pdf"], jobs=1)
    assert [i.status for i in again.items] == ["already"]


def test_search_offers_suggestions_when_nothing_matches(lib: Library, tmp_path: Path) -> None:
    ops.import_paths(lib, [make_pdf(tmp_path / "a.pdf", "Paper", ENTRIES)], jobs=1)
    found = ops.search(lib, "knuth")  # found by its raw text whatever the parser made of it
    assert found.total == 1 and not found.suggestions
    missed = ops.search(lib, "atention")
    assert missed.total == 0 and missed.rows == []
    lib.add_references([Reference.from_csl({"title": "Attention is all you need"})])
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
    a = lib.add_document(DocumentMeta(title="x"), [doi], sha256="1" * 64)
    b = lib.add_document(DocumentMeta(title="y"), [other], sha256="2" * 64)
    return [lib.references_of(a)[0].id, lib.references_of(b)[0].id]


def test_tags_through_the_use_cases(lib: Library) -> None:
    ids = _refs(lib)
    assert ops.tag_add(lib, "dl", "deep") == 2
    assert ops.tag_add(lib, "dl", "deep") == 0
    assert ops.tag_add(lib, "nature", "venue:nature") == 1
    assert ops.tag_remove(lib, "dl", "venue:nature") == 1
    ops.tag_rename(lib, "dl", "nature", merge=True)
    assert [(t.name, t.reference_count) for t in ops.tag_list(lib)] == [("nature", 2)]
    assert ops.tag_remove(lib, "nature") == 2
    assert lib.tags_of(ids[0]) == []


def test_duplicates_grouped_and_merge_exact(lib: Library) -> None:
    ids = _refs(lib)
    groups, total = ops.find_duplicates(lib)
    assert total == 1 and groups[0].exact and [r.id for r in groups[0].rows] == ids
    records = ops.merge_exact(lib)
    assert len(records) == 1
    kept = lib.reference(records[0].keep)
    assert kept.reference.get("container-title") == "Nature"  # the fuller entry is kept
    assert lib.count() == 1
    assert ops.find_duplicates(lib) == ([], 0)
    lib.undo_merge(records[0])
    assert lib.count() == 2


def test_corrections_and_check(lib: Library) -> None:
    ids = _refs(lib)
    lib.set_field(ids[0], "container-title", "Nature")
    cid = ops.store_correction(lib, ids[0])
    assert cid is not None
    [example] = lib.corrections()
    assert example.raw == "LeCun. Deep learning." and example.csl["container-title"] == "Nature"
    assert "_confidence" not in example.csl
    (lib.files_dir / "stray.pdf").write_bytes(b"x")
    report = ops.check(lib, prune=True, repair_index=True)
    assert report.integrity == ["ok"] and report.orphan_files == ["stray.pdf"]
    assert not (lib.files_dir / "stray.pdf").exists()
    assert lib.count("deep learning") == 2  # the rebuilt index still finds them


def test_reparse_keeps_the_fields_the_user_edited(lib: Library, tmp_path: Path) -> None:
    ops.import_paths(lib, [make_pdf(tmp_path / "a.pdf", "Paper", ENTRIES)], jobs=1)
    knuth = lib.search_ids("knuth")[0]
    lib.set_field(knuth, "title", "TAOCP (edited)")
    lib.set_field(knuth, "publisher", "")
    lib.set_field(knuth, "publisher", "", edited=False)
    assert ops.reparse(lib, "") == 3
    stored = lib.reference(knuth)
    assert stored.reference.get("title") == "TAOCP (edited)"
    assert stored.edited == {"title"}
