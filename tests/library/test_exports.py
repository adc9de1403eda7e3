"""The library's kept files, written citation keys and settings."""

from __future__ import annotations

from refmanager.library import Library, WrittenKey
from refmanager.model import Reference


def test_auto_exports_are_kept_by_path(lib: Library) -> None:
    first = lib.exports.add_auto_export("/tmp/a.bib", "bibtex", "tag:x")
    assert lib.exports.add_auto_export("/tmp/a.bib", "ris", "") == first  # replaced
    lib.exports.add_auto_export("/tmp/b.bib", "bibtex", "")
    (a, _) = lib.exports.auto_exports()
    assert (a.path, a.format, a.query, a.written) == ("/tmp/a.bib", "ris", "", None)
    lib.exports.auto_export_written(a.id)
    assert lib.exports.auto_exports()[0].written is not None
    assert lib.exports.remove_auto_export("/tmp/b.bib") and not lib.exports.remove_auto_export(
        "/tmp/b.bib"
    )
    assert [e.path for e in lib.exports.auto_exports()] == ["/tmp/a.bib"]


def test_written_keys_are_unique_without_case_and_go_with_their_reference(lib: Library) -> None:
    ids = lib.references.add_references([Reference(fields={"title": t}) for t in ("A", "B")])
    lib.exports.store_keys(
        [WrittenKey(ids[0], "Smith2020", ""), WrittenKey(ids[1], "jones", "jones")]
    )
    assert lib.exports.written_keys(ids)[ids[0]].key == "Smith2020"
    assert lib.exports.key_owners(["SMITH2020", "nobody"]) == {"smith2020": ids[0]}
    lib.exports.store_keys([WrittenKey(ids[0], "Smith2020b", "")])  # replaced
    assert lib.exports.key_owners(["smith2020"]) == {}
    lib.references.delete_references([ids[1]])
    assert lib.exports.key_owners(["jones"]) == {}


def test_settings(lib: Library) -> None:
    assert lib.exports.setting("key_pattern", "[auth]") == "[auth]"
    lib.exports.set_setting("key_pattern", "[Auth][year]")
    lib.exports.set_setting("key_pattern", "[auth][year]")
    assert lib.exports.setting("key_pattern") == "[auth][year]"


def test_data_version_moves_when_another_connection_commits(lib: Library) -> None:
    before = lib.exports.data_version()
    lib.exports.set_setting("x", "1")  # its own write: no move
    assert lib.exports.data_version() == before
    with Library.open(lib.folder) as other:
        other.exports.set_setting("x", "2")
    assert lib.exports.data_version() != before
