"""``refmanager export [QUERY] --format FMT -o FILE``: write references to a file."""

from __future__ import annotations

import argparse

from refmanager.cli.common import add_library_option, library_path, note

FORMATS = ("bibtex", "biblatex", "ris", "csl-json", "csv")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "query",
        nargs="*",
        help="search query (as in `refmanager search`); none exports every reference",
    )
    parser.add_argument(
        "--format",
        "-f",
        choices=FORMATS,
        help="output format (default: from the file name: .bib, .ris, .json, .csv)",
    )
    parser.add_argument(
        "-o", "--output", required=True, metavar="FILE", help="file to write, or - for stdout"
    )
    add_library_option(parser)


def run(args: argparse.Namespace) -> int:
    from refmanager.service.exchange import export, format_for
    from refmanager.service.library_ops import open_library

    fmt = format_for(args.output, args.format)
    query = " ".join(args.query)
    with open_library(library_path(args), create=False) as library:
        count = export(library, fmt, args.output, query=query)
    if args.output != "-":
        note(f"exported {count} reference{'s' if count != 1 else ''} to {args.output} ({fmt})")
    elif count == 0:
        note("no reference matched")
    return 0
