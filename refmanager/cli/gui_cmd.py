"""``refmanager gui [--library PATH] [FILE.pdf ...]``: open the desktop window."""

from __future__ import annotations

import argparse
import importlib
from pathlib import Path

from refmanager.cli.common import add_library_option, library_path


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_library_option(parser)
    parser.add_argument(
        "files",
        nargs="*",
        metavar="FILE.pdf",
        help="PDFs (or BibTeX/RIS/CSL-JSON files) to import when the window opens",
    )


def run(args: argparse.Namespace) -> int:
    # cli and gui are sibling front ends that must not import each other (import-linter);
    # like main.py's dispatch, the launcher loads the window by name at run time.
    app = importlib.import_module("refmanager.gui.app")
    files = [Path(f).expanduser() for f in args.files]
    return int(app.run(library_path(args), files))
