"""Damage that text extraction from PDFs does to a reference string, applied to samples.

Line breaks become spaces, so a word hyphenated at a line end reads "hyphen- ation" and a
DOI or URL broken over two lines gets a space inside ("10.1016/j.ins. 2019.01.002");
ligature glyphs come out as one character ("ﬁ"); names set in small capitals come out in
capitals; a list that prints no final full stops loses them. Labels move with the text:
the two halves of a broken DOI are both DOI, so the tagger learns to join them.
"""

from __future__ import annotations

import random
import re

from tools.fieldcorpus.render import Sample

_LIGATURES = (
    ("ffi", "\ufb03"),
    ("ffl", "\ufb04"),
    ("fi", "\ufb01"),
    ("fl", "\ufb02"),
    ("ff", "\ufb00"),
)
_BREAK_AFTER = re.compile(r"[/.\-_]")


def _edit(sample: Sample, i: int, j: int, new: str, label: str | None = None) -> Sample:
    """``sample`` with text[i:j] replaced by ``new`` (labelled as text[i] was, or ``label``)."""
    text, labels = sample.text, sample.labels
    lab = label or (labels[i] if i < len(labels) else (labels[i - 1] if labels else "O"))
    delta = len(new) - (j - i)
    styles = [
        (s + (delta if s > i else 0), e + (delta if e > i else 0), k) for s, e, k in sample.styles
    ]
    return Sample(
        text[:i] + new + text[j:], labels[:i] + [lab] * len(new) + labels[j:], styles, sample.style
    )


def break_identifier(sample: Sample, rng: random.Random) -> Sample:
    """A DOI or URL broken over two lines: a space after one of its '/', '.', '-'."""
    for label in ("DOI", "URL"):
        idx = [i for i, lab in enumerate(sample.labels) if lab == label]
        if len(idx) < 12:
            continue
        a, b = idx[0], idx[-1] + 1
        cuts = [m.end() + a for m in _BREAK_AFTER.finditer(sample.text[a : b - 3]) if m.end() > 4]
        if cuts:
            cut = rng.choice(cuts)
            return _edit(sample, cut, cut, " ", label)
    return sample


def ligatures(sample: Sample) -> Sample:
    text = sample.text
    for plain, glyph in _LIGATURES:
        pos = text.find(plain)
        while pos >= 0:
            sample = _edit(sample, pos, pos + len(plain), glyph)
            text = sample.text
            pos = text.find(plain, pos + 1)
    return sample


def small_caps_names(sample: Sample) -> Sample:
    """Author (or editor) names printed in small capitals, extracted as capitals."""
    chars = list(sample.text)
    for i, lab in enumerate(sample.labels):
        upper = chars[i].upper()
        if lab in ("author", "editor") and len(upper) == 1:  # "ß" has no one-letter capital
            chars[i] = upper
    return Sample("".join(chars), sample.labels, sample.styles, sample.style)


def drop_final_stop(sample: Sample) -> Sample:
    text = sample.text.rstrip()
    if text.endswith(".") and sample.labels[len(text) - 1] == "O":
        return _edit(sample, len(text) - 1, len(sample.text), "")
    return sample


def pdf_noise(sample: Sample, rng: random.Random) -> Sample:
    """Some of the damage above, each kind with its own probability."""
    if rng.random() < 0.25:
        sample = break_identifier(sample, rng)
    if rng.random() < 0.08:
        sample = ligatures(sample)
    if rng.random() < 0.05:
        sample = small_caps_names(sample)
    if rng.random() < 0.15:
        sample = drop_final_stop(sample)
    return sample
