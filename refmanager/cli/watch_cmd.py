"""``refmanager watch``: keep the files set up with ``export --keep-updated`` up to date, and
a shared library in step with its server (live: LISTEN/NOTIFY and the library's commits)."""

from __future__ import annotations

import argparse
import time

from refmanager.cli.common import library_path, note
from refmanager.service.auto_export import (
    Rewrite,
    Watcher,
    kept_files,
    stop_keeping,
    update_all,
)
from refmanager.service.opening import open_library
from refmanager.service.sharing import LiveState, LiveSync, status


def _report(done: list[Rewrite]) -> None:
    for item in done:
        if item.error is not None:
            note(str(item.error))
        elif item.written:
            note(f"{time.strftime('%H:%M:%S')} rewrote {item.path}")


def run(args: argparse.Namespace) -> int:

    folder = library_path(args)
    with open_library(folder, create=False) as library:
        kept = kept_files(library)
        shared = status(library)
        if args.list:
            for item in kept:
                query = item.query or "(every reference)"
                print(f"{item.path}\t{item.format}\t{query}")
            return 0
        if args.stop:
            if not stop_keeping(library, args.stop):
                note(f"{args.stop} is not kept up to date")
                return 1
            note(f"{args.stop} is no longer kept up to date")
            return 0
        if args.once:
            done = update_all(library)
            _report(done)
            return 1 if any(r.error for r in done) else 0
    if not kept and shared is None:
        note(
            "no file is kept up to date; set one up with `refmanager export QUERY -o FILE "
            "--keep-updated`"
        )
    live = None
    if shared is not None:
        live = LiveSync(folder, _report_live)
        live.start()
        note(f"syncing {folder} with {shared.url} as it changes")
    note(f"watching {len(kept)} file(s) of {folder}; stop with Ctrl+C")
    watcher = Watcher(folder, on_pass=_report)
    try:
        watcher.run()
    except KeyboardInterrupt:
        note("stopped")
    finally:
        if live is not None:
            live.stop()
    return 0


def _report_live(state: LiveState) -> None:
    """What the live sync did, one line each time it did something or went offline."""
    stamp = time.strftime("%H:%M:%S")
    if state.status in {"offline", "stopped"}:
        note(f"{stamp} shared library {state.status}: {state.message}")
    elif state.status == "online" and state.message:
        note(f"{stamp} {state.message}")
    elif state.status == "online" and state.report is not None:
        report = state.report
        if report.pushed or report.pulled or report.files:
            note(
                f"{stamp} synced: sent {report.pushed}, received {report.pulled}, "
                f"{report.files} file(s)"
                + (f"; {len(report.conflicts)} conflict(s) wait" if report.conflicts else "")
            )
