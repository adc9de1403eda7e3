"""``refmanager collection``: the same use cases the window runs (service.collections)."""

from __future__ import annotations

from pathlib import Path

import pytest

from refmanager.cli.main import main
from refmanager.library import Library
from refmanager.model import Reference


def test_create_add_list_remove_delete(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "lib"
    with Library.open(folder) as lib:
        lib.references.add_references(
            [Reference.from_csl({"title": t}) for t in ("Graphs one", "Graphs two", "Other")]
        )
    lib_args = ("--library", str(folder))
    assert main(["collection", "create", "Thesis", *lib_args]) == 0
    assert main(["collection", "create", "Thesis/Chapter 2", *lib_args]) == 0
    assert main(["collection", "add", "Thesis/Chapter 2", "title:graphs", *lib_args]) == 0
    assert "added 2 references" in capsys.readouterr().out
    assert main(["collection", "list", *lib_args]) == 0
    assert capsys.readouterr().out.splitlines() == [
        "       0 refs  Thesis",
        "       2 refs    Chapter 2",
    ]
    assert main(["collection", "remove", "Thesis/Chapter 2", "title:one", *lib_args]) == 0
    assert "removed 1 reference " in capsys.readouterr().out
    assert main(["collection", "delete", "Thesis", *lib_args]) == 0
    assert main(["collection", "list", *lib_args]) == 0
    assert "no collections yet" in capsys.readouterr().err
    assert main(["collection", "add", "Nowhere", "x", *lib_args]) == 2
    assert "no collection has that path" in capsys.readouterr().err
