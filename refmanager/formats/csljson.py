"""CSL-JSON, written as Zotero and pandoc read it, and read with repairs of common mistakes."""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator
from typing import Any

from refmanager.formats.common import CSL_TEXT_VARIABLES, CSL_TYPES, Problem, ReadResult
from refmanager.formats.filelinks import file_field, parse_file_field
from refmanager.formats.keys import KeyMaker
from refmanager.model import InputError, Reference

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


class _Lines:
    """Character offset -> 1-based line, for offsets that only grow."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.pos = 0
        self.line = 1

    def at(self, offset: int) -> int:
        if offset < self.pos:
            self.pos, self.line = 0, 1
        self.line += self.text.count("\n", self.pos, offset)
        self.pos = offset
        return self.line


def _skip_ws(text: str, index: int) -> int:
    while index < len(text) and text[index] in " \t\r\n":
        index += 1
    return index


def _items(text: str, source: str) -> tuple[list[tuple[int, Any]], list[Problem]]:
    """The items of a CSL-JSON text with the line each starts on."""
    decoder = json.JSONDecoder()
    lines = _Lines(text)
    problems: list[Problem] = []
    items: list[tuple[int, Any]] = []
    start = _skip_ws(text, 0)
    if start >= len(text):
        return [], [Problem(0, "the file is empty")]
    try:
        if text[start] == "{":
            obj, end = decoder.raw_decode(text, start)
            if _skip_ws(text, end) < len(text):
                return _json_lines(text, source)
            if isinstance(obj, dict):
                for wrapper in ("items", "references"):
                    if isinstance(obj.get(wrapper), list):
                        return [(lines.at(start), item) for item in obj[wrapper]], problems
            return [(lines.at(start), obj)], problems
        if text[start] != "[":
            raise InputError(source, "not a CSL-JSON file (it should start with [ or {)")
        index = _skip_ws(text, start + 1)
        if index < len(text) and text[index] == "]":
            return items, problems
        while index < len(text):
            obj, end = decoder.raw_decode(text, index)
            items.append((lines.at(index), obj))
            index = _skip_ws(text, end)
            if index < len(text) and text[index] == ",":
                index = _skip_ws(text, index + 1)
                continue
            if index < len(text) and text[index] == "]":
                return items, problems
            line = lines.at(min(index, len(text)))
            problems.append(
                Problem(line, "expected , or ] between items; the rest is skipped", skipped=True)
            )
            return items, problems
        problems.append(
            Problem(lines.at(len(text)), "the file ends inside the item list", skipped=True)
        )
        return items, problems
    except json.JSONDecodeError as exc:
        if not items:
            raise InputError(source, f"not valid JSON: line {exc.lineno}: {exc.msg}") from None
        problems.append(
            Problem(
                exc.lineno,
                f"not valid JSON ({exc.msg}); this item and the rest skipped",
                skipped=True,
            )
        )
        return items, problems
    except RecursionError:
        raise InputError(source, "JSON nested too deeply to read") from None


def _json_lines(text: str, source: str) -> tuple[list[tuple[int, Any]], list[Problem]]:
    items: list[tuple[int, Any]] = []
    problems: list[Problem] = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            items.append((number, json.loads(line)))
        except (json.JSONDecodeError, RecursionError) as exc:
            problems.append(Problem(number, f"not a JSON item ({exc}); skipped", skipped=True))
    if not items:
        raise InputError(source, "not valid JSON or JSON lines")
    return items, problems


def _repair(item: dict[str, Any], line: int, problems: list[Problem]) -> dict[str, Any]:
    """A copy of ``item`` with the wrong shapes fixed; each fix is reported."""
    fixed: dict[str, Any] = {}
    name = str(item.get("id") or f"item at line {line}")

    def note(message: str) -> None:
        problems.append(Problem(line, f"{name}: {message}"))

    for key, value in item.items():
        if key == "type":
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
    """All the items of a CSL-JSON file (an array, one object, or JSON lines)."""
    result = ReadResult(format="csl-json")
    items, result.problems = _items(text, source)
    for line, item in items:
        ref = item_reference(item, line, result.problems)
        if ref is not None:
            result.references.append(ref)
    result.problems.sort(key=lambda p: p.line)
    return result
