"""Cutting the bibliography's lines into entries.

Labelled styles ([12], 12., (12), [HKL19], [Smith et al., 2020]) start an entry at a line
that opens with a label at the column's label position; numeric labels must also follow
the numbering. Unlabelled (author-year) lists are cut by their hanging indent, else by
the vertical gaps between entries, else by how lines end and start. Lines at the top of a
column or page continue the entry before them, unless the numbering jumps: then they are
the tail of an entry whose start is not in the document (a fragment).
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from itertools import pairwise
from pathlib import Path

from refmanager.model import Entry, Location
from refmanager.model.identifiers import ARXIV_CATEGORY
from refmanager.model.typecodes import is_type_code
from refmanager.pdf import flushlist
from refmanager.pdf.layout import Line
from refmanager.pdf.textclean import join_lines

_LABELS: dict[str, re.Pattern[str]] = {
    # [12], and the full-width ［12］ and 【12】 of Chinese and Japanese lists.
    "bracket": re.compile(r"^[\[［【]([^\[\]［］【】]{1,60})[\]］】]\s*"),
    "paren": re.compile(r"^\((\d{1,4})\)\s*"),
    "close": re.compile(r"^(\d{1,4})\)\s*"),  # 12) A. Author
    "dot": re.compile(r"^(\d{1,4})\.(?=\s|[^\d\s]|$)\s*"),
    "bare": re.compile(r"^(\d{1,4})\s+(?=\S)"),
    # A superscript number set against the first author's name ("12Smith, J. A., ...", or
    # the initials first, as AIP's journals set it: "12J. A. Smith, ..."): the text layer
    # holds no space between them.
    "glued": re.compile(
        r"^(\d{1,3})(?=[A-Z\u00c0-\u00de][\w\u00c0-\u024f'’\-.]*,"
        r"|(?:[A-Z\u00c0-\u00de]\.[\s\-]?){1,3}[A-Z\u00c0-\u00de][\w\u00c0-\u024f'’\-]+[\s,])"
    ),
}
# A float's caption: "Figure 12:", "Fig. 3.", "Table 2", in the languages headings are read in.
CAPTION = re.compile(
    r"^\s*(?:Figure|Fig\.|Table|Listing|Algorithm|Abbildung|Tabelle|Tableau|Tabla|图|表)\s*\d",
    re.I,
)
_CATEGORY = re.compile(ARXIV_CATEGORY)
_ALPHA_KEY = re.compile(r"^[A-Za-z\u00c0-\u024f][\w\u00c0-\u024f+\-.'’&, ]{0,58}$")
_MAX_JUMP = 120


def _label_of(line: Line, kind: str) -> str | None:
    m = _LABELS[kind].match(line.text)
    if not m:
        return None
    label = m.group(1).strip()
    if kind == "bracket" and not (label.isdigit() or _ALPHA_KEY.match(label)):
        return None
    if (
        kind == "bracket"
        and not label.isdigit()
        and line.text[m.start(1) + len(m.group(1)) + 1 :][:1] in (",", ";")
    ):
        # "[Hah95], pages 711-735.": a citation of another entry, broken before; a number
        # stays a label: "[2], A new formulation ...", the same authors' rule (AMS's
        # \bysame) drawn, not printed, between the label and the comma
        return None
    if kind == "bracket" and is_type_code(label):
        return None  # "[J]. 计算机学报, ...": a GB/T type code opening a continuation line
    if kind == "bracket" and not label.isdigit() and re.match(r"(?i)^(doi|online|internet)", label):
        return None
    return label


@dataclass(slots=True)
class _Column:
    """A column of the list: its edges, the x of its indented lines (None when none are
    indented), the typical baseline distance inside an entry, and whether the indented
    lines are the entries' first lines (a first-line indent) rather than their
    continuations (a hanging indent)."""

    left: float
    right: float
    indent: float | None
    spacing: float
    first_line: bool = False


@dataclass(slots=True)
class _Draft:
    lines: list[Line] = field(default_factory=list)
    label: str = ""
    number: int | None = None
    fragment: bool = False


def _columns(lines: list[Line]) -> dict[tuple[int, int], _Column]:
    groups: dict[tuple[int, int], list[Line]] = {}
    for ln in lines:
        groups.setdefault((ln.page, ln.column), []).append(ln)
    out: dict[tuple[int, int], _Column] = {}
    for key, group in groups.items():
        xs = [round(ln.x0, 0) for ln in group]
        left = min(xs)
        counts = Counter(x for x in xs if x > left + 1.5)
        lefts = sum(1 for x in xs if x <= left + 1.5)
        indent: float | None = None
        if counts:
            x, n = counts.most_common(1)[0]
            if n < 2:
                x, n = _most_lines_at(counts)
            if n >= 2 and x - left < 0.25 * max(ln.x1 - ln.x0 for ln in group) and n >= 0.3 * lefts:
                indent = x
            else:
                indent = _continuation_indent(group, left)
        gaps = [a.y - b.y for a, b in pairwise(group) if 0 < a.y - b.y < 3 * a.size]
        spacing = _line_spacing(gaps) if gaps else 1.2 * group[0].size
        out[key] = _Column(left, max(ln.x1 for ln in group), indent, spacing)
    # A column holding only continuation lines (the tail of an entry on a page of its
    # own), or only one-line entries, shows no indent: borrow the geometry of the same
    # column on another page.
    known = {key[1]: col for key, col in out.items() if col.indent is not None}
    for key, col in out.items():
        ref = known.get(key[1])
        if (
            col.indent is None
            and ref is not None
            and ref.indent is not None
            and (abs(col.left - ref.indent) <= 1.5 or abs(col.left - ref.left) <= 1.5)
        ):
            # Only continuations (x at the indent) or only entry starts (x at the left).
            col.left, col.indent = ref.left, ref.indent
    if _first_line_indent(lines, out):
        for col in out.values():
            col.first_line = True
    return out


def _most_lines_at(counts: Counter[float]) -> tuple[float, int]:
    """Where no two lines start at one x (rounded to a point): the x at which most lines
    start, and how many, with the lines one point right of it counted in. Lines set at
    one indent start a fraction of a point apart, and rounding puts 136.5 and 136.7 on
    two sides: a one-entry list's two continuation lines showed no indent. The lower x
    is the indent, so that no line of it stands left of it."""
    return max(
        ((x, n + counts.get(x + 1, 0)) for x, n in counts.items()),
        key=lambda xn: (xn[1], counts[xn[0]], -xn[0]),
    )


# A share of the lines at a column's left that must follow a line ending short (an entry's
# end) for a few indented lines, each after a full line, to make a hanging indent.
_ENDS_BEFORE_STARTS = 0.5


def _continuation_indent(group: list[Line], left: float) -> float | None:
    """The hanging indent of a column whose entries mostly fit on one line: too few lines
    are indented for their count alone to tell an indent from stray lines, but each of
    them follows a full line (its first word had no room at the end of the line above:
    it goes on an entry), while most lines at the left follow a line ending short (an
    entry's end). The indented x of the most such lines (a point's jitter counted in),
    the lower on a tie; lines beside another on their row (a label's text) are no line
    starts. None where the lines do not show it so."""
    right = max(ln.x1 for ln in group)
    widest = max(ln.x1 - ln.x0 for ln in group)
    going_on: Counter[float] = Counter()
    stray: set[float] = set()
    after_end = at_left = 0
    for prev, ln in pairwise(group):
        x = round(ln.x0, 0)
        if prev.y - ln.y < 0.5 * ln.size:
            if x > left + 1.5:
                stray.add(x)  # on the row of the line before: no line start
            continue
        room = _had_room(prev, ln, right)
        if x <= left + 1.5:
            at_left += 1
            after_end += room
        elif room:
            stray.add(x)
        else:
            going_on[x] += 1
    if at_left < 2 or after_end < _ENDS_BEFORE_STARTS * at_left:
        return None
    best: tuple[int, float] | None = None
    for x, n in going_on.items():
        if x in stray or x + 1 in stray or x - left < _LEAST_INDENT or x - left >= 0.25 * widest:
            continue
        lines_at = n + (0 if x + 1 in stray else going_on.get(x + 1, 0))
        if lines_at >= 2 and (best is None or (lines_at, -x) > (best[0], -best[1])):
            best = (lines_at, x)
    return None if best is None else best[1]


# How much more often the line before an indented line must have had room for its first
# word than the line before one at the left, for the indent to be a first-line indent.
_FIRST_LINE_MARGIN = 0.4
# Points an indent is at least (less is the jitter of lines set flush).
_LEAST_INDENT = 4.0


def _first_line_indent(lines: list[Line], columns: dict[tuple[int, int], _Column]) -> bool:
    """Whether the list's indented lines open its entries (a first-line indent, as a word
    processor's body style sets every paragraph) rather than continue them (a hanging
    indent). A line goes on below the one before only when its first word did not fit
    on that one; an entry's first line mostly would have fitted (the entry before ended
    early). So in a hanging list the lines at the left follow lines with room for their
    first word and the indented ones lines without; with a first-line indent it is the
    other way round."""
    counts = {True: [0, 0], False: [0, 0]}  # indented?: [lines, with room before them]
    for prev, ln in pairwise(lines):
        col = columns[(ln.page, ln.column)]
        if col.indent is None or (prev.page, prev.column) != (ln.page, ln.column):
            continue
        if col.indent - col.left < _LEAST_INDENT:
            continue  # the jitter of a flush column's starts, no indent
        at_indent = ln.x0 >= col.left + 0.5 * (col.indent - col.left)
        counts[at_indent][0] += 1
        counts[at_indent][1] += _had_room(prev, ln, col.right)
    (indented, room_i), (left, room_l) = counts[True], counts[False]
    if indented < 2 or left < 2:
        return False
    return room_i / indented > room_l / left + _FIRST_LINE_MARGIN


def _had_room(prev: Line, line: Line, right: float) -> bool:
    """Whether ``line``'s first word (and a space) would have fitted at the end of
    ``prev``, the line above it, short of the column's ``right`` edge."""
    text = line.text.strip()
    if not text:
        return False
    word = len(text.split()[0]) + 1
    return prev.x1 + word * (line.x1 - line.x0) / len(text) < right


def _line_spacing(gaps: list[float]) -> float:
    """The baseline distance inside an entry: the smallest gap that recurs.

    Gaps between entries (extra space) are larger; a median would mix the two.
    """
    counts = Counter(round(g * 2) / 2 for g in gaps)
    recurring = [g for g, n in counts.items() if n >= 2]
    return min(recurring) if recurring else min(counts)


def choose_kind(lines: list[Line], columns: dict[tuple[int, int], _Column]) -> str | None:
    """The label style of the list: the kind whose labels sit at entry starts and count up."""
    best: tuple[float, str] | None = None
    for kind in _LABELS:
        starts = 0
        ordered = 0
        steps = 0  # labels that follow the one before (12 after 11)
        prev: int | None = None
        found = [
            _label_of(ln, kind)
            if kind == "glued" or _at_label_position(ln, columns[(ln.page, ln.column)])
            else None
            for ln in lines
        ]
        for k, label in enumerate(found):
            if label is None:
                continue
            if label.isdigit() and _year_not_label(int(label), prev):
                continue
            if label.isdigit() and prev is not None and _next_label_follows(found, k, prev):
                continue  # "231 (2001)", a page range's end, while label 2 comes next
            starts += 1
            if label.isdigit():
                num = int(label)
                if prev is not None and 0 < num - prev <= _MAX_JUMP:
                    ordered += 1
                    steps += num == prev + 1
                prev = num
            else:
                ordered += 1 if kind == "bracket" else 0
        if starts < 2:
            continue
        score = ordered + 0.5 * starts
        if kind in ("bare", "glued") and ordered < 0.8 * starts:
            continue
        if kind in ("dot", "paren", "close") and ordered < 0.5 * starts:
            continue
        if kind != "bracket" and steps == 0:
            continue  # numbers that never count on by one: page ranges' ends ("288."), not labels
        if best is None or score > best[0]:
            best = (score, kind)
    return best[1] if best else None


def _one_labelled_entry(lines: list[Line]) -> bool:
    """Whether the list is one entry labelled "[1]": its first line opens with that label
    and no other line opens with a label of any kind. No style counts up in such a list,
    and read as an unlabelled one its continuation lines (a path, a URL) became entries.
    A line set well apart below it (a signature) is still a piece of its own."""
    if len(lines) < 2 or _label_of(lines[0], "bracket") != "1":
        return False
    return not any(pattern.match(ln.text) for ln in lines[1:] for pattern in _LABELS.values())


def _year_not_label(number: int, last: int | None) -> bool:
    """Whether a four-digit number opening a line is no label: a year ("1976. Pollination
    of ...", an author-year list's entry under the author of the one before) unless the
    numbering has reached it."""
    return number >= 1000 and (last is None or number != last + 1)


def _at_label_position(line: Line, col: _Column) -> bool:
    if col.indent is None or col.first_line:
        return True
    return line.x0 < col.indent - 1.0


def segment(lines: list[Line], vocab: set[str] | None = None) -> list[Entry]:
    """Entries from the bibliography's lines in reading order."""
    return [_entry(d, vocab) for d in _drafts(lines) if d.lines]


def rule_starts(lines: list[Line], flush: Path | None = flushlist.MODEL_PATH) -> set[int]:
    """ids of the lines where the rules would start an entry (a feature of the line
    model, which is shown the layout rules alone: ``flush=None`` keeps the start model
    of flush lists out, see :func:`_unlabelled_starts`)."""
    return {id(d.lines[0]) for d in _drafts(lines, flush) if d.lines and not d.fragment}


def segment_with_starts(
    lines: list[Line], vocab: set[str] | None = None
) -> tuple[list[Entry], set[int]]:
    """:func:`segment` and :func:`rule_starts` of the same lines, cut once."""
    drafts = [d for d in _drafts(lines) if d.lines]
    starts = {id(d.lines[0]) for d in drafts if not d.fragment}
    return [_entry(d, vocab) for d in drafts], starts


def _drafts(lines: list[Line], model: Path | None = flushlist.MODEL_PATH) -> list[_Draft]:
    if not lines:
        return []
    columns = _columns(lines)
    kind = choose_kind(lines, columns)
    one = kind is None and _one_labelled_entry(lines)
    if one:
        kind = "bracket"
    unlabelled = _unlabelled_starts(lines, columns, model) if kind is None else []
    drafts: list[_Draft] = []
    current: _Draft | None = None
    last_number: int | None = None
    found_labels = _numbers_only(
        [_label_of(ln, kind) if kind is not None else None for ln in lines]
    )
    for k, ln in enumerate(lines):
        col = columns[(ln.page, ln.column)]
        start = False
        label = ""
        number: int | None = None
        if kind is not None:
            found = found_labels[k]
            if found is not None and found.isdigit() and _year_not_label(int(found), last_number):
                found = None
            # A glued label may open a first-line indent ("  12Smith, J., ...", the
            # continuation lines set out at the column's left).
            if found is not None and (kind == "glued" or _at_label_position(ln, col)):
                if found.isdigit():
                    number = int(found)
                    if (
                        last_number is None
                        or (
                            0 < number - last_number <= _MAX_JUMP
                            and not _next_label_follows(found_labels, k, last_number)
                        )
                        or _restarts(found_labels, k, last_number)
                    ):
                        start = True
                else:
                    start = True
                label = found
            elif (
                kind != "glued"
                and current is not None
                and not current.fragment
                and _outdented(ln, col)
            ):
                break  # text at the label position without a label: the list is over
        else:
            start = unlabelled[k]
        if one and k > 0 and not start and _set_apart(lines[k - 1], ln):
            start = True
        if not start and CAPTION.match(ln.text):
            start = True  # a float's caption set in the list: a piece of its own, no entry's
        if start:
            if (
                current is not None
                and number is not None
                and last_number is not None
                and number > last_number + 1
            ):
                _split_tail(current, drafts)
            current = _Draft([ln], label, number)
            drafts.append(current)
            if number is not None:
                last_number = number
        elif current is None:
            current = _Draft([ln], fragment=True)
            drafts.append(current)
        else:
            current.lines.append(ln)
    return drafts


def _set_apart(prev: Line, line: Line) -> bool:
    """Whether ``line`` stands more than three of its type sizes below ``prev``."""
    return (prev.page, prev.column) == (line.page, line.column) and prev.y - line.y > 3 * line.size


def _numbers_only(labels: list[str | None]) -> list[str | None]:
    """In a list numbered in brackets, an arXiv category in brackets opens no entry: it
    ends the entry before ("arXiv:1201.1516 [hep-lat]." broken before the bracket). A
    list is numbered when its numbers count on by one, at least twice and for at least
    half of them. Other keys stay labels: biblatex prints shorthands ("[KpV]") among the
    numbers."""
    numbers = [int(lab) for lab in labels if lab is not None and lab.isdigit()]
    steps = sum(1 for a, b in pairwise(numbers) if b == a + 1)
    if steps < 2 or steps < 0.5 * len(numbers):
        return labels
    return [None if lab is not None and _CATEGORY.fullmatch(lab) else lab for lab in labels]


# How many lines ahead the label after the last one is looked for.
_NEXT_WITHIN = 8


def _next_label_follows(labels: list[str | None], k: int, last: int) -> bool:
    """Whether the label after ``last`` opens one of the next lines, while line ``k``'s
    number jumps: then line ``k`` is no label ("82." ending a page range "161-")."""
    number = int(labels[k] or 0)
    if number == last + 1:
        return False
    following = str(last + 1)
    return any(lab == following for lab in labels[k + 1 : k + 1 + _NEXT_WITHIN])


def _restarts(labels: list[str | None], k: int, last: int) -> bool:
    """Whether line ``k``'s label 1 opens a second list numbered from 1 (references of
    the figures' legends, or of a supplement, after the paper's): the list before it has
    counted to 3 at least, and labels 2 and 3 follow, each within :data:`_NEXT_WITHIN`
    lines of the one before."""
    if labels[k] != "1" or last < 3:
        return False
    at = k
    for following in ("2", "3"):
        ahead = labels[at + 1 : at + 1 + _NEXT_WITHIN]
        if following not in ahead:
            return False
        at += 1 + ahead.index(following)
    return True


def _outdented(line: Line, col: _Column) -> bool:
    """A line left of the continuation indent that does not even look like a label."""
    if col.indent is None or col.first_line or col.indent - col.left < 4:
        return False
    if line.x0 >= col.left + 0.5 * (col.indent - col.left):
        return False
    if len(line.text.split()) < 3 or line.x1 - line.x0 < 0.3 * (col.right - col.left):
        return False  # a stray mark or a short piece, not a line of text
    return not re.match(r"^[\[(\d]", line.text)


def _split_tail(current: _Draft, drafts: list[_Draft]) -> None:
    """Move the lines after the last column/page break of ``current`` into a fragment."""
    lines = current.lines
    cut = None
    for i in range(len(lines) - 1, 0, -1):
        a, b = lines[i - 1], lines[i]
        if (a.page, a.column) != (b.page, b.column) or b.y > a.y + 1:
            cut = i
            break
    if cut is None:
        return
    tail = lines[cut:]
    del lines[cut:]
    drafts.append(_Draft(tail, fragment=True))


# A list whose lines are this much further apart than its usual line spacing, at
# entries' ends, shows its entries by the space between them.
_ENTRY_GAP = 1.35


def _unlabelled_starts(
    lines: list[Line], columns: dict[tuple[int, int], _Column], model: Path | None
) -> list[bool]:
    """Where an unlabelled list starts its entries. The layout tells where it shows them
    (a hanging indent, space between entries); where it does not, the start model of
    flush lists reads the text (:mod:`refmanager.pdf.flushlist`): every line of a list
    set flush (no indent in any column, no space between entries anywhere), and the
    first line of each column or page of a list spaced out (no space above it to tell).
    Without the model the rules decide those too."""
    rules: list[bool] = []
    by_layout: list[bool] = []
    prev: Line | None = None
    spaced = _spaced_columns(lines, columns)
    for ln in lines:
        key = (ln.page, ln.column)
        start, sure = _unlabelled_start(ln, prev, columns[key], key in spaced)
        rules.append(start)
        by_layout.append(sure)
        prev = ln
    flush = _is_flush(lines, columns)
    goes_on = [k > 0 and _GOES_ON.search(lines[k - 1].text) is not None for k in range(len(lines))]
    if model is None or (not flush and all(by_layout)):
        return [rule and not on for rule, on in zip(rules, goes_on, strict=True)]
    labels = flushlist.tag(lines, rules, model)
    if not labels:
        return [rule and not on for rule, on in zip(rules, goes_on, strict=True)]
    return [
        k == 0 or (not goes_on[k] and (lab == "start" if flush or not sure else rule))
        for k, (rule, sure, lab) in enumerate(zip(rules, by_layout, labels, strict=True))
    ]


# A line that ends with "In" (a chapter's book, its editors on the next line) ends no
# entry: the next line goes on with it, however much it opens as an entry does.
_GOES_ON = re.compile(r"(?:^|\s)[Ii]n:?$")


def _spaced_columns(
    lines: list[Line], columns: dict[tuple[int, int], _Column]
) -> set[tuple[int, int]]:
    """The columns (page, column) where space wider than :data:`_ENTRY_GAP` times the
    line spacing stands between two of the list's lines: its entries are spaced out."""
    out: set[tuple[int, int]] = set()
    for a, b in pairwise(lines):
        key = (b.page, b.column)
        if (a.page, a.column) == key and a.y - b.y > _ENTRY_GAP * columns[key].spacing:
            out.add(key)
    return out


def _is_flush(lines: list[Line], columns: dict[tuple[int, int], _Column]) -> bool:
    """Whether a list is set flush: no hanging or first-line indent in any column, no
    space between its lines wider than :data:`_ENTRY_GAP` times their spacing."""
    if any(col.indent is not None and col.indent > col.left for col in columns.values()):
        return False
    return not _spaced_columns(lines, columns)


def _unlabelled_start(ln: Line, prev: Line | None, col: _Column, spaced: bool) -> tuple[bool, bool]:
    """Whether ``ln`` starts an entry of an unlabelled list, and whether the layout says
    so (an indent, the space above it, or none in a column whose entries are spaced
    out; not the text's cues alone)."""
    if prev is None:
        return True, True
    if col.indent is not None and col.indent > col.left:
        outdented = ln.x0 < col.left + 0.5 * (col.indent - col.left)
        return outdented != col.first_line, True
    same_col = (prev.page, prev.column) == (ln.page, ln.column) and prev.y > ln.y
    if same_col and prev.y - ln.y > _ENTRY_GAP * col.spacing:
        return True, True
    if same_col and (spaced or prev.y - ln.y > 1.1 * col.spacing):
        return False, True
    # No indent and no gaps: a short line ending with a full stop ends an entry.
    ends = prev.text.rstrip().endswith((".", "。"))
    return ends and ln.text[:1].isupper() and prev.x1 < col.right - 2 * prev.size, same_col


def _entry(draft: _Draft, vocab: set[str] | None) -> Entry:
    raw, starts = join_lines([ln.text for ln in draft.lines], vocab)
    styles: list[tuple[int, int, str]] = []
    for ln, offset in zip(draft.lines, starts, strict=True):
        for a, b, kind in ln.styles:
            s, e = offset + a, min(offset + b, len(raw))
            if e > s:
                styles.append((s, e, kind))
    cut = len(draft.label)
    if draft.label.isdigit() and raw[:cut] == draft.label and raw[cut : cut + 1].isalpha():
        # A superscript label glued to the first author's name: set apart by a space.
        raw = f"{raw[:cut]} {raw[cut:]}"
        styles = [(s + (s >= cut), e + (e > cut), kind) for s, e, kind in styles]
    return Entry(
        raw=raw,
        label=draft.label,
        locations=boxes(draft.lines),
        fragment=draft.fragment,
        styles=styles,
    )


def boxes(lines: list[Line]) -> list[Location]:
    """One box per page and column the lines occupy, in their order."""
    found: dict[tuple[int, int], list[float]] = {}
    for ln in lines:
        box = found.setdefault((ln.page, ln.column), [ln.x0, ln.bottom, ln.x1, ln.top])
        box[0], box[1] = min(box[0], ln.x0), min(box[1], ln.bottom)
        box[2], box[3] = max(box[2], ln.x1), max(box[3], ln.top)
    return [Location(page, (b[0], b[1], b[2], b[3])) for (page, _), b in found.items()]


def entries_from_labels(
    lines: list[Line], labels: list[str], vocab: set[str] | None = None
) -> list[Entry]:
    """Entries from lines labelled by the line model (``start``/``in``; other labels are
    not part of the list).

    The list lines fall into runs, cut at a ``head`` line or at a stretch of
    :data:`_ZONE_GAP` lines of body text; runs with fewer than three entry starts (a body
    line that happens to open with a citation) are dropped unless no run has more. Lines of
    other kinds inside a run (a running head, a footnote, a table) are skipped. ``in`` lines
    before the first ``start`` of the first run, with no heading before them, are the tail
    of an entry that began before the pages read (a fragment).
    """
    drafts: list[_Draft] = []
    for span, fragment in label_spans(labels):
        ln = lines[span[0]]
        drafts.append(
            _Draft([lines[i] for i in span], "" if fragment else _any_label(ln), None, fragment)
        )
    return [_entry(d, vocab) for d in drafts if d.lines]


def label_spans(labels: list[str]) -> list[tuple[list[int], bool]]:
    """The entries a label sequence gives: each entry's line indices and whether it is a
    fragment (see :func:`entries_from_labels`)."""
    out: list[tuple[list[int], bool]] = []
    for k, (first, last) in enumerate(_zones(labels)):
        current: list[int] | None = None
        for i in range(first, last + 1):
            lab = labels[i]
            if lab == "start":
                current = [i]
                out.append((current, False))
            elif lab == "in":
                if current is not None:
                    current.append(i)
                elif k == 0 and "head" not in labels[:first]:
                    current = [i]
                    out.append((current, True))
    return out


def runs_apart(labels: list[str]) -> int:
    """How many runs of list lines, apart from each other, a label sequence gives: the
    runs :func:`entries_from_labels` reads (cut by a ``head`` line or by body text), those
    with a gap between them under :data:`_BREAK_WITHIN` of the shorter's lines counted as
    one (a code block or a table set inside a long list breaks it, it does not end it)."""
    groups: list[tuple[int, int]] = []
    for first, last in _zones(labels):
        if groups:
            start, end = groups[-1]
            shorter = min(end - start + 1, last - first + 1)
            if first - end - 1 < _BREAK_WITHIN * shorter:
                groups[-1] = (start, last)
                continue
        groups.append((first, last))
    return len(groups)


# A gap between two runs of list lines under this share of the shorter run's lines is a
# break within one list.
_BREAK_WITHIN = 0.5


# Lines of body text (not furniture) after which a run of list lines is over.
_ZONE_GAP = 12


def _zones(labels: list[str]) -> list[tuple[int, int]]:
    """(first, last) index of each run of list lines worth keeping (see above)."""
    runs: list[list[int]] = []  # [first, last, starts]
    gap = 0
    open_run = False
    for i, lab in enumerate(labels):
        if lab in ("start", "in"):
            if not open_run:
                runs.append([i, i, 0])
                open_run = True
            runs[-1][1] = i
            runs[-1][2] += lab == "start"
            gap = 0
        elif lab == "head":
            open_run = False
        elif lab == "other":
            gap += 1
            if gap >= _ZONE_GAP:
                open_run = False
    if not runs:
        return []
    best = max(r[2] for r in runs)
    return [(r[0], r[1]) for r in runs if r[2] >= 3 or r[2] == best]


def _any_label(line: Line) -> str:
    for kind in _LABELS:
        found = _label_of(line, kind)
        if found is not None:
            return found
    return ""
