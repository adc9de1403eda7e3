"""The window's look and its shipped files: light/dark palettes and ``resources/``."""

from __future__ import annotations

import html
import sys
from pathlib import Path

from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QColor, QGuiApplication, QIcon, QPalette
from PySide6.QtWidgets import QApplication, QLabel

# In a checkout (and an editable install): the repository's resources/ folder. Installed
# from a wheel: <prefix>/share/refmanager (pyproject.toml, [tool.setuptools.data-files]).
RESOURCES = Path(__file__).resolve().parent.parent.parent / "resources"
INSTALLED_RESOURCES = Path(sys.prefix) / "share" / "refmanager"
THEMES = ("system", "light", "dark")


def resource(name: str) -> Path:
    """A file shipped in ``resources/`` (icon, sample paper, .desktop file), from the
    checkout or from where an installed refmanager keeps it."""
    for folder in (RESOURCES, INSTALLED_RESOURCES):
        path = folder / name
        if path.is_file():
            return path
    return RESOURCES / name


def plain_label(label: QLabel) -> QLabel:
    """``label`` showing its text as plain text, whatever it looks like.

    The one rule for data from a file (a PDF's /Title, a .bib field, a file name): it is
    never read as HTML, so it cannot style the window or make it load a local image.
    """
    label.setTextFormat(Qt.TextFormat.PlainText)
    return label


def plain_tip(text: str) -> str:
    """A tooltip that shows ``text`` as it is (Qt reads a tooltip that looks like HTML as
    HTML): escaped, its line breaks kept."""
    if not text:
        return ""
    return f"<p style='white-space:pre-wrap'>{html.escape(text)}</p>"


def app_icon() -> QIcon:
    icon = QIcon()
    for name in ("refmanager.svg", "refmanager-256.png", "refmanager-64.png"):
        path = resource(name)
        if path.is_file():
            icon.addFile(str(path))
    return icon


def dark_palette() -> QPalette:
    pal = QPalette()
    base, window, text = QColor(30, 32, 36), QColor(44, 47, 52), QColor(225, 227, 230)
    pal.setColor(QPalette.ColorRole.Window, window)
    pal.setColor(QPalette.ColorRole.WindowText, text)
    pal.setColor(QPalette.ColorRole.Base, base)
    pal.setColor(QPalette.ColorRole.AlternateBase, QColor(38, 41, 46))
    pal.setColor(QPalette.ColorRole.ToolTipBase, window)
    pal.setColor(QPalette.ColorRole.ToolTipText, text)
    pal.setColor(QPalette.ColorRole.PlaceholderText, QColor(140, 144, 150))
    pal.setColor(QPalette.ColorRole.Text, text)
    pal.setColor(QPalette.ColorRole.Button, window)
    pal.setColor(QPalette.ColorRole.ButtonText, text)
    pal.setColor(QPalette.ColorRole.BrightText, QColor(255, 90, 90))
    pal.setColor(QPalette.ColorRole.Highlight, QColor(64, 120, 200))
    pal.setColor(QPalette.ColorRole.HighlightedText, QColor(255, 255, 255))
    pal.setColor(QPalette.ColorRole.Link, QColor(110, 160, 240))
    pal.setColor(QPalette.ColorRole.Dark, QColor(22, 23, 26))
    pal.setColor(QPalette.ColorRole.Mid, QColor(60, 63, 68))
    roles = (QPalette.ColorRole.Text, QPalette.ColorRole.ButtonText, QPalette.ColorRole.WindowText)
    for role in roles:
        pal.setColor(QPalette.ColorGroup.Disabled, role, QColor(120, 123, 128))
    return pal


def is_dark(app: QGuiApplication, theme: str) -> bool:
    if theme == "dark":
        return True
    if theme == "light":
        return False
    return app.styleHints().colorScheme() == Qt.ColorScheme.Dark


def apply_theme(app: QApplication, theme: str | None = None) -> None:
    """Apply ``theme`` (system, light or dark; default: the saved choice)."""
    if theme is None:
        theme = str(QSettings().value("view/theme", "system"))
    if theme not in THEMES:
        theme = "system"
    app.setProperty("refmanagerTheme", theme)
    app.setPalette(dark_palette() if is_dark(app, theme) else app.style().standardPalette())
