"""An internal error's log does not follow a symlink planted in the shared temp folder."""

from __future__ import annotations

import argparse
import tempfile
from pathlib import Path

import pytest

from refmanager.cli import main as cli_main
from refmanager.service.crashlog import crash_log_folder


class _Crashing:
    @staticmethod
    def run(args: argparse.Namespace) -> int:
        del args
        raise ValueError("boom")


@pytest.fixture()
def state_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path / "state"
    monkeypatch.setenv("XDG_STATE_HOME", str(home))
    return home


def test_internal_error_does_not_follow_a_symlink_in_tmp(
    tmp_path: Path,
    state_home: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    shared = tmp_path / "shared-tmp"
    shared.mkdir()
    victim = tmp_path / "precious.txt"
    victim.write_text("keep me", encoding="utf-8")
    for name in ("refmanager-crash.log", "refmanager-crash.txt"):
        (shared / name).symlink_to(victim)
    monkeypatch.setattr(tempfile, "tempdir", str(shared))
    monkeypatch.setattr(cli_main, "_load", lambda _module: _Crashing())
    assert cli_main.main(["check"]) == 1
    err = capsys.readouterr().err
    assert "internal error: ValueError: boom" in err
    assert victim.read_text(encoding="utf-8") == "keep me"
    logs = list(crash_log_folder().glob("crash-*.log"))
    assert len(logs) == 1 and str(logs[0]) in err
    assert "ValueError: boom" in logs[0].read_text(encoding="utf-8")
    assert str(state_home) in str(logs[0])
