"""``refmanager sync``: exchange a shared library's changes with its server now.

Exit status: 0 when the library and the server agree; 1 when conflicts wait for a person
(each is listed: ``--keep ID`` keeps the server's value, ``--take ID`` takes the other
one); 2 on an error (the server unreachable, a reader's local changes, ...).
"""

from __future__ import annotations

import argparse
import json

from refmanager.cli.common import library_path, note
from refmanager.service.opening import open_library
from refmanager.service.sharing import agrees, choose, conflicts, sync


def _value(value: object) -> str:
    return json.dumps(value, ensure_ascii=False)


def run(args: argparse.Namespace) -> int:
    with open_library(library_path(args), create=False) as lib:
        for conflict_id in args.keep:
            choose(lib, conflict_id, take_other=False)
        for conflict_id in args.take:
            choose(lib, conflict_id, take_other=True)
        report = sync(lib, url=args.url)
        note(f"sent {report.pushed} change(s), received {report.pulled}, {report.files} file(s)")
        for problem in report.changed.problems:
            print(f"not stored here: {problem}")
        waiting = conflicts(lib)
        for conflict in waiting:
            print(
                f"conflict {conflict.id}: {conflict.title or conflict.uid}: {conflict.field}: "
                f"kept {_value(conflict.kept)}, other {_value(conflict.other)} "
                f"(by {conflict.author})"
            )
        if waiting:
            note(
                f"{len(waiting)} conflict(s) wait for a person: "
                "refmanager sync --keep ID or --take ID"
            )
            return 1
        if report.changed.problems:
            note(f"{len(report.changed.problems)} item(s) of the server cannot be stored here")
            return 1
        if args.check:
            differing = agrees(lib)
            for line in differing:
                print(f"differs: {line}")
            if differing:
                return 1
    note("the library and the server agree")
    return 0
