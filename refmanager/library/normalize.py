"""Text folding shared by indexing, search and duplicate detection."""

from __future__ import annotations

import re
import unicodedata

from refmanager.model import Name, Reference

_CJK_RANGES = (
    (0x3040, 0x30FF),  # hiragana, katakana
    (0x3400, 0x4DBF),  # CJK extension A
    (0x4E00, 0x9FFF),  # CJK unified ideographs
    (0xAC00, 0xD7AF),  # hangul syllables
    (0xF900, 0xFAFF),  # CJK compatibility ideographs
    (0x20000, 0x2FA1F),  # extensions B..F, compatibility supplement
)
_DOI_PREFIX = re.compile(r"^(?:https?://(?:dx\.)?doi\.org/|doi:\s*)", re.IGNORECASE)
_ARXIV = re.compile(
    r"(?:arxiv[:\s/]*|abs/)?(\d{4}\.\d{4,5}|[a-z-]+(?:\.[a-z]{2})?/\d{7})(?:v\d+)?", re.I
)
_WORD = re.compile(r"\w+")

STOPWORDS = frozenset(
    [
        "a",
        "an",
        "and",
        "are",
        "as",
        "at",
        "by",
        "for",
        "from",
        "in",
        "into",
        "is",
        "of",
        "on",
        "or",
        "the",
        "to",
        "with",
        "via",
        "using",
        "towards",
        "toward",
        "der",
        "die",
        "das",
        "und",
        "von",
        "zur",
        "zum",
        "le",
        "la",
        "les",
        "des",
        "et",
        "du",
        "de",
        "en",
    ]
)


_CJK_CHAR = re.compile("[" + "".join(f"{chr(lo)}-{chr(hi)}" for lo, hi in _CJK_RANGES) + "]")


def is_cjk(char: str) -> bool:
    return bool(_CJK_CHAR.match(char))


def space_cjk(text: str) -> str:
    """Put spaces around each CJK character so the FTS tokenizer sees one token per character."""
    if text.isascii() or not _CJK_CHAR.search(text):
        return text
    return _CJK_CHAR.sub(lambda m: f" {m.group()} ", text)


def fold(text: str) -> str:
    """Lower case, no diacritics, NFKC (ligatures, full-width forms)."""
    if text.isascii():
        return text.casefold()
    text = unicodedata.normalize("NFKD", unicodedata.normalize("NFKC", text))
    return "".join(c for c in text if not unicodedata.combining(c)).casefold()


def title_tokens(title: str) -> list[str]:
    """Folded word tokens of a title, stop words dropped; CJK split into characters."""
    words = _WORD.findall(space_cjk(fold(title)))
    return [w for w in words if w not in STOPWORDS]


def norm_title(title: str) -> str:
    return " ".join(title_tokens(title))


def norm_doi(doi: str) -> str:
    doi = _DOI_PREFIX.sub("", doi.strip()).strip().rstrip(".,;")
    return doi.lower()


def norm_arxiv(value: str) -> str:
    match = _ARXIV.search(value.strip())
    return match.group(1).lower() if match else ""


def norm_isbn(value: str) -> str:
    digits = re.sub(r"[^0-9Xx]", "", value).upper()
    return digits if len(digits) in (10, 13) else ""


def arxiv_of(ref: Reference) -> str:
    """The arXiv id a reference carries (an ``arxiv`` field, its URL, its number or raw text)."""
    for key in ("arxiv", "eprint", "URL", "number"):
        value = ref.get(key)
        if value and (key in ("arxiv", "eprint") or "arxiv" in value.lower()):
            found = norm_arxiv(value)
            if found:
                return found
    note = ref.get("note") + " " + ref.get("container-title")
    if "arxiv" in note.lower():
        return norm_arxiv(note)
    return ""


def names_text(names: list[Name]) -> str:
    """``Family, Given; Family, Given`` (literal names as they are)."""
    return "; ".join(name.inverted() for name in names)


def parse_names(text: str) -> list[Name]:
    """The inverse of :func:`names_text`: ``Family, Given; ...`` (or ``Given Family``)."""
    out: list[Name] = []
    for piece in re.split(r";|\band\b", text):
        part = piece.strip()
        if not part:
            continue
        if "," in part:
            family, _, given = part.partition(",")
            out.append(Name(family=family.strip(), given=given.strip()))
        elif " " in part:
            given, _, family = part.rpartition(" ")
            out.append(Name(family=family.strip(), given=given.strip()))
        else:
            out.append(Name(family=part))
    return out


def first_author_key(names: list[Name]) -> str:
    """The first author's folded family name (or literal), for sorting and blocking."""
    if not names:
        return ""
    return fold(names[0].sort_key()).strip()
