"""What every format shares: read results, problems, CSL vocabularies, dates."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from refmanager.model import Date, Problem, Reference

# CSL 1.0.2 item types.
CSL_TYPES: frozenset[str] = frozenset(
    [
        "article",
        "article-journal",
        "article-magazine",
        "article-newspaper",
        "bill",
        "book",
        "broadcast",
        "chapter",
        "classic",
        "collection",
        "dataset",
        "document",
        "entry",
        "entry-dictionary",
        "entry-encyclopedia",
        "event",
        "figure",
        "graphic",
        "hearing",
        "interview",
        "legal_case",
        "legislation",
        "manuscript",
        "map",
        "motion_picture",
        "musical_score",
        "pamphlet",
        "paper-conference",
        "patent",
        "performance",
        "periodical",
        "personal_communication",
        "post",
        "post-weblog",
        "regulation",
        "report",
        "review",
        "review-book",
        "software",
        "song",
        "speech",
        "standard",
        "thesis",
        "treaty",
        "webpage",
    ]
)

# CSL 1.0.2 standard and number variables (what Zotero and pandoc read from CSL-JSON).
CSL_TEXT_VARIABLES: frozenset[str] = frozenset(
    [
        "abstract",
        "annote",
        "archive",
        "archive_collection",
        "archive_location",
        "archive-place",
        "authority",
        "call-number",
        "chapter-number",
        "citation-key",
        "citation-label",
        "collection-number",
        "collection-title",
        "container-title",
        "container-title-short",
        "dimensions",
        "division",
        "DOI",
        "edition",
        "event",
        "event-place",
        "event-title",
        "first-reference-note-number",
        "genre",
        "ISBN",
        "ISSN",
        "issue",
        "jurisdiction",
        "keyword",
        "language",
        "license",
        "locator",
        "medium",
        "note",
        "number",
        "number-of-pages",
        "number-of-volumes",
        "original-publisher",
        "original-publisher-place",
        "original-title",
        "page",
        "page-first",
        "part-number",
        "part-title",
        "PMCID",
        "PMID",
        "printing-number",
        "publisher",
        "publisher-place",
        "references",
        "reviewed-genre",
        "reviewed-title",
        "scale",
        "section",
        "source",
        "status",
        "supplement-number",
        "title",
        "title-short",
        "URL",
        "version",
        "volume",
        "volume-title",
        "year-suffix",
    ]
)

_YEAR_DIGITS = 30  # a longer run of digits is no year, not even a huge one to report
_NUMERIC_DATE = re.compile(r"^\s*(\d{4,})(?:[-/.](\d{1,2}))?(?:[-/.](\d{1,2}))?")


@dataclass(slots=True)
class ReadResult:
    """The references read from a file, in file order, and the problems met on the way.

    A problem either names an entry that was skipped or says what was repaired in one
    that was kept; either way the valid entries are all in ``references``.
    """

    references: list[Reference] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    format: str = ""
    # the folder JabRef resolves relative file links against, relative to the .bib's own
    # folder ("" = the .bib's folder): its jabref-meta fileDirectory
    file_directory: str = ""


def date_from_text(text: str) -> Date | None:
    """A date from ``2020``, ``2020-05``, ``2020/05/01``, ``2020/05/01/Spring``; else a literal."""
    text = text.strip()
    if not text:
        return None
    match = _NUMERIC_DATE.match(text)
    if not match or len(match.group(1)) > _YEAR_DIGITS:
        return Date(literal=text)  # (digits beyond any year: the text is kept as it is)
    year = int(match.group(1))
    month = int(match.group(2)) if match.group(2) else None
    day = int(match.group(3)) if match.group(3) and month else None
    if month is not None and not 1 <= month <= 12:
        month, day = None, None
    if day is not None and not 1 <= day <= 31:
        day = None
    rest = text[match.end() :].strip(" /")
    if rest and not rest.isdigit() and month is None and not rest.startswith(("-", "/")):
        # "2020 in press", "1999a": keep the whole text so nothing is lost
        return Date(literal=text) if not re.fullmatch(r"[a-z]", rest) else Date(year)
    return Date(year, month, day)
