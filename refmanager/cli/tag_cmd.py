"""``refmanager tag add|remove|rename|list|colour``: tags on references."""

from __future__ import annotations

import argparse

from refmanager.cli.common import library_path, note
from refmanager.service import tags
from refmanager.service.opening import open_library


def run(args: argparse.Namespace) -> int:
    with open_library(library_path(args), create=args.action in ("add",)) as lib:
        if args.action == "add":
            ids = lib.search.search_ids(" ".join(args.query))
            n = len(tags.tag(ids, args.tag).do(lib))
            print(f"tagged {n} reference{'s' if n != 1 else ''} with {args.tag!r}")
        elif args.action == "remove":
            ids = tags.tagged(lib, args.tag, " ".join(args.query))
            n = len(tags.tag(ids, args.tag, add=False).do(lib))
            print(f"removed {args.tag!r} from {n} reference{'s' if n != 1 else ''}")
        elif args.action == "rename":
            tags.rename_tag(args.old, args.new).do(lib)
            print(f"renamed {args.old!r} to {args.new!r}")
        elif args.action == "colour":
            tags.set_colour(args.tag, args.colour).do(lib)
        else:
            found = tags.tag_list(lib)
            if not found:
                note("no tags yet")
            for t in found:
                colour = f"  {t.colour}" if t.colour else ""
                print(f"{t.reference_count:>8} refs {t.document_count:>6} docs  {t.name}{colour}")
    return 0
