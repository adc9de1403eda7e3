"""Build the training corpus and train the shipped model: ``refmanager train``."""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterable
from pathlib import Path

from refmanager.parse.train import Example, train_model
from refmanager.parse.training.records import RecordGenerator
from refmanager.parse.training.render import (
    HELDOUT_STYLES,
    TRAIN_STYLES,
    CslRenderer,
    Sample,
    add_noise,
    house_render,
)
from refmanager.parse.training.synth import sample_spec, synth_render

DEFAULT_SIZE = 10000
BATCH = 12
CORRECTION_WEIGHT = 5  # in a full rebuild, a correction counts as this many generated strings
# A library's own model (``train_library``) is a fast adaptation: the user's corrections,
# each repeated LIBRARY_WEIGHT times, plus LIBRARY_SIZE generated strings that keep the
# general conventions; under a minute on one core instead of several minutes.
LIBRARY_SIZE = 5000
LIBRARY_WEIGHT = 40
LIBRARY_ITERATIONS = 100


def _same_author(sample: Sample, rng: random.Random) -> Sample:
    """Replace the author list with a same-author dash (as a repeated author prints)."""
    idx = [i for i, lab in enumerate(sample.labels) if lab == "author"]
    if not idx or idx[-1] - idx[0] + 1 != len(idx):
        return sample
    a, b = idx[0], idx[-1] + 1
    dash = rng.choice(["\u2014\u2014\u2014", "---", "\u2014\u2014", "\u2013\u2013\u2013"])
    text = sample.text[:a] + dash + sample.text[b:]
    labels = sample.labels[:a] + ["author"] * len(dash) + sample.labels[b:]
    shift = len(dash) - (b - a)
    styles = [
        (s + shift if s >= b else s, e + shift if e >= b else e, k) for s, e, k in sample.styles
    ]
    return Sample(text, labels, styles, sample.style)


def build_corpus(
    size: int = DEFAULT_SIZE,
    *,
    seed: int = 7,
    styles: Iterable[str] = TRAIN_STYLES,
    house_share: float = 0.18,
    synth_share: float = 0.4,
    progress: Callable[[str], None] | None = None,
) -> list[Example]:
    """``size`` labelled strings: CSL-rendered records plus Chinese-journal house styles."""
    rng = random.Random(seed)
    gen = RecordGenerator(seed)
    renderer = CslRenderer()
    usable = [s for s in styles if renderer.available(s)]
    zh_styles = [s for s in usable if "gb" in s or "china" in s]
    samples: list[Sample] = []
    n_synth = int(size * synth_share)
    while len(samples) < n_synth:
        spec = sample_spec(rng)
        for _ in range(BATCH):
            samples.append(synth_render(gen.record(zh=rng.random() < 0.08), spec, rng))
    n_house = int(size * house_share)
    for _ in range(n_house):
        zh = rng.random() < 0.5
        rec = gen.record(zh=zh)
        samples.append(house_render(rec, rng, rng.choice(("cnj", "cnj", "gbt"))))
    while len(samples) < size and usable:
        style = rng.choice(usable)
        zh = style in zh_styles and rng.random() < 0.4
        records = [gen.record(zh=zh) for _ in range(BATCH)]
        try:
            samples.extend(renderer.render(records, style))
        except Exception as exc:  # a style citeproc-py cannot run: skip it
            usable.remove(style)
            if progress:
                progress(f"style {style} skipped: {type(exc).__name__}")
            if not usable:
                break
    out: list[Example] = []
    rng.shuffle(samples)
    for original in samples[:size]:
        sample = original
        if rng.random() < 0.01:
            sample = _same_author(sample, rng)
        if rng.random() < 0.6:
            sample = add_noise(sample, rng)
        styles_kept = sample.styles if rng.random() < 0.5 else []
        text = sample.text
        if rng.random() < 0.5 and text[:1] == "[" and "]" in text[:6]:
            close = text.index("]") + 1
            if text[close : close + 1] != " ":
                text = text[:close] + " " + text[close:]
                labels = [*sample.labels[:close], "O", *sample.labels[close:]]
                styles_kept = [
                    (s + 1 if s >= close else s, e + 1 if e >= close else e, k)
                    for s, e, k in styles_kept
                ]
                out.append(Example(text, labels, styles_kept, sample.style))
                continue
        out.append(Example(text, list(sample.labels), styles_kept, sample.style))
    return out


def heldout_corpus(size: int = 600, seed: int = 99) -> list[Example]:
    """Strings in styles the shipped model never saw, from records it never saw."""
    return build_corpus(size, seed=seed, styles=HELDOUT_STYLES, house_share=0.0, synth_share=0.0)


def train_default(
    out_path: Path,
    *,
    size: int = DEFAULT_SIZE,
    extra: Iterable[Example] = (),
    progress: Callable[[str], None] | None = None,
    max_iterations: int = 150,
) -> dict[str, float]:
    """Rebuild the corpus, add ``extra`` examples (corrections), train, write ``out_path``."""
    t0 = time.perf_counter()
    corpus = build_corpus(size, progress=progress)
    extra_list = list(extra)
    if progress:
        progress(
            f"corpus: {len(corpus)} generated + {len(extra_list)} extra examples "
            f"({time.perf_counter() - t0:.1f} s)"
        )
    # corrections count more than one generated string each
    examples = [*corpus, *(extra_list * CORRECTION_WEIGHT)]
    t1 = time.perf_counter()
    stats = train_model(examples, out_path, max_iterations=max_iterations)
    stats["render_seconds"] = t1 - t0
    stats["train_seconds"] = time.perf_counter() - t1
    if progress:
        progress(
            f"trained in {stats['train_seconds']:.1f} s: {out_path} ({stats['bytes'] / 1e6:.2f} MB)"
        )
    return stats


def train_library(
    out_path: Path,
    corrections: Iterable[Example],
    *,
    base: Iterable[Example] | None = None,
    size: int = LIBRARY_SIZE,
    weight: int = LIBRARY_WEIGHT,
    max_iterations: int = LIBRARY_ITERATIONS,
    progress: Callable[[str], None] | None = None,
) -> dict[str, float]:
    """A library's own model: its corrections (each ``weight`` times) plus generated strings.

    ``base`` is the generated part (``build_corpus(size)`` when None); pass it to train
    several models on the same one. Corrections that align no character are left out.
    """
    t0 = time.perf_counter()
    fixes = [ex for ex in corrections if any(lab != "O" for lab in ex.labels)]
    if not fixes:
        raise ValueError("no usable corrections")
    generated = list(base) if base is not None else build_corpus(size, progress=progress)
    if progress:
        progress(
            f"corpus: {len(generated)} generated + {len(fixes)} corrections x {weight} "
            f"({time.perf_counter() - t0:.1f} s)"
        )
    t1 = time.perf_counter()
    stats = train_model([*generated, *(fixes * weight)], out_path, max_iterations=max_iterations)
    stats["corrections"] = float(len(fixes))
    stats["render_seconds"] = t1 - t0
    stats["train_seconds"] = time.perf_counter() - t1
    if progress:
        progress(
            f"trained in {stats['train_seconds']:.1f} s: {out_path} ({stats['bytes'] / 1e6:.2f} MB)"
        )
    return stats
