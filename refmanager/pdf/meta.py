"""The PDF's own metadata: info dictionary, XMP, and the first page's largest type."""

from __future__ import annotations

import re
import unicodedata
from typing import Any

from refmanager.model import DocumentMeta, Name
from refmanager.pdf.layout import Line

_DOI = re.compile(r"\b(10\.\d{4,9}/[^\s\"<>\]]+[^\s\"<>\].,;])")
_ARXIV = re.compile(r"arXiv:\s?(\d{4}\.\d{4,5}(?:v\d+)?|[a-z\-]+(?:\.[A-Z]{2})?/\d{7})", re.I)
_YEAR = re.compile(r"\b(19[5-9]\d|20[0-4]\d)\b")
_AFFILIATION = re.compile(r"(?i)universit|institut|department|school|college|@|laborator")
_JUNK_TITLES = re.compile(r"^(untitled|microsoft word|title|.*\.(docx?|pdf|tex|dvi))", re.I)


def _info(reader: Any) -> tuple[str, list[Name], int | None]:
    title, authors, year = "", [], None
    try:
        info = reader.metadata
    except Exception:
        info = None
    if info:
        raw_title = str(info.get("/Title") or "").strip()
        if raw_title and not _JUNK_TITLES.match(raw_title):
            title = raw_title
        raw_author = str(info.get("/Author") or "").strip()
        if raw_author:
            authors = _split_names(raw_author)
    try:
        xmp = reader.xmp_metadata
    except Exception:
        xmp = None
    if xmp is not None:
        try:
            dc_title = xmp.dc_title or {}
            value = dc_title.get("x-default") if isinstance(dc_title, dict) else ""
            if value and not title and not _JUNK_TITLES.match(value):
                title = str(value).strip()
            creators = xmp.dc_creator or []
            if creators and not authors:
                authors = [_person(str(c)) for c in creators if str(c).strip()]
            dates = xmp.dc_date or []
            if dates:
                year = int(str(dates[0])[:4])
        except Exception:
            pass
    return title, authors, year


def _split_names(text: str) -> list[Name]:
    parts = re.split(r"\s*(?:;|,\s*and\s+|\band\b|&|,)\s*", text)
    return [_person(p) for p in parts if p.strip() and len(p.strip()) > 1]


def _person(text: str) -> Name:
    """A name as given and family parts when it reads as "Given Family" or "Family, Given"."""
    text = " ".join(text.split())
    if "," in text:
        family, _, given = text.partition(",")
        if family.strip() and given.strip():
            return Name(family=family.strip(), given=given.strip())
    words = text.split(" ")
    if 2 <= len(words) <= 4 and all(w[:1].isupper() and w[:1].isalpha() for w in words):
        return Name(family=words[-1], given=" ".join(words[:-1]))
    return Name(literal=text)


def plausible_text(text: str) -> bool:
    """False for text drawn in a font without a Unicode map (a jumble of scripts)."""
    scripts: set[str] = set()
    for ch in text:
        if not ch.isalpha():
            continue
        name = unicodedata.name(ch, "UNKNOWN").split(" ")[0]
        if name in ("CJK", "HIRAGANA", "KATAKANA", "HANGUL", "IDEOGRAPHIC"):
            name = "CJK"
        scripts.add(name)
    return len(scripts) <= 1 or (len(scripts) == 2 and "LATIN" in scripts)


def document_meta(
    reader: Any, first_page: list[Line], extra_text: str, page_count: int
) -> DocumentMeta:
    """Title, authors, year, DOI and arXiv id of the document.

    ``first_page`` holds page 1's lines outside the bibliography; ``extra_text`` is text
    the layout set aside there (a rotated arXiv stamp).
    """
    title, authors, year = _info(reader)
    text = " ".join(ln.text for ln in first_page) + " " + extra_text
    title_lines: list[Line] = []
    top = [ln for ln in first_page if len(ln.text) > 3 and plausible_text(ln.text)]
    if top:
        biggest = max(ln.size for ln in top)
        candidates = [ln for ln in top if ln.size >= biggest - 0.5]
        if biggest > 1.15 * _body_size(first_page) and len(candidates) <= 4:
            title_lines = candidates
    if not title and title_lines:
        title = " ".join(ln.text for ln in title_lines).strip()
    if not authors and title_lines:
        authors = _authors_below(first_page, title_lines)
    doi = ""
    m = _DOI.search(text)
    if m:
        doi = m.group(1)
    arxiv = ""
    m2 = _ARXIV.search(text)
    if m2:
        arxiv = m2.group(1)
    if year is None:
        # The journal banner or stamp above (or at the level of) the title gives the year.
        floor = min((ln.y for ln in title_lines), default=None)
        banner = [ln.text for ln in first_page if floor is not None and ln.y >= floor]
        banner += [ln.text for ln in sorted(first_page, key=lambda ln: ln.y)[:2]]
        for source in (" ".join(banner), extra_text):
            found = _YEAR.findall(source)
            if found:
                year = int(found[0])
                break
    if year is None and re.match(r"\d{4}\.", arxiv):
        year = 2000 + int(arxiv[:2])  # new-style arXiv ids start with YYMM
    return DocumentMeta(
        title=title, authors=authors, year=year, doi=doi, arxiv=arxiv, page_count=page_count
    )


def _body_size(lines: list[Line]) -> float:
    sizes: dict[float, int] = {}
    for ln in lines:
        sizes[round(ln.size, 1)] = sizes.get(round(ln.size, 1), 0) + len(ln.text)
    return max(sizes, key=lambda k: sizes[k]) if sizes else 10.0


def _authors_below(lines: list[Line], title_lines: list[Line]) -> list[Name]:
    """Names on the lines right under the title, set in one size (the author block)."""
    lowest = min(ln.y for ln in title_lines)
    below = sorted((ln for ln in lines if ln.y < lowest - 1), key=lambda ln: -ln.y)
    if not below or lowest - below[0].y > 6 * below[0].size:
        return []
    size = below[0].size
    block: list[Line] = []
    for ln in below:
        if abs(ln.size - size) > 0.3 or (block and block[-1].y - ln.y > 2 * size):
            break
        block.append(ln)
    names: list[Name] = []
    for ln in block[:4]:
        pieces = []
        last = 0
        for cut in [*ln.wide_gaps, len(ln.text)]:
            pieces.append(ln.text[last:cut])
            last = cut + 1
        for piece in pieces:
            text = re.sub(r"[\d*†‡§¶∗]+", "", piece)
            names.extend(_split_names(text))
    if not names or any(len(n.display().split()) > 4 for n in names):
        return []
    names = [n for n in names if not _AFFILIATION.search(n.display())]
    return names
