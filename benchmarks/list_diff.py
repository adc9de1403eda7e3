"""What a change does to the lists ``extract`` reads from many real PDFs, row by row.

    .venv/bin/python -m benchmarks.list_diff dump PDF_OR_FOLDER... --out before.jsonl
    (change the code)
    .venv/bin/python -m benchmarks.list_diff dump PDF_OR_FOLDER... --out after.jsonl
    .venv/bin/python -m benchmarks.list_diff diff before.jsonl after.jsonl

``dump`` writes, for every PDF, the rows ``extract`` gives (``service.extract.extract_pdf``:
fields parsed, what does not read as a reference left out), one JSON line per PDF; a PDF
that is refused or fails is written with its error. ``diff`` prints every PDF whose rows
differ, with the rows gone (-) and new (+), then the totals: what to read, and judge,
before a change to the list's locating, ending or reference-ness lands (for instance over
the PDFs ``benchmarks.sweep`` found references in: pass their paths in a file with
``--from``).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path


def _pdfs(paths: list[Path]) -> list[Path]:
    return sorted({p for path in paths for p in (path.rglob("*.pdf") if path.is_dir() else [path])})


def dump(paths: list[Path], out: Path) -> None:
    from refmanager.service.extract import extract_pdf

    with out.open("w", encoding="utf-8") as fh:
        for pdf in _pdfs(paths):
            try:
                rows = [r.raw for r in extract_pdf(pdf).references if not r.fragment]
                record: dict[str, object] = {"path": str(pdf), "rows": rows}
            except Exception as exc:  # a refusal or a crash is benchmarks.sweep's to count
                record = {"path": str(pdf), "error": type(exc).__name__}
            fh.write(json.dumps(record, ensure_ascii=False) + "\n")
            fh.flush()


def _read(path: Path) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip():
            record = json.loads(line)
            out[record["path"]] = list(record.get("rows", []))
    return out


def diff(before: Path, after: Path, width: int = 140) -> None:
    a, b = _read(before), _read(after)
    changed = gone = new = 0
    for path in sorted(a.keys() | b.keys()):
        old, now = a.get(path, []), b.get(path, [])
        if old == now:
            continue
        changed += 1
        print(f"== {len(old)} -> {len(now)}  {path}")
        kept_now, kept_old = set(now), set(old)
        for row in old:
            if row not in kept_now:
                gone += 1
                print(f"   - {row[:width]}")
        for row in now:
            if row not in kept_old:
                new += 1
                print(f"   + {row[:width]}")
    total_a = sum(map(len, a.values()))
    total_b = sum(map(len, b.values()))
    print(f"PDFs {len(a.keys() | b.keys())}: rows {total_a} -> {total_b}; "
          f"{changed} PDFs differ, {gone} rows gone, {new} rows new")  # fmt: skip


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="command", required=True)
    d = sub.add_parser("dump", help="write every PDF's rows")
    d.add_argument("paths", type=Path, nargs="*")
    d.add_argument("--from", dest="listing", type=Path, help="a file of PDF paths, one a line")
    d.add_argument("--out", type=Path, required=True)
    c = sub.add_parser("diff", help="compare two dumps")
    c.add_argument("before", type=Path)
    c.add_argument("after", type=Path)
    args = ap.parse_args()
    if args.command == "diff":
        diff(args.before, args.after)
        return 0
    paths = list(args.paths)
    if args.listing is not None:
        paths += [Path(p) for p in args.listing.read_text().split("\n") if p.strip()]
    if not paths:
        print("no PDFs given", file=sys.stderr)
        return 1
    dump(paths, args.out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
