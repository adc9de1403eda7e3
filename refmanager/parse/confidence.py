"""Calibrated confidence: the probability that a field is right, and that a whole row is.

The evidence for a field is what the CRF says about its tokens (the mean and the lowest
marginal probability of the field's own label on them, so that a field a rule of
``runs`` relabelled is judged by the tagger's probability of the label it now has; how
likely the tokens just outside it are to belong to it; how many separate runs it has),
where it sits (its relative position, the fields next to it), whether its value has the
usual shape of its field (``shapes``: a page range, a volume that is a number, a plausible
year, a well-formed DOI, balanced brackets, a container of serial-title abbreviations;
for names, initials without a family name), the item type, and evidence about the entry
as a whole (the probability of the whole labelling per token, the share of unlabelled
tokens, which fields were found, how many years, the first field, e-mail addresses, the
length): text that is not a reference at all reads unlike one on all of these. An entry in Chinese,
Japanese or Korean followed by its English version (the same numbers again) has its
repeated runs told apart from two entries run together.

Two logistic models turn the evidence into probabilities: one for a field, one for the
row (every field right). ``tools.realdata.calibrate`` fits them on real strings parsed by
tagger models that never saw their documents, with generated non-references, fragments
and merged entries, and writes ``data/calibration.json`` with its manifest. Without that
file the builder's raw confidences are kept. Scoring a field is a few dictionary lookups
per feature: the names are made once per field (``_FieldNames``).
"""

from __future__ import annotations

import functools
import json
import math
import os
import re
from bisect import bisect_right
from dataclasses import dataclass
from itertools import repeat
from operator import attrgetter

from refmanager.model import Name, Reference
from refmanager.parse.shapes import value_shapes
from refmanager.parse.tagger import Tagging
from refmanager.parse.tokens import label_runs

ROW = "_row"  # the key of the row's confidence in ``Reference.confidence``
CALIBRATION_FILE = os.path.join(
    os.path.dirname(os.path.realpath(__file__)), "data", "calibration.json"
)
_NOT_FIELDS = frozenset({"type", ROW})

Features = list[tuple[str, float]]


@functools.cache
def _weights() -> dict[str, dict[str, float]] | None:
    try:
        with open(CALIBRATION_FILE, encoding="utf-8") as fh:
            data = json.load(fh)
        field, row = data["field"], data["row"]
    except (OSError, ValueError, KeyError, TypeError):
        return None
    # the field model's weights of the entry's features, without their "e:" prefix
    entry = {k[2:]: v for k, v in field.items() if k.startswith("e:")}
    return {"field": field, "row": row, "entry": entry}


def _logit(p: float) -> float:
    # (clamped to [1e-6, 1 - 1e-6] with comparisons, not min(max(...)): it is hot)
    if p < 1e-6:
        p = 1e-6
    elif p > 1 - 1e-6:
        p = 1 - 1e-6
    return math.log(p / (1 - p)) / 5.0


def _bucket(value: float, edges: tuple[float, ...]) -> int:
    """The number of ``edges`` at or below ``value`` (they are sorted)."""
    return bisect_right(edges, value)


_PROB_EDGES = (0.5, 0.7, 0.85, 0.95, 0.99, 0.999)


def sigmoid(z: float) -> float:
    if z >= 0:
        return 1.0 / (1.0 + math.exp(-z))
    e = math.exp(z)
    return e / (1.0 + e)


def _dot(weights: dict[str, float], feats: Features) -> float:
    get = weights.get
    total = 0.0
    for name, value in feats:
        weight = get(name)
        if weight is not None:
            total += weight * value
    return total


_ZEROS = repeat(0.0)
_CJK = re.compile("[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]+")
_LATIN = re.compile("[A-Za-z]{3}")
_NUMBERS = re.compile(r"\d\d+")
_INITIAL_COMMA = re.compile(r"[A-Z]{1,2}\.?[,;]")
_BRACKET = re.compile('[][()\u201c\u201d"]')
_CLOSERS = frozenset(")]\u201d")
_TYPE_CODE = re.compile(r"\[[A-Z]{1,2}(?:/OL)?\]")  # GB/T 7714: "[J]", "[D]", "[EB/OL]"
_YEARS = re.compile(r"(?:1[5-9]|20)\d\d(?!\d)")  # (a count: no look-behind, which is slow)


def _dot_split(weights: dict[str, float], names: list[str], reals: Features) -> float:
    """``_dot`` of the features ``names`` (each of value 1) and ``reals``."""
    get = weights.get
    total = sum(map(get, names, _ZEROS))
    for name, value in reals:
        weight = get(name)
        if weight is not None:
            total += weight * value
    return total


def _pairs(names: list[str], reals: Features) -> Features:
    return [*((name, 1.0) for name in names), *reals]


def score(weights: dict[str, float], feats: Features) -> float:
    return sigmoid(_dot(weights, feats))


def entry_features(ref: Reference, tagging: Tagging, ctx: _Entry) -> Features:
    """Evidence about the entry as a whole."""
    return _pairs(*_entry_evidence(ref, tagging, ctx))


# The names of the entry's bucketed features, made once.
_SEQ_EDGES = (0.005, 0.02, 0.05, 0.1, 0.2, 0.5)
_NTOK_EDGES = (4, 8, 14, 25, 45, 80)
_DIGIT_EDGES = (0.02, 0.05, 0.1, 0.2, 0.35)
_SEQB = tuple(f"seqb={k}" for k in range(len(_SEQ_EDGES) + 1))
_MINB = tuple(f"minb={k}" for k in range(len(_PROB_EDGES) + 1))
_NTOK = tuple(f"ntok={k}" for k in range(len(_NTOK_EDGES) + 1))
_DIGITS = tuple(f"digits={k}" for k in range(len(_DIGIT_EDGES) + 1))
_AGAIN = tuple(f"again={k}" for k in range(4))
_AGAIN_BILINGUAL = tuple(f"again-bilingual={k}" for k in range(4))
_YEAR_COUNTS = tuple(f"years={k}" for k in range(4))


def _entry_evidence(ref: Reference, tagging: Tagging, ctx: _Entry) -> tuple[list[str], Features]:
    """``entry_features`` as the names of the features of value 1 and the others."""
    final = ctx.final
    n = len(final)
    raw = ref.raw
    names = ["bias"]
    if not n:
        return [*names, "empty"], []
    probs = tagging.probs
    per_token = math.log(max(tagging.sequence_prob, 1e-300)) / n
    mean = sum(probs) / n if probs else 0.0
    found = set(ctx.runs)  # (the fields' runs: "O" has none)
    reals: Features = [
        ("seq", max(per_token, -3.0)),
        ("mean", _logit(mean)),
        ("o", final.count("O") / n),
        ("nf", len(found) / 8.0),
    ]
    digits = sum(map(raw.count, "0123456789")) / max(len(raw), 1)
    again = sum(map(len, ctx.runs.values())) - len(found)
    names += [
        _SEQB[_bucket(-per_token, _SEQ_EDGES)],
        _MINB[_bucket(min(probs or [0.0]), _PROB_EDGES)],
        _NTOK[_bucket(n, _NTOK_EDGES)],
        _DIGITS[_bucket(digits, _DIGIT_EDGES)],
        (_AGAIN_BILINGUAL if ctx.bilingual else _AGAIN)[min(again, 3)],
        _YEAR_COUNTS[min(len(_YEARS.findall(raw)), 3)],
        "first=" + next(iter(ctx.runs), "O"),  # (the runs are in the order of the labels)
        "type=" + ref.type,
    ]
    names += [has if key in found else no for key, has, no in _ENTRY_FIELDS]
    if ref.issued is None or not ref.issued.year:
        names.append("noyear")
    if "@" in raw:
        names.append("email")
    if ref.label:
        names.append("label")
    if raw.rstrip().endswith("."):
        names.append("stop")
    if raw[:1].islower():
        names.append("lowerstart")
    elif raw[:1] and not raw[:1].isalnum():
        names.append("punctstart")
    first = ref.tokens[0]
    names += _cut_start(raw[first.end :].lstrip() if first.label == "label" else raw)
    if ref.author:
        head = ref.author[0]
        if _odd_name(head, 2):
            names.append("oddfirst")  # "JC, Holt PR": a list cut inside a name
    return names, reals


def _cut_start(text: str) -> list[str]:
    """Signs that ``text`` (an entry after its printed label) starts inside a reference cut
    off its head: a lone initial and a comma ("S, Lee AB, ..."), a digit, a closing
    bracket or quote before any opening one ("German). Klin Wochenschr 1998; ...")."""
    tags = []
    if _INITIAL_COMMA.match(text):
        tags.append("start=initial,")
    if text[:1].isdigit():
        tags.append("start=digit")
    bracket = _BRACKET.search(text, 0, 48)  # (near the start: a long search is slow)
    if bracket is not None and bracket.group() in _CLOSERS:
        tags.append("start=closer")
    return tags


def _odd_name(name: Name, shortest: int) -> bool:
    """A Latin-script name without given names or with a family name of at most
    ``shortest`` letters ("F", "JC"; a Chinese family name is often one character)."""
    family = name.family
    return not name.literal and family.isascii() and (len(family) <= shortest or not name.given)


_ENTRY_FIELDS = tuple(
    (key, "has=" + key, "no=" + key)
    for key in ("author", "title", "container-title", "issued", "publisher", "page", "volume")
)


def _entry_part(entry: Features) -> Features:
    return [("e:" + name, value) for name, value in entry]


_PROB_EDGES_RUN = (2, 3, 5, 9, 16, 30)


_POSITION_EDGES = (0.1, 0.3, 0.5, 0.7, 0.9)
_NAME_COUNT_EDGES = (1, 2, 3, 5, 8)
_LOW_NAMES = tuple(f"nb={k}" for k in range(len(_PROB_EDGES) + 1))


class _FieldNames:
    """The names of one field's features, made once (formatting them per field and entry
    was a fifth of the calibration's time)."""

    __slots__ = (
        "bias",
        "field",
        "lm",
        "mean",
        "names",
        "nexts",
        "notok",
        "oddname",
        "position",
        "prevs",
        "prior",
        "relabelled_all",
        "relabelled_some",
        "runs",
        "runs_bilingual",
        "shapes",
        "types",
    )

    def __init__(self, field: str) -> None:
        self.field = field
        tail = "|" + field
        self.bias = "f=" + field
        self.mean = tuple(f"mb={k}|{field}" for k in range(len(_PROB_EDGES) + 1))
        self.position = tuple(f"pos={k}|{field}" for k in range(len(_POSITION_EDGES) + 1))
        self.prior = tuple(f"prior={k}{tail}" for k in range(len(_PROB_EDGES) + 1))
        self.names = tuple(f"names={k}{tail}" for k in range(len(_NAME_COUNT_EDGES) + 1))
        self.lm = "lm" + tail
        self.notok = "notok" + tail
        self.oddname = "oddname" + tail
        self.relabelled_all = "relabelled=all" + tail
        self.relabelled_some = "relabelled=some" + tail
        self.runs = "runs" + tail
        self.runs_bilingual = "runs-bilingual" + tail
        # "type=", "prev=", "next=" and "shape=" + a value + "|" + the field, made once
        # per value (looked up in a table of their own: it is hot)
        self.types: dict[str, str] = {}
        self.prevs: dict[str, str] = {}
        self.nexts: dict[str, str] = {}
        self.shapes: dict[str, str] = {}

    def named(self, made: dict[str, str], kind: str, value: str) -> str:
        """``kind`` + ``value`` + "|" + the field, kept in ``made`` (one of the tables)."""
        name = made[value] = f"{kind}{value}|{self.field}"
        return name


@functools.cache
def _names_of(field: str) -> _FieldNames:
    return _FieldNames(field)


def _own_features(
    field: str, prior: float, tagging: Tagging, ctx: _Entry
) -> tuple[list[str], Features]:
    """The evidence about the field itself: the names of the features of value 1 and the
    others."""
    f = field
    runs = ctx.runs.get(f)
    ref = ctx.ref
    t = _names_of(f)
    kind = ref.type
    names = [t.bias, t.types.get(kind) or t.named(t.types, "type=", kind)]
    reals: Features = []
    all_probs = tagging.probs
    if runs and all_probs:
        labels = tagging.labels
        relabelled = 0
        if len(runs) == 1:
            a, b = runs[0]
            probs = all_probs[a:b]
            if labels[a:b].count(f) != b - a:
                probs, relabelled = _own_marginals(f, a, b, tagging)
        else:
            probs = []
            for a, b in runs:
                if labels[a:b].count(f) == b - a:
                    probs += all_probs[a:b]
                    continue
                more, count = _own_marginals(f, a, b, tagging)
                probs += more
                relabelled += count
        mean = sum(probs) / len(probs)
        low = min(probs)
        a, b = runs[0][0], runs[-1][1]
        edge = tagging.outer_marginal(f, a, b)
        lm = _logit(mean)
        reals += [("lm", lm), (t.lm, lm), ("ln", _logit(low)), ("le", _logit(edge))]
        prev = ctx.before[a]
        nxt = ctx.after[b]
        names += [
            t.mean[bisect_right(_PROB_EDGES, mean)],
            _LOW_NAMES[bisect_right(_PROB_EDGES, low)],
            t.position[bisect_right(_POSITION_EDGES, a / len(ctx.final))],
            t.prevs.get(prev) or t.named(t.prevs, "prev=", prev),
            t.nexts.get(nxt) or t.named(t.nexts, "next=", nxt),
        ]
        if relabelled:
            names.append(t.relabelled_all if relabelled == len(probs) else t.relabelled_some)
        if len(runs) > 1:
            names.append(t.runs_bilingual if ctx.bilingual else t.runs)
    else:  # set by a rule (a DOI's pattern, the year found outside the labels): its prior
        names += [t.notok, t.prior[bisect_right(_PROB_EDGES, prior)]]
    if f in {"author", "editor"}:
        people = ref.author if f == "author" else ref.editor
        names.append(t.names[bisect_right(_NAME_COUNT_EDGES, len(people))])
        if any(map(_odd_name, people, repeat(1))):
            names.append(t.oddname)
        return names, reals
    if f == "issued":
        year = ref.issued.year if ref.issued and ref.issued.year else 0
        tags = value_shapes(f, "", year)
    else:
        tags = value_shapes(f, ref.get(f))
    shapes = t.shapes
    for tag in tags:
        names.append(shapes.get(tag) or t.named(shapes, "shape=", tag))
    return names, reals


def _own_marginals(f: str, a: int, b: int, tagging: Tagging) -> tuple[list[float], int]:
    """The marginals of label ``f`` on tokens ``a`` to ``b`` (exclusive): where a rule
    relabelled a token, the tagger's probability of that label, not of the one it chose;
    and how many tokens were relabelled."""
    labels = tagging.labels
    probs: list[float] = []
    relabelled = 0
    for i in range(a, b):
        if labels[i] == f:
            probs.append(tagging.probs[i])
        else:
            probs.append(tagging.marginal(f, i))
            relabelled += 1
    return probs, relabelled


def row_features(entry: Features, field_probs: list[float]) -> Features:
    if not field_probs:
        return [*entry, ("nofields", 1.0)]
    logs = sum([math.log(max(p, 1e-6)) for p in field_probs])
    low = min(field_probs)
    return [
        *entry,
        ("sumlog", max(logs, -20.0) / 4.0),
        ("minp", _logit(low)),
        (_MINB[_bucket(low, _PROB_EDGES)], 1.0),
    ]


@dataclass(slots=True)
class _Entry:
    """What the features read about the entry: its tagged tokens' final labels (the
    printed label left out), each field's runs and the fields around them."""

    ref: Reference
    raw: str
    final: list[str]
    runs: dict[str, list[tuple[int, int]]]  # each field's runs of tokens
    before: dict[int, str]  # a run's start -> the field before it ("^": none)
    after: dict[int, str]  # a run's end -> the field after it ("$": none)
    # Chinese, Japanese or Korean text, then a tail in Latin script: the entry again in
    # English (GB/T 7714), whose second runs of each field are no sign of a wrong one
    bilingual: bool


_LABEL_OF = attrgetter("label")


def _entry(ref: Reference) -> _Entry:
    tokens = ref.tokens
    final = list(map(_LABEL_OF, tokens))
    if final and final[0] == "label":
        del final[0]
    runs: dict[str, list[tuple[int, int]]] = {}
    before: dict[int, str] = {}  # a run's start -> the label of the field before it
    after: dict[int, str] = {}  # a run's end -> the label of the field after it
    last = "^"
    last_end = -1  # the end of the last field's run (-1: none yet)
    for label, a, b in label_runs(final):
        if label == "O":
            continue
        runs.setdefault(label, []).append((a, b))
        before[a] = last
        if last_end >= 0:
            after[last_end] = label
        last_end = b
        last = label
    if last_end >= 0:
        after[last_end] = "$"
    return _Entry(ref, ref.raw, final, runs, before, after, _bilingual(ref.raw))


def _bilingual(raw: str) -> bool:
    """Whether ``raw`` is an entry in CJK script followed by its English version: a tail
    in Latin script, from the first Latin word after the last CJK character, that repeats
    the head's numbers (year, volume, pages), or its one number (a thesis's year) and its
    GB/T 7714 type code ("[D]", "[J]")."""
    if raw.isascii() or _CJK.search(raw) is None:  # no CJK character (most entries)
        return False
    last = 0
    for m in _CJK.finditer(raw):
        last = m.end()
    latin = _LATIN.search(raw, last) if last else None
    if latin is None:
        return False
    head, tail = raw[: latin.start()], raw[latin.start() :]
    if len(tail) * 4 < len(raw):
        return False
    numbers = set(_NUMBERS.findall(tail))
    if not numbers or not numbers <= set(_NUMBERS.findall(head)):
        return False
    return len(numbers) >= 2 or not set(_TYPE_CODE.findall(tail)).isdisjoint(
        _TYPE_CODE.findall(head)
    )


def evidence(ref: Reference, tagging: Tagging) -> tuple[Features, dict[str, Features]]:
    """The entry's features and each scored field's: its own and, prefixed "e:", its
    entry's."""
    ctx = _entry(ref)
    entry = entry_features(ref, tagging, ctx)
    part = _entry_part(entry)
    fields = {
        key: [*_pairs(*_own_features(key, value, tagging, ctx)), *part]
        for key, value in ref.confidence.items()
        if key not in _NOT_FIELDS
    }
    return entry, fields


def calibrate(ref: Reference, tagging: Tagging) -> None:
    """Replace the builder's raw field confidences with calibrated probabilities and add
    the row's (``ROW``). Nothing changes when no calibration is shipped."""
    weights = _weights()
    if weights is None:
        return
    ctx = _entry(ref)
    entry_names, entry_reals = _entry_evidence(ref, tagging, ctx)
    # the entry's part of every field's score, summed once (a field's features = own + it)
    entry_z = _dot_split(weights["entry"], entry_names, entry_reals)
    field_weights = weights["field"]
    probs: list[float] = []
    for key, value in ref.confidence.items():
        if key in _NOT_FIELDS:
            continue
        p = sigmoid(entry_z + _dot_split(field_weights, *_own_features(key, value, tagging, ctx)))
        ref.confidence[key] = p
        probs.append(p)
    row_reals = row_features(entry_reals, probs)
    row = sigmoid(_dot_split(weights["row"], entry_names, row_reals))
    ref.confidence[ROW] = min(row, *probs) if probs else row
