"""A shared library's local side: membership, the local change log, the shadow, conflicts.

Decision 0031. The triggers of migration 0010 mark the rows written (``sync_dirty``) while
the library is a member; :meth:`SyncStore.capture` turns them into changes in the local log
(``sync_log``: the fields that differ from the shadow, each with the server version it is
based on, numbered by this member's own sequence). Pushing sends the log in order and
:meth:`SyncStore.pushed` applies the server's answer; :meth:`SyncStore.apply_pulled` writes
what other members changed. Each of these runs in one SQLite transaction, so a member killed
in the middle of a sync loses nothing and sends nothing twice.
"""

from __future__ import annotations

import contextlib
import json
import uuid
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from refmanager.library.connection import Connection, Store, timestamp
from refmanager.library.syncrows import (
    COLLECTION_PREFIX,
    KINDS,
    LINK_PREFIXES,
    EntityRows,
    Fields,
)
from refmanager.model import InputError

_ENCODE = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"), sort_keys=True).encode
DELETED_FIELD = "(deleted)"  # a conflict's field when an edit met a deleted entity


@dataclass(slots=True)
class Membership:
    """What this library knows of the shared library it belongs to."""

    url: str  # without a password
    library: str
    member: str
    role: str
    pulled: int
    next_seq: int
    synced: float | None


@dataclass(slots=True)
class Change:
    """One change of the local log: one entity's changed fields (or its deletion)."""

    seq: int
    uid: str
    kind: str
    op: str  # put | delete
    fields: Fields
    bases: dict[str, int]
    text: str = ""  # ``fields`` as the log holds it (JSON), sent as it is


@dataclass(slots=True)
class Pulled:
    """What a pull changed here: how many rows; references changed in place (``rows``);
    whether rows came or went (``structure``) and whether tags, searches or documents
    changed (``sidebar``), for a window's refresh."""

    count: int = 0
    rows: set[int] = field(default_factory=set)
    structure: bool = False
    sidebar: bool = False
    # entities the server holds that this library cannot store (uid: why), left out
    problems: list[str] = field(default_factory=list)

    def note(
        self,
        kind: str,
        local_id: int | None,
        *,
        added: bool,
        tagged: bool = False,
        grouped: bool = False,
    ) -> None:
        """One row written: ``added`` (or removed, or moved between documents or merged),
        ``tagged`` (its tags or collections changed: the sidebar's counts), ``grouped``
        (its collections changed: a collection's listing)."""
        self.count += 1
        if kind == "ref" and not added and local_id is not None:
            self.rows.add(local_id)
        elif kind in ("ref", "document") and added:
            self.structure = True
        if kind in ("document", "tag", "collection", "search") or (
            kind == "ref" and (added or tagged)
        ):
            self.sidebar = True
        if kind in ("tag", "collection") or (kind == "ref" and grouped):
            # rows show their tags' names; a collection's view lists its members
            self.structure = True

    def __iadd__(self, other: Pulled) -> Pulled:
        self.count += other.count
        self.rows |= other.rows
        self.structure |= other.structure
        self.sidebar |= other.sidebar
        self.problems += other.problems
        return self


@dataclass(slots=True)
class PushResult:
    """The server's answer to one change."""

    member_seq: int
    seq: int  # the server's number for it (0 when it was there already)
    uid: str = ""
    kind: str = ""
    applied: list[str] = field(default_factory=list)
    # fields the server kept its own value for: field -> (value, version)
    conflicts: dict[str, tuple[Any, int]] = field(default_factory=dict)
    duplicate: bool = False


@dataclass(slots=True)
class Entity:
    """An entity as the server holds it."""

    uid: str
    kind: str
    fields: Fields
    versions: dict[str, int]
    deleted: bool
    seq: int


@dataclass(slots=True)
class Conflict:
    """Two values of one field: the one the server kept, the other one, who wrote it."""

    id: int
    uid: str
    kind: str
    field: str
    kept: Any
    other: Any
    author: str
    resolved: bool = False
    title: str = ""  # the entity's title or name, for showing it


class SyncStore(Store):
    """The ``sync_*`` tables, over the library's rows (:class:`EntityRows`)."""

    def __init__(self, connection: Connection, rows: EntityRows) -> None:
        super().__init__(connection)
        self.rows = rows

    # ------------------------------------------------------------ membership

    def membership(self) -> Membership | None:
        row = self._read(
            "SELECT url, library, member, role, pulled, next_seq, synced FROM sync_state"
        )
        return Membership(*row[0]) if row else None

    def join(self, url: str, library: str, role: str) -> Membership:
        """Make this library a member; every row it holds is to be captured (shared)."""
        with self.transaction():
            self.conn.execute(
                "INSERT INTO sync_state (id, url, library, member, role) VALUES (1, ?, ?, ?, ?)",
                (url, library, uuid.uuid4().hex, role),
            )
            for kind in KINDS:
                self.conn.executemany(
                    "INSERT OR IGNORE INTO sync_dirty (kind, local_id) VALUES (?, ?)",
                    [(kind, i) for i in self.rows.all_ids(kind)],
                )
        found = self.membership()
        assert found is not None
        self.refuse_if_reader()
        return found

    def set_role(self, role: str) -> None:
        with self.transaction():
            self.conn.execute("UPDATE sync_state SET role = ?", (role,))
        self.refuse_if_reader()

    def refuse_if_reader(self) -> None:
        """A reader of a shared library may not change it: every change is refused here
        (the server refuses it too); syncing still writes what the server holds."""
        state = self.membership() if self._is_member_schema() else None
        self.connection.refusal = (
            InputError(
                state.url,
                "this library is shared with you as a reader: it cannot be changed "
                "(ask its owner for the editor role)",
            )
            if state is not None and state.role == "reader"
            else None
        )

    def refusing(self) -> bool:
        """Whether changes are refused (a reader's library)."""
        return self.connection.refusal is not None

    def _is_member_schema(self) -> bool:
        return bool(
            self._read("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'sync_state'")
        )

    def transaction(self) -> contextlib.AbstractContextManager[None]:
        """The sync's own transactions: allowed for a reader (see :meth:`refuse_if_reader`)."""
        return self.connection.transaction(syncing=True)

    def set_url(self, url: str) -> None:
        with self.transaction():
            self.conn.execute("UPDATE sync_state SET url = ?", (url,))

    def set_pulled(self, seq: int) -> None:
        """Everything up to ``seq`` is here (what a pull left out was this member's own)."""
        with self.transaction():
            self.conn.execute("UPDATE sync_state SET pulled = max(pulled, ?)", (seq,))

    def mark_synced(self) -> None:
        with self.transaction():
            self.conn.execute("UPDATE sync_state SET synced = ?", (timestamp(),))

    def pending_count(self) -> int:
        """Changes not on the server yet (captured or not), a conflict's choice not told
        to it yet included (keeping the kept value writes no row, yet it has to be sent)."""
        rows = self._read(
            "SELECT (SELECT count(*) FROM sync_log) + (SELECT count(*) FROM sync_dirty)"
            " + (SELECT count(*) FROM sync_conflicts WHERE resolved)"
        )
        return int(rows[0][0])

    # ------------------------------------------------------------ capture

    def capture(self) -> int:
        """Turn the rows written since the last capture into changes; how many."""
        with self.transaction():
            return self._capture()

    def _capture(self) -> int:
        self.rows.forget()
        dirty: dict[str, list[int]] = {}
        for kind, local_id in self.conn.execute("SELECT kind, local_id FROM sync_dirty"):
            dirty.setdefault(kind, []).append(local_id)
        if not dirty:
            return 0
        state = self.membership()
        assert state is not None
        next_seq = state.next_seq
        log: list[tuple[Any, ...]] = []
        shadow_rows: list[tuple[Any, ...]] = []
        for kind in KINDS:
            ids = dirty.get(kind, [])
            if not ids:
                continue
            current = self.rows.read(kind, ids)
            for start in range(0, len(ids), 5000):
                chunk = ids[start : start + 5000]
                uids = {i: str(self.rows.uid_of(kind, i)) for i in chunk if i in current}
                gone = self._uids_of(kind, [i for i in chunk if i not in current])
                shadows = self._shadows([*uids.values(), *gone.values()])
                for local_id, uid in uids.items():
                    fields = current[local_id]
                    if uid not in shadows:  # new: every field, based on nothing
                        text = _ENCODE(fields)
                        log.append((next_seq, uid, kind, "put", text, "{}"))
                        shadow_rows.append((uid, kind, text, "{}", 0))
                        next_seq += 1
                        continue
                    old, versions, _ = shadows[uid]
                    changed = {f: v for f, v in fields.items() if old.get(f) != v}
                    changed.update({f: None for f in old if f not in fields})
                    if not changed:
                        continue
                    bases = {f: int(versions.get(f, 0)) for f in changed}
                    log.append((next_seq, uid, kind, "put", _ENCODE(changed), _ENCODE(bases)))
                    shadow_rows.append((uid, kind, _ENCODE(fields), _ENCODE(versions), 0))
                    next_seq += 1
                for local_id, uid in gone.items():
                    old, versions, deleted = shadows.get(uid, ({}, {}, False))
                    self.rows.unbind(kind, local_id)
                    if deleted or uid not in shadows:
                        continue  # never shared, or deleted by the server already
                    log.append((next_seq, uid, kind, "delete", "{}", "{}"))
                    shadow_rows.append((uid, kind, "{}", _ENCODE(versions), 1))
                    next_seq += 1
        self.conn.executemany(
            "INSERT INTO sync_log (seq, uid, kind, op, fields, bases) VALUES (?, ?, ?, ?, ?, ?)",
            log,
        )
        self._put_shadows(shadow_rows)
        self.conn.execute("UPDATE sync_state SET next_seq = ?", (next_seq,))
        self.conn.execute("DELETE FROM sync_dirty")
        return len(log)

    def _uids_of(self, kind: str, ids: Sequence[int]) -> dict[int, str]:
        if not ids:
            return {}
        rows = self.conn.execute(
            "SELECT local_id, uid FROM sync_ids WHERE kind = ? AND local_id IN "
            "(SELECT value FROM json_each(?))",
            (kind, json.dumps(list(ids))),
        )
        return {int(r[0]): str(r[1]) for r in rows}

    def _shadows(self, uids: Iterable[str]) -> dict[str, tuple[Fields, dict[str, int], bool]]:
        wanted = list(uids)
        if not wanted:
            return {}
        rows = self.conn.execute(
            "SELECT uid, fields, versions, deleted FROM sync_shadow WHERE uid IN "
            "(SELECT value FROM json_each(?))",
            (json.dumps(wanted),),
        )
        return {r[0]: (json.loads(r[1]), json.loads(r[2]), bool(r[3])) for r in rows}

    def _put_shadows(self, rows: Sequence[tuple[Any, ...]]) -> None:
        self.conn.executemany(
            "INSERT OR REPLACE INTO sync_shadow (uid, kind, fields, versions, deleted) "
            "VALUES (?, ?, ?, ?, ?)",
            rows,
        )

    # ------------------------------------------------------------ push

    def pending(self, limit: int) -> list[Change]:
        """The oldest changes not pushed yet, in order."""
        rows = self._read(
            "SELECT seq, uid, kind, op, fields, bases FROM sync_log ORDER BY seq LIMIT ?",
            (limit,),
        )
        return [
            Change(r[0], r[1], r[2], r[3], json.loads(r[4]), json.loads(r[5]), r[4]) for r in rows
        ]

    def pushed(self, results: Sequence[PushResult]) -> None:
        """Apply the server's answers: the changes leave the log; applied fields take the
        server's version; a conflicted field takes the server's value (unless a newer local
        change of it waits, which will meet the server's value in its own push)."""
        with self.transaction():
            self.rows.forget()
            self._capture()  # local edits made while the push was under way come first
            self.conn.execute(
                "DELETE FROM sync_log WHERE seq IN (SELECT value FROM json_each(?))",
                (json.dumps([r.member_seq for r in results]),),
            )
            # the common case: every field applied, only versions move (no JSON decoded here)
            self.conn.executemany(
                "UPDATE sync_shadow SET versions = json_patch(versions, ?) WHERE uid = ?",
                [
                    (_ENCODE(dict.fromkeys(r.applied, r.seq)), r.uid)
                    for r in results
                    if r.applied and not r.conflicts
                ],
            )
            conflicted = [r for r in results if r.conflicts]
            if not conflicted:
                return
            shadows = self._shadows(r.uid for r in conflicted)
            waiting = self._waiting_fields(r.uid for r in conflicted)
            updates: list[tuple[Any, ...]] = []
            for result in conflicted:
                if result.uid not in shadows:
                    continue
                fields, versions, deleted = shadows[result.uid]
                server_values: Fields = {}
                versions.update(dict.fromkeys(result.applied, result.seq))
                for name, (value, version) in result.conflicts.items():
                    if name == DELETED_FIELD:
                        continue  # the pull deletes it here too
                    versions[name] = version
                    if name not in waiting.get(result.uid, ()):
                        server_values[name] = value
                local_id = self.rows.local_of(result.uid)
                if server_values and not deleted and local_id is not None:
                    merged = {**fields, **server_values}
                    self.rows.write(result.kind, local_id, _present(merged))
                    if result.kind == "ref":
                        self.rows.set_merged(local_id, merged)
                    fields = self.rows.read(result.kind, [local_id]).get(local_id, merged)
                shadows[result.uid] = (fields, versions, deleted)
                updates.append(
                    (result.uid, result.kind, _ENCODE(fields), _ENCODE(versions), int(deleted))
                )
            self._put_shadows(updates)
            self.conn.execute("DELETE FROM sync_dirty")

    def _changes_by_seq(self, seqs: Sequence[int]) -> list[Change]:
        rows = self.conn.execute(
            "SELECT seq, uid, kind, op, fields, bases FROM sync_log WHERE seq IN "
            "(SELECT value FROM json_each(?))",
            (json.dumps(list(seqs)),),
        )
        return [Change(r[0], r[1], r[2], r[3], json.loads(r[4]), json.loads(r[5])) for r in rows]

    def _waiting_fields(self, uids: Iterable[str]) -> dict[str, set[str]]:
        """The fields of these entities that changes still in the log change."""
        out: dict[str, set[str]] = {}
        rows = self.conn.execute(
            "SELECT uid, op, fields FROM sync_log WHERE uid IN (SELECT value FROM json_each(?))",
            (json.dumps(list(uids)),),
        )
        for uid, op, fields in rows:
            names = out.setdefault(uid, set())
            names.update(json.loads(fields) if op == "put" else ["*"])
        return out

    # ------------------------------------------------------------ pull

    def apply_pulled(self, entities: Sequence[Entity], watermark: int) -> Pulled:
        """Write what the server holds for these entities (where no local change of the same
        field waits to be pushed), and move the watermark; what changed here."""
        with self.transaction():
            self._capture()  # an edit made since the last capture is not overwritten
            uids = [e.uid for e in entities]
            known = self._shadow_versions(uids)
            work = [e for e in entities if _news(e, known.get(e.uid))]
            waiting = self._waiting_fields(e.uid for e in work)
            local = self._locals(e.uid for e in work)
            touched = Pulled()
            cascaded: list[tuple[str, int, str]] = []  # rows a pulled delete changed here
            shadow_rows: list[tuple[Any, ...]] = []
            refs_written: list[tuple[int, Fields]] = []
            for kind in KINDS:
                of_kind = [e for e in work if e.kind == kind]
                if not of_kind:
                    continue
                current = self.rows.read(
                    kind, [local[e.uid] for e in of_kind if e.uid in local and not e.deleted]
                )
                new_refs: list[Entity] = []
                for entity in of_kind:
                    local_id = local.get(entity.uid)
                    pending = waiting.get(entity.uid, set())
                    old_versions, _ = known.get(entity.uid, ({}, False))
                    if entity.deleted:
                        if local_id is not None and "*" not in pending:
                            cascaded += self.rows.linked_to(kind, local_id)
                            self.rows.delete(kind, local_id)
                            self.rows.unbind(kind, local_id)
                            touched.note(kind, None, added=True)
                        shadow_rows.append((entity.uid, kind, "{}", _ENCODE(entity.versions), 1))
                        continue
                    if local_id is None:
                        if "*" in pending:
                            continue  # deleted here; the delete is on its way
                        if kind == "ref":
                            new_refs.append(entity)
                            continue
                        if not self._storable(entity, touched, entity.fields):
                            continue
                        local_id = self.rows.write(kind, None, entity.fields)
                        self.rows.bind(kind, local_id, entity.uid)
                        touched.note(kind, local_id, added=True)
                        shadow_rows.append(self._shadow_row(entity, local_id, entity.versions))
                        continue
                    have = current.get(local_id, {})
                    target = dict(have)
                    versions = dict(old_versions)
                    for name in {*entity.versions, *entity.fields}:
                        if name in pending:
                            continue
                        if int(entity.versions.get(name, 0)) > int(old_versions.get(name, 0)):
                            target[name] = entity.fields.get(name)
                            versions[name] = int(entity.versions.get(name, 0))
                    target = _present(target)
                    if target != have:
                        if not self._storable(entity, touched, target):
                            continue
                        self.rows.write(kind, local_id, target)
                        touched.note(
                            kind,
                            local_id,
                            added=_moved(have, target),
                            tagged=_retagged(have, target),
                            grouped=_regrouped(have, target),
                        )
                        if kind == "ref":
                            refs_written.append((local_id, target))
                    shadow_rows.append(self._shadow_row(entity, local_id, versions))
                if new_refs:
                    ids, new_refs = self._new_refs(new_refs, touched)
                    for entity, local_id in zip(new_refs, ids, strict=True):
                        self.rows.bind("ref", local_id, entity.uid)
                        refs_written.append((local_id, entity.fields))
                        shadow_rows.append(self._shadow_row(entity, local_id, entity.versions))
                    touched.count += len(new_refs)
                    touched.structure = True
            hidden = self._merged(refs_written)
            for local_id, fields in refs_written:
                if fields.get("merged_into") or local_id in hidden:
                    self.rows.set_merged(local_id, fields)
            self._store_pulled_shadows(shadow_rows)
            if self.rows.make_waiting_links():
                touched.structure = touched.sidebar = True
            self.conn.execute("UPDATE sync_state SET pulled = max(pulled, ?)", (watermark,))
            self.conn.execute("DELETE FROM sync_dirty")
            if cascaded and not self.refusing():
                # what the deletes took with them here (sub-collections, links to a tag or
                # collection another member used meanwhile) is this member's change to send
                self.rows.send_cascade(cascaded)
        return touched

    def _storable(self, entity: Entity, pulled: Pulled, fields: Fields) -> bool:
        """Whether the server's fields can be stored here; if not, the entity is named in
        ``pulled.problems`` (another client wrote it wrong) and left out."""
        try:
            self.rows.check(entity.kind, fields)
        except (TypeError, ValueError, KeyError, AttributeError) as exc:
            pulled.problems.append(f"{entity.uid}: cannot be stored here ({exc})")
            return False
        return True

    def _new_refs(self, entities: list[Entity], pulled: Pulled) -> tuple[list[int], list[Entity]]:
        """New references in bulk (those that cannot be stored left out and named)."""
        kept = [e for e in entities if self._storable(e, pulled, e.fields)]
        return self.rows.write_new_refs([e.fields for e in kept]), kept

    def _shadow_versions(self, uids: Sequence[str]) -> dict[str, tuple[dict[str, int], bool]]:
        rows = self.conn.execute(
            "SELECT uid, versions, deleted FROM sync_shadow WHERE uid IN "
            "(SELECT value FROM json_each(?))",
            (json.dumps(list(uids)),),
        )
        return {r[0]: (json.loads(r[1]), bool(r[2])) for r in rows}

    def _locals(self, uids: Iterable[str]) -> dict[str, int]:
        rows = self.conn.execute(
            "SELECT uid, local_id FROM sync_ids WHERE uid IN (SELECT value FROM json_each(?))",
            (json.dumps(list(uids)),),
        )
        return {str(r[0]): int(r[1]) for r in rows}

    def _merged(self, written: Sequence[tuple[int, Fields]]) -> set[int]:
        """Those of these references that are hidden as merged here now."""
        rows = self.conn.execute(
            "SELECT id FROM refs WHERE merged_into IS NOT NULL AND id IN "
            "(SELECT value FROM json_each(?))",
            (json.dumps([i for i, _ in written]),),
        )
        return {int(r[0]) for r in rows}

    def _shadow_row(
        self, entity: Entity, local_id: int, versions: dict[str, int]
    ) -> tuple[Any, ...]:
        return (entity.uid, entity.kind, None, _ENCODE(versions), 0, local_id)

    def _store_pulled_shadows(self, rows: Sequence[tuple[Any, ...]]) -> None:
        """Shadows of pulled entities: their fields as this library now stores them (so its
        own way of storing a value is never taken for a local change)."""
        final: list[tuple[Any, ...]] = []
        by_kind: dict[str, list[tuple[Any, ...]]] = {}
        for row in rows:
            if len(row) == 5:
                final.append(row)
            else:
                by_kind.setdefault(row[1], []).append(row)
        for kind, kind_rows in by_kind.items():
            stored = self.rows.read(kind, [r[5] for r in kind_rows])
            final.extend(
                (uid, kind, _ENCODE(stored.get(local_id, {})), versions, deleted)
                for uid, _, _, versions, deleted, local_id in kind_rows
            )
        self._put_shadows(final)

    # ------------------------------------------------------------ conflicts

    def set_conflicts(self, conflicts: Sequence[Conflict]) -> None:
        """The server's open conflicts, as pulled (those chosen here and not pushed stay)."""
        with self.transaction():
            chosen = {
                r[0] for r in self.conn.execute("SELECT id FROM sync_conflicts WHERE resolved")
            }
            self.conn.execute("DELETE FROM sync_conflicts WHERE NOT resolved")
            self.conn.executemany(
                "INSERT OR IGNORE INTO sync_conflicts (id, uid, kind, field, kept, other, author) "
                "VALUES (?, ?, ?, ?, ?, ?, ?)",
                [
                    (c.id, c.uid, c.kind, c.field, _ENCODE(c.kept), _ENCODE(c.other), c.author)
                    for c in conflicts
                    if c.id not in chosen
                ],
            )

    def conflicts(self, *, resolved: bool = False) -> list[Conflict]:
        """The conflicts waiting for a person (with ``resolved``: those chosen here and not
        yet told to the server)."""
        rows = self._read(
            "SELECT c.id, c.uid, c.kind, c.field, c.kept, c.other, c.author, c.resolved, "
            "coalesce(r.title, t.name, k.name, s.name, '') FROM sync_conflicts c "
            "LEFT JOIN sync_ids i ON i.uid = c.uid "
            "LEFT JOIN refs r ON i.kind = 'ref' AND r.id = i.local_id "
            "LEFT JOIN tags t ON i.kind = 'tag' AND t.id = i.local_id "
            "LEFT JOIN collections k ON i.kind = 'collection' AND k.id = i.local_id "
            "LEFT JOIN saved_searches s ON i.kind = 'search' AND s.id = i.local_id "
            "WHERE c.resolved = ? ORDER BY c.id",
            (int(resolved),),
        )
        return [
            Conflict(
                r[0], r[1], r[2], r[3], json.loads(r[4]), json.loads(r[5]), r[6], bool(r[7]), r[8]
            )
            for r in rows
        ]

    def choose(self, conflict_id: int, take_other: bool) -> None:
        """A person's choice: keep the server's value, or take the other one (an ordinary
        edit of the field here, pushed with the next sync); the conflict is then resolved."""
        with self.connection.transaction():  # a user's edit: refused for a reader
            row = self.conn.execute(
                "SELECT uid, kind, field, other FROM sync_conflicts WHERE id = ?", (conflict_id,)
            ).fetchone()
            if row is None:
                raise KeyError(conflict_id)
            uid, kind, name, other = row
            local_id = self.rows.local_of(uid)
            if take_other and local_id is not None and name != DELETED_FIELD:
                fields = self.rows.read(kind, [local_id]).get(local_id, {})
                fields[name] = json.loads(other)
                self.rows.write(kind, local_id, _present(fields))
                if kind == "ref":
                    self.rows.set_merged(local_id, fields)
            self.conn.execute("UPDATE sync_conflicts SET resolved = 1 WHERE id = ?", (conflict_id,))

    def unchoose(self, conflict_id: int, took_other: bool) -> None:
        """Undo :meth:`choose` before it was pushed: the conflict waits again (and the
        field has the value the server kept)."""
        with self.connection.transaction():
            row = self.conn.execute(
                "SELECT uid, kind, field, kept FROM sync_conflicts WHERE id = ?", (conflict_id,)
            ).fetchone()
            if row is None:
                return
            uid, kind, name, kept = row
            local_id = self.rows.local_of(uid)
            if took_other and local_id is not None and name != DELETED_FIELD:
                fields = self.rows.read(kind, [local_id]).get(local_id, {})
                fields[name] = json.loads(kept)
                self.rows.write(kind, local_id, _present(fields))
            self.conn.execute("UPDATE sync_conflicts SET resolved = 0 WHERE id = ?", (conflict_id,))

    def forget_resolved(self, ids: Sequence[int]) -> None:
        with self.transaction():
            self.conn.execute(
                "DELETE FROM sync_conflicts WHERE id IN (SELECT value FROM json_each(?))",
                (json.dumps(list(ids)),),
            )

    # ------------------------------------------------------------ comparing

    def snapshot(self) -> dict[str, Fields]:
        """Every shared entity this library holds now, by uid (for comparing with the
        server: after a complete sync they are equal)."""
        out: dict[str, Fields] = {}
        with self.transaction():
            self.rows.forget()
            for kind in KINDS:
                ids = self.rows.all_ids(kind)
                for local_id, fields in self.rows.read(kind, ids).items():
                    uid = self.rows.uid_of(kind, local_id)
                    assert uid is not None
                    out[uid] = fields
        return out

    def missing_files(self) -> list[tuple[str, str]]:
        """``(sha256, file_name)`` of documents whose file is not here yet."""
        return [
            (str(r[0]), str(r[1]))
            for r in self._read("SELECT sha256, file_name FROM documents WHERE sha256 IS NOT NULL")
        ]


def _news(entity: Entity, known: tuple[dict[str, int], bool] | None) -> bool:
    """Whether the server holds something this library has not applied yet."""
    if known is None:
        return True
    versions, deleted = known
    if entity.deleted or deleted:
        return entity.deleted != deleted
    return any(int(v) > int(versions.get(k, 0)) for k, v in entity.versions.items())


def _changed(before: Fields, after: Fields) -> set[str]:
    return {k for k in before.keys() | after.keys() if before.get(k) != after.get(k)}


def _moved(before: Fields, after: Fields) -> bool:
    """Whether a reference's change moves it between documents or merges it."""
    return bool(_changed(before, after) & {"document", "merged_into"})


def _retagged(before: Fields, after: Fields) -> bool:
    """Whether a reference's tags or collections changed (a window re-reads the sidebar's
    counts and the listing)."""
    return any(k.startswith(LINK_PREFIXES) for k in _changed(before, after))


def _regrouped(before: Fields, after: Fields) -> bool:
    """Whether a reference's collections changed."""
    return any(k.startswith(COLLECTION_PREFIX) for k in _changed(before, after))


def _present(fields: Fields) -> Fields:
    return {k: v for k, v in fields.items() if v is not None and v not in ("", [])}
