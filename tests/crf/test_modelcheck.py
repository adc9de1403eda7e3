"""A damaged CRF model is found before python-crfsuite opens it (issue 26 defect 10):
loading one crashed the process with SIGSEGV and no message."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from refmanager.crf import modelcheck
from refmanager.crf.modelcheck import model_problem
from refmanager.library import Library
from refmanager.model import Reference
from refmanager.parse.tagger import DEFAULT_MODEL, open_tagger

# the refmanager command in a process of its own: a crash there does not end the tests
_CLI = [
    sys.executable,
    "-c",
    "import sys; from refmanager.cli.main import main; sys.exit(main(sys.argv[1:]))",
]


def _damaged(tmp_path: Path, name: str = "parser.crfsuite") -> Path:
    """The shipped model with four bytes of its header's offsets overwritten: the size it
    records still matches, and python-crfsuite reads out of bounds (SIGSEGV) opening it."""
    data = bytearray(DEFAULT_MODEL.read_bytes())
    data[20:24] = b"\xff\xff\xff\x7f"
    path = tmp_path / name
    path.write_bytes(bytes(data))
    return path


def test_a_good_model_passes_and_is_probed_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    model = tmp_path / "good.crfsuite"
    shutil.copyfile(DEFAULT_MODEL, model)
    assert model_problem(model) is None
    monkeypatch.setattr(modelcheck, "_probe", lambda _name: "probed again")
    assert model_problem(model) is None  # the same file: the answer kept
    os.utime(model, ns=(0, 1_000_000_000))
    assert model_problem(model) == "probed again"  # changed: checked again


def test_damaged_models_are_found_without_crashing(tmp_path: Path) -> None:
    data = DEFAULT_MODEL.read_bytes()
    truncated = tmp_path / "truncated.crfsuite"
    truncated.write_bytes(data[: len(data) // 2])
    junk = tmp_path / "junk.crfsuite"
    junk.write_bytes(b"not a model at all")
    assert model_problem(truncated) is not None and "header says" in str(model_problem(truncated))
    assert model_problem(junk) == "is not a CRFsuite model file"
    assert "crashes the CRF library" in str(model_problem(_damaged(tmp_path)))


def test_open_tagger_refuses_a_damaged_model(tmp_path: Path) -> None:
    assert open_tagger(_damaged(tmp_path)) is None  # and this process is still here


def test_reparse_with_a_damaged_library_model_parses_with_the_shipped_one(
    tmp_path: Path,
) -> None:
    folder = tmp_path / "lib"
    with Library.open(folder) as lib:
        ref = Reference(type="article-journal", raw="[1] A. Smith. Deep nets. Nature, 2019.")
        lib.references.add_references([ref])
    _damaged(folder)
    done = subprocess.run(
        [*_CLI, "reparse", "--library", str(folder)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "parser model is damaged" in done.stderr
    assert "parsing with the shipped model instead" in done.stderr
    assert "re-parsed 1 reference" in done.stdout


def test_parse_with_a_damaged_model_file_says_so(tmp_path: Path) -> None:
    text = tmp_path / "refs.txt"
    text.write_text("A. Smith. Deep nets. Nature, 2019.\n", encoding="utf-8")
    done = subprocess.run(
        [*_CLI, "parse", str(text), "--model", str(_damaged(tmp_path))],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "parser model is damaged" in done.stderr
    assert '"title"' in done.stdout
