"""Training the CRF, and turning a corrected item back into token labels.

``align_labels(raw, corrected)`` finds each corrected value in the raw text and labels
the characters it covers, so a user's correction becomes a training example.
``train_model(examples, path)`` trains a CRF on examples and writes the model file.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import pycrfsuite

from refmanager.model import Reference
from refmanager.parse.features import features
from refmanager.parse.tokens import LABELS, YEAR_RE, Tok, label_runs, split_label, tokenize


@dataclass(slots=True)
class Example:
    """A labelled reference string: one label per character ("O" outside every field)."""

    text: str
    labels: list[str]
    styles: list[tuple[int, int, str]] = field(default_factory=list)
    source: str = ""

    def to_json(self) -> dict[str, object]:
        """A compact form: the text and the labelled character spans."""
        spans: list[list[object]] = []
        for lab, a, b in label_runs(self.labels):
            if lab != "O":
                spans.append([a, b, lab])
        return {
            "text": self.text,
            "spans": spans,
            "styles": [list(s) for s in self.styles],
            "source": self.source,
        }

    @classmethod
    def from_json(cls, data: dict[str, object]) -> Example:
        text = str(data.get("text", ""))
        labels = ["O"] * len(text)
        spans = data.get("spans")
        if isinstance(spans, list):
            for span in spans:
                a, b, lab = int(span[0]), int(span[1]), str(span[2])
                if lab in LABELS:
                    labels[max(0, a) : min(len(text), b)] = [lab] * (min(len(text), b) - max(0, a))
        styles_raw = data.get("styles")
        styles: list[tuple[int, int, str]] = []
        if isinstance(styles_raw, list):
            styles = [(int(s[0]), int(s[1]), str(s[2])) for s in styles_raw]
        return cls(text, labels, styles, str(data.get("source", "")))


def token_labels(text: str, char_labels: Sequence[str]) -> tuple[list[Tok], list[str]]:
    """The tokens the parser would see (label stripped) and each one's majority label."""
    _, label_end = split_label(text)
    toks = tokenize(text, label_end)
    labels: list[str] = []
    for t in toks:
        counts = Counter(char_labels[t.start : t.end])
        if t.kind in ("url", "doi") and counts.get("DOI"):
            labels.append("DOI")
            continue
        best = counts.most_common(1)[0][0] if counts else "O"
        labels.append(best)
    return toks, labels


def to_sequence(example: Example) -> tuple[list[list[str]], list[str]]:
    """CRF features and labels of an example."""
    toks, labels = token_labels(example.text, example.labels)
    return features(toks, example.styles or None), labels


# ------------------------------------------------------------------ alignment of corrections


_SPACE_OR_ACCENT = "[\\s\u00a8\u00b4\u0060\u02c6\u02dc\u00b8\u02d8\u02c7\u02d9\u02da\u02db\u02dd]*"


def _flex_pattern(value: str, glued: bool = False) -> str:
    """A regex for ``value`` tolerant of spacing, dash and quote differences, standing
    apart from the words and numbers around it; with ``glued`` a value may also end
    where letters meet digits ("Eur. Phys. J. C" and "71" printed "C71")."""
    out = []
    for ch in value.strip():
        base = unicodedata.normalize("NFD", ch)[0]
        if ch.isspace():
            # a PDF's text may carry an accent apart from its letter ("by \u00a8 generalized")
            out.append(_SPACE_OR_ACCENT)
        elif base != ch and base.isalpha():
            out.append(f"(?:{re.escape(ch)}|{re.escape(base)})")
        elif ch in "-\u2010\u2011\u2012\u2013\u2014":
            out.append(r"\s*[-\u2010-\u2014]?\s*")  # a PDF's text may lose the hyphen
        elif ch in "'\u2019\u2018":
            out.append("['\u2018\u2019]")
        else:
            out.append(re.escape(ch))
    value = value.strip()
    head = r"(?<!\w)" if value[:1].isalnum() else ""
    tail = r"(?!\w)" if value[-1:].isalnum() else ""
    if glued:  # where letters meet digits, as the tokenizer splits them ("C" + "71")
        head = r"(?<![\d_])" if value[:1].isdigit() else head
        tail = r"(?![^\W\d])" if value[-1:].isalpha() else tail
    return head + "".join(out) + tail


def _find(raw: str, value: str, taken: list[str], start: int = 0) -> tuple[int, int] | None:
    if not value.strip():
        return None
    for glued in (False, True):
        try:
            pattern = re.compile(_flex_pattern(value, glued), re.IGNORECASE)
        except re.error:
            return None
        for m in pattern.finditer(raw, start):
            if m.end() > m.start() and all(lab == "O" for lab in taken[m.start() : m.end()]):
                return m.start(), m.end()
    return None


_AFTER_CONTAINER = frozenset({"volume", "issue", "page"})
# a value whose last word is abbreviated like earlier ones ("Future Gener. Comput. Syst")
_ABBREVIATED_END = re.compile(r"\b[A-Z][a-z]{0,6}\.\s+(?:\S+\s+)*[A-Z][a-z]{0,6}$")


def align_labels(raw: str, corrected: Reference) -> list[str]:
    """Character labels for ``raw`` derived from a (corrected) item's field values.

    Values are located in the raw text (tolerant of spaces, dashes and quotes); the
    author and editor labels cover each list from its first to its last name part.
    Characters no value covers are "O".
    """
    labels = ["O"] * len(raw)
    _, label_end = split_label(raw)
    values = sorted(
        ((k, v) for k, v in corrected.fields.items() if k in LABELS and v),
        key=lambda kv: -len(kv[1]),
    )
    container_end = label_end
    for key, value in values:
        # longest values first, so a short one ("9", "2017") cannot land inside a longer
        # one ("2017 ACM SIGKDD Conference"); numbers of the container come after it
        start = container_end if key in _AFTER_CONTAINER else label_end
        if key == "number" and value.startswith("arXiv:"):
            hit = _find(raw, value, labels, start) or _find(raw, value[6:], labels, start)
        else:
            hit = _find(raw, value, labels, start)
        if hit is None and start != label_end:
            hit = _find(raw, value, labels, label_end)
        if hit:
            a, b = hit
            if value.count("(") > value.count(")") and raw[b : b + 1] == ")":
                b += 1  # "(USENIX ATC" corrected without its closing bracket
            elif raw[b : b + 1] == "." and _ABBREVIATED_END.search(value):
                b += 1  # "Comput. Syst." corrected as "Comput. Syst": the period abbreviates
            labels[a:b] = [key] * (b - a)
            if key == "container-title":
                container_end = b
    if corrected.issued and corrected.issued.year:
        # after the fields, so the year of "2017 ACM SIGKDD Conference" stays in the name
        for m in YEAR_RE.finditer(raw, label_end):
            if m.group(1) == str(corrected.issued.year) and all(
                lab == "O" for lab in labels[m.start() : m.end()]
            ):
                labels[m.start() : m.end()] = ["issued"] * 4
                break
    for role in ("author", "editor"):
        names = getattr(corrected, role)
        spots: list[tuple[int, int]] = []
        pos = label_end
        for name in names:
            for part in (name.literal, name.family, name.given):
                if not part:
                    continue
                hit = _find(raw, part, labels, pos)
                if hit is None and part is name.given:
                    # initials printed differently ("J. R." vs "JR")
                    initials = "".join(w[0] for w in re.split(r"[\s.\-]+", part) if w)
                    hit = _find(raw, initials, labels, pos)
                if hit:
                    spots.append(hit)
            if spots:
                pos = max(pos, min(b for _, b in spots[-2:]))
        if spots:
            a = min(s for s, _ in spots)
            b = max(e for _, e in spots)
            if (
                raw[b : b + 1] == "."
                and raw[b - 1 : b].isupper()
                and not raw[b - 2 : b - 1].isalpha()
            ):
                b += 1  # the period of a final initial ("Ivanov, J.H.") belongs to the name
            tail = re.match(r"[,\s]*(?:et\s*al\.?|\u7b49)", raw[b:])
            if tail:
                b += tail.end()
            for i in range(a, b):
                if labels[i] == "O":
                    labels[i] = role
    return labels


def example_from_correction(raw: str, corrected: Reference) -> Example:
    """A training example from a user's corrected item (with the font styles stored with
    it, when they fit its raw text)."""
    styles = [s for s in corrected.styles if s[1] <= len(raw)]
    return Example(raw, align_labels(raw, corrected), styles, "correction")


def fully_aligned(example: Example, corrected: Reference) -> bool:
    """Whether every field of the corrected item was found in the raw text. A value the
    text does not show (typed with the accents the PDF's text lost, say) would teach the
    tagger to leave its words unlabelled: such an example is better left out."""
    found = set(example.labels)
    found_values = {v for k, v in corrected.fields.items() if k in found}
    # a value printed once but given to two fields (a book's title as its container) is
    # found once
    wanted = {k for k, v in corrected.fields.items() if k in LABELS and v and v not in found_values}
    if corrected.author:
        wanted.add("author")
    if corrected.editor:
        wanted.add("editor")
    return wanted <= found


# ------------------------------------------------------------------ training

# The shipped recipe's L1 and L2 penalties (decision 0035 has the values measured).
C1 = 0.05
C2 = 0.01


def train_model(
    examples: Iterable[Example],
    path: Path,
    *,
    max_iterations: int = 150,
    min_freq: int = 2,
    c1: float = C1,
    c2: float = C2,
) -> dict[str, float]:
    """Train a CRF on ``examples`` and write it to ``path``; returns simple statistics."""
    sequences = (to_sequence(ex) for ex in examples)
    return train_sequences(
        sequences, path, max_iterations=max_iterations, min_freq=min_freq, c1=c1, c2=c2
    )


def train_sequences(
    sequences: Iterable[tuple[list[list[str]], list[str]]],
    path: Path,
    *,
    max_iterations: int = 150,
    c1: float = C1,
    c2: float = C2,
    min_freq: int = 2,
) -> dict[str, float]:
    """Train a CRF on (features, labels) sequences and write it to ``path``."""
    trainer = pycrfsuite.Trainer(verbose=False)
    count = 0
    tokens = 0
    for xseq, yseq in sequences:
        if not xseq:
            continue
        trainer.append(xseq, yseq)
        count += 1
        tokens += len(yseq)
    if not count:
        raise ValueError("no training examples")
    trainer.set_params(
        {
            "c1": c1,
            "c2": c2,
            "max_iterations": max_iterations,
            "feature.possible_transitions": True,
            "feature.minfreq": min_freq,
        }
    )
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    trainer.train(str(tmp))
    tmp.replace(path)
    return {"examples": float(count), "tokens": float(tokens), "bytes": float(path.stat().st_size)}
