"""``refmanager share``, ``join``, ``sync`` and ``watch`` on a shared library (real server)."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import pytest

from refmanager.cli.main import main
from refmanager.library import Library
from refmanager.model import Reference
from tests.conftest import PASSWORDS, Lab

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture
def pgpass(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "pgpass"
    monkeypatch.setenv("PGPASSFILE", str(path))
    return path


@pytest.fixture
def shared(tmp_path: Path, pg_lab: Lab, pgpass: Path) -> tuple[Path, Path]:
    """alice shares a library of two references; bob (an editor) joins it."""
    alice, bob = tmp_path / "alice", tmp_path / "bob"
    with Library.open(alice) as lib:
        lib.references.add_references(
            [
                Reference.from_csl({"type": "book", "title": "The art of programming"}),
                Reference.from_csl({"type": "book", "title": "Other"}),
            ]
        )
    assert main(["share", pg_lab.url("alice"), "--library", str(alice)]) == 0
    assert main(["share", "--library", str(alice), "--add-member", "bob"]) == 0
    assert main(["join", pg_lab.url("bob"), "--library", str(bob)]) == 0
    return alice, bob


def test_share_keeps_no_password_in_the_library(
    shared: tuple[Path, Path], pgpass: Path, pg_lab: Lab
) -> None:
    alice, bob = shared
    for folder in (alice, bob):
        for path in folder.iterdir():
            if path.is_file():
                data = path.read_bytes()
                assert PASSWORDS["alice"].encode() not in data, path
                assert PASSWORDS["bob"].encode() not in data, path
    assert oct(pgpass.stat().st_mode & 0o777) == "0o600"
    assert f":alice:{PASSWORDS['alice']}" in pgpass.read_text()
    with Library.open(bob) as lib:
        assert lib.search.count("programming") == 1
        state = lib.sync.membership()
        assert state is not None and state.url == pg_lab.url("bob", password=False)


def test_members_are_listed_added_and_removed(
    shared: tuple[Path, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    alice, _ = shared
    assert (
        main(["share", "--library", str(alice), "--add-member", "carol", "--role", "reader"]) == 0
    )
    assert main(["share", "--library", str(alice), "--members"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines() == ["alice\towner", "bob\teditor", "carol\treader"]
    assert main(["share", "--library", str(alice), "--remove-member", "carol"]) == 0
    assert main(["share", "--library", str(alice), "--add-member", "bob", "--role", "reader"]) == 0
    assert main(["share", "--library", str(alice), "--members"]) == 0
    assert capsys.readouterr().out.splitlines() == ["alice\towner", "bob\treader"]


def test_sync_exits_non_zero_naming_a_waiting_conflict(
    shared: tuple[Path, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    alice, bob = shared
    for folder, value in ((alice, "Addison-Wesley"), (bob, "Pearson")):
        with Library.open(folder) as lib:
            row = lib.conn.execute("SELECT id FROM refs WHERE title = 'Other'").fetchone()
            lib.references.set_field(row[0], "publisher", value)
    assert main(["sync", "--library", str(alice)]) == 0
    capsys.readouterr()
    assert main(["sync", "--library", str(bob)]) == 1
    captured = capsys.readouterr()
    assert 'Other: publisher: kept "Addison-Wesley", other "Pearson" (by bob)' in captured.out
    assert "1 conflict(s) wait" in captured.err
    conflict_id = captured.out.split()[1].rstrip(":")
    assert main(["sync", "--library", str(alice)]) == 1  # every member lists it
    assert main(["sync", "--library", str(alice), "--take", conflict_id, "--check"]) == 0
    assert main(["sync", "--library", str(bob), "--check"]) == 0
    with Library.open(bob) as lib:
        row = lib.conn.execute("SELECT id FROM refs WHERE title = 'Other'").fetchone()
        assert lib.references.reference(row[0]).reference.fields["publisher"] == "Pearson"


def test_a_wrong_password_is_never_shown(
    shared: tuple[Path, Path], pg_lab: Lab, capsys: pytest.CaptureFixture[str]
) -> None:
    _, bob = shared
    url = pg_lab.url("bob").replace(PASSWORDS["bob"], "Wr0ng-pa55")
    assert main(["sync", "--library", str(bob), "--url", url]) == 2
    err = capsys.readouterr().err
    assert "Wr0ng-pa55" not in err and "password authentication failed" in err


def test_watch_brings_another_members_edit_live(shared: tuple[Path, Path], pgpass: Path) -> None:
    alice, bob = shared
    with subprocess.Popen(
        [sys.executable, "-m", "refmanager.cli.main", "watch", "--library", str(bob)],
        cwd=REPO,
        stderr=subprocess.PIPE,
        text=True,
    ) as watcher:
        try:
            assert watcher.stderr is not None
            while "watching" not in watcher.stderr.readline():
                pass
            time.sleep(1.0)  # connected and listening
            with Library.open(alice) as lib:
                row = lib.conn.execute("SELECT id FROM refs WHERE title = 'Other'").fetchone()
                lib.references.set_field(row[0], "volume", "7")
            assert main(["sync", "--library", str(alice)]) == 0
            sent = time.monotonic()
            found = False
            while time.monotonic() - sent < 30 and not found:  # latency: the benchmark
                with Library.open(bob) as lib:
                    found = (
                        lib.search.count("title:other") == 1
                        and lib.conn.execute(
                            'SELECT 1 FROM ref_data WHERE csl LIKE \'%"volume":"7"%\''
                        ).fetchone()
                        is not None
                    )
                time.sleep(0.05)
            assert found
        finally:
            watcher.terminate()
            watcher.wait()
