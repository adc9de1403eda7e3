"""Fuzz every importer, the exporters and the parser for a while (issue 26).

Usage: .venv/bin/python benchmarks/fuzz.py [--minutes 10] [--seed 1] [--out DIR]

Inputs are made by mutating a seed corpus (the test files of ``tests/formats/data`` and
the exports of a few references) with what broke readers before: control characters,
braces, backslashes, huge numbers, markup, BibTeX and RIS syntax, repeats, cuts and
splices. Each input goes, in a worker process, through what ``tests.fuzzing`` checks:

- ``bibtex``, ``ris``, ``csl-json``, ``csv``: the text read (data or an InputError); what
  it gives written in every format and read back (each reference there), and stored in a
  library and exported from it;
- ``parse``: the text's lines through the field parser.

Any other exception is an internal error; an input that takes longer than ``--timeout``
seconds is a hang (its worker is killed and started again). Both are written to ``--out``
with their input. Printed: inputs, input errors (refused with a message), internal errors
and hangs, per target.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import random
import sys
import tempfile
import time
import traceback
from collections import Counter
from multiprocessing.connection import Connection
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

REPO = Path(__file__).resolve().parent.parent
TARGETS = ("bibtex", "ris", "csl-json", "csv", "parse")
TOKENS = [
    "\x00", "\x01", "\x1b", "\x7f", "\x85", "\u2028", "\ufeff", "\u202e", "\ud7ff", "{", "}",
    "{{", "}}", "\\", '"', "@", "#", "%", "=", ",", ";", " and ", " others", "~", "$", "^",
    "family=Ruiter, given=Jan, prefix=de, useprefix=true", "1e23", "99999999999999999999",
    "-1", "0", "10000", "1999a", "<img src='file:///x'>", "<b>", "</i>", "中文标题", "ß", "é",
    "\r\n", "\n", "\r", "\t", "@string{a = {b}}", "@comment{", "@preamble{", "\\'e",
    "\\url{", "$x^2$", "--", "ER  - ", "TY  - JOUR", "AU  - ", "PY  - ", "[", "]", "null",
    "true", '{"date-parts": [[1e23]]}', '"id": ', "\\\\", "\\noopsort{a}", "#{", "\x00\x00",
]  # fmt: skip


def seeds() -> dict[str, list[str]]:
    """Texts each target starts from."""
    from refmanager.formats import format_string
    from refmanager.model import Date, Name, Reference

    refs = []
    for i in range(3):
        ref = Reference(type=["article-journal", "book", "thesis"][i], issued=Date(2000 + i, 5))
        ref.author = [Name(family="Müller", given="Jörg"), Name(literal="World Health Org")]
        ref.set("title", f"Emergence of {{DNA}} & RNA: part {i}")
        ref.set("container-title", "Proc. of the 2020 Conf.")
        ref.set("DOI", f"10.1000/x_{i}")
        ref.set("page", "1-9")
        refs.append(ref)
    data = REPO / "tests" / "formats" / "data"
    by_suffix = {".bib": "bibtex", ".ris": "ris", ".json": "csl-json"}
    out: dict[str, list[str]] = {t: [] for t in TARGETS}
    for path in sorted(data.iterdir()):
        fmt = by_suffix.get(path.suffix)
        if fmt and path.stat().st_size < 200_000:
            out[fmt].append(path.read_text(encoding="utf-8", errors="replace"))
    for fmt in ("bibtex", "ris", "csl-json", "csv"):
        out[fmt].append(format_string(fmt, refs))
    out["bibtex"].append(format_string("biblatex", refs))
    out["parse"] = [
        "[1] A. Vaswani, N. Shazeer. Attention is all you need. In NeurIPS, 2017, pp. 5998-6008.",
        "Smith J, Wang L (2020) Deep nets. Nature 581(7):1-9. doi:10.1038/x",
        "[7] Hochreiter S, Schmidhuber J. Long short-term memory. Neural Computation, 1997.",
    ]
    return out


def mutate(rng: random.Random, text: str, corpus: list[str]) -> str:
    """``text`` with a few random changes."""
    for _ in range(rng.randint(1, 8)):
        n = len(text)
        pos = rng.randint(0, n)
        kind = rng.random()
        if kind < 0.35:
            text = text[:pos] + rng.choice(TOKENS) + text[pos:]
        elif kind < 0.5 and n:
            end = min(n, pos + rng.randint(1, 40))
            text = text[:pos] + text[end:]
        elif kind < 0.6 and n:
            end = min(n, pos + rng.randint(1, 200))
            text = text[:pos] + text[pos:end] * rng.randint(2, 50) + text[end:]
        elif kind < 0.7:
            other = rng.choice(corpus)
            start = rng.randint(0, len(other))
            text = text[:pos] + other[start : start + rng.randint(1, 300)] + text[pos:]
        elif kind < 0.8 and n:
            text = text[:pos] + chr(rng.choice([rng.randint(0, 0x2FF), rng.randint(0, 0xFFFF)]))
            text = text.replace("\ud800", "") + ""
        elif kind < 0.9:
            text = text[:pos] + rng.choice(TOKENS) * rng.randint(2, 2000) + text[pos:]
        else:
            text = text[:pos]
    return "".join(c for c in text if not 0xD800 <= ord(c) <= 0xDFFF)


_VALUES: list[object] = [
    None, True, 0, -1, 10**23, 1e23, -1e300, 2.5, "", [], {}, [[1e23]], {"raw": "99999999999"},
    {"date-parts": [["x", None, 1e9]]}, {"literal": "\x00"}, [{"family": "\x00"}],
    [{"literal": "<b>x</b>"}], "\x00\x00", "journal-article", "thesis", [None, 3, "a"],
]  # fmt: skip
_KEYS = [
    "id", "type", "title", "author", "editor", "issued", "accessed", "citation-key",
    "container-title", "DOI", "page", "note", "file", "_raw", "_tokens", "_location",
]  # fmt: skip


def mutate_json(rng: random.Random, text: str) -> str:
    """A CSL-JSON text with values (not its syntax) changed: an array of items whose
    fields hold the wrong shapes, huge numbers, control characters."""
    try:
        items = json.loads(text)
    except ValueError:
        items = []
    if not isinstance(items, list):
        items = [items]
    for _ in range(rng.randint(1, 6)):
        if not items or rng.random() < 0.2:
            items.append({})
        item = rng.choice(items)
        if not isinstance(item, dict):
            continue
        key = rng.choice(_KEYS)
        kind = rng.random()
        if kind < 0.5:
            item[key] = rng.choice(_VALUES)
        elif kind < 0.8:
            item[key] = rng.choice(TOKENS) * rng.randint(1, 3) + str(item.get(key, ""))[:50]
        else:
            item.pop(key, None)
    return json.dumps(items, ensure_ascii=rng.random() < 0.5)


def _work(target: str, text: str, folder: Path) -> str:
    """Run one input; "ok" or "input-error" (any other exception is raised)."""
    from refmanager.model import InputError
    from tests.fuzzing import parsed, read_checked, round_trip, stored

    try:
        if target == "parse":
            parsed(text)
            return "ok"
        refs = read_checked(text, target)
        if not refs:
            return "input-error"
        round_trip(refs)
        library = folder / "lib"
        stored(refs, library)
        return "ok"
    except InputError:
        return "input-error"


def worker(conn: Connection) -> None:
    import shutil

    while True:
        job = conn.recv()
        if job is None:
            return
        target, text = job
        folder = Path(tempfile.mkdtemp(prefix="refmanager-fuzz-"))
        try:
            conn.send(("done", _work(target, text, folder)))
        except Exception:
            conn.send(("internal", traceback.format_exc(limit=8)))
        finally:
            shutil.rmtree(folder, ignore_errors=True)


class Worker:
    def __init__(self, ctx: mp.context.SpawnContext) -> None:
        self.ctx = ctx
        self.start()

    def start(self) -> None:
        self.conn, child = self.ctx.Pipe()
        self.process = self.ctx.Process(target=worker, args=(child,), daemon=True)
        self.process.start()

    def run(self, target: str, text: str, timeout: float) -> tuple[str, str]:
        self.conn.send((target, text))
        if not self.conn.poll(timeout):
            self.process.kill()
            self.process.join()
            self.start()
            return "hang", ""
        try:
            kind, detail = self.conn.recv()
        except EOFError:  # the worker died (a crash in native code)
            self.process.join()
            code = self.process.exitcode
            self.start()
            return "internal", f"worker died (exit {code})"
        return kind, detail

    def stop(self) -> None:
        self.conn.send(None)
        self.process.join(10)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=10.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--timeout", type=float, default=30.0, help="seconds before a hang")
    parser.add_argument("--out", type=Path, default=Path(tempfile.gettempdir()) / "fuzz-found")
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    corpus = seeds()
    everything = [t for texts in corpus.values() for t in texts]
    counts: dict[str, Counter[str]] = {t: Counter() for t in TARGETS}
    found = 0
    ctx = mp.get_context("spawn")
    pool = Worker(ctx)
    start = time.monotonic()
    end = start + args.minutes * 60
    slowest = 0.0
    try:
        while time.monotonic() < end:
            target = rng.choice(TARGETS)
            seed_text = rng.choice(corpus[target])
            if target == "csl-json" and rng.random() < 0.6:
                text = mutate_json(rng, seed_text)
            else:
                text = mutate(rng, seed_text, everything)
            began = time.monotonic()
            kind, detail = pool.run(target, text, args.timeout)
            slowest = max(slowest, time.monotonic() - began)
            if kind == "done":
                counts[target][detail] += 1
                continue
            counts[target][kind] += 1
            found += 1
            args.out.mkdir(parents=True, exist_ok=True)
            stem = args.out / f"{kind}-{target}-{found}"
            stem.with_suffix(".txt").write_text(text, encoding="utf-8")
            stem.with_suffix(".log").write_text(detail, encoding="utf-8")
            print(f"{kind} in {target}: {stem}.txt", flush=True)
    finally:
        pool.stop()
    minutes = (time.monotonic() - start) / 60
    print(f"fuzzed for {minutes:.1f} min (seed {args.seed}), slowest input {slowest:.1f} s")
    print(f"{'target':<10} {'inputs':>8} {'read':>8} {'refused':>8} {'internal':>9} {'hangs':>6}")
    total: Counter[str] = Counter()
    for target in TARGETS:
        c = counts[target]
        n = sum(c.values())
        total.update(c)
        print(
            f"{target:<10} {n:>8} {c['ok']:>8} {c['input-error']:>8} {c['internal']:>9}"
            f" {c['hang']:>6}"
        )
    n = sum(total.values())
    print(
        f"{'all':<10} {n:>8} {total['ok']:>8} {total['input-error']:>8}"
        f" {total['internal']:>9} {total['hang']:>6}"
    )
    return 1 if total["internal"] or total["hang"] else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
