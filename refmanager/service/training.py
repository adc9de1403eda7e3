"""Use cases: retrain a library's own parser model with the corrections stored in it, and
hand its layout corrections to the line model's trainer.

The line model (``refmanager.pdf.zones``) is one model shipped with the package and
trained from the generated document corpus (``tools/corpus``, decision 0021); the pipeline
reads only that model, so a library cannot have a line model of its own yet. Its layout
corrections (``service.fixing``) are kept in the form the trainer reads:
:func:`write_layout_examples` writes them as a packed file for
``python -m refmanager.pdf.linetrain train``, alone or joined to the corpus's.
"""

from __future__ import annotations

import gzip
import json
from pathlib import Path

from refmanager.model import InputError


def retrain_library(folder: Path) -> tuple[int, dict[str, float]]:
    """Train the library's own parser model with its stored corrections (under a minute).

    Returns how many corrections were used and the training figures. New imports and
    re-parses use that model from then on. Opens the library itself, so it runs as well
    in a worker process (the window runs it in one; an ``InputError`` pickles back).

    Raises:
        InputError: no corrections yet, no library there, or training is not installed.
    """
    from refmanager.service.parsing import library_model_path, stored_corrections, train

    corrections = stored_corrections(folder)
    if not corrections:
        layout = sum(layout_correction_counts(folder).values())
        kept = (
            f" ({layout} layout corrections are kept for the line model: see"
            " refmanager train --layout-examples)"
            if layout
            else ""
        )
        raise InputError(str(folder), f"no corrections yet: edit some fields first{kept}")
    return len(corrections), train(library_model_path(folder), corrections)


def layout_correction_counts(folder: Path) -> dict[str, int]:
    """How many layout corrections of each kind the library keeps (bounds, merge, split,
    not-reference)."""
    from refmanager.library import Library

    with Library.open(folder, create=False) as lib:
        return lib.layout.layout_correction_counts()


def write_layout_examples(folder: Path, out: Path) -> int:
    """Write the library's layout corrections to ``out`` as the line model's trainer reads
    them (gzip'd JSON lines, one labelled document a line: each corrected document once, as
    its newest correction left it); returns how many documents were written.

    ``python -m refmanager.pdf.linetrain train out`` trains on them; a gzip file may be
    joined to another (``cat tools/corpus/data/lines.jsonl.gz out > all.jsonl.gz``) to
    train on the corpus and the corrections together.

    Raises:
        InputError: no library there, no layout corrections yet, or ``out`` cannot be written.
    """
    from refmanager.library import Library
    from refmanager.service.fixing import layout_training_documents

    with Library.open(folder, create=False) as lib:
        docs = layout_training_documents(lib)
    if not docs:
        raise InputError(
            str(folder),
            "no layout corrections yet: mark a list's start and end, merge or split rows,"
            " or mark rows not a reference first",
        )
    try:
        with gzip.open(out, "wt", encoding="utf-8") as fh:
            for doc in docs:
                fh.write(json.dumps(doc, ensure_ascii=False, separators=(",", ":")) + "\n")
    except OSError as exc:
        raise InputError(str(out), f"cannot be written ({exc.strerror or exc})") from None
    return len(docs)
