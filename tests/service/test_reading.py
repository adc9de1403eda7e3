"""A large bibliography file read in a worker process: the same import as one read here,
errors told as the file's, and the worker stopped when the caller stops."""

from __future__ import annotations

import json
import multiprocessing
from collections.abc import Iterator, Sequence
from pathlib import Path

import pytest

from refmanager.formats.parts import open_records
from refmanager.library import Library
from refmanager.model import InputError
from refmanager.service import exchange, reading
from refmanager.service.exchange import FileProgress, import_file

BIB = """@string{j = {Journal of Tests}}
@article{a, author = {Doe, Jane and R{\\'e}, Chris}, title = {First--second}, journal = j,
  year = 2020, doi = {10.1/a}, file = {:paper.pdf:PDF}}

@article{broken, title = {no closing brace,
  year = 2000

@book{b, author = {{World Health Organization}}, title = {Second}, year = {2021},
  doi = {10.1/a}}
"""


@pytest.fixture
def library(tmp_path: Path) -> Iterator[Library]:
    lib = Library.open(tmp_path / "lib")
    yield lib
    lib.close()


def _snapshot(lib: Library, ids: Sequence[int]) -> list[object]:
    stored = lib.references.references(ids)
    links = lib.attachments.attachments_of(ids)
    return [(s.reference.to_csl(), s.work_id is not None, s.tags, links.get(s.id)) for s in stored]


def test_a_file_read_in_a_worker_imports_as_one_read_here(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "refs.bib"
    path.write_text(BIB * 30, encoding="utf-8")  # 60 entries, 30 broken ones reported
    monkeypatch.setattr(exchange, "BATCH_REFERENCES", 25)
    results = []
    for worker_bytes in (reading.WORKER_BYTES, 0):  # here, then in a worker
        monkeypatch.setattr(reading, "WORKER_BYTES", worker_bytes)
        seen: list[FileProgress] = []
        with Library.open(tmp_path / f"lib{worker_bytes}") as lib:
            summary = import_file(lib, path, tag="t", progress=seen.append)
            results.append(
                (
                    summary.added,
                    summary.skipped,
                    summary.messages(),
                    [(s.bytes_done, s.references) for s in seen],
                    _snapshot(lib, summary.reference_ids),
                )
            )
    assert results[0][0] == 60 and results[0][1] == 30
    assert results[1] == results[0]
    assert not multiprocessing.active_children()  # the worker is gone


def test_a_broken_document_read_in_a_worker_adds_nothing(
    library: Library, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(reading, "WORKER_BYTES", 0)
    path = tmp_path / "cut.json"
    path.write_text('[{"title": "A"},\n{"title": "B"},\n{"title": "C', encoding="utf-8")
    with pytest.raises(InputError, match="line 3, column 11"):
        import_file(library, path)
    assert library.search.count("") == 0


def test_the_worker_stops_when_the_caller_stops(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(reading, "WORKER_BYTES", 0)
    items = [{"id": f"i{n}", "title": f"Item {n}"} for n in range(500)]
    path = tmp_path / "many.json"
    path.write_text(json.dumps(items), encoding="utf-8")
    with reading.read_parts(open_records(path, chunk=10)) as parts:
        first = next(parts)
        assert len(first.forms) == 10 and multiprocessing.active_children()
    assert not multiprocessing.active_children()


def test_a_cancelled_import_stops_its_worker_and_goes_on_later(
    library: Library, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(reading, "WORKER_BYTES", 0)
    monkeypatch.setattr(exchange, "BATCH_REFERENCES", 10)
    items = [{"id": f"i{n}", "title": f"Item {n}"} for n in range(25)]
    path = tmp_path / "many.json"
    path.write_text(json.dumps(items), encoding="utf-8")
    first = import_file(library, path, cancelled=lambda: True)
    assert first.cancelled and first.added == 10
    assert not multiprocessing.active_children()
    rest = import_file(library, path)
    assert rest.resumed == 10 and rest.added == 15 and library.search.count("") == 25
