"""Exported files: whole or untouched, with the umask's mode, the old mode, the link kept."""

from __future__ import annotations

import ast
import fcntl
import os
import re
import stat
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from refmanager.model import InputError
from refmanager.service.files import (
    check_user_file,
    current_umask,
    inside,
    remove_leftovers,
    user_file,
    user_text_file,
)


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
    with user_text_file(target, None) as out:
        out.write("x")
    assert target.read_text(encoding="utf-8") == "x"
    assert _mode(target) == 0o640


def test_a_replaced_file_keeps_its_mode(tmp_path: Path) -> None:
    target = tmp_path / "shared.bib"
    target.write_text("old", encoding="utf-8")
    os.chmod(target, 0o664)
    with user_text_file(target, None) as out:
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
    with user_text_file(link, None) as out:
        out.write("new")
    assert link.is_symlink()
    assert real.read_text(encoding="utf-8") == "new"
    assert _mode(real) == 0o644
    assert sorted(p.name for p in tmp_path.iterdir()) == ["paper", "refs-real.bib"]


def test_a_dangling_symlink_creates_its_target(tmp_path: Path, umask_027: None) -> None:
    link = tmp_path / "refs.bib"
    link.symlink_to(tmp_path / "made.bib")
    with user_text_file(link, None) as out:
        out.write("new")
    assert link.is_symlink() and (tmp_path / "made.bib").read_text(encoding="utf-8") == "new"
    assert _mode(tmp_path / "made.bib") == 0o640


def test_an_error_leaves_the_file_as_it_was(tmp_path: Path) -> None:
    target = tmp_path / "keep.bib"
    target.write_text("old", encoding="utf-8")
    with pytest.raises(ZeroDivisionError), user_text_file(target, None) as out:
        out.write("half")
        raise ZeroDivisionError
    assert target.read_text(encoding="utf-8") == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["keep.bib"]


def test_a_missing_folder_is_an_input_error(tmp_path: Path) -> None:
    with (
        pytest.raises(InputError, match="cannot write: no folder"),
        user_text_file(tmp_path / "no" / "x.bib", None) as out,
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
    with user_text_file(fifo, None) as out:
        out.write("through the pipe")
    reader.join(10)
    assert got == [b"through the pipe"]
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)
    assert [p.name for p in tmp_path.iterdir()] == ["pipe"]


def test_a_folder_is_refused(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="is a folder"), user_text_file(tmp_path, None) as out:
        out.write("x")


def test_a_replaced_file_keeps_its_owner_where_allowed(tmp_path: Path) -> None:
    target = tmp_path / "theirs.bib"
    target.write_text("old", encoding="utf-8")
    if os.getuid() == 0:
        os.chown(target, 12345, 23456)  # root may give a file away; others keep their own
    before = os.stat(target)
    with user_text_file(target, None) as out:
        out.write("new")
    after = os.stat(target)
    assert (after.st_uid, after.st_gid) == (before.st_uid, before.st_gid)


# ------------------------------------------------------------------ issue 26


def test_a_target_inside_the_library_folder_is_refused_before_writing(tmp_path: Path) -> None:
    lib = tmp_path / "lib"
    lib.mkdir()
    database = lib / "library.sqlite"
    database.write_bytes(b"SQLite format 3\x00")
    (tmp_path / "alias.bib").symlink_to(database)
    for target in (database, tmp_path / "alias.bib", lib / "new.bib"):
        with pytest.raises(InputError, match="inside the library folder"):
            check_user_file(target, lib)
        with (
            pytest.raises(InputError, match="inside the library folder"),
            user_file(target, lib) as out,
        ):
            out.write(b"gzip")
    assert database.read_bytes() == b"SQLite format 3\x00"
    assert sorted(p.name for p in lib.iterdir()) == ["library.sqlite"]


def _leftover(folder: Path, name: str, age: float) -> Path:
    path = folder / f".{name}.ab12cd_9.tmp"
    path.write_text("half an export", encoding="utf-8")
    then = time.time() - age
    os.utime(path, (then, then))
    return path


def test_a_leftover_of_a_killed_write_is_cleaned_on_the_next_write(tmp_path: Path) -> None:
    target = tmp_path / "refs.bib"
    old = _leftover(tmp_path, "refs.bib", age=60)
    other = _leftover(tmp_path, "other.bib", age=60)  # another target's: not ours to clean
    with user_text_file(target, None) as out:
        out.write("whole")
    assert not old.exists()
    assert other.exists()
    assert target.read_text(encoding="utf-8") == "whole"


def test_a_temporary_file_a_running_write_holds_is_left_alone(tmp_path: Path) -> None:
    target = tmp_path / "refs.bib"
    running = _leftover(tmp_path, "refs.bib", age=60)
    fd = os.open(running, os.O_RDONLY)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)  # as a concurrent writer holds its own
        with user_text_file(target, None) as out:
            out.write("whole")
        assert running.exists()
    finally:
        os.close(fd)
    assert remove_leftovers(target) == [running]


_KILLED_WRITER = """
import sys, time
from pathlib import Path
from refmanager.service.files import user_text_file
with user_text_file(Path(sys.argv[1]), None) as out:
    out.write("half")
    out.flush()
    print("writing", flush=True)
    time.sleep(60)
"""


def test_sigkill_mid_write_leaves_a_temporary_file_the_next_write_removes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "refs.bib"
    target.write_text("before", encoding="utf-8")
    writer = subprocess.Popen(
        [sys.executable, "-c", _KILLED_WRITER, str(target)], stdout=subprocess.PIPE, text=True
    )
    with writer:
        assert writer.stdout is not None and writer.stdout.readline() == "writing\n"
        writer.kill()
    (leftover,) = [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]
    assert target.read_text(encoding="utf-8") == "before"
    monkeypatch.setattr("refmanager.service.files._LEFTOVER_AGE", 0.0)
    with user_text_file(target, None) as out:
        out.write("after")
    assert not leftover.exists()
    assert [p.name for p in tmp_path.iterdir()] == ["refs.bib"]


_WRITE_MODE = re.compile(r"[wax+]")
_OWN_WRITERS = {"refmanager/service/files.py", "refmanager/service/crashlog.py"}


def _direct_writes(path: Path) -> list[str]:
    """Calls in ``path`` that write a file without ``service.files``."""
    found: list[str] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
        modes = [a for a in node.args[1:2] if isinstance(a, ast.Constant)]
        modes += [k.value for k in node.keywords if k.arg == "mode"]  # type: ignore[misc]
        text = [m.value for m in modes if isinstance(m, ast.Constant) and isinstance(m.value, str)]
        writing = any(_WRITE_MODE.search(t) for t in text)
        if any(k.arg == "fileobj" for k in node.keywords):
            continue  # a stream over another stream (gzip into the helper's file)
        if (name in ("open", "fdopen", "GzipFile") and writing) or name in (
            "write_text",
            "write_bytes",
            "replace",
            "rename",
            "mkstemp",
        ):
            by_os = isinstance(func, ast.Attribute) and getattr(func.value, "id", "") == "os"
            if name == "replace" and not by_os and (len(node.args) != 1 or node.keywords):
                continue  # str.replace(a, b), dataclasses.replace(x, f=v): not a file
            found.append(f"{path}:{node.lineno}: {name}")
    return found


def test_front_ends_and_use_cases_write_files_only_through_the_helper() -> None:
    root = Path(__file__).resolve().parents[2]
    writes: list[str] = []
    for package in ("cli", "gui", "service"):
        for path in sorted((root / "refmanager" / package).rglob("*.py")):
            if str(path.relative_to(root)) not in _OWN_WRITERS:
                writes += _direct_writes(path)
    assert writes == []


def test_a_private_file_is_written_0600_whatever_it_had(tmp_path: Path) -> None:
    target = tmp_path / ".pgpass"
    target.write_text("old", encoding="utf-8")
    target.chmod(0o644)
    with user_text_file(target, None, private=True) as out:
        out.write("host:5432:db:user:secret\n")
    assert stat.S_IMODE(target.stat().st_mode) == 0o600
    assert target.read_text(encoding="utf-8") == "host:5432:db:user:secret\n"
