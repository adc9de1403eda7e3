"""Field F1 on strings read from the document corpus's PDFs, of style families held out.

    .venv/bin/python -m benchmarks.doc_fields FROMDOCS.jsonl.gz [--model M] [--size 1500]

The strings are what ``tools.fieldcorpus.fromdocs`` reads from the corpus PDFs (real
BibTeX, biblatex, gbt7714 and pandoc-citeproc output, as refmanager's pipeline extracts
it, with its font styles), labelled by the records they print. Only style families the
shipped recipe never trains on (``build.heldout_family``: one in eight) are scored, with
and without the font styles; field F1 is over the fields as printed
(``benchmarks.learning_curve.field_f1``).
"""

from __future__ import annotations

import argparse
from pathlib import Path

from benchmarks.learning_curve import field_f1
from tools.fieldcorpus.build import doc_training_strings


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("strings", type=Path)
    ap.add_argument("--model", type=Path, default=None)
    ap.add_argument("--size", type=int, default=1500)
    args = ap.parse_args(argv)
    held = doc_training_strings(args.strings, args.size, heldout=True)
    styles = len({ex.source for ex in held})
    with_styles = field_f1(held, args.model, styles=True)
    without = field_f1(held, args.model)
    print(
        f"{len(held)} strings of {styles} held-out styles: field F1 {with_styles:.3f} "
        f"(without font styles {without:.3f})"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
