"""Training and scoring the line model from the corpus's stored form (no TeX needed).

A stored document is a JSON object with ``id``, ``style``, ``family``, ``layout``,
``page_sizes`` and ``lines``: rows of ``[page, column, x0, x1, y, size, bold, italic,
text, label]`` (see ``tools/corpus``). ``pack`` gathers them into one gzip'd JSON-lines
file; ``train`` fits the CRF; ``entry_spans`` and ``score`` measure entries as the
benchmark does (an entry is right when exactly its lines are found).
"""

from __future__ import annotations

import gzip
import json
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any

from refmanager.pdf.linefeatures import LineRow, featurize
from refmanager.pdf.segment import label_spans

MODEL_PATH = Path(__file__).resolve().parent / "data" / "lines.crfsuite"


def rows_of(doc: dict[str, Any]) -> tuple[list[LineRow], list[str], dict[int, float]]:
    rows = [LineRow(*r[:9]) for r in doc["lines"]]
    labels = [str(r[9]) for r in doc["lines"]]
    heights = {int(k): float(v) for k, v in doc.get("page_sizes", {}).items()}
    return rows, labels, heights


def read_packed(path: Path) -> Iterator[dict[str, Any]]:
    with gzip.open(path, "rt", encoding="utf-8") as fh:
        for row in fh:
            if row.strip():
                yield json.loads(row)


def pack(folder: Path, out: Path) -> int:
    """Gather the corpus's ``lines/*.json.gz`` into one file; returns the documents packed."""
    count = 0
    with gzip.open(out, "wt", encoding="utf-8", compresslevel=9) as fh:
        for path in sorted(folder.glob("*.json.gz")):
            with gzip.open(path, "rt", encoding="utf-8") as src:
                doc = json.load(src)
            doc.pop("geometry", None)
            fh.write(json.dumps(doc, ensure_ascii=False, separators=(",", ":")) + "\n")
            count += 1
    return count


def train(
    docs: Iterable[dict[str, Any]],
    model: Path,
    c1: float = 0.05,
    c2: float = 0.01,
    iterations: int = 150,
) -> int:
    """Fit the CRF on ``docs``; returns the documents used."""
    import pycrfsuite

    trainer = pycrfsuite.Trainer(verbose=False)
    n = 0
    for doc in docs:
        rows, labels, heights = rows_of(doc)
        if not rows:
            continue
        for part_rows, part_labels in views(rows, labels):
            trainer.append(featurize(part_rows, heights), part_labels)
        n += 1
    trainer.set_params(
        {
            "c1": c1,
            "c2": c2,
            "max_iterations": iterations,
            "feature.possible_transitions": True,
        }
    )
    model.parent.mkdir(parents=True, exist_ok=True)
    trainer.train(str(model))
    return n


def views(rows: list[LineRow], labels: list[str]) -> list[tuple[list[LineRow], list[str]]]:
    """The document as the pipeline reads it: whole, from the heading's page on (pages are
    read from the end back to the heading), and from a later page of the list (a list whose
    first pages are missing, so that it opens with the tail of an entry)."""
    out = [(rows, labels)]
    pages = sorted({r.page for r, lab in zip(rows, labels, strict=True) if lab in LIST})
    heads = [r.page for r, lab in zip(rows, labels, strict=True) if lab == "head"]
    starts = []
    if heads and heads[0] > min(r.page for r in rows):
        starts.append(heads[0])
    if len(pages) >= 2:
        starts.append(pages[1])
    for page in starts:
        keep = [i for i, r in enumerate(rows) if r.page >= page]
        out.append(([rows[i] for i in keep], [labels[i] for i in keep]))
    return out


LIST = frozenset({"start", "in"})


def entry_spans(labels: Sequence[str]) -> list[tuple[int, ...]]:
    """The entries a label sequence gives, as the pipeline decodes them."""
    return [tuple(span) for span, _ in label_spans(list(labels))]


def score(gold: Sequence[str], pred: Sequence[str]) -> tuple[int, int, int]:
    """(matched, gold entries, predicted entries)."""
    g = set(entry_spans(gold))
    p = set(entry_spans(pred))
    return len(g & p), len(g), len(p)


def main(argv: list[str] | None = None) -> int:
    """``python -m refmanager.pdf.linetrain pack|train``: the committed form and model."""
    import argparse

    ap = argparse.ArgumentParser(prog="python -m refmanager.pdf.linetrain")
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("pack", help="gather a corpus build's lines into one file")
    p.add_argument("folder", type=Path, help="the build's lines/ folder")
    p.add_argument("out", type=Path)
    t = sub.add_parser("train", help="train the line model from a packed file")
    t.add_argument("data", type=Path)
    t.add_argument("--model", type=Path, default=MODEL_PATH)
    t.add_argument("--iterations", type=int, default=150)
    args = ap.parse_args(argv)
    if args.cmd == "pack":
        print(f"packed {pack(args.folder, args.out)} documents into {args.out}")
    else:
        n = train(read_packed(args.data), args.model, iterations=args.iterations)
        print(f"trained on {n} documents: {args.model}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
