"""Crash logs go to a private per-user folder and never follow a planted symlink."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from refmanager.service.crashlog import crash_log_folder, write_crash_log


@pytest.fixture()
def state_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path / "state"
    monkeypatch.setenv("XDG_STATE_HOME", str(home))
    return home


def test_log_folder_is_private_and_logs_are_new_files(state_home: Path) -> None:
    first = write_crash_log("one")
    second = write_crash_log("two")
    assert first != second
    folder = crash_log_folder()
    assert stat.S_IMODE(os.stat(folder).st_mode) == 0o700
    assert stat.S_IMODE(os.stat(first).st_mode) == 0o600
    assert first.read_text(encoding="utf-8") == "one"


def test_a_symlinked_log_folder_is_refused(tmp_path: Path, state_home: Path) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    crash_log_folder().parent.mkdir(parents=True)
    crash_log_folder().symlink_to(elsewhere)
    with pytest.raises(OSError, match="not a folder"):
        write_crash_log("x")
    assert list(elsewhere.iterdir()) == []


def test_a_folder_open_to_others_is_closed(state_home: Path) -> None:
    folder = crash_log_folder()
    folder.mkdir(parents=True, mode=0o777)
    os.chmod(folder, 0o777)
    write_crash_log("x")
    assert stat.S_IMODE(os.stat(folder).st_mode) == 0o700


def test_old_logs_are_removed(state_home: Path) -> None:
    for i in range(25):
        write_crash_log(str(i))
    assert len(list(crash_log_folder().glob("crash-*.log"))) == 20
