"""The entry editor shows and commits fields in the one string form (``model.fields``)."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QLineEdit
from pytestqt.qtbot import QtBot

from refmanager.gui.main_window import MainWindow
from refmanager.model import Name

pytestmark = pytest.mark.gui


def test_editing_one_author_keeps_the_others_suffix_and_particle(
    qtbot: QtBot, paper_window: MainWindow
) -> None:
    # Changes an output on purpose: the editor used to show (and commit) this list as
    # "King, Martin Luther; Beethoven, Ludwig; Smith, Ann", losing "Jr." and "van".
    win = paper_window
    lib = win.session.lib
    ref_id = win.session.lib.search.search_ids("")[0]
    stored = lib.references.reference(ref_id)
    stored.reference.author = [
        Name(family="King", given="Martin Luther", suffix="Jr."),
        Name(family="Beethoven", given="Ludwig", dropping_particle="van"),
        Name(family="Smith", given="Ann"),
    ]
    lib.references.restore_reference(stored)
    info = win.session.stored(ref_id)
    assert info is not None
    win.editor.set_reference(ref_id, info.reference)
    authors = win.editor.edits["author"]
    assert isinstance(authors, QLineEdit)
    assert authors.text() == "King, Martin Luther, Jr.; Beethoven, Ludwig van; Smith, Ann"

    authors.setFocus()
    authors.setText(authors.text().replace("Smith, Ann", "Smith, Anne"))
    authors.editingFinished.emit()
    qtbot.waitUntil(lambda: not win.commands.busy(), timeout=10_000)

    after = lib.references.reference(ref_id).reference.author
    assert [n.inverted() for n in after] == [
        "King, Martin Luther, Jr.",
        "Beethoven, Ludwig van",
        "Smith, Anne",
    ]
    assert after[0].suffix == "Jr."
