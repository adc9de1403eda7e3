"""``refmanager join URL --library L``: a new local library mirroring a shared one."""

from __future__ import annotations

import argparse

from refmanager.cli.common import library_path, note
from refmanager.service.sharing import join, safe_url


def run(args: argparse.Namespace) -> int:
    folder = library_path(args)
    report = join(folder, args.url)
    note(
        f"{folder} joined {safe_url(args.url)} as {report.role}: "
        f"{report.pulled} item(s), {report.files} file(s)"
    )
    for conflict in report.conflicts:
        note(f"conflict {conflict.id} waits: {conflict.title or conflict.uid} {conflict.field}")
    return 0
