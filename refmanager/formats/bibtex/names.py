"""Reading, stage 3: name fields split into people, and people into parts, with
bibtexparser's name splitter, before any LaTeX is decoded (so ``{World Health
Organization}`` stays one literal name)."""

from __future__ import annotations

import functools
import re

from bibtexparser.middlewares.names import parse_single_name_into_parts

from refmanager.formats.bibtex.macros import one_group

_AND_OR_BRACE = re.compile(r"(?<!\\)[{}]|\s+and\s+", re.IGNORECASE)


def split_persons(text: str) -> list[str]:
    """A name field split on `` and `` outside braces.

    (bibtexparser's ``split_multiple_persons_names`` drops a ``\\v`` that follows an
    ``and``, turning ``and \\v{Z}idek`` into ``Zidek``.)
    """
    people: list[str] = []
    depth = 0
    start = 0
    for match in _AND_OR_BRACE.finditer(text):
        token = match.group(0)
        if token == "{":
            depth += 1
        elif token == "}":
            depth = max(0, depth - 1)
        elif depth == 0:
            people.append(text[start : match.start()])
            start = match.end()
    people.append(text[start:])
    return [p.strip() for p in people if p.strip()]


def split_names(text: str) -> list[tuple[str, ...]]:
    """People of a name field: ("literal", text), ("person", first, von, last, jr), or
    ("others",) for BibTeX's ``and others`` (et al.)."""
    people: list[tuple[str, ...]] = []
    for raw_person in split_persons(text):
        person = raw_person.strip().rstrip(",").strip()
        if person.lower() == "others":
            people.append(("others",))
        elif person:
            people.append(_split_person(person))
    return people


# biblatex's extended name format (Better BibTeX writes it for names with particles):
# ``family=Ruiter, given=Jan, prefix=de, useprefix=true``.
_EXTENDED_PART = re.compile(
    r"\s*(family|given|prefix|suffix|useprefix|given-i|family-i|prefix-i|suffix-i)\s*=\s*"
    r"(\{(?:[^{}]|\{[^{}]*\})*\}|\"[^\"]*\"|[^,]*?)\s*(?:,|$)",
    re.IGNORECASE,
)


def _extended_name(person: str) -> tuple[str, ...] | None:
    """A person written in biblatex's extended name format as ("person", first, von, last,
    jr), or None when ``person`` is not written so (every part is ``key=value``)."""
    if "=" not in person:
        return None
    parts: dict[str, str] = {}
    pos = 0
    while pos < len(person):
        match = _EXTENDED_PART.match(person, pos)
        if match is None or match.end() == pos:
            return None
        value = match.group(2)
        if one_group(value, "{", "}") or (len(value) > 1 and value[0] == value[-1] == '"'):
            value = value[1:-1]
        parts[match.group(1).lower()] = value.strip()
        pos = match.end()
    if not parts.get("family"):
        return None
    return (
        "person",
        parts.get("given", ""),
        parts.get("prefix", ""),
        parts["family"],
        parts.get("suffix", ""),
    )


@functools.lru_cache(maxsize=50_000)
def _split_person(person: str) -> tuple[str, ...]:
    if one_group(person, "{", "}"):
        return ("literal", person[1:-1])
    extended = _extended_name(person)
    if extended is not None:
        return extended
    try:
        parts = parse_single_name_into_parts(person, strict=False)
    except ValueError:
        return ("literal", person)
    return (
        "person",
        " ".join(parts.first),
        " ".join(parts.von),
        " ".join(parts.last),
        " ".join(parts.jr),
    )
