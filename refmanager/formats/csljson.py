"""CSL-JSON, written as Zotero and pandoc read it, and read with repairs of common mistakes."""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator
from typing import Any

from refmanager.formats.common import CSL_TEXT_VARIABLES, CSL_TYPES, ReadResult
from refmanager.formats.filelinks import file_field, parse_file_field
from refmanager.formats.keys import KeyMaker
from refmanager.formats.stream import text_lines
from refmanager.model import InputError, Problem, Reference

NAME_VARIABLES: frozenset[str] = frozenset(
    [
        "author",
        "chair",
        "collection-editor",
        "compiler",
        "composer",
        "container-author",
        "contributor",
        "curator",
        "director",
        "editor",
        "editorial-director",
        "executive-producer",
        "guest",
        "host",
        "illustrator",
        "interviewer",
        "narrator",
        "organizer",
        "original-author",
        "performer",
        "producer",
        "recipient",
        "reviewed-author",
        "script-writer",
        "series-creator",
        "translator",
    ]
)
DATE_VARIABLES: frozenset[str] = frozenset(
    ["accessed", "available-date", "event-date", "issued", "original-date", "submitted"]
)
_KNOWN = CSL_TEXT_VARIABLES | NAME_VARIABLES | DATE_VARIABLES | {"id", "type"}

# Types other tools write (Crossref, Zotero, BibTeX) -> CSL type.
_TYPE_REPAIRS: dict[str, str] = {
    "journal-article": "article-journal",
    "journalarticle": "article-journal",
    "journal": "article-journal",
    "proceedings-article": "paper-conference",
    "conference-paper": "paper-conference",
    "conferencepaper": "paper-conference",
    "inproceedings": "paper-conference",
    "book-chapter": "chapter",
    "bookchapter": "chapter",
    "booksection": "chapter",
    "incollection": "chapter",
    "dissertation": "thesis",
    "phdthesis": "thesis",
    "posted-content": "article",
    "preprint": "article",
    "misc": "article",
    "web-page": "webpage",
    "website": "webpage",
    "computerprogram": "software",
    "techreport": "report",
    "monograph": "book",
    "edited-book": "book",
    "reference-book": "book",
    "reference-entry": "entry",
    "proceedings": "book",
}


def csl_item(ref: Reference, key: str | None = None, private: bool = False) -> dict[str, Any]:
    """The CSL-JSON item of ``ref``; ``key`` replaces its id (and sets ``citation-key``).

    Without ``private``, refmanager's underscore fields and anything that is not a CSL
    variable are left out, so that Zotero and pandoc read the file without complaint.
    """
    item = ref.to_csl()
    if key is not None:
        item["id"] = key
        item["citation-key"] = key
    if not private:
        item = {k: v for k, v in item.items() if k in _KNOWN}
        item.setdefault("id", key or "")
    if ref.attachments:  # only there when the export asked for them (decision 0022)
        item["file"] = file_field(ref.attachments)
    return item


def iter_csl_json(
    refs: Iterable[Reference], private: bool = False, keys: bool = True
) -> Iterator[str]:
    """A CSL-JSON array, one item per piece; with ``keys``, ids become citation keys."""
    maker = KeyMaker() if keys else None
    yield "["
    for index, ref in enumerate(refs):
        item = csl_item(ref, maker.key(ref) if maker else None, private)
        text = json.dumps(item, ensure_ascii=False, indent=2)
        yield ("," if index else "") + "\n" + text
    yield "\n]\n"


def to_csl_json(refs: Iterable[Reference], private: bool = False, keys: bool = True) -> str:
    return "".join(iter_csl_json(refs, private, keys))


# --------------------------------------------------------------------------- reading

MAX_ITEM_CHARS = 64 << 20  # a JSON item larger than this is refused (memory stays bounded)
_WS = " \t\r\n"


_INT_DIGITS = 4000  # Python refuses to read an integer of more than 4,300 digits


def _json_int(text: str) -> int | str:
    """A JSON integer; one too long for Python to read stays its text (a value of the
    wrong shape, which the item's repairs report) rather than failing the whole file."""
    return int(text) if len(text) <= _INT_DIGITS else text


class BrokenDocument(InputError):
    """A CSL-JSON document whose structure breaks at ``line``, ``column``: nothing of it
    is read."""

    def __init__(self, source: str, line: int, column: int, message: str) -> None:
        super().__init__(source, f"not valid JSON at line {line}, column {column}: {message}")
        self.line = line
        self.column = column


class JsonItems:
    """``(line, item)`` for each item of a JSON array, read from pieces of text (a file's
    blocks, or one whole text).

    Raises:
        BrokenDocument: the array breaks (bad JSON, a missing comma, the end of the file
            inside it, text after it, or an item over ``MAX_ITEM_CHARS``).
    """

    def __init__(self, texts: Iterable[str], name: str) -> None:
        self.texts: Iterator[str] = iter(texts)
        self.name = name
        self.decoder = json.JSONDecoder(parse_int=_json_int)
        self.buf = ""
        self.line = 1  # the line of buf[0]
        self.column = 1  # its column
        self.done = False
        self.ahead: str | None = None
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
        """Append the next piece; False at the end of the text. One piece is read ahead,
        so ``done`` says whether the text in ``buf`` runs to the end."""
        if self.ahead is None:
            self.ahead = next(self.texts, None)
        if self.ahead is None:
            self.done = True
            return False
        self.buf += self.ahead
        self.ahead = next(self.texts, None)
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


def is_json_lines(numbered: Iterable[tuple[int, str]]) -> bool:
    """Whether a text is JSON lines: its first line that is not blank is a whole value,
    and more lines follow (one line alone is one object, perhaps ``{"items": [...]}``)."""
    first = True
    for _number, line in numbered:
        if not line.strip():
            continue
        if not first:
            return True
        try:
            json.loads(line)
        except (ValueError, RecursionError):
            return False
        first = False
    return False


def json_lines(numbered: Iterable[tuple[int, str]]) -> Iterator[tuple[int, Any] | Problem]:
    """``(line, item)`` for each line of JSON lines; a line that is no JSON is a Problem
    (it is a record of its own: the others are read)."""
    for number, line in numbered:
        if not line.strip():
            continue
        try:
            yield number, json.loads(line)
        except (ValueError, RecursionError) as exc:
            yield Problem(number, f"not a JSON item ({exc}); skipped", skipped=True)


def object_items(text: str, source: str) -> list[tuple[int, Any]]:
    """The items of a text that is one JSON object: an item, or ``{"items": [...]}``.

    Raises:
        BrokenDocument: the text is not one valid JSON value.
    """
    stripped = text.lstrip(_WS)
    line = text.count("\n", 0, len(text) - len(stripped)) + 1
    try:
        obj = json.loads(text)
    except json.JSONDecodeError as exc:
        message = f"{exc.msg}; nothing was imported"
        raise BrokenDocument(source, exc.lineno, exc.colno, message) from None
    except RecursionError:
        raise BrokenDocument(source, line, 1, "nested too deeply to read") from None
    if isinstance(obj, dict):
        for wrapper in ("items", "references"):
            if isinstance(obj.get(wrapper), list):
                return [(line, item) for item in obj[wrapper]]
    return [(line, obj)]


# Variables whose text may still need repair (a type to check, names or a date given as
# text); any other variable given as text is kept as it is.
_SHAPED = NAME_VARIABLES | DATE_VARIABLES | {"type"}


def _repair(item: dict[str, Any], line: int, problems: list[Problem]) -> dict[str, Any]:
    """A copy of ``item`` with the wrong shapes fixed; each fix is reported."""
    fixed: dict[str, Any] = {}
    name = str(item.get("id") or f"item at line {line}")

    def note(message: str) -> None:
        problems.append(Problem(line, f"{name}: {message}"))

    for key, value in item.items():
        if value.__class__ is str and key not in _SHAPED:  # text (the usual case): kept
            fixed[key] = value
        elif key == "type":
            text = str(value).strip() if isinstance(value, (str, int)) else ""
            csl = text if text in CSL_TYPES else _TYPE_REPAIRS.get(text.lower().replace("_", ""))
            if csl is None:  # (pandoc gives a @misc no type: "")
                csl = _TYPE_REPAIRS.get(text.lower(), "document")
                note(f"unknown type {text!r} read as {csl}" if text else f"no type; read as {csl}")
            elif csl != text:
                note(f"type {text!r} read as {csl}")
            fixed[key] = csl
        elif key in NAME_VARIABLES:
            if isinstance(value, str):
                note(f"{key} given as text; read as names")
                fixed[key] = value
            elif isinstance(value, dict):
                note(f"{key} given as one name, not a list")
                fixed[key] = [value]
            elif isinstance(value, list):
                good = [v for v in value if isinstance(v, (dict, str)) and v]
                if len(good) != len(value):
                    note(f"{len(value) - len(good)} unreadable {key} name(s) dropped")
                fixed[key] = good
            elif value is not None:
                note(f"{key} of the wrong kind dropped")
        elif key in DATE_VARIABLES:
            fixed_date = _repair_date(value)
            if fixed_date is None:
                if value not in (None, "", {}):
                    note(f"{key} not a date; dropped")
                continue
            if fixed_date != value:
                note(f"{key} given as {type(value).__name__}; read as a date")
            fixed[key] = fixed_date
        elif key in CSL_TEXT_VARIABLES:
            if isinstance(value, bool) or value is None:
                continue
            if isinstance(value, (str, int, float)):
                fixed[key] = value
            elif isinstance(value, list) and all(isinstance(v, (str, int, float)) for v in value):
                note(f"{key} given as a list; joined")
                fixed[key] = (
                    "; ".join(str(v) for v in value)
                    if key != "title"
                    else " ".join(str(v) for v in value)
                )
            else:
                note(f"{key} of the wrong kind dropped")
        elif key == "id":
            fixed[key] = value if isinstance(value, (str, int)) else ""
        else:
            fixed[key] = value
    return fixed


def _repair_date(value: Any) -> Any:
    if isinstance(value, bool) or value is None or value == "":
        return None
    if isinstance(value, int):
        return {"date-parts": [[value]]}
    if isinstance(value, str):
        return value
    if isinstance(value, list):
        if value and all(isinstance(v, (int, str)) for v in value):
            return {"date-parts": [list(value)]}
        if value and isinstance(value[0], list):
            return {"date-parts": value}
        return None
    if isinstance(value, dict):
        parts = value.get("date-parts")
        if isinstance(parts, list) and parts:
            if not isinstance(parts[0], list):
                return {**value, "date-parts": [parts]}
            return value
        if value.get("raw") or value.get("literal"):
            return value
        if isinstance(value.get("year"), (int, str)):
            return {"date-parts": [[value["year"]]]}
    return None


# An id that is a citation key (``smithDeepLearning2020``), not a number or a URI (Zotero's
# own CSL-JSON gives ``http://zotero.org/users/1/items/ABCD``).
_CITATION_KEY = re.compile(r"(?=.*[A-Za-z])[A-Za-z0-9_][\w:.+-]*")


def item_reference(item: Any, line: int, problems: list[Problem]) -> Reference | None:
    """One CSL-JSON item (starting on ``line``) as a Reference, its repairs reported; None
    (and a problem) when it cannot be read."""
    if not isinstance(item, dict):
        problems.append(
            Problem(
                line,
                f"item is a JSON {type(item).__name__}, not an object; skipped",
                skipped=True,
            )
        )
        return None
    try:
        ref = Reference.from_csl(_repair(item, line, problems))
    except (TypeError, ValueError, AttributeError, OverflowError) as exc:
        problems.append(Problem(line, f"item could not be read ({exc}); skipped", skipped=True))
        return None
    ref.author = [n for n in ref.author if not n.is_blank()]
    ref.editor = [n for n in ref.editor if not n.is_blank()]
    for date in (ref.issued, ref.accessed):
        if date is not None and date.month is not None and not 1 <= date.month <= 12:
            date.month, date.day = None, None
        if date is not None and date.day is not None and not 1 <= date.day <= 31:
            date.day = None
    if not ref.get("citation-key") and _CITATION_KEY.fullmatch(ref.id):
        ref.fields["citation-key"] = ref.id  # the key pandoc and Zotero users cite by
    links = ref.fields.pop("file", "")
    if links:  # a `file` variable, in JabRef's syntax or bare paths (decision 0022)
        ref.attachments = tuple(parse_file_field(links))
    return ref


def read_csl_json(text: str, source: str = "") -> ReadResult:
    """All the items of a CSL-JSON text (an array, one object, or JSON lines).

    A broken array or object is refused whole (its structure is lost from the break on);
    in JSON lines a bad line is skipped and reported. ``formats.parts`` reads files the
    same way, a part at a time.

    Raises:
        BrokenDocument: the document breaks, with the line and column of the break.
        InputError: the text is not CSL-JSON at all.
    """
    result = ReadResult(format="csl-json")
    text = text.removeprefix("\ufeff")
    head = text.lstrip(_WS)[:1]
    entries: Iterable[tuple[int, Any] | Problem]
    if not head:
        result.problems.append(Problem(0, "the file is empty"))
        return result
    if head == "[":
        entries = list(JsonItems([text], source))  # all or nothing
    elif head == "{" and is_json_lines(enumerate(text_lines(text), start=1)):
        entries = json_lines(enumerate(text_lines(text), start=1))
    elif head == "{":
        entries = object_items(text, source)
    else:
        raise InputError(source, "not a CSL-JSON file (it should start with [ or {)")
    for entry in entries:
        if isinstance(entry, Problem):
            result.problems.append(entry)
            continue
        ref = item_reference(entry[1], entry[0], result.problems)
        if ref is not None:
            result.references.append(ref)
    result.problems.sort(key=lambda p: p.line)
    return result
