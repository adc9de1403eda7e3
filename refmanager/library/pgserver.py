"""A shared library's server: a PostgreSQL database (14 or newer), through psycopg 3.

Decision 0031. The schema ``refmanager`` holds ``meta``, the change log ``changes``, the
entities as they stand (``entities``: fields, per-field versions and writers, tombstones),
``conflicts`` and content-addressed ``files``. Permissions are PostgreSQL's: the roles
``<database>_reader`` and ``<database>_editor`` get grants on the schema's tables, and the
owner (who shared the library) owns them. Every value is a bound parameter; names of roles go
through :class:`psycopg.sql.Identifier`. No error message carries the URI's password.

This is the one module that imports the PostgreSQL client (psycopg): what the rest of
refmanager names of a server without talking to it (its errors, its URI without the
password) is in :mod:`refmanager.library.serverterms`, so a process that never talks to a
server (a window on a library that is not shared) never loads psycopg.
"""

from __future__ import annotations

import contextlib
import json
import re
from collections.abc import Iterator, Sequence
from typing import Any, Self

import psycopg
from psycopg import errors, sql
from psycopg.types.json import Jsonb

from refmanager.library.serverterms import (
    CHANNEL,
    NewerSchema,
    NotAllowed,
    ServerError,
    ServerUnavailable,
    redact,
    safe_url,
)
from refmanager.library.syncstate import (
    DELETED_FIELD,
    Change,
    Conflict,
    Entity,
    PushResult,
)

SCHEMA_VERSION = 1
_LOCK = 0x7265666D  # the advisory lock that serializes pushes ("refm")
ROLES = ("owner", "editor", "reader")
# JSON as COPY sends it (the server parses it into jsonb)
_JSON = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode


def _validate(url: str) -> None:
    if not re.match(r"^postgres(ql)?://", url):
        raise ServerError(safe_url(url), "not a PostgreSQL connection URI (postgresql://...)")


class Listener:
    """A connection that waits for the server's notices (LISTEN on ``CHANNEL``): each push
    and each resolved conflict notifies. Use as a context manager."""

    def __init__(self, url: str, conn: psycopg.Connection[tuple[Any, ...]]) -> None:
        self.url = safe_url(url)
        self.conn = conn

    @classmethod
    def connect(cls, url: str, *, timeout: int = 10) -> Listener:
        """Connect and listen.

        Raises:
            ServerUnavailable: the server cannot be reached, or refuses the login.
        """
        _validate(url)
        try:
            conn = psycopg.connect(url, autocommit=True, connect_timeout=timeout)
            conn.execute(sql.SQL("LISTEN {}").format(sql.Identifier(CHANNEL)))
        except psycopg.Error as exc:
            raise ServerUnavailable(safe_url(url), redact(str(exc).strip(), url)) from None
        return cls(url, conn)

    def notified(self, timeout: float) -> bool:
        """Whether a notice came within ``timeout`` seconds.

        Raises:
            ServerUnavailable: the connection was lost.
        """
        try:
            return any(True for _ in self.conn.notifies(timeout=timeout, stop_after=1))
        except psycopg.OperationalError as exc:
            raise ServerUnavailable(self.url, redact(str(exc).strip(), self.url)) from None

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.conn.close()


@contextlib.contextmanager
def unreachable_as_offline(url: str) -> Iterator[None]:
    """A lost connection (psycopg's ``OperationalError``) in the block, raised where no
    :meth:`Server.fail` translated it, as ``ServerUnavailable``: work goes on offline."""
    try:
        yield
    except psycopg.OperationalError as exc:
        raise ServerUnavailable(safe_url(url), redact(str(exc).strip(), url)) from None


class Server:
    """One connection to a shared library's database (autocommit; blocks open
    transactions themselves). Use as a context manager."""

    def __init__(self, url: str, conn: psycopg.Connection[tuple[Any, ...]]) -> None:
        self.url = safe_url(url)
        self.conn = conn
        self.pulled_to = 0  # the last seq the last pull's snapshot held

    @classmethod
    def connect(cls, url: str, *, timeout: int = 10) -> Server:
        """Connect to the database the URI names.

        Raises:
            ServerUnavailable: it cannot be reached, or refuses the login.
        """
        _validate(url)
        try:
            conn = psycopg.connect(url, autocommit=True, connect_timeout=timeout)
        except psycopg.Error as exc:
            raise ServerUnavailable(safe_url(url), redact(str(exc).strip(), url)) from None
        return cls(url, conn)

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        self.conn.close()

    def fail(
        self,
        exc: psycopg.Error,
        refused: str = "the server does not let you change this shared library (you are a reader)",
    ) -> ServerError:
        """The error a front end shows for a psycopg error (told apart by its type);
        ``refused`` says what a permission error means where it happened."""
        message = redact(str(exc).strip().splitlines()[0] if str(exc).strip() else "", self.url)
        if isinstance(exc, errors.InsufficientPrivilege):
            return NotAllowed(self.url, f"{refused}: {message}")
        if isinstance(exc, psycopg.OperationalError):
            return ServerUnavailable(self.url, f"the server is unreachable: {message}")
        return ServerError(self.url, message)

    # ------------------------------------------------------------ roles and schema

    def role_names(self) -> dict[str, str]:
        database = str(self.conn.execute("SELECT current_database()").fetchone()[0])  # type: ignore[index]
        return {"reader": f"{database}_reader", "editor": f"{database}_editor"}

    def is_shared(self) -> bool:
        row = self.conn.execute("SELECT to_regclass('refmanager.meta') IS NOT NULL").fetchone()
        return bool(row and row[0])

    def create(self, library_id: str) -> None:
        """Create the schema, its grants and the member roles (run by the owner).

        Raises:
            ServerError: the database holds a shared library already, or the user may not
                create schemas or roles there.
        """
        if self.is_shared():
            raise ServerError(self.url, "this database holds a shared library already")
        names = self.role_names()
        reader, editor = sql.Identifier(names["reader"]), sql.Identifier(names["editor"])
        try:
            with self.conn.transaction():
                for name in (names["reader"], names["editor"]):
                    exists = self.conn.execute(
                        "SELECT 1 FROM pg_roles WHERE rolname = %s", (name,)
                    ).fetchone()
                    if not exists:
                        self.conn.execute(
                            sql.SQL("CREATE ROLE {} NOLOGIN").format(sql.Identifier(name))
                        )
                self.conn.execute(sql.SQL("GRANT {} TO {}").format(reader, editor))
                for statement in _SCHEMA:
                    self.conn.execute(sql.SQL(statement))
                self.conn.execute(
                    "INSERT INTO refmanager.meta (name, value) VALUES ('schema_version', %s), "
                    "('library', %s)",
                    (str(SCHEMA_VERSION), library_id),
                )
                grants = [
                    "GRANT USAGE ON SCHEMA refmanager TO {r}",
                    "GRANT SELECT ON ALL TABLES IN SCHEMA refmanager TO {r}",
                    "GRANT INSERT ON refmanager.changes, refmanager.files TO {e}",
                    "GRANT INSERT, UPDATE ON refmanager.entities, refmanager.conflicts TO {e}",
                    "GRANT USAGE ON SEQUENCE refmanager.conflicts_id_seq TO {e}",
                ]
                for grant in grants:
                    self.conn.execute(sql.SQL(grant).format(r=reader, e=editor))
        except psycopg.Error as exc:
            raise self.fail(
                exc,
                "you may not create a shared library in this database (sharing needs a role "
                "that may create roles, CREATEROLE, and schemas in it, CREATE)",
            ) from None

    def check(self) -> tuple[str, str]:
        """``(library id, this user's role)`` of the shared library here.

        Raises:
            ServerError: no shared library here, or the user is not a member.
            NewerSchema: written by a newer refmanager.
        """
        try:
            if not self.is_shared():
                raise ServerError(self.url, "no shared library in this database")
            meta = dict(self.conn.execute("SELECT name, value FROM refmanager.meta").fetchall())
        except errors.InsufficientPrivilege:
            raise NotAllowed(self.url, "you are not a member of this shared library") from None
        except psycopg.Error as exc:
            raise self.fail(exc) from None
        version = int(meta.get("schema_version", "0"))
        if version > SCHEMA_VERSION:
            raise NewerSchema(
                self.url,
                f"the shared library has schema version {version}, newer than this "
                f"refmanager understands ({SCHEMA_VERSION}); upgrade refmanager to use it",
            )
        return str(meta["library"]), self.role()

    def role(self) -> str:
        names = self.role_names()
        row = self.conn.execute(
            "SELECT pg_has_role(current_user, n.nspowner, 'MEMBER'), "
            "pg_has_role(current_user, %s, 'MEMBER'), pg_has_role(current_user, %s, 'MEMBER') "
            "FROM pg_namespace n WHERE n.nspname = 'refmanager'",
            (names["editor"], names["reader"]),
        ).fetchone()
        if row is None:
            return ""
        return "owner" if row[0] else "editor" if row[1] else "reader" if row[2] else ""

    def members(self) -> list[tuple[str, str]]:
        """``(role name, owner|editor|reader)`` of every member."""
        names = self.role_names()
        rows = self.conn.execute(
            "SELECT m.rolname, g.rolname FROM pg_auth_members a "
            "JOIN pg_roles m ON m.oid = a.member JOIN pg_roles g ON g.oid = a.roleid "
            "WHERE g.rolname = ANY(%s) AND m.rolcanlogin",
            ([names["reader"], names["editor"]],),
        ).fetchall()
        found: dict[str, str] = {}
        for member, group in rows:
            role = "editor" if group == names["editor"] else "reader"
            if found.get(member) != "editor":
                found[member] = role
        owner = self.conn.execute(
            "SELECT pg_get_userbyid(nspowner) FROM pg_namespace WHERE nspname = 'refmanager'"
        ).fetchone()
        if owner:
            found[str(owner[0])] = "owner"
        return sorted(found.items())

    def set_member(self, name: str, role: str | None) -> None:
        """Give a login role the role ``editor`` or ``reader`` (None: remove it).

        Raises:
            ServerError: no such login role, or this user may not manage roles.
        """
        names = self.role_names()
        if role not in (None, "editor", "reader"):
            raise ServerError(self.url, f"a member is an editor or a reader, not {role!r}")
        try:
            with self.conn.transaction():
                exists = self.conn.execute(
                    "SELECT rolcanlogin FROM pg_roles WHERE rolname = %s", (name,)
                ).fetchone()
                if not exists or not exists[0]:
                    raise ServerError(
                        self.url,
                        f"no login role {name!r} on the server: create it first "
                        f"(createuser --pwprompt {name})",
                    )
                for group in names.values():
                    self.conn.execute(
                        sql.SQL("REVOKE {} FROM {}").format(
                            sql.Identifier(group), sql.Identifier(name)
                        )
                    )
                if role is not None:
                    self.conn.execute(
                        sql.SQL("GRANT {} TO {}").format(
                            sql.Identifier(names[role]), sql.Identifier(name)
                        )
                    )
        except psycopg.Error as exc:
            raise self.fail(exc, "you may not manage this shared library's members") from None

    # ------------------------------------------------------------ changes

    def push(self, member: str, changes: Sequence[Change]) -> list[PushResult]:
        """Apply a member's changes in order, in one transaction (decision 0031's merge
        rule); a change the server has already (same member and number) is skipped.

        Raises:
            NotAllowed: the user is a reader.
            ServerUnavailable: the connection broke (nothing of this push was kept).
        """
        try:
            with self.conn.transaction():
                return self._push(member, changes)
        except psycopg.Error as exc:
            raise self.fail(exc) from None

    def _push(self, member: str, changes: Sequence[Change]) -> list[PushResult]:
        conn = self.conn
        conn.execute("SELECT pg_advisory_xact_lock(%s)", (_LOCK,))
        seqs = [c.seq for c in changes]
        done = {
            int(r[0])
            for r in conn.execute(
                "SELECT member_seq FROM refmanager.changes WHERE member_id = %s "
                "AND member_seq = ANY(%s)",
                (member, seqs),
            )
        }
        row = conn.execute("SELECT coalesce(max(seq), 0) FROM refmanager.changes").fetchone()
        seq = int(row[0]) if row else 0
        uids = list({c.uid for c in changes})
        state: dict[str, list[Any]] = {
            r[0]: [r[1], r[2], r[3], r[4], r[5]]
            for r in conn.execute(
                "SELECT uid, kind, fields, versions, writers, deleted FROM refmanager.entities "
                "WHERE uid = ANY(%s) FOR UPDATE",
                (uids,),
            )
        }
        touched: dict[str, int] = {}
        log: list[tuple[Any, ...]] = []
        conflicts: list[tuple[Any, ...]] = []
        results: list[PushResult] = []
        for change in changes:
            if change.seq in done:
                results.append(PushResult(change.seq, 0, duplicate=True))
                continue
            seq += 1
            result = PushResult(change.seq, seq, change.uid, change.kind)
            current = state.get(change.uid)
            applied: dict[str, Any] = {}
            if change.op == "delete":  # the writers say who deleted it
                if current is not None and not current[4]:
                    current[1], current[3], current[4] = {}, {"*": member}, True
                    touched[change.uid] = seq
                elif current is None:
                    state[change.uid] = [change.kind, {}, {}, {"*": member}, True]
                    touched[change.uid] = seq
            elif current is None:
                fields = {k: v for k, v in change.fields.items() if v is not None}
                state[change.uid] = [
                    change.kind,
                    fields,
                    dict.fromkeys(change.fields, seq),
                    dict.fromkeys(change.fields, member),
                    False,
                ]
                applied = change.fields
                touched[change.uid] = seq
            elif current[4]:
                conflicts.append((change.uid, change.kind, DELETED_FIELD, None, change.fields, seq))
                result.conflicts[DELETED_FIELD] = (None, 0)
            else:
                _kind, fields, versions, writers, _deleted = current
                for name, value in change.fields.items():
                    version = int(versions.get(name, 0))
                    if (
                        version == change.bases.get(name, 0)
                        or writers.get(name) == member
                        or fields.get(name) == value
                    ):
                        if value is None:
                            fields.pop(name, None)
                        else:
                            fields[name] = value
                        versions[name], writers[name] = seq, member
                        applied[name] = value
                    else:
                        conflicts.append(
                            (change.uid, change.kind, name, fields.get(name), value, seq)
                        )
                        result.conflicts[name] = (fields.get(name), version)
                if applied:
                    touched[change.uid] = seq
            result.applied = list(applied)
            results.append(result)
            text = change.text if applied is change.fields and change.text else _JSON(applied)
            log.append((seq, member, change.seq, change.uid, change.kind, change.op, text))
        with conn.cursor() as cur:
            with cur.copy(
                "COPY refmanager.changes (seq, member_id, member_seq, uid, kind, op, fields) "
                "FROM STDIN"
            ) as copy:
                for item in log:
                    copy.write_row(item)
            cur.execute(
                "CREATE TEMP TABLE IF NOT EXISTS push_entities "
                "(LIKE refmanager.entities) ON COMMIT DELETE ROWS"
            )
            with cur.copy(
                "COPY push_entities (uid, kind, fields, versions, writers, deleted, seq) FROM STDIN"
            ) as copy:
                for uid, at in touched.items():
                    kind, fields, versions, writers, deleted = state[uid]
                    copy.write_row(
                        (uid, kind, _JSON(fields), _JSON(versions), _JSON(writers), deleted, at)
                    )
            cur.execute(
                "INSERT INTO refmanager.entities SELECT * FROM push_entities "
                "ON CONFLICT (uid) DO UPDATE SET fields = excluded.fields, "
                "versions = excluded.versions, writers = excluded.writers, "
                "deleted = excluded.deleted, seq = excluded.seq"
            )
            if conflicts:
                cur.executemany(
                    "INSERT INTO refmanager.conflicts (uid, kind, field, kept, other, seq) "
                    "VALUES (%s, %s, %s, %s, %s, %s)",
                    [(u, k, f, Jsonb(a), Jsonb(b), s) for u, k, f, a, b, s in conflicts],
                )
            if log:
                cur.execute("SELECT pg_notify(%s, %s)", (CHANNEL, str(seq)))
        return results

    def pull(self, after: int, member: str = "", batch: int = 2000) -> Iterator[list[Entity]]:
        """The entities changed after ``after``, in batches, in the order of their seq
        (one repeatable-read snapshot; a server-side cursor keeps memory flat). Those whose
        every field ``member`` wrote last are left out: it has them."""
        try:
            with self.conn.transaction():
                self.conn.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ")
                self.pulled_to = self.max_seq()  # what this snapshot holds, pulled or not
                with self.conn.cursor(name="refmanager_pull") as cur:
                    cur.itersize = batch
                    cur.execute(
                        "SELECT uid, kind, fields, versions, deleted, seq "
                        "FROM refmanager.entities e WHERE seq > %s AND EXISTS "
                        "(SELECT 1 FROM jsonb_each_text(e.writers) w WHERE w.value <> %s) "
                        "ORDER BY seq",
                        (after, member),
                    )
                    while rows := cur.fetchmany(batch):
                        yield [Entity(r[0], r[1], r[2], r[3], r[4], r[5]) for r in rows]
        except psycopg.Error as exc:
            raise self.fail(exc) from None

    def entities(self) -> dict[str, dict[str, Any]]:
        """Every entity that is not deleted: uid -> fields (for comparing)."""
        rows = self.conn.execute(
            "SELECT uid, fields FROM refmanager.entities WHERE NOT deleted"
        ).fetchall()
        return {r[0]: r[1] for r in rows}

    def conflicts(self) -> list[Conflict]:
        try:
            rows = self.conn.execute(
                "SELECT id, uid, kind, field, kept, other, author FROM refmanager.conflicts "
                "WHERE resolved IS NULL ORDER BY id"
            ).fetchall()
        except psycopg.Error as exc:
            raise self.fail(exc) from None
        return [Conflict(*r) for r in rows]

    def resolve(self, ids: Sequence[int]) -> None:
        """Mark conflicts resolved (a member chose a value)."""
        if not ids:
            return
        try:
            with self.conn.transaction():
                self.conn.execute("SELECT pg_advisory_xact_lock(%s)", (_LOCK,))
                self.conn.execute(
                    "UPDATE refmanager.conflicts SET resolved = (SELECT coalesce(max(seq), 0) "
                    "FROM refmanager.changes) WHERE id = ANY(%s)",
                    (list(ids),),
                )
                self.conn.execute("SELECT pg_notify(%s, %s)", (CHANNEL, "conflicts"))
        except psycopg.Error as exc:
            raise self.fail(exc) from None

    # ------------------------------------------------------------ files

    def missing_files(self, shas: Sequence[str]) -> set[str]:
        have = {
            r[0]
            for r in self.conn.execute(
                "SELECT sha256 FROM refmanager.files WHERE sha256 = ANY(%s)", (list(shas),)
            )
        }
        return set(shas) - have

    def put_file(self, sha256: str, data: bytes) -> None:
        try:
            self.conn.execute(
                "INSERT INTO refmanager.files (sha256, size, data) VALUES (%s, %s, %s) "
                "ON CONFLICT (sha256) DO NOTHING",
                (sha256, len(data), data),
            )
        except psycopg.Error as exc:
            raise self.fail(exc) from None

    def get_file(self, sha256: str) -> bytes | None:
        try:
            row = self.conn.execute(
                "SELECT data FROM refmanager.files WHERE sha256 = %s", (sha256,)
            ).fetchone()
        except psycopg.Error as exc:
            raise self.fail(exc) from None
        return bytes(row[0]) if row else None

    def max_seq(self) -> int:
        row = self.conn.execute("SELECT coalesce(max(seq), 0) FROM refmanager.changes").fetchone()
        return int(row[0]) if row else 0


_SCHEMA = [
    "CREATE SCHEMA refmanager",
    "CREATE TABLE refmanager.meta (name text PRIMARY KEY, value text NOT NULL)",
    """CREATE TABLE refmanager.changes (
        seq bigint PRIMARY KEY,
        member_id text NOT NULL,
        member_seq bigint NOT NULL,
        author name NOT NULL DEFAULT current_user,
        uid text NOT NULL,
        kind text NOT NULL,
        op text NOT NULL CHECK (op IN ('put', 'delete')),
        fields jsonb NOT NULL,
        at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (member_id, member_seq))""",
    """CREATE TABLE refmanager.entities (
        uid text PRIMARY KEY,
        kind text NOT NULL,
        fields jsonb NOT NULL,
        versions jsonb NOT NULL,
        writers jsonb NOT NULL,
        deleted boolean NOT NULL DEFAULT false,
        seq bigint NOT NULL)""",
    "CREATE INDEX entities_seq ON refmanager.entities (seq)",
    """CREATE TABLE refmanager.conflicts (
        id bigserial PRIMARY KEY,
        uid text NOT NULL,
        kind text NOT NULL,
        field text NOT NULL,
        kept jsonb,
        other jsonb,
        author name NOT NULL DEFAULT current_user,
        seq bigint NOT NULL,
        resolved bigint)""",
    """CREATE TABLE refmanager.files (
        sha256 text PRIMARY KEY CHECK (sha256 ~ '^[0-9a-f]{64}$'),
        size bigint NOT NULL,
        data bytea NOT NULL,
        added timestamptz NOT NULL DEFAULT now())""",
]
