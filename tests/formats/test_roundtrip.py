"""Export then import gives back the same fields, over the dev bench's gold references.

The bench is only read here (measured, never tuned to). Strings are compared in NFC:
BibTeX's LaTeX accents come back composed whatever form they were written in.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from refmanager.formats import read_string, to_bibtex, to_csl_json, to_ris
from refmanager.model import Reference
from tests.formats.conftest import comparable

BENCH = Path(__file__).resolve().parents[2].parent / "shared" / "bench" / "dev"


def _gold() -> list[Reference]:
    files = sorted(BENCH.glob("*.gold.json"))
    if not files:
        pytest.skip(f"no dev bench at {BENCH}")
    refs: list[Reference] = []
    for path in files:
        refs.extend(Reference.from_csl(item) for item in json.loads(path.read_text("utf-8")))
    return refs


@pytest.mark.parametrize("fmt", ["bibtex", "biblatex", "ris", "csl-json"])
def test_round_trip_over_the_dev_bench(fmt: str) -> None:
    refs = _gold()
    if fmt in ("bibtex", "biblatex"):
        text = to_bibtex(refs, biblatex=fmt == "biblatex")
    elif fmt == "ris":
        text = to_ris(refs)
    else:
        text = to_csl_json(refs)
    result = read_string(text, "bibtex" if fmt == "biblatex" else fmt)
    assert result.problems == []
    assert len(result.references) == len(refs)
    mismatched = [
        (a.id, comparable(a), comparable(b))
        for a, b in zip(refs, result.references, strict=True)
        if _expected(a, fmt) != comparable(b)
    ]
    assert mismatched == []


def _expected(ref: Reference, fmt: str) -> dict[str, object]:
    """What the way back should give: the reference, except that BibTeX has no thesis type
    without a degree, so a thesis with no genre is written @phdthesis and read as one."""
    item = comparable(ref)
    if fmt == "bibtex" and ref.type == "thesis" and not ref.get("genre"):
        item["genre"] = "PhD thesis"
    return item


def test_bibtex_keys_are_unique_over_the_bench() -> None:
    refs = _gold()
    result = read_string(to_bibtex(refs), "bibtex")
    keys = [r.id.lower() for r in result.references]
    assert len(set(keys)) == len(keys)
