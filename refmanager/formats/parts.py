"""Bibliography files read a part at a time, in bounded memory: ``open_records(path)``.

A :class:`RecordStream` yields :class:`ReadResult` parts of about ``chunk`` records each,
in file order, with problems on the file's own line numbers:

- BibTeX: the text is cut before an entry start (``@type{`` at the start of a line); the
  ``@string`` macros of the parts read so far carry over to the next. A file with
  ``crossref`` fields is read in one part (a parent may come anywhere after its child).
  JabRef's jabref-meta blocks (group tree, file directory; usually at the end) are found
  first and given to every part.

Relative file links are resolved against the file's folder (or JabRef's file directory),
without looking at the file system (decision 0022).
- RIS: cut after an ``ER`` line.
- CSL-JSON: an array of items is read item by item (``csljson.JsonItems``, the reader
  ``read_csl_json`` uses too), after a first pass has checked the whole document: a
  document broken anywhere (its structure is lost from the break on) raises
  ``csljson.BrokenDocument`` before any part is yielded, with the line and column of the
  break. JSON lines (one item per line) are records: a bad line is skipped and reported.
- CSV (told by the file's name): a header row, then one reference per row.

The text comes from :class:`TextSource` (encoding judged per file; undecodable bytes
reported with their line and replaced).
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from refmanager.formats.bibtex import read_bibtex
from refmanager.formats.bounds import bound_references
from refmanager.formats.common import ReadResult
from refmanager.formats.csljson import (
    JsonItems,
    is_json_lines,
    item_reference,
    json_lines,
    read_csl_json,
)
from refmanager.formats.csvfile import csv_records
from refmanager.formats.filelinks import resolve_attachments
from refmanager.formats.ris import read_ris
from refmanager.formats.stream import TextSource, lines
from refmanager.model import InputError, Problem, Reference

CHUNK = 5000  # records per part
_BIB_START = re.compile(r"\s*@\s*[A-Za-z]+\s*[{(]")
_RIS_END = re.compile(r"\s*ER  ?-")
_CROSSREF = re.compile(r"\bcrossref\s*=", re.IGNORECASE)
_RIS_START = re.compile(r"^\s*TY  ?- ", re.MULTILINE)
_BIB_START_ANYWHERE = re.compile(r"^\s*@\s*[A-Za-z]+\s*[{(]", re.MULTILINE)
_META = re.compile(r"@\s*comment\s*\{\s*jabref-meta:", re.IGNORECASE)
_WS = " \t\r\n"


@dataclass(slots=True)
class RecordStream:
    """The records of one file, a part at a time (see the module's docstring).

    Attributes:
        path: the file.
        format: ``bibtex``, ``ris``, ``csl-json`` or ``csv``.
        source: the file's text source (size, bytes read so far, encoding).
        references: how many references the parts yielded so far held.
    """

    path: Path
    format: str
    source: TextSource
    chunk: int = CHUNK
    references: int = 0
    _content: bool = field(default=False)  # the file holds more than white space
    _located: bool = field(default=False)  # a problem with a line was met
    _meta: list[str] | None = field(default=None)  # a .bib's jabref-meta texts

    def __iter__(self) -> Iterator[ReadResult]:
        if self.format == "bibtex":
            crossrefs, meta = self._prescan()
            if crossrefs:
                self.chunk = sys.maxsize  # a child's parent may be anywhere: read it whole
            self._meta = meta
            parts = self._cut(_BIB_START, before=True)
        elif self.format == "ris":
            parts = self._cut(_RIS_END, before=False)
        elif self.format == "csv":
            parts = self._parts(csv_records(lines(self.source.blocks())))
        else:
            parts = self._json()
        for part in parts:
            part.problems.extend(self.source.problems)
            self.source.problems.clear()
            part.problems.extend(bound_references(part.references))
            resolve_attachments(part, self.path)
            part.problems.sort(key=lambda p: p.line)
            self.references += len(part.references)
            self._located = self._located or any(p.line for p in part.problems)
            yield part
        if self.source.problems:
            yield ReadResult(problems=list(self.source.problems), format=self.format)
            self.source.problems.clear()
        nothing = not self.references and self._content and not self._located
        if nothing and self.format != "csl-json":
            raise InputError(str(self.path), f"no {self.format} entries could be read")

    # ---------------------------------------------------------------- BibTeX and RIS

    def _cut(self, marker: re.Pattern[str], before: bool) -> Iterator[ReadResult]:
        """Parts of ``chunk`` records, cut before (BibTeX) or after (RIS) marker lines."""
        strings: dict[str, str] = {}
        buffer: list[str] = []
        start = 1
        count = 0
        for number, line in lines(self.source.blocks()):
            if not self._content and line.strip():
                self._content = True
            if marker.match(line):
                if before and count >= self.chunk:
                    yield self._parse(buffer, start, strings)
                    buffer, start, count = [], number, 0
                count += 1
                if not before and count >= self.chunk:
                    buffer.append(line)
                    yield self._parse(buffer, start, strings)
                    buffer, start, count = [], number + 1, 0
                    continue
            buffer.append(line)
        if buffer:
            yield self._parse(buffer, start, strings)

    def _prescan(self) -> tuple[bool, list[str] | None]:
        """Whether a BibTeX file has ``crossref`` fields (whose parents it must see), and
        its jabref-meta texts (None when it has none: each part reads its own)."""
        crossrefs = meta = False
        for block in self.source.blocks():
            crossrefs = crossrefs or bool(_CROSSREF.search(block.text))
            meta = meta or bool(_META.search(block.text))
        self.source.problems.clear()
        return crossrefs, self._meta_texts() if meta else None

    def _meta_texts(self) -> list[str]:
        """The texts of the file's ``@comment{jabref-meta: ...}`` blocks (a line scan:
        only for files that have some)."""
        texts: list[str] = []
        current: list[str] | None = None
        for _, line in lines(self.source.blocks()):
            rest = line
            if current is None:
                match = _META.search(line)
                if match is None:
                    continue
                current, rest = [], line[match.end() :]
            end = rest.find("}")
            current.append(rest if end < 0 else rest[:end])
            if end >= 0:
                texts.append("\n".join(current).strip())
                current = None
        self.source.problems.clear()
        return texts

    def _parse(self, buffer: list[str], start: int, strings: dict[str, str]) -> ReadResult:
        text = "\n".join(buffer) + "\n"
        result = (
            read_bibtex(text, str(self.path), strings, self._meta)
            if self.format == "bibtex"
            else read_ris(text)
        )
        offset = start - 1
        if offset:
            result.problems = [
                Problem(p.line + offset, p.message, p.skipped) if p.line else p
                for p in result.problems
            ]
        return result

    # ---------------------------------------------------------------- CSL-JSON

    def _json(self) -> Iterator[ReadResult]:
        head = self.source.head(4096).lstrip("\ufeff" + _WS)
        if not head:
            yield ReadResult(problems=[Problem(0, "the file is empty")], format="csl-json")
            return
        if head[0] == "[":
            for _ in JsonItems(self._texts(), str(self.path)):
                pass  # the first pass: a broken document is refused before anything is read
            yield from self._parts(JsonItems(self._texts(), str(self.path)))
        elif head[0] == "{" and is_json_lines(lines(self.source.blocks())):
            yield from self._parts(json_lines(lines(self.source.blocks())))
        elif head[0] == "{":
            # one object (an item, or {"items": [...]}): read whole, as read_csl_json does
            yield read_csl_json("".join(self._texts()), str(self.path))
        else:
            raise InputError(str(self.path), "not a CSL-JSON file (it should start with [ or {)")

    def _texts(self) -> Iterator[str]:
        return (block.text for block in self.source.blocks())

    def _parts(self, items: Iterable[tuple[int, Any] | Problem]) -> Iterator[ReadResult]:
        """Parts of ``chunk`` references from CSL-JSON items (or references, for CSV)."""
        part = ReadResult(format=self.format)
        for entry in items:
            if isinstance(entry, Problem):
                part.problems.append(entry)
                continue
            line, item = entry
            ref = item if isinstance(item, Reference) else item_reference(item, line, part.problems)
            if ref is not None:
                part.references.append(ref)
            if len(part.references) >= self.chunk:
                yield part
                part = ReadResult(format=self.format)
        yield part


def sniff(text: str) -> str | None:
    """The format a text looks like, or None."""
    head = text.lstrip("\ufeff \t\r\n")[:1]
    if head in ("[", "{"):
        return "csl-json"
    if _RIS_START.search(text[:20000]):
        return "ris"
    if _BIB_START_ANYWHERE.search(text):
        return "bibtex"
    return None


def open_records(path: Path, fmt: str | None = None, chunk: int = CHUNK) -> RecordStream:
    """The records of a .bib, .ris or CSL-JSON file, a part at a time; the content decides
    the format, else ``fmt`` (from the file's name).

    Raises:
        InputError: the file cannot be read, or is none of the three formats.
    """
    source = TextSource.open(path)
    found = "csv" if fmt == "csv" else sniff(source.head()) or fmt
    if found not in ("bibtex", "ris", "csl-json", "csv"):
        raise InputError(str(path), "not a BibTeX, RIS, CSL-JSON or CSV file")
    return RecordStream(path, found, source, chunk)
