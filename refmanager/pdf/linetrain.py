"""A library's own line model, learnt from its user's layout corrections.

Documents are in the stored training form (a JSON object with ``page_sizes`` and
``lines``: rows of ``[page, column, x0, x1, y, size, bold, italic, text, label]``, see
:func:`refmanager.pdf.linefeatures.stored_row`). :func:`train_library` stacks a model on
the shipped one, trained on the base sample shipped with it (``data/base-lines.jsonl.gz``)
and the library's corrected documents, and keeps it only if it reads them at least as well
as the model it replaces (:func:`refmanager.crf.keep.train_and_keep`, as the field
parser's library model).
Packing the corpus and training the shipped model are development tools
(``tools/corpus/linemodel.py``).
"""

from __future__ import annotations

import gzip
import json
import random
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any

import pycrfsuite

from refmanager.crf.keep import Measure, train_and_keep
from refmanager.crf.taggers import open_tagger
from refmanager.pdf.layout import Line
from refmanager.pdf.linefeatures import featurize, stored_line, with_base_labels
from refmanager.pdf.segment import label_spans
from refmanager.pdf.zones import MODEL_PATH, tag_lines

# A few hundred corpus documents shipped with the model, for a library's own line model
# (``train_library``): retraining needs neither TeX nor the whole corpus.
BASE_PATH = Path(__file__).resolve().parent / "data" / "base-lines.jsonl.gz"
# How many times a library's corrected document counts against one base document.
CORRECTION_WEIGHT = 10
LIST = frozenset({"start", "in"})


def rows_of(doc: dict[str, Any]) -> tuple[list[Line], list[str], dict[int, float]]:
    """A stored document's lines, their labels and its page heights."""
    rows = [stored_line(r) for r in doc["lines"]]
    labels = [str(r[9]) for r in doc["lines"]]
    heights = {int(k): float(v) for k, v in doc.get("page_sizes", {}).items()}
    return rows, labels, heights


def read_packed(path: Path) -> Iterator[dict[str, Any]]:
    with gzip.open(path, "rt", encoding="utf-8") as fh:
        for row in fh:
            if row.strip():
                yield json.loads(row)


def views(rows: list[Line], labels: list[str]) -> list[tuple[list[Line], list[str]]]:
    """The document as the pipeline reads it: whole, from the heading's page on (pages are
    read from the end back to the heading), and from a later page of the list (a list whose
    first pages are missing, so that it opens with the tail of an entry); and two short
    pieces of it (:func:`_crops`)."""
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
    out.extend(_crops(rows, labels))
    return out


def _crops(rows: list[Line], labels: list[str]) -> list[tuple[list[Line], list[str]]]:
    """Two short pieces of the document, as a small page would show them: a few lines of
    text, the heading and the first entries; the last entries and a few lines after them.
    Their column, body-size and numbering features are those of the piece, so the model
    also learns lists seen in little context (a short list, a page of its own). The
    pieces' lengths are drawn from the document's own length (the same every run)."""
    listed = [i for i, lab in enumerate(labels) if lab in LIST]
    starts = [i for i, lab in enumerate(labels) if lab == "start"]
    if len(starts) < 2:
        return []
    rng = random.Random(len(rows) * 7919 + len(listed))
    heads = [i for i, lab in enumerate(labels) if lab == "head"]
    first = heads[0] if heads else listed[0]
    begin = max(0, first - rng.randint(0, 8))
    upto = starts[min(len(starts) - 1, rng.randint(1, 6))]
    end = starts[max(0, len(starts) - rng.randint(1, 6))]
    after = min(len(rows), listed[-1] + 1 + rng.randint(0, 10))
    out: list[tuple[list[Line], list[str]]] = []
    for a, b in ((begin, upto), (end, after)):
        if b - a >= 2:
            out.append((rows[a:b], labels[a:b]))
    return out


def train_library(
    examples: Sequence[dict[str, Any]],
    out: Path,
    *,
    base: Iterable[dict[str, Any]] | None = None,
    shipped: Path = MODEL_PATH,
    weight: int = CORRECTION_WEIGHT,
    iterations: int = 80,
) -> dict[str, float]:
    """A library's own line model at ``out``, stacked on the shipped model (``shipped``):
    trained on the base documents (default: the sample shipped with the model,
    ``BASE_PATH``) and the library's corrected documents (``examples``, in the stored
    form; each counts ``weight`` times), with the shipped model's labels as features.

    The model is written only if it finds at least as many of the corrected documents'
    entries as the model it replaces (the library's line model at ``out``, else the
    shipped one; :func:`refmanager.crf.keep.train_and_keep`, else ``RetrainRejected``).
    Returns figures: documents, base documents, and the corrected documents' entries, and
    those found before and after.
    """
    docs = list(base) if base is not None else list(read_packed(BASE_PATH))
    tagger = open_tagger(shipped, shipped=True)
    if tagger is None:
        raise OSError(f"{shipped}: the line model to adapt cannot be read")
    corrected = [rows_of(doc) for doc in examples]

    def train(trial: Path) -> dict[str, float]:
        trainer = pycrfsuite.Trainer(verbose=False)

        def add(doc: dict[str, Any], times: int) -> None:
            rows, labels, heights = rows_of(doc)
            if not rows:
                return
            for part_rows, part_labels in views(rows, labels):
                feats = featurize(part_rows, heights)
                stacked = with_base_labels(feats, tagger.tag(feats))
                for _ in range(times):
                    trainer.append(stacked, part_labels)

        for doc in docs:
            add(doc, 1)
        for doc in examples:
            add(doc, weight)
        trainer.set_params(
            {"c1": 0.05, "c2": 0.01, "max_iterations": iterations,
             "feature.possible_transitions": True}
        )  # fmt: skip
        trainer.train(str(trial))
        return {
            "documents": float(len(examples)),
            "base_documents": float(len(docs)),
            "entries": float(sum(len(entry_spans(labels)) for _, labels, _ in corrected)),
        }

    def found(model: Path | None) -> float:
        """The corrected documents' entries the shipped model with ``model`` stacked on it
        finds (the shipped model alone when None)."""
        return float(
            sum(
                score(labels, tag_lines(rows, heights, shipped, model))[0]
                for rows, labels, heights in corrected
            )
        )

    out.parent.mkdir(parents=True, exist_ok=True)
    return train_and_keep(
        out,
        train,
        [Measure("entries", "corrected entries found", found, digits=0)],
        replaces=out if out.is_file() else None,
        what="line model",
    )


def entry_spans(labels: Sequence[str]) -> list[tuple[int, ...]]:
    """The entries a label sequence gives, as the pipeline decodes them."""
    return [tuple(span) for span, _ in label_spans(list(labels))]


def score(gold: Sequence[str], pred: Sequence[str]) -> tuple[int, int, int]:
    """(matched, gold entries, predicted entries)."""
    g = set(entry_spans(gold))
    p = set(entry_spans(pred))
    return len(g & p), len(g), len(p)
