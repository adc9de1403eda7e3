"""Compound entries: several works printed under one number, each its own reference.

Chemistry's and physics' lists print several works under one label: "[12] a) A. Ode, J.
Am. Chem. Soc. 2001, 123, 45; b) B. Abe, Angew. Chem. 2002, 41, 100." or "[3] K. Ode, Phys.
Rev. B 12, 34 (1990); R. Abe, ibid. 13, 56 (1991)." For a user each work is a reference of
its own (its own authors, journal and DOI; one row mixing two works' fields is wrong), so
a numbered entry is cut into its works where the evidence is strong (decision 0053):

- where a cut may be (:func:`candidate_cuts`): before the part markers "b)", "c)" ... or
  "(b)", "(c)" ... of a run that counts on from "a)"; after "; " (or ". " after a year, a
  page or a bracket) where what follows opens as a list opens a name ("R. Abe,", "Abe R,",
  "Abe, R.", after "; " also "Özge Aksın et al.,"; in an entry that opens as IOP's do,
  "Ode K R 1992", also after a page: "... 13 188 Ode K R 1994 ..."); and
  after "; " before a capital or "ibid." (the same authors' next work: "...; Nucl. Phys.
  B 543 (1999) 533");
- which cuts are kept (:func:`parts_of`): each part, parsed alone by the field parser,
  must read as a work: its own authors (the parser's, where the part opens, the whole
  name the cut was made before), a year or an identifier, a title or a journal, and
  reference-ness at :data:`SURE` or more; a part without a name must read as the same
  authors' next work (a journal or "ibid." where it opens, a year, a volume and a page,
  and another year, or the same journal's other volume or page: not the same work's
  other edition, "Angew. Chem. Int. Ed. 2012, 51, 1044; Angew. Chem. 2012, 124, 1206"),
  and takes their names; and two parts must not print one work twice (in two scripts, as
  GB/T 7714 prints an entry in Chinese and then in English, or with the same year and
  pages). A part that fails is joined to the one before it (the first to the one after;
  a part without a year, the first authors of the next work, to the next), and the parts
  are judged again, until every one passes.

What is never a cut: Vancouver's "2001;123:45" (a number after the ";"), authors set apart
by ";" ("Ode, K.; Abe, R. J. Am. Chem. Soc. ...": the part "Ode, K." holds no year), an
erratum's "; 13, 56(E) (1991)" (no journal), "and references therein", "erratum ibid."
(no capital), a place before its publisher ("Cambridge, MA:"), a heading after the list
("B. Positions and Honors": the parser reads no name), and the full-width "；" of Chinese
lists. The parts keep the entry's boxes on the page and its citation number; their
labels are the number with the part's letter ("12a", "12b").
"""

from __future__ import annotations

import copy
import re
from dataclasses import dataclass

from refmanager.model import Reference
from refmanager.model.identifiers import ARXIV_ID, DOI_IN_TEXT

# A part marker: "a)", "(a)", "b )" (as some text layers give it), at the text's start or
# after a space or punctuation, before a part's text.
_MARKER = re.compile(r"(?:(?<=^)|(?<=[\s;.,:]))(?P<open>\(?)(?P<letter>[a-z])\s?\)(?=\s*\S)")
# What may stand before a marker from "b)" on (spaces aside): the end of the part before.
_PART_END = frozenset(";.,")
# How far into the entry (its label included) the first marker "a)" may stand ("[12] For
# reviews, see: a) ...").
_FIRST_MARKER_WITHIN = 50

_PARTICLE = r"(?:(?:de|van|von|der|den|da|di|du|dos|del|la|le|ter|ten|['\u2019]t)\s)"
_FAMILY = r"[A-Z\u00c0-\u00de][\w'\u2019\u00c0-\u024f-]*[\w\u00c0-\u024f]"
_INITIAL = r"[A-Z\u00c0-\u00de](?:[a-z]?\.|\.)"
_GIVEN = r"[A-Z\u00c0-\u00de][a-z\u00df-\u024f]+(?:-[A-Z]?[a-z\u00df-\u024f]+)?"
# A given name written out ("Özge Aksın et al.,", "... u. a.", "King-Yuen Ng,"): only
# after "; ".
_FULL_NAME = re.compile(
    rf"{_GIVEN}\s(?:{_INITIAL}\s)?{_PARTICLE}*{_FAMILY}(?=,|\set\sal\b|\su\.\sa\.|\sand\s|\s&)"
)
# A name as a list opens one: initials first ("R. Abe", "J.-P. Jay-Gerin", "Ya. I. Kogan",
# "D.J. Cecile"), or the family name first, before initials ("Abe R,", "Abe RJ ", "Abe,
# R.", "Ode K R 1992"), but not before a colon (a place: "Cambridge, MA:", "Nutley,
# N.J.:").
_NAME_START = re.compile(
    rf"(?:{_INITIAL}\s?-?\s?){{1,4}}{_PARTICLE}*{_FAMILY}"
    rf"|{_PARTICLE}?{_FAMILY},?\s(?:[A-Z]\.?\s?-?){{1,3}}(?=[\s,.;(]|$)(?!\s*:)"
)
# Where one work ends and the next may open: "; " (or ";" alone), or ". " after a year, a
# page, a closing bracket ("(1989). K. Okazaki").
_BOUNDARY = re.compile(r";\s*|(?<=[\d)\]])\.\s+")
# IOP's opening, with no punctuation between the names, the initials and the year
# ("Ode K R 1992", "Ode K-R, Abe R and Sato Y-Z 2010"): in an entry that opens so, a
# work may open so after the page of the one before ("... 13 188 Ode K R 1994").
_IOP_NAME = rf"{_PARTICLE}*{_FAMILY}\s[A-Z](?:[\s-][A-Z])*"
_IOP_OPENING = re.compile(
    rf"{_IOP_NAME}(?:(?:,\s|\sand\s){_IOP_NAME})*(?:\set\sal)?\s(?:1[6-9]|20)\d\d\b"
)
_AFTER_PAGE = re.compile(r"(?<=\d)\s+(?=[A-Z\u00c0-\u00de])")
_IBID = re.compile(r"ibid\b", re.I)
_YEAR = re.compile(r"(?<!\d)(?:1[6-9]\d\d|20\d\d)(?!\d)")
_ARXIV = re.compile(rf"(?<![\w.]){ARXIV_ID}")
# A reference-ness this high for every part (the threshold keeps rows from 0.5).
SURE = 0.9
# Separators left at a part's end.
_TRAILING = " ;,"


@dataclass(slots=True, frozen=True)
class Cut:
    """Where a part may start in an entry's text, its marker's letter ("" for none), and
    whether no name opens it (only the same authors' next work may start there)."""

    at: int
    letter: str = ""
    same: bool = False


def _label_end(raw: str) -> int:
    from refmanager.parse.tokens import split_label

    return split_label(raw)[1]


def marker_cuts(raw: str) -> list[Cut]:
    """The starts of the parts "a)", "b)", "c)" ... of a run of markers counting on from an
    "a)" near the entry's start; none without such a run."""
    found = list(_MARKER.finditer(raw))
    first = next((k for k, m in enumerate(found) if m.group("letter") == "a"), None)
    if first is None or found[first].start() > _FIRST_MARKER_WITHIN:
        return []
    cuts = [Cut(found[first].start(), "a")]
    want, style = "b", found[first].group("open")
    for m in found[first + 1 :]:
        if m.group("letter") != want or m.group("open") != style:
            continue
        before = raw[: m.start()].rstrip()
        if not before or before[-1] not in _PART_END:
            continue
        cuts.append(Cut(m.start(), want))
        want = chr(ord(want) + 1)
    return cuts if len(cuts) >= 2 else []


def name_cuts(raw: str, start: int, number: str = "") -> list[Cut]:
    """Places after ``start`` where a work may end and a name open the next one (not after
    the next entry's label, ``number`` plus one, where the list's cut missed it; in an
    entry that opens as IOP's lists do, also after a page), and after "; " where a capital
    or "ibid" opens the same authors' next work."""
    out = []
    after = str(int(number) + 1) if number.isascii() and number.isdigit() else ""
    if _IOP_OPENING.match(raw, start):
        pages = _AFTER_PAGE.finditer(raw, start)
        out += [Cut(m.end()) for m in pages if _IOP_OPENING.match(raw, m.end())]
    for m in _BOUNDARY.finditer(raw, start):
        at = m.end()
        if at >= len(raw) or (after and raw[: m.start()].endswith(f" {after}")):
            continue
        semicolon = raw[m.start()] == ";"
        if any(c.at == at for c in out):
            continue
        if _NAME_START.match(raw, at) or (semicolon and _FULL_NAME.match(raw, at)):
            out.append(Cut(at))
        elif semicolon and (raw[at].isupper() or _IBID.match(raw, at)):
            out.append(Cut(at, same=True))
    return out


def candidate_cuts(raw: str, number: str = "") -> tuple[list[Cut], bool]:
    """Where the parts of a compound entry numbered ``number`` may start (its first part's
    start excluded), and whether its parts are lettered."""
    start = _label_end(raw)
    markers = marker_cuts(raw)
    lettered = {c.at for c in markers[1:]}
    cuts = list(markers[1:])
    for cut in name_cuts(raw, start, number):
        if cut.at not in lettered and not any(c.at <= cut.at < c.at + 5 for c in markers):
            cuts.append(cut)
    return sorted(cuts, key=lambda c: c.at), bool(markers)


def _dated(text: str) -> bool:
    """Whether ``text`` may be a whole work: a year, an arXiv id or a DOI in it."""
    return bool(_YEAR.search(text) or _ARXIV.search(text) or DOI_IN_TEXT.search(text))


def _reads_as_work(ref: Reference, first: bool, lettered: bool, probability: float) -> bool:
    """Whether a part, parsed alone, reads as a work of its own: authors where it opens (the
    first part: anywhere; a part cut before a name: that name, all of it), a year or an
    identifier, a title, a journal or an identifier (a lettered part: any other field,
    "Thèse, Nantes"), and reference-ness at :data:`SURE`."""
    if probability < SURE or not ref.author:
        return False
    if not first:
        opening = [t.label for t in ref.tokens[:4] if t.label not in ("O", "label")]
        if not opening or opening[0] != "author":
            return False
        name = None if lettered else _NAME_START.match(ref.raw)
        if name is not None and any(
            t.label not in ("O", "author") for t in ref.tokens if t.start < name.end()
        ):
            return False  # "B. Positions and Honors": the parser reads no name there
    ids = bool(_ARXIV.search(ref.raw) or ref.get("DOI"))
    dated = (ref.issued is not None and ref.issued.year) or ids
    if lettered:
        named = any(ref.fields.values())
    else:
        named = bool(ref.get("title") or ref.get("container-title"))
    return bool(dated and (ids or named))


def _continues(ref: Reference) -> bool:
    """Whether a part, parsed alone, reads as the same authors' next work ("...; Nucl.
    Phys. B 543 (1999) 533", "...; ibid. 81, 155303 (2010)"): no authors, a journal (or
    "ibid.") where it opens, a year, a volume and a page (after "ibid.", one of them)."""
    if ref.author or ref.issued is None or not ref.issued.year:
        return False
    if _IBID.match(ref.raw):
        return bool(ref.get("volume") or ref.get("page"))
    if not (ref.get("volume") and ref.get("page")):
        return False
    opening = [t.label for t in ref.tokens[:3] if t.label not in ("O", "label")]
    return bool(opening) and opening[0] == "container-title"


def _journal(ref: Reference) -> str:
    return "".join(ch for ch in ref.get("container-title").casefold() if ch.isalpha())


def _next_work(before: Reference, after: Reference) -> bool:
    """Whether ``after``, a part without authors, is another work than ``before`` (not the
    same work's other edition: "Angew. Chem. Int. Ed. 2012, 51, 1044; Angew. Chem. 2012,
    124, 1206", the same year in another journal): another year, or the same journal
    ("ibid.") with another volume or page."""
    year = before.issued.year if before.issued is not None else None
    other = after.issued.year if after.issued is not None else None
    if not year or not other:
        return False
    if year != other:
        return True
    same = _IBID.match(after.raw) or (_journal(after) and _journal(after) == _journal(before))
    differs = (after.get("volume"), after.get("page")) != (before.get("volume"), before.get("page"))
    return bool(same and differs)


def _cjk(text: str) -> bool:
    return any("\u3000" <= ch <= "\u9fff" or "\uac00" <= ch <= "\ud7af" for ch in text)


def _same_work(first: Reference, second: Reference) -> bool:
    """Whether two parts print one work twice: in two scripts (GB/T 7714's entry in
    Chinese, then in English), or with the same year and pages (a translation)."""
    if _cjk(first.raw) != _cjk(second.raw):
        return True
    year = first.issued.year if first.issued is not None else None
    other = second.issued.year if second.issued is not None else None
    page = first.get("page")
    return bool(year and page and year == other and page == second.get("page"))


def _within(styles: list[tuple[int, int, str]], a: int, b: int) -> list[tuple[int, int, str]]:
    """Font style spans of the text ``[a, b)``, moved to the part's own offsets."""
    return [(max(s, a) - a, min(e, b) - a, k) for s, e, k in styles if s < b and e > a]


def _letter(k: int) -> str:
    return chr(ord("a") + k) if k < 26 else f"{k + 1}"


def parts_of(ref: Reference) -> list[tuple[int, Reference]]:
    """The works ``ref`` holds, each with where it starts in ``ref.raw`` and as the field
    parser reads it alone; ``[(0, ref)]`` where it holds one, or where the evidence is
    not strong (see the module's docstring)."""
    from refmanager.parse import parse_text
    from refmanager.service.refness import probability, shipped_model

    number = ref.label
    whole = [(0, ref)]
    if ref.fragment or not number.isascii() or not number.isdigit() or len(number) > 9:
        return whole
    judged = shipped_model()
    if judged is None:
        return whole
    raw = ref.raw
    cuts, lettered = candidate_cuts(raw, number)
    if not cuts:
        return whole
    marked = {c.at for c in cuts if c.letter}
    same = {c.at for c in cuts if c.same}
    starts = [0, *(c.at for c in cuts)]
    seen: dict[tuple[int, int, bool], Reference | None] = {}
    continued: set[tuple[int, int]] = set()  # parts that are the authors' before's next work

    def part(a: int, b: int, first: bool) -> Reference | None:
        if (a, b, first) not in seen:
            text = raw[a:b].rstrip(_TRAILING)
            got: Reference | None = None
            if _dated(text):
                styles = _within(ref.styles, a, a + len(text)) or None
                parsed, _ = parse_text(text, styles=styles, label=number)
                p = probability(parsed, judged.weights)
                if a in same:  # no name opens it: only the same authors' next work
                    if _continues(parsed):
                        got = parsed
                        continued.add((a, b))
                elif _reads_as_work(parsed, first, a in marked or (first and lettered), p):
                    got = parsed
                elif not first and a not in marked and _continues(parsed):
                    got = parsed
                    continued.add((a, b))
            seen[(a, b, first)] = got
        return seen[(a, b, first)]

    def fails(spans: list[tuple[int, int]], k: int) -> bool:
        got = part(*spans[k], k == 0)
        if got is None:
            return True
        before = part(*spans[k - 1], k == 1) if k else None
        if spans[k] in continued:
            # Its authors are those of the part before, which must be one work (one year).
            one = before is not None and len(_YEAR.findall(before.raw)) == 1
            return before is None or not one or not _next_work(before, got)
        return before is not None and _same_work(before, got)

    while len(starts) > 1:
        ends = [*starts[1:], len(raw)]
        spans = list(zip(starts, ends, strict=True))
        failed = next((k for k in range(len(spans)) if fails(spans, k)), None)
        if failed is None:
            break
        # A part that is no work joins its neighbour: the next one where it holds no year
        # (the first authors of the next work, "Abe, R.;"), else the one before.
        a, b = spans[failed]
        forward = failed == 0 or (failed + 1 < len(starts) and not _dated(raw[a:b]))
        del starts[failed + 1 if forward else failed]
    if len(starts) < 2:
        return whole
    ends = [*starts[1:], len(raw)]
    out: list[tuple[int, Reference]] = []
    for k, (a, b) in enumerate(zip(starts, ends, strict=True)):
        parsed = part(a, b, k == 0)
        if parsed is None:  # judged a work in the loop above
            return whole
        if (a, b) in continued:
            # The same authors (and, after "ibid.", the same journal) as the work before.
            before = out[-1][1]
            parsed.author = [copy.copy(n) for n in before.author]
            parsed.confidence["author"] = min(before.confidence.get("author", 1.0), 0.8)
            if _IBID.match(parsed.raw) and before.get("container-title"):
                parsed.set("container-title", before.get("container-title"))
        out.append((a, parsed))
    return out


def works(ref: Reference) -> list[Reference]:
    """``ref`` cut into the works it holds (:func:`parts_of`), each labelled with the
    entry's number and its letter ("12a", "12b"; a printed marker's where it opens with
    one), cited by the entry's number, in the entry's boxes."""
    parts = parts_of(ref)
    if len(parts) < 2:
        return [ref]
    letters = {c.at: c.letter for c in candidate_cuts(ref.raw, ref.label)[0] if c.letter}
    out = []
    for k, (at, part) in enumerate(parts):
        part.label = f"{ref.label}{letters.get(at, _letter(k))}"
        part.id = f"ref-{part.label}"
        part.citation_number = int(ref.label)
        part.location = list(ref.location)
        part.styles = _within(ref.styles, at, at + len(part.raw))
        out.append(part)
    return out


def split_compounds(refs: list[Reference]) -> list[Reference]:
    """Every numbered entry of ``refs`` cut into its works (:func:`works`), in order."""
    return [part for ref in refs for part in works(ref)]
