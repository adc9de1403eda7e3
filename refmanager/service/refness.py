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
"""

from __future__ import annotations

import functools
import json
import math
import re
from dataclasses import dataclass
from pathlib import Path

from refmanager.model import Reference
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
    """The fitted weights and the probability under which an entry is no reference."""

    weights: dict[str, float]
    threshold: float


@functools.cache
def _model(path: Path = WEIGHTS_FILE) -> Model | None:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        return Model({str(k): float(v) for k, v in data["weights"].items()},
                     float(data["threshold"]))  # fmt: skip
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return None


def score(weights: dict[str, float], feats: Features) -> float:
    """The logistic model's probability for ``feats``."""
    z = sum(weights.get(name, 0.0) * value for name, value in feats)
    return 1.0 / (1.0 + math.exp(-z)) if z >= 0 else math.exp(z) / (1.0 + math.exp(z))


def probability(ref: Reference, weights: dict[str, float]) -> float:
    """The probability that ``ref`` is a reference at all."""
    return score(weights, features(ref))


def keep_references(refs: list[Reference]) -> tuple[list[Reference], list[Reference]]:
    """``refs`` split into those that read as references and those dropped (probability
    under the model's threshold); all are kept without a model."""
    model = _model()
    if model is None:
        return refs, []
    kept: list[Reference] = []
    dropped: list[Reference] = []
    for ref in refs:
        (kept if probability(ref, model.weights) >= model.threshold else dropped).append(ref)
    return kept, dropped


def dropped_note(dropped: list[Reference], kept: int = 1) -> str:
    """One line saying what was dropped ("" for nothing); with nothing ``kept``, that no
    bibliography was found, and why."""
    if not dropped:
        return ""
    first = dropped[0].raw.strip()
    sample = first if len(first) <= 60 else first[:57].rstrip() + "..."
    count = len(dropped)
    if not kept:
        what = "the entry read does" if count == 1 else f"none of the {count} entries read"
        verb = "not read" if count == 1 else "reads"
        return f"no bibliography found ({what} {verb} as a reference, such as '{sample}')"
    what = "entry that does" if count == 1 else "entries that do"
    return f"left out {count} {what} not read as a reference (such as '{sample}')"
