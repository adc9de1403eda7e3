"""One SQLite connection shared by the library's stores, and its transactions.

Every store of :class:`refmanager.library.Library` holds the same :class:`Connection`, so a
``with lib.transaction():`` block spans writes made through any of them.
"""

from __future__ import annotations

import contextlib
import sqlite3
import time
from collections.abc import Iterator, Sequence
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
        self._depth = 0

    @contextmanager
    def transaction(self) -> Iterator[None]:
        """Group writes: all or nothing. Nested blocks are savepoints of the outer one.

        The outer block takes the write lock at once (``BEGIN IMMEDIATE``), waiting for other
        writers (and retrying) instead of failing with "database is locked".

        Raises:
            InputError: the library is open read-only.
        """
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
        except BaseException:
            # SQLite may have rolled back already (disk full, I/O error): do not mask the cause
            if self.conn.in_transaction:
                self.conn.execute("ROLLBACK")
            raise
        finally:
            self._depth = 0

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


def chunks(items: Sequence[int], size: int = 900) -> Iterator[Sequence[int]]:
    """``items`` in slices of at most ``size`` (SQLite's bound-parameter limit)."""
    for start in range(0, len(items), size):
        yield items[start : start + size]


def marks(count: int) -> str:
    """``?,?,...``: ``count`` placeholders."""
    return ",".join("?" * count)
