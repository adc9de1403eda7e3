"""Every reader's references, with values over ``model.limits.MAX_FIELD_CHARS`` cut.

The BibTeX reader cuts its raw values before decoding them (decoding a huge value costs
time and memory many times its size); this pass covers every format and every place a
value can hide (fields, names, the raw text, dates given as text).
"""

from __future__ import annotations

from refmanager.formats.common import Problem
from refmanager.model import Reference
from refmanager.model.limits import MAX_FIELD_CHARS, over_limit_message


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
    return problems


def bound_references(refs: list[Reference]) -> list[Problem]:
    """:func:`bound_reference` over ``refs``; the problems, in order."""
    problems: list[Problem] = []
    for ref in refs:
        problems.extend(bound_reference(ref))
    return problems
