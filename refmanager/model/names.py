"""Name lists as one line of text and back: ``Family, Given; Family, Given``.

The library's author column, the table, CSV and the entry editor show names this way;
RIS writes one ``Family, Given[, Suffix]`` per AU line. :func:`parse_name` reads what
:meth:`Name.inverted` writes, so a list survives being shown and edited.
"""

from __future__ import annotations

import re

from refmanager.model.items import Name

_LIST_SEPARATOR = re.compile(r";|\band\b")


def names_text(names: list[Name]) -> str:
    """``Family, Given; Family, Given`` (literal names as they are)."""
    return "; ".join(name.inverted() for name in names)


def parse_name(text: str, *, bare: str = "split") -> Name | None:
    """One name from ``Family, Given[, Suffix]``; None for blank text.

    Text without a comma is ``Given Family`` split at its last space (``bare="split"``;
    one word is a family name), or a literal name kept whole (``bare="literal"``, for
    formats whose names always have the comma, where a bare one is an institution).
    """
    text = " ".join(text.split())
    if not text:
        return None
    if "," in text:
        family, given, *rest = [p.strip() for p in text.split(",")]
        return Name(family=family, given=given, suffix=", ".join(p for p in rest if p))
    if bare == "literal":
        return Name(literal=text)
    given, _, family = text.rpartition(" ")
    return Name(family=family, given=given)


def parse_names(text: str) -> list[Name]:
    """The inverse of :func:`names_text`: names apart by ``;`` or ``and``."""
    names = (parse_name(piece) for piece in _LIST_SEPARATOR.split(text))
    return [name for name in names if name is not None]
