"""``refmanager search QUERY [--format table|csl-json|bibtex] [--limit N]``."""

from __future__ import annotations

import argparse
import shutil
import sys

from refmanager.cli.common import library_path, note
from refmanager.model.jsontext import dumps_indented
from refmanager.service.exchange import format_references
from refmanager.service.opening import open_library
from refmanager.service.search import search


def _clip(text: str, width: int) -> str:
    return text if len(text) <= width else text[: max(0, width - 1)] + "…"


def _first_author(author: str) -> str:
    names = [a for a in author.split("; ") if a]
    if not names:
        return ""
    family = names[0].split(",")[0]
    return f"{family} et al." if len(names) > 2 else " & ".join(n.split(",")[0] for n in names)


def run(args: argparse.Namespace) -> int:
    query = " ".join(args.query)
    if args.limit < 0:
        note("--limit must not be negative")
        return 2
    with open_library(library_path(args), create=False) as lib:
        result = search(lib, query, order_by=args.sort, descending=args.desc, limit=args.limit)
        if not result.total:
            message = "no reference matches"
            if result.suggestions:
                close = "; ".join(s.query for s in result.suggestions[:3])
                message += f"; did you mean: {close}"
            note(message)
            return 1
        out = sys.stdout
        if args.format == "table":
            width = shutil.get_terminal_size((120, 20)).columns
            title_w = max(20, width - 6 - 6 - 22 - 26 - 4)
            for row in result.rows:
                year = str(row.year) if row.year is not None else ""
                out.write(
                    f"{row.id:>6} {year:>5} {_clip(_first_author(row.author), 22):<22} "
                    f"{_clip(row.title or '(unparsed)', title_w):<{title_w}} "
                    f"{_clip(row.venue, 26)}\n".rstrip()
                    + "\n"
                )
            shown = len(result.rows)
            if shown < result.total:
                note(f"{shown} of {result.total} shown (use --limit)")
            return 0
        refs = [s.reference for s in lib.references.references([r.id for r in result.rows])]
    if args.format == "csl-json":
        out.write(dumps_indented([r.to_csl() for r in refs], 1) + "\n")
    else:
        out.write(format_references(refs, "bibtex"))
    return 0
