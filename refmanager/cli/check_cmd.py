"""``refmanager check``: integrity check, missing and orphan files, counts."""

from __future__ import annotations

import argparse

from refmanager.cli.common import add_library_option, library_path, note

SHOWN = 20  # missing files listed one by one; the rest are counted


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--prune", action="store_true", help="delete orphan files")
    parser.add_argument("--repair", action="store_true", help="rebuild the search index")
    add_library_option(parser)


def run(args: argparse.Namespace) -> int:
    from refmanager.service.library_ops import check, open_library

    with open_library(library_path(args), create=False) as lib:
        report = check(lib, prune=args.prune, repair_index=args.repair)
        print(f"library: {lib.folder}")
    print(f"integrity: {', '.join(report.integrity)}")
    if report.foreign_key_errors:
        print(f"foreign key errors: {report.foreign_key_errors}")
    labels = {
        "documents": "documents",
        "refs": "references",
        "merged": "merged away",
        "works": "works",
        "tags": "tags",
        "ref_tags": "tag links",
        "corrections": "corrections",
        "saved_searches": "saved searches",
        "not_duplicates": "not-duplicate marks",
    }
    for key, label in labels.items():
        print(f"{label}: {report.counts.get(key, 0)}")
    for name in report.missing_files[:SHOWN]:
        note(f"missing file: {name}")
    if len(report.missing_files) > SHOWN:
        note(f"... and {len(report.missing_files) - SHOWN} more missing files")
    if report.orphan_files:
        verb = "deleted" if args.prune else "found (delete with --prune)"
        note(f"{len(report.orphan_files)} orphan file(s) {verb}")
    return 0 if report.ok else 1
