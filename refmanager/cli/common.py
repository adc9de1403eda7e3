"""Helpers shared by the sub-commands: library location, output, errors."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

ENV_LIBRARY = "REFMANAGER_LIBRARY"


def default_library_path() -> Path:
    """The library folder: ``--library``, else ``$REFMANAGER_LIBRARY``, else the user data dir."""
    env = os.environ.get(ENV_LIBRARY)
    if env:
        return Path(env).expanduser()
    from platformdirs import user_data_path  # (only a command that opens a library needs it)

    return user_data_path("refmanager", appauthor=False) / "library"


def library_path(args: argparse.Namespace) -> Path:
    value = getattr(args, "library", None)
    return Path(value).expanduser() if value else default_library_path()


def add_library_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--library",
        metavar="PATH",
        help=f"library folder (default: ${ENV_LIBRARY} or the user data folder)",
    )


def note(message: str) -> None:
    """A one-line message for the user on stderr."""
    print(f"refmanager: {message}", file=sys.stderr)
