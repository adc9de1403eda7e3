"""A library that cannot be written is opened read-only: searched and read, never changed."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from refmanager.library import Library
from refmanager.model import DocumentMeta, InputError, Reference

from .conftest import BOOK, FLASH

REPO = Path(__file__).resolve().parents[2]


def _library(folder: Path) -> None:
    with Library.open(folder) as lib:
        ids = lib.references.add_references([FLASH, BOOK])
        lib.tags.tag_references(ids[:1], "to-read")


def _snapshot(folder: Path) -> bytes:
    """The database itself (SQLite may make empty ``-wal``/``-shm`` files beside it when
    the folder can be written)."""
    return (folder / "library.sqlite").read_bytes()


def test_read_only_searches_and_refuses_every_change(tmp_path: Path) -> None:
    folder = tmp_path / "lib"
    _library(folder)
    before = _snapshot(folder)
    with Library.open(folder, read_only=True) as lib:
        assert lib.read_only
        assert lib.search.count() == 2
        assert [r.title for r in lib.search.search("tag:to-read")] == [FLASH.get("title")]
        assert lib.references.references(lib.search.search_ids(""))[0].reference.get("title")
        attempts: list[Callable[[], object]] = [
            lambda: lib.references.add_references([Reference(fields={"title": "New"})]),
            lambda: lib.tags.tag_references(lib.search.search_ids(""), "x"),
            lambda: lib.references.set_field(lib.search.search_ids("")[0], "title", "Changed"),
            lambda: lib.references.delete_references(lib.search.search_ids("")),
            lambda: lib.saved_searches.save_search("s", "year:2020"),
            lambda: lib.documents.add_document(DocumentMeta(), []),
        ]
        for attempt in attempts:
            with pytest.raises(InputError, match="open read-only"):
                attempt()
        assert lib.search.count() == 2
    assert _snapshot(folder) == before


def test_an_older_library_read_only_says_it_needs_upgrading(tmp_path: Path) -> None:
    folder = tmp_path / "lib"
    _library(folder)
    with Library.open(folder) as lib:
        lib.conn.execute("PRAGMA user_version = 2")
    with pytest.raises(InputError, match="must be upgraded"):
        Library.open(folder, read_only=True)


def _read_only_mount_works(tmp_path: Path) -> bool:
    if not sys.platform.startswith("linux") or shutil.which("unshare") is None:
        return False
    probe = tmp_path / "probe"
    probe.mkdir()
    done = subprocess.run(
        [
            "unshare",
            "-m",
            "sh",
            "-c",
            f"mount --bind {probe} {probe} && "
            f"mount -o remount,bind,ro {probe} && ! touch {probe}/x",
        ],
        capture_output=True,
        check=False,
    )
    return done.returncode == 0


def test_a_library_on_a_read_only_medium_is_searched(tmp_path: Path) -> None:
    """The real case: the folder mounted read-only (a mount namespace of its own)."""
    if not _read_only_mount_works(tmp_path):
        pytest.skip("cannot mount a folder read-only here (needs unshare and mount rights)")
    folder = tmp_path / "lib"
    _library(folder)
    before = _snapshot(folder)
    command = f"{sys.executable} -m refmanager.cli.main"
    script = (
        f"mount --bind {folder} {folder} && mount -o remount,bind,ro {folder} && "
        f"{command} search attention --library {folder}; echo search=$?; "
        f"{command} tag add x attention --library {folder}; echo tag=$?"
    )
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    done = subprocess.run(
        ["unshare", "-m", "sh", "-c", script], capture_output=True, text=True, env=env, check=False
    )
    assert "search=0" in done.stdout, done.stderr
    assert "FlashAttention" in done.stdout
    assert "tag=2" in done.stdout
    assert "open read-only" in done.stderr and "Traceback" not in done.stderr
    assert _snapshot(folder) == before
