"""Wall time of `refmanager extract` against `pdftotext` on paper-length PDFs.

Builds a 40-page version of each dev PDF (pages of body text inserted before the pages
that hold its bibliography, with pypdf), then times both commands alternately, start-up
included, and prints per document and the median ratio and the slowest run.

    .venv/bin/python -m benchmarks.extract_speed [--pages 40] [--runs 3] [--keep DIR]
        [--no-parse]

By default the full command is timed (reading the pages with pypdf and parsing the fields
with the CRF); ``--no-parse`` times finding the entries only. ``--keep DIR`` keeps the
generated PDFs there (for profiling one of them).

Per document it prints the median wall time of each command over the runs, their ratio,
the ratio of their CPU times, and the ratio of their fastest runs (``best ratio``: on a
shared machine, the least disturbed run of each). The summary line gives the medians of
those ratios over the documents and the slowest single run of ``extract``.

Python's compiled bytecode is kept for the timed runs (in a private folder, after one
untimed warm-up run), as it is for an installed program: with PYTHONDONTWRITEBYTECODE set,
as in some shells here, every run would compile refmanager's sources again first
(``--no-bytecode-cache`` times that case: the environment as it is, no warm-up).
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from benchmarks._util import REPO, SHARED, median


def _bibliography_start(src: Path) -> int:
    """0-based index of the page where the bibliography's first entry stands."""
    from refmanager.pdf import read_bibliography

    entries = read_bibliography(src).entries
    if not entries or not entries[0].locations:
        return 0
    return entries[0].locations[0].page - 1


_TEXT = (
    "the method we propose reads each page of the document and builds lines from the "
    "positions of the glyphs before it looks for the list of references at the end of the "
    "paper where most of the entries are printed in a smaller type than the body text"
)
_WORDS = _TEXT.split()


def _body_page(writer: object, number: int, width: float, height: float) -> None:
    """Append a page of two-column body text (Times, 10 pt) to ``writer``."""
    from pypdf.generic import DecodedStreamObject, DictionaryObject, NameObject

    ops = ["BT /F1 10 Tf 12 TL"]
    for col_x in (60.0, width / 2 + 10):
        ops.append(f"1 0 0 1 {col_x:.1f} {height - 80:.1f} Tm")
        for row in range(int((height - 160) / 12)):
            start = (row * 7 + number) % len(_WORDS)
            words = (_WORDS * 2)[start : start + 9]
            ops.append("(" + " ".join(words) + ") Tj T*")
    ops.append(f"1 0 0 1 {width / 2:.1f} 40 Tm ({number}) Tj ET")
    stream = DecodedStreamObject()
    stream.set_data("\n".join(ops).encode("latin-1"))
    page = writer.add_blank_page(width=width, height=height)  # type: ignore[attr-defined]
    font = DictionaryObject(
        {
            NameObject("/Type"): NameObject("/Font"),
            NameObject("/Subtype"): NameObject("/Type1"),
            NameObject("/BaseFont"): NameObject("/Times-Roman"),
        }
    )
    page[NameObject("/Resources")] = DictionaryObject(
        {NameObject("/Font"): DictionaryObject({NameObject("/F1"): font})}
    )
    page[NameObject("/Contents")] = writer._add_object(stream)  # type: ignore[attr-defined]


def make_long(src: Path, dest: Path, pages: int) -> Path:
    """``src`` with body pages inserted before the page where its bibliography starts.

    The inserted pages are copies of the paper's pages before its bibliography, or
    generated pages of body text when the bibliography starts on page 1.
    """
    import pypdf

    reader = pypdf.PdfReader(str(src))
    start = _bibliography_start(src)
    writer = pypdf.PdfWriter()
    box = reader.pages[0].mediabox
    for i in range(start):
        writer.add_page(reader.pages[i])
    for n in range(max(0, pages - len(reader.pages))):
        if start > 0:
            # Copies of the paper's own body pages (real fonts and density) ...
            writer.add_page(reader.pages[n % start])
        else:
            # ... or, when the list starts on page 1, pages of plain body text.
            _body_page(writer, start + n + 1, float(box.width), float(box.height))
    for i in range(start, len(reader.pages)):
        writer.add_page(reader.pages[i])
    with dest.open("wb") as fh:
        writer.write(fh)
    return dest


def _time(cmd: list[str], env: dict[str, str] | None = None) -> tuple[float, float]:
    """Wall seconds and CPU seconds (user + system) of one run of ``cmd``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False, env=env)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pages", type=int, default=40)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--set", type=Path, default=SHARED / "bench" / "dev")
    parser.add_argument(
        "--no-bytecode-cache",
        action="store_true",
        help="run in the environment as it is (no kept bytecode, no warm-up run)",
    )
    parser.add_argument("--keep", type=Path, help="keep the generated PDFs in this folder")
    parser.add_argument(
        "--no-parse", action="store_true", help="time `extract --no-parse` (entries only)"
    )
    args = parser.parse_args()
    pdftotext = shutil.which("pdftotext")
    if pdftotext is None:
        print("pdftotext not found: apt-get install -y poppler-utils", file=sys.stderr)
        return 2
    refmanager = str(REPO / ".venv" / "bin" / "refmanager")
    if not Path(refmanager).exists():
        refmanager = shutil.which("refmanager") or "refmanager"
    sources = sorted(args.set.glob("*.pdf"))
    if not sources:
        print(f"no PDFs in {args.set}", file=sys.stderr)
        return 2
    ratios: list[float] = []
    best_ratios: list[float] = []
    cpu_ratios: list[float] = []
    worst = 0.0
    header = f"{'document':20} {'pages':>5} {'extract s':>9} {'pdftotext s':>11} {'ratio':>6}"
    print(f"{header} {'cpu ratio':>9} {'best ratio':>10}")
    extra = ["--no-parse"] if args.no_parse else []
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        if args.keep is not None:
            folder = args.keep
            folder.mkdir(parents=True, exist_ok=True)
        env: dict[str, str] | None = None
        if not args.no_bytecode_cache:
            env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
            env["PYTHONPYCACHEPREFIX"] = str(Path(tmp) / "pycache")
        warm_up = env is not None
        for src in sources:
            long_pdf = make_long(src, folder / f"{src.stem}-{args.pages}.pdf", args.pages)
            ours: list[tuple[float, float]] = []
            theirs: list[tuple[float, float]] = []
            if warm_up:  # compiles the bytecode once, as installing does
                _time([refmanager, "extract", str(long_pdf), *extra], env)
                warm_up = False
            for _ in range(args.runs):
                ours.append(_time([refmanager, "extract", str(long_pdf), *extra], env))
                theirs.append(_time([pdftotext, str(long_pdf), "-"]))
            a, b = median([w for w, _ in ours]), median([w for w, _ in theirs])
            ca, cb = median([c for _, c in ours]), median([c for _, c in theirs])
            worst = max(worst, *(w for w, _ in ours))
            ratios.append(a / b)
            best_ratios.append(min(w for w, _ in ours) / min(w for w, _ in theirs))
            cpu_ratios.append(ca / max(cb, 1e-3))
            print(
                f"{src.stem:20} {args.pages:5d} {a:9.3f} {b:11.3f} {a / b:6.2f}"
                f" {cpu_ratios[-1]:9.2f} {best_ratios[-1]:10.2f}"
            )
    print(
        f"median ratio extract/pdftotext: wall {median(ratios):.2f}, cpu {median(cpu_ratios):.2f}"
        f", best of runs {median(best_ratios):.2f}   max extract seconds: {worst:.3f}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
