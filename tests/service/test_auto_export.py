"""A .bib kept up to date: rewritten when what it covers changes, with the same keys."""

from __future__ import annotations

import os
import re
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from refmanager.library import Library
from refmanager.model import InputError, Reference
from refmanager.service.auto_export import (
    Rewrite,
    Watcher,
    keep_updated,
    kept_files,
    stop_keeping,
    update_all,
)


def _ref(title: str, family: str, year: int) -> Reference:
    return Reference.from_csl(
        {
            "type": "article-journal",
            "title": title,
            "author": [{"family": family}],
            "issued": {"date-parts": [[year]]},
        }
    )


@pytest.fixture
def library(tmp_path: Path) -> Iterator[Library]:
    lib = Library.open(tmp_path / "lib")
    ids = lib.references.add_references(
        [_ref("Deep learning", "LeCun", 2015), _ref("Attention is all you need", "Vaswani", 2017)]
    )
    lib.tags.tag_references(ids, "thesis")
    lib.references.add_references([_ref("Unrelated work", "Other", 2001)])
    yield lib
    lib.close()


def _keys(path: Path) -> list[str]:
    return re.findall(r"^@\w+\{([^,]+),", path.read_text("utf-8"), re.MULTILINE)


def _wait_for(condition: Callable[[], bool], seconds: float = 20.0) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.05)
    return condition()


def test_a_title_change_rewrites_the_file_and_keeps_the_keys(
    library: Library, tmp_path: Path
) -> None:
    refs = tmp_path / "paper" / "refs.bib"
    refs.parent.mkdir()
    kept = keep_updated(library, "bibtex", refs, "tag:thesis")
    assert kept.path == str(refs) and kept.query == "tag:thesis"
    before = refs.read_text("utf-8")
    keys = _keys(refs)
    assert keys == ["lecun2015deep", "vaswani2017attention"]
    assert update_all(library) == [Rewrite(refs, False)]  # nothing changed: not rewritten

    lecun = library.search.search_ids("lecun")[0]
    library.references.set_field(lecun, "title", "Deep learning, revised")
    assert update_all(library) == [Rewrite(refs, True)]
    after = refs.read_text("utf-8")
    assert after != before and "Deep learning, revised" in after
    assert _keys(refs) == keys

    # what the search covers: a newly tagged reference comes in, with its own new key
    other = library.search.search_ids("other")[0]
    library.tags.tag_references([other], "thesis")
    update_all(library)
    assert _keys(refs) == ["lecun2015deep", "vaswani2017attention", "other2001unrelated"]


def test_a_watcher_rewrites_after_a_change_made_elsewhere(library: Library, tmp_path: Path) -> None:
    refs = tmp_path / "refs.bib"
    keep_updated(library, "biblatex", refs, "tag:thesis")
    keys = _keys(refs)
    passes: list[list[Rewrite]] = []
    watcher = Watcher(library.folder, poll=0.05, on_pass=passes.append)
    watcher.start()
    try:
        # another connection (another process, the window) changes a title
        with Library.open(library.folder) as other:
            other.references.set_field(
                other.search.search_ids("vaswani")[0], "title", "Attention, again"
            )
        assert _wait_for(lambda: "Attention, again" in refs.read_text("utf-8"))
        assert _keys(refs) == keys
        # a deleted file comes back
        refs.unlink()
        assert _wait_for(refs.exists)
    finally:
        watcher.stop()
    assert any(r.written for done in passes for r in done)
    assert all(r.error is None for done in passes for r in done)


def test_the_file_keeps_its_mode_and_its_link(library: Library, tmp_path: Path) -> None:
    real = tmp_path / "shared" / "refs.bib"
    real.parent.mkdir()
    real.write_text("old", encoding="utf-8")
    os.chmod(real, 0o664)
    link = tmp_path / "refs.bib"
    link.symlink_to(real)
    keep_updated(library, "bibtex", link, "tag:thesis")
    library.references.set_field(library.search.search_ids("lecun")[0], "title", "Changed")
    update_all(library)
    assert link.is_symlink() and "Changed" in real.read_text("utf-8")
    assert real.stat().st_mode & 0o777 == 0o664


def test_set_up_is_checked_and_can_be_undone(library: Library, tmp_path: Path) -> None:
    with pytest.raises(InputError, match="inside the library folder"):
        keep_updated(library, "bibtex", library.folder / "refs.bib")
    with pytest.raises(InputError, match="never closed"):
        keep_updated(library, "bibtex", tmp_path / "a.bib", "(tag:thesis")
    with pytest.raises(InputError, match="unknown format"):
        keep_updated(library, "docx", tmp_path / "a.bib")
    assert kept_files(library) == []
    keep_updated(library, "ris", tmp_path / "a.ris")
    keep_updated(library, "csl-json", tmp_path / "a.ris", "tag:thesis")  # replaced, not added
    (only,) = kept_files(library)
    assert only.format == "csl-json" and only.query == "tag:thesis"
    assert stop_keeping(library, tmp_path / "a.ris")
    assert not stop_keeping(library, tmp_path / "a.ris")
    assert kept_files(library) == [] and (tmp_path / "a.ris").exists()


def test_one_failing_file_does_not_stop_the_others(library: Library, tmp_path: Path) -> None:
    gone = tmp_path / "gone"
    gone.mkdir()
    keep_updated(library, "bibtex", gone / "refs.bib")
    keep_updated(library, "bibtex", tmp_path / "ok.bib")
    (gone / "refs.bib").unlink()
    gone.rmdir()
    library.references.set_field(library.search.search_ids("lecun")[0], "title", "Changed")
    done = {r.path.name: r for r in update_all(library)}
    assert done["refs.bib"].error is not None and not done["refs.bib"].written
    assert done["ok.bib"].written and done["ok.bib"].error is None


def test_a_watcher_reports_a_lasting_error_once(library: Library, tmp_path: Path) -> None:
    gone = tmp_path / "gone"
    gone.mkdir()
    keep_updated(library, "bibtex", gone / "refs.bib")
    (gone / "refs.bib").unlink()
    gone.rmdir()
    passes: list[list[Rewrite]] = []
    watcher = Watcher(library.folder, poll=0.02, on_pass=passes.append)
    watcher.start()
    try:
        assert _wait_for(lambda: bool(passes))
        for title in ("One", "Two", "Three"):
            with Library.open(library.folder) as other:
                other.references.set_field(other.search.search_ids("lecun")[0], "title", title)
            time.sleep(0.2)
        gone.mkdir()
        with Library.open(library.folder) as other:
            other.references.set_field(other.search.search_ids("lecun")[0], "title", "Back")
        assert _wait_for((gone / "refs.bib").exists)
    finally:
        watcher.stop()
    errors = [r for done in passes for r in done if r.error is not None]
    assert len(errors) == 1
    assert any(r.written for done in passes for r in done)


def test_a_kept_path_that_became_a_link_into_the_library_is_refused(
    library: Library, tmp_path: Path
) -> None:
    refs = tmp_path / "refs.bib"
    keep_updated(library, "bibtex", refs)
    database = library.db_path.read_bytes()
    refs.unlink()
    refs.symlink_to(library.db_path)
    library.references.set_field(library.search.search_ids("lecun")[0], "title", "Changed")
    (done,) = update_all(library)
    assert done.error is not None and "inside the library folder" in str(done.error)
    assert library.db_path.read_bytes()[:16] == database[:16] == b"SQLite format 3\x00"
    assert library.search.count() == 3


def test_a_watcher_survives_a_library_it_cannot_read_for_a_moment(
    library: Library, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import sqlite3

    from refmanager.service import auto_export

    refs = tmp_path / "refs.bib"
    keep_updated(library, "bibtex", refs)
    real = auto_export.update_all
    calls: list[int] = []

    def flaky(lib: Library) -> list[Rewrite]:
        calls.append(1)
        if len(calls) == 1:
            raise sqlite3.OperationalError("database is locked")
        return real(lib)

    monkeypatch.setattr(auto_export, "update_all", flaky)
    passes: list[list[Rewrite]] = []
    watcher = Watcher(library.folder, poll=0.02, on_pass=passes.append)
    watcher.start()
    try:
        with Library.open(library.folder) as other:
            other.references.set_field(
                other.search.search_ids("lecun")[0], "title", "After the lock"
            )
        assert _wait_for(lambda: "After the lock" in refs.read_text("utf-8"))
    finally:
        watcher.stop()
    errors = [str(r.error) for done in passes for r in done if r.error is not None]
    assert errors and "cannot read the library: database is locked" in errors[0]
