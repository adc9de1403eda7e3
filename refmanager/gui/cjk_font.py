"""Whether some installed font can draw Chinese, checked once when the window opens.

A bare Debian machine has no font that covers Chinese: Qt then draws every Chinese
character as an empty box, in the sidebar, the table, the editor and the search box.
``tools/setup.sh`` installs ``fonts-noto-cjk``; where that could not be done, the window
says so once (in its Problems panel) instead of showing boxes without a word.
"""

from __future__ import annotations

from PySide6.QtGui import QFontDatabase

MISSING_MESSAGE = (
    "No installed font covers Chinese: Chinese titles and names show as empty boxes. "
    "Install one (on Debian: sudo apt-get install fonts-noto-cjk) and open refmanager again."
)


def chinese_fonts() -> list[str]:
    """The installed font families that cover simplified Chinese."""
    return list(QFontDatabase.families(QFontDatabase.WritingSystem.SimplifiedChinese))


def missing_chinese_font() -> str | None:
    """What to tell the user when no font covers Chinese (None when one does)."""
    return None if chinese_fonts() else MISSING_MESSAGE
