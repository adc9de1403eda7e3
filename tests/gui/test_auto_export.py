"""While the window runs, a file set up with export --keep-updated follows the library."""

from __future__ import annotations

import re
from pathlib import Path

from pytestqt.qtbot import QtBot

from refmanager.gui.main_window import MainWindow
from refmanager.model import Reference
from refmanager.service import editing
from refmanager.service.auto_export import keep_updated


def test_an_edit_in_the_window_rewrites_the_kept_file(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    lib = window.session.lib
    (ref_id,) = lib.references.add_references(
        [
            Reference.from_csl(
                {
                    "type": "book",
                    "title": "The art of computer programming",
                    "author": [{"family": "Knuth", "given": "Donald"}],
                    "issued": {"date-parts": [[1968]]},
                }
            )
        ]
    )
    refs = tmp_path / "refs.bib"
    keep_updated(lib, "bibtex", refs)
    assert re.findall(r"@book\{([^,]+),", refs.read_text("utf-8")) == ["knuth1968art"]
    window.commands.run(editing.edit_field(ref_id, "title", "Concrete mathematics"))
    qtbot.waitUntil(lambda: "Concrete mathematics" in refs.read_text("utf-8"), timeout=20_000)
    assert re.findall(r"@book\{([^,]+),", refs.read_text("utf-8")) == ["knuth1968art"]
    assert window.session.auto_export_problems() == []


def test_a_kept_file_is_set_up_from_the_window(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    lib = window.session.lib
    ids = lib.references.add_references(
        [
            Reference.from_csl({"type": "book", "title": "Tagged", "author": [{"family": "A"}]}),
            Reference.from_csl({"type": "book", "title": "Other", "author": [{"family": "B"}]}),
        ]
    )
    lib.tags.tag_references(ids[:1], "paper")
    window.refresh_sidebar()
    window.searching.set_scope("tag", "paper", "paper")
    target = tmp_path / "refs.ris"

    def fill(dialog: object) -> None:
        from refmanager.gui.dialogs import ExportDialog

        assert isinstance(dialog, ExportDialog)
        dialog.set_values("ris", "tag", target)

    assert window.exports.keep_updated_dialog(dialog_hook=fill)
    text = target.read_text("utf-8")
    assert "TI  - Tagged" in text and "Other" not in text
    window.commands.run(editing.edit_field(ids[0], "title", "Tagged, renamed"))
    qtbot.waitUntil(lambda: "Tagged, renamed" in target.read_text("utf-8"), timeout=20_000)
    # refused with a message in the Problems panel: a file inside the library folder
    inside = window.session.lib.folder / "refs.bib"

    def inside_library(dialog: object) -> None:
        from refmanager.gui.dialogs import ExportDialog

        assert isinstance(dialog, ExportDialog)
        dialog.set_values("bibtex", "all", inside)

    assert not window.exports.keep_updated_dialog(dialog_hook=inside_library)
    assert any("inside the library folder" in e for e in window.problems.messages)


def test_a_kept_file_that_cannot_be_written_is_reported(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    lib = window.session.lib
    (ref_id,) = lib.references.add_references([Reference.from_csl({"type": "book", "title": "T"})])
    folder = tmp_path / "gone"
    folder.mkdir()
    keep_updated(lib, "bibtex", folder / "refs.bib")
    (folder / "refs.bib").unlink()
    folder.rmdir()
    window.commands.run(editing.edit_field(ref_id, "title", "T2"))
    qtbot.waitUntil(lambda: any("refs.bib" in e for e in window.problems.messages), timeout=20_000)
