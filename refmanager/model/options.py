"""The named options a user chooses among, named once for every layer: the command line's
parser offers them without importing the code that acts on them, and that code checks
against the same names."""

from __future__ import annotations

# What a bibliography file is written as (``formats.format_references``; export, parse).
WRITE_FORMATS: tuple[str, ...] = ("bibtex", "biblatex", "ris", "csl-json", "csv")
# A file's name ending -> the format it is read as, and a format -> the ending it is
# written with (``formats``; the import use case picks files by them).
EXTENSIONS: dict[str, str] = {
    ".bib": "bibtex",
    ".bibtex": "bibtex",
    ".biblatex": "bibtex",
    ".ris": "ris",
    ".json": "csl-json",
    ".csljson": "csl-json",
    ".jsonl": "csl-json",
    ".csv": "csv",
}
SUFFIX: dict[str, str] = {
    "bibtex": ".bib",
    "biblatex": ".bib",
    "ris": ".ris",
    "csl-json": ".json",
    "csv": ".csv",
}

# The columns a library's references are sorted on (``library.search``'s SQL for each).
SORT_COLUMNS: tuple[str, ...] = (
    "title",
    "author",
    "year",
    "venue",
    "type",
    "doi",
    "confidence",
    "added",
    "document",
    "position",
    "id",
)

# What the owner of a shared library makes a member (``service.sharing.add_member``).
MEMBER_ROLES: tuple[str, ...] = ("editor", "reader")
