"""While the window runs, a file set up with export --keep-updated follows the library."""

from __future__ import annotations

import re
from pathlib import Path

from pytestqt.qtbot import QtBot

from refmanager.gui.main_window import MainWindow
from refmanager.model import Reference
from refmanager.service.auto_export import keep_updated


def test_an_edit_in_the_window_rewrites_the_kept_file(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    lib = window.session.lib
    (ref_id,) = lib.add_references(
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
    window.commands.run(window.session.edit_field(ref_id, "title", "Concrete mathematics"))
    qtbot.waitUntil(lambda: "Concrete mathematics" in refs.read_text("utf-8"), timeout=20_000)
    assert re.findall(r"@book\{([^,]+),", refs.read_text("utf-8")) == ["knuth1968art"]
    assert window.session.auto_export_problems() == []
