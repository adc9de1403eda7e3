"""From a PDF file to its bibliography: read pages from the end until the list is found,
then read the list in one way (:func:`_reading`)."""

from __future__ import annotations

import os
import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from itertools import pairwise
from pathlib import Path
from statistics import median

from refmanager.model import DocumentMeta, Entry, InputError
from refmanager.pdf import zones
from refmanager.pdf.furniture import furniture
from refmanager.pdf.headings import is_end_heading, names_bibliography
from refmanager.pdf.layout import Line, body_size, typewriter
from refmanager.pdf.listend import (
    END_RUN,
    LEADER,
    amid_list,
    cut_end,
    furniture_key,
    furniture_text,
    heading_taken_for_furniture,
    index_start,
    label_form,
    label_number,
    list_end,
    numbering_goes_on,
    sure_over,
    without_back_references,
)
from refmanager.pdf.locate import (
    MAX_SCAN_PAGES,
    YEARISH,
    Heading,
    Search,
    earlier_heading,
    find_heading,
    headless_region,
    scan_for_heading,
)
from refmanager.pdf.meta import document_meta
from refmanager.pdf.pages import Pages, open_pages
from refmanager.pdf.segment import (
    CAPTION,
    entries_from_labels,
    label_spans,
    runs_apart,
    segment,
    segment_with_starts,
)
from refmanager.pdf.textclean import vocabulary


@dataclass(slots=True)
class Bibliography:
    """What a PDF's reference list gave.

    Attributes:
        entries: the entries in order (fragments, tails of entries whose start is not in
            the document, have ``fragment=True``).
        meta: the document's own metadata (title, authors, year, DOI, arXiv id).
        notes: messages for the user ("no bibliography found", unreadable pages).
        page_count: pages in the document.
        heading: the heading the list was read under, as a note names it ("'References'
            on page 7"; "" without one).
    """

    entries: list[Entry] = field(default_factory=list)
    meta: DocumentMeta = field(default_factory=DocumentMeta)
    notes: list[str] = field(default_factory=list)
    page_count: int = 0
    heading: str = ""


# A reading of the list: its lines, its entries, and why it found none (or "").
Reading = tuple[list[Line], list[Entry], str]
# How many of the entries read as references (the caller's judge: the parser's and the
# reference-ness model's, which this layer does not import).
Judge = Callable[[list[Entry]], int]
# Headings before the one nearest the end tried, at most, when nothing under it reads as
# references.
_EARLIER_HEADINGS = 3
# Readings of the lists under earlier headings, at most, those under a heading repeated
# (which use up no try) included.
_EARLIER_READINGS = 10
# A list under an earlier heading, or the rules' reading against the model's, is taken
# when at least this many of its entries, and half of them, read as references (a
# paragraph of prose that happens to read as one is no list).
_LIST_AT_LEAST = 2


def read_bibliography(
    path: str | os.PathLike[str],
    password: str | None = None,
    meta: bool = True,
    line_model: Path | None = None,
    judge: Judge | None = None,
) -> Bibliography:
    """The bibliography of the PDF at ``path`` (``password`` for an encrypted file).

    Without ``meta``, the document's own metadata is not read (its first page is read only
    if it is part of the list) and ``Bibliography.meta`` holds only the page count.
    ``line_model`` is a library's own line model (trained on its layout corrections, see
    :func:`refmanager.pdf.linetrain.train_library`): where it is sure of a line it decides
    it (the list's start and end, entry starts, furniture), elsewhere the rules do.
    ``judge`` says how many entries read as references: with it, where nothing under the
    heading nearest the end does, the headings before it are tried (a manual's section
    about its bibliography code after the list it printed), and the model's reading is not
    taken where nothing in it does and the rules' reading is a list. It is called on the
    entries returned, if any.

    Raises:
        InputError: not a PDF, damaged beyond repair, needs a (different) password, or
            has no text layer.
    """
    path = os.fspath(path)
    with open_pages(path, password) as pages:
        return _read(path, pages, meta, line_model, judge)


def _read(
    path: str, pages: Pages, with_meta: bool, line_model: Path | None, judge: Judge | None
) -> Bibliography:
    budget = pages.budget
    count = pages.count
    search = find_heading(pages)
    heading, scanned = search.heading, search.scanned
    # Page 1 gives the document's own metadata; without it, it is read only when nothing
    # was readable so far (is there any text at all?).
    first = pages.get(1) if with_meta or pages.chars == 0 else []
    if pages.chars == 0 and not pages.failed and pages.unreadable:
        raise InputError(str(path), "no page text could be read: " + sorted(pages.unreadable)[0])
    if pages.chars == 0 and not pages.failed:
        raise InputError(
            str(path), "has no text layer (a scanned document?): it needs OCR before extraction"
        )
    if pages.chars == 0 and pages.failed:
        raise InputError(str(path), "no page text could be read (" + budget.notes[0] + ")")
    # The list is read from its heading on, or, without one, on the last pages: at most
    # MAX_SCAN_PAGES of them (a long document's pages before were read for a heading).
    region = sorted(set(scanned))
    if heading is not None:
        region = [p for p in region if heading[0] <= p < heading[0] + MAX_SCAN_PAGES]
    else:
        region = [p for p in region if p > count - MAX_SCAN_PAGES]
    for number in region:
        if number not in pages.failed and not pages.lines.get(number):
            budget.notes.append(
                f"page {number}: no readable text (an image-only page?); "
                "references on it, if any, are missing"
            )
    vocab = vocabulary([ln.text for lines in pages.lines.values() for ln in lines])
    library = line_model if line_model is not None and line_model.is_file() else None
    ordered, entries, reason = _reading(pages, region, heading, vocab, library, judge=judge)
    if heading is None and _typewritten(ordered):
        # A numbered run set in a typewriter face, with no heading over it, is a program's
        # printed output (a data frame's rows under their numbers), not a bibliography.
        reason = "the numbered list found is set in a typewriter face (a program's output)"
        ordered, entries = [], []
    if heading is not None and judge is not None:
        # A heading before the last pages (a long document's) heads the list only where
        # it reads as one: a manual's sections about references are many.
        deep = heading[0] <= count - MAX_SCAN_PAGES
        found = _references_in(judge, entries)
        if not found or (deep and not _mostly_references(found, entries)):
            nearest = heading
            heading, (ordered, entries, reason) = _earlier_list(
                pages, heading, (ordered, entries, reason), vocab, library=library, judge=judge
            )
            if heading == nearest and search.bookmarked:
                heading, (ordered, entries, reason) = _unbookmarked_list(
                    pages, heading, (ordered, entries, reason), vocab, library=library, judge=judge
                )
            if heading == nearest and deep and found:
                text = pages.lines[heading[0]][heading[1]].text.strip()[:60]
                reason = (
                    f"only {found} of the {_whole(entries)} entries under the heading "
                    f"'{text}' on page {heading[0]}, before the last {MAX_SCAN_PAGES} pages, "
                    "read as references"
                )
                ordered, entries = [], []
    entries = without_back_references(entries, count)
    in_list = {id(ln) for ln in ordered}
    front = [ln for ln in first if id(ln) not in in_list and ln.mapped]
    if with_meta:
        meta = document_meta(pages.source, front, pages.side_text.get(1, ""), count)
    else:
        meta = DocumentMeta(page_count=count)
    notes = list(budget.notes)
    if not any(not e.fragment for e in entries):
        if heading is None:
            reason = _no_heading(search, reason) + _unread(search, count)
        else:
            reason = reason or (
                f"the lines after the heading on page {heading[0]} do not read as entries"
            )
        notes.append(f"no bibliography found ({reason})")
        entries = []
    named = ""
    if heading is not None:
        named = f"'{pages.lines[heading[0]][heading[1]].text.strip()[:60]}' on page {heading[0]}"
    return Bibliography(entries=entries, meta=meta, notes=notes, page_count=count, heading=named)


# The share of a list's characters set in a typewriter face for a list read without a
# heading to be a program's output.
_TYPEWRITTEN = 0.8


def _typewritten(lines: list[Line]) -> bool:
    """Whether nearly all of ``lines``'s text is set in a typewriter face."""
    chars = sum(len(ln.text) for ln in lines)
    fixed = sum(len(ln.text) for ln in lines if typewriter(ln.font))
    return chars > 0 and fixed >= _TYPEWRITTEN * chars


def _references_in(judge: Judge, entries: list[Entry]) -> int:
    """How many of ``entries`` read as references (none without a whole entry)."""
    return judge(entries) if any(not e.fragment for e in entries) else 0


def _a_list(judge: Judge, entries: list[Entry]) -> bool:
    """Whether ``entries`` are a list of references: :data:`_LIST_AT_LEAST` of them, and
    half of the whole ones, read as references."""
    return _mostly_references(_references_in(judge, entries), entries)


def _mostly_references(found: int, entries: list[Entry]) -> bool:
    """:func:`_a_list`, given how many of ``entries`` read as references (``found``)."""
    return found >= _LIST_AT_LEAST and found >= _whole(entries) / 2


def _earlier_list(
    pages: Pages,
    heading: Heading,
    found: Reading,
    vocab: set[str],
    *,
    library: Path | None,
    judge: Judge,
) -> tuple[Heading, Reading]:
    """The heading and the reading of the first list of references (:func:`_a_list`)
    before ``heading``, each read up to the heading after it; ``heading`` and ``found``
    (the reading under it) if none of the :data:`_EARLIER_HEADINGS` headings before it
    heads one. A heading whose text stands on the page of one that headed no list is
    that label again (a glossary's "Sources:" under each of its symbols), not tried; one
    whose text is that of one that headed no list, on another page, is tried but uses up
    none of the tries (a manual's "Reference" over each class's members, Doxygen's
    "... Class" broken before it, before the manual's "Bibliography"), as long as
    :data:`_EARLIER_READINGS` readings in all last."""
    after = heading
    first = _folded(pages, heading)
    failed = {(heading[0], first)}
    texts = {first}
    tries = readings = 0
    while tries < _EARLIER_HEADINGS and readings < _EARLIER_READINGS:
        earlier = earlier_heading(pages, after)
        if earlier is None:
            break
        text = _folded(pages, earlier)
        label = (earlier[0], text)
        if label in failed:
            after = earlier
            continue
        tries += text not in texts
        readings += 1
        region = list(range(earlier[0], min(after[0], earlier[0] + MAX_SCAN_PAGES - 1) + 1))
        reading = _reading(pages, region, earlier, vocab, library, judge=judge, until=after)
        if _a_list(judge, reading[1]):
            return earlier, reading
        failed.add(label)
        texts.add(text)
        after = earlier
    return heading, found


def _unbookmarked_list(
    pages: Pages,
    heading: Heading,
    found: Reading,
    vocab: set[str],
    *,
    library: Path | None,
    judge: Judge,
) -> tuple[Heading, Reading]:
    """The heading and the reading of the list that the scan from the end finds, the
    outline aside, where the list under the bookmark (``heading``, read as ``found``), and
    under the headings before it, is none: a bookmark named like a bibliography may head
    a manual's section that names its literature in a line ("16.10.5 Literature"), while
    the bibliography printed at the end of one of its parts has none. Taken where it is a
    list (:func:`_a_list`); ``heading`` and ``found`` otherwise."""
    search = scan_for_heading(pages)
    other = search.heading
    if other is None or other == heading:
        return heading, found
    last = min(pages.count, other[0] + MAX_SCAN_PAGES - 1)
    region: list[int] = []
    for number in range(other[0], last + 1):
        if pages.out_of_time(number):
            break
        pages.get(number)
        region.append(number)
    reading = _reading(pages, region, other, vocab, library, judge=judge)
    if _a_list(judge, reading[1]):
        return other, reading
    return heading, found


def _folded(pages: Pages, heading: Heading) -> str:
    """The heading's text, case and spaces folded."""
    return re.sub(r"\s+", "", pages.lines[heading[0]][heading[1]].text.lower())


def _no_heading(search: Search, reason: str) -> str:
    """Why no list was found without a heading (``reason``: the rules' own, if any): what
    the scan saw, and the headings it passed over."""
    read = len(search.scanned)
    pages = f"in the last {min(read, MAX_SCAN_PAGES)} page(s)"
    if not search.passed:
        if read > MAX_SCAN_PAGES:
            return reason or (
                f"no heading such as 'References' in the last {read} page(s) and no run of "
                f"numbered entries {pages}"
            )
        return reason or f"no heading such as 'References' and no run of numbered entries {pages}"
    number, text = search.passed[0]
    more = len(search.passed) - 1
    passed = f"the heading '{text[:60]}' on page {number}{f' (and {more} more)' if more else ''}"
    if reason:
        return f"{reason}; {passed} is followed by no list"
    return f"{passed} is followed by no list, and no run of numbered entries is {pages}"


def _unread(search: Search, count: int) -> str:
    """The pages the scan for the heading did not reach, said after the reason."""
    if search.heading is not None or not search.scanned or len(search.scanned) >= count:
        return ""
    first = min(search.scanned)
    if first <= 1:
        return ""
    return f"; pages 1-{first - 1} of {count} were not read"


# The rules' entries give way to the line model's reading where it finds this many times
# as many entries, and at least _DIFFERENCE more (a footnote the model takes for a third
# entry of a two-entry list is no wholesale difference).
_DISAGREE = 1.5
_DIFFERENCE = 3


def _reading(
    pages: Pages,
    region: list[int],
    heading: Heading | None,
    vocab: set[str],
    library: Path | None,
    *,
    judge: Judge | None = None,
    until: Heading | None = None,
) -> Reading:
    """The list, read once and one way (decision 0021):

    - the rules find it (:func:`_rule_entries`: the heading or the headless run of labels,
      furniture, the end rules, the cut into entries);
    - the shipped line model ends it (:func:`_model_entries`): it is right far more
      often than the rules about where a list ends;
    - the model's own reading (:func:`_combined_entries`: its labels where it is sure,
      the rules' elsewhere) is taken instead where it finds wholesale more entries
      (:func:`prefers_model`): the rules fail whole on some lists unlike those they were
      fitted to, and the model, cross-validated on style families it never saw, reads
      most of those. Where it finds fewer the rules stand (it may take a list beside
      margin line numbers for a few long entries), and where both agree the rules'
      finer cut stands;
    - a library's own line model (trained on its user's corrections) always decides
      the lines it is sure of (its reading is the combined one).

    Without the shipped model file the rules decide alone. With ``judge``, the model's
    reading is not taken where none of its entries reads as a reference and the rules'
    reading is a list (:func:`_a_list`: an annotated list whose notes the model takes for
    other text, and the changelog and index after it for entries). ``until`` ends the
    pages read: the lines from that one on (the next heading's) are not the list's.
    """
    # Furniture is judged on every page read (more pages, better evidence).
    junk = furniture(pages.lines, pages.heights)
    found, starts, stop = _rule_entries(pages, region, heading, vocab, junk, until=until)
    lines = _from_heading(pages, region, heading, until)
    # Past a heading that ends the list ("Appendix", "Tables") nothing is the list's,
    # whatever the model makes of it (a table's rows read like short entries), unless it
    # speaks of references itself ("Supplementary References" may head more of them; "A.1
    # Coordinate Reference Frames" does not).
    if stop is not None and _OF_REFERENCES.search(stop.text):
        stop = None
    end = next((i for i, ln in enumerate(lines) if ln is stop), len(lines))
    lines = without_captions(_before_chapter(lines[:end], stop))
    model = zones.read_lines(lines, pages.heights, library=library) if lines else None
    if model is None:
        return found
    other = _combined_entries(
        pages, lines, heading, vocab, found, model=model, junk=junk, starts=starts
    )
    if library is not None:
        return other
    ended = _model_entries(lines, heading, vocab, found, model)
    if not prefers_model(_whole(ended[1]), _whole(other[1])):
        return ended
    if judge is None or _references_in(judge, other[1]) or not _a_list(judge, ended[1]):
        return other
    return ended


def _whole(entries: list[Entry]) -> int:
    return sum(1 for e in entries if not e.fragment)


def prefers_model(rules: int, model: int) -> bool:
    """Whether the model's reading (``model`` entries) replaces the rules' (``rules``)."""
    return model >= _DISAGREE * rules and model - rules >= _DIFFERENCE


def _rule_entries(
    pages: Pages,
    region: list[int],
    heading: Heading | None,
    vocab: set[str],
    junk: set[int],
    *,
    until: Heading | None = None,
) -> tuple[Reading, set[int], Line | None]:
    """The rules: lines after the heading (up to ``until``), minus furniture (``junk``),
    cut at the list's end; the ids of the lines where they start an entry (none without
    entries); and the heading that ends the list ("Appendix", "Tables"), if one does."""
    ordered: list[Line] = []
    stop: Line | None = None
    unmapped = 0
    junk_texts = Counter(
        furniture_key(ln) for page in pages.lines.values() for ln in page if id(ln) in junk
    )
    head = _heading_line(pages, heading)
    for number in region:
        body = body_size(pages.lines.get(number, []))
        lines = _page_lines(pages, number, heading, until, after=1)
        ended = False
        for k, ln in enumerate(lines):
            if id(ln) in junk:
                # A heading that ends the list ("TABLES" atop the next page) is no less
                # one for being set apart at the page's edge, unless the numbering goes on
                # below it (the running head "Index 6" over the list's last entry).
                listed = median([o.size for o in ordered[:3]]) if ordered else 0.0
                ended = (
                    bool(ordered)
                    and (
                        heading_taken_for_furniture(ln, body, listed, junk_texts)
                        or _set_as_heading(ln, head, pages, junk)
                        or _chapter_taken_for_furniture(ln, head, listed, junk_texts)
                    )
                    and not _numbering_resumes(ordered, lines[k + 1 :])
                )
                if ended:
                    stop = ln
                    break
                continue
            if not ln.mapped:
                unmapped += 1
            elif not names_bibliography(ln.text):  # a repeated "References" head, say
                ordered.append(ln)
        if ended:
            break
    if unmapped > max(3, len(ordered)):
        pages.budget.notes.append(
            "much of the text is set in fonts without a Unicode map and cannot be read"
        )
    followed = bool(ordered)
    if heading is None:
        ordered = headless_region(ordered)
    cut = _next_run_in_heading(ordered, head)
    if cut is None:
        cut = _next_numbered_heading(ordered, head)
    if cut is None:
        cut = _next_hanging_heading(ordered, head)
    if cut is not None:
        stop, ordered = ordered[cut], ordered[:cut]
    if ordered:
        # The list's type: that of its first lines (a long footnote cannot outvote them).
        size = median([ln.size for ln in ordered[:3]])
        whole, ordered = ordered, cut_end(ordered, size)
        section = _numbered_section(ordered, size)
        if section is not None:
            ordered = ordered[:section]
        # An index after the list (dot leaders to page numbers) ends it, and the model's
        # reading with it, unless the list's numbering goes on below.
        index = index_start(ordered)
        if index is not None and not _numbering_resumes(
            ordered[:index], [ln for ln in ordered[index:] if not LEADER.search(ln.text)]
        ):
            ordered = ordered[:index]
        else:
            index = None
        end = len(ordered)
        if end < len(whole) and (
            index is not None
            or (
                (
                    is_end_heading(whole[end], size, floats=True)
                    or _ranks_with(whole[end], head, size)
                    or section is not None
                )
                and not _numbering_resumes(ordered, whole[end + 1 :])
            )
        ):
            stop = whole[end]
        # Footnotes and captions in much smaller type than the list are not part of it.
        ordered = [ln for ln in ordered if ln.size >= 0.8 * size]
        ordered = _without_footnotes(ordered, size)
        ordered = without_captions(ordered)
    if stop is not None:
        ordered = _over_the_columns(ordered, stop)
    ordered = _before_chapter(ordered, stop)
    entries, starts = segment_with_starts(ordered, vocab)
    reason = ""
    if heading is None and not _looks_like_references(entries):
        if entries:
            reason = "a numbered list was found, but its items do not read as references"
        entries = []  # a numbered list without a heading that does not cite anything
    elif heading is not None and not followed:
        reason = f"nothing but page furniture follows the heading on page {heading[0]}"
    elif heading is not None and not any(not e.fragment for e in entries):
        reason = f"the lines after the heading on page {heading[0]} do not read as entries"
    return (ordered, entries, reason), starts if entries else set(), stop


def _over_the_columns(lines: list[Line], stop: Line) -> list[Line]:
    """The list's ``lines`` without those of the page of the heading that ends it
    (``stop``) set in another column below it, where it stands above all of them: a
    heading over both columns set at the right (Sphinx's chapter title over its two-column
    index), read after the left column's lines, which are the next part's."""
    beside = [ln for ln in lines if ln.page == stop.page and ln.column != stop.column]
    if not beside or stop.bottom - max(ln.top for ln in beside) < _OVER * stop.size:
        return lines
    drop = {id(ln) for ln in beside}
    return [ln for ln in lines if id(ln) not in drop]


# A heading stands over a page's columns where it stands this many times its size above
# the other column's first line.
_OVER = 2.0


# A numbered section's heading ("4.8 Changes"), set this many times the list's type size.
_NUMBERED_HEADING = re.compile(r"^\d{1,2}(?:\.\d{1,2})*\.?\s+[A-Z][\w’'\-]*(?:\s|$)")
_NUMBERED_SIZE = 1.15
# Lines of a numbered list with a label before such a heading, at least.
_LABELLED_BEFORE = 2


def _numbered_section(lines: list[Line], size: float) -> int | None:
    """Where the next numbered section's heading after a numbered list stands in ``lines``
    (the list, set in ``size``), if one does: a line at least :data:`_NUMBERED_SIZE` times
    the list's type, as short as a heading, opening with a section number ("4.8 Changes"),
    after lines of the list with labels, and under which the list's numbering (from one
    of its last numbers) does not go on. A subsection's heading is set little larger than
    the text, and where the fonts name no weight (Type 3 fonts) nothing else shows it; a
    group of the list headed so ("5.2 Articles") goes on with the list's numbering, and
    is the list's."""
    labelled = 0
    for k, ln in enumerate(lines):
        text = ln.text.strip()
        if (
            labelled >= _LABELLED_BEFORE
            and ln.size >= _NUMBERED_SIZE * size
            and len(text) < _HEADING_CHARS
            and _NUMBERED_HEADING.match(text)
            and not _numbering_resumes(lines[:k], lines[k + 1 :])
            and not _recent_goes_on(lines[:k], lines[k + 1 :])
        ):
            return k
        if label_form(ln) is not None:
            labelled += 1
    return None


def _recent_goes_on(listed: list[Line], after: list[Line]) -> bool:
    """Whether one of the list's last numbers (its last :data:`_RECENT` labels among
    ``listed``, in the form most of its labels take) goes on in the first lines of
    ``after``: a line of an entry may open with a number or a year ("1. Access mode:
    ...", "2007. ...") that is no label of the list's."""
    forms = Counter(f for f in map(label_form, listed) if f is not None)
    if not forms:
        return False
    form = forms.most_common(1)[0][0]
    numbers = [label_number(ln) for ln in listed if label_form(ln) == form][-_RECENT:]
    return any(n is not None and numbering_goes_on(after[:8], n, form) for n in numbers)


# How many of the list's last labels the numbering may go on from.
_RECENT = 4


# A heading set this many times the list's type size is a chapter's title.
_CHAPTER_SIZE = 1.6


def _before_chapter(lines: list[Line], stop: Line | None) -> list[Line]:
    """``lines`` (the list, read up to ``stop``, the heading that ends it) without those
    on ``stop``'s page where ``stop`` is a chapter's title that opens its page: set at
    least :data:`_CHAPTER_SIZE` times the list's type, and none of those lines above it.
    A chapter starts on a page of its own; read column by column, the first line of its
    first paragraph, split at the gap of the two columns below (an index's), comes before
    the title at the page's top right, and is no line of the list's last entry."""
    if stop is None or not lines:
        return lines
    size = median([ln.size for ln in lines[:3]])
    on_page = [ln for ln in lines if ln.page == stop.page]
    if not on_page or stop.size < _CHAPTER_SIZE * size or any(ln.y >= stop.y for ln in on_page):
        return lines
    return [ln for ln in lines if ln.page != stop.page]


def _heading_line(pages: Pages, heading: Heading | None) -> Line | None:
    return None if heading is None else pages.lines[heading[0]][heading[1]]


# A heading set this much larger than the list's type heads a section of the document
# (the list's own, or the next); a line within this share of its size is as large.
_SECTION_SIZE = 1.25
_SAME_SIZE = 0.95
# A heading is shorter than this.
_HEADING_CHARS = 80


def _ranks_with(line: Line, head: Line | None, size: float) -> bool:
    """Whether ``line``, after the list (set in ``size``), is a heading of the rank of the
    list's own (``head``, set larger than the list): as large as it, and as short as a
    heading. The next chapter or section ("Index", in whatever language) starts there, and
    nothing after it is the list's, whatever the line model makes of it; a smaller
    heading may head a group of the list ("Primary sources")."""
    if head is None or head.size < _SECTION_SIZE * size:
        return False
    text = line.text.strip()
    return line.size >= _SAME_SIZE * head.size and 0 < len(text) < _HEADING_CHARS


def _chapter_taken_for_furniture(
    line: Line, head: Line | None, listed: float, junk_texts: Counter[tuple[str, int]]
) -> bool:
    """Whether ``line``, taken for page furniture, is the next chapter's heading: of the
    rank of the list's own (:func:`_ranks_with`; the list set in ``listed``), and its text,
    digits folded, in no other furniture line of its size (``junk_texts``), as a running
    head's would be. Texinfo and LaTeX's book classes set a chapter's title atop its
    page ("32 Feature functions", "Appendix A GNU Free Documentation License" under the
    page number), in other type and with a wide gap below it, as a running head is set;
    the list ends there."""
    return junk_texts[furniture_key(line)] <= 1 and _ranks_with(line, head, listed)


# A heading of a word or three, set as the list's own is: its font, size and left edge.
_LIKE_HEADING = re.compile(r"^[^\W\d_][^\W\d]*(?: [^\W\d]+){0,2}:?$")


def _set_as_heading(line: Line, head: Line | None, pages: Pages, junk: set[int]) -> bool:
    """Whether ``line``, taken for page furniture (its text recurs at pages' edges), is a
    heading set as the list's own (``head``) is: in its font and size, at its left edge,
    a word or three without digits, and set so amid a page too, where no running head
    stands ("Example" atop a page of a manual whose routines' parts, "Description",
    "References", "Example", are headed so, several opening a page). The next part of
    the document starts there. A running head over the list is set otherwise, stands
    only at pages' edges, or speaks of references ("References")."""
    if head is None or line is head:
        return False
    text = line.text.strip()
    if not (
        _like(line, head)
        and _LIKE_HEADING.match(text) is not None
        and not _REFERENCES_WORD.search(text)
    ):
        return False
    shape = furniture_text(line)
    return any(
        id(ln) not in junk and _like(ln, head) and furniture_text(ln) == shape
        for page in pages.lines.values()
        for ln in page
    )


def _like(line: Line, head: Line) -> bool:
    """Whether ``line`` is set in ``head``'s font and size, at its left edge."""
    return (
        line.font == head.font
        and abs(line.size - head.size) <= 0.02 * head.size
        and abs(line.x0 - head.x0) <= 1.0
    )


# A run-in heading: a word or three ending with a colon ("References:", "See also:"; a
# space before it as French typography and some manuals' macros set it, "Reference :").
_RUN_IN = re.compile(r"^\S+(?: \S+){0,2} ?[:：]$")
# How far from the list's run-in heading's left edge, in its type sizes, the next one
# may stand (a macro that sets the label after a space: "Reference :" 2.8 pt right of
# "Description:").
_RUN_IN_EDGE = 0.3


def _next_run_in_heading(lines: list[Line], head: Line | None) -> int | None:
    """Where the next run-in heading after the list stands in ``lines``, where the list's
    own heading (``head``) is one: a line of its own in the text's type ("References:"
    in a function's documentation, as Texinfo and R's manuals set it). The next line set
    as it is (its x, within :data:`_RUN_IN_EDGE` of its size, its size, and its font or
    bold: Doxygen sets "Reference:" in the text's face and "Arguments:" in bold; a word
    or three ending with a colon: "Examples:", "See also:") heads the documentation's
    next part: the list ends there, for the line model too; one about references
    ("Further references:") goes on with it. None where no such line follows."""
    if head is None or not _RUN_IN.match(head.text.strip()):
        return None
    for k, ln in enumerate(lines):
        if (
            k > 0
            and abs(ln.x0 - head.x0) <= _RUN_IN_EDGE * head.size
            and abs(ln.size - head.size) <= 0.05 * head.size
            and (ln.font == head.font or _bold(ln))
            and _RUN_IN.match(ln.text.strip())
            and not _REFERENCES_WORD.search(ln.text)
        ):
            return k
    return None


def _bold(line: Line) -> bool:
    """Whether all of ``line``'s text is set in bold."""
    covered = sum(end - start for start, end, kind in line.styles if kind == "bold")
    return covered > 0 and covered >= len(line.text.strip())


# A hanging heading is a word or three at most, this many characters, and stands this
# many points left of the list's lines at least (a quarter of an inch; points, not ems:
# Ghostscript's bitmap fonts are set at sizes of 0.2 pt).
_HANGING_CHARS = 40
_HANGING_BY = 18.0


def _next_hanging_heading(lines: list[Line], head: Line | None) -> int | None:
    """Where the next section's heading stands in ``lines``, where the list's own
    heading (``head``) hangs left of the list's lines, as a manual page sets its section
    headings ("REFERENCES", "SEE ALSO"): the first line set as it is (its font, size and
    left edge, :func:`_like`), left of the list's first line, short, opening with no
    label ("[20] J. Ott." set further left than "[1]") and naming no references. None
    where the heading does not hang or no such line follows."""
    if head is None or not lines or head.x0 > lines[0].x0 - _HANGING_BY:
        return None
    for k, ln in enumerate(lines):
        text = ln.text.strip()
        if (
            k > 0
            and _like(ln, head)
            and ln.x0 <= lines[0].x0 - _HANGING_BY
            and 0 < len(text) <= _HANGING_CHARS
            and label_number(ln) is None
            and not text.startswith(("[", "(", "［", "【"))
            and not _REFERENCES_WORD.search(text)
        ):
            return k
    return None


# A numbered heading: its number ("16.2", "4.", "A.3") and its title.
_SECTION_NUMBER = re.compile(r"^((?:\d{1,3}|[A-Z])(?:\.\d{1,3})*)\.?\s+\S")


def _next_numbered_heading(lines: list[Line], head: Line | None) -> int | None:
    """Where the next section's heading stands in ``lines``, where the list's own heading
    (``head``) is numbered ("16.2 参考文献"): the first line set as it is (its font, size
    and left edge), numbered at its depth with another number ("16.3 索引"), and as short
    as a heading. The list ends there, whatever language its title is in. None where no
    such line follows."""
    if head is None:
        return None
    m = _SECTION_NUMBER.match(head.text.strip())
    if m is None:
        return None
    depth = m.group(1).count(".")
    for k, ln in enumerate(lines):
        text = ln.text.strip()
        other = _SECTION_NUMBER.match(text)
        if (
            k > 0
            and other is not None
            and other.group(1) != m.group(1)
            and other.group(1).count(".") == depth
            and len(text) < _HEADING_CHARS
            and _like(ln, head)
        ):
            return k
    return None


# A word of a heading about references, in the languages headings are read in.
_REFERENCES_WORD = re.compile(r"(?i)referen|bibliog|literat|cited|quellen|文献")
# A heading that names references (a list of them): as _REFERENCES_WORD, but the singular
# "reference" only as the heading's last word ("Further reference"), not qualifying
# another ("Reference Frames", "Reference Manual").
_OF_REFERENCES = re.compile(
    r"(?i)referen(?!ce\b)|\breference\W*$|bibliog|literat|cited|quellen|文献"
)


def _numbering_resumes(listed: list[Line], after: list[Line]) -> bool:
    """Whether the list's numbering (its last label among ``listed``, in the form most of
    its labels take) goes on in the first lines of ``after``, in that form: then what
    stands between is no end of the list."""
    forms = Counter(f for f in map(label_form, listed) if f is not None)
    if not forms:
        return False
    form = forms.most_common(1)[0][0]
    last = next(ln for ln in reversed(listed) if label_form(ln) == form)
    number = label_number(last)
    return number is not None and numbering_goes_on(after[:8], number, form)


# Type this much smaller than the list's, at a column's foot, is a footnote's (a word
# processor's footnotes are 10 pt under 12 pt text; a line in small capitals is as small,
# but an entry goes on below it).
_FOOTNOTE_SIZE = 0.9
# ... when this many times the list's type size stands between it and the list above,
# and this many times the list's line spacing in the column.
_FOOTNOTE_GAP = 1.5
_FOOTNOTE_SPACING = 1.1


def _without_footnotes(lines: list[Line], size: float) -> list[Line]:
    """The list's lines without the footnotes at the foot of its columns: the lines in
    smaller type after the column's last line in the list's type, set off by a gap wider
    than the list's own line spacing there (a double-spaced list whose later entries are
    set smaller, as pasted ones are, goes on at its spacing)."""
    drop: set[int] = set()
    columns: dict[tuple[int, int], list[Line]] = {}
    for ln in lines:
        columns.setdefault((ln.page, ln.column), []).append(ln)
    for column in columns.values():
        k = len(column)
        while k > 0 and column[k - 1].size < _FOOTNOTE_SIZE * size:
            k -= 1
        if not 0 < k < len(column):
            continue
        gap = column[k - 1].y - column[k].y
        spacing = [a.y - b.y for a, b in pairwise(column[:k]) if 0 < a.y - b.y < 3 * size]
        spaced = not spacing or gap > _FOOTNOTE_SPACING * median(spacing)
        if gap > _FOOTNOTE_GAP * size and spaced:
            drop.update(id(ln) for ln in column[k:])
    return [ln for ln in lines if id(ln) not in drop] if drop else lines


# A caption's lines stand at most this many times its type size apart; the list's line
# after it, at least this much (a float's caption is set off from the text around it).
_CAPTION_SPACING = 1.6
# A caption runs over this many lines at most.
_CAPTION_LINES = 8
# An entry's continuation is indented this many times its type size past the caption.
_CAPTION_INDENT = 0.4


def without_captions(lines: list[Line]) -> list[Line]:
    """``lines`` without the captions of floats set between an entry's lines (decision
    0047): a caption ("Table 6: ...") at the list's left, where entries start, its lines
    close together, then set off by a gap from the list's next line, which is indented
    past it, as an entry's continuation is. The entry broken by the float goes on there;
    the caption is no line of it, nor an entry of its own."""
    if len(lines) < 3:
        return lines
    left = min(ln.x0 for ln in lines)
    drop: set[int] = set()
    for k, first in enumerate(lines):
        if k == 0 or not CAPTION.match(first.text) or first.x0 > left + 1.0:
            continue
        end = k + 1
        while (
            end < len(lines)
            and end - k < _CAPTION_LINES
            and lines[end].page == first.page
            and 0 < lines[end - 1].y - lines[end].y <= _CAPTION_SPACING * first.size
            and abs(lines[end].size - first.size) <= 0.05 * first.size
        ):
            end += 1
        if end >= len(lines):
            continue
        after = lines[end]
        if (
            after.page == first.page
            and lines[end - 1].y - after.y > _CAPTION_SPACING * first.size
            and after.x0 >= first.x0 + _CAPTION_INDENT * first.size
        ):
            drop.update(id(ln) for ln in lines[k:end])
    return [ln for ln in lines if id(ln) not in drop] if drop else lines


def _model_entries(
    lines: list[Line],
    heading: Heading | None,
    vocab: set[str],
    found: Reading,
    model: zones.Reading,
) -> Reading:
    """The rules' list (``found``), ended where the learned line model ends it (``model``:
    its reading of ``lines``, those of the pages read from the heading on).

    Where the model finds a list, the rules' lines after its last line, and those it takes
    for page furniture, are not part of the list: it is right far more often about where
    a list ends (an affiliation block, a journal footer, author addresses after it) than
    the rules are. The start (the heading, or the headless run of labels) and the cutting
    into entries stay with the rules.
    """
    ordered, entries, reason = found
    if not ordered:
        return found
    labels, listed, furn = model.labels, model.listed, model.furn
    spans = label_spans(labels)
    if not spans:
        return found
    position = {id(ln): i for i, ln in enumerate(lines)}
    last = list_end(labels, spans[0][0][0])
    index = [position.get(id(ln), -1) for ln in ordered]
    per_page = Counter(ln.page for ln in lines)
    kept: list[Line] = []
    number: int | None = None
    for k, (ln, i) in enumerate(zip(ordered, index, strict=True)):
        label = label_number(ln)
        goes_on = number is not None and numbering_goes_on(ordered[k : k + 8], number)
        if i > last and not goes_on and sure_over(index[k : k + END_RUN], listed):
            break  # the model is sure the list is over (and its numbering does not go on)
        # On a nearly empty page a line is furniture only if it recurs (the rules' test);
        # furniture stands at a page's head or foot or in its margins, not amid the list.
        if i < 0 or furn[i] < zones.SURE or per_page[ln.page] < 4 or amid_list(ordered, k):
            kept.append(ln)
            if label is not None:
                number = label
    if len(kept) == len(ordered):
        return found
    entries = segment(kept, vocab)
    if heading is None and not _looks_like_references(entries):
        entries = []
    return kept, entries, reason


def _combined_entries(
    pages: Pages,
    lines: list[Line],
    heading: Heading | None,
    vocab: set[str],
    found: Reading,
    *,
    model: zones.Reading,
    junk: set[int],
    starts: set[int],
) -> Reading:
    """The line model (``model``: its reading of ``lines``; a library's own model, stacked
    on the shipped one, where the library has one) decides every line it is sure of
    (head, entry start, entry line, other text, furniture); the rules' decision
    (``found``, what :func:`_rule_entries` found) stands where it is not. The entries are
    then cut from those labels."""
    ordered, entries, reason = found
    listed = ordered if entries else []
    rules = _rule_labels(pages, lines, listed, heading, junk=junk, starts=starts)
    labels = model.decide(rules)
    if heading is None and runs_apart(labels) > 1:
        labels = _under_last_head(labels)
    decided = entries_from_labels(lines, labels, vocab)
    if heading is None and not _looks_like_references(decided):
        decided = []
    kept = [lines[i] for span, _ in label_spans(labels) for i in span]
    if not any(not e.fragment for e in decided) and not reason and heading is not None:
        reason = f"the lines after the heading on page {heading[0]} do not read as entries"
    return kept, decided, reason


def _under_last_head(labels: list[str]) -> list[str]:
    """Without a heading found by the scan, a list stands in one place: where the model's
    list lines fall in runs apart from each other, with body text between them, only the
    lines from the last one it takes for a heading on are the list's (a matrix's rows
    before an unnumbered "References" the scan missed are not); with no such line, none is
    (a history's dated paragraphs, a manual's examples, that read like entries)."""
    head = max((i for i, lab in enumerate(labels) if lab == "head"), default=len(labels))
    return ["other"] * head + labels[head:]


def _rule_labels(
    pages: Pages,
    lines: list[Line],
    listed: list[Line],
    heading: Heading | None,
    *,
    junk: set[int],
    starts: set[int],
) -> list[str]:
    """The rules' decisions as line labels: the heading, the list's lines (those where
    the rules start an entry, ``starts``, are ``start``), furniture (``junk``), and other
    text."""
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


def _from_heading(
    pages: Pages, region: list[int], heading: Heading | None, until: Heading | None = None
) -> list[Line]:
    """The lines the model labels: those of the pages read, from the heading on when
    there is one (a page's body text above the heading is not the list, however many of
    its lines open with a citation), up to ``until``."""
    out: list[Line] = []
    for number in region:
        lines = _page_lines(pages, number, heading, until, after=0)
        out.extend(ln for ln in lines if ln.mapped)
    return out


def _page_lines(
    pages: Pages, number: int, heading: Heading | None, until: Heading | None, after: int
) -> list[Line]:
    """Page ``number``'s lines, before ``until``'s line on its page, and from ``after``
    lines past the heading's on its page."""
    lines = pages.lines.get(number, [])
    if until is not None and number == until[0]:
        lines = lines[: until[1]]
    if heading is not None and number == heading[0]:
        lines = lines[heading[1] + after :]
    return lines


def _looks_like_references(entries: list[Entry]) -> bool:
    """Most reference entries carry a year; numbered sections of a licence do not."""
    whole = [e for e in entries if not e.fragment]
    if not whole:
        return False
    dated = sum(1 for e in whole if YEARISH.search(e.raw))
    return dated >= 0.5 * len(whole)
