"""Reference-ness: the probability that an extracted entry is a reference at all.

A candidate entry of a list may be a caption, a line of code, a table row, an affiliation,
a journal's footer, an acknowledgement or appendix prose that the list's end detection
let in. The evidence is how the entry reads once parsed: the field parser's own
calibrated confidence in the row and in each field, which fields it found, the share of
tokens it could give no field, and the text's shape (length, digits, code characters, a
caption's opening, a lower-case start). A logistic model weighs it, fitted by
``tools/refness.py`` on real entries (GROBID's hand-marked reference lists) against real
non-entries (text of real PDFs outside their lists), leaving whole documents out to
calibrate and choose the threshold (decision 0033); its weights ship as
``data/refness.json``. Without that file every entry is kept.

The list ends where its entries stop reading as references (:func:`tail_start`): the rows
after the last one that reads as a reference beyond doubt are text after the list (an
index, a table of contents, a code listing, an affiliation block) when, together, they
weigh clearly against being the list's, even where each alone passes the threshold.
"""

from __future__ import annotations

import functools
import json
import math
import re
from collections.abc import Callable
from dataclasses import dataclass
from itertools import pairwise
from pathlib import Path

from refmanager.model import Reference
from refmanager.pdf.listend import LEADER
from refmanager.pdf.segment import CAPTION

WEIGHTS_FILE = Path(__file__).resolve().parent / "data" / "refness.json"
ROW = "_row"  # the field parser's confidence that every field of the row is right

Features = list[tuple[str, float]]

_CODE = re.compile(r"[{}\\;=<>_$#|^~]")
_YEAR = re.compile(r"(?<!\d)(?:1[6-9]\d\d|20\d\d)(?!\d)")
_FIELDS = ("author", "title", "container-title", "issued", "page", "volume", "publisher")


def _logit(p: float) -> float:
    p = min(max(p, 1e-6), 1 - 1e-6)
    return math.log(p / (1 - p)) / 5.0


def _bucket(value: float, edges: tuple[float, ...]) -> int:
    return next((k for k, edge in enumerate(edges) if value < edge), len(edges))


def features(ref: Reference) -> Features:
    """The evidence that ``ref`` (as the field parser left it) is a reference."""
    raw = ref.raw.strip()
    n = max(len(raw), 1)
    conf = ref.confidence
    fields = [p for key, p in conf.items() if not key.startswith("_") and key != "type"]
    found = {key for key in _FIELDS if key in conf or ref.get(key)}
    if ref.author:
        found.add("author")
    if ref.issued is not None and ref.issued.year:
        found.add("issued")
    tokens = ref.tokens
    unlabelled = sum(1 for t in tokens if t.label == "O") / len(tokens) if tokens else 1.0
    feats: Features = [
        ("bias", 1.0),
        ("row", _logit(conf.get(ROW, 0.0))),
        ("fmean", _logit(sum(fields) / len(fields)) if fields else -1.0),
        ("fmin", _logit(min(fields)) if fields else -1.0),
        ("nfields", len(found) / len(_FIELDS)),
        ("o", unlabelled),
        (f"len={_bucket(n, (20, 40, 80, 160, 320, 640))}", 1.0),
        (f"digits={_bucket(sum(map(str.isdigit, raw)) / n, (0.02, 0.05, 0.1, 0.2, 0.35))}", 1.0),
        (f"code={_bucket(len(_CODE.findall(raw)) / n, (0.005, 0.02, 0.05))}", 1.0),
        (f"years={min(len(_YEAR.findall(raw)), 3)}", 1.0),
    ]
    feats += [(("has=" if key in found else "no=") + key, 1.0) for key in _FIELDS]
    if ref.get("DOI") or ref.get("URL"):
        feats.append(("link", 1.0))
    if CAPTION.match(raw):
        feats.append(("caption", 1.0))
    if raw[:1].islower():
        feats.append(("lowerstart", 1.0))
    if "@" in raw:
        feats.append(("email", 1.0))
    if ref.label:
        feats.append(("label", 1.0))
    if raw.endswith("."):
        feats.append(("stop", 1.0))
    return feats


@dataclass(slots=True, frozen=True)
class Model:
    """The fitted weights, the probability under which an entry is no reference, and the
    share of a list's candidate entries that are references (the prior the
    probabilities hold for)."""

    weights: dict[str, float]
    threshold: float
    prior: float = 0.95


@functools.cache
def _model(path: Path = WEIGHTS_FILE) -> Model | None:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        return Model({str(k): float(v) for k, v in data["weights"].items()},
                     float(data["threshold"]), float(data.get("prior", 0.95)))  # fmt: skip
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return None


def shipped_model() -> Model | None:
    """The shipped weights and threshold (None without the file)."""
    return _model()


def score(weights: dict[str, float], feats: Features) -> float:
    """The logistic model's probability for ``feats``."""
    z = sum(weights.get(name, 0.0) * value for name, value in feats)
    return 1.0 / (1.0 + math.exp(-z)) if z >= 0 else math.exp(z) / (1.0 + math.exp(z))


# An author's note to self left in a draft ("FIXME: index of the functions ...").
_DRAFT_NOTE = re.compile(r"^\s*(?:FIXME|TODO|XXX)\b\s*:")


# A program's printed output or session: knitr's comment mark before each line of
# output ("## [1] 0.25"), reprex's ("#> "), or three console prompts before a call or an
# assignment ("> fit(x)", "> n=10", "> y <- 2"). No real reference opens so or holds them.
_OUTPUT_MARK = re.compile(r"^\s*#[#>]\s")
_PROMPT = re.compile(r"(?:^|\s)>\s?[A-Za-z_.][\w.]*\s*(?:\(|<-|=)")
_PROMPTS = 3
# A BibTeX entry's source ("@ARTICLE{key, author = {...}, ..."): a style's manual prints
# each example's source beside the entry it gives; no printed reference opens so.
_BIBTEX_SOURCE = re.compile(r"^\s*@[A-Za-z]+\s*\{\s*[^\s{},]*\s*,")


def probability(ref: Reference, weights: dict[str, float]) -> float:
    """The probability that ``ref`` is a reference at all (none for a line of a table of
    contents or an index, :data:`LEADER`, for a draft's note to self, for a program's
    printed output or session, nor for a BibTeX entry's source)."""
    if LEADER.search(ref.raw) or _DRAFT_NOTE.match(ref.raw) or _OUTPUT_MARK.match(ref.raw):
        return 0.0
    if _BIBTEX_SOURCE.match(ref.raw):
        return 0.0
    if len(_PROMPT.findall(ref.raw)) >= _PROMPTS:
        return 0.0
    return score(weights, features(ref))


# A row this sure to be a reference shows that the list has not stopped.
GOES_ON = 0.9
# How strongly (natural log of the likelihood ratio) the rows after the last such row
# must weigh against being the list's for all of them to be dropped: two rows at 0.05 or
# three at 0.57 (a code listing's) are enough; one row never is, nor are two at 0.7.
TAIL_EVIDENCE = 4.0
# A first label this little past the list's last one continues its numbering.
_NUMBER_STEP = 3


def _against_list(p: float, prior: float) -> float:
    """The log likelihood ratio of a row with probability ``p`` (at the list ``prior``)
    between the list (references, and a share of ``1 - prior`` that are not) and the
    text after it (no references)."""
    p = min(max(p, 1e-6), 1 - 1e-6)
    odds = (p / (1 - p)) / (prior / (1 - prior))
    return math.log(prior * odds + (1 - prior))


def tail_start(probs: list[float], labels: list[str], prior: float) -> int:
    """Where the list's entries stop reading as references: the index of the first row
    after the list (``len(probs)`` if none). ``probs`` are the rows' probabilities of
    being references, ``labels`` their labels.

    The candidate is the run of rows after the last one at :data:`GOES_ON` or more; it is
    text after the list when its rows, together, weigh :data:`TAIL_EVIDENCE` against the
    list, unless its first label continues the list's numbering (a run of bare entries,
    "[10] CTAN: macros/latex/contrib/...", is the list's own).
    """
    n = len(probs)
    start = max((i for i, p in enumerate(probs) if p >= GOES_ON), default=-1) + 1
    if start == 0 or start >= n:
        return n
    before = next((lab for lab in reversed(labels[:start]) if lab.isdigit()), "")
    first = labels[start]
    if before and first.isdigit() and 0 < int(first) - int(before) <= _NUMBER_STEP:
        return n
    if sum(_against_list(p, prior) for p in probs[start:]) < -TAIL_EVIDENCE:
        return start
    return n


# The share of a list's other rows that must carry a year for a first row without any
# digit to be a note set under the heading.
_DATED_AROUND = 0.8
_NO_DATE = re.compile(r"\bn\.\s?d\.|\bin press\b", re.I)


def head_note(refs: list[Reference], probs: list[float]) -> bool:
    """Whether the list's first row is a note set under its heading ("References marked
    with an asterisk indicate studies included in the meta-analysis."), not an entry:
    it holds no digit, no link and no label, does not read as a reference beyond doubt,
    and nearly all the rows after it carry a year (a real entry with no digit at all is
    rare: 57 of GROBID's 12,994, private communications and bare links among them)."""
    if len(refs) < 3 or probs[0] >= GOES_ON:
        return False
    first = refs[0]
    raw = first.raw
    if first.label or any(c.isdigit() for c in raw) or _NO_DATE.search(raw):
        return False
    if first.get("URL") or first.get("DOI") or "http" in raw or "www." in raw:
        return False
    rest = refs[1:]
    return sum(1 for r in rest if _YEAR.search(r.raw)) >= _DATED_AROUND * len(rest)


def outweighed(kept: list[float], dropped: int) -> bool:
    """Whether the rows a list keeps (``kept``, the probabilities of its whole entries
    that pass the threshold) are no list: none reads as a reference beyond doubt
    (:data:`GOES_ON`) and they are fewer than its whole entries dropped (``dropped``). The
    threshold's probabilities hold for a list's candidates, 95% of them references; where
    most candidates do not read as references the rows that pass it only just are the
    section's own text (a manual's options, an index's lines, code, a form), as after
    a list (:func:`tail_start`)."""
    return bool(kept) and max(kept) < GOES_ON and len(kept) < dropped


# A list this long at least, of which under this share of the whole entries carries a
# year and under this share of the rows kept read as references beyond doubt, is no list.
# Each of GROBID's 128 real reference-segmenter lists has a year in 58% of its entries or
# more, and 89% or more beyond doubt.
_UNDATED_LEAST = 4
_FEW_DATED = 0.2
_FEW_SURE = 0.25


def undated(whole: list[str], kept: list[float]) -> bool:
    """Whether the rows a list keeps (``kept``, the probabilities of its whole entries that
    pass the threshold) are no list because its whole entries (``whole``, their text)
    hardly ever carry a year and nearly all of those kept only just pass: a manual's
    numbered options under a "Bibliography" section, rows that pass on their own at a
    list's prior but do not read as a list of works. (A thesis's undated list of
    handbooks, most of its rows at 0.84-0.93, stays.)"""
    if len(whole) < _UNDATED_LEAST or not kept:
        return False
    dated = sum(1 for raw in whole if _YEAR.search(raw))
    sure = sum(1 for p in kept if p >= GOES_ON)
    return dated < _FEW_DATED * len(whole) and sure < _FEW_SURE * len(kept)


# Under this share of the rows kept naming an author, a list read without a heading or
# labels is no list. Each of the 45 unlabelled lists among GROBID's 128 real
# reference-segmenter lists has an author parsed in 60% of its entries or more.
_FEW_AUTHORS = 1 / 2


def authorless(kept: list[Reference]) -> bool:
    """Whether the rows kept from a list read without a heading (``kept``) are no list:
    no numbering runs through them (:func:`_numbered`) and under half of the whole ones
    names an author (the field parser's), or a numbering does and none names one. With
    neither a heading nor a numbering, what makes lines a list is only how its entries
    read, and an author-year list, which such a list is, opens each entry with its
    authors; a manual's last pages of feature notes and bullet points, a version and its
    date in every other one, or a vignette's R output, every block of it opening with
    "[1]", read as references one by one but name none. A numbering runs through them
    where half of them carry a label at least: one label among rows without ("6. How do
    I ...", a FAQ's question over code) is none."""
    whole = [r for r in kept if not r.fragment]
    if not whole:
        return False
    named = sum(1 for r in whole if r.author)
    if _numbered_rows(whole):
        # A numbering runs through them: they are no list only where none names an author
        # (a manual's numbered remarks or changes read without a heading). Each of GROBID's
        # 86 real labelled reference-segmenter lists names one in half its entries or more.
        return not named
    return named < _FEW_AUTHORS * len(whole)


def _numbered_rows(whole: list[Reference]) -> bool:
    """Whether a numbering runs through ``whole`` (rows): half of them carry a label at
    least, and the labels show a list (:func:`_numbered`)."""
    labels = [r.label for r in whole if r.label]
    return 2 * len(labels) >= len(whole) and _numbered(labels)


def _numbered(labels: list[str]) -> bool:
    """Whether ``labels`` show a list: a key that is no number ("Lam94"), one label alone,
    or numbers that mostly count on by one ("[1]" before every block of R's output, or
    before each of its lines, does not)."""
    if not labels:
        return False
    if len(labels) == 1 or not all(label.isdigit() for label in labels):
        return True
    numbers = [int(label) for label in labels]
    steps = sum(1 for a, b in pairwise(numbers) if b == a + 1)
    return steps >= 0.5 * (len(numbers) - 1)


# A whole entry holds this many letters at least: a row of numbers and signs alone (a
# matrix's rows, read from an equation) is none (one string of GROBID's 8,013 labelled
# references has none, a fragment: "1980).").
_LETTERS = 1


def _lettered(raw: str) -> bool:
    return sum(1 for c in raw if c.isalpha()) >= _LETTERS


# A term of an index and its page ("droplevels, 171"): a year is no page, and a number
# followed by a volume's or a page range's sign ("Nature, 443(7)", "Biometrika, 69:493")
# is a reference's.
_INDEX_PAIR = re.compile(r"[A-Za-z][\w.()]*,\s(?!(?:1[5-9]|20)\d\d\b)\d{1,4}(?![\d(:.\-–/])")
# A row with this many such pairs is an index's: none of GROBID's 8,013 labelled reference
# strings has more than 2. Where this many rows at least, and this share of the whole
# ones, are, the list is an index (an index printed without dot leaders, read where no
# heading was found; one entry with the index's first lines run into it stays a list).
_INDEX_PAIRS = 3
_INDEX_ROWS = 3
_INDEXED = 0.25


def _index_row(raw: str) -> bool:
    return len(_INDEX_PAIR.findall(raw)) >= _INDEX_PAIRS


def indexed(whole: list[str]) -> bool:
    """Whether a list's whole entries (``whole``, their text) are an index's lines: terms
    with their page numbers, three to a row or more, in a quarter of them at least."""
    rows = sum(1 for raw in whole if _index_row(raw))
    return rows >= _INDEX_ROWS and rows >= _INDEXED * len(whole)


def keep_references(refs: list[Reference]) -> tuple[list[Reference], list[Reference]]:
    """``refs`` split into those that read as references and those dropped (probability
    under the model's threshold, a whole entry without a letter, a note under the
    heading: :func:`head_note`, text after the list: :func:`tail_start`, or all of them
    where what passes is no list: :func:`outweighed`, or that hardly ever carries a year:
    :func:`undated`, or that is an index: :func:`indexed`); all are kept without a model."""
    model = _model()
    if model is None:
        return refs, []
    probs = [probability(ref, model.weights) for ref in refs]
    end = tail_start(probs, [ref.label for ref in refs], model.prior)
    start = 1 if head_note(refs, probs) else 0
    kept: list[Reference] = []
    dropped: list[Reference] = []
    passed: list[float] = []
    for i, (ref, p) in enumerate(zip(refs, probs, strict=True)):
        keep = start <= i < end and p >= model.threshold and (ref.fragment or _lettered(ref.raw))
        (kept if keep else dropped).append(ref)
        if keep and not ref.fragment:
            passed.append(p)
    whole = [ref.raw for ref in refs if not ref.fragment]
    if (
        outweighed(passed, sum(1 for ref in dropped if not ref.fragment))
        or undated(whole, passed)
        or indexed(whole)
    ):
        return [], refs
    return kept, dropped


# A row of code: TeX commands or braces, twice at least.
_CODE_MARK = re.compile(r"\\[A-Za-z@]+|[{}]")
# A row of prose: this many words at least, most of them in lower case, and no year.
_PROSE_WORDS = 8


def _prose(raw: str) -> bool:
    words = raw.split()
    lower = sum(1 for w in words if w[:1].islower())
    return len(words) >= _PROSE_WORDS and lower >= 0.6 * len(words) and not _YEAR.search(raw)


# What rows are, by a test of each: the first kind that half of the rows dropped are.
_KINDS: tuple[tuple[str, Callable[[str], object]], ...] = (
    ("an index or a table of contents, with dot leaders to page numbers", LEADER.search),
    ("an index, terms with their page numbers", _index_row),
    ("code", lambda raw: len(_CODE_MARK.findall(raw)) >= 2),
    ("captions of figures or tables", CAPTION.match),
    ("prose", _prose),
)


def _what_they_are(dropped: list[Reference]) -> tuple[str, Reference]:
    """What most of the rows dropped are where one kind is plain (an index or a table of
    contents, code, captions, prose; "" otherwise), and a row of that kind (the first row
    else)."""
    for kind, test in _KINDS:
        rows = [r for r in dropped if test(r.raw)]
        if len(rows) >= len(dropped) / 2:
            return kind, rows[0]
    return "", dropped[0]


def _passed(refs: list[Reference]) -> tuple[int, str]:
    """How many of ``refs``'s whole entries pass the model's threshold on their own where
    they are no list all the same (0 otherwise), and why: :func:`outweighed` by the rest,
    :func:`undated` or :func:`indexed`."""
    model = _model()
    if model is None:
        return 0, ""
    whole = [probability(r, model.weights) for r in refs if not r.fragment]
    passed = [p for p in whole if p >= model.threshold]
    if outweighed(passed, len(whole) - len(passed)):
        return len(passed), "none beyond doubt"
    if undated([r.raw for r in refs if not r.fragment], passed):
        return len(passed), "nearly all only just, and hardly any entry carries a year"
    if indexed([r.raw for r in refs if not r.fragment]):
        return len(passed), "but a quarter of them or more list terms with page numbers"
    return 0, ""


def dropped_note(
    dropped: list[Reference], kept: int = 1, heading: str = "", *, unnamed: int = 0
) -> str:
    """One line saying what was dropped ("" for nothing); with nothing ``kept``, that no
    bibliography was found, and why: where the rows were read (``heading``, as
    ``Bibliography.heading`` says it) and what they are, where that is plain; ``unnamed``
    rows that read as references were dropped for naming no author in a list without a
    heading or a numbering (:func:`authorless`)."""
    if not dropped:
        return ""
    count = len(dropped)
    kind, example = _what_they_are(dropped) if not kept else ("", dropped[0])
    first = example.raw.strip()
    sample = first if len(first) <= 60 else first[:57].rstrip() + "..."
    if not kept and unnamed and _numbered_rows([r for r in dropped if not r.fragment]):
        why = (
            f"{unnamed} of the {count} entries of a numbered list read without a heading "
            "read as a reference, and none of them names an author"
        )
    elif not kept and unnamed:
        why = (
            f"{unnamed} of the {count} entries read without a heading or a numbering read as "
            "a reference, and hardly any of them names an author"
        )
    if not kept and unnamed:
        return f"no bibliography found ({why}, such as '{sample}')"
    if not kept:
        where = f" under the heading {heading}" if heading else ""
        are = f"; {'it is' if count == 1 else 'they are'} {kind}" if kind else ""
        passed, short = _passed(dropped)
        if passed:  # outweighed or undated: some passed the threshold, and are no list
            some = (
                f"all {count} entries read{where} read as references, but"
                if passed == count
                else f"only {passed} of the {count} entries read{where} read as a reference,"
            )
            why = f"{some} {short}{are}, such as '{sample}'"
            return f"no bibliography found ({why})"
        what = "the entry read" if count == 1 else f"none of the {count} entries read"
        verb = "does not read" if count == 1 else "reads"
        why = f"{what}{where} {verb} as a reference{are}, such as '{sample}'"
        return f"no bibliography found ({why})"
    what = "entry that does" if count == 1 else "entries that do"
    return f"left out {count} {what} not read as a reference (such as '{sample}')"
