"""Hostile searches in the window: one clear message, the last good rows kept, no exception."""

from __future__ import annotations

import pytest
from pytestqt.qtbot import QtBot

from refmanager.gui.main_window import MainWindow


@pytest.mark.parametrize(
    "query",
    ["year:>=99999999999999999999", "(" * 400 + "x" + ")" * 400, " OR ".join(["x"] * 300)],
)
def test_overflowing_queries_give_a_message_and_keep_the_last_rows(
    qtbot: QtBot, paper_window: MainWindow, query: str
) -> None:
    win = paper_window
    win.search.setText("year:2015")
    win.searching.apply()
    qtbot.waitUntil(lambda: win.model.query.endswith("(year:2015)"), timeout=3000)
    good = win.model.rowCount()
    assert good > 0
    win.search.setText(query)
    win.searching.apply()
    qtbot.waitUntil(win.searching.message.isVisible, timeout=3000)
    message = win.searching.message.text()
    assert message and "\n" not in message and "Traceback" not in message
    assert win.model.rowCount() == good
    assert win.model.query.endswith("(year:2015)")


def test_forty_nots_are_a_plain_query(qtbot: QtBot, paper_window: MainWindow) -> None:
    win = paper_window
    win.search.setText("year:2015")
    win.searching.apply()
    qtbot.waitUntil(lambda: win.model.query.endswith("(year:2015)"), timeout=3000)
    good = win.model.rowCount()
    win.search.setText("NOT " * 40 + "year:2015")
    win.searching.apply()
    qtbot.waitUntil(lambda: win.model.query.endswith("NOT year:2015)"), timeout=3000)
    assert win.model.rowCount() == good
    assert not win.searching.message.isVisible()
