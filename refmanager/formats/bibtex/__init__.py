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

import logging

from refmanager.formats.bibtex.entrytext import iter_bibtex, to_bibtex
from refmanager.formats.bibtex.reader import read_bibtex

# bibtexparser logs each block it skips (the reader reports it as a problem of its own)
# and pylatexenc each character it writes as itself (CJK text has no LaTeX form): their
# lines would reach the terminal beside ours as if they were refmanager's.
for _dependency in ("bibtexparser", "pylatexenc"):
    logging.getLogger(_dependency).setLevel(logging.CRITICAL)

__all__ = ["iter_bibtex", "read_bibtex", "to_bibtex"]
