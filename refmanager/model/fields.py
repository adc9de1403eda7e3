"""Fields of a reference in their one string form: names as ``Family, Given[, Suffix]; ...``
(particles kept, see :meth:`Name.inverted`), dates as ``Y-M-D``, other fields as they are.

The entry editor, the merge dialog, the library's stores and the service's editing all
read and write fields through :func:`get_field` and :func:`set_field`, so that a value
shown and edited comes back as it was.
"""

from __future__ import annotations

from refmanager.model.items import Date, Name, Reference
from refmanager.model.names import names_text, parse_names


def get_field(ref: Reference, name: str) -> str:
    """A field of ``ref`` as a string (names as ``Family, Given; ...``, dates as ``Y-M-D``)."""
    if name == "type":
        return ref.type
    if name in ("author", "editor"):
        return names_text(ref.author if name == "author" else ref.editor)
    if name in ("issued", "accessed", "year"):
        date = ref.issued if name != "accessed" else ref.accessed
        return "" if date is None else date.iso()
    return ref.get(name)


def set_field(ref: Reference, name: str, value: str) -> None:
    """Set a field from its string form (the inverse of :func:`get_field`)."""
    value = value.strip()
    if name == "type":
        ref.type = value or "article"
    elif name in ("author", "editor"):
        names: list[Name] = parse_names(value)
        if name == "author":
            ref.author = names
        else:
            ref.editor = names
    elif name in ("issued", "year"):
        ref.issued = Date.from_csl(value) if value else None
    elif name == "accessed":
        ref.accessed = Date.from_csl(value) if value else None
    else:
        ref.set(name, value)
