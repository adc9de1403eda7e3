"""Cleaning a labelled field's text into its value ("pp. 12--19" -> "12-19")."""

from __future__ import annotations

import re

from refmanager.model.typecodes import TYPE_CODE_RE

_EDGE = " \t,;:/\u3001\uff0c\uff1b\uff1a"
_ORDINALS = {
    "first": "1",
    "second": "2",
    "third": "3",
    "fourth": "4",
    "fifth": "5",
    "sixth": "6",
    "seventh": "7",
    "eighth": "8",
    "ninth": "9",
    "tenth": "10",
}
_ABBREV_END = re.compile(r"(?:^|[\s(])(?:[A-Z][a-z]{0,5}|[a-z]{1,4}|[A-Z])\.$")
_PAGE_PREFIX = re.compile(r"^(?:pp?\.|pages?|\u9875)\s*", re.IGNORECASE)
_PAGE_DASH = re.compile(r"\s*([\-\u2010-\u2015])+\s*")
_VOLUME_PREFIX = re.compile(r"^(?:vol(?:ume)?s?\.?|v\.|\u5377|\u7b2c)\s*", re.IGNORECASE)
_ISSUE_PREFIX = re.compile(r"^(?:no\.?|nr\.?|issue|iss\.|num\.?|\u7b2c)\s*", re.IGNORECASE)
# The word printed after an edition's number: "2nd ed.", "3. ed." (ABNT), "2. Aufl." (German),
# "2e éd." (French), "2ª edición" (Spanish); parse.runs reads it as a token.
EDITION_WORDS = frozenset(
    (
        "ed",
        "edn",
        "edition",
        "\u00e9d",
        "\u00e9dition",
        "edici\u00f3n",
        "edi\u00e7\u00e3o",
        "edizione",
        "aufl",
        "auflage",
        "bask\u0131",
        "wydanie",
        "wyd",
        "vyd\u00e1n\u00ed",
    )
)
# (sorted, for one pattern on every run; any order matches the same: each word runs to the end)
_EDITION_WORD = re.compile(r"\s*(?:" + "|".join(sorted(EDITION_WORDS)) + r")\.?$")
_EDITION_NUMBER = re.compile(r"(\d+)\.?(?:st|nd|rd|th|e|er|\u00e8me|\u00aa|\u00ba|a|o)?\.?$")


_OPENING_MARKS = "\u201c\u201d\u201e\"'\u2018\u00ab([\u300a"


def strip_value(text: str, keep_abbrev: bool = False) -> str:
    text = " ".join(text.split()).strip(_EDGE)  # white space as one space (no regex: hot)
    while text and text[0] in _OPENING_MARKS and not _balanced_ok(text):
        text = text[1:].strip(_EDGE)
    while text and text[-1] in "\u201c\u201d\"'\u2019\u00bb)]\u300b" and not _balanced_ok(text):
        text = text[:-1].strip(_EDGE)
    while text and text[-1] in "([\u00ab\u300a":
        text = text[:-1].rstrip(_EDGE)  # "Lattice Gases (Harwell Press, ...": no value ends opening
    if text.endswith(".") and not (keep_abbrev and _ABBREV_END.search(text)):
        text = text[:-1].rstrip(_EDGE)
    if len(text) > 2 and (text[0], text[-1]) in _ENCLOSING:
        inner = text[1:-1]
        if text[0] not in inner and text[-1] not in inner:
            # a whole value in quotes or guillemets ("« Les fleuves de France »")
            text = inner.strip(_EDGE)
    return text


_ENCLOSING = frozenset(
    (("\u00ab", "\u00bb"), ("\u201c", "\u201d"), ("\u201e", "\u201c"), ('"', '"'))
)


def _balanced_ok(text: str) -> bool:
    """Whether the brackets and quotes at the edges of ``text`` belong to it."""
    pairs = (
        ("(", ")"),
        ("[", "]"),
        ("\u201c", "\u201d"),
        ("\u300a", "\u300b"),
        ("\u00ab", "\u00bb"),
    )
    for a, b in pairs:
        if text.count(a) != text.count(b):
            return False
    if text.count("\u201e") > text.count("\u201c") + text.count("\u201d"):
        return False  # (German's low mark, closed by either high one)
    return text.count('"') % 2 == 0


def _strip_leading_close(text: str) -> str:
    """A value opening with the period of the run before it (". Texas Tech Press") or a
    bracket's close with no opening in the value (")Pure and Applied Mathematics"): without
    it ("...", "(Int.) on" and ".NET" stay)."""
    if text[0] == "." and text[1:2] == " ":
        return strip_value(text[1:])
    if (text[0] == ")" and "(" not in text) or (text[0] == "]" and "[" not in text):
        return strip_value(text[1:])
    return text


# a page number printed in groups of three digits ("pp. 14 897–14 900", thin spaces)
_GROUPED_PAGE = re.compile(r"(?<![\d\s])(\d{1,3})[ \u00a0\u2009\u202f](\d{3})(?![\d\s])")
# (only a range, its dash printed: "97 101" alone is a range whose dash the text lost)
_GROUPED_PAGES = re.compile(
    r"\d{1,3}[ \u00a0\u2009\u202f]\d{3}\s*[\-\u2013]\s*\d{1,3}(?:[ \u00a0\u2009\u202f]\d{3})?"
    r"|\d{1,6}\s*[\-\u2013]\s*\d{1,3}[ \u00a0\u2009\u202f]\d{3}"
)


def clean_value(field: str, text: str) -> str:
    if field == "page":
        text = _PAGE_PREFIX.sub("", text.strip(_EDGE))
        text = _PAGE_DASH.sub(lambda m: m.group(1), text)
        if _GROUPED_PAGES.fullmatch(text):
            text = _GROUPED_PAGE.sub(r"\1\2", text)
        return text.strip(_EDGE + ".()")
    if field == "volume":
        text = _VOLUME_PREFIX.sub("", text.strip(_EDGE))
        return text.strip(_EDGE + ".()\u5377")
    if field == "issue":
        text = _ISSUE_PREFIX.sub("", text.strip(_EDGE + "("))
        return text.strip(_EDGE + ".()\u671f")
    if field == "edition":
        low = text.lower().strip(_EDGE + ".")
        low = _EDITION_WORD.sub("", low).strip()
        if low in _ORDINALS:
            return _ORDINALS[low]
        m = _EDITION_NUMBER.match(low)
        return m.group(1) if m else strip_value(text)
    if field == "URL":
        return text.strip(_EDGE).rstrip(".,;")
    if field in ("title", "container-title", "collection-title", "publisher"):
        text = strip_value(text, keep_abbrev=field != "title")
        if text and text[0] in ".)]":
            text = _strip_leading_close(text)
        # a GB/T 7714 type code ends the title; it is never part of it ("...[J]")
        m = TYPE_CODE_RE.search(text) if field == "title" and text.endswith("]") else None
        if m and m.end() == len(text) and m.start() > 0:
            text = strip_value(text[: m.start()])
        return text
    text = strip_value(text)
    return _strip_leading_close(text) if text and text[0] in ".)]" else text
