"""The vocabulary both directions share: entry types, field names, month macros."""

from __future__ import annotations

import re

JOURNAL_TYPES = frozenset(
    {"article-journal", "article-magazine", "article-newspaper", "review", "review-book"}
)
SERIES_TYPES = frozenset(
    {"book", "chapter", "paper-conference", "entry-encyclopedia", "entry-dictionary"}
)
BOOKTITLE_TYPES = frozenset(
    {"chapter", "paper-conference", "entry-encyclopedia", "entry-dictionary"}
)

# CSL type -> (BibTeX entry type, BibLaTeX entry type)
EXPORT_TYPES: dict[str, tuple[str, str]] = {
    "article-journal": ("article", "article"),
    "article-magazine": ("article", "article"),
    "article-newspaper": ("article", "article"),
    "review": ("article", "article"),
    "review-book": ("article", "article"),
    "paper-conference": ("inproceedings", "inproceedings"),
    "chapter": ("incollection", "incollection"),
    "entry-encyclopedia": ("incollection", "inreference"),
    "entry-dictionary": ("incollection", "inreference"),
    "book": ("book", "book"),
    "collection": ("book", "collection"),
    "thesis": ("phdthesis", "thesis"),
    "report": ("techreport", "report"),
    "manuscript": ("unpublished", "unpublished"),
    "pamphlet": ("booklet", "booklet"),
    "webpage": ("misc", "online"),
    "post-weblog": ("misc", "online"),
    "software": ("misc", "software"),
    "dataset": ("misc", "dataset"),
    "patent": ("misc", "patent"),
    "periodical": ("misc", "periodical"),
    "document": ("misc", "misc"),
}

# BibTeX/BibLaTeX entry type -> CSL type
IMPORT_TYPES: dict[str, str] = {
    "article": "article-journal",
    "inproceedings": "paper-conference",
    "conference": "paper-conference",
    "incollection": "chapter",
    "inbook": "chapter",
    "inreference": "entry-encyclopedia",
    "book": "book",
    "mvbook": "book",
    "bookinbook": "chapter",
    "collection": "book",
    "mvcollection": "book",
    "proceedings": "book",
    "mvproceedings": "book",
    "reference": "book",
    "mvreference": "book",
    "manual": "book",
    "phdthesis": "thesis",
    "mastersthesis": "thesis",
    "thesis": "thesis",
    "techreport": "report",
    "report": "report",
    "unpublished": "manuscript",
    "booklet": "pamphlet",
    "online": "webpage",
    "electronic": "webpage",
    "www": "webpage",
    "software": "software",
    "dataset": "dataset",
    "patent": "patent",
    "periodical": "periodical",
    "misc": "document",
    "preprint": "article",
}

MONTHS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")
MONTH_NAMES = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
]
# BibTeX's predefined macros.
PREDEFINED = dict(zip(MONTHS, MONTH_NAMES, strict=True))

# Fields written and read verbatim (no LaTeX): identifiers and links.
VERBATIM = frozenset({"doi", "url", "eprint", "file", "isbn", "issn", "urldate", "date"})

# BibTeX field -> CSL variable, for the fields that map one to one in both directions.
_ONE_TO_ONE: dict[str, str] = {
    "title": "title",
    "series": "collection-title",
    "volume": "volume",
    "edition": "edition",
    "type": "genre",
    "doi": "DOI",
    "url": "URL",
    "isbn": "ISBN",
    "issn": "ISSN",
    "note": "note",
    "abstract": "abstract",
    "keywords": "keyword",
    "language": "language",
    "shorttitle": "title-short",
    "eventtitle": "event-title",
    "version": "version",
    "pubstate": "status",
    "pagetotal": "number-of-pages",
    "annote": "annote",
}
# Read: those, and the fields other tools write for the same variables.
SIMPLE_IMPORT: dict[str, str] = {
    **_ONE_TO_ONE,
    "annotation": "annote",
    "journal": "container-title",
    "journaltitle": "container-title",
    "booktitle": "container-title",
    "publisher": "publisher",
    "school": "publisher",
    "institution": "publisher",
    "organization": "publisher",
    "address": "publisher-place",
    "location": "publisher-place",
    "issue": "issue",
}
# Written: CSL variable -> BibTeX field (the others by type, in plan).
SIMPLE_EXPORT: dict[str, str] = {csl: bib for bib, csl in _ONE_TO_ONE.items()}
# Handled by hand on export (type-dependent) or not written as a field at all.
SPECIAL_CSL = frozenset(
    {
        "container-title",
        "publisher",
        "publisher-place",
        "issue",
        "number",
        "collection-number",
        "page",
        "citation-key",
    }
)
SPECIAL_BIB = frozenset(
    {"author", "editor", "translator", "year", "month", "day", "date", "urldate", "pages"}
    | {"number", "eid", "howpublished", "entrysubtype", "key", "crossref"}
)
FIELD_NAME = re.compile(r"[a-z][a-z0-9_.:-]*")

SPACES = re.compile(r"\s+")
