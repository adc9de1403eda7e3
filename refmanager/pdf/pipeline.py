"""From a PDF file to its bibliography: read pages from the end until the list is found."""

from __future__ import annotations

import os
import re
import time
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from statistics import median

from pypdf.errors import LimitReachedError

from refmanager.model import DocumentMeta, Entry, InputError
from refmanager.pdf import zones
from refmanager.pdf.content import GlyphFont, Measure
from refmanager.pdf.document import (
    MAX_DOC_CONTENT_BYTES,
    MAX_PAGE_CONTENT_BYTES,
    MAX_SECONDS,
    Budget,
    check_header,
    open_pdf,
    pypdf_limits,
)
from refmanager.pdf.furniture import furniture
from refmanager.pdf.layout import Line, PageTimeout, PageTooBig, body_size, page_lines
from refmanager.pdf.locate import HEADING, is_end_heading, is_heading, is_strong_heading
from refmanager.pdf.meta import document_meta
from refmanager.pdf.segment import entries_from_labels, label_spans, rule_starts, segment
from refmanager.pdf.source import PypdfSource, page_runs
from refmanager.pdf.textclean import vocabulary

# Pages read backwards from the end looking for the heading, at most.
MAX_SCAN_PAGES = 80
# A label and then text: "[12] ", "[12]Smith" (no space after the label), "(12) ", "12. ".
_ENTRY_START = re.compile(r"^(?:\[[^\]]{1,60}\](?:\s|(?=[^\W\d_]))|(?:\(\d{1,4}\)|\d{1,4}\.)\s)")


@dataclass(slots=True)
class Bibliography:
    """What a PDF's reference list gave.

    Attributes:
        entries: the entries in order (fragments, tails of entries whose start is not in
            the document, have ``fragment=True``).
        meta: the document's own metadata (title, authors, year, DOI, arXiv id).
        notes: messages for the user ("no bibliography found", unreadable pages).
        page_count: pages in the document.
    """

    entries: list[Entry] = field(default_factory=list)
    meta: DocumentMeta = field(default_factory=DocumentMeta)
    notes: list[str] = field(default_factory=list)
    page_count: int = 0


class _Pages:
    """Pages laid out on demand, each at most once, within the document's budget."""

    def __init__(self, source: PypdfSource, budget: Budget) -> None:
        self.source = source
        self.budget = budget
        self.count = source.page_count
        self.lines: dict[int, list[Line]] = {}
        self.heights: dict[int, float] = {}
        self.side_text: dict[int, str] = {}
        self.chars = 0
        self.failed: set[int] = set()
        self.fonts: dict[int, tuple[object, GlyphFont | None]] = {}
        self.measures: dict[int, dict[bytes, Measure]] = {}

    def get(self, number: int) -> list[Line]:
        """Lines of 1-based page ``number`` in reading order ([] if it cannot be read)."""
        if number in self.lines:
            return self.lines[number]
        lines: list[Line] = []
        try:
            room = MAX_DOC_CONTENT_BYTES - self.budget.content_bytes
            if room <= 0:
                raise PageTooBig
            runs, side, (x0, _, x1, top), used = page_runs(
                self.source,
                number - 1,
                byte_budget=min(MAX_PAGE_CONTENT_BYTES, room),
                deadline=self.budget.deadline,
                fonts=self.fonts,
                measures=self.measures,
            )
            self.budget.content_bytes += used
            lines = page_lines(runs, number, x1 - x0)
            self.heights[number] = top
            self.side_text[number] = side
            self.chars += sum(len(r.text) for r in runs)
        except Exception as exc:
            self.failed.add(number)
            why = next((w for kind, w in _PAGE_FAILURES if isinstance(exc, kind)), None)
            if why is None:
                reason = str(exc).splitlines()[0][:100] if str(exc) else type(exc).__name__
                why = f"text could not be read ({reason})"
            self.budget.notes.append(f"page {number}: {why}")
        self.lines[number] = lines
        return lines

    def out_of_time(self, number: int) -> bool:
        """Whether the time budget is spent before page ``number`` (said in the notes)."""
        if time.monotonic() <= self.budget.deadline:
            return False
        self.budget.notes.append(
            f"stopped after {MAX_SECONDS:.0f} s at page {number}: the result may be partial"
        )
        return True


# What the notes say of a page that could not be read, by the error that stopped it.
_PAGE_FAILURES: tuple[tuple[type[Exception], str], ...] = (
    (  # pypdf's own limits (pypdf_limits)
        LimitReachedError,
        "text could not be read (its content exceeds the size limit (hostile or broken file))",
    ),
    (PageTooBig, "skipped, its content exceeds the size limit (hostile or broken file)"),
    (PageTimeout, "reading stopped at the time limit"),
    (RecursionError, "text could not be read (objects nest too deeply)"),
    (MemoryError, "text could not be read (out of memory)"),
)


def _entry_like(lines: list[Line]) -> int:
    return sum(1 for ln in lines if _ENTRY_START.match(ln.text))


def read_bibliography(
    path: str | os.PathLike[str],
    password: str | None = None,
    meta: bool = True,
    line_model: Path | None = None,
) -> Bibliography:
    """The bibliography of the PDF at ``path`` (``password`` for an encrypted file).

    Without ``meta``, the document's own metadata is not read (its first page is read only
    if it is part of the list) and ``Bibliography.meta`` holds only the page count.
    ``line_model`` is a library's own line model (trained on its layout corrections, see
    :func:`refmanager.pdf.linetrain.train_library`): where it is sure of a line it decides
    it (the list's start and end, entry starts, furniture), elsewhere the rules do.

    Raises:
        InputError: not a PDF, damaged beyond repair, needs a (different) password, or
            has no text layer.
    """
    path = os.fspath(path)
    with open_pages(path, password) as pages:
        return _read(path, pages, meta, line_model)


@contextmanager
def open_pages(path: str, password: str | None) -> Iterator[_Pages]:
    """The pages of the PDF at ``path``, read on demand within the time budget (counted
    from now) and pypdf's limits; InputError for a file a user must fix."""
    deadline = time.monotonic() + MAX_SECONDS
    data = check_header(path)
    try:
        with pypdf_limits():
            yield _Pages(PypdfSource(open_pdf(path, password, data)), Budget(deadline))
    except RecursionError:
        raise InputError(path, "is damaged: its objects nest too deeply") from None
    except MemoryError:
        raise InputError(path, "is too large to read within the memory limit") from None


def _read(path: str, pages: _Pages, with_meta: bool, line_model: Path | None) -> Bibliography:
    budget = pages.budget
    count = pages.count
    heading, scanned = _from_outline(pages)
    if heading is None:
        heading, scanned = _scan_backwards(pages)
    # Page 1 gives the document's own metadata; without it, it is read only when nothing
    # was readable so far (is there any text at all?).
    first = pages.get(1) if with_meta or pages.chars == 0 else []
    if pages.chars == 0 and not pages.failed:
        raise InputError(
            str(path), "has no text layer (a scanned document?): it needs OCR before extraction"
        )
    if pages.chars == 0 and pages.failed:
        raise InputError(str(path), "no page text could be read (" + budget.notes[0] + ")")
    region = sorted(set(scanned))
    if heading is not None:
        region = [p for p in region if p >= heading[0]]
    for number in region:
        if number not in pages.failed and not pages.lines.get(number):
            budget.notes.append(
                f"page {number}: no readable text (an image-only page?); "
                "references on it, if any, are missing"
            )
    vocab = vocabulary([ln.text for lines in pages.lines.values() for ln in lines])
    mode = _line_mode()
    library = line_model if line_model is not None and line_model.is_file() else None
    if library is not None and mode != "rules":
        found = _rule_entries(pages, region, heading, vocab)
        ordered, entries, reason = _combined_entries(
            pages, region, heading, vocab, found, library=library
        )
    elif mode == "combined":
        found = _rule_entries(pages, region, heading, vocab)
        ordered, entries, reason = _combined_entries(pages, region, heading, vocab, found)
    elif mode == "model":
        ordered, entries, reason = _checked_entries(pages, region, heading, vocab)
    elif mode == "learned":
        ordered, entries, reason = _learned_entries(pages, region, heading, vocab)
    else:
        ordered, entries, reason = _rule_entries(pages, region, heading, vocab)
    in_list = {id(ln) for ln in ordered}
    front = [ln for ln in first if id(ln) not in in_list and ln.mapped]
    if with_meta:
        meta = document_meta(pages.source, front, pages.side_text.get(1, ""), count)
    else:
        meta = DocumentMeta(page_count=count)
    notes = list(budget.notes)
    if not any(not e.fragment for e in entries):
        if heading is None:
            reason = reason or (
                f"no heading such as 'References' and no run of numbered entries"
                f" in the last {len(scanned)} page(s)"
            )
        notes.append(f"no bibliography found ({reason})" if reason else "no bibliography found")
        entries = []
    return Bibliography(entries=entries, meta=meta, notes=notes, page_count=count)


def _line_mode() -> str:
    """How the list is found: ``model`` (the rules, ended by the line model: the default),
    ``rules`` (the rules alone) or ``learned`` (the line model alone: its own entry
    starts). ``REFMANAGER_LINES`` chooses, for comparisons; without the model file the
    rules decide."""
    choice = os.environ.get("REFMANAGER_LINES", "model")
    if choice not in ("rules", "learned", "combined") or not zones.available():
        choice = "model" if zones.available() else "rules"
    return choice


def _rule_entries(
    pages: _Pages, region: list[int], heading: tuple[int, int] | None, vocab: set[str]
) -> tuple[list[Line], list[Entry], str]:
    """The rules: lines after the heading, minus furniture, cut at the list's end."""
    # Furniture is judged on every page read (more pages, better evidence).
    junk = furniture(pages.lines, pages.heights)
    ordered: list[Line] = []
    unmapped = 0
    for number in region:
        lines = pages.lines.get(number, [])
        if heading is not None and number == heading[0]:
            lines = lines[heading[1] + 1 :]
        for ln in lines:
            if id(ln) in junk:
                continue
            if not ln.mapped:
                unmapped += 1
            elif not HEADING.match(ln.text):  # a repeated "References" head, say
                ordered.append(ln)
    if unmapped > max(3, len(ordered)):
        pages.budget.notes.append(
            "much of the text is set in fonts without a Unicode map and cannot be read"
        )
    if heading is None:
        ordered = _headless_region(ordered)
    if ordered:
        # The list's type: that of its first lines (a long footnote cannot outvote them).
        size = median([ln.size for ln in ordered[:3]])
        ordered = _cut_end(ordered, size)
        # Footnotes and captions in much smaller type than the list are not part of it.
        ordered = [ln for ln in ordered if ln.size >= 0.8 * size]
    entries = segment(ordered, vocab)
    reason = ""
    if heading is None and not _looks_like_references(entries):
        if entries:
            reason = "a numbered list was found, but its items do not read as references"
        entries = []  # a numbered list without a heading that does not cite anything
    elif heading is not None and not any(not e.fragment for e in entries):
        reason = f"the lines after the heading on page {heading[0]} do not read as entries"
    return ordered, entries, reason


def _model_entries(
    pages: _Pages,
    region: list[int],
    heading: tuple[int, int] | None,
    vocab: set[str],
    found: tuple[list[Line], list[Entry], str],
) -> tuple[list[Line], list[Entry], str]:
    """The rules' list, ended where the learned line model ends it (see :mod:`zones`).

    The model labels every line of the pages read. Where it finds a list, the rules' lines
    after its last line, and those it takes for page furniture, are not part of the list:
    it is right far more often about where a list ends (an affiliation block, a journal
    footer, author addresses after it) than the rules are. The start (the heading, or the
    headless run of labels) and the cutting into entries stay with the rules (``found``:
    what :func:`_rule_entries` found).
    """
    ordered, entries, reason = found
    if not ordered:
        return ordered, entries, reason
    lines = [ln for number in region for ln in pages.lines.get(number, []) if ln.mapped]
    labels, listed, furn = zones.list_marginals(lines, pages.heights)
    spans = label_spans(labels)
    if not spans:
        return ordered, entries, reason
    position = {id(ln): i for i, ln in enumerate(lines)}
    last = _list_end(labels, spans[0][0][0])
    index = [position.get(id(ln), -1) for ln in ordered]
    per_page = Counter(ln.page for ln in lines)
    kept: list[Line] = []
    number: int | None = None
    for k, (ln, i) in enumerate(zip(ordered, index, strict=True)):
        label = _NUMBER.match(ln.text)
        goes_on = number is not None and _numbering_goes_on(ordered[k : k + 8], number)
        if i > last and not goes_on and _sure_over(index[k : k + _END_RUN], listed):
            break  # the model is sure the list is over (and its numbering does not go on)
        # On a nearly empty page a line is furniture only if it recurs (the rules' test);
        # furniture stands at a page's head or foot or in its margins, not amid the list.
        if i < 0 or furn[i] < SURE or per_page[ln.page] < 4 or _amid_list(ordered, k):
            kept.append(ln)
            if label is not None:
                number = int(label.group(1))
    if len(kept) == len(ordered):
        return ordered, entries, reason
    entries = segment(kept, vocab)
    if heading is None and not _looks_like_references(entries):
        entries = []
    return kept, entries, reason


# How sure the line model must be to overrule the rules (a line's marginal probability),
# and over how many lines in a row it must be sure that the list is over.
SURE = 0.9
_END_RUN = 3
_NUMBER = re.compile(r"^\s*[\[(]?(\d{1,4})[\].)]?\s")


def _numbering_goes_on(lines: list[Line], number: int) -> bool:
    """Whether the next entry's number (``number`` + 1) opens one of ``lines``."""
    for ln in lines:
        m = _NUMBER.match(ln.text)
        if m is not None and int(m.group(1)) == number + 1:
            return True
    return False


def _amid_list(ordered: list[Line], k: int) -> bool:
    """Whether line ``k`` stands among the list's lines: list text close above it (or on
    its baseline) and close below it on its page, and it within their left and right
    edges (a margin line number is outside them, a running head or foot has no list
    text on one side)."""
    ln = ordered[k]
    reach = 3 * max(ln.size, 1.0)
    before, after = ordered[max(0, k - 3) : k], ordered[k + 1 : k + 4]
    above = [o for o in before if o.page == ln.page and 0 <= o.y - ln.y <= reach]
    below = [o for o in after if o.page == ln.page and 0 < ln.y - o.y <= reach]
    if not above or not below:
        return False
    near = above + below
    return min(o.x0 for o in near) - 1 <= ln.x0 and ln.x1 <= max(o.x1 for o in near) + 1


def _sure_over(indexes: list[int], listed: list[float]) -> bool:
    return len(indexes) == _END_RUN and all(i >= 0 and listed[i] <= 1 - SURE for i in indexes)


# The rules' entries give way to the line model's where it finds this many times as many
# entries, and at least _DIFFERENCE more (a footnote the model takes for a third entry of
# a two-entry list is no wholesale difference).
_DISAGREE = 1.5
_DIFFERENCE = 3


def _checked_entries(
    pages: _Pages, region: list[int], heading: tuple[int, int] | None, vocab: set[str]
) -> tuple[list[Line], list[Entry], str]:
    """The default: the rules' list ended by the line model (:func:`_model_entries`),
    unless the model's own reading (:func:`_combined_entries`: its labels where it is
    sure, the rules' elsewhere) finds wholesale more entries. The rules were written for
    the lists they were fitted to and fail whole on some others (a list whose entries
    open with a label line, or set flush without labels: one entry found for a hundred);
    the model, cross-validated on style families it never saw, is right on most of those.
    Where it finds fewer, the rules stand (it may take a list beside margin line numbers
    for a few long entries), and where both agree the rules' finer cut stands."""
    found = _rule_entries(pages, region, heading, vocab)
    ordered, entries, reason = _model_entries(pages, region, heading, vocab, found)
    other = _combined_entries(pages, region, heading, vocab, found)
    ours = sum(1 for e in entries if not e.fragment)
    theirs = sum(1 for e in other[1] if not e.fragment)
    if theirs >= _DISAGREE * ours and theirs - ours >= _DIFFERENCE:
        return other
    return ordered, entries, reason


def _learned_entries(
    pages: _Pages, region: list[int], heading: tuple[int, int] | None, vocab: set[str]
) -> tuple[list[Line], list[Entry], str]:
    """The line model alone: its list lines and its own entry starts."""
    lines = _from_heading(pages, region, heading)
    labels = zones.tag_lines(lines, pages.heights)
    ordered = [lines[i] for span, _ in label_spans(labels) for i in span]
    entries = entries_from_labels(lines, labels, vocab)
    reason = ""
    if heading is None and not _looks_like_references(entries):
        entries = []
    if not entries:
        reason = f"no line of the last {len(region)} page(s) reads as a reference entry"
    return ordered, entries, reason


def _combined_entries(
    pages: _Pages,
    region: list[int],
    heading: tuple[int, int] | None,
    vocab: set[str],
    found: tuple[list[Line], list[Entry], str],
    *,
    library: Path | None = None,
) -> tuple[list[Line], list[Entry], str]:
    """The line model (with ``library``, the library's own, stacked on the shipped one)
    decides every line it is sure of (head, entry start, entry line,
    other text, furniture); the rules' decision (``found``, what :func:`_rule_entries`
    found) stands where it is not (see :func:`zones.decide`). The entries are then cut
    from those labels."""
    ordered, entries, reason = found
    lines = _from_heading(pages, region, heading)
    rules = _rule_labels(pages, lines, ordered if entries else [], heading)
    labels = zones.decide(lines, pages.heights, rules, library=library)
    if not labels:
        return ordered, entries, reason
    decided = entries_from_labels(lines, labels, vocab)
    if heading is None and not _looks_like_references(decided):
        decided = []
    kept = [lines[i] for span, _ in label_spans(labels) for i in span]
    if not any(not e.fragment for e in decided) and not reason and heading is not None:
        reason = f"the lines after the heading on page {heading[0]} do not read as entries"
    return kept, decided, reason


def _rule_labels(
    pages: _Pages, lines: list[Line], listed: list[Line], heading: tuple[int, int] | None
) -> list[str]:
    """The rules' decisions as line labels: the heading, the list's lines (those where
    the rules start an entry ``start``), furniture, and other text."""
    junk = furniture(pages.lines, pages.heights)
    starts = rule_starts(listed)
    members = {id(ln) for ln in listed}
    head = pages.lines[heading[0]][heading[1]] if heading is not None else None
    out: list[str] = []
    for ln in lines:
        if ln is head:
            out.append("head")
        elif id(ln) in starts:
            out.append("start")
        elif id(ln) in members:
            out.append("in")
        elif id(ln) in junk:
            out.append("furn")
        else:
            out.append("other")
    return out


def _from_heading(pages: _Pages, region: list[int], heading: tuple[int, int] | None) -> list[Line]:
    """The lines the model labels: those of the pages read, from the heading on when
    there is one (a page's body text above the heading is not the list, however many of
    its lines open with a citation)."""
    out: list[Line] = []
    for number in region:
        lines = pages.lines.get(number, [])
        if heading is not None and number == heading[0]:
            lines = lines[heading[1] :]
        out.extend(ln for ln in lines if ln.mapped)
    return out


def _list_end(labels: list[str], first: int) -> int:
    """The model's last list line: list lines go on from ``first`` until
    :data:`_END_GAP` lines of other text follow (furniture and headings do not count)."""
    last = first
    gap = 0
    for i in range(first, len(labels)):
        lab = labels[i]
        if lab in ("start", "in"):
            last, gap = i, 0
        elif lab == "other":
            gap += 1
            if gap >= _END_GAP and not _resumes(labels, i + 1):
                break
    return last


def _resumes(labels: list[str], i: int) -> bool:
    """Whether the model's list goes on after a run of other text (a table or a figure
    set among the entries): :data:`_RESUME_STARTS` entry starts within the
    :data:`_RESUME_WITHIN` lines from ``i``."""
    return labels[i : i + _RESUME_WITHIN].count("start") >= _RESUME_STARTS


# Lines of other text after which the model's list is over, unless it resumes.
_END_GAP = 12
_RESUME_WITHIN = 40
_RESUME_STARTS = 3


_YEARISH = re.compile(r"\b(?:1[5-9]\d\d|20\d\d)[a-z]?\b|\bn\.\s?d\.|\bin press\b", re.I)


def _looks_like_references(entries: list[Entry]) -> bool:
    """Most reference entries carry a year; numbered sections of a licence do not."""
    whole = [e for e in entries if not e.fragment]
    if not whole:
        return False
    dated = sum(1 for e in whole if _YEARISH.search(e.raw))
    return dated >= 0.5 * len(whole)


def _scan_backwards(pages: _Pages) -> tuple[tuple[int, int] | None, list[int]]:
    """Pages from the end back to the bibliography heading (or the start of a headless list).

    Returns the heading as (page, line index) or None, and the pages read, last first.
    """
    heading: tuple[int, int] | None = None
    scanned: list[int] = []
    seen_entries = False
    count = pages.count
    for number in range(count, max(0, count - MAX_SCAN_PAGES), -1):
        if pages.out_of_time(number):
            break
        lines = pages.get(number)
        scanned.append(number)
        body = body_size(lines)
        for i in range(len(lines) - 1, -1, -1):
            if is_heading(lines[i], body) and (
                is_strong_heading(lines[i], body) or _list_follows(lines, i)
            ):
                heading = (number, i)
                break
        if heading is not None and _running_head(pages, number, lines[heading[1]]):
            heading = None  # a running head repeated on every page of the list: go on
            seen_entries = True
            continue
        if heading is not None:
            break
        entries_here = _entry_like(lines) >= max(3, 0.15 * len(lines))
        if seen_entries and not entries_here and len(lines) >= 12:
            break  # a headless list: its first page is behind us
        seen_entries = seen_entries or entries_here
    return heading, scanned


def _from_outline(pages: _Pages) -> tuple[tuple[int, int] | None, list[int]]:
    """The bibliography found through a bookmark named like a heading: only its pages are read.

    The list runs from the bookmark's page to the page of the next bookmark (an appendix,
    say). The heading must also be printed on that page with a list after it, or the
    bookmark is not trusted: a section about references (a style guide's), bookmarked,
    while the list itself, at the end, has no bookmark.
    """
    items = pages.source.outline()
    marks = [i for i, (title, _) in enumerate(items) if HEADING.match(title.strip())]
    if not marks:
        return None, []
    index = marks[-1]
    start = items[index][1]
    later = [page for _, page in items[index + 1 :] if page >= start]
    end = min(later) if later else pages.count
    end = min(end, start + MAX_SCAN_PAGES, pages.count)
    lines = pages.get(start)
    body = body_size(lines)
    for i, line in enumerate(lines):
        if is_heading(line, body) and _list_follows(lines, i):
            read = [start]
            for number in range(start + 1, end + 1):
                if pages.out_of_time(number):
                    break
                pages.get(number)
                read.append(number)
            return (start, i), read
    return None, []


_AUTHOR_START = re.compile(r"^[A-Z][\w'’\-]+(?: [A-Z][\w'’\-]+)?,\s")


def _list_follows(lines: list[Line], index: int) -> bool:
    """Whether the lines after a plain-looking heading start like a reference list."""
    after = lines[index + 1 : index + 7]
    if not after:
        return True  # the heading ends its page: the list starts on the next one
    return any(_ENTRY_START.match(ln.text) or _AUTHOR_START.match(ln.text) for ln in after)


def _running_head(pages: _Pages, number: int, line: Line) -> bool:
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


def _headless_region(lines: list[Line]) -> list[Line]:
    """Without a heading: the dense run of entry-like lines at the end, from its first label."""
    starts = [i for i, ln in enumerate(lines) if _ENTRY_START.match(ln.text)]
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


def _cut_end(lines: list[Line], body: float) -> list[Line]:
    """The list (set in ``body`` size) up to its end: an appendix/biography heading, larger
    type, a bold numbered heading, a biography or a "Received ..." line."""
    for i, ln in enumerate(lines):
        if is_end_heading(ln, body):
            return lines[:i]
        if i == 0:
            continue
        if ln.size > 1.25 * body and len(ln.text) < 80:
            return lines[:i]
        if _SECTION.match(ln.text) and _all_bold(ln) and len(ln.text) < 80:
            return lines[:i]  # a bold numbered heading: "A Proof of Lemma 1", "B.2 Setup"
        if _BIOGRAPHY.match(ln.text) or _RECEIVED.match(ln.text):
            return lines[:i]
    return lines


# The history line some journals print after the list: "Received 12 March 2020; ...".
_RECEIVED = re.compile(
    r"^(?:Received|Submitted|Accepted)\s+(?:\d{1,2}\s+)?[A-Z][a-z]+\.?\s+(?:\d{1,2},?\s+)?\d{4}"
)
_SECTION = re.compile(r"^(?:[A-Z]|\d{1,2})(?:\.\d{1,2})*\.?\s+[A-Z]\S*")
_BIOGRAPHY = re.compile(
    r"^[A-Z][\w.\-’' ]{2,60}?\s(?:\((?:[A-Z]+’?\d{2},?\s?)+\)\s)?"
    r"(?:received\s+(?:the|his|her)\s+[A-Z]|is\s+currently\s+(?:a|an|the)\s)"
)


def _all_bold(line: Line) -> bool:
    covered = sum(e - s for s, e, kind in line.styles if kind == "bold")
    return covered >= 0.9 * len(line.text.replace(" ", "")) and covered > 0


def document_lines(path: str, password: str | None = None) -> dict[int, list[Line]]:
    """Every page's lines in reading order (1-based page numbers), read as
    :func:`read_bibliography` reads them.

    Used to build training data for the line models; pages that cannot be read are empty.
    """
    with open_pages(path, password) as pages:
        for number in range(1, pages.count + 1):
            pages.get(number)
        return pages.lines
