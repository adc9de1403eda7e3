"""A lab's shared library (decision 0031): share, join, sync, members, conflicts, live sync.

The local library stays the working copy; these use cases exchange its changes with a
PostgreSQL database. A password given in a URI is moved to libpq's password file and never
stored in the library, its settings or any message. :class:`LiveSync` (run by
``refmanager watch`` and the window) listens for the server's notifications and for this
library's own commits, and syncs at once, on a thread and connections of its own.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import unquote, urlsplit

from refmanager.library import Library
from refmanager.library.serverterms import (
    NewerSchema,
    NotAllowed,
    ServerError,
    ServerUnavailable,
    redact,
    safe_url,
    url_password,
)
from refmanager.library.syncing import (
    Progress,
    SyncReport,
    differences,
    fetch_file,
    membership,
)
from refmanager.library.syncing import join as join_library
from refmanager.library.syncing import publish as publish_library
from refmanager.library.syncing import sync as sync_library
from refmanager.library.syncstate import Conflict
from refmanager.model import InputError
from refmanager.model.options import MEMBER_ROLES
from refmanager.service.files import user_text_file
from refmanager.service.opening import open_library
from refmanager.service.views import Change, Changes

if TYPE_CHECKING:  # a type only: the connection module is loaded where one is opened
    from refmanager.library.pgserver import Server

__all__ = [
    "ROLES",
    "Conflict",
    "LiveState",
    "LiveSync",
    "LiveSyncProcess",
    "NewerSchema",
    "NotAllowed",
    "ServerError",
    "ServerUnavailable",
    "ShareStatus",
    "SyncReport",
    "add_member",
    "agrees",
    "choose",
    "choose_conflict",
    "conflicts",
    "fetch_document_file",
    "join",
    "members",
    "remove_member",
    "safe_url",
    "share",
    "status",
    "sync",
]

ROLES = MEMBER_ROLES


# ------------------------------------------------------------ passwords


def password_file() -> Path:
    """libpq's password file: ``$PGPASSFILE``, else ``~/.pgpass``."""
    return Path(os.environ.get("PGPASSFILE") or Path.home() / ".pgpass").expanduser()


def _escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace(":", "\\:")


def remember_password(url: str) -> str:
    """Move the URI's password (if any) to libpq's password file (mode 0600); the URI
    without it, which libpq completes from that file by itself."""
    password = url_password(url)
    if password is None:
        return url
    parts = urlsplit(url)
    host = parts.hostname or "localhost"
    port = str(parts.port or 5432)
    user = unquote(parts.username or os.environ.get("USER", ""))
    database = unquote(parts.path.lstrip("/")) or user
    key = ":".join(_escape(v) for v in (host, port, database, user))
    path = password_file()
    lines = path.read_text(encoding="utf-8").splitlines() if path.exists() else []
    kept = [line for line in lines if not line.startswith(key + ":")]
    kept.append(f"{key}:{_escape(password)}")
    path.parent.mkdir(parents=True, exist_ok=True)
    with user_text_file(path, None, private=True) as handle:  # libpq wants it 0600
        handle.write("\n".join(kept) + "\n")
    return safe_url(url)


def _connect(url: str) -> Server:
    """A connection to the server: where a process first talks to one, it loads the
    PostgreSQL client (``library.pgserver``, the connection module). A window on a library
    that is not shared never does: psycopg's 23,500 objects are not in its process, nor in
    each full pass of its cyclic collector."""
    from refmanager.library.pgserver import Server

    return Server.connect(url)


# ------------------------------------------------------------ use cases


def share(
    folder: Path,
    url: str,
    *,
    progress: Progress | None = None,
) -> SyncReport:
    """Publish the library in ``folder`` to the (empty) database ``url`` names and make it
    its first member (the owner).

    Raises:
        InputError: the library is shared already, the database holds a shared library,
            the user may not create it there, or the server cannot be reached.
    """
    stored = remember_password(url)
    with open_library(folder, create=False) as lib, _connect(url) as server:
        return publish_library(lib, server, stored, progress=progress)


def join(folder: Path, url: str, *, progress: Progress | None = None) -> SyncReport:
    """Make a new local library in ``folder`` that mirrors the shared library ``url``.

    Raises:
        InputError: ``folder`` holds a library with references already, the user is not a
            member, or the server cannot be reached.
    """
    stored = remember_password(url)
    with _connect(url) as server:
        server.check()  # before anything is created here
        with open_library(folder) as lib:
            if lib.search.count("") or lib.documents.document_count():
                raise InputError(
                    str(folder),
                    "join makes a new library: this folder holds one already "
                    "(share it instead, or choose another folder)",
                )
            return join_library(lib, server, stored, progress=progress)


def sync(lib: Library, *, url: str | None = None, progress: Progress | None = None) -> SyncReport:
    """Exchange changes with the server now (``url`` overrides the stored one, e.g. with a
    password or other TLS settings; its password is moved to the password file).

    Raises:
        ServerUnavailable: the server cannot be reached; NotAllowed: a reader's local changes;
        NewerSchema; InputError: the library is not shared.
    """
    state = membership(lib)
    target = url or state.url
    if url is not None:
        stored = remember_password(url)
        if stored != state.url:
            lib.sync.set_url(stored)
    with _connect(target) as server:
        return sync_library(lib, server, progress=progress)


def agrees(lib: Library) -> list[str]:
    """What differs between the library and its server (empty when they agree)."""
    with _connect(membership(lib).url) as server:
        return differences(lib, server)


@dataclass(slots=True)
class ShareStatus:
    """A library's membership as the window and ``sync`` show it."""

    url: str
    role: str
    pending: int
    conflicts: int
    synced: float | None


def status(lib: Library) -> ShareStatus | None:
    """None when the library is not shared."""
    state = lib.sync.membership()
    if state is None:
        return None
    return ShareStatus(
        state.url, state.role, lib.sync.pending_count(), len(lib.sync.conflicts()), state.synced
    )


def conflicts(lib: Library) -> list[Conflict]:
    """The conflicts waiting for a person (both values of one field)."""
    return lib.sync.conflicts()


def choose(lib: Library, conflict_id: int, *, take_other: bool) -> None:
    """Resolve a conflict: keep the value the server kept, or take the other one. The
    choice reaches the server with the next sync.

    Raises:
        InputError: no such conflict waits.
    """
    try:
        lib.sync.choose(conflict_id, take_other)
    except KeyError:
        raise InputError(str(lib.folder), f"no conflict {conflict_id} waits") from None


def choose_conflict(conflict: Conflict, *, take_other: bool) -> Change[None]:
    """:func:`choose` as an undoable change (the window's conflict chooser)."""
    what = "the other value" if take_other else "the kept value"
    touched = Changes(structure=True, sidebar=True)

    def do(lib: Library) -> None:
        choose(lib, conflict.id, take_other=take_other)

    def undo(lib: Library, _token: None) -> None:
        lib.sync.unchoose(conflict.id, take_other)

    return Change(f"choose {what} of {conflict.field}", do, undo, touched)


def fetch_document_file(folder: Path, document_id: int) -> Path | None:
    """Fetch a shared document's file now (the window asks when it shows the document);
    where it is, or None (not a shared library's document, or no member sent it yet).

    Raises:
        ServerUnavailable: the server cannot be reached.
    """
    with open_library(folder, create=False) as lib:
        path = lib.documents.file_path(document_id)
        if path is None or path.exists() or lib.sync.membership() is None:
            return path if path is not None and path.exists() else None
        sha = path.name.split(".", 1)[0]
        with _connect(membership(lib).url) as server:
            return path if fetch_file(lib, server, sha, path.name) else None


def members(lib: Library) -> list[tuple[str, str]]:
    """``(login role, owner|editor|reader)`` of every member."""
    with _connect(membership(lib).url) as server:
        return server.members()


def add_member(lib: Library, name: str, role: str) -> None:
    """Give a login role of the server the role ``editor`` or ``reader`` (an owner's act;
    changing a member's role is adding them again)."""
    if role not in ROLES:
        raise InputError(name, f"a member's role is editor or reader, not {role!r}")
    with _connect(membership(lib).url) as server:
        server.set_member(name, role)


def remove_member(lib: Library, name: str) -> None:
    with _connect(membership(lib).url) as server:
        server.set_member(name, None)


# ------------------------------------------------------------ live


@dataclass(slots=True)
class LiveState:
    """What the live sync is doing: ``connecting``, ``online``, ``syncing``, ``offline``
    (``message`` says why; it retries) or ``stopped``; the last sync's report. ``pending``
    is what waits to be sent; after an ``online`` state (without a refusal's message) it
    was made while that sync ran, and the next sync starts at once."""

    status: str
    message: str = ""
    report: SyncReport | None = None
    pending: int = 0
    conflicts: list[Conflict] = field(default_factory=list)


RETRY_SECONDS = 5.0
POLL_SECONDS = 0.1


class LiveSync:
    """Keeps a shared library in step while it runs: syncs when the server notifies a
    change (LISTEN/NOTIFY), when this library's file is written by another connection
    (the window, the CLI: SQLite's ``data_version``), and every ``RETRY_SECONDS`` when the
    server is away. ``on_state`` is called on the live sync's own thread."""

    def __init__(
        self,
        folder: Path,
        on_state: Callable[[LiveState], None],
        *,
        poll: float = POLL_SECONDS,
        retry: float = RETRY_SECONDS,
        files: bool = True,
    ) -> None:
        self.folder = folder
        self.files = files  # False: files are fetched when asked for (the window's)
        self.on_state = on_state
        self.poll = poll
        self.retry = retry
        self._stop = threading.Event()
        self._wake = threading.Event()
        self._thread: threading.Thread | None = None

    def sync_now(self) -> None:
        self._wake.set()

    def start(self) -> None:
        if self._thread is not None:
            return
        self._stop.clear()
        self._thread = threading.Thread(target=self._run_quietly, name="live-sync", daemon=True)
        self._thread.start()

    def stop(self, timeout: float = 10.0) -> None:
        self._stop.set()
        self._wake.set()
        if self._thread is not None:
            self._thread.join(timeout)
            self._thread = None

    def _run_quietly(self) -> None:
        try:
            self.run()
        except InputError as exc:
            self.on_state(LiveState("stopped", str(exc)))

    def run(self) -> None:
        """Sync until :meth:`stop` (blocks; ``refmanager watch`` runs it)."""
        with open_library(self.folder, create=False) as lib:
            url = membership(lib).url
            while not self._stop.is_set():
                self.on_state(LiveState("connecting"))
                try:
                    self._connected(lib, url)
                except ServerUnavailable as exc:
                    message = redact(str(exc), url)
                    self.on_state(LiveState("offline", message, pending=lib.sync.pending_count()))
                    self._wake.wait(self.retry)
                    self._wake.clear()

    def _connected(self, lib: Library, url: str) -> None:
        from refmanager.library import pgserver  # the connection module (see _connect)

        with (
            pgserver.unreachable_as_offline(url),
            pgserver.Server.connect(url) as server,
            pgserver.Listener.connect(url) as listener,
        ):
            seen = lib.exports.data_version()
            due = True
            while not self._stop.is_set():
                if due:
                    # read before the sync: a commit another connection makes while it runs
                    # (after its capture) moves the version again and starts the next one
                    seen = lib.exports.data_version()
                    self._sync_once(lib, server)
                notified = listener.notified(self.poll)
                version = lib.exports.data_version()
                due = notified or version != seen or self._wake.is_set()
                self._wake.clear()

    def _sync_once(self, lib: Library, server: Server) -> None:
        self.on_state(LiveState("syncing", pending=lib.sync.pending_count()))
        try:
            report = sync_library(lib, server, files=self.files)
        except NotAllowed as exc:
            self.on_state(
                LiveState("online", str(exc), None, lib.sync.pending_count(), lib.sync.conflicts())
            )
            return
        except ServerUnavailable:
            raise
        except ServerError as exc:
            self.on_state(LiveState("offline", str(exc), pending=lib.sync.pending_count()))
            raise ServerUnavailable(exc.source, exc.cause) from None
        self.on_state(LiveState("online", "", report, lib.sync.pending_count(), report.conflicts))


class LiveSyncProcess:
    """:class:`LiveSync` in a worker process of its own (the window's: its JSON, merging and
    SQLite work never competes with the window's thread for the GIL). ``on_state`` is
    called on a thread that reads the worker's pipe."""

    def __init__(self, folder: Path, on_state: Callable[[LiveState], None]) -> None:
        self.folder = folder
        self.on_state = on_state
        self._pipe: Any = None
        self._process: Any = None
        self._reader: threading.Thread | None = None

    def start(self) -> None:
        if self._process is not None:
            return
        context = multiprocessing.get_context("spawn")
        self._pipe, child = context.Pipe()
        self._process = context.Process(
            target=_serve_live, args=(self.folder, child), name="live-sync", daemon=True
        )
        self._process.start()
        child.close()
        self._reader = threading.Thread(target=self._read, name="live-sync-pipe", daemon=True)
        self._reader.start()

    def _read(self) -> None:
        while True:
            try:
                state = self._pipe.recv()
            except (EOFError, OSError):
                return
            self.on_state(state)

    def sync_now(self) -> None:
        if self._pipe is not None:
            with contextlib.suppress(OSError):
                self._pipe.send("sync")

    def stop(self, timeout: float = 10.0) -> None:
        if self._process is None:
            return
        with contextlib.suppress(OSError):
            self._pipe.send("stop")
        self._process.join(timeout)
        if self._process.is_alive():
            self._process.terminate()
            self._process.join(timeout)
        self._pipe.close()
        if self._reader is not None:
            self._reader.join(timeout)
        self._process = self._pipe = self._reader = None


def _serve_live(folder: Path, pipe: Any) -> None:
    """The worker process of :class:`LiveSyncProcess`: states out, requests in. Files are
    fetched when the window shows their document (:func:`fetch_document_file`)."""
    live = LiveSync(folder, pipe.send, files=False)
    live.start()
    try:
        while True:
            try:
                request = pipe.recv()
            except (EOFError, OSError):
                break
            if request == "stop":
                break
            live.sync_now()
    finally:
        live.stop()
        pipe.close()
