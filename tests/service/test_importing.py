"""The one import use case: PDFs read in low-priority worker processes (never forked),
failed PDFs kept as documents, bibliography files, progress and cancel."""

from __future__ import annotations

import gc
import os
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from concurrent.futures import Future
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path

import pytest

from refmanager.library import Library
from refmanager.model import InputError
from refmanager.service import importing
from refmanager.service.extract import ExtractResult
from refmanager.service.opening import open_library
from tests.pdf.pdfbuild import Text, column, write_pdf


def make_pdf(path: Path, title: str, entries: list[str]) -> Path:
    rows = [f"[{i}] {entry}" for i, entry in enumerate(entries, start=1)]
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

BIB = """@article{good, author = {Dao, Tri}, title = {FlashAttention}, year = 2022}

@article{broken, title = {no closing brace,
  year = 2000
"""


@pytest.fixture
def lib(tmp_path: Path) -> Iterator[Library]:
    library = open_library(tmp_path / "lib")
    yield library
    library.close()


def test_import_folder_in_worker_processes_with_summary(lib: Library, tmp_path: Path) -> None:
    src = tmp_path / "pdfs"
    (src / "sub").mkdir(parents=True)
    make_pdf(src / "one.pdf", "First paper", ENTRIES)
    make_pdf(src / "sub" / "two.pdf", "Second paper", ENTRIES[:2])
    (src / "copy.pdf").write_bytes((src / "one.pdf").read_bytes())
    (src / "broken.pdf").write_bytes(b"not a pdf at all")
    (src / "notes.txt").write_text("ignored in a folder")
    stray = tmp_path / "stray.txt"
    stray.write_text("named explicitly: reported")
    seen: list[tuple[int, int, str]] = []
    report = importing.import_paths(
        lib,
        [src, stray, tmp_path / "missing.pdf"],
        tag="inbox",
        jobs=2,
        progress=lambda done, total, item: seen.append((done, total, item.path.name)),
    )
    by_name = {item.path.name: item for item in report.items}
    # copy.pdf comes first (sorted), so one.pdf, with the same content, is already there
    assert by_name["copy.pdf"].status.value == "added" and by_name["copy.pdf"].references == 3
    assert by_name["copy.pdf"].created and by_name["copy.pdf"].document_id is not None
    assert by_name["two.pdf"].status.value == "added" and by_name["two.pdf"].references == 2
    assert by_name["one.pdf"].status.value == "already" and not by_name["one.pdf"].created
    assert by_name["stray.txt"].status.value == "failed"
    assert by_name["missing.pdf"].lines() == [f"{tmp_path / 'missing.pdf'}: no such file or folder"]
    assert "notes.txt" not in by_name
    # the PDF that cannot be read is kept, marked failed, with its cause, tagged
    broken = by_name["broken.pdf"]
    assert broken.status.value == "failed" and broken.created and broken.document_id is not None
    record = lib.documents.document(broken.document_id)
    assert record.status == "failed" and record.message == broken.message != ""
    assert record.meta.title == "broken" and record.tags == ("inbox",)
    assert lib.documents.file_path(broken.document_id) is not None
    assert report.summary() == (
        "2 added (5 references), 1 already there, 3 failed (1 kept in the library, marked failed)"
    )
    assert [(d, t) for d, t, _ in seen] == [(i, 6) for i in range(1, 7)]
    assert {name for *_, name in seen} == set(by_name)
    assert lib.documents.document_count() == 3 and lib.search.count() == 5
    assert {d.tags for d in lib.documents.documents()} == {("inbox",)}
    assert lib.search.count("tag:inbox") == 5
    again = importing.import_paths(lib, [src / "one.pdf"], jobs=1)
    assert [i.status.value for i in again.items] == ["already"]


def test_a_failed_pdf_is_read_again_on_the_next_import(
    lib: Library, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from refmanager.service import extract

    pdf = make_pdf(tmp_path / "locked.pdf", "Locked paper", ENTRIES)
    real = extract.extract_pdf

    def locked(
        path: Path, password: str | None = None, *, line_model: Path | None = None
    ) -> ExtractResult:
        if password != "secret":
            raise InputError(str(path), "encrypted: give the password with --password")
        return real(path, line_model=line_model)

    monkeypatch.setattr(extract, "extract_pdf", locked)
    first = importing.import_paths(lib, [pdf], tag="todo", jobs=1)
    [item] = first.items
    assert item.status.value == "failed" and item.message.startswith("encrypted")
    doc = item.document_id
    assert doc is not None and lib.documents.document(doc).status == "failed"
    still = importing.import_paths(lib, [pdf], jobs=1)  # read again, fails again
    assert [(i.status.value, i.document_id, i.created) for i in still.items] == [
        ("failed", doc, False)
    ]
    assert lib.documents.document_count() == 1
    done = importing.import_paths(lib, [pdf], jobs=1, password="secret")
    [item] = done.items
    assert (item.status.value, item.document_id, item.references) == ("added", doc, 3)
    assert not item.created  # undoing this import would not delete the document
    record = lib.documents.document(doc)
    assert record.status == "ok" and record.reference_count == 3 and record.tags == ("todo",)
    assert lib.documents.document_count() == 1
    assert [i.status.value for i in importing.import_paths(lib, [pdf], jobs=1).items] == ["already"]


def test_cancel_stops_the_workers_and_keeps_what_was_stored(lib: Library, tmp_path: Path) -> None:
    pdfs = [make_pdf(tmp_path / f"p{i}.pdf", f"Paper number {i}", ENTRIES) for i in range(4)]
    done: list[str] = []
    report = importing.import_paths(
        lib,
        pdfs,
        jobs=2,
        progress=lambda _d, _t, item: done.append(item.path.name),
        cancelled=lambda: len(done) >= 1,
    )
    assert report.cancelled and report.summary().endswith("(cancelled)")
    assert 1 <= len(report.items) < 4
    assert lib.documents.document_count() == len(report.items) == len(done)
    nothing = importing.import_paths(lib, pdfs, cancelled=lambda: True)
    assert nothing.cancelled and nothing.items == []


def test_reader_pool_is_not_forked_and_runs_below_the_callers_priority() -> None:
    pool = importing.reader_pool(1)
    assert pool is not None
    try:
        context = pool._mp_context  # the start method is the point here
        assert context is not None
        assert context.get_start_method() in {"forkserver", "spawn"}
        mine = os.nice(0)
        assert pool.submit(os.nice, 0).result(timeout=60) == min(19, mine + 10)
    finally:
        pool.shutdown()


def test_a_bug_while_reading_comes_back_as_input_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from refmanager.service import extract

    def buggy(
        path: Path, password: str | None = None, *, line_model: Path | None = None
    ) -> ExtractResult:
        raise ValueError("oops")

    monkeypatch.setattr(extract, "extract_pdf", buggy)
    with pytest.raises(InputError, match="internal error while reading: ValueError: oops"):
        importing.read_pdf(tmp_path / "x.pdf")


def test_bibliography_files_report_each_problem_naming_the_file_once(
    lib: Library, tmp_path: Path
) -> None:
    bib = tmp_path / "refs.bib"
    bib.write_text(BIB, encoding="utf-8")
    report = importing.import_paths(lib, [bib], tag="bib")
    [item] = report.items
    assert item.status.value == "added" and item.references == 1 and item.document_id is None
    assert lib.references.reference(item.reference_ids[0]).tags == ["bib"]
    lines = item.lines()
    assert lines and all(line.count(str(bib)) == 1 for line in lines)
    assert any(line.startswith(f"{bib}:3: ") for line in lines)
    assert str(bib) not in item.message and "line 3" in item.message


def test_a_file_s_reference_ids_are_one_array_the_collector_does_not_walk(
    lib: Library, tmp_path: Path
) -> None:
    """The ids of a file's references (a million for a big file, kept by the window's undo
    stack) are an array of numbers: no list of objects for each full pass to walk."""
    bib = tmp_path / "refs.bib"
    bib.write_text("\n".join(f"@misc{{k{i}, title={{T {i}}}}}" for i in range(5)))
    report = importing.import_paths(lib, [bib])
    [item] = report.items
    assert item.references == 5 and len(item.reference_ids) == 5
    # what a full pass visits of it: its type at most, not each id
    assert len(gc.get_referents(item.reference_ids)) <= 1
    assert len(gc.get_referents(report.reference_ids)) <= 1 and report.changed_anything
    assert sorted(lib.search.search_ids("")) == sorted(report.reference_ids)


def test_folders_give_pdfs_and_bibliographies_only(tmp_path: Path) -> None:
    (tmp_path / "a.pdf").write_bytes(b"%PDF-1.4")
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "b.bib").write_text("@article{x, title={T}}")
    (tmp_path / "sub" / "c.json").write_text("[]")
    (tmp_path / "sub" / "notes.docx").write_text("no")
    found, bad = importing.collect_paths([tmp_path, tmp_path / "sub" / "c.json"])
    assert found == [tmp_path / "a.pdf", tmp_path / "sub" / "b.bib", tmp_path / "sub" / "c.json"]
    assert bad == []


class _FakePool:
    """Stands in for the reader pool: reads here, or fails as a pool whose worker died."""

    def __init__(self, broken: bool) -> None:
        self.broken = broken
        self.stopped = False

    def submit(self, fn: Callable[..., ExtractResult], *args: object) -> Future[ExtractResult]:
        future: Future[ExtractResult] = Future()
        if self.broken:
            future.set_exception(BrokenProcessPool("a worker was killed"))
        else:
            future.set_result(fn(*args))
        return future

    def shutdown(self, wait: bool = True, cancel_futures: bool = False) -> None:
        self.stopped = True

    def stop_now(self) -> None:
        self.stopped = True


def test_a_reader_pool_stops_now_with_work_in_hand() -> None:
    pool = importing.reader_pool(1)
    assert pool is not None
    pool.submit(time.sleep, 60)
    deadline = time.monotonic() + 30
    while pool.pids.empty() and time.monotonic() < deadline:  # its worker has started
        time.sleep(0.05)
    start = time.monotonic()
    pool.stop_now()
    pool.shutdown(wait=True)
    assert time.monotonic() - start < 20


@pytest.mark.parametrize("second_breaks", [False, True])
def test_a_broken_pool_gets_one_more_try_then_the_files_fail(
    lib: Library, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, second_breaks: bool
) -> None:
    pools = [_FakePool(broken=True), _FakePool(broken=second_breaks)]
    given = iter(pools)
    monkeypatch.setattr(importing, "reader_pool", lambda _workers: next(given))
    pdfs = [make_pdf(tmp_path / f"p{i}.pdf", f"Paper number {i}", ENTRIES) for i in range(2)]
    report = importing.import_paths(lib, pdfs, jobs=2)
    assert all(pool.stopped for pool in pools)
    if second_breaks:
        assert [i.status.value for i in report.items] == ["failed", "failed"]
        assert all("reading process stopped" in i.message for i in report.items)
        assert {d.status for d in lib.documents.documents()} == {"failed"}  # kept, to be read again
    else:
        assert [i.status.value for i in report.items] == ["added", "added"]
        assert report.references == 6


def test_working_apart_one_pdf_is_read_in_a_worker_process(tmp_path: Path) -> None:
    """A window's import (``work_apart``) of a single PDF reads it in a worker process:
    the caller's process never loads the PDF reader nor the parser."""
    pdf = make_pdf(tmp_path / "one.pdf", "First paper", ENTRIES)
    script = f"""
import sys
from pathlib import Path
from refmanager.service import importing
from refmanager.service.opening import open_library
lib = open_library(Path({str(tmp_path / "lib")!r}))
report = importing.import_paths(lib, [Path({str(pdf)!r})], work_apart=True)
print(report.summary())
print(sorted(m for m in ("pypdf", "pycrfsuite", "refmanager.pdf", "refmanager.parse")
             if m in sys.modules))
"""
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True, timeout=300
    )
    assert done.stdout.splitlines() == [
        "1 added (3 references), 0 already there, 0 failed",
        "[]",
    ], done.stderr
