"""A bibliography read between two marks the user set on the pages, and a document's lines
labelled as the user's corrections leave them (training data for the line model).

:func:`read_between` is extraction when the user has said where the list starts and where
it ends: no heading search, no end detection; the lines between the marks (page furniture
and repeated "References" heads left out) are cut into entries as usual.
:func:`layout_example` labels every line of a document from its corrected entries' boxes,
in the stored form :mod:`refmanager.pdf.linetrain` trains on.
"""

from __future__ import annotations

import os
from typing import Any

from refmanager.model import DocumentMeta, InputError, Location, Mark
from refmanager.pdf.furniture import furniture
from refmanager.pdf.headings import names_bibliography
from refmanager.pdf.layout import Line
from refmanager.pdf.linefeatures import stored_row
from refmanager.pdf.locate import MAX_SCAN_PAGES
from refmanager.pdf.pages import open_pages
from refmanager.pdf.pipeline import Bibliography
from refmanager.pdf.segment import boxes, segment
from refmanager.pdf.textclean import vocabulary

# How far (points) a line may stick out of an entry's box and still count as inside it.
_SLACK = 1.5


def read_between(
    path: str | os.PathLike[str], start: Mark, end: Mark, password: str | None = None
) -> Bibliography:
    """The entries printed from ``start`` (the first line at or below it) to ``end`` (the
    last line at or above it), in reading order.

    Raises:
        InputError: the file cannot be read (as :func:`read_bibliography`), a mark is off
            the document, or the end comes before the start.
    """
    name = os.fspath(path)
    with open_pages(name, password) as pages:
        count = pages.count
        for label, mark in (("start", start), ("end", end)):
            if not 1 <= mark.page <= count:
                raise InputError(name, f"the list's {label} is on page {mark.page}, "
                                 f"but the document has {count} page(s)")  # fmt: skip
        if end.page < start.page:
            raise InputError(name, "the list's end is before its start")
        if end.page - start.page >= MAX_SCAN_PAGES:
            raise InputError(name, f"a list longer than {MAX_SCAN_PAGES} pages is not read")
        # The pages either side give furniture (running heads, page numbers) more evidence.
        for number in range(max(1, start.page - 1), min(count, end.page + 1) + 1):
            pages.get(number)
        ordered = [ln for n in range(start.page, end.page + 1) for ln in pages.lines[n]]
        first = _first_at_or_below(pages.lines[start.page], start)
        last = _last_at_or_above(pages.lines[end.page], end)
        # A mark below every line of its page starts the list on the next page; one above
        # every line ends it on the page before.
        lo = _index(ordered, first, len(pages.lines[start.page]))
        hi = _index(ordered, last, len(ordered) - len(pages.lines[end.page]) - 1)
        if hi < lo - 1:
            raise InputError(name, "the list's end is before its start")
        junk = furniture(pages.lines, pages.heights)
        chosen = [
            ln
            for ln in ordered[lo : hi + 1]
            if id(ln) not in junk and ln.mapped and not names_bibliography(ln.text)
        ]
        vocab = vocabulary([ln.text for lines in pages.lines.values() for ln in lines])
        entries = segment(chosen, vocab)
        notes = list(pages.budget.notes)
        if not any(not e.fragment for e in entries):
            where = f"page {start.page} to page {end.page}"
            notes.append(
                f"no bibliography found (no entries between the marks, {where})"
                if chosen
                else f"no bibliography found (no text between the marks, {where})"
            )
            entries = []
        return Bibliography(
            entries=entries, meta=DocumentMeta(page_count=count), notes=notes, page_count=count
        )


def layout_example(
    path: str | os.PathLike[str],
    entries: list[list[Location]],
    password: str | None = None,
) -> dict[str, Any]:
    """Every line of the document labelled from the boxes of its entries (one list of
    locations per entry, in order): the first line of an entry ``start``, its other lines
    ``in``, the heading just before the list ``head``, page furniture ``furn``, everything
    else (including what the user said is not a reference) ``other``.

    Returns the document in :mod:`refmanager.pdf.linetrain`'s stored form (``page_sizes``,
    ``lines`` rows ending with the label).

    Raises:
        InputError: the file cannot be read.
    """
    name = os.fspath(path)
    with open_pages(name, password) as pages:
        for number in range(1, pages.count + 1):
            pages.get(number)
        lines = [ln for n in range(1, pages.count + 1) for ln in pages.lines[n]]
        junk = furniture(pages.lines, pages.heights)
        labels = ["furn" if id(ln) in junk else "other" for ln in lines]
        for entry in entries:
            inside = [i for i, ln in enumerate(lines) if any(_within(ln, b) for b in entry)]
            for k, i in enumerate(inside):
                labels[i] = "start" if k == 0 else "in"
        listed = [i for i, lab in enumerate(labels) if lab in ("start", "in")]
        if listed:
            for i in range(listed[0] - 1, max(-1, listed[0] - 6), -1):
                if names_bibliography(lines[i].text):
                    labels[i] = "head"
                    break
        rows = [[*stored_row(ln), label] for ln, label in zip(lines, labels, strict=True)]
        return {
            "id": os.path.basename(name),
            "page_sizes": {str(k): v for k, v in sorted(pages.heights.items())},
            "lines": rows,
        }


def split_boxes(
    path: str | os.PathLike[str],
    locations: list[Location],
    raw: str,
    offset: int,
    password: str | None = None,
) -> tuple[list[Location], list[Location]]:
    """An entry's boxes cut where its raw text is split at ``offset``: at the start of the
    entry's line nearest to that place in the text (an entry on one line keeps its box in
    both parts).

    Raises:
        InputError: the file cannot be read.
    """
    name = os.fspath(path)
    with open_pages(name, password) as pages:
        numbers = sorted({loc.page for loc in locations if 1 <= loc.page <= pages.count})
        lines = [
            ln for n in numbers for ln in pages.get(n) if any(_within(ln, loc) for loc in locations)
        ]
    if len(lines) < 2:
        return list(locations), list(locations)
    starts = []
    at = 0
    for ln in lines:
        starts.append(at)
        at += len(ln.text) + 1
    scale = len(raw) / max(1, at - 1)  # the raw text joins lines (hyphens, spaces) a little shorter
    cut = min(range(1, len(lines)), key=lambda k: abs(starts[k] * scale - offset))
    return boxes(lines[:cut]), boxes(lines[cut:])


def _within(line: Line, box: Location) -> bool:
    x0, y0, x1, y1 = box.bbox
    return (
        line.page == box.page
        and line.x0 >= x0 - _SLACK
        and line.x1 <= x1 + _SLACK
        and line.bottom >= y0 - _SLACK
        and line.top <= y1 + _SLACK
    )


def _column_lines(lines: list[Line], mark: Mark) -> list[Line]:
    """The lines of the mark's column (and full-width lines), when ``x`` says which."""
    if mark.x is None or not any(ln.column for ln in lines):
        return lines
    x = mark.x
    sided = [ln for ln in lines if ln.column]
    nearest = min(sided, key=lambda ln: 0.0 if ln.x0 <= x <= ln.x1 else min(
        abs(ln.x0 - x), abs(ln.x1 - x)))  # fmt: skip
    return [ln for ln in lines if ln.column in (0, nearest.column)]


def _first_at_or_below(lines: list[Line], mark: Mark) -> Line | None:
    """The first line the mark is on or above (a mark inside a line takes it whole: a
    right-click on the list's first line cut it off when its top was above the click)."""
    for ln in _column_lines(lines, mark):
        if ln.bottom <= mark.y:
            return ln
    return None


def _last_at_or_above(lines: list[Line], mark: Mark) -> Line | None:
    """The last line the mark is on or below (a mark inside a line takes it whole)."""
    found = None
    for ln in _column_lines(lines, mark):
        if ln.top >= mark.y:
            found = ln
    return found


def _index(lines: list[Line], line: Line | None, default: int) -> int:
    if line is None:
        return default
    return next(i for i, ln in enumerate(lines) if ln is line)
