"""The shipped line model's data and trainer (development only; no TeX needed).

``python -m tools.corpus.linemodel pack|add|base|train``: ``pack`` gathers corpus builds'
``lines/*.json.gz`` into one gzip'd JSON-lines file; ``add`` packs only the documents the
committed corpus (``tools/corpus/data/``: ``lines.jsonl.gz`` and the shards added after it,
``lines-NNN.jsonl.gz``) does not hold into a new shard, so git stores only what is new;
tidying their gold (:func:`tidy`) and leaving out documents that teach nothing true
(:func:`usable`); ``base`` writes the sample a library's own line model is trained with
(``refmanager/pdf/data/base-lines.jsonl.gz``); ``train`` fits the shipped CRF
(``refmanager/pdf/data/lines.crfsuite``). A stored document is a JSON object with ``id``,
``style``, ``family``, ``layout``, ``page_sizes`` and ``lines`` (rows of the stored form,
:func:`refmanager.pdf.linefeatures.stored_row`, each ending with its label).
"""

from __future__ import annotations

import gzip
import json
import re
import sys
from collections.abc import Iterable, Iterator, Sequence
from itertools import pairwise
from pathlib import Path
from typing import Any

from refmanager.pdf.furniture import PAGE_NUMBER
from refmanager.pdf.linefeatures import CJK_CHAR, featurize
from refmanager.pdf.linetrain import BASE_PATH, LIST, read_packed, rows_of, views
from refmanager.pdf.zones import MODEL_PATH

# The committed corpus: a folder of packed shards (``shards``).
CORPUS = Path(__file__).resolve().parent / "data"
# Documents in the shipped base sample.
BASE_DOCS = 120
# The CRF's L1 and L2 regularisation (L-BFGS). A stronger L1 than 0.05 generalises better
# to style families not trained on (line_cv).
C1 = 0.2
C2 = 0.01


def shards(folder: Path) -> list[Path]:
    """The packed files of a corpus folder, oldest first: ``lines.jsonl.gz`` (the first
    pack) and the shards :func:`add_shard` wrote after it (``lines-001.jsonl.gz``, ...)."""
    first = folder / "lines.jsonl.gz"
    return [*([first] if first.is_file() else []), *sorted(folder.glob("lines-[0-9]*.jsonl.gz"))]


def read_corpus(path: Path) -> Iterator[dict[str, Any]]:
    """The documents of a packed file, or of every shard of a corpus folder (an id seen
    twice is read once, the first seen)."""
    if not path.is_dir():
        yield from read_packed(path)
        return
    seen: set[str] = set()
    for shard in shards(path):
        for doc in read_packed(shard):
            if str(doc["id"]) not in seen:
                seen.add(str(doc["id"]))
                yield doc


def read_tidy(path: Path) -> Iterator[dict[str, Any]]:
    """The usable documents of a packed file or corpus folder, their gold tidied as
    :func:`pack` does now (a file packed before a change of :func:`tidy` needs no repacking)."""
    for doc in read_corpus(path):
        if usable(doc):
            yield tidy(doc)


def add_shard(folders: Sequence[Path], corpus: Path) -> tuple[Path | None, int]:
    """Pack the documents of corpus builds' ``lines/`` folders that the corpus folder does
    not hold yet into a new shard of it, so that adding documents adds only them to git
    (the packed files already committed are never rewritten). Returns the new shard (None
    when nothing was new) and how many documents it holds."""
    known = {str(doc["id"]) for doc in read_corpus(corpus)}
    docs: dict[str, dict[str, Any]] = {}
    for folder in folders:
        for path in sorted(folder.glob("*.json.gz")):
            with gzip.open(path, "rt", encoding="utf-8") as src:
                doc = json.load(src)
            doc.pop("geometry", None)
            if str(doc["id"]) not in known:
                docs.setdefault(str(doc["id"]), doc)
    kept = [tidy(doc) for _, doc in sorted(docs.items()) if usable(doc)]
    if not kept:
        return None, 0
    out = corpus / f"lines-{len(shards(corpus)):03d}.jsonl.gz"
    part = out.with_name(out.name + ".part")
    count = write_packed(kept, part)
    part.replace(out)
    return out, count


def pack(folders: Path | Sequence[Path], out: Path, merge: Path | None = None) -> int:
    """Gather corpus builds' ``lines/*.json.gz`` (with ``merge``, also the documents of a
    packed file, which may be ``out`` itself) into one file; a document id seen twice is
    kept once (the first seen). Every document is tidied (:func:`tidy`); one that gives no
    usable entries (:func:`usable`) is left out. Returns the documents packed."""
    docs: dict[str, dict[str, Any]] = {}
    if merge is not None and merge.exists():
        for doc in read_packed(merge):
            docs.setdefault(str(doc["id"]), doc)
    for folder in [folders] if isinstance(folders, Path) else folders:
        for path in sorted(folder.glob("*.json.gz")):
            with gzip.open(path, "rt", encoding="utf-8") as src:
                doc = json.load(src)
            doc.pop("geometry", None)
            docs.setdefault(str(doc["id"]), doc)
    kept = [tidy(doc) for _, doc in sorted(docs.items()) if usable(doc)]
    part = out.with_name(out.name + ".part")
    count = write_packed(kept, part)
    part.replace(out)
    return count


# A style whose entries average fewer characters than this printed no references (only
# their keys, say): its document teaches nothing about lists.
MIN_ENTRY_CHARS = 20


# A Chinese document (a ``-zh`` style) whose text is less Chinese than this was misread
# (its fonts not decoded): its text teaches wrong cues. Read right, such documents are
# at least a tenth Chinese characters.
MIN_CHINESE_SHARE = 0.02
# A list whose lines average fewer characters than this was set a word or two to a line
# (pandoc's margin labels for some CSL styles took the line's width): no paper looks so.
MIN_LINE_CHARS = 12
# Styles that printed their internals instead of names failed, and their text is no
# reference list: biblatex name hashes ("family=Wu, familyi=W., giveni=..."), or the sort
# keys of apacite's .bst used without its package ("k5Choi, B.choi b @Choi, B.").
_NAME_HASHES = re.compile(r"\b(?:familyi|giveni|givenun)=", re.IGNORECASE)
_SORT_KEYS = re.compile(r"\s@[A-Z][a-z]")
# Styles whose entry marks fall after text of the entry: biblatex's ``reading`` (and
# biblatex-ms's copy of it) prints an entry head ("Author: Title key") before the point
# where every entry's mark is set, so the gold gives that line to the entry before it.
MISMARKED_STYLES = frozenset({"bbx:reading", "bbx:reading-ms"})


def usable(doc: dict[str, Any]) -> bool:
    """Whether a stored document teaches what a reference list looks like: its list reads
    as references (see :data:`MIN_ENTRY_CHARS`, :data:`MIN_LINE_CHARS`), its text was
    read (:data:`MIN_CHINESE_SHARE`), its style printed names, not its internals, and
    its gold is right (:data:`MISMARKED_STYLES`)."""
    listed = [str(r[8]) for r in doc["lines"] if r[9] in LIST]
    starts = sum(1 for r in doc["lines"] if r[9] == "start")
    chars = sum(len(text) for text in listed)
    if starts == 0 or chars < MIN_ENTRY_CHARS * starts or chars < MIN_LINE_CHARS * len(listed):
        return False
    if str(doc.get("style", "")) in MISMARKED_STYLES:
        return False
    if any(_NAME_HASHES.search(text) for text in listed):
        return False
    if len(_SORT_KEYS.findall(" ".join(listed))) >= 3:
        return False
    if str(doc.get("style", "")).endswith("-zh"):
        text = "".join(str(r[8]) for r in doc["lines"])
        if len(CJK_CHAR.findall(text)) < MIN_CHINESE_SHARE * max(len(text), 1):
            return False
    return True


def tidy(doc: dict[str, Any]) -> dict[str, Any]:
    """The gold, tidied in general ways (the generator's marks are exact, the lines
    the layout step makes of them not always):

    - a group heading inside a list is set apart: a line of at most two letters, in type
      at least a quarter larger than the list's, between entries (styles that sort the
      list under "A", "B", ...) is a heading, not entry text (``other``);
    - an entry starts at its label: where the layout step cut an entry's first line in
      two on one baseline (a label or a margin line number, then the text after a wide
      space), the mark lands on the text, leaving the label to the line before; the
      narrow piece on the left becomes the ``start`` and the text ``in``;
    - a bare page number at a page's foot is furniture (:func:`_tidy_page_numbers`), and
      footnotes at a column's foot are not entry text (:func:`_tidy_footnotes`);
    - text after the list in the next column is not the last entry's (:func:`_tidy_spill`);
    - a float's caption inside the list ("Table 1: ...", "Figure 2. ...") is not entry
      text (:func:`_tidy_captions`);
    - the heading is the lines right before the first entry: ``head`` lines that a
      footnote, a table or body text separates from it (the list's start mark is set
      before a page's floats and notes, which are read after it) are ``other``, and so
      are those on another page than the run's last ones.
    """
    lines = doc["lines"]
    sizes = sorted(float(r[5]) for r in lines if r[9] in LIST)
    if not sizes:
        return doc
    usual = sizes[len(sizes) // 2]
    for r in lines:
        if r[9] == "in" and len(str(r[8]).strip()) <= 2 and float(r[5]) >= 1.25 * usual:
            r[9] = "other"
    for prev, r in pairwise(lines):
        if r[9] == "start" and prev[9] in ("in", "head") and _label_piece(prev, r):
            prev[9], r[9] = "start", "in"
    _tidy_heading(lines)
    _tidy_page_numbers(lines)
    _tidy_spill(lines)
    _tidy_footnotes(lines, usual)
    _tidy_captions(lines)
    return doc


# A float's caption: what LaTeX, Word or a CJK class print before its text.
_CAPTION = re.compile(r"^\s*(?:Table|TABLE|Figure|FIGURE|Fig\.|表|图)\s*\d+\s*[.:：]")
# How many lines a caption runs to before the float's other text.
_CAPTION_LINES = 3


def _tidy_captions(lines: list[list[Any]]) -> None:
    """A table or figure set inside the list: the generator tells its text from the
    entries by the text it wrote, which lacks the "Table 1:" the document class prints
    before the caption, so the caption's lines came out as entry text. A caption line
    marked as entry text, and its next lines up to the float's other text (within
    :data:`_CAPTION_LINES`), are ``other``."""
    for i, r in enumerate(lines):
        if r[9] != "in" or not _CAPTION.match(str(r[8])):
            continue
        ahead = lines[i + 1 : i + 1 + _CAPTION_LINES]
        stop = next((k for k, x in enumerate(ahead) if x[9] == "other"), None)
        if stop is None or any(x[9] == "start" for x in ahead[:stop]):
            continue
        for x in [r, *ahead[:stop]]:
            x[9] = "other"


def _tidy_spill(lines: list[list[Any]]) -> None:
    """The list's end mark, set below the last line of a column, is read after the next
    column's text: what follows the last entry there (an appendix, acknowledgements, a
    biography) is not the entry's when its first line is in other type."""
    starts = [i for i, r in enumerate(lines) if r[9] == "start"]
    if not starts:
        return
    last = lines[starts[-1]]
    after = [i for i in range(starts[-1] + 1, len(lines)) if lines[i][9] in LIST]
    moved = [i for i in after if (lines[i][0], lines[i][1]) != (last[0], last[1])]
    if not moved:
        return
    first = lines[moved[0]]
    other_type = abs(float(first[5]) - float(last[5])) > 0.5 or (
        float(first[6]) >= 0.5 > float(last[6])
    )
    if other_type:
        for i in after[after.index(moved[0]) :]:
            lines[i][9] = "other"


def _tidy_footnotes(lines: list[list[Any]], usual: float) -> None:
    """Footnotes at the foot of a column the list runs through, in smaller type than the
    list, are not entry text (the generator tells the footnotes it wrote only where their
    text reads back the same)."""
    columns: dict[tuple[int, int], list[int]] = {}
    for i, r in enumerate(lines):
        if r[9] != "furn":
            columns.setdefault((int(r[0]), int(r[1])), []).append(i)
    for idx in columns.values():
        k = len(idx)
        while k > 0 and lines[idx[k - 1]][9] == "in" and float(lines[idx[k - 1]][5]) < 0.9 * usual:
            k -= 1
        if k == len(idx) or k == 0:
            continue
        before = lines[idx[k - 1]]
        if before[9] in LIST and float(before[5]) >= 0.9 * usual:
            for i in idx[k:]:
                lines[i][9] = "other"


def _label_piece(left: list[Any], right: list[Any]) -> bool:
    """Whether ``left`` is a narrow piece (at most 4 em) just left of ``right`` (at most
    3 em between them) on the same baseline, page and column: the label of its line."""
    em = max(float(right[5]), 1.0)
    same = left[0] == right[0] and left[1] == right[1] and abs(left[4] - right[4]) < 1.0
    gap = float(right[2]) - float(left[3])
    return same and -1.0 <= gap <= 3 * em and float(left[3]) - float(left[2]) <= 4 * em


def _tidy_page_numbers(lines: list[list[Any]]) -> None:
    """A bare page number at the foot of a page, set apart from the line above it by
    more than a line's space, is furniture even inside the text block."""
    pages: dict[int, list[list[Any]]] = {}
    for r in lines:
        pages.setdefault(int(r[0]), []).append(r)
    for rows in pages.values():
        low = min(rows, key=lambda r: float(r[4]))
        above = [float(r[4]) for r in rows if float(r[4]) > float(low[4]) + 0.5]
        if low[9] != "in" or not above or not PAGE_NUMBER.match(str(low[8]).strip()):
            continue
        if min(above) - float(low[4]) >= 1.5 * max(float(low[5]), 1.0):
            low[9] = "furn"


def _tidy_heading(lines: list[list[Any]]) -> None:
    first = next((i for i, r in enumerate(lines) if r[9] == "start"), None)
    if first is None:
        return
    # The head lines right before the first entry (furniture, a letter heading between).
    run: list[int] = []
    for i in range(first - 1, -1, -1):
        if lines[i][9] == "head":
            run.append(i)
        elif lines[i][9] != "furn" and len(str(lines[i][8]).strip()) > 2:
            break
    # The heading is on the page of the run's last line (the first entry's page, or the
    # foot of the page before).
    keep = {i for i in run if lines[i][0] == lines[run[0]][0]}
    for i, r in enumerate(lines):
        if r[9] == "head" and i not in keep:
            r[9] = "other"


def train(
    docs: Iterable[dict[str, Any]],
    model: Path,
    c1: float = C1,
    c2: float = C2,
    iterations: int = 150,
) -> int:
    """Fit the CRF on ``docs``; returns the documents used."""
    import pycrfsuite

    trainer = pycrfsuite.Trainer(verbose=False)
    n = 0
    for doc in docs:
        rows, labels, heights = rows_of(doc)
        if not rows:
            continue
        for part_rows, part_labels in views(rows, labels):
            trainer.append(featurize(part_rows, heights), part_labels)
        n += 1
    trainer.set_params(
        {
            "c1": c1,
            "c2": c2,
            "max_iterations": iterations,
            "feature.possible_transitions": True,
        }
    )
    model.parent.mkdir(parents=True, exist_ok=True)
    trainer.train(str(model))
    return n


def base_sample(docs: Iterable[dict[str, Any]], count: int = BASE_DOCS) -> list[dict[str, Any]]:
    """``count`` documents spread over the style families and layouts (round robin over
    the families, in a fixed order): the base a library's line model is trained with."""
    by_family: dict[str, list[dict[str, Any]]] = {}
    for doc in docs:
        by_family.setdefault(str(doc.get("family", "")), []).append(doc)
    queues = [by_family[f] for f in sorted(by_family)]
    out: list[dict[str, Any]] = []
    depth = 0
    while len(out) < count and any(depth < len(q) for q in queues):
        out.extend(q[depth] for q in queues if depth < len(q))
        depth += 1
    return out[:count]


def write_model_manifest(
    model: Path, data: Path, documents: int, iterations: int, argv: Sequence[str]
) -> Path:
    """The line model's manifest: the command, every corpus shard read with its hash, the
    settings (figures are added after, ``python -m tools.manifest``: cross-validation takes
    longer than training)."""
    from tools.manifest import command_line, write_manifest

    return write_manifest(
        model,
        command=command_line("tools.corpus.linemodel", list(argv)),
        inputs=shards(data) if data.is_dir() else [data],
        packages=["python-crfsuite"],
        settings={"c1": C1, "c2": C2, "max_iterations": iterations, "documents": documents},
    )


def write_packed(docs: Iterable[dict[str, Any]], out: Path) -> int:
    count = 0
    with gzip.open(out, "wt", encoding="utf-8", compresslevel=9) as fh:
        for doc in docs:
            fh.write(json.dumps(doc, ensure_ascii=False, separators=(",", ":")) + "\n")
            count += 1
    return count


def main(argv: list[str] | None = None) -> int:
    """``python -m tools.corpus.linemodel pack|base|train``: the committed form and model."""
    import argparse

    ap = argparse.ArgumentParser(prog="python -m tools.corpus.linemodel")
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("pack", help="gather corpus builds' lines into one file")
    p.add_argument("folder", type=Path, nargs="+", help="a build's lines/ folder")
    p.add_argument("out", type=Path)
    p.add_argument("--merge", type=Path, help="also the documents of this packed file")
    a = sub.add_parser("add", help="pack builds' new documents into a new shard of the corpus")
    a.add_argument("folder", type=Path, nargs="+", help="a build's lines/ folder")
    a.add_argument("--corpus", type=Path, default=CORPUS)
    b = sub.add_parser("base", help="write the base sample a library's line model is trained with")
    b.add_argument(
        "data", type=Path, nargs="?", default=CORPUS, help="a packed file or corpus folder"
    )
    b.add_argument("--out", type=Path, default=BASE_PATH)
    b.add_argument("--docs", type=int, default=BASE_DOCS)
    t = sub.add_parser("train", help="train the line model from a packed file")
    t.add_argument("data", type=Path, nargs="?", default=CORPUS)
    t.add_argument("--model", type=Path, default=MODEL_PATH)
    t.add_argument("--iterations", type=int, default=150)
    args = ap.parse_args(argv)
    if args.cmd == "pack":
        n = pack(args.folder, args.out, args.merge)
        print(f"packed {n} documents into {args.out}")
    elif args.cmd == "add":
        shard, n = add_shard(args.folder, args.corpus)
        print(f"added {n} documents in {shard}" if shard else "no new documents")
    elif args.cmd == "base":
        n = write_packed(base_sample(read_tidy(args.data), args.docs), args.out)
        print(f"wrote {n} base documents to {args.out}")
    else:
        n = train(read_tidy(args.data), args.model, iterations=args.iterations)
        print(f"trained on {n} documents: {args.model}")
        shown = sys.argv[1:] if argv is None else argv
        print(write_model_manifest(args.model, args.data, n, args.iterations, shown))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
