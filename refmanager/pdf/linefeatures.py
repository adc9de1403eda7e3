"""Layout features of a document's lines, for the learned line model (:mod:`zones`).

The model labels each line ``head`` (the bibliography's heading), ``start`` (the first
line of an entry), ``in`` (a further line of an entry), ``other`` (body text, notes,
tables, appendices, biographies) or ``furn`` (page furniture). Its features follow
GROBID's segmentation and reference-segmenter models: position on the page and in the
column, indent against the column's usual left edge, font size and weight against the
body text, vertical gaps, the shape of the first and last tokens, labels and numbering.
The rules the pipeline used to decide with (heading words, end headings, furniture,
entry-start patterns) are features here, not decisions.

Features are computed from what a stored row keeps of a :class:`Line` (page, column, box,
size, bold and italic shares, text: :func:`stored_row`), so the stored training form can
be re-featurised without TeX.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from itertools import groupby, pairwise
from typing import Any

from refmanager.model.typecodes import is_type_code
from refmanager.pdf.furniture import furniture
from refmanager.pdf.headings import (
    is_end_heading,
    is_heading,
    is_strong_heading,
    names_bibliography,
)
from refmanager.pdf.layout import Line, body_size
from refmanager.pdf.segment import rule_starts

LABELS = ("head", "start", "in", "other", "furn")


# A line in the stored training form: page, column, x0, x1, y, size, bold share, italic
# share, text (and the label after them; see ``tools/corpus``).
StoredRow = list[object]


def stored_row(line: Line) -> StoredRow:
    """``line`` in the stored training form (without its label)."""
    return [line.page, line.column, line.x0, line.x1, line.y, line.size, line.bold,
            line.italic, line.text]  # fmt: skip


def stored_line(row: Sequence[Any]) -> Line:
    """The line a stored row describes, its bold and italic shares kept (as spans of
    that many characters): what the model sees of it is what it saw of the line."""
    text = str(row[8])
    n = max(1, len(text.replace(" ", "")))
    styles: list[tuple[int, int, str]] = []
    for kind, share in (("bold", row[6]), ("italic", row[7])):
        k = round(float(share) * n)
        if k:
            styles.append((0, k, kind))
    return Line(int(row[0]), text, float(row[2]), float(row[3]), float(row[4]), float(row[5]),
                "", styles, [], True, int(row[1]))  # fmt: skip


def _flat(line: Line, bold: float) -> Line:
    """What the rules are shown of a line (whose bold share is ``bold``): bold where most
    of it is, else plain."""
    styles = [(0, len(line.text), "bold")] if bold >= 0.5 else []
    return Line(line.page, line.text, line.x0, line.x1, line.y, line.size, "", styles, [],
                True, line.column)  # fmt: skip


# A numeric label: at most three digits, so that a line opening with a year ("(2019);",
# "2019, 26(6): 999-1009.") is not read as a label.
_LABEL = re.compile(
    r"^\s*(?:[\[［【](\d{1,3})[\]］】]|\((\d{1,3})\)|(\d{1,3})\.(?=\s|[^\d\s]|$)|(\d{1,3})\s)"
)
_ALPHA_LABEL = re.compile(r"^\s*\[([A-Za-z][^\[\]]{0,40})\]")
_YEAR = re.compile(r"(?<!\d)(?:1[6-9]\d\d|20\d\d)[a-z]?(?!\d)")
_PAGES = re.compile(r"\d+\s*[-–—]\s*\d+")
_INITIALS = re.compile(r"(?:^|[\s,])[A-Z]\.(?:\s?[A-Z]\.)*(?=[\s,])")
_DOI_URL = re.compile(r"doi|https?:|www\.|10\.\d{4,}/", re.I)
_DASHES = re.compile(r"^\s*(?:[—–-]{2,}|_{3,}|——)")
_AUTHOR_START = re.compile(r"^[A-Z][\w'’\-]+(?: [A-Z][\w'’\-]+)?,\s")
_RECEIVED = re.compile(r"^(?:Received|Submitted|Accepted|Published|Revised)\b", re.I)
_BIO = re.compile(r"\b(?:received\s+(?:the|his|her)|is\s+currently|is\s+(?:a|an)\s+\w+\s+at)\b")
CJK_CHAR = re.compile(r"[\u3400-\u9fff]")
_EMAIL = re.compile(r"\S+@\S+\.\w+")
_NOT_WORD = re.compile(r"[^\w-]")


def _alpha_label(text: str) -> bool:
    """Whether ``text`` opens with a bracketed key ("[Knu84]"), not a GB/T type code
    ("[J/OL]. 计算机学报", a continuation line)."""
    m = _ALPHA_LABEL.match(text)
    return m is not None and not is_type_code(m.group(1))


# Flags read off a line's text alone, in the order they are listed. A pattern that needs
# a character or word the line lacks is not searched for.
_TEXT_FLAGS: tuple[tuple[str, Callable[[str], object]], ...] = (
    ("label.alpha", _alpha_label),
    ("pages", lambda text: ("-" in text or "–" in text or "—" in text) and _PAGES.search(text)),
    ("initials", lambda text: "." in text and _INITIALS.search(text)),
    ("etal", lambda text: "et al" in text),
    ("doiurl", _DOI_URL.search),
    ("dashes", _DASHES.match),
    ("author.start", _AUTHOR_START.match),
    ("received", _RECEIVED.match),
    ("bio", lambda text: ("is" in text or "received" in text) and _BIO.search(text)),
    ("email", lambda text: "@" in text and _EMAIL.search(text)),
    ("cjk", lambda text: not text.isascii() and CJK_CHAR.search(text)),
)
_FIRST_WORDS = frozenset(
    [
        "in",
        "and",
        "of",
        "the",
        "for",
        "on",
        "with",
        "to",
        "from",
        "by",
        "at",
        "a",
        "an",
        "proceedings",
        "journal",
        "vol",
        "volume",
        "pp",
        "pages",
        "department",
        "university",
        "institute",
        "school",
        "e-mail",
        "email",
        "received",
        "accepted",
        "submitted",
        "published",
        "revised",
        "figure",
        "fig",
        "table",
        "appendix",
        "acknowledgments",
        "acknowledgements",
        "references",
        "bibliography",
        "literature",
        "works",
        "et",
        "al",
        "doi",
        "url",
        "available",
        "retrieved",
        "accessed",
    ]
)


# An ASCII token's shape, a character at a time (others keep their own character).
_ASCII_SHAPE = str.maketrans(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789", "X" * 26 + "x" * 26 + "d" * 10
)


def _shape(token: str) -> str:
    """A token's shape: Xx, XX, x, d, with runs folded and punctuation kept."""
    head = token[:12]
    if head.isascii():
        shapes: Iterable[str] = head.translate(_ASCII_SHAPE)
    else:
        shapes = map(_char_shape, head)
    return "".join(c for c, _ in groupby(shapes))


def _char_shape(ch: str) -> str:
    if ch.isupper():
        return "X"
    if ch.islower():
        return "x"
    if ch.isdigit():
        return "d"
    if CJK_CHAR.match(ch):
        return "C"
    return ch


def _digit_share(text: str) -> float:
    return sum(map(str.isdigit, text)) / max(len(text), 1)


def _bucket(value: float, edges: Sequence[float]) -> int:
    """The index of the first of the (ascending) ``edges`` above ``value``."""
    return bisect_right(edges, value)


def _number(text: str) -> int | None:
    m = _LABEL.match(text)
    if not m:
        return None
    return int(next(g for g in m.groups() if g is not None))


@dataclass(slots=True)
class _Column:
    left: float
    right: float
    spacing: float
    hang: float | None  # the x of indented continuation lines, if the column has them


def _columns(rows: Sequence[Line], body: float) -> dict[tuple[int, int], _Column]:
    groups: dict[tuple[int, int], list[Line]] = {}
    for r in rows:
        groups.setdefault((r.page, r.column), []).append(r)
    out: dict[tuple[int, int], _Column] = {}
    for key, group in groups.items():
        xs = Counter(round(r.x0) for r in group)
        # The usual left edge: the smallest x that two lines share (a stray mark or an
        # outdented label alone does not move it).
        shared = sorted(x for x in xs if xs[x] + xs.get(x - 1, 0) + xs.get(x + 1, 0) >= 2)
        left = float(shared[0] if shared else min(xs))
        hangs = [(n, x) for x, n in xs.items() if 0.4 * body <= x - left <= 4 * body and n >= 2]
        hang = float(max(hangs)[1]) if hangs else None
        right = max(r.x1 for r in group)
        gaps = sorted(round(a.y - b.y, 1) for a, b in pairwise(group) if 0 < a.y - b.y < 3 * a.size)
        spacing = gaps[len(gaps) // 4] if gaps else 1.2 * body
        out[key] = _Column(left, right, spacing, hang)
    return out


def _line_features(
    r: Line,
    col: _Column,
    body: float,
    height: float,
    rule: dict[str, bool],
    *,
    words: bool,
    bold: float,
) -> list[str]:
    """A line's own features (``words``: whether its text is a bibliography heading's
    words, :func:`names_bibliography`; ``bold``: its bold share)."""
    text = r.text.strip()
    tokens = text.split()
    first = tokens[0] if tokens else ""
    last = tokens[-1] if tokens else ""
    em = max(r.size, 1.0)
    years = [m.start() for m in _YEAR.finditer(text)]  # (one search for the count and the first)
    f = [
        "bias",
        f"col={r.column}",
        f"ypos={_bucket(r.y / max(height, 1.0), (0.08, 0.15, 0.3, 0.5, 0.7, 0.85, 0.92))}",
        f"indent={_bucket((r.x0 - col.left) / em, (-0.3, 0.3, 0.8, 1.6, 3.0, 6.0))}",
        "at.hang"
        if col.hang is not None and abs(r.x0 - col.hang) <= 1.5
        else "at.left"
        if abs(r.x0 - col.left) <= 1.5
        else "at.neither",
        f"short={_bucket((col.right - r.x1) / em, (1.0, 4.0, 10.0, 20.0))}",
        f"width={_bucket((r.x1 - r.x0) / max(col.right - col.left, 1.0), (0.2, 0.5, 0.8, 0.95))}",
        f"size={_bucket(r.size / body, (0.75, 0.92, 0.97, 1.04, 1.15, 1.4))}",
        f"bold={_bucket(bold, (0.1, 0.6, 0.95))}",
        f"italic={_bucket(r.italic, (0.1, 0.5))}",
        f"len={_bucket(len(text), (3, 10, 25, 45, 70))}",
        f"first.shape={_shape(first)}",
        f"last.shape={_shape(last)}",
        f"last.char={last[-1:] if last and not last[-1:].isalnum() else 'a' if last else ''}",
        f"first.char={first[:1] if first and not first[:1].isalnum() else _shape(first[:1])}",
        f"commas={min(text.count(',') + text.count('，'), 6)}",
        f"years={min(len(years), 2)}",
        f"digits={_bucket(_digit_share(text), (0.02, 0.1, 0.3, 0.6))}",
    ]
    if years:
        # Where the first year stands: an author-year entry's first line prints it after
        # the names ("Choi F and Hoang E (1974) ..."), a continuation line near its end.
        f.append(f"yearpos={_bucket(years[0], (12, 30, 60))}")
    low = _NOT_WORD.sub("", first.lower())
    if low in _FIRST_WORDS:
        f.append(f"first.word={low}")
    if _LABEL.match(text):
        f.append("label.num")
        f.append("label.kind=" + text.lstrip()[:1])
    f.extend(name for name, test in _TEXT_FLAGS if test(text))
    if text.endswith("-") and len(text) > 1 and text[-2].isalpha():
        f.append("hyphen")
    if text.isupper() and len(text) > 3:
        f.append("caps")
    if words:
        f.append("heading.words")
    f.extend(name for name, on in rule.items() if on)
    return f


# How far ahead a label's successor (its number + 1) is looked for.
_LOOKAHEAD = 12


def _numbering_goes_on(numbers: Sequence[int | None], i: int) -> bool:
    """Whether a line within :data:`_LOOKAHEAD` after line ``i`` carries its number + 1."""
    number = numbers[i]
    ahead = numbers[i + 1 : i + 1 + _LOOKAHEAD]
    return number is not None and any(n == number + 1 for n in ahead)


def _has_numbered_list(rows: Sequence[Line], going_on: Sequence[bool]) -> bool:
    """Whether the pages hold a labelled list: at least three numbers that the next
    number follows within a few lines (``going_on``; numbered headings, equations and
    footnotes of the body text rarely count up so closely), or four bracketed keys
    ("[Knu84]")."""
    return sum(going_on) >= 3 or sum(1 for r in rows if _alpha_label(r.text)) >= 4


# How far a line starts right or left of the line before (in ems): a first-line indent of
# a third of an em (styles without labels) is told from the jitter of justified lines.
_DX = (-3.0, -0.5, -0.2, 0.2, 0.5, 3.0)


def _gaps_above(rows: Sequence[Line]) -> list[float | None]:
    """Each line's distance below the line before it in its column (None at a column's top)."""
    out: list[float | None] = [None]
    for prev, r in pairwise(rows):
        same = (prev.page, prev.column) == (r.page, r.column) and prev.y > r.y
        out.append(prev.y - r.y if same else None)
    return out


def _gap_against_neighbours(gaps: Sequence[float | None], i: int) -> list[str]:
    """The gap above a line against the gaps above the lines around it: space between
    entries (or paragraphs) shows as a gap wider than the ones just before and after,
    whatever the column's usual spacing (a list in other type than the body text)."""
    gap = gaps[i]
    around = [
        g for g in (gaps[i - 1] if i > 0 else None, gaps[i + 1] if i + 1 < len(gaps) else None) if g
    ]
    if gap is None or not around:
        return []
    return [f"gaprel={_bucket(gap / min(around), (0.85, 1.15, 1.5))}"]


# The text cues of an entry's start that matter where the layout shows none.
_FLUSH_CUES = ("author.start", "first.shape=", "first.char=", "years=", "yearpos=")
_FLUSH_PREV = ("short=", "last.char=", "years=")


def _flush_cues(rows: Sequence[Line], per_line: list[list[str]]) -> None:
    """Where a line starts where the lines before and after it start, in a document
    without numbered lists (a list set flush left, without labels or hanging indents),
    only the text tells an entry's first line: the line's opening cues and how the line
    before ends are repeated as ``flush:`` features, so the model weighs them apart from
    lists whose layout shows the entries. Continuation lines at a hanging list's indent
    are not such lines."""
    for i in range(1, len(rows) - 1):
        prev, r, nxt = rows[i - 1], rows[i], rows[i + 1]
        if len({(x.page, x.column) for x in (prev, r, nxt)}) != 1:
            continue
        if "at.hang" in per_line[i] or not any(x.startswith("numbered=0") for x in per_line[i]):
            continue
        em = max(r.size, 1.0)
        if abs(r.x0 - prev.x0) > 0.2 * em or abs(nxt.x0 - r.x0) > 0.2 * em:
            continue
        f = per_line[i]
        cues = [x for x in f if x.startswith(_FLUSH_CUES)]
        cues += [f"-1:{x}" for x in per_line[i - 1] if x.startswith(_FLUSH_PREV)]
        f.append("flush")
        f.extend(f"flush:{x}" for x in cues)


def featurize(rows: Sequence[Line], heights: dict[int, float]) -> list[list[str]]:
    """One feature list per row (the rows of the pages read, in reading order)."""
    if not rows:
        return []
    body = body_size(rows)
    cols = _columns(rows, body)
    bolds = [r.bold for r in rows]  # (each line's share read once)
    lines = [_flat(r, bold) for r, bold in zip(rows, bolds, strict=True)]
    pages: dict[int, list[Line]] = {}
    for ln in lines:
        pages.setdefault(ln.page, []).append(ln)
    junk = furniture(pages, heights)
    starts = rule_starts([ln for ln in lines if id(ln) not in junk], flush=None)
    per_line: list[list[str]] = []
    last_number: int | None = None
    rank: dict[int, int] = {}
    for ln in lines:
        rank[ln.page] = rank.get(ln.page, 0) + 1
    seen: dict[int, int] = {}
    numbers = [_number(r.text) for r in rows]
    going_on = [_numbering_goes_on(numbers, i) for i in range(len(numbers))]
    numbered = _has_numbered_list(rows, going_on)
    gaps = _gaps_above(rows)
    for i, (r, ln) in enumerate(zip(rows, lines, strict=True)):
        col = cols[(r.page, r.column)]
        # (the heading's words read once: the heading rules and a feature of their own)
        words = names_bibliography(ln.text.strip())
        heading = is_heading(ln, body, words=words)
        rule = {
            "rule.heading": heading,
            "rule.strong": heading and is_strong_heading(ln, body, words=words),
            "rule.end": is_end_heading(ln, body),
            "rule.furn": id(ln) in junk,
            "rule.start": id(ln) in starts,
        }
        f = _line_features(
            r, col, body, heights.get(r.page, 792.0), rule, words=words, bold=bolds[i]
        )
        em = max(r.size, 1.0)
        f.extend(_gap_against_neighbours(gaps, i))
        seen[r.page] = seen.get(r.page, 0) + 1
        k = seen[r.page]
        if k <= 2:
            f.append(f"page.top={k}")
        if rank[r.page] - k < 2:
            f.append(f"page.bottom={rank[r.page] - k}")
        prev = rows[i - 1] if i > 0 else None
        nxt = rows[i + 1] if i + 1 < len(rows) else None
        if prev is None or (prev.page, prev.column) != (r.page, r.column):
            f.append("col.first")
        elif prev.y > r.y:
            gap = (prev.y - r.y) / max(col.spacing, 1.0)
            f.append(f"gap={_bucket(gap, (0.9, 1.1, 1.3, 1.7, 2.5))}")
            f.append(f"gapem={_bucket((prev.y - r.y) / em, (1.05, 1.3, 1.6, 2.2))}")
            f.append(f"dx={_bucket((r.x0 - prev.x0) / em, _DX)}")
            if abs(prev.size - r.size) > 0.5:
                f.append("size.change")
        else:
            f.append("gap.up")
        if nxt is None or (nxt.page, nxt.column) != (r.page, r.column):
            f.append("col.last")
        elif r.y > nxt.y:
            gap = (r.y - nxt.y) / max(col.spacing, 1.0)
            f.append(f"gap.next={_bucket(gap, (0.9, 1.1, 1.3, 1.7, 2.5))}")
            f.append(f"dx.next={_bucket((nxt.x0 - r.x0) / em, _DX)}")
        labelled = numbers[i] is not None or _alpha_label(r.text)  # (_number: _LABEL's match)
        f.append(f"numbered={int(numbered)}{int(labelled)}")
        number = numbers[i]
        if number is not None:
            if last_number is not None and number == last_number + 1:
                f.append("label.next")
            elif number == 1:
                f.append("label.one")
            else:
                f.append("label.jump")
            if going_on[i]:
                f.append("label.cont")
            last_number = number
        per_line.append(f)
    _flush_cues(rows, per_line)
    # Neighbours' key features.
    keys = (
        "indent=",
        "at.",
        "gap=",
        "size=",
        "label.",
        "numbered=",
        "first.shape=",
        "last.char=",
        "rule.",
        "bold=",
        "short=",
        "years=",
        "gaprel=",
    )
    # (each distinct feature tested once: most recur on many lines)
    is_key: dict[str, bool] = {}
    shown = [
        [x for x in f if (is_key[x] if x in is_key else is_key.setdefault(x, x.startswith(keys)))]
        for f in per_line
    ]
    out: list[list[str]] = []
    n = len(per_line)
    for i, f in enumerate(per_line):
        g = list(f)
        for off, prefix in _NEIGHBOURS:
            j = i + off
            if 0 <= j < n:
                g += map(prefix.__add__, shown[j])
            else:
                g.append(prefix + "none")
        out.append(g)
    return out


# The neighbours whose key features a line is given, and the prefix that names each.
_NEIGHBOURS = tuple((off, f"{off}:") for off in (-1, 1, -2, 2))


def with_base_labels(feats: list[list[str]], base: Sequence[str]) -> list[list[str]]:
    """A stacked model's features: each line's own, plus the base model's label of it and
    of its neighbours (a library's line model learns where the shipped one errs)."""
    n = len(base)
    out: list[list[str]] = []
    for i, f in enumerate(feats):
        prev = base[i - 1] if i > 0 else "none"
        nxt = base[i + 1] if i + 1 < n else "none"
        g = [*f, f"base={base[i]}", f"base-1={prev}", f"base+1={nxt}"]
        g.append(f"base.pair={prev}>{base[i]}")
        out.append(g)
    return out
