"""Accent and case folding: how text is compared and how it becomes ASCII keys."""

from __future__ import annotations

import functools
import re
import unicodedata

# Letters NFKD does not take apart.
_FOLD = str.maketrans(
    {
        "ß": "ss",
        "æ": "ae",
        "Æ": "AE",
        "œ": "oe",
        "Œ": "OE",
        "ø": "o",
        "Ø": "O",
        "ł": "l",
        "Ł": "L",
        "đ": "d",
        "Đ": "D",
        "ð": "d",
        "Ð": "D",
        "þ": "th",
        "Þ": "Th",
        "ı": "i",
    }
)
_NOT_KEY_CHAR = re.compile(r"[^a-z0-9]+")


def strip_accents(text: str) -> str:
    """``text`` decomposed (NFKD) without its combining marks: "Müller" -> "Muller"."""
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def fold(text: str) -> str:
    """Text as searches and duplicate checks compare it: case-folded, no diacritics,
    compatibility forms (ligatures, full-width letters) replaced."""
    if text.isascii():
        return text.casefold()
    return strip_accents(unicodedata.normalize("NFKC", text)).casefold()


@functools.lru_cache(maxsize=100_000)
def fold_ascii(text: str) -> str:
    """Lower-case ASCII letters and digits of ``text`` (accents removed, "ß" -> "ss",
    everything else dropped), as citation keys use them."""
    if text.isascii():  # nothing to fold or decompose
        return _NOT_KEY_CHAR.sub("", text.lower())
    return _NOT_KEY_CHAR.sub("", strip_accents(text.translate(_FOLD)).lower())
