"""Finding where the bibliography starts: its bookmark, its heading (read from the end of
the document back), or, without one, the run of numbered entries at the end.

A headless list is looked for in the last :data:`MAX_SCAN_PAGES` pages; a heading on every
page, back to the first, while the content budget and half the time budget last (a long
manual's or thesis's list may stand hundreds of pages before its end, followed by
appendices and an index). Laying out a page for the heading test costs some 5-15 ms, the
reading of a list far more: only the pages from the heading on, at most
:data:`MAX_SCAN_PAGES`, are read as the list."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from refmanager.pdf.document import MAX_SECONDS
from refmanager.pdf.headings import is_heading, is_strong_heading, names_bibliography
from refmanager.pdf.layout import Line, body_size
from refmanager.pdf.pages import Pages

# Pages read backwards from the end looking for a headless list, and pages read as the
# list from its heading on, at most.
MAX_SCAN_PAGES = 80
# The pages before those are read for a heading while this share of the document's time
# budget is left (the rest is the reading's: the line model, the parser).
_DEEP_TIME_LEFT = 0.5
# A label and then text: "[12] ", "[12]Smith" (no space after the label), "(12) ", "12. ",
# and the full-width "［12］张" and "【12】张".
ENTRY_START = re.compile(
    r"^(?:[\[［【][^\]］】]{1,60}[\]］】](?:\s|(?=[^\W\d_]))|(?:\(\d{1,4}\)|\d{1,4}\.)\s"
    # a superscript number against the first author's initials, as AIP's journals set it
    r"|\d{1,3}(?=(?:[A-Z\u00c0-\u00de]\.[\s\-]?){1,3}[A-Z\u00c0-\u00de][\w\u00c0-\u024f'’\-]+[\s,]))"
)
_AUTHOR_START = re.compile(r"^[A-Z][\w'’\-]+(?: [A-Z][\w'’\-]+)?,\s")

# The heading as (page, index of its line on the page).
Heading = tuple[int, int]


@dataclass(slots=True)
class Search:
    """What the search for the heading found: the heading (None if none), the pages read
    (the outline's in order, the scan's last first), and the lines that read as a
    bibliography heading but were passed over, as (page, text): no list follows them."""

    heading: Heading | None
    scanned: list[int]
    passed: list[tuple[int, str]] = field(default_factory=list)
    bookmarked: bool = False  # the heading was found through the outline


def find_heading(pages: Pages) -> Search:
    """The bibliography's heading, through the outline or else read from the end back."""
    heading, scanned = _from_outline(pages)
    if heading is not None:
        return Search(heading, scanned, bookmarked=True)
    return scan_for_heading(pages)


def scan_for_heading(pages: Pages) -> Search:
    """The bibliography's heading read from the end back, the outline aside (where the
    list under a bookmark named like one is none: a manual's section that names its
    literature, while the bibliography printed at the end of its first part has no
    bookmark)."""
    return _scan_backwards(pages)


def _entry_like(lines: list[Line]) -> int:
    return sum(1 for ln in lines if ENTRY_START.match(ln.text))


def _scan_backwards(pages: Pages) -> Search:
    """Pages from the end back to the bibliography heading (or the start of a headless list)."""
    heading: Heading | None = None
    scanned: list[int] = []
    passed: list[tuple[int, str]] = []
    seen_entries = False
    run: list[Line] = []  # the pages of entry-like lines seen so far, in reading order
    count = pages.count
    floor = max(0, count - MAX_SCAN_PAGES)
    for number in range(count, floor, -1):
        if pages.out_of_time(number):
            break
        lines = pages.get(number)
        scanned.append(number)
        heading = _heading_on(lines, number, passed)
        if heading is not None and _running_head(pages, number, lines[heading[1]]):
            heading = None  # a running head repeated on every page of the list: go on
            seen_entries = True
            continue
        if heading is not None:
            break
        entries_here = _entry_like(lines) >= max(3, 0.15 * len(lines))
        if seen_entries and not entries_here and len(lines) >= 12:
            if _items_dated(run):
                break  # a headless list: its first page is behind us
            # A numbered list that does not cite (an appendix's proof steps, a licence's
            # sections): the list, if any, is further back, under its heading.
            seen_entries, run = False, []
        if entries_here:
            run = lines + run
        seen_entries = seen_entries or entries_here
    else:
        if floor > 0 and not (seen_entries and _items_dated(run)):
            # A long document: its list may stand before its last pages (appendices, an
            # index); the pages before are read for a heading alone.
            heading = _deep_heading(pages, floor, scanned, passed)
    return Search(heading, scanned, passed)


def _heading_on(lines: list[Line], number: int, passed: list[tuple[int, str]]) -> Heading | None:
    """The last line of page ``number`` that heads a list: a bibliography heading set
    apart by type, or one a list follows; the others are added to ``passed``."""
    body = body_size(lines)
    for i in range(len(lines) - 1, -1, -1):
        if not is_heading(lines[i], body) or _on_its_baseline_twice(lines, i):
            continue
        if is_strong_heading(lines[i], body) or _list_follows(lines, i):
            return number, i
        passed.append((number, lines[i].text.strip()))
    return None


def _on_its_baseline_twice(lines: list[Line], index: int) -> bool:
    """Whether the text of line ``index`` stands again on its baseline on its page: a
    running head set at both edges ("BIBLIOGRAPHY" over each column of the list's pages),
    never a heading, which is set once."""
    line = lines[index]
    key = _fold(line.text)
    return any(
        k != index and abs(ln.y - line.y) <= 1 and _fold(ln.text) == key
        for k, ln in enumerate(lines)
    )


def _deep_heading(
    pages: Pages, below: int, scanned: list[int], passed: list[tuple[int, str]]
) -> Heading | None:
    """The heading nearest the end on the pages from ``below`` back to the first (a
    running head skipped), read while the time and the content budget last."""
    for number in range(below, 0, -1):
        if pages.content_spent() or pages.time_left() < _DEEP_TIME_LEFT * MAX_SECONDS:
            return None
        lines = pages.get(number)
        scanned.append(number)
        heading = _heading_on(lines, number, passed)
        if heading is not None and not _running_head(pages, number, lines[heading[1]]):
            return heading
    return None


def earlier_heading(pages: Pages, before: Heading) -> Heading | None:
    """The heading before ``before`` that a list may follow, read from there back as
    :func:`_scan_backwards` reads (a strong heading, or one a list follows; no running
    head), back to the first page while the budgets last; None if none. The list under
    the heading nearest the end is not always the document's: a manual's section about
    its bibliography code may come after the list it printed."""
    page, index = before
    for number in range(page, 0, -1):
        if number != page and (pages.content_spent() or pages.out_of_time(number)):
            return None
        lines = pages.get(number)
        body = body_size(lines)
        top = index if number == page else len(lines)
        for i in range(top - 1, -1, -1):
            if not is_heading(lines[i], body):
                continue
            if not (is_strong_heading(lines[i], body) or _list_follows(lines, i)):
                continue
            if not _running_head(pages, number, lines[i]):
                return number, i
    return None


# A year (or "n.d.", "in press"): most reference entries carry one.
YEARISH = re.compile(r"\b(?:1[5-9]\d\d|20\d\d)[a-z]?\b|\bn\.\s?d\.|\bin press\b", re.I)


def _items_dated(lines: list[Line]) -> bool:
    """Whether most labelled items of ``lines`` (a labelled line and the lines up to the
    next one, at most three) carry a year, as reference entries do."""
    starts = [i for i, ln in enumerate(lines) if ENTRY_START.match(ln.text)]
    if not starts:
        return False
    dated = 0
    for k, i in enumerate(starts):
        end = min(starts[k + 1] if k + 1 < len(starts) else len(lines), i + 3)
        dated += any(YEARISH.search(ln.text) for ln in lines[i:end])
    return dated >= 0.5 * len(starts)


def _from_outline(pages: Pages) -> tuple[Heading | None, list[int]]:
    """The bibliography found through a bookmark named like a heading: only its pages are read.

    The list runs from the bookmark's page to the page of the next bookmark (an appendix,
    say). The heading must also be printed on that page with a list after it, or the
    bookmark is not trusted: a section about references (a style guide's), bookmarked,
    while the list itself, at the end, has no bookmark.
    """
    items = pages.source.outline()
    marks = [i for i, (title, _, _) in enumerate(items) if names_bibliography(title)]
    if not marks:
        return None, []
    index = marks[-1]
    start, depth = items[index][1], items[index][2]
    # The bookmarks nested under the list's are its own subsections ("Short list", "Long
    # list"): the list goes on past them, to the next bookmark at its depth or above.
    after = [(title, page) for title, page, level in items[index + 1 :] if level <= depth]
    lines = pages.get(start)
    body = body_size(lines)
    for i, line in enumerate(lines):
        if is_heading(line, body) and _list_follows(lines, i):
            # A bookmark after it that points to the heading's page ends the list there
            # only where its title is printed below the heading on that page: an index's
            # bookmark set on the list's first page (its anchor misplaced) is not where
            # the list ends.
            below = [_fold(ln.text) for ln in lines[i + 1 :]]
            later = [
                page
                for title, page in after
                if page > start or (page == start and _printed(_fold(title), below))
            ]
            end = min(later) if later else pages.count
            end = min(end, start + MAX_SCAN_PAGES, pages.count)
            read = [start]
            for number in range(start + 1, end + 1):
                if pages.out_of_time(number):
                    break
                pages.get(number)
                read.append(number)
            return (start, i), read
    return None, []


# Letters a line must have to be the first line of a heading broken over several.
_HEAD_PART = 4


def _printed(title: str, lines: list[str]) -> bool:
    """Whether a bookmark's ``title`` (folded) is printed in ``lines`` (folded): a line
    ends with it (the heading, its number or letter before it: "A Proofs") or opens it (a
    heading broken over lines: "MULTILINGUAL" over "UNICODE", "EXAMPLES")."""
    return bool(title) and any(
        text.endswith(title) or (len(text) >= _HEAD_PART and title.startswith(text))
        for text in lines
    )


def _list_follows(lines: list[Line], index: int) -> bool:
    """Whether the lines after a plain-looking heading start like a reference list."""
    after = lines[index + 1 : index + 7]
    if not after:
        return True  # the heading ends its page: the list starts on the next one
    return any(ENTRY_START.match(ln.text) or _AUTHOR_START.match(ln.text) for ln in after)


def _running_head(pages: Pages, number: int, line: Line) -> bool:
    """Whether a heading at the top of its page recurs at the top of the page before."""
    lines = pages.lines.get(number, [])
    if number <= 1 or sum(1 for ln in lines if ln.y > line.y + 1) > 2:
        return False
    key = _fold(line.text)
    above = pages.get(number - 1)
    body = body_size(above)
    return any(_fold(ln.text) == key and is_heading(ln, body) for ln in above)


def _fold(text: str) -> str:
    return re.sub(r"[\W\d_]+", "", text).lower()


def headless_region(lines: list[Line]) -> list[Line]:
    """Without a heading: the dense run of entry-like lines at the end, from its first label."""
    starts = [i for i, ln in enumerate(lines) if ENTRY_START.match(ln.text)]
    if len(starts) < 3:
        return []
    # Walk back from the last label while labels keep coming at entry-like intervals.
    first = starts[-1]
    for a, b in zip(reversed(starts[:-1]), reversed(starts[1:]), strict=False):
        if b - a > 25:
            break
        first = a
    # Continuation lines before the first label on its page/column may be a fragment.
    # Only lines that open the page or column count, set as closely as the list's lines.
    head = first
    anchor = lines[first]
    while head > 0:
        prev, below = lines[head - 1], lines[head]
        if prev.page != anchor.page or prev.column != anchor.column or prev.y < below.y:
            break
        if abs(prev.size - anchor.size) > 0.1 * anchor.size or prev.y - below.y > 1.6 * anchor.size:
            break
        head -= 1
    if head < first:
        top = lines[head - 1] if head > 0 else None
        if top is not None and (top.page, top.column) == (anchor.page, anchor.column):
            head = first  # text above them on the same column: not a continued entry
    return lines[head:]
