"""Start the application: QApplication, icon, light/dark look that follows the system."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QSettings, Qt
from PySide6.QtGui import QColor, QGuiApplication, QIcon, QPalette
from PySide6.QtWidgets import QApplication

from refmanager import __version__

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


def create_app(argv: Sequence[str] | None = None) -> QApplication:
    """The QApplication (made once), named, with the icon and the theme applied."""
    QCoreApplication.setOrganizationName("refmanager")
    QCoreApplication.setApplicationName("refmanager")
    QCoreApplication.setApplicationVersion(__version__)
    existing = QApplication.instance()
    if isinstance(existing, QApplication):
        app = existing
    else:
        app = QApplication(list(argv) if argv is not None else sys.argv[:1])
    app.setStyle("Fusion")
    # Background jobs share the interpreter: hand the GIL back to the event loop every
    # millisecond rather than every five, so a busy worker thread cannot freeze the window.
    sys.setswitchinterval(0.001)
    app.setWindowIcon(app_icon())
    QGuiApplication.setDesktopFileName("refmanager")
    apply_theme(app)

    def follow_system(_scheme: Qt.ColorScheme) -> None:
        if app.property("refmanagerTheme") == "system":
            apply_theme(app, "system")

    app.styleHints().colorSchemeChanged.connect(follow_system)
    return app


def run(library: Path, files: Sequence[Path] = ()) -> int:
    """Open the window on ``library`` and import ``files``; returns the exit code."""
    app = create_app()
    from PySide6.QtWidgets import QMessageBox

    from refmanager.gui.main_window import MainWindow
    from refmanager.model import InputError

    try:
        window = MainWindow(library)
    except InputError as exc:  # not a usable library: say so in a dialog, not a traceback
        print(f"refmanager: {exc}", file=sys.stderr)
        QMessageBox.critical(None, "refmanager", f"Cannot open the library.\n\n{exc}")
        return 2
    window.show()
    if files:
        window.import_paths(list(files))
    return int(app.exec())
