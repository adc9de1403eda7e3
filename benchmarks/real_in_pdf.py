"""What the PDF path costs: real labelled strings typeset as reference lists, read back.

    .venv/bin/python -m benchmarks.real_in_pdf [--docs 40] [--max-refs 40] [--seed 1]
        [--model FILE | --models DIR] [--layouts numbered,author-year,...] [--show N]
        [--as-given] [--keep DIR]

The real strings of ``tools.realdata`` (GROBID's documents, AnyStyle's blocks, grouped as
``benchmarks.real_cv`` groups them) are sampled by document (``--docs``, groups of 5
strings or more, about one in five from AnyStyle). Each document's strings are typeset by
Qt (``tools.qtpdf``) as the reference list of a short page, in the layouts of ``LAYOUTS``:
"[n]" labels or author-year, a hanging indent, one column ragged right or two columns
justified with long words hyphenated at line ends (soft hyphens, which Qt breaks at; Qt
breaks URLs and DOIs after their slashes itself). Each PDF is read as ``refmanager
extract`` reads it (``service.extract.extract_pdf``) and the same strings are parsed as
strings (``parse_reference``): the difference is what the PDF path costs.

A label a string prints itself ("9.") is cut before typesetting. What a reader reads
differently by design is done to the strings first, for both paths (``as_printed``: a
spacing accent before a letter, or before a space and an ASCII letter, is that letter's
accent, a letter and the combining accents after it are one character where Unicode
composes them (NFC), no space stands before closing punctuation, a tilde after a slash
is a URL's, soft hyphens are gone); ``--as-given`` typesets the strings as they are.
The authors of an entry that opens with a dash for the names of the entry before
("———.") are judged on neither path: the PDF path gives it the names before, the gold
and the string parsed alone have none.

Scoring is ``../shared/bench/score.py``'s (its ``score_doc`` aligns the entries read to the
gold strings; ``field_value``, ``values_equal`` and ``supported_by_raw`` judge fields).
The gold item of a string is made from its labelled spans
(``benchmarks.learning_curve.gold_fields``), the authors' family names by
``refmanager.parse.names.split_names`` on the author span. "text" is the share of strings
read back exactly (score.py's ``norm_raw``: label, case and spaces aside).

``--model`` parses with that field model (the shipped one by default). ``--models DIR``
parses each document with ``DIR/fold-K.crfsuite``, the fold model that never saw it
(folds of ``benchmarks.real_cv.folds_of``, five). ``--show N`` prints up to N fields per
layout that the string path gets right and the PDF path does not, with the entry read.
"""

from __future__ import annotations

import argparse
import html
import random
import re
import sys
import tempfile
import time
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

from benchmarks._util import bench_scorer
from benchmarks.learning_curve import gold_fields
from benchmarks.real_cv import folds_of
from refmanager.model import Reference
from refmanager.parse import Example, parse_reference
from refmanager.parse.names import split_names
from refmanager.pdf.textclean import SPACING_ACCENTS
from tools.realdata import DATA, real_strings


@dataclass(slots=True)
class Layout:
    """How a list is typeset."""

    name: str
    columns: int
    numbered: bool
    justified: bool
    size: float


LAYOUTS = (
    Layout("numbered", 1, True, False, 10),
    Layout("author-year", 1, False, False, 10),
    Layout("numbered-2col", 2, True, True, 8.5),
    Layout("author-year-2col", 2, False, True, 8.5),
)
STRINGS = "strings"  # the strings parsed as strings
BODY = (
    "This page was typeset to measure how a reference list reads back from a PDF. "
    "The paragraph stands for the body of a paper, which ends before its list of works "
    "cited; the list below is set as journals and proceedings set theirs."
)
_LABEL = re.compile(r"\s*(?:\[\s*\d{1,4}\s*\]\s*|\(\d{1,4}\)\s*|\d{1,4}\.\s+)")
_VOWELS = frozenset("aeiouyäöüéèáàóòúíâêôûAEIOUY")
_SOFT = "\u00ad"
_CLOSING = frozenset(",.;:)]}")  # no reader prints a space before these (pdf.layout)
_INVISIBLE = frozenset("\u00ad\u200b\u200c\u200d\u2060\ufeff")


def unlabelled(ex: Example) -> Example:
    """The string without a label it prints itself ("9. ", "[3] "), when no field has it."""
    m = _LABEL.match(ex.text)
    if m is None or any(lab != "O" for lab in ex.labels[: m.end()]):
        return ex
    return Example(ex.text[m.end() :], ex.labels[m.end() :], source=ex.source)


def as_printed(ex: Example) -> Example:
    """The string as a reader reads it back by design: a spacing accent before a letter
    ("Terzi\u00b4c", text extracted from pdfTeX's output), or before a space and an ASCII
    letter ("Zh. \u00b4 Eksp."), is that letter's accent, but a tilde after a slash is a
    URL's ("/\u02dcuser"); a letter and the combining accents after it are one character
    where Unicode composes them ("e\u0301" is "\u00e9"); no space stands before closing
    punctuation ("J .Simpson ,"); soft hyphens and zero-width characters, which print
    nothing, are gone. Both paths get this string."""
    text: list[str] = []
    labels: list[str] = []
    i = 0
    while i < len(ex.text):
        ch = ex.text[i]
        nxt = ex.text[i + 1 : i + 2]
        if ch in _INVISIBLE:
            i += 1
            continue
        after = ex.text[i + 2 : i + 3]
        if ch == "\u02dc" and text[-1:] == ["/"] and nxt.isalnum():
            ch = "~"
        elif ch in SPACING_ACCENTS and (
            nxt.isalpha() or (nxt == " " and after.isascii() and after.isalpha())
        ):
            skip = 1 if nxt == " " else 0
            letter = ex.text[i + 1 + skip]
            joined = unicodedata.normalize("NFC", letter + SPACING_ACCENTS[ch])
            text.extend(joined)
            labels.extend(ex.labels[i + 1 + skip] for _ in joined)
            i += 2 + skip
            continue
        elif text and unicodedata.combining(ch):
            both = unicodedata.normalize("NFC", text[-1] + ch)
            if len(both) == 1:
                text[-1] = both
                i += 1
                continue
        if ch.isspace() and (not text or not nxt or nxt in _CLOSING or nxt.isspace()):
            i += 1
            continue
        text.append(" " if ch.isspace() else ch)
        labels.append(ex.labels[i])
        i += 1
    return Example("".join(text), labels, source=ex.source)


# A dash for the names of the entry before ("———.", "--,"), as the parser reads one.
_NAMES_BEFORE = re.compile(r"\s*(?:and\s+)?[\u2014\u2013\u2015_-]{2,}")


def judge(sc: ModuleType, pred: dict[str, Any], gold: dict[str, Any]) -> Verdicts:
    """``judge_pair``, but for the authors of an entry that opens with a dash for the
    names before: the PDF path gives it those names, a string parsed alone has none."""
    judged = judge_pair(sc, pred, gold)
    if _NAMES_BEFORE.match(gold.get("_raw", "")):
        judged.pop("author", None)
    return judged


def gold_item(ex: Example, index: int) -> dict[str, Any]:
    """The CSL item score.py compares with: the labelled spans, authors' family names."""
    spans = gold_fields(ex)
    item: dict[str, Any] = {"id": index, "_raw": ex.text}
    for key in ("title", "container-title", "volume", "issue", "page", "DOI", "URL", "publisher"):
        if key in spans:
            item[key] = spans[key]
    if "issued" in spans:
        item["issued"] = {"raw": spans["issued"]}
    if "author" in spans:
        names, _ = split_names(spans["author"])
        item["author"] = [n.to_csl() for n in names]
    return item


def hyphenable(word: str) -> str:
    """A word with soft hyphens where a typesetter may break it: between two consonants
    with a vowel on each side, three letters at least on each side (URLs, DOIs, numbers
    and words under eight letters are left whole)."""
    if len(word) < 8 or not word.isalpha():
        return word
    out = [word[0]]
    for i in range(1, len(word)):
        if (
            3 <= i <= len(word) - 3
            and word[i - 2] in _VOWELS
            and word[i - 1] not in _VOWELS
            and word[i] not in _VOWELS
            and word[i + 1] in _VOWELS
        ):
            out.append(_SOFT)
        out.append(word[i])
    return "".join(out)


def list_html(strings: Sequence[str], layout: Layout) -> str:
    """A page's body paragraph, a heading and the list, as HTML for Qt."""
    from tools.qtpdf import px

    indent = px(layout.size * (2.4 if layout.numbered else 1.8))
    space = round(layout.size * 0.3 * 96 / 72)  # (Qt reads a block's margins in 96 dpi px)
    align = " align='justify'" if layout.justified else ""
    parts = [f"<p{align}>{BODY}</p>", "<h3>References</h3>"]
    for n, text in enumerate(strings, 1):
        words = [hyphenable(w) if layout.justified else w for w in text.split(" ")]
        body = html.escape(" ".join(words))
        label = f"[{n}] " if layout.numbered else ""
        parts.append(
            f"<p style='margin-left:{indent}px; text-indent:-{indent}px;"
            f" margin-top:0px; margin-bottom:{space}px'{align}>{label}{body}</p>"
        )
    return "\n".join(parts)


def read_back(
    pdf: Path, strings: Sequence[str], layout: Layout, model: Path | None, title: str
) -> list[Reference]:
    """Typeset ``strings`` as one document's list in ``layout`` to ``pdf`` and return what
    the import reads from it (``tools.qtpdf.application()`` must be running)."""
    from refmanager.service.extract import extract_pdf
    from tools.qtpdf import write_html

    write_html(
        pdf,
        list_html(strings, layout),
        "DejaVu Serif",
        layout.size,
        columns=layout.columns,
        title=title,
    )
    return extract_pdf(pdf, meta=False, model=model).references


Verdicts = dict[str, tuple[int, int, int]]  # field -> (tp, fp, fn)


@dataclass(slots=True)
class Counts:
    """Entries found and fields judged, summed over documents."""

    docs: int = 0
    gold: int = 0
    pred: int = 0
    matched: int = 0
    exact: int = 0
    text: int = 0  # entries read as printed (label and spaces aside)
    fields: dict[str, list[int]] = field(default_factory=dict)

    def add_fields(self, judged: dict[str, tuple[int, int, int]]) -> None:
        for f, (tp, fp, fn) in judged.items():
            c = self.fields.setdefault(f, [0, 0, 0])
            c[0] += tp
            c[1] += fp
            c[2] += fn

    def f1(self, only: str | None = None) -> float:
        tp = fp = fn = 0
        for f, (a, b, c) in self.fields.items():
            if only is None or f == only:
                tp, fp, fn = tp + a, fp + b, fn + c
        return 2 * tp / (2 * tp + fp + fn) if tp else 0.0

    def line(self, name: str) -> str:
        p = self.matched / self.pred if self.pred else 0.0
        r = self.matched / self.gold if self.gold else 0.0
        f = 2 * p * r / (p + r) if p + r else 0.0
        inst = self.exact / self.gold if self.gold else 0.0
        text = self.text / self.gold if self.gold else 0.0
        return (
            f"{name:<28} {self.docs:>4} {self.gold:>5} {self.pred:>5}"
            f"  {p:.3f} {r:.3f} {f:.3f}  {text:.3f}   {self.f1():.3f}   {inst:.3f}"
        )


def judge_pair(
    sc: ModuleType, pred: dict[str, Any], gold: dict[str, Any]
) -> dict[str, tuple[int, int, int]]:
    """score.py's verdict on each field of an aligned pair: (tp, fp, fn)."""
    out: dict[str, tuple[int, int, int]] = {}
    for f in sc.FIELDS:
        pv, gv = sc.field_value(pred, f), sc.field_value(gold, f)
        if gv is not None:
            if pv is None:
                out[f] = (0, 0, 1)
            elif sc.values_equal(f, pv, gv):
                out[f] = (1, 0, 0)
            else:
                out[f] = (0, 1, 1)
        elif pv is not None and not sc.supported_by_raw(f, pv, gold.get("_raw", "")):
            out[f] = (0, 1, 0)
    return out


def unmatched(sc: ModuleType, item: dict[str, Any], wrong: int) -> dict[str, tuple[int, int, int]]:
    """Every field of an item nothing aligned with: a miss (gold) or a false hit (read)."""
    one = (0, 1, 0) if wrong == 1 else (0, 0, 1)
    return {f: one for f in sc.FIELDS if sc.field_value(item, f) is not None}


def score_read(
    sc: ModuleType, pred: list[dict[str, Any]], gold: list[dict[str, Any]]
) -> tuple[Counts, dict[int, tuple[dict[str, Any], dict[str, tuple[int, int, int]]]]]:
    """One document read from a PDF: counts, and for each gold string what it was aligned
    with and the verdict on its fields."""
    counts = Counts(docs=1, gold=len(gold), pred=len(pred))
    pairs = sc.score_doc(pred, gold, 0.5)["pairs"] if pred and gold else []
    by_gold: dict[int, tuple[dict[str, Any], dict[str, tuple[int, int, int]]]] = {}
    for pair in pairs:
        p, g = pred[pair["pred_index"]], gold[pair["gold"]]
        judged = judge(sc, p, g)
        by_gold[pair["gold"]] = (p, judged)
        counts.add_fields(judged)
        counts.exact += all(v[1] == 0 and v[2] == 0 for v in judged.values())
        counts.text += sc.norm_raw(p.get("_raw", "")) == sc.norm_raw(g["_raw"])
    counts.matched = len(pairs)
    for j, g in enumerate(gold):
        if j not in by_gold:
            counts.add_fields(unmatched(sc, g, 2))
    used = {pair["pred_index"] for pair in pairs}
    for i, p in enumerate(pred):
        if i not in used:
            counts.add_fields(unmatched(sc, p, 1))
    return counts, by_gold


def sample_docs(real: list[tuple[Example, str]], docs: int, seed: int, min_refs: int) -> list[str]:
    """``docs`` groups of ``min_refs`` strings or more, one in five from AnyStyle."""
    sizes: dict[str, int] = {}
    for _, g in real:
        sizes[g] = sizes.get(g, 0) + 1
    rng = random.Random(seed)
    pools = {
        src: sorted(g for g, n in sizes.items() if n >= min_refs and g.startswith(src))
        for src in ("grobid", "anystyle")
    }
    for pool in pools.values():
        rng.shuffle(pool)
    n_any = min(len(pools["anystyle"]), round(docs / 5))
    return pools["grobid"][: docs - n_any] + pools["anystyle"][:n_any]


def _value(sc: ModuleType, item: dict[str, Any] | None, f: str) -> object:
    return None if item is None else sc.field_value(item, f)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--data", type=Path, default=DATA)
    ap.add_argument("--docs", type=int, default=40, help="documents (groups) typeset")
    ap.add_argument("--min-refs", type=int, default=5, help="a document's strings at least")
    ap.add_argument("--max-refs", type=int, default=40, help="a document's first strings only")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--model", type=Path, help="field model (the shipped one by default)")
    ap.add_argument("--models", type=Path, help="fold models fold-K.crfsuite (held-out folds)")
    ap.add_argument("--layouts", default=",".join(x.name for x in LAYOUTS))
    ap.add_argument("--show", type=int, default=0, help="fields lost by the PDF path, per layout")
    ap.add_argument("--keep", type=Path, help="keep the PDFs written here")
    ap.add_argument(
        "--as-given", action="store_true", help="typeset the strings as given (no as_printed)"
    )
    args = ap.parse_args(argv)

    from tools.qtpdf import application

    sc = bench_scorer()
    application()
    layouts = [x for x in LAYOUTS if x.name in args.layouts.split(",")]
    real = real_strings(args.data)
    fold_of = folds_of([g for _, g in real], 5)
    chosen = sample_docs(real, args.docs, args.seed, args.min_refs)
    by_group: dict[str, list[Example]] = {}
    for ex, name in real:
        by_group.setdefault(name, []).append(ex)
    totals: dict[tuple[str, str], Counts] = {}
    shown: dict[str, int] = {}
    t0 = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        folder = args.keep or Path(tmp)
        folder.mkdir(parents=True, exist_ok=True)
        for d, group in enumerate(chosen):
            source = group.split(":")[0].split("#")[0]
            model = args.models / f"fold-{fold_of[group]}.crfsuite" if args.models else args.model
            examples = [unlabelled(ex) for ex in by_group[group][: args.max_refs]]
            if not args.as_given:
                examples = [as_printed(ex) for ex in examples]
            strings = [" ".join(ex.text.split()) for ex in examples]
            gold = [gold_item(ex, j) for j, ex in enumerate(examples)]
            direct: list[dict[str, Any]] = []
            c = Counts(docs=1, gold=len(gold), pred=len(gold), matched=len(gold), text=len(gold))
            for ex, item in zip(examples, gold, strict=True):
                parsed = parse_reference(ex.text, model).to_csl()
                direct.append(parsed)
                judged = judge(sc, parsed, item)
                c.add_fields(judged)
                c.exact += all(v[1] == 0 and v[2] == 0 for v in judged.values())
            for key in ((STRINGS, source), (STRINGS, "all")):
                _merge(totals.setdefault(key, Counts()), c)
            for layout in layouts:
                pdf = folder / f"{d:03d}-{layout.name}.pdf"
                refs = read_back(pdf, strings, layout, model, f"real strings {d}")
                pred = sc.drop_fragments([r.to_csl() for r in refs])
                counts, by_gold = score_read(sc, pred, gold)
                for key in ((layout.name, source), (layout.name, "all"), ("pdf", "all")):
                    _merge(totals.setdefault(key, Counts()), counts)
                if args.show:
                    _show(sc, shown, args.show, (pdf.name, pred, by_gold), gold=gold, direct=direct)
            print(f"  {d + 1}/{len(chosen)} {group} ({len(gold)} strings)", file=sys.stderr)
    print(
        f"{len(chosen)} documents, {sum(1 for _ in chosen)} groups; model "
        f"{'folds in ' + str(args.models) if args.models else args.model or 'shipped'};"
        f" {time.perf_counter() - t0:.0f} s"
    )
    print(
        f"{'path / source':<28} {'docs':>4} {'gold':>5} {'read':>5}  entries P/R/F1"
        "      text   fields F1  instance"
    )
    for name in [STRINGS, *(x.name for x in layouts)]:
        for source in ("grobid", "anystyle", "all"):
            if (name, source) in totals:
                print(totals[(name, source)].line(f"{name} {source}"))
    print("\nfield F1 (all sources)")
    names = [STRINGS, *(x.name for x in layouts)]
    print(f"{'field':<16}" + "".join(f"{n[:16]:>17}" for n in names))
    for f in sc.FIELDS:
        print(f"{f:<16}" + "".join(f"{totals[(n, 'all')].f1(f):>17.3f}" for n in names))
    return 0


def _merge(into: Counts, more: Counts) -> None:
    into.docs += more.docs
    into.gold += more.gold
    into.pred += more.pred
    into.matched += more.matched
    into.exact += more.exact
    into.text += more.text
    into.add_fields({f: (c[0], c[1], c[2]) for f, c in more.fields.items()})


def _show(
    sc: ModuleType,
    shown: dict[str, int],
    limit: int,
    read: tuple[str, list[dict[str, Any]], dict[int, tuple[dict[str, Any], Verdicts]]],
    *,
    gold: list[dict[str, Any]],
    direct: list[dict[str, Any]],
) -> None:
    """Fields the string path gets right and the PDF path does not (two strings of a
    document at most)."""
    here = 0
    name, _, by_gold = read
    layout = name.split("/")[-1].split("-", 1)[1].removesuffix(".pdf")
    for j, g in enumerate(gold):
        item, judged = by_gold.get(j, (None, {}))
        lost = [
            f
            for f in sc.FIELDS
            if sc.field_value(g, f) is not None
            and sc.values_equal(f, sc.field_value(direct[j], f), sc.field_value(g, f))
            and judged.get(f, (0, 0, 1))[0] == 0
        ]
        if not lost or shown.get(layout, 0) >= limit or here >= 2:
            continue
        shown[layout] = shown.get(layout, 0) + 1
        here += 1
        print(f"-- {name}: {g['_raw']}")
        print(f"   read: {item.get('_raw') if item else '(no entry aligned)'}")
        for f in lost:
            print(f"   {f}: gold {_value(sc, g, f)!r}  read {_value(sc, item, f)!r}")


if __name__ == "__main__":
    sys.exit(main())
