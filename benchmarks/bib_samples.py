"""Fields of real typeset lists judged against the .bib files they were typeset from.

    .venv/bin/python -m benchmarks.bib_samples FOLDER... [--errors N] [--json OUT]

TeX Live's style packages ship sample PDFs beside the .bib files they were made from
(Debian's texlive-bibtex-extra: biblatex's own examples and biblatex-apa, -chicago, -ieee,
-nature, -phys, -chem, -iso690, -gb7714-2015, -mla, -oxref, ...; BibTeX's apacite,
econ-bst, the economic styles, ...). Unpack them outside the repository, e.g.

    apt-get download texlive-bibtex-extra && dpkg -x texlive-bibtex-extra_*.deb root

and give the folders that hold both (each folder: its PDFs and its ``*.bib`` /
``*.bib.gz``; a folder with many PDFs of one .bib can be cut down to a few with links).
Each PDF is read as ``refmanager extract`` reads it (``service.extract.extract_pdf``), each
row is aligned to the .bib entry whose title it prints (``rapidfuzz``'s partial ratio of the
letters and digits at least 92, less 30 where the entry's first author's family name is
not printed), and the entry, read by our BibTeX reader, is the truth. A field counts where
its true value is printed in the row (a style that leaves the field out, or abbreviates a
journal the .bib spells out, is not judged on it); a field the row has and the entry lacks
is a false positive. Fields are score.py's ten, compared as score.py compares them, but
titles, journals and publishers by their letters and digits alone (biblatex prints a
subtitle after a period, the .bib's title and subtitle are joined here). Rows aligned to no
entry (a row cut wrong, a heading, an entry the .bib of another folder holds) are counted,
not judged.

Prints, per folder and over all: rows, aligned rows, field micro F1 and the share of
aligned rows with every judged field right; ``--errors N`` prints N wrong rows.
"""

from __future__ import annotations

import argparse
import gzip
import json
import random
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

from rapidfuzz import fuzz

from benchmarks._util import bench_scorer

ALIGN_AT = 92
_NOT_ALNUM = re.compile(r"[\W_]+")
# fields compared by their letters and digits alone
_TEXT_FIELDS = frozenset(("title", "container-title", "publisher"))


@dataclass(slots=True)
class Tally:
    rows: int = 0
    aligned: int = 0
    right_rows: int = 0
    tp: int = 0
    fp: int = 0
    fn: int = 0

    def add(self, other: Tally) -> None:
        self.rows += other.rows
        self.aligned += other.aligned
        self.right_rows += other.right_rows
        self.tp += other.tp
        self.fp += other.fp
        self.fn += other.fn

    @property
    def f1(self) -> float:
        return 2 * self.tp / max(1, 2 * self.tp + self.fp + self.fn)

    @property
    def instance(self) -> float:
        return self.right_rows / max(1, self.aligned)


@dataclass(slots=True)
class Row:
    folder: str
    pdf: str
    raw: str
    wrong: dict[str, tuple[Any, Any]] = field(default_factory=dict)
    aligned: bool = False


def letters(scorer: ModuleType, text: str) -> str:
    """score.py's normal form with only its letters and digits left."""
    return _NOT_ALNUM.sub("", scorer.norm(text))


def gold_entries(folder: Path) -> list[dict[str, Any]]:
    """The CSL items of every .bib (or .bib.gz) of ``folder``, read by our BibTeX reader."""
    from refmanager.formats.bibtex import read_bibtex

    items: list[dict[str, Any]] = []
    for path in sorted([*folder.glob("*.bib"), *folder.glob("*.bib.gz")]):
        if path.suffix == ".gz":
            text = gzip.decompress(path.read_bytes()).decode("utf-8", "replace")
        else:
            text = path.read_text("utf-8", "replace")
        for ref in read_bibtex(text, source=str(path)).references:
            items.append(ref.to_csl())
    return items


def full_title(item: dict[str, Any]) -> str:
    """The entry's title with its subtitle ("Title. Subtitle"), as styles print them."""
    title = str(item.get("title") or "")
    sub = item.get("subtitle")
    return f"{title}. {sub}" if title and sub else title


def align(scorer: ModuleType, raw: str, gold: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The entry whose title ``raw`` prints best (at least ``ALIGN_AT``), if any."""
    row = letters(scorer, raw)
    best: dict[str, Any] | None = None
    best_score = 0.0
    for item in gold:
        title = letters(scorer, str(item.get("title") or ""))
        if len(title) < 6 or len(title) > len(row):
            continue
        score = fuzz.partial_ratio(title, row)
        families = scorer.field_value(item, "author") or []
        if families and letters(scorer, families[0]) not in row:
            score -= 30
        if score > best_score:
            best, best_score = item, score
    return best if best_score >= ALIGN_AT else None


def printed(scorer: ModuleType, name: str, value: Any, raw: str) -> bool:
    """Whether the true value of field ``name`` is printed in the row."""
    row = letters(scorer, raw)
    if name == "author":
        return all(letters(scorer, scorer.name_key(f)[1]) in row for f in value)
    if name == "page":
        return letters(scorer, value[0]) in row and letters(scorer, value[1]) in row
    return letters(scorer, str(value)) in row


def judge(
    scorer: ModuleType, pred: dict[str, Any], gold: dict[str, Any], raw: str
) -> tuple[int, int, int, dict[str, tuple[Any, Any]]]:
    """True positives, false positives, false negatives and the wrong fields of one row."""
    tp = fp = fn = 0
    wrong: dict[str, tuple[Any, Any]] = {}
    for name in scorer.FIELDS:
        want = scorer.field_value(gold, name)
        if name == "title" and gold.get("subtitle") and want is not None:
            want = scorer.norm(full_title(gold))
        got = scorer.field_value(pred, name)
        if want is not None and printed(scorer, name, want, raw):
            if name in _TEXT_FIELDS:
                right = got is not None and letters(scorer, got) == letters(scorer, want)
            else:
                right = bool(scorer.values_equal(name, got, want))
            if right:
                tp += 1
            else:
                fn += 1
                fp += got is not None
                wrong[name] = (got, want)
        elif want is None and got is not None:
            fp += 1
            wrong[name] = (got, None)
    return tp, fp, fn, wrong


def run_folder(scorer: ModuleType, folder: Path) -> tuple[Tally, list[Row]]:
    """Every PDF of ``folder`` read and judged against the folder's .bib entries."""
    from refmanager.model.errors import InputError
    from refmanager.service.extract import extract_pdf

    gold = gold_entries(folder)
    tally = Tally()
    rows: list[Row] = []
    for pdf in sorted(folder.glob("*.pdf")):
        try:
            result = extract_pdf(pdf, meta=False)
        except InputError as exc:
            print(f"{pdf}: {exc}", file=sys.stderr)
            continue
        for ref in result.references:
            row = Row(folder.name, pdf.name, ref.raw)
            rows.append(row)
            tally.rows += 1
            item = align(scorer, ref.raw, gold)
            if item is None:
                continue
            row.aligned = True
            tally.aligned += 1
            tp, fp, fn, row.wrong = judge(scorer, ref.to_csl(), item, ref.raw)
            tally.tp += tp
            tally.fp += fp
            tally.fn += fn
            tally.right_rows += not row.wrong
    return tally, rows


def _line(name: str, t: Tally) -> str:
    return (
        f"{name[:44]:44} rows {t.rows:5} aligned {t.aligned:5} "
        f"fields F1 {t.f1:.4f} rows right {t.instance:.3f}"
    )


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    ap.add_argument("folders", nargs="+", type=Path, help="folders of PDFs and their .bib")
    ap.add_argument("--errors", type=int, default=0, help="wrong rows to print")
    ap.add_argument("--json", type=Path, help="write every row's wrong fields here")
    args = ap.parse_args(argv)
    scorer = bench_scorer()
    total = Tally()
    every: list[Row] = []
    for folder in args.folders:
        tally, rows = run_folder(scorer, folder)
        print(_line(folder.name, tally))
        total.add(tally)
        every.extend(rows)
    print(_line("ALL", total) + f"  tp {total.tp} fp {total.fp} fn {total.fn}")
    wrong = [r for r in every if r.wrong]
    random.Random(1).shuffle(wrong)
    for row in wrong[: args.errors]:
        print("--", row.folder, "|", row.raw[:200])
        for name, (got, want) in row.wrong.items():
            print(f"     {name}: read {got!r} true {want!r}")
    if args.json:
        out = [
            {"folder": r.folder, "pdf": r.pdf, "raw": r.raw, "aligned": r.aligned,
             "wrong": {k: [repr(v[0]), repr(v[1])] for k, v in r.wrong.items()}}
            for r in every
        ]  # fmt: skip
        args.json.write_text(json.dumps(out, ensure_ascii=False, indent=1), "utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
