"""Document-context features for the field tagger, measured by the quick grouped-CV proxy.

Needs the patch beside it (``git apply docs/dev/experiments/2026-12-06-document-context-
features.patch``: ``refmanager/parse/context.py`` and a ``context`` argument through the
tagger and ``parse_text``). Decision 0035's fourth addendum has the figures.

    PYTHONPATH=. nice .venv/bin/python docs/dev/experiments/2026-12-06-document-context.py \
        --folds 0,1,2 --no-dev --parts none align word,pair,run labels

Each ``--parts`` variant ("none": the shipped features only; else parts of
``parse.context.list_context``, and "labels": the first-pass labels of the same word and
token pair in the list's other entries, from the fold models in ``FIRST_DIR``) trains one
CRF per fold on the real strings of the other folds only (decision 0035's proxy, about a
minute a fold) and scores the fold's held-out documents (and, without ``--no-dev``,
GROBID's evaluation files) as ``benchmarks.real_cv`` does (``Tally``, every rule after
tagging). A string's list is the other strings of its group, in training and in scoring
alike; groups of many papers' strings (unless ``--mixed``) and of fewer than three strings
get no context. ``--gen`` adds the generated strings of real_cv's cache, the CSL-rendered
ones as mock lists of ``--gen-list`` strings of one style.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Collection
from pathlib import Path
from typing import Any

import pycrfsuite

from benchmarks.learning_curve import _norm, gold_fields, predicted_fields
from benchmarks.real_cv import Tally, folds_of, merge
from refmanager.parse import Example
from refmanager.parse.context import _key, list_context
from refmanager.parse.features import features
from refmanager.parse.parser import _label_of, entry_tokens, parse_text
from refmanager.parse.retrain import read_examples
from refmanager.parse.tokens import Tok
from refmanager.parse.train import token_labels, train_sequences
from tools.realdata import evaluation_strings, real_strings

Rows = list[tuple[Example, str]]
MIXED = [False]  # --mixed: context for many-paper groups too
FIRST_DIR = Path("/work/cache/final")  # the shipped recipe's fold models (read only)
FOLD_OF: dict[str, int] = {}


def by_group(rows: Rows) -> dict[str, list[Example]]:
    out: dict[str, list[Example]] = {}
    for ex, g in rows:
        out.setdefault(g, []).append(ex)
    return out


# Groups that are collections of many papers' strings, not one paper's list: GROBID's
# many-paper files (and citations.xml's blocks), AnyStyle's blocks. Their strings get no
# context (as a string parsed alone), in training and in scoring.
_MIXED = (
    "citations.xml",
    "raw_ref_corrected",
    "evaluation-citation",
    "kisti_",
    "bioRxiv-ids",
    "crossref_raw",
    "multi_identifiers",
    "anystyle",
)


def one_list(group: str) -> bool:
    """Whether a group's strings are one paper's reference list."""
    return not any(m in group for m in _MIXED)


def label_context(toks: list[list[Tok]], labels: list[list[str]]) -> list[list[list[str]]]:
    """Each token's first-pass labels in the list's OTHER entries: the commonest label of
    the same word, and of the same pair of tokens (with the one before or after it)."""
    keys = [[_key(t) for t in ts] for ts in toks]
    seen: dict[str, Counter[str]] = {}
    pair_seen: dict[tuple[str, str, int], Counter[str]] = {}
    for e, (ks, labs) in enumerate(zip(keys, labels, strict=True)):
        for i, (k, lab) in enumerate(zip(ks, labs, strict=True)):
            seen.setdefault(k, Counter())[f"{e}|{lab}"] += 1
            left = ks[i - 1] if i else "^"
            right = ks[i + 1] if i + 1 < len(ks) else "$"
            pair_seen.setdefault((left, k, 0), Counter())[f"{e}|{lab}"] += 1
            pair_seen.setdefault((k, right, 1), Counter())[f"{e}|{lab}"] += 1
    out: list[list[list[str]]] = []

    def best(c: Counter[str] | None, e: int) -> str:
        if not c:
            return ""
        votes: Counter[str] = Counter()
        for key, n in c.items():
            entry, _, lab = key.partition("|")
            if int(entry) != e:
                votes[lab] += n
        if not votes:
            return ""
        lab, n = votes.most_common(1)[0]
        return lab if n >= 2 else ""

    for e, (ts, ks) in enumerate(zip(toks, keys, strict=True)):
        rows: list[list[str]] = []
        for i, (t, k) in enumerate(zip(ts, ks, strict=True)):
            row: list[str] = []
            if t.kind in ("word", "cjk"):
                lab = best(seen.get(k), e)
                if lab:
                    row.append("xl=" + lab)
            left = ks[i - 1] if i else "^"
            right = ks[i + 1] if i + 1 < len(ks) else "$"
            a = best(pair_seen.get((left, k, 0)), e)
            b = best(pair_seen.get((k, right, 1)), e)
            if a:
                row.append("xll=" + a)
            if b:
                row.append("xlr=" + b)
            rows.append(row)
        out.append(rows)
    return out


def contexts(
    toks: list[list[Tok]],
    parts: Collection[str],
    group: str = "",
    first: list[list[str]] | None = None,
) -> list[list[list[str]] | None]:
    if not parts or (not MIXED[0] and not one_list(group)) or len(toks) < 3:
        return [None] * len(toks)
    raw = parts - {"labels"}
    out = list(list_context(toks, raw)) if raw else [[[] for _ in t] for t in toks]
    if "labels" in parts and first is not None:
        for rows, more in zip(out, label_context(toks, first), strict=True):
            for row, extra in zip(rows, more, strict=True):
                row.extend(extra)
    return list(out)


FIRST: dict[int, Any] = {}


def first_pass(toks: list[Tok], styles: Any, fold: int) -> list[str]:
    """The labels the fold's kept model (which never saw the fold's strings) gives."""
    tagger = FIRST.get(fold)
    if tagger is None:
        tagger = FIRST[fold] = pycrfsuite.Tagger()
        tagger.open(str(FIRST_DIR / f"fold-{fold}.crfsuite"))
    return list(tagger.tag(features(toks, styles)))


def train(rows: Rows, parts: Collection[str], path: Path, iterations: int) -> None:
    seqs = []
    groups = by_group(rows)
    exs_group = {id(exs): g for g, exs in groups.items()}
    for exs in groups.values():
        tl = [token_labels(ex.text, ex.labels) for ex in exs]
        g = exs_group[id(exs)]
        first = None
        if "labels" in parts:
            first = [
                first_pass(t, ex.styles or None, FOLD_OF[g])
                for ex, (t, _) in zip(exs, tl, strict=True)
            ]
        ctx = contexts([t for t, _ in tl], parts, g, first)
        for ex, (toks, labels), c in zip(exs, tl, ctx, strict=True):
            seqs.append((features(toks, ex.styles or None, c), labels))
    train_sequences(seqs, path, max_iterations=iterations)


def score(rows: Rows, parts: Collection[str], model: Path, fold: int) -> dict[str, Tally]:
    out: dict[str, Tally] = {"all": Tally()}
    for g, exs in by_group(rows).items():
        source = g.split(":")[0].split("#")[0]
        toks = [entry_tokens(ex.text, _label_of(ex.text, None)[1]) for ex in exs]
        first = [first_pass(t, None, fold) for t in toks] if "labels" in parts else None
        ctx = contexts(toks, parts, g, first)
        for ex, c in zip(exs, ctx, strict=True):
            gold = {k: _norm(v) for k, v in gold_fields(ex).items()}
            ref, _ = parse_text(ex.text, model, None, None, c)
            pred = {k: _norm(v) for k, v in predicted_fields(ref).items()}
            pred = {k: v for k, v in pred.items() if v}
            out["all"].add(gold, pred)
            out.setdefault(source, Tally()).add(gold, pred)
            out.setdefault("one paper" if one_list(g) else "mixed", Tally()).add(gold, pred)
    return out


def mock_lists(path: Path, size: int) -> Rows:
    """Generated strings of the CSL styles (one style each: not the "synth" specs or the
    house styles) as mock lists: blocks of ``size`` strings of one style."""
    out: Rows = []
    by_style: dict[str, list[Example]] = {}
    for ex in read_examples(path):
        if ex.source != "synth" and not ex.source.startswith("house"):
            by_style.setdefault(ex.source, []).append(ex)
    for style, exs in sorted(by_style.items()):
        for i, ex in enumerate(exs):
            out.append((ex, f"gen:{style}#{i // size}"))
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--folds", default="0,1,2")
    ap.add_argument("--parts", nargs="+", default=["none", "word,pair,run,shape"])
    ap.add_argument("--iterations", type=int, default=150)
    ap.add_argument("--no-dev", action="store_true", help="skip GROBID's evaluation files")
    ap.add_argument("--gen", type=Path, help="generated strings (real_cv's cache) as mock lists")
    ap.add_argument("--gen-list", type=int, default=25, help="strings in a mock list")
    ap.add_argument("--mixed", action="store_true", help="context for many-paper groups too")
    args = ap.parse_args(argv)
    MIXED[0] = args.mixed
    real = real_strings()
    dev = evaluation_strings()
    fold_of = folds_of([g for _, g in real], 5)
    FOLD_OF.update(fold_of)
    gen = mock_lists(args.gen, args.gen_list) if args.gen else []
    if gen:
        print(f"generated: {len(gen)} strings in {len({g for _, g in gen})} mock lists")
    for variant in args.parts:
        parts = frozenset() if variant == "none" else frozenset(variant.split(","))
        total: dict[str, Tally] = {}
        for k in (int(x) for x in args.folds.split(",")):
            t0 = time.process_time()
            with tempfile.TemporaryDirectory() as tmp:
                model = Path(tmp) / "m.crfsuite"
                train(
                    [*gen, *(r for r in real if fold_of[r[1]] != k)], parts, model, args.iterations
                )
                tallies = score([r for r in real if fold_of[r[1]] == k], parts, model, k)
                dev_line = ""
                if not args.no_dev:
                    dev_line = f"  | GROBID eval F1 {score(dev, parts, model, k)['all'].f1():.3f}"
            merge(total, tallies)
            print(
                tallies["one paper"].line(f"{variant} fold {k} one paper"),
                tallies["all"].line(f"{variant} fold {k}")
                + dev_line
                + f"  ({time.process_time() - t0:.0f} CPU-s)",
                sep="\n",
                flush=True,
            )
        for key in ("one paper", "mixed", "all"):
            print(total[key].line(f"{variant} {key}"), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
