"""Citation keys: ``dao2022flashattention``, deterministic and unique within one export.

The key is the first author's family name, the year and the first word of the title that
is not a function word nor a single letter, folded to ASCII lower case. A reference that
already carries a key (the CSL ``citation-key`` variable, set when it was imported from
BibTeX) keeps it.
Within one export a key already given gets ``a``, ``b``, ... ``z``, ``aa``, ... in the
order the references come, compared without case as BibTeX and Biber do.
"""

from __future__ import annotations

import re

from refmanager.model import Name, Reference
from refmanager.model.text import fold_ascii

FUNCTION_WORDS: frozenset[str] = frozenset(
    [
        "a",
        "an",
        "the",
        "and",
        "or",
        "but",
        "nor",
        "of",
        "on",
        "in",
        "at",
        "to",
        "for",
        "from",
        "by",
        "with",
        "without",
        "into",
        "onto",
        "over",
        "under",
        "about",
        "above",
        "after",
        "against",
        "along",
        "among",
        "around",
        "as",
        "before",
        "behind",
        "below",
        "beneath",
        "beside",
        "between",
        "beyond",
        "during",
        "except",
        "inside",
        "near",
        "off",
        "out",
        "outside",
        "since",
        "through",
        "throughout",
        "till",
        "toward",
        "towards",
        "until",
        "up",
        "upon",
        "via",
        "vs",
        "versus",
        "within",
        "is",
        "are",
        "be",
        "do",
        "does",
        "how",
        "what",
        "when",
        "where",
        "which",
        "who",
        "why",
        "can",
        "its",
        "it",
        "this",
        "that",
        "these",
        "those",
    ]
)

# Characters BibTeX and Biber do not accept in a key.
_BAD_IN_KEY = re.compile(r"[\s,{}()\"#%'=\\~]+")


def _name_part(names: list[Name]) -> str:
    if not names:
        return ""
    first = names[0]
    if first.family:
        return fold_ascii(first.family)
    for word in first.literal.split():
        folded = fold_ascii(word)
        if folded and folded not in FUNCTION_WORDS:
            return folded
    return ""


_WORD_BREAK = re.compile(r"[\s/]+")


def _title_part(title: str) -> str:
    """The first title word that is not a function word nor a single letter."""
    fallback = ""
    # the first few words first: the word sought is almost always among them
    head = _WORD_BREAK.split(title, maxsplit=4)
    rest = head.pop() if len(head) == 5 else ""
    for words in (head, _WORD_BREAK.split(rest) if rest else ()):
        for word in words:
            folded = fold_ascii(word)
            if folded and folded not in FUNCTION_WORDS:
                if len(folded) > 1:
                    return folded
                fallback = fallback or folded
    return fallback


def base_key(ref: Reference) -> str:
    """The key a reference gets before collisions are resolved (never empty)."""
    given = ref.get("citation-key")
    if given:
        cleaned = _BAD_IN_KEY.sub("", given)
        if cleaned:
            return cleaned
    author = _name_part(ref.author) or _name_part(ref.editor) or "anon"
    year = str(ref.issued.year) if ref.issued and ref.issued.year is not None else ""
    return f"{author}{year}{_title_part(ref.get('title'))}"


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
