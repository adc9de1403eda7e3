"""Use cases that change references by hand: correct a field (kept as a training example),
give a span of the raw text to a field, parse references again, add pasted references,
write a note, delete references.

Each is an undoable :class:`Change` whose ``do`` returns what its ``undo`` needs; the
window keeps those on its undo stack, the command line (``refmanager correct``,
``refmanager reparse``) calls ``do``. A re-parse and a paste take a window's worker
process, which parses and writes out of the window's process.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from refmanager.library import DeletedReferences, Library, StoredReference
from refmanager.model import Entry, InputError, Reference, Token
from refmanager.model.fields import get_field, set_field
from refmanager.service import parsing
from refmanager.service.parsing import model_for
from refmanager.service.views import STRUCTURE, Change, Changes, plural
from refmanager.service.workers import Report, WorkerProcess


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


def _correct_field(lib: Library, ref_id: int, name: str, value: str) -> Correction:
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


def _assign_span(lib: Library, ref_id: int, name: str, start: int, end: int) -> Correction:
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


def _reparse(lib: Library, ref_ids: Sequence[int]) -> list[dict[str, Any]]:
    """Run the parser again on references (fields the user edited are kept), in one
    transaction; returns their previous rows as the library stores them
    (:func:`restore_references` undoes it). The library's own retrained model is used when
    it has one.

    The undo keeps stored rows (strings and numbers), not decoded references: a thousand
    decoded references are some 60,000 objects, which Python's cyclic collector scanned in
    one piece when a re-parse in the window's background ended, holding the GIL for
    17-109 ms here (a stall of the window; benchmarks/gui_stall_trace.py), and again in every
    full collection while the undo stack kept them. Dicts of plain values it skips.
    """
    stored = [s for s in lib.references.references(list(ref_ids)) if s.reference.raw]
    fresh = parsing.parse_again([s.reference for s in stored], model_for(lib.folder))
    with lib.transaction():
        previous = lib.references.row_dicts([s.id for s in stored])
        for s, new in zip(stored, fresh, strict=True):
            if s.reference.citation_number is not None:
                new.citation_number = s.reference.citation_number
            new.tokens = kept_assignments(s.reference.tokens, new.tokens, s.edited)
            lib.references.replace_reference(s.id, new, keep_edited=True)
    return previous


def kept_assignments(
    old: Sequence[Token], new: Sequence[Token], edited: frozenset[str]
) -> list[Token]:
    """The new parse's tokens, but where the user gave text to a field they edited (a
    field a re-parse keeps) the text keeps that field's label: the raw text is coloured by
    what the fields hold, not by the parser's old reading of it."""
    spans = [(t.start, t.end, t.label) for t in old if _field_of(t.label) in edited]
    out = []
    for token in new:
        label = token.label
        for start, end, kept in spans:
            if token.start < end and token.end > start:
                label = kept
                break
        else:
            if _field_of(label) in edited:
                label = "O"  # the field holds what the user said, not this text
        out.append(Token(token.start, token.end, label) if label != token.label else token)
    return out


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
        done += len(reparse(ids[start : start + batch]).do(lib))
        if progress is not None:
            progress(min(start + batch, len(ids)), len(ids))
    return done


def edit_field(ref_id: int, name: str, value: str) -> Change[Correction]:
    """Set a field as the user typed it (kept as a training example for the parser).

    Raises:
        InputError: the value cannot be stored in that field.
    """
    if name == "issued" and value and not value[:4].isdigit():
        raise InputError("year", f"'{value}' is not a year")
    label = name.replace("container-title", "container").replace("issued", "year")
    return Change(
        f"edit {label}",
        lambda lib: _correct_field(lib, ref_id, name, value),
        undo_correction,
        Changes.of_rows([ref_id]) | Changes(duplicates=True),
    )


def assign_span(ref_id: int, name: str, start: int, end: int) -> Change[Correction]:
    """Give the raw text ``[start, end)`` to field ``name``: the field takes that text and
    the tokens inside the span take its label ("O": no field, only the tokens change); kept
    as a training example.

    ``do`` raises InputError when the span is empty.
    """
    return Change(
        f"assign text to {name}",
        lambda lib: _assign_span(lib, ref_id, name, start, end),
        undo_correction,
        Changes.of_rows([ref_id]) | Changes(duplicates=True),
    )


def reparse(
    ids: Sequence[int], worker: WorkerProcess | None = None
) -> Change[list[dict[str, Any]]]:
    """Parse references again from their raw text (fields the user edited are kept):
    here, or in ``worker`` (a window's), which parses and writes out of its process."""
    chosen = list(ids)

    def do(lib: Library) -> list[dict[str, Any]]:
        if worker is None:
            return _reparse(lib, chosen)
        return worker.call(reparse_in_folder, lib.folder, chosen)

    return Change(
        f"re-parse {plural(len(chosen), 'reference')}",
        do,
        restore_references,
        Changes.of_rows(chosen) | Changes(duplicates=True),
        slow=True,
    )


def paste(texts: Sequence[str], worker: WorkerProcess | None = None) -> Change[list[int]]:
    """Pasted reference strings parsed and added without a document (in ``worker``, as for
    :func:`reparse`); ``do`` returns their ids."""
    chosen = list(texts)

    def do(lib: Library) -> list[int]:
        if worker is None:
            return _add_texts(lib, chosen)
        return worker.call(add_texts_in_folder, lib.folder, chosen)

    return Change(
        f"paste {plural(len(chosen), 'reference')}",
        do,
        lambda lib, ids: lib.references.delete_references(ids),
        STRUCTURE,
        slow=True,
    )


def set_note(ref_id: int, text: str) -> Change[str]:
    """Write the user's note on a reference (an empty text removes it)."""
    return Change(
        "edit note",
        lambda lib: lib.notes.set_note(ref_id, text),
        lambda lib, previous: lib.notes.set_note(ref_id, previous),
        Changes.of_rows([ref_id]),
    )


def delete(ids: Sequence[int]) -> Change[DeletedReferences]:
    """Delete references; the undo gives them back with their tags, marks and notes."""
    chosen = list(ids)
    return Change(
        f"delete {plural(len(chosen), 'reference')}",
        lambda lib: lib.references.delete_references(chosen),
        lambda lib, snapshot: lib.references.restore_references(snapshot),
        STRUCTURE,
        slow=True,
        restores=DeletedReferences.ids,
    )


def reparse_in_folder(folder: Path, ref_ids: list[int], report: Report) -> list[dict[str, Any]]:
    """:func:`reparse` on a connection of its own to the library in ``folder``: how a
    window's worker process re-parses (``WorkerProcess.call``), so that neither the parser
    nor the writing runs in the window's process."""
    report(0, len(ref_ids), f"Re-parsing {len(ref_ids):,} references")
    with Library.open(folder, create=False) as lib:
        return _reparse(lib, ref_ids)


def add_texts_in_folder(folder: Path, texts: list[str], report: Report) -> list[int]:
    """:func:`paste` on a connection of its own, as :func:`reparse_in_folder`."""
    report(0, len(texts), f"Parsing {len(texts):,} references")
    with Library.open(folder, create=False) as lib:
        return _add_texts(lib, texts)


def restore_references(lib: Library, previous: Sequence[Mapping[str, Any]]) -> None:
    """Put references back as they were (the undo of :func:`reparse`)."""
    with lib.transaction():
        for row in previous:
            lib.references.write_row(row, insert=False)


def _add_texts(lib: Library, texts: Sequence[str]) -> list[int]:
    """Reference strings (pasted) parsed and added without a document; their ids."""
    from refmanager.parse import parse_entries  # where it parses: the worker, the CLI

    entries = [Entry(raw=t) for t in texts if t.strip()]
    refs = parse_entries(entries, model_for(lib.folder))
    return lib.references.add_references(refs)


def correct(library: Path, ref_id: int, changes: Sequence[tuple[str, str]]) -> Reference:
    """Set fields of a reference as the user corrected them; each change is stored as a
    training example (``refmanager train --with-corrections`` learns from them)."""
    with Library.open(library, create=False) as lib:
        try:
            for name, value in changes:
                edit_field(ref_id, name, value).do(lib)
            return lib.references.reference(ref_id).reference
        except KeyError as exc:
            raise InputError(str(ref_id), "no reference with this id") from exc
