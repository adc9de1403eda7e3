"""The PDF's own metadata: info dictionary, XMP, and the first page's largest type."""

from __future__ import annotations

import re
from typing import Any

from refmanager.model import DocumentMeta, Name
from refmanager.pdf.layout import Line

_DOI = re.compile(r"\b(10\.\d{4,9}/[^\s\"<>\]]+[^\s\"<>\].,;])")
_ARXIV = re.compile(r"arXiv:\s?(\d{4}\.\d{4,5}(?:v\d+)?|[a-z\-]+(?:\.[A-Z]{2})?/\d{7})", re.I)
_YEAR = re.compile(r"\b(19[5-9]\d|20[0-4]\d)\b")
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
                authors = [Name(literal=str(c).strip()) for c in creators if str(c).strip()]
            dates = xmp.dc_date or []
            if dates:
                year = int(str(dates[0])[:4])
        except Exception:
            pass
    return title, authors, year


def _split_names(text: str) -> list[Name]:
    parts = re.split(r"\s*(?:;|,\s*and\s+|\band\b|&|,)\s*", text)
    return [Name(literal=p.strip()) for p in parts if p.strip() and len(p.strip()) > 1]


def document_meta(
    reader: Any, first_page: list[Line], extra_text: str, page_count: int
) -> DocumentMeta:
    """Title, authors, year, DOI and arXiv id of the document."""
    title, authors, year = _info(reader)
    text = " ".join(ln.text for ln in first_page) + " " + extra_text
    if not title and first_page:
        top = [ln for ln in first_page if len(ln.text) > 3]
        if top:
            biggest = max(ln.size for ln in top)
            title_lines = [ln for ln in top if ln.size >= biggest - 0.5]
            if biggest > 1.15 * _body_size(first_page) and len(title_lines) <= 4:
                title = " ".join(ln.text for ln in title_lines).strip()
                if not authors:
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
        found = _YEAR.findall(text[:3000])
        if found:
            year = int(found[0])
    return DocumentMeta(
        title=title, authors=authors, year=year, doi=doi, arxiv=arxiv, page_count=page_count
    )


def _body_size(lines: list[Line]) -> float:
    sizes: dict[float, int] = {}
    for ln in lines:
        sizes[round(ln.size, 1)] = sizes.get(round(ln.size, 1), 0) + len(ln.text)
    return max(sizes, key=lambda k: sizes[k]) if sizes else 10.0


def _authors_below(lines: list[Line], title_lines: list[Line]) -> list[Name]:
    lowest = min(ln.y for ln in title_lines)
    below = sorted((ln for ln in lines if ln.y < lowest), key=lambda ln: -ln.y)
    if not below:
        return []
    line = below[0]
    if lowest - line.y > 6 * line.size or len(line.text) > 200:
        return []
    text = re.sub(r"[\d*†‡§¶∗]+", "", line.text)
    names = _split_names(text)
    if not names or any(len(n.literal.split()) > 5 for n in names):
        return []
    return names
