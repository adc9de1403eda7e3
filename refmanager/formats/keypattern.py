"""Citation keys made from a pattern the user sets, such as ``[auth][year][title]``.

A pattern is text with fields in square brackets; the text between them is kept (what
BibTeX does not accept in a key is dropped). Fields:

- ``[auth]`` the first author's family name (else the first editor's, else ``anon``),
  folded to ASCII lower case; ``[Auth]`` the same, capitalised;
- ``[authors]`` up to three family names, then ``etal``; ``[Authors]`` capitalised;
- ``[year]`` the year; ``[shortyear]`` its last two digits;
- ``[title]`` the first word of the title that is not a function word; ``[Title]``
  capitalised; ``[shorttitle]`` / ``[ShortTitle]`` the first three such words.

The default, ``[auth][year][title]``, gives the keys ``formats.keys`` makes
(``dao2022flashattention``).
"""

from __future__ import annotations

import re

from refmanager.formats.keys import FUNCTION_WORDS
from refmanager.model import InputError, Name, Reference
from refmanager.model.text import fold_ascii

DEFAULT_PATTERN = "[auth][year][title]"
FIELDS: tuple[str, ...] = (
    "auth",
    "Auth",
    "authors",
    "Authors",
    "year",
    "shortyear",
    "title",
    "Title",
    "shorttitle",
    "ShortTitle",
)
_FIELD = re.compile(r"\[([^\[\]]*)\]")
_BAD_IN_KEY = re.compile(r"[\s,{}()\"#%'=\\~\[\]]+")
_WORD_BREAK = re.compile(r"[\s/\-–—:]+")


def check_pattern(pattern: str) -> str:
    """``pattern`` when it is usable, else an InputError naming what is wrong."""
    if not pattern.strip():
        raise InputError("key pattern", "is empty; e.g. " + DEFAULT_PATTERN)
    names = _FIELD.findall(pattern)
    unknown = [n for n in names if n not in FIELDS]
    if unknown:
        raise InputError(
            "key pattern",
            f"unknown field [{unknown[0]}] (known: {', '.join(f'[{f}]' for f in FIELDS)})",
        )
    if not names:
        raise InputError("key pattern", f"{pattern!r} has no field; e.g. {DEFAULT_PATTERN}")
    if _FIELD.sub("", pattern).count("[") or _FIELD.sub("", pattern).count("]"):
        raise InputError("key pattern", f"{pattern!r} has an unmatched bracket")
    return pattern


def _family(name: Name) -> str:
    if name.family:
        return fold_ascii(name.family)
    for word in name.literal.split():
        folded = fold_ascii(word)
        if folded and folded not in FUNCTION_WORDS:
            return folded
    return ""


def _people(ref: Reference) -> list[str]:
    for names in (ref.author, ref.editor):
        families = [f for f in (_family(n) for n in names) if f]
        if families:
            return families
    return []


def _title_words(title: str, count: int) -> list[str]:
    words: list[str] = []
    fallback = ""
    for word in _WORD_BREAK.split(title):
        folded = fold_ascii(word)
        if not folded or folded in FUNCTION_WORDS:
            continue
        if len(folded) == 1:
            fallback = fallback or folded
            continue
        words.append(folded)
        if len(words) == count:
            break
    return words or ([fallback] if fallback else [])


def _value(field: str, ref: Reference) -> str:
    lower = field.lower()
    if lower == "auth":
        people = _people(ref)
        value = people[0] if people else "anon"
    elif lower == "authors":
        people = _people(ref) or ["anon"]
        upper = field[0].isupper()
        shown = [p.capitalize() if upper else p for p in people[: 1 if len(people) > 3 else 3]]
        return "".join(shown) + (("EtAl" if upper else "etal") if len(people) > 3 else "")
    elif lower in ("year", "shortyear"):
        year = ref.issued.year if ref.issued and ref.issued.year is not None else None
        text = str(year) if year is not None else ""
        return text[-2:] if lower == "shortyear" else text
    elif lower == "title":
        value = "".join(_title_words(ref.get("title"), 1))
    else:  # shorttitle
        words = _title_words(ref.get("title"), 3)
        if field[0].isupper():
            return "".join(w.capitalize() for w in words)
        return "".join(words)
    return value.capitalize() if field[0].isupper() else value


def clean_key(text: str) -> str:
    """``text`` without what BibTeX and Biber do not accept in a key ("" when nothing is left)."""
    return _BAD_IN_KEY.sub("", text)


def key_from_pattern(ref: Reference, pattern: str = DEFAULT_PATTERN) -> str:
    """The key ``pattern`` gives ``ref`` (before collisions are resolved; never empty)."""
    return clean_key(_FIELD.sub(lambda m: _value(m.group(1), ref), pattern)) or "anon"
