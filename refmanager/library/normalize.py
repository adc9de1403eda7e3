"""Index keys of references: CJK spacing for full-text search, title tokens, the first
author and the arXiv id a reference carries. Folding and identifier keys are the
model's (:mod:`refmanager.model.text`, :mod:`refmanager.model.identifiers`)."""

from __future__ import annotations

import re

from refmanager.model import Name, Reference
from refmanager.model.identifiers import arxiv_key
from refmanager.model.text import fold
from refmanager.model.words import word_list

_CJK_RANGES = (
    (0x3040, 0x30FF),  # hiragana, katakana
    (0x3400, 0x4DBF),  # CJK extension A
    (0x4E00, 0x9FFF),  # CJK unified ideographs
    (0xAC00, 0xD7AF),  # hangul syllables
    (0xF900, 0xFAFF),  # CJK compatibility ideographs
    (0x20000, 0x2FA1F),  # extensions B..F, compatibility supplement
)
_WORD = re.compile(r"\w+")

STOPWORDS = word_list("title-stopwords")


_CJK_CHAR = re.compile("[" + "".join(f"{chr(lo)}-{chr(hi)}" for lo, hi in _CJK_RANGES) + "]")


def space_cjk(text: str) -> str:
    """Put spaces around each CJK character so the FTS tokenizer sees one token per character."""
    if text.isascii() or not _CJK_CHAR.search(text):
        return text
    return _CJK_CHAR.sub(lambda m: f" {m.group()} ", text)


def norm_title(title: str) -> str:
    """The folded words of a title, stop words dropped, CJK split into characters."""
    words = _WORD.findall(space_cjk(fold(title)))
    return " ".join(w for w in words if w not in STOPWORDS)


def arxiv_of(ref: Reference) -> str:
    """The arXiv id a reference carries (an ``arxiv`` field, its URL, its number or raw text)."""
    for key in ("arxiv", "eprint", "URL", "number"):
        value = ref.get(key)
        if value and (key in ("arxiv", "eprint") or "arxiv" in value.lower()):
            found = arxiv_key(value)
            if found:
                return found
    note = ref.get("note") + " " + ref.get("container-title")
    if "arxiv" in note.lower():
        return arxiv_key(note)
    return ""


def first_author_key(names: list[Name]) -> str:
    """The first author's folded family name (or literal), for sorting and blocking."""
    if not names:
        return ""
    return fold(names[0].sort_key()).strip()
