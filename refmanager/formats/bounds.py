"""Every reader's references, with values over ``model.limits.MAX_FIELD_CHARS`` cut,
control characters taken out and years beyond ``model.limits.MAX_YEAR`` kept as text.

The BibTeX reader cuts its raw values before decoding them (decoding a huge value costs
time and memory many times its size); this pass covers every format and every place a
value can hide (fields, names, the raw text, dates given as text). A control character
(NUL above all: SQLite's ``NOCASE`` stops comparing at one, so two keys that start with it
collide) is no text a person wrote: it is taken out, as the text readers do, with a
problem. A year SQLite and ISO 8601 cannot hold (``1e23`` in CSL-JSON, ``99999`` in a
.bib) becomes the date's text, with a problem, rather than an error or a silent 9999.
"""

from __future__ import annotations

import re

from refmanager.model import Date, Name, Problem, Reference
from refmanager.model.limits import MAX_FIELD_CHARS, MAX_YEAR, over_limit_message

# C0 control characters but tab, line feed and carriage return (which readers
# turn into spaces where a field is one line).
CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f]")
_NAME_PARTS = ("family", "given", "literal", "non_dropping_particle", "dropping_particle", "suffix")


def _label(ref: Reference) -> str:
    key = ref.get("citation-key") or ref.id
    if key:
        return f"entry {key[:60]}"
    title = ref.get("title")[:40]
    return f"entry {title!r}" if title else "an entry"


def bound_reference(ref: Reference, line: int = 0) -> list[Problem]:
    """Cut the values of ``ref`` that are over the limit; a problem for each one cut."""
    problems: list[Problem] = []

    def cut(field: str, value: str) -> str:
        problems.append(Problem(line, f"{_label(ref)}: {over_limit_message(field, len(value))}"))
        return value[:MAX_FIELD_CHARS]

    for name, value in list(ref.fields.items()):
        if len(value) > MAX_FIELD_CHARS:
            ref.fields[name] = cut(name, value)
    if len(ref.raw) > MAX_FIELD_CHARS:
        ref.raw = cut("raw text", ref.raw)
    for role, names in (("author", ref.author), ("editor", ref.editor)):
        for person in names:
            for part in ("family", "given", "literal"):
                value = getattr(person, part)
                if len(value) > MAX_FIELD_CHARS:
                    setattr(person, part, cut(role, value))
    for date in (ref.issued, ref.accessed):
        if date is not None and len(date.literal) > MAX_FIELD_CHARS:
            date.literal = cut("date", date.literal)
    if _has_control(ref):
        _strip_controls(ref)
        problems.append(Problem(line, f"{_label(ref)}: control characters taken out"))
    for name, date in (("issued", ref.issued), ("accessed", ref.accessed)):
        if date is not None and date.year is not None and not -MAX_YEAR <= date.year <= MAX_YEAR:
            text = str(date.year)[:40]
            problems.append(
                Problem(
                    line,
                    f"{_label(ref)}: {name} year {text} is beyond {MAX_YEAR}; kept as text",
                )
            )
            setattr(ref, name, Date(literal=text))
    return problems


def _has_control(ref: Reference) -> bool:
    if CONTROL.search(ref.id) or CONTROL.search(ref.raw):
        return True
    if any(CONTROL.search(v) for v in ref.fields.values()):
        return True
    if any(CONTROL.search(d.literal) for d in (ref.issued, ref.accessed) if d is not None):
        return True
    return any(
        CONTROL.search(getattr(person, part))
        for person in (*ref.author, *ref.editor)
        for part in _NAME_PARTS
    )


def _strip_controls(ref: Reference) -> None:
    ref.id = CONTROL.sub("", ref.id)
    ref.raw = CONTROL.sub("", ref.raw)
    for name, value in list(ref.fields.items()):
        ref.fields[name] = CONTROL.sub("", value)
    for date in (ref.issued, ref.accessed):
        if date is not None:
            date.literal = CONTROL.sub("", date.literal)
    people: list[Name] = [*ref.author, *ref.editor]
    for person in people:
        for part in _NAME_PARTS:
            setattr(person, part, CONTROL.sub("", getattr(person, part)))


def bound_references(refs: list[Reference]) -> list[Problem]:
    """:func:`bound_reference` over ``refs``; the problems, in order."""
    problems: list[Problem] = []
    for ref in refs:
        problems.extend(bound_reference(ref))
    return problems
