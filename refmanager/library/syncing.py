"""One sync of a member library with its server: capture, push, pull, files (decision 0031).

Every step is a transaction of its own on each side, and each can be cut short (the member
killed, the server stopped) without losing or doubling a change: the next sync goes on from
what was committed.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from refmanager.library.library import Library
from refmanager.library.serverterms import NotAllowed, ServerError
from refmanager.library.syncstate import Conflict, Membership, Pulled
from refmanager.model import InputError

if TYPE_CHECKING:  # a type only: the connection (and psycopg) is the caller's
    from refmanager.library.pgserver import Server

BATCH = 2000
# what a sync reports after each batch: ("push" | "pull" | "files", how many so far)
Progress = Callable[[str, int], None]


@dataclass(slots=True)
class SyncReport:
    """What one sync did, and the conflicts that wait for a person."""

    pushed: int = 0
    pulled: int = 0
    files: int = 0
    conflicts: list[Conflict] = field(default_factory=list)
    role: str = ""
    changed: Pulled = field(default_factory=Pulled)  # what the pull changed here


def membership(lib: Library) -> Membership:
    state = lib.sync.membership()
    if state is None:
        raise InputError(str(lib.folder), "this library is not shared (refmanager share URL)")
    return state


def publish(
    lib: Library, server: Server, url: str, *, progress: Progress | None = None
) -> SyncReport:
    """Share ``lib`` on an empty database: create the schema, make ``lib`` its first member
    and send everything it holds."""
    if lib.sync.membership() is not None:
        raise InputError(str(lib.folder), "this library is shared already")
    library_id = hashlib.sha256(f"{url}\x1f{lib.folder}".encode()).hexdigest()[:32]
    server.create(library_id)
    lib.sync.join(url, library_id, server.role())
    return sync(lib, server, progress=progress)


def join(lib: Library, server: Server, url: str, *, progress: Progress | None = None) -> SyncReport:
    """Make ``lib`` (a new, empty library) a member of the shared library and pull it."""
    library_id, role = server.check()
    if lib.sync.membership() is not None:
        raise InputError(str(lib.folder), "this library is shared already")
    lib.sync.join(url, library_id, role)
    return sync(lib, server, progress=progress)


def sync(
    lib: Library,
    server: Server,
    *,
    batch: int = BATCH,
    progress: Progress | None = None,
    files: bool = True,
) -> SyncReport:
    """Exchange changes with the server now; with ``files``, fetch every document's file
    this library lacks too (without, a file is fetched when it is asked for:
    :func:`fetch_file`).

    Raises:
        ServerUnavailable: the server cannot be reached (what was committed stays).
        NotAllowed: a reader has local changes (what the server holds is pulled first).
        NewerSchema: the server's schema is newer than this refmanager's.
    """
    state = membership(lib)
    library_id, role = server.check()
    if library_id != state.library:
        raise ServerError(server.url, "this database holds another shared library")
    if role != state.role:
        lib.sync.set_role(role)
    report = SyncReport(role=role)
    refused: NotAllowed | None = None
    # a second round when the pull's deletes changed rows here (a collection's
    # sub-collections, links to a tag or collection another member used meanwhile)
    for _round in range(2):
        lib.sync.capture()
        if role == "reader":
            if lib.sync.pending(1):
                refused = NotAllowed(
                    server.url,
                    "you are a reader of this shared library: your local changes cannot be "
                    "shared (ask its owner for the editor role)",
                )
        else:
            report.files += _upload_files(lib, server)
            while changes := lib.sync.pending(batch):
                results = server.push(state.member, changes)
                lib.sync.pushed(results)
                report.pushed += len(changes)
                if progress is not None:
                    progress("push", report.pushed)
            resolved = [c.id for c in lib.sync.conflicts(resolved=True)]
            server.resolve(resolved)
            lib.sync.forget_resolved(resolved)
        after = membership(lib).pulled
        for entities in server.pull(after, state.member, batch):
            changed = lib.sync.apply_pulled(entities, max(e.seq for e in entities))
            report.pulled += changed.count
            report.changed += changed
            if progress is not None:
                progress("pull", report.pulled)
        lib.sync.set_pulled(server.pulled_to)
        if role == "reader" or not lib.sync.pending_count():
            break
    lib.sync.set_conflicts(server.conflicts())
    if files:
        report.files += _fetch_files(lib, server, progress)
    report.conflicts = lib.sync.conflicts()
    if refused is not None:
        raise refused
    lib.sync.mark_synced()
    return report


def _upload_files(lib: Library, server: Server) -> int:
    """Send the files of this library's documents that the server does not hold."""
    local = {
        sha: name
        for sha, name in lib.sync.missing_files()
        if lib.documents.stored_path(sha, name).exists()
    }
    sent = 0
    for sha in sorted(server.missing_files(sorted(local))):
        data = lib.documents.stored_path(sha, local[sha]).read_bytes()
        if hashlib.sha256(data).hexdigest() != sha:
            continue  # changed on disk since it was stored: not this document's file
        server.put_file(sha, data)
        sent += 1
    return sent


def _fetch_files(lib: Library, server: Server, progress: Progress | None) -> int:
    """Fetch the files of documents this library has no file for yet."""
    fetched = 0
    for sha, name in lib.sync.missing_files():
        if fetch_file(lib, server, sha, name):
            fetched += 1
            if progress is not None:
                progress("files", fetched)
    return fetched


def fetch_file(lib: Library, server: Server, sha: str, name: str) -> bool:
    """Fetch one document's file (by its content hash) unless it is here; whether it is
    here now (False: no member has sent it yet)."""
    path = lib.documents.stored_path(sha, name)
    if path.exists():
        return True
    data = server.get_file(sha)
    if data is None or hashlib.sha256(data).hexdigest() != sha:
        return False  # not uploaded yet (its member has not synced since)
    with lib.sync.transaction():  # allowed for a reader too
        lib.documents.record_stored_file(sha)
    part = path.with_name(path.name + ".part")
    part.write_bytes(data)
    part.replace(path)
    return True


def differences(lib: Library, server: Server) -> list[str]:
    """What differs between this library and the server (empty when they agree)."""
    local = lib.sync.snapshot()
    remote = server.entities()
    out = [f"only here: {uid}" for uid in sorted(local.keys() - remote.keys())]
    out += [f"only on the server: {uid}" for uid in sorted(remote.keys() - local.keys())]
    for uid in sorted(local.keys() & remote.keys()):
        if local[uid] != remote[uid]:
            names = sorted(
                k
                for k in local[uid].keys() | remote[uid].keys()
                if local[uid].get(k) != remote[uid].get(k)
            )
            out.append(f"{uid}: {', '.join(names)}")
    return out
