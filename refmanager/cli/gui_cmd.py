"""``refmanager gui [--library PATH] [FILE.pdf ...]``: open the desktop window."""

from __future__ import annotations

import argparse
import importlib
from pathlib import Path

from refmanager.cli.common import library_path


def run(args: argparse.Namespace) -> int:
    # cli and gui are sibling front ends that must not import each other (import-linter);
    # like main.py's dispatch, the launcher loads the window by name at run time.
    app = importlib.import_module("refmanager.gui.app")
    files = [Path(f).expanduser() for f in args.files]
    return int(app.run(library_path(args), files))
