"""Opening, migrating, refusing newer libraries, documents and their files."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from refmanager.library import Library
from refmanager.library.db import schema_version
from refmanager.model import DocumentMeta, InputError, Name

from .conftest import ATTENTION, FLASH


def test_new_library_has_schema_wal_and_foreign_keys(lib: Library) -> None:
    version = lib.conn.execute("PRAGMA user_version").fetchone()[0]
    assert version == schema_version() >= 1
    assert lib.conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert lib.conn.execute("PRAGMA foreign_keys").fetchone()[0] == 1
    assert lib.conn.execute("PRAGMA busy_timeout").fetchone()[0] >= 5000
    assert lib.files_dir.is_dir()


def test_newer_library_is_refused_with_a_clear_message(tmp_path: Path) -> None:
    Library.open(tmp_path / "lib").close()
    conn = sqlite3.connect(tmp_path / "lib" / "library.sqlite")
    conn.execute(f"PRAGMA user_version = {schema_version() + 5}")
    conn.close()
    with pytest.raises(InputError, match="newer than this refmanager"):
        Library.open(tmp_path / "lib")


def test_old_library_is_backed_up_then_migrated(tmp_path: Path) -> None:
    folder = tmp_path / "lib"
    Library.open(folder).close()
    # pretend the file is from version 0 with data: migrations run after a backup
    conn = sqlite3.connect(folder / "library.sqlite")
    for (name,) in conn.execute(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'refs_fts%' "
        "AND name NOT LIKE 'sqlite_%'"
    ).fetchall():
        conn.execute(f"DROP TABLE IF EXISTS {name}")
    conn.execute("DROP TABLE IF EXISTS refs_fts")
    conn.execute("PRAGMA user_version = 0")
    conn.execute("CREATE TABLE old_stuff (x INTEGER)")
    conn.commit()
    conn.close()
    # version 0 means "empty": no backup is needed, and the schema is created
    with Library.open(folder) as lib:
        assert lib.migrated_from == 0
        assert lib.count() == 0
    assert not list(folder.glob("*.bak"))


def test_migration_from_an_older_version_writes_a_backup(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from refmanager.library import db

    folder = tmp_path / "lib"
    real = db.migration_files()
    extra = (len(real) + 1, f"{len(real) + 1:04d}_test.sql", "CREATE TABLE added_later (x);")
    Library.open(folder).close()
    monkeypatch.setattr(db, "migration_files", lambda: [*real, extra])
    with Library.open(folder) as lib:
        assert lib.migrated_from == len(real)
        lib.conn.execute("SELECT x FROM added_later").fetchall()
    backup = folder / f"library.sqlite.v{len(real)}.bak"
    assert backup.exists()
    conn = sqlite3.connect(backup)
    assert conn.execute("PRAGMA user_version").fetchone()[0] == len(real)
    conn.close()


def test_failed_migration_changes_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from refmanager.library import db

    folder = tmp_path / "lib"
    real = db.migration_files()
    Library.open(folder).close()
    broken = (len(real) + 1, "x.sql", "CREATE TABLE t1 (x); THIS IS NOT SQL;")
    monkeypatch.setattr(db, "migration_files", lambda: [*real, broken])
    with pytest.raises(InputError):
        Library.open(folder)
    conn = sqlite3.connect(folder / "library.sqlite")
    assert conn.execute("PRAGMA user_version").fetchone()[0] == len(real)
    assert not conn.execute("SELECT 1 FROM sqlite_master WHERE name = 't1'").fetchall()
    conn.close()


def test_not_a_database_is_an_input_error(tmp_path: Path) -> None:
    folder = tmp_path / "lib"
    folder.mkdir()
    (folder / "library.sqlite").write_bytes(b"this is not sqlite" * 100)
    with pytest.raises(InputError):
        Library.open(folder)


def test_open_without_create_needs_a_library(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="no refmanager library"):
        Library.open(tmp_path / "nothing", create=False)


def test_document_file_is_copied_by_hash_and_recognised(lib: Library, tmp_path: Path) -> None:
    pdf = tmp_path / "paper.pdf"
    pdf.write_bytes(b"%PDF-1.4 fake content")
    meta = DocumentMeta(title="FlashAttention", authors=[Name("Dao", "Tri")], year=2022)
    doc_id = lib.add_document(meta, [FLASH, ATTENTION], file=pdf)
    stored = lib.file_path(doc_id)
    assert stored is not None and stored.read_bytes() == pdf.read_bytes()
    assert stored.parent == lib.files_dir and stored.stem == lib.document(doc_id).sha256
    pdf.unlink()  # the original can go: the library keeps its copy
    record = lib.document(doc_id)
    assert record.meta.title == "FlashAttention" and record.reference_count == 2
    assert record.meta.authors[0].family == "Dao"
    assert lib.document_id_for_hash(record.sha256 or "") == doc_id
    with pytest.raises(InputError, match="already in the library"):
        lib.add_document(meta, [], sha256=record.sha256, file_name="again.pdf")
    assert [r.reference.get("title") for r in lib.references_of(doc_id)] == [
        FLASH.get("title"),
        ATTENTION.get("title"),
    ]


def test_import_of_a_document_is_all_or_nothing(lib: Library) -> None:
    bad = FLASH.to_csl()
    broken = type(FLASH).from_csl(bad)
    broken.fields["title"] = object()  # type: ignore[assignment]  # not JSON-serialisable
    with pytest.raises(TypeError):
        lib.add_document(DocumentMeta(title="x"), [ATTENTION, broken], sha256="b" * 64)
    assert lib.document_count() == 0
    assert lib.count() == 0
    assert lib.conn.execute("SELECT count(*) FROM works").fetchone()[0] == 0


def test_delete_and_restore_document(filled: Library) -> None:
    doc = filled.documents()[0]
    filled.tag_documents([doc.id], "keep")
    filled.tag_references([1, 2], "read")
    snapshot = filled.delete_document(doc.id)
    assert filled.document_count() == 0 and filled.count() == 0
    filled.restore_document(snapshot)
    assert filled.document(doc.id).tags == ("keep",)
    assert filled.count() == 5
    assert filled.count("tag:read") == 2
    assert filled.count("tag:keep") == 5  # a document's tag finds its references
    assert filled.tags_of(1) == ["read"]
    assert filled.count('title:"attention is all"') == 1


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


def test_transactions_nest_as_savepoints_and_roll_back(lib: Library) -> None:
    with lib.transaction():
        lib.add_references([FLASH])
        with pytest.raises(InputError), lib.transaction():
            lib.add_references([ATTENTION])
            raise InputError("test", "inner block fails")
        assert lib.count() == 1  # the inner block is undone, the outer goes on
    assert lib.count() == 1
    with pytest.raises(RuntimeError), lib.transaction():
        lib.add_references([ATTENTION])
        raise RuntimeError("outer block fails")
    assert lib.count() == 1 and not lib.conn.in_transaction
