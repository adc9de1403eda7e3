"""Use case: read a PDF's bibliography and parse each entry into a CSL item.

The PDF reader and the parser are imported by :func:`extract_pdf`, which runs in a worker
process when a window imports (``importing.read_pdf``); the window's process unpickles an
:class:`ExtractResult` and so loads this module, never the reader (decision 0045).
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from refmanager.model import DocumentMeta, Entry, InputError, Mark, Reference


@dataclass(slots=True)
class ExtractResult:
    """What one PDF gave: its own metadata, its references in order, and notes for the user."""

    path: str | os.PathLike[str]
    meta: DocumentMeta
    references: list[Reference]
    notes: list[str] = field(default_factory=list)


def entry_to_reference(entry: Entry, index: int) -> Reference:
    """An unparsed reference: just what extraction knows (raw text, label, location)."""
    ref = Reference(
        raw=entry.raw,
        label=entry.label,
        location=list(entry.locations),
        fragment=entry.fragment,
        styles=list(entry.styles),
    )
    if entry.fragment:
        ref.id = f"fragment-{index + 1}"  # never the id of a labelled entry ("ref-22")
    else:
        ref.id = f"ref-{entry.label}" if entry.label else f"ref-{index + 1}"
    if entry.label.isdigit():
        ref.citation_number = int(entry.label)
    return ref


def mark_of(text: str, option: str) -> Mark:
    """A place on a page written ``PAGE:Y`` or ``PAGE:Y:X`` (1-based page, PDF points from
    the bottom of the page; X picks the column of a page set in two).

    Raises:
        InputError: not written that way (named by ``option``).
    """
    parts = text.split(":")
    try:
        if len(parts) not in (2, 3):
            raise ValueError(text)
        page, numbers = int(parts[0]), [float(p) for p in parts[1:]]
    except ValueError:
        raise InputError(option, f"'{text}' is not PAGE:Y (e.g. 7:540) or PAGE:Y:X") from None
    return Mark(page, numbers[0], numbers[1] if len(numbers) == 2 else None)


class Judge:
    """How many of a list's entries read as references (the judge ``read_bibliography``
    is given): each list is parsed and weighed once, however often it is asked about
    (the list found, asked about again once it is found, is one of them), and what it
    gave is kept for the list that is read in the end."""

    def __init__(self, model: Path | None = None) -> None:
        self._model = model
        self._judged: list[tuple[list[Entry], tuple[list[Reference], list[Reference]]]] = []

    def kept(self, entries: list[Entry]) -> tuple[list[Reference], list[Reference]] | None:
        """What ``entries`` (this very list) gave, kept and dropped; None if not judged."""
        return next((kept for listed, kept in self._judged if listed is entries), None)

    def __call__(self, entries: list[Entry]) -> int:
        from refmanager.parse import parse_entries
        from refmanager.service.refness import keep_references

        kept = self.kept(entries)
        if kept is None:
            kept = keep_references(parse_entries(entries, self._model))
            self._judged.append((entries, kept))
        return sum(1 for r in kept[0] if not r.fragment)


def extract_pdf(
    path: str | os.PathLike[str],
    password: str | None = None,
    parse: bool = True,
    meta: bool = True,
    between: tuple[Mark, Mark] | None = None,
    *,
    line_model: Path | None = None,
    model: Path | None = None,
) -> ExtractResult:
    """Read ``path``'s bibliography; with ``parse``, fill the CSL fields of each entry.

    Without ``meta`` the document's own metadata is left empty (only its page count), and
    the first page is not read for it. With ``between`` the list is read between those two
    marks (where it starts, where it ends) instead of being looked for. ``line_model`` is
    a library's own line model (``service.training.line_model_for``), if it has one;
    ``model`` a field model other than the shipped one (the benchmarks' held-out folds).

    Raises:
        InputError: the file is not a readable PDF (named, with the cause), or a mark is off
            the document or after the other.
    """
    from refmanager.parse import parse_entries
    from refmanager.pdf import read_between, read_bibliography
    from refmanager.service.compound import split_compounds
    from refmanager.service.refness import authorless, dropped_note, keep_references

    judge = Judge(model)
    if between is not None:
        bib = read_between(path, between[0], between[1], password=password)
    else:
        bib = read_bibliography(
            path,
            password=password,
            meta=meta,
            line_model=line_model,
            judge=judge if parse else None,
        )
    refs: list[Reference] = []
    notes = list(bib.notes)
    if parse:
        # What does not read as a reference (a caption, code, a footer) is no row.
        done = judge.kept(bib.entries)
        if done is None:
            done = keep_references(parse_entries(bib.entries, model))
        refs, dropped = done
        if dropped and not any(not r.fragment for r in refs):
            # Fragments alone (tails of entries whose start is not kept) are no list.
            refs, dropped = [], [*refs, *dropped]
        unnamed = 0
        if between is None and not bib.heading and authorless(refs):
            # Neither a heading nor a numbering: rows that name no author are no list.
            unnamed = sum(1 for r in refs if not r.fragment)
            refs, dropped = [], [*refs, *dropped]
        if dropped:
            notes.append(
                dropped_note(dropped, kept=len(refs), heading=bib.heading, unnamed=unnamed)
            )
        # Several works printed under one number are each a reference (decision 0053).
        refs = split_compounds(refs)
    else:
        refs = [entry_to_reference(e, i) for i, e in enumerate(bib.entries)]
    return ExtractResult(path=path, meta=bib.meta, references=refs, notes=notes)
