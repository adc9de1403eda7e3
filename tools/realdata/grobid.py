"""GROBID's citation training files (TEI) -> labelled strings in the parser's labels.

One ``<bibl>`` is one reference string; text outside any element is unlabelled. The
mapping (written down in ``tools/realdata/README.md``):

    author, orgName[@type=collaboration]       -> author
    editor                                     -> editor
    title[@level=a]                            -> title
    title[@level=j]                            -> container-title
    title[@level=m]                            -> container-title, or title when the
                                                  entry has no level="a" title (a book)
    title[@level=s]                            -> collection-title
    biblScope volume|vol / issue / page|pp     -> volume / issue / page
    date                                       -> issued (its year)
    publisher, orgName (an institution)        -> publisher
    pubPlace                                   -> publisher-place
    idno DOI / arXiv / ISSN / ISBN             -> DOI / number / ISSN / ISBN
    idno PMID, PMC                             -> note
    idno report and others                     -> number
    ptr[@type=web]                             -> URL
    note[@type=report]                         -> genre
    note                                       -> note
    biblScope chapter, anything else           -> unlabelled
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path

from refmanager.parse.train import Example
from tools.realdata.labels import Piece, to_example

_TEI = "{http://www.tei-c.org/ns/1.0}"
# citations.xml holds ~3,000 strings of many papers: it is cut into blocks of this many
# consecutive strings, each a group of its own for validation
BLOCK = 60


def _local(tag: str) -> str:
    return tag.rsplit("}", 1)[-1] if isinstance(tag, str) else ""


def _idno_label(kind: str) -> str:
    kind = kind.lower()
    if kind == "doi":
        return "DOI"
    if kind.startswith("arxiv"):
        return "number"
    if kind in ("issn", "eissn"):
        return "ISSN"
    if kind == "isbn":
        return "ISBN"
    if kind in ("pmid", "pmc", "pmcid", "pii"):
        return "note"
    return "number"


def element_label(el: ET.Element, has_article_title: bool) -> str:
    """The parser label of a child element of ``<bibl>`` ("O" when no field owns it)."""
    tag = _local(el.tag).lower()
    kind = (el.get("type") or el.get("unit") or "").lower()
    if tag == "author":
        return "author"
    if tag == "editor":
        return "editor"
    if tag == "title":
        level = (el.get("level") or el.get("type") or "").lower()
        if level == "a":
            return "title"
        if level == "j":
            return "container-title"
        if level == "m":
            return "container-title" if has_article_title else "title"
        if level == "s":
            return "collection-title"
        return "title" if not has_article_title else "container-title"
    if tag == "biblscope":
        return {
            "volume": "volume",
            "vol": "volume",
            "issue": "issue",
            "page": "page",
            "pp": "page",
        }.get(kind, "O")
    if tag == "date":
        return "issued"
    if tag == "publisher":
        return "publisher"
    if tag == "pubplace":
        return "publisher-place"
    if tag == "orgname":
        return "author" if kind == "collaboration" else "publisher"
    if tag == "idno":
        return _idno_label(kind)
    if tag == "ptr":
        return "URL"
    if tag == "note":
        return "genre" if kind == "report" else "note"
    return "O"


def _text(el: ET.Element) -> str:
    return "".join(el.itertext())


def bibl_pieces(bibl: ET.Element) -> list[Piece]:
    """The labelled pieces of one ``<bibl>``, in reading order."""
    has_a = any(
        _local(c.tag).lower() == "title" and (c.get("level") or "").lower() == "a" for c in bibl
    )
    pieces = [Piece(bibl.text or "")]
    for child in bibl:
        if _local(child.tag).lower() == "lb":
            pieces.append(Piece(" "))
        else:
            pieces.append(Piece(_text(child), element_label(child, has_a)))
        pieces.append(Piece(child.tail or ""))
    return pieces


def read_file(path: Path) -> Iterator[tuple[Example, str]]:
    """Each reference string of one TEI file, with its validation group."""
    root = ET.parse(path).getroot()
    blocked = path.name == "citations.xml"
    index = 0
    for bibl in root.iter():
        if _local(bibl.tag) != "bibl":
            continue
        ex = to_example(bibl_pieces(bibl), f"grobid:{path.name}")
        if not ex.text or all(lab == "O" for lab in ex.labels):
            continue
        group = f"grobid:{path.name}" + (f"#{index // BLOCK}" if blocked else "")
        index += 1
        yield ex, group


def read_folder(folder: Path) -> list[tuple[Example, str]]:
    """Every string of every TEI/XML file in ``folder``, sorted by file name."""
    out: list[tuple[Example, str]] = []
    for path in sorted(folder.iterdir()):
        if path.suffix == ".xml":
            out.extend(read_file(path))
    return out
