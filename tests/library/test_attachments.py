"""The attachments store (migration 0009): links kept as given, in order, with their
reference; imported batches store their links, and their JabRef groups as collections."""

from __future__ import annotations

from refmanager.library import Library
from refmanager.library.db import schema_version
from refmanager.model import Attachment, Reference


def _ref(title: str, *links: Attachment, groups: tuple[str, ...] = ()) -> Reference:
    ref = Reference(type="book")
    ref.set("title", title)
    ref.attachments = links
    ref.groups = groups
    return ref


def test_schema_has_the_attachments_table(lib: Library) -> None:
    assert schema_version() >= 9
    columns = [r[1] for r in lib.conn.execute("PRAGMA table_info(ref_attachments)")]
    assert columns == ["ref_id", "position", "target", "resolved", "kind", "title"]


def test_import_batch_stores_links_in_order_and_groups_as_collections(lib: Library) -> None:
    pdf = Attachment("a.pdf", "/home/u/bib/a.pdf", "PDF", "Full Text")
    url = Attachment("https://example.org/a", kind="URL")
    run = lib.imports.begin_import("0" * 64, "refs.bib", "bibtex")
    ids = lib.imports.add_import_batch(
        run,
        [
            _ref("One", pdf, url, groups=("Deep learning/CNN", "Reading list")),
            _ref("Two", groups=("Reading list",)),
        ],
    )
    assert lib.attachments.attachments_of(ids) == {ids[0]: [pdf, url]}
    assert lib.references.reference(ids[0]).tags == []  # groups are not tags any more
    tree = {c.name: c for c in lib.collections.collections()}
    assert sorted(tree) == ["CNN", "Deep learning", "Reading list"]
    assert tree["CNN"].parent_id == tree["Deep learning"].id  # the group tree kept
    assert tree["Reading list"].count == 2 and tree["CNN"].count == 1
    assert sorted(lib.collections.collections_of(ids[0])) == sorted(
        [tree["CNN"].id, tree["Reading list"].id]
    )


def test_links_go_with_their_reference_and_come_back_on_undo(lib: Library) -> None:
    run = lib.imports.begin_import("1" * 64, "refs.bib", "bibtex")
    (ref_id,) = lib.imports.add_import_batch(run, [_ref("One", Attachment("a.pdf", kind="PDF"))])
    snapshot = lib.references.delete_references([ref_id])
    assert lib.attachments.attachments_of([ref_id]) == {}
    lib.references.restore_references(snapshot)
    assert lib.attachments.attachments_of([ref_id]) == {ref_id: [Attachment("a.pdf", kind="PDF")]}


def test_a_merged_duplicates_links_show_on_the_kept_reference(lib: Library) -> None:
    run = lib.imports.begin_import("2" * 64, "refs.bib", "bibtex")
    keep, other = lib.imports.add_import_batch(
        run,
        [
            _ref("Same", Attachment("/a/zotero.pdf")),
            _ref("Same", Attachment("/a/jabref.pdf"), Attachment("/a/zotero.pdf")),
        ],
    )
    record = lib.duplicates.merge_references(keep, [other])
    assert [a.target for a in lib.attachments.attachments_of([keep], merged=True)[keep]] == [
        "/a/zotero.pdf",
        "/a/jabref.pdf",
    ]
    assert [a.target for a in lib.attachments.attachments_of([keep])[keep]] == ["/a/zotero.pdf"]
    lib.duplicates.undo_merge(record)
    assert [a.target for a in lib.attachments.attachments_of([keep], merged=True)[keep]] == [
        "/a/zotero.pdf"
    ]
