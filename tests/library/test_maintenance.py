"""Checking a library: missing and orphan files."""

from __future__ import annotations

from pathlib import Path

from refmanager.library import Library
from refmanager.model import DocumentMeta

from .conftest import FLASH


def test_check_reports_missing_and_orphan_files(lib: Library, tmp_path: Path) -> None:
    pdf = tmp_path / "a.pdf"
    pdf.write_bytes(b"%PDF one")
    doc_id = lib.add_document(DocumentMeta(), [FLASH], file=pdf)
    (lib.files_dir / "stray.pdf").write_bytes(b"left over")
    report = lib.check()
    assert report.integrity == ["ok"] and report.ok
    assert report.orphan_files == ["stray.pdf"]
    assert report.counts["documents"] == 1 and report.counts["refs"] == 1
    assert lib.prune_orphan_files() == ["stray.pdf"]
    path = lib.file_path(doc_id)
    assert path is not None
    path.unlink()
    report = lib.check()
    assert not report.ok and report.missing_files == [f"a.pdf ({path.name})"]
