"""``refmanager import PATH... [--tag T] [--jobs N]``: add PDFs, folders and bibliography files."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from refmanager.cli.common import library_path, note
from refmanager.service.exchange import FileProgress
from refmanager.service.importing import ImportItem, ImportStatus, import_paths
from refmanager.service.opening import open_library


class _Bar:
    """A one-line progress bar on a terminal's stderr; silent otherwise. Files count one
    step each; a large bibliography file moves the bar as its batches are stored."""

    WIDTH = 30

    def __init__(self, enabled: bool) -> None:
        self.enabled = enabled and sys.stderr.isatty()
        self.shown = False

    def _show(self, fraction: float, text: str) -> None:
        filled = int(self.WIDTH * min(1.0, max(0.0, fraction)))
        bar = "#" * filled + "." * (self.WIDTH - filled)
        sys.stderr.write(f"\r[{bar}] {text}"[:100].ljust(100))
        sys.stderr.flush()
        self.shown = True

    def __call__(self, done: int, total: int, item: ImportItem) -> None:
        if self.enabled and total:
            self._show(done / total, f"{done}/{total} {item.path.name[:40]}")

    def file(self, state: FileProgress) -> None:
        if self.enabled and state.bytes_total:
            share = state.bytes_done / state.bytes_total
            self._show(share, f"{share:4.0%} {state.path.name[:40]} {state.references:,} refs")

    def finish(self) -> None:
        if self.shown:
            sys.stderr.write("\r" + " " * 100 + "\r")
            sys.stderr.flush()


def run(args: argparse.Namespace) -> int:
    if args.jobs is not None and args.jobs < 1:
        note("--jobs must be at least 1")
        return 2
    bar = _Bar(not args.quiet)
    with open_library(library_path(args)) as lib:
        try:
            report = import_paths(
                lib,
                [Path(p).expanduser() for p in args.paths],
                tag=args.tag,
                jobs=args.jobs,
                progress=bar,
                file_progress=bar.file,
                password=args.password,
            )
        finally:
            bar.finish()
    for item in report.items:
        if item.status is not ImportStatus.ALREADY:
            for line in item.lines():  # each names the file once
                note(line)
    print(report.summary())
    return 1 if report.count(ImportStatus.FAILED) or report.skipped else 0
