"""The library facade: opening, creating, migrating and refusing library files."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from refmanager.library import Library
from refmanager.library.db import schema_version
from refmanager.model import InputError


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
        assert lib.search.count() == 0
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
