"""Real labelled reference strings (GROBID's and AnyStyle's training sets) as the parser's
training examples, grouped by source document for validation (development only)."""

from __future__ import annotations

from pathlib import Path

from refmanager.parse.train import Example
from tools.realdata import anystyle, grobid

DATA = Path(__file__).resolve().parents[2].parent / "shared" / "data"


def real_strings(data: Path = DATA) -> list[tuple[Example, str]]:
    """Every real training string with its group (a GROBID file or block, an AnyStyle block)."""
    out = grobid.read_folder(data / "grobid" / "citation" / "corpus")
    out += anystyle.read_file(data / "anystyle" / "core.xml")
    return unique(out)


def unique(rows: list[tuple[Example, str]]) -> list[tuple[Example, str]]:
    """The first of strings printed alike (spaces and case aside): the sources share some
    (AnyStyle's and GROBID's humanities strings), and one string in two groups would sit
    on both sides of a validation split."""
    seen: set[str] = set()
    out: list[tuple[Example, str]] = []
    for ex, group in rows:
        key = "".join(ex.text.split()).casefold()
        if key not in seen:
            seen.add(key)
            out.append((ex, group))
    return out


def real_files(data: Path = DATA) -> list[Path]:
    """The files ``real_strings`` reads (for a model's manifest)."""
    folder = data / "grobid" / "citation" / "corpus"
    return [
        *sorted(p for p in folder.iterdir() if p.suffix == ".xml"),
        data / "anystyle" / "core.xml",
    ]


def evaluation_strings(data: Path = DATA) -> list[tuple[Example, str]]:
    """GROBID's two evaluation files: a fixed development set, never trained on."""
    return grobid.read_folder(data / "grobid" / "citation" / "evaluation")
