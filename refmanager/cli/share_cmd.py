"""``refmanager share URL``: publish a library to PostgreSQL, and manage its members."""

from __future__ import annotations

import argparse

from refmanager.cli.common import library_path, note
from refmanager.service.opening import open_library
from refmanager.service.sharing import (
    add_member,
    members,
    remove_member,
    safe_url,
    share,
    status,
)


def run(args: argparse.Namespace) -> int:
    folder = library_path(args)
    managing = args.add_member or args.remove_member or args.members
    with open_library(folder, create=False) as lib:
        shared = status(lib)
    if shared is None:
        if not args.url:
            note("this library is not shared: give the database's URL")
            return 2
        report = share(folder, args.url)
        note(f"shared {folder} on {safe_url(args.url)}: {report.pushed} change(s) sent")
    elif args.url and not managing:
        note(f"{folder} is shared already, on {shared.url}")
        return 1
    with open_library(folder, create=False) as lib:
        if args.add_member:
            add_member(lib, args.add_member, args.role)
            note(f"{args.add_member} is now a member ({args.role})")
        if args.remove_member:
            remove_member(lib, args.remove_member)
            note(f"{args.remove_member} is no longer a member")
        if args.members:
            for name, role in members(lib):
                print(f"{name}\t{role}")
    return 0
