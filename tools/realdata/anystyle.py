"""AnyStyle's parser training set (``core.xml``) -> labelled strings in the parser's labels.

One ``<sequence>`` is one reference; each child is a labelled segment. The mapping
(written down in ``tools/realdata/README.md``):

    author, director                          -> author
    editor                                    -> editor
    title                                     -> title
    journal, container-title                  -> container-title
    collection-title                          -> collection-title
    date / volume / pages                     -> issued (its year) / volume / page
    publisher / location                      -> publisher / publisher-place
    edition / genre / note / medium           -> edition / genre / note / medium
    url / doi / isbn                          -> URL / DOI / ISBN
    citation-number, translator, producer,
    source, anything else                     -> unlabelled

Segments are separated by a space, as AnyStyle's own reader joins them.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

from refmanager.parse.train import Example
from tools.realdata.labels import Piece, to_example

# consecutive sequences come from one source list: blocks of this many are one group
BLOCK = 40

LABELS = {
    "author": "author",
    "director": "author",
    "editor": "editor",
    "title": "title",
    "journal": "container-title",
    "container-title": "container-title",
    "collection-title": "collection-title",
    "date": "issued",
    "volume": "volume",
    "pages": "page",
    "publisher": "publisher",
    "location": "publisher-place",
    "edition": "edition",
    "genre": "genre",
    "note": "note",
    "medium": "medium",
    "url": "URL",
    "doi": "DOI",
    "isbn": "ISBN",
}


# AnyStyle's volume segment often holds the issue and pages too ("vol. 57, no. 12,",
# "23(11):3059-3071", "13.2", "30, 2", "v.13 n.4"), in Vancouver lists the year as well
# ("2012;30(15):"), and AnyStyle has no issue label: the parser labels them apart
_VOLUME = re.compile(
    r"^[\s;,(]*(?:(?P<year>(?:1[5-9]|20)\d\d)\s*;\s*)?"
    r"(?:(?:vol(?:ume)?s?|v|\u0422|t|bd)\.?\s*)?(?P<volume>[\dIVXivx]+(?:[\u2013-]\d+)?)?"
    r"(?:\.(?P<issue3>\d{1,2})(?=[\s.,;:]*$))?"
    r"(?:\s*[,:]?\s*(?:no|n\u00b0|n|nr|issue|h)\.?\s*(?P<issue>[\w\u2013/-]+))?"
    r"(?:\s*,\s*(?P<issue4>\d{1,4})(?=[\s.,;:]*$))?"
    r"\s*,?\s*(?:\((?P<issue2>[^()]+)\))?"
    r"(?:\s*:\s*(?P<page>[\w\u2013-]+))?[\s.,;:)]*$",
    re.IGNORECASE,
)


def volume_pieces(text: str) -> list[Piece]:
    """A volume segment cut into year, volume, issue and page pieces where it holds them."""
    m = _VOLUME.match(text)
    if m is None:
        return [Piece(text, "volume")]
    pieces: list[Piece] = []
    pos = 0
    for group, label in (
        ("year", "issued"),
        ("volume", "volume"),
        ("issue3", "issue"),
        ("issue", "issue"),
        ("issue4", "issue"),
        ("issue2", "issue"),
        ("page", "page"),
    ):
        if m.group(group) is None:
            continue
        a, b = m.start(group), m.end(group)
        pieces += [Piece(text[pos:a]), Piece(text[a:b], label)]
        pos = b
    if not pos:
        return [Piece(text, "volume")]
    pieces.append(Piece(text[pos:]))
    return pieces


def read_file(path: Path) -> list[tuple[Example, str]]:
    """Each sequence of ``core.xml`` with its validation group (its block)."""
    root = ET.parse(path).getroot()
    out: list[tuple[Example, str]] = []
    for index, seq in enumerate(root.iter("sequence")):
        pieces: list[Piece] = []
        for child in seq:
            if pieces:
                pieces.append(Piece(" "))
            text = "".join(child.itertext())
            if child.tag == "volume":
                pieces += volume_pieces(text)
            else:
                pieces.append(Piece(text, LABELS.get(child.tag, "O")))
        ex = to_example(pieces, "anystyle")
        if ex.text and any(lab != "O" for lab in ex.labels):
            out.append((ex, f"anystyle#{index // BLOCK}"))
    return out
