"""`extract` over every PDF under some folders: references, none, refusals, crashes, time.

    .venv/bin/python -m benchmarks.sweep FOLDER... [--from LIST] [--timeout 60]
        [--memory 2048] [--offset K] [--limit N] [--json out.json] [--rows rows.jsonl]

Meant for the PDFs that Debian documentation packages ship (TeX Live's documentation, R
packages' vignettes): unpack them outside the repository, e.g.

    apt-get download texlive-publishers-doc texlive-science-doc r-cran-survival ...
    for d in *.deb; do dpkg -x "$d" root; done
    .venv/bin/python -m benchmarks.sweep root /usr/share/doc

(On 2026-12-06: texlive-humanities-doc, -publishers-doc, -science-doc, -bibtex-extra and
-latex-recommended-doc, 37 r-cran packages' vignettes and /usr/share/doc: 2,047 PDFs.)

Each PDF is read as ``refmanager extract FILE`` reads it (``service.extract.extract_pdf``,
fields parsed) in a worker process that reads one PDF after another; a PDF whose extract
takes longer than ``--timeout`` seconds of wall time is a timeout (a worker that does not
answer at all is killed and replaced), one whose worker dies or runs out of ``--memory``
MB is a crash, and so is any error but
``InputError`` (a file a user must fix: encrypted, damaged, no text layer), which is a
refusal. For every PDF that gave no references, all its pages are read again to see
whether one prints a bibliography heading; those are listed with the reason ``extract``
gave. Prints the counts, the 20 slowest PDFs (CPU seconds in the worker) and that list.

``--from`` adds the PDFs named in a file, one a line. The PDFs are taken in sorted
order; ``--offset K --limit N`` reads the N after the first K, so a long sweep can run in
chunks (the ``--json`` outcomes of chunks are printed together by ``--report a.json
b.json ...``). ``--rows`` writes every PDF's rows as ``benchmarks.list_diff dump`` writes
them, so that two sweeps can be compared by ``list_diff diff`` without reading the PDFs
again. The heading search reads all pages (within the document's time budget).

(2026-12-06, later: also texlive-latex-extra-doc, -latex-base-doc, -pictures-doc,
-pstricks-doc, -metapost-doc and -fonts-extra-doc: 6,571 PDFs in all.)

(2026-12-07, thirteenth session: the r-bioc-* packages, Bioconductor's vignettes, 66 of
the 166 downloaded ship PDFs (the large annotation data packages left out); 25 more
r-cran packages' vignettes; GAP's manuals (gap-doc and 33 gap-* packages); pari-doc,
r-doc-pdf, asymptote-doc, normaliz-doc, abinit-doc; and the manuals of phyml, mrbayes-doc,
infernal-doc, jmodeltest, tree-puzzle-doc, mummer-doc, glpk-doc, gnuplot-doc, pspp,
gretl-doc and velvet: 288 PDFs.)

(2026-12-07, fifteenth session: TeX Live's -lang-english, -lang-greek, -lang-japanese,
-lang-korean, -lang-arabic, -lang-cjk, -music, -games, -formats-extra, -extra-utils and
-fonts-recommended-doc (1,206 PDFs); the manuals of freefem, why3, camlidl, gri, siscone,
tachyon, yorick, nauty, 4ti2, yosys, sbcl, flint, SuiteSparse, code_saturne, auto-07p,
prover9 and C++ Annotations, reportlab's user guide, and the vignettes of r-cran-expint,
-sparsem, -registry and -ucminf (with 15 more r-cran packages that ship none): 1,248 PDFs.)

(2026-12-07, sixteenth session, sweep9: the vignettes of 143 more r-cran packages (of the
some 900 not swept before, every one downloaded; the others ship none), survival, rpart,
HSAUR3, metafor, surveillance, brms, psychTools, laeken and Epi among them; the manuals of
Surface Evolver, FORM, giac, ifeffit, LinuxCNC (German, French and Spanish), netgen,
pyxplot, Raster3D, rheolef, sagetex, sollya, therion, tipa, yacas and CSDP: 391 PDFs. Then
LilyPond's manuals in English, Catalan, German, Spanish, French, Hungarian, Italian, Dutch
and Portuguese (lilypond-doc-pdf and its -ca ... -pt), erlang-doc, live-manual-pdf,
auto-multiple-choice-doc-pdf and ghostscript-doc: 139 PDFs.)

(2026-12-07, seventeenth session, sweep10: ConTeXt's manuals and its modules' (context,
context-modules: 297 PDFs, in English, Dutch, German, Czech, French, Italian, Romanian and
Chinese); SML/NJ's manuals and papers (smlnj-doc), GNU Prolog's, gpsim's, gputils's,
PETSc's, GROMACS's, valgrind's, CMUCL's, CLISP's, mpich's, flex's, GLE's, m17n's, kannel's,
muttprint's and xfig's manuals; graphviz-doc's guides and man pages, xorg-docs, groff's
documents, fonts-cwtex-docs; the Debian FAQ, developers' reference, new maintainers' guide,
history, policy, handbook and reference card in their languages (debian-faq-*,
developers-reference-*, maint-guide-*, debian-history, debian-policy, debian-handbook,
debian-refcard), the Ubuntu packaging guide in six languages; octave-arduino, -biosig,
-octclip, -octproj, -optics, -quaternion, -vrml and -zeromq; Rsubread's, dslabs's and
plotly's PDFs (r-bioc-rsubread, r-cran-dslabs, r-cran-plotly): 547 PDFs. Of the 119 more
packages downloaded with them (acl2-doc, cpl-plugin-*-doc, 60 octave-* packages, r-other-*,
scilab-doc-ja, swi-prolog-doc, ...), none ships a PDF.)

(2026-12-07, eighteenth session, sweep11: 480 PDFs of 140 packages never swept, TeX Live's
documentation having been swept whole: the scientific and programming manuals and papers
of axiom-doc, bacula-doc, chezscheme-doc, clips-doc, dynare-doc, elastix-doc, fastlink-doc,
festival-doc, gcl-doc, genometools-doc, geotranz-doc, hol88-doc, lammps-doc, liggghts-doc,
libatlas-doc, libcdd-doc, libgraphblas-doc, libigraph-doc, libmpfi-doc, libmpfr-doc,
libppl-doc, libstarlink-ast-doc, libstarlink-pal-doc, maxima-doc, mcl-doc, menhir-doc,
mit-scheme-doc, ngspice-doc, ns2-doc, oaklisp-doc, openafs-doc, quantum-espresso-data,
rtklib-doc, sasview-doc, scheme48-doc, sdpb-doc, simbody-doc, slepc3.18-doc, spooles-doc,
stopt-doc, toulbar2-doc, wannier90-data, weka-doc and some 55 more; texlive-font-utils;
the Debian Edu manuals (debian-edu-doc-* and -legacy-*, 15 languages), the Debian
Reference in 11 languages, debmake-doc, the eyes17 manuals in four and expeyes' in two.
146 of the PDFs were made here by Ghostscript's ps2pdf from the PostScript the packages ship
(fastlink-doc's papers, festival-doc, hol88-doc, mcl-doc, spooles-doc's reports,
quantum-espresso-data, libppl-doc's print manual, ...). Of the 262 packages downloaded,
texlive-base and texlive-binaries (their PDFs read in /usr/share/doc by the first sweep)
and sagemath-doc (777 PDFs, its reference's plots) were left out; the 119 others ship
none.)
"""

from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import re
import resource
import sys
import time
import traceback
from collections import Counter
from dataclasses import asdict, dataclass, field
from multiprocessing.connection import Connection
from pathlib import Path


@dataclass(slots=True)
class Outcome:
    """What one PDF gave."""

    path: str
    status: str  # refs, none, refused, crash, timeout
    references: int = 0
    cpu: float = 0.0
    wall: float = 0.0
    pages: int = 0
    notes: list[str] = field(default_factory=list)
    heading: str = ""  # a bibliography heading printed in a PDF that gave none
    rows: list[str] = field(default_factory=list)  # the rows' raw text


def _heading_in(path: str) -> str:
    """The first line of the PDF that reads as a bibliography heading ("" if none)."""
    from refmanager.pdf.headings import is_heading
    from refmanager.pdf.layout import body_size
    from refmanager.pdf.pages import open_pages

    with open_pages(path, None) as pages:
        for number in range(1, pages.count + 1):
            if pages.out_of_time(number):
                break
            lines = pages.get(number)
            body = body_size(lines)
            for ln in lines:
                if is_heading(ln, body):
                    return f"page {number}: {ln.text.strip()}"
    return ""


def _read(path: str) -> Outcome:
    from refmanager.model import InputError
    from refmanager.service.extract import extract_pdf

    cpu, wall = time.process_time(), time.perf_counter()
    try:
        result = extract_pdf(path)
    except InputError as exc:
        return Outcome(path, "refused", notes=[str(exc)])
    except Exception as exc:  # the sweep counts crashes instead of stopping at one
        where = traceback.extract_tb(exc.__traceback__)[-1]
        why = f"{type(exc).__name__}: {exc} ({Path(where.filename).name}:{where.lineno})"
        return Outcome(path, "crash", notes=[why[:300]])
    found = sum(1 for r in result.references if not r.fragment)
    out = Outcome(
        path,
        "refs" if found else "none",
        references=found,
        cpu=time.process_time() - cpu,
        wall=time.perf_counter() - wall,
        pages=result.meta.page_count,
        notes=list(result.notes),
        rows=[r.raw for r in result.references if not r.fragment],
    )
    if not found:
        try:
            out.heading = _heading_in(path)
        except Exception as exc:  # the heading search is the benchmark's own, best effort
            out.heading = f"(pages could not be read again: {type(exc).__name__})"
    return out


def _serve(conn: Connection, memory_mb: int) -> None:
    limit = memory_mb * 1024 * 1024
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    while True:
        path = conn.recv()
        if path is None:
            return
        try:
            got = _read(path)
        except MemoryError:
            got = Outcome(path, "crash", notes=["out of memory"])
        conn.send(asdict(got))
        if "MemoryError" in got.heading or got.notes == ["out of memory"]:
            return  # a process that ran out of memory is replaced, not trusted again


class _Worker:
    def __init__(self, memory_mb: int) -> None:
        self.memory_mb = memory_mb
        self.conn, theirs = mp.Pipe()
        self.proc = mp.get_context("fork").Process(
            target=_serve, args=(theirs, memory_mb), daemon=True
        )
        self.proc.start()

    def read(self, path: str, timeout: float) -> Outcome:
        start = time.perf_counter()
        self.conn.send(path)
        try:
            # The extract's own time is judged in the worker; the heading search after a
            # PDF that gave none may take as long again.
            if not self.conn.poll(2 * timeout + 10):
                self.stop()
                return Outcome(path, "timeout", wall=time.perf_counter() - start)
            got = Outcome(**self.conn.recv())
            if got.wall > timeout:
                got.status, got.notes = "timeout", [f"{got.wall:.0f} s", *got.notes]
            return got
        except (EOFError, ConnectionError):
            self.stop()
            code = self.proc.exitcode
            return Outcome(path, "crash", notes=[f"the worker died (exit code {code})"])

    def stop(self) -> None:
        if self.proc.is_alive():
            self.proc.kill()
        self.proc.join()


def sweep(pdfs: list[Path], timeout: float, memory_mb: int) -> list[Outcome]:
    out: list[Outcome] = []
    worker = _Worker(memory_mb)
    try:
        for i, pdf in enumerate(pdfs, 1):
            got = worker.read(str(pdf), timeout)
            # A worker that crashed, timed out or ran out of memory is replaced.
            if got.status in ("crash", "timeout") or "MemoryError" in got.heading:
                worker.stop()
            if not worker.proc.is_alive():
                worker = _Worker(memory_mb)
            out.append(got)
            if i % 100 == 0:
                print(f"... {i} of {len(pdfs)}", file=sys.stderr, flush=True)
    finally:
        if worker.proc.is_alive():
            worker.conn.send(None)
        worker.stop()
    return out


def refusal(outcome: Outcome) -> str:
    """Why ``outcome`` was refused, without its file's name and its pages' numbers."""
    why = outcome.notes[0] if outcome.notes else ""
    why = why.removeprefix(f"{outcome.path}: ")
    return re.sub(r"\bpages? \d+(?:-\d+)?", "page N", why)


def report(outcomes: list[Outcome]) -> None:
    counts = {s: sum(1 for o in outcomes if o.status == s) for s in
              ("refs", "none", "refused", "crash", "timeout")}  # fmt: skip
    read = [o for o in outcomes if o.status in ("refs", "none")]
    cpu = sum(o.cpu for o in read)
    print(f"PDFs {len(outcomes)}: " + ", ".join(f"{k} {v}" for k, v in counts.items()))
    if read:
        print(f"CPU in the worker: {cpu:.1f} s for {len(read)} PDFs read "
              f"({len(read) / max(cpu, 1e-9):.2f} PDFs/s per core)")  # fmt: skip
    for status in ("crash", "timeout"):
        for o in outcomes:
            if o.status == status:
                print(f"{status}: {o.path}: {'; '.join(o.notes)}")
    refused = Counter(refusal(o) for o in outcomes if o.status == "refused")
    if refused:
        # A reason that stands for an error of the reader's own ("the page's description is
        # damaged" is any Python error on a page) shows here, though counted no crash.
        print("\nrefusals by reason:")
        for why, n in refused.most_common():
            print(f"  {n:5d}  {why}")
    print("\n20 slowest (CPU s, pages, references):")
    for o in sorted(read, key=lambda o: -o.cpu)[:20]:
        print(f"  {o.cpu:7.2f} {o.pages:5d} {o.references:5d}  {o.path}")
    headed = [o for o in outcomes if o.status == "none" and o.heading]
    print(f"\nno references, but a bibliography heading is printed: {len(headed)}")
    for o in headed:
        why = next(
            (n for n in o.notes if n.startswith("no bibliography found")), "; ".join(o.notes)
        )
        print(f"  {o.path}\n      heading {o.heading!r}\n      {why}")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("folders", type=Path, nargs="*")
    ap.add_argument("--from", dest="listing", type=Path, help="a file of PDF paths, one a line")
    ap.add_argument("--timeout", type=float, default=60.0, help="seconds per PDF (wall)")
    ap.add_argument("--memory", type=int, default=2048, help="MB the worker may use")
    ap.add_argument("--offset", type=int, default=0, help="skip the first K PDFs")
    ap.add_argument("--limit", type=int, default=0, help="read only N PDFs")
    ap.add_argument("--json", type=Path, help="write every PDF's outcome here")
    ap.add_argument("--rows", type=Path, help="write every PDF's rows (list_diff's dump)")
    ap.add_argument(
        "--report", action="store_true", help="the arguments are --json files: print them"
    )
    args = ap.parse_args()
    if args.report:
        report([Outcome(**o) for f in args.folders for o in json.loads(f.read_text())])
        return 0
    found = {p for folder in args.folders for p in folder.rglob("*.pdf") if p.is_file()}
    if args.listing is not None:
        found |= {Path(p) for p in args.listing.read_text().split("\n") if p.strip()}
    pdfs = sorted(found)
    pdfs = pdfs[args.offset :]
    if args.limit:
        pdfs = pdfs[: args.limit]
    if not pdfs:
        print("no PDFs found", file=sys.stderr)
        return 1
    outcomes = sweep(pdfs, args.timeout, args.memory)
    if args.json is not None:
        args.json.write_text(json.dumps([asdict(o) for o in outcomes], indent=1))
    if args.rows is not None:
        with args.rows.open("w", encoding="utf-8") as fh:
            for o in outcomes:
                record: dict[str, object] = {"path": o.path, "rows": o.rows}
                if o.status in ("refused", "crash", "timeout"):
                    record = {"path": o.path, "error": o.status}
                fh.write(json.dumps(record, ensure_ascii=False) + "\n")
    report(outcomes)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
