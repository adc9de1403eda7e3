"""`refmanager import` of bibliography files: what it says, its exit status, and a crash."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from refmanager.cli.main import main
from refmanager.library import Library
from tests.formats.test_parts import ris_export


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def _csl(path: Path, count: int, cut: bool = False) -> Path:
    items = [
        json.dumps({"id": f"i{n}", "type": "book", "title": f"Work number {n}", "issued": 2000})
        for n in range(count)
    ]
    text = "[\n" + ",\n".join(items) + ("\n]\n" if not cut else ',\n{"id": "x", "title": "cut')
    path.write_text(text, encoding="utf-8")
    return path


def test_junk_in_a_ris_file_exits_1_and_says_what_was_not_imported(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = ris_export(tmp_path)
    code, out, err = _run(capsys, "import", str(path), "--library", str(tmp_path / "lib"))
    assert code == 1
    assert out.strip().splitlines()[-1] == (
        "1 added (5 references), 0 already there, 0 failed; "
        "not imported: 3 entries or lines (listed above)"
    )
    assert f"{path}:9: bytes that are not UTF-8 text" in err
    with Library.open(tmp_path / "lib") as lib:
        assert lib.search.count() == 5


def test_a_cut_json_file_adds_nothing_and_says_where(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _csl(tmp_path / "cut.json", 3, cut=True)
    code, out, err = _run(capsys, "import", str(path), "--library", str(tmp_path / "lib"))
    assert code == 1
    assert out.strip().splitlines()[-1] == "0 added (0 references), 0 already there, 1 failed"
    assert f"{path}: not valid JSON at line 5, column 22: the file ends inside a string" in err
    assert "nothing was imported" in err
    with Library.open(tmp_path / "lib") as lib:
        assert lib.search.count() == 0


def test_a_clean_file_exits_0_and_a_second_import_adds_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _csl(tmp_path / "ok.json", 4)
    lib = str(tmp_path / "lib")
    code, out, _ = _run(capsys, "import", str(path), "--library", lib)
    assert code == 0 and out.strip() == "1 added (4 references), 0 already there, 0 failed"
    code, out, err = _run(capsys, "import", str(path), "--library", lib)
    assert code == 0 and out.strip() == "0 added (0 references), 1 already there, 0 failed"
    assert "imported before" not in err  # "already there" is not a problem to list


_SMALL_BATCHES = (
    "import sys; import refmanager.service.exchange as e; e.BATCH_REFERENCES = 200; "
    "from refmanager.cli.main import main; sys.exit(main(sys.argv[1:]))"
)


@pytest.mark.slow
@pytest.mark.parametrize(
    ("large", "worker"),
    [(False, False), (True, False), (True, True)],
    ids=["indexes kept", "indexes set aside", "indexes set aside, read in a worker"],
)
def test_sigkill_mid_import_leaves_whole_batches_and_rerunning_finishes(
    tmp_path: Path, large: bool, worker: bool
) -> None:
    path = _csl(tmp_path / "many.json", 6000)
    folder = tmp_path / "lib"
    # large: the import sets most indexes aside (its first 200 references are all it
    # expects from a file read in one block), so the kill comes while they are away;
    # worker: the file is read in a worker process, which must not outlive the kill
    settings = "e.LARGE_IMPORT = 100; " if large else ""
    if worker:
        settings += "import refmanager.service.reading as r; r.WORKER_BYTES = 0; "
    code = _SMALL_BATCHES.replace("from refmanager", settings + "from refmanager")
    command = [sys.executable, "-c", code, "import", str(path), "--quiet"]
    command += ["--library", str(folder)]
    proc = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    stored = 0
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and proc.poll() is None:
        try:
            with sqlite3.connect(folder / "library.sqlite", timeout=1) as conn:
                stored = conn.execute("SELECT coalesce(max(added), 0) FROM imports").fetchone()[0]
        except sqlite3.Error:
            stored = 0  # not created yet
        if stored >= 400:
            break
        time.sleep(0.02)
    assert proc.poll() is None, "the import finished before it could be killed"
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    indexes = "SELECT count(*) FROM sqlite_master WHERE type = 'index' AND tbl_name = 'refs'"
    with sqlite3.connect(folder / "library.sqlite") as conn:
        left = conn.execute(indexes).fetchone()[0]
    with Library.open(folder) as lib:  # builds the indexes a killed import set aside
        count = lib.search.count()
        assert count % 200 == 0 and 400 <= count < 6000  # whole batches only
        assert lib.maintenance.check().integrity == ["ok"] and not lib.imports.deferred_indexes()
        assert (lib.conn.execute(indexes).fetchone()[0] > left) == large
    again = subprocess.run(command, capture_output=True, text=True, check=False)
    assert again.returncode == 0, again.stderr
    with Library.open(folder) as lib:
        assert lib.search.count() == 6000
        titles = {row.title for row in lib.search.search("", order_by="id", limit=10_000)}
        assert len(titles) == 6000  # each item once
        assert lib.maintenance.check().integrity == ["ok"]


def test_importing_a_device_or_a_pipe_says_what_it_is(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # issue 26 defect 5: /dev/zero and a FIFO were called missing ("no such file or folder")
    os.mkfifo(tmp_path / "pipe.bib")
    lib = str(tmp_path / "lib")
    assert main(["import", "/dev/zero", str(tmp_path / "pipe.bib"), "--library", lib]) == 1
    err = capsys.readouterr().err
    assert err.count("is not a file (a device or a pipe)") == 2
    assert "no such file" not in err
