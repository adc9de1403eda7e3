"""Reading: the stages in order (split, macros, names, decode), then the fields mapped
to a Reference."""

from __future__ import annotations

import re

from bibtexparser.model import Entry, String

from refmanager.formats.bibtex.decode import decode_all, unescape_verbatim
from refmanager.formats.bibtex.macros import resolve
from refmanager.formats.bibtex.names import split_names
from refmanager.formats.bibtex.split import split
from refmanager.formats.bibtex.vocab import (
    DASHES,
    FIELD_NAME,
    IMPORT_TYPES,
    JOURNAL_TYPES,
    MONTHS,
    PREDEFINED,
    SERIES_TYPES,
    SIMPLE_IMPORT,
    VERBATIM,
)
from refmanager.formats.common import CSL_TYPES, Problem, ReadResult, date_from_text
from refmanager.model import Date, Name, Reference
from refmanager.model.limits import MAX_FIELD_CHARS, over_limit_message


def _month(value: str) -> int | None:
    text = value.strip().lower()
    if text.isdigit():
        number = int(text)
        return number if 1 <= number <= 12 else None
    for index, name in enumerate(MONTHS):
        if text.startswith(name):
            return index + 1
    return None


def _csl_type(entry_type: str, subtype: str) -> str:
    subtype = subtype.strip().lower()
    if subtype in CSL_TYPES:
        return subtype
    base = IMPORT_TYPES.get(entry_type.lower(), "article")
    if base == "article-journal" and subtype in ("magazine", "newspaper"):
        return f"article-{subtype}"
    return base


def entry_to_reference(
    entry_type: str,
    *,
    key: str,
    fields: list[tuple[str, str]],
    strings: dict[str, str],
    line: int,
    problems: list[Problem],
) -> Reference:
    """One split BibTeX entry (raw field values) as a Reference; repairs go to ``problems``."""
    values: dict[str, str] = {}
    undefined: list[str] = []
    for raw_name, raw_value in fields:
        name = raw_name.strip().lower()
        if name in values:
            problems.append(Problem(line, f"entry {key}: field {name} given twice; kept the first"))
            continue
        value = resolve(str(raw_value), strings, undefined)
        if len(value) > MAX_FIELD_CHARS:  # cut before decoding: that costs many times its size
            problems.append(Problem(line, f"entry {key}: {over_limit_message(name, len(value))}"))
            value = value[:MAX_FIELD_CHARS]
        values[name] = value
    for macro in undefined:
        problems.append(Problem(line, f"entry {key}: undefined @string {macro!r} kept as text"))

    ref = Reference(id=key)
    ref.type = _csl_type(entry_type, values.get("entrysubtype", ""))
    if key:
        ref.fields["citation-key"] = key

    people = {
        role: split_names(values[role])
        for role in ("author", "editor", "translator")
        if role in values
    }
    to_decode: dict[str, str] = {}
    for role, persons in people.items():
        for index, person in enumerate(persons):
            for part_index, part in enumerate(person[1:]):
                if part:
                    to_decode[f"\x00{role}.{index}.{part_index}"] = part
    verbatim: dict[str, str] = {}
    for name, value in values.items():
        if name in people or name == "entrysubtype":
            continue
        if name in VERBATIM:
            verbatim[name] = unescape_verbatim(value)
        else:
            to_decode[name] = value
    decoded, error = decode_all(to_decode)
    if error:
        problems.append(Problem(line, f"entry {key}: {error}"))

    for role, persons in people.items():
        names: list[Name] = []
        for index, person in enumerate(persons):
            parts = [decoded.get(f"\x00{role}.{index}.{i}", "") for i in range(len(person) - 1)]
            if person[0] == "literal":
                if parts[0]:
                    names.append(Name(literal=parts[0]))
                continue
            first, von, last, jr = parts
            if not last:
                last, first = first, ""
            if last:
                names.append(Name(family=last, given=first, non_dropping_particle=von, suffix=jr))
        if role == "author":
            ref.author = names
        elif role == "editor":
            ref.editor = names
        elif names:
            ref.extra[role] = [n.to_csl() for n in names]

    text = {**decoded, **verbatim}
    journal_like = ref.type in JOURNAL_TYPES
    series_like = ref.type in SERIES_TYPES
    for name, value in text.items():
        if not value or name.startswith("\x00"):
            continue
        if name in ("year", "month", "day", "date", "urldate"):
            continue
        if name == "pages":
            ref.set("page", DASHES.sub("-", value))
        elif name == "number":
            target = "issue" if journal_like else "collection-number" if series_like else "number"
            if not ref.get(target):
                ref.set(target, value)
        elif name == "eid":
            ref.set("number", ref.get("number") or value)
        elif name == "howpublished":
            if re.match(r"https?://", value) and not ref.get("URL"):
                ref.set("URL", value)
            elif not ref.get("container-title"):
                ref.set("container-title", value)
        elif name in SIMPLE_IMPORT:
            target = SIMPLE_IMPORT[name]
            if not ref.get(target):
                ref.set(target, value)
        elif name in ("key", "crossref", "file", "eprint"):
            if name == "eprint":
                ref.set("eprint", value)
        elif FIELD_NAME.fullmatch(name):
            ref.set(name, value)

    ref.issued = _read_issued(text, line, key, problems)
    if text.get("urldate"):
        ref.accessed = date_from_text(text["urldate"])
    return ref


def _read_issued(text: dict[str, str], line: int, key: str, problems: list[Problem]) -> Date | None:
    if text.get("date"):
        date = date_from_text(text["date"].split("/")[0])
        if date is not None:
            return date
    year = text.get("year", "").strip()
    if not year:
        return None
    date = date_from_text(year)
    if date is None or date.year is None:
        return date
    if date.month is None and text.get("month"):
        date.month = _month(text["month"])
        if date.month is None:
            problems.append(Problem(line, f"entry {key}: month {text['month']!r} not understood"))
        elif text.get("day", "").strip().isdigit():
            day = int(text["day"])
            date.day = day if 1 <= day <= 31 else None
    return date


def read_bibtex(text: str) -> ReadResult:
    """All the entries of a BibTeX/BibLaTeX text, in file order; broken ones reported."""
    result = ReadResult(format="bibtex")
    blocks = split(text)
    result.problems.extend(blocks.problems)
    strings: dict[str, str] = dict(PREDEFINED)
    undefined: list[str] = []
    entries: list[tuple[int, Entry]] = []
    for line, block in blocks.items:
        if isinstance(block, String):
            strings[block.key.lower()] = resolve(str(block.value), strings, undefined)
        else:
            entries.append((line, block))
    for line, entry in entries:
        fields = [(f.key, f.value) for f in entry.fields]
        result.references.append(
            entry_to_reference(
                entry.entry_type,
                key=entry.key,
                fields=fields,
                strings=strings,
                line=line,
                problems=result.problems,
            )
        )
    result.problems.sort(key=lambda p: p.line)
    return result
