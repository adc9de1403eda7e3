"""`refmanager correct` stores corrections; `train --with-corrections` learns from them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from refmanager.cli.main import main
from refmanager.library import Library
from refmanager.model import Reference
from refmanager.service.parsing import model_for, stored_corrections


def _library_with_one_reference(folder: Path) -> int:
    ref = Reference(
        raw="[3] Moreau L. Tidal storage. Energy Letters, 2018, 7(2): 33-41.", label="3"
    )
    ref.set("title", "Tidal")
    with Library.open(folder) as lib:
        ids = lib.references.add_references([ref])
    return int(ids[0])


def test_correct_then_train(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "lib"
    ref_id = _library_with_one_reference(folder)
    args = ["correct", str(ref_id), "title=Tidal storage", "--library", str(folder)]
    assert main(args) == 0
    item = json.loads(capsys.readouterr().out)
    assert item["title"] == "Tidal storage"
    pairs = stored_corrections(folder)
    assert pairs and pairs[-1][1].get("title") == "Tidal storage"
    assert model_for(folder) is None
    # 40 shipped strings make a model worse than the shipped one on the strings it keeps
    # aside: the check refuses it and nothing is written
    args = ["train", "--with-corrections", "--size", "40", "--library", str(folder)]
    assert main(args) == 2
    err = capsys.readouterr().err
    assert "1 corrections" in err and "not kept" in err
    assert model_for(folder) is None


def test_correct_bad_change(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "lib"
    ref_id = _library_with_one_reference(folder)
    assert main(["correct", str(ref_id), "title", "--library", str(folder)]) == 2
    assert main(["correct", "999", "title=x", "--library", str(folder)]) == 2
    assert capsys.readouterr().err.count("refmanager: ") == 2


def test_train_says_what_it_needs(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # the shipped model is rebuilt by the development tools, not by the installed command
    assert main(["train", "--library", str(tmp_path / "lib")]) == 2
    err = capsys.readouterr().err
    assert "--with-corrections" in err and "tools.fieldcorpus.build" in err
    assert not (tmp_path / "lib").exists()


def test_train_without_corrections(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "lib"
    _library_with_one_reference(folder)
    assert main(["train", "--with-corrections", "--library", str(folder)]) == 2
    assert "no corrections yet" in capsys.readouterr().err
    assert model_for(folder) is None
