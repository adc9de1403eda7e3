"""``refmanager check``: integrity check, missing and orphan files, counts."""

from __future__ import annotations

import argparse

from refmanager.cli.common import library_path, note
from refmanager.service.maintenance import check, prune_files
from refmanager.service.opening import open_library

SHOWN = 20  # missing files listed one by one; the rest are counted


def _listed(names: list[str], what: str) -> None:
    for name in names[:SHOWN]:
        note(f"{what}: {name}")
    if len(names) > SHOWN:
        note(f"... and {len(names) - SHOWN} more {what}s")


def run(args: argparse.Namespace) -> int:
    with open_library(library_path(args), create=False) as lib:
        report = check(lib, repair_index=args.repair)
        folder = lib.folder
        files_dir = lib.files_dir
        print(f"library: {folder}")
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
        _listed(report.missing_files, "missing file")
        if report.foreign_files:
            _listed([str(files_dir / n) for n in report.foreign_files], "not stored by refmanager")
            note(
                f"{len(report.foreign_files)} file(s) in {files_dir} were not stored by the "
                "library: left alone, never pruned"
            )
        if report.orphan_files:
            paths = [str(files_dir / n) for n in report.orphan_files]
            if args.prune:
                _listed(paths, "deleting")
                removed = prune_files(lib, [files_dir / n for n in report.orphan_files])
                note(f"{len(removed)} orphan file(s) deleted")
            else:
                _listed(paths, "orphan file")
                note(
                    f"{len(paths)} orphan file(s) found (the library's own, no document refers "
                    "to them; delete with --prune)"
                )
    return 0 if report.ok else 1
