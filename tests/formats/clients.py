"""Round trips through the clients users pair with refmanager: our export, then the
client (pandoc, biber, bibtex with plain.bst, bibtexparser), then our import.

Used by ``tests/formats/test_clients.py`` (run by the test command) and by
``benchmarks/client_round_trips.py`` (the figures). A client that is not installed is
reported as missing, never faked.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import tempfile
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bibtexparser.entrypoint import parse_string, write_string

from refmanager.formats import read_string, to_bibtex, to_csl_json
from refmanager.formats.bibtex.decode import decode
from refmanager.model import Reference

SHARED = Path(__file__).resolve().parents[2].parent / "shared"
# The fields compared: what a citation shows and what finds the work again.
COMPARED = (
    "type",
    "author",
    "editor",
    "title",
    "container-title",
    "collection-title",
    "publisher",
    "publisher-place",
    "volume",
    "issue",
    "page",
    "number",
    "edition",
    "genre",
    "DOI",
    "URL",
    "ISBN",
    "issued",
    "note",
)


class Missing(Exception):
    """The client is not installed (the reason says which program)."""


@dataclass(slots=True)
class Figures:
    """One client's round trip: entries written, read back, and the fields that changed."""

    client: str
    written: int = 0
    read: int = 0
    changed: list[tuple[str, str, Any, Any]] = field(default_factory=list)
    warnings: int = 0
    keys_kept: int = 0  # entries that came back under the citation key they left with
    messages: list[str] = field(default_factory=list)  # the client's warnings

    def summary(self) -> str:
        by_field: dict[str, int] = {}
        for _, name, _, _ in self.changed:
            by_field[name] = by_field.get(name, 0) + 1
        fields = ", ".join(f"{k} {v}" for k, v in sorted(by_field.items(), key=lambda i: -i[1]))
        return (
            f"{self.client}: written {self.written}, read {self.read}, "
            f"keys kept {self.keys_kept}, fields changed {len(self.changed)}"
            + (f" ({fields})" if fields else "")
            + (f", warnings {self.warnings}" if self.warnings else "")
        )


def gold_references() -> list[Reference]:
    """The dev bench's and the seed's gold references (round-trip fixtures only)."""
    files = sorted((SHARED / "bench" / "dev").glob("*.gold.json"))
    seed = SHARED / "seed" / "seed-pages.gold.json"
    if seed.exists():
        files.append(seed)
    if not files:
        raise Missing(f"no gold references under {SHARED}")
    refs: list[Reference] = []
    for path in files:
        refs.extend(Reference.from_csl(item) for item in json.loads(path.read_text("utf-8")))
    return refs


def _norm(value: Any) -> Any:
    if isinstance(value, str):
        return unicodedata.normalize("NFC", value).strip()
    if isinstance(value, list):
        return [_norm(v) for v in value]
    if isinstance(value, dict):
        return {k: _norm(v) for k, v in value.items() if v not in ("", None, [])}
    return value


def _view(ref: Reference, loose_dashes: bool = False) -> dict[str, Any]:
    item = ref.to_csl()
    view = {name: _norm(item[name]) for name in COMPARED if item.get(name)}
    for role in ("author", "editor"):
        if role in view:  # "von Arx" or particle "von" + "Arx": the same name
            view[role] = [_joined(name) for name in view[role]]
    if loose_dashes and "page" in view:  # the client writes every range its own way
        view["page"] = view["page"].replace("–", "-")
    return view


def _joined(name: dict[str, str]) -> dict[str, str]:
    name = dict(name)
    particle = name.pop("non-dropping-particle", "")
    if particle:
        name["family"] = f"{particle} {name.get('family', '')}"
    return name


def compare(
    before: list[Reference],
    after: list[Reference],
    figures: Figures,
    loose_dashes: bool = False,
) -> None:
    """Fields of ``before`` that ``after`` (matched by citation key) lost or changed;
    fields added by the way back are not counted. With ``loose_dashes`` a page range's
    dash may change between hyphen and en dash (pandoc and biber rewrite ranges)."""
    by_key = {r.get("citation-key") or r.id: r for r in after}
    keys = [_key(r, i) for i, r in enumerate(before)]
    kept = {r.get("citation-key") for r in after}
    figures.keys_kept = sum(key in kept for key in keys)
    for key, ref in zip(keys, before, strict=True):
        other = by_key.get(key)
        if other is None:
            figures.changed.append((key, "(entry)", "present", "missing"))
            continue
        theirs = _view(other, loose_dashes)
        for name, value in _view(ref, loose_dashes).items():
            if theirs.get(name) != value:
                figures.changed.append((key, name, value, theirs.get(name)))


def _key(ref: Reference, index: int) -> str:
    return ref.get("citation-key") or f"k{index}"


def keyed(refs: list[Reference]) -> list[Reference]:
    """Copies of ``refs`` with distinct citation keys k0, k1, ... (how entries are matched)."""
    out = []
    for index, ref in enumerate(refs):
        copy = Reference.from_csl(ref.to_csl())
        copy.set("citation-key", f"k{index}")
        out.append(copy)
    return out


def _run(args: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    if shutil.which(args[0]) is None:
        raise Missing(f"{args[0]} is not installed")
    return subprocess.run(args, cwd=cwd, capture_output=True, text=True, timeout=300, check=False)


_ARXIV_URL = re.compile(r"https://arxiv\.org/abs/(\S+)")


def via_pandoc(refs: list[Reference], biblatex: bool) -> Figures:
    """Our BibTeX/BibLaTeX -> pandoc -> CSL-JSON -> our import."""
    fmt = "biblatex" if biblatex else "bibtex"
    figures = Figures(f"pandoc -f {fmt}", written=len(refs))
    with tempfile.TemporaryDirectory() as tmp:
        source = Path(tmp) / "refs.bib"
        source.write_text(to_bibtex(refs, biblatex=biblatex), encoding="utf-8")
        done = _run(["pandoc", "-f", fmt, "-t", "csljson", str(source)], Path(tmp))
    figures.warnings = done.stderr.count("[WARNING]")
    result = read_string(done.stdout, "csl-json")
    figures.read = len(result.references)
    for ref in result.references:  # pandoc gives an arXiv eprint as its abstract page
        arxiv = _ARXIV_URL.fullmatch(ref.get("URL"))
        if arxiv and not ref.get("number"):
            ref.set("number", "arXiv:" + arxiv.group(1))
    compare(refs, result.references, figures, loose_dashes=True)
    return figures


def from_pandoc(refs: list[Reference], biblatex: bool) -> Figures:
    """The other way: our CSL-JSON -> pandoc -t bibtex/biblatex (what pandoc users'
    files look like) -> our import."""
    fmt = "biblatex" if biblatex else "bibtex"
    figures = Figures(f"pandoc -t {fmt}", written=len(refs))
    with tempfile.TemporaryDirectory() as tmp:
        source = Path(tmp) / "refs.json"
        source.write_text(to_csl_json(refs), encoding="utf-8")
        done = _run(["pandoc", "-f", "csljson", "-t", fmt, str(source)], Path(tmp))
    figures.warnings = done.stderr.count("[WARNING]")
    result = read_string(done.stdout, "bibtex")
    figures.read = len(result.references)
    compare(refs, result.references, figures, loose_dashes=True)
    return figures


def via_biber(refs: list[Reference]) -> Figures:
    """Our BibLaTeX -> biber --tool (re-written BibLaTeX) -> our import."""
    figures = Figures("biber --tool", written=len(refs))
    with tempfile.TemporaryDirectory() as tmp:
        source = Path(tmp) / "refs.bib"
        source.write_text(to_bibtex(refs, biblatex=True), encoding="utf-8")
        done = _run(
            ["biber", "--tool", "--validate-datamodel", "--output-file=out.bib", "refs.bib"],
            Path(tmp),
        )
        out = Path(tmp) / "out.bib"
        if not out.exists():
            raise AssertionError(f"biber wrote nothing: {done.stdout}{done.stderr}")
        text = out.read_text("utf-8")
        log = (Path(tmp) / "refs.bib.blg").read_text("utf-8", "replace")
    figures.messages = [
        line.split("WARN - ", 1)[1] for line in log.splitlines() if "WARN -" in line
    ]
    figures.warnings = len(figures.messages)
    result = read_string(text, "bibtex")
    figures.read = len(result.references)
    compare(refs, result.references, figures, loose_dashes=True)
    return figures


def via_bibtexparser(refs: list[Reference]) -> Figures:
    """Our BibTeX -> bibtexparser's default parse and write -> our import."""
    figures = Figures("bibtexparser", written=len(refs))
    library = parse_string(to_bibtex(refs))
    figures.warnings = len(library.failed_blocks)
    text = write_string(library)
    result = read_string(text, "bibtex")
    figures.read = len(result.references)
    compare(refs, result.references, figures)
    return figures


_BIBITEM = re.compile(r"\\bibitem\{([^}]*)\}(.*?)(?=\\bibitem|\\end\{thebibliography\})", re.S)


def via_bibtex(refs: list[Reference]) -> Figures:
    """Our BibTeX -> bibtex with plain.bst: each entry typeset, with its title words,
    family names, year, volume and pages in its text (plain.bst's formatted text cannot be
    imported as fields, so it is checked against them)."""
    figures = Figures("bibtex plain.bst", written=len(refs))
    with tempfile.TemporaryDirectory() as tmp:
        (Path(tmp) / "refs.bib").write_text(to_bibtex(refs), encoding="utf-8")
        (Path(tmp) / "doc.aux").write_text(
            "\\citation{*}\n\\bibdata{refs}\n\\bibstyle{plain}\n", encoding="utf-8"
        )
        done = _run(["bibtex", "-terse", "doc"], Path(tmp))
        bbl = Path(tmp) / "doc.bbl"
        if not bbl.exists():
            raise AssertionError(f"bibtex wrote nothing: {done.stdout}{done.stderr}")
        text = bbl.read_text("utf-8", "replace")
        log = (Path(tmp) / "doc.blg").read_text("utf-8", "replace")
    figures.warnings = log.count("Warning--")
    items = {key: body for key, body in _BIBITEM.findall(text)}
    figures.read = len(items)
    figures.keys_kept = sum(_key(ref, i) in items for i, ref in enumerate(refs))
    decoded = read_string(to_bibtex(refs), "bibtex").references  # what the .bib says
    for index, ref in enumerate(refs):
        key = _key(ref, index)
        body = items.get(key)
        if body is None:
            figures.changed.append((key, "(entry)", "present", "missing"))
            continue
        plain = _plain_bbl(body)
        for name, value in _bbl_expected(decoded[index]).items():
            if _plain_bbl(value) not in plain:
                figures.changed.append((key, name, value, None))
    return figures


def _bbl_expected(ref: Reference) -> dict[str, str]:
    out: dict[str, str] = {}
    if ref.author and ref.author[0].family:
        out["author"] = ref.author[0].family
    for name in ("volume", "page"):
        if ref.get(name):
            out[name] = ref.get(name).split("-")[0].split("–")[0]
    if ref.year:
        out["issued"] = str(ref.year)
    return out


def _plain_bbl(text: str) -> str:
    """Typeset text with the LaTeX decoded, then letters, digits and spaces, lower case."""
    text = decode(text.replace("%\n", ""))[0]
    text = re.sub(r"\\[a-zA-Z]+\s*|[{}~\\]", " ", text)
    text = unicodedata.normalize("NFC", text).casefold()
    return " ".join(re.sub(r"[^\w]+", " ", text).split())


CLIENTS: dict[str, Callable[[list[Reference]], Figures]] = {
    "pandoc-bibtex": lambda refs: via_pandoc(refs, biblatex=False),
    "pandoc-biblatex": lambda refs: via_pandoc(refs, biblatex=True),
    "biber": via_biber,
    "bibtex": via_bibtex,
    "bibtexparser": via_bibtexparser,
}
# Figures only (benchmarks/client_round_trips.py): pandoc 2.17's own BibTeX writer title-
# cases every title and drops DOIs and thesis genres, which no reader can give back.
OTHER_WAY: dict[str, Callable[[list[Reference]], Figures]] = {
    "pandoc-to-bibtex": lambda refs: from_pandoc(refs, biblatex=False),
    "pandoc-to-biblatex": lambda refs: from_pandoc(refs, biblatex=True),
}


def sentence_cased(before: str, after: str) -> bool:
    """Whether ``after`` is ``before`` with only words' (and hyphenated words' parts')
    first letters in another case (what pandoc's sentence casing of an unprotected title
    does)."""
    old, new = re.split(r"[ -]", before), re.split(r"[ -]", after)
    return len(old) == len(new) and all(
        a == b or (a[1:] == b[1:] and a[:1].lower() == b[:1].lower())
        for a, b in zip(old, new, strict=True)
    )
