"""``refmanager duplicates [--merge-exact]``: references that look like the same work."""

from __future__ import annotations

import argparse

from refmanager.cli.common import library_path, note
from refmanager.service import duplicates
from refmanager.service.opening import open_library

ROWS_PER_GROUP = 8


def run(args: argparse.Namespace) -> int:
    with open_library(library_path(args), create=False) as lib:
        if args.merge_exact:
            records = duplicates.merge_exact().do(lib)
            hidden = sum(len(r.others) for r in records)
            print(f"merged {len(records)} groups of exact duplicates ({hidden} entries hidden)")
        groups, total = duplicates.find_groups(lib, exact_only=args.exact_only, limit=args.limit)
        if not total:
            note("no duplicates found")
            return 0
        for group in groups:
            shown = group.rows[:ROWS_PER_GROUP]
            ids = {r.id for r in shown}
            kind = "exact" if group.exact else "similar"
            print(f"{kind}: {len(group.rows)} references")
            for row in shown:
                year = row.year if row.year is not None else ""
                first = row.author.split(";")[0][:24]
                print(f"  {row.id:>7} {year!s:>5} {first:<24} {row.title[:70]}")
            if len(group.rows) > len(shown):
                print(f"  ... and {len(group.rows) - len(shown)} more")
            for c in group.candidates:
                if c.a in ids and c.b in ids:
                    print(f"          {c.a} ~ {c.b}: {', '.join(c.reasons)} (score {c.score:.2f})")
        if total > len(groups):
            note(f"{len(groups)} of {total} groups shown (use --limit)")
    return 0
