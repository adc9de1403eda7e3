"""Entries F1 of the list splitting on GROBID's hand-marked real reference sections.

    .venv/bin/python -m benchmarks.segmenter_grobid [--errors 5] [--starts 5] [--folds 5]

Each TEI file of ``../shared/data/grobid/reference-segmenter`` holds one document's
reference section as extracted from its PDF, with every line break and every entry
marked; ``tools.realdata.segmenter`` reads it into lines of one column from their text
alone (no indents, no fonts, no space between lines: what the layout shows is lost). They
are split three ways, and an entry is right when exactly its lines are found:

- ``rules``: the rules' cut (``segment``), which reads a list set flush (no labels, no
  indents, no space between entries, as every list is here) with the start model of
  flush lists (``pdf/flushlist``);
- ``model``: the shipped line model's own labels;
- ``pipeline``: what ``pipeline._reading`` does with a list it has found: the rules' cut,
  unless the model's reading (its sure labels over the rules') finds wholesale more
  entries (``pipeline.prefers_model``);
- ``works``: the pipeline's entries with each numbered entry cut into the works it holds,
  as ``extract`` cuts them (``service.compound``, decision 0053).

The start model of flush lists is trained on these documents: every document is read
with a model trained without it (``--folds`` models, documents dealt by name). The line
model is not trained on them. Figures are micro-averaged over the entries and the mean of
the documents' own F1, for all documents and apart for labelled lists (numbers or keys
open their entries) and unlabelled ones. GROBID marks each reference of a compound entry
("[3] a) ...; b) ...", or several works under one number) as an entry of its own, many of
them starting inside a printed line (the text's lines are cut there). The line cut keeps a
numbered entry whole, and ``works`` cuts it where the evidence is strong. ``one per
label`` scores the labelled lists with each such part joined to the labelled entry it
belongs to, and ``all, one per label`` every document so (for ``works``, whose parts are
meant to be apart, only GROBID's convention is the measure). The data is read in place,
never copied into the project.
"""

from __future__ import annotations

import argparse
import tempfile
from itertools import pairwise
from pathlib import Path

from refmanager.model import Reference
from refmanager.pdf import zones
from refmanager.pdf.headings import names_bibliography
from refmanager.pdf.layout import Line
from refmanager.pdf.pipeline import prefers_model
from refmanager.pdf.segment import _columns, _label_of, choose_kind, label_spans, rule_starts
from refmanager.pdf.textclean import join_lines
from refmanager.service.compound import parts_of
from tools.flushlist import FOLDS, fold_models, fold_of
from tools.realdata.segmenter import Doc, as_lines, documents

WAYS = ("rules", "model", "pipeline", "works")


def _spans_from_starts(n: int, starts: list[int]) -> list[tuple[int, ...]]:
    bounds = [*starts, n]
    return [tuple(range(a, b)) for a, b in pairwise(bounds)]


def split(lines: list[Line], flush: Path | None) -> dict[str, list[tuple[int, ...]]]:
    """Each way's entries (line indexes); a heading opening the section is no entry's,
    as in the pipeline (the list starts after it)."""
    skip = 0
    while skip < len(lines) and names_bibliography(lines[skip].text):
        skip += 1
    ways = _split(lines[skip:], flush)
    return {w: [tuple(i + skip for i in span) for span in spans] for w, spans in ways.items()}


def _split(lines: list[Line], flush: Path | None) -> dict[str, list[tuple[int, ...]]]:
    heights = {p: 792.0 for p in {ln.page for ln in lines}}
    starts = rule_starts(lines, flush)
    rule_idx = [i for i, ln in enumerate(lines) if id(ln) in starts]
    rules = _spans_from_starts(len(lines), rule_idx)
    if rule_idx and rule_idx[0] > 0:
        rules.insert(0, tuple(range(rule_idx[0])))  # the lines before the first start
    model_labels = zones.tag_lines(lines, heights)
    model = [tuple(span) for span, _ in label_spans(model_labels)]
    rule_labels = ["in"] * len(lines)
    for i in rule_idx:
        rule_labels[i] = "start"
    decided = zones.decide(lines, heights, rule_labels)
    combined = [tuple(span) for span, _ in label_spans(decided)] if decided else rules
    pipeline = combined if prefers_model(len(rules), len(combined)) else rules
    return {"rules": rules, "model": model, "pipeline": pipeline}


def works(lines: list[Line], spans: list[tuple[int, ...]], kind: str) -> list[tuple[int, ...]]:
    """``spans`` with each numbered entry cut into its works (``service.compound``, as
    ``extract`` cuts them): a part that starts where a line does is that line's on; one
    that starts inside a line (the text's lines are cut where GROBID marks a part, so a
    right cut always falls on a line's start) is a span no gold entry has."""
    out: list[tuple[int, ...]] = []
    for span in spans:
        label = _label_of(lines[span[0]], kind)
        if not label or not label.isdigit():
            out.append(span)
            continue
        raw, offsets = join_lines([lines[i].text for i in span])
        parts = parts_of(Reference(raw=raw, label=label))
        starts = [at for at, _ in parts]
        if len(starts) < 2:
            out.append(span)
            continue
        line_at = {at: k for k, at in enumerate(offsets)}
        for a, b in pairwise([*starts, len(raw)]):
            if a in line_at and (b == len(raw) or b in line_at):
                stop = len(span) if b == len(raw) else line_at[b]
                out.append(span[line_at[a] : stop])
            else:
                out.append((-1 - a, *span))  # cut inside a line: no gold entry's
    return out


def labelled_kind(lines: list[Line]) -> str | None:
    """The label style the rules read the list in (None: unlabelled)."""
    return choose_kind(lines, _columns(lines))


def per_label(doc: Doc, lines: list[Line], kind: str) -> list[tuple[int, ...]]:
    """The gold with each entry that opens without a label joined to the entry before
    (one entry per label: the parts of a compound entry are one)."""
    out: list[list[int]] = []
    for entry in doc.entries:
        if out and _label_of(lines[entry[0]], kind) is None:
            out[-1].extend(entry)
        else:
            out.append(list(entry))
    return [tuple(e) for e in out]


def f1(right: int, gold: int, got: int) -> float:
    p = right / got if got else 0.0
    r = right / gold if gold else 0.0
    return 2 * p * r / (p + r) if p + r else 0.0


class Tally:
    def __init__(self) -> None:
        self.right = self.gold = self.got = 0
        self.docs: list[tuple[float, str]] = []

    def add(self, name: str, gold: list[tuple[int, ...]], got: list[tuple[int, ...]]) -> None:
        hits = len(set(gold) & set(got))
        self.right, self.gold, self.got = (
            self.right + hits,
            self.gold + len(gold),
            self.got + len(got),
        )
        self.docs.append((f1(hits, len(gold), len(got)), name))

    def row(self) -> dict[str, float | int]:
        p = self.right / self.got if self.got else 0.0
        r = self.right / self.gold if self.gold else 0.0
        scores = [s for s, _ in self.docs]
        return {
            "documents": len(self.docs),
            "entries": self.gold,
            "P": round(p, 3),
            "R": round(r, 3),
            "F1": round(f1(self.right, self.gold, self.got), 3),
            "mean_doc_F1": round(sum(scores) / max(len(scores), 1), 3),
            "docs_ge_0.97": sum(1 for s in scores if s >= 0.97),
        }


# A document's missed and added entry starts (the pipeline's): (name, F1, lines, gold
# starts, starts found).
Starts = tuple[str, float, list[str], set[int], set[int]]


def run(docs: list[Doc], folds: int, starts: list[Starts] | None = None) -> dict[str, Tally]:
    """Every document split with the fold model that did not see it: a tally per way, and
    per way for the labelled and unlabelled lists (``way/labelled``, ``way/unlabelled``)
    and the labelled ones scored one entry per label (``way/one per label``). With
    ``starts``, each unlabelled document's starts are added to it."""
    tallies: dict[str, Tally] = {}

    def tally(key: str) -> Tally:
        return tallies.setdefault(key, Tally())

    with tempfile.TemporaryDirectory(prefix="flush-folds-") as tmp:
        models = fold_models(docs, Path(tmp), folds)
        for doc in docs:
            lines = as_lines(doc.lines)
            kind = labelled_kind(lines)
            group = "labelled" if kind else "unlabelled"
            ways = split(lines, models[fold_of(doc.name, folds)])
            ways["works"] = works(lines, ways["pipeline"], kind) if kind else ways["pipeline"]
            if starts is not None and kind is None:
                got = ways["pipeline"]
                score = f1(len(set(doc.entries) & set(got)), len(doc.entries), len(got))
                firsts = {e[0] for e in doc.entries}
                starts.append((doc.name, score, doc.lines, firsts, {e[0] for e in got}))
            for way, spans in ways.items():
                tally(way).add(doc.name, doc.entries, spans)
                tally(f"{way}/{group}").add(doc.name, doc.entries, spans)
                gold = per_label(doc, lines, kind) if kind is not None else doc.entries
                if kind is not None:
                    tally(f"{way}/one per label").add(doc.name, gold, spans)
                tally(f"{way}/all, one per label").add(doc.name, gold, spans)
    return tallies


def evaluate(docs: list[Doc], folds: int = FOLDS) -> dict[str, dict[str, float | int]]:
    """The figures of :func:`run` as rows (for a model's manifest)."""
    return {key: t.row() for key, t in run(docs, folds).items()}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--folds", type=int, default=FOLDS)
    ap.add_argument("--errors", type=int, default=0, help="print the N worst documents")
    ap.add_argument(
        "--starts", type=int, default=0,
        help="print the starts missed and added in the N worst unlabelled documents",
    )  # fmt: skip
    args = ap.parse_args()
    docs = documents()
    found: list[Starts] = []
    tallies = run(docs, args.folds, found if args.starts else None)
    total = sum(len(d.entries) for d in docs)
    print(f"{len(docs)} documents, {total} entries; every document read with a start model "
          f"of flush lists trained without it ({args.folds} folds by document)")  # fmt: skip
    head = f"{'split':<28} {'docs':>5} {'P':>6} {'R':>6} {'F1':>6}"
    print(f"{head} {'mean doc F1':>12} {'docs >= 0.97':>13}")
    for way in WAYS:
        keys = ("", "/labelled", "/one per label", "/unlabelled", "/all, one per label")
        for key in (f"{way}{k}" for k in keys):
            if key not in tallies:
                continue
            r = tallies[key].row()
            print(f"{key:<28} {r['documents']:>5} {r['P']:6.3f} {r['R']:6.3f} {r['F1']:6.3f} "
                  f"{r['mean_doc_F1']:12.3f} {r['docs_ge_0.97']:>9}/{r['documents']}")  # fmt: skip
    if args.errors:
        print(f"\nworst {args.errors} documents (pipeline):")
        for score, name in sorted(tallies["pipeline"].docs)[: args.errors]:
            print(f"  {score:.3f} {name}")
    for name, score, texts, gold, got in sorted(found, key=lambda d: d[1])[: args.starts]:
        print(f"\n{score:.3f} {name}: {len(gold - got)} starts missed (-), "
              f"{len(got - gold)} added (+); the line before each is shown")  # fmt: skip
        for i in sorted(gold ^ got):
            if i > 0:
                print(f"       {texts[i - 1][:100]}")
            print(f"    {'-' if i in gold else '+'}  {texts[i][:100]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
