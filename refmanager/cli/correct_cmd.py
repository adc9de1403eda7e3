"""``refmanager correct REF_ID FIELD=VALUE ...``: fix fields; the parser learns from it."""

from __future__ import annotations

import argparse
import json
import sys

from refmanager.cli.common import library_path
from refmanager.model import InputError
from refmanager.service.editing import correct


def run(args: argparse.Namespace) -> int:
    changes: list[tuple[str, str]] = []
    for change in args.changes:
        name, sep, value = change.partition("=")
        if not sep or not name.strip():
            raise InputError(change, "write each change as FIELD=VALUE")
        changes.append((name.strip(), value))
    ref = correct(library_path(args), args.ref_id, changes)
    json.dump(ref.to_csl(), sys.stdout, ensure_ascii=False, indent=1)
    sys.stdout.write("\n")
    return 0
