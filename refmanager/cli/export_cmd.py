"""``refmanager export [QUERY] --format FMT -o FILE``: write references to a file."""

from __future__ import annotations

import argparse

from refmanager.cli.common import library_path, note
from refmanager.service.auto_export import keep_updated
from refmanager.service.citekeys import set_key_pattern
from refmanager.service.exchange import export, format_for
from refmanager.service.opening import open_library


def run(args: argparse.Namespace) -> int:
    if args.keep_updated and args.output == "-":
        note("--keep-updated needs a file (-o FILE), not standard output")
        return 2
    if args.keep_updated and args.with_attachments:
        note("--with-attachments is for one export; a kept-updated file never has them")
        return 2
    fmt = format_for(args.output, args.format)
    query = " ".join(args.query)
    with open_library(library_path(args), create=False) as library:
        if args.key_pattern is not None:
            set_key_pattern(library, args.key_pattern)
        if args.keep_updated:
            kept = keep_updated(library, fmt, args.output, query)
            count = library.search.count(query)
            note(
                f"exported {count} reference{'s' if count != 1 else ''} to {kept.path} ({fmt}); "
                "kept up to date while `refmanager watch` or the window runs"
            )
            return 0
        count = export(
            library, fmt, args.output, query=query, with_attachments=args.with_attachments
        )
    if args.output != "-":
        note(f"exported {count} reference{'s' if count != 1 else ''} to {args.output} ({fmt})")
    elif count == 0:
        note("no reference matched")
    return 0
