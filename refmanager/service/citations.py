"""Use case: references as plain formatted citations (the window's Copy as citation)."""

from __future__ import annotations

from collections.abc import Iterable

from refmanager.model import Reference


def citation(ref: Reference) -> str:
    """One reference as a plain formatted citation (authors, year, title, container...)."""
    names = [n.display() for n in ref.author]
    if len(names) > 3:
        names = [*names[:3], "et al."]
    parts = [", ".join(names)] if names else []
    if ref.year is not None:
        parts.append(f"({ref.year})")
    head = " ".join(parts)
    title = ref.get("title")
    where = ref.get("container-title") or ref.get("publisher")
    volume = ref.get("volume")
    if volume and ref.get("issue"):
        volume += f"({ref.get('issue')})"
    if ref.get("page"):
        volume = f"{volume}: {ref.get('page')}" if volume else ref.get("page")
    pieces = [p for p in (head, title, ", ".join(x for x in (where, volume) if x)) if p]
    text = ". ".join(pieces)
    if ref.get("DOI"):
        text += f". https://doi.org/{ref.get('DOI')}"
    elif ref.get("URL"):
        text += f". {ref.get('URL')}"
    return (text or ref.raw).rstrip(".") + "."


def citations(refs: Iterable[Reference]) -> str:
    """One citation a line, ending with a newline."""
    return "\n".join(citation(r) for r in refs) + "\n"
