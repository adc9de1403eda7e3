"""``refmanager train``: a library's own parser model from its field corrections and its
own line model from its layout corrections; or its layout corrections written for the
line model's trainer.

The shipped parser model is rebuilt from generated data by ``python -m
tools.fieldcorpus.build`` in a source checkout (development only).
"""

from __future__ import annotations

import argparse
from pathlib import Path

from refmanager.cli.common import library_path, note
from refmanager.model import InputError
from refmanager.service.training import retrain_library, write_layout_examples


def run(args: argparse.Namespace) -> int:
    if args.layout_examples:
        lib = library_path(args)
        n = write_layout_examples(lib, Path(args.layout_examples))
        note(
            f"{n} corrected document{'s' if n != 1 else ''} written to {args.layout_examples}:"
            f" python -m tools.corpus.linemodel train {args.layout_examples}"
        )
        return 0
    if not args.with_corrections:
        raise InputError(
            "train",
            "give --with-corrections (learn from this library's corrections) or"
            " --layout-examples FILE; the shipped model is rebuilt in a source checkout"
            " with 'python -m tools.fieldcorpus.build'",
        )
    if args.size is not None and args.size < 10:
        raise InputError("--size", "must be at least 10")
    lib = library_path(args)
    out = Path(args.out) if args.out else None
    fields, stats = retrain_library(lib, out, args.size, progress=note)
    if fields:
        note(f"{int(stats['examples'])} examples, {int(stats['tokens'])} tokens")
    if "lines_entries" in stats:
        note(
            f"line model: {int(stats['lines_entries_after'])} of {int(stats['lines_entries'])}"
            f" corrected entries found (the model it replaces:"
            f" {int(stats['lines_entries_before'])}); imports into {lib} read with it"
        )
    return 0
