"""BibTeX and BibLaTeX, written and read through bibtexparser 2, as a pipeline of stages.

Reading (``read_bibtex``, in ``reader``): ``split`` (bibtexparser's splitter, duplicates
kept, failures as problems) -> ``macros`` (delimiters, ``#`` and ``@string``) -> ``names``
(bibtexparser's name splitter, before any LaTeX is decoded) -> ``decode``
(``LatexDecodingMiddleware``) -> the fields mapped to a Reference.

Writing (``iter_bibtex``, in ``layout``): ``plan`` (entry type; CSL variable -> field,
order and kind) -> ``encode`` (``LatexEncodingMiddleware``; names, title case protection)
-> ``layout`` (the text bibtexparser's writer gives, without building its objects).

Both share ``vocab`` (entry types, field names, month macros).
"""

from __future__ import annotations

from refmanager.formats.bibtex.decode import decode
from refmanager.formats.bibtex.encode import bib_name, encode
from refmanager.formats.bibtex.layout import CHUNK, entry_fields, iter_bibtex, to_bibtex
from refmanager.formats.bibtex.names import split_persons
from refmanager.formats.bibtex.plan import bibtex_type
from refmanager.formats.bibtex.reader import read_bibtex

__all__ = [
    "CHUNK",
    "bib_name",
    "bibtex_type",
    "decode",
    "encode",
    "entry_fields",
    "iter_bibtex",
    "read_bibtex",
    "split_persons",
    "to_bibtex",
]
