"""Peak memory of importing, then exporting to RIS, one entry holding a huge field.

Usage: .venv/bin/python benchmarks/huge_field.py [MB] [--format bibtex|ris|csl-json] [--whole]
Each step runs in a fresh process (``python -c``) so its peak resident memory is its own.
Issue 13 (item 11): a 50 MB field took 970 MB to import and 800 MB to export to RIS.
The field is cut to ``model.limits.MAX_FIELD_CHARS`` on import, with a message.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent

_STEP = r"""
import resource, sys, time
sys.path.insert(0, {repo!r})
from refmanager.service.exchange import export, import_file
from refmanager.service.opening import open_library
start = time.perf_counter()
with open_library({lib!r}) as lib:
    if {step!r} == "store":  # straight into the library, past the readers' limit
        from refmanager.model import Reference
        body = open({src!r}, encoding="utf-8").read()
        fields = {{"title": "Huge", "abstract": body}}
        lib.references.add_references([Reference(type="article-journal", fields=fields)])
        del body, fields
        note = "stored whole, past the readers' limit"
    elif {step!r} == "import":
        summary = import_file(lib, {src!r})
        note = "; ".join(summary.messages())[:160]
    else:
        export(lib, "ris", {out!r})
        note = ""
took = time.perf_counter() - start
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
print(f"{{peak:.0f}} {{took:.2f}} {{note}}")
"""

_BASELINE = r"""
import resource, sys
sys.path.insert(0, {repo!r})
import refmanager.service.exchange, refmanager.service.opening
print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024)
"""


def write_source(path: Path, fmt: str, size: int) -> None:
    body = ("lorem ipsum dolor sit amet " * (size // 27 + 1))[:size]
    with path.open("w", encoding="utf-8") as out:
        if fmt == "bibtex":
            out.write("@article{huge,\n  title = {A huge abstract},\n  year = {2020},\n")
            out.write("  abstract = {")
            out.write(body)
            out.write("}\n}\n")
        elif fmt == "ris":
            out.write("TY  - JOUR\nTI  - A huge abstract\nPY  - 2020\nAB  - ")
            out.write(body)
            out.write("\nER  - \n")
        else:
            json.dump(
                [{"type": "article-journal", "title": "A huge abstract", "abstract": body}], out
            )


def run(code: str) -> str:
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    if done.returncode:
        raise SystemExit(done.stderr)
    return done.stdout.strip()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("mb", nargs="?", type=int, default=50)
    parser.add_argument("--format", default="bibtex", choices=("bibtex", "ris", "csl-json"))
    parser.add_argument(
        "--whole",
        action="store_true",
        help="store the field whole (past the readers' limit) to measure the RIS export of it",
    )
    args = parser.parse_args()
    suffix = {"bibtex": ".bib", "ris": ".ris", "csl-json": ".json"}[args.format]
    with tempfile.TemporaryDirectory(
        dir="/work/corpus-cache" if Path("/work/corpus-cache").is_dir() else None
    ) as tmp:
        src = Path(tmp) / f"huge{suffix}"
        if args.whole:
            src = Path(tmp) / "body.txt"
            src.write_text(
                ("lorem ipsum dolor sit amet " * (args.mb * 1024 * 1024 // 27 + 1))[
                    : args.mb * 1024 * 1024
                ],
                encoding="utf-8",
            )
        else:
            write_source(src, args.format, args.mb * 1024 * 1024)
        lib = str(Path(tmp) / "lib")
        base = float(run(_BASELINE.format(repo=str(REPO))))
        print(f"{args.mb} MB field in {args.format}; interpreter + refmanager alone: {base:.0f} MB")
        for step in ("store" if args.whole else "import", "export"):
            code = _STEP.format(
                repo=str(REPO), lib=lib, step=step, src=str(src), out=str(Path(tmp) / "out.ris")
            )
            peak, took, *note = run(code).split(" ", 2)
            print(f"{step:>6}: peak {peak} MB, {took} s {' '.join(note)}")


if __name__ == "__main__":
    main()
