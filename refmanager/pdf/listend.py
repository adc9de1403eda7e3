"""Where the bibliography ends: the rules (an end heading, larger type, a bold numbered
heading, a biography, a journal's history line) and the line model's evidence (its run
of other text after the list, its certainty that lines are no longer the list's)."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import replace
from itertools import pairwise

from refmanager.model import Entry
from refmanager.pdf.headings import is_end_heading
from refmanager.pdf.layout import Line
from refmanager.pdf.zones import SURE


def cut_end(lines: list[Line], body: float) -> list[Line]:
    """The list (set in ``body`` size) up to its end: an appendix/biography heading, larger
    type, a bold numbered heading (not the list's next entry: a label that goes on with
    its numbering, its title set in bold), a biography or a "Received ..." line."""
    number: int | None = None  # the list's last label, in the form of its first
    form: str | None = None
    for i, ln in enumerate(lines):
        if is_end_heading(ln, body, floats=True):
            return lines[:i]
        label = label_number(ln)
        ours = label is not None and (form is None or label_form(ln) == form)
        if i == 0:
            number, form = label, label_form(ln)
            continue
        if ln.size > 1.25 * body and len(ln.text) < 80:
            return lines[:i]
        goes_on = ours and number is not None and label == number + 1
        if _SECTION.match(ln.text) and _all_bold(ln) and len(ln.text) < 80 and not goes_on:
            return lines[:i]  # a bold numbered heading: "A Proof of Lemma 1", "B.2 Setup"
        if _BIOGRAPHY.match(ln.text) or _RECEIVED.match(ln.text):
            return lines[:i]
        if ours:
            number, form = label, label_form(ln)
    return lines


# A dot leader to a page number: a table of contents' or an index's line ("\\parindent
# . . . . . 43, 68"), never a reference's (none of GROBID's 13,375 real entries holds one).
LEADER = re.compile(r"(?:(?:\.\s?){5,}|(?:…\s?){2,})\s*\d")
# How many of an index's first lines (from the first with a leader) must have one.
_INDEX_RUN = 3
_INDEX_OF = 4
# Words a line without a label has at least to be a line of an entry, not an index's
# group letter ("L", "Symbols").
_WORDS = 3


def index_start(lines: list[Line]) -> int | None:
    """Where an index (or a table of contents) after the list starts, if one does: the
    first line of the first run of lines with dot leaders to page numbers (three of four)
    after the list's first entry.
    An index printed without a heading on the page after a labelled list may open with a
    note and a group's letter ("Symbols", "A"): on a page where no line before the run
    carries a label it starts at the page's first line, the list's last entry having
    ended on the page before."""
    leaders = [bool(LEADER.search(ln.text)) for ln in lines]
    labelled = [label_number(ln) is not None for ln in lines]
    # An index read before the list (a column of it beside the list on the heading's
    # page, its group letters between) is the reference-ness model's to drop: the run
    # must follow the list's first entry (a labelled line, or a line of words).
    first = next(
        (
            i
            for i, ln in enumerate(lines)
            if not leaders[i] and (labelled[i] or len(ln.text.split()) >= _WORDS)
        ),
        len(lines),
    )
    runs = (i for i, has in enumerate(leaders) if has and i > first)
    start = next((i for i in runs if sum(leaders[i : i + _INDEX_OF]) >= _INDEX_RUN), None)
    if start is None:
        return None
    page = lines[start].page
    top = start
    while top > 0 and lines[top - 1].page == page:
        top -= 1
    if top < start and any(labelled[:top]) and not any(labelled[top:start]):
        return top
    return start


def heading_taken_for_furniture(
    line: Line, body: float, listed: float, junk_texts: Counter[tuple[str, int]]
) -> bool:
    """Whether ``line``, taken for page furniture (set apart at its page's edge), is a
    heading that ends the list ("TABLES" atop the page after the list, "Appendix A",
    "A. Technical details"): it reads as an end heading (its page's text set in
    ``body`` size) or as an appendix's lettered section heading in type larger than the
    list's (``listed``), and its text, digits folded, stands in no other furniture line
    of its size (``junk_texts`` counts them by :func:`furniture_key`), as a running
    head's would (a manual's "INDEX" over each page of its index, in the text's type, does
    not make the index's own "Index" in 14 pt one)."""
    if junk_texts[furniture_key(line)] > 1:
        return False
    text = line.text.strip()
    lettered = bool(_LETTERED.match(text)) and len(text) < 80 and line.size >= 1.25 * listed
    return lettered or is_end_heading(line, body, floats=True)


# An appendix's lettered section heading: "A Implementation details", "B. Proofs".
_LETTERED = re.compile(r"^[A-Z]\.?\s+[A-Z][\w’'\-]*(?:\s|$)")


def furniture_text(line: Line) -> str:
    """A furniture line's text with case, spaces and digits folded."""
    return re.sub(r"\d+", "#", re.sub(r"\s+", "", line.text.lower()))


def furniture_key(line: Line) -> tuple[str, int]:
    """A furniture line's folded text (:func:`furniture_text`) and its size, rounded."""
    return furniture_text(line), round(line.size)


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


# Over how many lines in a row the model must be sure that the list is over.
END_RUN = 3
NUMBER = re.compile(r"^\s*(?:[［【](\d{1,4})[］】]|[\[(]?(\d{1,4})[\].)]?\s)")


def label_number(line: Line) -> int | None:
    """The number of the label opening ``line`` ("[12] ", "12. ", "［12］"), if any."""
    m = NUMBER.match(line.text)
    return None if m is None else int(m.group(1) or m.group(2))


def label_form(line: Line) -> str | None:
    """The form of the label opening ``line``, its digits folded ("[#]", "#.", "#"), if any."""
    m = NUMBER.match(line.text)
    return None if m is None else re.sub(r"\d+", "#", m.group(0).strip())


def numbering_goes_on(lines: list[Line], number: int, form: str | None = None) -> bool:
    """Whether the next entry's number (``number`` + 1) opens one of ``lines``; with
    ``form`` (:func:`label_form` of the list's labels), in that form: a list labelled
    "[1]" does not go on in a table of contents' "2 Options ... 3".
    """
    return any(
        label_number(ln) == number + 1 and (form is None or label_form(ln) == form) for ln in lines
    )


def amid_list(ordered: list[Line], k: int) -> bool:
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


def sure_over(indexes: list[int], listed: list[float]) -> bool:
    """Whether the model is sure (:data:`SURE`) that none of the :data:`END_RUN` lines at
    ``indexes`` (positions in ``listed``, its per-line probability of being in the list)
    is the list's."""
    return len(indexes) == END_RUN and all(i >= 0 and listed[i] <= 1 - SURE for i in indexes)


def list_end(labels: list[str], first: int) -> int:
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


# Pages printed after an entry's closing full stop: the pages that cite it ("... 1995.
# 2, 4, 16"), as hyperref's backref prints them.
_BACK_REFERENCES = re.compile(r"(?<=\.)\s+(\d{1,4}(?:,\s*\d{1,4})*)\s*$")
# The word the full stop ends is a year or a word, not an abbreviation ("Phys. 12, 345").
_SENTENCE_END = re.compile(r"(?:\d{4}[a-z]?|[^\W\d_]{5,}|/)\.$")


def without_back_references(entries: list[Entry], pages: int) -> list[Entry]:
    """``entries`` without the back-references printed after them (decision 0047): the
    numbers after an entry's closing full stop, rising, each a page of the document's
    (``pages`` of them), where at least two entries and half of the whole ones end so.
    A single entry ending in a number after its full stop ("Press, 1991. 312") keeps it."""
    found: dict[int, int] = {}
    for k, entry in enumerate(entries):
        m = _BACK_REFERENCES.search(entry.raw)
        if m is None or not _SENTENCE_END.search(entry.raw[: m.start()].rstrip()):
            continue
        numbers = [int(n) for n in m.group(1).split(",")]
        if all(0 < n <= pages for n in numbers) and all(a < b for a, b in pairwise(numbers)):
            found[k] = m.start()
    whole = sum(1 for e in entries if not e.fragment)
    if len(found) < 2 or len(found) < 0.5 * whole:
        return entries
    out: list[Entry] = []
    for k, entry in enumerate(entries):
        end = found.get(k)
        if end is None:
            out.append(entry)
            continue
        styles = [(s, min(e, end), kind) for s, e, kind in entry.styles if s < end]
        out.append(replace(entry, raw=entry.raw[:end], styles=styles))
    return out
