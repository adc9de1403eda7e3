"""The shared library's sync engine against a real PostgreSQL server (tests/pgcluster.py).

Each case ends with every member equal to the server (``settled``): the same entities, the
same fields, nothing lost and no duplicates.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest

from refmanager.library import Library
from refmanager.library.pgserver import SCHEMA_VERSION, Server
from refmanager.library.serverterms import NewerSchema, NotAllowed, ServerUnavailable
from refmanager.library.syncing import differences, join, publish, sync
from refmanager.library.syncstate import Change
from refmanager.model import DocumentMeta, InputError
from tests.conftest import PASSWORDS, Lab
from tests.library.conftest import ATTENTION, BOOK, CJK, FLASH, MULLER
from tests.pgcluster import Cluster


def fill(lib: Library, pdf: Path | None = None) -> int:
    """A document (from ``pdf`` when given) citing five works, tagged, noted, searched."""
    doc = lib.documents.add_document(
        DocumentMeta(title="A survey", year=2023),
        [FLASH, ATTENTION, MULLER, CJK, BOOK],
        file=pdf,
        file_name="survey.pdf",
    )
    ids = [r.id for r in lib.documents.references_of(doc)]
    lib.tags.tag_references(ids[:2], "to-read")
    lib.tags.set_tag_colour("to-read", "#ff0000")
    lib.notes.set_note(ids[0], "read the IO analysis")
    lib.saved_searches.save_search("recent", "year:>=2020")
    lib.corrections.add_correction("raw text", {"title": "T"}, ids[1])
    return doc


def sync_as(lib: Library, lab: Lab, user: str) -> None:
    with Server.connect(lab.url(user)) as server:
        sync(lib, server)


def settled(lab: Lab, *libs: Library) -> None:
    """Every member equals the server, and no reference is there twice."""
    with Server.connect(lab.url("alice")) as server:
        for lib in libs:
            assert differences(lib, server) == [], lib.folder
            assert lib.sync.pending_count() == 0
            titles = [r[0] for r in lib.conn.execute("SELECT title FROM refs")]
            assert len(titles) == len(set(titles)), "a reference is there twice"


def ref_id(lib: Library, title: str) -> int:
    row = lib.conn.execute("SELECT id FROM refs WHERE title = ?", (title,)).fetchone()
    assert row is not None, title
    return int(row[0])


@pytest.fixture
def pdf(tmp_path: Path) -> Path:
    path = tmp_path / "survey.pdf"
    path.write_bytes(b"%PDF-1.4 a survey\n%%EOF\n")
    return path


@pytest.fixture
def members(pg_lab: Lab, tmp_path: Path, pdf: Path) -> Iterator[tuple[Library, Library]]:
    """alice shares a filled library; bob (an editor) joins it."""
    alice = Library.open(tmp_path / "alice")
    fill(alice, pdf)
    with Server.connect(pg_lab.url("alice")) as server:
        publish(alice, server, pg_lab.url("alice", password=False))
        server.set_member("bob", "editor")
        server.set_member("carol", "reader")
    bob = Library.open(tmp_path / "bob")
    with Server.connect(pg_lab.url("bob")) as server:
        join(bob, server, pg_lab.url("bob", password=False))
    yield alice, bob
    alice.close()
    bob.close()


def test_a_member_that_joins_gets_everything(members: tuple[Library, Library], pg_lab: Lab) -> None:
    alice, bob = members
    settled(pg_lab, alice, bob)
    flash = ref_id(bob, FLASH.fields["title"])
    assert bob.notes.note(flash) == "read the IO analysis"
    assert {t.name: t.colour for t in bob.tags.tags()} == {"to-read": "#ff0000"}
    assert [s.name for s in bob.saved_searches.saved_searches()] == ["recent"]
    assert len(bob.corrections.corrections()) == 1
    doc = bob.documents.documents()[0]
    path = bob.documents.file_path(doc.id)
    assert path is not None and path.read_bytes() == b"%PDF-1.4 a survey\n%%EOF\n"
    assert bob.search.count("flashattention") == 1  # the search index was written too
    assert bob.search.count("notes:analysis") == 1


def test_two_members_edit_different_references_at_once(
    members: tuple[Library, Library], pg_lab: Lab
) -> None:
    alice, bob = members
    alice.references.set_field(ref_id(alice, FLASH.fields["title"]), "volume", "35")
    bob.references.set_field(ref_id(bob, BOOK.fields["title"]), "publisher", "Addison-Wesley")
    sync_as(alice, pg_lab, "alice")
    sync_as(bob, pg_lab, "bob")
    sync_as(alice, pg_lab, "alice")
    settled(pg_lab, alice, bob)
    book = alice.references.reference(ref_id(alice, BOOK.fields["title"])).reference
    assert book.fields["publisher"] == "Addison-Wesley"
    flash = bob.references.reference(ref_id(bob, FLASH.fields["title"])).reference
    assert flash.fields["volume"] == "35"


def test_two_members_edit_different_fields_of_one_reference(
    members: tuple[Library, Library], pg_lab: Lab
) -> None:
    alice, bob = members
    title = FLASH.fields["title"]
    alice.references.set_field(ref_id(alice, title), "volume", "35")
    bob.references.set_field(ref_id(bob, title), "page", "16344-16359")
    bob.tags.tag_references([ref_id(bob, title)], "bob-reads")
    alice.tags.tag_references([ref_id(alice, title)], "alice-reads")
    sync_as(alice, pg_lab, "alice")
    sync_as(bob, pg_lab, "bob")
    sync_as(alice, pg_lab, "alice")
    settled(pg_lab, alice, bob)
    for lib in (alice, bob):
        stored = lib.references.reference(ref_id(lib, title))
        assert stored.reference.fields["volume"] == "35"
        assert stored.reference.fields["page"] == "16344-16359"
        assert stored.edited == {"volume", "page"}
        assert set(stored.tags) == {"to-read", "bob-reads", "alice-reads"}
        assert lib.sync.conflicts() == []


def test_the_same_field_is_a_conflict_kept_as_data(
    members: tuple[Library, Library], pg_lab: Lab
) -> None:
    alice, bob = members
    title = BOOK.fields["title"]
    alice.references.set_field(ref_id(alice, title), "publisher", "Addison-Wesley")
    bob.references.set_field(ref_id(bob, title), "publisher", "Pearson")
    sync_as(alice, pg_lab, "alice")
    sync_as(bob, pg_lab, "bob")
    sync_as(alice, pg_lab, "alice")
    settled(pg_lab, alice, bob)
    for lib in (alice, bob):  # the first value stays; the other waits for a person
        assert lib.references.reference(ref_id(lib, title)).reference.fields["publisher"] == (
            "Addison-Wesley"
        )
        [conflict] = lib.sync.conflicts()
        assert (conflict.field, conflict.kept, conflict.other, conflict.author) == (
            "publisher",
            "Addison-Wesley",
            "Pearson",
            "bob",
        )
        assert conflict.title == title
    # alice chooses bob's value: an edit like any other, and the conflict is gone everywhere
    alice.sync.choose(alice.sync.conflicts()[0].id, take_other=True)
    sync_as(alice, pg_lab, "alice")
    sync_as(bob, pg_lab, "bob")
    settled(pg_lab, alice, bob)
    for lib in (alice, bob):
        assert lib.references.reference(ref_id(lib, title)).reference.fields["publisher"] == (
            "Pearson"
        )
        assert lib.sync.conflicts() == []


def test_a_choice_of_a_conflict_waits_to_be_sent_until_a_sync_tells_the_server(
    members: tuple[Library, Library], pg_lab: Lab
) -> None:
    alice, bob = members
    title = BOOK.fields["title"]
    alice.references.set_field(ref_id(alice, title), "publisher", "Addison-Wesley")
    bob.references.set_field(ref_id(bob, title), "publisher", "Pearson")
    sync_as(alice, pg_lab, "alice")
    sync_as(bob, pg_lab, "bob")
    assert bob.sync.pending_count() == 0
    [conflict] = bob.sync.conflicts()
    bob.sync.choose(conflict.id, take_other=False)  # keeping the kept value writes no row
    assert bob.sync.pending_count() == 1  # yet the server is still to be told
    sync_as(bob, pg_lab, "bob")
    sync_as(alice, pg_lab, "alice")
    settled(pg_lab, alice, bob)
    assert alice.sync.conflicts() == bob.sync.conflicts() == []


def test_a_member_killed_in_the_middle_of_a_sync(
    members: tuple[Library, Library], pg_lab: Lab
) -> None:
    alice, bob = members
    for n in range(300):
        bob.references.add_references([FLASH.__class__.from_csl({"title": f"Paper {n}"})])
    script = textwrap.dedent(
        f"""
        import sys, time
        from refmanager.library import Library
        from refmanager.library.pgserver import Server
        from refmanager.library.syncing import sync

        def progress(step, count):
            print(step, count, flush=True)
            time.sleep(0.5)

        with Library.open({str(bob.folder)!r}) as lib, Server.connect({pg_lab.url("bob")!r}) as s:
            sync(lib, s, batch=25, progress=progress)
        """
    )
    with subprocess.Popen(
        [sys.executable, "-c", script], stdout=subprocess.PIPE, text=True, cwd=os.getcwd()
    ) as child:
        assert child.stdout is not None
        assert child.stdout.readline().startswith("push 25")
        child.send_signal(signal.SIGKILL)
        child.wait()
    assert child.returncode == -signal.SIGKILL
    sync_as(bob, pg_lab, "bob")
    sync_as(alice, pg_lab, "alice")
    settled(pg_lab, alice, bob)
    assert alice.search.count('title:"Paper"') == 300
    with psycopg.connect(pg_lab.url("alice")) as conn:  # each change reached the server once
        row = conn.execute(
            "SELECT count(*), count(DISTINCT (member_id, member_seq)) FROM refmanager.changes"
        ).fetchone()
        assert row is not None and row[0] == row[1]


def test_the_server_stopped_in_the_middle_of_a_sync_then_restarted(
    members: tuple[Library, Library], pg_lab: Lab, pg_cluster: Cluster
) -> None:
    alice, bob = members
    for n in range(120):
        alice.references.add_references([FLASH.__class__.from_csl({"title": f"Paper {n}"})])

    def stop_server(step: str, count: int) -> None:
        if step == "push" and count == 30:
            pg_cluster.stop("immediate")

    try:
        with Server.connect(pg_lab.url("alice")) as server, pytest.raises(ServerUnavailable):
            sync(alice, server, batch=30, progress=stop_server)
        with pytest.raises(ServerUnavailable) as caught:
            sync_as(alice, pg_lab, "alice")
        assert PASSWORDS["alice"] not in str(caught.value)
        alice.references.add_references([FLASH.__class__.from_csl({"title": "Offline paper"})])
    finally:
        pg_cluster.start()
    sync_as(alice, pg_lab, "alice")
    sync_as(bob, pg_lab, "bob")
    settled(pg_lab, alice, bob)
    assert bob.search.count('title:"Paper"') == 121


def test_a_member_offline_for_a_day_of_edits(members: tuple[Library, Library], pg_lab: Lab) -> None:
    alice, bob = members
    # bob works offline: edits, tags, notes, a deletion, a new search, new references
    bob_ids = {r[1]: r[0] for r in bob.conn.execute("SELECT id, title FROM refs")}
    bob.references.set_field(bob_ids[CJK.fields["title"]], "volume", "12")
    bob.notes.set_note(bob_ids[MULLER.fields["title"]], "in German")
    bob.tags.rename_tag("to-read", "reading")
    bob.references.delete_references([bob_ids[BOOK.fields["title"]]])
    bob.saved_searches.save_search("german", "venue:annalen")
    for n in range(40):
        bob.references.add_references([FLASH.__class__.from_csl({"title": f"Offline {n}"})])
    # meanwhile alice edits and deletes, and syncs
    alice.references.set_field(ref_id(alice, ATTENTION.fields["title"]), "volume", "30")
    alice.references.delete_references([ref_id(alice, MULLER.fields["title"])])
    sync_as(alice, pg_lab, "alice")
    # bob is back
    sync_as(bob, pg_lab, "bob")
    sync_as(alice, pg_lab, "alice")
    settled(pg_lab, alice, bob)
    for lib in (alice, bob):
        titles = {r[0] for r in lib.conn.execute("SELECT title FROM refs")}
        assert BOOK.fields["title"] not in titles
        assert MULLER.fields["title"] not in titles  # deleted: bob's note did not bring it back
        assert {f"Offline {n}" for n in range(40)} <= titles
        assert [t.name for t in lib.tags.tags()] == ["reading"]
        assert {s.name for s in lib.saved_searches.saved_searches()} == {"recent", "german"}
        cjk = lib.references.reference(ref_id(lib, CJK.fields["title"]))
        assert cjk.reference.fields["volume"] == "12"
    # bob's note on the reference alice deleted is not dropped silently: it is a conflict
    [conflict] = bob.sync.conflicts()
    assert conflict.field == "(deleted)" and conflict.other["note"] == "in German"


def test_a_reader_cannot_write(
    members: tuple[Library, Library], pg_lab: Lab, tmp_path: Path
) -> None:
    alice, bob = members
    carol = Library.open(tmp_path / "carol")
    with Server.connect(pg_lab.url("carol")) as server:
        join(carol, server, pg_lab.url("carol", password=False))
    # her client refuses edits, with a clear message
    with pytest.raises(InputError, match="reader"):
        carol.references.set_field(ref_id(carol, FLASH.fields["title"]), "volume", "1")
    # a modified client that writes anyway is refused by the server
    with Server.connect(pg_lab.url("carol")) as server, pytest.raises(NotAllowed):
        server.push("a-forged-member", [Change(1, "ref:x", "ref", "put", {"title": "x"}, {})])
    with (
        psycopg.connect(pg_lab.url("carol")) as conn,
        pytest.raises(psycopg.errors.InsufficientPrivilege),
    ):
        conn.execute("UPDATE refmanager.entities SET fields = '{}'")
    # she still receives what the others change
    alice.references.set_field(ref_id(alice, FLASH.fields["title"]), "volume", "35")
    sync_as(alice, pg_lab, "alice")
    sync_as(carol, pg_lab, "carol")
    sync_as(bob, pg_lab, "bob")
    settled(pg_lab, alice, bob, carol)
    assert (
        carol.references.reference(ref_id(carol, FLASH.fields["title"])).reference.fields["volume"]
        == "35"
    )
    # promoted to editor, she may write
    with Server.connect(pg_lab.url("alice")) as server:
        server.set_member("carol", "editor")
    sync_as(carol, pg_lab, "carol")
    carol.references.set_field(ref_id(carol, FLASH.fields["title"]), "volume", "36")
    sync_as(carol, pg_lab, "carol")
    sync_as(alice, pg_lab, "alice")
    sync_as(bob, pg_lab, "bob")
    settled(pg_lab, alice, bob, carol)


def test_a_newer_server_schema_is_refused(members: tuple[Library, Library], pg_lab: Lab) -> None:
    alice, bob = members
    with psycopg.connect(pg_lab.url("alice")) as conn:
        conn.execute(
            "UPDATE refmanager.meta SET value = %s WHERE name = 'schema_version'",
            (str(SCHEMA_VERSION + 1),),
        )
    with Server.connect(pg_lab.url("bob")) as server, pytest.raises(NewerSchema) as caught:
        sync(bob, server)
    assert f"schema version {SCHEMA_VERSION + 1}" in str(caught.value)
    assert "upgrade refmanager" in str(caught.value)
    with psycopg.connect(pg_lab.url("alice")) as conn:
        conn.execute(
            "UPDATE refmanager.meta SET value = %s WHERE name = 'schema_version'",
            (str(SCHEMA_VERSION),),
        )
    sync_as(bob, pg_lab, "bob")
    settled(pg_lab, alice, bob)


def test_two_members_importing_one_pdf_make_one_document(
    members: tuple[Library, Library], pg_lab: Lab, tmp_path: Path
) -> None:
    alice, bob = members
    other = tmp_path / "other.pdf"
    other.write_bytes(b"%PDF-1.4 another paper\n%%EOF\n")
    for lib in (alice, bob):  # both import it before either syncs
        lib.documents.add_document(
            DocumentMeta(title="Another"), [FLASH.__class__.from_csl({"title": "Cited"})],
            file=other,
        )  # fmt: skip
    sync_as(alice, pg_lab, "alice")
    sync_as(bob, pg_lab, "bob")
    sync_as(alice, pg_lab, "alice")
    settled(pg_lab, alice, bob)
    for lib in (alice, bob):
        assert lib.documents.document_count() == 2
        assert lib.search.count('title:"Cited"') == 1
    with psycopg.connect(pg_lab.url("alice")) as conn:
        row = conn.execute("SELECT count(*) FROM refmanager.files").fetchone()
        assert row == (2,)


def test_tls_with_verify_full(pg_lab: Lab, tmp_path: Path) -> None:
    ca = str(pg_lab.cluster.ca_cert)
    alice = Library.open(tmp_path / "alice")
    fill(alice)
    url = pg_lab.url("alice", sslmode="verify-full", sslrootcert=ca)
    with Server.connect(url) as server:
        publish(alice, server, url)
        row = server.conn.execute(
            "SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()"
        ).fetchone()
        assert row == (True,)
    wrong = tmp_path / "other-ca.crt"
    wrong.write_text(Path(ca).read_text().replace("A", "B", 1))
    with pytest.raises(ServerUnavailable):
        Server.connect(pg_lab.url("alice", sslmode="verify-full", sslrootcert=str(wrong)))


def test_errors_never_show_the_password(pg_lab: Lab) -> None:
    url = pg_lab.url("bob").replace(PASSWORDS["bob"], "wrong-secret-9")
    with pytest.raises(ServerUnavailable) as caught:
        Server.connect(url)
    assert "wrong-secret-9" not in str(caught.value)
    assert "bob" in str(caught.value)


def test_an_entity_another_client_wrote_wrong_is_named_not_a_crash(
    members: tuple[Library, Library], pg_lab: Lab
) -> None:
    alice, bob = members
    with psycopg.connect(pg_lab.url("bob")) as conn:  # bob's modified client, an editor
        conn.execute(
            "INSERT INTO refmanager.entities (uid, kind, fields, versions, writers, seq) "
            "VALUES ('ref:forged', 'ref', %s, '{}', '{\"title\": \"x\"}', 1000000)",
            (json.dumps({"title": "Forged", "author": 5, "position": "not a number"}),),
        )
    bob.references.set_field(ref_id(bob, FLASH.fields["title"]), "volume", "35")
    sync_as(bob, pg_lab, "bob")
    with Server.connect(pg_lab.url("alice")) as server:
        report = sync(alice, server)
    assert [p.split(":")[0:2] for p in report.changed.problems] == [["ref", "forged"]]
    flash = alice.references.reference(ref_id(alice, FLASH.fields["title"])).reference
    assert flash.fields["volume"] == "35"  # the rest of the pull was applied


def tree(lib: Library) -> dict[str, set[str]]:
    """Each collection by its path, with the titles of the references in it."""
    paths: dict[int, str] = {}
    out: dict[str, set[str]] = {}
    for info in lib.collections.collections():
        parent = paths.get(info.parent_id) if info.parent_id is not None else None
        paths[info.id] = f"{parent}/{info.name}" if parent else info.name
        out[paths[info.id]] = {
            r[0]
            for r in lib.conn.execute(
                "SELECT r.title FROM collection_refs c JOIN refs r ON r.id = c.ref_id "
                "WHERE c.collection_id = ?",
                (info.id,),
            )
        }
    return out


def test_collections_and_what_is_in_them_are_shared(
    members: tuple[Library, Library], pg_lab: Lab
) -> None:
    alice, bob = members
    flash, book, muller = FLASH.fields["title"], BOOK.fields["title"], MULLER.fields["title"]
    thesis = alice.collections.create("Thesis")
    chapter = alice.collections.create("Chapter 2", thesis)
    alice.collections.add(chapter, [ref_id(alice, flash), ref_id(alice, book)])
    sync_as(alice, pg_lab, "alice")
    sync_as(bob, pg_lab, "bob")
    settled(pg_lab, alice, bob)
    assert tree(bob) == {"Thesis": set(), "Thesis/Chapter 2": {flash, book}}

    # at once: bob adds a reference to Chapter 2 and makes a collection of his own; alice
    # takes one out of Chapter 2 and renames Thesis: every change is kept
    bob_chapter = next(c.id for c in bob.collections.collections() if c.name == "Chapter 2")
    bob.collections.add(bob_chapter, [ref_id(bob, muller)])
    reading = bob.collections.create("Reading")
    bob.collections.add(reading, [ref_id(bob, flash)])
    alice.collections.remove(chapter, [ref_id(alice, book)])
    alice.collections.set_name(thesis, "PhD thesis")
    sync_as(alice, pg_lab, "alice")
    sync_as(bob, pg_lab, "bob")
    sync_as(alice, pg_lab, "alice")
    settled(pg_lab, alice, bob)
    expected = {"PhD thesis": set(), "PhD thesis/Chapter 2": {flash, muller}, "Reading": {flash}}
    assert tree(alice) == tree(bob) == expected
    assert bob.search.count('collection:"Chapter 2"') == 2

    # deleting a collection deletes its sub-collections everywhere, never a reference
    total = bob.search.count("")
    alice.collections.delete(thesis)
    sync_as(alice, pg_lab, "alice")
    sync_as(bob, pg_lab, "bob")
    settled(pg_lab, alice, bob)
    assert tree(bob) == {"Reading": {flash}}
    assert bob.search.count("") == total


def test_a_collection_or_tag_pulled_after_what_links_to_it_is_linked_then(
    pg_lab: Lab, tmp_path: Path, pdf: Path
) -> None:
    """A pull reads entities in the order of their last change, in batches: a collection
    (or tag) renamed after references were put in it comes after them. Their links to it
    waited for it (they were lost before: the reference's shadow lacked them)."""
    alice = Library.open(tmp_path / "alice")
    fill(alice, pdf)
    flash = FLASH.fields["title"]
    group = alice.collections.create("Group")
    alice.collections.add(group, [ref_id(alice, flash)])
    parent = alice.collections.create("Parent")
    child = alice.collections.create("Child", parent)
    with Server.connect(pg_lab.url("alice")) as server:
        publish(alice, server, pg_lab.url("alice", password=False))
        server.set_member("bob", "editor")
    # changed last, so pulled last: after the references (and the child) that name them
    alice.collections.set_name(group, "Group renamed")
    alice.collections.set_name(parent, "Parent renamed")
    alice.tags.rename_tag("to-read", "reading")
    sync_as(alice, pg_lab, "alice")
    bob = Library.open(tmp_path / "bob")
    try:
        with Server.connect(pg_lab.url("bob")) as server:
            library_id, role = server.check()
            bob.sync.join(pg_lab.url("bob", password=False), library_id, role)
            sync(bob, server, batch=1)  # one entity a batch: none waits in the same one
        settled(pg_lab, alice, bob)
        assert tree(bob) == {"Group renamed": {flash}, "Parent renamed": set(),
                             "Parent renamed/Child": set()}  # fmt: skip
        assert bob.search.count("tag:reading") == 2
        assert child  # (alice's)
    finally:
        alice.close()
        bob.close()


def test_not_duplicates_marks_are_shared(members: tuple[Library, Library], pg_lab: Lab) -> None:
    alice, bob = members
    flash, book, muller = FLASH.fields["title"], BOOK.fields["title"], MULLER.fields["title"]

    def marks(lib: Library) -> set[frozenset[str]]:
        rows = lib.conn.execute(
            "SELECT x.title, y.title FROM not_duplicates n JOIN refs x ON x.id = n.a "
            "JOIN refs y ON y.id = n.b"
        )
        return {frozenset(r) for r in rows}

    alice.duplicates.mark_not_duplicate(ref_id(alice, flash), ref_id(alice, book))
    bob.duplicates.mark_not_duplicate(ref_id(bob, muller), ref_id(bob, flash))
    sync_as(alice, pg_lab, "alice")
    sync_as(bob, pg_lab, "bob")
    sync_as(alice, pg_lab, "alice")
    settled(pg_lab, alice, bob)
    both = {frozenset((flash, book)), frozenset((muller, flash))}
    assert marks(alice) == marks(bob) == both
    # a mark taken back is taken back everywhere
    bob.duplicates.unmark_not_duplicate(ref_id(bob, book), ref_id(bob, flash))
    sync_as(bob, pg_lab, "bob")
    sync_as(alice, pg_lab, "alice")
    settled(pg_lab, alice, bob)
    assert marks(alice) == marks(bob) == {frozenset((muller, flash))}
    # a member that joins now gets them, whatever order the references come in
    carol = Library.open(alice.folder.parent / "carol")
    try:
        with Server.connect(pg_lab.url("alice")) as server:
            library_id, role = server.check()
            carol.sync.join(pg_lab.url("alice", password=False), library_id, role)
            sync(carol, server, batch=1)
        settled(pg_lab, alice, bob, carol)
        assert marks(carol) == {frozenset((muller, flash))}
    finally:
        carol.close()


def test_a_collection_deleted_while_another_member_filled_it(
    members: tuple[Library, Library], pg_lab: Lab
) -> None:
    """alice deletes a collection (and a tag) while bob, offline, puts a reference in it,
    tags one and makes a sub-collection: the delete wins, on every member and the server,
    with no reference left naming what is gone."""
    alice, bob = members
    flash, book = FLASH.fields["title"], BOOK.fields["title"]
    thesis = alice.collections.create("Thesis")
    alice.collections.add(thesis, [ref_id(alice, flash)])
    alice.tags.tag_references([ref_id(alice, book)], "doomed")
    sync_as(alice, pg_lab, "alice")
    sync_as(bob, pg_lab, "bob")
    alice.collections.delete(thesis)
    alice.tags.delete_tag("doomed")
    bob_thesis = bob.collections.collections()[0].id
    bob.collections.add(bob_thesis, [ref_id(bob, book)])
    bob.collections.create("New", bob_thesis)
    bob.tags.tag_references([ref_id(bob, flash)], "doomed")
    sync_as(alice, pg_lab, "alice")
    sync_as(bob, pg_lab, "bob")
    sync_as(bob, pg_lab, "bob")
    sync_as(alice, pg_lab, "alice")
    settled(pg_lab, alice, bob)
    for lib in (alice, bob):
        assert tree(lib) == {}
        assert "doomed" not in [t.name for t in lib.tags.tags()]
