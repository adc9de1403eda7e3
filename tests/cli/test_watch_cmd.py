"""``export --keep-updated`` sets a file up; ``watch`` keeps it up to date."""

from __future__ import annotations

import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

from refmanager.cli.main import main
from refmanager.library import Library
from refmanager.model import Reference

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    folder = tmp_path / "lib"
    with Library.open(folder) as lib:
        ids = lib.references.add_references(
            [
                Reference.from_csl(
                    {
                        "type": "book",
                        "title": "The art of computer programming",
                        "author": [{"family": "Knuth"}],
                        "issued": {"date-parts": [[1968]]},
                    }
                ),
                Reference.from_csl({"type": "book", "title": "Other", "author": [{"family": "X"}]}),
            ]
        )
        lib.tags.tag_references(ids[:1], "paper")
    return folder


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def _keys(path: Path) -> list[str]:
    return re.findall(r"^@\w+\{([^,]+),", path.read_text("utf-8"), re.MULTILINE)


def test_keep_updated_list_once_and_stop(
    folder: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    refs = tmp_path / "refs.bib"
    lib = ["--library", str(folder)]
    code, _, err = _run(
        capsys, "export", "tag:paper", "-o", str(refs), "--keep-updated",
        "--key-pattern", "[Auth][year]", *lib,
    )  # fmt: skip
    assert code == 0 and "kept up to date" in err
    assert _keys(refs) == ["Knuth1968"]
    code, out, _ = _run(capsys, "watch", "--list", *lib)
    assert out.strip() == f"{refs}\tbibtex\ttag:paper"
    with Library.open(folder) as library:
        library.references.set_field(
            library.search.search_ids("knuth")[0], "title", "Concrete mathematics"
        )
    code, _, err = _run(capsys, "watch", "--once", *lib)
    assert code == 0 and f"rewrote {refs}" in err
    assert "Concrete mathematics" in refs.read_text("utf-8") and _keys(refs) == ["Knuth1968"]
    code, _, err = _run(capsys, "watch", "--stop", str(refs), *lib)
    assert code == 0
    code, out, _ = _run(capsys, "watch", "--list", *lib)
    assert out == ""
    code, _, err = _run(capsys, "export", "-o", "-", "--keep-updated", *lib)
    assert code == 2 and "needs a file" in err
    code, _, err = _run(capsys, "export", "-o", str(refs), "--key-pattern", "[bad]", *lib)
    assert code == 2 and "unknown field [bad]" in err


def test_watch_rewrites_within_its_run(folder: Path, tmp_path: Path) -> None:
    """The real command in its own process: a change from another process shows up."""
    refs = tmp_path / "refs.bib"
    assert main(["export", "-o", str(refs), "--keep-updated", "--library", str(folder)]) == 0
    watch = subprocess.Popen(
        [sys.executable, "-m", "refmanager.cli.main", "watch", "--library", str(folder)],
        cwd=REPO,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        time.sleep(0.5)
        with Library.open(folder) as library:
            library.references.set_field(
                library.search.search_ids("knuth")[0], "title", "Changed by another"
            )
        deadline = time.monotonic() + 20
        while "Changed by another" not in refs.read_text("utf-8") and time.monotonic() < deadline:
            time.sleep(0.05)
        assert "Changed by another" in refs.read_text("utf-8")
    finally:
        watch.terminate()
        _, err = watch.communicate(timeout=10)
    assert "Traceback" not in err
