"""Build the training corpus and train the shipped model: ``refmanager train``."""

from __future__ import annotations

import gzip
import json
import os
import random
import time
import zlib
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

from refmanager.parse.features import features
from refmanager.parse.tagger import STACKED_SUFFIX, open_tagger, with_base_labels
from refmanager.parse.train import Example, token_labels, train_model, train_sequences
from refmanager.parse.training.pdfnoise import pdf_noise
from refmanager.parse.training.records import RecordGenerator
from refmanager.parse.training.render import (
    HELDOUT_STYLES,
    TRAIN_STYLES,
    UNSEEN_STYLES,
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
LIBRARY_SIZE = 2000
LIBRARY_WEIGHT = 20
LIBRARY_ITERATIONS = 100
BASE_FILE = "base-examples.jsonl.gz"
# the shipped recipe with the style cache: CSL strings of ~2,500 styles make up the rest
SYNTH_SHARE = 0.35
HOUSE_SHARE = 0.18
CACHE_SHARE = 0.4  # of the CSL part: the rest is the ~30 TRAIN_STYLES rendered now


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


def load_style_cache(path: Path) -> list[tuple[Sample, str]]:
    """The strings ``stylecorpus`` rendered (each with its style's family)."""
    meta = json.loads(path.with_suffix(".meta.json").read_text(encoding="utf-8"))
    families: dict[str, str] = meta["families"]
    out: list[tuple[Sample, str]] = []
    with gzip.open(path, "rt", encoding="utf-8") as fh:
        for line in fh:
            ex = Example.from_json(json.loads(line))
            out.append((Sample(ex.text, ex.labels, ex.styles, ex.source), families[ex.source]))
    return out


def heldout_family(family: str) -> bool:
    """Whether a style family is kept out of the shipped model (1 in 8, by a hash of its
    skeleton): its styles calibrate the confidence and test unseen conventions."""
    return zlib.crc32(family.encode("utf-8")) % 8 == 0


_NEVER_TRAINED = frozenset((*HELDOUT_STYLES, *UNSEEN_STYLES))


def _cached_samples(
    cache: list[tuple[Sample, str]],
    n: int,
    rng: random.Random,
    keep: Callable[[str, str], bool],
) -> list[Sample]:
    """``n`` cached strings, spread evenly over the styles ``keep(style, family)`` allows."""
    by_style: dict[str, list[Sample]] = {}
    for sample, family in cache:
        if keep(sample.style, family):
            by_style.setdefault(sample.style, []).append(sample)
    names = sorted(by_style)
    out: list[Sample] = []
    rounds = 0
    while len(out) < n and names and rounds < 1000:
        rng.shuffle(names)
        for name in names:
            pool = by_style[name]
            if rounds < len(pool):
                out.append(pool[rounds])
                if len(out) >= n:
                    break
        rounds += 1
    return out


def train_filter(style: str, family: str) -> bool:
    """The cached styles the shipped model trains on."""
    return style not in _NEVER_TRAINED and not heldout_family(family)


def build_corpus(
    size: int = DEFAULT_SIZE,
    *,
    seed: int = 7,
    styles: Iterable[str] = TRAIN_STYLES,
    house_share: float = 0.18,
    synth_share: float = 0.4,
    cache: list[tuple[Sample, str]] | None = None,
    keep: Callable[[str, str], bool] = train_filter,
    cache_share: float = 1.0,
    progress: Callable[[str], None] | None = None,
) -> list[Example]:
    """``size`` labelled strings: CSL-rendered records plus Chinese-journal house styles.

    With ``cache`` (``load_style_cache``) ``cache_share`` of the CSL part comes from the
    strings rendered through every style ``keep`` allows; the rest (all of it without a
    cache) is ``styles`` rendered now (citeproc).
    """
    rng = random.Random(seed)
    gen = RecordGenerator(seed)
    samples: list[Sample] = []
    usable: list[str] = []
    zh_styles: list[str] = []
    renderer = None
    if cache is None or cache_share < 1.0:
        renderer = CslRenderer()
        usable = [s for s in styles if renderer.available(s)]
        zh_styles = [s for s in usable if "gb" in s or "china" in s]
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
    if cache is not None:
        n_cached = int((size - len(samples)) * cache_share)
        samples.extend(_cached_samples(cache, n_cached, rng, keep))
    while len(samples) < size and usable and renderer is not None:
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
        if rng.random() < 0.03:
            sample = _same_author(sample, rng)
        if rng.random() < 0.6:
            sample = add_noise(sample, rng)
        sample = pdf_noise(sample, rng)
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


def write_examples(examples: Iterable[Example], path: Path) -> int:
    """Examples as compressed JSON lines (the shipped base data); returns how many."""
    count = 0
    tmp = path.with_name(path.name + ".tmp")
    with gzip.open(tmp, "wt", encoding="utf-8", compresslevel=9) as fh:
        for ex in examples:
            data = ex.to_json()
            if not data["styles"]:
                del data["styles"]
            fh.write(json.dumps(data, ensure_ascii=False, separators=(",", ":")) + "\n")
            count += 1
    tmp.replace(path)
    return count


def read_examples(path: Path) -> list[Example]:
    with gzip.open(path, "rt", encoding="utf-8") as fh:
        return [Example.from_json(json.loads(line)) for line in fh if line.strip()]


def base_examples_path() -> Path:
    """The generated strings shipped with the model, for retraining without citeproc."""
    from refmanager.parse.tagger import DEFAULT_MODEL_FILE

    return Path(DEFAULT_MODEL_FILE).with_name(BASE_FILE)


def train_default(
    out_path: Path,
    *,
    size: int = DEFAULT_SIZE,
    extra: Iterable[Example] = (),
    progress: Callable[[str], None] | None = None,
    max_iterations: int = 150,
    style_cache: Path | None = None,
    base_out: Path | None = None,
) -> dict[str, float]:
    """Rebuild the corpus, add ``extra`` examples (corrections), train, write ``out_path``.

    ``style_cache`` (from ``stylecorpus``) gives the CSL strings of every usable style;
    without it the ``TRAIN_STYLES`` are rendered now. ``base_out`` receives the
    ``LIBRARY_SIZE`` generated strings a library model retrains on.
    """
    t0 = time.perf_counter()
    cache = load_style_cache(style_cache) if style_cache else None
    corpus = build_corpus(
        size,
        progress=progress,
        cache=cache,
        synth_share=SYNTH_SHARE if cache else 0.4,
        house_share=HOUSE_SHARE if cache else 0.18,
        cache_share=CACHE_SHARE,
    )
    extra_list = list(extra)
    if progress:
        progress(
            f"corpus: {len(corpus)} generated + {len(extra_list)} extra examples "
            f"({time.perf_counter() - t0:.1f} s)"
        )
    if base_out is not None:
        write_examples(
            random.Random(5).sample(corpus, min(LIBRARY_SIZE + GUARD_SIZE, len(corpus))), base_out
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


class RetrainRejected(Exception):
    """A retrained model got wrong what the model it would replace got right."""


GUARD_SIZE = 300  # shipped strings never trained on by a library model: the guard set
GUARD_TOLERANCE = 0.005


def token_accuracy(model: Path | None, examples: Sequence[Example]) -> float:
    """The share of word tokens (not punctuation) the model labels as the examples do."""
    from refmanager.parse.tagger import tag_tokens

    right = total = 0
    for ex in examples:
        toks, gold = token_labels(ex.text, ex.labels)
        labels, _ = tag_tokens(toks, ex.styles or None, model)
        for tok, want, got in zip(toks, gold, labels, strict=True):
            if tok.kind != "other":
                total += 1
                right += want == got
    return right / total if total else 1.0


def _stacked_sequence(
    base: Any, ex: Example, copy: bool = False
) -> tuple[list[list[str]], list[str]]:
    """An example's features for a stacked model (with the shipped model's labels), and
    its labels: the example's own, or with ``copy`` the shipped model's (so that the
    stacked model learns to repeat the shipped model wherever no correction speaks)."""
    toks, labels = token_labels(ex.text, ex.labels)
    xseq = features(toks, ex.styles or None)
    base_labels = list(base.tag(xseq)) if xseq else []
    return with_base_labels(xseq, base_labels), base_labels if copy else labels


def train_library(
    out_path: Path,
    corrections: Iterable[Example],
    *,
    base: Iterable[Example] | None = None,
    guard: Sequence[Example] | None = None,
    size: int = LIBRARY_SIZE,
    weight: int = LIBRARY_WEIGHT,
    max_iterations: int = LIBRARY_ITERATIONS,
    progress: Callable[[str], None] | None = None,
) -> dict[str, float]:
    """A library's own model: its corrections (each ``weight`` times) plus generated strings.

    ``base`` is the generated part (the strings shipped with the model when None: no CSL
    rendering, so it works in the default install); pass it to train several models on
    the same one. Corrections that align no character are left out.

    The new model replaces the one at ``out_path`` (or the shipped model) only when it is
    at least as right on the corrected entries and, on ``guard`` (shipped strings it was
    not trained on), loses at most ``GUARD_TOLERANCE`` of token accuracy; otherwise
    ``RetrainRejected`` is raised and nothing is written.
    """
    t0 = time.perf_counter()
    fixes = [ex for ex in corrections if any(lab != "O" for lab in ex.labels)]
    if not fixes:
        raise ValueError("no usable corrections")
    if base is None:
        shipped = read_examples(base_examples_path())
        generated = shipped[: min(size, max(0, len(shipped) - GUARD_SIZE))]
        if guard is None:
            guard = shipped[len(generated) :][:GUARD_SIZE]
    else:
        generated = list(base)
    if progress:
        progress(
            f"corpus: {len(generated)} generated + {len(fixes)} corrections x {weight} "
            f"({time.perf_counter() - t0:.1f} s)"
        )
    t1 = time.perf_counter()
    tmp = out_path.with_name(out_path.name + ".new")
    marker = Path(os.fspath(tmp) + STACKED_SUFFIX)
    base_tagger = open_tagger()
    if base_tagger is None:
        raise OSError("the shipped model cannot be read")
    fixed = [_stacked_sequence(base_tagger, ex) for ex in fixes]
    copied = (_stacked_sequence(base_tagger, ex, copy=True) for ex in generated)
    sequences = [*copied, *(fixed * weight)]
    stats = train_sequences(sequences, tmp, max_iterations=max_iterations)
    marker.write_text("adapts the shipped model\n", encoding="utf-8")
    stats["corrections"] = float(len(fixes))
    stats["render_seconds"] = t1 - t0
    stats["train_seconds"] = time.perf_counter() - t1
    current = out_path if out_path.is_file() else None
    before = token_accuracy(current, fixes)
    after = token_accuracy(tmp, fixes)
    stats["corrections_before"], stats["corrections_after"] = before, after
    if guard:
        g_before, g_after = token_accuracy(current, guard), token_accuracy(tmp, guard)
        stats["guard_before"], stats["guard_after"] = g_before, g_after
    else:
        g_before = g_after = 1.0
    if after < before or g_after < g_before - GUARD_TOLERANCE:
        tmp.unlink(missing_ok=True)
        marker.unlink(missing_ok=True)
        raise RetrainRejected(
            f"the retrained model was not kept: corrected entries {before:.3f} -> {after:.3f}, "
            f"other strings {g_before:.3f} -> {g_after:.3f} (token accuracy)"
        )
    tmp.replace(out_path)
    marker.replace(Path(os.fspath(out_path) + STACKED_SUFFIX))
    if progress:
        progress(
            f"trained in {stats['train_seconds']:.1f} s: {out_path} "
            f"({stats['bytes'] / 1e6:.2f} MB); corrected entries {before:.3f} -> {after:.3f}"
        )
    return stats
