"""Writing, stage 3: the entries' text.

Each reference becomes an entry type and its (field, enclosed value) pairs
(``entry_fields``). ``iter_bibtex`` gives, a few hundred entries at a time (a large export
never exists twice in memory), the text ``bibtexparser.write_string`` writes for those
entries as ``bibtexparser.model.Entry`` objects, joined without building the objects
(a test holds the two equal; see docs/decisions/0012-bibtex-entry-text.md).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Iterator

from refmanager.formats.bibtex.encode import (
    bib_name,
    encode,
    page_range,
    protect_name,
    protect_title,
    verbatim,
)
from refmanager.formats.bibtex.plan import (
    AS_IS,
    PAGE_RANGE,
    PLAIN,
    TITLE_TEXT,
    bibtex_type,
    program,
    simple_type,
)
from refmanager.formats.bibtex.vocab import JOURNAL_TYPES, MONTHS, SERIES_TYPES
from refmanager.formats.filelinks import file_field
from refmanager.formats.keys import KeyMaker
from refmanager.model import Reference

CHUNK = 500  # entries per piece of text iter_bibtex gives
_AND_WORD = re.compile(r"\band\b", re.IGNORECASE)
# BibTeX reads a line break inside a value as a space; written as one, no value can start a
# line with "@", which a reader takes for the start of the next entry.
_ONE_LINE = str.maketrans({"\r": " ", "\n": " "})


@functools.lru_cache(maxsize=20_000)
def _protect_venue(value: str) -> str:
    return protect_name(encode(value))


@functools.lru_cache(maxsize=20_000)
def _encode_short(value: str) -> str:
    """``encode`` for short values, which repeat (venues, publishers, volume numbers)."""
    return encode(value)


def entry_fields(ref: Reference, biblatex: bool) -> tuple[str, list[tuple[str, str]]]:
    """The entry type and the (field, value) pairs of ``ref``'s entry, values
    LaTeX-encoded and enclosed."""
    if ref.type == "thesis":
        entry_type, subtype = bibtex_type(ref, biblatex)
    else:
        entry_type, subtype = simple_type(ref.type, biblatex)
    fields: list[tuple[str, str]] = []
    for role, people in (("author", ref.author), ("editor", ref.editor)):
        if people:
            joined = " and ".join([t for t in map(bib_name, people) if t])
            if joined:
                fields.append((role, "{" + joined + "}"))
    values = _adjusted(ref, entry_type, biblatex)
    dates_written = False
    for name, kind, sources in program(ref.type, biblatex, tuple(values)):
        if len(sources) == 1:
            value = values[sources[0]]
            if not value:
                continue
        else:  # several variables written to one field: the least value wins
            candidates = [v for v in map(values.__getitem__, sources) if v]
            if not candidates:
                continue
            value = min(candidates)
        if kind == PLAIN:
            text = _encode_short(value) if len(value) < 80 else encode(value)
        elif kind == TITLE_TEXT:
            if name == "title":
                text = protect_title(encode(value))
            elif len(value) >= 80:
                text = protect_name(encode(value))
            else:  # a booktitle or series: repeated
                text = _protect_venue(value)
        elif kind == AS_IS:
            text = verbatim(value)
        elif kind == PAGE_RANGE:
            text = page_range(encode(value))
        else:
            text = _encode_short(value) if len(value) < 80 else encode(value)
            if _AND_WORD.search(value):
                text = "{" + text + "}"
        fields.append((name, "{" + text + "}"))
        if name == "title":
            fields.extend(_date_fields(ref, biblatex))
            dates_written = True
    if not dates_written:
        fields.extend(_date_fields(ref, biblatex))
    if subtype:
        fields.append(("entrysubtype", "{" + verbatim(subtype) + "}"))  # braces balanced
    if ref.attachments:  # only there when the export asked for them (decision 0022)
        fields.append(("file", "{" + verbatim(file_field(ref.attachments)) + "}"))
    return entry_type, [
        (name, value.translate(_ONE_LINE) if "\n" in value or "\r" in value else value)
        for name, value in fields
    ]


# The genre each thesis entry type says by itself (written as no ``type`` field).
_IMPLIED_GENRE = {"mastersthesis": "Master’s thesis", "phdthesis": "PhD thesis"}
_ARXIV_NUMBER = re.compile(r"arXiv:\s*(\S+)", re.IGNORECASE)


def _adjusted(ref: Reference, entry_type: str, biblatex: bool) -> dict[str, str]:
    """The variables to write, after what other tools need (most references: as they are).

    - a thesis's genre that its entry type says already is not repeated as ``type``;
    - a biblatex ``@report`` always has a ``type`` (biber warns otherwise);
    - an ``issue`` outside journals goes to the entry's free ``number`` (pandoc drops an
      ``issue`` there, and biblatex defines it for ``@article`` only);
    - in biblatex an arXiv number is an ``eprint`` with ``eprinttype = {arxiv}``.
    """
    values = ref.fields
    genre = values.get("genre", "")
    changes: dict[str, str] = {}
    if genre and _IMPLIED_GENRE.get(entry_type) == genre:
        changes["genre"] = ""
    elif biblatex and entry_type == "report" and not genre:
        changes["genre"] = "techreport"
    if values.get("issue") and ref.type not in JOURNAL_TYPES:
        free = "collection-number" if ref.type in SERIES_TYPES else "number"
        if not values.get(free):
            changes.update({"issue": "", free: values["issue"]})
    if biblatex and not values.get("eprint"):
        match = _ARXIV_NUMBER.fullmatch(values.get("number", "").strip())
        if match:
            changes.update({"number": "", "eprint": match.group(1), "eprinttype": "arxiv"})
    if not changes:
        return values
    merged = {**values, **changes}
    return {name: value for name, value in merged.items() if value}


def _date_fields(ref: Reference, biblatex: bool) -> list[tuple[str, str]]:
    date = ref.issued
    if date is not None and date.month is None and ref.accessed is None and not biblatex:
        year = date.year
        if year is not None:  # the usual case: a year alone
            return [("year", "{" + str(year) + "}")]
    fields: list[tuple[str, str]] = []
    if date is not None:
        if date.year is None:
            if date.literal:
                fields.append(("year", "{" + encode(date.literal) + "}"))
        elif biblatex:
            fields.append(("date", "{" + date.iso() + "}"))
        else:
            fields.append(("year", "{" + str(date.year) + "}"))
            if date.month is not None and 1 <= date.month <= 12:
                fields.append(("month", MONTHS[date.month - 1]))
                if date.day is not None:
                    fields.append(("date", "{" + date.iso() + "}"))
    if ref.accessed and ref.accessed.iso():
        accessed = ref.accessed
        when = verbatim(accessed.literal) if accessed.year is None else accessed.iso()
        fields.append(("urldate", "{" + when + "}"))  # a literal's braces kept balanced
    return fields


def _entry_text(entry_type: str, key: str, fields: list[tuple[str, str]]) -> str:
    """One entry's text, exactly as bibtexparser's writer gives it (a test holds them equal)."""
    if not fields:
        return "@" + entry_type + "{" + key + ",\n}\n"
    body = ",\n  ".join([name + " = " + value for name, value in fields])
    return "@" + entry_type + "{" + key + ",\n  " + body + "\n}\n"


def iter_bibtex(refs: Iterable[Reference], biblatex: bool = False) -> Iterator[str]:
    """The BibTeX (or BibLaTeX) text of ``refs``, in pieces of a few hundred entries.

    The text is what bibtexparser's writer makes of the entries, joined here without
    building those objects (see docs/decisions/0012-bibtex-entry-text.md).
    """
    keys = KeyMaker()
    batch: list[str] = []
    for ref in refs:
        key = keys.key(ref)
        entry_type, fields = entry_fields(ref, biblatex)
        batch.append(_entry_text(entry_type, key, fields))
        if len(batch) >= CHUNK:
            yield "\n".join(batch)
            yield "\n"
            batch = []
    if batch:
        yield "\n".join(batch)


def to_bibtex(refs: Iterable[Reference], biblatex: bool = False) -> str:
    """``refs`` as one BibTeX (``biblatex=False``) or BibLaTeX file."""
    return "".join(iter_bibtex(refs, biblatex))
