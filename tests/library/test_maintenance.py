"""Checking a library: missing files, orphan files (the library's own) and others' files."""

from __future__ import annotations

from pathlib import Path

from refmanager.library import Library
from refmanager.model import DocumentMeta

from .conftest import FLASH


def _pdf(tmp_path: Path, name: str, content: bytes) -> Path:
    path = tmp_path / name
    path.write_bytes(content)
    return path


def test_check_reports_missing_and_orphan_files(lib: Library, tmp_path: Path) -> None:
    doc_id = lib.documents.add_document(
        DocumentMeta(), [FLASH], file=_pdf(tmp_path, "a.pdf", b"%PDF one")
    )
    gone = lib.documents.add_document(DocumentMeta(), [], file=_pdf(tmp_path, "b.pdf", b"%PDF two"))
    gone_path = lib.documents.file_path(gone)
    assert gone_path is not None
    lib.documents.delete_document(gone)
    report = lib.maintenance.check()
    assert report.integrity == ["ok"] and report.ok
    assert report.orphan_files == [gone_path.name]
    assert report.counts["documents"] == 1 and report.counts["refs"] == 1
    assert lib.maintenance.prune_orphan_files() == [gone_path.name]
    assert not gone_path.exists()
    path = lib.documents.file_path(doc_id)
    assert path is not None and path.exists()
    path.unlink()
    report = lib.maintenance.check()
    assert not report.ok and report.missing_files == [f"a.pdf ({path.name})"]


def test_files_the_library_did_not_store_are_never_pruned(lib: Library, tmp_path: Path) -> None:
    lib.documents.add_document(DocumentMeta(), [FLASH], file=_pdf(tmp_path, "a.pdf", b"%PDF one"))
    (lib.files_dir / "tax2023.pdf").write_bytes(b"%PDF my taxes")
    (lib.files_dir / "cv.odt").write_bytes(b"my cv")
    (lib.files_dir / "notes").mkdir()
    victim = _pdf(tmp_path, "elsewhere.pdf", b"keep")
    gone = lib.documents.add_document(DocumentMeta(), [], file=_pdf(tmp_path, "b.pdf", b"%PDF two"))
    gone_path = lib.documents.file_path(gone)
    assert gone_path is not None
    lib.documents.delete_document(gone)
    # the library's name, but someone replaced the content: not the library's file any more
    gone_path.write_bytes(b"changed by the user")
    # a link named like a stored file: never followed, never deleted
    sha = gone_path.name.split(".")[0]
    link = lib.files_dir / f"{sha}.odt"
    link.symlink_to(victim)
    report = lib.maintenance.check()
    assert report.orphan_files == []
    assert report.foreign_files == sorted(
        ["cv.odt", "notes", "tax2023.pdf", gone_path.name, link.name]
    )
    assert lib.maintenance.prune_orphan_files() == []
    for name in report.foreign_files:
        assert (lib.files_dir / name).exists() or (lib.files_dir / name).is_symlink()
    assert victim.read_bytes() == b"keep"


def test_prune_deletes_only_the_names_agreed(lib: Library, tmp_path: Path) -> None:
    names = []
    for i in range(3):
        doc = lib.documents.add_document(
            DocumentMeta(), [], file=_pdf(tmp_path, f"{i}.pdf", f"%PDF {i}".encode())
        )
        path = lib.documents.file_path(doc)
        assert path is not None
        names.append(path.name)
        lib.documents.delete_document(doc)
    assert sorted(lib.maintenance.check().orphan_files) == sorted(names)
    assert lib.maintenance.prune_orphan_files([names[0], "tax2023.pdf"]) == [names[0]]
    assert sorted(lib.maintenance.check().orphan_files) == sorted(names[1:])


def test_an_interrupted_copy_is_the_library_s_own(lib: Library, tmp_path: Path) -> None:
    doc = lib.documents.add_document(DocumentMeta(), [], file=_pdf(tmp_path, "a.pdf", b"%PDF one"))
    path = lib.documents.file_path(doc)
    assert path is not None
    lib.documents.delete_document(doc)
    path.unlink()
    part = path.with_name(path.name + ".part")
    part.write_bytes(b"%PDF o")
    assert lib.maintenance.check().orphan_files == [part.name]
    assert lib.maintenance.prune_orphan_files() == [part.name]
    count = lib.conn.execute("SELECT count(*) FROM stored_files").fetchone()[0]
    assert count == 0  # nothing of it left: the record goes too


def test_an_older_library_records_the_files_of_its_documents(tmp_path: Path) -> None:
    folder = tmp_path / "old"
    with Library.open(folder) as lib:
        doc = lib.documents.add_document(
            DocumentMeta(), [], file=_pdf(tmp_path, "a.pdf", b"%PDF one")
        )
        kept = lib.documents.file_path(doc)
        for (trigger,) in lib.conn.execute(
            "SELECT name FROM sqlite_master WHERE type = 'trigger'"
        ).fetchall():
            lib.conn.execute(f"DROP TRIGGER {trigger}")  # first: they name the tables below
        for table in (
            "stored_files",
            "imports",
            "auto_exports",
            "citation_keys",
            "settings",
            "ref_notes",
            "layout_corrections",
            "ref_attachments",
            "sync_state",
            "sync_ids",
            "sync_shadow",
            "sync_dirty",
            "sync_log",
            "sync_conflicts",
            "sync_waiting",
            "collection_refs",
            "collections",
        ):
            lib.conn.execute(f"DROP TABLE {table}")  # as a version 3 library was
        lib.conn.execute("ALTER TABLE documents DROP COLUMN origin")
        lib.conn.execute("PRAGMA user_version = 3")
    assert kept is not None
    stray = kept.with_name("f" * 64 + ".pdf")  # a file left before the records existed
    stray.write_bytes(b"unknown")
    with Library.open(folder) as lib:
        assert lib.migrated_from == 3
        rows = lib.conn.execute("SELECT sha256 FROM stored_files").fetchall()
        assert rows == [(kept.name.split(".")[0],)]
        report = lib.maintenance.check()
        assert report.orphan_files == [] and report.foreign_files == [stray.name]
