"""``refmanager collection list|create|rename|delete|add|remove``: collections (folders a
reference can be in several of; JabRef's groups are imported as collections)."""

from __future__ import annotations

import argparse

from refmanager.cli.common import library_path, note
from refmanager.service import collections as use
from refmanager.service.opening import open_library


def run(args: argparse.Namespace) -> int:
    with open_library(library_path(args), create=args.action == "create") as lib:
        if args.action == "list":
            tree = use.collection_tree(lib)
            if not tree:
                note("no collections yet")
            for entry in tree:
                print(f"{entry.count:>8} refs  {'  ' * entry.depth}{entry.name}")
        elif args.action == "create":
            parent_path, _, name = args.path.strip(use.SEPARATOR).rpartition(use.SEPARATOR)
            parent = use.find_collection(lib, parent_path) if parent_path else None
            use.create_collection(name, parent).do(lib)
            print(f"created {args.path!r}")
        elif args.action == "rename":
            found = use.find_collection(lib, args.path)
            use.rename_collection(found, args.name).do(lib)
            print(f"renamed {args.path!r} to {args.name!r}")
        elif args.action == "delete":
            use.delete_collection(use.find_collection(lib, args.path)).do(lib)
            print(f"deleted {args.path!r} (its references stay in the library)")
        else:
            found = use.find_collection(lib, args.path)
            ids = lib.search.search_ids(" ".join(args.query))
            if args.action == "add":
                n = len(use.add_to_collection(found, ids).do(lib))
                print(f"added {n} reference{'s' if n != 1 else ''} to {args.path!r}")
            else:
                n = len(use.remove_from_collection(found, ids).do(lib))
                print(f"removed {n} reference{'s' if n != 1 else ''} from {args.path!r}")
    return 0
