"""service.sharing: passwords kept in libpq's password file only, redacted messages, the
live sync going offline and back (a real PostgreSQL server, tests/pgcluster.py)."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from pathlib import Path
from urllib.parse import quote

import pytest

from refmanager.library.pgserver import Server
from refmanager.library.serverterms import redact
from refmanager.model import Reference
from refmanager.service import sharing
from refmanager.service.opening import open_library
from tests.conftest import Lab
from tests.pgcluster import Cluster

AWKWARD = r"p:a\ss@w/rd#1"  # every character libpq's password file or a URI must escape


@pytest.fixture
def pgpass(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "pgpass"
    monkeypatch.setenv("PGPASSFILE", str(path))
    return path


def test_an_awkward_password_goes_to_the_password_file_and_works(
    pg_cluster: Cluster, pg_lab: Lab, pgpass: Path, tmp_path: Path
) -> None:
    pg_cluster.create_role("dave", AWKWARD, createrole=True)
    with pg_cluster.superuser(pg_lab.database) as conn:
        conn.execute(f'GRANT CREATE ON DATABASE "{pg_lab.database}" TO dave')
    url = pg_cluster.url("dave", quote(AWKWARD, safe=""), pg_lab.database)
    folder = tmp_path / "lib"
    with open_library(folder) as lib:
        lib.references.add_references([Reference.from_csl({"title": "One"})])
    sharing.share(folder, url)
    assert oct(pgpass.stat().st_mode & 0o777) == "0o600"
    assert pgpass.read_text().endswith(r":dave:p\:a\\ss@w/rd#1" + "\n")
    with open_library(folder) as lib:
        state = lib.sync.membership()
        assert state is not None and "rd#1" not in state.url and AWKWARD not in state.url
        sharing.sync(lib)  # libpq finds the password in the file by itself
        assert sharing.agrees(lib) == []
    assert AWKWARD.encode() not in (folder / "library.sqlite").read_bytes()


def test_a_password_is_redacted_raw_and_encoded() -> None:
    url = f"postgresql://dave:{quote(AWKWARD, safe='')}@db.example/lab"
    text = f"could not connect to {url}: password {AWKWARD} was refused"
    out = redact(text, url)
    assert AWKWARD not in out and quote(AWKWARD, safe="") not in out
    assert "postgresql://dave@db.example/lab" in out


def test_the_live_sync_goes_offline_and_comes_back(
    pg_cluster: Cluster, pg_lab: Lab, pgpass: Path, tmp_path: Path
) -> None:
    folder = tmp_path / "lib"
    with open_library(folder) as lib:
        lib.references.add_references([Reference.from_csl({"title": "One"})])
    sharing.share(folder, pg_lab.url("alice"))
    states: list[sharing.LiveState] = []
    seen = threading.Condition()

    def on_state(state: sharing.LiveState) -> None:
        with seen:
            states.append(state)
            seen.notify_all()

    def wait_for(status: str, pending: int = 0) -> sharing.LiveState:
        def arrived() -> bool:
            return bool(states) and states[-1].status == status and states[-1].pending >= pending

        with seen:
            assert seen.wait_for(arrived, timeout=30)
            return states[-1]

    live = sharing.LiveSync(folder, on_state, retry=0.5)
    live.start()
    try:
        wait_for("online")
        pg_cluster.stop("immediate")
        with open_library(folder) as lib:  # an edit made while the server is away
            lib.references.add_references([Reference.from_csl({"title": "Offline"})])
        offline = wait_for("offline", pending=1)  # it says what waits to be sent
        assert "alice-secret" not in offline.message
        pg_cluster.start()
        back = wait_for("online")
        assert back.pending == 0
    finally:
        live.stop()
    with Server.connect(pg_lab.url("alice")) as server:
        titles = {f.get("title") for f in server.entities().values()}
    assert {"One", "Offline"} <= titles


def test_sharing_without_the_right_to_create_roles_says_so(
    pg_lab: Lab, pgpass: Path, tmp_path: Path
) -> None:
    folder = tmp_path / "lib"
    open_library(folder).close()
    with pytest.raises(sharing.NotAllowed, match="CREATEROLE"):
        sharing.share(folder, pg_lab.url("bob"))
    with open_library(folder) as lib:
        assert lib.sync.membership() is None  # nothing half-done here


def test_the_postgresql_client_is_loaded_only_to_talk_to_a_server() -> None:
    # a window on a library that is not shared held psycopg's 23,500 objects, and every
    # full pass of its cyclic collector walked them (50 ms of its thread during a big
    # import): only library.pgserver, the connection module, imports psycopg
    code = (
        "import sys\n"
        "import refmanager.gui.main_window, refmanager.service.sharing, refmanager.cli.watch_cmd\n"
        "print('psycopg' in sys.modules, 'refmanager.library.pgserver' in sys.modules)\n"
    )
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=False,
    )
    assert done.stdout.split() == ["False", "False"], done.stderr
