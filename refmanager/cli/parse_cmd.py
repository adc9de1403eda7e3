"""``refmanager parse [FILE|-]``: reference strings to CSL-JSON, BibTeX or RIS."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from refmanager.cli.common import note
from refmanager.model import InputError
from refmanager.service.parsing import iter_parse_text, model_warning, render_pieces


def run(args: argparse.Namespace) -> int:
    if args.file == "-":
        text = sys.stdin.read()
    else:
        path = Path(args.file)
        try:
            data = path.read_bytes()
        except OSError as exc:
            raise InputError(str(path), exc.strerror or "cannot be read") from exc
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise InputError(str(path), "not UTF-8 text") from exc
    model = Path(args.model) if args.model else None
    if model is not None and not model.is_file():
        raise InputError(str(model), "no such model file")
    warning = model_warning(model)
    if warning:
        note(warning)
        model = None
    # each reference written out and let go as it comes (few are alive at once)
    refs = iter_parse_text(text, paragraphs=args.paragraphs, model_path=model)
    for piece in render_pieces(refs, args.format):
        sys.stdout.write(piece)
    return 0
