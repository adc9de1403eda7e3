"""Fit the reference-ness model (``refmanager/service/refness.py``; decision 0033).

    .venv/bin/python -m tools.refness --pdfs /work/sweep-cache/root [--folds 5]
        [--out refmanager/service/data/refness.json]

Real entries: every ``<bibl>`` of GROBID's hand-marked citation corpus and reference-
segmenter corpus (``../shared/data/grobid``; read in place, never copied). Real
non-entries: text of real PDFs outside their reference lists (``--pdfs``: e.g. the PDFs
Debian's documentation packages ship, unpacked outside the repository): runs of one to
four lines of a column on a document's first pages, before any bibliography heading:
prose, captions, code, tables, title pages' affiliations, running heads and footers.
Every string is parsed by the field parser as ``extract`` parses an entry.

Whole documents are left out ``--folds`` ways (a TEI file or a PDF is one document): the
held-out probabilities give the AUROC and calibration error, and what the threshold
loses and lets through. The model written is fitted on all, its bias shifted from the
training mix to a list's (:data:`PRIOR`), so that its probability holds for a list's
candidate entries; one under :data:`THRESHOLD` is no row.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import re
import sys
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path

from refmanager.model import Entry
from refmanager.parse import parse_entries
from refmanager.pdf.segment import CAPTION
from refmanager.service.refness import WEIGHTS_FILE, features, score
from tools.fieldcorpus.calibrate import ece_auroc, fit

GROBID = Path(__file__).resolve().parent.parent.parent / "shared" / "data" / "grobid"
# The share of a list's candidate entries that are references (issue 22: on real papers,
# about one row in twenty was not), and the probability under which one is no row.
PRIOR = 0.95
THRESHOLD = 0.5
# Pages of a PDF read for non-entries, and runs taken from one PDF, at most.
PAGES = 30
PER_PDF = 60

Sample = tuple[str, str, bool]  # document, text, is a reference


def _text(node: ET.Element) -> str:
    parts: list[str] = []

    def walk(n: ET.Element) -> None:
        if n.text:
            parts.append(n.text)
        for child in n:
            if child.tag.endswith("lb"):
                parts.append(" ")
            walk(child)
            if child.tail:
                parts.append(child.tail)

    walk(node)
    return re.sub(r"\s+", " ", "".join(parts)).strip()


def real_entries(root: Path = GROBID) -> Iterator[Sample]:
    folders = [root / "citation" / "corpus", root / "reference-segmenter" / "corpus" / "tei"]
    for folder in folders:
        for path in sorted(folder.glob("*.xml")):
            try:
                tree = ET.parse(path)
            except ET.ParseError:
                continue
            for node in tree.iter():
                if node.tag.split("}")[-1] == "bibl":
                    text = _text(node)
                    if len(text) >= 8:
                        yield f"{folder.parent.name}/{path.name}", text, True


def non_entries(folders: list[Path], limit: int, seed: int = 7) -> Iterator[Sample]:
    """Runs of lines of real PDFs outside their reference lists."""
    from refmanager.model import InputError
    from refmanager.pdf.headings import is_heading
    from refmanager.pdf.layout import body_size
    from refmanager.pdf.pages import open_pages

    pdfs = sorted(p for folder in folders for p in folder.rglob("*.pdf"))
    rng = random.Random(seed)
    rng.shuffle(pdfs)
    taken = 0
    for pdf in pdfs[:limit]:
        try:
            with open_pages(str(pdf), None) as pages:
                runs: list[list[str]] = []
                for number in range(1, min(pages.count, PAGES) + 1):
                    lines = pages.get(number)
                    body = body_size(lines)
                    if any(is_heading(ln, body) for ln in lines):
                        break  # the list may start here: nothing from here on
                    run: list[str] = []
                    for prev, ln in zip([None, *lines], lines, strict=False):
                        apart = prev is None or (prev.page, prev.column) != (ln.page, ln.column)
                        if apart or prev is None or prev.y - ln.y > 2 * max(ln.size, 1.0):
                            if run:
                                runs.append(run)
                            run = []
                        run.append(ln.text)
                    if run:
                        runs.append(run)
        except (InputError, Exception):
            continue
        chunks = []
        captions = []
        for run in runs:
            # A float's caption (and the lines it runs to): inside a list, the commonest
            # text that is no entry, and rare among a document's first pages' runs: all
            # of them are taken.
            for k, text in enumerate(run):
                if CAPTION.match(text):
                    captions.append(" ".join(run[k : k + rng.randint(1, 3)]).strip())
            i = 0
            while i < len(run):
                k = rng.randint(1, 4)
                chunks.append(" ".join(run[i : i + k]).strip())
                i += k
        rng.shuffle(chunks)
        for text in [c for c in chunks if len(c) >= 8][:PER_PDF] + captions:
            taken += 1
            yield f"pdf/{pdf.name}", text, False
    print(f"non-entries: {taken} from {min(limit, len(pdfs))} PDFs", file=sys.stderr)


def observe(samples: list[Sample]) -> list[tuple[str, list[tuple[str, float]], bool]]:
    refs = parse_entries([Entry(raw=text) for _, text, _ in samples])
    return [(doc, features(ref), y) for (doc, _, y), ref in zip(samples, refs, strict=True)]


def _shifted(p: float, shift: float) -> float:
    p = min(max(p, 1e-12), 1 - 1e-12)
    return 1.0 / (1.0 + math.exp(-(math.log(p / (1 - p)) + shift)))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--pdfs", type=Path, nargs="+", required=True)
    ap.add_argument("--max-pdfs", type=int, default=400)
    ap.add_argument("--folds", type=int, default=5)
    ap.add_argument("--out", type=Path, default=WEIGHTS_FILE)
    args = ap.parse_args(argv)
    samples = list(real_entries()) + list(non_entries(args.pdfs, args.max_pdfs))
    print(f"samples: {sum(s[2] for s in samples)} real entries, "
          f"{sum(not s[2] for s in samples)} non-entries", file=sys.stderr)  # fmt: skip
    data = observe(samples)
    docs = sorted({d for d, _, _ in data})
    random.Random(11).shuffle(docs)
    fold_of = {d: i % args.folds for i, d in enumerate(docs)}
    held: list[tuple[float, bool]] = []
    for k in range(args.folds):
        train = [(f, y) for d, f, y in data if fold_of[d] != k]
        weights = fit(train)
        held += [(score(weights, f), y) for d, f, y in data if fold_of[d] == k]
    ece, auroc = ece_auroc(held)
    npos = sum(1 for _, y in held if y)
    neg = len(held) - npos
    # The fitted probabilities hold for the training mix of entries and non-entries; a
    # list's candidates are mostly entries (PRIOR). The bias shift makes the shipped
    # probability hold for them, and an entry is kept where it is at least 1/2.
    shift = math.log(PRIOR / (1 - PRIOR)) - math.log(npos / neg)
    listed = [(_shifted(p, shift), y) for p, y in held]
    print(f"held out by document ({args.folds} folds): AUROC {auroc:.4f}, "
          f"ECE {ece:.4f} (at the training mix, {npos} entries : {neg} non-entries)")  # fmt: skip
    for t in (0.1, 0.3, 0.5, 0.7, 0.9):
        lost = sum(1 for p, y in listed if y and p < t)
        through = sum(1 for p, y in listed if not y and p >= t)
        print(
            f"  at {t} (list prior {PRIOR}): real entries lost {lost}/{npos} "
            f"({lost / npos:.2%}), non-entries through {through}/{neg} ({through / neg:.1%})"
        )
    weights = fit([(f, y) for _, f, y in data])
    weights["bias"] = round(weights.get("bias", 0.0) + shift, 4)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(
        json.dumps(
            {
                "threshold": THRESHOLD,
                "prior": PRIOR,
                "trained_on": "GROBID citation and reference-segmenter <bibl> strings "
                "(../shared/data/grobid) against runs of lines of real PDFs outside their "
                f"lists ({', '.join(str(p) for p in args.pdfs)})",
                "held_out": {"auroc": round(auroc, 4), "ece": round(ece, 4)},
                "weights": dict(sorted(weights.items())),
            },
            indent=1,
        )
        + "\n"
    )
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
