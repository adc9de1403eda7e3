"""The start model of flush lists (``refmanager/pdf/flushlist.py``): trained on GROBID's
reference-segmenter documents, real reference sections with every line and entry marked,
read in place from ``../shared/data`` (development only; the data is never copied into
the project, the model trained on it is ours).

    .venv/bin/python -m tools.flushlist [--folds 5]

trains the shipped model on every document and writes its manifest (command, inputs with
their hashes, settings, and the figures of ``benchmarks.segmenter_grobid``: the list
splitting of every document read with a model that did not see it, ``--folds`` models
each trained on the other folds' documents).
"""

from __future__ import annotations

import argparse
import hashlib
from collections.abc import Iterable
from pathlib import Path

from refmanager.pdf import flushlist
from refmanager.pdf.segment import rule_starts
from tools.manifest import command_line, write_manifest
from tools.realdata.segmenter import Doc, as_lines, files

C1 = 1.0
C2 = 0.01
ITERATIONS = 200
FOLDS = 5


def fold_of(name: str, folds: int = FOLDS) -> int:
    """A document's fold, from its name (stable across runs and machines)."""
    return int(hashlib.sha256(name.encode()).hexdigest(), 16) % folds


def sequence(doc: Doc) -> tuple[list[list[str]], list[str]]:
    """A document's features and labels, its lines read as the pipeline reads a flush list
    (the layout rules' starts shown to the model, the model itself kept out)."""
    lines = as_lines(doc.lines)
    starts = rule_starts(lines, flush=None)
    return flushlist.featurize(lines, [id(ln) in starts for ln in lines]), doc.labels()


def train(docs: Iterable[Doc], model: Path) -> int:
    """Fit the CRF on ``docs`` into ``model``; returns the documents used."""
    import pycrfsuite

    trainer = pycrfsuite.Trainer(verbose=False)
    n = 0
    for doc in docs:
        feats, labels = sequence(doc)
        trainer.append(feats, labels)
        n += 1
    trainer.set_params(
        {"c1": C1, "c2": C2, "max_iterations": ITERATIONS, "feature.possible_transitions": True}
    )
    model.parent.mkdir(parents=True, exist_ok=True)
    trainer.train(str(model))
    return n


def fold_models(docs: list[Doc], folder: Path, folds: int = FOLDS) -> dict[int, Path]:
    """One model per fold, trained on the other folds' documents."""
    out: dict[int, Path] = {}
    for k in range(folds):
        out[k] = folder / f"flush-{k}.crfsuite"
        train([d for d in docs if fold_of(d.name, folds) != k], out[k])
    return out


def main(argv: list[str] | None = None) -> int:
    from benchmarks.segmenter_grobid import evaluate
    from tools.realdata.segmenter import documents

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--folds", type=int, default=FOLDS)
    ap.add_argument("--model", type=Path, default=flushlist.MODEL_PATH)
    args = ap.parse_args(argv)
    docs = documents()
    n = train(docs, args.model)
    print(f"trained on {n} documents: {args.model}")
    figures = evaluate(docs, args.folds)
    for way, row in figures.items():
        print(way, row)
    argv_shown = [] if argv is None else list(argv)
    path = write_manifest(
        args.model,
        command=command_line("tools.flushlist", argv_shown),
        inputs=files(),
        packages=["python-crfsuite"],
        settings={
            "c1": C1,
            "c2": C2,
            "max_iterations": ITERATIONS,
            "documents": n,
            "folds": args.folds,
        },
        figures={"segmenter_grobid_held_out": figures},
    )
    print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
