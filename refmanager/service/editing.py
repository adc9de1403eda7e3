"""Use cases that change references by hand: correct a field (kept as a training example),
give a span of the raw text to a field, parse references again, add pasted references.

Each change returns what its undo needs; the window keeps those on its undo stack, the CLI
(``refmanager correct``, ``refmanager reparse``) just makes the change.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from refmanager.library import Library, StoredReference
from refmanager.model import Entry, InputError, Reference, Token
from refmanager.model.fields import get_field, set_field
from refmanager.parse import parse_entries
from refmanager.service import parsing
from refmanager.service.parsing import model_for
from refmanager.service.workers import Report


def store_correction(lib: Library, ref_id: int) -> int | None:
    """Keep a reference's current fields as a labelled example for the parser (raw text +
    corrected CSL item); None when it has no raw text to learn from."""
    stored = lib.references.reference(ref_id)
    ref = stored.reference
    if not ref.raw:
        return None
    item = ref.to_csl()
    for key in ("_confidence", "_location", "_tokens"):
        item.pop(key, None)
    return lib.corrections.add_correction(ref.raw, item, ref_id)


@dataclass(slots=True)
class Correction:
    """A reference as it was before a correction, and the training example stored with the
    correction (for :func:`undo_correction`)."""

    previous: StoredReference
    correction_id: int | None


def correct_field(lib: Library, ref_id: int, name: str, value: str) -> Correction:
    """Set a field as the user corrected it, and keep the corrected item as a training
    example for the parser (:func:`store_correction`), in one transaction."""
    with lib.transaction():
        previous = lib.references.set_field(ref_id, name, value)
        correction_id = store_correction(lib, ref_id)
    return Correction(previous, correction_id)


def undo_correction(lib: Library, correction: Correction) -> None:
    with lib.transaction():
        lib.references.restore_reference(correction.previous)
        if correction.correction_id is not None:
            lib.corrections.delete_correction(correction.correction_id)


def assign_span(lib: Library, ref_id: int, name: str, start: int, end: int) -> Correction:
    """Give the raw text ``[start, end)`` to field ``name``: the field takes that text and the
    tokens inside the span take its label ("O": no field, only the tokens change). The result
    is kept as a training example; the correction returned is for :func:`undo_correction`.

    Raises:
        InputError: the span is empty.
    """
    previous = lib.references.reference(ref_id)
    ref = Reference.from_csl(json.loads(json.dumps(previous.reference.to_csl())))
    raw = ref.raw
    start, end = max(0, min(start, len(raw))), max(0, min(end, len(raw)))
    if end <= start:
        raise InputError("selection", "select some raw text first")
    text = " ".join(raw[start:end].split()).strip(" ,.;:")
    if name == "issued":
        digits = "".join(c for c in text if c.isdigit())
        text = digits[:4] if len(digits) >= 4 else text
    before = {_field_of(t.label) for t in ref.tokens if t.start < end and t.end > start}
    if name != "O":
        set_field(ref, name, text)
    ref.tokens = _relabel(ref.tokens, start, end, name, raw)
    ref.confidence[name] = 1.0
    edited = set(previous.edited)
    if name != "O":
        edited.add(name)
    # the text leaves the field it was in: it is never exported twice
    for old in sorted(f for f in before if f and f != _field_of(name)):
        if _take_out(ref, old, text):
            edited.add(old)
    updated = replace(previous, reference=ref, edited=frozenset(edited), tags=list(previous.tags))
    with lib.transaction():
        lib.references.restore_reference(updated)
        correction_id = store_correction(lib, ref_id)
    return Correction(previous, correction_id)


# Token labels that name a field under another name, and labels that are no field at all.
_LABEL_FIELDS = {"year": "issued", "date": "issued"}
_NOT_FIELDS = frozenset({"O", "label", "citation-number"})
_NAME_FIELDS = frozenset({"author", "editor"})


def _field_of(label: str) -> str:
    """The field a token label stands for ("" for text that belongs to no field)."""
    return "" if label in _NOT_FIELDS else _LABEL_FIELDS.get(label, label)


def _take_out(ref: Reference, name: str, text: str) -> bool:
    """Remove ``text`` from field ``name`` (it was given to another field); True if the
    field changed. A names field loses its names only when no token of it is left."""
    if name in _NAME_FIELDS:
        if any(_field_of(t.label) == name for t in ref.tokens):
            return False
        set_field(ref, name, "")
        return True
    value = get_field(ref, name)
    if not value or not text or text not in value:
        return False
    rest = " ".join(value.replace(text, " ").split()).strip(" ,.;:()[]")
    set_field(ref, name, rest)
    return True


def _relabel(tokens: list[Token], start: int, end: int, label: str, raw: str) -> list[Token]:
    """Tokens with ``[start, end)`` labelled ``label`` (tokens cut at the span's edges)."""
    out: list[Token] = []
    for tok in tokens:
        if tok.end <= start or tok.start >= end:
            out.append(tok)
            continue
        if tok.start < start:
            out.append(Token(tok.start, start, tok.label))
        if tok.end > end:
            out.append(Token(end, tok.end, tok.label))
    pos = start  # one token per word of the span
    for word in raw[start:end].split():
        at = raw.index(word, pos)
        out.append(Token(at, at + len(word), label))
        pos = at + len(word)
    out.sort(key=lambda t: (t.start, t.end))
    return out


def reparse(lib: Library, ref_ids: Sequence[int]) -> list[dict[str, Any]]:
    """Run the parser again on references (fields the user edited are kept), in one
    transaction; returns their previous rows as the library stores them
    (:func:`restore_references` undoes it). The library's own retrained model is used when
    it has one. A window runs it in its worker process (:func:`reparse_in_folder`).

    The undo keeps stored rows (strings and numbers), not decoded references: a thousand
    decoded references are some 60,000 objects, which Python's cyclic collector scanned in
    one piece when a re-parse in the window's background ended, holding the GIL for
    17-109 ms here (a stall of the window; benchmarks/gui_stall_trace.py), and again in every
    full collection while the undo stack kept them. Dicts of plain values it skips.
    """
    stored = [s for s in lib.references.references(list(ref_ids)) if s.reference.raw]
    fresh = parsing.reparse([s.reference for s in stored], model_for(lib.folder))
    with lib.transaction():
        previous = lib.references.row_dicts([s.id for s in stored])
        for s, new in zip(stored, fresh, strict=True):
            if s.reference.citation_number is not None:
                new.citation_number = s.reference.citation_number
            lib.references.replace_reference(s.id, new, keep_edited=True)
    return previous


def reparse_matching(
    lib: Library,
    query: str = "",
    batch: int = 500,
    progress: Callable[[int, int], None] | None = None,
) -> int:
    """:func:`reparse` the references matching ``query`` (all by default), one transaction
    per ``batch``; how many were re-parsed."""
    ids = lib.search.search_ids(query, order_by="id")
    done = 0
    for start in range(0, len(ids), batch):
        done += len(reparse(lib, ids[start : start + batch]))
        if progress is not None:
            progress(min(start + batch, len(ids)), len(ids))
    return done


def reparse_in_folder(folder: Path, ref_ids: list[int], report: Report) -> list[dict[str, Any]]:
    """:func:`reparse` on a connection of its own to the library in ``folder``: how a
    window's worker process re-parses (``WorkerProcess.call``), so that neither the parser
    nor the writing runs in the window's process."""
    report(0, len(ref_ids), f"Re-parsing {len(ref_ids):,} references")
    with Library.open(folder, create=False) as lib:
        return reparse(lib, ref_ids)


def add_texts_in_folder(folder: Path, texts: list[str], report: Report) -> list[int]:
    """:func:`add_texts` on a connection of its own, as :func:`reparse_in_folder`."""
    report(0, len(texts), f"Parsing {len(texts):,} references")
    with Library.open(folder, create=False) as lib:
        return add_texts(lib, texts)


def restore_references(lib: Library, previous: Sequence[Mapping[str, Any]]) -> None:
    """Put references back as they were (the undo of :func:`reparse`)."""
    with lib.transaction():
        for row in previous:
            lib.references.write_row(row, insert=False)


def add_texts(lib: Library, texts: Sequence[str]) -> list[int]:
    """Reference strings (pasted) parsed and added without a document; their ids."""
    entries = [Entry(raw=t) for t in texts if t.strip()]
    refs = parse_entries(entries, model_for(lib.folder))
    return lib.references.add_references(refs)


def correct(library: Path, ref_id: int, changes: Sequence[tuple[str, str]]) -> Reference:
    """Set fields of a reference as the user corrected them; each change is stored as a
    training example (``refmanager train --with-corrections`` learns from them)."""
    with Library.open(library, create=False) as lib:
        try:
            for name, value in changes:
                correct_field(lib, ref_id, name, value)
            return lib.references.reference(ref_id).reference
        except KeyError as exc:
            raise InputError(str(ref_id), "no reference with this id") from exc
