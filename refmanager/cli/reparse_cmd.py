"""``refmanager reparse [QUERY]``: parse references again (fields you edited are kept)."""

from __future__ import annotations

import argparse
import sys

from refmanager.cli.common import library_path, note
from refmanager.service.editing import reparse_matching
from refmanager.service.opening import open_library
from refmanager.service.parsing import library_model_path, model_warning


def run(args: argparse.Namespace) -> int:
    def progress(done: int, total: int) -> None:
        if sys.stderr.isatty():
            sys.stderr.write(f"\r{done}/{total} re-parsed")
            sys.stderr.flush()

    folder = library_path(args)
    warning = model_warning(library_model_path(folder))
    if warning:
        note(warning)
    with open_library(folder, create=False) as lib:
        count = reparse_matching(lib, " ".join(args.query), progress=progress)
    if sys.stderr.isatty():
        sys.stderr.write("\r" + " " * 40 + "\r")
    print(f"re-parsed {count} reference{'s' if count != 1 else ''}")
    return 0
