"""The PDF's own metadata: info dictionary, XMP, and the first page's largest type."""

from __future__ import annotations

import functools
import re
import unicodedata
from xml.etree import ElementTree

from refmanager.model import DocumentMeta, Name
from refmanager.model.identifiers import ARXIV_ID, find_doi
from refmanager.model.limits import MAX_FIELD_CHARS
from refmanager.pdf.layout import Line, body_size
from refmanager.pdf.source import PypdfSource

_ARXIV = re.compile(rf"arXiv:\s?({ARXIV_ID}(?:v\d+)?)", re.I)
_YEAR = re.compile(r"\b(19[5-9]\d|20[0-4]\d)\b")
_AFFILIATION = re.compile(r"(?i)universit|institut|department|school|college|@|laborator")
_JUNK_TITLES = re.compile(r"^(untitled|microsoft word|title|.*\.(docx?|pdf|tex|dvi))", re.I)


# A document's own title is a line or two; a longer /Title (megabytes in a hostile file)
# is no title, and is not read (the first page's title is taken instead).
MAX_TITLE_CHARS = 2_000


def _info(source: PypdfSource) -> tuple[str, list[Name], int | None]:
    title, authors, year = "", [], None
    info = source.info()
    raw_title = info.get("Title", "")
    raw_title = raw_title.strip() if len(raw_title) <= MAX_TITLE_CHARS else ""
    if raw_title and not _JUNK_TITLES.match(raw_title):
        title = raw_title
    raw_author = info.get("Author", "")[:MAX_FIELD_CHARS].strip()
    if raw_author:
        authors = _split_names(raw_author)
    packet = source.xmp()
    if packet:
        dc_title, creators, dates = xmp_fields(packet)
        if len(dc_title) > MAX_TITLE_CHARS:
            dc_title = ""
        if dc_title and not title and not _JUNK_TITLES.match(dc_title):
            title = dc_title.strip()
        if creators and not authors:
            authors = [_person(c) for c in creators if c.strip()]
        if dates and dates[0][:4].isdigit():
            year = int(dates[0][:4])
    return title, authors, year


_DC = "{http://purl.org/dc/elements/1.1/}"
_RDF = "{http://www.w3.org/1999/02/22-rdf-syntax-ns#}"
_XML_LANG = "{http://www.w3.org/XML/1998/namespace}lang"
MAX_XMP_BYTES = 1_000_000


def xmp_fields(packet: bytes) -> tuple[str, list[str], list[str]]:
    """dc:title (the x-default or first alternative), dc:creator and dc:date of an XMP packet.

    A packet that is not XML, or larger than any real one, gives nothing.
    """
    if len(packet) > MAX_XMP_BYTES or b"<!ENTITY" in packet:
        return "", [], []
    start = packet.find(b"<x:xmpmeta")
    if start < 0:
        start = packet.find(b"<rdf:RDF")
    end_tag = b"</x:xmpmeta>" if packet[start : start + 10] == b"<x:xmpmeta" else b"</rdf:RDF>"
    end = packet.find(end_tag)
    if start < 0 or end < 0:
        return "", [], []
    try:
        root = ElementTree.fromstring(packet[start : end + len(end_tag)])
    except ElementTree.ParseError:
        return "", [], []
    title = ""
    for element in root.iter(_DC + "title"):
        alts = list(element.iter(_RDF + "li"))
        chosen = [li for li in alts if li.get(_XML_LANG) == "x-default"] or alts
        if chosen:
            title = "".join(chosen[0].itertext()).strip()
        elif element.text:
            title = element.text.strip()
        break

    def items(tag: str) -> list[str]:
        for element in root.iter(_DC + tag):
            found = ["".join(li.itertext()).strip() for li in element.iter(_RDF + "li")]
            if not found and element.text and element.text.strip():
                found = [element.text.strip()]
            return [f for f in found if f]
        return []

    return title, items("creator"), items("date")


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
    scripts = {_script(ch) for ch in text if ch.isalpha()}
    return len(scripts) <= 1 or (len(scripts) == 2 and "LATIN" in scripts)


@functools.lru_cache(maxsize=50_000)
def _script(letter: str) -> str:
    """A letter's script: the first word of its Unicode name (CJK for all of East Asia's)."""
    name = unicodedata.name(letter, "UNKNOWN").split(" ")[0]
    return "CJK" if name in ("CJK", "HIRAGANA", "KATAKANA", "HANGUL", "IDEOGRAPHIC") else name


def document_meta(
    source: PypdfSource, first_page: list[Line], extra_text: str, page_count: int
) -> DocumentMeta:
    """Title, authors, year, DOI and arXiv id of the document.

    ``first_page`` holds page 1's lines outside the bibliography; ``extra_text`` is text
    the layout set aside there (a rotated arXiv stamp).
    """
    title, authors, year = _info(source)
    text = " ".join(ln.text for ln in first_page) + " " + extra_text
    title_lines: list[Line] = []
    top = [ln for ln in first_page if len(ln.text) > 3 and plausible_text(ln.text)]
    if top:
        biggest = max(ln.size for ln in top)
        candidates = [ln for ln in top if ln.size >= biggest - 0.5]
        if biggest > 1.15 * body_size(first_page) and len(candidates) <= 4:
            title_lines = candidates
    if not title and title_lines:
        title = " ".join(ln.text for ln in title_lines).strip()
    if not authors and title_lines:
        authors = _authors_below(first_page, title_lines)
    doi = find_doi(text)
    arxiv = ""
    m2 = _ARXIV.search(text)
    if m2:
        arxiv = m2.group(1)
    if year is None:
        # The journal banner or stamp above (or at the level of) the title gives the year.
        floor = min((ln.y for ln in title_lines), default=None)
        banner = [ln.text for ln in first_page if floor is not None and ln.y >= floor]
        banner += [ln.text for ln in sorted(first_page, key=lambda ln: ln.y)[:2]]
        for place in (" ".join(banner), extra_text):
            found = _YEAR.findall(place)
            if found:
                year = int(found[0])
                break
    if year is None and re.match(r"\d{4}\.", arxiv):
        year = 2000 + int(arxiv[:2])  # new-style arXiv ids start with YYMM
    return DocumentMeta(
        title=title, authors=authors, year=year, doi=doi, arxiv=arxiv, page_count=page_count
    )


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
