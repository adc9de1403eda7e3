"""How a reference is stored: its CSL JSON, its indexed columns and its search-index text."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from refmanager.library.normalize import arxiv_of, first_author_key, norm_title, space_cjk
from refmanager.model import Attachment, Reference
from refmanager.model.identifiers import doi_key, isbn_key
from refmanager.model.names import names_text

# What json.dumps(item, ensure_ascii=False, separators=(",", ":")) makes, with its encoder
# built once rather than for every reference.
_ENCODER = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"), check_circular=False)


def csl_json(ref: Reference) -> str:
    """The CSL JSON stored in ``ref_data.csl`` (the raw text is in its own column)."""
    item = ref.to_csl()
    item.pop("_raw", None)
    return _ENCODER.encode(item)


def load_reference(raw: str, csl: str) -> Reference:
    """The inverse of :func:`csl_json`."""
    item = json.loads(csl)
    if raw:
        item["_raw"] = raw
    return Reference.from_csl(item)


def decode_items(texts: list[str]) -> list[dict[str, Any]]:
    """Stored CSL JSON objects decoded in one call (one by one if that does not give them)."""
    try:
        items = json.loads("[" + ",".join(texts) + "]")
    except ValueError:
        items = None
    if (
        isinstance(items, list)
        and len(items) == len(texts)
        and all(item.__class__ is dict for item in items)
    ):
        return items
    return [json.loads(text) for text in texts]


# The columns of ``refs`` a reference's own data fills, in the order of ``reference_row``.
ROW_COLUMNS = (
    "type",
    "title",
    "author",
    "author_sort",
    "year",
    "venue",
    "doi",
    "arxiv",
    "isbn",
    "confidence",
    "norm_title",
)


def reference_row(ref: Reference) -> tuple[Any, ...]:
    """The values of ``ROW_COLUMNS`` derived from a reference."""
    names = ref.author or ref.editor
    fields = ref.fields
    title = fields.get("title", "")
    doi = fields.get("DOI")
    isbn = fields.get("ISBN")
    return (
        ref.type or "article",
        title,
        names_text(names),
        first_author_key(names),
        ref.year,
        fields.get("container-title") or fields.get("publisher", ""),
        doi_key(doi) if doi else "",
        arxiv_of(ref),
        isbn_key(isbn) if isbn else "",
        _confidence(ref.confidence),
        norm_title(title),
    )


def reference_columns(ref: Reference) -> dict[str, Any]:
    """The columns of ``refs`` and ``ref_data`` derived from a reference (no ids, no times)."""
    columns: dict[str, Any] = {"raw": ref.raw, "csl": csl_json(ref)}
    columns.update(zip(ROW_COLUMNS, reference_row(ref), strict=True))
    return columns


def _confidence(confidence: dict[str, float]) -> float | None:
    """The parser's probability that the whole row is right; else the least sure field."""
    if not confidence:
        return None
    conf = [v for v in confidence.values() if isinstance(v, (int, float))]
    return confidence.get("_row", min(conf) if conf else None)


def fts_values(ref: Reference) -> tuple[str, str, str, str]:
    """The four FTS columns (title, author, venue, other) of a reference."""
    people = [*ref.author, *ref.editor] if ref.editor else ref.author
    names = " ; ".join([n.display() for n in people])
    fields = ref.fields
    # the raw text too: a badly parsed reference stays findable by what is printed
    other_parts = [
        fields.get("publisher"),
        fields.get("collection-title"),
        fields.get("note"),
        ref.raw,
    ]
    return (
        space_cjk(fields.get("title", "")),
        space_cjk(names),
        space_cjk(fields.get("container-title", "")),
        space_cjk(" ".join([p for p in other_parts if p])),
    )


@dataclass(slots=True)
class StoredForm:
    """A reference as the library writes it, derived before it has an id: its row
    (:func:`reference_row`), raw text and CSL JSON, its full-text index values
    (:func:`fts_values`), and what a bibliography file said beside it. Plain data, so a
    worker process can derive it (pickled as its values, in order)."""

    row: tuple[Any, ...]
    raw: str
    csl: str
    fts: tuple[str, str, str, str]
    attachments: tuple[Attachment, ...] = ()
    groups: tuple[str, ...] = ()

    def __reduce__(self) -> tuple[type[StoredForm], tuple[Any, ...]]:
        return (
            StoredForm,
            (self.row, self.raw, self.csl, self.fts, self.attachments, self.groups),
        )


def stored_form(ref: Reference) -> StoredForm:
    csl = csl_json(ref)  # first: a value JSON cannot hold fails here, as it is (TypeError)
    return StoredForm(
        reference_row(ref), ref.raw, csl, fts_values(ref), ref.attachments, ref.groups
    )
