"""Build (or resume) the document corpus: ``python -m tools.corpus [--count N]``.

Each document ``NNNNN`` is drawn from ``random.Random(f"{seed}-{NNNNN}")``: a layout, a
style, invented records, and what surrounds the list. It is rendered with TeX Live (or
pandoc's citeproc for CSL styles), optionally rewritten by Ghostscript, read back with
refmanager's own layout step, and labelled from its marks. Results go under ``--out``:

- ``lines/NNNNN.json.gz``: the derived form (lines, their layout attributes, labels);
- ``pdf/NNNNN.pdf``: the rendered document (kept for inspection; not committed);
- ``failed/NNNNN.json``: why a document could not be used (its style is then avoided).

A document whose output exists is skipped, so an interrupted build resumes where it
stopped. One document is built at a time (run it under ``nice``).
"""

from __future__ import annotations

import argparse
import gzip
import json
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from refmanager.formats import format_string, read_string
from tools.corpus import office
from tools.corpus.gold import GoldError, NoEntriesError, label_lines, read_marks
from tools.corpus.styles import Style, all_styles
from tools.corpus.tex import LAYOUTS, MARKS, Layout, Plan, document, plan
from tools.corpus.text import Text
from tools.fieldcorpus.records import RecordGenerator

DEFAULT_OUT = Path("/work/corpus-cache/corpus")
# Pandoc's ODT printed to PDF by LibreOffice (its own page layout: A4 or letter, no running
# heads).
OFFICE = Layout("libreoffice", "odt", (), "soffice", biblatex=False)
# The same, the list's paragraphs set as word processors set them (office.PARAGRAPHS):
# "libreoffice-spacing", "libreoffice-hanging", "libreoffice-hanging-spacing".
WORD_PROCESSOR = {
    kind: Layout(f"libreoffice-{kind}", "odt", (), "soffice", biblatex=False)
    for kind in office.PARAGRAPHS
}
TIMEOUT = 90


class BuildError(Exception):
    """A document could not be rendered or labelled; ``style_failed`` when the style is
    to blame (it is then not drawn again), not the document's own draw."""

    def __init__(self, message: str, *, style_failed: bool = True) -> None:
        super().__init__(message)
        self.style_failed = style_failed


def _run(cmd: list[str], cwd: Path, timeout: int = TIMEOUT) -> subprocess.CompletedProcess[str]:
    try:
        return subprocess.run(
            cmd,
            cwd=cwd,
            capture_output=True,
            text=True,
            errors="replace",
            timeout=timeout,
            check=False,
        )
    except subprocess.TimeoutExpired:
        raise BuildError(f"{cmd[0]} timed out") from None


def _records(rng: random.Random, n: int, zh_share: float) -> list[dict[str, Any]]:
    # the records drawn before the field parser's title/issue/project shapes of 2026-12-05:
    # fromdocs draws the records of documents already built again from their seeds
    gen = RecordGenerator(rng.randrange(1 << 30), shapes=False)
    out: list[dict[str, Any]] = []
    while len(out) < n:
        rec = gen.record(zh=rng.random() < zh_share)
        out.append(rec)
        if rng.random() < 0.12 and len(out) < n:  # the same authors again: dashes, "———"
            again = gen.record(zh=False)
            again["author"] = rec["author"]
            if "issued" in rec and rng.random() < 0.4:
                again["issued"] = rec["issued"]
            out.append(again)
    for i, rec in enumerate(out):
        rec["id"] = f"k{i + 1}"
    return out


def _bibtex(records: list[dict[str, Any]]) -> str:
    refs = read_string(json.dumps(records), "csl-json").references
    text = format_string("bibtex", refs)
    # Keys in record order (k1, k2, ...), whatever keys the exporter chose.
    counter = iter(range(1, len(records) + 1))
    return re.sub(
        r"^(@\w+\{)[^,\n]*,", lambda m: f"{m.group(1)}k{next(counter)},", text, flags=re.M
    )


def choose(
    rng: random.Random,
    styles: list[Style],
    failed: set[str],
    chinese: str | None = None,
    office_only: bool = False,
) -> tuple[Layout, Style]:
    """A document's layout and style.

    ``chinese`` draws only Chinese documents, in a ctex layout: ``"gbt7714"`` with a
    gbt7714 ``-zh`` style, ``"any"`` with a ``.bst``, biblatex or gbt7714 ``-zh`` style
    (Chinese papers and theses are set in many styles; without these, the only Chinese
    text the corpus held came with one style family).
    """
    by_engine: dict[str, list[Style]] = {}
    for s in styles:
        zh_gbt = s.engine == "gbt" and s.name.endswith("-zh")
        wanted = (
            chinese is None
            or zh_gbt
            or (chinese == "any" and s.engine in ("bst", "bbx") and "revtex" not in s.family)
        )
        if wanted and s.key not in failed and s.name not in ("debug", "draft"):
            by_engine.setdefault(s.engine, []).append(s)
    engine = rng.choices(["bst", "bbx", "gbt", "csl", "office"], weights=[34, 24, 13, 19, 10])[0]
    if office_only:
        engine = "office"
    if chinese == "gbt7714":
        engine = "gbt"
    elif chinese == "any":
        engine = rng.choices(["bst", "bbx", "gbt"], weights=[45, 35, 20])[0]
    producer = engine
    if engine == "office":
        engine = "csl"  # a CSL style, printed by LibreOffice
    pool = by_engine.get(engine) or by_engine["bst"]
    style = rng.choice(pool)
    if style.engine == "csl" and producer == "office" and office.available():
        if office_only:
            return WORD_PROCESSOR[rng.choice(sorted(WORD_PROCESSOR))], style
        return OFFICE, style
    if style.engine == "csl":
        return Layout("pandoc", "article", ("11pt",), "pdflatex"), style
    if chinese or (style.engine == "gbt" and style.name.endswith("-zh")):
        layouts = [x for x in LAYOUTS if x.zh]
    elif style.engine == "bbx":
        layouts = [x for x in LAYOUTS if x.biblatex and not x.zh]
    elif style.engine == "gbt":
        layouts = [x for x in LAYOUTS if not x.zh and not x.natbib]
    else:
        layouts = [x for x in LAYOUTS if not x.zh]
    if "revtex" not in style.family:
        # revtex writes its own bibliography style (and notes) into the document.
        layouts = [x for x in layouts if x.cls != "revtex4-2"]
    return rng.choice(layouts), style


def _markdown(p: Plan, records: list[dict[str, Any]], rng: random.Random) -> tuple[str, str]:
    """The document as pandoc markdown (body text that cites, the list, what follows it)
    and the list's heading."""
    t = Text(rng)
    keys = [r["id"] for r in records]
    md = ["---", f'title: "{t.title()}"', f'author: "{t.person()}"', "nocite: '@*'", "---", ""]
    for i in range(max(1, p.body_paras)):
        if i % 2 == 0:
            md.append(f"# {t.section_title()}\n")
        para = t.paragraph(keys)
        para = re.sub(
            r"~?\\cite\{([^}]*)\}",
            lambda m: " [" + "; ".join("@" + k for k in m.group(1).split(",")) + "]",
            para,
        )
        md.append(para + "\n")
    heading = rng.choice(["References", "Bibliography", "Works Cited", "Literature"])
    md.append("\\RMmark{B}\n")
    md.append(f"# {heading}\n")
    md.append("::: {#refs}\n:::\n")
    md.append("\\RMmark{Z}\n")
    for kind in p.after:
        if kind == "appendix":
            md.append(f"# Appendix: {t.section_title()}\n\n{t.paragraph([], (3, 6))}\n")
        elif kind == "acks":
            md.append(f"# Acknowledgments\n\n{t.paragraph([], (1, 3))}\n")
        elif kind == "footer":
            md.append(t.journal_footer() + "\n")
        elif kind == "received":
            md.append(t.received() + "\n")
    return "\n".join(md), heading


def _pandoc(work: Path, p: Plan, records: list[dict[str, Any]], rng: random.Random) -> None:
    md, _ = _markdown(p, records, rng)
    (work / "doc.md").write_text(md, encoding="utf-8")
    (work / "refs.json").write_text(json.dumps(records), encoding="utf-8")
    (work / "marks.tex").write_text(
        MARKS + "\\makeatletter\\def\\RMentry{\\rm@pos{E}}\\makeatother\n", encoding="utf-8"
    )
    res = _run(
        [
            "pandoc",
            "-s",
            "doc.md",
            "-o",
            "doc.tex",
            "--citeproc",
            "--bibliography",
            "refs.json",
            "--csl",
            p.style.name,
            "-H",
            "marks.tex",
            "-V",
            f"papersize={p.paper.replace('paper', '')}",
            "-V",
            f"fontfamily={rng.choice(('times', 'mathptmx', 'palatino', 'charter'))}",
        ],
        work,
    )
    if res.returncode != 0:
        raise BuildError("pandoc: " + res.stderr.strip()[:200])
    tex = (work / "doc.tex").read_text(encoding="utf-8")
    tex, n = re.subn(r"(\\hypertarget\{ref-[^}]*\}\{\}\})", r"\1\\RMentry{}", tex)
    if n == 0:
        raise BuildError("pandoc printed no bibliography entries")
    (work / "doc.tex").write_text(tex, encoding="utf-8")
    for _ in range(2):
        _run(["pdflatex", "-interaction=nonstopmode", "doc.tex"], work)


def _latex(work: Path, p: Plan, records: list[dict[str, Any]], rng: random.Random) -> None:
    (work / "refs.bib").write_text(_bibtex(records), encoding="utf-8")
    keys = [r["id"] for r in records]
    (work / "doc.tex").write_text(document(p, keys, rng, "refs"), encoding="utf-8")
    engine = p.layout.engine
    if p.style.engine == "gbt" and not p.layout.zh:
        engine = (
            "xelatex"
            if any(_has_cjk(json.dumps(r, ensure_ascii=False)) for r in records)
            else engine
        )
    first = _run([engine, "-interaction=nonstopmode", "doc.tex"], work)
    if not (work / "doc.aux").exists():
        raise BuildError(f"{engine} failed: " + _tex_error(first.stdout))
    if p.style.engine == "bbx":
        res = _run(["biber", "doc"], work)
        if res.returncode != 0:
            raise BuildError("biber: " + (res.stdout + res.stderr).strip().splitlines()[-1][:200])
    else:
        res = _run(["bibtex", "doc"], work)
        bbl = work / "doc.bbl"
        if not bbl.exists() or "\\bibitem" not in bbl.read_text(encoding="utf-8", errors="replace"):
            raise BuildError("bibtex wrote no entries: " + res.stdout.strip()[-200:])
        if p.no_final_stop:
            text = bbl.read_text(encoding="utf-8", errors="replace")
            bbl.write_text(re.sub(r"\.(\s*\n\s*\n)", r"\1", text), encoding="utf-8")
    for _ in range(2):
        last = _run([engine, "-interaction=nonstopmode", "doc.tex"], work)
    if not (work / "doc.pdf").exists():
        raise BuildError(f"{engine} wrote no PDF: " + _tex_error(last.stdout))


def _has_cjk(text: str) -> bool:
    return any("\u4e00" <= ch <= "\u9fff" for ch in text)


def _tex_error(log: str) -> str:
    for line in log.splitlines():
        if line.startswith("!"):
            return line[:200]
    return log.strip()[-200:]


def build_one(
    index: int,
    seed: int,
    out: Path,
    styles: list[Style],
    failed: set[str],
    *,
    chinese: str | None = None,
    office_only: bool = False,
) -> dict[str, Any]:
    """Render and label document ``index``; returns its summary (raises BuildError)."""
    from refmanager.pdf.pages import document_lines

    rng = random.Random(f"{seed}-{index}")
    layout, style = choose(rng, styles, failed, chinese, office_only)
    p = plan(rng, layout, style)
    size = rng.choice((2, 4, 6, 10, 15, 20, 30, 40, 60, 90, 130))
    zh_share = 0.6 if layout.zh else 0.0
    records = _records(rng, rng.randint(max(1, size // 2), size), zh_share)
    info: dict[str, Any] = {
        "id": f"{index:05d}",
        "style": style.key,
        "family": style.family,
        "layout": layout.name,
        "records": len(records),
        "after": p.after,
        "ghostscript": p.ghostscript,
    }
    with tempfile.TemporaryDirectory(prefix="corpus-", dir=out) as tmp:
        work = Path(tmp)
        start = time.monotonic()
        printed: list[str] = []
        heading = ""
        if layout.cls == "odt":
            md, heading = _markdown(p, records, rng)
            (work / "doc.md").write_text(md, encoding="utf-8")
            (work / "refs.json").write_text(json.dumps(records), encoding="utf-8")
            kind = next((k for k, x in WORD_PROCESSOR.items() if x is layout), None)
            try:
                printed = office.render(work, style.name, kind)
            except GoldError as exc:
                raise BuildError(f"libreoffice: {exc}") from None
        elif style.engine == "csl":
            _pandoc(work, p, records, rng)
        else:
            _latex(work, p, records, rng)
        pdf = work / "doc.pdf"
        if not pdf.exists():
            raise BuildError("no PDF")
        if p.ghostscript:
            res = _run(
                [
                    "gs",
                    "-q",
                    "-dBATCH",
                    "-dNOPAUSE",
                    "-dSAFER",
                    "-sDEVICE=pdfwrite",
                    "-o",
                    "gs.pdf",
                    "doc.pdf",
                ],
                work,
            )
            if res.returncode == 0 and (work / "gs.pdf").exists():
                pdf = work / "gs.pdf"
            else:
                info["ghostscript"] = False
        info["render_seconds"] = round(time.monotonic() - start, 2)
        pages = document_lines(str(pdf))
        heights = _page_heights(pdf)
        lines = [ln for number in sorted(pages) for ln in pages[number]]
        geometry: dict[str, float] = {}
        try:
            if layout.cls == "odt":
                if len(printed) != len(records):
                    raise GoldError(f"{len(printed)} entries printed for {len(records)} records")
                labels = office.label_by_text(lines, heading, printed)
            else:
                marks_file = work / "doc.marks"
                if not marks_file.exists():
                    raise BuildError("no marks written")
                marks, geometry = read_marks(marks_file.read_text(encoding="utf-8"))
                labels = label_lines(
                    lines,
                    marks=marks,
                    geometry=geometry,
                    page_heights=heights,
                    noise=p.noise,
                    expected=len(records),
                )
        except GoldError as exc:
            raise BuildError(f"gold: {exc}", style_failed=isinstance(exc, NoEntriesError)) from None
        info["pages"] = len(pages)
        info["lines"] = len(lines)
        info["geometry"] = geometry
        row = {
            **info,
            "page_sizes": heights,
            "lines": [_line_row(ln, lab) for ln, lab in zip(lines, labels, strict=True)],
        }
        (out / "pdf").mkdir(exist_ok=True)
        shutil.copy(pdf, out / "pdf" / f"{index:05d}.pdf")
        (out / "lines").mkdir(exist_ok=True)
        with gzip.open(out / "lines" / f"{index:05d}.json.gz", "wt", encoding="utf-8") as fh:
            json.dump(row, fh, ensure_ascii=False)
    return info


def _page_heights(pdf: Path) -> dict[int, float]:
    import pypdf

    reader = pypdf.PdfReader(str(pdf))
    return {
        i + 1: float(page.mediabox.top) - float(page.mediabox.bottom)
        for i, page in enumerate(reader.pages)
    }


def _line_row(ln: Any, label: str) -> list[Any]:
    """A line as stored: page, column, x0, x1, y, size, bold share, italic share, text, label."""
    n = max(1, len(ln.text.replace(" ", "")))
    bold = sum(b - a for a, b, k in ln.styles if k == "bold") / n
    italic = sum(b - a for a, b, k in ln.styles if k == "italic") / n
    return [
        ln.page,
        ln.column,
        round(ln.x0, 2),
        round(ln.x1, 2),
        round(ln.y, 2),
        round(ln.size, 2),
        round(min(bold, 1.0), 2),
        round(min(italic, 1.0), 2),
        ln.text,
        label,
    ]


def _forget_failures(out: Path, failed_styles_file: Path) -> int:
    """Move the failure records aside (``failed.before-retry/``), so those documents are
    built again; returns how many."""
    aside = out / "failed.before-retry"
    aside.mkdir(exist_ok=True)
    moved = 0
    for path in sorted((out / "failed").glob("*.json")):
        path.replace(aside / path.name)
        moved += 1
    if failed_styles_file.exists():
        failed_styles_file.replace(aside / failed_styles_file.name)
    return moved


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tools.corpus", description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=DEFAULT_OUT)
    ap.add_argument("--count", type=int, default=3000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--start", type=int, default=0)
    ap.add_argument(
        "--retry",
        action="store_true",
        help="build the documents that failed again, and forget which styles failed "
        "(after a fix to the generator)",
    )
    ap.add_argument(
        "--chinese",
        nargs="?",
        const="gbt7714",
        choices=("gbt7714", "any"),
        help="draw only Chinese documents in the ctex layouts, to add to the corpus's "
        "Chinese share: with a gbt7714 -zh style (the default), or with 'any' .bst, "
        "biblatex or gbt7714 -zh style; use ids of their own (they are drawn otherwise)",
    )
    ap.add_argument(
        "--office",
        action="store_true",
        help="draw only LibreOffice documents whose list is set as word processors set it "
        "(space after each entry, a hanging indent, or both; office.PARAGRAPHS); use ids "
        "of their own",
    )
    args = ap.parse_args(argv)
    out: Path = args.out
    out.mkdir(parents=True, exist_ok=True)
    (out / "failed").mkdir(exist_ok=True)
    styles = all_styles()
    failed_styles_file = out / "failed-styles.txt"
    if args.retry:
        retried = _forget_failures(out, failed_styles_file)
        print(f"retrying {retried} failed documents", flush=True)
    failed = set(failed_styles_file.read_text().split()) if failed_styles_file.exists() else set()
    log = (out / "build.log").open("a", encoding="utf-8")
    for index in range(args.start, args.count):
        name = f"{index:05d}"
        if (out / "lines" / f"{name}.json.gz").exists() or (
            out / "failed" / f"{name}.json"
        ).exists():
            continue
        start = time.monotonic()
        try:
            info = build_one(
                index, args.seed, out, styles, failed, chinese=args.chinese, office_only=args.office
            )
            status = "ok"
        except BuildError as exc:
            rng = random.Random(f"{args.seed}-{index}")
            _, style = choose(rng, styles, failed, args.chinese, args.office)
            info = {"id": name, "style": style.key, "error": str(exc)}
            (out / "failed" / f"{name}.json").write_text(json.dumps(info), encoding="utf-8")
            if exc.style_failed:
                failed.add(style.key)
                with failed_styles_file.open("a") as fh:
                    fh.write(style.key + "\n")
            status = "failed"
        except Exception as exc:  # a bug or a reader failure: note it, go on
            info = {"id": name, "error": f"{type(exc).__name__}: {exc}"[:300]}
            (out / "failed" / f"{name}.json").write_text(json.dumps(info), encoding="utf-8")
            status = "error"
        info["seconds"] = round(time.monotonic() - start, 2)
        log.write(
            json.dumps({"status": status, **{k: v for k, v in info.items() if k != "geometry"}})
            + "\n"
        )
        log.flush()
        print(
            status,
            name,
            info.get("style"),
            info.get("layout", ""),
            info.get("error", ""),
            info["seconds"],
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
