"""Exported files: whole or untouched, with the umask's mode, the old mode, the link kept."""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest

from refmanager.model import InputError
from refmanager.service.files import atomic_text_file, current_umask, inside


@pytest.fixture
def umask_027() -> Iterator[None]:
    old = os.umask(0o027)
    yield
    os.umask(old)


def _mode(path: Path) -> int:
    return stat.S_IMODE(os.stat(path).st_mode)


def test_umask_is_read_without_changing_it(umask_027: None) -> None:
    assert current_umask() == 0o027
    assert current_umask() == 0o027


def test_a_new_file_gets_the_umask_mode(tmp_path: Path, umask_027: None) -> None:
    target = tmp_path / "new.bib"
    with atomic_text_file(target) as out:
        out.write("x")
    assert target.read_text(encoding="utf-8") == "x"
    assert _mode(target) == 0o640


def test_a_replaced_file_keeps_its_mode(tmp_path: Path) -> None:
    target = tmp_path / "shared.bib"
    target.write_text("old", encoding="utf-8")
    os.chmod(target, 0o664)
    with atomic_text_file(target) as out:
        out.write("new")
    assert target.read_text(encoding="utf-8") == "new"
    assert _mode(target) == 0o664


def test_a_symlink_is_written_through(tmp_path: Path) -> None:
    project = tmp_path / "paper"
    project.mkdir()
    real = tmp_path / "refs-real.bib"
    real.write_text("old", encoding="utf-8")
    os.chmod(real, 0o644)
    link = project / "refs.bib"
    link.symlink_to(real)
    with atomic_text_file(link) as out:
        out.write("new")
    assert link.is_symlink()
    assert real.read_text(encoding="utf-8") == "new"
    assert _mode(real) == 0o644
    assert sorted(p.name for p in tmp_path.iterdir()) == ["paper", "refs-real.bib"]


def test_a_dangling_symlink_creates_its_target(tmp_path: Path, umask_027: None) -> None:
    link = tmp_path / "refs.bib"
    link.symlink_to(tmp_path / "made.bib")
    with atomic_text_file(link) as out:
        out.write("new")
    assert link.is_symlink() and (tmp_path / "made.bib").read_text(encoding="utf-8") == "new"
    assert _mode(tmp_path / "made.bib") == 0o640


def test_an_error_leaves_the_file_as_it_was(tmp_path: Path) -> None:
    target = tmp_path / "keep.bib"
    target.write_text("old", encoding="utf-8")
    with pytest.raises(ZeroDivisionError), atomic_text_file(target) as out:
        out.write("half")
        raise ZeroDivisionError
    assert target.read_text(encoding="utf-8") == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["keep.bib"]


def test_a_missing_folder_is_an_input_error(tmp_path: Path) -> None:
    with (
        pytest.raises(InputError, match="cannot write here"),
        atomic_text_file(tmp_path / "no" / "x.bib") as out,
    ):
        out.write("x")


def test_inside_follows_links(tmp_path: Path) -> None:
    lib = tmp_path / "lib"
    lib.mkdir()
    (tmp_path / "alias").symlink_to(lib / "library.sqlite")
    assert inside(lib / "library.sqlite", lib)
    assert inside(lib / "files" / "x.pdf", lib)
    assert inside(tmp_path / "alias", lib)
    assert inside(lib / ".." / "lib" / "library.sqlite", lib)
    assert not inside(tmp_path / "library.bib", lib)
    assert not inside(tmp_path / "lib2" / "x", lib)


def test_a_pipe_is_written_into_not_replaced(tmp_path: Path) -> None:
    import threading

    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    got: list[bytes] = []
    reader = threading.Thread(target=lambda: got.append(fifo.read_bytes()))
    reader.start()
    with atomic_text_file(fifo) as out:
        out.write("through the pipe")
    reader.join(10)
    assert got == [b"through the pipe"]
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)
    assert [p.name for p in tmp_path.iterdir()] == ["pipe"]


def test_a_folder_is_refused(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="is a folder"), atomic_text_file(tmp_path) as out:
        out.write("x")


def test_a_replaced_file_keeps_its_owner_where_allowed(tmp_path: Path) -> None:
    target = tmp_path / "theirs.bib"
    target.write_text("old", encoding="utf-8")
    if os.getuid() == 0:
        os.chown(target, 12345, 23456)  # root may give a file away; others keep their own
    before = os.stat(target)
    with atomic_text_file(target) as out:
        out.write("new")
    after = os.stat(target)
    assert (after.st_uid, after.st_gid) == (before.st_uid, before.st_gid)
