"""Start the application: QApplication, icon, light/dark look that follows the system, and
the window."""

from __future__ import annotations

import linecache
import sys
from collections.abc import Sequence
from pathlib import Path

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QApplication, QMessageBox

from refmanager import __version__
from refmanager.gui.instance import InstanceServer, hand_over
from refmanager.gui.look import app_icon, apply_theme
from refmanager.gui.main_window import MainWindow
from refmanager.model import InputError


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
    app.setWindowIcon(app_icon())
    QGuiApplication.setDesktopFileName("refmanager")
    apply_theme(app)

    def follow_system(_scheme: Qt.ColorScheme) -> None:
        if app.property("refmanagerTheme") == "system":
            apply_theme(app, "system")

    app.styleHints().colorSchemeChanged.connect(follow_system)
    # PySide6's import hook reads the source of each module imported after it, to see
    # whether it uses PySide6 (shibokensupport's feature check, PYSIDE-2029), and so
    # leaves the lines of every file the window imported in linecache: some 95,000 lines
    # nothing shows, which each full pass of the cyclic collector walked (a fifth of its
    # time; decision 0045). A traceback reads the lines it shows again.
    linecache.clearcache()
    return app


def run(library: Path, files: Sequence[Path] = ()) -> int:
    """Open the window on ``library`` and import ``files``; returns the exit code.

    If a window is open on ``library`` already, the files go to it and this one exits.
    """
    app = create_app()
    if hand_over(library, files):
        what = f"{len(files)} file(s) handed" if files else "nothing handed"
        print(f"refmanager: {library} is open in another window; {what} to it")
        return 0
    try:
        window = MainWindow(library)
    except InputError as exc:  # not a usable library: say so in a dialog, not a traceback
        print(f"refmanager: {exc}", file=sys.stderr)
        QMessageBox.critical(None, "refmanager", f"Cannot open the library.\n\n{exc}")
        return 2
    listen_for_later_launches(window, library)
    window.show()
    if files:
        window.imports.import_paths(list(files))
    return int(app.exec())


def listen_for_later_launches(window: MainWindow, library: Path) -> InstanceServer:
    """A later launch on ``library`` brings ``window`` forward and imports its files."""
    server = InstanceServer(library, window)

    def received(paths: list[Path]) -> None:
        window.showNormal()
        window.raise_()
        window.activateWindow()
        if paths:
            window.imports.import_paths(paths)

    server.filesReceived.connect(received)
    return server
