"""The test cluster helper: a run killed before its teardown leaves no server behind for
long (the next session stops it)."""

from __future__ import annotations

import signal
import subprocess
import sys
from pathlib import Path

import pytest

from tests.pgcluster import missing_reason, remove_stale

REPO = Path(__file__).resolve().parents[1]


@pytest.mark.skipif(missing_reason() is not None, reason=str(missing_reason()))
def test_a_killed_runs_cluster_is_stopped_and_removed_later() -> None:
    script = (
        "import time; from tests.pgcluster import Cluster; c = Cluster(); "
        "print(c.folder, flush=True); time.sleep(60)"
    )
    with subprocess.Popen(
        [sys.executable, "-c", script], cwd=REPO, stdout=subprocess.PIPE, text=True
    ) as run:
        assert run.stdout is not None
        folder = Path(run.stdout.readline().strip())
        run.send_signal(signal.SIGKILL)  # no teardown
        run.wait()
    pid_file = folder / "data" / "postmaster.pid"
    assert pid_file.exists()  # its server is still running
    assert folder in remove_stale()
    assert not folder.exists()
