"""GROBID's reference-segmenter documents: real reference sections as extracted text, with
every line break (``<lb/>``) and every entry (``<bibl>``) marked (development only; read in
place from ``../shared/data``, never copied into the project).

A document's lines become lines of one column from their text alone (what the layout
features need of a page, a box or a font cannot be read from text: every line starts at
the column's left edge, in one size, one line below the other; a line much shorter than
the section's long lines ends short of the margin, the others are justified to it).
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from pathlib import Path

from refmanager.pdf.layout import Line
from refmanager.pdf.textclean import normalize

DATA = Path(__file__).resolve().parents[2].parent / "shared" / "data" / "grobid"
SEGMENTER = DATA / "reference-segmenter"
_X0, _TOP, _LEADING, _SIZE, _CHAR = 72.0, 760.0, 12.0, 10.0, 4.6
# Lines to a page of the text's one column.
PAGE_LINES = 60


@dataclass(slots=True)
class Doc:
    name: str
    lines: list[str]
    entries: list[tuple[int, ...]]  # gold: each entry's line indexes

    def labels(self) -> list[str]:
        """One label per line: ``start`` (an entry's first line), ``in`` (its further
        lines) or ``other`` (a line of no entry: a heading, a footnote, a caption)."""
        out = ["other"] * len(self.lines)
        for entry in self.entries:
            out[entry[0]] = "start"
            for i in entry[1:]:
                out[i] = "in"
        return out


def files(data: Path = SEGMENTER) -> list[Path]:
    """The documents' TEI files (the training and the evaluation folder)."""
    return sorted((data / "corpus" / "tei").glob("*.xml")) + sorted(
        (data / "evaluation" / "tei").glob("*.xml")
    )


def documents(data: Path = SEGMENTER) -> list[Doc]:
    """Every document that marks entries, each once (a file in both folders is read from
    the first: the same document on both sides of a split would be seen twice)."""
    out: dict[str, Doc] = {}
    for path in files(data):
        doc = read_doc(path)
        if doc.entries and doc.name not in out:
            out[doc.name] = doc
    return list(out.values())


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
        out.append(
            Line(1 + i // PAGE_LINES, text, _X0, x1, _TOP - _LEADING * (i % PAGE_LINES), _SIZE)
        )
    return out
