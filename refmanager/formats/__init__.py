"""BibTeX/BibLaTeX, RIS, CSL-JSON and CSV, written and read. Pure: no library, no files
except the one ``read_file`` is given.

Writing: ``to_bibtex``, ``to_ris``, ``to_csl_json``, ``to_csv`` return one string;
``iter_format(fmt, refs)`` / ``write_format(fmt, refs, out)`` stream in pieces so that
a large export is never held twice. Reading: ``read_file(path)`` / ``read_string``
return a ``ReadResult`` (references plus ``Problem(line, message)``), raising
``InputError`` only when the file cannot be read as any of the formats at all.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import TextIO

from refmanager.formats.bibtex import iter_bibtex, read_bibtex, to_bibtex
from refmanager.formats.bounds import bound_references
from refmanager.formats.common import ReadResult
from refmanager.formats.csljson import iter_csl_json, read_csl_json, to_csl_json
from refmanager.formats.csvfile import iter_csv, read_csv, to_csv
from refmanager.formats.parts import open_records, sniff
from refmanager.formats.ris import iter_ris, read_ris, to_ris
from refmanager.model import InputError, Problem, Reference
from refmanager.model.options import EXTENSIONS, SUFFIX, WRITE_FORMATS


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
    """The references of a .bib, .ris, CSL-JSON or .csv file at once (``open_records``
    reads it a part at a time); the content decides the format, else the extension.

    Raises:
        InputError: the file cannot be read, or is none of the formats.
    """
    path = Path(path)
    stream = open_records(path, EXTENSIONS.get(path.suffix.lower()), chunk=sys.maxsize)
    result = ReadResult(format=stream.format)
    for part in stream:
        result.references.extend(part.references)
        result.problems.extend(part.problems)
        result.file_directory = result.file_directory or part.file_directory
    return result


__all__ = [
    "EXTENSIONS",
    "SUFFIX",
    "WRITE_FORMATS",
    "Problem",
    "format_string",
    "iter_bibtex",
    "iter_csv",
    "iter_format",
    "read_bibtex",
    "read_csl_json",
    "read_file",
    "read_ris",
    "read_string",
    "sniff",
    "to_bibtex",
    "to_csl_json",
    "to_csv",
    "to_ris",
    "write_format",
]
