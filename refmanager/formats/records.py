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
- CSL-JSON: an array of items is read item by item with :class:`json.JSONDecoder`, after
  a first pass has checked the whole document: a document broken anywhere (its structure
  is lost from the break on) raises :class:`BrokenDocument` before any part is yielded,
  with the line and column of the break. JSON lines (one item per line) are records:
  a bad line is skipped and reported.
- CSV (told by the file's name): a header row, then one reference per row.

The text comes from :class:`TextSource` (encoding judged per file; undecodable bytes
reported with their line and replaced).
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from refmanager.formats.bibtex import read_bibtex
from refmanager.formats.bounds import bound_references
from refmanager.formats.common import Problem, ReadResult
from refmanager.formats.csljson import item_reference, read_csl_json
from refmanager.formats.csvfile import csv_records
from refmanager.formats.filelinks import resolve_attachments
from refmanager.formats.ris import read_ris
from refmanager.formats.stream import TextBlock, TextSource, lines
from refmanager.model import InputError, Reference

CHUNK = 5000  # records per part
MAX_ITEM_CHARS = 64 << 20  # a JSON item larger than this is refused (memory stays bounded)
_BIB_START = re.compile(r"\s*@\s*[A-Za-z]+\s*[{(]")
_RIS_END = re.compile(r"\s*ER  ?-")
_CROSSREF = re.compile(r"\bcrossref\s*=", re.IGNORECASE)
_RIS_START = re.compile(r"^\s*TY  ?- ", re.MULTILINE)
_BIB_START_ANYWHERE = re.compile(r"^\s*@\s*[A-Za-z]+\s*[{(]", re.MULTILINE)
_META = re.compile(r"@\s*comment\s*\{\s*jabref-meta:", re.IGNORECASE)
_WS = " \t\r\n"


class BrokenDocument(InputError):
    """A CSL-JSON document whose structure breaks at ``line``, ``column``: nothing of it
    is read."""

    def __init__(self, source: str, line: int, column: int, message: str) -> None:
        super().__init__(source, f"not valid JSON at line {line}, column {column}: {message}")
        self.line = line
        self.column = column


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
            for _ in _JsonItems(self.source, str(self.path)):
                pass  # the first pass: a broken document is refused before anything is read
            yield from self._parts(_JsonItems(self.source, str(self.path)))
        elif head[0] == "{" and self._json_lines():
            yield from self._parts(self._lines_items())
        elif head[0] == "{":
            # one object (an item, or {"items": [...]}): read whole, as read_csl_json does
            text = "".join(block.text for block in self.source.blocks())
            yield read_csl_json(text, str(self.path))
        else:
            raise InputError(str(self.path), "not a CSL-JSON file (it should start with [ or {)")

    def _json_lines(self) -> bool:
        """Whether the file is JSON lines: its first line is a whole object."""
        for _number, line in lines(self.source.blocks()):
            if not line.strip():
                continue
            try:
                json.loads(line)
            except (ValueError, RecursionError):
                return False
            return True
        return False

    def _lines_items(self) -> Iterator[tuple[int, Any] | Problem]:
        for number, line in lines(self.source.blocks()):
            if not line.strip():
                continue
            try:
                yield number, json.loads(line)
            except (ValueError, RecursionError) as exc:
                yield Problem(number, f"not a JSON item ({exc}); skipped", skipped=True)

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


class _JsonItems:
    """``(line, item)`` for each item of a JSON array, read from blocks of text.

    Raises:
        BrokenDocument: the array breaks (bad JSON, a missing comma, the end of the file
            inside it, text after it, or an item over ``MAX_ITEM_CHARS``).
    """

    def __init__(self, source: TextSource, name: str) -> None:
        self.blocks: Iterator[TextBlock] = source.blocks()
        self.name = name
        self.decoder = json.JSONDecoder()
        self.buf = ""
        self.line = 1  # the line of buf[0]
        self.column = 1  # its column
        self.done = False
        self.ahead: TextBlock | None = None
        # where the last position asked for is: its index, line, and its line's start
        self._cursor = (0, 1, 0)

    def __iter__(self) -> Iterator[tuple[int, Any]]:
        pos = self._skip(0)
        if pos >= len(self.buf) or self.buf[pos] != "[":
            raise self._broken(pos, "expected [ at the start")
        pos = self._skip(pos + 1)
        if self._at(pos) == "]":
            self._end(pos + 1)
            return
        while True:
            item, end = self._decode(pos)
            line = self._where(pos)[0]
            yield line, item
            pos = self._skip(end)
            char = self._at(pos)
            if char == ",":
                pos = self._skip(pos + 1)
            elif char == "]":
                self._end(pos + 1)
                return
            elif not char:
                raise self._broken(pos, "the file ends inside the list of items")
            else:
                raise self._broken(pos, "expected , or ] between items")
            pos = self._compact(pos)

    def _more(self) -> bool:
        """Append the next block; False at the end of the file. One block is read ahead,
        so ``done`` says whether the text in ``buf`` runs to the end of the file."""
        if self.ahead is None:
            self.ahead = next(self.blocks, None)
        if self.ahead is None:
            self.done = True
            return False
        self.buf += self.ahead.text
        self.ahead = next(self.blocks, None)
        self.done = self.ahead is None
        return True

    def _skip(self, pos: int) -> int:
        while True:
            while pos < len(self.buf) and self.buf[pos] in _WS:
                pos += 1
            if pos < len(self.buf) or not self._more():
                return pos

    def _at(self, pos: int) -> str:
        return self.buf[pos] if pos < len(self.buf) else ""

    def _decode(self, pos: int) -> tuple[Any, int]:
        while True:
            try:
                return self.decoder.raw_decode(self.buf, pos)
            except json.JSONDecodeError as exc:
                incomplete = not self.buf[exc.pos :].strip(_WS)
                if incomplete and len(self.buf) - pos < MAX_ITEM_CHARS and self._more():
                    continue
                if incomplete:
                    raise self._broken(len(self.buf), "the file ends inside an item") from None
                rest = self.buf[exc.pos :]
                if self.done and rest.startswith('"') and '"' not in rest[1:]:
                    message = "the file ends inside a string that starts here"
                    raise self._broken(exc.pos, message) from None
                raise self._broken(exc.pos, exc.msg) from None
            except RecursionError:
                raise self._broken(pos, "nested too deeply to read") from None

    def _end(self, pos: int) -> None:
        pos = self._skip(pos)
        if pos < len(self.buf):
            raise self._broken(pos, "text after the end of the list")

    def _where(self, pos: int) -> tuple[int, int]:
        """The line and column of ``pos`` (counted on from the last position asked for)."""
        index, line, start = self._cursor
        if pos < index:
            index, line, start = 0, self.line, 1 - self.column
        newlines = self.buf.count("\n", index, pos)
        if newlines:
            line += newlines
            start = self.buf.rfind("\n", index, pos) + 1
        self._cursor = (pos, line, start)
        return line, pos - start + 1

    def _compact(self, pos: int) -> int:
        """Drop the text before ``pos`` once it is long (positions count from the new
        start)."""
        if pos < 1 << 20:
            return pos
        self.line, self.column = self._where(pos)
        self.buf = self.buf[pos:]
        self._cursor = (0, self.line, 1 - self.column)
        return 0

    def _broken(self, pos: int, message: str) -> BrokenDocument:
        line, column = self._where(pos)
        return BrokenDocument(self.name, line, column, f"{message}; nothing was imported")


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
