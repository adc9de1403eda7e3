"""Writing, stage 1: which entry type a reference becomes, and which BibTeX field each
CSL variable goes to, in what order and written how (cached per type)."""

from __future__ import annotations

import functools
import re

from refmanager.formats.bibtex.vocab import (
    BOOKTITLE_TYPES,
    EXPORT_TYPES,
    FIELD_NAME,
    IMPORT_TYPES,
    JOURNAL_TYPES,
    SERIES_TYPES,
    SIMPLE_EXPORT,
    SPECIAL_BIB,
    SPECIAL_CSL,
    VERBATIM,
)
from refmanager.model import Reference
from refmanager.model.text import fold

# A master's degree in the words of the languages theses are written in (folded: no
# accents, lower case): "Mémoire de maîtrise", "Masterarbeit", "Tesi di laurea magistrale",
# "Dissertação de mestrado", "Tesis de maestría", "Magisterarbeit", "MSc thesis".
_MASTERS = re.compile(
    r"master|maitrise|memoire|magist|mestrado|maestria|laurea|diplom"
    r"|\bm\.?\s?(?:sc|a|eng|phil|res)\b|\bmsc|\bmphil|\bmres"
)


def bibtex_type(ref: Reference, biblatex: bool) -> tuple[str, str]:
    """The entry type for ``ref`` and the CSL type to record when it does not say it all."""
    types = EXPORT_TYPES.get(ref.type, ("misc", "misc"))
    entry_type = types[1] if biblatex else types[0]
    if ref.type == "thesis":
        genre = fold(ref.get("genre"))
        if _MASTERS.search(genre):
            entry_type = "mastersthesis"
        elif not biblatex or any(word in genre for word in ("phd", "ph. d", "doctor")):
            entry_type = "phdthesis"
    subtype = "" if IMPORT_TYPES.get(entry_type) == ref.type else ref.type
    return entry_type, subtype


# biblatex entry types without a publisher field (biber's data model).
_NO_PUBLISHER = frozenset({"misc", "software", "online"})


@functools.lru_cache(maxsize=512)
def _plan(csl_type: str, biblatex: bool) -> dict[str, str]:
    """CSL variable -> BibTeX field for one type, in the order fields are written.

    An empty field name means "not written as a field" (the key, say).
    """
    plan: dict[str, str] = {"title": "title"}
    if csl_type in JOURNAL_TYPES:
        plan["container-title"] = "journaltitle" if biblatex else "journal"
    elif csl_type in BOOKTITLE_TYPES:
        plan["container-title"] = "booktitle"
    else:
        plan["container-title"] = "howpublished"
    if csl_type == "thesis":
        plan["publisher"] = "institution" if biblatex else "school"
    elif csl_type == "report":
        plan["publisher"] = "institution"
    elif biblatex and EXPORT_TYPES.get(csl_type, ("", "misc"))[1] in _NO_PUBLISHER:
        plan["publisher"] = "organization"  # biber: no publisher in these; pandoc reads it
    else:
        plan["publisher"] = "publisher"
    plan["publisher-place"] = "location" if biblatex else "address"
    for csl, bib in SIMPLE_EXPORT.items():
        plan.setdefault(csl, bib)
    if csl_type in JOURNAL_TYPES:
        plan.update({"issue": "number", "number": "eid"})
    elif csl_type in SERIES_TYPES:
        plan.update({"collection-number": "number", "issue": "issue", "number": "eid"})
    else:
        plan.update({"number": "number", "issue": "issue"})
    plan["page"] = "pages"
    plan["citation-key"] = ""
    return plan


@functools.lru_cache(maxsize=4096)
def _other_field(csl_name: str) -> str:
    """The BibTeX field for a variable no plan maps (kept under its own name), or ""."""
    if csl_name in SPECIAL_CSL:
        return ""
    name = csl_name.lower()
    return name if FIELD_NAME.fullmatch(name) and name not in SPECIAL_BIB else ""


_TITLE_FIELDS = frozenset({"title", "booktitle", "series", "shorttitle", "eventtitle"})
# BibLaTeX list fields: " and " separates items, so a name holding "and" is braced.
_LIST_FIELDS = frozenset({"publisher", "institution", "school", "organization", "location"})


# How a field's value is written (see layout.entry_fields).
PLAIN, AS_IS, TITLE_TEXT, PAGE_RANGE, LIST_TEXT = range(5)


def _kind(name: str) -> int:
    if name in VERBATIM:
        return AS_IS
    if name in _TITLE_FIELDS:
        return TITLE_TEXT
    if name == "pages":
        return PAGE_RANGE
    return LIST_TEXT if name in _LIST_FIELDS else PLAIN


@functools.lru_cache(maxsize=4096)
def program(
    csl_type: str, biblatex: bool, variables: tuple[str, ...]
) -> tuple[tuple[str, int, tuple[str, ...]], ...]:
    """How to write a reference of ``csl_type`` that has ``variables``: the BibTeX fields
    in the order they are written, each with its kind and the variables that feed it.

    Fields come by rank (``_plan``'s order), then name; when several variables feed one
    field, the least non-empty value is written (what sorting (rank, name, value) and
    keeping the first gives).
    """
    plan = _plan(csl_type, biblatex)
    ranks = _ranks(csl_type, biblatex)
    groups: dict[str, tuple[int, int, list[str]]] = {}
    for csl_name in variables:
        name = plan[csl_name] if csl_name in plan else _other_field(csl_name)
        if name and name not in groups:
            groups[name] = (ranks.get(name, len(ranks)), _kind(name), [])
        if name:
            groups[name][2].append(csl_name)
    order = sorted(groups.items(), key=lambda item: (item[1][0], item[0]))
    return tuple((name, kind, tuple(sources)) for name, (_, kind, sources) in order)


@functools.lru_cache(maxsize=512)
def _ranks(csl_type: str, biblatex: bool) -> dict[str, int]:
    return {name: rank for rank, name in enumerate(_plan(csl_type, biblatex).values()) if name}


@functools.lru_cache(maxsize=512)
def simple_type(csl_type: str, biblatex: bool) -> tuple[str, str]:
    """``bibtex_type`` for a type other than thesis (the only one whose genre counts)."""
    return bibtex_type(Reference(type=csl_type), biblatex)
