"""Cross-check with pandoc (when installed): it reads our BibTeX, BibLaTeX and CSL-JSON
back to the same titles, names, dates and numbers."""

from __future__ import annotations

import json
import shutil
import subprocess
import unicodedata
from pathlib import Path
from typing import Any

import pytest

from refmanager.formats import to_bibtex, to_csl_json
from refmanager.model import Date, Name, Reference
from tests.formats.clients import sentence_cased

pytestmark = pytest.mark.skipif(shutil.which("pandoc") is None, reason="pandoc not installed")


def _refs() -> list[Reference]:
    out: list[Reference] = []
    rows = [
        ("article-journal", "Convex Optimization of {DNA} & RNA: a 50% gain", "Nature"),
        ("paper-conference", "pandas-dev/pandas: Pandas 16 × 16 – “quoted”", "Proc. of ICML"),
        ("book", "Über Café-Kultur in Łódź: Straße, naïve Ærø", ""),
        (
            "chapter",
            "The $O(n^2)$ bound: exact results",
            "Handbook of Things, Volume 1: Foundations",
        ),
    ]
    for index, (kind, title, container) in enumerate(rows):
        ref = Reference(type=kind, issued=Date(2000 + index, 3))
        ref.author = [
            Name(family="Müller", given="Jörg"),
            Name(family="Erdős", given="Pál"),
            Name(literal="World Health Organization"),
        ]
        ref.set("title", title)
        ref.set("container-title", container)
        ref.set("page", "509-512")
        ref.set("volume", "12")
        ref.set("DOI", "10.1000/a_b")
        ref.set("publisher", "Holt, Rinehart and Winston")
        out.append(ref)
    return out


def _pandoc(text: str, fmt: str, tmp_path: Path) -> list[dict[str, Any]]:
    source = tmp_path / "in.txt"
    source.write_text(text, encoding="utf-8")
    done = subprocess.run(
        ["pandoc", "-f", fmt, "-t", "csljson", str(source)],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    items: list[dict[str, Any]] = json.loads(done.stdout)
    return items


def _nfc(text: Any) -> str:
    return unicodedata.normalize("NFC", str(text))


@pytest.mark.parametrize("fmt", ["bibtex", "biblatex", "csljson"])
def test_pandoc_reads_what_we_write(fmt: str, tmp_path: Path) -> None:
    refs = _refs()
    biblatex = fmt == "biblatex"
    text = to_csl_json(refs) if fmt == "csljson" else to_bibtex(refs, biblatex=biblatex)
    ours = json.loads(to_csl_json(refs))
    theirs = {item["id"]: item for item in _pandoc(text, fmt, tmp_path)}
    assert set(theirs) == {item["id"] for item in ours}
    for item in ours:
        read = theirs[item["id"]]
        # pandoc renders TeX math as text: compare without the dollars
        # pandoc stores titles in sentence case: unbraced capitals may come back lowered
        title = _nfc(read["title"]).replace("$", "")
        if fmt == "csljson":
            assert title == _nfc(item["title"]).replace("$", "")
        else:
            assert sentence_cased(_nfc(item["title"]).replace("$", ""), title)
        assert [_nfc(a.get("family") or a.get("literal")) for a in read["author"]] == [
            _nfc(a.get("family") or a.get("literal")) for a in item["author"]
        ]
        assert read["issued"] == item["issued"]
        assert read["page"] == item["page"]
        assert read["DOI"] == item["DOI"]
        assert _nfc(read.get("publisher")) == _nfc(item["publisher"])
        if item.get("container-title"):
            assert _nfc(read["container-title"]) == _nfc(item["container-title"])


@pytest.mark.parametrize("fmt", ["bibtex", "biblatex"])
def test_pandoc_keeps_greek_rich_text_et_al_and_genre(fmt: str, tmp_path: Path) -> None:
    """What pandoc dropped or mangled before issue 13: α and µ, CSL <i>, et al."""
    from refmanager.formats import read_file

    refs = read_file(Path(__file__).parent / "data" / "zotero.json").references[:2]
    refs[0].author.append(Name(literal="others"))
    theirs = {
        item["id"]: item for item in _pandoc(to_bibtex(refs, fmt == "biblatex"), fmt, tmp_path)
    }
    article, thesis = theirs["smithDeepLearning2020"], theirs["doeThesis2019"]
    assert article["title"] == "Deep learning for <i>Escherichia coli</i> growth"
    assert article["author"][-1] == {"literal": "others"}
    assert thesis["title"] == "A study of µ-scale α particles"
    assert thesis["genre"] == "Master's thesis"
