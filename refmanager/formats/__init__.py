"""BibTeX/BibLaTeX, RIS, CSL-JSON and CSV, written and read. Pure: no library, no files
except the one ``read_file`` is given.

Writing: ``to_bibtex``, ``to_ris``, ``to_csl_json``, ``to_csv`` return one string;
``iter_format(fmt, refs)`` / ``write_format(fmt, refs, out)`` stream in pieces so that
a large export is never held twice. Reading: ``read_file(path)`` / ``read_string``
return a ``ReadResult`` (references plus ``Problem(line, message)``), raising
``InputError`` only when the file cannot be read as any of the formats at all.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import TextIO

from refmanager.formats.bibtex import iter_bibtex, read_bibtex, to_bibtex
from refmanager.formats.bounds import bound_references
from refmanager.formats.common import Problem, ReadResult, decode_bytes, read_text
from refmanager.formats.csljson import iter_csl_json, read_csl_json, to_csl_json
from refmanager.formats.csvfile import iter_csv, read_csv, to_csv
from refmanager.formats.filelinks import resolve_attachments
from refmanager.formats.keys import KeyMaker, base_key
from refmanager.formats.ris import iter_ris, read_ris, to_ris
from refmanager.model import InputError, Reference

WRITE_FORMATS: tuple[str, ...] = ("bibtex", "biblatex", "ris", "csl-json", "csv")
READ_FORMATS: tuple[str, ...] = ("bibtex", "ris", "csl-json", "csv")
EXTENSIONS: dict[str, str] = {
    ".bib": "bibtex",
    ".bibtex": "bibtex",
    ".biblatex": "bibtex",
    ".ris": "ris",
    ".json": "csl-json",
    ".csljson": "csl-json",
    ".jsonl": "csl-json",
    ".csv": "csv",
}
SUFFIX: dict[str, str] = {
    "bibtex": ".bib",
    "biblatex": ".bib",
    "ris": ".ris",
    "csl-json": ".json",
    "csv": ".csv",
}

_RIS_START = re.compile(r"^\s*TY  ?- ", re.MULTILINE)
_BIB_START = re.compile(r"^\s*@\s*[A-Za-z]+\s*[{(]", re.MULTILINE)


def iter_format(fmt: str, refs: Iterable[Reference]) -> Iterator[str]:
    """The text of ``refs`` in ``fmt`` (one of WRITE_FORMATS), in pieces."""
    if fmt == "bibtex":
        return iter_bibtex(refs)
    if fmt == "biblatex":
        return iter_bibtex(refs, biblatex=True)
    if fmt == "ris":
        return iter_ris(refs)
    if fmt == "csl-json":
        return iter_csl_json(refs)
    if fmt == "csv":
        return iter_csv(refs)
    raise InputError(fmt, f"unknown format; use one of {', '.join(WRITE_FORMATS)}")


def format_string(fmt: str, refs: Iterable[Reference]) -> str:
    return "".join(iter_format(fmt, refs))


def write_format(fmt: str, refs: Iterable[Reference], out: TextIO) -> int:
    """Write ``refs`` to ``out`` in ``fmt``; the number of characters written."""
    total = 0
    for piece in iter_format(fmt, refs):
        out.write(piece)
        total += len(piece)
    return total


def sniff(text: str) -> str | None:
    """The format a text looks like, or None."""
    head = text.lstrip("\ufeff \t\r\n")[:1]
    if head in ("[", "{"):
        return "csl-json"
    if _RIS_START.search(text[:20000]):
        return "ris"
    if _BIB_START.search(text):
        return "bibtex"
    return None


def read_string(text: str, fmt: str | None = None, source: str = "") -> ReadResult:
    """References in ``text``; ``fmt`` None means: guess from the content."""
    fmt = fmt or sniff(text)
    if fmt == "bibtex":
        result = read_bibtex(text, source)
    elif fmt == "ris":
        result = read_ris(text)
    elif fmt == "csl-json":
        result = read_csl_json(text, source)
    elif fmt == "csv":
        result = read_csv(text)
    else:
        raise InputError(source, "not a BibTeX, RIS or CSL-JSON file")
    cut = bound_references(result.references)
    if cut:
        result.problems.extend(cut)
    nothing = not result.references and text.strip() and fmt not in ("csl-json", "csv")
    if nothing and (not any(p.line for p in result.problems) or fmt != sniff(text)):
        raise InputError(source, f"no {fmt} entries could be read from this file")
    return result


def read_file(path: Path | str) -> ReadResult:
    """The references of a .bib, .ris or .json file; the content decides, else the extension.

    Raises:
        InputError: the file cannot be read, or is none of the three formats.
    """
    path = Path(path)
    text = read_text(path)
    by_name = EXTENSIONS.get(path.suffix.lower())
    fmt = "csv" if by_name == "csv" else sniff(text) or by_name
    result = read_string(text, fmt, str(path))
    resolve_attachments(result, path)
    return result


__all__ = [
    "EXTENSIONS",
    "READ_FORMATS",
    "SUFFIX",
    "WRITE_FORMATS",
    "KeyMaker",
    "Problem",
    "ReadResult",
    "base_key",
    "decode_bytes",
    "format_string",
    "iter_bibtex",
    "iter_csl_json",
    "iter_csv",
    "iter_format",
    "iter_ris",
    "read_bibtex",
    "read_csl_json",
    "read_file",
    "read_ris",
    "read_string",
    "to_bibtex",
    "to_csl_json",
    "to_csv",
    "to_ris",
    "write_format",
]
