"""What a field's value looks like against the usual shape of its field: a page range, a
volume that is a number, a plausible year, a well-formed DOI, a balanced title. The
confidence calibration reads these as evidence; they never change a value."""

from __future__ import annotations

import datetime
import functools
import re

from refmanager.model.identifiers import find_doi, isbn_key
from refmanager.parse.abbreviations import is_serial_abbreviation

_DASH = r"\s*[-\u2010-\u2015]+\s*"
_PAGE = re.compile(rf"([A-Za-z]{{0,3}})(\d+)(?:{_DASH}([A-Za-z]{{0,3}})(\d+))?")
_NUMBER = re.compile(r"\d{1,4}")
_LONG_NUMBER = re.compile(r"\d{5,}")
_ROMAN = re.compile(r"[IVXLCDM]+|[ivxlcdm]+")
_LETTERED = re.compile(r"[A-Za-z]{1,3}\s?\d{1,4}|\d{1,4}\s?[A-Za-z]{1,2}")
_NUMBER_RANGE = re.compile(rf"\d{{1,4}}(?:{_DASH}|/)\d{{1,4}}")
_WORD_EDGE = ".,;:()[]\"'"
_BRACKETS = re.compile('[][()"\u201c\u201d\u300a\u300b]')
_DIGIT = re.compile(r"\d")
_PAIRS = (("(", ")"), ("[", "]"), ("\u201c", "\u201d"), ("\u300a", "\u300b"))
_TEXT_FIELDS = frozenset(
    {"title", "container-title", "collection-title", "publisher", "publisher-place"}
)


@functools.cache
def _latest_year() -> int:
    return datetime.date.today().year + 1


def _page(value: str) -> str:
    m = _PAGE.fullmatch(value)
    if not m:
        return "odd"
    first, last = m.group(2), m.group(4)
    if last is None:
        return "one" if len(first) <= 5 else "long"
    if len(first) > 6 or len(last) > 6:
        return "long"
    if len(last) < len(first):  # "1234-56": the last page abbreviated
        return "short"
    return "range" if int(first) <= int(last) else "down"


def _number(value: str) -> str:
    if _NUMBER.fullmatch(value):
        return "num"
    if _LONG_NUMBER.fullmatch(value):
        return "long"
    if _ROMAN.fullmatch(value):
        return "roman"
    if _NUMBER_RANGE.fullmatch(value):
        return "range"
    if _LETTERED.fullmatch(value):
        return "lettered"
    return "odd"


def _isbn(value: str) -> str:
    digits = isbn_key(value)
    if len(digits) == 10:
        total = sum((10 - i) * (10 if d == "X" else int(d)) for i, d in enumerate(digits))
        return "ok" if total % 11 == 0 else "odd"
    if len(digits) == 13 and "X" not in digits:
        total = sum((3 if i % 2 else 1) * int(d) for i, d in enumerate(digits))
        return "ok" if total % 10 == 0 else "odd"
    return "odd"


def _text(field: str, value: str) -> list[str]:
    tags = []
    if _BRACKETS.search(value) and (
        any(value.count(a) != value.count(b) for a, b in _PAIRS) or value.count('"') % 2
    ):
        tags.append("unbalanced")
    if _DIGIT.search(value):
        tags.append("digits")
    if value[:1].islower():
        tags.append("lower")
    words = value.split()
    if field == "container-title" and words:
        abbrev = len([w for w in words if is_serial_abbreviation(w.strip(_WORD_EDGE))])
        tags.append("abbr=" + ("all" if abbrev == len(words) else "some" if abbrev else "none"))
    if len(words) <= 1:
        tags.append("oneword")
    elif len(words) >= 25:
        tags.append("long")
    return tags


def value_shapes(field: str, value: str, year: int = 0) -> list[str]:
    """Tags for how ``value`` (a field's value; ``year``: the issued year) fits its field:
    "range", "num", "ok", "odd", "unbalanced" ...; empty when nothing is checked."""
    if field == "page":
        return [_page(value)]
    if field in ("volume", "issue"):
        return [_number(value)]
    if field == "issued":
        return ["ok" if 1600 <= year <= _latest_year() else "odd"]
    if field == "DOI":
        clean = find_doi(value) == value and value[-1:].isalnum()
        return ["ok" if clean and "(" not in value and "[" not in value else "odd"]
    if field == "URL":
        balanced = value.count("(") == value.count(")") and value.count("[") == value.count("]")
        return ["ok" if balanced and (value[-1:].isalnum() or value.endswith("/")) else "odd"]
    if field == "ISBN":
        return [_isbn(value)]
    if field in _TEXT_FIELDS:
        return _text(field, value)
    return []
