"""Use cases: fixing a failed extraction by hand, each an undoable :class:`Change`.

- :func:`extract_between`: the user marked where the document's list starts and ends; the
  PDF is read again between the marks and its references are replaced.
- :func:`merge_rows`: two rows that are one entry become one (the raw texts joined,
  re-parsed).
- :func:`split_row`: a row that holds two entries is cut at the cursor in its raw text.
- :func:`not_reference`: rows that are not references (an affiliation, a footnote) are
  removed.

Each keeps the document's lines as the correction left them labelled
(``start``/``in``/``other``...) in the library's ``layout_corrections``: training data for
the line model in the form :mod:`refmanager.pdf.linetrain` trains on (see
:func:`layout_training_documents`).

Given a window's worker process (``Session.worker``), each change reads the PDF and parses
there, on a connection of its own, as a re-parse does; its undo only writes, on the
window's writer thread. The PDF reader and the parser are imported by the functions that
run them, so the window's process, which loads this module for the changes and their
undo, never loads them (decision 0045).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from contextlib import suppress
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, TypeVar

from refmanager.library import DeletedReferences, Library, StoredReference
from refmanager.model import Entry, InputError, Mark, Reference
from refmanager.service.parsing import model_for
from refmanager.service.views import STRUCTURE, Change, plural
from refmanager.service.workers import Report, WorkerProcess

__all__ = [
    "Extracted",
    "Joined",
    "Rejected",
    "Split",
    "extract_between",
    "layout_training_documents",
    "merge_rows",
    "next_in_document",
    "not_reference",
    "split_row",
]

T = TypeVar("T")
BOUNDS, MERGE, SPLIT, NOT_REFERENCE = "bounds", "merge", "split", "not-reference"
PRINTED_LABEL = re.compile(r"\s*[\[(]?\d+[\]).]")  # a part split off that starts "[22]"


@dataclass(slots=True)
class Extracted:
    """What :func:`_extract_between` did (and its undo state)."""

    document_id: int
    removed: DeletedReferences
    added: list[int]
    status: tuple[str, str]  # the document's status and message before
    example: int | None
    notes: list[str]  # the extractor's notes (why nothing was found, unreadable pages)


@dataclass(slots=True)
class Joined:
    """The undo state of :func:`_join`."""

    kept: int
    before: StoredReference
    removed: DeletedReferences
    example: int | None


@dataclass(slots=True)
class Split:
    """The undo state of :func:`_split`."""

    before: StoredReference
    added: int
    example: int | None


@dataclass(slots=True)
class Rejected:
    """The undo state of :func:`_reject`."""

    removed: DeletedReferences
    examples: list[int]


# -- the list's bounds ---------------------------------------------------------------------
def _extract_between(lib: Library, document_id: int, start: Mark, end: Mark) -> Extracted:
    """Read the document's PDF again between ``start`` and ``end`` and replace its references.

    Raises:
        InputError: the document has no PDF in the library, the file cannot be read, or a
            mark is off the document or after the other.
    """
    from refmanager.pdf import read_between

    path = _pdf_of(lib, document_id)
    bib = read_between(path, start, end)
    refs = _parsed(lib, bib.entries)
    record = lib.documents.document(document_id)
    with lib.transaction():
        old = [s.id for s in lib.documents.references_of(document_id)]
        removed = lib.references.delete_references(old)
        added = lib.references.add_references(refs, document_id)
        failed = [n for n in bib.notes if n.startswith("no bibliography found")]
        status = "failed" if failed else ("partial" if bib.notes else "ok")
        lib.documents.set_document_status(document_id, status, "; ".join(bib.notes))
    example = _keep_example(lib, document_id, BOUNDS, path)
    return Extracted(
        document_id, removed, added, (record.status, record.message), example, bib.notes
    )


def _undo_extract(lib: Library, done: Extracted) -> None:
    with lib.transaction():
        lib.references.delete_references(done.added)
        lib.references.restore_references(done.removed)
        lib.documents.set_document_status(done.document_id, *done.status)
        _forget(lib, [done.example])


# -- two rows into one ---------------------------------------------------------------------
def next_in_document(lib: Library, ref_id: int) -> int:
    """The reference after ``ref_id`` in its document's list.

    Raises:
        InputError: it has no document, or it is the document's last reference.
    """
    stored = lib.references.reference(ref_id)
    if stored.document_id is None:
        raise InputError("merge", "this reference was not read from a document: choose two rows")
    later = [
        s
        for s in lib.documents.references_of(stored.document_id)
        if s.position > stored.position and s.merged_into is None
    ]
    if not later:
        raise InputError("merge", "this is the document's last reference: nothing follows it")
    return min(later, key=lambda s: s.position).id


def shifted_styles(
    styles: list[tuple[int, int, str]], shift: int, end: int
) -> list[tuple[int, int, str]]:
    """Font style spans cut at ``end`` and moved by ``shift`` (into a joined or cut text)."""
    out = []
    for start, stop, kind in styles:
        a, b = max(start + shift, 0), min(stop, end) + shift
        if a < b:
            out.append((a, b, kind))
    return out


def _join(lib: Library, first_id: int, second_id: int) -> Joined:
    """Make one reference of two: the first keeps its id, label and place; its raw text is
    both texts joined, parsed again; the second is removed.

    Raises:
        InputError: the two come from different documents, or are the same row.
    """
    if first_id == second_id:
        raise InputError("merge", "choose two different rows")
    first, second = lib.references.reference(first_id), lib.references.reference(second_id)
    if first.document_id != second.document_id:
        raise InputError("merge", "the two rows come from different documents")
    if first.document_id is not None and second.position < first.position:
        first, second = second, first
    a, b = first.reference, second.reference
    head, tail = a.raw.rstrip(), b.raw.lstrip()
    gap = joint(head, tail)
    shift = len(head) + len(gap) - (len(b.raw) - len(tail))
    entry = Entry(
        raw=f"{head}{gap}{tail}".strip(),
        label=a.label,
        locations=[*a.location, *b.location],
        fragment=a.fragment,
        styles=[
            *shifted_styles(a.styles, 0, len(head)),
            *shifted_styles(b.styles, shift, len(b.raw)),
        ],
    )
    [joined] = _parsed(lib, [entry])
    with lib.transaction():
        before = lib.references.replace_reference(first.id, joined, keep_edited=False)
        removed = lib.references.delete_references([second.id])
        _close_gaps(lib, removed)
    example = _keep_example(lib, first.document_id, MERGE)
    return Joined(first.id, before, removed, example)


def _undo_join(lib: Library, done: Joined) -> None:
    with lib.transaction():
        _open_gaps(lib, done.removed)
        lib.references.restore_references(done.removed)
        lib.references.restore_reference(done.before)
        _forget(lib, [done.example])


def _cjk(char: str) -> bool:
    return "\u2e80" <= char <= "\u9fff" or "\uf900" <= char <= "\uffef"


def joint(head: str, tail: str) -> str:
    """What goes between two texts joined into one entry: nothing beside Chinese,
    Japanese or Korean text (written without spaces), else a space."""
    if head and tail and (_cjk(head[-1]) or _cjk(tail[0])):
        return ""
    return " "


def _in_word(char: str) -> bool:
    return char.isalnum() and not _cjk(char)


# -- one row into two ----------------------------------------------------------------------
def word_boundary(raw: str, offset: int) -> int:
    """``offset`` moved out of a word: to the word's start (the entry after a split begins
    with a whole word), or to its end when the word is the text's first. A cut inside a word
    gave "… B. U" and "sing DeepSpeed"."""
    if not 0 < offset < len(raw) or not (_in_word(raw[offset - 1]) and _in_word(raw[offset])):
        return offset
    start = offset
    while start > 0 and _in_word(raw[start - 1]):
        start -= 1
    if raw[:start].strip():
        return start
    end = offset
    while end < len(raw) and _in_word(raw[end]):
        end += 1
    return end


def second_label(label: str) -> str:
    """The label of the part split off an entry: its entry's with a "b" (``[22]`` ->
    ``[22b]``), so that it repeats no other entry's number; none when it had none."""
    if not label:
        return ""
    closing = label[-1] if label[-1] in ")]}." else ""
    return f"{label[: len(label) - len(closing)]}b{closing}"


def _split(lib: Library, ref_id: int, offset: int) -> Split:
    """Cut a reference in two at ``offset`` in its raw text; each part is parsed again, the
    second placed right after the first (its boxes on the page are cut at the nearest line).

    Raises:
        InputError: the cut leaves one part without text.
    """
    stored = lib.references.reference(ref_id)
    ref = stored.reference
    offset = word_boundary(ref.raw, offset)
    head, tail = ref.raw[:offset].rstrip(), ref.raw[offset:].lstrip()
    if not head or not tail:
        raise InputError("split", "put the cursor inside the raw text, between two entries")
    boxes = (list(ref.location), list(ref.location))
    path = _pdf_or_none(lib, stored.document_id)
    if path is not None and ref.location:
        from refmanager.pdf import split_boxes

        with suppress(InputError):  # unreadable now: the parts keep the whole box
            boxes = split_boxes(path, ref.location, ref.raw, offset)
    first = Entry(
        raw=head,
        label=ref.label,
        locations=boxes[0],
        fragment=ref.fragment,
        styles=shifted_styles(ref.styles, 0, len(head)),
    )
    start = len(ref.raw) - len(tail)
    second = Entry(
        raw=tail,
        label="" if PRINTED_LABEL.match(tail) else second_label(ref.label),
        locations=boxes[1],
        styles=shifted_styles(
            [(a, b, k) for a, b, k in ref.styles if b > start], -start, len(ref.raw)
        ),
    )
    parsed = _parsed(lib, [first, second])
    with lib.transaction():
        before = lib.references.replace_reference(ref_id, parsed[0], keep_edited=False)
        if stored.document_id is not None:
            lib.layout.shift_positions(stored.document_id, stored.position, 1)
        [added] = lib.references.add_references([parsed[1]], stored.document_id)
        if stored.document_id is not None:
            lib.layout.set_position(added, stored.position + 1)
    example = _keep_example(lib, stored.document_id, SPLIT, path)
    return Split(before, added, example)


def _undo_split(lib: Library, done: Split) -> None:
    with lib.transaction():
        removed = lib.references.delete_references([done.added])
        _close_gaps(lib, removed)
        lib.references.restore_reference(done.before)
        _forget(lib, [done.example])


# -- rows that are not references ----------------------------------------------------------
def _reject(lib: Library, ref_ids: list[int]) -> Rejected:
    """Remove rows that are not references; their documents' lines are kept labelled as
    not part of the list (negative examples for the line model)."""
    if not ref_ids:
        raise InputError("not a reference", "choose the rows that are not references")
    with lib.transaction():
        documents = {s.document_id for s in lib.references.references(ref_ids)}
        removed = lib.references.delete_references(ref_ids)
        _close_gaps(lib, removed)
    corrected = sorted(d for d in documents if d is not None)
    examples = [_keep_example(lib, d, NOT_REFERENCE) for d in corrected]
    return Rejected(removed, [e for e in examples if e is not None])


def _undo_reject(lib: Library, done: Rejected) -> None:
    with lib.transaction():
        _open_gaps(lib, done.removed)
        lib.references.restore_references(done.removed)
        _forget(lib, list(done.examples))


# -- training data -------------------------------------------------------------------------
def layout_training_documents(lib: Library) -> list[dict[str, Any]]:
    """The library's layout corrections as documents :func:`tools.corpus.linemodel.train`
    takes: each corrected document once, as its newest correction left it."""
    return [c.example for c in lib.layout.layout_corrections(latest_only=True)]


# -- helpers -------------------------------------------------------------------------------
def _parsed(lib: Library, entries: Sequence[Entry]) -> list[Reference]:
    """``entries`` parsed with the library's own model when it has one."""
    from refmanager.parse import parse_entries

    return parse_entries(list(entries), model_for(lib.folder))


def _pdf_or_none(lib: Library, document_id: int | None) -> Path | None:
    if document_id is None:
        return None
    path = lib.documents.file_path(document_id)
    return path if path is not None and path.exists() else None


def _pdf_of(lib: Library, document_id: int) -> Path:
    record = lib.documents.document(document_id)
    path = _pdf_or_none(lib, document_id)
    if path is None or record.source != "pdf":
        name = record.file_name or f"document {document_id}"
        raise InputError(name, "has no PDF in the library to read again")
    return path


def _keep_example(
    lib: Library, document_id: int | None, kind: str, path: Path | None = None
) -> int | None:
    """Store the document's lines labelled from its references as they are now; None when
    it has no readable PDF. It runs after the change's transaction (reading the whole PDF
    takes a second or two, and need not hold the write lock)."""
    path = path or _pdf_or_none(lib, document_id)
    if document_id is None or path is None:
        return None
    from refmanager.pdf import layout_example

    ordered = sorted(lib.documents.references_of(document_id), key=lambda s: s.position)
    try:
        example = layout_example(path, [s.reference.location for s in ordered])
    except InputError:
        return None
    return lib.layout.add_layout_correction(document_id, kind, example)


def _forget(lib: Library, examples: list[int | None]) -> None:
    for example in examples:
        if example is not None:
            lib.layout.delete_layout_correction(example)


def _close_gaps(lib: Library, removed: DeletedReferences) -> None:
    """Renumber the places of the references after removed ones (last removed first)."""
    for row in sorted(removed.rows, key=lambda r: -int(r["position"])):
        if row["document_id"] is not None:
            lib.layout.shift_positions(int(row["document_id"]), int(row["position"]), -1)


def _open_gaps(lib: Library, removed: DeletedReferences) -> None:
    """Undo :func:`_close_gaps`: make room for the removed references again (first first)."""
    for row in sorted(removed.rows, key=lambda r: int(r["position"])):
        if row["document_id"] is not None:
            lib.layout.shift_positions(int(row["document_id"]), int(row["position"]) - 1, 1)


# -- the changes a front end makes (each undoable) ------------------------------------------
def fixed_in_folder(
    folder: Path, fix: Callable[..., T], args: tuple[Any, ...], _report: Report
) -> T:
    """``fix(lib, *args)`` on a connection of its own to the library in ``folder``: how a
    window's worker process makes a fix (``WorkerProcess.call``), so that neither the PDF
    reader nor the parser runs in the window's process."""
    with Library.open(folder, create=False) as lib:
        return fix(lib, *args)


def _doing(
    fix: Callable[..., T], args: tuple[Any, ...], worker: WorkerProcess | None
) -> Callable[[Library], T]:
    """A change's ``do``: ``fix(lib, *args)`` here, or in ``worker`` (a window's)."""

    def do(lib: Library) -> T:
        if worker is None:
            return fix(lib, *args)
        done: T = worker.call(fixed_in_folder, lib.folder, fix, args)
        return done

    return do


def extract_between(
    document_id: int, start: Mark, end: Mark, worker: WorkerProcess | None = None
) -> Change[Extracted]:
    """Read the document's list again between the user's marks (replaces its references);
    here, or in ``worker`` (a window's)."""
    return Change(
        "extract between the marks",
        _doing(_extract_between, (document_id, start, end), worker),
        _undo_extract,
        replace(STRUCTURE, documents=frozenset([document_id])),
        slow=True,
    )


def _merge(lib: Library, chosen: list[int]) -> Joined:
    second = chosen[1] if len(chosen) == 2 else next_in_document(lib, chosen[0])
    return _join(lib, chosen[0], second)


def merge_rows(ids: Sequence[int], worker: WorkerProcess | None = None) -> Change[Joined]:
    """Two rows into one entry: the two given, or one and the next in its document (here,
    or in ``worker``).

    Raises:
        InputError: not one or two rows.
    """
    chosen = list(dict.fromkeys(ids))
    if len(chosen) not in (1, 2):
        raise InputError("merge", "choose one row (to merge with the next) or two rows")
    return Change(
        "merge rows into one entry",
        _doing(_merge, (chosen,), worker),
        _undo_join,
        STRUCTURE,
        slow=True,
        restores=lambda joined: [joined.kept, *joined.removed.ids()],
    )


def split_row(ref_id: int, offset: int, worker: WorkerProcess | None = None) -> Change[Split]:
    """Cut a row in two at ``offset`` in its raw text (here, or in ``worker``)."""
    return Change(
        "split the entry",
        _doing(_split, (ref_id, offset), worker),
        _undo_split,
        STRUCTURE,
        slow=True,
        restores=lambda done: [done.before.id],
    )


def not_reference(ids: Sequence[int], worker: WorkerProcess | None = None) -> Change[Rejected]:
    """Remove rows that are not references (kept as negative examples for layout; their
    pages are read here, or in ``worker``)."""
    chosen = list(dict.fromkeys(ids))
    return Change(
        f"mark {plural(len(chosen), 'row')} not a reference",
        _doing(_reject, (chosen,), worker),
        _undo_reject,
        STRUCTURE,
        slow=True,
        restores=lambda done: done.removed.ids(),
    )
