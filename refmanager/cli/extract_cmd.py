"""``refmanager extract FILE.pdf [--from PAGE:Y --to PAGE:Y]``: print a PDF's references
(found by the extractor, or read between the two marks given)."""

from __future__ import annotations

import argparse
import json
import sys

from refmanager.cli.common import note
from refmanager.model import InputError
from refmanager.model.jsontext import dumps_indented
from refmanager.service.extract import extract_pdf, mark_of


def run(args: argparse.Namespace) -> int:
    # The text format prints the entries as found: nothing to parse. The document's own
    # metadata (read from page 1) is not printed by this command.
    parse = not args.no_parse and args.format != "text"
    between = None
    if (args.start is None) != (args.end is None):
        raise InputError("--from/--to", "give both where the list starts and where it ends")
    if args.start is not None:
        between = (mark_of(args.start, "--from"), mark_of(args.end, "--to"))
    result = extract_pdf(args.pdf, password=args.password, parse=parse, meta=False, between=between)
    for message in result.notes:
        note(f"{args.pdf}: {message}")
    items = [ref.to_csl() for ref in result.references]
    out = sys.stdout
    if args.format == "csl-json":
        out.write(dumps_indented(items, 1) + "\n")
    elif args.format == "jsonl":
        for item in items:
            out.write(json.dumps(item, ensure_ascii=False) + "\n")
    else:
        for ref in result.references:
            out.write(ref.raw + "\n")
    return 0
