"""``refmanager tag add|remove|rename|list|colour``: tags on references."""

from __future__ import annotations

import argparse

from refmanager.cli.common import add_library_option, library_path, note
from refmanager.service import tags
from refmanager.service.opening import open_library


def add_arguments(parser: argparse.ArgumentParser) -> None:
    sub = parser.add_subparsers(dest="action", metavar="ACTION", required=True)
    add = sub.add_parser("add", help="tag the references a query finds")
    add.add_argument("tag")
    add.add_argument("query", nargs="+", help="search query ('' for every reference)")
    remove = sub.add_parser("remove", help="take a tag off references (all, or a query's)")
    remove.add_argument("tag")
    remove.add_argument("query", nargs="*", help="search query (default: every reference)")
    rename = sub.add_parser("rename", help="rename a tag")
    rename.add_argument("old")
    rename.add_argument("new")
    rename.add_argument(
        "--merge",
        action="store_true",
        help="accepted for old scripts: onto an existing NEW, a rename always merges OLD into it",
    )
    sub.add_parser("list", help="tags with their counts")
    colour = sub.add_parser("colour", help="set a tag's colour (#rrggbb, or '' for none)")
    colour.add_argument("tag")
    colour.add_argument("colour")
    for action in sub.choices.values():
        add_library_option(action)


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
