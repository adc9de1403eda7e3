"""How a reference is stored: its CSL JSON, its indexed columns and its search-index text."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from refmanager.library.normalize import arxiv_of, first_author_key, norm_title, space_cjk
from refmanager.model import Attachment, Reference
from refmanager.model.identifiers import doi_key, isbn_key
from refmanager.model.names import names_text


def csl_json(ref: Reference) -> str:
    """The CSL JSON stored in ``ref_data.csl`` (the raw text is in its own column)."""
    item = ref.to_csl()
    item.pop("_raw", None)
    return json.dumps(item, ensure_ascii=False, separators=(",", ":"))


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


def reference_columns(ref: Reference) -> dict[str, Any]:
    """The columns of ``refs`` and ``ref_data`` derived from a reference (no ids, no times)."""
    names = ref.author or ref.editor
    conf = [v for v in ref.confidence.values() if isinstance(v, (int, float))]
    title = ref.get("title")
    return {
        "raw": ref.raw,
        "csl": csl_json(ref),
        "type": ref.type or "article",
        "title": title,
        "author": names_text(names),
        "author_sort": first_author_key(names),
        "year": ref.year,
        "venue": ref.get("container-title") or ref.get("publisher"),
        "doi": doi_key(ref.get("DOI")),
        "arxiv": arxiv_of(ref),
        "isbn": isbn_key(ref.get("ISBN")),
        # the parser's probability that the whole row is right; else the least sure field
        "confidence": ref.confidence.get("_row", min(conf) if conf else None),
        "norm_title": norm_title(title),
    }


def fts_values(ref: Reference) -> tuple[str, str, str, str]:
    """The four FTS columns (title, author, venue, other) of a reference."""
    names = " ; ".join(n.display() for n in [*ref.author, *ref.editor])
    # the raw text too: a badly parsed reference stays findable by what is printed
    other_parts = [ref.get("publisher"), ref.get("collection-title"), ref.get("note"), ref.raw]
    return (
        space_cjk(ref.get("title")),
        space_cjk(names),
        space_cjk(ref.get("container-title")),
        space_cjk(" ".join(p for p in other_parts if p)),
    )


@dataclass(slots=True)
class StoredForm:
    """A reference as the library writes it, derived before it has an id: its columns
    (:func:`reference_columns`), its full-text index values (:func:`fts_values`), and what
    a bibliography file said beside it. Plain data, so a worker process can derive it."""

    columns: dict[str, Any]
    fts: tuple[str, str, str, str]
    attachments: tuple[Attachment, ...] = ()
    groups: tuple[str, ...] = ()


def stored_form(ref: Reference) -> StoredForm:
    return StoredForm(reference_columns(ref), fts_values(ref), ref.attachments, ref.groups)
