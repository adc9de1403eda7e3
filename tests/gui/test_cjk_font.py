"""Chinese on screen (issue 25, item 1): set-up installs a font that covers Chinese, and a
window on a machine without one says so once."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QFont, QFontMetrics

from refmanager.gui import cjk_font
from refmanager.gui.app import create_app
from refmanager.gui.main_window import MainWindow

pytestmark = pytest.mark.gui


def test_a_font_covers_chinese_after_set_up() -> None:
    """tools/setup.sh installs fonts-noto-cjk: the window's text can draw Chinese."""
    create_app()
    assert cjk_font.chinese_fonts(), "no font covers Chinese: run tools/setup.sh"
    assert cjk_font.missing_chinese_font() is None
    metrics = QFontMetrics(QFont(cjk_font.chinese_fonts()[0]))
    assert all(metrics.inFontUcs4(ord(c)) for c in "基于深度学习的文本分类")


def test_without_a_chinese_font_the_window_says_so(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert window.problems.messages == []  # this machine has one (set-up installs it)
    monkeypatch.setattr(cjk_font, "chinese_fonts", list)
    assert window.say_if_no_chinese_font()
    assert window.problems.messages == [cjk_font.MISSING_MESSAGE]
    assert "fonts-noto-cjk" in window.problems.messages[0]
