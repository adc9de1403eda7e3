"""Shared helpers for the format tests."""

from __future__ import annotations

import unicodedata
from typing import Any

from refmanager.model import Date, Name, Reference


def comparable(ref: Reference) -> dict[str, Any]:
    """A reference's CSL item without what an export may rename (id, key, raw text), NFC."""
    item = ref.to_csl()
    for key in ("id", "citation-key", "_raw", "citation-number"):
        item.pop(key, None)
    normal: dict[str, Any] = _nfc(item)
    return normal


def _nfc(value: Any) -> Any:
    if isinstance(value, str):
        return unicodedata.normalize("NFC", value)
    if isinstance(value, list):
        return [_nfc(v) for v in value]
    if isinstance(value, dict):
        return {k: _nfc(v) for k, v in value.items()}
    return value


def sample() -> Reference:
    ref = Reference(
        type="article-journal",
        author=[
            Name(family="Barabási", given="Albert-László"),
            Name(literal="World Health Organization"),
            Name(family="Berg", given="Jan", non_dropping_particle="van der"),
            Name(family="Gelatt", given="C. D.", suffix="Jr."),
        ],
        issued=Date(1999, 5, 3),
    )
    ref.set("title", "Emergence of scaling in DNA & RNA networks: 50% of U-Net")
    ref.set("container-title", "Computing in Science & Engineering")
    ref.set("volume", "286")
    ref.set("issue", "5439")
    ref.set("page", "509-512")
    ref.set("DOI", "10.1007/978-3-642-35289-8_3")
    return ref
