"""One SQLite connection shared by the library's stores, and its transactions.

Every store of :class:`refmanager.library.Library` holds the same :class:`Connection`, so a
``with lib.transaction():`` block spans writes made through any of them.
"""

from __future__ import annotations

import contextlib
import json
import sqlite3
import time
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from refmanager.library import db
from refmanager.model import InputError


class Connection:
    """An SQLite connection (autocommit) and the depth of the transaction open on it.

    ``read_only`` names the library when it was opened read-only: then every
    :meth:`transaction` (every write) is refused with an ``InputError`` saying so.
    """

    def __init__(self, conn: sqlite3.Connection, read_only: str | None = None) -> None:
        self.conn = conn
        self.read_only = read_only
        # why changes are refused though the file can be written (a shared library's reader)
        self.refusal: InputError | None = None
        self._depth = 0

    @contextmanager
    def transaction(self, *, syncing: bool = False) -> Iterator[None]:
        """Group writes: all or nothing. Nested blocks are savepoints of the outer one.

        The outer block takes the write lock at once (``BEGIN IMMEDIATE``), waiting for other
        writers (and retrying) instead of failing with "database is locked".

        ``syncing`` is for a shared library's sync, which writes what the server holds even
        where the user may not change anything (``refusal``).

        Raises:
            InputError: the library is open read-only, or its user may not change it.
        """
        if self.refusal is not None and not syncing and not self._depth:
            raise self.refusal
        if self.read_only is not None:
            raise InputError(
                self.read_only,
                "the library is open read-only (a read-only medium or folder): "
                "nothing can be changed; copy it somewhere writable to change it",
            )
        if self._depth:
            name = f"sp{self._depth}"
            self.conn.execute(f"SAVEPOINT {name}")
            self._depth += 1
            try:
                yield
            except BaseException:
                if self.conn.in_transaction:
                    self.conn.execute(f"ROLLBACK TO {name}")
                    self.conn.execute(f"RELEASE {name}")
                raise
            else:
                self.conn.execute(f"RELEASE {name}")
            finally:
                self._depth -= 1
            return
        db.retry_locked(lambda: self.conn.execute("BEGIN IMMEDIATE"))
        self._depth = 1
        try:
            yield
            db.retry_locked(lambda: self.conn.execute("COMMIT"))
        except BaseException as exc:
            # SQLite may have rolled back already (disk full, I/O error): do not mask the cause
            if self.conn.in_transaction:
                self.conn.execute("ROLLBACK")
            if isinstance(exc, sqlite3.Error) and db.is_full(exc):
                raise InputError(
                    self.database(),
                    "the disk is full: this change was not stored (the library is as it was);"
                    " free some space and try again",
                ) from None
            raise
        finally:
            self._depth = 0

    def database(self) -> str:
        """The library's database file (for messages)."""
        try:
            return str(self.conn.execute("PRAGMA database_list").fetchone()[2]) or "library"
        except sqlite3.Error:
            return "library"

    def read(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        """Rows of a read, retried while another process holds a lock."""
        return db.retry_locked(lambda: self.conn.execute(sql, params).fetchall())


class Store:
    """The base of the stores: the shared connection and its helpers."""

    def __init__(self, connection: Connection) -> None:
        self.connection = connection

    @property
    def conn(self) -> sqlite3.Connection:
        return self.connection.conn

    def transaction(self) -> contextlib.AbstractContextManager[None]:
        """See :meth:`Connection.transaction`."""
        return self.connection.transaction()

    def _read(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        return self.connection.read(sql, params)


def timestamp() -> float:
    """The time stored in ``added``/``modified``/``created`` columns."""
    return time.time()


# ``IN`` these ids, given as one JSON array parameter (:func:`ids_json`): any number of them,
# where one ``?`` each would meet SQLite's bound-parameter limit.
IN_IDS = "IN (SELECT value FROM json_each(?))"


def ids_json(ids: Iterable[int]) -> str:
    """The parameter of :data:`IN_IDS`."""
    return json.dumps(list(ids))


def marks(count: int) -> str:
    """``?,?,...``: ``count`` placeholders."""
    return ",".join("?" * count)
