"""Labelled pieces of a real reference string -> an ``Example`` in the parser's conventions.

Both real sources (GROBID's TEI, AnyStyle's XML) give a reference as a sequence of pieces,
each either labelled or not. Their conventions differ from the generated corpus's in what
a labelled piece covers: AnyStyle's pieces carry the punctuation around a value
("(2011)." for a date, "In O. Card (Ed.)," for editors), GROBID's sometimes carry a
prefix ("pp. 265"). The parser's training strings label the value only (the year of a
date, the digits of a volume, the names of an editor list): this module trims every
labelled piece to its value, so that the same text is labelled the same way whatever its
source. Whitespace (line breaks included) is collapsed to single spaces, as the PDF
pipeline gives entries; nothing else of the text is changed (text-layer damage is kept).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from refmanager.parse.train import Example

# Characters trimmed from either end of every labelled value.
_EDGE = " \t\n,;:"
_OPENERS = {
    "(": ")",
    "[": "]",
    "{": "}",
    "\u201c": "\u201d",
    '"': '"',
    "\u2018": "\u2019",
    "'": "'",
}
_CLOSERS = {v: k for k, v in _OPENERS.items()}
_YEAR = re.compile(r"(?<!\d)(1[5-9]\d\d|20\d\d)(?!\d)")
# (a one-letter mark is one only with its period or a space after it: "S. 12-34", "p 5";
# glued to the number it is the page's own letter, "S3-S5", "h2345", "e1002")
_NUMBER_PREFIX = re.compile(
    r"^(?:(?:vol(?:ume)?s?|no|nos|nr|num(?:ber)?|issues?|iss|pp|pages?|art(?:icle)?|"
    r"n\u00b0|tome|bd|band|heft|part|suppl?|seiten)\.?\s*|[psth](?:\.\s*|\s+))"
    r"(?=[\dIVXivx])",
    re.IGNORECASE,
)
_EDITOR_HEAD = re.compile(
    r"^(?:in:?\s+|edited\s+by\s+|ed(?:s|s\.|\.)?\s+by\s+|hrsg\.\s*(?:v\.|von)\s*|"
    r"(?:eds?|editors?|hrsg|dir|coord)\.?:?\s+)+",
    re.IGNORECASE,
)
_EDITOR_TAIL = re.compile(
    r"(?:[\s,]*[(\[]?\s*(?:eds?|editors?|editor\(s\)|hrsg|dir|coords?|\u00e9ds?|red)\.?\s*[)\]]?)+$",
    re.IGNORECASE,
)
_CONTAINER_HEAD = re.compile(r"^(?:in|en|dans|im)\s*:?\s+(?=\S)", re.IGNORECASE)
_DOI_START = re.compile(r"10\.\d{3,9}/")
_URL_START = re.compile(r"(?:https?|ftp)://|www\.", re.IGNORECASE)
_DIGIT_START = re.compile(r"[\dXx]")
# "Res." "Inc." "Soc.": a period that abbreviates a venue's last word stays with it;
# a name list keeps the period of a final initial ("Smith, J.", "et al.", "Jr.")
_ABBREVIATED = re.compile(r"(?:^|[\s.\-])(?:[A-Z][A-Za-z]{0,4}|[a-z]{1,3})\.$")
_INITIAL = re.compile(r"(?:^|[\s.\-])(?:[A-Z\u00c0-\u00de]|al|Jr|Sr)\.$")
_KEEP_PERIOD = frozenset(("container-title", "publisher", "collection-title"))
_PAGE_COUNT = re.compile(r"\s*(?:pp|p|pages|S)\.?$")


@dataclass(slots=True)
class Piece:
    """A piece of a reference's text: labelled with a parser label, or "O"."""

    text: str
    label: str = "O"


def _balanced_trim(text: str, a: int, b: int, label: str) -> tuple[int, int]:
    """Strip separators, unmatched brackets and quotes, and a sentence period."""
    while True:
        start, end = a, b
        while a < b and text[a] in _EDGE:
            a += 1
        while b > a and text[b - 1] in _EDGE:
            b -= 1
        if a < b and text[a] in _OPENERS and _OPENERS[text[a]] not in text[a + 1 : b]:
            a += 1
        if a < b and text[b - 1] in _CLOSERS and _CLOSERS[text[b - 1]] not in text[a : b - 1]:
            b -= 1
        if a < b and text[a] in _OPENERS and text[b - 1] == _OPENERS[text[a]]:
            inner = text[a + 1 : b - 1]
            if text[a] not in inner and _OPENERS[text[a]] not in inner:
                a, b = a + 1, b - 1  # "(2011)" "“Title”"
        if a < b and text[b - 1] == ".":
            value = text[a:b]
            keep = (label in _KEEP_PERIOD and _ABBREVIATED.search(value)) or (
                label in ("author", "editor") and _INITIAL.search(value)
            )
            if not keep:
                b -= 1
        if (a, b) == (start, end):
            return a, b


def value_span(label: str, text: str) -> tuple[int, int] | None:
    """The part of a labelled piece that is the field's value, or None (no value in it)."""
    a, b = _balanced_trim(text, 0, len(text), label)
    if a >= b:
        return None
    if label == "issued":
        m = _YEAR.search(text, a, b)
        return (m.start(), m.end()) if m else None
    if label in ("volume", "issue", "page"):
        m = _NUMBER_PREFIX.match(text[a:b])
        if m:
            a += m.end()
        m = _PAGE_COUNT.search(text[a:b]) if label == "page" else None
        if m and m.start() > 0:
            b = a + m.start()  # "368 pp."
    elif label == "editor":
        m = _EDITOR_HEAD.match(text[a:b])
        if m:
            a += m.end()
        m = _EDITOR_TAIL.search(text[a:b])
        if m and m.start() > 0:
            b = a + m.start()
    elif label == "container-title":
        m = _CONTAINER_HEAD.match(text[a:b])
        if m:
            a += m.end()
    elif label == "DOI":
        m = _DOI_START.search(text, a, b)
        if m:
            a = m.start()
    elif label == "URL":
        m = _URL_START.search(text, a, b)
        if m:
            a = m.start()
    elif label in ("ISBN", "ISSN"):
        m = _DIGIT_START.search(text, a, b)
        if m is None:
            return None
        a = m.start()
    a, b = _balanced_trim(text, a, b, label)
    return (a, b) if a < b else None


def to_example(pieces: list[Piece], source: str) -> Example:
    """One ``Example`` from labelled pieces: values trimmed, whitespace collapsed."""
    chars: list[str] = []
    labels: list[str] = []
    for piece in pieces:
        span = value_span(piece.label, piece.text) if piece.label != "O" else None
        a, b = span if span else (0, 0)
        for i, ch in enumerate(piece.text):
            chars.append(ch)
            labels.append(piece.label if a <= i < b else "O")
    # collapse whitespace: a run becomes one space (unlabelled unless inside one value)
    out_chars: list[str] = []
    out_labels: list[str] = []
    i = 0
    n = len(chars)
    while i < n:
        if chars[i].isspace():
            j = i
            while j < n and chars[j].isspace():
                j += 1
            if out_chars and j < n:
                before, after = out_labels[-1], labels[j]
                out_chars.append(" ")
                out_labels.append(before if before == after else "O")
            i = j
            continue
        out_chars.append(chars[i])
        out_labels.append(labels[i])
        i += 1
    return Example("".join(out_chars), out_labels, [], source)
