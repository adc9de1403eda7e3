"""Citation keys: ``dao2022flashattention``, one rule for every export.

A key is made from a pattern (``[auth][year][title]`` unless the user sets another);
the text between the fields in square brackets is kept (what BibTeX does not accept in a
key is dropped). Fields:

- ``[auth]`` the first author's family name (else the first editor's, else ``anon``),
  folded to ASCII lower case; ``[Auth]`` the same, capitalised;
- ``[authors]`` up to three family names, then ``etal``; ``[Authors]`` capitalised;
- ``[year]`` the year; ``[shortyear]`` its last two digits;
- ``[title]`` the first word of the title that is not a function word nor a single
  letter; ``[Title]`` capitalised; ``[shorttitle]`` / ``[ShortTitle]`` the first three
  such words. Words are cut at white space and slashes only, so a hyphenated word stays
  whole: "U-Net" gives ``unet`` (decision 0020).

A reference that already carries a key (the CSL ``citation-key`` variable, set when it
was imported from BibTeX) keeps it. Within one export (:class:`KeyMaker`) a key already
given gets ``a``, ``b``, ... ``z``, ``aa``, ... in the order the references come, compared
without case as BibTeX and Biber do. The library's exports keep the keys they wrote
(``service.citekeys``).
"""

from __future__ import annotations

import re

from refmanager.model import InputError, Name, Reference
from refmanager.model.text import fold_ascii
from refmanager.model.words import word_list

FUNCTION_WORDS: frozenset[str] = word_list("key-function-words")

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
# Characters BibTeX and Biber do not accept in a key.
_BAD_IN_KEY = re.compile(r"[\s,{}()\"#%'=\\~\[\]]+")
_WORD_BREAK = re.compile(r"[\s/]+")


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


def base_key(ref: Reference) -> str:
    """The key a reference gets before collisions are resolved (never empty): its own
    ``citation-key``, else the default pattern's."""
    return clean_key(ref.get("citation-key")) or key_from_pattern(ref)


def key_suffix(number: int) -> str:
    """1 -> a, 26 -> z, 27 -> aa (bijective base 26)."""
    letters = ""
    while number > 0:
        number, rest = divmod(number - 1, 26)
        letters = chr(ord("a") + rest) + letters
    return letters


class KeyMaker:
    """Hands out unique keys for one export; feed the references in export order."""

    def __init__(self) -> None:
        self._used: set[str] = set()
        self._next: dict[str, int] = {}

    def key(self, ref: Reference) -> str:
        base = base_key(ref)
        lower = base.lower()
        if lower not in self._used:
            self._used.add(lower)
            return base
        number = self._next.get(lower, 1)
        while True:
            key = base + key_suffix(number)
            number += 1
            if key.lower() not in self._used:
                break
        self._next[lower] = number
        self._used.add(key.lower())
        return key
