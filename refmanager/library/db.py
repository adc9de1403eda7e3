"""Opening the SQLite file: pragmas, numbered migrations, a backup before migrating.

Migrations are the files ``migrations/NNNN_name.sql``; file ``NNNN`` brings the schema to
version ``NNNN``. All pending files are applied in one transaction and the version is kept in
``PRAGMA user_version``. A library written by a newer refmanager is refused.
"""

from __future__ import annotations

import os
import re
import shutil
import sqlite3
import time
from collections.abc import Callable
from contextlib import closing
from importlib import resources
from pathlib import Path
from typing import TypeVar

from refmanager.model import InputError

BUSY_TIMEOUT_MS = 30_000
_T = TypeVar("_T")


def migration_files() -> list[tuple[int, str, str]]:
    """``(version, file name, sql)`` for every migration shipped, in ascending order."""
    found: list[tuple[int, str, str]] = []
    folder = resources.files("refmanager.library") / "migrations"
    for item in folder.iterdir():
        match = re.fullmatch(r"(\d{4})_[\w-]+\.sql", item.name)
        if match:
            found.append((int(match.group(1)), item.name, item.read_text(encoding="utf-8")))
    found.sort()
    versions = [v for v, _, _ in found]
    if versions != list(range(1, len(versions) + 1)):
        raise RuntimeError(f"migration files are not numbered 1..n: {versions}")
    return found


def schema_version() -> int:
    """The schema version this refmanager writes."""
    return len(migration_files())


def _open(target: str, uri: bool = False) -> sqlite3.Connection:
    """An autocommit connection (transactions are opened explicitly by the caller, ``BEGIN
    IMMEDIATE``) with a busy timeout, a 64 MB page cache and temporary tables in memory."""
    conn = sqlite3.connect(
        target,
        uri=uri,
        timeout=BUSY_TIMEOUT_MS / 1000,
        isolation_level=None,
        check_same_thread=False,
    )
    conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
    conn.execute("PRAGMA cache_size = -65536")
    conn.execute("PRAGMA temp_store = MEMORY")
    return conn


def connect(path: Path) -> sqlite3.Connection:
    """A connection that writes, with WAL and foreign keys."""
    conn = _open(str(path))
    conn.execute("PRAGMA foreign_keys = ON")
    mode = retry_locked(lambda: conn.execute("PRAGMA journal_mode = WAL").fetchone()[0])
    if str(mode).lower() != "wal":
        conn.close()
        raise InputError(str(path), f"cannot switch the library to WAL mode (got {mode})")
    conn.execute("PRAGMA synchronous = NORMAL")
    return conn


def writable(path: Path) -> bool:
    """Whether the library database at ``path`` (or, when it is not there yet, its folder)
    can be written: its folder must be writable too (SQLite writes ``-wal`` and ``-shm``
    files beside it)."""
    folder = path.parent
    if not os.access(folder, os.W_OK):
        return False
    return not path.exists() or os.access(path, os.W_OK)


def connect_read_only(path: Path) -> sqlite3.Connection:
    """A connection that never writes (``mode=ro``), for a library that cannot be written.

    A WAL database on a read-only medium cannot make its ``-shm`` file; when there is no
    pending ``-wal`` content either (the library was closed cleanly) it is opened
    ``immutable``, which needs neither. Otherwise ``mode=ro`` reads the WAL too.
    """
    wal = path.with_name(path.name + "-wal")
    pending = wal.exists() and wal.stat().st_size > 0
    immutable = not os.access(path.parent, os.W_OK) and not pending
    uri = f"{path.resolve().as_uri()}?mode=ro" + ("&immutable=1" if immutable else "")
    conn = _open(uri, uri=True)
    conn.execute("PRAGMA query_only = ON")
    conn.execute("SELECT count(*) FROM sqlite_master").fetchone()  # fails now if unreadable
    return conn


def check_version(conn: sqlite3.Connection, path: Path) -> int:
    """The schema version of a library opened read-only; it must be the current one.

    Raises:
        InputError: newer than this refmanager, or older (upgrading needs writing).
    """
    target = schema_version()
    current = _version(conn, path, target)
    if current < target:
        raise InputError(
            str(path),
            f"this library (schema version {current}) must be upgraded to version {target} "
            "before this refmanager can read it, and it cannot be written here (read-only): "
            "open it once where it can be written",
        )
    return current


def _version(conn: sqlite3.Connection, path: Path, target: int) -> int:
    """The schema version of the open database; refused when newer than ``target``."""
    current = int(conn.execute("PRAGMA user_version").fetchone()[0])
    if current > target:
        raise InputError(
            str(path),
            f"this library has schema version {current}, newer than this refmanager "
            f"understands ({target}); upgrade refmanager to open it",
        )
    return current


def retry_locked(func: Callable[[], _T], attempts: int = 6) -> _T:
    """Run ``func`` again when another writer holds the lock past the busy timeout.

    ``busy_timeout`` already waits; this covers the cases SQLite reports at once
    (a WAL snapshot that went stale when another process committed).
    """
    delay = 0.05
    for _ in range(attempts - 1):
        try:
            return func()
        except sqlite3.OperationalError as exc:
            # the primary result code is the low byte (SQLITE_BUSY_SNAPSHOT is BUSY's)
            if exc.sqlite_errorcode & 0xFF not in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED):
                raise
            time.sleep(delay)
            delay = min(delay * 2, 1.0)
    return func()  # the last attempt: its error is the caller's


def migrate(conn: sqlite3.Connection, path: Path) -> int:
    """Bring the database at ``path`` to the current schema; return the version it had.

    Raises:
        InputError: the library was written by a newer refmanager.
    """
    files = migration_files()
    target = len(files)
    current = _version(conn, path, target)
    if current == target:
        return current
    if current > 0:  # a consistent copy first (SQLite's online backup)
        with closing(sqlite3.connect(path.with_name(f"{path.name}.v{current}.bak"))) as backup:
            conn.backup(backup)
    retry_locked(lambda: conn.execute("BEGIN IMMEDIATE"))
    try:
        # Another process may have migrated while we waited for the lock.
        current_now = int(conn.execute("PRAGMA user_version").fetchone()[0])
        for version, _name, sql in files:
            if version <= current_now:
                continue
            for statement in _statements(sql):
                conn.execute(statement)
        conn.execute(f"PRAGMA user_version = {target}")
        conn.execute("COMMIT")
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    return current


def _statements(sql: str) -> list[str]:
    """Split a migration file into statements (``sqlite3.complete_statement`` aware)."""
    out: list[str] = []
    buf = ""
    for line in sql.splitlines(keepends=True):
        if not buf and line.strip().startswith("--"):
            continue
        buf += line
        if sqlite3.complete_statement(buf):
            if buf.strip():
                out.append(buf.strip())
            buf = ""
    if buf.strip():
        out.append(buf.strip())
    return out


def copy_file(src: Path, dest: Path) -> None:
    """Copy ``src`` to ``dest`` through a temporary name, so ``dest`` is whole or absent
    (a copy that fails, on a full disk say, leaves nothing behind)."""
    tmp = dest.with_name(dest.name + ".part")
    try:
        shutil.copyfile(src, tmp)
        tmp.replace(dest)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


def is_full(exc: sqlite3.Error) -> bool:
    """Whether SQLite says the disk (or the database's page limit) is full."""
    code = getattr(exc, "sqlite_errorcode", None)
    return code is not None and code & 0xFF == sqlite3.SQLITE_FULL
