"""Entries F1 of the list splitting on GROBID's 136 hand-marked real reference sections.

    .venv/bin/python -m benchmarks.segmenter_grobid [--errors 5]
        [--data ../shared/data/grobid/reference-segmenter]

Each TEI file holds one document's reference section as extracted from its PDF, with
every line break (``<lb/>``) and every entry (``<bibl>``) marked. Its lines become lines
of one column from their text alone (the line model's features that need the page, a
box or the font cannot be read from text: every line starts at the column's left edge,
in one size; a line much shorter than the section's long lines ends short of the
margin, the others are justified to it). They are split three ways, and an entry is
right when exactly its lines are found:

- ``rules``: the rules' cut (``segment``);
- ``model``: the shipped line model's own labels;
- ``pipeline``: what ``pipeline._reading`` does with a list it has found: the rules' cut,
  unless the model's reading (its sure labels over the rules') finds wholesale more
  entries (``pipeline.prefers_model``).

Nothing is trained on these files, so every document is held out; the figures are
printed micro-averaged over the entries and as the mean of the documents' own F1.
The data is read in place (``../shared/data``), never copied into the project.
"""

from __future__ import annotations

import argparse
import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from itertools import pairwise
from pathlib import Path

from benchmarks._util import SHARED
from refmanager.pdf import zones
from refmanager.pdf.headings import names_bibliography
from refmanager.pdf.layout import Line
from refmanager.pdf.pipeline import prefers_model
from refmanager.pdf.segment import label_spans, rule_starts
from refmanager.pdf.textclean import normalize

DATA = SHARED / "data" / "grobid" / "reference-segmenter"
_X0, _TOP, _LEADING, _SIZE, _CHAR = 72.0, 760.0, 12.0, 10.0, 4.6


@dataclass(slots=True)
class Doc:
    name: str
    lines: list[str]
    entries: list[tuple[int, ...]]  # gold: each entry's line indexes


def read_doc(path: Path) -> Doc:
    """A TEI file's lines and its entries' line indexes (a line belongs to the entry in
    which it starts; text outside every entry is a line of no entry)."""
    root = ET.parse(path).getroot()
    lines: list[str] = []
    owner: list[int] = []
    current: list[str] = []
    state = {"entry": -1, "count": 0, "line_entry": -1}

    def cut() -> None:
        text = normalize(re.sub(r"\s+", " ", "".join(current)))
        if text:
            lines.append(text)
            owner.append(state["line_entry"])
        current.clear()
        state["line_entry"] = state["entry"]

    def walk(node: ET.Element) -> None:
        tag = node.tag.split("}")[-1]
        if tag == "bibl":
            if "".join(current).strip():
                cut()
            state["entry"] = state["count"]
            state["count"] += 1
            state["line_entry"] = state["entry"]
        if tag == "lb":
            cut()
        elif node.text:
            current.append(node.text)
        for child in node:
            walk(child)
            if child.tail:
                if not "".join(current).strip():
                    state["line_entry"] = state["entry"]
                current.append(child.tail)
        if tag == "bibl":
            state["entry"] = -1

    body = next((n for n in root.iter() if n.tag.split("}")[-1] == "listBibl"), root)
    walk(body)
    cut()
    spans: dict[int, list[int]] = {}
    for i, k in enumerate(owner):
        if k >= 0:
            spans.setdefault(k, []).append(i)
    return Doc(path.name, lines, [tuple(v) for _, v in sorted(spans.items())])


def as_lines(texts: list[str]) -> list[Line]:
    """One column of lines from text alone (see the module's docstring)."""
    widths = sorted(len(t) for t in texts)
    full = widths[int(0.9 * (len(widths) - 1))] if widths else 0
    right = _X0 + _CHAR * full
    out = []
    for i, text in enumerate(texts):
        x1 = right if len(text) >= 0.85 * full else _X0 + _CHAR * len(text)
        out.append(Line(1, text, _X0, x1, _TOP - _LEADING * (i % 60), _SIZE))
    for i, ln in enumerate(out):  # 60 lines a page
        ln.page = 1 + i // 60
    return out


def _spans_from_starts(n: int, starts: list[int]) -> list[tuple[int, ...]]:
    bounds = [*starts, n]
    return [tuple(range(a, b)) for a, b in pairwise(bounds)]


def split(lines: list[Line]) -> dict[str, list[tuple[int, ...]]]:
    """Each way's entries (line indexes); a heading opening the section is no entry's,
    as in the pipeline (the list starts after it)."""
    skip = 0
    while skip < len(lines) and names_bibliography(lines[skip].text):
        skip += 1
    ways = _split(lines[skip:])
    return {w: [tuple(i + skip for i in span) for span in spans] for w, spans in ways.items()}


def _split(lines: list[Line]) -> dict[str, list[tuple[int, ...]]]:
    heights = {p: 792.0 for p in {ln.page for ln in lines}}
    starts = rule_starts(lines)
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


def f1(right: int, gold: int, got: int) -> float:
    p = right / got if got else 0.0
    r = right / gold if gold else 0.0
    return 2 * p * r / (p + r) if p + r else 0.0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", type=Path, default=DATA)
    ap.add_argument("--errors", type=int, default=0, help="print the N worst documents")
    args = ap.parse_args()
    paths = sorted((args.data / "corpus" / "tei").glob("*.xml"))
    paths += sorted((args.data / "evaluation" / "tei").glob("*.xml"))
    ways = ("rules", "model", "pipeline")
    totals = {w: [0, 0, 0] for w in ways}
    per_doc: dict[str, list[tuple[float, str]]] = {w: [] for w in ways}
    docs = 0
    for path in paths:
        doc = read_doc(path)
        if not doc.entries:
            continue
        docs += 1
        marked = set(doc.entries)
        for way, spans in split(as_lines(doc.lines)).items():
            hits = len(marked & set(spans))
            t = totals[way]
            t[0], t[1], t[2] = t[0] + hits, t[1] + len(marked), t[2] + len(spans)
            per_doc[way].append((f1(hits, len(marked), len(spans)), doc.name))
    print(f"{docs} documents, {totals['rules'][1]} entries (every document held out: "
          "nothing is trained on them)")  # fmt: skip
    print(f"{'split':<10} {'P':>6} {'R':>6} {'F1':>6} {'mean doc F1':>12} {'docs >= 0.97':>13}")
    for way in ways:
        right, gold, got = totals[way]
        p = right / got if got else 0.0
        r = right / gold if gold else 0.0
        scores = [s for s, _ in per_doc[way]]
        good = sum(1 for s in scores if s >= 0.97)
        print(f"{way:<10} {p:6.3f} {r:6.3f} {f1(right, gold, got):6.3f} "
              f"{sum(scores) / len(scores):12.3f} {good:>8}/{len(scores)}")  # fmt: skip
    if args.errors:
        print(f"\nworst {args.errors} documents (pipeline):")
        for score, name in sorted(per_doc["pipeline"])[: args.errors]:
            print(f"  {score:.3f} {name}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
